"""The aiohttp application: built by :func:`create_app` from a validated config.

Nothing is opened at import or in :func:`create_app`: the config's first
:class:`~proxy.runtime.Generation` is *built* there (detectors, chains, policies: every
config mistake is a ConfigError before anything is opened) and *started* from the
app's ``cleanup_ctx``: detectors load, the embedded demo upstreams are served on
loopback, one pooled :class:`~proxy.upstream.UpstreamClient` per upstream is opened,
each route is compiled into a :class:`~proxy.gateway.RouteRuntime`.  With
``background_start`` (what ``serve`` uses) the start runs as a task, so the port is
bound at once: ``/healthz`` answers 200 from the first moment, ``/readyz`` 503 and every
route a 503 ``not_ready`` in its API's shape until the generation serves.  On shutdown
everything is closed again in reverse order.  :mod:`proxy.reload` swaps in a new
generation on SIGHUP.

Routing is exact-path, from YAML: ``/healthz`` (alive), ``/readyz`` (a generation
serves, and the session store answers where a route cannot do without it; the body
names the worker process that answered), ``/metrics`` (Prometheus,
:mod:`proxy.metrics`) and ``DELETE /pseudogate/session`` (end the session the session
header names, authenticated like a route: a client ends only its own sessions) are
built in; any other path is looked up in the configured routes, and an unknown one is
a 404 in the API's error shape that is never forwarded.  Errors become HTTP responses in one place,
:func:`_gateway_middleware`, through :func:`proxy.failures.describe`; the same place
writes the access line and the request metrics.
"""

from __future__ import annotations

import asyncio
import hmac
import os
import time
import uuid
from collections.abc import AsyncIterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Final, final

import structlog
from aiohttp import web
from aiohttp.typedefs import Handler

from pipelines.errors import DetectorError, GatewayError, RequestError
from pipelines.sessions import SessionRef
from pipelines.spans import Detector
from proxy.config import Config
from proxy.demo import DemoServer
from proxy.evidence import EvidenceLog, load_private_key
from proxy.failures import describe
from proxy.gateway import (
    RECORD,
    Gateway,
    RouteRuntime,
    client_key,
    route_for,
    shape_for_unrouted,
)
from proxy.logs import RequestRecord, get_logger
from proxy.looplag import LoopLagMonitor
from proxy.metrics import CONTENT_TYPE, Metrics
from proxy.runtime import Compiled, Generation, LiveMapping, Runtime
from proxy.sessions import client_tenant, credential_tenant, session_id_of
from proxy.shapes import dumps
from proxy.upstream import UpstreamClient

