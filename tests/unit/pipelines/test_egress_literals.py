"""The known-literal scanner of the egress filter (pipelines.egress.literals)."""

from __future__ import annotations

import pytest

from pipelines.canon import fold_text
from pipelines.egress.literals import LiteralScanner, caseless


def _hits(values: list[str], raw: str) -> list[tuple[int, int, str]]:
    """Every ``(start, end, label)`` (view offsets) the scanner settles over the view of
    ``raw`` at end of stream."""
    scanner = LiteralScanner([(value, "PERSON") for value in values], rank=1)
    text, low = fold_text(raw), caseless(raw)
    found: list[tuple[int, int, str]] = []
    pos = 0
    while pos < len(text):
        at, _open = scanner.scan(text, low, pos, True)
        if at >= len(text):
            break
        matches = scanner.matches_at(text, low, at)
        end, label = max(matches)
        found.append((at, end, label))
        pos = end
    return found


@pytest.mark.parametrize(
    ("values", "text", "spans"),
    [
        (["Sarah Chen"], "SARAH CHEN and sarah\nchen", [(0, 10), (15, 25)]),
        (["ipek"], "\u0130PEK and \u0130pek", [(0, 4), (9, 13)]),
        (["\u0130pek"], "ipek", [(0, 4)]),
        (["Νίκος"], "ΝΊΚΟΣ, νίκοσ", [(0, 5), (7, 12)]),
        (["Zorblax"], "Ｚｏｒｂｌａｘ said", [(0, 7)]),
        (["ann@x.org"], "ａｎｎ＠ｘ．ｏｒｇ", [(0, 9)]),
        (["Ann"], "Annual Ann_ xAnn Ａｎｎｕ", []),
        (["Ann"], "Ann\u0301 Ann\u200b!", [(0, 3), (4, 7)]),  # dropped marks, invisibles
        (["Ann"], "张Ann说 Ann。", [(1, 4), (6, 9)]),
        (["Ann Lee"], "Ann  Lee, Ann\u00a0\tLee", [(0, 7), (9, 16)]),  # whitespace runs
        (["Ann Lee"], "\u0410nn Lee", [(0, 7)]),  # a Cyrillic capital A
        (["Νίκος"], "ΝΙΚΟΣ", [(0, 5)]),  # case first, then confusables
        (["Straße"], "STRASSE", [(0, 7)]),  # the fold spells ß as ss
    ],
    ids=lambda value: ascii(value)[:24],
)
def test_literal_rows(values: list[str], text: str, spans: list[tuple[int, int]]) -> None:
    """Positive and negative rows: fold-equal spellings at word edges only."""
    assert [(start, end) for start, end, _ in _hits(values, text)] == spans


def test_blank_and_duplicate_values_are_dropped() -> None:
    """Whitespace-only values and fold-equal duplicates do not enter the automaton."""
    scanner = LiteralScanner([(" \n", "A"), ("Ann", "A"), ("ANN", "B"), ("Ａｎｎ", "C")], rank=0)
    assert scanner.size == 1
    assert scanner.matches_at("ann", caseless("ann"), 0) == [(3, "A")]


def test_an_open_tail_is_reported_until_the_stream_ends() -> None:
    """A tail that may still grow into a value is held (open), then settled at close."""
    scanner = LiteralScanner([("Sarah Chen", "PERSON")], rank=1)
    text = "hi SARAH Ch"
    assert scanner.scan(text, caseless(text), 0, False) == (3, True)
    assert scanner.scan(text, caseless(text), 0, True) == (len(text), False)
    assert scanner.open_label(caseless(text), 3) == "PERSON"
