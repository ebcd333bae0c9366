"""The shared word test (pipelines.textrules)."""

from __future__ import annotations

import pytest
import regex

from pipelines.textrules import NOSPACE_SCRIPTS, is_cut, is_word_char


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
