"""Follow-ups: a Responses reply's vault is a session, found again by the reply's id.

With the Responses API the provider holds the history: a request naming
``previous_response_id`` sends only the new input, and the earlier turns (with their
placeholders) are on the provider's side.  Numbering and relinking in the follow-up
must therefore continue the vault of the response it follows, or ``[EMAIL_1]`` would
mean two values.  So every Responses request runs in a session of the route's session
store (:mod:`proxy.sessions`; ``sessions:`` config, memory by default, Redis to share
it between processes):

* a follow-up opens the session its ``previous_response_id`` is an alias of
  (``response:<id>`` in the client's tenant); one the store does not know (another
  tenant's, another process's memory store, expired) is refused with a 400 in the
  Responses error shape and nothing is forwarded — never sanitised or relinked with
  the wrong values.  A store failure is a 503 even on a route with
  ``session.optional``: a request-scoped vault would number the follow-up afresh;
* a first turn opens the session the client names in the session header (routes with
  ``session.enabled``), else a new session of its own under a random id;
* the reply's id is linked to that session (:class:`ReplyTap`) before the first byte of
  the reply goes out, so a client that reads the id can send the follow-up at once;
* ``GET /v1/responses/{id}`` (``input_items``, ``cancel``) relinks with the session
  the id is an alias of; a stored response whose session is gone is filtered with an
  empty vault (placeholders stay placeholders).
"""

from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable, Mapping
from typing import Final, final

from aiohttp import web

from pipelines.errors import RequestError, SessionUnavailable
from pipelines.sessions import Session, SessionRef
from proxy.config_sessions import RouteSessionPolicy
from proxy.logs import RequestRecord, get_logger
from proxy.sessions import SessionService
from proxy.shapes import FilterFactory, TextFilter

__all__ = ["ALIAS", "ReplyTap", "link_reply", "note_reply_id", "open_turn", "stored_session"]

# A response id's alias in its tenant (session ids a client names live beside them).
ALIAS: Final = "response:"
# A first turn's own session: this prefix and 128 random bits.
_TURN: Final = "responses-turn:"


async def open_turn(
    service: SessionService,
    policy: RouteSessionPolicy,
    request: web.Request,
    tenant: str,
    body: Mapping[str, object],
    record: RequestRecord,
) -> Session | None:
    """The session a Responses request runs in (None: the store failed and the route's
    sessions are optional, so a first turn goes on request-scoped, and unlinked)."""
    lifetime = service.lifetime(policy)
    previous = body.get("previous_response_id")
    if previous is not None:
        session = (await service.open_alias(SessionRef(tenant, ALIAS + previous), lifetime)
                   if isinstance(previous, str) else None)
        if session is None:
            raise RequestError(
                400, "previous_response_unknown",
                "request refused: the gateway does not hold the placeholders of "
                "previous_response_id (another tenant's or gateway process's response, "
                "a restart, or an expired entry); send the conversation as input instead",
            )
        record.session = "continued"
        return session
    named = await service.for_request(request, tenant, policy, record)
    if named is not None or record.session == "degraded":
        return named
    try:
        session = await service.open(
            SessionRef(tenant, _TURN + secrets.token_urlsafe(16)), lifetime
        )
    except SessionUnavailable as exc:
        if not policy.optional:
            raise
        _degraded(record, exc)
        return None
    record.session = "new"
    return session


async def link_reply(
    service: SessionService,
    policy: RouteSessionPolicy,
    session: Session,
    tenant: str,
    reply_id: str,
    record: RequestRecord,
) -> None:
    """Make the reply's id an alias of ``session`` (a follow-up will name it)."""
    try:
        await service.link(session, SessionRef(tenant, ALIAS + reply_id),
                           service.lifetime(policy))
    except SessionUnavailable as exc:
        if not policy.optional:
            raise
        _degraded(record, exc)


async def stored_session(
    service: SessionService, policy: RouteSessionPolicy, tenant: str, response_id: str
) -> Session | None:
    """The session a stored response's id is an alias of, or None."""
    return await service.open_alias(SessionRef(tenant, ALIAS + response_id),
                                    service.lifetime(policy))


def _degraded(record: RequestRecord, exc: SessionUnavailable) -> None:
    record.session = "degraded"
    get_logger("pseudogate.sessions").warning("session.degraded", reason=exc.message)


@final
class ReplyTap:
    """A request's channel factory that also learns the id its reply announces.

    The rewriter notes the id when it passes (``response.created``, or a whole body);
    the gateway calls :meth:`settle` before it writes any byte of the reply, which runs
    ``on_id`` (link the id to the session) once, so the store knows the id before the
    client can read it, and a store failure fails the reply.
    """

    __slots__ = ("_factory", "_on_id", "_settled", "reply_id")

    def __init__(self, factory: FilterFactory,
                 on_id: Callable[[str], Awaitable[None]] | None = None) -> None:
        self._factory = factory
        self._on_id = on_id
        self._settled = False
        self.reply_id: str | None = None

    def __call__(self, json_string: bool, /) -> TextFilter:
        """A fresh channel filter (see :data:`~proxy.shapes.FilterFactory`)."""
        return self._factory(json_string)

    def signed(self) -> TextFilter:
        """A fresh signed channel (see :data:`~proxy.shapes.FilterFactory`)."""
        return self._factory.signed()

    def note(self, response_id: str) -> None:
        """The reply's id (the first one wins)."""
        if self.reply_id is None:
            self.reply_id = response_id

    async def settle(self) -> None:
        """Run ``on_id`` for the noted id, once (nothing before an id was noted)."""
        if self.reply_id is None or self._settled:
            return
        self._settled = True
        if self._on_id is not None:
            await self._on_id(self.reply_id)


def note_reply_id(factory: FilterFactory, response_id: object) -> None:
    """Record ``response_id`` on ``factory`` if it is a :class:`ReplyTap`."""
    if isinstance(factory, ReplyTap) and isinstance(response_id, str):
        factory.note(response_id)
