"""JSON-source channels: filter the whole source of streamed JSON, literals decoded.

Tool-call arguments (OpenAI ``function.arguments``, Anthropic ``partial_json``) stream
as fragments of JSON *text* (``{"pa``, ``ssword": "hun``, ...) that a model writes and
that need not be valid JSON: a value may sit inside a string literal, written with
escapes (``bob\\u0040corp.example`` is ``bob@corp.example``), or outside any literal (a
bare word, a quote the model forgot to escape, arguments that are no JSON at all).
:class:`JsonSourceChannel` lexes the source as it streams and filters every character
of it, under two text filters:

* **Literals.**  The content of each string literal (from an unescaped ``"`` to the next
  one; an unterminated one runs to the end) is decoded (escapes, surrogate pairs,
  escapes cut across chunks) and run through a fresh text filter of its own, whose end
  is the literal's end (a key cut off by the closing quote is masked).  Its output is
  escaped again, so a mask or a relinked value never splits an escape and the literal
  stays valid JSON, equal in meaning.
* **The outside view.**  Everything outside the literals, with each literal's two quotes
  standing in for it (its content left out), is one more text, filtered as a whole
  stream (so a secret written as a bare word, or cut in two by a stray literal, is found
  where a text filter would find it).  A mask there is written as a JSON string
  (``"[REDACTED:CREDIT_CARD]"``), so a value the model wrote as a JSON number leaves a
  valid value behind; a relinked placeholder is written as its value, as in text.  A
  literal whose opening quote lies inside a replaced span is replaced with it (its
  content is dropped): a value running across a literal (a key block written bare
  around one) is masked whole.

The output is laid out in source order: a literal's content goes out once the outside
filter has settled its opening quote, and is held until then (counted in :attr:`held`,
refused past the ceiling like any held text).  For valid JSON the outside view holds
only structure, numbers and ``true``/``false``/``null``, and the built-in patterns' own
boundaries match whole number tokens, so valid JSON stays valid; a custom pattern that
matches part of a number or JSON punctuation can leave invalid JSON there (masking
wins over syntax).

Escaping inside literals: ``"``, ``\\`` and control characters always; characters
outside ASCII are written raw, unless an earlier string literal of the channel wrote one
as ``\\uXXXX`` (an ``ensure_ascii`` producer), in which case they are escaped the same
way.  The choice for a literal is fixed at its opening quote, so it does not depend on
chunking.  Lone surrogates are always escaped.  An invalid escape (``\\x``) is kept as
the two characters it spells.  Masks written outside literals use ``\\uXXXX`` for any
non-ASCII character of the mask.
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Callable
from typing import Final, Protocol, final

import regex

from pipelines.errors import EgressRefused

__all__ = ["Edit", "JsonSourceChannel", "encode_string_content"]

# A replacement made by the outside filter: ``(start, stop, output, is_mask)`` in
# absolute offsets of the outside view.
Edit = tuple[int, int, str, bool]

_SPECIAL: Final = regex.compile(r'["\\]')
_NEEDS_ESCAPE: Final = regex.compile(r'["\\\x00-\x1f\ud800-\udfff]')
_NEEDS_ESCAPE_ASCII: Final = regex.compile(r'["\\\x00-\x1f]|[^\x00-\x7f]')
_SURROGATE: Final = regex.compile(r"[\ud800-\udfff]")
_HEX: Final = frozenset("0123456789abcdefABCDEF")
_SIMPLE: Final = {
    '"': '"', "\\": "\\", "/": "/", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"
}


class _Text(Protocol):
    """A text filter: each literal's content runs through one."""

    @property
    def held(self) -> int: ...

    def feed(self, text: str) -> str: ...

    def close(self) -> str: ...


class _Recording(_Text, Protocol):
    """The outside filter: a text filter that also reports where it replaced what."""

    @property
    def settled(self) -> int: ...

    def take_edits(self) -> list[Edit]: ...


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
class _Literal:
    """One string literal: its filter, its escaped output not yet laid out, its fate."""

    __slots__ = ("ascii", "dropped", "filter", "out")

    def __init__(self, text_filter: _Text, ascii_mode: bool) -> None:
        self.filter = text_filter
        self.ascii = ascii_mode
        self.out: list[str] = []
        self.dropped = False

    def add(self, text: str) -> None:
        """Filtered content: escaped and kept until the layout writes it (or drops it)."""
        if text and not self.dropped:
            self.out.append(encode_string_content(text, self.ascii))

    def waiting(self) -> int:
        """Characters of output kept."""
        return sum(map(len, self.out))

    def take(self) -> str:
        """The output kept so far, handed over once."""
        out = "".join(self.out)
        self.out.clear()
        return out


