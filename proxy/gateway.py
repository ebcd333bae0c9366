"""The request path: check, sanitise, forward, filter the reply (streamed or not).

:meth:`Gateway.handle` serves every configured route.  Order matters and is the contract:

1. route, method and client key are checked, then the body is read
   (:func:`proxy.body.read_json`: content type and coding, size, read time, UTF-8,
   JSON the gateway can walk and re-send); any failure is a 4xx in the API's shape and
   nothing is forwarded (C7);
2. the body is walked against its API's spec (a value that breaks its field's grammar
   refuses the request naming the field), then sanitised
   (:func:`proxy.ingress.sanitize_request`): every text slot in one chain call with a
   fresh per-request vault, or on a route with sessions the vault of the request's
   session (opened from the store first, what the request added committed to it
   before anything is forwarded; a store that cannot answer refuses the request with
   a 503 unless the route's sessions are optional, C11); then everything forwarded
   unchanged (structure, relayed header and query values, signed content) is checked
   by the route's check detectors and the vault, and a finding refuses the request
   naming the field; a detector failure refuses it unless the route says fail-open
   (C2);
3. the sanitised body goes upstream; an upstream error status becomes an error in the
   API's shape, its body's every string filtered (:func:`_relay_error`);
4. every byte of the reply passes a filter or is the gateway's own (C10): response
   headers through an allow-list and the filter (:func:`proxy.replies.reply_headers`),
   a whole body through the shape's default-deny rewrite; a streamed reply is decoded
   event by event, each text channel goes through its own egress filter, everything
   else through :class:`proxy.replies.ReplyGuard`, and each upstream chunk's output is
   written as soon as it is settled; an egress refusal, an upstream failure or any
   unexpected error mid-stream ends the stream with the API's error event (C6), held
   text dropped;
5. a client that disconnects makes ``write`` raise (or cancels the handler): leaving
   the upstream context closes the upstream connection, which cancels the generation,
   and the vault goes out of scope with the request (a session's sealed records stay
   in the store; nothing of a request-scoped vault outlives the request).
"""

from __future__ import annotations

import hmac
import json
import re
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Final, Literal, Protocol, final, runtime_checkable
from urllib.parse import urlencode

from aiohttp import web
from multidict import CIMultiDict

from pipelines.chain import Chain
from pipelines.errors import RequestError, SessionUnavailable, StreamProtocolError
from pipelines.vault import Vault
from proxy.anthropic_messages import AnthropicMessages
from proxy.body import JSON_TYPES, MAX_JSON_DEPTH, read_json, reject_constant
from proxy.config import RouteConfig
from proxy.config_sessions import RouteSessionPolicy
from proxy.failures import describe
from proxy.ingress import relayed_checks, sanitize_request
from proxy.logs import RequestRecord, get_logger, model_name
from proxy.models import AnthropicModels, OpenAIModels
from proxy.openai_chat import OpenAIChat
from proxy.openai_embeddings import OpenAIEmbeddings
from proxy.openai_responses import OpenAIResponses
from proxy.openai_responses.sessions import ReplyTap, link_reply, open_turn, stored_session
from proxy.replies import ERROR_BODY, ReplyGuard, reply_headers
from proxy.resources import RESOURCE_APIS, Operation, operation
from proxy.scrubber import RouteScrub
from proxy.sessions import SessionService, client_tenant, credential_tenant
from proxy.shapes import (
    ApiShape,
    FilterFactory,
    FilterPolicy,
    dumps,
)
from proxy.slots import read_slots
from proxy.sse import SSEDecoder
from proxy.upstream import UpstreamClient, UpstreamResponse, request_headers
from proxy.walk import walk

__all__ = [
    "ANTHROPIC_KEY",
    "API_SHAPES",
    "MAX_JSON_DEPTH",
    "RECORD",
    "Gateway",
    "RouteRuntime",
    "client_key",
    "route_for",
    "route_key",
    "shape_for_unrouted",
]

