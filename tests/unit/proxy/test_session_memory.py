"""The memory session store's lifecycle: idle TTL, maximum age, LRU bound, aliases, end.

A hand-driven clock stands in for time; the numbering rules of the store are checked
against a model in ``tests/property/test_session_store_state.py``.
"""

from __future__ import annotations

import pytest

from pipelines.sessions import Lifetime
from proxy.session_memory import MemoryStore

LIFE = Lifetime(idle_ttl_s=10.0, max_age_s=25.0)


class Clock:
    """A clock that moves only when told."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        """The current time in seconds."""
        return self.now


async def test_idle_sessions_expire_and_use_keeps_them_alive() -> None:
    """Opened again within the idle time it stays; idle longer, it is new again."""
    clock = Clock()
    store = MemoryStore(clock=clock)
    first = await store.open("a", b"g1", b"k1", LIFE)
    assert first.created
    await store.append("a", b"g1", [b"r1"])
    clock.now += 9.0
    again = await store.open("a", b"g2", b"k2", LIFE)
    assert not again.created and again.generation == b"g1" and again.records == (b"r1",)
    clock.now += 10.0
    expired = await store.open("a", b"g3", b"k3", LIFE)
    assert expired.created and expired.records == () and expired.wrapped_key == b"k3"


async def test_maximum_age_ends_a_session_however_busy() -> None:
    """Opened every few seconds, a session still ends max_age after it was created."""
    clock = Clock()
    store = MemoryStore(clock=clock)
    await store.open("a", b"g1", b"k1", LIFE)
    for _ in range(4):
        clock.now += 6.0
        assert not (await store.open("a", b"gx", b"kx", LIFE)).created
    clock.now += 2.0  # 26 s after creation
    assert (await store.open("a", b"g2", b"k2", LIFE)).created


async def test_the_store_is_bounded_least_recently_used_first() -> None:
    """Past max_sessions the session opened longest ago is dropped."""
    store = MemoryStore(max_sessions=2, clock=Clock())
    for name in ("a", "b"):
        await store.open(name, b"g", b"k", LIFE)
    await store.open("a", b"g", b"k", LIFE)  # a is now the most recent
    await store.open("c", b"g", b"k", LIFE)
    assert len(store) == 2
    assert not (await store.open("a", b"g", b"k", LIFE)).created
    assert (await store.open("b", b"g", b"k", LIFE)).created


async def test_aliases_resolve_expire_and_end_removes_sessions() -> None:
    """An alias points to a session for its idle time; end reports whether it existed."""
    clock = Clock()
    store = MemoryStore(clock=clock)
    await store.open("a", b"g", b"k", LIFE)
    await store.link("alias-1", "a", LIFE)
    assert await store.resolve("alias-1", LIFE) == "a"
    assert await store.resolve("alias-2", LIFE) is None
    clock.now += 11.0
    assert await store.resolve("alias-1", LIFE) is None
    assert not await store.end("a")  # expired meanwhile
    await store.open("b", b"g", b"k", LIFE)
    assert await store.end("b")
    assert not await store.end("b")


async def test_rewrap_checks_the_generation() -> None:
    """rewrap replaces the wrapped key of the generation it was given, else False."""
    store = MemoryStore(clock=Clock())
    await store.open("a", b"g1", b"k1", LIFE)
    assert not await store.rewrap("a", b"other", b"k2")
    assert await store.rewrap("a", b"g1", b"k2")
    assert (await store.open("a", b"g9", b"k9", LIFE)).wrapped_key == b"k2"
    assert not await store.rewrap("missing", b"g1", b"k2")


def test_max_sessions_must_be_positive() -> None:
    """A store that could hold nothing is a programming error."""
    with pytest.raises(ValueError, match="at least 1"):
        MemoryStore(max_sessions=0)


async def test_resize_keeps_sessions_and_drops_the_oldest_past_a_smaller_bound() -> None:
    """A reload's new bound: growing keeps everyone, shrinking drops least recent first."""
    store = MemoryStore(max_sessions=3, clock=Clock())
    for name in ("a", "b", "c"):
        await store.open(name, b"g", b"k", LIFE)
    store.resize(10)
    assert len(store) == 3
    await store.open("a", b"g", b"k", LIFE)  # b is now the least recent
    store.resize(2)
    assert len(store) == 2
    assert not (await store.open("a", b"g", b"k", LIFE)).created
    assert not (await store.open("c", b"g", b"k", LIFE)).created
    assert (await store.open("b", b"g", b"k", LIFE)).created
    with pytest.raises(ValueError, match="at least 1"):
        store.resize(0)
