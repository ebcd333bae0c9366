"""Anthropic Messages: sanitised fields, thinking pass-through, per-block egress routing."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pipelines.errors import RequestError, StreamProtocolError
from proxy.anthropic_messages import REQUEST, AnthropicMessages
from proxy.shapes import read_slots, write_slots
from proxy.sse import Event, SSEDecoder, encode_json_event
from tests.unit.proxy.shape_helpers import (
    RECORDED,
    data_events,
    factory_of,
    replay,
    signed_of,
    slots_of,
)

SHAPE = AnthropicMessages()
# Opaque base64 (a signature's bytes are not text) and the smallest valid PNG header.
SIG = "EorIycrLzM3Oz9DR0tPU1dbX2Nna29zd3t/g4eLj5OXm5+jp6uvs7e7v8PHy8/T19vf4+fr7/P3+"
PNG = "iVBORw0KGgo="
request_slots = slots_of(REQUEST)
signed_texts = signed_of(REQUEST)


def full_request() -> dict[str, Any]:
    """A request touching every kind of block the walker distinguishes."""
    return {
        "model": "claude-sonnet-4-0",
        "max_tokens": 100,
        "stream": True,
        "thinking": {"type": "enabled", "budget_tokens": 2000},
        "system": [{"type": "text", "text": "S1", "cache_control": {"type": "ephemeral"}}],
        "messages": [
            {"role": "user", "content": "U1"},
            {"role": "assistant", "content": [
                {"type": "thinking", "thinking": "I think about [PERSON_1]", "signature": SIG},
                {"type": "redacted_thinking", "data": SIG},
                {"type": "text", "text": "A1"},
                {"type": "tool_use", "id": "toolu_1", "name": "lookup",
                 "input": {"who": "I1", "nested": ["I2", 3]}},
            ]},
            {"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": "toolu_1", "content": [
                    {"type": "text", "text": "R1"}]},
                {"type": "tool_result", "tool_use_id": "toolu_1", "content": "R2",
                 "is_error": False},
                {"type": "image", "source": {"type": "base64", "media_type": "image/png",
                                             "data": PNG}},
                {"type": "document", "title": "DT", "source": {
                    "type": "text", "media_type": "text/plain", "data": "DOC"}},
                {"type": "document", "source": {"type": "url", "url": "https://x/?q=bob"}},
                {"type": "new_block", "whatever": {"x": "N1"}},
            ]},
        ],
        "tools": [{"name": "lookup", "description": "D1", "input_schema": {
            "type": "object", "properties": {"who": {"type": "string", "description": "D2"}},
            "required": ["who"]}}],
        "tool_choice": {"type": "tool", "name": "lookup"},
        "metadata": {"user_id": "M1"},
        "stop_sequences": ["X1"],
    }


def test_slots_in_canonical_order_thinking_untouched() -> None:
    """System first, then messages in order, then tools, then other fields."""
    body = full_request()
    texts = read_slots(request_slots(body))
    # Keys of free-form objects (a tool input, metadata, an unknown member) are text too,
    # and so are a schema's property names and required names.
    assert texts == ["S1", "U1", "A1", "who", "I1", "nested", "I2", "R1", "R2", "DT", "DOC",
                     "https://x/?q=bob", "x", "N1", "D1", "who", "D2", "who", "user_id", "M1",
                     "X1"]


def test_write_back_keeps_structure_and_thinking() -> None:
    """Thinking blocks, ids, names, base64 and schema keywords are never rewritten."""
    body = full_request()
    original = json.loads(json.dumps(body))
    slots = request_slots(body)
    write_slots(slots, [f"<{i}>" for i in range(len(slots))])
    assistant = body["messages"][1]["content"]
    assert assistant[0] == original["messages"][1]["content"][0]
    assert assistant[1] == original["messages"][1]["content"][1]
    assert assistant[3]["name"] == "lookup" and assistant[3]["input"] == {"<3>": "<4>",
                                                                       "<5>": ["<6>", 3]}
    assert body["messages"][2]["content"][2] == original["messages"][2]["content"][2]
    assert body["tools"][0]["name"] == "lookup"
    schema = body["tools"][0]["input_schema"]
    assert schema["type"] == "object" and list(schema["properties"].values()) == [
        {"type": "string", "description": "<16>"}]
    assert body["thinking"] == original["thinking"]
    assert body["system"][0]["cache_control"] == {"type": "ephemeral"}


def test_system_string_and_count_tokens_shape() -> None:
    """A plain-string system prompt is a slot; count_tokens never streams."""
    body: dict[str, Any] = {"system": "S", "messages": [{"role": "user", "content": "U"}]}
    assert read_slots(request_slots(body)) == ["S", "U"]
    counter = AnthropicMessages(count_tokens=True)
    assert counter.name == "anthropic_count_tokens"
    assert not counter.is_streaming({"stream": True})


def test_recorded_requests_have_their_texts_found() -> None:
    """Every string content of the recorded requests is a slot."""
    for path in sorted(RECORDED.glob("anthropic_messages_*.request.json")):
        body = json.loads(path.read_bytes())
        texts = read_slots(request_slots(body))
        for message in body["messages"]:
            if isinstance(message.get("content"), str):
                assert message["content"] in texts


def _block_texts(events: list[Event]) -> dict[int, str]:
    texts: dict[int, str] = {}
    for payload in data_events(events):
        if payload.get("type") == "content_block_start":
            block = payload["content_block"]
            if isinstance(block, dict) and block.get("type") == "text":
                texts[payload["index"]] = block["text"]  # type: ignore[index]
        if payload.get("type") == "content_block_delta":
            delta = payload["delta"]
            assert isinstance(delta, dict)
            for field in ("text", "partial_json"):
                if field in delta:
                    index = payload["index"]
                    assert isinstance(index, int)
                    texts[index] = texts.get(index, "") + delta[field]
    return texts


@pytest.mark.parametrize("batch", [True, False], ids=["merged", "per-event"])
@pytest.mark.parametrize("size", [1, 13, 100_000])
@pytest.mark.parametrize("name", ["anthropic_messages_stream_text.sse",
                                  "anthropic_messages_stream_parallel_tool_use.sse",
                                  "anthropic_messages_stream_text_after_tool_results.sse"])
def test_recorded_streams_route_each_block(name: str, size: int, batch: bool) -> None:
    """Each block's text comes out whole before its content_block_stop, any chunking."""
    raw = (RECORDED / name).read_bytes()
    passthrough = _block_texts(replay(SHAPE.rewriter(factory_of({}, hold=False)[0]), raw, 99999))
    factory, made = factory_of({"e": "E"})
    events = replay(SHAPE.rewriter(factory), raw, size, batch=batch)
    assert all(not channel.buffer for channel in made)
    got = _block_texts(events)
    assert got == {index: text.replace("e", "E") for index, text in passthrough.items()}
    for position, event in enumerate(events):
        if event.event == "content_block_stop":
            index = json.loads(event.data or "{}")["index"]
            assert _block_texts(events[:position]).get(index, "") == got.get(index, "")
    assert events[-1].event == "message_stop"
    assert any(e.event == "ping" for e in events)


