"""OpenAI Chat Completions: which strings are sanitised, how reply channels are routed."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pipelines.errors import EgressRefused, RequestError, StreamProtocolError
from proxy.openai_chat import REQUEST, OpenAIChat
from proxy.shapes import read_slots, write_slots
from proxy.sse import Event, SSEDecoder, encode_json_event
from tests.unit.proxy.shape_helpers import (
    RECORDED,
    RefuseFactory,
    data_events,
    factory_of,
    replay,
    slots_of,
)

SHAPE = OpenAIChat()
request_slots = slots_of(REQUEST)


def full_request() -> dict[str, Any]:
    """A request touching every kind of field the walker distinguishes."""
    return {
        "model": "gpt-4o",
        "stream": True,
        "user": "user-alice@example.com",
        "messages": [
            {"role": "system", "content": "S1"},
            {"role": "user", "name": "Alice Smith", "content": [
                {"type": "text", "text": "P1"},
                {"type": "image_url", "image_url": {"url": "data:image/png;base64,iVBORw0KGgo=",
                                                     "detail": "low"}},
                {"type": "image_url", "image_url": {"url": "https://x.example/?u=bob"}},
                {"type": "input_audio", "input_audio": {"data": "UklGRgAAAABXQVZFZm10IA==",
                                                         "format": "wav"}},
                {"type": "file", "file": {"file_data": "data:application/pdf;base64,"
                                                       "JVBERi0xLjcKJeLjz9MK",
                                          "filename": "cv-bob.pdf"}},
                {"type": "mystery", "payload": {"deep": ["U1"]}},
            ]},
            {"role": "assistant", "content": None, "tool_calls": [
                {"id": "call_1", "type": "function",
                 "function": {"name": "lookup", "arguments": "{\"who\": \"A1\"}"}},
            ]},
            {"role": "tool", "tool_call_id": "call_1", "content": "T1"},
        ],
        "tools": [{"type": "function", "function": {
            "name": "lookup", "description": "D1", "strict": True,
            "parameters": {"type": "object", "properties": {
                "who": {"type": "string", "description": "D2", "enum": ["E1"]}},
                "required": ["who"]}}}],
        "tool_choice": {"type": "function", "function": {"name": "lookup"}},
        "response_format": {"type": "json_schema", "json_schema": {
            "name": "out", "schema": {"type": "object", "title": "D3"}}},
        "stream_options": {"include_usage": True},
        "metadata": {"note": "M1"},
        "stop": ["X1"],
    }


def test_slots_cover_text_and_skip_structure_in_canonical_order() -> None:
    """Every text field, in order; model, roles, ids, names, binary data untouched."""
    body = full_request()
    texts = read_slots(request_slots(body))
    assert texts == [
        "S1", "Alice Smith", "P1", "https://x.example/?u=bob", "cv-bob.pdf", "deep", "U1",
        "{\"who\": \"A1\"}", "T1", "D1", "who", "D2", "E1", "who", "D3",
        "user-alice@example.com", "note", "M1", "X1",
    ]  # keys of free-form objects ("deep" under an unknown part, metadata's "note") and
    # a schema's property and required names too


def test_write_back_changes_only_slots() -> None:
    """Writing the texts back replaces exactly those strings, structure stays."""
    body = full_request()
    slots = request_slots(body)
    write_slots(slots, [f"<{i}>" for i in range(len(slots))])
    assert body["model"] == "gpt-4o"
    assert body["messages"][0] == {"role": "system", "content": "<0>"}
    assert body["messages"][1]["content"][1]["image_url"]["url"].startswith("data:")
    assert body["messages"][2]["tool_calls"][0]["function"]["name"] == "lookup"
    assert body["messages"][2]["tool_calls"][0]["id"] == "call_1"
    parameters = body["tools"][0]["function"]["parameters"]
    assert parameters["type"] == "object"
    assert [p["type"] for p in parameters["properties"].values()] == ["string"]
    assert body["tool_choice"] == {"type": "function", "function": {"name": "lookup"}}
    with pytest.raises(ValueError):
        write_slots(slots, ["too few"])


def test_recorded_requests_have_their_texts_found() -> None:
    """Every recorded request's message text is a slot (nothing left out)."""
    for path in sorted(RECORDED.glob("openai_chat_*.request.json")):
        body = json.loads(path.read_bytes())
        texts = read_slots(request_slots(body))
        for message in body["messages"]:
            if isinstance(message.get("content"), str):
                assert message["content"] in texts