@final
class JsonSourceChannel:
    """Streaming lexer and layout around text filters; see the module docstring.

    ``text`` makes the filter of one literal's content, ``outside`` is the filter of
    the outside view; ``ceiling`` bounds what the channel holds in all.
    """

    __slots__ = (
        "_ascii_seen",
        "_ceiling",
        "_current",
        "_escape",
        "_high",
        "_literal",
        "_outside",
        "_quotes",
        "_text",
        "_view",
        "_view_at",
        "_viewed",
    )

    def __init__(self, text: Callable[[], _Text], outside: _Recording, ceiling: int) -> None:
        self._text = text
        self._outside = outside
        self._ceiling = ceiling
        self._literal: _Literal | None = None  # the literal being lexed
        self._escape = ""  # an escape sequence cut by a chunk boundary, raw
        self._high = ""  # a decoded high surrogate waiting for its low half
        self._ascii_seen = False  # some literal so far escaped a non-ASCII character
        # The outside view not yet laid out: it starts at absolute offset _view_at and
        # ends at _viewed (all of it given to the outside filter).
        self._view = ""
        self._view_at = 0
        self._viewed = 0
        # Opening quotes not yet laid out, in order: (absolute view offset, literal).
        self._quotes: deque[tuple[int, _Literal]] = deque()
        # The literal whose opening quote is laid out and nothing after it yet: its
        # content goes out right there, as it comes.
        self._current: _Literal | None = None

    @property
    def held(self) -> int:
        """Characters held back: by the outside filter, literal output waiting for its
        opening quote to settle, the current literal's filter, a cut escape."""
        waiting = sum(literal.waiting() for _quote, literal in self._quotes)
        inner = self._literal.filter.held if self._literal is not None else 0
        return self._outside.held + waiting + inner + len(self._escape) + len(self._high)

    def feed(self, text: str) -> str:
        """Lex one chunk of JSON source; return the settled output."""
        outside: list[str] = []
        outside_len = 0
        decoded: list[str] = []
        i, n = 0, len(text)
        while i < n:
            literal = self._literal
            if literal is None:
                quote = text.find('"', i)
                if quote < 0:
                    outside.append(text[i:])
                    break
                outside.append(text[i : quote + 1])
                outside_len += quote + 1 - i
                i = quote + 1
                self._open_literal(self._viewed + outside_len - 1)
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
                self._close_literal(decoded)
                decoded = []
                outside.append('"')
                outside_len += 1
        if self._literal is not None and decoded:
            self._literal.add(self._literal.filter.feed("".join(decoded)))
        view = "".join(outside)
        if view:
            self._outside.feed(view)
        out = self._lay_out(view)
        if self.held > self._ceiling:
            raise EgressRefused(self._ceiling)
        return out

    def close(self) -> str:
        """End of the channel: an unterminated literal is settled as it stands."""
        if self._literal is not None:
            decoded: list[str] = []
            if self._escape:
                raw, self._escape = self._escape, ""
                self._push(raw, decoded)
            self._close_literal(decoded)
        self._outside.close()
        return self._lay_out("")

    # -- literals ------------------------------------------------------------------

    def _open_literal(self, quote: int) -> None:
        """A literal opens at absolute view offset ``quote`` (its opening quote)."""
        literal = _Literal(self._text(), self._ascii_seen)
        self._literal = literal
        self._quotes.append((quote, literal))

    def _close_literal(self, decoded: list[str]) -> None:
        if self._high:
            decoded.append(self._high)
            self._high = ""
        literal = self._literal
        assert literal is not None  # only called inside a literal
        literal.add(literal.filter.feed("".join(decoded)) + literal.filter.close())
        self._literal = None

    # -- layout --------------------------------------------------------------------

    def _lay_out(self, view: str) -> str:
        """Write out what the outside filter settled, each literal at its quote.

        ``view`` is the outside text just given to the filter.  Characters of the view
        are copied, the filter's replacements written in their place; an opening quote
        is followed by its literal's content (now, and as more of it comes, until the
        next view character), unless a replacement covers it (the literal is dropped).
        """
        self._view += view
        self._viewed += len(view)
        settled = self._outside.settled
        out: list[str] = []
        at = self._view_at
        for start, stop, output, is_mask in self._outside.take_edits():
            self._copy(at, start, out)
            while self._quotes and self._quotes[0][0] < stop:
                self._quotes.popleft()[1].dropped = True
            self._write(json.dumps(output) if is_mask else output, out)
            at = stop
        self._copy(at, settled, out)
        current = self._current
        if current is not None:
            out.append(current.take())
        self._view = self._view[settled - self._view_at :]
        self._view_at = settled
        return "".join(out)

    def _copy(self, start: int, stop: int, out: list[str]) -> None:
        """Write view characters ``[start, stop)`` (absolute offsets) as they are."""
        base = self._view_at
        at = start
        while self._quotes and self._quotes[0][0] < stop:
            quote, literal = self._quotes.popleft()
            self._write(self._view[at - base : quote + 1 - base], out)
            self._current = literal
            at = quote + 1
        self._write(self._view[at - base : stop - base], out)

    def _write(self, text: str, out: list[str]) -> None:
        """Write ``text`` at the next position: the current literal's content first."""
        if not text:
            return
        current = self._current
        if current is not None:
            out.append(current.take())
            self._current = None
        out.append(text)

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
