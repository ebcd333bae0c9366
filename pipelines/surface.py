"""Finding every other occurrence of values already in the vault (DESIGN C4).

Once a value is found anywhere in a request or session, every other occurrence of it
is replaced too, even where no detector fired.  "The same value" means what the vault's
per-label normalisation means, so each label is matched in one of four modes:

* ``text`` (names, e-mail addresses, any label without a special normalisation):
  case-insensitive, full-width letters and digits read as ASCII, and any run of
  whitespace (newlines, tabs, no-break spaces, several spaces) equal to one space, so
  ``Zorblax\\nQuint`` and ``ZORBLAX  QUINT`` are ``Zorblax Quint``;
* ``digits`` (``CREDIT_CARD``, ``PHONE``, ``US_SSN``, ``DE_TAX_ID``): the same digits
  with any separators (``4111-1111-1111-1111`` is ``4111 1111 1111 1111``); a phone
  number written with its country code (``+1 415 555 0132``) also matches its national
  forms (``(415) 555-0132``, ``0415…``).  Matches start and end at whole digit groups,
  so ``55501321`` inside a longer number is not a match;
* ``alnum`` (``IBAN``): the same letters and digits, any case, any separators;
* ``exact`` (secrets: ``API_KEY``, ``JWT``, ``PRIVATE_KEY``): the very same text.

The vault feeds each new surface form into its :class:`SurfaceIndex`, which scans texts
in C: one ``str.find`` pass per key while there are few new ones, one Aho-Corasick
automaton over all of them once there are more (``text`` and ``exact`` keys), and one
digit-group scan per text when digit or IBAN values are known.  The automaton is kept
between scans and rebuilt only after enough new keys arrived, so a long session's vault
is not re-indexed on every request.

Further rules:

* a value that starts or ends with a letter or digit matches only on a word boundary
  (``Ann`` not inside ``Annabel``), except next to scripts written without spaces
  (CJK, kana, Thai, Hangul with particles), where a name touches the next word;
* of overlapping occurrences the leftmost wins, then the longest;
* occurrences that overlap a blocked interval (a detector's span or a placeholder-shaped
  literal already in the input) are skipped;
* the spelling found is reported with the placeholder; relinking still returns the
  value's first spelling (the vault's ``lookup``).

Not matched: compatibility forms that change length under NFKC (ligatures such as
``ﬁ``), and letters whose lower case is longer (``İ`` is folded to ``i`` first).
"""

from __future__ import annotations

import bisect
import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Final, final

import ahocorasick

from pipelines.placeholders import parse_placeholder

__all__ = [
    "ALNUM",
    "CASE_SENSITIVE_LABELS",
    "DEFAULT_MODES",
    "DIGITS",
    "EXACT",
    "MODES",
    "TEXT",
    "Occurrence",
    "SurfaceIndex",
    "fold_case",
]

TEXT: Final = "text"
EXACT: Final = "exact"
DIGITS: Final = "digits"
ALNUM: Final = "alnum"
MODES: Final = frozenset({TEXT, EXACT, DIGITS, ALNUM})

# Labels whose other occurrences are matched exactly rather than case-insensitively:
# secrets, whose normalisation in the vault is exact too.  Everything else is at least
# case-insensitive by its normalisation, so "ALICE" is the same person as "Alice".
CASE_SENSITIVE_LABELS: Final = frozenset({"API_KEY", "JWT", "PRIVATE_KEY"})

# The mode of each label whose vault normalisation is not the name/e-mail kind (the
# vault derives its own table from its normalisers; see ``Vault``).
DEFAULT_MODES: Final[Mapping[str, str]] = MappingProxyType(
    {
        **{label: EXACT for label in CASE_SENSITIVE_LABELS},
        "CREDIT_CARD": DIGITS,
        "PHONE": DIGITS,
        "US_SSN": DIGITS,
        "DE_TAX_ID": DIGITS,
        "IBAN": ALNUM,
    }
)