@settings(max_examples=60, deadline=None)
@given(st.recursive(st.text(max_size=5), lambda inner: st.lists(inner, max_size=3)
                    | st.dictionaries(st.sampled_from(["a", "text", "role", "model", "name"]),
                                      inner, max_size=3), max_leaves=12))
def test_unknown_fields_never_crash_and_roundtrip(value: object) -> None:
    """Property: any JSON under an unknown key is walked; identity write-back is identity."""
    body = {"messages": [{"role": "user", "content": "x", "extra": value}], "odd": value}
    before = json.dumps(body, sort_keys=True)
    slots = request_slots(body)
    write_slots(slots, read_slots(slots))
    assert json.dumps(body, sort_keys=True) == before


def _channel_texts(events: list[Event]) -> dict[tuple[int, object], str]:
    texts: dict[tuple[int, object], str] = {}
    for payload in data_events(events):
        for choice in payload.get("choices", []):  # type: ignore[attr-defined]
            delta = choice["delta"]
            for field in ("content", "refusal"):
                if isinstance(delta.get(field), str):
                    key = (choice["index"], field)
                    texts[key] = texts.get(key, "") + delta[field]
            for call in delta.get("tool_calls", []):
                args = call.get("function", {}).get("arguments")
                if isinstance(args, str):
                    key = (choice["index"], call["index"])
                    texts[key] = texts.get(key, "") + args
    return texts


@pytest.mark.parametrize("batch", [True, False], ids=["merged", "per-event"])
@pytest.mark.parametrize("size", [1, 7, 10_000])
@pytest.mark.parametrize("name", ["openai_chat_stream_text.sse",
                                  "openai_chat_stream_parallel_tool_calls.sse",
                                  "openai_chat_stream_refusal.sse"])
def test_recorded_streams_route_each_channel(name: str, size: int, batch: bool) -> None:
    """Each channel's text comes out whole, before its finish chunk, in any chunking."""
    raw = (RECORDED / name).read_bytes()
    factory, made = factory_of({"mellon": "[SECRET_1]"})
    events = replay(SHAPE.rewriter(factory), raw, size, batch=batch)
    original = _channel_texts(replay(SHAPE.rewriter(factory_of({}, hold=False)[0]), raw, 10_000))
    got = _channel_texts(events)
    assert got == {key: text.replace("mellon", "[SECRET_1]") for key, text in original.items()}
    assert events[-1].is_done
    # Every channel was flushed before the chunk carrying its finish_reason.
    finish_at = next(i for i, e in enumerate(events)
                     if e.data and "finish_reason\":\"" in e.data.replace(" ", ""))
    assert _channel_texts(events[:finish_at]) == got
    assert all(not channel.buffer for channel in made)


def test_text_in_finishing_chunk_gets_its_tail_appended() -> None:
    """Text carried by the finish chunk itself is followed by the tail, in that chunk."""
    factory, _ = factory_of({"ab": "X"})
    chunks = [
        {"id": "c", "choices": [{"index": 0, "delta": {"content": "a"}, "finish_reason": None}]},
        {"id": "c", "choices": [{"index": 0, "delta": {"content": "b"}, "finish_reason": "stop"}]},
    ]
    raw = b"".join(encode_json_event(c) for c in chunks) + b"data: [DONE]\n\n"
    events = replay(SHAPE.rewriter(factory), raw, 3)
    payloads = data_events(events)
    assert payloads[-1]["choices"][0]["delta"]["content"] == "X"  # type: ignore[index]
    assert payloads[-1]["choices"][0]["finish_reason"] == "stop"  # type: ignore[index]


