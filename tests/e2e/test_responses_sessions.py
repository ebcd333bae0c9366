"""Responses follow-ups on a real ``redis-server``: the reply's id finds its session.

Two gateway apps on loopback (``create_app`` behind ``aiohttp_server``) share one Redis
under a prefix of the test's own, in front of the recording fake upstream, with the
official ``openai`` SDK as the client: a first turn on one gateway and its
``previous_response_id`` follow-up on the other continue one vault (numbers go on,
earlier placeholders relink); a follow-up sent the moment ``response.created`` arrived,
while the first reply still streams, is served (the id was linked before the reply's
first byte); another tenant's follow-up of the same id is refused with a 400 in the
Responses error shape and nothing is forwarded; a store outage is a 503 even on a route
whose sessions are optional; nothing in Redis tells a value, a response id or a tenant.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import openai
import pytest
from aiohttp import web
from aiohttp.test_utils import TestServer

from proxy.app import create_app
from proxy.config import parse_config
from tests.e2e.fake_upstream import RECORDED, FakeUpstream, Reply
from tests.e2e.responses_transcripts import respell
from tests.e2e.sessions_kit import (
    EMAIL,
    EMAIL_2,
    PHONE,
    TRUSTED,
    VENDOR,
    dump,
    forms,
    session_config,
)
from tests.redis_server import RedisServer

AnyServer = Callable[..., Awaitable[TestServer]]
Start = Callable[..., Awaitable[str]]
TRANSCRIPT = RECORDED / "openai_responses_stream_text.sse"


@pytest.fixture
def prefix() -> str:
    """A Redis key prefix of this test's own."""
    return f"e2e-{uuid.uuid4().hex[:10]}:"


@pytest.fixture
def start(aiohttp_server: AnyServer, fake: FakeUpstream, redis_server: RedisServer,
          prefix: str) -> Start:
    """``await start(redis_url=None, optional=False)``: a gateway's base URL (its
    Responses routes: ``/v1/responses`` for the keyed clients, ``/open/v1/responses``
    open, with optional sessions when asked)."""

    async def run(redis_url: str | None = None, *, optional: bool = False) -> str:
        data = session_config(fake.url, redis_url or redis_server.url, prefix=prefix,
                              call_timeout_s=0.5)
        route: dict[str, Any] = {"api": "openai_responses", "pipeline": ["regex"],
                                 "response": {"relink": True}}
        data["routes"] += [
            dict(route, name="responses", path="/v1/responses", upstream="fake",
                 clients=["trusted", "vendor"]),
            dict(route, name="open-responses", path="/open/v1/responses", upstream="open",
                 **({"session": {"enabled": True, "optional": True}} if optional else {})),
        ]
        app: web.Application = create_app(
            parse_config(data, source="<e2e>", base_dir=Path.cwd(), environ={})
        )
        server = await aiohttp_server(app)
        return str(server.make_url("")).rstrip("/")

    return run


def sdk(url: str, api_key: str = TRUSTED, prefix: str = "") -> openai.AsyncOpenAI:
    """The official async SDK pointed at the gateway (no session header)."""
    return openai.AsyncOpenAI(base_url=f"{url}{prefix}/v1", api_key=api_key, max_retries=0,
                              timeout=20)


def reply(text: str, response_id: str) -> dict[str, Any]:
    """The recorded reply's final response object saying ``text``, with id ``response_id``."""
    raw = respell(TRANSCRIPT.read_bytes(), lambda key, old: text)
    line = next(line for line in raw.decode().splitlines()
                if line.startswith("data: ") and "response.completed" in line)
    response: dict[str, Any] = json.loads(line[6:])["response"]
    response["id"] = response_id
    return response


def sent_input(fake: FakeUpstream, index: int) -> object:
    """The ``input`` of the ``index``-th request the upstream received."""
    return fake.received[index].json()["input"]


