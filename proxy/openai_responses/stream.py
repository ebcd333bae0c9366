"""OpenAI Responses replies: the stream rewriter, whole bodies, errors.

Every event is parsed and written again (never forwarded as its bytes): its text goes
through :class:`~proxy.openai_responses.copies.Copier` (one channel per streamed text
position, every repeated copy equal to what the deltas assembled), and every other
string, known or not, passes a filter whole.  Per event:

* deltas (``response.output_text.delta``, ``function_call_arguments``,
  ``reasoning_summary_text``, ``refusal``, ... every position in
  :data:`~proxy.openai_responses.copies.CHANNELS`) feed their channel;
* opening and closing copies (``output_item.added``/``done``, ``content_part.*``,
  ``reasoning_summary_part.*``, ``*.done``) follow the copy rule; a channel's rest
  and held tail go out in one synthetic delta right before the event that closes it;
* ``response.created``/``in_progress``/``queued`` carry what the client has so far;
  ``response.completed``/``incomplete``/``failed`` close every channel and end the
  stream; an upstream ``error`` ends it too, held text dropped;
* dropped: ``response.output_text.annotation.added`` (offsets into text the filter
  changed), ``response.audio.delta`` (speech) and
  ``response.image_generation_call.partial_image`` (pixels): no filter can read them;
* unknown event types: every key and string filtered whole, except that the string
  ``delta`` of an unknown ``*.delta`` event is streamed text: one channel per event
  type and position (output, content and other indexes), flushed before its
  ``*.done``, its item's ``output_item.done`` or the terminal event, so a value spelt
  across two such deltas is found like in any channel.

``sequence_number`` is the gateway's own count of the events it sends (synthetic deltas
and dropped events change the upstream's), so a stream cannot be resumed through the
gateway with ``starting_after``.  SSE comments become an empty comment; ``[DONE]`` is
passed as the constant it is.

Errors: ``{"error": {"message", "type", "param", "code"}}`` before a stream; during
one, an ``error`` event with the documented members at its root *and* the ``error``
object providers send (the official SDK raises ``APIError`` on it).
"""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping, Sequence
from typing import Final, final

from pipelines.errors import StreamProtocolError
from proxy.openai_chat.stream import error_body as _chat_error_body
from proxy.openai_responses.copies import (
    ANY,
    CHANNELS,
    ChannelKey,
    ChannelSpec,
    Copier,
    Mode,
    Path,
    concrete,
)
from proxy.openai_responses.sessions import note_reply_id
from proxy.shapes import JSON, FilterFactory
from proxy.sse import Event, encode_json_event

__all__ = ["ResponsesRewriter", "error_body", "rewrite_body"]

_DELTAS: Final[Mapping[str, tuple[ChannelSpec, ...]]] = {
    kind: tuple(spec for spec in CHANNELS if spec.delta == kind)
    for kind in {spec.delta for spec in CHANNELS}
}
# Events that carry a copy: (member, path of the member in its item, index field, mode).
_COPIES: Final[dict[str, tuple[str, Path, str | None, Mode]]] = {
    "response.content_part.added": ("part", ("content", ANY), "content_index", "open"),
    "response.content_part.done": ("part", ("content", ANY), "content_index", "close"),
    "response.reasoning_summary_part.added": ("part", ("summary", ANY), "summary_index", "open"),
    "response.reasoning_summary_part.done": ("part", ("summary", ANY), "summary_index", "close"),
    "response.shell_call_output_content.done": ("output", ("output",), None, "close"),
}
for _channel in CHANNELS:
    if _channel.done_field is not None:
        _COPIES[_channel.done] = (_channel.done_field, _channel.path, _channel.index_field,
                                  "close")
        if _channel.added is not None:
            _COPIES[_channel.added] = (_channel.done_field, _channel.path,
                                       _channel.index_field, "open")
# Events that close a channel without carrying its text.
_CLOSERS: Final = {"response.audio.transcript.done": ChannelKey(-1, ("transcript",))}
_ITEMS: Final[Mapping[str, Mode]] = {
    "response.output_item.added": "open",
    "response.output_item.done": "close",
}
_LIFECYCLE: Final[Mapping[str, Mode]] = {
    "response.created": "peek",
    "response.in_progress": "peek",
    "response.queued": "peek",
    "response.completed": "close",
    "response.incomplete": "close",
    "response.failed": "close",
}
_TERMINAL: Final = frozenset({"response.completed", "response.incomplete", "response.failed"})
_DROPPED_EVENTS: Final = frozenset(
    {"response.output_text.annotation.added", "response.audio.delta",
     "response.image_generation_call.partial_image"}
)
# Event members that are positions, not text: copied when they are integers.
_INDEXES: Final = frozenset(
    {"output_index", "content_index", "summary_index", "annotation_index", "command_index",
     "partial_image_index"}
)
_EMPTIED: Final = frozenset({"logprobs"})
_DROPPED: Final = frozenset({"obfuscation"})
_COMMENT: Final = b":\n\n"
_DONE: Final = b"data: [DONE]\n\n"


