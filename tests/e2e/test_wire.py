"""End to end, both official SDKs: bodies and the HTTP layer (#10).

The SDKs' requests leave through :class:`tests.e2e.sdk.Rewire`, which changes them the
way a client or a network may: a gzip/deflate/br body, a number that overflows a
float, a body that trickles in, a header longer than the HTTP parser takes.  Every
refusal is in the API's shape (the SDK raises its status error), names no value, and
forwards nothing; every row has a control that passes.
"""

from __future__ import annotations

import asyncio
import contextlib
import gzip
import json
import logging
import zlib
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import anthropic
import openai
import pytest
from structlog.testing import capture_logs

from proxy.commands.serve import start_site
from proxy.config import parse_config
from tests.e2e.conftest import PROMPT, SEEDS, Gateway, config_data
from tests.e2e.fake_upstream import FakeUpstream, Reply
from tests.e2e.sdk import Rewire, anthropic_client, openai_client
from tests.e2e.test_hostile_fields import ANTHROPIC_REPLY, OPENAI_REPLY
from tests.e2e.test_openai_sdk import assert_nothing_leaked

StartGateway = Callable[..., Awaitable[Gateway]]
EMAIL = SEEDS["EMAIL"]
MESSAGES: Any = [{"role": "user", "content": PROMPT}]


async def _both(gw: Gateway, fake: FakeUpstream, rewire: Rewire | None = None,
                **kwargs: Any) -> None:
    """One Chat and one Messages request through the SDKs (replies scripted)."""
    fake.script.extend([Reply("json", OPENAI_REPLY), Reply("json", ANTHROPIC_REPLY)])
    async with openai_client(gw, rewire=rewire) as client:
        await client.chat.completions.create(model="gpt-4o", messages=MESSAGES, **kwargs)
    async with anthropic_client(gw, rewire=rewire) as other:
        await other.messages.create(model="claude-sonnet-4-0", max_tokens=5, messages=MESSAGES,
                                    **kwargs)


async def _refused_by_both(gw: Gateway, fake: FakeUpstream, rewire: Rewire, status: int,
                           code: str, **kwargs: Any) -> None:
    """Both SDKs raise their status error with ``status``; nothing was forwarded."""
    async with openai_client(gw, rewire=rewire) as client:
        with pytest.raises(openai.APIStatusError) as caught:
            await client.chat.completions.create(model="gpt-4o", messages=MESSAGES, **kwargs)
    assert caught.value.status_code == status
    assert isinstance(caught.value.body, dict) and caught.value.body["code"] == code
    async with anthropic_client(gw, rewire=rewire) as other:
        with pytest.raises(anthropic.APIStatusError) as refused:
            await other.messages.create(model="claude-sonnet-4-0", max_tokens=5,
                                        messages=MESSAGES, **kwargs)
    assert refused.value.status_code == status
    assert EMAIL not in str(caught.value) + str(refused.value)
    assert fake.received == []


async def test_gzip_and_deflate_bodies_are_decoded_and_sanitised(
    fake: FakeUpstream, gateway: StartGateway
) -> None:
    """A compressed body is decoded, sanitised and forwarded as plain JSON."""
    gw = await gateway()
    await _both(gw, fake, Rewire(gzip.compress, headers={"Content-Encoding": "gzip"}))
    await _both(gw, fake, Rewire(zlib.compress, headers={"Content-Encoding": "deflate"}))
    assert len(fake.received) == 4
    assert_nothing_leaked(fake)
    assert all("Content-Encoding" not in request.headers for request in fake.received)


async def test_unsupported_coding_is_a_415_and_a_zip_bomb_a_413(
    fake: FakeUpstream, gateway: StartGateway
) -> None:
    """``br`` (and any coding but gzip/deflate) is a 415; a gzip body that inflates past
    ``max_body_bytes`` is a 413, decoded no further than the limit.  Control: the
    same padding below the limit passes."""
    gw = await gateway(max_body_bytes=200_000)
    await _refused_by_both(gw, fake, Rewire(headers={"Content-Encoding": "br"}), 415,
                           "unsupported_content_encoding")

    def padded(size: int) -> Callable[[bytes], bytes]:
        return lambda raw: gzip.compress(raw[:-1] + b" " * size + b"}")

    bomb = Rewire(padded(5_000_000), headers={"Content-Encoding": "gzip"})
    await _refused_by_both(gw, fake, bomb, 413, "body_too_large")
    await _both(gw, fake, Rewire(padded(100_000), headers={"Content-Encoding": "gzip"}))
    assert len(fake.received) == 2


async def test_a_number_that_overflows_a_float_is_refused(
    fake: FakeUpstream, gateway: StartGateway
) -> None:
    """``1e999`` would be re-sent as ``Infinity``: a 400.  Control: 0.5 is forwarded."""
    gw = await gateway()
    overflow = Rewire(lambda raw: raw.replace(b'"temperature":0.5', b'"temperature":1e999'))
    await _refused_by_both(gw, fake, overflow, 400, "invalid_json",
                           extra_body={"temperature": 0.5})
    await _both(gw, fake, Rewire(), extra_body={"temperature": 0.5})
    assert [request.json()["temperature"] for request in fake.received] == [0.5, 0.5]


async def test_a_body_that_trickles_in_meets_the_read_timeout(
    fake: FakeUpstream, gateway: StartGateway
) -> None:
    """A body still arriving after ``server.body_timeout`` is a 408 in the API's shape.
    Control: the same pieces sent promptly pass."""
    gw = await gateway(body_timeout=0.5)
    slow = Rewire(trickle=128, delay=0.3)
    await _refused_by_both(gw, fake, slow, 408, "request_timeout")
    await _both(gw, fake, Rewire(trickle=64, delay=0.0))
    assert len(fake.received) == 2


