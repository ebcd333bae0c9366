"""OpenAI Chat Completions replies: egress channels, whole bodies, errors.

Egress: one channel per choice ``content``, ``refusal``, ``reasoning_content`` and
``reasoning``, per tool call's ``arguments`` and for the legacy ``function_call``'s
``arguments`` (JSON-source channels), keyed by the ``index`` fields, never by
position.  ``logprobs`` are dropped, and so is every other member of a delta or a
message (audio, annotations, unknown fields): nothing outside a channel is forwarded
raw.  Chunks without text (role, usage, ``[DONE]``) pass through byte for byte.  A
channel's held tail is flushed in a synthetic chunk *before* the chunk that carries the
choice's ``finish_reason`` (or, if it carries text for that channel, appended to it),
and any channel still open at ``[DONE]`` is flushed before ``[DONE]``.

Errors: ``{"error": {"message", "type", "param", "code"}}``; in a stream, a final
``data:`` event with that object (the official SDK raises ``APIError`` on it).
"""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping, Sequence
from typing import Final, final

from pipelines.errors import StreamProtocolError
from proxy.openai_chat.request import PART_STRUCTURAL
from proxy.shapes import (
    JSON,
    PROBE,
    FilterFactory,
    StringTemplate,
    TextFilter,
    filter_strings,
    filter_whole,
)
from proxy.sse import Event, encode_event, encode_json_event

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


_ENVELOPE_KEYS: Final = frozenset(
    {"id", "object", "created", "model", "system_fingerprint", "service_tier", "usage",
     "obfuscation", "choices"}
)
_CHOICE_KEYS: Final = frozenset({"index", "delta", "logprobs", "finish_reason"})
# Reply fields that are text channels; ``reasoning`` is what some compatible providers
# call ``reasoning_content``.
_TEXT_FIELDS: Final = ("content", "refusal", "reasoning_content", "reasoning")
# Every other member of a delta or a message is dropped: audio (its transcript and the
# speech itself would carry raw values), annotations (offsets into text the filter
# changed) and anything unknown.  Nothing outside a channel is forwarded raw.
_KEPT_FIELDS: Final = frozenset({"role", *_TEXT_FIELDS, "tool_calls", "function_call"})
# The legacy ``function_call``'s arguments: a JSON-source channel like a tool call's.
_FUNCTION_CALL: Final = "function_call"


def _parse(event: Event) -> dict[str, JSON] | None:
    """The chunk's JSON object, or None for events without JSON (comments, [DONE])."""
    if event.data is None or event.is_done:
        return None
    data = event.json()
    if not isinstance(data, dict):
        raise StreamProtocolError("upstream sent a chunk that is not a JSON object")
    return data


# A chunk that carries nothing but one channel's text: the channel, and the mapping and
# key that hold the text (so it can be read and replaced without walking again).
_TextChunk = tuple[tuple[int, str | int], dict[str, JSON], str]


def _classify(event: Event) -> tuple[dict[str, JSON] | None, _TextChunk | None]:
    """The chunk's JSON object and, if it has nothing but one channel's text, that."""
    data = _parse(event)
    return data, _text_only(data)


def _text_only(data: dict[str, JSON] | None) -> _TextChunk | None:
    """The channel and text holder of a chunk with nothing but one channel's text."""
    if data is None:
        return None
    # Cheapest tests first: this runs once per upstream event.
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
    if not isinstance(index, int):
        return None
    ((field, value),) = delta.items()
    if field in _TEXT_FIELDS:
        return ((index, field), delta, field) if isinstance(value, str) else None
    if field != "tool_calls" or type(value) is not list or len(value) != 1:
        return None
    call = value[0]
    if type(call) is not dict or call.keys() != {"index", "function"}:
        return None
    function = call["function"]
    if (not isinstance(call["index"], int) or type(function) is not dict
            or function.keys() != {"arguments"} or not isinstance(function["arguments"], str)):
        return None
    return (index, call["index"]), function, "arguments"


_STREAM_CALL_KEYS: Final = frozenset({"index", "id", "type", "function", "custom"})
_CALL_KEYS: Final = frozenset({"id", "type", "function", "custom"})
_FUNCTION_KEYS: Final = frozenset({"name", "arguments"})
# Channel name prefix of a custom tool call's ``input`` (free text): ``custom.<index>``.
_CUSTOM: Final = "custom."


