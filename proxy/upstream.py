"""The upstream client: pooled connections, timeouts, header hygiene, error mapping.

One :class:`UpstreamClient` per configured upstream, each with its own ``ClientSession``
over its own pooled ``TCPConnector`` (``limit=max_connections``), so one slow provider
cannot starve another's pool.  The app opens and closes them in its ``cleanup_ctx``.

Timeouts are enforced here rather than through ``ClientTimeout.sock_read`` because the
three the config names differ in meaning: ``connect`` bounds TCP+TLS (aiohttp's own
connect timeout), ``first_byte`` bounds request sent → response headers, counted from
the last byte of the request going out (an aiohttp trace hook re-arms the deadline as
the headers and each body chunk are sent, so a slow connect or a large upload does not
eat into it), and ``idle`` bounds the gap between two body reads.  aiohttp's
``sock_read`` would apply one value to both of the last two.

Networking (:class:`Network`): ``HTTPS_PROXY``/``HTTP_PROXY``/``NO_PROXY`` are honoured
unless the upstream opts out (``proxy_from_env: false``), a per-upstream CA bundle
replaces the system trust store, and optional retries with exponential backoff cover
connect errors, 429 and 5xx, only ever *before* the response is handed to the gateway:
once :meth:`UpstreamClient.post` has yielded, no byte is ever sent twice.

Every aiohttp ``ClientError`` and timeout becomes an :class:`UpstreamError` in exactly
one place, :func:`map_client_error`, with a message that never echoes the dependency's
text (it may contain URLs with query strings or payload fragments).
"""

from __future__ import annotations

import asyncio
import random
import re
import ssl
import time
from collections.abc import AsyncIterator, Iterable, Mapping
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, Literal, final

import aiohttp
from multidict import CIMultiDict, CIMultiDictProxy

from pipelines.errors import UpstreamError, UpstreamTimeout

if TYPE_CHECKING:
    from proxy.metrics import Metrics

__all__ = [
    "DEFAULT_ALLOWED",
    "FORBIDDEN_REQUEST_HEADERS",
    "HOP_BY_HOP",
    "REQUEST_ALLOWED",
    "HeaderAllowList",
    "Network",
    "UpstreamClient",
    "UpstreamResponse",
    "UpstreamTimeouts",
    "map_client_error",
    "request_headers",
    "response_headers",
]

# RFC 9110 §7.6.1 connection-specific fields, plus the ones a proxy must never relay.
HOP_BY_HOP: Final = frozenset(
    {
        "connection",
        "keep-alive",
        "proxy-authenticate",
        "proxy-authorization",
        "proxy-connection",
        "te",
        "trailer",
        "trailers",
        "transfer-encoding",
        "upgrade",
    }
)
# The client request fields relayed upstream by default (an allow-list: any other header
# may carry personal data, ``X-User: <e-mail>``, or a credential, ``api-key``): content
# negotiation, the provider's version and beta switches, idempotency keys and the
# official SDKs' own telemetry, the whole ``x-stainless-*`` family (OS, runtime, retry
# count, timeouts, which helper made the call).  A name ending in ``*`` is a prefix.
# Values must be short printable tokens with no ``@``, else the header is dropped too.
# ``upstreams.<name>.request_headers`` replaces the list per upstream.
REQUEST_ALLOWED: Final = (
    "accept",
    "user-agent",
    "anthropic-version",
    "anthropic-beta",
    "openai-beta",
    "idempotency-key",
    "x-stainless-*",
)
# Never relayed from the client, whatever a configured list says: credentials (the
# upstream's ``auth`` decides those), cookies, and what only the gateway may set.
FORBIDDEN_REQUEST_HEADERS: Final = frozenset(
    {"authorization", "x-api-key", "api-key", "cookie", "host", "content-length",
     "content-type", "content-encoding", "x-goog-api-key", "openai-organization",
     "openai-project", "forwarded", "x-forwarded-for"}
)


@final
@dataclass(frozen=True, slots=True)
class HeaderAllowList:
    """Which client request headers an upstream relays: exact names and prefixes."""

    names: frozenset[str]
    prefixes: tuple[str, ...] = ()

    @classmethod
    def parse(cls, entries: Iterable[str]) -> HeaderAllowList:
        """From names, lower-cased; ``x-stainless-*`` is a prefix."""
        names: set[str] = set()
        prefixes: list[str] = []
        for entry in entries:
            entry = entry.lower()
            if entry.endswith("*"):
                prefixes.append(entry[:-1])
            else:
                names.add(entry)
        return cls(frozenset(names), tuple(prefixes))

    def allows(self, name: str) -> bool:
        """Whether the client header ``name`` may be relayed."""
        name = name.lower()
        if name in FORBIDDEN_REQUEST_HEADERS or name in HOP_BY_HOP:
            return False
        return name in self.names or any(name.startswith(prefix) for prefix in self.prefixes)