def _server_log(caplog: pytest.LogCaptureFixture) -> str:
    """What the server side logged through ``logging`` (aiohttp's loggers, ours)."""
    return "\n".join(
        record.getMessage() + repr(record.exc_info)
        for record in caplog.records
        if record.name.startswith(("aiohttp", "pseudogate"))
    )


@contextlib.asynccontextmanager
async def _serve(fake: FakeUpstream, **server: Any) -> AsyncIterator[Gateway]:
    """The gateway as ``pseudogate serve`` runs it (its own runner), on loopback."""
    data = config_data(fake.url)
    data["server"] = {**data.get("server", {}), **server}
    config = parse_config(data, source="<e2e>", base_dir=Path.cwd(), environ={})
    runner, port = await start_site(config, port=0)
    try:
        yield Gateway(f"http://127.0.0.1:{port}", runner.app, config)
    finally:
        await runner.cleanup()


@pytest.fixture
async def served(fake: FakeUpstream) -> AsyncIterator[Gateway]:
    """The gateway as ``pseudogate serve`` runs it, with the default settings."""
    async with _serve(fake) as gateway:
        yield gateway


async def _closed_by_server(host: str, port: int, pieces: list[bytes], delay: float,
                            within: float) -> bool:
    """Send ``pieces`` ``delay`` apart (stopping when the server closes); True if the
    server closed the connection within ``within`` seconds without answering."""
    reader, writer = await asyncio.open_connection(host, port)
    loop = asyncio.get_running_loop()
    started = loop.time()
    try:
        for piece in pieces:
            if reader.at_eof() or writer.is_closing():
                break
            writer.write(piece)
            with contextlib.suppress(ConnectionError):
                await writer.drain()
            with contextlib.suppress(TimeoutError):
                if await asyncio.wait_for(reader.read(1), delay) == b"":
                    break
        answer = await asyncio.wait_for(reader.read(), max(0.1, within - (loop.time() - started)))
    except (TimeoutError, ConnectionError):
        return False
    finally:
        writer.close()
    return answer == b"" and loop.time() - started < within


async def test_a_request_head_that_trickles_in_or_never_comes_is_closed(
    fake: FakeUpstream
) -> None:
    """Under ``serve``, a connection whose request head is not complete within
    ``server.body_timeout`` (headers a byte at a time, or nothing at all) is closed,
    and nothing is forwarded.  Control: both SDKs' requests on that server pass."""
    async with _serve(fake, body_timeout=0.5) as served:
        host, port = served.url.removeprefix("http://").split(":")
        head = (b"POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\n"
                b"X-Slow: " + b"a" * 40 + b"\r\n\r\n")
        trickle = [head[at : at + 1] for at in range(len(head))]
        assert await _closed_by_server(host, int(port), trickle, 0.1, within=3.0)
        assert await _closed_by_server(host, int(port), [b""], 0.1, within=3.0)
        assert fake.received == []
        await _both(served, fake)
    assert len(fake.received) == 2


async def test_requests_the_http_parser_rejects_get_json_errors_without_their_bytes(
    fake: FakeUpstream, served: Gateway, caplog: pytest.LogCaptureFixture
) -> None:
    """A header longer than the parser takes (sent by both SDKs) is a 400 whose body
    both SDKs read as their error, quoting nothing and logging no content.  Control:
    the same request with a short header passes."""
    caplog.set_level(logging.DEBUG)
    huge = {"X-Trace": EMAIL + "x" * 9000}
    with capture_logs() as logs:
        async with openai_client(served, default_headers=huge) as client:
            with pytest.raises(openai.BadRequestError) as caught:
                await client.chat.completions.create(model="gpt-4o", messages=MESSAGES)
        async with anthropic_client(served, default_headers=huge) as other:
            with pytest.raises(anthropic.BadRequestError) as refused:
                await other.messages.create(model="m", max_tokens=5, messages=MESSAGES)
    assert caught.value.code == "bad_http_request"
    assert refused.value.body == {"type": "error", "error": {
        "type": "invalid_request_error", "message": "malformed HTTP request", "param": None,
        "code": "bad_http_request"}}
    assert fake.received == []
    assert EMAIL not in repr(logs) + _server_log(caplog)
    assert [entry["event"] for entry in logs] == ["bad_http_request", "bad_http_request"]
    await _both(served, fake, Rewire(headers={"X-Trace": "short"}))
    assert len(fake.received) == 2


@pytest.mark.parametrize("raw", [
    b"POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nX-Who: " + EMAIL.encode()
    + b"\x01\r\n\r\n",
    b"PO\x01ST /v1/chat/" + EMAIL.encode() + b" HTTP/1.1\r\nHost: x\r\n\r\n",
    b"POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n"
    b"Transfer-Encoding: chunked\r\n\r\n" + EMAIL.encode(),
])
async def test_malformed_http_is_answered_without_its_bytes(
    served: Gateway, fake: FakeUpstream, caplog: pytest.LogCaptureFixture, raw: bytes
) -> None:
    """Bytes no SDK would send (a control character in a header, a broken method,
    conflicting framing) get the JSON error both SDKs read, with none of the bytes,
    and a log line without content."""
    caplog.set_level(logging.DEBUG)
    host, port = served.url.removeprefix("http://").split(":")
    with capture_logs() as logs:
        reader, writer = await asyncio.open_connection(host, int(port))
        writer.write(raw)
        await writer.drain()
        answer = await asyncio.wait_for(reader.read(), 10)
        writer.close()
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.") and b" 400 " in head.split(b"\r\n")[0]
    assert json.loads(body)["error"]["code"] == "bad_http_request"
    assert EMAIL.encode() not in answer
    assert EMAIL not in repr(logs) + _server_log(caplog)
    assert fake.received == []
