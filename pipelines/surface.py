"""Finding every other occurrence of values already in the vault (DESIGN C4).

Once a value is found anywhere in a request or session, every other occurrence of it
is replaced too, even where no detector fired.  The vault feeds each new surface form
into its :class:`SurfaceIndex`, which scans texts in C: one ``str.find`` pass per value
while there are few new ones, one Aho-Corasick automaton over all of them once there
are more.  The automaton is kept between scans and rebuilt only after enough new
values arrived, so a long session's vault is not re-indexed on every request.

Rules:

* matching is case-insensitive, except for labels whose normalisation is exact
  (secrets: ``API_KEY``, ``JWT``, ``PRIVATE_KEY``);
* a value that starts or ends with a letter or digit matches only on a word boundary
  (``Ann`` not inside ``Annabel``), except next to scripts written without spaces
  (CJK, kana, Thai, Hangul with particles), where a name touches the next word;
* of overlapping occurrences the leftmost wins, then the longest;
* occurrences that overlap a blocked interval (a detector's span or a placeholder-shaped
  literal already in the input) are skipped.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, final

import ahocorasick

from pipelines.placeholders import parse_placeholder

__all__ = ["CASE_SENSITIVE_LABELS", "Occurrence", "SurfaceIndex", "fold_case"]

# Labels whose other occurrences are matched exactly rather than case-insensitively:
# secrets, whose normalisation in the vault is exact too.  Everything else is at least
# case-insensitive by its normalisation, so "ALICE" is the same person as "Alice".
CASE_SENSITIVE_LABELS: Final = frozenset({"API_KEY", "JWT", "PRIVATE_KEY"})

# ``str.lower`` keeps the length of every code point except U+0130 (LATIN CAPITAL
# LETTER I WITH DOT ABOVE, lowered to two code points); folding it to a plain "i" keeps
# offsets in the folded text equal to offsets in the original.
_DOTTED_I: Final = "\u0130"

# Scripts written without spaces between words (or, for Hangul, with particles glued to
# names): a word boundary cannot be required there.
_SPACELESS_RANGES: Final = (
    (0x0E00, 0x0EFF),  # Thai, Lao
    (0x1000, 0x109F),  # Myanmar
    (0x1780, 0x17FF),  # Khmer
    (0x1100, 0x11FF),  # Hangul Jamo
    (0x2E80, 0x2FFF),  # CJK radicals
    (0x3000, 0x9FFF),  # CJK punctuation, kana, CJK unified ideographs
    (0xA960, 0xA97F),  # Hangul Jamo extended
    (0xAC00, 0xD7FF),  # Hangul syllables
    (0xF900, 0xFAFF),  # CJK compatibility ideographs
    (0xFF00, 0xFFEF),  # half- and full-width forms
    (0x20000, 0x3FFFF),  # CJK extensions
)


def fold_case(text: str) -> str:
    """Lower-case ``text`` without changing its length (offsets stay valid)."""
    if _DOTTED_I in text:
        text = text.replace(_DOTTED_I, "i")
    return text.lower()


def _wordish(char: str) -> bool:
    if char.isascii():
        return char.isalnum() or char == "_"
    return char.isalnum() or unicodedata.category(char)[0] == "M"


def _spaceless(char: str) -> bool:
    code = ord(char)
    return any(low <= code <= high for low, high in _SPACELESS_RANGES)


def _is_cut(left: str, right: str) -> bool:
    """Whether a value may start or end between ``left`` and ``right``."""
    if not (_wordish(left) and _wordish(right)):
        return True
    return _spaceless(left) or _spaceless(right)


@final
@dataclass(frozen=True, slots=True)
class Occurrence:
    """One occurrence of a known value: ``text[start:end]`` stands for ``placeholder``."""

    start: int
    end: int
    placeholder: str
    label: str


# (surface form, placeholder, label, matched exactly)
_Entry = tuple[str, str, str, bool]

# With fewer new values than this, one ``str.find`` pass per value over the folded text
# is cheaper than (re)building an automaton; from this many on, the automaton is.
_AUTOMATON_FROM: Final = 24


@final
class SurfaceIndex:
    """The surface forms of one vault, indexed for repeat scanning (see module docstring)."""

    __slots__ = ("_automaton", "_automaton_from", "_entries", "_pending")

    def __init__(self, *, automaton_from: int = _AUTOMATON_FROM) -> None:
        self._automaton_from = automaton_from
        self._entries: dict[str, list[_Entry]] = {}
        self._automaton: Any = None
        # Folded keys added since the automaton was built: scanned with str.find.
        self._pending: list[str] = []

    @classmethod
    def of(
        cls, surface_forms: Mapping[str, str], *, automaton_from: int = _AUTOMATON_FROM
    ) -> SurfaceIndex:
        """An index over ``surface -> placeholder`` pairs (labels read from placeholders)."""
        index = cls(automaton_from=automaton_from)
        for surface, placeholder in surface_forms.items():
            parsed = parse_placeholder(placeholder)
            if parsed is not None:
                index.add(surface, placeholder, parsed[0])
        return index

    def add(self, surface: str, placeholder: str, label: str) -> None:
        """Index one surface form; call once per new form, in vault order."""
        # A whitespace-only value would match between every two words.
        if not surface or surface.isspace():
            return
        entry = (surface, placeholder, label, label in CASE_SENSITIVE_LABELS)
        key = fold_case(surface)
        entries = self._entries.get(key)
        if entries is None:
            self._entries[key] = [entry]
            self._pending.append(key)
        else:
            entries.append(entry)

    def find(self, text: str, blocked: Sequence[tuple[int, int]] = ()) -> list[Occurrence]:
        """Occurrences in ``text``: sorted, non-overlapping, none touching ``blocked``.

        ``blocked`` must be sorted and non-overlapping ``(start, end)`` intervals.
        """
        if not self._entries or not text:
            return []
        if len(self._pending) >= self._automaton_from:
            self._rebuild()
        folded = fold_case(text)
        candidates: list[tuple[int, int, str]] = []
        if self._automaton is not None:
            for last, key in self._automaton.iter(folded):
                candidates.append((last - len(key) + 1, last + 1, key))
        for key in self._pending:
            at = folded.find(key)
            while at != -1:
                candidates.append((at, at + len(key), key))
                at = folded.find(key, at + 1)
        if not candidates:
            return []
        # Leftmost first, then longest; a candidate that fails a check does not block a
        # shorter or later one.
        candidates.sort(key=lambda c: (c[0], -c[1]))
        found: list[Occurrence] = []
        last_end = 0
        cursor = 0
        for start, end, key in candidates:
            if start < last_end:
                continue
            while cursor < len(blocked) and blocked[cursor][1] <= start:
                cursor += 1
            if cursor < len(blocked) and blocked[cursor][0] < end:
                continue
            entry = self._pick(text[start:end], self._entries[key])
            if entry is None or not self._on_boundaries(text, start, end):
                continue
            found.append(Occurrence(start, end, entry[1], entry[2]))
            last_end = end
        return found

    def _rebuild(self) -> None:
        automaton = ahocorasick.Automaton()
        for key in self._entries:
            automaton.add_word(key, key)
        automaton.make_automaton()
        self._automaton = automaton
        self._pending = []

    @staticmethod
    def _pick(raw: str, entries: Sequence[_Entry]) -> _Entry | None:
        # The exact spelling wins (it may belong to a different placeholder than a
        # case variant); otherwise the first case-insensitive entry, in vault order.
        fallback: _Entry | None = None
        for entry in entries:
            if entry[0] == raw:
                return entry
            if fallback is None and not entry[3]:
                fallback = entry
        return fallback

    @staticmethod
    def _on_boundaries(text: str, start: int, end: int) -> bool:
        if start > 0 and not _is_cut(text[start - 1], text[start]):
            return False
        return end >= len(text) or _is_cut(text[end - 1], text[end])