DEFAULT_ALLOWED: Final = HeaderAllowList.parse(REQUEST_ALLOWED)
_HEADER_VALUE: Final = re.compile(r"[\x20-\x3f\x41-\x7e]{1,256}")
# Response fields that stop being true once the gateway rewrites (and aiohttp has
# decompressed) the body, plus cookies, which have no business crossing a gateway.
_RESPONSE_DROP: Final = HOP_BY_HOP | {
    "content-length",
    "content-encoding",
    "content-type",
    "set-cookie",
    "server",
    "date",
}

KeyHeader = Literal["authorization", "x-api-key"]


@final
@dataclass(frozen=True, slots=True)
class UpstreamTimeouts:
    """Seconds: TCP+TLS connect, request sent → headers, gap between two body reads."""

    connect: float = 10.0
    first_byte: float = 120.0
    idle: float = 120.0


@final
@dataclass(frozen=True, slots=True)
class Network:
    """How to reach an upstream: env proxies, TLS trust, retries before the first byte."""

    proxy_from_env: bool = True
    ssl_context: ssl.SSLContext | None = None
    retries: int = 0
    backoff_s: float = 0.5
    max_backoff_s: float = 8.0


# Statuses worth another try: the provider is overloaded or failed before answering.
_RETRY_STATUSES: Final = frozenset({429, 500, 502, 503, 504, 529})


def _retry_after(headers: Mapping[str, str]) -> float | None:
    value = headers.get("retry-after", "")
    try:
        seconds = float(value)
    except ValueError:
        return None
    return seconds if 0 <= seconds < 3600 else None


async def _sent(session: aiohttp.ClientSession, context: object, params: object) -> None:
    rearm = getattr(context, "trace_request_ctx", None)
    if isinstance(rearm, _Deadline):
        rearm.rearm()


@final
class _Deadline:
    """The first-byte deadline of one attempt, re-armed as the request goes out."""

    __slots__ = ("_scope", "_seconds")

    def __init__(self, scope: asyncio.Timeout, seconds: float) -> None:
        self._scope = scope
        self._seconds = seconds

    def rearm(self) -> None:
        self._scope.reschedule(asyncio.get_running_loop().time() + self._seconds)


def _connection_tokens(values: Iterable[str | None]) -> frozenset[str]:
    """Header names a ``Connection`` field declares hop-by-hop (RFC 9110 §7.6.1)."""
    return frozenset(
        token.strip().lower() for value in values if value for token in value.split(",")
    )


def map_client_error(exc: BaseException) -> UpstreamError:
    """The one mapping from aiohttp/asyncio failures to the gateway's error tree."""
    if isinstance(exc, UpstreamError):
        return exc
    if isinstance(exc, aiohttp.ConnectionTimeoutError):
        return UpstreamTimeout("upstream connect timed out")
    if isinstance(exc, TimeoutError):
        return UpstreamTimeout("upstream timed out")
    if isinstance(exc, aiohttp.ClientConnectorError):
        return UpstreamError("upstream refused the connection or could not be reached")
    if isinstance(exc, aiohttp.ServerDisconnectedError):
        return UpstreamError("upstream closed the connection before the response ended")
    if isinstance(exc, aiohttp.ClientPayloadError):
        return UpstreamError("upstream response was cut off mid-body")
    if isinstance(exc, aiohttp.ClientError):
        return UpstreamError(f"upstream request failed ({type(exc).__name__})")
    return UpstreamError(f"upstream request failed ({type(exc).__name__})")