# ``str.lower`` keeps the length of every code point except U+0130 (LATIN CAPITAL
# LETTER I WITH DOT ABOVE, lowered to two code points); folding it to a plain "i" keeps
# offsets in the folded text equal to offsets in the original.
_DOTTED_I: Final = "\u0130"
# Full-width ASCII variants and the ideographic space are one code point under NFKC
# too: reading them as ASCII keeps offsets and matches what the name normaliser does.
_FULL_WIDTH: Final = {code: code - 0xFEE0 for code in range(0xFF01, 0xFF5F)} | {0x3000: 0x20}

# Whitespace other than one plain space: each run of it stands for one space.
_IRREGULAR_SPACE: Final = re.compile(r"\s{2,}|[^\S ]")
_DIGIT_GROUP: Final = re.compile(r"\d+")
_ALNUM_GROUP: Final = re.compile(r"[0-9A-Za-z]+")
# Between two groups of one number: at most this many separator characters, each
# whitespace or one of these ("(415) 555-0132", "030/1234567", "4111 - 1111").
_MAX_GAP: Final = 3
_GAP_PUNCTUATION: Final = frozenset("-./()")
# A phone number's country code is one to three digits; its national number at least
# this many (the shortest national numbers in use have 5 to 7 digits).
_MIN_NATIONAL: Final = 6

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


def _fold(text: str) -> str:
    """:func:`fold_case`, with full-width ASCII read as ASCII (length kept)."""
    folded = fold_case(text)
    return folded if folded.isascii() else folded.translate(_FULL_WIDTH)


def _text_key(surface: str) -> str:
    return " ".join(_fold(surface).split())


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


def _is_gap(gap: str) -> bool:
    return len(gap) <= _MAX_GAP and all(c.isspace() or c in _GAP_PUNCTUATION for c in gap)


@final
@dataclass(frozen=True, slots=True)
class Occurrence:
    """One occurrence of a known value: ``text[start:end]`` stands for ``placeholder``."""

    start: int
    end: int
    placeholder: str
    label: str


# (surface form, placeholder, label, rank): rank 0 for the value's own key, 1 for a
# derived one (a phone number's national form), which yields to any rank-0 entry.
_Entry = tuple[str, str, str, int]
# (start, end, entries sharing the key found there)
_Candidate = tuple[int, int, list[_Entry]]

# With fewer new keys than this, one ``str.find`` pass per key over the text is cheaper
# than (re)building an automaton; from this many on, the automaton is.
_AUTOMATON_FROM: Final = 24


@final
class _Keys:
    """Literal keys found by ``str.find`` while few are new, by an automaton otherwise."""

    __slots__ = ("automaton", "automaton_from", "entries", "pending")

    def __init__(self, automaton_from: int) -> None:
        self.automaton_from = automaton_from
        self.entries: dict[str, list[_Entry]] = {}
        self.automaton: Any = None
        # Keys added since the automaton was built: scanned with str.find.
        self.pending: list[str] = []

    def add(self, key: str, entry: _Entry) -> None:
        entries = self.entries.get(key)
        if entries is None:
            self.entries[key] = [entry]
            self.pending.append(key)
        elif entry not in entries:
            entries.append(entry)

    def find(self, view: str) -> list[tuple[int, int, str]]:
        if len(self.pending) >= self.automaton_from:
            automaton = ahocorasick.Automaton()
            for key in self.entries:
                automaton.add_word(key, key)
            automaton.make_automaton()
            self.automaton = automaton
            self.pending = []
        found: list[tuple[int, int, str]] = []
        if self.automaton is not None:
            for last, key in self.automaton.iter(view):
                found.append((last - len(key) + 1, last + 1, key))
        for key in self.pending:
            at = view.find(key)
            while at != -1:
                found.append((at, at + len(key), key))
                at = view.find(key, at + 1)
        return found