__all__ = [
    "CONFIG",
    "DEMO_SERVERS",
    "DETECTORS",
    "EVIDENCE",
    "METRICS",
    "ROUTES",
    "RUNTIME",
    "SESSION_PATH",
    "UPSTREAMS",
    "WORKER",
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
RUNTIME: Final = web.AppKey("runtime", Runtime)
METRICS: Final = web.AppKey("metrics", Metrics)
# Live views of the generation in force (empty before start-up and after shutdown).
DETECTORS: Final = web.AppKey("detectors", Mapping[str, Detector])
UPSTREAMS: Final = web.AppKey("upstreams", Mapping[str, UpstreamClient])
ROUTES: Final = web.AppKey("routes", Mapping[str, RouteRuntime])
DEMO_SERVERS: Final = web.AppKey("demo_servers", Mapping[str, DemoServer])
STATE: Final = web.AppKey("state", GatewayState)
# The first generation's (chain, policy) per path; tests may swap entries before start.
_COMPILED: Final[web.AppKey[Compiled]] = web.AppKey("compiled")
_BACKGROUND: Final = web.AppKey("background_start", bool)
EVIDENCE: Final[web.AppKey[EvidenceLog | None]] = web.AppKey("evidence")
# Which worker process this app runs in (``serve --workers``; 0 for a single process).
WORKER: Final = web.AppKey("worker", int)
SESSION_PATH: Final = "/pseudogate/session"

_BUILT_IN: Final = frozenset({"/healthz", "/readyz", "/metrics"})


def create_app(config: Config, *, background_start: bool = False,
               metrics: Metrics | None = None, worker: int = 0) -> web.Application:
    """Build the gateway application for ``config`` (nothing is opened until startup).

    Raises :class:`~pipelines.errors.ConfigError` for a detector or response policy the
    config describes but that cannot be built.  ``background_start``: start the
    detectors after the port is bound (see the module docstring).
    """
    app = web.Application(
        client_max_size=config.server.max_body_bytes,
        middlewares=[_gateway_middleware],
        # Bodies arrive as sent; proxy.body decodes gzip/deflate under the body limit
        # and refuses other codings in the API's shape.
        handler_args={"auto_decompress": False},
    )
    metrics = metrics or Metrics()
    evidence = _evidence_log(config)
    # Everything that can fail on a bad config is built here, before any resource is
    # opened: a ConfigError then leaves nothing to clean up.  Detector construction is
    # cheap by contract (models load in ``start``).
    first = Generation.build(config, metrics, evidence=evidence)
    runtime = Runtime(first)
    app[CONFIG] = config
    app[METRICS] = metrics
    app[RUNTIME] = runtime
    app[STATE] = GatewayState()
    app[_COMPILED] = first.compiled
    app[_BACKGROUND] = background_start
    app[EVIDENCE] = evidence
    app[WORKER] = worker
    app[DETECTORS] = LiveMapping(runtime, lambda g: g.detectors)
    app[UPSTREAMS] = LiveMapping(runtime, lambda g: g.upstreams)
    app[ROUTES] = LiveMapping(runtime, lambda g: g.routes)
    app[DEMO_SERVERS] = LiveMapping(runtime, lambda g: g.demos)
    app.cleanup_ctx.append(_lifecycle_ctx)
    app.router.add_get("/healthz", _healthz)
    app.router.add_get("/readyz", _readyz)
    app.router.add_get("/metrics", _metrics)
    app.router.add_delete(SESSION_PATH, _end_session)
    gateway = Gateway(app[ROUTES], config.server.max_body_bytes, config.server.body_timeout)
    app.router.add_route("*", "/{tail:.*}", gateway.handle)
    return app


def _evidence_log(config: Config) -> EvidenceLog | None:
    settings = config.evidence
    if settings is None:
        return None
    key = load_private_key(settings.key_file)
    return EvidenceLog(Path(settings.path.replace("{pid}", str(os.getpid()))), key,
                       settings.key_id)


async def _bring_up(app: web.Application) -> None:
    runtime = app[RUNTIME]
    started = time.perf_counter()
    try:
        await runtime.first.start()
    except asyncio.CancelledError:
        raise
    except Exception as exc:
        # The message of a ConfigError names file and path, never a value; others: type.
        get_logger("pseudogate").error(
            "startup_failed", error=type(exc).__name__,
            problem=str(exc) if isinstance(exc, GatewayError) else None,
        )
        raise
    runtime.swap(runtime.first)
    app[STATE].detectors_ready = app[STATE].upstreams_ready = True
    app[METRICS].ready.set(1)
    get_logger("pseudogate").info(
        "ready", load_ms=round((time.perf_counter() - started) * 1000),
        routes=len(runtime.first.routes), detectors=len(runtime.first.detectors),
    )


async def _lifecycle_ctx(app: web.Application) -> AsyncIterator[None]:
    runtime = app[RUNTIME]
    monitor = LoopLagMonitor(app[METRICS])
    monitor.start()
    evidence = app[EVIDENCE]
    if evidence is not None:
        evidence.open()
    try:
        if app[_BACKGROUND]:
            runtime.startup = asyncio.get_running_loop().create_task(
                _bring_up(app), name="pseudogate-startup")
        else:
            await _bring_up(app)
        yield
    finally:
        app[STATE].detectors_ready = app[STATE].upstreams_ready = False
        app[METRICS].ready.set(0)
        await runtime.aclose()
        await monitor.stop()
        if evidence is not None:
            seq, head = evidence.head
            evidence.close()
            get_logger("pseudogate").info("evidence.head", file=str(evidence.path), seq=seq,
                                          sha256=head)


async def _healthz(request: web.Request) -> web.Response:
    return web.json_response({"status": "alive"})


async def _readyz(request: web.Request) -> web.Response:
    current = request.app[RUNTIME].current
    ready = current is not None and bool(current.routes)
    store_up = await current.sessions.ready() if current is not None else False
    # A store that is down makes this worker unready only where a route cannot do
    # without it (sessions enabled and not optional).
    if not store_up and current is not None and any(
        route.session.enabled and not route.session.optional for route in current.config.routes
    ):
        ready = False
    body = {
        "status": "ready" if ready else "not_ready",
        "worker": request.app[WORKER],
        "pid": os.getpid(),
        "detectors": sorted(current.detectors) if current else [],
        "upstreams": sorted(current.upstreams) if current else [],
        "routes": sorted(current.routes) if current else [],
        "sessions": {"store": current.sessions.backend if current else None,
                     "reachable": store_up},
    }
    return web.json_response(body, status=200 if ready else 503)


async def _metrics(request: web.Request) -> web.Response:
    body = await asyncio.to_thread(request.app[METRICS].render)
    return web.Response(body=body, headers={"Content-Type": CONTENT_TYPE})


async def _end_session(request: web.Request) -> web.Response:
    """``DELETE /pseudogate/session``: end the caller's session named by the header.

    The caller's tenants are the ones a request with its key would use: the client whose
    key it is (keyed routes) and, where an open route keeps sessions, the credential
    itself (the same key sent to an open route).  Both are ended; 404 if neither existed.
    """
    generation = request.app[RUNTIME].current
    assert generation is not None  # the middleware answered not_ready otherwise
    config, sessions = generation.config, generation.sessions
    key = client_key(request)
    if key is None:
        raise RequestError(401, "missing_api_key", "ending a session requires a client key")
    offered = key.encode()
    tenants: list[str] = []
    # Compare against every key, always, so timing does not reveal which one was close.
    for name, client in config.clients.items():
        if hmac.compare_digest(offered, client.key.encode()):
            tenants.append(client_tenant(name))
    if any(route.session.enabled and route.clients is None for route in config.routes):
        tenants.append(credential_tenant(key))
    if not tenants:
        raise RequestError(401, "invalid_api_key", "the client key is not valid")
    session_id = session_id_of(request, sessions.config.header)
    if session_id is None:
        raise RequestError(
            400, "missing_session_id", f"name the session in the {sessions.config.header} header"
        )
    ended = [await sessions.end(SessionRef(tenant, session_id)) for tenant in tenants]
    if not any(ended):
        raise RequestError(404, "unknown_session", "no such session (ended or expired)")
    return web.Response(status=204)


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
    if request.path in _BUILT_IN:
        probe: web.StreamResponse = await handler(request)
        return probe
    evidence = request.app[EVIDENCE]
    record = RequestRecord(request_id=uuid.uuid4().hex, keep_evidence=evidence is not None)
    request[RECORD] = record
    structlog.contextvars.bind_contextvars(request_id=record.request_id)
    generation = request.app[RUNTIME].current
    try:
        try:
            if generation is None:
                raise RequestError(503, "not_ready",
                                   "the gateway is starting: its detectors are still loading")
            with generation.serving():
                response: web.StreamResponse = await handler(request)
        except web.HTTPException as exc:
            raise _http_exception_to_request_error(exc) from exc
    except GatewayError as exc:
        if isinstance(exc, DetectorError):
            # Fail closed: name the detector and what it raised; never the message,
            # which may quote the text it was scanning.
            cause = exc.__cause__ if exc.__cause__ is not None else exc
            get_logger("pseudogate.detectors").warning(
                "detector.failed", detector=exc.detector, error=type(cause).__name__)
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
        record.observe(request.app[METRICS])
        if evidence is not None:
            try:
                evidence.call(record)
            except OSError as exc:
                # The reply is already on its way; the operator must see the gap.
                get_logger("pseudogate").error("evidence.write_failed",
                                               error=type(exc).__name__)
        structlog.contextvars.unbind_contextvars("request_id")
    response.headers["x-pseudogate-request-id"] = record.request_id
    return response


def _error_response(
    request: web.Request, record: RequestRecord, exc: BaseException
) -> web.Response:
    failure = describe(exc)
    routes: Mapping[str, RouteRuntime] = request.app[ROUTES]
    runtime, _ = route_for(routes, request)
    shape = runtime.shape if runtime is not None else shape_for_unrouted(request)
    record.status = failure.status
    record.outcome = failure.outcome
    record.code = failure.code
    return web.Response(
        status=failure.status,
        body=dumps(shape.error_body(failure.status, failure.code, failure.message)),
        content_type="application/json",
    )

