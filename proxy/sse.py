"""A sans-IO Server-Sent Events codec.

:class:`SSEDecoder` turns bytes, in chunks of any size, into :class:`Event` values;
:func:`encode_event` turns an event back into bytes.  Neither does I/O, so the proxy's
streaming handler, the fake upstream and the tests all share one implementation.

Rules (the WHATWG event-stream grammar):

* Lines end with CR, LF or CRLF.  A CR at the very end of a chunk may be the first half
  of a CRLF, so it is held until the next byte decides (the httpx ``LineDecoder`` trick).
* A blank line ends an event.  Every event keeps the exact text it was parsed from
  (``raw``), for tools that replay or rewrite transcripts (the tests' fake upstream).
  The gateway itself never forwards ``raw``: what it sends is its own encoding of what
  it checked (comments, ``id:``/``retry:`` and unknown fields, padding and duplicate
  JSON keys included, never reach a client as the provider wrote them).
* Bytes are decoded as UTF-8 incrementally, so a multi-byte character split across
  chunks is fine; invalid UTF-8 is a :class:`~pipelines.errors.StreamProtocolError`.
* One event may not exceed ``max_event_bytes``: a peer that never sends a blank line
  cannot make the gateway buffer without bound.
"""

from __future__ import annotations

import codecs
import json
import json.scanner
from dataclasses import dataclass
from typing import Final, final

from pipelines.errors import StreamProtocolError

__all__ = [
    "DEFAULT_MAX_EVENT_BYTES",
    "Event",
    "SSEDecoder",
    "encode_event",
    "encode_json_event",
]

DEFAULT_MAX_EVENT_BYTES: Final = 4 * 1024 * 1024
# ``scan_once(text, index) -> (value, end)`` of a default decoder (C when available).
# typeshed types the argument as a scanner; at run time any decoder-like object works.
_SCAN_ONCE: Final = json.scanner.make_scanner(json.JSONDecoder())  # type: ignore[arg-type]
# One compact raw-UTF-8 encoder: ``json.dumps`` with options builds a new one per call.
_ENCODE: Final = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode


@final
@dataclass(frozen=True, slots=True)
class Event:
    """One parsed event.

    ``data`` is the ``data:`` lines joined with ``\\n`` (``None`` when the block had no
    ``data`` field, e.g. a pure comment or keep-alive); ``event`` the ``event:`` field;
    ``comments`` the text of ``:`` lines; ``raw`` the exact text of the block including
    its terminating blank line, for byte-faithful pass-through.
    """

    data: str | None = None
    event: str | None = None
    id: str | None = None
    retry: int | None = None
    comments: tuple[str, ...] = ()
    raw: str = ""

    @property
    def is_done(self) -> bool:
        """True for OpenAI's ``data: [DONE]`` terminator."""
        return self.data == "[DONE]"

    def json(self) -> object:
        """Parse ``data`` as JSON, raising StreamProtocolError (never echoing it)."""
        if self.data is None:
            raise StreamProtocolError("upstream sent an SSE event without data")
        data = self.data
        try:
            # The decoder's own scanner, without ``json.loads``' wrappers (they cost as
            # much as the parse on a small chunk); anything it does not take whole
            # (surrounding whitespace, garbage) goes through ``json.loads`` for the
            # standard decision.
            value, end = _SCAN_ONCE(data, 0)
            if end == len(data):
                return value
        except (StopIteration, ValueError):
            pass
        except RecursionError as exc:
            raise StreamProtocolError("upstream sent JSON nested too deeply") from exc
        try:
            return json.loads(data)
        except ValueError as exc:
            raise StreamProtocolError("upstream sent an SSE event whose data is not JSON") from exc
        except RecursionError as exc:
            raise StreamProtocolError("upstream sent JSON nested too deeply") from exc