def _keep_only(holder: dict[str, JSON], kept: frozenset[str]) -> bool:
    """Drop every member of ``holder`` not in ``kept``; whether any was dropped."""
    dropped = [key for key in holder if key not in kept]
    for key in dropped:
        del holder[key]
    return bool(dropped)


@final
class OpenAIChatRewriter:
    """Per-channel egress routing for one streamed Chat Completions reply."""

    __slots__ = ("_channels", "_done", "_factory", "_head", "_template", "_template_key")

    def __init__(self, factory: FilterFactory) -> None:
        self._factory = factory
        # (choice index, "content" | "refusal" | tool-call index) -> open filter
        self._channels: dict[tuple[int, str | int], TextFilter] = {}
        # The last chunk with choices; its envelope is copied into synthetic chunks.  Only
        # its ``choices`` are ever rewritten in place, and those are not copied.
        self._head: dict[str, JSON] = {}
        # Text chunks of one channel usually differ only in their text: see StringTemplate.
        self._template: StringTemplate | None = None
        self._template_key: tuple[int, str | int] | None = None
        self._done = False

    def _channel(self, key: tuple[int, str | int]) -> TextFilter:
        channel = self._channels.get(key)
        if channel is None:
            channel = self._factory(isinstance(key[1], int) or key[1] == _FUNCTION_CALL)
            self._channels[key] = channel
        return channel

    def _close_choice(self, choice: int) -> dict[str | int, str]:
        tails: dict[str | int, str] = {}
        for key in [key for key in self._channels if key[0] == choice]:
            tails[key[1]] = self._channels.pop(key).close()
        return tails

    def _flush_chunk(self, choice: int, tails: Mapping[str | int, str]) -> bytes | None:
        delta: dict[str, JSON] = {}
        calls: list[JSON] = []
        for channel, tail in tails.items():
            if not tail:
                continue
            if isinstance(channel, int):
                calls.append({"index": channel, "function": {"arguments": tail}})
            elif channel.startswith(_CUSTOM):
                calls.append({"index": int(channel[len(_CUSTOM):]), "custom": {"input": tail}})
            elif channel == _FUNCTION_CALL:
                delta[channel] = {"arguments": tail}
            else:
                delta[channel] = tail
        if calls:
            delta["tool_calls"] = calls
        if not delta:
            return None
        # The envelope (id, model, ...) of the last chunk seen, without its payload.
        chunk = {
            name: value
            for name, value in self._head.items()
            if name not in ("choices", "usage", "obfuscation")
        }
        chunk["choices"] = [
            {"index": choice, "delta": delta, "logprobs": None, "finish_reason": None}
        ]
        return encode_json_event(chunk)

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
        # The event after a run, already parsed and classified when the run ended.
        ahead: tuple[dict[str, JSON] | None, _TextChunk | None] | None = None
        while position < count:
            event = events[position]
            data, text_chunk = ahead if ahead is not None else _classify(event)
            ahead = None
            end = position + 1
            if text_chunk is None or data is None:
                out.extend(self._on_parsed(event, data))
                position = end
                continue
            key, holder, field = text_chunk
            pieces = [str(holder[field])]
            template = self._template_for(key, event, pieces[0]) if end < count else None
            while end < count:
                following = events[end]
                text = template.match(following.data) if template is not None else None
                if text is None:
                    ahead = _classify(following)
                    chunk = ahead[1]
                    if chunk is None or chunk[0] != key:
                        break
                    ahead = None
                    text = str(chunk[1][chunk[2]])
                pieces.append(text)
                end += 1
            out.append(self._merged(event, data, text_chunk, pieces, template))
            position = end
        return out

    def _template_for(
        self, key: tuple[int, str | int], head: Event, text: str
    ) -> StringTemplate | None:
        """The template of ``key``'s text chunks, learnt from ``head`` if need be."""
        template = self._template
        if template is not None and self._template_key == key and template.match(head.data):
            return template
        if head.data is None:
            return None

        def check(probe: object) -> bool:
            found = _text_only(probe) if isinstance(probe, dict) else None
            return found is not None and found[0] == key and found[1][found[2]] == PROBE

        template = StringTemplate.learn(head.data, text, check)
        if template is not None:
            self._template, self._template_key = template, key
        return template

    def _merged(
        self,
        first: Event,
        head: dict[str, JSON],
        chunk: _TextChunk,
        pieces: Sequence[str],
        template: StringTemplate | None,
    ) -> bytes:
        """One chunk for a run: ``template``, if given, is the run's first chunk's own."""
        key, holder, field = chunk
        text = pieces[0] if len(pieces) == 1 else "".join(pieces)
        self._head = head
        output = self._channel(key).feed(text)
        if output == text and len(pieces) == 1:
            return first.raw.encode()
        holder[field] = output
        if template is not None:
            # The first chunk's bytes with the new text: no re-encoding of the envelope.
            return encode_event(template.fill(output))
        return encode_json_event(head)

    def on_event(self, event: Event) -> list[bytes]:
        """Bytes for one upstream event (see the module docstring for the rules)."""
        return self._on_parsed(event, _parse(event))

    def _on_parsed(self, event: Event, data: dict[str, JSON] | None) -> list[bytes]:
        if data is None:
            if event.is_done:
                self._done = True
                return [*self._flush_all(), event.raw.encode()]
            return [event.raw.encode()]
        if "error" in data:
            self._done = True  # the upstream ended the stream with its own error
            self._channels.clear()
            return [event.raw.encode()]
        choices = data.get("choices")
        if not isinstance(choices, list) or not choices:
            return [event.raw.encode()]
        self._head = data
        before: list[bytes] = []
        changed = False
        for choice in choices:
            if not isinstance(choice, dict):
                raise StreamProtocolError("upstream sent a choice that is not an object")
            index = choice.get("index", 0)
            if not isinstance(index, int):
                raise StreamProtocolError("upstream sent a choice without an integer index")
            fed, altered = self._feed_delta(index, choice.get("delta"))
            changed = changed or altered
            if choice.get("logprobs") is not None:
                # Token strings can spell a value across tokens: never forwarded.
                choice["logprobs"] = None
                changed = True
            if choice.get("finish_reason") is not None:
                tails = self._close_choice(index)
                # Tails of channels that have text in this very chunk go right after it,
                # inside it; the others go in a chunk of their own before it.
                for channel in fed:
                    tail = tails.pop(channel, "")
                    if tail:
                        self._append(choice["delta"], channel, tail)
                        changed = True
                flush = self._flush_chunk(index, tails)
                if flush is not None:
                    before.append(flush)
        if not changed:
            return [*before, event.raw.encode()]
        return [*before, encode_json_event(data)]

    def _feed_delta(self, index: int, delta: JSON) -> tuple[list[str | int], bool]:
        """Feed the text fields of ``delta`` in place and drop its other members.

        Returns the channels touched and whether anything changed (an unchanged chunk
        is forwarded as its original bytes, not re-encoded).
        """
        touched: list[str | int] = []
        altered = False
        if not isinstance(delta, dict):
            return touched, altered
        for field in [field for field in delta if field not in _KEPT_FIELDS]:
            del delta[field]
            altered = True
        for field in _TEXT_FIELDS:
            text = delta.get(field)
            if isinstance(text, str):
                output = self._channel((index, field)).feed(text)
                altered = altered or output != text
                delta[field] = output
                touched.append(field)
            elif text is not None:
                del delta[field]  # not a string: not a channel, not forwarded
                altered = True
        calls = delta.get("tool_calls")
        if isinstance(calls, list):
            for call in calls:
                call_index = call.get("index", 0) if isinstance(call, dict) else None
                if not isinstance(call, dict) or not isinstance(call_index, int):
                    raise StreamProtocolError("upstream sent a tool call without an index")
                altered = _keep_only(call, _STREAM_CALL_KEYS) or altered
                function = call.get("function")
                custom = call.get("custom")
                if isinstance(function, dict):
                    touched_call, changed = self._feed_call(function, (index, call_index))
                    if touched_call:
                        touched.append(call_index)
                elif isinstance(custom, dict):
                    # A custom tool's ``input`` is free text, not JSON source.
                    name = _CUSTOM + str(call_index)
                    touched_call, changed = self._feed_call(custom, (index, name), "input")
                    if touched_call:
                        touched.append(name)
                else:
                    changed = call.pop("function", None) is not None
                    changed = call.pop("custom", None) is not None or changed
                altered = altered or changed
        legacy = delta.get(_FUNCTION_CALL)
        if isinstance(legacy, dict):
            touched_call, changed = self._feed_call(legacy, (index, _FUNCTION_CALL))
            altered = altered or changed
            if touched_call:
                touched.append(_FUNCTION_CALL)
        return touched, altered

    def _feed_call(
        self, function: dict[str, JSON], key: tuple[int, str | int], field: str = "arguments"
    ) -> tuple[bool, bool]:
        """Feed a function's ``arguments`` (a custom tool's ``input``); (fed, changed)."""
        altered = _keep_only(function, frozenset({"name", field}))
        arguments = function.get(field)
        if not isinstance(arguments, str):
            altered = function.pop(field, None) is not None or altered
            return False, altered
        output = self._channel(key).feed(arguments)
        function[field] = output
        return True, altered or output != arguments

    @staticmethod
    def _append(delta: dict[str, JSON], channel: str | int, tail: str) -> None:
        if channel == _FUNCTION_CALL:
            call = delta[channel]
            assert isinstance(call, dict)
            call["arguments"] = str(call["arguments"]) + tail
            return
        custom = isinstance(channel, str) and channel.startswith(_CUSTOM)
        if isinstance(channel, str) and not custom:
            delta[channel] = str(delta[channel]) + tail
            return
        call_index = int(channel[len(_CUSTOM):]) if isinstance(channel, str) else channel
        member, field = ("custom", "input") if custom else ("function", "arguments")
        calls = delta["tool_calls"]
        assert isinstance(calls, list)
        for call in reversed(calls):
            if isinstance(call, dict) and call.get("index", 0) == call_index:
                function = call[member]
                assert isinstance(function, dict)
                function[field] = str(function[field]) + tail
                return

    def _flush_all(self) -> list[bytes]:
        out: list[bytes] = []
        for choice in sorted({key[0] for key in self._channels}):
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


