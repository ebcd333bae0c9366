"""The ``openai_responses`` shape: request spec, stream rewriter rules, whole bodies."""

from __future__ import annotations

import json
from typing import Any

import pytest

from pipelines.errors import EgressRefused, RequestError, StreamProtocolError
from proxy.openai_responses import REQUEST, OpenAIResponses
from proxy.openai_responses.request import validate
from proxy.openai_responses.sessions import ReplyTap
from proxy.openai_responses.stream import ResponsesRewriter, rewrite_body
from proxy.shapes import read_slots
from proxy.sse import encode_json_event
from tests.unit.proxy.shape_helpers import (
    RECORDED,
    RefuseFactory,
    data_events,
    factory_of,
    replay,
    signed_of,
    slots_of,
)

request_slots = slots_of(REQUEST)
signed_texts = signed_of(REQUEST)


def _stream(*payloads: dict[str, Any]) -> bytes:
    return b"".join(encode_json_event(dict(p, sequence_number=n), event=p["type"])
                    for n, p in enumerate(payloads))


def _rewrite(raw: bytes, mapping: dict[str, str], *, hold: bool = False,
             size: int = 7) -> list[Any]:
    factory, _ = factory_of(mapping, hold=hold)
    return data_events(replay(ResponsesRewriter(factory), raw, size))


def test_recorded_requests_have_their_texts_found() -> None:
    """Every text of the recorded requests is a slot (schema property names too); ids,
    names, model are not."""
    body = json.loads((RECORDED / "openai_responses_stream_text_after_function_outputs"
                       ".request.json").read_bytes())
    texts = read_slots(request_slots(body))
    assert texts[:2] == ["Use parallel tool calling.",
                         "Please retrieve the secrets associated with each of these "
                         "passwords: mellon,radiance"]
    assert '{"password":"mellon"}' in texts and "Welcome to Moria!" in texts
    assert "A tool that requires a password to retrieve a secret." in texts
    # A JSON Schema's property names are text (proxy.schema): the model's arguments use
    # them as keys, relinked on the way back.
    assert "password" in texts
    for structure in ("gpt-4o", "secret_retrieval_tool", "call_sKC7OABqf2A2PTLCm0CLeRWV",
                      "function_call", "completed"):
        assert structure not in texts


def test_instructions_come_first_and_metadata_is_text() -> None:
    """C4 order: instructions, input, tools, text.format; free-form keys are text."""
    body: dict[str, Any] = {
        "metadata": {"jane@corp.example": "x"},
        "text": {"format": {"type": "json_schema", "name": "out",
                            "schema": {"type": "object", "description": "schema text"}}},
        "input": "the input",
        "instructions": "the system",
        "previous_response_id": "resp_1",
    }
    texts = read_slots(request_slots(body))
    assert texts[:3] == ["the system", "the input", "schema text"]
    assert "jane@corp.example" in texts and "resp_1" not in texts


def test_reasoning_texts_are_signed_not_slots() -> None:
    """Summaries are signed checks; neither they nor encrypted content are slots."""
    reasoning = {"type": "reasoning", "id": "rs_1", "encrypted_content": "gAAA+/==",
                 "summary": [{"type": "summary_text", "text": "thought about it"}]}
    body: dict[str, Any] = {"input": [reasoning, {"role": "user", "content": "hi"}]}
    assert read_slots(request_slots(body)) == ["hi"]
    assert "thought about it" in signed_texts(body)


def test_conversation_is_refused() -> None:
    """History kept under a conversation id: refused, naming the reason."""
    with pytest.raises(RequestError) as refused:
        validate({"conversation": "conv_1", "input": "hi"})
    assert refused.value.status == 400 and refused.value.code == "conversation_not_supported"
    validate({"input": "hi", "conversation": None})


_ADDED = {"type": "response.output_item.added", "output_index": 0,
          "item": {"id": "msg_1", "type": "message", "content": []}}
_PART = {"type": "response.content_part.added", "item_id": "msg_1", "output_index": 0,
         "content_index": 0, "part": {"type": "output_text", "text": ""}}


