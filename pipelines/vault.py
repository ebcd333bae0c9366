"""The placeholder vault (docs/design.md C4, C11).

One :class:`Vault` lives for one request: the caller creates it and passes it
explicitly, nothing here is global.  On a route with sessions it is the request's view
of its session (:mod:`pipelines.sessions`): restored from the session's records, and
numbering *new* values through the session store, atomically across processes, instead
of with its own counters.  It hands out ``[LABEL_N]`` placeholders and remembers which
real value each one stands for:

* numbering is per label, in the order values are first issued;
* the same value after its label's normalisation (case-folded e-mail, digits-only card
  or phone number, whitespace-collapsed name) always gets the same placeholder, and
  different values never share one;
* every placeholder-shaped literal already present in the input is *reserved*: it is
  never issued and never relinked, so a user who writes ``[EMAIL_1]`` gets it back as is;
  the same holds for the forms the egress filter relinks as echoes (``[email_1]``,
  ``\\[EMAIL\\_1\\]``), whose canonical placeholder is reserved;
* every raw surface form seen is remembered, so the chain can replace other
  occurrences of a value and the egress filter can redact raw values in the reply.

Sessions.  Detection needs no vault; numbering does.  The chain therefore calls
:meth:`Vault.allocate` once with every detected ``(label, value)`` in canonical order
before it issues any: a request-scoped vault numbers locally in :meth:`issue` (allocate
does nothing), a session vault sends the *normalised* keys of the values it does not
know yet, with its reserved numbers, to its :class:`Numbering` in one call and binds
the numbers it gets back.  Everything the vault learns (a new binding, a new surface
form) is kept in a journal, in order; :meth:`take_journal` hands it to the session for
sealing and :meth:`restore` replays a session's records into a fresh vault.

The vault's ``repr`` is redacted (counts per label only): it is safe in a traceback.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from types import MappingProxyType
from typing import Final, Literal, Protocol, final

from pipelines.canon.view import canonical_text
from pipelines.dates import readings
from pipelines.errors import SessionConflict, VaultFull
from pipelines.placeholders import (
    LABEL_RE,
    MAX_LABEL_LENGTH,
    canonical_placeholder,
    echoed_placeholder_pattern,
    find_placeholders,
    format_placeholder,
    parse_placeholder,
)
from pipelines.surface import (
    ALNUM,
    CASE_SENSITIVE_LABELS,
    DATE,
    DIGITS,
    EXACT,
    TEXT,
    SurfaceIndex,
)

__all__ = [
    "CASE_SENSITIVE_LABELS",
    "DEFAULT_NORMALIZERS",
    "JournalEntry",
    "Numbering",
    "Vault",
    "normalize_text",
]

# One thing a vault learned: ("value", placeholder, value) binds a new placeholder to its
# first spelling; ("surface", placeholder, text) records another spelling of it.
JournalEntry = tuple[Literal["value", "surface"], str, str]


class Numbering(Protocol):
    """Where a session vault gets the numbers of values it has not seen (its store)."""

    async def number(
        self,
        items: Sequence[tuple[str, str]],
        reserved: Mapping[str, frozenset[int]],
        max_index: int,
    ) -> Sequence[int]:
        """The number of each ``(label, normalised key)``, atomically for the session.

        A key already numbered keeps its number; a new one gets its label's next number
        that is not in ``reserved[label]``; ``0`` means the label has no number left
        under ``max_index``.  Two keys never get one number, one key never two.
        """
        ...

_NON_DIGIT: Final = re.compile(r"\D+")
# Echoed forms (any letter case, markdown escapes) are recognised for labels up to
# MAX_LABEL_LENGTH, the bound the egress filter relinks echoes of too, so whatever it
# would relink is reserved here.  Exact-grammar literals are reserved whatever their
# length.

_NON_ALNUM: Final = re.compile(r"[^0-9A-Za-z]+")


def normalize_text(value: str) -> str:
    """NFKC, case-fold and collapse whitespace: the default for names and unknown labels."""
    # ``str.split()`` splits on exactly the characters ``\s`` matches, and drops the ends.
    return " ".join(unicodedata.normalize("NFKC", value).casefold().split())


def _email(value: str) -> str:
    return value.strip().casefold()


def _digits(value: str) -> str:
    return _NON_DIGIT.sub("", value)


def _alnum_upper(value: str) -> str:
    return _NON_ALNUM.sub("", value).upper()


def _exact(value: str) -> str:
    # Secrets differ by case: two API keys that differ only in case are two values.
    return value


def _date(value: str) -> str:
    """A birth date by the days it may mean, ISO-written ("Apr 27, 2007" and
    "27.04.2007" are one value, "2007-04-27"; "03/04/1990" is "1990-04-03|1990-03-04",
    another value than "04/03/1990"); text that is no date as text."""
    days = readings(canonical_text(value))
    if not days:
        return normalize_text(value)
    return "|".join(f"{year:04d}-{month:02d}-{day:02d}" for year, month, day in days)


_SURFACE_MODES: Final[Mapping[Callable[[str], str], str]] = MappingProxyType(
    {_digits: DIGITS, _alnum_upper: ALNUM, _exact: EXACT, _date: DATE}
)


def _modes_of(normalizers: Mapping[str, Callable[[str], str]]) -> dict[str, str]:
    """The repeat-matching mode of each label, from its normaliser (text by default)."""
    return {
        label: mode
        for label, normalizer in normalizers.items()
        if (mode := _SURFACE_MODES.get(normalizer, TEXT)) != TEXT
    }


@functools.lru_cache(maxsize=16)
def _echo_finder(max_index: int) -> Callable[[str], Iterator[re.Match[str]]]:
    """``finditer`` of the echoed-placeholder pattern (compiled once per ``max_index``)."""
    return re.compile(echoed_placeholder_pattern(MAX_LABEL_LENGTH, max_index)).finditer


DEFAULT_NORMALIZERS: Final[Mapping[str, Callable[[str], str]]] = MappingProxyType(
    {
        "EMAIL": _email,
        "CREDIT_CARD": _digits,
        "PHONE": _digits,
        "US_SSN": _digits,
        "DE_TAX_ID": _digits,
        "IBAN": _alnum_upper,
        "DATE_OF_BIRTH": _date,
        "API_KEY": _exact,
        "JWT": _exact,
        "PRIVATE_KEY": _exact,
    }
)


@final
class Vault:
    """Issues placeholders for one request or session and maps them back.

    ``max_index`` bounds ``N`` in ``[LABEL_N]`` (and so the longest placeholder);
    ``normalizers`` overrides the per-label normalisation (label -> function);
    ``numbering`` makes it a session vault whose new values are numbered there.
    """

    __slots__ = (
        "_by_key",
        "_counters",
        "_echo_finder",
        "_index",
        "_issued",
        "_journal",
        "_key_of",
        "_label_of",
        "_labels",
        "_max_index",
        "_normalizers",
        "_numbering",
        "_relink",
        "_reserved",
        "_surface",
    )

    def __init__(
        self,
        *,
        max_index: int = 99999,
        normalizers: Mapping[str, Callable[[str], str]] | None = None,
        numbering: Numbering | None = None,
    ) -> None:
        if max_index < 1:
            raise ValueError(f"max_index must be at least 1, got {max_index}")
        self._max_index = max_index
        self._numbering = numbering
        self._journal: list[JournalEntry] = []
        # placeholder -> its normalised key (to check the store's answers against).
        self._key_of: dict[str, tuple[str, str]] = {}
        self._normalizers: dict[str, Callable[[str], str]] = dict(DEFAULT_NORMALIZERS)
        if normalizers:
            self._normalizers.update(normalizers)
        self._by_key: dict[tuple[str, str], str] = {}
        # (label, raw value) -> placeholder: repeats skip normalising and indexing.
        self._issued: dict[tuple[str, str], str] = {}
        self._relink: dict[str, str] = {}
        self._surface: dict[str, str] = {}
        self._counters: dict[str, int] = {}
        self._reserved: set[str] = set()
        # Labels already checked against the grammar (the check is on the hot path).
        self._labels: set[str] = set()
        self._label_of: dict[str, str] = {}
        # The repeat matcher finds what each label's normaliser would merge (see
        # pipelines.surface); a normaliser it does not know is matched as text.
        self._index = SurfaceIndex(modes=_modes_of(self._normalizers))
        self._echo_finder = _echo_finder(max_index)

    # -- input side ------------------------------------------------------------------

    def reserve(self, texts: Iterable[str]) -> None:
        """Mark every placeholder-shaped literal in ``texts`` as never to be issued.

        Besides the exact grammar this covers every form the egress filter relinks as an
        echo (``[email_1]``, ``\\[EMAIL\\_1\\]``): their canonical placeholder is
        reserved, so the model repeating what the user wrote is never turned into a
        real value.  A literal whose canonical form this vault already issued (a
        session's earlier turn echoed back with ``relink: false``) stays relinkable: it
        is ours.
        """
        echoes = self._echo_finder
        for text in texts:
            # Every placeholder form contains "[": most texts are skipped by one scan.
            if "[" not in text:
                continue
            for match in find_placeholders(text):
                literal = match.group(0)
                if literal not in self._relink:
                    self._reserved.add(literal)
            for match in echoes(text):
                canonical = canonical_placeholder(match.group(0))
                if canonical is not None and canonical not in self._relink:
                    self._reserved.add(canonical)

    def issue(self, label: str, value: str) -> str:
        """Return the placeholder for ``value`` of type ``label``, issuing one if new.

        Raises ``ValueError`` for a malformed label, an empty value or a value that
        contains placeholder-shaped text (it would make relinking ambiguous), and
        :class:`~pipelines.errors.VaultFull` when ``label`` has used up ``max_index``.
        """
        # The same raw value again (a name mentioned twice): its answer cannot change.
        known = self._issued.get((label, value))
        if known is not None:
            return known
        self._check(label, value)
        key = (label, self._key(label, value))
        placeholder = self._by_key.get(key)
        if placeholder is None:
            if self._numbering is not None:
                raise RuntimeError("a session vault numbers in allocate(); call it first")
            placeholder = self._next_placeholder(label)
            self._bind(key, placeholder, value)
        else:
            self._remember(value, placeholder)
        self._issued[(label, value)] = placeholder
        return placeholder

    async def allocate(self, pairs: Iterable[tuple[str, str]]) -> None:
        """Number every new ``(label, value)`` of ``pairs`` (in order) before any is issued.

        A request-scoped vault numbers in :meth:`issue` itself, so this does nothing.  A
        session vault asks its :class:`Numbering` once for all values it does not know,
        with the numbers reserved by literals in this request's input, and binds the
        answers.  Raises like :meth:`issue`, and :class:`~pipelines.errors.SessionConflict`
        when the store's answer contradicts what the vault holds (a number bound to
        another value, or one this request's input reserves).
        """
        numbering = self._numbering
        if numbering is None:
            return
        wanted: dict[tuple[str, str], str] = {}
        for label, value in pairs:
            if (label, value) in self._issued:
                continue
            self._check(label, value)
            key = (label, self._key(label, value))
            if key not in self._by_key and key not in wanted:
                wanted[key] = value
        if not wanted:
            return
        reserved: dict[str, set[int]] = {}
        for literal in self._reserved:
            parsed = parse_placeholder(literal)
            if parsed is not None:
                reserved.setdefault(parsed[0], set()).add(parsed[1])
        labels = {label for label, _ in wanted}
        numbers = await numbering.number(
            list(wanted),
            {label: frozenset(reserved[label]) for label in labels if label in reserved},
            self._max_index,
        )
        if len(numbers) != len(wanted):
            raise SessionConflict("the session store answered with the wrong number of numbers")
        for (key, value), number in zip(wanted.items(), numbers, strict=True):
            label = key[0]
            if number == 0:
                raise VaultFull(
                    f"label {label} has no placeholder numbers left (max_index {self._max_index})"
                )
            placeholder = format_placeholder(label, number)
            if placeholder in self._reserved:
                raise SessionConflict(
                    "another request of the session took a number this request's input uses"
                )
            bound = self._key_of.get(placeholder)
            if bound is not None and bound != key:
                raise SessionConflict("the session store's numbering disagrees with the vault")
            if bound is None:
                self._bind(key, placeholder, value)

    def restore(self, entries: Iterable[JournalEntry]) -> None:
        """Replay a session's journal (its records, in order) into this fresh vault.

        Replayed entries are not journalled again.  A value bound twice (two requests
        numbered it at once and both recorded it) keeps its first spelling; the second
        becomes a surface form.
        """
        journal_length = len(self._journal)
        for kind, placeholder, text in entries:
            parsed = parse_placeholder(placeholder)
            if parsed is None or not text:
                raise ValueError("a session record holds no placeholder or no text")
            if kind == "value" and placeholder not in self._relink:
                label = parsed[0]
                self._labels.add(label)
                self._issued.setdefault((label, text), placeholder)
                self._bind((label, self._key(label, text)), placeholder, text)
            elif placeholder in self._relink:
                self._remember(text, placeholder)
            else:
                raise ValueError("a session record names a placeholder it never bound")
        del self._journal[journal_length:]

    def take_journal(self) -> list[JournalEntry]:
        """What the vault learned since the last call (or since it was restored)."""
        journal = self._journal
        self._journal = []
        return journal

    def add_surface_form(self, surface: str, placeholder: str) -> None:
        """Record another raw spelling of an issued value (``ALICE`` for ``Alice``).

        The chain calls this when it replaces an occurrence no detector reported, so the
        egress filter redacts that spelling too.  The first placeholder of a surface
        form wins.
        """
        if placeholder not in self._relink:
            raise ValueError("not a placeholder issued by this vault")
        self._remember(surface, placeholder)

    # -- output side -----------------------------------------------------------------

    def lookup(self, placeholder: str) -> str | None:
        """The value ``placeholder`` stands for (first surface form seen), or None."""
        return self._relink.get(placeholder)

    def placeholder_of(self, label: str, value: str) -> str | None:
        """The placeholder already issued for ``value`` of type ``label``, or None."""
        return self._by_key.get((label, self._key(label, value)))

    @property
    def relink_map(self) -> Mapping[str, str]:
        """Placeholder -> original value, in issue order (a read-only view)."""
        return MappingProxyType(self._relink)

    @property
    def surface_forms(self) -> Mapping[str, str]:
        """Every raw surface form seen -> its placeholder (a read-only view)."""
        return MappingProxyType(self._surface)

    @property
    def reserved(self) -> frozenset[str]:
        """The placeholder-shaped literals found in the input, never issued."""
        return frozenset(self._reserved)

    @property
    def surface_index(self) -> SurfaceIndex:
        """The surface forms indexed for finding repeats (used by the chain)."""
        return self._index

    @property
    def max_index(self) -> int:
        """The highest ``N`` this vault will issue for a label."""
        return self._max_index

    def __len__(self) -> int:
        return len(self._relink)

    def __repr__(self) -> str:
        per_label: dict[str, int] = {}
        for label, _ in self._by_key:
            per_label[label] = per_label.get(label, 0) + 1
        counts = ", ".join(f"{label}={n}" for label, n in sorted(per_label.items()))
        return f"<Vault {len(self._relink)} issued ({counts}), {len(self._reserved)} reserved>"

    # -- internals -------------------------------------------------------------------

    def _check(self, label: str, value: str) -> None:
        if label not in self._labels:
            if not LABEL_RE.match(label):
                raise ValueError("invalid placeholder label")
            self._labels.add(label)
        if not value:
            raise ValueError("cannot issue a placeholder for an empty value")
        if "[" in value and next(find_placeholders(value), None) is not None:
            raise ValueError("cannot issue a placeholder for placeholder-shaped text")

    def _bind(self, key: tuple[str, str], placeholder: str, value: str) -> None:
        self._by_key.setdefault(key, placeholder)
        self._key_of[placeholder] = key
        self._relink[placeholder] = value
        self._label_of[placeholder] = key[0]
        self._journal.append(("value", placeholder, value))
        if value not in self._surface:
            self._surface[value] = placeholder
            self._index.add(value, placeholder, key[0])

    def _remember(self, surface: str, placeholder: str) -> None:
        if surface not in self._surface:
            self._surface[surface] = placeholder
            self._index.add(surface, placeholder, self._label_of[placeholder])
            self._journal.append(("surface", placeholder, surface))

    def _key(self, label: str, value: str) -> str:
        normalizer = self._normalizers.get(label, normalize_text)
        # The value as the views read it (pipelines.canon): respellings are one value.
        key = normalizer(canonical_text(value))
        # A value that normalises to nothing ("---" as a phone number) must not merge
        # with every other such value: fall back to its exact text, marked apart.
        return key if key else "\x00" + value

    def _next_placeholder(self, label: str) -> str:
        index = self._counters.get(label, 0)
        while True:
            index += 1
            if index > self._max_index:
                raise VaultFull(
                    f"label {label} has no placeholder numbers left (max_index {self._max_index})"
                )
            placeholder = format_placeholder(label, index)
            if placeholder not in self._reserved:
                self._counters[label] = index
                return placeholder
