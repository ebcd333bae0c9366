"""End to end with the official ``openai`` SDK: sync and async, streamed and not.

The fake upstream replays recorded Chat Completions transcripts with placeholders
spliced into every channel and re-chunked to one character per event.  Each test
asserts that the upstream never received a seeded value and that the client got
exactly what the whole-string egress filter gives for each channel.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from typing import Any

import openai
import pytest

from tests.e2e.conftest import PROMPT, SEED_FORMS, SEEDS, Gateway
from tests.e2e.fake_upstream import (
    RECORDED,
    FakeUpstream,
    Reply,
    channel_texts,
    fan_out,
    respell,
    splice,
)

StartGateway = Callable[..., Awaitable[Gateway]]
PATH = "/v1/chat/completions"


def recorded_request(name: str) -> dict[str, Any]:
    """A recorded request with the seeded prompt appended to its last user message."""
    body: dict[str, Any] = json.loads((RECORDED / name).read_bytes())
    for message in reversed(body["messages"]):
        if message["role"] == "user":
            message["content"] = f"{message['content']} {PROMPT}"
            break
    return body


def assert_nothing_leaked(fake: FakeUpstream) -> None:
    """No seeded value, in any form, in anything the upstream received."""
    assert fake.received
    for request in fake.received:
        text = request.body.decode() + json.dumps(request.headers)
        for seed in SEED_FORMS:
            assert seed not in text
    assert "[EMAIL_1]" in fake.received[-1].body.decode()


async def call(use_async: bool, url: str, **kwargs: Any) -> Any:
    """Run one create() through the async client or the sync one in a thread."""
    options: dict[str, Any] = {"base_url": url + "/v1", "api_key": "sk-client", "max_retries": 0,
               "timeout": 20}
    if use_async:
        async with openai.AsyncOpenAI(**options) as client:
            result = await client.chat.completions.create(**kwargs)
            if kwargs.get("stream"):
                return [chunk async for chunk in result]
            return result

    def run() -> Any:
        with openai.OpenAI(**options) as client:
            result = client.chat.completions.create(**kwargs)
            return list(result) if kwargs.get("stream") else result

    return await asyncio.to_thread(run)


def streamed_channels(chunks: list[Any]) -> dict[tuple[object, ...], str]:
    """Concatenate each channel of SDK chunk objects."""
    texts: dict[tuple[object, ...], str] = {}
    for chunk in chunks:
        for choice in chunk.choices:
            for field in ("content", "refusal"):
                text = getattr(choice.delta, field)
                if text is not None:
                    key: tuple[object, ...] = (choice.index, field)
                    texts[key] = texts.get(key, "") + text
            for call_delta in choice.delta.tool_calls or []:
                if call_delta.function and call_delta.function.arguments is not None:
                    key = (choice.index, "tool", call_delta.index)
                    texts[key] = texts.get(key, "") + call_delta.function.arguments
    return texts


async def expected_channels(gw: Gateway, body: dict[str, Any], raw: bytes
                            ) -> dict[tuple[object, ...], str]:
    """Per channel, what the whole-string filter makes of the replayed text."""
    return {
        channel: await gw.expected(PATH, body, text, json_string=channel[1] == "tool")
        for channel, text in channel_texts(raw, "openai").items()
    }


@pytest.mark.parametrize("use_async", [False, True], ids=["sync", "async"])
@pytest.mark.parametrize("name", ["openai_chat_stream_text", "openai_chat_stream_refusal",
                                  "openai_chat_stream_parallel_tool_calls"])
async def test_streamed_reply_is_relinked_exactly(
    fake: FakeUpstream, gateway: StartGateway, name: str, use_async: bool
) -> None:
    """Streamed text, refusal and parallel tool calls: whole-string filter output, per channel."""
    gw = await gateway()
    raw = respell((RECORDED / f"{name}.sse").read_bytes(), "openai", splice)
    fake.script.append(Reply.sse(raw, chunk=5))
    body = recorded_request(f"{name}.request.json")
    body.pop("stream_options", None)
    body["stream"] = True
    chunks = await call(use_async, gw.url, **body)
    assert_nothing_leaked(fake)
    got = streamed_channels(chunks)
    expected = await expected_channels(gw, body, raw)
    assert {k: v for k, v in got.items() if v} == {k: v for k, v in expected.items() if v}
    joined = "".join(got.values())
    assert SEEDS["EMAIL"] in joined and "[EMAIL_1]" not in joined
    assert "[EMAIL_99]" in joined or "tool" in name  # never issued: never relinked


@pytest.mark.parametrize("use_async", [False, True], ids=["sync", "async"])
async def test_parallel_tool_call_arguments_parse(
    fake: FakeUpstream, gateway: StartGateway, use_async: bool
) -> None:
    """Relinked tool-call arguments are still JSON and carry the real value (non-streamed)."""
    gw = await gateway()
    reply = json.loads((RECORDED / "openai_chat_nonstream_parallel_tool_calls.response.json")
                       .read_bytes())
    for tool_call in reply["choices"][0]["message"]["tool_calls"]:
        tool_call["function"]["arguments"] = splice((0,), tool_call["function"]["arguments"])
    fake.script.append(Reply.json_body(reply))
    body = recorded_request("openai_chat_nonstream_parallel_tool_calls.request.json")
    completion = await call(use_async, gw.url, **body)
    assert_nothing_leaked(fake)
    calls = completion.choices[0].message.tool_calls
    assert len(calls) == 2
    for tool_call in calls:
        arguments = json.loads(tool_call.function.arguments)
        assert arguments["password"].endswith(SEEDS["EMAIL"])


@pytest.mark.parametrize("use_async", [False, True], ids=["sync", "async"])
async def test_non_streamed_text(fake: FakeUpstream, gateway: StartGateway, use_async: bool
                                 ) -> None:
    """A non-streamed body goes through the same filter in one feed."""
    gw = await gateway()
    reply = json.loads((RECORDED / "openai_chat_nonstream_text_after_tool_results.response.json")
                       .read_bytes())
    text = splice((0, "content"), reply["choices"][0]["message"]["content"])
    reply["choices"][0]["message"]["content"] = text
    fake.script.append(Reply.json_body(reply))
    body = recorded_request("openai_chat_nonstream_text_after_tool_results.request.json")
    completion = await call(use_async, gw.url, **body)
    assert_nothing_leaked(fake)
    assert completion.choices[0].message.content == await gw.expected(PATH, body, text)
    assert completion.usage.total_tokens == 181


async def test_n_greater_than_one(fake: FakeUpstream, gateway: StartGateway) -> None:
    """n=3 interleaved choices, one character per event, each relinked on its own."""
    gw = await gateway()
    raw = respell(fan_out((RECORDED / "openai_chat_stream_text.sse").read_bytes(), 3),
                  "openai", splice)
    fake.script.append(Reply.sse(raw, chunk=3))
    body: dict[str, Any] = {
        "model": "gpt-4o", "messages": [{"role": "user", "content": PROMPT}], "n": 3
    }
    chunks = await call(True, gw.url, stream=True, **body)
    assert_nothing_leaked(fake)
    got = streamed_channels(chunks)
    assert set(got) == {(0, "content"), (1, "content"), (2, "content")}
    assert got == await expected_channels(gw, body, raw)


@pytest.mark.parametrize("use_async", [False, True], ids=["sync", "async"])
async def test_overflow_refusal_raises_in_the_sdk(
    fake: FakeUpstream, gateway: StartGateway, use_async: bool
) -> None:
    """An unterminated private key past the ceiling ends the stream with an error event."""
    gw = await gateway(max_held_chars=256, redact=("PRIVATE_KEY", "JWT"))
    pem = "-----BEGIN RSA PRIVATE KEY-----\n" + "MIIEowIBAAKCAQEA" * 40
    raw = respell((RECORDED / "openai_chat_stream_text.sse").read_bytes(), "openai",
                  lambda channel, text: f"{text} {pem}", piece=7)
    fake.script.append(Reply.sse(raw))
    body: dict[str, Any] = {"model": "gpt-4o", "messages": [{"role": "user", "content": "hi"}]}
    with pytest.raises(openai.APIError) as info:
        await call(use_async, gw.url, stream=True, **body)
    assert "refused" in str(info.value)
    assert "MIIE" not in str(info.value)


async def test_overflow_refusal_non_streamed(fake: FakeUpstream, gateway: StartGateway) -> None:
    """Non-streamed, the refusal is an HTTP error the SDK raises on."""
    gw = await gateway(max_held_chars=256, redact=("PRIVATE_KEY", "JWT"))
    pem = "-----BEGIN RSA PRIVATE KEY-----\n" + "MIIEowIBAAKCAQEA" * 40
    fake.script.append(Reply.json_body({"id": "x", "object": "chat.completion", "created": 1,
                                        "model": "m", "choices": [{
                                            "index": 0, "finish_reason": "stop",
                                            "message": {"role": "assistant", "content": pem}}]}))
    body: dict[str, Any] = {"model": "gpt-4o", "messages": [{"role": "user", "content": "hi"}]}
    with pytest.raises(openai.APIStatusError) as info:
        await call(True, gw.url, **body)
    assert info.value.status_code == 502
    assert "MIIE" not in str(info.value.body)