def test_thinking_goes_through_the_signed_channel() -> None:
    """Thinking text comes out as the signed channel makes it (here: unchanged, as a
    signed channel never relinks) and its signature as sent; text blocks are relinked."""
    raw = (RECORDED / "anthropic_messages_stream_thinking.sse").read_bytes()
    factory, _ = factory_of({"Prime": "[P]"}, hold=False)
    events = replay(SHAPE.rewriter(factory), raw, 11)
    original = SSEDecoder().feed(raw)

    def thinking(events: list[Event]) -> tuple[str, str]:
        text, signature = "", ""
        for payload in data_events(events):
            delta = payload.get("delta")
            if isinstance(delta, dict) and delta.get("type") == "thinking_delta":
                text += str(delta["thinking"])
            if isinstance(delta, dict) and delta.get("type") == "signature_delta":
                signature += str(delta["signature"])
        return text, signature

    assert thinking(events) == thinking(original)
    assert thinking(original)[0] and thinking(original)[1]
    texts = _block_texts(events)
    assert texts[1] == _block_texts(original)[1].replace("Prime", "[P]")
    assert "[P]" in texts[1]
    factory, _ = factory_of({}, hold=False, signed={"prime": "[X]"})
    masked = thinking(replay(SHAPE.rewriter(factory), raw, 10_000))[0]
    assert masked == thinking(original)[0].replace("prime", "[X]") != thinking(original)[0]