@final
class _Groups:
    """Keys that are digit (or letter-and-digit) groups joined by any separators."""

    __slots__ = ("entries", "group", "prefixes", "upper")

    def __init__(self, group: re.Pattern[str], *, upper: bool) -> None:
        self.group = group
        self.upper = upper
        self.entries: dict[str, list[_Entry]] = {}
        # Every prefix of every key: a run of groups is followed only while it is one,
        # so a text of many numbers costs one lookup per group that starts no key.
        self.prefixes: set[str] = set()

    def add(self, key: str, entry: _Entry) -> None:
        entries = self.entries.setdefault(key, [])
        if entry not in entries:
            entries.append(entry)
        self.prefixes.update(key[:n] for n in range(1, len(key) + 1))

    def find(self, text: str) -> list[_Candidate]:
        groups = [m.span() for m in self.group.finditer(text)]
        found: list[_Candidate] = []
        entries, prefixes, upper = self.entries, self.prefixes, self.upper
        count = len(groups)
        for first in range(count):
            start, first_end = groups[first]
            joined = ""
            previous_end = start
            for index in range(first, count):
                group_start, group_end = groups[index]
                if index != first and not _is_gap(text[previous_end:group_start]):
                    break
                part = text[group_start:group_end]
                joined += part.upper() if upper else part
                if joined not in prefixes:
                    break
                matched = entries.get(joined)
                if matched is not None:
                    found.append((_widen(text, start, first_end), group_end, matched))
                previous_end = group_end
        return found


def _widen(text: str, start: int, first_end: int) -> int:
    """Take in a leading ``+`` (``+1 415…``) or the ``(`` of ``(415) 555…``."""
    if start > 0:
        before = text[start - 1]
        if before == "+" or (before == "(" and text[first_end : first_end + 1] == ")"):
            return start - 1
    return start


def _national_keys(surface: str, digits: str) -> tuple[str, ...]:
    """National forms of an international phone number, if its country code stands apart.

    ``+1 415 555 0132`` gives ``4155550132`` and ``04155550132``; ``+44 (0)20 7946 0958``
    gives ``2079460958`` and ``02079460958``.  Without a separator after the country
    code (``+14155550132``) it cannot be told apart from the number: none.
    """
    head = surface.lstrip()
    if head.startswith("+"):
        head = head[1:]
    elif head.startswith("00"):
        head = head[2:]
    else:
        return ()
    match = _DIGIT_GROUP.match(head)
    if match is None or len(match.group()) > 3 or match.end() == len(head):
        return ()
    if not _is_gap(head[match.end() : match.end() + 1]):
        return ()
    national = digits[len(match.group()) :]
    if national.startswith("0"):
        national = national[1:]
    if len(national) < _MIN_NATIONAL:
        return ()
    return national, "0" + national


