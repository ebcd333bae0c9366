"""Anthropic Messages replies: egress channels, whole bodies, errors.

**Every byte the client receives passes a filter or is the gateway's own** (DESIGN C10).

* Channels: one per content block index — the ``text`` of a text block, the
  ``partial_json`` of a ``tool_use`` / ``server_tool_use`` / ``mcp_tool_use`` block (JSON
  source), the ``thinking`` of a thinking block.  A block's held tail is flushed in a
  synthetic ``content_block_delta`` before its ``content_block_stop`` (or before
  ``message_delta`` / ``message_stop`` for a block never stopped).  Blocks carried by
  ``message_start`` open their channels the same way as ``content_block_start``.
* **Thinking is signed, so its channel never relinks.**  The provider rejects a
  conversation whose thinking was altered, and the gateway's ingress refuses a thinking
  block holding a value; so a thinking channel is the factory's *signed* channel: it
  masks what the route redacts (output patterns, known values, the provider key, raw
  vault values when the route does not relink) and leaves placeholders as the provider
  wrote them.  A thinking block the filter had to mask no longer matches its signature
  (the provider refuses it if it is sent back): that is the price of not leaking it.
* A delta of a channel kind (``text_delta``, ``input_json_delta``, ``thinking_delta``)
  for a block that was not started, or for a block of another kind, is a protocol
  error (the stream ends with the error event); it is never passed raw.  Every member
  of a channel delta other than its type and text is dropped.
* **An unknown delta is streamed content too**, so its strings are channels: each
  string at one JSON path of one delta type of one block is a channel of its own
  (``(index, type, path)``; a value the provider spells across several such deltas is
  found like one spelt across text deltas), flushed in a synthetic delta of that type
  holding only that path when the block ends (with the block's own channel).  Keys,
  numbers and a string that is base64 of text holding a value are checked whole.
* Everything else — ``message_start`` (its message), the members of each block other
  than its channel text (citations, tool inputs sent whole, server tool results and
  their documents, signatures), ``citations_delta`` / ``signature_delta`` (one whole
  citation or signature each), ``message_delta``, ``ping`` payloads, unknown event
  types, error events — goes through :class:`~proxy.replies.ReplyGuard`: closed enums
  and short numbers pass, every other string and key is filtered whole per event
  (base64 of text is decoded and filtered).
* The ``event:`` name is the provider's if it is one of the API's, or another name the
  filter leaves unchanged; otherwise the payload's known type, or the event is dropped.
  An SSE comment becomes an empty comment; ``id:``, ``retry:`` and unknown SSE fields
  are dropped.  Every event is the gateway's own encoding of what it checked, never the
  provider's bytes (its whitespace padding goes too).

Fast path: deltas with nothing but one channel's text are read through a
:class:`~proxy.templates.ChunkTemplate` learnt per block (no parse) and merged per read.

Errors: ``{"type": "error", "error": {"type", "message"}}``; in a stream, an
``event: error`` with that body (the official SDK raises on it).
"""

from __future__ import annotations

import re
from collections.abc import MutableMapping, Sequence
from typing import Final, final

from pipelines.errors import StreamProtocolError
from proxy.anthropic_messages.request import TOOL_USE_KINDS
from proxy.replies import (
    ERROR_BODY,
    SIGNED,
    TEXT,
    Arr,
    Enum,
    Obj,
    ReplyGuard,
    Tagged,
)
from proxy.shapes import JSON, FilterFactory, TextFilter, dumps
from proxy.sse import Event, encode_json_event
from proxy.templates import TEXT_PROBE, ChunkTemplate

__all__ = ["AnthropicRewriter", "error_body", "rewrite_body"]

_ERROR_TYPES: Final = {
    400: "invalid_request_error",
    401: "authentication_error",
    403: "permission_error",
    404: "not_found_error",
    413: "request_too_large",
    429: "rate_limit_error",
    503: "overloaded_error",
    529: "overloaded_error",
}
_EVENT_NAMES: Final = frozenset(
    {"message_start", "content_block_start", "content_block_delta", "content_block_stop",
     "message_delta", "message_stop", "ping", "error"}
)
_EVENT_NAME: Final = re.compile(r"[A-Za-z0-9_.-]{1,64}")
# Channel deltas by the delta type they carry: the text field.
_CHANNEL_FIELDS: Final = {"text_delta": "text", "input_json_delta": "partial_json",
                          "thinking_delta": "thinking"}