def test_cut_stream_and_error_event() -> None:
    """EOF before message_stop is an error; an upstream error event is relayed."""
    rewriter = SHAPE.rewriter(factory_of({})[0])
    for event in SSEDecoder().feed(encode_json_event(
            {"type": "content_block_start", "index": 0,
             "content_block": {"type": "text", "text": ""}}, event="content_block_start")):
        rewriter.on_event(event)
    with pytest.raises(StreamProtocolError):
        rewriter.finish()
    raw = b'event: error\ndata: {"type":"error","error":{"type":"overloaded_error"}}\n\n'
    (event,) = SSEDecoder().feed(raw)
    assert rewriter.on_event(event) == [raw]
    assert rewriter.finish() == []


def test_text_in_content_block_start_is_filtered() -> None:
    """Initial text in a text block's start event goes through its channel."""
    factory, _ = factory_of({"x": "y"}, hold=False)
    rewriter = SHAPE.rewriter(factory)
    (event,) = SSEDecoder().feed(encode_json_event(
        {"type": "content_block_start", "index": 0,
         "content_block": {"type": "text", "text": "x"}}, event="content_block_start"))
    (out,) = rewriter.on_event(event)
    assert b'"text":"y"' in out


@pytest.mark.parametrize("payload", [
    b"event: content_block_start\ndata: {\"type\":\"content_block_start\"}\n\n",
    b"event: x\ndata: [1]\n\n",
    b"event: x\ndata: {bad\n\n",
])
def test_malformed_events_are_protocol_errors(payload: bytes) -> None:
    """Events of the wrong shape raise StreamProtocolError."""
    rewriter = SHAPE.rewriter(factory_of({})[0])
    (event,) = SSEDecoder().feed(payload)
    with pytest.raises(StreamProtocolError):
        rewriter.on_event(event)


def test_rewrite_body_text_and_tool_input() -> None:
    """Non-streamed: text blocks and tool_use input (as JSON source) are filtered."""
    body = json.loads((RECORDED / "anthropic_messages_nonstream_parallel_tool_use.response.json")
                      .read_bytes())
    factory, _ = factory_of({"mellon": 'Me"llon'})
    SHAPE.rewrite_body(body, factory)
    inputs = [b["input"] for b in body["content"] if b["type"] == "tool_use"]
    assert {"password": 'Me"llon'} in inputs
    body = {"content": [{"type": "thinking", "thinking": "mellon", "signature": "s"}]}
    SHAPE.rewrite_body(body, factory)
    assert body["content"][0]["thinking"] == "mellon"


def test_error_shapes() -> None:
    """Error bodies and the in-stream error event use Anthropic's error object."""
    assert SHAPE.error_body(404, "unknown_route", "m") == {
        "type": "error", "error": {"type": "not_found_error", "message": "m"}}
    assert SHAPE.error_body(502, "x", "m")["error"] == {"type": "api_error", "message": "m"}
    rewriter = SHAPE.rewriter(factory_of({})[0])
    (event,) = SSEDecoder().feed(rewriter.error_event(413, "body_too_large", "m"))
    assert event.event == "error"
    assert SHAPE.is_error_body(event.json())


@settings(max_examples=40, deadline=None)
@given(value=st.recursive(
    st.one_of(st.text(max_size=5), st.integers(), st.none()),
    lambda inner: st.lists(inner, max_size=3)
    | st.dictionaries(st.sampled_from(["type", "text", "content", "name", "input", "x"]),
                      inner, max_size=3),
    max_leaves=15,
))
def test_any_block_shape_walks_and_roundtrips(value: object) -> None:
    """Property: arbitrary blocks never crash the walker: they are refused with a 400
    naming a field, or walked, and then identity write-back is identity."""
    body = {"system": value, "messages": [{"role": "user", "content": [value, {"type": "text",
                                                                              "text": "t"}]}],
            "tools": [value], "extra": value}
    before = json.dumps(body, sort_keys=True)
    try:
        slots = request_slots(body)
    except RequestError as refused:
        assert refused.status == 400 and refused.code == "invalid_field"
        return
    write_slots(slots, read_slots(slots))
    assert json.dumps(body, sort_keys=True) == before
    assert "t" in read_slots(slots)


_PIECES = st.text(alphabet=st.sampled_from('ab "\\é😀\n'), max_size=6)
_DELTAS = {"text": ("text_delta", "text"), "tool_use": ("input_json_delta", "partial_json"),
           "thinking": ("thinking_delta", "thinking")}


