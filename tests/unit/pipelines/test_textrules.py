"""The shared text fold and word test (pipelines.textrules)."""

from __future__ import annotations

import sys

import pytest
import regex
from hypothesis import given, settings
from hypothesis import strategies as st

from pipelines.textrules import NOSPACE_SCRIPTS, fold, is_cut, is_word_char


@pytest.fixture(scope="module")
def folds() -> list[tuple[str, str]]:
    """Every code point but the surrogates, with its fold (computed once: ~1 s)."""
    chars = (chr(code) for code in range(sys.maxunicode + 1) if not 0xD800 <= code <= 0xDFFF)
    return [(char, fold(char)) for char in chars]


@pytest.mark.parametrize(
    ("text", "folded"),
    [
        ("Sarah CHEN", "sarah chen"),
        ("\u0130pek", "ipek"),
        ("ΟΔΥΣΣΕΥΣ", "οδυσσευσ"),
        ("οδυσσευς", "οδυσσευσ"),
        ("Ｚｏｒｂｌａｘ", "zorblax"),
        ("ａｎｎ＠ｘ．ｏｒｇ", "ann@x.org"),
        ("Ann\nLee\tX\r\u00a0\u3000\u2009Y", "ann lee x    y"),
        ("Straße", "straße"),
        ("ẞ", "ß"),
        ("ﬁn", "ﬁn"),
        ("Zoe\u0308", "zoe\u0308"),
        ("张伟，你好：", "张伟，你好："),
        ("", ""),
        ("\ud800x", "\ud800x"),
    ],
    ids=lambda value: ascii(value)[:24],
)
def test_fold_rows(text: str, folded: str) -> None:
    """Each row: what the fold makes of a text (and what it leaves alone)."""
    assert fold(text) == folded


def test_every_character_folds_to_exactly_one(folds: list[tuple[str, str]]) -> None:
    """Length-preserving for all of Unicode: offsets in the fold are offsets in the text."""
    assert [char for char, folded in folds if len(folded) != 1] == []


def test_every_whitespace_character_folds_to_a_space(folds: list[tuple[str, str]]) -> None:
    """The whitespace list in the module is complete and exact (str.isspace)."""
    assert {char for char, folded in folds if folded == " "} == {
        char for char, _ in folds if char.isspace()
    }


def test_folding_keeps_the_word_class_of_every_character(folds: list[tuple[str, str]]) -> None:
    """A value's edges judged on the text or on its fold are the same edges."""
    changed = [(char, folded) for char, folded in folds if folded != char]
    assert [c for c, f in changed if is_word_char(c) != is_word_char(f)] == []


@settings(max_examples=200, deadline=None)
@given(
    text=st.text(
        alphabet=st.one_of(st.characters(), st.sampled_from(list("İΣσςＡｚ０＠，\n\t\u3000 AZ"))),
        max_size=40,
    ),
    cut=st.integers(0, 40),
)
def test_fold_is_chunk_independent(text: str, cut: int) -> None:
    """Folding two pieces gives the fold of the whole: a chunk cut changes nothing."""
    assert fold(text[:cut]) + fold(text[cut:]) == fold(text)
    assert fold(fold(text)) == fold(text)


@pytest.mark.parametrize(
    ("char", "word"),
    [
        ("a", True),
        ("É", True),
        ("7", True),
        ("_", True),
        ("\u0301", True),
        ("Ａ", True),
        ("σ", True),
        ("张", False),
        ("さ", False),
        ("カ", False),
        ("ｱ", False),
        ("한", False),
        ("ก", False),
        (" ", False),
        ("-", False),
        ("，", False),
        ("😀", False),
    ],
)
def test_word_char_rows(char: str, word: bool) -> None:
    """Word characters of spaced scripts; scripts without spaces have none."""
    assert is_word_char(char) is word


@pytest.mark.parametrize(
    ("left", "right", "cut"),
    [("a", "b", False), ("a", " ", True), ("张", "a", True), ("a", "\u0301", False)],
)
def test_cut_rows(left: str, right: str, cut: bool) -> None:
    """A value may start or end only where not both neighbours are word characters."""
    assert is_cut(left, right) is cut


def test_nospace_scripts_compile_as_a_set_body() -> None:
    """The library builds regex classes from the same script list."""
    pattern = regex.compile(rf"[{NOSPACE_SCRIPTS}]", regex.VERSION1)
    assert pattern.match("张") and pattern.match("ก") and not pattern.match("a")
