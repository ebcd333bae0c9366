"""``evidence verify`` on hostile files: the first broken record, never a crash (#15).

A log is written by :class:`proxy.evidence.EvidenceLog` with a fresh key.  The property
replaces any field of any record with any JSON value (or drops it, or replaces the line
with arbitrary bytes); the oracle is positional and independent of the verifier: the
records before the altered one verify, the altered one is the first broken record.
The CLI must answer exit 1 with one line, never an internal error.  Records cut off
the end are found given the head (``--head SEQ:SHA256``).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from hypothesis import given, settings
from hypothesis import strategies as st

from proxy.cli import main
from proxy.evidence import EvidenceLog, canonical, verify

_RECORDS = 4
_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner,
                                                                max_size=3),
    max_leaves=6,
)


def _log(directory: Path) -> tuple[Path, list[bytes], Ed25519PrivateKey]:
    key = Ed25519PrivateKey.generate()
    log = EvidenceLog(directory / "ev.jsonl", key, "k1")
    log.open()
    for index in range(_RECORDS):
        log.audit(f"req{index}", "test", [{"label": "EMAIL", "count": index}])
    log.close()
    return log.path, log.path.read_bytes().splitlines(), key


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory
            ) -> tuple[Path, list[bytes], Ed25519PrivateKey]:
    """A four-record log, its lines and the signing key."""
    return _log(tmp_path_factory.mktemp("evidence"))


@settings(max_examples=80, deadline=None)
@given(index=st.integers(0, _RECORDS - 1),
       field=st.sampled_from(["key_id", "seq", "prev", "sig", "v", "type", "ts", "entries"]),
       value=_JSON, drop=st.booleans())
def test_any_altered_field_is_the_first_broken_record(
    written: tuple[Path, list[bytes], Ed25519PrivateKey], index: int, field: str,
    value: object, drop: bool
) -> None:
    """A field changed to any JSON value, or removed: that record, not an exception."""
    path, lines, key = written
    record: dict[str, Any] = json.loads(lines[index])
    if drop:
        del record[field]
    elif record[field] == value:
        return  # not altered
    else:
        record[field] = value
    altered = [*lines[:index], canonical(record), *lines[index + 1:]]
    target = path.with_name(f"altered-{index}.jsonl")
    target.write_bytes(b"".join(line + b"\n" for line in altered))
    count, broken = verify(target, {None: key.public_key()})
    assert broken is not None and broken.line == index + 1 and count == index


@settings(max_examples=40, deadline=None)
@given(index=st.integers(0, _RECORDS - 1), junk=st.binary(min_size=1, max_size=40))
def test_a_line_of_any_bytes_is_the_first_broken_record(
    written: tuple[Path, list[bytes], Ed25519PrivateKey], index: int, junk: bytes
) -> None:
    """Bytes that are not a record (or a different record) break at that line."""
    path, lines, key = written
    junk = junk.replace(b"\n", b" ")
    if junk.strip() == b"":
        return  # an empty line is skipped by design, not a record
    altered = [*lines[:index], junk, *lines[index + 1:]]
    target = path.with_name(f"junk-{index}.jsonl")
    target.write_bytes(b"".join(line + b"\n" for line in altered))
    count, broken = verify(target, {None: key.public_key()})
    assert broken is not None and broken.line == index + 1 and count == index


def test_a_key_id_that_is_not_a_string_is_reported_by_the_cli(
    written: tuple[Path, list[bytes], Ed25519PrivateKey], tmp_path: Path,
    capsys: pytest.CaptureFixture[str]
) -> None:
    """Reproduced before the fix: ``key_id: ["a"]`` made verify exit 2, internal TypeError."""
    _path, lines, key = written
    (tmp_path / "pub.pem").write_bytes(_pem(key))
    record = json.loads(lines[1])
    record["key_id"] = ["k1"]
    (tmp_path / "ev.jsonl").write_bytes(lines[0] + b"\n" + canonical(record) + b"\n")
    for public in (str(tmp_path / "pub.pem"), f"k1={tmp_path / 'pub.pem'}"):
        assert main(["evidence", "verify", str(tmp_path / "ev.jsonl"),
                     "--public-key", public]) == 1
        out = capsys.readouterr().out
        assert "line 2 (seq 2) is broken: the record names no key id" in out


def _pem(key: Ed25519PrivateKey) -> bytes:
    from cryptography.hazmat.primitives import serialization

    return key.public_key().public_bytes(serialization.Encoding.PEM,
                                         serialization.PublicFormat.SubjectPublicKeyInfo)


def test_records_cut_off_the_end_are_found_with_the_head(
    written: tuple[Path, list[bytes], Ed25519PrivateKey], tmp_path: Path,
    capsys: pytest.CaptureFixture[str]
) -> None:
    """Without a head a shorter file is a valid chain; with it, each cut is found.

    The head is computed here from the file (seq = records, SHA-256 of the last line);
    a head that names another record is refused as a rewrite.
    """
    _path, lines, key = written
    (tmp_path / "pub.pem").write_bytes(_pem(key))
    head = f"{_RECORDS}:{hashlib.sha256(lines[-1]).hexdigest()}"
    log = tmp_path / "ev.jsonl"
    log.write_bytes(b"".join(line + b"\n" for line in lines))
    verify_args = ["evidence", "verify", str(log), "--public-key", str(tmp_path / "pub.pem")]
    assert main([*verify_args, "--head", head]) == 0
    assert f"ok, {_RECORDS} records verified" in capsys.readouterr().out
    for kept in range(_RECORDS):
        log.write_bytes(b"".join(line + b"\n" for line in lines[:kept]))
        assert main(verify_args) == 0  # a valid shorter chain on its own
        capsys.readouterr()
        assert main([*verify_args, "--head", head]) == 1
        out = capsys.readouterr().out
        assert f"missing: the file ends at seq {kept}, the anchored head is seq {_RECORDS}" in out
    log.write_bytes(b"".join(line + b"\n" for line in lines))
    other = f"2:{hashlib.sha256(lines[-1]).hexdigest()}"
    assert main([*verify_args, "--head", other]) == 1
    assert "line 2 (seq 2) is broken: not the record of the anchored head" in \
        capsys.readouterr().out
    with pytest.raises(SystemExit):
        main([*verify_args, "--head", "two:abc"])
    assert "SEQ:SHA256" in capsys.readouterr().err
