"""Sessions end to end on a real ``redis-server``: the gateway, the SDK, the fake provider.

Each test runs real gateway apps on loopback (``create_app`` behind ``aiohttp_server``)
whose routes keep sessions in Redis under a prefix of their own, in front of the
recording fake upstream, with the official ``openai`` SDK as the client.  What is
checked: multi-turn consistency (numbers stable, a value found once masked in every
later turn, earlier placeholders relinked), tenant isolation, idle expiry, root-key
rotation and wrong keys, explicit end, concurrent numbering over separate
connections, fail-closed outage (down and slow) with recovery, optional sessions, and
that no key or value in Redis reveals a raw value, a session id or a tenant.
(Two worker processes of ``pseudogate serve --workers 2`` are in ``test_workers.py``.)
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import signal
import uuid
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import aiohttp
import openai
import pytest
from aiohttp import web
from aiohttp.test_utils import TestServer
from structlog.testing import capture_logs

from proxy.app import create_app
from proxy.config import parse_config
from tests.e2e.fake_upstream import RECORDED, FakeUpstream, Reply, channel_texts, respell
from tests.e2e.sessions_kit import (
    CHAT,
    EMAIL,
    EMAIL_2,
    OPTIONAL,
    PHONE,
    SCOPED,
    SESSION_HEADER,
    TICKET,
    TRUSTED,
    VENDOR,
    ask,
    client,
    completion,
    dump,
    forms,
    key,
    say,
    session_config,
    upstream_text,
)
from tests.redis_server import RedisServer

AnyServer = Callable[..., Awaitable[TestServer]]
Start = Callable[..., Awaitable[str]]


@pytest.fixture
def prefix() -> str:
    """A Redis key prefix of this test's own."""
    return f"e2e-{uuid.uuid4().hex[:10]}:"


@pytest.fixture
def start(aiohttp_server: AnyServer, fake: FakeUpstream, redis_server: RedisServer,
          prefix: str) -> Start:
    """``await start(**session_config_options)``: a gateway's base URL."""

    async def run(redis_url: str | None = None, **options: Any) -> str:
        data = session_config(fake.url, redis_url or redis_server.url, prefix=prefix, **options)
        app: web.Application = create_app(
            parse_config(data, source="<e2e>", base_dir=Path.cwd(), environ={})
        )
        server = await aiohttp_server(app)
        return str(server.make_url("")).rstrip("/")

    return run


def sent(fake: FakeUpstream) -> list[str]:
    """The user message of every request the upstream received, in order."""
    return [upstream_text(received.body) for received in fake.received]


async def test_multi_turn_session_masks_relinks_and_keeps_numbers(
    start: Start, fake: FakeUpstream, redis_server: RedisServer, prefix: str
) -> None:
    """Turn 2 masks what only turn 1's detector found and relinks turn 1's placeholders;
    turn 3 streams; numbers never move; Redis holds nothing readable."""
    url = await start()
    raw = (RECORDED / "openai_chat_stream_text.sse").read_bytes()
    async with client(url) as sdk:
        fake.script.append(Reply.json_body(completion("Ticket [TICKET_1] for [EMAIL_1].")))
        first = await ask(sdk, f"customer {TICKET} wrote from {EMAIL}")
        assert first == f"Ticket {TICKET} for {EMAIL}."
        # No "customer" here: the detector is silent, the session remembers the ticket.
        fake.script.append(Reply.json_body(completion("[TICKET_1] is closed; [EMAIL_1] knows.")))
        second = await ask(sdk, f"any news on {TICKET}? Call {PHONE}")
        assert second == f"{TICKET} is closed; {EMAIL} knows."
        fake.script.append(Reply.sse(respell(
            raw, "openai", lambda channel, text: "[EMAIL_2], [PHONE_1], [TICKET_1], [EMAIL_1]")))
        stream = await sdk.chat.completions.create(
            model="m", stream=True,
            messages=[{"role": "user", "content": f"and {EMAIL_2}, {EMAIL.upper()}"}],
        )
        third = "".join([chunk.choices[0].delta.content or "" async for chunk in stream
                         if chunk.choices])
    assert third == f"{EMAIL_2}, {PHONE}, {TICKET}, {EMAIL}"
    assert sent(fake) == [
        "customer [TICKET_1] wrote from [EMAIL_1]",
        "any news on [TICKET_1]? Call [PHONE_1]",
        "and [EMAIL_2], [EMAIL_1]",
    ]
    assert channel_texts(raw, "openai")  # the transcript had text to respell
    # Nothing in Redis tells a value, the session id or the tenant.
    stored = dump(redis_server, prefix)
    assert len(stored.keys) == 1
    secrets = set().union(*(forms(v) for v in (TICKET, EMAIL, EMAIL_2, PHONE, EMAIL.upper())))
    secrets |= {b"conv-1", b"trusted", TRUSTED.encode(), b"client:trusted"}
    for blob in [*stored.keys, *stored.values]:
        for secret in secrets:
            assert secret not in blob, (secret, blob[:40])