def test_a_copy_that_extends_the_deltas_is_fed_as_their_rest() -> None:
    """No deltas at all: the done copy's text arrives as one synthetic delta first."""
    done = {"type": "response.output_text.done", "item_id": "msg_1", "output_index": 0,
            "content_index": 0, "text": "hi [EMAIL_1]"}
    events = _rewrite(_stream(_ADDED, _PART, done, {"type": "response.completed",
                                                     "response": {"id": "r", "output": []}}),
                      {"[EMAIL_1]": "jane@corp.example"}, hold=True)
    kinds = [event["type"] for event in events]
    assert kinds == ["response.output_item.added", "response.content_part.added",
                     "response.output_text.delta", "response.output_text.done",
                     "response.completed"]
    assert events[2]["delta"] == events[3]["text"] == "hi jane@corp.example"
    assert events[2]["item_id"] == "msg_1" and events[2]["logprobs"] == []
    assert [event["sequence_number"] for event in events] == [0, 1, 2, 3, 4]


def test_unknown_events_are_filtered_and_padding_dropped() -> None:
    """An unknown event's keys and strings pass a filter; annotations, audio go."""
    unknown = {"type": "response.future_thing", "note": "call [EMAIL_1]",
               "[EMAIL_1]": {"n": 1}}
    annotation = {"type": "response.output_text.annotation.added", "item_id": "msg_1",
                  "output_index": 0, "content_index": 0, "annotation_index": 0,
                  "annotation": {"type": "url_citation", "url": "https://x.example"}}
    delta = {"type": "response.output_text.delta", "item_id": "msg_1", "output_index": 0,
             "content_index": 0, "delta": "[EMAIL_1]", "obfuscation": "pad",
             "logprobs": [{"token": "[EMAIL_1]"}]}
    events = _rewrite(_stream(_ADDED, _PART, unknown, annotation, delta,
                              {"type": "response.audio.delta", "delta": "AAAA"},
                              {"type": "response.completed", "response": {"id": "r"}}),
                      {"[EMAIL_1]": "bob@x.example"})
    assert events[2] == {"type": "response.future_thing", "note": "call bob@x.example",
                         "bob@x.example": {"n": 1}, "sequence_number": 2}
    assert events[3]["type"] == "response.output_text.delta"
    assert "obfuscation" not in events[3] and events[3]["logprobs"] == []
    assert [event["type"] for event in events].count("response.audio.delta") == 0
    assert [event["sequence_number"] for event in events] == list(range(len(events)))


def test_upstream_error_drops_held_text() -> None:
    """The provider's own error event ends the stream; what the filter held is gone."""
    delta = {"type": "response.output_text.delta", "item_id": "msg_1", "output_index": 0,
             "content_index": 0, "delta": "secret tail"}
    error = {"type": "error", "code": "server_error", "message": "boom [EMAIL_1]"}
    events = _rewrite(_stream(_ADDED, _PART, delta, error), {"[EMAIL_1]": "x@y.example"},
                      hold=True)
    assert "secret tail" not in json.dumps(events)
    assert events[-1]["type"] == "error" and events[-1]["message"] == "boom x@y.example"


def test_protocol_errors() -> None:
    """A cut stream, a delta after its done, a delta without text: protocol errors."""
    factory, _ = factory_of({})
    with pytest.raises(StreamProtocolError):
        replay(ResponsesRewriter(factory), _stream(_ADDED, _PART), 5)
    delta = {"type": "response.function_call_arguments.delta", "item_id": "fc",
             "output_index": 0, "delta": "{}"}
    done = dict(delta, type="response.function_call_arguments.done", arguments="{}")
    with pytest.raises(StreamProtocolError):
        replay(ResponsesRewriter(factory), _stream(delta, done, delta), 5)
    with pytest.raises(StreamProtocolError):
        replay(ResponsesRewriter(factory), _stream(dict(delta, delta=3)), 5)


def test_refusal_and_the_numbered_error_event() -> None:
    """A refusing channel raises; the rewriter's error event is numbered after the rest."""
    rewriter = ResponsesRewriter(RefuseFactory("KEY"))
    delta = {"type": "response.output_text.delta", "item_id": "msg_1", "output_index": 0,
             "content_index": 0, "delta": "a KEY"}
    with pytest.raises(EgressRefused):
        replay(rewriter, _stream(_ADDED, _PART, delta), 9)
    (event,) = data_events(replay_error(rewriter))
    assert event["type"] == "error" and event["sequence_number"] == 2
    assert event["error"] == {"message": "refused", "type": "server_error", "param": None,
                              "code": "response_refused"}


def replay_error(rewriter: ResponsesRewriter) -> list[Any]:
    """Parse the rewriter's own error event."""
    from proxy.sse import SSEDecoder

    decoder = SSEDecoder()
    return [*decoder.feed(rewriter.error_event(502, "response_refused", "refused")),
            *decoder.close()]