@final
class SSEDecoder:
    """Incremental SSE parser: ``feed(bytes) -> list[Event]``, then ``close()``."""

    __slots__ = ("_block", "_decoder", "_fields", "_line", "_max", "_pending_cr", "_size")

    def __init__(self, *, max_event_bytes: int = DEFAULT_MAX_EVENT_BYTES) -> None:
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="strict")
        self._max = max_event_bytes
        self._line: list[str] = []  # pieces of the current, unterminated line
        self._block: list[str] = []  # raw text of the current event so far
        self._fields: list[tuple[str, str]] = []
        self._pending_cr = False  # last chunk ended with CR: a following LF belongs to it
        self._size = 0

    def feed(self, chunk: bytes) -> list[Event]:
        """Consume ``chunk`` and return every event it completed, in order."""
        try:
            text = self._decoder.decode(chunk)
        except UnicodeDecodeError as exc:
            raise StreamProtocolError("upstream sent invalid UTF-8 in an event stream") from exc
        return self._feed_text(text)

    def close(self) -> list[Event]:
        """Signal end of stream and return the last event, if any was left open.

        The grammar says an unterminated final event is dropped; the gateway is lenient
        and dispatches it, because some servers omit the last blank line.  A truncated
        JSON payload in it is then caught where the data is parsed.
        """
        try:
            text = self._decoder.decode(b"", final=True)
        except UnicodeDecodeError as exc:
            raise StreamProtocolError("upstream stream ended inside a UTF-8 character") from exc
        events = self._feed_text(text)
        if self._pending_cr:
            self._pending_cr = False
            if self._end_line("\r"):
                events.append(self._dispatch())
        if self._line:
            self._end_line("")
        if self._block:
            # A leftover of blank lines only is forwarded too (as a field-less event) so
            # that pass-through keeps every byte.
            events.append(self._dispatch())
        return events

    def _feed_text(self, text: str) -> list[Event]:
        if "\r" not in text and not self._pending_cr:
            return self._feed_lf(text)
        events: list[Event] = []
        pos = 0
        if self._pending_cr and text:
            # The previous chunk ended with CR: this first character decides whether
            # the line ended with CR or with CRLF.  The line is taken only now, so its
            # event's raw text is the same however the stream was chunked.
            self._pending_cr = False
            terminator = "\r\n" if text[0] == "\n" else "\r"
            pos = len(terminator) - 1
            if self._end_line(terminator):
                events.append(self._dispatch())
        length = len(text)
        while pos < length:
            cr = text.find("\r", pos)
            lf = text.find("\n", pos)
            if cr == -1 and lf == -1:
                self._grow(text[pos:])
                break
            if cr == -1 or (lf != -1 and lf < cr):
                end, terminator = lf, "\n"
            elif cr + 1 < length:
                end, terminator = cr, "\r\n" if text[cr + 1] == "\n" else "\r"
            else:
                self._grow(text[pos:cr])
                self._pending_cr = True
                break
            self._grow(text[pos:end])
            if self._end_line(terminator):
                events.append(self._dispatch())
            pos = end + len(terminator)
        return events

    def _feed_lf(self, text: str) -> list[Event]:
        """The common case, a piece without CR: whole events first, then line by line."""
        events: list[Event] = []
        pos = 0 if self._line or self._block else self._whole_events(text, events)
        if pos:
            text = text[pos:]
        if not text:
            return events
        lines = text.split("\n")
        rest = lines.pop()
        for position, line in enumerate(lines):
            self._size += len(line)
            if self._size > self._max:
                raise StreamProtocolError(
                    f"upstream sent an SSE event larger than {self._max} characters"
                )
            if position == 0 and self._line:
                line = "".join(self._line) + line
                self._line = []
            if self._take_line(line, "\n"):
                events.append(self._dispatch())
        self._grow(rest)
        return events

    def _whole_events(self, text: str, events: list[Event]) -> int:
        """Dispatch the complete ``...\\n\\n`` events at the start of ``text``.

        Only called with no partial line or event carried over, which is how a provider
        usually writes (whole events per write).  An event here has no blank line in
        it, so its lines are its fields; a single ``data:`` line, the usual case, skips
        the general field loop.  Returns how much of ``text`` was consumed; the rest
        (a partial event, leading blank lines, an oversized event) goes line by line,
        with exactly the same result.
        """
        pos = 0
        limit = self._max - 2
        while True:
            end = text.find("\n\n", pos)
            if end < 0 or end - pos > limit or text.startswith("\n", pos):
                # No whole event left, a leading blank line, or too big: the general path.
                return pos
            raw = text[pos : end + 2]
            if text.startswith("data:", pos) and text.find("\n", pos, end) < 0:
                data = text[pos + 6 : end] if text.startswith(" ", pos + 5) else text[pos + 5 : end]
                events.append(Event(data=data, raw=raw))
            else:
                self._block = [raw]
                fields = self._fields
                for line in raw[:-2].split("\n"):
                    name, sep, value = line.partition(":")
                    if sep and value.startswith(" "):
                        value = value[1:]
                    fields.append((name, value if sep else ""))
                events.append(self._dispatch())
            pos = end + 2

    def _end_line(self, terminator: str) -> bool:
        line = "".join(self._line)
        self._line = []
        return self._take_line(line, terminator)

    def _grow(self, piece: str) -> None:
        if not piece:
            return
        self._size += len(piece)
        if self._size > self._max:
            raise StreamProtocolError(
                f"upstream sent an SSE event larger than {self._max} characters"
            )
        self._line.append(piece)

    def _take_line(self, line: str, terminator: str) -> bool:
        """Record one line; return True when it is the blank line ending an event."""
        self._size += len(terminator)
        if line == "":
            if not self._block:
                # Blank lines between events (or leading ones) carry no event; keep them
                # in the next event's raw text so pass-through stays byte-faithful.
                self._block.append(terminator)
                return False
            self._block.append(terminator)
            # Every non-blank line adds a field, so fields mean the event has content.
            return bool(self._fields)
        self._block.append(line + terminator)
        name, sep, value = line.partition(":")
        if sep and value.startswith(" "):
            value = value[1:]
        self._fields.append((name, value if sep else ""))
        return False

    def _dispatch(self) -> Event:
        data_lines: list[str] = []
        comments: list[str] = []
        event: str | None = None
        ident: str | None = None
        retry: int | None = None
        for name, value in self._fields:
            if name == "":
                comments.append(value)
            elif name == "data":
                data_lines.append(value)
            elif name == "event":
                event = value
            elif name == "id":
                ident = value
            elif name == "retry" and value.isdigit():
                retry = int(value)
        raw = "".join(self._block)
        self._block = []
        self._fields = []
        self._size = 0
        return Event(
            data="\n".join(data_lines) if data_lines else None,
            event=event,
            id=ident,
            retry=retry,
            comments=tuple(comments),
            raw=raw,
        )


def encode_event(
    data: str | None = None,
    *,
    event: str | None = None,
    event_id: str | None = None,
) -> bytes:
    """Serialise one event: ``event:`` first, each line of ``data`` as its own field."""
    parts: list[str] = []
    if event is not None:
        parts.append(f"event: {event}\n")
    if event_id is not None:
        parts.append(f"id: {event_id}\n")
    if data is not None:
        for line in data.replace("\r\n", "\n").replace("\r", "\n").split("\n"):
            parts.append(f"data: {line}\n")
    parts.append("\n")
    return "".join(parts).encode("utf-8")


def encode_json_event(payload: object, *, event: str | None = None) -> bytes:
    """Serialise ``payload`` as compact JSON (raw UTF-8, like the providers) in one event.

    JSON text never holds a raw CR or LF (the encoder escapes them), so it is always
    exactly one ``data:`` line.
    """
    data = _ENCODE(payload)
    if event is None:
        return f"data: {data}\n\n".encode()
    return f"event: {event}\ndata: {data}\n\n".encode()