def _event(payload: dict[str, object], ascii_only: bool) -> bytes:
    if ascii_only:
        return f"event: {payload['type']}\ndata: {json.dumps(payload)}\n\n".encode()
    return encode_json_event(payload, event=str(payload["type"]))


@st.composite
def _streams(draw: st.DrawFn) -> list[bytes]:
    """Blocks of every kind, their deltas interleaved, both JSON encoders."""
    kinds = draw(st.lists(st.sampled_from(list(_DELTAS)), min_size=1, max_size=3))
    events = [_event({"type": "message_start", "message": {"id": "m"}}, False)]
    for index, kind in enumerate(kinds):
        block: dict[str, object] = {"type": kind}
        if kind == "text":
            block["text"] = ""
        elif kind == "tool_use":
            block.update(id="toolu_1", name="lookup", input={})
        else:
            block["thinking"] = ""
        events.append(_event({"type": "content_block_start", "index": index,
                              "content_block": block}, False))
    for _ in range(draw(st.integers(min_value=0, max_value=14))):
        index = draw(st.integers(min_value=0, max_value=len(kinds) - 1))
        delta_type, field = _DELTAS[kinds[index]]
        events.append(_event({"type": "content_block_delta", "index": index,
                              "delta": {"type": delta_type, field: draw(_PIECES)}},
                             draw(st.booleans())))
    for index in range(len(kinds)):
        events.append(_event({"type": "content_block_stop", "index": index}, False))
    events.append(_event({"type": "message_stop"}, False))
    return events


@settings(max_examples=120, deadline=None)
@given(stream=_streams(), reads=st.lists(st.integers(min_value=1, max_value=6), max_size=8))
def test_merged_reads_give_what_event_by_event_gives(
    stream: list[bytes], reads: list[int]
) -> None:
    """Property: merging same-block deltas of a read (templates included) changes no
    block's text, thinking included."""
    mapping = {"é": "[E]", "b": "[B]"}  # single characters: chunking-invariant
    one_by_one = SHAPE.rewriter(factory_of(mapping, hold=False)[0])
    merged = SHAPE.rewriter(factory_of(mapping, hold=False)[0])
    single: list[bytes] = []
    together: list[bytes] = []
    decoder = SSEDecoder()
    position = 0
    for size in [*reads, len(stream)]:
        events = decoder.feed(b"".join(stream[position : position + size]))
        position += size
        together.extend(merged.on_events(events))
        for event in events:
            single.extend(one_by_one.on_event(event))
    single.extend(one_by_one.finish())
    together.extend(merged.finish())
    expected = SSEDecoder().feed(b"".join(single))
    got = SSEDecoder().feed(b"".join(together))
    assert _block_texts(got) == _block_texts(expected)
    assert _thinking(got) == _thinking(expected)
    assert got[-1].event == "message_stop"


def _thinking(events: list[Event]) -> dict[object, str]:
    texts: dict[object, str] = {}
    for payload in data_events(events):
        delta = payload.get("delta")
        if isinstance(delta, dict) and delta.get("type") == "thinking_delta":
            index = payload["index"]
            texts[index] = texts.get(index, "") + str(delta["thinking"])
    return texts


# -- sources, signed thinking, every reply string outside the channels --------------------

EMAIL = "jane.doe@example.com"


def test_string_and_unknown_sources_are_text_base64_data_is_not() -> None:
    """A search_result's string source and an unknown source type are read; base64 is not."""
    body: dict[str, Any] = {"messages": [{"role": "user", "content": [
        {"type": "search_result", "source": f"https://crm.example/{EMAIL}", "title": "t",
         "content": [{"type": "text", "text": "x"}]},
        {"type": "document", "source": {"type": "weird", "data": EMAIL}},
        {"type": "image", "source": {"type": "base64", "media_type": "image/png",
                                     "data": PNG}},
        {"type": "tool_use", "id": "toolu_1", "name": "lookup", "input": {"n": 4111111111111111}},
    ]}], "metadata": {"user_id": EMAIL}}
    texts = read_slots(request_slots(body))
    assert f"https://crm.example/{EMAIL}" in texts and texts.count(EMAIL) == 2
    assert PNG not in texts and "image/png" not in texts
    assert "4111111111111111" in texts