RECORD: Final = web.RequestKey("record", RequestRecord)
API_SHAPES: Final[Mapping[str, ApiShape]] = MappingProxyType(
    {
        "openai_chat": OpenAIChat(),
        "openai_responses": OpenAIResponses(),
        "openai_embeddings": OpenAIEmbeddings(),
        "openai_models": OpenAIModels(),
        "anthropic_models": AnthropicModels(),
        "anthropic_messages": AnthropicMessages(),
        "anthropic_count_tokens": AnthropicMessages(count_tokens=True),
    }
)
# A reply body the gateway must hold whole (non-streamed JSON, error bodies).
MAX_RESPONSE_BYTES: Final = 64 * 1024 * 1024
# Query parameters the SDKs send that carry no text (``?beta=true``); others are dropped.
_QUERY_ALLOWED: Final = frozenset({"beta", "api-version"})
_TOKEN: Final = re.compile(r"[A-Za-z0-9._-]{1,64}")


@final
@dataclass(frozen=True, slots=True)
class RouteRuntime:
    """One route, compiled at start-up: its shape, chain, egress policy and upstream."""

    route: RouteConfig
    shape: ApiShape
    chain: Chain
    # Detectors that check what is forwarded unchanged (routes[].check_detectors).
    check_chain: Chain
    policy: FilterPolicy
    upstream: UpstreamClient
    auth: Literal["inject", "passthrough"]
    api_key: str | None
    client_keys: frozenset[bytes]
    open_route: bool
    max_placeholder_index: int
    # (key, client name) for the access log's ``client`` field.
    client_names: tuple[tuple[bytes, str], ...] = ()
    sessions: SessionService | None = None
    session_policy: RouteSessionPolicy = field(default_factory=RouteSessionPolicy)
    # The route's out-of-band LLM scrubbers (proxy/scrubber.py), if its pipeline has any.
    scrub: RouteScrub | None = None


# An ``anthropic_models`` route is keyed under this prefix, so that it can share its path
# (``/v1/models``) with an OpenAI route: requests carrying ``anthropic-version`` take it.
ANTHROPIC_KEY: Final = "anthropic:"
# Shapes whose route takes no POST body of its own (only bodiless operations).
_BODILESS: Final = frozenset({"openai_models", "anthropic_models"})


@runtime_checkable
class _Validating(Protocol):
    """A shape that refuses some bodies outright (before anything is sanitised)."""

    def validate(self, body: Mapping[str, object]) -> None:
        """Raise RequestError for a body the gateway cannot serve safely."""
        ...


def route_key(route: RouteConfig) -> str:
    """The key of ``route`` among a gateway's routes (see :data:`ANTHROPIC_KEY`)."""
    return ANTHROPIC_KEY + route.path if route.api == "anthropic_models" else route.path


def route_for(
    routes: Mapping[str, RouteRuntime], request: web.Request
) -> tuple[RouteRuntime | None, str]:
    """The route serving ``request`` and the rest of the path below the route's own.

    An exact path first (an Anthropic client's ``anthropic_models`` route before an
    OpenAI one); else a route whose API has resources under its path (``P/{id}``).
    """
    path = request.path
    if "anthropic-version" in request.headers:
        runtime = routes.get(ANTHROPIC_KEY + path)
        if runtime is not None:
            return runtime, ""
    runtime = routes.get(path)
    if runtime is not None:
        return runtime, ""
    anthropic = "anthropic-version" in request.headers
    # An Anthropic client's resources first, then everyone's; never Anthropic's otherwise.
    for anthropic_only in (True, False) if anthropic else (False,):
        for key, candidate in routes.items():
            if key.startswith(ANTHROPIC_KEY) != anthropic_only:
                continue
            base = candidate.route.path
            if candidate.route.api in RESOURCE_APIS and path.startswith(base + "/"):
                return candidate, path[len(base):]
    return None, ""


def shape_for_unrouted(request: web.Request) -> ApiShape:
    """The error shape for a request no route matched: Anthropic if it looks like it."""
    if "anthropic-version" in request.headers or request.path.startswith("/v1/messages"):
        return API_SHAPES["anthropic_messages"]
    return API_SHAPES["openai_chat"]


def client_key(request: web.Request) -> str | None:
    """The gateway key the client presented (``x-api-key`` or a bearer token), or None."""
    value = request.headers.get("x-api-key")
    if value:
        return value
    auth = request.headers.get("authorization", "")
    scheme, _, token = auth.partition(" ")
    if scheme.lower() == "bearer" and token.strip():
        return token.strip()
    return None


