"""OpenAI Chat Completions replies: egress channels, whole bodies, errors.

**Every byte the client receives passes a filter or is the gateway's own** (DESIGN C10).

* Channels: per choice ``content``, ``refusal``, ``reasoning_content`` and
  ``reasoning``; per tool call its ``arguments`` (JSON source) or a custom tool's
  ``input`` (text); the legacy ``function_call.arguments`` (JSON source).  Keyed by the
  ``index`` fields (:class:`_Channel`), never by position.
* A delta keeps its ``role`` (a closed set) and, per tool call, ``index``, ``type`` and
  the ``id`` and ``name`` of the call the first time they come (the SDK concatenates
  repeated strings of a delta, so a second copy is dropped); those strings are filtered
  like any text.  Every other member of a delta is dropped (audio, annotations,
  anything unknown): text streamed outside a channel could be spelt across chunks.
  ``logprobs`` are always ``null``.
* Everything else of a chunk — the envelope, choice members, ``usage``, unknown members,
  chunks without ``choices`` — goes through :class:`~proxy.replies.ReplyGuard`: closed
  enums and short numbers pass, every other string and key is filtered.  The provider's
  ``obfuscation`` padding is replaced by the gateway's own of the same length.
* A chunk with a non-empty ``error`` object ends the stream; it is relayed with every
  string filtered (the SDK raises on it) and the channels' held text is dropped.
* ``[DONE]`` is written by the gateway; an SSE comment becomes an empty comment (a
  keep-alive keeps working, its text never passes); ``id:``, ``retry:`` and unknown
  SSE fields are dropped.  Every chunk is the gateway's own encoding of what it checked,
  never the provider's bytes (which may hold duplicate keys a parser hides).

A channel's held tail is flushed in a synthetic chunk *before* the chunk that carries
the choice's ``finish_reason`` (or, if it carries text for that channel, appended to
it), and any channel still open at ``[DONE]`` is flushed before ``[DONE]``.

Fast path: a chunk with nothing but one channel's text is read through a
:class:`~proxy.templates.ChunkTemplate` learnt from the first such chunk (its text and
padding read with ``scanstring``, no parse) and written as the template's checked
envelope around the filtered text; consecutive ones of one read are merged.

Errors: ``{"error": {"message", "type", "param", "code"}}``; in a stream, a final
``data:`` event with that object (the official SDK raises ``APIError`` on it).
"""

from __future__ import annotations

from collections.abc import MutableMapping, Sequence
from dataclasses import dataclass
from typing import Final, final

from pipelines.errors import StreamProtocolError
from proxy.replies import (
    DROP,
    ERROR_BODY,
    NULL,
    PAD,
    SOURCE,
    TEXT,
    Arr,
    Enum,
    Obj,
    ReplyGuard,
)
from proxy.shapes import JSON, FilterFactory, TextFilter, dumps
from proxy.sse import Event, encode_json_event
from proxy.templates import PAD_PROBE, TEXT_PROBE, ChunkTemplate

__all__ = ["OpenAIChatRewriter", "error_body", "rewrite_body"]


def _error_type(status: int) -> str:
    if status == 401:
        return "authentication_error"
    if status == 403:
        return "permission_error"
    if status == 429:
        return "rate_limit_error"
    if status < 500:
        return "invalid_request_error"
    return "server_error"


# Reply fields that are text channels; ``reasoning`` is what some compatible providers
# call ``reasoning_content``.
_TEXT_FIELDS: Final = ("content", "refusal", "reasoning_content", "reasoning")
_ENVELOPE_KEYS: Final = frozenset(
    {"id", "object", "created", "model", "system_fingerprint", "service_tier", "usage",
     "obfuscation", "choices"}
)
_CHOICE_KEYS: Final = frozenset({"index", "delta", "logprobs", "finish_reason"})
_DONE: Final = b"data: [DONE]\n\n"
_KEEPALIVE: Final = b":\n\n"

_ROLE: Final = Enum("assistant", "user", "system", "developer", "tool", "function")
_FINISH: Final = Enum("stop", "length", "tool_calls", "content_filter", "function_call")
_TIER: Final = Enum("default", "auto", "flex", "scale", "priority")
_COUNTS: Final = Obj({"cached_tokens": TEXT, "audio_tokens": TEXT, "reasoning_tokens": TEXT,
                      "accepted_prediction_tokens": TEXT, "rejected_prediction_tokens": TEXT})
