"""Base64 payloads: strict base64, text documents read as text, binary as it claims."""

from __future__ import annotations

import base64

import pytest

from proxy.binary import decode_text, encode_text, read_payload

PNG = b"\x89PNG\r\n\x1a\n" + bytes(range(256))


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode()


@pytest.mark.parametrize(("value", "media", "text"), [
    (_b64(b"hello jane"), None, "hello jane"),
    (_b64(b"hello jane"), "image/png", "hello jane"),  # text is text, whatever it claims
    ("data:text/plain;base64," + _b64("é 😀\n".encode()), None, "é 😀\n"),
    ("data:text/csv;charset=utf-8;base64," + _b64(b"a,b"), None, "a,b"),
    ("DATA:text/plain;BASE64," + _b64(b"mail jane"), None, "mail jane"),  # any case
    ("Data:image/png;base64," + _b64(PNG), None, None),
    ("", None, ""),
    (_b64(PNG), "image/png", None),
    ("data:image/png;base64," + _b64(PNG), None, None),
    (_b64(b"\xff\xd8\xff\xe0" + bytes(200)), "IMAGE/JPEG", None),
    (_b64(b"RIFF\x00\x00\x00\x00WAVEfmt "), "wav", None),
    (_b64(b"ID3\x04" + bytes(range(256))), "mp3", None),
    (_b64(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n"), "application/pdf", None),
    (_b64(bytes(range(256))), "application/octet-stream", None),
    (_b64(bytes(range(256))), None, None),
])
def test_accepted_payloads(value: str, media: str | None, text: str | None) -> None:
    """Text documents come back as text; binary is kept (None) when it is what it says."""
    assert read_payload(value, media).text == text


@pytest.mark.parametrize(("value", "media", "reason"), [
    ("jane@x.example", None, "is not base64"),
    (_b64(PNG) + "\n", None, "is not base64"),
    (_b64(PNG)[:-2], None, "is not valid base64"),
    (_b64(b"ab") + "=", None, "is not valid base64"),
    ("data:text/plain,jane", None, "is a data: URL that is not base64"),
    ("data:;base64", None, "is a malformed data: URL"),
    ("DATA:text/plain,jane", None, "is a data: URL that is not base64"),
    ("DaTa:image/png;base64," + _b64(bytes(range(256))), None,
     "is not a valid image/png payload"),
    (_b64(bytes(range(256))), "image/png", "is not a valid image/png payload"),
    (_b64(PNG), "image/gif", "is not a valid image/gif payload"),
    (_b64(PNG), "text/plain", "declares a text media type but is not UTF-8 text"),
    (_b64(b"a\x00b"), "application/json", "declares a text media type but is not UTF-8 text"),
])
def test_refused_payloads(value: str, media: str | None, reason: str) -> None:
    """Malformed base64, binary that is not what it claims, a text type holding binary."""
    with pytest.raises(ValueError) as caught:
        read_payload(value, media)
    assert str(caught.value) == reason


@pytest.mark.parametrize("original", [_b64(b"x"), "data:text/plain;base64," + _b64(b"x"),
                                      "DATA:text/plain;base64," + _b64(b"x")])
def test_text_round_trip_keeps_the_data_url_prefix(original: str) -> None:
    """A rewritten document is re-encoded in its own style."""
    changed = encode_text(original, "mail [EMAIL_1] é")
    assert decode_text(changed) == "mail [EMAIL_1] é"
    assert changed.startswith(original.split(",")[0] if "," in original else "")
    assert read_payload(changed).text == "mail [EMAIL_1] é"
