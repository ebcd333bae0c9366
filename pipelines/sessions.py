"""Sessions: a vault that outlives one request, kept sealed in a store (docs/design.md C4, C11).

A session is named by ``(tenant, session id)``: the same id under another client is
another session.  The store never sees either: it is addressed by
:meth:`~pipelines.sealing.KeyRing.name`, a keyed hash.  What it keeps per session:

* a *generation* (random bytes chosen when the session is created: a request that
  opened one generation never writes into a session ended and recreated meanwhile) and
  the session's data key, wrapped by a root key;
* the *journal* of its vault, one sealed record per entry, in order
  (:data:`~pipelines.vault.JournalEntry`: a placeholder bound to its first spelling, or
  another spelling of it);
* the *numbering index*: keyed tags of ``(label, normalised value)`` -> number, a counter
  and the reserved numbers per label tag.  Numbering happens in the store, atomically
  (:meth:`SessionStore.number`), so two requests of one session on two processes never
  give two values one placeholder or one value two.

The :class:`SessionStore` protocol is sans-IO in the sense of this package: its
implementations (:mod:`proxy.session_memory`, :mod:`proxy.session_redis`) do the I/O,
enforce a time limit per call and raise :class:`~pipelines.errors.SessionUnavailable`
when they cannot answer, and :class:`~pipelines.errors.SessionConflict` when the
generation they are given is not the session's any more.  Everything passed to a store
is bytes it cannot read or a name it cannot invert.

Lifecycle: every :meth:`SessionStore.open` sets the session to expire after the idle
time of the route that opened it, and never later than ``max_age`` after it was
created; a session past its maximum age is replaced by a new, empty one on open.
:meth:`SessionStore.end` deletes it at once.

Size: every open restores the whole journal (each record opened and replayed on the
event loop), so a session is bounded: :meth:`Session.commit` refuses
(:class:`~pipelines.errors.RequestError` 400 ``session_full``) a request whose new
values would take the session past ``max_records`` records, and keeps only as many new
spellings of known values as fit.  Requests of one session running at once may each pass the
check, so the bound can be overshot by what they add together, never without limit.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Final, Protocol, final, runtime_checkable

from pipelines.errors import RequestError, SessionKeyError
from pipelines.sealing import KeyRing, SessionKeys
from pipelines.vault import JournalEntry, Vault

__all__ = [
    "GENERATION_BYTES",
    "Lifetime",
    "Session",
    "SessionRef",
    "SessionStore",
    "StoredSession",
    "decode_record",
    "encode_record",
    "open_session",
]

GENERATION_BYTES: Final = 16
_KINDS: Final = {"value": b"v", "surface": b"s"}
_KIND_OF: Final = {b"v": "value", b"s": "surface"}


@final
@dataclass(frozen=True, slots=True)
class SessionRef:
    """Which session: the tenant (the client it belongs to) and the client's id for it.

    ``repr`` hides both: neither belongs in a log line.
    """

    tenant: str
    session_id: str

    def __repr__(self) -> str:
        return "SessionRef(<hidden>)"


@final
@dataclass(frozen=True, slots=True)
class Lifetime:
    """How long a session lives: idle time since its last open, and at most in all."""

    idle_ttl_s: float
    max_age_s: float

    def __post_init__(self) -> None:
        if not (self.idle_ttl_s > 0 and self.max_age_s > 0):
            raise ValueError("session lifetimes must be positive")


@final
@dataclass(frozen=True, slots=True)
class StoredSession:
    """What :meth:`SessionStore.open` returns: the session as stored, records in order."""

    generation: bytes
    wrapped_key: bytes
    records: tuple[bytes, ...]
    created: bool


@runtime_checkable
class SessionStore(Protocol):
    """Where sessions live.  Each call is atomic for its session (see the module doc)."""

    async def open(
        self, name: str, generation: bytes, wrapped_key: bytes, lifetime: Lifetime
    ) -> StoredSession:
        """The session ``name``; created with ``generation``/``wrapped_key`` if it does not
        exist or is older than ``lifetime.max_age_s``.  Either way its expiry is reset."""
        ...

    async def number(
        self,
        name: str,
        generation: bytes,
        items: Sequence[tuple[bytes, bytes]],
        reserved: Sequence[tuple[bytes, int]],
        max_index: int,
    ) -> list[int]:
        """Number ``(value tag, label tag)`` items atomically (0: label full).

        ``reserved`` ``(label tag, number)`` pairs are recorded first and never given out.
        A tag already numbered keeps its number; a new one takes its label's next free
        number.  Raises ``SessionConflict`` if the session's generation is not
        ``generation`` (ended, expired or recreated since it was opened).
        """
        ...

    async def append(self, name: str, generation: bytes, records: Sequence[bytes]) -> None:
        """Add sealed records to the end of the session's journal (generation checked)."""
        ...

    async def rewrap(self, name: str, generation: bytes, wrapped_key: bytes) -> bool:
        """Replace the wrapped data key (after a root-key rotation); False if gone."""
        ...

    async def link(self, alias: str, name: str, lifetime: Lifetime) -> None:
        """Make ``alias`` (another name) point to session ``name`` for its idle time."""
        ...

    async def resolve(self, alias: str, lifetime: Lifetime) -> str | None:
        """The session name ``alias`` points to (its expiry reset), or None."""
        ...

    async def end(self, name: str) -> bool:
        """Delete session ``name``; whether it existed."""
        ...