def request_headers(
    client_headers: Mapping[str, str],
    *,
    auth: Literal["inject", "passthrough"],
    api_key: str | None,
    key_header: KeyHeader,
    allowed: HeaderAllowList = DEFAULT_ALLOWED,
    json_body: bool = True,
) -> CIMultiDict[str]:
    """Headers to send upstream for a JSON body the gateway re-serialised (or no body).

    Only the fields ``allowed`` names are relayed (:data:`REQUEST_ALLOWED` by default).
    ``inject`` never relays the
    client's credentials (they are gateway keys) and sends ``api_key`` in the
    provider's header; ``passthrough`` relays the client's ``Authorization`` and
    ``x-api-key`` as they came (and no other credential header).
    """
    out: CIMultiDict[str] = CIMultiDict()
    for name, value in client_headers.items():
        if allowed.allows(name) and _HEADER_VALUE.fullmatch(value):
            out.add(name, value)
    if json_body:
        out["Content-Type"] = "application/json"
    if auth == "inject":
        if api_key:
            if key_header == "authorization":
                out["Authorization"] = f"Bearer {api_key}"
            else:
                out["x-api-key"] = api_key
    else:
        for name in ("authorization", "x-api-key"):
            relayed = client_headers.get(name)
            if relayed is not None:
                out[name] = relayed
    return out


def response_headers(upstream_headers: Iterable[tuple[str, str]]) -> CIMultiDict[str]:
    """Upstream response headers that stay true after the gateway rewrote the body."""
    pairs = list(upstream_headers)
    named = _connection_tokens(value for name, value in pairs if name.lower() == "connection")
    out: CIMultiDict[str] = CIMultiDict()
    for name, value in pairs:
        if name.lower() not in _RESPONSE_DROP and name.lower() not in named:
            out.add(name, value)
    return out


@final
class UpstreamResponse:
    """An open upstream response; read it with :meth:`chunks` or :meth:`read`.

    ``first_byte_s``: from the request being sent (retries included) to its headers.
    """

    __slots__ = ("_idle", "_response", "complete", "first_byte_s")

    def __init__(self, response: aiohttp.ClientResponse, idle: float,
                 first_byte_s: float = 0.0) -> None:
        self._response = response
        self._idle = idle
        self.complete = False
        self.first_byte_s = first_byte_s

    @property
    def status(self) -> int:
        """The upstream's HTTP status."""
        return self._response.status

    @property
    def headers(self) -> CIMultiDictProxy[str]:
        """The upstream's response headers (unfiltered)."""
        return self._response.headers

    @property
    def content_type(self) -> str:
        """The media type without parameters, lower-case."""
        return self._response.content_type.lower()

    @property
    def drained(self) -> bool:
        """True once the upstream's end of body has arrived and every byte was read.

        Lets the reader send its last output together with the end of its own reply
        (one write instead of two) without waiting for anything.
        """
        return self._response.content.at_eof()

    async def chunks(self) -> AsyncIterator[bytes]:
        """Yield body bytes as they arrive; each wait is bounded by the idle timeout."""
        content = self._response.content
        while True:
            try:
                # Bytes that are already here need no wait and so no timer (a busy
                # gateway finds the next bytes waiting after most writes).
                chunk = content.read_nowait()
                if not chunk and not content.at_eof():
                    async with asyncio.timeout(self._idle):
                        chunk = await content.readany()
            except (aiohttp.ClientError, TimeoutError) as exc:
                raise map_client_error(exc) from exc
            if not chunk:
                self.complete = True
                return
            yield chunk

    async def read(self, limit: int) -> bytes:
        """The whole body, refusing more than ``limit`` bytes."""
        parts: list[bytes] = []
        size = 0
        async for chunk in self.chunks():
            size += len(chunk)
            if size > limit:
                raise UpstreamError(f"upstream response body exceeds {limit} bytes")
            parts.append(chunk)
        return b"".join(parts)


