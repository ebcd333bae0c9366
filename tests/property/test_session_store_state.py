"""The session store protocol, as a state machine checked against a plain model.

Every operation of :class:`pipelines.sessions.SessionStore` (open, number, append,
rewrap, end, link, resolve) runs on the real store and on :class:`Model`, a few lines
of dicts written from the protocol's docstrings and sharing no code with either
store.  Both the memory store and a real ``redis-server`` must answer exactly as the
model does, including conflicts for stale generations and 0 for a full label; the
invariant checks what numbering promises on its own: within a session and label, no
two values share a number.  Time does not pass here (expiry is tested elsewhere).
"""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Coroutine
from dataclasses import dataclass, field
from typing import Any, TypeVar

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule, run_state_machine_as_test

from pipelines.errors import SessionConflict
from pipelines.sessions import Lifetime, SessionStore
from proxy.config_sessions import RedisConfig
from proxy.session_memory import MemoryStore
from proxy.session_redis import RedisStore
from tests.redis_server import RedisServer

_T = TypeVar("_T")
LIFE = Lifetime(3600.0, 7200.0)
MAX_INDEX = 5
NAMES = st.sampled_from(["s1", "s2", "s3"])
LABELS = st.sampled_from([b"L-email", b"L-phone"])
VALUES = st.sampled_from([bytes([65 + i]) * 16 for i in range(8)])
GENERATIONS = st.sampled_from([b"g1", b"g2", b"g3"])
RECORDS = st.lists(st.binary(min_size=1, max_size=24), max_size=3)


@dataclass
class ModelSession:
    """One session in the model."""

    generation: bytes
    wrapped: bytes
    records: list[bytes] = field(default_factory=list)
    numbers: dict[bytes, tuple[bytes, int]] = field(default_factory=dict)
    reserved: set[tuple[bytes, int]] = field(default_factory=set)


class Model:
    """What the protocol says, with no cleverness."""

    def __init__(self) -> None:
        self.sessions: dict[str, ModelSession] = {}
        self.aliases: dict[str, str] = {}

    def number(self, session: ModelSession, items: list[tuple[bytes, bytes]],
               reserved: list[tuple[bytes, int]]) -> list[int]:
        """Numbers as the protocol defines them."""
        session.reserved.update(reserved)
        out = []
        for value, label in items:
            if value in session.numbers:
                out.append(session.numbers[value][1])
                continue
            used = [n for lab, n in session.numbers.values() if lab == label]
            candidate = max(used, default=0) + 1
            while (label, candidate) in session.reserved:
                candidate += 1
            if candidate > MAX_INDEX:
                out.append(0)
            else:
                session.numbers[value] = (label, candidate)
                out.append(candidate)
        return out


