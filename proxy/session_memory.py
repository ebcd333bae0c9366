"""The in-process session store (``sessions.store: memory``, the default).

Implements :class:`pipelines.sessions.SessionStore` in a dict: each call runs without
awaiting, so it is atomic on the event loop, which is all one process needs.  It is
bounded: at most ``max_sessions`` sessions (and as many aliases) are kept, the least
recently opened one is dropped first, and a session past its idle time or its maximum
age is gone.  It holds the same sealed bytes a Redis store would, so a heap dump shows
no raw value either; the keys it seals with live in the process too (see
:meth:`pipelines.sealing.KeyRing.ephemeral`).

Sessions in memory are per process: with ``--workers`` above 1 or several hosts, use
the Redis store (the config check refuses memory there).
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import final

from pipelines.errors import SessionConflict
from pipelines.sessions import Lifetime, StoredSession

__all__ = ["MemoryStore"]


@final
@dataclass(slots=True, eq=False)
class _Stored:
    """One session (mutable; never hashed or shared outside the store)."""

    generation: bytes
    wrapped_key: bytes
    born: float
    deadline: float
    records: list[bytes] = field(default_factory=list)
    numbers: dict[bytes, int] = field(default_factory=dict)
    counters: dict[bytes, int] = field(default_factory=dict)
    reserved: set[tuple[bytes, int]] = field(default_factory=set)


@final
class MemoryStore:
    """Sessions in this process; ``clock`` (seconds, monotonic) is injectable for tests."""

    __slots__ = ("_aliases", "_clock", "_max_sessions", "_sessions")

    def __init__(
        self, *, max_sessions: int = 10_000, clock: Callable[[], float] = time.monotonic
    ) -> None:
        if max_sessions < 1:
            raise ValueError("max_sessions must be at least 1")
        self._max_sessions = max_sessions
        self._clock = clock
        self._sessions: OrderedDict[str, _Stored] = OrderedDict()
        self._aliases: OrderedDict[str, tuple[str, float]] = OrderedDict()

    def resize(self, max_sessions: int) -> None:
        """A new bound (a reload): past it the least recently opened sessions go now."""
        if max_sessions < 1:
            raise ValueError("max_sessions must be at least 1")
        self._max_sessions = max_sessions
        self._bound(self._sessions)
        self._bound(self._aliases)

    def __len__(self) -> int:
        """Sessions held (expired ones included until they are next looked at)."""
        return len(self._sessions)

    async def open(
        self, name: str, generation: bytes, wrapped_key: bytes, lifetime: Lifetime
    ) -> StoredSession:
        """See :meth:`pipelines.sessions.SessionStore.open`."""
        now = self._clock()
        stored = self._live(name, now)
        created = stored is None or now - stored.born >= lifetime.max_age_s
        if stored is None or created:
            stored = _Stored(generation, wrapped_key, now, now)
            self._sessions[name] = stored
        self._sessions.move_to_end(name)
        stored.deadline = min(now + lifetime.idle_ttl_s, stored.born + lifetime.max_age_s)
        self._bound(self._sessions)
        return StoredSession(
            stored.generation, stored.wrapped_key, tuple(stored.records), created
        )

    async def number(
        self,
        name: str,
        generation: bytes,
        items: Sequence[tuple[bytes, bytes]],
        reserved: Sequence[tuple[bytes, int]],
        max_index: int,
    ) -> list[int]:
        """See :meth:`pipelines.sessions.SessionStore.number`."""
        stored = self._current(name, generation)
        stored.reserved.update(reserved)
        numbers: list[int] = []
        for value_tag, label_tag in items:
            number = stored.numbers.get(value_tag)
            if number is None:
                number = stored.counters.get(label_tag, 0) + 1
                while (label_tag, number) in stored.reserved:
                    number += 1
                if number > max_index:
                    number = 0
                else:
                    stored.counters[label_tag] = number
                    stored.numbers[value_tag] = number
            numbers.append(number)
        return numbers

    async def append(self, name: str, generation: bytes, records: Sequence[bytes]) -> None:
        """See :meth:`pipelines.sessions.SessionStore.append`."""
        self._current(name, generation).records.extend(records)

    async def rewrap(self, name: str, generation: bytes, wrapped_key: bytes) -> bool:
        """See :meth:`pipelines.sessions.SessionStore.rewrap`."""
        stored = self._live(name, self._clock())
        if stored is None or stored.generation != generation:
            return False
        stored.wrapped_key = wrapped_key
        return True

    async def link(self, alias: str, name: str, lifetime: Lifetime) -> None:
        """See :meth:`pipelines.sessions.SessionStore.link`."""
        self._aliases[alias] = (name, self._clock() + lifetime.idle_ttl_s)
        self._aliases.move_to_end(alias)
        self._bound(self._aliases)

    async def resolve(self, alias: str, lifetime: Lifetime) -> str | None:
        """See :meth:`pipelines.sessions.SessionStore.resolve`."""
        now = self._clock()
        found = self._aliases.get(alias)
        if found is None:
            return None
        if found[1] <= now:
            del self._aliases[alias]
            return None
        self._aliases[alias] = (found[0], now + lifetime.idle_ttl_s)
        self._aliases.move_to_end(alias)
        return found[0]

    async def end(self, name: str) -> bool:
        """See :meth:`pipelines.sessions.SessionStore.end`."""
        return self._live(name, self._clock()) is not None and bool(
            self._sessions.pop(name, None)
        )

    def _live(self, name: str, now: float) -> _Stored | None:
        stored = self._sessions.get(name)
        if stored is not None and stored.deadline <= now:
            del self._sessions[name]
            return None
        return stored

    def _current(self, name: str, generation: bytes) -> _Stored:
        stored = self._live(name, self._clock())
        if stored is None or stored.generation != generation:
            raise SessionConflict("the session ended or was replaced while the request used it")
        return stored

    def _bound(self, table: OrderedDict[str, _Stored] | OrderedDict[str, tuple[str, float]]
               ) -> None:
        while len(table) > self._max_sessions:
            table.popitem(last=False)
