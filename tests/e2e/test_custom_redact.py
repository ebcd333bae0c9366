"""End to end: a custom regex label named in ``response.redact`` is masked in the reply.

The route's ``regex`` detector carries operator patterns (``custom[]``); the route's
response redacts two of their labels (one with a bounded look-behind).  The fake
upstream replays recorded OpenAI and Anthropic transcripts with those values spliced
into the text, one character per SSE event, and the official SDKs read the stream.
The client must get the masks and never the raw values; the prompt's values are
replaced before the upstream sees them.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from aiohttp.test_utils import TestServer

from proxy.app import create_app
from proxy.config import parse_config
from tests.e2e import test_anthropic_sdk, test_openai_sdk
from tests.e2e.conftest import Gateway, config_data
from tests.e2e.fake_upstream import RECORDED, FakeUpstream, Reply, channel_texts, respell

AnyServer = Callable[..., Awaitable[TestServer]]

CUSTOM = [
    {"label": "TICKET", "pattern": r"TCK-[0-9]{6}"},
    {"label": "TICKET", "pattern": r"INC[0-9]{7}"},
    # A bounded look-behind: the case number counts only right after "case".
    {"label": "CASE", "pattern": r"(?<=case[ #:]{1,2})[0-9]{5}\b"},
]
SECRETS = ["TCK-482913", "INC0048213", "31337"]
REPLY_TAIL = " Re TCK-482913 (dup of INC0048213), case #31337; build 31337 ok."
MASKED_TAIL = (
    " Re [REDACTED:TICKET] (dup of [REDACTED:TICKET]), case #[REDACTED:CASE]; build 31337 ok."
)


async def start(aiohttp_server: AnyServer, fake: FakeUpstream) -> Gateway:
    """A gateway whose chat and messages routes redact the custom labels."""
    data = config_data(fake.url, redact=["API_KEY", "TICKET", "CASE"])
    data["detectors"]["regex"]["options"] = {"custom": CUSTOM}
    config = parse_config(data, source="<e2e>", base_dir=Path.cwd(), environ={})
    app = create_app(config)
    server = await aiohttp_server(app)
    return Gateway(str(server.make_url("")).rstrip("/"), app, config)


def add_tail(channel: tuple[object, ...], text: str) -> str:
    """Append the custom values to every plain-text channel."""
    return f"{text}{REPLY_TAIL}"


def sent_upstream(fake: FakeUpstream) -> str:
    """Everything the upstream received, as text."""
    return "".join(r.body.decode() + json.dumps(r.headers) for r in fake.received)


@pytest.mark.parametrize("use_async", [False, True], ids=["sync", "async"])
async def test_openai_stream_masks_custom_labels(
    aiohttp_server: AnyServer, fake: FakeUpstream, use_async: bool
) -> None:
    """Streamed Chat Completions, one character per event: custom labels arrive masked."""
    gw = await start(aiohttp_server, fake)
    raw = respell((RECORDED / "openai_chat_stream_text.sse").read_bytes(), "openai", add_tail)
    fake.script.append(Reply.sse(raw, chunk=7))
    body = test_openai_sdk.recorded_request("openai_chat_stream_text.request.json")
    body.pop("stream_options", None)
    body["stream"] = True
    body["messages"][-1]["content"] += " My ticket is TCK-482913."
    chunks = await test_openai_sdk.call(use_async, gw.url, **body)
    assert "TCK-482913" not in sent_upstream(fake)
    assert "[TICKET_1]" in fake.received[-1].body.decode()
    got = test_openai_sdk.streamed_channels(chunks)
    content = got[(0, "content")]
    assert content.endswith(MASKED_TAIL)
    assert not any(secret in content for secret in SECRETS[:2])
    assert "#31337" not in content
    assert content == await gw.expected(
        "/v1/chat/completions", body, channel_texts(raw, "openai")[(0, "content")]
    )


async def test_anthropic_stream_masks_custom_labels(
    aiohttp_server: AnyServer, fake: FakeUpstream
) -> None:
    """Streamed Messages, one character per event: custom labels arrive masked."""
    gw = await start(aiohttp_server, fake)
    raw = respell(
        (RECORDED / "anthropic_messages_stream_text.sse").read_bytes(), "anthropic", add_tail
    )
    fake.script.append(Reply.sse(raw, chunk=5))
    body = test_anthropic_sdk.request("anthropic_messages_stream_text")
    events = await test_anthropic_sdk.call(True, gw.url, stream=True, **body)
    got = test_anthropic_sdk.streamed_channels(events)
    text = "".join(got.values())
    assert text.endswith(MASKED_TAIL)
    assert "TCK-482913" not in text and "INC0048213" not in text and "#31337" not in text
