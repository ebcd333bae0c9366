"""Envelope sealing of sessions: wrapping, rotation, binding, tags and names."""

from __future__ import annotations

import os

import pytest

from pipelines.errors import SessionKeyError
from pipelines.sealing import KeyRing, RootKey

K1 = RootKey("k1", bytes(range(32)))
K2 = RootKey("k2", bytes(range(32, 64)))
NAME_SECRET = b"n" * 32


def ring(*keys: RootKey) -> KeyRing:
    """A ring over ``keys`` (first is current) with the shared name secret."""
    return KeyRing(list(keys), NAME_SECRET)


def test_a_wrapped_key_opens_and_seals_records_for_its_session() -> None:
    """create + unwrap give the same data key: a record sealed by one opens with the other."""
    keys, wrapped = ring(K1).create("a" * 32)
    reopened = ring(K1).unwrap(wrapped, "a" * 32)
    blob = keys.seal(b"value record")
    assert reopened.open(blob) == b"value record"
    assert reopened.key_id == "k1"
    assert b"value record" not in blob


def test_rotation_keeps_old_sessions_and_rewraps_with_the_current_key() -> None:
    """After rotation ([k2, k1]) a k1 session opens; rewrapped it opens with [k2] alone."""
    name = "b" * 32
    old_keys, wrapped = ring(K1).create(name)
    rotated = ring(K2, K1)
    keys = rotated.unwrap(wrapped, name)
    assert keys.key_id == "k1"
    rewrapped = rotated.rewrap(keys, name)
    only_new = ring(K2).unwrap(rewrapped, name)
    assert only_new.key_id == "k2"
    assert only_new.open(old_keys.seal(b"x")) == b"x"


def test_a_retired_key_id_is_a_clear_error() -> None:
    """A key wrapped by an id the ring lacks names that id and the configured ones."""
    _, wrapped = ring(K1).create("c" * 32)
    with pytest.raises(SessionKeyError, match=r"root key 'k1', which is not configured "
                                              r"\(configured: k2\)"):
        ring(K2).unwrap(wrapped, "c" * 32)


def test_a_wrong_secret_under_the_same_id_is_a_clear_error() -> None:
    """Same id, other bytes: the message says the key under that id is wrong."""
    _, wrapped = ring(K1).create("d" * 32)
    impostor = RootKey("k1", os.urandom(32))
    with pytest.raises(SessionKeyError, match="does not open with root key 'k1'"):
        ring(impostor).unwrap(wrapped, "d" * 32)


def test_a_wrapped_key_or_record_moved_to_another_session_fails_to_open() -> None:
    """Associated data binds both to the session's name (tenant and id)."""
    keyring = ring(K1)
    here, there = keyring.name("tenant-a", "s1"), keyring.name("tenant-b", "s1")
    keys, wrapped = keyring.create(here)
    with pytest.raises(SessionKeyError):
        keyring.unwrap(wrapped, there)
    other, _ = keyring.create(there)
    with pytest.raises(SessionKeyError, match="sealed for another session"):
        other.open(keys.seal(b"record"))
    # Even the same data key under another name refuses a record sealed for here.
    from pipelines.sealing import SessionKeys

    moved = SessionKeys(keys._data_key, there, "k1")
    with pytest.raises(SessionKeyError):
        moved.open(keys.seal(b"record"))


def test_truncated_or_foreign_wrapped_keys_are_refused() -> None:
    """Malformed wrapped keys are a SessionKeyError, never an IndexError."""
    _, wrapped = ring(K1).create("e" * 32)
    for bad in (b"", b"\x02" + wrapped[1:], wrapped[:-1], wrapped[:3]):
        with pytest.raises(SessionKeyError):
            ring(K1).unwrap(bad, "e" * 32)


def test_names_are_keyed_hashes_separating_tenants_and_kinds() -> None:
    """Names are stable for one secret, differ per tenant, id, kind and secret."""
    keyring = ring(K1)
    name = keyring.name("client:app", "session-1")
    assert name == ring(K2).name("client:app", "session-1")  # root keys do not matter
    assert len(name) == 32 and int(name, 16) >= 0
    assert "session-1" not in name
    others = {
        keyring.name("client:other", "session-1"),
        keyring.name("client:app", "session-2"),
        keyring.alias_name("client:app", "session-1"),
        KeyRing([K1], b"m" * 32).name("client:app", "session-1"),
        # Length prefixes: ("ab", "c") and ("a", "bc") are different pairs.
        keyring.name("client:ap", "psession-1"),
    }
    assert name not in others and len(others) == 5


def test_tags_are_per_session() -> None:
    """The same value has unrelated tags in two sessions; equal within one."""
    first, _ = ring(K1).create("f" * 32)
    second, _ = ring(K1).create("f" * 32)
    assert first.tag("value", "EMAIL", "a@b.example") == first.tag("value", "EMAIL", "a@b.example")
    assert first.tag("value", "EMAIL", "a@b.example") != second.tag("value", "EMAIL", "a@b.example")
    assert first.tag("value", "EMAIL", "a") != first.tag("label", "EMAIL", "a")
    assert len(first.tag("label", "EMAIL")) == 16


def test_reprs_and_key_validation_hide_secrets() -> None:
    """No repr shows key bytes; bad ids, lengths and duplicate ids are refused."""
    assert repr(bytes(range(32))) not in repr(K1)
    assert "k1" in repr(ring(K1)) and "ephemeral" in repr(KeyRing.ephemeral())
    with pytest.raises(ValueError, match="32 bytes"):
        RootKey("k", b"short")
    with pytest.raises(ValueError, match="id"):
        RootKey("bad id", bytes(32))
    with pytest.raises(ValueError, match="unique"):
        KeyRing([K1, RootKey("k1", bytes(32))], NAME_SECRET)
    with pytest.raises(ValueError, match="at least one"):
        KeyRing([], NAME_SECRET)
