"""The upstream client: header hygiene, error mapping, timeouts, limits, pooling."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

import aiohttp
import pytest
from aiohttp import web
from aiohttp.test_utils import TestServer
from multidict import CIMultiDict

from pipelines.errors import UpstreamError, UpstreamTimeout
from proxy.upstream import (
    UpstreamClient,
    UpstreamTimeouts,
    map_client_error,
    request_headers,
    response_headers,
)

AnyServer = Callable[..., Awaitable[TestServer]]

CLIENT = CIMultiDict({
    "Authorization": "Bearer gw-client",
    "x-api-key": "gw-client",
    "anthropic-version": "2023-06-01",
    "Connection": "keep-alive, x-custom",
    "X-Custom": "hop",
    "Keep-Alive": "timeout=5",
    "Transfer-Encoding": "chunked",
    "Content-Length": "12",
    "Content-Encoding": "gzip",
    "Host": "gateway.local",
    "Cookie": "session=1",
    "X-Forwarded-For": "10.0.0.1",
    "User-Agent": "OpenAI/Python",
})


def test_inject_replaces_client_credentials() -> None:
    """inject: the client's keys are dropped; the provider key goes in the API's header."""
    openai = request_headers(CLIENT, auth="inject", api_key="sk-prov", key_header="authorization")
    assert openai["Authorization"] == "Bearer sk-prov"
    assert "x-api-key" not in openai
    anthropic = request_headers(CLIENT, auth="inject", api_key="sk-prov", key_header="x-api-key")
    assert anthropic["x-api-key"] == "sk-prov" and "Authorization" not in anthropic
    assert anthropic["anthropic-version"] == "2023-06-01"
    for dropped in ("Connection", "X-Custom", "Keep-Alive", "Transfer-Encoding", "Content-Length",
                    "Content-Encoding", "Host", "Cookie", "X-Forwarded-For"):
        assert dropped not in anthropic
    assert anthropic["Content-Type"] == "application/json"
    assert anthropic["User-Agent"] == "OpenAI/Python"


def test_passthrough_relays_client_credentials() -> None:
    """passthrough: the client's provider key is relayed unchanged."""
    headers = request_headers(CLIENT, auth="passthrough", api_key=None,
                              key_header="authorization")
    assert headers["Authorization"] == "Bearer gw-client"
    assert headers["x-api-key"] == "gw-client"


@pytest.mark.parametrize("auth", ["inject", "passthrough"])
def test_only_allow_listed_headers_reach_the_upstream(auth: str) -> None:
    """Unknown headers (personal data), other credentials and odd values are dropped."""
    client = CIMultiDict({
        "Authorization": "Bearer gw-client",
        "X-User": "jane.doe@example.com",
        "OpenAI-Organization": "Jane Doe",
        "api-key": "azure-secret",
        "x-goog-api-key": "google-secret",
        "anthropic-beta": "prompt-caching-2024-07-31",
        "openai-beta": "assistants=v2",
        "Idempotency-Key": "stainless-python-retry-1",
        "x-stainless-os": "Linux",
        "Accept": "application/json",
        "User-Agent": "jane.doe@example.com",
    })
    headers = request_headers(client, auth=auth,  # type: ignore[arg-type]
                              api_key="sk-prov", key_header="authorization")
    assert "jane" not in repr(headers).lower() and "secret" not in repr(headers)
    for dropped in ("X-User", "OpenAI-Organization", "api-key", "x-goog-api-key",
                    "User-Agent"):
        assert dropped not in headers
    for kept in ("anthropic-beta", "openai-beta", "Idempotency-Key", "x-stainless-os",
                 "Accept"):
        assert headers[kept] == client[kept]
    expected = "Bearer sk-prov" if auth == "inject" else "Bearer gw-client"
    assert headers["Authorization"] == expected


def test_response_headers_drop_what_the_rewrite_invalidates() -> None:
    """Length, encoding, hop-by-hop and cookies go; provider metadata stays."""
    kept = response_headers([
        ("Content-Length", "10"), ("Content-Encoding", "gzip"), ("Transfer-Encoding", "chunked"),
        ("Set-Cookie", "a=b"), ("x-request-id", "req_1"), ("openai-processing-ms", "5"),
        ("Connection", "close, x-hop"), ("X-Hop", "1"),
    ])
    assert dict(kept) == {"x-request-id": "req_1", "openai-processing-ms": "5"}