_USAGE: Final = Obj({"prompt_tokens": TEXT, "completion_tokens": TEXT, "total_tokens": TEXT,
                     "prompt_tokens_details": _COUNTS, "completion_tokens_details": _COUNTS})
# The envelope of a streamed chunk (its ``choices`` are the rewriter's).
_CHUNK: Final = Obj({"id": TEXT, "object": Enum("chat.completion.chunk"), "created": TEXT,
                     "model": TEXT, "system_fingerprint": TEXT, "service_tier": _TIER,
                     "usage": _USAGE, "obfuscation": PAD, "choices": DROP})
# A whole (non-streamed) reply.
_FUNCTION: Final = Obj({"name": TEXT, "arguments": SOURCE}, rest=DROP)
_CALL: Final = Obj({"id": TEXT, "type": Enum("function", "custom"), "function": _FUNCTION,
                    "custom": Obj({"name": TEXT, "input": TEXT}, rest=DROP)}, rest=DROP)
# Every other member of a message — audio (its transcript and the speech itself would
# carry raw values), annotations (offsets into text the filter changed), anything
# unknown — is dropped.  A ``content`` list (some compatible providers) is text.
_MESSAGE: Final = Obj({"role": _ROLE, **dict.fromkeys(_TEXT_FIELDS, TEXT),
                       "tool_calls": Arr(_CALL), "function_call": _FUNCTION}, rest=DROP)
_CHOICE: Final = Obj({"index": TEXT, "finish_reason": _FINISH, "logprobs": NULL,
                      "message": _MESSAGE})
_BODY: Final = Obj({"id": TEXT, "object": Enum("chat.completion"), "created": TEXT,
                    "model": TEXT, "system_fingerprint": TEXT, "service_tier": _TIER,
                    "usage": _USAGE, "choices": Arr(_CHOICE)})


@final
@dataclass(frozen=True, slots=True)
class _Channel:
    """One text stream of a reply: a choice's text field, or one call's arguments.

    ``kind`` is a text field name, ``tool`` (a function call's arguments), ``custom``
    (a custom tool call's input) or ``function_call`` (the legacy call's arguments);
    ``call`` is the tool call's index (0 otherwise).
    """

    choice: int
    kind: str
    call: int = 0

    @property
    def json_string(self) -> bool:
        """Whether the channel's text is JSON source."""
        return self.kind in ("tool", "function_call")

    def add_to(self, delta: dict[str, JSON], text: str) -> None:
        """Put ``text`` into ``delta`` for this channel (after any text already there)."""
        if self.kind in _TEXT_FIELDS:
            delta[self.kind] = str(delta.get(self.kind) or "") + text
            return
        if self.kind == "function_call":
            legacy = delta.setdefault("function_call", {})
            assert isinstance(legacy, dict)
            legacy["arguments"] = str(legacy.get("arguments") or "") + text
            return
        member, field = ("function", "arguments") if self.kind == "tool" else ("custom", "input")
        calls = delta.setdefault("tool_calls", [])
        assert isinstance(calls, list)
        for call in reversed(calls):
            if isinstance(call, dict) and call.get("index") == self.call and member in call:
                holder = call[member]
                assert isinstance(holder, dict)
                holder[field] = str(holder.get(field) or "") + text
                return
        calls.append({"index": self.call, member: {field: text}})


# A chunk with nothing but one channel's text: the channel, and the mapping and key
# that hold the text (so it can be read and replaced without walking again).
_TextChunk = tuple[_Channel, dict[str, JSON], str]


def _parse(event: Event) -> dict[str, JSON] | None:
    """The chunk's JSON object, or None for events without JSON (comments, [DONE])."""
    if event.data is None or event.is_done:
        return None
    data = event.json()
    if not isinstance(data, dict):
        raise StreamProtocolError("upstream sent a chunk that is not a JSON object")
    return data


