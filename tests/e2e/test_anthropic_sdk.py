"""End to end with the official ``anthropic`` SDK: sync and async, streamed and not.

Recorded Messages transcripts are replayed with placeholders spliced into every text
and ``partial_json`` channel, one character per event.  Thinking blocks must arrive
byte-identical (the provider signs them).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from typing import Any

import anthropic
import pytest

from tests.e2e.conftest import PROMPT, SEEDS, Gateway
from tests.e2e.fake_upstream import (
    RECORDED,
    FakeUpstream,
    Reply,
    channel_texts,
    respell,
    splice,
)
from tests.e2e.test_openai_sdk import assert_nothing_leaked, recorded_request

StartGateway = Callable[..., Awaitable[Gateway]]
PATH = "/v1/messages"


async def call(use_async: bool, url: str, method: str = "create", **kwargs: Any) -> Any:
    """Run a messages call through the async client or the sync one in a thread."""
    options: dict[str, Any] = {
        "base_url": url, "api_key": "sk-ant-client", "max_retries": 0, "timeout": 20
    }
    if use_async:
        async with anthropic.AsyncAnthropic(**options) as client:
            if method == "count_tokens":
                return await client.messages.count_tokens(**kwargs)
            if method == "stream":
                async with client.messages.stream(**kwargs) as stream:
                    return await stream.get_final_message()
            result = await client.messages.create(**kwargs)
            if kwargs.get("stream"):
                return [event async for event in result]
            return result

    def run() -> Any:
        with anthropic.Anthropic(**options) as client:
            if method == "count_tokens":
                return client.messages.count_tokens(**kwargs)
            if method == "stream":
                with client.messages.stream(**kwargs) as stream:
                    return stream.get_final_message()
            result = client.messages.create(**kwargs)
            return list(result) if kwargs.get("stream") else result

    return await asyncio.to_thread(run)


def streamed_channels(events: list[Any]) -> dict[tuple[object, ...], str]:
    """Concatenate each content block's text or partial JSON from SDK event objects."""
    texts: dict[tuple[object, ...], str] = {}
    for event in events:
        if event.type == "content_block_delta":
            delta = event.delta
            piece = {"text_delta": getattr(delta, "text", None),
                     "input_json_delta": getattr(delta, "partial_json", None)}.get(delta.type)
            if piece is not None:
                texts[(event.index,)] = texts.get((event.index,), "") + piece
    return texts


def request(name: str) -> dict[str, Any]:
    """The recorded request of ``name`` with the seeded prompt in its last user turn."""
    body = recorded_request(f"{name}.request.json")
    body.pop("stream", None)
    return body


@pytest.mark.parametrize("use_async", [False, True], ids=["sync", "async"])
@pytest.mark.parametrize("name", ["anthropic_messages_stream_text",
                                  "anthropic_messages_stream_parallel_tool_use",
                                  "anthropic_messages_stream_text_after_tool_results"])
async def test_streamed_reply_is_relinked_exactly(
    fake: FakeUpstream, gateway: StartGateway, name: str, use_async: bool
) -> None:
    """Every block's text equals the whole-string filter's output."""
    gw = await gateway()
    raw = respell((RECORDED / f"{name}.sse").read_bytes(), "anthropic", splice)
    fake.script.append(Reply.sse(raw, chunk=5))
    body = request(name)
    events = await call(use_async, gw.url, stream=True, **body)
    assert_nothing_leaked(fake)
    got = streamed_channels(events)
    expected = {
        channel: await gw.expected(PATH, body, text, json_string=text.startswith("{"))
        for channel, text in channel_texts(raw, "anthropic").items()
    }
    assert got == expected
    assert SEEDS["EMAIL"] in "".join(got.values())


@pytest.mark.parametrize("use_async", [False, True], ids=["sync", "async"])
async def test_stream_helper_parses_tool_input(
    fake: FakeUpstream, gateway: StartGateway, use_async: bool
) -> None:
    """The SDK's stream helper accumulates relinked partial JSON into tool inputs."""
    gw = await gateway()
    name = "anthropic_messages_stream_parallel_tool_use"
    raw = respell((RECORDED / f"{name}.sse").read_bytes(), "anthropic", splice)
    fake.script.append(Reply.sse(raw, chunk=1))
    message = await call(use_async, gw.url, method="stream", **request(name))
    inputs = [block.input for block in message.content if block.type == "tool_use"]
    assert len(inputs) == 2
    assert all(value["password"].endswith(SEEDS["EMAIL"]) for value in inputs)


