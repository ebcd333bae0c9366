"""The signed evidence log: one hash-chained, Ed25519-signed JSON line per call.

Optional (``evidence:`` in the config).  Each record is a JSON object written as one
line of *canonical* JSON (keys sorted, no spaces, UTF-8), appended and flushed when the
call ends, streamed or not.  A record holds what was decided, never what was said:

``v``, ``type`` (``call``; ``audit`` for findings added later, see :meth:`EvidenceLog.audit`),
``seq`` (1, 2, ... per file), ``ts`` (UTC, ISO 8601), ``request_id``, ``route``, ``api``,
``client``, ``upstream``, ``model``, ``stream``, ``received_sha256`` and
``forwarded_sha256`` (SHA-256 of the request body as received, in canonical JSON, and of
the exact bytes forwarded), ``detectors`` (those that ran) and ``fired`` (per detector, per
label: spans replaced), ``labels`` (replaced occurrences per label), ``placeholders``
(the placeholders issued, sorted, e.g. ``[EMAIL_1]``), ``status``, ``outcome``, ``code``
(settlement: ``ok``; or the refusal's code), ``timings_ms`` and the provider's
``usage``; then ``prev`` (SHA-256 of the previous line, 64 zeros for the first), ``key_id``
and ``sig`` (Ed25519 over the canonical JSON of the record without ``sig``, base64).

So any edit of a record breaks its signature, and deleting, inserting or reordering
records breaks the ``prev`` chain (or the ``seq`` count) at the first place it happens:
:func:`verify` reports that record.  Cutting records off the *end* of a file leaves a
valid shorter chain: :func:`verify` finds it given a *head* kept elsewhere (the
``seq`` and ``sha256`` of the ``evidence.head`` line the gateway logs at shutdown,
docs/operations.md).  Keys rotate by id: records name the ``key_id`` that signed them
and verification takes one public key per id.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO, Final, final

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

from pipelines.errors import ConfigError

if TYPE_CHECKING:
    from proxy.logs import RequestRecord

__all__ = [
    "GENESIS",
    "Broken",
    "EvidenceLog",
    "canonical",
    "canonical_sha256",
    "check_tail",
    "load_private_key",
    "load_public_key",
    "verify",
]

GENESIS: Final = "0" * 64
_VERSION: Final = 1


def canonical(value: object) -> bytes:
    """The one serialisation that is hashed and signed: sorted keys, no spaces, UTF-8."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                      allow_nan=False).encode("utf-8")


def canonical_sha256(value: object) -> str:
    """SHA-256 (hex) of :func:`canonical`."""
    return hashlib.sha256(canonical(value)).hexdigest()


def load_private_key(path: Path, *, config_path: str = "evidence.key_file"
                     ) -> Ed25519PrivateKey:
    """An Ed25519 private key from a PEM file (PKCS#8, unencrypted)."""
    try:
        key = serialization.load_pem_private_key(path.read_bytes(), password=None)
    except (OSError, ValueError, TypeError) as exc:
        raise ConfigError(f"cannot load the signing key ({type(exc).__name__})",
                          source=str(path), path=config_path,
                          expected="an unencrypted PEM Ed25519 private key") from exc
    if not isinstance(key, Ed25519PrivateKey):
        raise ConfigError("the signing key is not an Ed25519 key", source=str(path),
                          path=config_path, expected="an Ed25519 private key")
    return key


def load_public_key(path: Path) -> Ed25519PublicKey:
    """An Ed25519 public key from a PEM file."""
    try:
        key = serialization.load_pem_public_key(path.read_bytes())
    except (OSError, ValueError) as exc:
        raise ConfigError(f"cannot load the public key ({type(exc).__name__})",
                          source=str(path), expected="a PEM Ed25519 public key") from exc
    if not isinstance(key, Ed25519PublicKey):
        raise ConfigError("not an Ed25519 public key", source=str(path),
                          expected="a PEM Ed25519 public key")
    return key


def _last_line(path: Path) -> bytes | None:
    """The file's last non-empty line, read from the end (files grow large)."""
    try:
        with path.open("rb") as file:
            file.seek(0, os.SEEK_END)
            end = file.tell()
            chunk = b""
            position = end
            while position > 0:
                step = min(65536, position)
                position -= step
                file.seek(position)
                chunk = file.read(step) + chunk
                stripped = chunk.rstrip(b"\n")
                if b"\n" in stripped or position == 0:
                    return stripped.rsplit(b"\n", 1)[-1] or None
    except FileNotFoundError:
        return None
    return None


def check_tail(path: Path) -> tuple[int, str]:
    """(seq, hash) of the last record of the file at ``path`` ((0, GENESIS) if absent or
    empty): where appending continues; ConfigError if it does not end with a record."""
    last = _last_line(path)
    if last is None:
        return 0, GENESIS
    try:
        record = json.loads(last)
        seq = int(record["seq"])
    except (ValueError, KeyError, TypeError) as exc:
        raise ConfigError("the evidence file does not end with a record",
                          source=str(path), path="evidence.path",
                          expected="a file written by pseudogate") from exc
    return seq, hashlib.sha256(last).hexdigest()


