"""The one text-folding rule and word-character test shared by ingress and egress.

Ingress replaces every other occurrence of a known value (:mod:`pipelines.surface`);
with ``relink: false`` the egress filter masks the same values in the reply
(:mod:`pipelines.egress_literals`).  A spelling ingress treats as the value must be
masked by egress too, so both compare text through :func:`fold` and cut words with
:func:`is_word_char`, defined here once.  The detector library builds its boundaries
from the same :data:`NOSPACE_SCRIPTS`.

:func:`fold` maps every character on its own, never to more or fewer characters, so it
is chunk-independent (folding a concatenation is the concatenation of the folds) and
offsets in the folded text are offsets in the original, which the stream filter relies
on:

* simple lower case (``str.lower`` of one character); ``İ`` (whose lower case is two
  characters) becomes ``i``;
* Greek final sigma ``ς`` becomes ``σ`` (``str.lower`` picks one by context, which a
  chunk cut would change);
* the full-width forms of printable ASCII (``Ｚｏｒｂｌａｘ``, ``＠``), as East Asian input
  methods type them, become ASCII (NFKC, the vault's name normalisation, does the same);
* every whitespace character (newline, tab, no-break space, ideographic space) becomes a
  space, so a name broken over two lines is the same name.

Not folded, because no one-to-one mapping exists: ``ß`` vs ``ss``, ligatures (``ﬁ``),
a letter with a combining mark vs its precomposed form, and runs of several whitespace
characters vs one (ingress matches those, egress only the spellings ingress recorded).

A *word character* is ``\\w`` (letters, marks, decimal digits, connector punctuation)
of a script written with spaces; Han, kana, Hangul, Thai, Lao, Khmer and Myanmar
characters are not, so a value written right next to them has a word edge there.
Full-width letters and digits are word characters, as their ASCII forms are.
"""

from __future__ import annotations

from typing import Final

import regex

__all__ = ["NOSPACE_SCRIPTS", "fold", "is_cut", "is_word_char"]

# Scripts written without spaces between words (or, for Hangul, with particles glued to
# names), as a ``regex`` set body: a word edge cannot be required next to them.
NOSPACE_SCRIPTS: Final = (
    r"\p{Han}\p{Hiragana}\p{Katakana}\p{Hangul}\p{Thai}\p{Lao}\p{Khmer}\p{Myanmar}"
)
_WORD: Final = regex.compile(rf"[\w--[{NOSPACE_SCRIPTS}]]", regex.VERSION1)

_DOTTED_I: Final = "\u0130"
# Every character ``str.isspace`` accepts but the space itself (a unit test checks the
# list against all of Unicode).
_SPACES: Final = (
    "\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f\x85\xa0\u1680"
    "\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a"
    "\u2028\u2029\u202f\u205f\u3000"
)
_FINAL_SIGMA: Final = "\u03c2"
# After lower-casing: what still has to be mapped one to one.
_TABLE: Final = {
    ord(_FINAL_SIGMA): "\u03c3",
    **{code: chr(code - 0xFEE0) for code in range(0xFF01, 0xFF5F)},
    **{ord(char): " " for char in _SPACES},
}
_TO_MAP: Final = regex.compile("[\u03c2\uff01-\uff5e" + regex.escape(_SPACES) + "]")
_ASCII_SPACE: Final = regex.compile(r"[\t\n\x0b\x0c\r\x1c-\x1f]")


def fold(text: str) -> str:
    """``text`` folded character by character (see the module docstring)."""
    if text.isascii():
        lowered = text.lower()
        # ASCII needs only whitespace mapped; most text has no tab or newline in it.
        return lowered.translate(_TABLE) if _ASCII_SPACE.search(lowered) else lowered
    if _DOTTED_I in text:
        text = text.replace(_DOTTED_I, "i")
    # ``str.lower`` keeps the length of every code point but U+0130, replaced above.
    lowered = text.lower()
    return lowered.translate(_TABLE) if _TO_MAP.search(lowered) else lowered


def is_word_char(char: str) -> bool:
    """Whether ``char`` is a word character of a script written with spaces."""
    return _WORD.match(char) is not None


def is_cut(left: str, right: str) -> bool:
    """Whether a value may start or end between the characters ``left`` and ``right``."""
    return not (is_word_char(left) and is_word_char(right))