def _check_key(runtime: RouteRuntime, request: web.Request) -> str | None:
    """The name of the client whose key the request carries (None on an open route)."""
    if runtime.open_route:
        return None
    key = client_key(request)
    if key is None:
        raise RequestError(401, "missing_api_key", "this route requires a gateway client key")
    offered = key.encode()
    # Compare against every key, always, so timing does not reveal which one was close.
    matched = False
    for allowed in runtime.client_keys:
        matched |= hmac.compare_digest(offered, allowed)
    if not matched:
        raise RequestError(401, "invalid_api_key", "the client key is not valid for this route")
    return next((name for allowed, name in runtime.client_names
                 if hmac.compare_digest(offered, allowed)), None)


def _relayed_query(request: web.Request) -> list[tuple[str, str]]:
    """The query parameters relayed upstream: allowed names with token values."""
    return [
        (key, value)
        for key, value in request.query.items()
        if key in _QUERY_ALLOWED and _TOKEN.fullmatch(value)
    ]


def _upstream_path(runtime: RouteRuntime, query: list[tuple[str, str]]) -> str:
    # The API's own path, not the route's: several routes (tiers) may serve one API.
    return runtime.shape.upstream_path + ("?" + urlencode(query) if query else "")


@final
class Gateway:
    """Serves every configured route; ``routes`` is filled in by the app at start-up."""

    __slots__ = ("_body_timeout", "_max_body", "_routes")

    def __init__(
        self, routes: Mapping[str, RouteRuntime], max_body_bytes: int, body_timeout: float
    ) -> None:
        self._routes = routes
        self._max_body = max_body_bytes
        self._body_timeout = body_timeout

    async def handle(self, request: web.Request) -> web.StreamResponse:
        """Serve one request (see the module docstring for the order of checks)."""
        runtime, tail = route_for(self._routes, request)
        record = request[RECORD]
        if runtime is None:
            raise RequestError(404, "unknown_route", "no route is configured for this path")
        shape = runtime.shape
        record.route = runtime.route.name
        record.api = shape.name
        record.upstream = runtime.route.upstream
        if tail or shape.name in _BODILESS:
            return await self._operation(request, runtime, tail)
        if request.method != "POST":
            raise RequestError(405, "method_not_allowed", "this route accepts POST only")
        record.client = _check_key(runtime, request)
        tenant = _tenant(record.client, request)
        body = await read_json(request, self._max_body, self._body_timeout)
        record.hash_received(body, runtime.route.pipeline)
        if isinstance(shape, _Validating):
            shape.validate(body)
        record.streamed = shape.is_streaming(body)

        headers = _headers(request, runtime)
        query = _relayed_query(request)
        found = walk(shape.request, body)
        record.texts = len(found.slots)
        session = None
        sessions = runtime.sessions
        if sessions is not None:
            # A Responses request always runs in a session: a follow-up continues the
            # one its previous_response_id names (proxy/openai_responses/sessions.py).
            session = await (
                open_turn(sessions, runtime.session_policy, request, tenant, body, record)
                if shape.name == "openai_responses"
                else sessions.for_request(request, tenant, runtime.session_policy, record)
            )
        vault = (
            session.vault if session is not None
            else Vault(max_index=runtime.max_placeholder_index)
        )
        started = time.perf_counter()
        checks = relayed_checks(headers, query)
        try:
            sanitised = await sanitize_request(
                found, vault, chain=runtime.chain, check_chain=runtime.check_chain, extra=checks,
            )
        except SessionUnavailable as exc:
            # The store failed while numbering, after a good open: optional sessions go
            # on request-scoped, as when the open itself fails (nothing was written yet).
            if session is None or runtime.sessions is None or not runtime.sessions.degrade(
                runtime.session_policy, record, exc
            ):
                raise
            session, vault = None, Vault(max_index=runtime.max_placeholder_index)
            sanitised = await sanitize_request(
                found, vault, chain=runtime.chain, check_chain=runtime.check_chain, extra=checks,
            )
        record.sanitize_ms = (time.perf_counter() - started) * 1000.0
        if session is not None and sessions is not None:
            await sessions.commit(session, runtime.session_policy, record)
        # The model once checked (it is forwarded unchanged, so it passed the check
        # detectors and the vault): a refused value never reaches the log or evidence.
        record.model = model_name(body)
        record.note_findings(
            {finding.detector for finding in sanitised.findings}, sanitised.counts, len(vault)
        )
        record.note_issued(sanitised.findings)
        # The reply may name itself (a Responses id): it becomes an alias of the session
        # as soon as it passes through the rewriter, before the reply's first byte.
        async def keep(reply_id: str) -> None:
            if session is not None and sessions is not None:
                await link_reply(sessions, runtime.session_policy, session, tenant, reply_id,
                                 record)

        factory = ReplyTap(runtime.policy.factory_for(vault), on_id=keep)
        path = _upstream_path(runtime, query)
        forwarded = dumps(body)
        record.hash_forwarded(forwarded)
        try:
            async with runtime.upstream.post(path, forwarded, headers) as up:
                record.first_byte_ms = up.first_byte_s * 1000.0
                if up.status >= 400:
                    return await _relay_error(up, shape, factory, record,
                                              injected=runtime.auth == "inject")
                if up.content_type == "text/event-stream":
                    return await _stream(request, up, shape, factory, record)
                if up.content_type in JSON_TYPES:
                    reply = await _whole(up, shape, factory, record)
                    await factory.settle()
                    return reply
                raise StreamProtocolError("upstream answered with an unexpected content type")
        finally:
            if runtime.scrub is not None:
                # Out of band, once the reply has ended or failed: queued, never awaited.
                # The slots hold the texts as sent.
                runtime.scrub.submit(record.request_id, read_slots(found.slots), session)

    async def _operation(
        self, request: web.Request, runtime: RouteRuntime, tail: str
    ) -> web.StreamResponse:
        """A bodiless operation on the route's resources (see :mod:`proxy.resources`)."""
        client = _check_key(runtime, request)
        op = operation(runtime.route.api, request.method, tail, request.query)
        body = b"" if op.method == "POST" else None
        headers = _headers(request, runtime, json_body=body is not None)
        await _check_operation(runtime.check_chain, op, headers)
        session = None
        if op.vault_id is not None and runtime.sessions is not None:
            session = await stored_session(runtime.sessions, runtime.session_policy,
                                           _tenant(client, request), op.vault_id)
        factory = runtime.policy.factory_for(
            session.vault if session is not None
            else Vault(max_index=runtime.max_placeholder_index)
        )
        path = op.path + ("?" + urlencode(op.query) if op.query else "")
        record = request[RECORD]
        async with runtime.upstream.send(op.method, path, body, headers) as up:
            record.first_byte_ms = up.first_byte_s * 1000.0
            if up.status >= 400:
                return await _relay_error(up, runtime.shape, factory, record,
                                          injected=runtime.auth == "inject")
            if up.content_type not in JSON_TYPES:
                raise StreamProtocolError("upstream answered with an unexpected content type")
            return await _whole(up, runtime.shape, factory, record)


