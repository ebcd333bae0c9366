"""The one text-folding rule and word-character test shared by ingress and egress.

Ingress replaces every other occurrence of a known value (:mod:`pipelines.surface`);
with ``relink: false`` the egress filter masks the same values in the reply
(:mod:`pipelines.egress.literals`).  A spelling ingress treats as the value must be
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
* full-width letters and digits and the marks inside names and e-mail addresses
  (``Ｚｏｒｂｌａｘ``, ``＠．＿－＇``), as East Asian input methods type them, become
  ASCII (NFKC, the vault's name normalisation, does the same); other full-width
  punctuation (``，``, ``：``) stays, as CJK prose is full of it and checking it would
  slow every such text;
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

import re
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
_SIGMA: Final = "\u03c3"
# Full-width forms mapped to ASCII: letters and digits, and the marks found inside
# names and e-mail addresses.  Not full-width punctuation at large: CJK prose is full
# of "，" and "：", and mapping those would take every such text off the fast path.
_WIDE: Final = "\uff10-\uff19\uff21-\uff3a\uff41-\uff5a\uff20\uff0e\uff3f\uff0d\uff07"
_WIDE_TABLE: Final = {
    code: code - 0xFEE0 for code in range(0xFF01, 0xFF5F) if re.fullmatch(f"[{_WIDE}]", chr(code))
}
_WIDE_SCAN: Final = re.compile(f"[{_WIDE}]")
_SPACE_SCAN: Final = re.compile("[" + re.escape(_SPACES) + "]")
# Anything a non-ASCII text needs mapped after lower-casing: one scan, most text none.
_SPECIAL: Final = re.compile("[" + re.escape(_SPACES) + _FINAL_SIGMA + _WIDE + "]")


def _spaces(lowered: str) -> str:
    # Newlines, tabs and carriage returns are common: ``str.replace`` is a C scan each;
    # the rest of the whitespace (and any unprintable text) goes through ``re``.
    lowered = lowered.replace("\n", " ").replace("\t", " ").replace("\r", " ")
    return lowered if lowered.isprintable() else _SPACE_SCAN.sub(" ", lowered)


def fold(text: str) -> str:
    """``text`` folded character by character (see the module docstring)."""
    # Each step is one C pass; most text takes none of the mapping ones.  Every
    # whitespace character but the space is unprintable, so ``isprintable`` skips them.
    if text.isascii():
        lowered = text.lower()
        return lowered if lowered.isprintable() else _spaces(lowered)
    if _DOTTED_I in text:
        text = text.replace(_DOTTED_I, "i")
    # ``str.lower`` keeps the length of every code point but U+0130, replaced above.
    lowered = text.lower()
    if _SPECIAL.search(lowered) is None:
        return lowered
    if not lowered.isprintable():
        lowered = _spaces(lowered)
    if _FINAL_SIGMA in lowered:
        lowered = lowered.replace(_FINAL_SIGMA, _SIGMA)
    if _WIDE_SCAN.search(lowered) is not None:
        lowered = lowered.translate(_WIDE_TABLE)
    return lowered


def is_word_char(char: str) -> bool:
    """Whether ``char`` is a word character of a script written with spaces."""
    return _WORD.match(char) is not None


def is_cut(left: str, right: str) -> bool:
    """Whether a value may start or end between the characters ``left`` and ``right``."""
    return not (is_word_char(left) and is_word_char(right))
