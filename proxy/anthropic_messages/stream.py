"""Anthropic Messages replies: egress channels, whole bodies, errors.

**Thinking blocks are signed, so they are checked, never rewritten.**  ``thinking``
and ``redacted_thinking`` blocks are signed by the provider, which rejects a
conversation whose thinking text was altered.  :func:`signed_texts` hands the text of
request thinking blocks to the gateway, which refuses the request if a detector or the
vault finds a value there (the provider wrote placeholders only).  In replies,
``thinking_delta`` / ``signature_delta`` are not relinked or redacted: a client sees the
model's thinking with placeholders in it, and a raw value the model wrote into its
thinking is *not* redacted.

Egress: one channel per content block index: the ``text`` of text blocks and the
``partial_json`` of tool blocks (a JSON-source channel).  A block's held tail is
flushed in a synthetic ``content_block_delta`` before its ``content_block_stop``.
Strings outside the channels (a tool input sent whole at the block's start,
citations, server tool results, unknown blocks and deltas) are filtered whole.  Events
without text (``message_start``, ``ping``, ``message_delta``, ``message_stop``) pass
through byte for byte.

Errors: ``{"type": "error", "error": {"type", "message"}}``; in a stream, an
``event: error`` with that body (the official SDK raises on it).
"""

from __future__ import annotations

import json
from collections.abc import MutableMapping, Sequence
from typing import Final, final

from pipelines.errors import StreamProtocolError
from proxy.anthropic_messages.request import PASSTHROUGH_BLOCKS, TOOL_USE_KINDS
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

__all__ = ["AnthropicRewriter", "error_body", "rewrite_body"]

# Reply members kept as they are when strings around them are filtered: ids, types,
# tool names, signatures and encrypted or binary payloads (no value is readable there).
_OPAQUE: Final = frozenset(
    {"type", "id", "tool_use_id", "name", "signature", "encrypted_content",
     "encrypted_index", "file_id", "media_type", "data"}
)
_SIGNED_DELTAS: Final = frozenset({"thinking_delta", "signature_delta"})
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


def _filter_input(value: JSON, factory: FilterFactory) -> JSON:
    """A whole tool input through a JSON-source channel, parsed back."""
    source = json.dumps(value, ensure_ascii=False)
    filtered = filter_whole(factory, source, json_string=True)
    try:
        result: JSON = json.loads(filtered)
    except ValueError as exc:
        raise StreamProtocolError("a filtered tool input is no longer valid JSON") from exc
    return result


def _parse(event: Event) -> dict[str, JSON] | None:
    """The event's JSON object, or None for events without data."""
    if event.data is None:
        return None
    data = event.json()
    if not isinstance(data, dict):
        raise StreamProtocolError("upstream sent an event that is not a JSON object")
    return data