def _tenant(client: str | None, request: web.Request) -> str:
    """Whose sessions a request may use: the client on a keyed route, else its
    credential."""
    return client_tenant(client) if client is not None else credential_tenant(
        client_key(request))


def _headers(
    request: web.Request, runtime: RouteRuntime, *, json_body: bool = True
) -> CIMultiDict[str]:
    return request_headers(
        request.headers,
        auth=runtime.auth,
        api_key=runtime.api_key,
        key_header="authorization" if runtime.shape.key_header == "authorization"
        else "x-api-key",
        allowed=runtime.upstream.allowed_headers,
        json_body=json_body,
    )


async def _check_operation(chain: Chain, op: Operation, headers: Mapping[str, str]) -> None:
    """Refuse an operation whose id, query values or relayed headers (names and values,
    as :func:`proxy.ingress.relayed_checks` lists them) hold a sensitive value."""
    checked = [*op.checked, *((check.field, check.text)
                              for check in relayed_checks(headers, ()))]
    if not checked:
        return
    spans = await chain.detect([value for _, value in checked])
    for (name, _), found in zip(checked, spans, strict=True):
        if found:
            raise RequestError(
                400, "sensitive_value", f"request refused: {name} holds a sensitive value"
            )


async def _relay_error(
    up: UpstreamResponse,
    shape: ApiShape,
    factory: FilterFactory,
    record: RequestRecord,
    *,
    injected: bool,
) -> web.Response:
    """An upstream error status, in the API's shape; 5xx become 502 (503/529 kept).

    A body in the API's error shape is relayed with every string filtered (its message
    may quote the sanitised request back, or anything else); any other body is replaced
    by the gateway's own message.  When the gateway injected the provider key, an
    upstream 401/403 is about that key, which the client neither sent nor may see: its
    message is the gateway's own too.
    """
    raw = await up.read(MAX_RESPONSE_BYTES)
    status = up.status if up.status < 500 or up.status in (503, 529) else 502
    guard = ReplyGuard(factory)
    try:
        parsed: object = json.loads(raw, parse_constant=reject_constant)
    except (ValueError, RecursionError):
        parsed = None
    body: object
    headers = reply_headers(up.headers.items(), guard)
    if injected and up.status in (401, 403):
        body = shape.error_body(
            502, "upstream_auth", f"the upstream refused the gateway's credentials "
            f"(HTTP {up.status})"
        )
        status = 502
        # Retrying cannot help a client whose request is fine: tell the SDKs not to.
        headers["x-should-retry"] = "false"
    elif shape.is_error_body(parsed):
        body = guard.scrub(parsed, ERROR_BODY)
    else:
        body = shape.error_body(status, "upstream_error", f"upstream returned HTTP {up.status}")
    record.status = status
    record.outcome = "upstream_error"
    record.code = "upstream_status"
    return web.Response(
        status=status,
        body=dumps(body),
        content_type="application/json",
        headers=headers,
    )


