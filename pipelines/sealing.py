"""Sealing session data at rest (docs/design.md C11): envelope encryption with rotatable root keys.

Every session gets its own random 256-bit *data key*.  Its records are sealed with
AES-256-GCM under that key; the data key itself is stored *wrapped* (AES-256-GCM again)
by a *root key* (key-encryption key) from the config.  Each root key has an id, written
next to the wrapped key, so the ring can hold the current key (the first: it wraps new
sessions) and older ones (they still open sessions wrapped before a rotation; a session
opened with an older key is re-wrapped with the current one, so the old key can be
removed once every live session has been used or has expired).

Associated data binds every ciphertext to the session's *name*, a keyed hash of
(tenant, session id): a wrapped key or record moved to another session, or to the same
session id of another tenant, fails to open (:class:`~pipelines.errors.SessionKeyError`).

What a store sees: names (keyed hashes, never an id or tenant in clear), wrapped keys,
sealed records, and keyed *tags* for atomic numbering (HMAC under a key derived from the
session's data key, so equal values in two sessions have unrelated tags and a tag cannot
be brute-forced without the root key).  Sizes are not hidden.

Only :mod:`cryptography`'s primitives are used (AESGCM, HKDF) plus :mod:`hmac`; nothing
here is hand-rolled.  Wire format of a wrapped key: ``0x01 | len(id) | id | nonce(12) |
ciphertext+tag(48)``; of a record: ``nonce(12) | ciphertext+tag``.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final, final

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from pipelines.errors import SessionKeyError

__all__ = ["KEY_BYTES", "KEY_ID_RE", "KeyRing", "RootKey", "SessionKeys"]

KEY_BYTES: Final = 32
KEY_ID_RE: Final = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,31}\Z")
_NONCE: Final = 12
_TAG_BYTES: Final = 16
_WRAP_VERSION: Final = 1
_WRAP_AAD: Final = b"pseudogate/data-key/v1\x00"
_RECORD_AAD: Final = b"pseudogate/record/v1\x00"


def _derive(secret: bytes, info: bytes) -> bytes:
    return HKDF(algorithm=hashes.SHA256(), length=KEY_BYTES, salt=None, info=info).derive(secret)


def _field(text: str) -> bytes:
    """Length-prefixed UTF-8: (tenant, id) pairs cannot run into each other."""
    data = text.encode("utf-8", "surrogatepass")
    return len(data).to_bytes(4, "big") + data


@final
@dataclass(frozen=True, slots=True)
class RootKey:
    """A key-encryption key: its id (stored with every key it wraps) and 32 secret bytes."""

    id: str
    secret: bytes = field(repr=False)

    def __post_init__(self) -> None:
        if not KEY_ID_RE.match(self.id):
            raise ValueError("a root key id is 1-32 characters of [A-Za-z0-9._-]")
        if len(self.secret) != KEY_BYTES:
            raise ValueError(f"a root key is {KEY_BYTES} bytes")


@final
class SessionKeys:
    """One session's data key: seals and opens its records, computes its tags."""

    __slots__ = ("_aad", "_aead", "_data_key", "_index_key", "key_id")

    def __init__(self, data_key: bytes, name: str, key_id: str) -> None:
        self._data_key = data_key
        self._aead = AESGCM(data_key)
        self._aad = _RECORD_AAD + name.encode("ascii")
        self._index_key = _derive(data_key, b"pseudogate/index/v1")
        self.key_id = key_id  # the root key that wrapped the data key when it was opened

    def seal(self, plaintext: bytes) -> bytes:
        """``plaintext`` encrypted and authenticated, bound to this session."""
        nonce = os.urandom(_NONCE)
        return nonce + self._aead.encrypt(nonce, plaintext, self._aad)

    def open(self, blob: bytes) -> bytes:
        """The plaintext of a record sealed for this session, or :class:`SessionKeyError`."""
        try:
            return self._aead.decrypt(blob[:_NONCE], blob[_NONCE:], self._aad)
        except (InvalidTag, ValueError) as exc:
            raise SessionKeyError(
                "a session record does not open: it was sealed for another session or altered"
            ) from exc

    def tag(self, kind: str, *parts: str) -> bytes:
        """A keyed hash of ``parts`` (16 bytes), unrelated across sessions."""
        message = kind.encode("ascii") + b"".join(_field(part) for part in parts)
        return hmac.new(self._index_key, message, hashlib.sha256).digest()[:_TAG_BYTES]

    def __repr__(self) -> str:
        return f"<SessionKeys wrapped by {self.key_id!r}>"