@pytest.mark.parametrize(("exc", "kind", "status"), [
    (TimeoutError(), UpstreamTimeout, 504),
    (aiohttp.ConnectionTimeoutError("leak@example.com"), UpstreamTimeout, 504),
    (aiohttp.ServerDisconnectedError("leak@example.com"), UpstreamError, 502),
    (aiohttp.ClientPayloadError("leak@example.com"), UpstreamError, 502),
    (aiohttp.ClientOSError(104, "leak@example.com"), UpstreamError, 502),
    (ValueError("leak@example.com"), UpstreamError, 502),
])
def test_error_mapping_never_echoes(exc: BaseException, kind: type, status: int) -> None:
    """Every failure maps to the error tree without the dependency's message."""
    mapped = map_client_error(exc)
    assert type(mapped) is kind and mapped.status == status
    assert "leak" not in str(mapped)
    assert map_client_error(mapped) is mapped


def fast(idle: float = 5.0, first_byte: float = 5.0) -> UpstreamTimeouts:
    """Short timeouts for tests."""
    return UpstreamTimeouts(connect=0.5, first_byte=first_byte, idle=idle)


async def test_post_streams_and_pools(aiohttp_server: AnyServer) -> None:
    """Chunks arrive as sent; a fully read response returns its connection to the pool."""
    peers: list[object] = []

    async def handler(request: web.Request) -> web.StreamResponse:
        peers.append(request.transport.get_extra_info("peername")  # type: ignore[union-attr]
                     )
        assert await request.read() == b'{"a":1}'
        response = web.StreamResponse()
        await response.prepare(request)
        for piece in (b"one", b"two"):
            await response.write(piece)
        return response

    app = web.Application()
    app.router.add_post("/v1/x", handler)
    server = await aiohttp_server(app)
    client = UpstreamClient("t", str(server.make_url("")), timeouts=fast(), max_connections=2)
    await client.start()
    try:
        for _ in range(3):
            async with client.post("/v1/x", b'{"a":1}', {"Content-Type": "application/json"}
                                   ) as response:
                assert response.status == 200
                assert await response.read(100) == b"onetwo"
                assert response.complete
        assert len(set(peers)) == 1  # one pooled connection reused
    finally:
        await client.aclose()


async def test_buffered_bytes_are_read_without_waiting(aiohttp_server: AnyServer) -> None:
    """Bytes (and the end) already received are taken at once: no idle timer can fire on
    them, and ``drained`` says when the end of the body has been read."""

    async def handler(request: web.Request) -> web.StreamResponse:
        response = web.StreamResponse()
        await response.prepare(request)
        for piece in (b"one", b"two"):
            await response.write(piece)
        return response

    app = web.Application()
    app.router.add_post("/v1/x", handler)
    server = await aiohttp_server(app)
    # An idle timeout no real wait could meet: only reads that do not wait succeed.
    client = UpstreamClient("t", str(server.make_url("")), timeouts=fast(idle=1e-9))
    await client.start()
    try:
        async with client.post("/v1/x", b"{}", {}) as response:
            await asyncio.sleep(0.3)  # let the whole body and its end arrive
            assert not response.drained
            chunks = [chunk async for chunk in response.chunks()]
            assert b"".join(chunks) == b"onetwo"
            assert response.drained and response.complete
    finally:
        await client.aclose()


async def test_timeouts_and_limits(aiohttp_server: AnyServer) -> None:
    """First-byte and idle timeouts raise UpstreamTimeout; an oversized body is refused."""

    async def slow_headers(request: web.Request) -> web.Response:
        await asyncio.sleep(1)
        return web.Response(text="late")

    async def stalls(request: web.Request) -> web.StreamResponse:
        response = web.StreamResponse()
        await response.prepare(request)
        await response.write(b"x" * 50)
        await asyncio.sleep(1)
        return response

    app = web.Application()
    app.router.add_post("/slow", slow_headers)
    app.router.add_post("/stall", stalls)
    server = await aiohttp_server(app)
    client = UpstreamClient("t", str(server.make_url("")), timeouts=fast(idle=0.2,
                                                                          first_byte=0.2))
    await client.start()
    try:
        with pytest.raises(UpstreamTimeout):
            async with client.post("/slow", b"{}", {}):
                pass
        with pytest.raises(UpstreamTimeout):
            async with client.post("/stall", b"{}", {}) as response:
                await response.read(1000)
        with pytest.raises(UpstreamError, match="exceeds 10 bytes"):
            async with client.post("/stall", b"{}", {}) as response:
                await response.read(10)
    finally:
        await client.aclose()


async def test_refused_and_not_started() -> None:
    """A closed port is an UpstreamError; posting before start is one too."""
    client = UpstreamClient("t", "http://127.0.0.1:9", timeouts=fast())
    with pytest.raises(UpstreamError, match="not started"):
        async with client.post("/", b"", {}):
            pass
    await client.start()
    try:
        with pytest.raises(UpstreamError, match="refused"):
            async with client.post("/", b"", {}):
                pass
    finally:
        await client.aclose()