async def test_tenants_never_share_a_session(start: Start, fake: FakeUpstream) -> None:
    """The same session id under another client key is another session: its numbering
    starts anew and a placeholder issued to the first tenant never relinks for it."""
    url = await start()
    fake.script.append(Reply.json_body(completion("ok [EMAIL_1]")))
    assert await say(client(url, TRUSTED), f"from {EMAIL}") == f"ok {EMAIL}"
    fake.script.append(Reply.json_body(completion("ok [EMAIL_1]")))
    assert await say(client(url, TRUSTED), f"and {EMAIL_2}") == f"ok {EMAIL}"
    # vendor, same session id: [EMAIL_1] is its own value; [EMAIL_2] is nobody's.
    fake.script.append(Reply.json_body(completion("[EMAIL_1] / [EMAIL_2]")))
    assert await say(client(url, VENDOR), "from x.y@vendor.example") == \
        "x.y@vendor.example / [EMAIL_2]"
    # A ticket trusted's session knows is not masked for vendor (no detector fired).
    fake.script.append(Reply.json_body(completion("[TICKET_1]")))
    await say(client(url, TRUSTED), f"customer {TICKET}")
    fake.script.append(Reply.json_body(completion("[TICKET_1]")))
    assert await say(client(url, VENDOR), f"about {TICKET}") == "[TICKET_1]"
    assert sent(fake)[-1] == f"about {TICKET}"


async def test_idle_sessions_expire_in_redis(start: Start, fake: FakeUpstream,
                                             redis_server: RedisServer, prefix: str) -> None:
    """After the route's idle time the session's key is gone and a new session starts."""
    url = await start(idle_ttl_s=0.5)
    fake.script.append(Reply.json_body(completion("[EMAIL_1]")))
    await say(client(url), f"customer {TICKET} from {EMAIL}")
    assert dump(redis_server, prefix).keys
    for _ in range(100):
        if not dump(redis_server, prefix).keys:
            break
        await asyncio.sleep(0.05)
    assert not dump(redis_server, prefix).keys
    fake.script.append(Reply.json_body(completion("[EMAIL_1]")))
    with capture_logs() as logs:
        assert await say(client(url), f"now {EMAIL_2}") == EMAIL_2
    assert sent(fake)[-1] == "now [EMAIL_1]"  # numbering started over
    assert [e["session"] for e in logs if e["event"] == "request"] == ["new"]


async def test_root_key_rotation_keeps_live_sessions(start: Start, fake: FakeUpstream,
                                                     redis_server: RedisServer,
                                                     prefix: str) -> None:
    """[k1] -> [k2, k1] -> [k2]: the session lives on, re-wrapped with k2 on first use."""
    k1, k2 = ("k1", key(1)), ("k2", key(2))
    before = await start(root_keys=[k1])
    fake.script.append(Reply.json_body(completion("[TICKET_1]")))
    await say(client(before), f"customer {TICKET}")
    rotated = await start(root_keys=[k2, k1])
    fake.script.append(Reply.json_body(completion("[TICKET_1]")))
    assert await say(client(rotated), f"re {TICKET}") == TICKET
    wrapped = [v for v in dump(redis_server, prefix).values if v.startswith(b"\x01\x02k")]
    assert [blob[2:4] for blob in wrapped] == [b"k2"]
    after = await start(root_keys=[k2])
    fake.script.append(Reply.json_body(completion("[TICKET_1]")))
    assert await say(client(after), f"still {TICKET}") == TICKET
    assert sent(fake) == ["customer [TICKET_1]", "re [TICKET_1]", "still [TICKET_1]"]


