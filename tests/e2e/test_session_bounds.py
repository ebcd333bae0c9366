"""A full session refuses more values through the real server, in the API's shape.

A gateway with the memory store and ``sessions.max_records: 2`` in front of the
recording fake upstream; the official ``openai`` SDK is the client.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path

import openai
import pytest
from aiohttp import web
from aiohttp.test_utils import TestServer

from proxy.app import create_app
from proxy.config import parse_config
from tests.e2e.fake_upstream import FakeUpstream, Reply
from tests.e2e.sessions_kit import completion, say, upstream_text

AnyServer = Callable[..., Awaitable[TestServer]]


async def test_a_full_session_refuses_new_values_and_serves_known_ones(
    aiohttp_server: AnyServer, fake: FakeUpstream
) -> None:
    """Two values fill it; a third is 400 ``session_full``, nothing forwarded, no value
    in the message; the known values still mask and relink."""
    data = {
        "upstreams": {"open": {"base_url": fake.url, "auth": "passthrough"}},
        "detectors": {"regex": {"type": "regex"}},
        "sessions": {"max_records": 2},
        "routes": [{"path": "/v1/chat/completions", "api": "openai_chat",
                    "upstream": "open", "pipeline": ["regex"], "session": {"enabled": True}}],
    }
    app: web.Application = create_app(
        parse_config(data, source="<e2e>", base_dir=Path.cwd(), environ={}))
    url = str((await aiohttp_server(app)).make_url("")).rstrip("/")

    def sdk() -> openai.AsyncOpenAI:
        return openai.AsyncOpenAI(base_url=f"{url}/v1", api_key="sk-x", max_retries=0,
                                  default_headers={"x-pseudogate-session": "s1"})

    fake.default = Reply.json_body(completion("ok [EMAIL_2]"))
    assert await say(sdk(), "a@x.example b@y.example") == "ok b@y.example"
    forwarded = len(fake.received)
    with pytest.raises(openai.BadRequestError) as caught:
        await say(sdk(), "and c@z.example")
    assert caught.value.code == "session_full" and "max_records" in caught.value.message
    assert "c@z.example" not in caught.value.message
    assert len(fake.received) == forwarded
    assert await say(sdk(), "B@Y.example again") == "ok b@y.example"
    assert upstream_text(fake.received[-1].body) == "[EMAIL_2] again"