def test_signed_texts_are_the_thinking_blocks() -> None:
    """Thinking text, signatures and redacted data are never slots; they are signed
    checks for the gateway."""
    body = full_request()
    assert signed_texts(body) == ["I think about [PERSON_1]", SIG, SIG]
    assert "I think about [PERSON_1]" not in read_slots(request_slots(body))


def _run(*payloads: dict[str, Any]) -> list[dict[str, object]]:
    factory, _ = factory_of({"SECRET": "[X]"}, hold=False)
    raw = b"".join(encode_json_event(p, event=str(p["type"])) for p in payloads)
    events = replay(SHAPE.rewriter(factory), raw, 7)
    assert b"SECRET" not in b"".join(event.raw.encode() for event in events)
    return data_events(events)


def test_tool_input_at_block_start_citations_and_server_tools_are_filtered() -> None:
    """A non-empty tool_use input at start, citations deltas, server tool input deltas
    and server tool result blocks all go through filters."""
    payloads = _run(
        {"type": "message_start", "message": {"id": "m"}},
        {"type": "content_block_start", "index": 0, "content_block": {
            "type": "tool_use", "id": "toolu_1", "name": "f", "input": {"to": "SECRET"}}},
        {"type": "content_block_stop", "index": 0},
        {"type": "content_block_start", "index": 1, "content_block": {
            "type": "server_tool_use", "id": "srvtoolu_1", "name": "web_search", "input": {}}},
        {"type": "content_block_delta", "index": 1, "delta": {
            "type": "input_json_delta", "partial_json": "{\"q\":\"SECRET\"}"}},
        {"type": "content_block_stop", "index": 1},
        {"type": "content_block_start", "index": 2, "content_block": {
            "type": "web_search_tool_result", "tool_use_id": "srvtoolu_1", "content": [
                {"type": "web_search_result", "title": "SECRET", "url": "https://x/SECRET",
                 "encrypted_content": "opaque"}]}},
        {"type": "content_block_stop", "index": 2},
        {"type": "content_block_start", "index": 3, "content_block": {"type": "text",
                                                                       "text": ""}},
        {"type": "content_block_delta", "index": 3, "delta": {
            "type": "citations_delta", "citation": {
                "type": "web_search_result_location", "cited_text": "SECRET",
                "url": "https://x", "encrypted_index": "opaque"}}},
        {"type": "content_block_stop", "index": 3},
        {"type": "message_stop"},
    )
    starts = [p for p in payloads if p["type"] == "content_block_start"]
    assert starts[0]["content_block"]["input"] == {"to": "[X]"}  # type: ignore[index]
    result = starts[2]["content_block"]["content"][0]  # type: ignore[index]
    assert result["title"] == "[X]" and result["encrypted_content"] == "opaque"
    deltas: list[Any] = [p["delta"] for p in payloads if p["type"] == "content_block_delta"]
    citations = [delta for delta in deltas if delta["type"] == "citations_delta"]
    assert citations[0]["citation"]["cited_text"] == "[X]"


def test_text_delta_for_a_block_not_started_is_refused() -> None:
    """A text delta the gateway has no channel for is a protocol error, never passed raw."""
    rewriter = SHAPE.rewriter(factory_of({})[0])
    (event,) = SSEDecoder().feed(encode_json_event(
        {"type": "content_block_delta", "index": 4,
         "delta": {"type": "text_delta", "text": "SECRET"}}, event="content_block_delta"))
    with pytest.raises(StreamProtocolError):
        rewriter.on_event(event)


def test_whole_body_filters_results_and_citations_thinking_untouched() -> None:
    """Non-streamed: citations and server tool results filtered; thinking kept byte for byte."""
    factory, _ = factory_of({"SECRET": "[X]"}, hold=False)
    thinking = {"type": "thinking", "thinking": "SECRET", "signature": "sig"}
    body: dict[str, Any] = {"content": [
        dict(thinking),
        {"type": "text", "text": "SECRET", "citations": [{"type": "char_location",
                                                          "cited_text": "SECRET"}]},
        {"type": "web_search_tool_result", "tool_use_id": "s", "content": [
            {"type": "web_search_result", "title": "SECRET", "encrypted_content": "e"}]},
        {"type": "server_tool_use", "id": "s", "name": "web_search", "input": {"q": "SECRET"}},
    ]}
    SHAPE.rewrite_body(body, factory)
    assert body["content"][0] == thinking
    assert "SECRET" not in json.dumps(body["content"][1:])
    assert body["content"][3]["input"] == {"q": "[X]"}


