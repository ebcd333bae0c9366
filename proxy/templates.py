"""Reading a stream's text chunks without parsing each one, writing the gateway's own bytes.

A provider streams many chunks that differ only in their text (and, for OpenAI, a
padding string): ``{...,"delta":{"content":"the "},...,"obfuscation":"Xy"}``.  A
:class:`ChunkTemplate` is learnt from one chunk: the bytes before its text literal,
the bytes between it and the padding literal, and the bytes after, up to whitespace
before the final ``}`` (where Anthropic pads).  A later chunk with exactly those bytes
around one string literal in each hole parses, by the JSON grammar, to the learnt
object with those strings changed, so its text is read with the decoder's
``scanstring`` instead of a parse and a walk.

What a template *writes* is never the provider's bytes: it is the gateway's encoding of
the learnt chunk after the reply guard proved or filtered everything in it
(:mod:`proxy.replies`), around the new text and the gateway's padding.  So a chunk read
through a template puts nothing on the wire the guard has not seen, exactly as a
parsed chunk would.
"""

from __future__ import annotations

import json
import json.decoder
import json.scanner
from collections.abc import Callable
from typing import Final, final

__all__ = ["PAD_PROBE", "TEXT_PROBE", "ChunkTemplate"]

_ENCODE: Final = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
# typeshed types the argument as a scanner; at run time any decoder-like object works.
_SCAN_ONCE: Final = json.scanner.make_scanner(json.JSONDecoder())  # type: ignore[arg-type]
# ``scanstring(text, after_quote) -> (value, end)``: C when available, as json uses it.
_SCAN_STRING: Final[Callable[[str, int], tuple[str, int]]] = (
    json.decoder.scanstring  # type: ignore[attr-defined]  # typeshed omits it
)
# Strings no provider sends (Unicode noncharacters), put into a template to check it.
TEXT_PROBE: Final = "\ufdd0pseudogate\ufdd1"
PAD_PROBE: Final = "\ufdd2pseudogate\ufdd3"
_TEXT_LITERAL: Final = _ENCODE(TEXT_PROBE)
_PAD_LITERAL: Final = _ENCODE(PAD_PROBE)
_WHITESPACE: Final = " \t\r\n"


@final
class ChunkTemplate:
    """Recognises chunks equal to a learnt one except for their text (and padding)."""

    __slots__ = ("_core", "_end", "_middle", "_out", "_prefix", "_start")

    def __init__(
        self, prefix: str, middle: str | None, core: str, out: tuple[str, ...]
    ) -> None:
        self._prefix = prefix
        self._start = len(prefix)
        self._middle = middle
        self._core = core
        self._end = core + "}"  # the unpadded tail, the common case
        self._out = out

    @classmethod
    def learn(
        cls,
        data: str,
        text: str,
        pad: str | None,
        render: Callable[[object], str | None],
    ) -> ChunkTemplate | None:
        """The template of ``data`` around the literals of ``text`` (and ``pad``), or None.

        The literals must be written the way the gateway writes JSON (compact, raw
        UTF-8) to be found; the first occurrence of each (the padding after the text)
        is taken.  ``render`` receives ``data`` parsed with :data:`TEXT_PROBE` (and
        :data:`PAD_PROBE`) in their place; it must check they landed where the caller
        reads the text (and the padding) — not in an id that happened to be equal —
        and return the gateway's encoding of that object with the probes as its text
        and padding, or None.  A wrong template is never kept.
        """
        literal = _ENCODE(text)
        at = data.find(literal)
        if at < 0:
            return None
        prefix = data[:at]
        position = at + len(literal)
        middle: str | None = None
        probe = prefix + _TEXT_LITERAL
        if pad is not None:
            pad_literal = _ENCODE(pad)
            pad_at = data.find(pad_literal, position)
            if pad_at < 0:
                return None
            middle = data[position:pad_at]
            probe += middle + _PAD_LITERAL
            position = pad_at + len(pad_literal)
        tail = data[position:]
        if not tail.endswith("}"):
            return None
        probe += tail
        try:
            parsed, end = _SCAN_ONCE(probe, 0)
        except (StopIteration, ValueError, RecursionError):
            return None
        if end != len(probe):
            return None
        rendered = render(parsed)
        if rendered is None or rendered.count(_TEXT_LITERAL) != 1:
            return None
        head, _, rest = rendered.partition(_TEXT_LITERAL)
        out: tuple[str, ...] = (head, rest)
        if pad is not None:
            if rest.count(_PAD_LITERAL) != 1:
                return None
            between, _, after = rest.partition(_PAD_LITERAL)
            out = (head, between, after)
        elif _PAD_LITERAL in rendered:
            return None
        return cls(prefix, middle, tail[:-1].rstrip(_WHITESPACE), out)

    def match(self, data: str | None) -> tuple[str, str] | None:
        """``(text, padding)`` of ``data`` if it fits the template (padding "" if none)."""
        if data is None or not data.startswith(self._prefix):
            return None
        start = self._start
        if data[start : start + 1] != '"':
            return None
        try:
            text, end = _SCAN_STRING(data, start + 1)
        except ValueError:
            return None
        pad = ""
        middle = self._middle
        if middle is not None:
            at = end + len(middle)
            if not data.startswith(middle, end) or data[at : at + 1] != '"':
                return None
            try:
                pad, end = _SCAN_STRING(data, at + 1)
            except ValueError:
                return None
        if len(data) - end == len(self._end) and data.endswith(self._end):
            return text, pad
        if not data.endswith("}") or data[end:-1].rstrip(_WHITESPACE) != self._core:
            return None
        return text, pad

    def fill(self, text: str, pad: str = "") -> str:
        """The gateway's encoding of the learnt chunk with ``text`` (and ``pad``)."""
        out = self._out
        if len(out) == 2:
            return out[0] + _ENCODE(text) + out[1]
        return out[0] + _ENCODE(text) + out[1] + _ENCODE(pad) + out[2]