@final
class AnthropicRewriter:
    """Per-content-block egress routing for one streamed Messages reply."""

    __slots__ = ("_channels", "_done", "_factory", "_template", "_template_index")

    def __init__(self, factory: FilterFactory) -> None:
        self._factory = factory
        # content block index -> (delta type, field, open filter)
        self._channels: dict[int, tuple[str, str, TextFilter]] = {}
        # Text deltas of one block usually differ only in their text: see StringTemplate.
        self._template: StringTemplate | None = None
        self._template_index: int | None = None
        self._done = False

    def on_events(self, events: Sequence[Event]) -> list[bytes]:
        """Bytes for the events of one upstream read, in order.

        Consecutive text deltas of the same filtered block are fed as one piece and sent
        as one delta: they arrived together, so merging them delays nothing.
        """
        out: list[bytes] = []
        count = len(events)
        position = 0
        # The event after a run, already parsed when the run ended.
        ahead: dict[str, JSON] | None = None
        have_ahead = False
        while position < count:
            event = events[position]
            data = ahead if have_ahead else _parse(event)
            have_ahead = False
            index = self._mergeable(data)
            end = position + 1
            if index is None or data is None:
                out.extend(self._on_parsed(event, data))
                position = end
                continue
            delta_type, field, channel = self._channels[index]
            first = data["delta"][field]  # type: ignore[index]
            pieces = [str(first)]
            template = self._template_for(index, event, pieces[0]) if end < count else None
            while end < count:
                following = events[end]
                text = template.match(following.data) if template is not None else None
                if text is None:
                    ahead = _parse(following)
                    if self._mergeable(ahead) != index:
                        have_ahead = True
                        break
                    text = str(ahead["delta"][field])  # type: ignore[index]
                pieces.append(text)
                end += 1
            text = pieces[0] if len(pieces) == 1 else "".join(pieces)
            output = channel.feed(text)
            if end - position == 1 and output == text:
                out.append(event.raw.encode())
            elif template is not None:
                # The first delta's bytes with the new text: no re-encoding of the rest.
                out.append(encode_event(template.fill(output), event=event.event))
            else:
                data["delta"] = {"type": delta_type, field: output}
                out.append(encode_json_event(data, event=event.event))
            position = end
        return out

    def _template_for(self, index: int, head: Event, text: str) -> StringTemplate | None:
        """The template of block ``index``'s text deltas, learnt from ``head`` if need be.

        A delta that fits the template has the head's structure (its type, index and
        delta type), so it is a delta of the same channel without being parsed.
        """
        template = self._template
        if template is not None and self._template_index == index and template.match(head.data):
            return template
        if head.data is None:
            return None
        field = self._channels[index][1]

        def check(probe: object) -> bool:
            return (
                isinstance(probe, dict)
                and self._mergeable(probe) == index
                and probe["delta"][field] == PROBE
            )

        template = StringTemplate.learn(head.data, text, check)
        if template is not None:
            self._template, self._template_index = template, index
        return template

    def _mergeable(self, data: dict[str, JSON] | None) -> int | None:
        """The block index of a plain text delta of a filtered block, else None."""
        if data is None or data.get("type") != "content_block_delta" or len(data) != 3:
            return None
        index = data.get("index")
        delta = data.get("delta")
        if not isinstance(index, int) or index not in self._channels:
            return None
        delta_type, field, _ = self._channels[index]
        if (not isinstance(delta, dict) or delta.keys() != {"type", field}
                or delta["type"] != delta_type or not isinstance(delta[field], str)):
            return None
        return index

    def on_event(self, event: Event) -> list[bytes]:
        """Bytes for one upstream event (see the module docstring for the rules)."""
        return self._on_parsed(event, _parse(event))

    def _on_parsed(self, event: Event, data: dict[str, JSON] | None) -> list[bytes]:
        if data is None:
            return [event.raw.encode()]
        kind = data.get("type")
        if kind == "content_block_start":
            return self._start(event, data)
        if kind == "content_block_delta":
            return self._delta(event, data)
        if kind == "content_block_stop":
            index = data.get("index")
            if not isinstance(index, int) or index not in self._channels:
                return [event.raw.encode()]
            channel = self._channels.pop(index)
            tail = channel[2].close()
            return [*self._tail_event(index, channel, tail), event.raw.encode()]
        if kind in ("message_delta", "message_stop", "error"):
            # Blocks still open here were never stopped; flush them before the message
            # ends (an error drops them: held text of a failed reply is never released).
            out = [] if kind == "error" else self._flush_all()
            if kind == "error":
                self._channels.clear()
            if kind != "message_delta":
                self._done = True
            return [*out, event.raw.encode()]
        return [event.raw.encode()]

    def _start(self, event: Event, data: dict[str, JSON]) -> list[bytes]:
        index = data.get("index")
        block = data.get("content_block")
        if not isinstance(index, int) or not isinstance(block, dict):
            raise StreamProtocolError("upstream sent a content_block_start without a block")
        kind = block.get("type")
        changed = False
        if kind == "text":
            channel = ("text_delta", "text", self._factory(False))
            self._channels[index] = channel
            text = block.get("text")
            if isinstance(text, str) and text:
                block["text"] = channel[2].feed(text)
                changed = True
            if block.get("citations"):
                block["citations"] = filter_strings(block["citations"], self._factory,
                                                    skip=_OPAQUE)
                changed = True
        elif kind in TOOL_USE_KINDS:
            self._channels[index] = ("input_json_delta", "partial_json", self._factory(True))
            if block.get("input") not in (None, {}):
                # Usually ``{}`` with the input streamed as JSON deltas; a provider may
                # send it whole here instead.
                block["input"] = _filter_input(block["input"], self._factory)
                changed = True
        elif kind not in PASSTHROUGH_BLOCKS:
            # Server tool results and unknown blocks: every string but ids and blobs.
            data["content_block"] = filter_strings(block, self._factory, skip=_OPAQUE)
            changed = data["content_block"] != block
        if changed:
            return [encode_json_event(data, event=event.event)]
        return [event.raw.encode()]

    def _delta(self, event: Event, data: dict[str, JSON]) -> list[bytes]:
        index = data.get("index")
        delta = data.get("delta")
        channel = self._channels.get(index) if isinstance(index, int) else None
        kind = delta.get("type") if isinstance(delta, dict) else None
        if channel is None or not isinstance(delta, dict) or kind != channel[0]:
            if kind in _SIGNED_DELTAS:
                return [event.raw.encode()]  # signed thinking: see the module docstring
            if kind in ("text_delta", "input_json_delta"):
                raise StreamProtocolError("upstream sent a delta for a block it did not start")
            # Citations and unknown deltas: every string but ids and blobs, each whole.
            filtered = filter_strings(delta, self._factory, skip=_OPAQUE)
            if filtered == delta:
                return [event.raw.encode()]
            data["delta"] = filtered
            return [encode_json_event(data, event=event.event)]
        text = delta.get(channel[1])
        if not isinstance(text, str):
            raise StreamProtocolError("upstream sent a text delta without text")
        output = channel[2].feed(text)
        if output == text:
            return [event.raw.encode()]
        delta[channel[1]] = output
        return [encode_json_event(data, event=event.event)]

    @staticmethod
    def _tail_event(index: int, channel: tuple[str, str, TextFilter], tail: str) -> list[bytes]:
        if not tail:
            return []
        payload = {
            "type": "content_block_delta",
            "index": index,
            "delta": {"type": channel[0], channel[1]: tail},
        }
        return [encode_json_event(payload, event="content_block_delta")]

    def _flush_all(self) -> list[bytes]:
        out: list[bytes] = []
        for index in sorted(self._channels):
            channel = self._channels.pop(index)
            out.extend(self._tail_event(index, channel, channel[2].close()))
        return out

    def finish(self) -> list[bytes]:
        """At upstream EOF: a stream that never sent ``message_stop`` was cut."""
        if not self._done:
            self._channels.clear()
            raise StreamProtocolError("upstream stream ended before message_stop")
        return []


def rewrite_body(body: MutableMapping[str, JSON], factory: FilterFactory) -> None:
    """Filter every block in one feed per string; thinking untouched.

    Text blocks (and their citations), tool inputs, and every string of server tool
    results and unknown blocks except ids, types and opaque blobs.
    """
    content = body.get("content")
    if not isinstance(content, list):
        return
    for position, block in enumerate(content):
        if not isinstance(block, dict):
            content[position] = filter_strings(block, factory)
            continue
        kind = block.get("type")
        if kind in PASSTHROUGH_BLOCKS:
            continue
        if kind in TOOL_USE_KINDS and "input" in block:
            block["input"] = _filter_input(block["input"], factory)
            for key in block:
                if key != "input" and key not in _OPAQUE:
                    block[key] = filter_strings(block[key], factory, skip=_OPAQUE)
        else:
            content[position] = filter_strings(block, factory, skip=_OPAQUE)


def error_body(status: int, code: str, message: str) -> dict[str, JSON]:
    """``{"type": "error", "error": {"type", "message"}}``."""
    kind = _ERROR_TYPES.get(status, "api_error" if status >= 500 else "invalid_request_error")
    return {"type": "error", "error": {"type": kind, "message": message}}
