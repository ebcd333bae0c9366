"""Sealing under hostile inputs (#13): associated data binds tenant and session id.

Generated: any two sessions (tenant and id: any text, surrogates included), any bytes
in place of a wrapped key or a record, any single change to a genuine one.  The
oracle is the contract itself, not the implementation: a blob opens only for the
session it was sealed for and only unaltered; everything else is a
``SessionKeyError`` (never another exception, never a wrong plaintext).
"""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from pipelines.errors import SessionKeyError
from pipelines.sealing import KeyRing, RootKey

RING = KeyRing([RootKey("k2", bytes(range(32, 64))), RootKey("k1", bytes(range(32)))],
               b"n" * 32)
TEXT = st.text(st.characters(codec=None), max_size=24)  # surrogates too
SESSIONS = st.tuples(TEXT, TEXT)


@settings(max_examples=150, deadline=None)
@given(here=SESSIONS, there=SESSIONS, plaintext=st.binary(max_size=64))
def test_a_blob_opens_only_for_its_own_session(
    here: tuple[str, str], there: tuple[str, str], plaintext: bytes
) -> None:
    """Distinct (tenant, id) pairs have distinct names; a wrapped key and a record
    sealed for one never open for the other, and do open for their own."""
    assume(here != there)
    name, other = RING.name(*here), RING.name(*there)
    assert name != other and name != RING.alias_name(*here)
    keys, wrapped = RING.create(name)
    record = keys.seal(plaintext)
    assert RING.unwrap(wrapped, name).open(record) == plaintext
    with pytest.raises(SessionKeyError):
        RING.unwrap(wrapped, other)
    foreign, _ = RING.create(other)
    with pytest.raises(SessionKeyError):
        foreign.open(record)


@settings(max_examples=150, deadline=None)
@given(blob=st.binary(max_size=120))
def test_any_bytes_as_a_wrapped_key_or_record_are_refused_cleanly(blob: bytes) -> None:
    """Arbitrary bytes: SessionKeyError, never an IndexError or ValueError."""
    name = RING.name("client:app", "s1")
    keys, _ = RING.create(name)
    with pytest.raises(SessionKeyError):
        RING.unwrap(blob, name)
    with pytest.raises(SessionKeyError):
        keys.open(blob)


@settings(max_examples=150, deadline=None)
@given(data=st.data(), plaintext=st.binary(max_size=64))
def test_any_change_to_a_genuine_blob_is_refused(data: st.DataObject, plaintext: bytes
                                                 ) -> None:
    """One byte flipped, one cut off or one added, anywhere: refused."""
    name = RING.name("client:app", "s1")
    keys, wrapped = RING.create(name)
    record = keys.seal(plaintext)
    for blob, opens in ((wrapped, lambda b: RING.unwrap(b, name)), (record, keys.open)):
        position = data.draw(st.integers(0, len(blob) - 1))
        change = data.draw(st.sampled_from(["flip", "cut", "add"]))
        if change == "flip":
            bit = data.draw(st.integers(0, 7))
            altered = blob[:position] + bytes([blob[position] ^ (1 << bit)]) + blob[position + 1:]
        elif change == "cut":
            altered = blob[:position] + blob[position + 1:]
        else:
            altered = blob[:position] + data.draw(st.binary(min_size=1, max_size=1)) + \
                blob[position:]
        with pytest.raises(SessionKeyError):
            opens(altered)