@pytest.mark.parametrize(("root_keys", "reason"), [
    ([("k9", key(9))], "wrapped by root key 'k1', which is not configured"),
    ([("k1", key(7))], "does not open with root key 'k1'"),
])
async def test_a_wrong_root_key_is_a_clear_error(
    start: Start, fake: FakeUpstream, root_keys: list[tuple[str, str]], reason: str
) -> None:
    """An unknown or wrong key refuses the request (500 in the API's shape, nothing
    forwarded) and tells the operator which key id and why."""
    fake.script.append(Reply.json_body(completion("ok")))
    await say(client(await start()), f"from {EMAIL}")
    wrong = await start(root_keys=root_keys)
    with capture_logs() as logs, pytest.raises(openai.InternalServerError) as caught:
        await say(client(wrong), "hello again")
    assert caught.value.status_code == 500
    assert caught.value.code == "session_key_error"
    assert len(fake.received) == 1
    errors = [e for e in logs if e["event"] == "session.key_error"]
    assert len(errors) == 1 and reason in str(errors[0]["reason"])


async def test_end_deletes_only_the_callers_session(start: Start, fake: FakeUpstream,
                                                    redis_server: RedisServer,
                                                    prefix: str) -> None:
    """DELETE /pseudogate/session ends the caller's own session: 204, then 404."""
    url = await start()
    for api_key in (TRUSTED, VENDOR):
        fake.script.append(Reply.json_body(completion("ok")))
        await say(client(url, api_key), f"from {EMAIL}")
    assert len(dump(redis_server, prefix).keys) == 2
    async with aiohttp.ClientSession() as http:
        async def end(headers: dict[str, str]) -> tuple[int, Any]:
            async with http.delete(f"{url}/pseudogate/session", headers=headers) as reply:
                return reply.status, await reply.read()

        assert (await end({SESSION_HEADER: "conv-1"}))[0] == 401
        # An unknown key is its own tenant here (an open route keeps sessions too): it
        # has no session conv-1, and ends nobody else's.
        status, body = await end({"authorization": "Bearer nope", SESSION_HEADER: "conv-1"})
        assert status == 404 and json.loads(body)["error"]["code"] == "unknown_session"
        assert len(dump(redis_server, prefix).keys) == 2
        assert (await end({"authorization": f"Bearer {TRUSTED}"}))[0] == 400
        assert (await end({"authorization": f"Bearer {TRUSTED}", SESSION_HEADER: "conv-1"}))[0] \
            == 204
        assert len(dump(redis_server, prefix).keys) == 1  # vendor's is still there
        status, body = await end({"x-api-key": TRUSTED, SESSION_HEADER: "conv-1"})
        assert status == 404 and json.loads(body)["error"]["code"] == "unknown_session"
        assert (await end({"x-api-key": VENDOR, SESSION_HEADER: "conv-1"}))[0] == 204
    assert not dump(redis_server, prefix).keys


async def test_concurrent_requests_of_one_session_number_atomically(
    start: Start, fake: FakeUpstream
) -> None:
    """Forty requests at once over two gateways (two Redis connections), overlapping
    values in random order: one value one placeholder, one placeholder one value."""
    urls = [await start(), await start()]
    fake.default = Reply.json_body(completion("ok"))
    values = [f"user{i}@load.example" for i in range(12)]
    rng = random.Random(7)
    batches = [rng.sample(values, 5) for _ in range(40)]
    async with client(urls[0], session="busy") as one, client(urls[1], session="busy") as two:
        sdks = [one, two]
        await asyncio.gather(*(
            ask(sdks[i % 2], f"batch {i}: " + " ; ".join(batch))
            for i, batch in enumerate(batches)
        ))
    placeholder_of: dict[str, str] = {}
    value_of: dict[str, str] = {}
    for text in sent(fake):
        head, _, rest = text.partition(": ")
        got = rest.split(" ; ")
        assert all(re.fullmatch(r"\[EMAIL_[0-9]+\]", p) for p in got)
        for value, placeholder in zip(batches[int(head[6:])], got, strict=True):
            assert placeholder_of.setdefault(value, placeholder) == placeholder
            assert value_of.setdefault(placeholder, value) == value
    assert sorted(value_of, key=lambda p: int(p[7:-1])) == [
        f"[EMAIL_{n}]" for n in range(1, len(values) + 1)
    ]


