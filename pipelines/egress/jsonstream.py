"""JSON-string channels: filter the values inside the string literals of streamed JSON.

Tool-call arguments stream as fragments of JSON *text* (``{"pa``, ``ssword": "hun``,
...).  Values live inside its string literals, possibly written with escapes
(``bob\\u0040corp.example`` is ``bob@corp.example``).  :class:`JsonStringChannel` is a
small streaming lexer: text outside string literals passes through unchanged; the
content of each string literal is decoded (escapes, surrogate pairs, escapes cut
across chunks), run through a fresh text filter, and the filter's output is escaped
again, so the result stays valid JSON and equal in value.

Escaping: ``"``, ``\\`` and control characters always; characters outside ASCII are
written raw, unless an earlier string literal of the channel wrote one as ``\\uXXXX``
(an ``ensure_ascii`` producer), in which case they are escaped the same way.  The
choice for a literal is fixed at its opening quote, so it does not depend on chunking.
Lone surrogates are always escaped.  An invalid escape (``\\x``) is kept as the two
characters it spells; text outside string literals (numbers, ``true``) is not filtered.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Final, Protocol, final

import regex

__all__ = ["JsonStringChannel", "encode_string_content"]

_SPECIAL: Final = regex.compile(r'["\\]')
_NEEDS_ESCAPE: Final = regex.compile(r'["\\\x00-\x1f\ud800-\udfff]')
_NEEDS_ESCAPE_ASCII: Final = regex.compile(r'["\\\x00-\x1f]|[^\x00-\x7f]')
_SURROGATE: Final = regex.compile(r"[\ud800-\udfff]")
_HEX: Final = frozenset("0123456789abcdefABCDEF")
_SIMPLE: Final = {
    '"': '"', "\\": "\\", "/": "/", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"
}

_OUTSIDE: Final = 0
_INSIDE: Final = 1


class _Text(Protocol):
    """The filter run over each string literal's decoded content."""

    @property
    def held(self) -> int: ...

    def feed(self, text: str) -> str: ...

    def close(self) -> str: ...


def encode_string_content(text: str, ensure_ascii: bool) -> str:
    """``text`` escaped for the inside of a JSON string literal (no quotes around it)."""
    if ensure_ascii:
        if _NEEDS_ESCAPE_ASCII.search(text) is None:
            return text
        return json.dumps(text, ensure_ascii=True)[1:-1]
    if _NEEDS_ESCAPE.search(text) is None:
        return text
    encoded = json.dumps(text, ensure_ascii=False)[1:-1]
    # ensure_ascii=False writes lone surrogates raw, which no UTF-8 encoder accepts.
    return _SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", encoded)


@final
class JsonStringChannel:
    """Streaming lexer around a text filter; see the module docstring."""

    __slots__ = (
        "_ascii_literal",
        "_ascii_seen",
        "_escape",
        "_factory",
        "_high",
        "_inner",
        "_state",
    )

    def __init__(self, factory: Callable[[], _Text]) -> None:
        self._factory = factory
        self._state = _OUTSIDE
        self._inner: _Text | None = None
        self._escape = ""  # an escape sequence cut by a chunk boundary, raw
        self._high = ""  # a decoded high surrogate waiting for its low half
        self._ascii_seen = False  # some literal so far escaped a non-ASCII character
        self._ascii_literal = False  # the escaping mode of the current literal

    @property
    def held(self) -> int:
        """Characters held back: the inner filter's and a cut escape's."""
        inner = self._inner.held if self._inner is not None else 0
        return inner + len(self._escape) + len(self._high)

    def feed(self, text: str) -> str:
        """Lex one chunk of JSON text; return the settled output."""
        out: list[str] = []
        decoded: list[str] = []
        i, n = 0, len(text)
        while i < n:
            if self._state == _OUTSIDE:
                quote = text.find('"', i)
                if quote < 0:
                    out.append(text[i:])
                    break
                out.append(text[i : quote + 1])
                i = quote + 1
                self._open_literal()
                continue
            if self._escape:
                i = self._continue_escape(text, i, decoded)
                continue
            special = _SPECIAL.search(text, i)
            stop = n if special is None else special.start()
            if stop > i:
                self._push(text[i:stop], decoded)
            if special is None:
                break
            i = stop + 1
            if text[stop] == "\\":
                self._escape = "\\"
            else:
                out.append(self._close_literal(decoded))
                decoded = []
                out.append('"')
        if self._state == _INSIDE and decoded:
            out.append(self._emit(decoded))
        return "".join(out)

    def close(self) -> str:
        """End of the channel: an unterminated literal is settled as it stands."""
        if self._state == _OUTSIDE:
            return ""
        decoded: list[str] = []
        if self._escape:
            raw, self._escape = self._escape, ""
            self._push(raw, decoded)
        return self._close_literal(decoded)

    # -- literals ------------------------------------------------------------------

    def _open_literal(self) -> None:
        self._state = _INSIDE
        self._inner = self._factory()
        self._ascii_literal = self._ascii_seen

    def _close_literal(self, decoded: list[str]) -> str:
        if self._high:
            decoded.append(self._high)
            self._high = ""
        inner = self._inner
        assert inner is not None  # only called inside a literal
        body = inner.feed("".join(decoded)) + inner.close()
        self._inner = None
        self._state = _OUTSIDE
        return encode_string_content(body, self._ascii_literal)

    def _emit(self, decoded: list[str]) -> str:
        inner = self._inner
        assert inner is not None
        return encode_string_content(inner.feed("".join(decoded)), self._ascii_literal)

    # -- decoding ------------------------------------------------------------------

    def _push(self, chars: str, decoded: list[str]) -> None:
        """Append decoded characters, first releasing a high surrogate left unpaired."""
        if self._high:
            decoded.append(self._high)
            self._high = ""
        decoded.append(chars)

    def _continue_escape(self, text: str, i: int, decoded: list[str]) -> int:
        """Consume characters of a started escape from ``text[i:]``; return the new index."""
        escape = self._escape
        if len(escape) == 1:
            kind = text[i]
            i += 1
            if kind != "u":
                self._escape = ""
                simple = _SIMPLE.get(kind)
                self._push(simple if simple is not None else "\\" + kind, decoded)
                return i
            escape = "\\u"
        while len(escape) < 6 and i < len(text) and text[i] in _HEX:
            escape += text[i]
            i += 1
        if len(escape) < 6 and i >= len(text):
            self._escape = escape  # cut by the chunk boundary: wait for more
            return i
        self._escape = ""
        if len(escape) < 6:
            self._push(escape, decoded)  # "\u12" and a non-hex character: not an escape
            return i
        self._unit(int(escape[2:], 16), decoded)
        return i

    def _unit(self, code: int, decoded: list[str]) -> None:
        """One decoded UTF-16 code unit: pair surrogates, note ensure_ascii producers."""
        if code >= 0x80:
            self._ascii_seen = True
        if 0xDC00 <= code <= 0xDFFF and self._high:
            high = ord(self._high)
            self._high = ""
            decoded.append(chr(0x10000 + ((high - 0xD800) << 10) + (code - 0xDC00)))
            return
        if 0xD800 <= code <= 0xDBFF:
            self._push("", decoded)
            self._high = chr(code)
            return
        self._push(chr(code), decoded)