async def _whole(
    up: UpstreamResponse, shape: ApiShape, factory: FilterFactory, record: RequestRecord
) -> web.Response:
    raw = await up.read(MAX_RESPONSE_BYTES)
    try:
        body = json.loads(raw, parse_constant=reject_constant)
    except ValueError as exc:
        raise StreamProtocolError("upstream sent a JSON body that does not parse") from exc
    except RecursionError as exc:
        raise StreamProtocolError("upstream sent JSON nested too deeply") from exc
    if not isinstance(body, dict):
        raise StreamProtocolError("upstream sent a JSON body that is not an object")
    record.usage.from_body(body)
    headers = reply_headers(up.headers.items(), ReplyGuard(factory))
    shape.rewrite_body(body, factory)
    record.status = up.status
    return web.Response(
        status=up.status,
        body=dumps(body),
        content_type="application/json",
        headers=headers,
    )


@final
class _StreamReply(web.StreamResponse):
    """A streamed reply whose headers leave with its first bytes (one send, not two).

    ``_send_headers_immediately`` is aiohttp's own switch (``web.Response`` turns it
    off the same way); with it off, ``prepare`` buffers the status line and headers and
    the first ``write`` (or ``write_eof``) sends them together with the body.  On an
    aiohttp without the switch the headers simply go out at ``prepare`` as before.
    """

    _send_headers_immediately = False


async def _stream(
    request: web.Request,
    up: UpstreamResponse,
    shape: ApiShape,
    factory: ReplyTap,
    record: RequestRecord,
) -> web.StreamResponse:
    headers = reply_headers(up.headers.items(), ReplyGuard(factory))
    response = _StreamReply(status=up.status, headers=headers)
    response.content_type = "text/event-stream"
    response.headers["Cache-Control"] = "no-cache"
    # Set here: the middleware's copy comes after the headers of a stream were written.
    response.headers["x-pseudogate-request-id"] = record.request_id
    record.status = up.status
    await response.prepare(request)
    decoder = SSEDecoder()
    rewriter = shape.rewriter(factory)
    pending: list[bytes] = []
    try:
        try:
            async for chunk in up.chunks():
                events = decoder.feed(chunk)
                record.usage.from_events(events)
                pending.extend(rewriter.on_events(events))
                # When the upstream's end of body came with this read, the output goes
                # out below together with the end of the reply, in one write.
                if pending and not up.drained:
                    # A reply id the rewriter saw is linked before its bytes go out.
                    await factory.settle()
                    await _write(response, pending)
            pending.extend(rewriter.on_events(decoder.close()))
            pending.extend(rewriter.finish())
            await factory.settle()
        except ConnectionResetError:
            raise
        except Exception as exc:
            # Once the stream has started the only way to tell the client is the API's
            # error event: a refusal, an upstream failure or a bug (any exception: the
            # headers are gone, so the middleware could not answer) fails closed the
            # same way, and the held text of every channel is dropped.
            failure = describe(exc)
            record.outcome = failure.outcome
            record.code = failure.code
            if failure.outcome == "error":
                # The type only: a message may echo input.
                get_logger("pseudogate").error("stream_failed", error=type(exc).__name__)
            pending.append(rewriter.error_event(failure.status, failure.code, failure.message))
        await response.write_eof(b"".join(pending))
    except ConnectionResetError:
        record.outcome = "client_gone"
    return response


async def _write(response: web.StreamResponse, pending: list[bytes]) -> None:
    data = b"".join(pending)
    pending.clear()
    await response.write(data)