@pytest.fixture
def outage_redis(tmp_path: Path) -> Iterator[RedisServer]:
    """A redis-server of this test's own, to stop, pause and restart."""
    server = RedisServer(tmp_path / "redis")
    server.start()
    try:
        yield server
    finally:
        server.stop()


async def test_store_outage_fails_closed_then_recovers(
    start: Start, fake: FakeUpstream, outage_redis: RedisServer
) -> None:
    """Store down or paused: 503 in the API's shape, nothing forwarded; optional routes
    go on request-scoped; after a restart the gateway reconnects by itself."""
    url = await start(redis_url=outage_redis.url, call_timeout_s=0.3)
    fake.default = Reply.json_body(completion("ok [EMAIL_1]"))
    assert await say(client(url), f"from {EMAIL}") == f"ok {EMAIL}"
    outage_redis.stop()
    forwarded = len(fake.received)
    with pytest.raises(openai.InternalServerError) as caught:
        await say(client(url), f"from {EMAIL}")
    assert caught.value.status_code == 503 and caught.value.code == "session_store_unavailable"
    assert len(fake.received) == forwarded
    async with aiohttp.ClientSession() as http, http.get(f"{url}/readyz") as ready:
        assert ready.status == 503
        assert (await ready.json())["sessions"] == {"store": "redis", "reachable": False}
    with capture_logs() as logs:
        assert await say(client(url, "sk-any", prefix="/optional"), f"from {EMAIL}") == \
            f"ok {EMAIL}"
    assert upstream_text(fake.received[-1].body) == "from [EMAIL_1]"
    assert any(e["event"] == "session.degraded" for e in logs)
    assert [e["session"] for e in logs if e["event"] == "request"] == ["degraded"]
    # A paused (slow) store is the same: the call's time limit refuses the request.
    outage_redis.start()
    await asyncio.sleep(2.1)  # past the longest back-off
    assert await say(client(url), f"again {EMAIL}") == f"ok {EMAIL}"
    process = outage_redis._process
    assert process is not None
    os.kill(process.pid, signal.SIGSTOP)
    try:
        forwarded = len(fake.received)
        with pytest.raises(openai.InternalServerError) as caught:
            await say(client(url), f"from {EMAIL}")
        assert "did not answer within 0.3 s" in caught.value.message
        assert len(fake.received) == forwarded
    finally:
        os.kill(process.pid, signal.SIGCONT)
    await asyncio.sleep(2.1)
    assert await say(client(url), f"from {EMAIL}") == f"ok {EMAIL}"


async def test_request_scoped_routes_store_nothing(start: Start, fake: FakeUpstream,
                                                   redis_server: RedisServer,
                                                   prefix: str) -> None:
    """A route without sessions (or a request without the header) leaves Redis empty."""
    url = await start()
    fake.default = Reply.json_body(completion("[EMAIL_1]"))
    assert await say(client(url, "sk-any", prefix="/scoped"), f"from {EMAIL}") == EMAIL
    assert await say(client(url, session=None), f"from {EMAIL}") == EMAIL
    assert not dump(redis_server, prefix).keys
    assert SCOPED and OPTIONAL and CHAT  # the routes the config defines


async def test_more_concurrent_calls_than_connections_wait_for_one(
    redis_server: RedisServer, prefix: str
) -> None:
    """A pool of 2 connections serves 30 concurrent opens: they queue, none is refused."""
    from pipelines.sessions import Lifetime
    from proxy.config_sessions import RedisConfig
    from proxy.session_redis import RedisStore

    store = RedisStore(RedisConfig(url=redis_server.url, prefix=prefix, max_connections=2),
                       call_timeout_s=5.0)
    try:
        opened = await asyncio.gather(*(
            store.open(f"n{i % 5}", b"g", b"k", Lifetime(60.0, 600.0)) for i in range(30)
        ))
    finally:
        await store.aclose()
    assert sum(o.created for o in opened) == 5
