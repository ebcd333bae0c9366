"""Session vaults: restored from sealed records, numbered in the store, committed back.

The store here is the in-process :class:`~proxy.session_memory.MemoryStore`; the same
behaviour against a real Redis is in ``tests/e2e/test_sessions_redis.py`` and the
store protocol itself is checked in ``tests/property/test_session_store_state.py``.
"""

from __future__ import annotations

import pytest

from pipelines.chain import Chain
from pipelines.errors import SessionConflict, SessionKeyError, VaultFull
from pipelines.sealing import KeyRing
from pipelines.sessions import (
    Lifetime,
    Session,
    decode_record,
    encode_record,
    open_session,
)
from proxy.session_memory import MemoryStore
from tests.conftest import EMAIL_PATTERN, ListDetector, PatternDetector

LIFE = Lifetime(60.0, 600.0)
NAME_LIST = ["Zorblax Quint"]


def chain() -> Chain:
    """E-mails everywhere; one name, but only where the list detector sees it."""
    return Chain([
        PatternDetector("emails", "EMAIL", EMAIL_PATTERN),
        ListDetector("names", "PERSON", NAME_LIST),
    ])


async def turn(store: MemoryStore, keyring: KeyRing, text: str, *, name: str = "s" * 32,
               max_index: int = 999) -> tuple[str, Session]:
    """Open the session, sanitise ``text`` in it, commit; the sanitised text."""
    session = await open_session(store, keyring, name, LIFE, max_index=max_index)
    result = await chain().sanitize([text], session.vault)
    await session.commit()
    return result.texts[0], session


async def test_numbers_stay_stable_and_known_values_are_masked_in_later_turns() -> None:
    """Turn 2 reuses turn 1's numbers; a value found once is masked without detection."""
    store, keyring = MemoryStore(), KeyRing.ephemeral()
    first, session = await turn(store, keyring, "Zorblax Quint: a@x.example, b@y.example")
    assert first == "[PERSON_1]: [EMAIL_1], [EMAIL_2]"
    assert session.created
    # "ZORBLAX  QUINT" is not in the list: only the session's vault knows it.
    second, session = await turn(store, keyring, "B@Y.EXAMPLE and ZORBLAX  QUINT, c@z.example")
    assert second == "[EMAIL_2] and [PERSON_1], [EMAIL_3]"
    assert not session.created
    _, session = await turn(store, keyring, "hello")
    assert dict(session.vault.relink_map) == {
        "[PERSON_1]": "Zorblax Quint", "[EMAIL_1]": "a@x.example",
        "[EMAIL_2]": "b@y.example", "[EMAIL_3]": "c@z.example",
    }
    # Every spelling seen is remembered (the egress filter redacts them too).
    assert session.vault.surface_forms["ZORBLAX  QUINT"] == "[PERSON_1]"
    assert session.vault.surface_forms["B@Y.EXAMPLE"] == "[EMAIL_2]"


async def test_a_literal_placeholder_is_reserved_for_the_whole_session() -> None:
    """[EMAIL_1] written by the user in turn 1 is never issued, also in later turns."""
    store, keyring = MemoryStore(), KeyRing.ephemeral()
    first, _ = await turn(store, keyring, "literal [EMAIL_1] and a@x.example")
    assert first == "literal [EMAIL_1] and [EMAIL_2]"
    second, session = await turn(store, keyring, "now b@y.example")
    assert second == "now [EMAIL_3]"
    assert session.vault.lookup("[EMAIL_1]") is None


async def test_restored_vault_equals_the_vault_that_wrote_it() -> None:
    """Relink map, surface forms and placeholder_of survive a round trip through records."""
    store, keyring = MemoryStore(), KeyRing.ephemeral()
    _, written = await turn(store, keyring, "Zorblax Quint a@x.example A@X.EXAMPLE b@y.example")
    _, reread = await turn(store, keyring, "")
    assert dict(reread.vault.relink_map) == dict(written.vault.relink_map)
    assert dict(reread.vault.surface_forms) == dict(written.vault.surface_forms)
    assert reread.vault.placeholder_of("EMAIL", "a@X.example") == "[EMAIL_1]"