@final
class UpstreamClient:
    """Sends requests to one upstream over a pooled connection set."""

    __slots__ = ("_max_connections", "_metrics", "_session", "allowed_headers", "base_url",
                 "name", "network", "timeouts")

    def __init__(
        self,
        name: str,
        base_url: str,
        *,
        timeouts: UpstreamTimeouts,
        max_connections: int = 100,
        metrics: Metrics | None = None,
        network: Network | None = None,
        allowed_headers: HeaderAllowList = DEFAULT_ALLOWED,
    ) -> None:
        self.name = name
        self.allowed_headers = allowed_headers
        self.base_url = base_url.rstrip("/")
        self.timeouts = timeouts
        self.network = network or Network()
        self._max_connections = max_connections
        self._metrics = metrics
        self._session: aiohttp.ClientSession | None = None

    async def start(self) -> None:
        """Open the pooled session (inside the running loop, as aiohttp requires)."""
        network = self.network
        connector = aiohttp.TCPConnector(
            limit=self._max_connections, limit_per_host=0,
            ssl=network.ssl_context if network.ssl_context is not None else True,
        )
        trace = aiohttp.TraceConfig()
        trace.on_request_headers_sent.append(_sent)
        trace.on_request_chunk_sent.append(_sent)
        self._session = aiohttp.ClientSession(
            connector=connector,
            timeout=aiohttp.ClientTimeout(
                total=None, connect=self.timeouts.connect, sock_connect=self.timeouts.connect
            ),
            auto_decompress=True,
            # The gateway relays bodies, it does not follow redirects on a client's behalf.
            raise_for_status=False,
            # HTTP(S)_PROXY / NO_PROXY from the environment, unless the upstream opts out.
            trust_env=network.proxy_from_env,
            trace_configs=[trace],
        )

    async def aclose(self) -> None:
        """Close every pooled connection."""
        if self._session is not None:
            await self._session.close()
            self._session = None

    def post(
        self, path: str, body: bytes, headers: Mapping[str, str]
    ) -> AbstractAsyncContextManager[UpstreamResponse]:
        """POST ``body`` to ``base_url + path``: see :meth:`send`."""
        return self.send("POST", path, body, headers)

    @asynccontextmanager
    async def send(
        self, method: str, path: str, body: bytes | None, headers: Mapping[str, str]
    ) -> AsyncIterator[UpstreamResponse]:
        """Send ``method`` to ``base_url + path``; yield the response once headers arrive.

        On exit the connection goes back to the pool if the body was read to the end,
        and is closed otherwise (client gone, refusal, error): a half-read response must
        never be reused, and closing it is what tells the upstream to stop generating.
        """
        if self._session is None:
            raise UpstreamError(f"upstream {self.name!r} is not started")
        sent = time.perf_counter()
        response = await self._send(self._session, method, path, body, headers)
        first_byte = time.perf_counter() - sent
        metrics = self._metrics
        streaming = response.content_type == "text/event-stream"
        if metrics is not None:
            metrics.upstream_first_byte.labels(self.name).observe(first_byte)
            if streaming:
                metrics.open_streams.inc()
        wrapped = UpstreamResponse(response, self.timeouts.idle, first_byte)
        try:
            yield wrapped
        finally:
            if wrapped.complete:
                response.release()
            else:
                response.close()
            if metrics is not None:
                metrics.upstream_seconds.labels(self.name).observe(time.perf_counter() - sent)
                if streaming:
                    metrics.open_streams.dec()

    async def _send(self, session: aiohttp.ClientSession, method: str, path: str,
                    body: bytes | None, headers: Mapping[str, str]) -> aiohttp.ClientResponse:
        """One request, retried on connect errors, 429 and 5xx while attempts remain."""
        network = self.network
        attempt = 0
        while True:
            retry_in: float | None = None
            reason = ""
            try:
                response = await self._attempt(session, method, path, body, headers)
            except (aiohttp.ClientConnectorError, aiohttp.ConnectionTimeoutError) as exc:
                if attempt >= network.retries:
                    raise map_client_error(exc) from exc
                reason = "connect"
            except (aiohttp.ClientError, TimeoutError) as exc:
                raise map_client_error(exc) from exc
            else:
                if response.status not in _RETRY_STATUSES or attempt >= network.retries:
                    return response
                retry_in = _retry_after(response.headers)
                if retry_in is not None and retry_in > network.max_backoff_s:
                    # The provider asks for a longer pause than ours: trying sooner would
                    # only spend attempts; its answer (and Retry-After) goes to the client.
                    return response
                reason = str(response.status)
                response.release()
            delay = min(network.max_backoff_s, network.backoff_s * 2**attempt)
            # Full jitter spreads a fleet's retries; a Retry-After the provider sent wins
            # when it is within the cap.
            delay = random.uniform(delay / 2, delay)
            if retry_in is not None:
                delay = retry_in
            if self._metrics is not None:
                self._metrics.upstream_retries.labels(self.name, reason).inc()
            attempt += 1
            await asyncio.sleep(delay)

    async def _attempt(self, session: aiohttp.ClientSession, method: str, path: str,
                       body: bytes | None, headers: Mapping[str, str]
                       ) -> aiohttp.ClientResponse:
        # Until the request starts going out the deadline is the connect budget (plus
        # the first-byte budget, as a backstop); the trace hook then re-arms it to
        # ``first_byte`` from each piece of the request sent.
        async with asyncio.timeout(self.timeouts.connect + self.timeouts.first_byte) as scope:
            deadline = _Deadline(scope, self.timeouts.first_byte)
            return await session.request(
                method, self.base_url + path, data=body, headers=headers,
                allow_redirects=False, trace_request_ctx=deadline,
            )
