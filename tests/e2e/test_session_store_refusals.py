"""A session store that answers the open but refuses a later call of the same request.

The store is a real ``redis-server`` of the test's own, made to refuse writes the way a
full Redis does (``maxmemory`` reached with ``noeviction``: reads and expiry updates
still pass, ``HSET`` answers ``OOM``).  A session opens, then numbering its new value
fails.  On a route whose sessions are required: 503 in the API's shape, nothing
forwarded.  On a route with ``session.optional``: the request goes on with a
request-scoped vault (its values masked all the same), ``session.degraded`` logged,
exactly as when the store fails at the open.
"""

from __future__ import annotations

import uuid
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path

import openai
import pytest
import redis
from aiohttp import web
from aiohttp.test_utils import TestServer
from structlog.testing import capture_logs

from proxy.app import create_app
from proxy.config import parse_config
from tests.e2e.fake_upstream import FakeUpstream, Reply
from tests.e2e.sessions_kit import (
    EMAIL,
    EMAIL_2,
    client,
    completion,
    say,
    session_config,
    upstream_text,
)
from tests.redis_server import RedisServer

AnyServer = Callable[..., Awaitable[TestServer]]


@pytest.fixture
def full_redis(tmp_path: Path) -> Iterator[RedisServer]:
    """A redis-server of this test's own, to fill up."""
    server = RedisServer(tmp_path / "redis")
    server.start()
    try:
        yield server
    finally:
        server.stop()


def _fill(server: RedisServer, full: bool) -> None:
    with redis.Redis.from_url(server.url) as admin:
        admin.config_set("maxmemory-policy", "noeviction")
        admin.config_set("maxmemory", 1 if full else 0)


async def test_a_store_refusing_after_the_open_fails_closed_or_degrades(
    aiohttp_server: AnyServer, fake: FakeUpstream, full_redis: RedisServer
) -> None:
    """Open passes, numbering is refused: required 503 nothing forwarded; optional 200."""
    data = session_config(fake.url, full_redis.url, prefix=f"e2e-{uuid.uuid4().hex[:8]}:")
    app: web.Application = create_app(
        parse_config(data, source="<e2e>", base_dir=Path.cwd(), environ={}))
    url = str((await aiohttp_server(app)).make_url("")).rstrip("/")
    fake.default = Reply.json_body(completion("ok [EMAIL_1]"))
    optional = client(url, "sk-any", session="s-opt", prefix="/optional")
    assert await say(client(url), f"from {EMAIL}") == f"ok {EMAIL}"
    assert await say(optional, f"from {EMAIL}") == f"ok {EMAIL}"
    _fill(full_redis, True)
    try:
        forwarded = len(fake.received)
        with pytest.raises(openai.InternalServerError) as caught:
            await say(client(url), f"now {EMAIL_2}")
        assert caught.value.status_code == 503
        assert caught.value.code == "session_store_unavailable"
        assert len(fake.received) == forwarded
        with capture_logs() as logs:
            reply = await say(client(url, "sk-any", session="s-opt", prefix="/optional"),
                              f"now {EMAIL_2}")
        assert reply == f"ok {EMAIL_2}"
        assert upstream_text(fake.received[-1].body) == "now [EMAIL_1]"
        assert [e["session"] for e in logs if e["event"] == "request"] == ["degraded"]
        assert any(e["event"] == "session.degraded" for e in logs)
    finally:
        _fill(full_redis, False)