@final
class SurfaceIndex:
    """The surface forms of one vault, indexed for repeat scanning (see module docstring).

    ``modes`` maps labels to ``text``/``exact``/``digits``/``alnum``; labels not in it
    are matched as ``text``.
    """

    __slots__ = ("_alnum", "_digits", "_exact", "_modes", "_text")

    def __init__(
        self,
        *,
        automaton_from: int = _AUTOMATON_FROM,
        modes: Mapping[str, str] = DEFAULT_MODES,
    ) -> None:
        unknown = set(modes.values()) - MODES
        if unknown:
            raise ValueError(f"unknown surface modes: {sorted(unknown)}")
        self._modes = modes
        self._text = _Keys(automaton_from)
        self._exact = _Keys(automaton_from)
        self._digits = _Groups(_DIGIT_GROUP, upper=False)
        self._alnum = _Groups(_ALNUM_GROUP, upper=True)

    @classmethod
    def of(
        cls,
        surface_forms: Mapping[str, str],
        *,
        automaton_from: int = _AUTOMATON_FROM,
        modes: Mapping[str, str] = DEFAULT_MODES,
    ) -> SurfaceIndex:
        """An index over ``surface -> placeholder`` pairs (labels read from placeholders)."""
        index = cls(automaton_from=automaton_from, modes=modes)
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
        entry: _Entry = (surface, placeholder, label, 0)
        mode = self._modes.get(label, TEXT)
        if mode == EXACT:
            self._exact.add(surface, entry)
            return
        if mode == DIGITS:
            digits = "".join(_DIGIT_GROUP.findall(surface))
            if digits:
                self._digits.add(digits, entry)
                if label == "PHONE":
                    for key in _national_keys(surface, digits):
                        self._digits.add(key, (surface, placeholder, label, 1))
                return
        elif mode == ALNUM:
            compact = "".join(_ALNUM_GROUP.findall(surface)).upper()
            if compact:
                self._alnum.add(compact, entry)
                return
        # Names, e-mail addresses, and values of the other modes without a digit or
        # letter in them: case-insensitive text with flexible whitespace.
        key = _text_key(surface)
        if key:
            self._text.add(key, entry)

    def find(self, text: str, blocked: Sequence[tuple[int, int]] = ()) -> list[Occurrence]:
        """Occurrences in ``text``: sorted, non-overlapping, none touching ``blocked``.

        ``blocked`` must be sorted and non-overlapping ``(start, end)`` intervals.
        """
        if not text:
            return []
        candidates: list[_Candidate] = []
        if self._text.entries:
            candidates += self._find_text(text)
        if self._exact.entries:
            exact = self._exact.entries
            candidates += [(s, e, exact[key]) for s, e, key in self._exact.find(text)]
        if self._digits.entries:
            candidates += self._digits.find(text)
        if self._alnum.entries:
            candidates += self._alnum.find(text)
        if not candidates:
            return []
        # Leftmost first, then longest; a candidate that fails a check does not block a
        # shorter or later one.
        candidates.sort(key=lambda c: (c[0], -c[1]))
        found: list[Occurrence] = []
        last_end = 0
        cursor = 0
        for start, end, entries in candidates:
            if start < last_end:
                continue
            while cursor < len(blocked) and blocked[cursor][1] <= start:
                cursor += 1
            if cursor < len(blocked) and blocked[cursor][0] < end:
                continue
            if not self._on_boundaries(text, start, end):
                continue
            entry = _pick(text[start:end], entries)
            found.append(Occurrence(start, end, entry[1], entry[2]))
            last_end = end
        return found

    def _find_text(self, text: str) -> list[_Candidate]:
        """``text``-mode keys, found in the folded text with whitespace runs collapsed."""
        view = _fold(text)
        entries = self._text.entries
        if _IRREGULAR_SPACE.search(view) is None:
            return [(s, e, entries[key]) for s, e, key in self._text.find(view)]
        # Collapse each irregular run to one space; remember, per run, where its space
        # lands in the view and how many characters were dropped up to there, to map
        # offsets back.  Matches never start or end on a space (keys are stripped).
        pieces: list[str] = []
        spaces: list[int] = []
        dropped: list[int] = []
        total = 0
        cursor = 0
        for match in _IRREGULAR_SPACE.finditer(view):
            pieces.append(view[cursor : match.start()])
            pieces.append(" ")
            spaces.append(match.start() - total)
            total += match.end() - match.start() - 1
            dropped.append(total)
            cursor = match.end()
        pieces.append(view[cursor:])

        def original(at: int) -> int:
            runs = bisect.bisect_left(spaces, at)
            return at + (dropped[runs - 1] if runs else 0)

        return [
            (original(s), original(e - 1) + 1, entries[key])
            for s, e, key in self._text.find("".join(pieces))
        ]

    @staticmethod
    def _on_boundaries(text: str, start: int, end: int) -> bool:
        if start > 0 and not _is_cut(text[start - 1], text[start]):
            return False
        return end >= len(text) or _is_cut(text[end - 1], text[end])


def _pick(raw: str, entries: Sequence[_Entry]) -> _Entry:
    """The entry ``raw`` stands for: its exact spelling, else the first own key."""
    # The exact spelling wins (it may belong to a different placeholder than a variant);
    # otherwise the first entry of the value's own key, in vault order, before a
    # derived one (a national phone form yields to a number written that way).
    best = entries[0]
    for entry in entries:
        if entry[0] == raw:
            return entry
        if entry[3] < best[3]:
            best = entry
    return best