def encode_record(entry: JournalEntry) -> bytes:
    """A journal entry as record plaintext: kind byte, placeholder, NUL, text."""
    kind, placeholder, text = entry
    return _KINDS[kind] + placeholder.encode("ascii") + b"\x00" + text.encode(
        "utf-8", "surrogatepass"
    )


def decode_record(plaintext: bytes) -> JournalEntry:
    """The journal entry of a record plaintext (``SessionKeyError`` if malformed)."""
    kind = _KIND_OF.get(plaintext[:1])
    placeholder, sep, text = plaintext[1:].partition(b"\x00")
    if kind is None or not sep:
        raise SessionKeyError("a session record opened but is malformed")
    try:
        return kind, placeholder.decode("ascii"), text.decode("utf-8", "surrogatepass")  # type: ignore[return-value]
    except UnicodeDecodeError as exc:
        raise SessionKeyError("a session record opened but is malformed") from exc


@final
class Session:
    """One request's use of a session: its vault, and the store the vault numbers in.

    Implements :class:`~pipelines.vault.Numbering` for its vault.  ``created`` says
    whether the session was new; ``key_id`` which root key wrapped its data key.
    """

    __slots__ = ("_generation", "_keys", "_max_records", "_records", "_store", "created",
                 "name", "vault")

    def __init__(
        self,
        store: SessionStore,
        name: str,
        generation: bytes,
        keys: SessionKeys,
        *,
        created: bool,
        max_index: int,
        records: int = 0,
        max_records: int | None = None,
    ) -> None:
        self._store = store
        self._records = records  # in the journal when it was opened (and added since)
        self._max_records = max_records
        self._generation = generation
        self._keys = keys
        self.name = name
        self.created = created
        self.vault = Vault(max_index=max_index, numbering=self)

    @property
    def key_id(self) -> str:
        """The root key the session's data key was wrapped by when it was opened."""
        return self._keys.key_id

    async def number(
        self,
        items: Sequence[tuple[str, str]],
        reserved: Mapping[str, frozenset[int]],
        max_index: int,
    ) -> list[int]:
        """The store's numbers for ``(label, normalised key)`` items (keyed tags only)."""
        tags = self._keys.tag
        label_tags = {label: tags("label", label) for label, _ in items}
        return await self._store.number(
            self.name,
            self._generation,
            [(tags("value", label, key), label_tags[label]) for label, key in items],
            [
                (label_tags.get(label) or tags("label", label), number)
                for label, numbers in sorted(reserved.items())
                for number in sorted(numbers)
            ],
            max_index,
        )

    async def commit(self) -> int:
        """Seal and append what the vault learned since it was opened; the record count."""
        journal = self.vault.take_journal()
        limit = self._max_records
        if limit is not None and self._records + len(journal) > limit:
            values = [entry for entry in journal if entry[0] == "value"]
            if self._records + len(values) > limit:
                raise RequestError(
                    400, "session_full",
                    f"request refused, nothing was forwarded: the session would hold more "
                    f"than {limit} values and spellings (sessions.max_records); end it "
                    f"(DELETE /pseudogate/session) or use a new session id",
                )
            # Another spelling of a known value is not worth refusing for: it is masked
            # in this request, and found again by the repeat matcher when it recurs.
            room = limit - self._records - len(values)
            spellings = [entry for entry in journal if entry[0] != "value"][:room]
            kept = {id(entry) for entry in (*values, *spellings)}
            journal = [entry for entry in journal if id(entry) in kept]
        if journal:
            seal = self._keys.seal
            await self._store.append(
                self.name, self._generation, [seal(encode_record(entry)) for entry in journal]
            )
            self._records += len(journal)
        return len(journal)

    async def learn(self, values: Sequence[tuple[str, str]]) -> int:
        """Add ``(label, value)`` pairs found after the request (the LLM scrubber's) and commit.

        Numbered in the store like any new value, so every later turn of the session
        masks them wherever they occur; a value the session knows already keeps its
        placeholder.  Call it once the request that opened the session has ended (its
        vault must not change under a reply still being filtered).  Returns the records
        written; raises what :meth:`~pipelines.vault.Vault.allocate` and the store raise
        (``SessionConflict`` once the session was ended or recreated meanwhile).
        """
        await self.vault.allocate(values)
        for label, value in values:
            self.vault.issue(label, value)
        return await self.commit()

    def __repr__(self) -> str:
        return f"<Session {self.vault!r}>"


async def open_session(
    store: SessionStore,
    keyring: KeyRing,
    name: str,
    lifetime: Lifetime,
    *,
    max_index: int,
    max_records: int | None = None,
) -> Session:
    """Open (or create) session ``name`` and restore its vault (``max_records``: see
    :meth:`Session.commit`; None: unbounded).

    A session whose data key was wrapped by an older root key is re-wrapped by the
    current one.  Raises :class:`~pipelines.errors.SessionKeyError` when the data key or
    a record does not open, and whatever the store raises.
    """
    fresh_keys, wrapped = keyring.create(name)
    stored = await store.open(name, os.urandom(GENERATION_BYTES), wrapped, lifetime)
    if stored.created:
        keys = fresh_keys
    else:
        keys = keyring.unwrap(stored.wrapped_key, name)
        if keys.key_id != keyring.primary.id:
            await store.rewrap(name, stored.generation, keyring.rewrap(keys, name))
    session = Session(
        store, name, stored.generation, keys, created=stored.created, max_index=max_index,
        records=len(stored.records), max_records=max_records,
    )
    session.vault.restore(_entries(keys, stored.records))
    return session


def _entries(keys: SessionKeys, records: Sequence[bytes]) -> Iterator[JournalEntry]:
    for record in records:
        yield decode_record(keys.open(record))