_KEEPALIVE: Final = b":\n\n"
# Not an event name (a colon ends a field name): marks an event that is dropped.
_DROP_EVENT: Final = ":drop"

_STOP: Final = Enum("end_turn", "max_tokens", "stop_sequence", "tool_use", "pause_turn",
                    "refusal", "model_context_window_exceeded")
_USAGE: Final = Obj({
    "input_tokens": TEXT, "output_tokens": TEXT, "cache_creation_input_tokens": TEXT,
    "cache_read_input_tokens": TEXT, "service_tier": Enum("standard", "priority", "batch"),
    "cache_creation": Obj({"ephemeral_5m_input_tokens": TEXT, "ephemeral_1h_input_tokens": TEXT}),
    "server_tool_use": Obj({"web_search_requests": TEXT, "web_fetch_requests": TEXT}),
})
_TOOL: Final = Obj({"id": TEXT, "name": TEXT, "input": TEXT})
# A whole block (non-streamed replies): thinking is signed; every other string of every
# block (text, citations, tool inputs, server tool results and their documents, unknown
# blocks) is text.
_BLOCK: Final = Tagged({"text": Obj({"text": TEXT, "citations": TEXT}),
                        "thinking": Obj({"thinking": SIGNED, "signature": TEXT}),
                        "redacted_thinking": Obj({"data": TEXT}),
                        **dict.fromkeys(TOOL_USE_KINDS, _TOOL)})
_MESSAGE: Final = Obj({"id": TEXT, "type": Enum("message"), "role": Enum("assistant"),
                       "model": TEXT, "content": Arr(_BLOCK), "stop_reason": _STOP,
                       "stop_sequence": TEXT, "usage": _USAGE})
# Deltas outside the channels that carry one whole value each: citations, signatures.
_WHOLE_DELTAS: Final = Tagged({"signature_delta": Obj({"signature": TEXT}),
                               "citations_delta": Obj({"citation": TEXT})})
# An unknown delta deeper than this is refused rather than walked.
_MAX_SIDE_DEPTH: Final = 32
_EVENTS: Final = {
    "content_block_delta": Obj({"type": Enum("content_block_delta"), "index": TEXT,
                                "delta": _WHOLE_DELTAS}),
    "message_delta": Obj({"type": Enum("message_delta"),
                          "delta": Obj({"stop_reason": _STOP, "stop_sequence": TEXT}),
                          "usage": _USAGE}),
    "message_stop": Obj({"type": Enum("message_stop")}),
    "content_block_stop": Obj({"type": Enum("content_block_stop"), "index": TEXT}),
    "ping": Obj({"type": Enum("ping")}),
}
_ANY: Final = Obj()


def _parse(event: Event) -> dict[str, JSON] | None:
    """The event's JSON object, or None for events without data."""
    if event.data is None:
        return None
    data = event.json()
    if not isinstance(data, dict):
        raise StreamProtocolError("upstream sent an event that is not a JSON object")
    return data


@final
class _Block:
    """An open content block: the delta type and field of its channel, and its filter."""

    __slots__ = ("delta_type", "field", "filter")

    def __init__(self, delta_type: str, field: str, channel: TextFilter) -> None:
        self.delta_type = delta_type
        self.field = field
        self.filter = channel


# A string's position in an unknown delta: its type, then member names and list
# positions from the delta's root.
_SidePath = tuple[str | int, ...]