@final
class EvidenceLog:
    """Appends signed records to one file; one instance per process and file."""

    __slots__ = ("_file", "_key", "_key_id", "_prev", "_seq", "path")

    def __init__(self, path: Path, key: Ed25519PrivateKey, key_id: str) -> None:
        self.path = path
        self._key = key
        self._key_id = key_id
        self._file: BinaryIO | None = None
        self._prev = GENESIS
        self._seq = 0

    @property
    def head(self) -> tuple[int, str]:
        """(seq, hash) of the last record written: what an external anchor keeps."""
        return self._seq, self._prev

    def open(self) -> None:
        """Open for appending; continue the chain of what the file already holds."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._seq, self._prev = check_tail(self.path)
        # Unbuffered: each record is one write(2) of one whole line.
        self._file = self.path.open("ab", buffering=0)

    def close(self) -> None:
        """Close the file."""
        file, self._file = self._file, None
        if file is not None:
            file.close()

    def _append(self, body: dict[str, object]) -> None:
        file = self._file
        if file is None:
            raise RuntimeError("the evidence log is not open")
        self._seq += 1
        body.update(v=_VERSION, seq=self._seq, prev=self._prev, key_id=self._key_id,
                    ts=datetime.now(UTC).isoformat(timespec="milliseconds"))
        signature = self._key.sign(canonical(body))
        body["sig"] = base64.b64encode(signature).decode("ascii")
        line = canonical(body)
        file.write(line + b"\n")
        self._prev = hashlib.sha256(line).hexdigest()

    def call(self, record: RequestRecord) -> None:
        """Append the record of one finished call."""
        self._append(record.evidence())

    def audit(self, request_id: str, source: str, entries: Iterable[Mapping[str, object]]
              ) -> None:
        """Append findings made after the call (the LLM scrubber's, #14) for ``request_id``.

        ``entries`` hold labels, counts, placeholders and hashes only, like a call record.
        """
        self._append({"type": "audit", "request_id": request_id, "source": source,
                      "entries": [dict(entry) for entry in entries]})


@final
@dataclass(frozen=True, slots=True)
class Broken:
    """The first record that does not verify: its line number, seq and why."""

    line: int
    seq: int | None
    reason: str


def verify(path: Path, keys: Mapping[str | None, Ed25519PublicKey],
           head: tuple[int, str] | None = None) -> tuple[int, Broken | None]:
    """Check every record's signature, the chain and the count; (records, first broken).

    ``keys`` maps key ids to public keys; the key under ``None`` serves any id.  With
    ``head`` (``seq``, SHA-256 of that record's line: an anchor kept outside the file)
    the record ``seq`` must exist and hash to it, so records cut off the end are found.
    Whatever a line holds, the answer is a :class:`Broken`, never an exception.
    """
    prev = GENESIS
    count = 0
    number = 0
    with path.open("rb") as file:
        for number, raw in enumerate(file, start=1):
            line = raw.rstrip(b"\n")
            if not line:
                continue
            try:
                record = json.loads(line)
                if not isinstance(record, dict):
                    raise ValueError("not an object")
            except ValueError:
                return count, Broken(number, None, "not a JSON record")
            seq = record.get("seq") if isinstance(record.get("seq"), int) else None
            signature = record.pop("sig", None)
            key_id = record.get("key_id")
            if not isinstance(key_id, str):
                return count, Broken(number, seq, "the record names no key id")
            key = keys.get(key_id) or keys.get(None)
            if key is None:
                return count, Broken(number, seq, f"no public key for key id "
                                                  f"{record.get('key_id')!r}")
            try:
                key.verify(base64.b64decode(str(signature), validate=True), canonical(record))
            except (InvalidSignature, ValueError):
                return count, Broken(number, seq, "signature does not match the record")
            if canonical({**record, "sig": signature}) != line:
                return count, Broken(number, seq, "record is not in canonical form")
            if record.get("prev") != prev:
                return count, Broken(number, seq, "chain broken: prev is not the hash of the "
                                                  "record before (deleted, inserted or moved)")
            if seq != count + 1:
                return count, Broken(number, seq, f"sequence broken: expected {count + 1}")
            prev = hashlib.sha256(line).hexdigest()
            count += 1
            if head is not None and count == head[0] and prev != head[1]:
                return count - 1, Broken(number, seq, "not the record of the anchored head "
                                                      "(the file was rewritten)")
    if head is not None and count < head[0]:
        return count, Broken(number + 1, count + 1,
                             f"missing: the file ends at seq {count}, the anchored head is "
                             f"seq {head[0]} (records cut off the end)")
    return count, None
