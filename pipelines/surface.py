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
import regex

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
# Full-width forms of printable ASCII, which NFKC (the name normaliser) maps back: an
# ASCII key is also looked for in full width, as input methods type it.
_TO_FULL_WIDTH: Final = {code: code + 0xFEE0 for code in range(0x21, 0x7F)}
_FULL_WIDTH_SCAN: Final = regex.compile("[\uff01-\uff5e]")

# Whitespace other than one plain space: each run of it stands for one space.
# ASCII digits: the text scan is twice as fast as with \d; a value written in other
# digits (the vault keeps them apart from ASCII ones) is matched as text instead.
_DIGIT_CLASS: Final = "[0-9]"
_ALNUM_CLASS: Final = "[0-9A-Za-z]"
_DIGIT_GROUP: Final = re.compile(_DIGIT_CLASS + "+")
_ALNUM_GROUP: Final = re.compile(_ALNUM_CLASS + "+")
_ALNUM_CHAR: Final = re.compile(_ALNUM_CLASS)
# Between two groups of one number: one to three separator characters, each whitespace
# or one of "-./()" ("(415) 555-0132", "030/1234567", "4111 - 1111").
_GAP: Final = r"[\s\-./()]{1,3}"
_IS_GAP: Final = re.compile(_GAP)
# For scanning whole texts: the regex module scans a long non-ASCII text several times
# faster than re.
_DIGIT_SCAN: Final = regex.compile(_DIGIT_CLASS + "+")
_ALNUM_SCAN: Final = regex.compile(_ALNUM_CLASS + "+")
_NEXT_DIGITS: Final = regex.compile(f"{_GAP}({_DIGIT_CLASS}+)").match
_NEXT_ALNUM: Final = regex.compile(f"{_GAP}({_ALNUM_CLASS}+)").match
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


def _text_key(surface: str) -> str:
    return " ".join(fold_case(surface).split())


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
    """Literal keys found by ``str.find`` while few are new, by an automaton otherwise.

    With ``flexible`` a key's words may be separated by any run of whitespace: the
    first word is what is searched for, the others are followed from each hit.
    """

    __slots__ = ("automaton", "automaton_from", "entries", "flexible", "heads", "pending")

    def __init__(self, automaton_from: int, *, flexible: bool) -> None:
        self.automaton_from = automaton_from
        self.flexible = flexible
        self.entries: dict[str, list[_Entry]] = {}
        # Searched literal (a key's first word, or the whole key) -> (key, other words).
        self.heads: dict[str, list[tuple[str, tuple[str, ...]]]] = {}
        self.automaton: Any = None
        # Heads added since the automaton was built: scanned with str.find.
        self.pending: list[str] = []

    def add(self, key: str, entry: _Entry) -> None:
        entries = self.entries.get(key)
        if entries is not None:
            if entry not in entries:
                entries.append(entry)
            return
        self.entries[key] = [entry]
        words = key.split(" ") if self.flexible else [key]
        targets = self.heads.get(words[0])
        if targets is None:
            self.heads[words[0]] = targets = []
            self.pending.append(words[0])
        targets.append((key, tuple(words[1:])))

    def find(self, view: str) -> list[tuple[int, int, str]]:
        if len(self.pending) >= self.automaton_from:
            automaton = ahocorasick.Automaton()
            for head in self.heads:
                automaton.add_word(head, head)
            automaton.make_automaton()
            self.automaton = automaton
            self.pending = []
        hits: list[tuple[int, int, str]] = []
        if self.automaton is not None:
            for last, head in self.automaton.iter(view):
                hits.append((last - len(head) + 1, last + 1, head))
        for head in self.pending:
            at = view.find(head)
            while at != -1:
                hits.append((at, at + len(head), head))
                at = view.find(head, at + 1)
        found: list[tuple[int, int, str]] = []
        for start, end, head in hits:
            for key, rest in self.heads[head]:
                stop = _follow(view, end, rest) if rest else end
                if stop is not None:
                    found.append((start, stop, key))
        return found


def _follow(view: str, at: int, words: Sequence[str]) -> int | None:
    """Where ``words`` end if each follows a run of whitespace from ``at``, else None."""
    size = len(view)
    for word in words:
        if at >= size or not view[at].isspace():
            return None
        at += 1
        while at < size and view[at].isspace():
            at += 1
        if not view.startswith(word, at):
            return None
        at += len(word)
    return at