def _text_only(data: object) -> _TextChunk | None:
    """The channel and text holder of a chunk with nothing but one channel's text."""
    if type(data) is not dict:
        return None
    # Cheapest tests first: this runs once per upstream event that no template read.
    choices = data.get("choices")
    if type(choices) is not list or len(choices) != 1:
        return None
    choice = choices[0]
    if type(choice) is not dict:
        return None
    delta = choice.get("delta")
    if (type(delta) is not dict or len(delta) != 1
            or choice.get("finish_reason") is not None or choice.get("logprobs") is not None
            or data.get("usage") is not None
            or not data.keys() <= _ENVELOPE_KEYS or not choice.keys() <= _CHOICE_KEYS):
        return None
    index = choice.get("index", 0)
    if type(index) is not int:
        return None
    ((field, value),) = delta.items()
    if field in _TEXT_FIELDS:
        return (_Channel(index, field), delta, field) if type(value) is str else None
    if field != "tool_calls" or type(value) is not list or len(value) != 1:
        return None
    call = value[0]
    if type(call) is not dict or call.keys() != {"index", "function"}:
        return None
    function = call["function"]
    call_index = call["index"]
    if (type(call_index) is not int or type(function) is not dict
            or function.keys() != {"arguments"} or type(function["arguments"]) is not str):
        return None
    return _Channel(index, "tool", call_index), function, "arguments"


