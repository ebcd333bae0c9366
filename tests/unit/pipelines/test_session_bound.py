"""A session is bounded: no request takes it past ``max_records`` records (#13 hardening).

Every open restores (opens and replays) the whole journal on the event loop, so without
a bound one client could make every request of its session arbitrarily slow for
everybody (measured before the bound: a 10,000-value session took 1.2 s of loop time to
open, 50,000 took 6.7 s, machine busy).  The property generates request sequences with
new and repeated values; the oracle counts distinct values itself.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pipelines.chain import Chain
from pipelines.errors import RequestError
from pipelines.sealing import KeyRing
from pipelines.sessions import Lifetime, open_session
from proxy.session_memory import MemoryStore
from tests.conftest import EMAIL_PATTERN, PatternDetector

LIFE = Lifetime(60.0, 600.0)
LIMIT = 6


async def _records(store: MemoryStore) -> int:
    """How many records the store holds for the session (the bound is on these)."""
    return len((await store.open("s" * 32, b"g" * 16, b"k", LIFE)).records)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.lists(st.tuples(st.integers(0, 14), st.booleans()), max_size=5),
                min_size=1, max_size=8))
async def test_a_request_is_refused_exactly_when_it_would_pass_the_bound(
    turns: list[list[tuple[int, bool]]]
) -> None:
    """Each turn names some of 15 addresses, some in capitals (another spelling of the
    same value): refused iff its new values would take the session past LIMIT records;
    a refused turn adds nothing; the session never holds more than LIMIT records and
    always every value a passed turn brought."""
    store, keyring = MemoryStore(), KeyRing.ephemeral()
    chain = Chain([PatternDetector("emails", "EMAIL", EMAIL_PATTERN)])
    held: set[int] = set()
    for numbers in turns:
        session = await open_session(store, keyring, "s" * 32, LIFE, max_index=999,
                                     max_records=LIMIT)
        text = " ".join(f"u{n}@example.com".upper() if loud else f"u{n}@example.com"
                        for n, loud in numbers) or "hello"
        await chain.sanitize([text], session.vault)
        new = {n for n, _ in numbers} - held
        before = await _records(store)
        if before + len(new) > LIMIT:
            try:
                await session.commit()
            except RequestError as exc:
                assert (exc.status, exc.code) == (400, "session_full")
                assert str(LIMIT) in exc.message and "@" not in exc.message
            else:
                raise AssertionError("the bound was passed")
            assert await _records(store) == before
        else:
            await session.commit()
            held |= new
            assert before + len(new) <= await _records(store) <= LIMIT
    reopened = await open_session(store, keyring, "s" * 32, LIFE, max_index=999)
    assert {int(value[1:].split("@")[0]) for value in reopened.vault.relink_map.values()} \
        == held
