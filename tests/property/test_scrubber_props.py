"""Properties of the scrubber's verification, windowing and answer parsing.

The oracles here are written from the rule in docs/scrubber.md, not from the product
code: a reported value counts exactly where a brute-force scan finds it verbatim,
starting and ending at a word edge, not touching a placeholder; every piece of a text
is a slice of it, the pieces cover it, and any short stretch lies whole in one piece;
an answer built from items parses back to the same items.
"""

from __future__ import annotations

import json
import re
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from detectors.llm_scrubber_answers import (
    MAX_VALUE_CHARS,
    Piece,
    Reported,
    batches,
    parse_answer,
    verify,
)

LABELS = frozenset({"PERSON", "EMAIL"})
_PLACEHOLDER = re.compile(r"\[[A-Z][A-Z0-9_]*_[1-9][0-9]*\]")
# ASCII only, so the oracle's word characters are simply letters, digits and "_".
_ALPHABET = "abcAB01_ .,-@["
_pieces = st.lists(st.one_of(st.text(_ALPHABET, max_size=12),
                             st.sampled_from(["[PERSON_1]", "[EMAIL_12]", "Ann", "Ann Lee"])),
                   max_size=8)
texts_strategy = st.lists(_pieces.map("".join), min_size=1, max_size=3)


def _word(ch: str) -> bool:
    return ch.isalnum() or ch == "_"


def _oracle_spans(text: str, value: str) -> list[tuple[int, int]]:
    blocked = [m.span() for m in _PLACEHOLDER.finditer(text)]
    spans: list[tuple[int, int]] = []
    i = 0
    while value and i + len(value) <= len(text):
        end = i + len(value)
        ok = (text[i:end] == value
              and not (i > 0 and _word(text[i - 1]) and _word(text[i]))
              and not (end < len(text) and _word(text[end - 1]) and _word(text[end]))
              and not any(low < end and i < high for low, high in blocked))
        if ok:
            spans.append((i, end))
            i = end
        else:
            i += 1
    return spans


@st.composite
def reports(draw: st.DrawFn) -> tuple[list[str], list[Reported]]:
    texts = draw(texts_strategy)
    items: list[Reported] = []
    for _ in range(draw(st.integers(0, 6))):
        index = draw(st.integers(0, len(texts) - 1))
        text = texts[index]
        if text and draw(st.booleans()):
            start = draw(st.integers(0, len(text) - 1))
            value = text[start:draw(st.integers(start + 1, len(text)))]
        else:
            value = draw(st.text(_ALPHABET, max_size=8))
        items.append(Reported(index, draw(st.sampled_from(["PERSON", "EMAIL", "PET"])), value))
    return texts, items


@settings(max_examples=300, deadline=None)
@given(reports())
def test_a_finding_counts_exactly_where_it_was_sent(case: tuple[list[str], list[Reported]]
                                                    ) -> None:
    """verify keeps what a brute-force scan finds verbatim, and counts every other item."""
    texts, items = case
    expected: dict[tuple[int, str], tuple[str, list[tuple[int, int]]]] = {}
    reasons: Counter[str] = Counter()
    for item in items:
        if (item.text_index, item.value) in expected:
            continue
        if item.label not in LABELS:
            reasons["label"] += 1
        elif not any(ch.isalnum() for ch in item.value) or len(item.value) > MAX_VALUE_CHARS:
            reasons["not_a_value"] += 1
        elif _PLACEHOLDER.search(item.value):
            reasons["placeholder"] += 1
        elif spans := _oracle_spans(texts[item.text_index], item.value):
            expected[(item.text_index, item.value)] = (item.label, spans)
        else:
            reasons["not_in_text"] += 1
    kept, discarded = verify(items, texts, LABELS)
    assert {(v.text_index, v.value): (v.label, list(v.spans)) for v in kept} == expected
    assert discarded == reasons
    for finding in kept:
        for start, end in finding.spans:
            assert texts[finding.text_index][start:end] == finding.value


@settings(max_examples=200, deadline=None)
@given(st.lists(st.text("ab [", max_size=2500), min_size=1, max_size=4),
       st.integers(500, 1200), st.data())
def test_pieces_are_slices_that_cover_each_text(texts: list[str], max_chars: int,
                                                data: st.DataObject) -> None:
    """Every piece is a slice of its text; a text's pieces cover it; short stretches fit."""
    calls = batches(texts, max_chars)
    assert all(sum(len(p.text) for p in call) <= max_chars for call in calls)
    by_text: dict[int, list[Piece]] = {}
    for piece in (p for call in calls for p in call):
        assert texts[piece.text_index][piece.offset:piece.offset + len(piece.text)] == piece.text
        by_text.setdefault(piece.text_index, []).append(piece)
    for index, text in enumerate(texts):
        if not any(ch.isalnum() for ch in _PLACEHOLDER.sub("", text)):
            assert index not in by_text
            continue
        pieces = by_text[index]
        covered: set[int] = set()
        for piece in pieces:
            covered.update(range(piece.offset, piece.offset + len(piece.text)))
        assert covered == set(range(len(text)))
        length = data.draw(st.integers(1, min(256, max_chars // 4)))
        if length <= len(text):
            start = data.draw(st.integers(0, len(text) - length))
            assert any(p.offset <= start and start + length <= p.offset + len(p.text)
                       for p in pieces)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 2), st.sampled_from(["PERSON", "X_1"]), st.text()),
                max_size=5), st.booleans())
def test_an_answer_parses_back_to_its_items(items: list[tuple[int, str, str]],
                                            fenced: bool) -> None:
    """An answer written from items (fenced or not) parses to those items."""
    pieces = [Piece(10, 0, "a"), Piece(11, 0, "b"), Piece(12, 0, "c")]
    content = json.dumps({"findings": [{"index": i, "value": v, "label": label}
                                       for i, label, v in items]})
    if fenced:
        content = f"```json\n{content}\n```"
    raw = json.dumps({"choices": [{"message": {"content": content}}]}).encode()
    assert parse_answer(raw, pieces) == [Reported(10 + i, label, v) for i, label, v in items]


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=300))
def test_any_bytes_parse_or_are_malformed(raw: bytes) -> None:
    """No response body makes parsing raise."""
    result = parse_answer(raw, [Piece(0, 0, "a")])
    assert result is None or isinstance(result, list)