def test_n_greater_than_one_keeps_choices_apart() -> None:
    """Two choices interleaved: each has its own channel."""
    factory, _ = factory_of({"[P_1]": "Ann"})
    chunks = []
    for piece in ["[P", "_1", "] hi"]:
        for index in (0, 1):
            chunks.append({"id": "c", "choices": [
                {"index": index, "delta": {"content": piece + str(index)},
                 "finish_reason": None}]})
    chunks.append({"id": "c", "choices": [
        {"index": 0, "delta": {}, "finish_reason": "stop"},
        {"index": 1, "delta": {}, "finish_reason": "stop"}]})
    raw = b"".join(encode_json_event(c) for c in chunks) + b"data: [DONE]\n\n"
    texts = _channel_texts(replay(SHAPE.rewriter(factory), raw, 5))
    assert texts == {(0, "content"): "[P0_10] hi0", (1, "content"): "[P1_11] hi1"}


def test_channels_open_at_done_are_flushed_before_done() -> None:
    """A stream without finish_reason still gets its tail, before [DONE]."""
    factory, _ = factory_of({})
    raw = encode_json_event({"choices": [{"index": 0, "delta": {"content": "held"}}]})
    events = replay(SHAPE.rewriter(factory), raw + b"data: [DONE]\n\n", 4)
    assert _channel_texts(events) == {(0, "content"): "held"}
    assert events[-1].is_done


def test_events_without_text_are_the_gateways_own_bytes() -> None:
    """A usage chunk is re-encoded from what was checked (padding spaces gone); a comment
    becomes an empty comment; id/retry-only events vanish; [DONE] is the gateway's."""
    rewriter = SHAPE.rewriter(factory_of({})[0])
    usage = b'data: {"choices":[],"usage":{"total_tokens":3}}  \n\n'
    comment = b": keep-alive from AKIAIOSFODNN7EXAMPLE\n\n"
    fields = b"id: jane@example.com\nretry: 5\n\n"
    out = []
    for event in SSEDecoder().feed(usage + comment + fields + b"data: [DONE]\n\n"):
        out.extend(rewriter.on_event(event))
    assert out == [b'data: {"choices":[],"usage":{"total_tokens":3}}\n\n', b":\n\n",
                   b"data: [DONE]\n\n"]


def test_stream_cut_before_done_is_an_error() -> None:
    """EOF without [DONE] raises, and nothing held is released."""
    rewriter = SHAPE.rewriter(factory_of({})[0])
    for event in SSEDecoder().feed(encode_json_event(
            {"choices": [{"index": 0, "delta": {"content": "secret"}}]})):
        rewriter.on_event(event)
    with pytest.raises(StreamProtocolError):
        rewriter.finish()


def test_upstream_error_event_passes_and_ends() -> None:
    """An upstream in-stream error object is relayed as is and counts as the end."""
    rewriter = SHAPE.rewriter(factory_of({})[0])
    raw = b'data: {"error":{"message":"boom","type":"server_error"}}\n\n'
    (event,) = SSEDecoder().feed(raw)
    assert rewriter.on_event(event) == [raw]
    assert rewriter.finish() == []


def test_refusal_propagates_from_filter() -> None:
    """A filter refusal surfaces as EgressRefused from on_event."""
    rewriter = SHAPE.rewriter(RefuseFactory("BEGIN"))
    (event,) = SSEDecoder().feed(encode_json_event(
        {"choices": [{"index": 0, "delta": {"content": "-----BEGIN"}}]}))
    with pytest.raises(EgressRefused):
        rewriter.on_event(event)


@pytest.mark.parametrize("payload", [b"data: [1,2]\n\n", b"data: {\"choices\":[1]}\n\n",
                                     b"data: {oops\n\n",
                                     b"data: {\"choices\":[{\"index\":\"0\"}]}\n\n"])
