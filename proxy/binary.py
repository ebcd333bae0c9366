"""Base64 payloads of a request: what a :class:`~proxy.spec.Binary` slot holds.

A payload is bare base64 or a ``data:<media type>[;...];base64,<data>`` URL.  It must be
strict base64 (the standard alphabet, correct padding, nothing else).  Its decoded
bytes are then one of two things:

* **text** (valid UTF-8 without control characters other than tab, line breaks and
  form feed): a text document, whatever media type it claims; the gateway decodes it,
  sanitises it like any text and re-encodes it;
* **binary**: kept as sent, but only if it is what it claims to be: a declared text
  media type must hold text, and a declared image, PDF or audio type must start with
  that format's signature (PNG, JPEG, GIF, WebP, PDF, WAV, MP3).  A payload that says
  ``image/png`` and is not one is refused, so text cannot be smuggled past the
  detectors as a "picture".

Text written *inside* a binary format (a PDF's text, a PNG's metadata) is not read.
"""

from __future__ import annotations

import binascii
import re
from dataclasses import dataclass
from typing import Final, final

__all__ = ["Payload", "decode_text", "encode_text", "is_data_url", "read_payload"]

# URL schemes are case-insensitive (RFC 3986): ``DATA:`` is a data: URL too.
_DATA_URL: Final = re.compile(r"(?i:data):([^,;]*)((?:;[^,;]*)*),", re.ASCII)
_BASE64: Final = re.compile(r"[A-Za-z0-9+/]*={0,2}", re.ASCII)
# Control characters no text document holds (tab, LF, CR and FF are text).
_CONTROL: Final = re.compile("[\x00-\x08\x0b\x0e-\x1f\x7f]")
_TEXTUAL: Final = frozenset({
    "application/json", "application/xml", "application/x-yaml", "application/yaml",
    "application/javascript", "application/x-ndjson", "application/csv",
})
# Format signatures: (offset, bytes) that must all be present.
_MAGIC: Final[dict[str, tuple[tuple[tuple[int, bytes], ...], ...]]] = {
    "image/png": (((0, b"\x89PNG\r\n\x1a\n"),),),
    "image/jpeg": (((0, b"\xff\xd8\xff"),),),
    "image/gif": (((0, b"GIF87a"),), ((0, b"GIF89a"),)),
    "image/webp": (((0, b"RIFF"), (8, b"WEBP")),),
    "application/pdf": (((0, b"%PDF-"),),),
    "audio/wav": (((0, b"RIFF"), (8, b"WAVE")),),
    "audio/mpeg": (((0, b"ID3"),), ((0, b"\xff\xfb"),), ((0, b"\xff\xf3"),),
                   ((0, b"\xff\xf2"),), ((0, b"\xff\xfa"),)),
}
# Short names and aliases a sibling ``format`` member or a client may use.
_ALIASES: Final = {
    "wav": "audio/wav", "audio/x-wav": "audio/wav", "audio/wave": "audio/wav",
    "mp3": "audio/mpeg", "audio/mp3": "audio/mpeg", "image/jpg": "image/jpeg",
}


@final
@dataclass(frozen=True, slots=True)
class Payload:
    """A checked payload: its ``data:`` prefix (or ""), and its text if it is text."""

    prefix: str
    text: str | None


def _media(value: str | None) -> str | None:
    if not value:
        return None
    media = value.strip().lower()
    return _ALIASES.get(media, media)


def _is_textual(media: str | None) -> bool:
    return media is not None and (
        media.startswith("text/") or media in _TEXTUAL or media.endswith(("+json", "+xml"))
    )


def _as_text(data: bytes) -> str | None:
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    return None if _CONTROL.search(text) else text


def is_data_url(value: str) -> bool:
    """Whether ``value`` is written as a ``data:`` URL (the scheme in any case)."""
    return value[:5].lower() == "data:"


def read_payload(value: str, media: str | None = None) -> Payload:
    """Check ``value`` (bare base64 or a ``data:`` URL); ValueError names what is wrong.

    ``media`` is the media type declared next to a bare payload (a ``media_type`` or
    ``format`` member); a ``data:`` URL declares its own.
    """
    prefix = ""
    match = _DATA_URL.match(value)
    if match is not None:
        if not match.group(2).lower().endswith(";base64"):
            raise ValueError("is a data: URL that is not base64")
        prefix = value[: match.end()]
        media = match.group(1)
    elif is_data_url(value):
        raise ValueError("is a malformed data: URL")
    encoded = value[len(prefix):]
    if _BASE64.fullmatch(encoded) is None:
        raise ValueError("is not base64")
    try:
        data = binascii.a2b_base64(encoded, strict_mode=True)
    except binascii.Error as exc:
        raise ValueError("is not valid base64") from exc
    declared = _media(media)
    text = _as_text(data)
    if text is not None:
        return Payload(prefix, text)
    if _is_textual(declared):
        raise ValueError("declares a text media type but is not UTF-8 text")
    signatures = _MAGIC.get(declared or "")
    if signatures is not None and not any(
        all(data[at : at + len(magic)] == magic for at, magic in signature)
        for signature in signatures
    ):
        raise ValueError(f"is not a valid {declared} payload")
    return Payload(prefix, None)


def _prefix(value: str) -> str:
    match = _DATA_URL.match(value)
    return "" if match is None else value[: match.end()]


def decode_text(value: str) -> str:
    """The text of a payload :func:`read_payload` found to be text."""
    return binascii.a2b_base64(value[len(_prefix(value)):]).decode("utf-8")


def encode_text(original: str, text: str) -> str:
    """``text`` as a payload written the way ``original`` was (same ``data:`` prefix)."""
    return _prefix(original) + binascii.b2a_base64(text.encode("utf-8"), newline=False).decode()