# -- default deny outside the channels ---------------------------------------------------


def test_message_start_ping_unknown_events_and_stops_are_filtered() -> None:
    """message_start's message (blocks open their channels), pings, unknown events,
    message_delta and stop events: every string through a filter, types kept."""
    payloads = _run(
        {"type": "message_start", "message": {
            "id": "msg_SECRET", "type": "message", "role": "assistant", "model": "SECRET",
            "stop_sequence": "SECRET", "SECRET": 1,
            "content": [{"type": "text", "text": "from start SECRET"}]}},
        {"type": "ping", "note": "SECRET"},
        {"type": "mystery", "SECRET": ["SECRET"]},
        {"type": "content_block_delta", "index": 0,
         "delta": {"type": "text_delta", "text": " and on"}},
        {"type": "content_block_stop", "index": 0, "x": "SECRET"},
        {"type": "message_delta", "delta": {"stop_reason": "end_turn",
                                            "stop_sequence": "SECRET"},
         "usage": {"output_tokens": 3, "SECRET": 1}},
        {"type": "message_stop", "x": "SECRET"},
    )
    message: Any = payloads[0]["message"]
    assert message["id"] == "msg_[X]" and message["model"] == "[X]" and message["[X]"] == 1
    assert message["content"] == [{"type": "text", "text": "from start [X]"}]
    assert payloads[1] == {"type": "ping", "note": "[X]"}
    assert payloads[2] == {"type": "mystery", "[X]": ["[X]"]}
    assert payloads[-2]["delta"] == {"stop_reason": "end_turn", "stop_sequence": "[X]"}


def test_a_value_split_between_message_start_and_a_delta_is_one_channel() -> None:
    """Text in message_start's block and its first delta go through the same filter."""
    factory, _ = factory_of({"SECRET": "[X]"})
    raw = b"".join(encode_json_event(p, event=str(p["type"])) for p in (
        {"type": "message_start", "message": {"id": "m", "content": [
            {"type": "text", "text": "a SEC"}]}},
        {"type": "content_block_delta", "index": 0,
         "delta": {"type": "text_delta", "text": "RET b"}},
        {"type": "content_block_stop", "index": 0},
        {"type": "message_stop"},
    ))
    events = replay(SHAPE.rewriter(factory), raw, 5)
    assert b"SECRET" not in b"".join(event.raw.encode() for event in events)
    assert "[X]" in "".join(event.data or "" for event in events)


@pytest.mark.parametrize("delta", [
    {"type": "thinking_delta", "thinking": "SECRET"},
    {"type": "input_json_delta", "partial_json": "SECRET"},
])
def test_a_channel_delta_of_another_kind_is_refused(delta: dict[str, str]) -> None:
    """A delta whose type does not match its block is a protocol error, never passed."""
    rewriter = SHAPE.rewriter(factory_of({})[0])
    raw = b"".join(encode_json_event(p, event=str(p["type"])) for p in (
        {"type": "content_block_start", "index": 0, "content_block": {"type": "text",
                                                                       "text": ""}},
        {"type": "content_block_delta", "index": 0, "delta": delta},
    ))
    with pytest.raises(StreamProtocolError):
        for event in SSEDecoder().feed(raw):
            rewriter.on_event(event)


def test_event_names_comments_and_fields() -> None:
    """A known name passes; an unknown one only if the filter leaves it; else the
    payload's known type or nothing; comments become empty comments; id/retry vanish."""
    factory, _ = factory_of({"SECRET": "[X]"}, hold=False)
    rewriter = SHAPE.rewriter(factory)
    raw = (b'event: SECRET\ndata: {"type":"ping"}\n\n'
           b'event: SECRET\ndata: {"type":"other"}\n\n'
           b'event: custom.kind\ndata: {"type":"other"}\n\n'
           b": keep SECRET\n\nid: SECRET\nretry: 3\n\n")
    out = b"".join(chunk for event in SSEDecoder().feed(raw) for chunk in rewriter.on_event(event))
    assert out == (b'event: ping\ndata: {"type":"ping"}\n\n'
                   b'event: custom.kind\ndata: {"type":"other"}\n\n:\n\n')


