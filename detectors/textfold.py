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

import bisect
import functools
import re
import sys
import unicodedata
from typing import Final

import regex

__all__ = ["FoldedText", "fold", "fold_value", "is_boundary", "non_ascii_chars"]

_I_DOT: Final = "i\u0307"
# Runs of ASCII and of everything else: ASCII runs fold with str.lower, in C.
_RUNS: Final = regex.compile(r"[\x00-\x7f]+|[^\x00-\x7f]+")
_ASCII_BYTES: Final = bytes(range(128))


def non_ascii_chars(text: str) -> set[str]:
    """The distinct non-ASCII characters of ``text`` (lone surrogates included).

    Deleting ASCII bytes from the UTF-8 form leaves whole sequences of the other
    characters: two C passes, several times faster than a character-class scan.
    """
    rest = text.encode("utf-8", "surrogatepass").translate(None, _ASCII_BYTES)
    return set(rest.decode("utf-8", "surrogatepass"))


@functools.cache
def _expanding() -> re.Pattern[str]:
    """Every character whose case folding is longer than one character (ß, İ, ŉ, ...).

    Computed once, on first use, from the running Python's Unicode tables (about a
    hundred characters); a plain character class is the fastest way to find them.
    """
    chars = [chr(code) for code in range(sys.maxunicode + 1) if len(chr(code).casefold()) != 1]
    return re.compile("[" + "".join(re.escape(ch) for ch in chars) + "]")


class FoldedText:
    """Folded text plus the way back to the original offsets.

    The way back is one of three: nothing (one-to-one), the full origin table, or, for
    text where only a few characters fold to several, the folded positions of those
    characters alone (a 6,000-character table costs more than the whole scan).
    """

    __slots__ = ("_expansions", "_extra", "_origin", "folded", "length")

    def __init__(
        self,
        folded: str,
        origin: list[int] | None,
        length: int,
        expansions: list[tuple[int, int, int]] | None = None,
    ) -> None:
        self.folded = folded
        self._origin = origin
        self.length = length
        # (folded start, original index, folded width) of each character that folded
        # to several, in order; _extra[e] is the folded surplus before expansion e.
        self._expansions = expansions
        self._extra: list[int] = []
        if expansions:
            surplus = 0
            for _, _, width in expansions:
                self._extra.append(surplus)
                surplus += width - 1

    @property
    def origin(self) -> list[int] | None:
        """The full origin table (None: one-to-one); built on demand from expansions."""
        if self._origin is None and self._expansions:
            size = len(self.folded)
            self._origin = [self._locate(index)[0] for index in range(size)]
            self._origin.append(self.length)
        return self._origin

    def to_original(self, start: int, end: int) -> tuple[int, int] | None:
        """Original offsets of the folded range, or None if it cuts a segment."""
        if self._expansions:
            first, first_ok = self._locate(start)
            last, last_ok = self._locate(end)
            return (first, last) if first_ok and last_ok else None
        origin = self._origin
        if origin is None:
            return start, end
        if not (is_boundary(origin, start) and is_boundary(origin, end)):
            return None
        return origin[start], origin[end]

    def _locate(self, index: int) -> tuple[int, bool]:
        """Original offset of folded ``index`` and whether a segment starts there."""
        assert self._expansions is not None
        if index >= len(self.folded):
            return self.length, True
        at = bisect.bisect_right(self._expansions, (index, sys.maxsize, 0)) - 1
        if at < 0:
            return index, True
        start, original, width = self._expansions[at]
        if index < start + width:  # inside the folding of one character
            return original, index == start
        return index - self._extra[at] - (width - 1), True


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
        expanded = _fold_expanding(text, lowered)
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


def _fold_expanding(text: str, lowered: str) -> FoldedText | None:
    """Fold NFKC text in which a few characters case-fold to several (``ß`` -> ``ss``).

    ``lowered`` is ``text.casefold()``.  Casefolding is per character, so that is the
    folded text once the dot a Turkish İ leaves is dropped; only where the expanding
    characters are is worked out here (found with ``str.find``, in C).  None if the
    result would not be NFKC (then the segment-by-segment path decides).
    """
    wide = [ch for ch in non_ascii_chars(text) if len(ch.casefold()) != 1]
    widths = {ch: len(ch.casefold().replace(_I_DOT, "i")) for ch in wide}
    positions: list[int] = []
    for ch in wide:
        at = text.find(ch)
        while at != -1:
            positions.append(at)
            at = text.find(ch, at + 1)
    positions.sort()
    expansions: list[tuple[int, int, int]] = []
    surplus = 0
    for index in positions:
        width = widths[text[index]]
        expansions.append((index + surplus, index, width))
        surplus += width - 1
    result = lowered.replace(_I_DOT, "i") if "\u0130" in widths else lowered
    if not unicodedata.is_normalized("NFKC", result):
        return None
    return FoldedText(result, None, len(text), expansions)


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