def test_malformed_chunks_are_protocol_errors(payload: bytes) -> None:
    """Chunks of the wrong shape raise StreamProtocolError."""
    rewriter = SHAPE.rewriter(factory_of({})[0])
    (event,) = SSEDecoder().feed(payload)
    with pytest.raises(StreamProtocolError):
        rewriter.on_event(event)


def test_rewrite_body_filters_every_channel() -> None:
    """Non-streamed: content, refusal, tool-call arguments (JSON-escaped)."""
    body = json.loads((RECORDED / "openai_chat_nonstream_parallel_tool_calls.response.json")
                      .read_bytes())
    factory, made = factory_of({"mellon": 'me"llon'})
    SHAPE.rewrite_body(body, factory)
    args = [c["function"]["arguments"] for c in body["choices"][0]["message"]["tool_calls"]]
    assert json.loads(args[0]) == {"password": 'me"llon'}
    assert any(channel.json_string for channel in made)
    body = {"choices": [{"index": 0, "message": {"content": "mellon", "refusal": "mellon"}}]}
    SHAPE.rewrite_body(body, factory)
    assert body["choices"][0]["message"] == {"content": 'me"llon', "refusal": 'me"llon'}


def test_error_shapes() -> None:
    """Error bodies and events carry the OpenAI error object."""
    body = SHAPE.error_body(401, "invalid_api_key", "no")
    assert body == {"error": {"message": "no", "type": "authentication_error", "param": None,
                              "code": "invalid_api_key"}}
    assert SHAPE.is_error_body(body) and not SHAPE.is_error_body({"error": "x"})
    rewriter = SHAPE.rewriter(factory_of({})[0])
    (event,) = SSEDecoder().feed(rewriter.error_event(502, "response_refused", "refused"))
    assert event.event is None and event.json() == SHAPE.error_body(
        502, "response_refused", "refused")
    assert SHAPE.is_streaming({"stream": True}) and not SHAPE.is_streaming({"stream": "yes"})


@settings(max_examples=40, deadline=None)
@given(cuts=st.lists(st.integers(min_value=0, max_value=6000), max_size=40))
def test_any_chunking_gives_the_same_channels(cuts: list[int]) -> None:
    """Property: however the upstream bytes are cut, each channel's text is the same."""
    raw = (RECORDED / "openai_chat_stream_parallel_tool_calls.sse").read_bytes()
    factory, _ = factory_of({"mellon": "[SECRET_1]"})
    whole = _channel_texts(replay(SHAPE.rewriter(factory), raw, len(raw)))
    points = sorted({min(c, len(raw)) for c in cuts})
    rewriter = SHAPE.rewriter(factory_of({"mellon": "[SECRET_1]"})[0])
    decoder = SSEDecoder()
    out: list[bytes] = []
    for a, b in zip([0, *points], [*points, len(raw)], strict=True):
        for event in decoder.feed(raw[a:b]):
            out.extend(rewriter.on_event(event))
    for event in decoder.close():
        out.extend(rewriter.on_event(event))
    out.extend(rewriter.finish())
    parsed = SSEDecoder()
    assert _channel_texts([*parsed.feed(b"".join(out)), *parsed.close()]) == whole


def test_same_channel_text_in_one_read_is_merged() -> None:
    """Text-only chunks of one channel arriving together become one chunk; others stay."""
    factory, made = factory_of({}, hold=False)
    rewriter = SHAPE.rewriter(factory)
    chunks = [{"id": "c", "choices": [{"index": 0, "delta": {"content": piece},
                                       "logprobs": None, "finish_reason": None}]}
              for piece in ("a", "b", "c")]
    chunks.insert(2, {"id": "c", "choices": [{"index": 0, "delta": {"tool_calls": [
        {"index": 0, "function": {"arguments": "{}"}}]}, "finish_reason": None}]})
    events = SSEDecoder().feed(b"".join(encode_json_event(c) for c in chunks))
    out = rewriter.on_events(events)
    payloads = [json.loads(raw.decode()[6:]) for raw in out]
    assert [p["choices"][0]["delta"] for p in payloads] == [
        {"content": "ab"}, {"tool_calls": [{"index": 0, "function": {"arguments": "{}"}}]},
        {"content": "c"}]
    assert out[2] == events[3].raw.encode()  # canonical JSON in, the same bytes out
    assert len([channel for channel in made if channel.json_string]) == 1


