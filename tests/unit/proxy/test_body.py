"""Request bodies: JSON the gateway can walk and re-send exactly, codings under a limit."""

from __future__ import annotations

import gzip
import zlib

import pytest

from pipelines.errors import RequestError
from proxy.body import DECODED_CODINGS, _decode, parse_json


@pytest.mark.parametrize("raw", [
    b'{"t": 1e999}', b'{"t": -1e999}', b'{"t": 1E400}', b'{"t": NaN}', b'{"t": Infinity}',
    b'{"t": -Infinity}', b'{"t": "\\ud800"}', b'{"t": 1' + b"0" * 5000 + b"}",
])
def test_numbers_and_strings_that_cannot_be_re_sent_are_refused(raw: bytes) -> None:
    """Overflowing floats, non-finite constants, lone surrogates, oversized integers."""
    with pytest.raises(RequestError) as caught:
        parse_json(raw)
    assert caught.value.status == 400 and caught.value.code == "invalid_json"


def test_ordinary_numbers_parse() -> None:
    """Control: big but finite numbers, exponents and long integers are kept exactly."""
    body = parse_json(b'{"a": 1e308, "b": 0.5, "c": 12345678901234567890, "d": -0.0}')
    assert body == {"a": 1e308, "b": 0.5, "c": 12345678901234567890, "d": -0.0}


@pytest.mark.parametrize("coding", ["gzip", "deflate"])
def test_decoding_stops_at_the_limit(coding: str) -> None:
    """A body that inflates past the limit is a 413 without inflating all of it; at
    the limit it decodes; garbage and a truncated stream are 400s."""
    wbits = DECODED_CODINGS[coding]
    packer = zlib.compressobj(wbits=wbits)
    bomb = packer.compress(b" " * 50_000_000) + packer.flush()
    with pytest.raises(RequestError) as caught:
        _decode(bomb, wbits, 1000)
    assert caught.value.status == 413
    packer = zlib.compressobj(wbits=wbits)
    exact = packer.compress(b"x" * 1000) + packer.flush()
    assert _decode(exact, wbits, 1000) == b"x" * 1000
    for broken in (b"not compressed", exact[:-4], exact + b"trailing"):
        with pytest.raises(RequestError) as refused:
            _decode(broken, wbits, 1000)
        assert refused.value.status == 400


def test_raw_deflate_is_accepted() -> None:
    """``deflate`` without its zlib header (as some clients send it) decodes too."""
    packer = zlib.compressobj(wbits=-zlib.MAX_WBITS)
    raw = packer.compress(b'{"a": 1}') + packer.flush()
    assert _decode(raw, DECODED_CODINGS["deflate"], 100) == b'{"a": 1}'
    assert _decode(gzip.compress(b"{}"), DECODED_CODINGS["x-gzip"], 100) == b"{}"
