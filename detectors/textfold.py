"""Case- and Unicode-insensitive folding that remembers where every character came from.

Known-entity matching compares NFKC-normalised, case-folded text.  Both change
lengths (``ß`` folds to ``ss``, ``İ`` to ``i`` plus a combining dot, ``ﬁ`` to ``fi``,
``e`` + combining acute composes to one ``é``), so a match found in folded text must be
mapped back to the original text exactly.  :func:`fold` returns the folded text and an
origin table: ``origin[j]`` is the index in the original text of the segment that folded
character ``j`` came from, with ``origin[len(folded)] == len(text)``.

A segment is a base character with the combining marks that follow it, so composition
happens inside a segment and never across two.  A match in folded text is only
meaningful if it starts and ends on segment boundaries (a name must not end halfway
through the ``ss`` of a ``ß``); :func:`is_boundary` tells.

Plain ASCII text, and text that is already NFKC and folds one-to-one (most prose in
most languages, CJK included), takes a fast path without a table.
"""

from __future__ import annotations

import functools
import re
import sys
import unicodedata
from typing import Final

import regex

__all__ = ["FoldedText", "fold", "fold_value", "is_boundary"]

_I_DOT: Final = "i\u0307"
# Runs of ASCII and of everything else: ASCII runs fold with str.lower, in C.
_RUNS: Final = regex.compile(r"[\x00-\x7f]+|[^\x00-\x7f]+")


@functools.cache
def _expanding() -> re.Pattern[str]:
    """Every character whose case folding is longer than one character (ß, İ, ŉ, ...).

    Computed once, on first use, from the running Python's Unicode tables (about a
    hundred characters); a plain character class is the fastest way to find them.
    """
    chars = [chr(code) for code in range(sys.maxunicode + 1) if len(chr(code).casefold()) != 1]
    return re.compile("[" + "".join(re.escape(ch) for ch in chars) + "]")


class FoldedText:
    """Folded text plus the way back to the original offsets."""

    __slots__ = ("folded", "length", "origin")

    def __init__(self, folded: str, origin: list[int] | None, length: int) -> None:
        self.folded = folded
        self.origin = origin  # None: one-to-one, offsets are unchanged
        self.length = length

    def to_original(self, start: int, end: int) -> tuple[int, int] | None:
        """Original offsets of the folded range, or None if it cuts a segment."""
        origin = self.origin
        if origin is None:
            return start, end
        if not (is_boundary(origin, start) and is_boundary(origin, end)):
            return None
        return origin[start], origin[end]


def is_boundary(origin: list[int], index: int) -> bool:
    """True if folded position ``index`` starts a segment (or is the end)."""
    return index == 0 or index >= len(origin) - 1 or origin[index] != origin[index - 1]


def fold_value(value: str) -> str:
    """The folded form of a list value (same rules as :func:`fold`, no table)."""
    if value.isascii():
        return value.lower()
    return fold(value).folded


def _fold_segment(segment: str) -> str:
    # NFKC, casefold, then NFKC again: casefold can produce sequences that NFKC would
    # compose differently (e.g. a capital with a combining mark).  The dot that
    # casefolding leaves on a Turkish capital İ is dropped, so İsmail, ISMAIL and
    # ismail fold alike.
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", segment).casefold())
    return folded.replace(_I_DOT, "i")


def fold(text: str) -> FoldedText:
    """Fold ``text`` for matching; see the module docstring."""
    if text.isascii():
        return FoldedText(text.lower(), None, len(text))
    if "\u0307" not in text and unicodedata.is_normalized("NFKC", text):
        lowered = text.casefold()
        # casefold never shrinks a character, so equal length means one-to-one.
        if len(lowered) == len(text) and unicodedata.is_normalized("NFKC", lowered):
            return FoldedText(lowered, None, len(text))
        expanded = _fold_expanding(text)
        if expanded is not None:
            return expanded
    parts: list[str] = []
    origin: list[int] = []
    for run in _RUNS.finditer(text):
        start = run.start()
        chunk = run.group()
        if chunk.isascii():
            parts.append(chunk.lower())
            origin.extend(range(start, run.end()))
            continue
        _fold_run(text, start, run.end(), parts, origin)
    origin.append(len(text))
    return FoldedText("".join(parts), origin, len(text))


def _fold_expanding(text: str) -> FoldedText | None:
    """Fold NFKC text in which a few characters case-fold to several (``ß`` -> ``ss``).

    Casefolding is per character, so the text between such characters folds one to
    one in C; only the expanding characters are handled here.  None if the result
    would not be NFKC (then the segment-by-segment path decides).
    """
    parts: list[str] = []
    origin: list[int] = []
    last = 0
    for match in _expanding().finditer(text):
        index = match.start()
        folded = match.group().casefold().replace(_I_DOT, "i")
        parts.append(text[last:index].casefold())
        origin.extend(range(last, index))
        parts.append(folded)
        origin.extend([index] * len(folded))
        last = index + 1
    parts.append(text[last:].casefold())
    origin.extend(range(last, len(text) + 1))
    result = "".join(parts)
    if not unicodedata.is_normalized("NFKC", result):
        return None
    return FoldedText(result, origin, len(text))


def _fold_run(text: str, start: int, stop: int, parts: list[str], origin: list[int]) -> None:
    """Fold ``text[start:stop]`` segment by segment, appending to ``parts``/``origin``.

    A run that begins with combining marks continues the segment of the character
    before it (the last character of the preceding ASCII run): that segment is taken
    back out and folded again together with its marks.
    """
    index = start
    if index > 0 and unicodedata.combining(text[index]) and origin and origin[-1] == index - 1:
        parts[-1] = parts[-1][:-1]
        origin.pop()
        index -= 1
    while index < stop:
        end = index + 1
        while end < stop and unicodedata.combining(text[end]):
            end += 1
        folded = _fold_segment(text[index:end])
        parts.append(folded)
        origin.extend([index] * len(folded))
        index = end