def test_server_tool_results_decode_base64_text() -> None:
    """A web_fetch document's text/plain data, plain or base64, is filtered like text."""
    import base64

    encoded = base64.b64encode(b"page SECRET text").decode()
    payloads = _run(
        {"type": "content_block_start", "index": 0, "content_block": {
            "type": "web_fetch_tool_result", "tool_use_id": "srvtoolu_1", "content": {
                "type": "web_fetch_result", "url": "https://x", "content": {
                    "type": "document", "title": "SECRET",
                    "source": {"type": "base64", "media_type": "text/plain",
                               "data": encoded}}}}},
        {"type": "content_block_stop", "index": 0},
        {"type": "message_stop"},
    )
    document: Any = payloads[0]["content_block"]["content"]["content"]  # type: ignore[index]
    assert document["title"] == "[X]"
    assert base64.b64decode(document["source"]["data"]) == b"page [X] text"


# -- unknown deltas: streamed content, so each position is a channel ---------------------


def _joined(payloads: list[dict[str, object]], kind: str) -> dict[tuple[object, ...], str]:
    """Per JSON path inside the ``kind`` deltas, their strings joined in order."""
    joined: dict[tuple[object, ...], str] = {}

    def walk(value: object, path: tuple[object, ...]) -> None:
        if isinstance(value, str):
            joined[path] = joined.get(path, "") + value
        elif isinstance(value, list):
            for at, item in enumerate(value):
                if item is not None:
                    walk(item, (*path, at))
        elif isinstance(value, dict):
            for name, item in value.items():
                walk(item, (*path, name))

    for payload in payloads:
        delta: Any = payload.get("delta")
        if payload.get("type") == "content_block_delta" and delta.get("type") == kind:
            walk({k: v for k, v in delta.items() if k != "type"}, ())
    return joined


def test_a_value_spelt_across_unknown_deltas_is_masked_and_flushed_before_the_stop() -> None:
    """Each string position of an unknown delta type is one channel per block: a value
    split across deltas is found, the held tail comes in a delta of that type holding
    only that position, before content_block_stop; keys are filtered whole."""
    factory, _ = factory_of({"SECRET": "[X]"})  # holds everything until close
    deltas: list[dict[str, Any]] = [
        {"type": "mystery_delta", "note": {"text": piece}, "parts": [piece, "p"],
         "SECRET": 1} for piece in ("a SE", "CR", "ET b")]
    upstream: list[dict[str, Any]] = [
        {"type": "content_block_start", "index": 0, "content_block": {"type": "text",
                                                                       "text": ""}},
        *({"type": "content_block_delta", "index": 0, "delta": d} for d in deltas),
        {"type": "content_block_stop", "index": 0},
        {"type": "message_stop"},
    ]
    raw = b"".join(encode_json_event(p, event=str(p["type"])) for p in upstream)
    events = replay(SHAPE.rewriter(factory), raw, 6)
    assert b"SECRET" not in b"".join(event.raw.encode() for event in events)
    payloads = data_events(events)
    assert _joined(payloads, "mystery_delta") == {
        ("note", "text"): "a [X] b", ("parts", 0): "a [X] b", ("parts", 1): "ppp"}
    stop = next(i for i, p in enumerate(payloads) if p["type"] == "content_block_stop")
    tails: list[Any] = [p["delta"] for p in payloads[stop - 3 : stop]]
    assert tails == [{"type": "mystery_delta", "note": {"text": "a [X] b"}},
                     {"type": "mystery_delta", "parts": ["a [X] b"]},
                     {"type": "mystery_delta", "parts": [None, "ppp"]}]
    assert all("[X]" in p["delta"] for p in payloads[1:4])  # type: ignore[operator]