@final
class OpenAIChatRewriter:
    """Per-channel egress routing for one streamed Chat Completions reply."""

    __slots__ = ("_channels", "_done", "_factory", "_guard", "_head", "_named", "_templates")

    def __init__(self, factory: FilterFactory) -> None:
        self._factory = factory
        self._guard = ReplyGuard(factory)
        self._channels: dict[_Channel, TextFilter] = {}
        # The checked envelope of the last chunk with choices (no choices, usage or
        # padding): synthetic flush chunks carry it.
        self._head: dict[str, JSON] = {}
        # Per channel, the template of its text-only chunks.
        self._templates: dict[_Channel, ChunkTemplate] = {}
        # (choice, call, member) whose id/name was already sent once.
        self._named: set[tuple[int, int, str]] = set()
        self._done = False

    def _channel(self, key: _Channel) -> TextFilter:
        channel = self._channels.get(key)
        if channel is None:
            channel = self._channels[key] = self._factory(key.json_string)
        return channel

    def on_events(self, events: Sequence[Event]) -> list[bytes]:
        """Bytes for the events of one upstream read, in order.

        Consecutive chunks that carry nothing but text of the same channel are fed to
        its filter as one piece and sent as one chunk: they arrived together, so merging
        them delays nothing, and one feed per read instead of one per token is most of
        the gateway's per-event cost.
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
            key, template, text, pad = read
            pieces = [text]
            while position < count:
                following = template.match(events[position].data)
                if following is None:
                    break
                pieces.append(following[0])
                position += 1
            merged = pieces[0] if len(pieces) == 1 else "".join(pieces)
            output = self._channel(key).feed(merged)
            out.append(b"data: " + template.fill(output, self._guard.pad(pad)).encode()
                       + b"\n\n")
        return out

    def _read_text(
        self, event: Event
    ) -> tuple[_Channel, ChunkTemplate, str, str] | dict[str, JSON] | None:
        """A text-only chunk's channel, template, text and padding; else the parsed chunk.

        Tries the known templates first (no parse); otherwise parses, and learns the
        chunk's template if it is text-only.
        """
        data = event.data
        if data is None:
            return None
        for key, template in self._templates.items():
            found = template.match(data)
            if found is not None:
                return key, template, found[0], found[1]
        parsed = _parse(event)
        chunk = _text_only(parsed)
        if chunk is None or parsed is None:
            return parsed
        key, holder, field = chunk
        text = str(holder[field])
        pad = parsed.get("obfuscation")
        if pad is not None and not isinstance(pad, str):
            return parsed

        def render(probe: object) -> str | None:
            found = _text_only(probe)
            if found is None or found[0] != key or found[1][found[2]] != TEXT_PROBE:
                return None
            assert isinstance(probe, dict)
            if pad is not None and probe.get("obfuscation") != PAD_PROBE:
                return None
            return self._render(probe)

        learnt = ChunkTemplate.learn(data, text, pad, render)
        if learnt is None:
            return parsed
        if len(self._templates) >= 16:
            self._templates.clear()
        self._templates[key] = learnt
        return key, learnt, text, pad or ""

    def _render(self, chunk: dict[str, JSON]) -> str:
        """The gateway's encoding of a text-only chunk: its envelope checked, its choice
        (index, the probe text, null logprobs and finish_reason) and padding kept."""
        self._set_head(chunk)
        out = {}
        guard = self._guard
        for name, value in chunk.items():
            if name == "choices" or (name == "obfuscation" and value == PAD_PROBE):
                out[name] = value
            else:
                member = guard.scrub({name: value}, _CHUNK)
                assert isinstance(member, dict)
                out.update(member)
        return dumps(out).decode("utf-8")

    def _set_head(self, chunk: dict[str, JSON]) -> None:
        envelope = {k: v for k, v in chunk.items() if k not in ("choices", "usage", "obfuscation")}
        head = self._guard.scrub(envelope, _CHUNK)
        assert isinstance(head, dict)
        self._head = head

    def on_event(self, event: Event) -> list[bytes]:
        """Bytes for one upstream event (see the module docstring for the rules)."""
        return self.on_events((event,))

    def _on_parsed(self, event: Event, data: dict[str, JSON] | None) -> list[bytes]:
        if data is None:
            if event.is_done:
                self._done = True
                return [*self._flush_all(), _DONE]
            return [_KEEPALIVE] if event.comments else []
        if data.get("error"):
            self._done = True  # the upstream ended the stream with its own error
            self._channels.clear()
            return [encode_json_event(self._guard.scrub(data, ERROR_BODY))]
        guard = self._guard
        choices = data.get("choices")
        before: list[bytes] = []
        out: dict[str, JSON] = {}
        if isinstance(choices, list):
            self._set_head(data)
            kept: list[JSON] = []
            for choice in choices:
                if not isinstance(choice, dict):
                    raise StreamProtocolError("upstream sent a choice that is not an object")
                kept.append(self._choice(choice, before))
        for name, value in data.items():
            if name == "choices" and isinstance(choices, list):
                out[name] = kept
            else:
                member = guard.scrub({name: value}, _CHUNK)
                assert isinstance(member, dict)
                out.update(member)
        return [*before, encode_json_event(out)]

    def _choice(self, choice: dict[str, JSON], before: list[bytes]) -> dict[str, JSON]:
        """One choice of a chunk: its delta through the channels, the rest checked."""
        index = choice.get("index", 0)
        if not isinstance(index, int) or isinstance(index, bool):
            raise StreamProtocolError("upstream sent a choice without an integer index")
        guard = self._guard
        out: dict[str, JSON] = {}
        fed: list[_Channel] = []
        for name, value in choice.items():
            if name == "index":
                out[name] = index
            elif name == "delta":
                out[name] = self._delta(index, value, fed)
            elif name == "logprobs":
                out[name] = None  # token strings can spell a value across tokens
            elif name == "finish_reason":
                out[name] = guard.scrub(value, _FINISH)
            else:
                out[guard.key(name)] = guard.scrub(value, TEXT)
        if out.get("finish_reason") is not None:
            tails = self._close_choice(index)
            delta = out.get("delta")
            # Tails of channels that have text in this very chunk go right after it,
            # inside it; the others go in a chunk of their own before it.
            for key in fed:
                tail = tails.pop(key, "")
                if tail and isinstance(delta, dict):
                    key.add_to(delta, tail)
            flush = self._flush_chunk(index, tails)
            if flush is not None:
                before.append(flush)
        return out

    def _delta(self, index: int, delta: JSON, fed: list[_Channel]) -> dict[str, JSON]:
        """A delta's role and channels; every other member is dropped."""
        out: dict[str, JSON] = {}
        if not isinstance(delta, dict):
            return out
        guard = self._guard
        for name, value in delta.items():
            if name == "role":
                out[name] = guard.scrub(value, _ROLE)
            elif name in _TEXT_FIELDS:
                if isinstance(value, str):
                    key = _Channel(index, name)
                    out[name] = self._channel(key).feed(value)
                    fed.append(key)
                elif value is None:
                    out[name] = None
            elif name == "tool_calls" and isinstance(value, list):
                out[name] = [self._call(index, call, fed) for call in value]
            elif name == "function_call" and isinstance(value, dict):
                out[name] = self._function(index, 0, "function_call", value, "arguments", fed)
        return out

    def _call(self, index: int, call: JSON, fed: list[_Channel]) -> dict[str, JSON]:
        """One tool call fragment: index, type, a first id, a function or custom part."""
        call_index = call.get("index", 0) if isinstance(call, dict) else None
        if not isinstance(call, dict) or not isinstance(call_index, int):
            raise StreamProtocolError("upstream sent a tool call without an index")
        out: dict[str, JSON] = {"index": call_index}
        for name, value in call.items():
            if name == "id" and self._first(index, call_index, "id"):
                out[name] = self._guard.scrub(value, TEXT)
            elif name == "type":
                out[name] = self._guard.scrub(value, Enum("function", "custom"))
            elif name == "function" and isinstance(value, dict):
                out[name] = self._function(index, call_index, "tool", value, "arguments", fed)
            elif name == "custom" and isinstance(value, dict):
                out[name] = self._function(index, call_index, "custom", value, "input", fed)
        return out

    def _function(
        self, index: int, call: int, kind: str, function: dict[str, JSON], field: str,
        fed: list[_Channel],
    ) -> dict[str, JSON]:
        """A function (or custom tool) fragment: a first name, its text through a channel."""
        out: dict[str, JSON] = {}
        for name, value in function.items():
            if name == "name" and self._first(index, call, kind):
                out[name] = self._guard.scrub(value, TEXT)
            elif name == field and isinstance(value, str):
                key = _Channel(index, kind, call)
                out[name] = self._channel(key).feed(value)
                fed.append(key)
        return out

    def _first(self, choice: int, call: int, member: str) -> bool:
        """True the first time a call's ``member`` (id, a name) comes."""
        seen = (choice, call, member)
        if seen in self._named:
            return False
        self._named.add(seen)
        return True

    def _close_choice(self, choice: int) -> dict[_Channel, str]:
        tails: dict[_Channel, str] = {}
        for key in [key for key in self._channels if key.choice == choice]:
            tails[key] = self._channels.pop(key).close()
        return tails

    def _flush_chunk(self, choice: int, tails: dict[_Channel, str]) -> bytes | None:
        delta: dict[str, JSON] = {}
        for key, tail in tails.items():
            if tail:
                key.add_to(delta, tail)
        if not delta:
            return None
        # The checked envelope (id, model, ...) of the last chunk seen, without payload.
        chunk = dict(self._head)
        chunk["choices"] = [
            {"index": choice, "delta": delta, "logprobs": None, "finish_reason": None}
        ]
        return encode_json_event(chunk)

    def _flush_all(self) -> list[bytes]:
        out: list[bytes] = []
        for choice in sorted({key.choice for key in self._channels}):
            flush = self._flush_chunk(choice, self._close_choice(choice))
            if flush is not None:
                out.append(flush)
        return out

    def finish(self) -> list[bytes]:
        """At upstream EOF: a stream that never sent ``[DONE]`` was cut."""
        if not self._done:
            self._channels.clear()  # held text of a cut stream is never released
            raise StreamProtocolError("upstream stream ended before [DONE]")
        return []

    def error_event(self, status: int, code: str, message: str) -> bytes:
        """A final ``data:`` event carrying the error object."""
        return encode_json_event(error_body(status, code, message))


def rewrite_body(body: MutableMapping[str, JSON], factory: FilterFactory) -> None:
    """A whole reply, default deny: each channel in one feed, every other string filtered.

    ``logprobs`` and every message member outside the channels are dropped, as in a
    stream; tool-call arguments are JSON source.
    """
    scrubbed = ReplyGuard(factory).scrub(dict(body), _BODY)
    assert isinstance(scrubbed, dict)
    body.clear()
    body.update(scrubbed)


def error_body(status: int, code: str, message: str) -> dict[str, JSON]:
    """``{"error": {"message", "type", "param", "code"}}``."""
    return {"error": {"message": message, "type": _error_type(status), "param": None, "code": code}}