@final
class _Groups:
    """Keys that are digit (or letter-and-digit) groups joined by any separators.

    Digits: every digit group outside the blocked intervals may start an occurrence,
    so the scan runs only when some key's digits occur there at all (one C pass).
    Letters and digits (IBANs): an occurrence starts with the key's first two
    characters written together (the country code), found with ``str.find``.
    """

    __slots__ = ("entries", "group", "heads", "next_group", "ordered", "upper")

    def __init__(self, *, upper: bool) -> None:
        self.group, self.next_group = (
            (_ALNUM_SCAN, _NEXT_ALNUM) if upper else (_DIGIT_SCAN, _NEXT_DIGITS)
        )
        self.upper = upper
        self.entries: dict[str, list[_Entry]] = {}
        # The keys in order: a run of groups is followed only while it starts one.
        self.ordered: list[str] = []
        self.heads: set[str] = set()

    def add(self, key: str, entry: _Entry) -> None:
        entries = self.entries.get(key)
        if entries is None:
            self.entries[key] = [entry]
            bisect.insort(self.ordered, key)
        elif entry not in entries:
            entries.append(entry)
        if self.upper:
            self.heads.add(key[:2].lower())

    def find(self, text: str, folded: str, blocked: Sequence[tuple[int, int]]) -> list[_Candidate]:
        """Candidates in ``text`` (``folded`` is its :func:`fold_case`)."""
        found: list[_Candidate] = []
        starts = self._heads(text, folded) if self.upper else self._digit_starts(text, blocked)
        # A start inside a blocked interval (most often the detected value itself)
        # cannot give a kept occurrence: skip it before following its groups.
        cursor, count = 0, len(blocked)
        entries, ordered, upper, next_group = (
            self.entries,
            self.ordered,
            self.upper,
            self.next_group,
        )
        for start in starts:
            while cursor < count and blocked[cursor][1] <= start:
                cursor += 1
            if cursor < count and blocked[cursor][0] <= start:
                continue
            first = self.group.match(text, start)
            if first is None:
                continue
            first_end = end = first.end()
            joined = first.group()
            while True:
                if upper:
                    joined = joined.upper()
                at = bisect.bisect_left(ordered, joined)
                if at == len(ordered) or not ordered[at].startswith(joined):
                    break
                matched = entries.get(joined)
                if matched is not None:
                    found.append((_widen(text, start, first_end), end, matched))
                following = next_group(text, end)
                if following is None:
                    break
                joined += following.group(1)
                end = following.end()
        return found

    def _digit_starts(self, text: str, blocked: Sequence[tuple[int, int]]) -> list[int]:
        # Every occurrence's digits are a substring of the digits outside the blocked
        # intervals read in a row: when no key is, there is nothing to follow.
        outside = text
        if blocked:
            cuts = [0] + [edge for interval in blocked for edge in interval] + [len(text)]
            outside = "\x00".join(text[cuts[i] : cuts[i + 1]] for i in range(0, len(cuts), 2))
        digits = "".join(self.group.findall(outside))
        if not any(key in digits for key in self.entries):
            return []
        return [match.start() for match in self.group.finditer(text)]

    def _heads(self, text: str, folded: str) -> list[int]:
        starts: list[int] = []
        for head in self.heads:
            at = folded.find(head)
            while at != -1:
                if at == 0 or not _ALNUM_CHAR.match(text, at - 1):
                    starts.append(at)
                at = folded.find(head, at + 1)
        return sorted(starts)


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
    if _IS_GAP.match(head, match.end()) is None:
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

    __slots__ = ("_alnum", "_digits", "_exact", "_modes", "_text", "_wide", "_wide_pending")

    def __init__(
        self,
        *,
        automaton_from: int = _AUTOMATON_FROM,
        modes: Mapping[str, str] = DEFAULT_MODES,
    ) -> None:
        if modes is not DEFAULT_MODES:
            unknown = set(modes.values()) - MODES
            if unknown:
                raise ValueError(f"unknown surface modes: {sorted(unknown)}")
        self._modes = modes
        self._text = _Keys(automaton_from, flexible=True)
        # Full-width spellings of ASCII text keys, looked for only in texts that hold a
        # full-width character.
        self._wide = _Keys(automaton_from, flexible=True)
        self._wide_pending: list[tuple[str, _Entry]] = []
        self._exact = _Keys(automaton_from, flexible=False)
        self._digits = _Groups(upper=False)
        self._alnum = _Groups(upper=True)

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
            if key.isascii():
                self._wide_pending.append((key, entry))

    def find(self, text: str, blocked: Sequence[tuple[int, int]] = ()) -> list[Occurrence]:
        """Occurrences in ``text``: sorted, non-overlapping, none touching ``blocked``.

        ``blocked`` must be sorted and non-overlapping ``(start, end)`` intervals.
        """
        if not text:
            return []
        candidates: list[_Candidate] = []
        folded = fold_case(text) if self._text.entries or self._alnum.entries else text
        if self._text.entries:
            text_keys = self._text.entries
            candidates += [(s, e, text_keys[key]) for s, e, key in self._text.find(folded)]
            if not text.isascii() and _FULL_WIDTH_SCAN.search(text) is not None:
                for key, entry in self._wide_pending:
                    self._wide.add(key.translate(_TO_FULL_WIDTH), entry)
                self._wide_pending.clear()
                wide_keys = self._wide.entries
                candidates += [(s, e, wide_keys[k]) for s, e, k in self._wide.find(folded)]
        if self._exact.entries:
            exact = self._exact.entries
            candidates += [(s, e, exact[key]) for s, e, key in self._exact.find(text)]
        if self._digits.entries:
            candidates += self._digits.find(text, text, blocked)
        if self._alnum.entries:
            candidates += self._alnum.find(text, folded, blocked)
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
