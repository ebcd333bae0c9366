"""Upstream networking and TLS serving, through the real server on loopback.

* ``HTTP_PROXY`` / ``HTTPS_PROXY`` / ``NO_PROXY`` from the environment are honoured,
  through a loopback forward proxy that records each request line; an upstream with
  ``proxy_from_env: false`` connects directly.
* An HTTPS upstream (certificate from a CA made in the test) is reached through a
  CONNECT tunnel when its ``ca_bundle`` names that CA, and refused (502) without it.
* ``server.tls`` serves HTTPS with a certificate made in the test (``serve``'s own
  start-up path, :func:`proxy.commands.serve.start_site`).
* Retries: connect errors, 429 and 5xx are retried before the first byte, as often as
  configured; a reply cut after its first bytes is never sent again.
* The first-byte timeout counts from the request being sent, not from connect.
"""

from __future__ import annotations

import asyncio
import json
import ssl
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from aiohttp import web
from aiohttp.test_utils import TestServer

from proxy.app import METRICS, create_app
from proxy.commands.serve import start_site
from proxy.config import parse_config
from tests.e2e.certs import Certs, make_certs
from tests.e2e.conftest import config_data
from tests.e2e.fake_upstream import FakeUpstream, Reply
from tests.e2e.forward_proxy import ForwardProxy
from tests.e2e.serve_process import free_port

AnyServer = Callable[..., Awaitable[TestServer]]
BODY = {"model": "m", "messages": [{"role": "user", "content": "mail jane.doe@example.com"}]}
_PROXY_VARS = ("HTTP_PROXY", "HTTPS_PROXY", "NO_PROXY", "ALL_PROXY")


@pytest.fixture
def clean_env(monkeypatch: pytest.MonkeyPatch) -> Iterator[pytest.MonkeyPatch]:
    """No proxy variables from the machine: each test sets what it means."""
    for name in _PROXY_VARS:
        monkeypatch.delenv(name, raising=False)
        monkeypatch.delenv(name.lower(), raising=False)
    yield monkeypatch


@pytest.fixture
async def proxy() -> AsyncIterator[ForwardProxy]:
    """A recording forward proxy on loopback."""
    forward = ForwardProxy()
    await forward.start()
    yield forward
    await forward.close()


@pytest.fixture
def certs(tmp_path: Path) -> Certs:
    """A CA and a 127.0.0.1 server certificate, made now."""
    return make_certs(tmp_path)


async def _gateway(aiohttp_server: AnyServer, upstream_url: str,
                   **upstream: Any) -> tuple[str, web.Application]:
    data = config_data(upstream_url)
    data["upstreams"]["fake"].update(upstream)
    config = parse_config(data, source="<net>", base_dir=Path.cwd(), environ={})
    app = create_app(config)
    server = await aiohttp_server(app)
    return str(server.make_url("")).rstrip("/"), app


async def _post(url: str, path: str = "/v1/chat/completions",
                ssl_context: ssl.SSLContext | None = None) -> tuple[int, bytes]:
    async with aiohttp.ClientSession() as session, session.post(
            url + path, json=BODY, ssl=ssl_context if ssl_context is not None else True,
    ) as response:
        return response.status, await response.read()


async def test_http_proxy_and_no_proxy_from_the_environment(
    aiohttp_server: AnyServer, fake: FakeUpstream, proxy: ForwardProxy,
    clean_env: pytest.MonkeyPatch
) -> None:
    """HTTP_PROXY routes the upstream request through the proxy; NO_PROXY bypasses it."""
    url, _app = await _gateway(aiohttp_server, fake.url)
    clean_env.setenv("HTTP_PROXY", proxy.url)
    assert (await _post(url))[0] == 200
    assert proxy.requests == [f"POST {fake.url}/v1/chat/completions HTTP/1.1"]
    assert b"jane.doe" not in fake.received[-1].body
    clean_env.setenv("NO_PROXY", "127.0.0.1")
    assert (await _post(url))[0] == 200
    assert len(proxy.requests) == 1 and len(fake.received) == 2


async def test_an_upstream_can_opt_out_of_the_environment_proxy(
    aiohttp_server: AnyServer, fake: FakeUpstream, proxy: ForwardProxy,
    clean_env: pytest.MonkeyPatch
) -> None:
    """``proxy_from_env: false`` connects directly although HTTP_PROXY is set."""
    url, _app = await _gateway(aiohttp_server, fake.url, proxy_from_env=False)
    clean_env.setenv("HTTP_PROXY", proxy.url)
    assert (await _post(url))[0] == 200
    assert proxy.requests == [] and len(fake.received) == 1


@pytest.fixture
async def tls_upstream(fake: FakeUpstream, certs: Certs) -> AsyncIterator[str]:
    """The fake provider served over HTTPS with the test CA's certificate."""
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(certs.cert, certs.key)
    runner = web.AppRunner(fake.app())
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0, ssl_context=context)
    await site.start()
    yield f"https://127.0.0.1:{runner.addresses[0][1]}"
    await runner.cleanup()