def test_recorded_streams_keep_their_events_and_ids() -> None:
    """With nothing to change, the recorded streams keep every event, id and text."""
    for name in ("openai_responses_stream_text", "openai_responses_stream_parallel_function_calls"):
        raw = (RECORDED / f"{name}.sse").read_bytes()
        original = data_events(replay_events(raw))
        for size in (1, 64, len(raw)):
            got = _rewrite(raw, {}, size=size)
            assert len(got) == len(original)
            for before, after in zip(original, got, strict=True):
                before.pop("obfuscation", None)
                assert after == before


def replay_events(raw: bytes) -> list[Any]:
    """The recorded events as they are."""
    from proxy.sse import SSEDecoder

    decoder = SSEDecoder()
    return [*decoder.feed(raw), *decoder.close()]


def test_whole_response_body_and_its_id() -> None:
    """A non-streamed response: texts and arguments filtered, the id noted on the tap."""
    factory, _ = factory_of({"[EMAIL_1]": 'a"b@x.example'})
    tap = ReplyTap(factory)
    body: dict[str, Any] = {"id": "resp_9", "object": "response", "output": [
        {"type": "message", "id": "m", "content": [
            {"type": "output_text", "text": "to [EMAIL_1]", "annotations": [{"x": 1}]}]},
        {"type": "function_call", "id": "f", "call_id": "c", "name": "n",
         "arguments": '{"to": "[EMAIL_1]"}'}]}
    OpenAIResponses().rewrite_body(body, tap)
    assert tap.reply_id == "resp_9"
    message, call = body["output"]
    assert message["content"][0] == {"type": "output_text", "text": 'to a"b@x.example',
                                     "annotations": []}
    assert json.loads(call["arguments"]) == {"to": 'a"b@x.example'}


def test_input_items_list_is_filtered_item_by_item() -> None:
    """GET input_items: a list of items, each by the item rules."""
    factory, _ = factory_of({"[PHONE_1]": "+1 555"})
    body: dict[str, Any] = {"object": "list", "has_more": False, "data": [
        {"type": "message", "role": "user", "content": [
            {"type": "input_text", "text": "call [PHONE_1]"}]}]}
    rewrite_body(body, factory)
    assert body["data"][0]["content"][0]["text"] == "call +1 555"


def test_structured_output_text_is_json_source() -> None:
    """With a JSON text.format the output text is filtered as JSON: it stays valid."""
    created = {"type": "response.created",
               "response": {"id": "r", "text": {"format": {"type": "json_schema"}}}}
    delta = {"type": "response.output_text.delta", "item_id": "msg_1", "output_index": 0,
             "content_index": 0, "delta": '{"to": "[EMAIL_1]"}'}
    events = _rewrite(_stream(created, _ADDED, _PART, delta,
                              {"type": "response.completed", "response": {"id": "r"}}),
                      {"[EMAIL_1]": 'a"b@x.example'})
    text = "".join(event["delta"] for event in events
                   if event["type"] == "response.output_text.delta")
    assert json.loads(text) == {"to": 'a"b@x.example'}


def test_an_unknown_delta_stream_is_a_channel() -> None:
    """A value spelt across two unknown ``*.delta`` events is found (one channel per
    event type and position), flushed before its ``*.done``; other positions apart."""
    def mystery(delta: str, content: int = 0) -> dict[str, Any]:
        return {"type": "response.mystery.delta", "item_id": "msg_1", "output_index": 0,
                "content_index": content, "delta": delta}

    events = _rewrite(_stream(_ADDED, mystery("SEC"), mystery("RET"), mystery("SEC", 1),
                              {"type": "response.mystery.done", "item_id": "msg_1",
                               "output_index": 0, "content_index": 0},
                              mystery("RET", 1),
                              {"type": "response.completed", "response": {"id": "r"}}),
                      {"SECRET": "[MASKED]"}, hold=True)
    by_position: dict[int, str] = {}
    for event in events:
        if event["type"] == "response.mystery.delta":
            by_position[event["content_index"]] = \
                by_position.get(event["content_index"], "") + event["delta"]
    assert by_position == {0: "[MASKED]", 1: "[MASKED]"}
    kinds = [event["type"] for event in events]
    assert kinds.index("response.mystery.done") > max(
        at for at, event in enumerate(events)
        if event["type"] == "response.mystery.delta" and event["content_index"] == 0)
    assert "SECRET" not in json.dumps(events[:kinds.index("response.mystery.done")])