def _index(value: JSON, name: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise StreamProtocolError(f"upstream sent an event whose {name} is not an index")
    return value


@final
class ResponsesRewriter:
    """Rewrites one streamed Responses reply (see the module docstring)."""

    __slots__ = ("_copier", "_done", "_factory", "_seq", "response_id")

    def __init__(self, factory: FilterFactory) -> None:
        self._factory = factory
        self._copier = Copier(factory)
        self._seq = 0
        self._done = False
        # The upstream's id of this response (from its first lifecycle event), raw: the
        # key the gateway keeps the request's vault under for follow-ups.
        self.response_id: str | None = None

    def on_events(self, events: Sequence[Event]) -> list[bytes]:
        """Bytes for the events of one upstream read, event by event."""
        out: list[bytes] = []
        for event in events:
            out.extend(self.on_event(event))
        return out

    def on_event(self, event: Event) -> list[bytes]:
        """Bytes to send for one upstream event (synthetic deltas first)."""
        if event.data is None:
            return [_COMMENT] if event.comments else []
        if event.is_done:
            return [_DONE]
        data = event.json()
        if not isinstance(data, dict):
            raise StreamProtocolError("upstream sent an event that is not a JSON object")
        if self._done:
            raise StreamProtocolError("upstream sent events after the response ended")
        rewritten = self._rewrite(data)
        copier = self._copier
        payloads = [*copier.pending, *([] if rewritten is None else [rewritten])]
        copier.pending.clear()
        return [self._encode(payload) for payload in payloads]

    def _encode(self, payload: dict[str, JSON]) -> bytes:
        payload["sequence_number"] = self._seq
        self._seq += 1
        kind = payload.get("type")
        return encode_json_event(payload, event=kind if isinstance(kind, str) else None)

    def _rewrite(self, data: dict[str, JSON]) -> dict[str, JSON] | None:
        kind = data.get("type")
        if not isinstance(kind, str):
            raise StreamProtocolError("upstream sent an event without a type")
        copier = self._copier
        if kind in _DROPPED_EVENTS:
            return None
        if kind == "error":
            copier.drop_all()  # held text of a failed reply is never released
            self._done = True
            return self._members(data, kind, {})
        specs = _DELTAS.get(kind)
        if specs is not None:
            return self._delta(data, kind, specs)
        if kind not in _KNOWN and kind.endswith(".delta") and isinstance(data.get("delta"), str):
            return self._unknown_delta(data, kind)
        if kind not in _KNOWN and kind.endswith(".done"):
            # An unknown delta stream's end: its channel flushes before it.
            copier.close(_unknown_key(data, kind[: -len("done")])[0])
        closes = _CLOSERS.get(kind)
        if closes is not None:
            copier.close(closes)
            return self._members(data, kind, {})
        copy = _COPIES.get(kind)
        if copy is not None:
            member, template, index_field, mode = copy
            output = _index(data.get("output_index"), "output_index")
            path = template
            if index_field is not None:
                index = _index(data.get(index_field), index_field)
                path = tuple(index if part == ANY else part for part in template)
            envelope = self._channel_envelope(data, output)
            value = data.get(member)
            done = copier.part(value, output, path, mode, envelope)
            return self._members(data, kind, {member: done})
        item_mode = _ITEMS.get(kind)
        if item_mode is not None:
            output = _index(data.get("output_index"), "output_index")
            item = copier.item(data.get("item"), output, item_mode)
            if item_mode == "close":
                copier.close_output(output)
            return self._members(data, kind, {"item": item})
        lifecycle = _LIFECYCLE.get(kind)
        if lifecycle is not None:
            response = data.get("response")
            if isinstance(response, dict) and self.response_id is None:
                ident = response.get("id")
                self.response_id = ident if isinstance(ident, str) else None
                note_reply_id(self._factory, ident)
            done = copier.response(response, lifecycle)
            if kind in _TERMINAL:
                copier.close_all()
                self._done = True
            return self._members(data, kind, {"response": done})
        free = copier.free(data)
        assert isinstance(free, dict)
        return free

    def _unknown_delta(self, data: dict[str, JSON], kind: str) -> dict[str, JSON]:
        """An unknown ``*.delta`` event: its ``delta`` is a channel of its own."""
        copier = self._copier
        stem = kind[: -len("delta")]
        key, indexes = _unknown_key(data, stem)
        envelope = self._channel_envelope(data, key.output) if key.output >= 0 else {}
        envelope.update(indexes)
        spec = ChannelSpec(frozenset(), (), copier.whole(kind), stem + "done", None)
        delta = data["delta"]
        assert isinstance(delta, str)
        return self._members(data, kind, {"delta": copier.delta(spec, key, delta, envelope)})

    def _channel_envelope(self, data: Mapping[str, JSON], output: int) -> dict[str, JSON]:
        envelope: dict[str, JSON] = {}
        item_id = data.get("item_id")
        if isinstance(item_id, str):
            envelope["item_id"] = self._copier.whole(item_id)
        envelope["output_index"] = output
        return envelope

    def _delta(self, data: dict[str, JSON], kind: str,
               specs: tuple[ChannelSpec, ...]) -> dict[str, JSON]:
        copier = self._copier
        first = specs[0]
        output = -1 if first.item_types == frozenset({""}) else _index(
            data.get("output_index"), "output_index")
        envelope = self._channel_envelope(data, output) if output >= 0 else {}
        if first.index_field is not None:
            envelope[first.index_field] = _index(data.get(first.index_field), first.index_field)
        delta = data.get("delta")
        if first.delta_member is None:
            if not isinstance(delta, str):
                raise StreamProtocolError("upstream sent a delta without text")
            index = envelope.get(first.index_field) if first.index_field else None
            key = ChannelKey(output, concrete(first, index))
            return self._members(data, kind, {"delta": copier.delta(first, key, delta, envelope)})
        if not isinstance(delta, dict):
            raise StreamProtocolError("upstream sent a delta that is not an object")
        out: dict[str, JSON] = {}
        for spec in specs:
            text = delta.get(spec.delta_member or "")
            if isinstance(text, str):
                index = envelope.get(spec.index_field) if spec.index_field else None
                key = ChannelKey(output, concrete(spec, index))
                out[spec.delta_member or ""] = copier.delta(spec, key, text, envelope)
        return self._members(data, kind, {"delta": out})

    def _members(self, data: Mapping[str, JSON], kind: str,
                 done: Mapping[str, JSON]) -> dict[str, JSON]:
        """The event with ``done`` members in place and every other member checked."""
        copier = self._copier
        out: dict[str, JSON] = {}
        for name, value in data.items():
            if name in done:
                out[name] = done[name]
            elif name == "type":
                out[name] = kind if kind in _KNOWN else copier.whole(kind)
            elif name == "sequence_number":
                out[name] = 0  # numbered when sent
            elif name in _DROPPED:
                continue  # padding, never forwarded
            elif name in _INDEXES:
                out[name] = _index(value, name)
            elif name == "item_id" and isinstance(value, str):
                out[name] = copier.whole(value)
            elif name in _EMPTIED:
                out[name] = []
            else:
                out[copier.whole(name)] = copier.free(value)
        return out

    def error_event(self, status: int, code: str, message: str) -> bytes:
        """The gateway's own error event, numbered after everything sent so far."""
        self._copier.drop_all()
        self._done = True
        payload = _error_payload(status, code, message)
        return self._encode(payload)

    def finish(self) -> list[bytes]:
        """At upstream EOF: a stream without a terminal event was cut."""
        if not self._done:
            self._copier.drop_all()  # held text of a cut stream is never released
            raise StreamProtocolError("upstream stream ended before response.completed")
        return []


def _unknown_key(data: Mapping[str, JSON], stem: str) -> tuple[ChannelKey, list[tuple[str, int]]]:
    """The channel of an unknown ``<stem>delta`` / ``<stem>done`` event: its type's stem
    and every index it names; and those indexes (besides ``output_index``)."""
    raw_output = data.get("output_index")
    output = _index(raw_output, "output_index") if raw_output is not None else -1
    indexes = sorted((name, _index(value, name)) for name, value in data.items()
                     if name in _INDEXES and name != "output_index")
    return ChannelKey(output, ("?", stem, *(item for pair in indexes for item in pair))), indexes


_KNOWN: Final = frozenset(
    {*_DELTAS, *_COPIES, *_CLOSERS, *_ITEMS, *_LIFECYCLE, "error"}
)


def _error_payload(status: int, code: str, message: str) -> dict[str, JSON]:
    error = _chat_error_body(status, code, message)["error"]
    assert isinstance(error, dict)
    return {"type": "error", "code": code, "message": message, "param": None, "error": error}


def error_body(status: int, code: str, message: str) -> dict[str, JSON]:
    """``{"error": {"message", "type", "param", "code"}}``, as Chat Completions."""
    return _chat_error_body(status, code, message)


def rewrite_body(body: MutableMapping[str, JSON], factory: FilterFactory) -> None:
    """A whole reply in place: a response, a list of items, or anything else.

    A response's output items and a list's items (``input_items``) follow the item
    rules (JSON-source arguments filtered as JSON); every other key and string is
    filtered whole.
    """
    copier = Copier(factory)
    if body.get("object") == "response":
        note_reply_id(factory, body.get("id"))
        rewritten = copier.response(dict(body), "close")
    elif body.get("object") == "list" and isinstance(body.get("data"), list):
        data = body["data"]
        assert isinstance(data, list)
        rewritten = {copier.whole(key): copier.free(value) for key, value in body.items()
                     if key != "data"}
        rewritten["data"] = [copier.item(item, position, "close")
                             for position, item in enumerate(data)]
    else:
        rewritten = copier.free(dict(body))
    assert isinstance(rewritten, dict)
    body.clear()
    body.update(rewritten)
