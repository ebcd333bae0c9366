"""End to end: personal data in the places a gateway forgets, through the official SDKs.

Ingress: client headers, free-form fields and their keys, structural names outside
their positions, long numbers, string sources, signed thinking.  Egress: streamed
legacy ``function_call`` arguments, reasoning text and logprobs.  And a bug after the
stream started: the client still gets the API's error event, never held text.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from typing import Any

import anthropic
import openai
import pytest
from structlog.testing import capture_logs

from proxy.sse import encode_json_event
from tests.e2e.conftest import SEEDS, Gateway
from tests.e2e.fake_upstream import FakeUpstream, Reply
from tests.e2e.test_openai_sdk import assert_nothing_leaked

StartGateway = Callable[..., Awaitable[Gateway]]
EMAIL = SEEDS["EMAIL"]
KEY = SEEDS["API_KEY"]
OPENAI_REPLY = json.dumps({
    "id": "x", "object": "chat.completion", "created": 1, "model": "m",
    "choices": [{"index": 0, "message": {"role": "assistant", "content": "ok"},
                 "finish_reason": "stop"}],
}).encode()
ANTHROPIC_REPLY = json.dumps({
    "id": "m", "type": "message", "role": "assistant", "model": "m",
    "content": [{"type": "text", "text": "ok"}], "stop_reason": "end_turn",
    "stop_sequence": None, "usage": {"input_tokens": 1, "output_tokens": 1},
}).encode()


def _openai(gw: Gateway, **headers: str) -> openai.AsyncOpenAI:
    return openai.AsyncOpenAI(base_url=gw.url + "/v1", api_key="sk-client", max_retries=0,
                              timeout=20, default_headers=headers or None)


def _anthropic(gw: Gateway) -> anthropic.AsyncAnthropic:
    return anthropic.AsyncAnthropic(base_url=gw.url, api_key="sk-ant-client", max_retries=0,
                                    timeout=20)


async def test_headers_and_free_form_fields_never_carry_a_value(
    fake: FakeUpstream, gateway: StartGateway
) -> None:
    """X-User, OpenAI-Organization, metadata keys, ``id``/``model`` in unknown objects,
    a non-token tool name and a card number as a JSON number (an integer, a float, the
    digits of a fraction) all reach the upstream sanitised or not at all; a float
    without a value stays the same number."""
    gw = await gateway()
    fake.script.append(Reply("json", OPENAI_REPLY))
    async with _openai(gw, **{"X-User": EMAIL, "OpenAI-Organization": "Jane Doe",
                              "api-key": "azure-secret"}) as client:
        await client.chat.completions.create(
            model="m", messages=[{"role": "user", "content": f"hi {EMAIL}"}],
            metadata={EMAIL: "k"},
            extra_body={"extra": {"id": EMAIL, "model": EMAIL, "detail": EMAIL,
                                  "n": -4111111111111111, "f": 4111111111111111.0,
                                  "g": 0.4111111111111111, "h": 0.699999988079071},
                        "stream_options": {"x": EMAIL}},
        )
    assert_nothing_leaked(fake)
    received = fake.received[-1]
    assert "Jane Doe" not in json.dumps(received.headers)
    assert "azure-secret" not in json.dumps(received.headers)
    body = json.loads(received.body)
    assert body["metadata"] == {"[EMAIL_1]": "k"}
    assert body["extra"]["n"] == "[CREDIT_CARD_1]"
    assert body["extra"]["f"] == "[CREDIT_CARD_1] 0"
    assert body["extra"]["g"] == "0 [CREDIT_CARD_1]"
    assert body["extra"]["h"] == 0.699999988079071
    assert received.headers["Authorization"] == "Bearer sk-client"  # passthrough route


async def test_string_source_is_sanitised_and_base64_is_kept(
    fake: FakeUpstream, gateway: StartGateway
) -> None:
    """A search_result's string source is text; base64 image data is forwarded as sent."""
    gw = await gateway()
    fake.script.append(Reply("json", ANTHROPIC_REPLY))
    blocks: Any = [
        {"type": "search_result", "source": f"https://crm.example/{EMAIL}", "title": "t",
         "content": [{"type": "text", "text": "x"}]},
        {"type": "image", "source": {"type": "base64", "media_type": "image/png",
                                     "data": "iVBORw0KGgo="}},
    ]
    async with _anthropic(gw) as client:
        await client.messages.create(model="m", max_tokens=5,
                                     messages=[{"role": "user", "content": blocks}])
    assert_nothing_leaked(fake)
    assert b"iVBORw0KGgo=" in fake.received[-1].body


