"""Decoders a model reads through: percent-encoding, HTML references, base64 text.

Each keeps an exact map back to the encoded text, so a value found in the decoded form
is masked in its encoded form:

* :func:`decode_inline` decodes percent-encoded UTF-8 (``jane.doe%40example.com``) and
  HTML character references (``&#64;``, ``&#x40;``, ``&commat;``; named references
  only with their ``;``) in place: each decoded character maps back to its whole escape,
  so a placeholder never lands inside one; what decodes to spaces or invisible
  characters is folded like them.  A run of percent escapes that is not valid UTF-8
  stays as written.
* :func:`base64_runs` finds runs of the base64 alphabets (standard and URL-safe, at
  least :data:`MIN_BASE64` characters) that decode to UTF-8 *text* (printable, with a
  letter in it): the chain reads each decoded text as a text of its own, and a value
  found in it masks the whole encoded run.  Random tokens (keys, hashes) decode to
  bytes that are not text and are left to the detectors that know them.

Text without ``%``, ``&`` or a long base64-alphabet run costs one C-level check each.
"""

from __future__ import annotations

import base64
import binascii
import html
import re
from typing import Final

from pipelines.canon.offsets import IDENTITY, Edit, OffsetMap

__all__ = ["MIN_BASE64", "base64_runs", "decode_inline"]

MIN_BASE64: Final = 16
# Written to start with a literal, so ``re`` skips to each "%" at C speed.
_PERCENT_RUN: Final = re.compile(r"%[0-9A-Fa-f]{2}(?:%[0-9A-Fa-f]{2})*")
_HTML_REF: Final = re.compile(
    r"&(?:#[0-9]{1,7};?|#[xX][0-9A-Fa-f]{1,6};?|[A-Za-z][A-Za-z0-9]{1,31};)"
)
# The base64 alphabets as one byte, everything else as another: a text without
# MIN_BASE64 alphabet bytes in a row has no run (two C passes instead of a scan).
_ALPHABET_BYTES: Final = bytes(
    65 if chr(code) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/_-"
    else 32
    for code in range(256)
)
_ALPHABET_RUN: Final = b"A" * MIN_BASE64
_LETTER: Final = re.compile(r"[^\W\d_]")
_UNREADABLE: Final = re.compile(r"[\x00-\x08\x0e-\x1f\x7f-\x9f]")


def decode_inline(text: str) -> tuple[str, OffsetMap]:
    """``text`` with percent escapes and HTML references decoded, and the map back."""
    has_percent = "%" in text
    has_ref = "&" in text
    if not (has_percent or has_ref):
        return text, IDENTITY
    units: list[tuple[int, int, str]] = []
    if has_percent:
        for match in _PERCENT_RUN.finditer(text):
            units.extend(_percent_units(match.start(), match.group()))
    if has_ref:
        for match in _HTML_REF.finditer(text):
            decoded = html.unescape(match.group())
            if decoded != match.group():
                units.append((match.start(), match.end(), decoded))
    if not units:
        return text, IDENTITY
    units.sort()
    pieces: list[str] = []
    edits: list[Edit] = []
    cursor = 0
    view = 0
    for start, end, decoded in units:
        if start < cursor:
            continue  # an escape inside another's (``&#37;40``): the first one decides
        pieces.append(text[cursor:start])
        view += start - cursor
        pieces.append(decoded)
        edits.append((view, start, len(decoded), end - start))
        view += len(decoded)
        cursor = end
    pieces.append(text[cursor:])
    return "".join(pieces), OffsetMap(edits)


def _percent_units(start: int, run: str) -> list[tuple[int, int, str]]:
    """One unit per decoded character of a run of ``%XX`` escapes (valid UTF-8 only)."""
    data = bytes(int(run[i + 1 : i + 3], 16) for i in range(0, len(run), 3))
    try:
        decoded = data.decode("utf-8")
    except UnicodeDecodeError:
        return []
    units: list[tuple[int, int, str]] = []
    at = start
    for char in decoded:
        width = 3 * len(char.encode("utf-8"))
        units.append((at, at + width, char))
        at += width
    return units


def base64_runs(text: str) -> list[tuple[int, int, str]]:
    """``(start, end, decoded)`` of every base64 run in ``text`` that decodes to text."""
    if len(text) < MIN_BASE64:
        return []
    # One byte per character ("?" for any other), then alphabet bytes as "A": runs
    # are found with bytes.find, in C, at the same offsets as in the text.
    data = text.encode("ascii", "replace").translate(_ALPHABET_BYTES)
    found: list[tuple[int, int, str]] = []
    at = data.find(_ALPHABET_RUN)
    while at != -1:
        end = data.find(b" ", at)
        if end == -1:
            end = len(data)
        stop = end
        while stop < len(text) and stop - end < 2 and text[stop] == "=":
            stop += 1
        decoded = _as_text(text[at:stop])
        if decoded is not None:
            found.append((at, stop, decoded))
        at = data.find(_ALPHABET_RUN, end)
    return found


def _as_text(run: str) -> str | None:
    body = run.rstrip("=")
    if len(body) % 4 == 1:
        return None
    padded = body + "=" * (-len(body) % 4)
    urlsafe = "-" in body or "_" in body
    if urlsafe and ("+" in body or "/" in body):
        return None
    try:
        data = (base64.urlsafe_b64decode if urlsafe else base64.b64decode)(padded)
        decoded = data.decode("utf-8")
    except (binascii.Error, ValueError):
        return None
    if len(decoded) < 4 or _LETTER.search(decoded) is None:
        return None
    # Text: every character printable, a space or invisible (what the fold removes);
    # random bytes that happen to be valid UTF-8 hold control characters.
    if not decoded.isprintable() and _UNREADABLE.search(decoded) is not None:
        return None
    return decoded