@pytest.mark.parametrize("use_async", [False, True], ids=["sync", "async"])
async def test_non_streamed_text_and_tool_use(
    fake: FakeUpstream, gateway: StartGateway, use_async: bool
) -> None:
    """Non-streamed bodies: text blocks and tool_use input objects are filtered."""
    gw = await gateway()
    reply = json.loads((RECORDED / "anthropic_messages_nonstream_parallel_tool_use.response.json")
                       .read_bytes())
    for block in reply["content"]:
        if block["type"] == "text":
            block["text"] = splice((0,), block["text"])
        else:
            block["input"] = json.loads(splice((1,), json.dumps(block["input"])))
    fake.script.append(Reply.json_body(reply))
    body = request("anthropic_messages_nonstream_parallel_tool_use")
    message = await call(use_async, gw.url, **body)
    assert_nothing_leaked(fake)
    texts = [b.text for b in message.content if b.type == "text"]
    assert texts == [await gw.expected(PATH, body, reply["content"][0]["text"])]
    inputs = [b.input for b in message.content if b.type == "tool_use"]
    assert all(value["password"].endswith(SEEDS["EMAIL"]) for value in inputs)


async def test_thinking_passes_unchanged(fake: FakeUpstream, gateway: StartGateway) -> None:
    """Thinking text and its signature reach the client exactly as the provider sent them."""
    gw = await gateway()
    original = (RECORDED / "anthropic_messages_stream_thinking.sse").read_bytes()
    raw = respell(original, "anthropic", splice, piece=3)
    fake.script.append(Reply.sse(raw, chunk=11))
    body = request("anthropic_messages_stream_thinking")
    message = await call(True, gw.url, method="stream", **body)
    thinking = [b for b in message.content if b.type == "thinking"]
    recorded_thinking = "".join(
        json.loads(line[6:])["delta"]["thinking"]
        for line in original.decode().splitlines()
        if line.startswith("data: ") and '"thinking_delta"' in line
    )
    assert thinking[0].thinking == recorded_thinking
    assert thinking[0].signature and thinking[0].signature in original.decode()
    assert SEEDS["EMAIL"] in message.content[-1].text


async def test_count_tokens_is_sanitised(fake: FakeUpstream, gateway: StartGateway) -> None:
    """count_tokens carries the prompt too: it is sanitised, the count passes through."""
    gw = await gateway()
    fake.script.append(Reply.json_body({"input_tokens": 42}))
    result = await call(True, gw.url, method="count_tokens", model="claude-sonnet-4-0",
                        messages=[{"role": "user", "content": PROMPT}])
    assert result.input_tokens == 42
    assert fake.received[-1].path.startswith("/v1/messages/count_tokens")
    assert_nothing_leaked(fake)


@pytest.mark.parametrize("use_async", [False, True], ids=["sync", "async"])
async def test_overflow_refusal_raises_in_the_sdk(
    fake: FakeUpstream, gateway: StartGateway, use_async: bool
) -> None:
    """An unterminated private key past the ceiling ends the stream with event: error."""
    gw = await gateway(max_held_chars=256, redact=("PRIVATE_KEY", "JWT"))
    pem = "-----BEGIN RSA PRIVATE KEY-----\n" + "MIIEowIBAAKCAQEA" * 40
    raw = respell((RECORDED / "anthropic_messages_stream_text.sse").read_bytes(), "anthropic",
                  lambda channel, text: f"{text} {pem}", piece=7)
    fake.script.append(Reply.sse(raw))
    body: dict[str, Any] = {"model": "claude-sonnet-4-0", "max_tokens": 64,
            "messages": [{"role": "user", "content": PROMPT}]}
    with pytest.raises(anthropic.APIStatusError) as info:
        await call(use_async, gw.url, stream=True, **body)
    assert "refused" in str(info.value)
    assert "MIIE" not in str(info.value)