# Opaque base64, as a real signature is (its bytes are not text).
SIGNATURE = "EorIycrLzM3Oz9DR0tPU1dbX2Nna29zd3t/g4eLj5OXm5+jp6uvs7e7v8PHy8/T19vf4+fr7/P3+"


def _thinking_turn(thinking: str) -> Any:
    return [
        {"role": "user", "content": "hello"},
        {"role": "assistant", "content": [
            {"type": "thinking", "thinking": thinking, "signature": SIGNATURE},
            {"type": "text", "text": "hi"}]},
        {"role": "user", "content": f"mail {EMAIL}"},
    ]


@pytest.mark.parametrize("thinking", [f"the user is {EMAIL}", "note: Jane wrote {key}"])
async def test_signed_thinking_with_a_value_is_refused(
    fake: FakeUpstream, gateway: StartGateway, thinking: str
) -> None:
    """A detected value, or a value of this request's vault, in a thinking block is a
    400 in Anthropic's shape that names no value; nothing is forwarded."""
    gw = await gateway()
    text = thinking.format(key=KEY)
    async with _anthropic(gw) as client:
        with pytest.raises(anthropic.BadRequestError) as caught:
            await client.messages.create(model="m", max_tokens=5,
                                         messages=_thinking_turn(text))
    assert "signed content at messages[1].content[0].thinking" in str(caught.value)
    assert EMAIL not in str(caught.value) and KEY not in str(caught.value)
    assert fake.received == []


async def test_thinking_with_placeholders_only_passes_unchanged(
    fake: FakeUpstream, gateway: StartGateway
) -> None:
    """What the provider wrote (placeholders only) is forwarded byte for byte."""
    gw = await gateway()
    fake.script.append(Reply("json", ANTHROPIC_REPLY))
    async with _anthropic(gw) as client:
        await client.messages.create(model="m", max_tokens=5,
                                     messages=_thinking_turn("the user is [EMAIL_1]"))
    body = json.loads(fake.received[-1].body)
    assert body["messages"][1]["content"][0] == {
        "type": "thinking", "thinking": "the user is [EMAIL_1]", "signature": SIGNATURE}
    assert body["messages"][2]["content"] == "mail [EMAIL_1]"


def _chunks(*deltas: dict[str, Any], logprobs: object = None) -> bytes:
    envelope = {"id": "c", "object": "chat.completion.chunk", "created": 1, "model": "m"}
    chunks = [dict(envelope, choices=[{"index": 0, "delta": delta, "finish_reason": None,
                                       "logprobs": logprobs}]) for delta in deltas]
    chunks.append(dict(envelope, choices=[{"index": 0, "delta": {},
                                           "finish_reason": "function_call"}]))
    return b"".join(encode_json_event(c) for c in chunks) + b"data: [DONE]\n\n"