_PIECES = st.text(alphabet=st.sampled_from('cab "\\é😀\n'), max_size=6)


@st.composite
def _streams(draw: st.DrawFn) -> list[bytes]:
    """Chunks of several channels, envelopes that change, texts equal to the id, and
    both JSON encoders (raw UTF-8 and ``ensure_ascii``), as encoded events."""
    events: list[bytes] = []
    for _ in range(draw(st.integers(min_value=1, max_value=14))):
        kind = draw(st.sampled_from(["content", "content", "content1", "refusal", "tool",
                                     "role", "usage"]))
        text = draw(_PIECES)
        index = 1 if kind == "content1" else 0
        delta: dict[str, object] = {"content": text}
        if kind == "refusal":
            delta = {"refusal": text}
        elif kind == "tool":
            delta = {"tool_calls": [{"index": 0, "function": {"arguments": text}}]}
        elif kind == "role":
            delta = {"role": "assistant", "content": ""}
        chunk: dict[str, object] = {
            "id": draw(st.sampled_from(["c", "d"])), "object": "chat.completion.chunk",
            "choices": [{"index": index, "delta": delta, "finish_reason": None}]}
        if kind == "usage":
            chunk = {"id": "c", "choices": [], "usage": {"total_tokens": 3}}
        if draw(st.booleans()):
            events.append(encode_json_event(chunk))
        else:
            events.append(f"data: {json.dumps(chunk)}\n\n".encode())
    events.append(encode_json_event({"id": "c", "choices": [
        {"index": i, "delta": {}, "finish_reason": "stop"} for i in (0, 1)]}))
    events.append(b"data: [DONE]\n\n")
    return events


@settings(max_examples=120, deadline=None)
@given(stream=_streams(), reads=st.lists(st.integers(min_value=1, max_value=6), max_size=8))
def test_merged_reads_give_what_event_by_event_gives(
    stream: list[bytes], reads: list[int]
) -> None:
    """Property: merging same-channel chunks of a read (templates included) changes no
    channel's text and keeps every flush before its finish chunk."""
    mapping = {"é": "[E]", "a": "[A]"}  # single characters: chunking-invariant
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
    expected = _channel_texts(SSEDecoder().feed(b"".join(single)))
    got_events = SSEDecoder().feed(b"".join(together))
    assert _channel_texts(got_events) == expected
    assert got_events[-1].is_done
    assert len(got_events) <= len(SSEDecoder().feed(b"".join(single)))


# -- structure only at the API's positions; every other channel filtered or dropped -----

EMAIL = "jane.doe@example.com"


def test_structural_names_are_text_outside_their_positions() -> None:
    """``id``/``type``/``model``/``detail`` inside unknown fields, odd keys and
    undeclared config members are all slots."""
    body: dict[str, Any] = {
        "model": "gpt-4o",
        "messages": [{"role": "user", "content": "hi", EMAIL: "v"}],
        "metadata": {EMAIL: "k", "id": EMAIL, "type": "Jane Doe"},
        "stream_options": {"include_usage": True, "x": EMAIL},
        "tool_choice": {"type": "function", "function": {"name": "lookup"}},
        "response_format": {"type": "json_object", "note": EMAIL},
        "extra": {"detail": EMAIL, "model": EMAIL, "n": 4111111111111111},
    }
    texts = read_slots(request_slots(body))
    assert texts.count(EMAIL) == 7 and "Jane Doe" in texts
    assert "4111111111111111" in texts and "gpt-4o" not in texts and "user" not in texts
    assert "include_usage" not in texts and "function" not in texts