async def test_records_round_trip_and_decode_refuses_garbage() -> None:
    """encode/decode are inverse; a malformed plaintext is a SessionKeyError."""
    for entry in [("value", "[EMAIL_1]", "a@x.example"), ("surface", "[P_2]", "x\x00y é")]:
        assert decode_record(encode_record(entry)) == entry  # type: ignore[arg-type]
    for bad in (b"", b"x[EMAIL_1]\x00v", b"v[EMAIL_1]"):
        with pytest.raises(SessionKeyError):
            decode_record(bad)


async def test_a_tampered_record_refuses_the_session() -> None:
    """A record altered in the store fails to open: SessionKeyError, not garbage."""
    store, keyring = MemoryStore(), KeyRing.ephemeral()
    await turn(store, keyring, "a@x.example")
    stored = store._sessions["s" * 32]
    stored.records[0] = stored.records[0][:-1] + bytes([stored.records[0][-1] ^ 1])
    with pytest.raises(SessionKeyError):
        await turn(store, keyring, "again")


async def test_a_session_ended_meanwhile_is_a_conflict_not_a_silent_write() -> None:
    """Numbering or committing into a session ended (or recreated) since open fails."""
    store, keyring = MemoryStore(), KeyRing.ephemeral()
    session = await open_session(store, keyring, "s" * 32, LIFE, max_index=99)
    assert await store.end("s" * 32)
    with pytest.raises(SessionConflict):
        await chain().sanitize(["a@x.example"], session.vault)
    session = await open_session(store, keyring, "s" * 32, LIFE, max_index=99)
    await chain().sanitize(["a@x.example"], session.vault)
    await store.end("s" * 32)
    await open_session(store, keyring, "s" * 32, LIFE, max_index=99)  # a new generation
    with pytest.raises(SessionConflict):
        await session.commit()


async def test_concurrent_requests_share_numbers_and_conflict_on_a_taken_literal() -> None:
    """Two open copies of one session: numbers agree; a number one took that the other's
    input holds as a literal is a conflict (never one placeholder for two things)."""
    store, keyring = MemoryStore(), KeyRing.ephemeral()
    name = "s" * 32
    left = await open_session(store, keyring, name, LIFE, max_index=99)
    right = await open_session(store, keyring, name, LIFE, max_index=99)
    a = await chain().sanitize(["a@x.example then b@y.example"], left.vault)
    b = await chain().sanitize(["b@y.example, c@z.example, a@x.example"], right.vault)
    assert a.texts == ("[EMAIL_1] then [EMAIL_2]",)
    assert b.texts == ("[EMAIL_2], [EMAIL_3], [EMAIL_1]",)
    late = await open_session(store, keyring, name, LIFE, max_index=99)
    fresh = await open_session(store, keyring, name, LIFE, max_index=99)
    await chain().sanitize(["d@w.example"], fresh.vault)  # takes EMAIL_4
    with pytest.raises(SessionConflict, match="took a number"):
        await chain().sanitize(["[EMAIL_4] is mine, d@w.example"], late.vault)


async def test_labels_run_out_through_the_store() -> None:
    """The store's 0 (no number left under max_index) is VaultFull."""
    store, keyring = MemoryStore(), KeyRing.ephemeral()
    session = await open_session(store, keyring, "s" * 32, LIFE, max_index=2)
    with pytest.raises(VaultFull):
        await chain().sanitize(["a@x.example b@y.example c@z.example"], session.vault)


async def test_a_session_vault_refuses_issue_without_allocate() -> None:
    """issue() of an unknown value on a session vault is a programming error."""
    session = await open_session(MemoryStore(), KeyRing.ephemeral(), "s" * 32, LIFE,
                                 max_index=9)
    with pytest.raises(RuntimeError, match="allocate"):
        session.vault.issue("EMAIL", "a@x.example")
    await session.vault.allocate([("EMAIL", "a@x.example")])
    assert session.vault.issue("EMAIL", "A@x.example") == "[EMAIL_1]"
    assert "a@x.example" not in repr(session) and "EMAIL=1" in repr(session)
