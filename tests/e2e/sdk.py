"""Official SDK clients for the e2e tests, and an httpx2 transport that alters the wire.

:func:`openai_client` and :func:`anthropic_client` point the official SDKs at a gateway.
:class:`Rewire` wraps httpx's own transport so the SDK's request leaves changed the
way a real client or network may change it: its body rewritten (``1e999``), encoded
(``Content-Encoding: gzip``) or trickled in slowly (chunked, one piece at a time).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from typing import Any

import anthropic
import httpx2
import openai

from tests.e2e.conftest import Gateway

__all__ = ["Rewire", "anthropic_client", "openai_client"]


class Rewire(httpx2.AsyncBaseTransport):
    """httpx's transport, with each request's body passed through ``body`` first.

    ``headers`` are set on the request; ``trickle`` > 0 sends the body in pieces of that
    many bytes, ``delay`` seconds apart (chunked transfer encoding).
    """

    def __init__(
        self,
        body: Callable[[bytes], bytes] = lambda raw: raw,
        *,
        headers: dict[str, str] | None = None,
        trickle: int = 0,
        delay: float = 0.0,
    ) -> None:
        self._inner = httpx2.AsyncHTTPTransport()
        self._body = body
        self._headers = headers or {}
        self._trickle = trickle
        self._delay = delay

    async def handle_async_request(self, request: httpx2.Request) -> httpx2.Response:
        """Send ``request`` with its body rewritten."""
        raw = self._body(await request.aread())
        headers = httpx2.Headers(request.headers)
        headers.update(self._headers)
        content: bytes | AsyncIterator[bytes] = raw
        if self._trickle:
            del headers["Content-Length"]
            content = self._pieces(raw)
        else:
            headers["Content-Length"] = str(len(raw))
        changed = httpx2.Request(request.method, request.url, headers=headers, content=content,
                                extensions=request.extensions)
        return await self._inner.handle_async_request(changed)

    async def _pieces(self, raw: bytes) -> AsyncIterator[bytes]:
        for start in range(0, len(raw), self._trickle):
            yield raw[start : start + self._trickle]
            await asyncio.sleep(self._delay)

    async def aclose(self) -> None:
        """Close httpx's transport."""
        await self._inner.aclose()


def _http(rewire: Rewire | None) -> dict[str, Any]:
    return {} if rewire is None else {"http_client": httpx2.AsyncClient(transport=rewire)}


def openai_client(
    gw: Gateway, *, rewire: Rewire | None = None, **options: Any
) -> openai.AsyncOpenAI:
    """The official async OpenAI client against ``gw`` (no retries)."""
    return openai.AsyncOpenAI(base_url=gw.url + "/v1", api_key="sk-client", max_retries=0,
                              timeout=20, **_http(rewire), **options)


def anthropic_client(
    gw: Gateway, *, rewire: Rewire | None = None, **options: Any
) -> anthropic.AsyncAnthropic:
    """The official async Anthropic client against ``gw`` (no retries)."""
    return anthropic.AsyncAnthropic(base_url=gw.url, api_key="sk-ant-client", max_retries=0,
                                    timeout=20, **_http(rewire), **options)