async def test_a_follow_up_on_another_gateway_continues_the_session(
    start: Start, fake: FakeUpstream, redis_server: RedisServer, prefix: str
) -> None:
    """Turn 1 on gateway A, turn 2 (previous_response_id) on gateway B: one vault."""
    one_url, two_url = await start(), await start()
    fake.script.append(Reply.json_body(reply("Write to [EMAIL_1].", "resp_turn_one")))
    fake.script.append(Reply.json_body(reply("[EMAIL_2], not [EMAIL_1]; [PHONE_1].",
                                             "resp_turn_two")))
    async with sdk(one_url) as one, sdk(two_url) as two:
        first = await one.responses.create(model="gpt-4o", input=f"Mail {EMAIL}")
        second = await two.responses.create(
            model="gpt-4o", previous_response_id=first.id,
            input=f"and {EMAIL_2}, not {EMAIL}; call {PHONE}")
    assert first.output_text == f"Write to {EMAIL}."
    assert second.output_text == f"{EMAIL_2}, not {EMAIL}; {PHONE}."
    assert sent_input(fake, 0) == "Mail [EMAIL_1]"
    assert sent_input(fake, 1) == "and [EMAIL_2], not [EMAIL_1]; call [PHONE_1]"
    # Nothing in Redis tells a value, a response id or the tenant.
    stored = dump(redis_server, prefix)
    assert stored.keys
    secrets = set().union(*(forms(value) for value in (EMAIL, EMAIL_2, PHONE)))
    secrets |= {b"resp_turn_one", b"resp_turn_two", b"trusted", TRUSTED.encode()}
    for blob in [*stored.keys, *stored.values]:
        for secret in secrets:
            assert secret not in blob, (secret, blob[:40])


async def test_the_reply_id_is_linked_before_the_first_byte(
    start: Start, fake: FakeUpstream
) -> None:
    """A follow-up sent when ``response.created`` arrives, while the first reply still
    streams (the upstream waits between events), continues the first turn's vault."""
    one_url, two_url = await start(), await start()
    streamed = respell(TRANSCRIPT.read_bytes(), lambda key, old: "Write to [EMAIL_1].")
    fake.script.append(Reply("slow_sse", streamed, chunk=0, delay=0.05))
    fake.script.append(Reply.json_body(reply("[EMAIL_1] again", "resp_follow")))
    follow_text = None
    async with sdk(one_url) as one, sdk(two_url) as two, \
            one.responses.stream(model="gpt-4o", input=f"Mail {EMAIL}") as stream:
        async for event in stream:
            if event.type == "response.created":
                follow = await two.responses.create(
                    model="gpt-4o", previous_response_id=event.response.id, input="and again")
                follow_text = follow.output_text
        final = await stream.get_final_response()
    assert follow_text == f"{EMAIL} again"
    assert final.output_text == f"Write to {EMAIL}."
    assert fake.received[1].json()["previous_response_id"] == final.id


async def test_another_tenant_cannot_continue_a_response(
    start: Start, fake: FakeUpstream
) -> None:
    """vendor names trusted's response id (keyed route), and a credential names another
    credential's (open route): 400 previous_response_unknown, nothing forwarded."""
    url = await start()
    fake.script.append(Reply.json_body(reply("Write to [EMAIL_1].", "resp_trusted")))
    fake.script.append(Reply.json_body(reply("Write to [EMAIL_1].", "resp_open")))
    async with sdk(url) as trusted, sdk(url, VENDOR) as vendor, \
            sdk(url, "sk-open-a", "/open") as open_a, sdk(url, "sk-open-b", "/open") as open_b:
        first = await trusted.responses.create(model="gpt-4o", input=f"Mail {EMAIL}")
        opened = await open_a.responses.create(model="gpt-4o", input=f"Mail {EMAIL}")
        for client, response_id in ((vendor, first.id), (open_b, opened.id),
                                    (open_a, first.id)):
            with pytest.raises(openai.BadRequestError) as refused:
                await client.responses.create(model="gpt-4o", previous_response_id=response_id,
                                              input="go on")
            assert refused.value.code == "previous_response_unknown"
            assert "previous_response_id" in refused.value.message
    assert len(fake.received) == 2


async def test_a_store_outage_fails_a_follow_up_even_when_sessions_are_optional(
    start: Start, fake: FakeUpstream
) -> None:
    """Redis unreachable: a follow-up is a 503 in the Responses shape (a request-scoped
    vault would number afresh), while a first turn on the optional route goes on."""
    url = await start("redis://127.0.0.1:9", optional=True)
    fake.script.append(Reply.json_body(reply("Write to [EMAIL_1].", "resp_alone")))
    async with sdk(url, "sk-open-a", "/open") as client:
        first = await client.responses.create(model="gpt-4o", input=f"Mail {EMAIL}")
        with pytest.raises(openai.InternalServerError) as failed:
            await client.responses.create(model="gpt-4o", previous_response_id=first.id,
                                          input="go on")
    assert first.output_text == f"Write to {EMAIL}."
    assert failed.value.status_code == 503
    assert failed.value.code == "session_store_unavailable"
    assert "nothing was forwarded" in failed.value.message
    assert len(fake.received) == 1