async def test_stream_side_channels_are_filtered_or_dropped(
    fake: FakeUpstream, gateway: StartGateway
) -> None:
    """Legacy function_call arguments are relinked/redacted across chunks; reasoning is
    redacted; logprobs and unknown delta fields never reach the SDK."""
    gw = await gateway()
    fake.script.append(Reply("sse", _chunks(
        {"role": "assistant", "function_call": {"name": "f", "arguments": ""}},
        {"function_call": {"arguments": '{"k":"' + KEY[:8]}},
        {"function_call": {"arguments": KEY[8:] + ' [EMA'}},
        {"function_call": {"arguments": 'IL_1]"}'}, "mystery": KEY},
        {"reasoning_content": "thinking " + KEY},
        logprobs={"content": [{"token": KEY, "logprob": 0, "bytes": None,
                               "top_logprobs": []}]},
    ), chunk=7))
    async with _openai(gw) as client:
        stream = await client.chat.completions.create(
            model="m", stream=True, messages=[{"role": "user", "content": f"mail {EMAIL}"}])
        chunks = [chunk async for chunk in stream]
    text = json.dumps([chunk.model_dump() for chunk in chunks])
    assert KEY not in text and "[EMAIL_1]" not in text
    arguments = "".join(chunk.choices[0].delta.function_call.arguments or ""
                        for chunk in chunks
                        if chunk.choices and chunk.choices[0].delta.function_call)
    assert json.loads(arguments) == {"k": f"[REDACTED:API_KEY] {EMAIL}"}
    assert all(chunk.choices[0].logprobs is None for chunk in chunks if chunk.choices)


class _Broken:
    """A channel filter with a bug: it raises something outside the error tree."""

    def feed(self, text: str) -> str:
        """Fail on the first chunk."""
        raise LookupError(f"bug while holding {text!r}")

    def close(self) -> str:
        """Never reached."""
        return ""


class _BrokenPolicy:
    def factory_for(self, vault: Any) -> Any:
        return lambda json_string: _Broken()


def _break_filters(app: Any) -> None:
    from proxy.app import _COMPILED

    compiled = app[_COMPILED]
    for path, (chain, _policy) in list(compiled.items()):
        compiled[path] = (chain, _BrokenPolicy())


@pytest.mark.parametrize("api", ["openai", "anthropic"])
async def test_unexpected_error_mid_stream_ends_with_the_api_error_event(
    fake: FakeUpstream, gateway: StartGateway, api: str
) -> None:
    """An exception outside the error tree after the headers went out still reaches the
    SDK as the API's error event (generic message), and the log names only its type."""
    gw = await gateway(before_start=_break_filters)
    caught: pytest.ExceptionInfo[Exception]
    with capture_logs() as logs:
        if api == "openai":
            fake.script.append(Reply("sse", _chunks({"content": f"to {EMAIL}"})))
            async with _openai(gw) as client:
                chunks = await client.chat.completions.create(
                    model="m", stream=True, messages=[{"role": "user", "content": "hi"}])
                with pytest.raises(openai.APIError) as caught:
                    [chunk async for chunk in chunks]
        else:
            events: list[dict[str, Any]] = [
                {"type": "message_start", "message": {
                    "id": "m", "type": "message", "role": "assistant", "model": "m",
                    "content": [], "stop_reason": None, "stop_sequence": None,
                    "usage": {"input_tokens": 1, "output_tokens": 1}}},
                {"type": "content_block_start", "index": 0,
                 "content_block": {"type": "text", "text": ""}},
                {"type": "content_block_delta", "index": 0,
                 "delta": {"type": "text_delta", "text": f"to {EMAIL}"}},
                {"type": "content_block_stop", "index": 0},
                {"type": "message_stop"},
            ]
            fake.script.append(Reply("sse", b"".join(
                encode_json_event(e, event=str(e["type"])) for e in events)))
            async with _anthropic(gw) as client:
                stream = await client.messages.create(
                    model="m", max_tokens=5, stream=True,
                    messages=[{"role": "user", "content": "hi"}])
                with pytest.raises(anthropic.APIStatusError) as caught:
                    [event async for event in stream]
    assert "internal gateway error" in str(caught.value)
    assert EMAIL not in str(caught.value)
    failed = [entry for entry in logs if entry["event"] == "stream_failed"]
    assert failed == [{"event": "stream_failed", "error": "LookupError", "log_level": "error"}]
    assert EMAIL not in repr(logs)