@final
class AnthropicRewriter:
    """Per-content-block egress routing for one streamed Messages reply."""

    __slots__ = ("_blocks", "_done", "_factory", "_guard", "_sides", "_templates")

    def __init__(self, factory: FilterFactory) -> None:
        self._factory = factory
        self._guard = ReplyGuard(factory)
        self._blocks: dict[int, _Block] = {}
        # Per block index, the channels of its unknown deltas' strings (by position).
        self._sides: dict[int, dict[_SidePath, TextFilter]] = {}
        # Per open block, the template of its channel deltas.
        self._templates: dict[int, ChunkTemplate] = {}
        self._done = False

    def on_events(self, events: Sequence[Event]) -> list[bytes]:
        """Bytes for the events of one upstream read, in order.

        Consecutive channel deltas of one block are fed as one piece and sent as one
        delta: they arrived together, so merging them delays nothing.
        """
        out: list[bytes] = []
        count = len(events)
        position = 0
        while position < count:
            event = events[position]
            read = self._read_text(event)
            position += 1
            if not isinstance(read, tuple):
                out.extend(self._on_parsed(event, read))
                continue
            index, template, text = read
            pieces = [text]
            while position < count:
                following = events[position]
                found = (template.match(following.data)
                         if following.event == "content_block_delta" else None)
                if found is None:
                    break
                pieces.append(found[0])
                position += 1
            merged = pieces[0] if len(pieces) == 1 else "".join(pieces)
            output = self._blocks[index].filter.feed(merged)
            out.append(b"event: content_block_delta\ndata: " + template.fill(output).encode()
                       + b"\n\n")
        return out

    def _read_text(self, event: Event) -> tuple[int, ChunkTemplate, str] | dict[str, JSON] | None:
        """A channel delta's block, template and text; else the parsed event."""
        data = event.data
        if event.event != "content_block_delta" or data is None:
            return _parse(event)
        for open_index, known in self._templates.items():
            found = known.match(data)
            if found is not None:
                return open_index, known, found[0]
        parsed = _parse(event)
        mergeable = self._mergeable(parsed)
        if mergeable is None or parsed is None:
            return parsed
        index = mergeable
        block = self._blocks[index]
        text = parsed["delta"][block.field]  # type: ignore[index]
        assert isinstance(text, str)

        def render(probe: object) -> str | None:
            if (not isinstance(probe, dict) or self._mergeable(probe) != index
                    or probe["delta"][block.field] != TEXT_PROBE):
                return None
            return dumps({"type": "content_block_delta", "index": index,
                          "delta": {"type": block.delta_type, block.field: TEXT_PROBE}}
                         ).decode("utf-8")

        template = ChunkTemplate.learn(data, text, None, render)
        if template is None:
            return parsed
        self._templates[index] = template
        return index, template, text

    def _mergeable(self, data: object) -> int | None:
        """The block index of a delta with nothing but an open block's channel text."""
        if type(data) is not dict or data.get("type") != "content_block_delta" or len(data) != 3:
            return None
        index = data.get("index")
        delta = data.get("delta")
        if type(index) is not int or index not in self._blocks or type(delta) is not dict:
            return None
        block = self._blocks[index]
        if (delta.keys() != {"type", block.field} or delta["type"] != block.delta_type
                or type(delta[block.field]) is not str):
            return None
        return index

    def on_event(self, event: Event) -> list[bytes]:
        """Bytes for one upstream event (see the module docstring for the rules)."""
        return self.on_events((event,))

    def _on_parsed(self, event: Event, data: dict[str, JSON] | None) -> list[bytes]:
        if data is None:
            return [_KEEPALIVE] if event.comments else []
        kind = data.get("type")
        name = self._name(event.event, kind)
        if name is _DROP_EVENT:
            return []
        before: list[bytes] = []
        if kind == "message_start":
            out = self._members(data, {"message": self._message})
        elif kind == "content_block_start":
            out = self._start(data, before)
        elif kind == "content_block_delta":
            out = self._delta(data)
        elif kind == "content_block_stop":
            index = data.get("index")
            if isinstance(index, int):
                before.extend(self._close(index))
            out = self._scrub(data, _EVENTS["content_block_stop"])
        elif kind in ("message_delta", "message_stop"):
            # Blocks still open here were never stopped: flush them before the end.
            for index in sorted(self._blocks.keys() | self._sides.keys()):
                before.extend(self._close(index))
            self._done = self._done or kind == "message_stop"
            out = self._scrub(data, _EVENTS[str(kind)])
        elif kind == "error":
            self._done = True  # the upstream ended the stream; held text is dropped
            self._blocks.clear()
            self._sides.clear()
            self._templates.clear()
            out = self._scrub(data, ERROR_BODY)
        else:
            out = self._scrub(data, _EVENTS.get(str(kind), _ANY))
        return [*before, encode_json_event(out, event=name)]

    def _name(self, name: str | None, kind: JSON) -> str | None:
        """The event name to write: the provider's if it is proven, else the payload's
        known type; :data:`_DROP_EVENT` when neither (the event is dropped)."""
        if name is None or name in _EVENT_NAMES:
            return name
        if _EVENT_NAME.fullmatch(name) and self._guard.text(name) == name:
            return name
        if isinstance(kind, str) and kind in _EVENT_NAMES:
            return kind
        return _DROP_EVENT

    def _scrub(self, data: dict[str, JSON], spec: Obj) -> dict[str, JSON]:
        out = self._guard.scrub(data, spec)
        assert isinstance(out, dict)
        return out

    def _members(self, data: dict[str, JSON], special: dict[str, object]) -> dict[str, JSON]:
        """``data`` with its ``type`` and ``index`` kept (an event type, an integer), the
        ``special`` members through their handler (an object required), every other
        member as text."""
        guard = self._guard
        out: dict[str, JSON] = {}
        for name, value in data.items():
            handler = special.get(name)
            if (name == "type" and value in _EVENT_NAMES) or (
                    name == "index" and type(value) is int):
                out[name] = value
            elif handler is not None and isinstance(value, dict):
                out[name] = handler(value)  # type: ignore[operator]
            else:
                out[guard.key(name)] = guard.scrub(value, TEXT)
        return out

    def _message(self, message: dict[str, JSON]) -> dict[str, JSON]:
        """``message_start``'s message; its blocks open their channels."""
        out: dict[str, JSON] = {}
        for name, value in message.items():
            if name == "content" and isinstance(value, list):
                out[name] = [self._open(index, block) for index, block in enumerate(value)]
            else:
                member = self._guard.member(name, value, _MESSAGE)
                if member is not None:
                    out[member[0]] = member[1]
        return out

    def _start(self, data: dict[str, JSON], before: list[bytes]) -> dict[str, JSON]:
        index = data.get("index")
        block = data.get("content_block")
        if not isinstance(index, int) or isinstance(index, bool) or not isinstance(block, dict):
            raise StreamProtocolError("upstream sent a content_block_start without a block")
        before.extend(self._close(index))  # started again: the old block ends here
        return self._members(data, {"content_block": lambda value: self._open(index, value)})

    def _open(self, index: int, block: JSON) -> JSON:
        """A block at its start: its channel opened and fed, every other member checked."""
        guard = self._guard
        if not isinstance(block, dict):
            return guard.scrub(block, TEXT)
        kind = block.get("type")
        if kind == "text":
            channel = _Block("text_delta", "text", self._factory(False))
        elif kind == "thinking":
            channel = _Block("thinking_delta", "thinking", self._factory.signed())
        elif kind in TOOL_USE_KINDS:
            channel = _Block("input_json_delta", "partial_json", self._factory(True))
        else:
            # Server tool results (web search, web fetch documents, code execution),
            # redacted thinking and unknown blocks: whole, every string checked.
            return guard.scrub(block, _BLOCK)
        self._blocks[index] = channel
        self._templates.pop(index, None)
        out: dict[str, JSON] = {}
        for name, value in block.items():
            if name == "type":
                out[name] = kind
            elif name == channel.field and isinstance(value, str):
                out[name] = channel.filter.feed(value)
            elif name == "input" and kind in TOOL_USE_KINDS:
                # Usually ``{}`` with the input streamed as JSON deltas; a provider may
                # send it whole here instead.
                out[name] = value if value == {} else guard.scrub(value, TEXT)
            else:
                out[guard.key(name)] = guard.scrub(value, TEXT)
        return out

    def _delta(self, data: dict[str, JSON]) -> dict[str, JSON]:
        index = data.get("index")
        delta = data.get("delta")
        kind = delta.get("type") if isinstance(delta, dict) else None
        if not isinstance(kind, str) or kind not in _CHANNEL_FIELDS:
            if (isinstance(kind, str) and kind not in _WHOLE_DELTAS.cases
                    and isinstance(index, int) and not isinstance(index, bool)):
                assert isinstance(delta, dict)
                side = self._side(index, kind, delta)
                return self._members(data, {"delta": lambda value: side})
            # Citations and signatures (whole values), deltas of no known shape: every
            # string checked whole.
            return self._scrub(data, _EVENTS["content_block_delta"])
        block = self._blocks.get(index) if isinstance(index, int) else None
        if block is None or block.delta_type != kind:
            raise StreamProtocolError(
                "upstream sent a channel delta for a block it did not start as that kind"
            )
        assert isinstance(delta, dict)
        text = delta.get(block.field)
        if not isinstance(text, str):
            raise StreamProtocolError("upstream sent a text delta without text")
        output = block.filter.feed(text)
        return self._members(data, {"delta": lambda value: {"type": kind, block.field: output}})

    def _side(self, index: int, kind: str, delta: dict[str, JSON]) -> dict[str, JSON]:
        """An unknown delta: each string through the channel of its position."""
        channels = self._sides.setdefault(index, {})
        guard = self._guard
        factory = self._factory

        def walk(value: JSON, path: _SidePath) -> JSON:
            if len(path) > _MAX_SIDE_DEPTH:
                raise StreamProtocolError("upstream sent a delta nested too deeply")
            if isinstance(value, str):
                recoded = guard.recoded(value)
                if recoded is not None:
                    return recoded  # base64 of text holding a value: a whole value
                channel = channels.get(path)
                if channel is None:
                    channel = channels[path] = factory(False)
                return channel.feed(value)
            if isinstance(value, list):
                return [walk(item, (*path, at)) for at, item in enumerate(value)]
            if isinstance(value, dict):
                return {guard.key(name): walk(item, (*path, name))
                        for name, item in value.items()}
            return guard.scrub(value, TEXT)

        out: dict[str, JSON] = {"type": guard.text(kind)}
        for name, value in delta.items():
            if name != "type":
                out[guard.key(name)] = walk(value, (kind, name))
        return out

    def _close(self, index: int) -> list[bytes]:
        """Close block ``index``: the held tails of its channels as deltas, if any."""
        out: list[bytes] = []
        block = self._blocks.pop(index, None)
        self._templates.pop(index, None)
        if block is not None:
            tail = block.filter.close()
            if tail:
                payload = {"type": "content_block_delta", "index": index,
                           "delta": {"type": block.delta_type, block.field: tail}}
                out.append(encode_json_event(payload, event="content_block_delta"))
        for path, channel in self._sides.pop(index, {}).items():
            tail = channel.close()
            if tail:
                payload = {"type": "content_block_delta", "index": index,
                           "delta": self._side_tail(path, tail)}
                out.append(encode_json_event(payload, event="content_block_delta"))
        return out

    def _side_tail(self, path: _SidePath, tail: str) -> dict[str, JSON]:
        """A delta of ``path``'s type holding ``tail`` at ``path`` alone (earlier list
        positions are null)."""
        value: JSON = tail
        for step in reversed(path[1:]):
            value = ([None] * step + [value] if isinstance(step, int)
                     else {self._guard.key(step): value})
        assert isinstance(value, dict)
        return {"type": self._guard.text(str(path[0])), **value}

    def finish(self) -> list[bytes]:
        """At upstream EOF: a stream that never sent ``message_stop`` was cut."""
        if not self._done:
            self._blocks.clear()
            self._sides.clear()
            raise StreamProtocolError("upstream stream ended before message_stop")
        return []

    def error_event(self, status: int, code: str, message: str) -> bytes:
        """``event: error`` with the error body."""
        return encode_json_event(error_body(status, code, message), event="error")


def rewrite_body(body: MutableMapping[str, JSON], factory: FilterFactory) -> None:
    """A whole reply, default deny: every block in one feed per string.

    Text blocks, citations, tool inputs, server tool results and unknown blocks are
    text (every string and key); thinking goes through the signed channel.
    """
    scrubbed = ReplyGuard(factory).scrub(dict(body), _MESSAGE)
    assert isinstance(scrubbed, dict)
    body.clear()
    body.update(scrubbed)


def error_body(status: int, code: str, message: str) -> dict[str, JSON]:
    """``{"type": "error", "error": {"type", "message"}}``."""
    kind = _ERROR_TYPES.get(status, "api_error" if status >= 500 else "invalid_request_error")
    return {"type": "error", "error": {"type": kind, "message": message}}