@pytest.mark.parametrize(("path", "value", "field"), [
    (("messages", 0, "role"), EMAIL, "messages[0].role"),
    (("tool_choice", "function", "name"), EMAIL, "tool_choice.function.name"),
    (("model",), "Jane Doe", "model"),
    (("messages", 0, "content", 0, "type"), "Jane Doe", "messages[0].content[0].type"),
    (("reasoning_effort",), "extreme", "reasoning_effort"),
    (("max_tokens",), "ten", "max_tokens"),
])
def test_structure_outside_its_grammar_is_refused(
    path: tuple[Any, ...], value: str, field: str
) -> None:
    """A structural position holding what its grammar does not allow (an e-mail as a
    role or a tool name, a name as a model, a word as a number) refuses the request
    with a 400 naming the field, never the value."""
    body: dict[str, Any] = {
        "model": "gpt-4o", "max_tokens": 5, "reasoning_effort": "low",
        "messages": [{"role": "user", "content": [{"type": "text", "text": "x"}]}],
        "tool_choice": {"type": "function", "function": {"name": "lookup"}},
    }
    request_slots(json.loads(json.dumps(body)))  # the legitimate form passes
    holder: Any = body
    for part in path[:-1]:
        holder = holder[part]
    holder[path[-1]] = value
    with pytest.raises(RequestError) as caught:
        request_slots(body)
    assert caught.value.status == 400
    assert caught.value.message.startswith(f"request refused: {field} is not ")
    assert value not in caught.value.message


