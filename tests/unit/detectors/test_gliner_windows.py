"""Windowing of long texts for GLiNER and merging of window results (no torch needed).

The fake "model" here finds every gold span that lies wholly inside a window and, to
mimic a real model at a cut, also reports the truncated part of a span that crosses a
window edge.  Merging must return each gold span exactly once, with exact offsets.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from detectors.gliner_windows import (
    WORD_RE,
    Found,
    Window,
    merge_windows,
    plan_windows,
    word_bounds,
)


def _fake_model(
    text: str, windows: list[Window], gold: list[tuple[int, int, str]]
) -> list[list[Found]]:
    """Per window: gold spans inside it, plus the clipped part of spans crossing its edges."""
    out: list[list[Found]] = []
    for w in windows:
        words = word_bounds(text[w.start : w.end])
        found: list[Found] = []
        for start, end, label in gold:
            if w.start <= start and end <= w.end:
                found.append(Found(start - w.start, end - w.start, label, 0.9))
                continue
            inside = [(s + w.start, e + w.start) for s, e in words
                      if start <= s + w.start and e + w.start <= end]
            if inside:  # a truncated piece, as a model may see at a cut
                found.append(Found(inside[0][0] - w.start, inside[-1][1] - w.start, label, 0.95))
        out.append(found)
    return out


def _words(n: int) -> str:
    return " ".join(f"w{i}" for i in range(n))


def test_short_text_is_one_uncut_window() -> None:
    """A text within the window size is one window covering all of it, spaces included."""
    text = "  Anna lives in Berlin.  "
    assert plan_windows(text, 16, 4) == [Window(0, len(text), cut_left=False, cut_right=False)]


def test_empty_and_blank_texts_are_one_window() -> None:
    """Texts without words still map to exactly one window (the model returns nothing)."""
    assert plan_windows("", 16, 4) == [Window(0, 0, False, False)]
    assert plan_windows(" \n\t", 16, 4) == [Window(0, 3, False, False)]


def test_windows_overlap_by_the_configured_words_and_cover_everything() -> None:
    """Consecutive windows share exactly ``overlap`` words; every word is in a window."""
    text = _words(100)
    windows = plan_windows(text, 30, 10)
    words = word_bounds(text)
    assert windows[0].start == 0 and windows[-1].end == len(text)
    for left, right in itertools.pairwise(windows):
        shared = [w for w in words if right.start <= w[0] and w[1] <= left.end]
        assert len(shared) == 10
    for w in windows:
        assert len(word_bounds(text[w.start : w.end])) <= 30
    assert [w.cut_left for w in windows] == [False] + [True] * (len(windows) - 1)
    assert [w.cut_right for w in windows] == [True] * (len(windows) - 1) + [False]


def test_cuts_fall_on_word_boundaries_only() -> None:
    """Hyphenated words, umlauts and punctuation are never split by a cut."""
    text = " ".join(["Müller-Lüdenscheidt,", "Straße", "5.", "über-all"] * 30)
    for w in plan_windows(text, 17, 5):
        piece = text[w.start : w.end]
        assert [m.group() for m in WORD_RE.finditer(piece)] == [
            text[s:e] for s, e in word_bounds(text) if w.start <= s and e <= w.end
        ]


def test_entity_across_a_window_edge_is_found_once_with_exact_offsets() -> None:
    """A name straddling the first cut comes back once, from the window that saw it whole."""
    prefix = _words(28) + " "
    text = prefix + "Hans Peter Müller lives here. " + _words(40)
    start = len(prefix)
    gold = [(start, start + len("Hans Peter Müller"), "person")]
    windows = plan_windows(text, 30, 8)
    assert windows[0].end < gold[0][1] and windows[1].start <= gold[0][0]  # it straddles
    merged = merge_windows(windows, _fake_model(text, windows, gold))
    assert merged == [Found(gold[0][0], gold[0][1], "person", 0.9)]
    assert text[merged[0].start : merged[0].end] == "Hans Peter Müller"


def test_duplicate_findings_in_the_overlap_are_reported_once() -> None:
    """The same span seen by two windows is one finding, the higher score kept."""
    text = _words(50)
    windows = plan_windows(text, 30, 10)
    s, e = word_bounds(text)[25]
    per_window = [
        [Found(s - windows[0].start, e - windows[0].start, "person", 0.6)],
        [Found(s - windows[1].start, e - windows[1].start, "person", 0.8)],
    ]
    assert merge_windows(windows, per_window) == [Found(s, e, "person", 0.8)]


def test_overlapping_candidates_keep_higher_score_then_longer() -> None:
    """Conflicting overlapping spans resolve by score, then by length."""
    text = _words(50)
    windows = plan_windows(text, 30, 10)
    b = word_bounds(text)
    off = windows[1].start
    per_window = [
        [Found(b[24][0], b[25][1], "person", 0.7)],
        [Found(b[25][0] - off, b[26][1] - off, "organization", 0.7),
         Found(b[40][0] - off, b[40][1] - off, "location", 0.5)],
    ]
    merged = merge_windows(windows, per_window)
    assert merged == [Found(b[24][0], b[25][1], "person", 0.7), Found(b[40][0], b[40][1],
                                                                    "location", 0.5)]


@pytest.mark.parametrize(("window", "overlap"), [(0, 0), (10, 10), (10, -1), (10, 11)])
def test_invalid_window_sizes_are_rejected(window: int, overlap: int) -> None:
    """Window sizes that could not make progress are a programming error."""
    with pytest.raises(ValueError, match="window_words"):
        plan_windows("a b c", window, overlap)


def test_mismatched_findings_are_rejected() -> None:
    """One list of findings per window, no more and no less."""
    with pytest.raises(ValueError, match="per window"):
        merge_windows([Window(0, 1, False, False)], [])


_WORD = st.sampled_from(["a", "Bob", "Müller-Schmidt", "5", ",", "東京", "x_y", "—", "über", "42"])
_SEP = st.sampled_from([" ", "  ", "\n", "\t", " . "])


@st.composite
def _texts_with_entities(draw: st.DrawFn) -> tuple[str, list[tuple[int, int, str]], int, int]:
    window = draw(st.integers(8, 40))
    overlap = draw(st.integers(4, window // 2))
    parts: list[str] = [draw(st.sampled_from(["", " ", "\n "]))]
    gold: list[tuple[int, int, str]] = []
    length = len(parts[0])
    for _ in range(draw(st.integers(0, 80))):
        if draw(st.booleans()) and draw(st.integers(0, 4)) == 0:
            n = draw(st.integers(1, overlap))  # entities shorter than the overlap
            entity = " ".join(draw(_WORD) for _ in range(n))
            gold.append((length, length + len(entity), draw(st.sampled_from(["p", "o"]))))
            piece = entity
        else:
            piece = draw(_WORD)
        sep = draw(_SEP)
        parts.append(piece + sep)
        length += len(piece) + len(sep)
    return "".join(parts), gold, window, overlap


@settings(max_examples=100, deadline=None)
@given(_texts_with_entities())
def test_merge_returns_every_entity_exactly_once(
    case: tuple[str, list[tuple[int, int, str]], int, int],
) -> None:
    """Property: for any text and window size, merged spans equal the gold spans."""
    text, gold, window, overlap = case
    windows = plan_windows(text, window, overlap)
    merged = merge_windows(windows, _fake_model(text, windows, gold))
    assert [(f.start, f.end, f.label) for f in merged] == sorted(gold)
    for w in windows:
        assert 0 <= w.start <= w.end <= len(text)
    assert windows[0].start == 0 and windows[-1].end == len(text)
