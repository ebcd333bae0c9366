"""``pseudogate evidence``: make a signing key, verify an evidence log.

``evidence keygen PRIVATE PUBLIC`` writes a new Ed25519 key pair (PEM; the private key
file is created mode 0600).  ``evidence verify FILE --public-key [ID=]KEY ...`` checks
every record's signature, the hash chain and the sequence, and reports the first
broken record (exit 1) or how many records verified (exit 0).  A key given as
``ID=path`` verifies the records of that key id; a bare path verifies any id (one key,
no rotation).  ``--head SEQ:SHA256`` (from the ``evidence.head`` log line, or any copy
kept elsewhere) also finds records cut off the end.  The record format is in
``docs/operations.md``.
"""

from __future__ import annotations

import argparse
import os
import re
from pathlib import Path
from typing import Final

from proxy.commands import CommandError

__all__ = ["add_command"]

_SHA256: Final = re.compile(r"[0-9a-fA-F]{64}")


def add_command(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``evidence keygen`` and ``evidence verify``."""
    evidence = subparsers.add_parser("evidence", help="signed evidence log tools")
    actions = evidence.add_subparsers(dest="evidence_command", required=True, metavar="ACTION")
    keygen = actions.add_parser("keygen", help="write a new Ed25519 signing key pair")
    keygen.add_argument("private", type=Path, help="private key file to create (PEM)")
    keygen.add_argument("public", type=Path, help="public key file to create (PEM)")
    keygen.set_defaults(handler=_keygen)
    verify = actions.add_parser("verify", help="verify signatures and chain of an evidence log")
    verify.add_argument("file", type=Path, help="the evidence JSONL file")
    verify.add_argument("--public-key", action="append", required=True, metavar="[ID=]KEY",
                        help="a PEM public key, optionally for one key id (repeatable)")
    verify.add_argument("--head", type=_head, metavar="SEQ:SHA256",
                        help="an anchored head (the evidence.head log line): records cut "
                             "off the end are found")
    verify.set_defaults(handler=_verify)


def _keygen(args: argparse.Namespace) -> int:
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    key = Ed25519PrivateKey.generate()
    private = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                serialization.NoEncryption())
    public = key.public_key().public_bytes(serialization.Encoding.PEM,
                                           serialization.PublicFormat.SubjectPublicKeyInfo)
    try:
        descriptor = os.open(args.private, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError as exc:
        raise CommandError(f"{args.private} exists; not overwriting a key") from exc
    with os.fdopen(descriptor, "wb") as file:
        file.write(private)
    args.public.write_bytes(public)
    print(f"private key: {args.private}\npublic key: {args.public}")
    return 0


def _head(text: str) -> tuple[int, str]:
    seq, _, digest = text.partition(":")
    if not (seq.isascii() and seq.isdigit() and int(seq) > 0 and _SHA256.fullmatch(digest)):
        raise argparse.ArgumentTypeError("expected SEQ:SHA256 (a positive number, 64 hex digits)")
    return int(seq), digest.lower()


def _verify(args: argparse.Namespace) -> int:
    from proxy.evidence import load_public_key, verify

    keys = {}
    for given in args.public_key:
        key_id, _, path = given.rpartition("=") if "=" in given else ("", "", given)
        keys[key_id or None] = load_public_key(Path(path))
    if not args.file.is_file():
        raise CommandError(f"{args.file}: file not found")
    count, broken = verify(args.file, keys, head=args.head)
    if broken is not None:
        print(f"{args.file}: record at line {broken.line} (seq {broken.seq}) is broken: "
              f"{broken.reason}; {count} records before it verified")
        return 1
    print(f"{args.file}: ok, {count} records verified")
    return 0
