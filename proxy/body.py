"""Reading a request body: from bytes on the wire to a JSON object the gateway can walk.

:func:`read_json` checks, in order, and refuses with a 4xx in the API's shape (C7):

* the media type (``application/json``; 415 otherwise);
* the declared length against ``server.max_body_bytes`` (413);
* the time the body takes to arrive: the whole body within ``server.body_timeout``
  seconds, so a body that trickles in (slowloris) cannot hold a connection (408);
* the content coding: ``gzip`` and ``deflate`` bodies are decoded, with the body limit
  applied to the *decoded* size too (a zip bomb is a 413, and it is never inflated
  past the limit); any other coding is a 415;
* UTF-8, then JSON: without ``NaN``/``Infinity``, without numbers that overflow a
  float (``1e999`` would be re-sent as ``Infinity``), without lone surrogate escapes,
  and nested at most :data:`MAX_JSON_DEPTH` deep (the gateway must be able to walk
  and re-send the body exactly).
"""

from __future__ import annotations

import asyncio
import json
import math
import re
import zlib
from typing import Final

from aiohttp import web
from aiohttp.http_exceptions import HttpProcessingError

from pipelines.errors import RequestError
from proxy.slots import require_mapping

__all__ = [
    "DECODED_CODINGS", "JSON_TYPES", "MAX_JSON_DEPTH", "parse_json", "read_json", "reject_constant",
]

JSON_TYPES: Final = frozenset({"application/json"})
# Objects and arrays nest at most this deep in a request (real requests use < 20: a
# tool schema inside a tool inside the body); deeper is refused as invalid JSON.
MAX_JSON_DEPTH: Final = 64
# Content codings the gateway decodes (zlib ``wbits`` for each); others are a 415.
DECODED_CODINGS: Final = {"gzip": 16 + zlib.MAX_WBITS, "x-gzip": 16 + zlib.MAX_WBITS,
                          "deflate": zlib.MAX_WBITS}
_TOO_DEEP: Final = f"request body nests deeper than {MAX_JSON_DEPTH} levels"
_SURROGATE_ESCAPE: Final = re.compile(r"\\u[dD][89a-fA-F]")
_SURROGATE: Final = re.compile("[\ud800-\udfff]")


async def read_json(request: web.Request, limit: int, timeout: float) -> dict[str, object]:
    """The body of ``request`` as a JSON object (see the module docstring)."""
    if request.content_type not in JSON_TYPES:
        raise RequestError(415, "unsupported_media_type", "request body must be application/json")
    coding = request.headers.get("Content-Encoding", "").strip().lower()
    if coding not in ("", "identity") and coding not in DECODED_CODINGS:
        raise RequestError(
            415, "unsupported_content_encoding",
            "request content encoding must be gzip, deflate or none",
        )
    if request.content_length is not None and request.content_length > limit:
        raise RequestError(413, "body_too_large", f"request body exceeds {limit} bytes")
    try:
        async with asyncio.timeout(timeout):
            raw = await request.read()
    except TimeoutError as exc:
        raise RequestError(
            408, "request_timeout", f"request body not received within {timeout:g} s"
        ) from exc
    except HttpProcessingError as exc:
        # A broken chunked encoding or a body cut short: never its message (it may
        # quote the bytes).
        raise RequestError(400, "bad_request", "request body could not be read") from exc
    if coding in DECODED_CODINGS:
        raw = _decode(raw, DECODED_CODINGS[coding], limit)
    return parse_json(raw)


def _decode(raw: bytes, wbits: int, limit: int) -> bytes:
    """Inflate ``raw``, never past ``limit + 1`` bytes."""
    if wbits == zlib.MAX_WBITS and raw and raw[0] & 0x0F != 8:
        wbits = -zlib.MAX_WBITS  # raw deflate without the zlib header, as some send it
    inflater = zlib.decompressobj(wbits)
    try:
        out = inflater.decompress(raw, limit + 1)
    except zlib.error as exc:
        raise RequestError(400, "invalid_encoding", "request body is not valid gzip or deflate"
                           ) from exc
    if len(out) > limit or inflater.unconsumed_tail:
        raise RequestError(413, "body_too_large", f"decoded request body exceeds {limit} bytes")
    if not inflater.eof or inflater.unused_data:
        raise RequestError(400, "invalid_encoding", "request body is not valid gzip or deflate")
    return out


def parse_json(raw: bytes) -> dict[str, object]:
    """UTF-8 JSON the gateway can walk and re-send exactly, as an object; else a 400."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RequestError(400, "invalid_utf8", "request body is not valid UTF-8") from exc
    try:
        body = json.loads(text, parse_constant=reject_constant, parse_float=_finite)
    except RecursionError as exc:
        raise RequestError(400, "invalid_json", _TOO_DEEP) from exc
    except ValueError as exc:
        raise RequestError(400, "invalid_json", "request body is not valid JSON") from exc
    _check_tree(body, lone_surrogates=_SURROGATE_ESCAPE.search(text) is not None)
    return dict(require_mapping(body))


def reject_constant(name: str) -> object:
    """``parse_constant`` for every JSON the gateway reads (requests, upstream replies).

    ``NaN``/``Infinity`` are not JSON (RFC 8259); Python would accept and re-send them.
    """
    raise ValueError("non-finite number")


def _finite(literal: str) -> float:
    # ``1e999`` is JSON, but a float overflows to infinity and would leave as Infinity.
    value = float(literal)
    if not math.isfinite(value):
        raise ValueError("number out of range")
    return value


def _check_tree(body: object, *, lone_surrogates: bool) -> None:
    """Reject nesting deeper than MAX_JSON_DEPTH and (when escaped) lone surrogates.

    Iterative, so a hostile body cannot exhaust the stack here either.  A lone
    surrogate escape parses to a ``str`` that cannot be encoded as UTF-8 again.
    """
    stack: list[tuple[object, int]] = [(body, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict):
            if depth > MAX_JSON_DEPTH:
                raise RequestError(400, "invalid_json", _TOO_DEEP)
            if lone_surrogates:
                for key in value:
                    _check_string(key)
            stack.extend((item, depth + 1) for item in value.values())
        elif isinstance(value, list):
            if depth > MAX_JSON_DEPTH:
                raise RequestError(400, "invalid_json", _TOO_DEEP)
            stack.extend((item, depth + 1) for item in value)
        elif lone_surrogates and isinstance(value, str):
            _check_string(value)


def _check_string(value: str) -> None:
    if _SURROGATE.search(value):
        raise RequestError(
            400, "invalid_json", "request body contains a lone UTF-16 surrogate escape"
        )