def _rewrite_message(message: dict[str, JSON], factory: FilterFactory) -> None:
    _keep_only(message, _KEPT_FIELDS)
    for field in _TEXT_FIELDS:
        text = message.get(field)
        if isinstance(text, str):
            message[field] = filter_whole(factory, text)
        elif field == "content" and isinstance(text, list):
            message[field] = filter_strings(text, factory, skip=PART_STRUCTURAL)
        elif text is not None:
            del message[field]
    calls = message.get("tool_calls")
    for call in calls if isinstance(calls, list) else []:
        if not isinstance(call, dict):
            continue
        _keep_only(call, _CALL_KEYS)
        function = call.get("function")
        if isinstance(function, dict):
            _rewrite_function(function, factory)
        custom = call.get("custom")
        if isinstance(custom, dict):
            _keep_only(custom, frozenset({"name", "input"}))
            if isinstance(custom.get("input"), str):
                custom["input"] = filter_whole(factory, str(custom["input"]))
    legacy = message.get(_FUNCTION_CALL)
    if isinstance(legacy, dict):
        _rewrite_function(legacy, factory)


def _rewrite_function(function: dict[str, JSON], factory: FilterFactory) -> None:
    _keep_only(function, _FUNCTION_KEYS)
    arguments = function.get("arguments")
    if isinstance(arguments, str):
        function["arguments"] = filter_whole(factory, arguments, json_string=True)


def rewrite_body(body: MutableMapping[str, JSON], factory: FilterFactory) -> None:
    """Filter each choice's text fields and call arguments in one feed each.

    ``logprobs`` and every message member outside the channels are dropped, as in
    a stream; a ``content`` list (some compatible providers) is filtered part by part.
    """
    choices = body.get("choices")
    if not isinstance(choices, list):
        return
    for choice in choices:
        if not isinstance(choice, dict):
            continue
        if choice.get("logprobs") is not None:
            choice["logprobs"] = None
        message = choice.get("message")
        if isinstance(message, dict):
            _rewrite_message(message, factory)


def error_body(status: int, code: str, message: str) -> dict[str, JSON]:
    """``{"error": {"message", "type", "param", "code"}}``."""
    return {"error": {"message": message, "type": _error_type(status), "param": None, "code": code}}
