"""The one word-character test shared by ingress and egress.

Ingress replaces every other occurrence of a known value (:mod:`pipelines.surface`);
with ``relink: false`` the egress filter masks the same values in the reply
(:mod:`pipelines.egress.literals`).  Both compare text through the canonical fold
(:mod:`pipelines.canon`) and cut words with :func:`is_word_char`, defined here once.
The detector library builds its boundaries from the same :data:`NOSPACE_SCRIPTS`.

A *word character* is ``\\w`` (letters, marks, decimal digits, connector punctuation)
of a script written with spaces; Han, kana, Hangul, Thai, Lao, Khmer and Myanmar
characters are not, so a value written right next to them has a word edge there.
Full-width letters and digits are word characters, as their ASCII forms are.
"""

from __future__ import annotations

from typing import Final

import regex

__all__ = ["NOSPACE_SCRIPTS", "is_cut", "is_word_char"]

# Scripts written without spaces between words (or, for Hangul, with particles glued to
# names), as a ``regex`` set body: a word edge cannot be required next to them.
NOSPACE_SCRIPTS: Final = (
    r"\p{Han}\p{Hiragana}\p{Katakana}\p{Hangul}\p{Thai}\p{Lao}\p{Khmer}\p{Myanmar}"
)
_WORD: Final = regex.compile(rf"[\w--[{NOSPACE_SCRIPTS}]]", regex.VERSION1)


def is_word_char(char: str) -> bool:
    """Whether ``char`` is a word character of a script written with spaces."""
    return _WORD.match(char) is not None


def is_cut(left: str, right: str) -> bool:
    """Whether a value may start or end between the characters ``left`` and ``right``."""
    return not (is_word_char(left) and is_word_char(right))