def _stream(*deltas: dict[str, Any], logprobs: object = None) -> bytes:
    chunks = [{"id": "c", "choices": [{"index": 0, "delta": delta, "finish_reason": None,
                                       "logprobs": logprobs}]} for delta in deltas]
    chunks.append({"id": "c", "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]})
    return b"".join(encode_json_event(c) for c in chunks) + b"data: [DONE]\n\n"


@pytest.mark.parametrize("size", [1, 9, 10_000])
def test_legacy_function_call_arguments_are_a_json_channel(size: int) -> None:
    """Streamed ``function_call.arguments`` are filtered (as JSON source) across chunks."""
    factory, made = factory_of({"[EMAIL_1]": 'a"b'})
    raw = _stream({"function_call": {"name": "f", "arguments": ""}},
                  {"function_call": {"arguments": '{"to":"[EMA'}},
                  {"function_call": {"arguments": 'IL_1]"}'}})
    payloads: list[Any] = data_events(replay(SHAPE.rewriter(factory), raw, size))
    args = "".join(p["choices"][0]["delta"].get("function_call", {}).get("arguments", "")
                   for p in payloads)
    assert args == '{"to":"a\\"b"}'
    assert json.loads(args) == {"to": 'a"b'}
    assert any(channel.json_string for channel in made)
    assert not any(channel.buffer for channel in made)


def test_reasoning_is_a_channel_and_logprobs_and_unknown_fields_are_dropped() -> None:
    """reasoning_content is filtered; logprobs, audio and unknown delta members never pass."""
    factory, _ = factory_of({"SECRET": "[X]"}, hold=False)
    raw = _stream({"reasoning_content": "think SECRET"},
                  {"content": "ok", "audio": {"transcript": "SECRET"}, "mystery": "SECRET"},
                  logprobs={"content": [{"token": "SECRET", "logprob": 0}]})
    events = replay(SHAPE.rewriter(factory), raw, 4)
    body = b"".join(event.raw.encode() for event in events)
    assert b"SECRET" not in body
    payloads = data_events(events)
    deltas = [p["choices"][0]["delta"] for p in payloads]  # type: ignore[index]
    assert {"reasoning_content": "think [X]"} in deltas and {"content": "ok"} in deltas
    assert all(p["choices"][0].get("logprobs") is None for p in payloads)  # type: ignore[index]


def test_whole_body_drops_unfiltered_members_and_filters_part_lists() -> None:
    """Non-streamed: reasoning, part lists and legacy calls filtered; logprobs, audio gone."""
    factory, _ = factory_of({"SECRET": "[X]"}, hold=False)
    body: dict[str, Any] = {"choices": [{
        "index": 0, "finish_reason": "stop",
        "logprobs": {"content": [{"token": "SECRET"}]},
        "message": {"role": "assistant", "reasoning_content": "SECRET",
                    "audio": {"transcript": "SECRET"},
                    "content": [{"type": "text", "text": "a SECRET"}],
                    "function_call": {"name": "f", "arguments": "\"SECRET\""}},
    }]}
    SHAPE.rewrite_body(body, factory)
    assert "SECRET" not in json.dumps(body)
    message = body["choices"][0]["message"]
    assert message["content"] == [{"type": "text", "text": "a [X]"}]
    assert message["function_call"] == {"name": "f", "arguments": "\"[X]\""}
    assert "audio" not in message and body["choices"][0]["logprobs"] is None


@pytest.mark.parametrize("size", [1, 10_000])
def test_custom_tool_input_is_a_text_channel_and_unknown_call_members_drop(size: int) -> None:
    """A custom tool call's ``input`` is filtered as text across chunks; other members
    of a call (and a call member that is not an object) never pass."""
    factory, _ = factory_of({"SECRET": "[X]"})
    raw = _stream({"tool_calls": [{"index": 0, "id": "call_1", "type": "custom",
                                   "custom": {"name": "grep", "input": "find SEC"}}]},
                  {"tool_calls": [{"index": 0, "custom": {"input": "RET now"},
                                   "mystery": "SECRET"}]},
                  {"tool_calls": [{"index": 1, "function": "SECRET"}]})
    events = replay(SHAPE.rewriter(factory), raw, size)
    assert b"SECRET" not in b"".join(event.raw.encode() for event in events)
    payloads: list[Any] = data_events(events)
    inputs = "".join(call.get("custom", {}).get("input", "")
                     for p in payloads for call in p["choices"][0]["delta"].get("tool_calls", []))
    assert inputs == "find [X] now"


def test_tool_call_without_an_integer_index_is_a_protocol_error() -> None:
    """A tool call the gateway cannot key to a channel is refused, never passed raw."""
    raw = _stream({"tool_calls": [{"index": "0", "function": {"arguments": "SECRET"}}]})
    with pytest.raises(StreamProtocolError):
        replay(SHAPE.rewriter(factory_of({})[0]), raw, 10_000)


def test_whole_body_custom_tool_input_is_filtered() -> None:
    """Non-streamed custom tool input is text through a filter; unknown members dropped."""
    factory, _ = factory_of({"SECRET": "[X]"}, hold=False)
    body: dict[str, Any] = {"choices": [{"index": 0, "message": {"role": "assistant",
        "tool_calls": [{"id": "c", "type": "custom", "extra": "SECRET",
                        "custom": {"name": "grep", "input": "SECRET", "x": "SECRET"}}]}}]}
    SHAPE.rewrite_body(body, factory)
    assert body["choices"][0]["message"]["tool_calls"] == [
        {"id": "c", "type": "custom", "custom": {"name": "grep", "input": "[X]"}}]


# -- default deny outside the channels ---------------------------------------------------


def _replay_secret(*chunks: dict[str, Any], size: int = 7, batch: bool = True) -> list[Event]:
    factory, _ = factory_of({"SECRET": "[X]"}, hold=False)
    raw = b"".join(encode_json_event(c) for c in chunks) + b"data: [DONE]\n\n"
    events = replay(SHAPE.rewriter(factory), raw, size, batch=batch)
    assert b"SECRET" not in b"".join(event.raw.encode() for event in events)
    return events


def test_envelope_choice_and_usage_members_are_filtered() -> None:
    """Ids, models, unknown envelope and choice members and their keys, usage members,
    chunks without choices: every string through a filter; closed enums pass."""
    events = _replay_secret(
        {"id": "c-SECRET", "model": "SECRET", "object": "chat.completion.chunk",
         "SECRET": {"deep": ["SECRET"]}, "choices": [
             {"index": 0, "delta": {"content": "hi"}, "finish_reason": None,
              "content_filter_results": {"hate": {"severity": "SECRET"}}}]},
        {"id": "c", "choices": [], "usage": {"total_tokens": 3, "note": "SECRET"},
         "prompt_filter_results": [{"x": "SECRET"}]},
        {"id": "c", "choices": [{"index": 0, "delta": {}, "finish_reason": "SECRET"}]},
    )
    payloads: list[Any] = data_events(events)
    assert payloads[0]["id"] == "c-[X]" and payloads[0]["model"] == "[X]"
    assert payloads[0]["[X]"] == {"deep": ["[X]"]}
    assert payloads[0]["object"] == "chat.completion.chunk"
    assert payloads[0]["choices"][0]["content_filter_results"] == {"hate": {"severity": "[X]"}}
    assert payloads[1]["usage"] == {"total_tokens": 3, "note": "[X]"}
    assert payloads[-1]["choices"][0]["finish_reason"] == "[X]"


def test_padding_is_the_gateways_own_of_the_same_length() -> None:
    """``obfuscation`` never passes: the gateway writes its own padding, same length."""
    chunks = [{"id": "c", "choices": [{"index": 0, "delta": {"content": piece},
                                       "finish_reason": None}], "obfuscation": pad}
              for piece, pad in (("a", "SECRETx"), ("b", "SECRET" * 20))]
    payloads: list[Any] = data_events(_replay_secret(*chunks, size=10_000, batch=False))
    assert [len(p["obfuscation"]) for p in payloads[:2]] == [7, 64]
    merged: list[Any] = data_events(_replay_secret(*chunks, size=10_000))
    assert merged[0]["choices"][0]["delta"] == {"content": "ab"}  # one read: one chunk
    assert len(merged[0]["obfuscation"]) == 7


def test_a_tool_call_id_and_name_pass_once() -> None:
    """The SDK concatenates repeated strings of a delta: a second id or name is dropped,
    and each is filtered; unknown members of calls and functions never pass."""
    events = _replay_secret(
        {"id": "c", "choices": [{"index": 0, "delta": {"tool_calls": [
            {"index": 0, "id": "call_1", "type": "function", "x": "SECRET",
             "function": {"name": "look", "arguments": "", "y": "SECRET"}}]},
            "finish_reason": None}]},
        {"id": "c", "choices": [{"index": 0, "delta": {"tool_calls": [
            {"index": 0, "id": "SECRET", "function": {"name": "SECRET", "arguments": "{}"}}]},
            "finish_reason": None}]},
    )
    calls = [call for p in data_events(events) for choice in p["choices"]  # type: ignore[attr-defined]
             for call in choice["delta"].get("tool_calls", [])]
    assert calls[0] == {"index": 0, "id": "call_1", "type": "function",
                        "function": {"name": "look", "arguments": ""}}
    assert all("id" not in call and "name" not in call.get("function", {})
               for call in calls[1:])


def test_an_error_chunk_is_filtered_and_ends_the_stream() -> None:
    """An upstream error object is relayed with its strings filtered, then nothing."""
    rewriter = SHAPE.rewriter(factory_of({"SECRET": "[X]"}, hold=False)[0])
    raw = b'data: {"error":{"message":"boom SECRET","type":"server_error","SECRET":1}}\n\n'
    (event,) = SSEDecoder().feed(raw)
    assert rewriter.on_event(event) == [
        b'data: {"error":{"message":"boom [X]","type":"server_error","[X]":1}}\n\n']
    assert rewriter.finish() == []


def test_a_delta_that_is_not_an_object_carries_nothing() -> None:
    """A delta of another JSON type is replaced by an empty one."""
    payloads: list[Any] = data_events(_replay_secret(
        {"id": "c", "choices": [{"index": 0, "delta": "SECRET", "finish_reason": None}]}))
    assert payloads[0]["choices"][0]["delta"] == {}