@final
class KeyRing:
    """The configured root keys (the first one wraps new sessions) and the name key.

    ``name_secret`` keys the hashes that name sessions in the store.  It is separate from
    the root keys so that rotating a root key keeps every session's name; changing it
    starts every session anew.
    """

    __slots__ = ("_by_id", "_name_key", "primary")

    def __init__(self, keys: Sequence[RootKey], name_secret: bytes) -> None:
        if not keys:
            raise ValueError("a key ring needs at least one root key")
        ids = [key.id for key in keys]
        if len(set(ids)) != len(ids):
            raise ValueError("root key ids must be unique")
        if len(name_secret) != KEY_BYTES:
            raise ValueError(f"the name key is {KEY_BYTES} bytes")
        self.primary = keys[0]
        self._by_id = {key.id: AESGCM(key.secret) for key in keys}
        self._name_key = _derive(name_secret, b"pseudogate/names/v1")

    @classmethod
    def ephemeral(cls) -> KeyRing:
        """Random keys that live as long as the process (the memory store's default)."""
        return cls([RootKey("ephemeral", os.urandom(KEY_BYTES))], os.urandom(KEY_BYTES))

    @property
    def key_ids(self) -> tuple[str, ...]:
        """The ids of every root key, current first."""
        return tuple(self._by_id)

    def name(self, tenant: str, session_id: str) -> str:
        """The store name of ``session_id`` of ``tenant``: 32 hex digits, no id in clear."""
        return self._hash(b"session\x00", tenant, session_id)

    def alias_name(self, tenant: str, alias: str) -> str:
        """The store name of an alias (another id for a session, e.g. a response id)."""
        return self._hash(b"alias\x00", tenant, alias)

    def create(self, name: str) -> tuple[SessionKeys, bytes]:
        """A fresh data key for session ``name`` and its wrapping by the current key."""
        data_key = AESGCM.generate_key(bit_length=KEY_BYTES * 8)
        return SessionKeys(data_key, name, self.primary.id), self._wrap(data_key, name)

    def unwrap(self, wrapped: bytes, name: str) -> SessionKeys:
        """Open session ``name``'s data key, or :class:`SessionKeyError` naming the key id."""
        key_id, nonce, ciphertext = _parse_wrapped(wrapped)
        aead = self._by_id.get(key_id)
        if aead is None:
            raise SessionKeyError(
                f"the session's data key is wrapped by root key {key_id!r}, which is not "
                f"configured (configured: {', '.join(self._by_id)})"
            )
        try:
            data_key = aead.decrypt(nonce, ciphertext, self._wrap_aad(name, key_id))
        except InvalidTag as exc:
            raise SessionKeyError(
                f"the session's data key does not open with root key {key_id!r}: a wrong "
                "key under that id, or data moved from another session"
            ) from exc
        return SessionKeys(data_key, name, key_id)

    def rewrap(self, keys: SessionKeys, name: str) -> bytes:
        """``keys``' data key wrapped by the current root key (after a rotation)."""
        return self._wrap(keys._data_key, name)  # the same module, by design

    def _wrap(self, data_key: bytes, name: str) -> bytes:
        key_id = self.primary.id
        nonce = os.urandom(_NONCE)
        ciphertext = self._by_id[key_id].encrypt(nonce, data_key, self._wrap_aad(name, key_id))
        encoded = key_id.encode("ascii")
        return bytes([_WRAP_VERSION, len(encoded)]) + encoded + nonce + ciphertext

    @staticmethod
    def _wrap_aad(name: str, key_id: str) -> bytes:
        return _WRAP_AAD + name.encode("ascii") + b"\x00" + key_id.encode("ascii")

    def _hash(self, kind: bytes, tenant: str, value: str) -> str:
        message = kind + _field(tenant) + _field(value)
        return hmac.new(self._name_key, message, hashlib.sha256).hexdigest()[:32]

    def __repr__(self) -> str:
        return f"<KeyRing current={self.primary.id!r} keys={len(self._by_id)}>"


def _parse_wrapped(wrapped: bytes) -> tuple[str, bytes, bytes]:
    if len(wrapped) < 2 or wrapped[0] != _WRAP_VERSION:
        raise SessionKeyError("the session's wrapped data key has an unknown format")
    size = wrapped[1]
    key_id_bytes = wrapped[2 : 2 + size]
    rest = wrapped[2 + size :]
    if len(key_id_bytes) != size or len(rest) != _NONCE + KEY_BYTES + 16:
        raise SessionKeyError("the session's wrapped data key is truncated")
    try:
        key_id = key_id_bytes.decode("ascii")
    except UnicodeDecodeError as exc:
        raise SessionKeyError("the session's wrapped data key has an unknown format") from exc
    return key_id, rest[:_NONCE], rest[_NONCE:]
