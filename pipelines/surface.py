"""Finding every other occurrence of values already in the vault (docs/design.md C4).

Once a value is found anywhere in a request or session, every other occurrence of it
is replaced too, even where no detector fired.  Occurrences are looked for in the
canonical views the detectors read (:mod:`pipelines.canon`), and every surface form is
keyed by :func:`~pipelines.canon.view.canonical_text`, so a value respelled with other
whitespace, invisible characters, dashes, confusable letters, full-width forms or
escapes is the same value here as it is for the detectors and the vault.  "The same
value" then means what the vault's per-label normalisation means, so each label is
matched in one of five modes:

* ``text`` (names, e-mail addresses, any label without a special normalisation):
  equal after :func:`~pipelines.canon.fold_case` on the view, where every whitespace
  run is one space, so ``Zorblax\nQuint``, ``ZORBLAX  QUINT`` and ``Zorbl\u200bax
  Quint`` are ``Zorblax Quint``;
* ``digits`` (``CREDIT_CARD``, ``PHONE``, ``US_SSN``, ``DE_TAX_ID``): the same digits
  (the view writes every decimal digit in ASCII) with any separators between groups
  (a space or ``-./()``, up to three: ``4111-1111-1111-1111`` is ``4111 1111 1111
  1111``); a phone number written with its country code standing apart (``+1 415 555
  0132``) also matches its national forms (``(415) 555-0132``, ``0415…``).  Matches
  start and end at whole digit groups, so ``55501321`` inside a longer number is not a
  match;
* ``alnum`` (``IBAN``): the same letters and digits, any case, any separators, the
  country code written together (``de89 3704…``, ``DE89-3704-…``);
* ``exact`` (secrets: ``API_KEY``, ``JWT``, ``PRIVATE_KEY``): the very same view text,
  case included;
* ``date`` (``DATE_OF_BIRTH``): the same day however it is written
  (:mod:`pipelines.dates`): ``Apr 27, 2007``, ``April 27, 2007``, ``27.04.2007`` and
  ``2007-04-27`` are one birth date; a numeric date that may mean two days
  (``09/04/2000``) matches only a spelling with the same two readings
  (``09-04-2000``), and the value's own spelling matches as text too.

The vault feeds each new surface form into its :class:`SurfaceIndex`, which scans views
in C (:mod:`pipelines.surface_scan`): one ``str.find`` pass per key (a name's first
word) while there are few new ones, one Aho-Corasick automaton over all of them once
there are more; digit groups are followed only when some key's digits occur outside
the detected spans at all, IBANs only from their country code.  The automaton is kept
between scans and rebuilt only after enough new keys arrived, so a long session's vault
is not re-indexed on every request.

Further rules:

* a value matches only where :func:`pipelines.textrules.is_cut` allows an edge
  (``Ann`` not inside ``Annabel``); scripts written without spaces (CJK, kana, Thai,
  Hangul with particles) have no word characters, so a name touches the next word;
* of overlapping occurrences the leftmost wins, then the longest;
* occurrences that overlap a blocked interval (a detector's span or a placeholder-shaped
  literal already in the input) are skipped;
* the spelling found is reported with the placeholder; relinking still returns the
  value's first spelling (the vault's ``lookup``).

Not matched: forms the fold does not relate (``ß`` vs ``ss``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final, final

from pipelines.canon import fold_case as _caseless
from pipelines.canon.view import canonical_text
from pipelines.dates import DATE_RUN, readings
from pipelines.placeholders import parse_placeholder
from pipelines.surface_scan import (
    AUTOMATON_FROM,
    Candidate,
    Entry,
    GroupScanner,
    KeyScanner,
    alnum_key,
    digit_key,
    national_keys,
)
from pipelines.textrules import is_cut

__all__ = [
    "ALNUM",
    "CASE_SENSITIVE_LABELS",
    "DATE",
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
DATE: Final = "date"
MODES: Final = frozenset({TEXT, EXACT, DIGITS, ALNUM, DATE})

# Labels whose other occurrences are matched exactly rather than case-insensitively:
# secrets, whose normalisation in the vault is exact too.  Everything else is at least
# case-insensitive by its normalisation, so "ALICE" is the same person as "Alice".
CASE_SENSITIVE_LABELS: Final = frozenset({"API_KEY", "JWT", "PRIVATE_KEY"})

# Without a table every label is matched as text; the vault passes the modes it derives
# from its normalisers (``Vault``), the one place labels are tied to normalisations.
_ALL_TEXT: Final[Mapping[str, str]] = MappingProxyType({})


def fold_case(text: str) -> str:
    """The caseless canonical form of ``text`` (what ``text`` mode compares)."""
    return _caseless(canonical_text(text))


def _text_key(surface: str) -> str:
    return " ".join(fold_case(surface).split())


@final
@dataclass(frozen=True, slots=True)
class Occurrence:
    """One occurrence of a known value: ``text[start:end]`` stands for ``placeholder``."""

    start: int
    end: int
    placeholder: str
    label: str


@final
class SurfaceIndex:
    """The surface forms of one vault, indexed for repeat scanning (see module docstring).

    ``modes`` maps labels to ``text``/``exact``/``digits``/``alnum``; labels not in it
    are matched as ``text`` (the vault derives the table from its normalisers).
    """

    __slots__ = ("_alnum", "_dates", "_digits", "_exact", "_modes", "_text")

    def __init__(
        self,
        *,
        automaton_from: int = AUTOMATON_FROM,
        modes: Mapping[str, str] = _ALL_TEXT,
    ) -> None:
        unknown = set(modes.values()) - MODES
        if unknown:
            raise ValueError(f"unknown surface modes: {sorted(unknown)}")
        self._modes = modes
        self._text = KeyScanner(automaton_from, flexible=True)
        self._exact = KeyScanner(automaton_from, flexible=False)
        self._digits = GroupScanner(upper=False)
        self._alnum = GroupScanner(upper=True)
        self._dates: dict[tuple[tuple[int, int, int], ...], list[Entry]] = {}

    @classmethod
    def of(
        cls,
        surface_forms: Mapping[str, str],
        *,
        automaton_from: int = AUTOMATON_FROM,
        modes: Mapping[str, str] = _ALL_TEXT,
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
        entry: Entry = (surface, placeholder, label, 0)
        canonical = canonical_text(surface)
        mode = self._modes.get(label, TEXT)
        if mode == EXACT:
            if canonical.strip():
                self._exact.add(canonical, entry)
            return
        if mode == DIGITS:
            digits = digit_key(canonical)
            if digits:
                self._digits.add(digits, entry)
                if label == "PHONE":
                    for key in national_keys(canonical, digits):
                        self._digits.add(key, (surface, placeholder, label, 1))
                return
        elif mode == ALNUM:
            compact = alnum_key(canonical)
            if compact:
                self._alnum.add(compact, entry)
                return
        elif mode == DATE:
            days = readings(canonical)
            if days:
                self._dates.setdefault(days, []).append(entry)
            # (and as text below: a spelling the date search does not read stays found)
        # Names, e-mail addresses, and values of the other modes without a digit or
        # letter in them: case-insensitive text with flexible whitespace.
        key = " ".join(_caseless(canonical).split())
        if key:
            self._text.add(key, entry)

    def find(self, text: str, blocked: Sequence[tuple[int, int]] = ()) -> list[Occurrence]:
        """Occurrences in the view ``text``: sorted, non-overlapping, none touching ``blocked``.

        ``text`` is a canonical view's content (:mod:`pipelines.canon`); ``blocked``
        must be sorted and non-overlapping ``(start, end)`` intervals of it.
        """
        if not text:
            return []
        candidates: list[Candidate] = []
        folded = _caseless(text) if self._text.entries or self._alnum.entries else text
        if self._text.entries:
            text_keys = self._text.entries
            candidates += [(s, e, text_keys[key]) for s, e, key in self._text.find(folded)]
        if self._exact.entries:
            exact = self._exact.entries
            candidates += [(s, e, exact[key]) for s, e, key in self._exact.find(text)]
        if self._digits.entries:
            candidates += self._digits.find(text, text, blocked)
        if self._alnum.entries:
            candidates += self._alnum.find(text, folded, blocked)
        if self._dates:
            candidates += self._find_dates(text)
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

    def _find_dates(self, text: str) -> list[Candidate]:
        """The dates of ``text`` that share a day with a known birth date's spelling."""
        found: list[Candidate] = []
        for run in DATE_RUN.finditer(text):
            entries = self._dates.get(readings(run.group()))
            if entries:
                found.append((run.start(), run.end(), entries))
        return found

    @staticmethod
    def _on_boundaries(text: str, start: int, end: int) -> bool:
        if start > 0 and not is_cut(text[start - 1], text[start]):
            return False
        return end >= len(text) or is_cut(text[end - 1], text[end])


def _pick(raw: str, entries: Sequence[Entry]) -> Entry:
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