def test_unknown_delta_channels_are_per_block_and_end_with_the_message() -> None:
    """Two blocks' unknown deltas never share a channel; a block never stopped is flushed
    before message_delta; a block started again flushes the old one first."""
    factory, _ = factory_of({"SECRET": "[X]"})
    raw = b"".join(encode_json_event(p, event=str(p["type"])) for p in (
        {"type": "content_block_delta", "index": 0, "delta": {"type": "m", "t": "SEC"}},
        {"type": "content_block_delta", "index": 1, "delta": {"type": "m", "t": "RET"}},
        {"type": "content_block_start", "index": 1, "content_block": {"type": "x"}},
        {"type": "message_delta", "delta": {"stop_reason": "end_turn"}},
        {"type": "message_stop"},
    ))
    payloads = data_events(replay(SHAPE.rewriter(factory), raw, 4))
    assert [(p["type"], p.get("index"), p.get("delta")) for p in payloads] == [
        ("content_block_delta", 0, {"type": "m", "t": ""}),
        ("content_block_delta", 1, {"type": "m", "t": ""}),
        ("content_block_delta", 1, {"type": "m", "t": "RET"}),
        ("content_block_start", 1, None),
        ("content_block_delta", 0, {"type": "m", "t": "SEC"}),
        ("message_delta", None, {"stop_reason": "end_turn"}),
        ("message_stop", None, None),
    ]


_TEXT = st.lists(st.sampled_from(["SECRET", "SEC", "RET", "S", "a", " ", "\u00e9"]),
                 max_size=8).map("".join)


@st.composite
def _split(draw: st.DrawFn) -> list[tuple[str, str]]:
    """Two texts cut into the same number of pieces at random places."""
    a, b = draw(_TEXT), draw(_TEXT)
    count = draw(st.integers(1, 8))
    cuts = [sorted(draw(st.lists(st.integers(0, len(text)), min_size=count - 1,
                                 max_size=count - 1))) for text in (a, b)]
    pieces = [[text[i:j] for i, j in zip([0, *cut], [*cut, len(text)], strict=True)]
              for text, cut in zip((a, b), cuts, strict=True)]
    return list(zip(pieces[0], pieces[1], strict=True))


@settings(max_examples=80, deadline=None)
@given(pieces=_split(), size=st.integers(1, 64), batch=st.booleans())
def test_unknown_deltas_filter_each_position_as_one_text_in_any_chunking(
    pieces: list[tuple[str, str]], size: int, batch: bool
) -> None:
    """Oracle (str.replace on each position's whole text): whatever the split into
    deltas and the read sizes, each position's output joined is its input joined with
    every SECRET replaced, and no SECRET reaches the wire."""
    # The filter holds a channel's text until it closes: a rewriter that gave a delta
    # a channel of its own (or filtered it whole) would let a split SECRET through.
    factory, _ = factory_of({"SECRET": "[X]"})
    payloads: list[dict[str, Any]] = [
        {"type": "content_block_start", "index": 2, "content_block": {"type": "mystery"}},
        *({"type": "content_block_delta", "index": 2,
           "delta": {"type": "mystery_delta", "a": a, "b": {"c": [b]}}} for a, b in pieces),
        {"type": "content_block_stop", "index": 2},
        {"type": "message_stop"},
    ]
    raw = b"".join(encode_json_event(p, event=str(p["type"])) for p in payloads)
    events = replay(SHAPE.rewriter(factory), raw, size, batch=batch)
    assert "SECRET" not in "".join(event.raw for event in events)
    joined = _joined(data_events(events), "mystery_delta")
    for path, texts in ((("a",), [a for a, _ in pieces]), (("b", "c", 0), [b for _, b in pieces])):
        assert joined.get(path, "") == "".join(texts).replace("SECRET", "[X]")


def test_base64_text_in_an_unknown_delta_is_checked_whole() -> None:
    """A string of an unknown delta that is base64 of text holding a value is decoded,
    filtered and re-encoded (a stream filter cannot read base64); other strings of the
    position keep streaming through its channel."""
    import base64

    encoded = base64.b64encode(b"note SECRET here").decode()
    factory, _ = factory_of({"SECRET": "[X]"})  # holds a channel until it closes
    upstream: list[dict[str, Any]] = [
        {"type": "content_block_delta", "index": 0,
         "delta": {"type": "mystery_delta", "blob": blob}} for blob in (encoded, "SEC", "RET")]
    raw = b"".join(encode_json_event(p, event=str(p["type"]))
                   for p in [*upstream, {"type": "message_stop"}])
    payloads = data_events(replay(SHAPE.rewriter(factory), raw, 9))
    blobs = [p["delta"]["blob"] for p in payloads  # type: ignore[index]
             if p["type"] == "content_block_delta"]
    assert base64.b64decode(blobs[0]) == b"note [X] here"
    assert "".join(blobs[1:]) == "[X]"