class StoreMachine(RuleBasedStateMachine):
    """Drives one store and the model with the same operations."""

    def __init__(self, make_store: Any) -> None:
        super().__init__()
        self.loop = asyncio.new_event_loop()
        self.store: SessionStore = make_store()
        self.model = Model()

    def run(self, coro: Coroutine[Any, Any, _T]) -> _T:
        """Run one store call to completion."""
        return self.loop.run_until_complete(coro)

    def teardown(self) -> None:
        """Close the store's connections and the loop."""
        closer = getattr(self.store, "aclose", None)
        if closer is not None:
            self.run(closer())
        self.loop.close()

    def conflict_expected(self, name: str, generation: bytes) -> bool:
        """Whether a write with ``generation`` must be refused."""
        session = self.model.sessions.get(name)
        return session is None or session.generation != generation

    @rule(name=NAMES, generation=GENERATIONS, wrapped=st.binary(min_size=1, max_size=8))
    def open(self, name: str, generation: bytes, wrapped: bytes) -> None:
        """open creates once, then returns what is stored, records in order."""
        got = self.run(self.store.open(name, generation, wrapped, LIFE))
        session = self.model.sessions.get(name)
        created = session is None
        if session is None:
            session = self.model.sessions[name] = ModelSession(generation, wrapped)
        assert got.created == created
        assert (got.generation, got.wrapped_key) == (session.generation, session.wrapped)
        assert list(got.records) == session.records

    @rule(name=NAMES, generation=GENERATIONS,
          items=st.lists(st.tuples(VALUES, LABELS), max_size=6),
          reserved=st.lists(st.tuples(LABELS, st.integers(1, MAX_INDEX + 1)), max_size=3))
    def number(self, name: str, generation: bytes, items: list[tuple[bytes, bytes]],
               reserved: list[tuple[bytes, int]]) -> None:
        """number agrees with the model, or both refuse a stale generation."""
        # One value tag belongs to one label (tags hash the label in): keep the first.
        labels = {value: label for value, label in reversed(items)}
        for session in self.model.sessions.values():
            for value, (label, _) in session.numbers.items():
                labels[value] = label
        items = [(value, labels[value]) for value, _ in items]
        if self.conflict_expected(name, generation):
            try:
                self.run(self.store.number(name, generation, items, reserved, MAX_INDEX))
            except SessionConflict:
                return
            raise AssertionError("a stale generation was allowed to number")
        got = self.run(self.store.number(name, generation, items, reserved, MAX_INDEX))
        assert got == self.model.number(self.model.sessions[name], items, reserved)

    @rule(name=NAMES, generation=GENERATIONS, records=RECORDS)
    def append(self, name: str, generation: bytes, records: list[bytes]) -> None:
        """append adds to the end, or both refuse a stale generation."""
        if self.conflict_expected(name, generation):
            try:
                self.run(self.store.append(name, generation, records))
            except SessionConflict:
                return
            raise AssertionError("a stale generation was allowed to append")
        self.run(self.store.append(name, generation, records))
        self.model.sessions[name].records.extend(records)

    @rule(name=NAMES, generation=GENERATIONS, wrapped=st.binary(min_size=1, max_size=8))
    def rewrap(self, name: str, generation: bytes, wrapped: bytes) -> None:
        """rewrap replaces the key of the current generation only."""
        expected = not self.conflict_expected(name, generation)
        assert self.run(self.store.rewrap(name, generation, wrapped)) == expected
        if expected:
            self.model.sessions[name].wrapped = wrapped

    @rule(name=NAMES)
    def end(self, name: str) -> None:
        """end deletes; it says whether there was something to delete."""
        assert self.run(self.store.end(name)) == (self.model.sessions.pop(name, None) is not None)

    @rule(alias=st.sampled_from(["a1", "a2"]), name=NAMES)
    def link(self, alias: str, name: str) -> None:
        """link points an alias at a name (the session need not exist)."""
        self.run(self.store.link(alias, name, LIFE))
        self.model.aliases[alias] = name

    @rule(alias=st.sampled_from(["a1", "a2", "a3"]))
    def resolve(self, alias: str) -> None:
        """resolve returns the last name linked, or None."""
        assert self.run(self.store.resolve(alias, LIFE)) == self.model.aliases.get(alias)

    @invariant()
    def one_number_one_value(self) -> None:
        """Within a session and label, no number is given to two values."""
        for session in self.model.sessions.values():
            pairs = list(session.numbers.values())
            assert len(pairs) == len(set(pairs))


_SETTINGS = settings(deadline=None, stateful_step_count=25,
                     suppress_health_check=[HealthCheck.too_slow])


def test_memory_store_follows_the_protocol() -> None:
    """The memory store behaves as the model in every generated run."""
    run_state_machine_as_test(lambda: StoreMachine(MemoryStore),  # type: ignore[arg-type]  # any factory is fine
                              settings=settings(_SETTINGS, max_examples=60))


def test_redis_store_follows_the_protocol(redis_server: RedisServer) -> None:
    """A real redis-server behind RedisStore behaves as the model in every run."""

    def make() -> RedisStore:
        prefix = f"prop-{uuid.uuid4().hex[:8]}:"
        return RedisStore(RedisConfig(url=redis_server.url, prefix=prefix), call_timeout_s=5.0)

    run_state_machine_as_test(lambda: StoreMachine(make),  # type: ignore[arg-type]  # any factory is fine
                              settings=settings(_SETTINGS, max_examples=30))
