"""The aiohttp application: built by :func:`create_app` from a validated config.

Resources live in the app's ``cleanup_ctx`` (never in globals, never at import):
detectors are built and started, the embedded demo upstreams are served on loopback,
one pooled :class:`~proxy.upstream.UpstreamClient` per upstream is opened, and each
route's chain and egress policy are compiled into a :class:`~proxy.gateway.RouteRuntime`.
All of it is closed again, in reverse order, on shutdown.

Routing is exact-path, from YAML: ``/healthz`` (alive) and ``/readyz`` (detectors
started, upstreams configured) are built in; any other path is looked up in the
configured routes, and an unknown one is a 404 in the API's error shape that is never
forwarded.  Errors become HTTP responses in one place, :func:`_gateway_middleware`,
through :func:`proxy.failures.describe`.
"""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Final, final

import structlog
from aiohttp import web
from aiohttp.typedefs import Handler

from pipelines.chain import Chain
from pipelines.errors import GatewayError, RequestError
from pipelines.spans import Detector, Lifecycle
from proxy.assembly import build_chain, build_detectors
from proxy.config import Config
from proxy.demo import DemoServer
from proxy.failures import describe
from proxy.gateway import API_SHAPES, RECORD, Gateway, RouteRuntime, shape_for_unrouted
from proxy.logs import RequestRecord, get_logger
from proxy.policies import build_policy
from proxy.shapes import FilterPolicy, dumps
from proxy.upstream import UpstreamClient, UpstreamTimeouts

__all__ = [
    "CONFIG",
    "DEMO_SERVERS",
    "DETECTORS",
    "ROUTES",
    "UPSTREAMS",
    "GatewayState",
    "create_app",
]

@final
@dataclass(slots=True)
class GatewayState:
    """Readiness flags, flipped by the cleanup context (mutable by design, never hashed)."""

    detectors_ready: bool = False
    upstreams_ready: bool = False


CONFIG: Final = web.AppKey("config", Config)
DETECTORS: Final = web.AppKey("detectors", dict[str, Detector])
UPSTREAMS: Final = web.AppKey("upstreams", dict[str, UpstreamClient])
ROUTES: Final = web.AppKey("routes", dict[str, RouteRuntime])
DEMO_SERVERS: Final = web.AppKey("demo_servers", dict[str, DemoServer])
STATE: Final = web.AppKey("state", GatewayState)
_COMPILED: Final[web.AppKey[dict[str, tuple[Chain, FilterPolicy]]]] = web.AppKey("compiled")

_PROBES: Final = frozenset({"/healthz", "/readyz"})


def create_app(config: Config) -> web.Application:
    """Build the gateway application for ``config`` (nothing is opened until startup).

    Raises :class:`~pipelines.errors.ConfigError` for a detector or response policy the
    config describes but that cannot be built.
    """
    app = web.Application(
        client_max_size=config.server.max_body_bytes,
        middlewares=[_gateway_middleware],
    )
    app[CONFIG] = config
    app[STATE] = GatewayState()
    # Everything that can fail on a bad config is built here, before any resource is
    # opened: a ConfigError then leaves nothing to clean up.  Detector construction is
    # cheap by contract (models load in ``start``).
    detectors = build_detectors(config)
    app[DETECTORS] = detectors
    compiled: dict[str, tuple[Chain, FilterPolicy]] = {
        route.path: (
            build_chain(config, route, detectors, on_skip=_on_skip),
            build_policy(config, route, detectors),
        )
        for route in config.routes
    }
    app[_COMPILED] = compiled
    app[UPSTREAMS] = {}
    app[ROUTES] = {}
    app[DEMO_SERVERS] = {}
    app.cleanup_ctx.append(_detectors_ctx)
    app.cleanup_ctx.append(_upstreams_ctx)
    app.cleanup_ctx.append(_routes_ctx)
    app.router.add_get("/healthz", _healthz)
    app.router.add_get("/readyz", _readyz)
    routes: dict[str, RouteRuntime] = app[ROUTES]
    gateway = Gateway(routes, config.server.max_body_bytes)
    app.router.add_route("*", "/{tail:.*}", gateway.handle)
    return app


def _on_skip(name: str, error: BaseException) -> None:
    # A fail-open detector failed: the route allows it, but an operator must know.
    get_logger("pseudogate.chain").warning(
        "detector_skipped", detector=name, error=type(error).__name__
    )


async def _detectors_ctx(app: web.Application) -> AsyncIterator[None]:
    detectors: dict[str, Detector] = app[DETECTORS]
    # Explicit start/close rather than ``assembly.running``: a context manager nested in
    # a cleanup-context generator does not survive aiohttp closing the generator with
    # GeneratorExit when a later context fails to start.
    started: list[Lifecycle] = []
    try:
        for detector in detectors.values():
            if isinstance(detector, Lifecycle):
                await detector.start()
                started.append(detector)
        app[STATE].detectors_ready = True
        yield
    finally:
        app[STATE].detectors_ready = False
        for opened in reversed(started):
            await opened.aclose()