async def test_https_proxy_tunnel_with_a_custom_ca_bundle(
    aiohttp_server: AnyServer, fake: FakeUpstream, proxy: ForwardProxy, certs: Certs,
    tls_upstream: str, clean_env: pytest.MonkeyPatch
) -> None:
    """HTTPS_PROXY tunnels (CONNECT); the upstream's ca_bundle is what is trusted."""
    clean_env.setenv("HTTPS_PROXY", proxy.url)
    url, _app = await _gateway(aiohttp_server, tls_upstream, ca_bundle=str(certs.ca))
    assert (await _post(url))[0] == 200
    host = tls_upstream.removeprefix("https://")
    assert proxy.requests == [f"CONNECT {host} HTTP/1.1"] and len(fake.received) == 1
    untrusted, _app = await _gateway(aiohttp_server, tls_upstream)
    status, body = await _post(untrusted)
    assert status == 502 and b"upstream" in body
    assert len(fake.received) == 1  # the certificate was refused: nothing was sent


async def test_tls_serving_with_a_self_signed_certificate(
    fake: FakeUpstream, certs: Certs, tmp_path: Path
) -> None:
    """``server.tls`` serves HTTPS on serve's start-up path; the client trusts the CA."""
    data = config_data(fake.url)
    data["server"].update(tls={"cert": str(certs.cert), "key": str(certs.key)},
                          port=free_port())
    config = parse_config(data, source="<tls>", base_dir=tmp_path, environ={})
    runner, port = await start_site(config)
    try:
        trust = ssl.create_default_context(cafile=str(certs.ca))
        status, _body = await _post(f"https://127.0.0.1:{port}", ssl_context=trust)
        assert status == 200 and len(fake.received) == 1
        with pytest.raises(aiohttp.ClientConnectorCertificateError):
            await _post(f"https://127.0.0.1:{port}")  # the system store does not know the CA
    finally:
        await runner.cleanup()


async def test_retries_before_the_first_byte_only(
    aiohttp_server: AnyServer, fake: FakeUpstream
) -> None:
    """503 and 429 are tried again; a reply cut after its first bytes is not."""
    retries = {"attempts": 2, "backoff_s": 0.01, "max_backoff_s": 0.05}
    url, app = await _gateway(aiohttp_server, fake.url, retries=retries)
    fake.script[:] = [Reply.json_body({"error": {"message": "busy"}}, status=503),
                      Reply.json_body({"error": {"message": "slow down"}}, status=429),
                      Reply.json_body({"choices": []})]
    assert (await _post(url))[0] == 200
    assert len(fake.received) == 3
    fake.script[:] = [Reply.json_body({"error": {"message": "busy"}}, status=503)] * 3
    assert (await _post(url))[0] == 503  # attempts used up: the last answer is relayed
    assert len(fake.received) == 6
    transcript = (Path(__file__).parents[1] / "fixtures" / "recorded" /
                  "openai_chat_stream_text.sse").read_bytes()
    fake.script[:] = [Reply("cut", transcript, cut_at=len(transcript) // 2)]
    status, body = await _post(url)
    assert status == 200 and b'"error"' in body  # the stream ends with the API's error
    assert len(fake.received) == 7
    metrics = app[METRICS]
    assert metrics.upstream_retries.labels("fake", "503")._value.get() == 3
    assert metrics.upstream_retries.labels("fake", "429")._value.get() == 1


async def test_a_retry_after_beyond_the_cap_is_not_shortened(
    aiohttp_server: AnyServer, fake: FakeUpstream
) -> None:
    """A 429 asking for more than max_backoff_s goes to the client at once, with its
    Retry-After (before: tried again after the cap, spending every attempt on more
    429s); one within the cap is waited for and tried again."""
    retries = {"attempts": 3, "backoff_s": 0.01, "max_backoff_s": 0.2}
    url, app = await _gateway(aiohttp_server, fake.url, retries=retries)
    slow_down = {"error": {"message": "slow down"}}
    fake.script[:] = [Reply("json", json.dumps(slow_down).encode(), status=429,
                            headers=(("Retry-After", "30"),))]
    async with aiohttp.ClientSession() as http, http.post(
        f"{url}/v1/chat/completions", json={"model": "m", "messages": []}
    ) as reply:
        assert reply.status == 429 and reply.headers.get("Retry-After") == "30"
    assert len(fake.received) == 1
    fake.script[:] = [Reply("json", json.dumps(slow_down).encode(), status=429,
                            headers=(("Retry-After", "0.1"),)), Reply.json_body({"choices": []})]
    assert (await _post(url))[0] == 200
    assert len(fake.received) == 3
    assert app[METRICS].upstream_retries.labels("fake", "429")._value.get() == 1


async def test_connect_errors_are_retried(aiohttp_server: AnyServer) -> None:
    """Nothing listens: each attempt fails to connect; the client gets one 502."""
    closed = f"http://127.0.0.1:{free_port()}"
    url, app = await _gateway(aiohttp_server, closed,
                              retries={"attempts": 2, "backoff_s": 0.01})
    status, body = await _post(url)
    assert status == 502 and b"could not be reached" in body
    assert app[METRICS].upstream_retries.labels("fake", "connect")._value.get() == 2


async def test_first_byte_timeout_counts_from_the_request_sent(
    aiohttp_server: AnyServer, fake: FakeUpstream
) -> None:
    """first_byte 0.3 s with a 30 s connect budget: a hanging upstream is a 504 in ~0.3 s."""
    url, _app = await _gateway(aiohttp_server, fake.url,
                               timeouts={"connect": 30, "first_byte": 0.3})
    fake.script.append(Reply("hang"))
    started = time.monotonic()
    status, body = await _post(url)
    assert status == 504 and b"timed out" in body
    # Bounded by first_byte, not by connect + first_byte (30.3 s).
    assert time.monotonic() - started < 10
    await asyncio.sleep(0)