async def _upstreams_ctx(app: web.Application) -> AsyncIterator[None]:
    config = app[CONFIG]
    clients = app[UPSTREAMS]
    demos = app[DEMO_SERVERS]
    try:
        for name, upstream in config.upstreams.items():
            base_url = upstream.base_url or ""
            if upstream.type == "demo":
                demo = DemoServer()
                await demo.start()
                demos[name] = demo
                base_url = demo.base_url
            timeouts = upstream.timeouts
            client = UpstreamClient(
                name,
                base_url,
                timeouts=UpstreamTimeouts(
                    connect=timeouts.connect, first_byte=timeouts.first_byte, idle=timeouts.idle
                ),
                max_connections=upstream.max_connections,
            )
            await client.start()
            clients[name] = client
        app[STATE].upstreams_ready = True
        yield
    finally:
        app[STATE].upstreams_ready = False
        for client in clients.values():
            await client.aclose()
        for demo in demos.values():
            await demo.aclose()


async def _routes_ctx(app: web.Application) -> AsyncIterator[None]:
    config = app[CONFIG]
    compiled: dict[str, tuple[Chain, FilterPolicy]] = app[_COMPILED]
    for route in config.routes:
        chain, policy = compiled[route.path]
        upstream = config.upstreams[route.upstream]
        keys = frozenset(
            config.clients[name].key.encode() for name in (route.clients or ())
        )
        app[ROUTES][route.path] = RouteRuntime(
            route=route,
            shape=API_SHAPES[route.api],
            chain=chain,
            policy=policy,
            upstream=app[UPSTREAMS][route.upstream],
            auth="inject" if upstream.auth == "inject" else "passthrough",
            api_key=upstream.api_key,
            client_keys=keys,
            open_route=route.clients is None,
            max_placeholder_index=config.server.max_placeholder_index,
        )
    yield
    app[ROUTES].clear()


async def _healthz(request: web.Request) -> web.Response:
    return web.json_response({"status": "alive"})


async def _readyz(request: web.Request) -> web.Response:
    state = request.app[STATE]
    ready = state.detectors_ready and state.upstreams_ready and bool(request.app[ROUTES])
    detectors: dict[str, Detector] = request.app[DETECTORS]
    upstreams: dict[str, UpstreamClient] = request.app[UPSTREAMS]
    routes: dict[str, RouteRuntime] = request.app[ROUTES]
    body = {
        "status": "ready" if ready else "not_ready",
        "detectors": sorted(detectors),
        "upstreams": sorted(upstreams),
        "routes": sorted(routes),
    }
    return web.json_response(body, status=200 if ready else 503)


def _http_exception_to_request_error(exc: web.HTTPException) -> RequestError:
    """aiohttp's own refusals (body too large, method) in the gateway's terms."""
    if exc.status == 413:
        return RequestError(413, "body_too_large", "request body exceeds the configured limit")
    if exc.status == 405:
        return RequestError(405, "method_not_allowed", "method not allowed on this path")
    return RequestError(exc.status, "bad_request", exc.reason or "bad request")


@web.middleware
async def _gateway_middleware(
    request: web.Request, handler: Handler
) -> web.StreamResponse:
    """One access line per request; every error rendered in the API's own shape."""
    if request.path in _PROBES:
        probe: web.StreamResponse = await handler(request)
        return probe
    record = RequestRecord(request_id=uuid.uuid4().hex)
    request[RECORD] = record
    structlog.contextvars.bind_contextvars(request_id=record.request_id)
    try:
        try:
            response: web.StreamResponse = await handler(request)
        except web.HTTPException as exc:
            raise _http_exception_to_request_error(exc) from exc
    except GatewayError as exc:
        response = _error_response(request, record, exc)
    except asyncio.CancelledError:
        record.outcome = "client_gone"
        raise
    except Exception as exc:
        # Not only logged: the client gets a 500 in its API's shape, and the access
        # line records the class (never the message, which may echo input).
        response = _error_response(request, record, exc)
        get_logger("pseudogate").error("unhandled_error", error=type(exc).__name__)
    finally:
        if record.status == 0 and record.outcome == "client_gone":
            record.status = 499
        record.emit(get_logger("pseudogate.access"))
        structlog.contextvars.unbind_contextvars("request_id")
    response.headers["x-pseudogate-request-id"] = record.request_id
    return response


def _error_response(
    request: web.Request, record: RequestRecord, exc: BaseException
) -> web.Response:
    failure = describe(exc)
    runtime = request.app[ROUTES].get(request.path)
    shape = runtime.shape if runtime is not None else shape_for_unrouted(request)
    record.status = failure.status
    record.outcome = failure.outcome
    record.code = failure.code
    return web.Response(
        status=failure.status,
        body=dumps(shape.error_body(failure.status, failure.code, failure.message)),
        content_type="application/json",
    )

