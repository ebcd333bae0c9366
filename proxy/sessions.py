"""The gateway's sessions: which session a request belongs to, opened from the store.

:class:`SessionService` (the app's :data:`SESSIONS`) holds the configured store
(:class:`~proxy.session_memory.MemoryStore` or :class:`~proxy.session_redis.RedisStore`)
and the :class:`~pipelines.sealing.KeyRing`.  The gateway asks it for a request's
session on routes with ``session.enabled``; the Responses API continues a session from
a response id through an *alias* (:meth:`SessionService.open_alias`, :meth:`link`).

Tenants (who a session belongs to, :func:`client_tenant`, :func:`credential_tenant`): on
a route with ``clients`` ``client:<name>`` of the client whose key matched; on an open
route ``credential:<sha256>`` of the credential the client presented (its provider key,
with ``auth: passthrough``), or ``anonymous`` without one.  The three namespaces are
disjoint by construction, whatever a client is called (a client named ``anonymous`` is
not the open routes' anonymous tenant).  The same session id under two tenants is two
sessions, with unrelated names, data keys and numbering: a placeholder of one never
relinks for the other.

Failure: the store raises :class:`~pipelines.errors.SessionUnavailable`; the gateway
answers 503 in the API's shape and forwards nothing, unless the route has
``session.optional``, in which case the request goes on with a request-scoped vault and
a ``session.degraded`` warning is logged.
"""

from __future__ import annotations

import hashlib
import re
from typing import Final, Protocol, final, runtime_checkable

from aiohttp import web

from pipelines.errors import ConfigError, RequestError, SessionKeyError, SessionUnavailable
from pipelines.sealing import KeyRing
from pipelines.sessions import Lifetime, Session, SessionRef, SessionStore, open_session
from proxy.config import Config
from proxy.config_sessions import RouteSessionPolicy, SessionsConfig
from proxy.logs import RequestRecord, get_logger
from proxy.session_memory import MemoryStore

__all__ = [
    "ANONYMOUS",
    "SESSIONS",
    "SessionService",
    "build_sessions",
    "client_tenant",
    "credential_tenant",
    "session_id_of",
]

ANONYMOUS: Final = "anonymous"
# What a session id may be: visible ASCII, bounded (it is hashed, never stored).
_SESSION_ID: Final = re.compile(r"[\x21-\x7e]{1,256}\Z")


@runtime_checkable
class _Connected(Protocol):
    """A store with a connection: it can be probed and must be closed."""

    async def ping(self) -> bool: ...

    async def aclose(self) -> None: ...


@final
class SessionService:
    """Opens, ends and aliases sessions for the gateway (one per app)."""

    __slots__ = ("_keyring", "_max_age", "_max_index", "_owns_store", "_store", "backend",
                 "config")

    def __init__(
        self,
        config: SessionsConfig,
        store: SessionStore,
        keyring: KeyRing,
        *,
        max_index: int,
        backend: str,
    ) -> None:
        self.config = config
        self.backend = backend
        self._store = store
        self._keyring = keyring
        self._max_age = config.max_age_s
        self._max_index = max_index
        self._owns_store = True

    @property
    def store(self) -> SessionStore:
        """The store (tests and the bench reach it; the gateway goes through here)."""
        return self._store

    def lifetime(self, policy: RouteSessionPolicy) -> Lifetime:
        """The lifetime of sessions opened on a route with ``policy``."""
        return Lifetime(policy.idle_ttl_s or self.config.idle_ttl_s, self._max_age)

    async def open(self, ref: SessionRef, lifetime: Lifetime) -> Session:
        """The session ``ref`` names, created if new; its vault restored."""
        name = self._keyring.name(ref.tenant, ref.session_id)
        return await open_session(
            self._store, self._keyring, name, lifetime, max_index=self._max_index,
            max_records=self.config.max_records,
        )

    async def open_alias(self, ref: SessionRef, lifetime: Lifetime) -> Session | None:
        """The session alias ``ref`` points to (a response id of it), or None if unknown."""
        name = await self._store.resolve(
            self._keyring.alias_name(ref.tenant, ref.session_id), lifetime
        )
        if name is None:
            return None
        return await open_session(
            self._store, self._keyring, name, lifetime, max_index=self._max_index,
            max_records=self.config.max_records,
        )

    async def link(self, session: Session, alias: SessionRef, lifetime: Lifetime) -> None:
        """Make ``alias`` (same tenant, another id: a response id) name ``session``."""
        await self._store.link(
            self._keyring.alias_name(alias.tenant, alias.session_id), session.name, lifetime
        )

    async def for_request(
        self,
        request: web.Request,
        tenant: str,
        policy: RouteSessionPolicy,
        record: RequestRecord,
    ) -> Session | None:
        """The session of ``request`` on a route with ``policy``, or None (request-scoped).

        None when the route keeps no sessions, the request names none, or the store
        failed and the route's sessions are optional (logged as ``session.degraded``).
        """
        if not policy.enabled:
            return None
        session_id = session_id_of(request, self.config.header)
        if session_id is None:
            return None
        try:
            session = await self.open(SessionRef(tenant, session_id), self.lifetime(policy))
        except SessionUnavailable as exc:
            if not self.degrade(policy, record, exc):
                raise
            return None
        except SessionKeyError as exc:
            # The operator must act: the message names key ids and the reason only.
            get_logger("pseudogate.sessions").error("session.key_error", reason=exc.message)
            raise
        record.session = "new" if session.created else "continued"
        return session

    async def commit(
        self, session: Session, policy: RouteSessionPolicy, record: RequestRecord
    ) -> None:
        """Persist what the request added to ``session`` (before anything is forwarded)."""
        try:
            await session.commit()
        except SessionUnavailable as exc:
            if not self.degrade(policy, record, exc):
                raise

    def degrade(
        self, policy: RouteSessionPolicy, record: RequestRecord, exc: SessionUnavailable
    ) -> bool:
        """Whether a request whose store call failed goes on request-scoped (optional
        sessions: logged as ``session.degraded``) rather than being refused.

        The gateway asks at every store call of a request: the open, the numbering
        inside sanitising, the commit.
        """
        if not policy.optional:
            return False
        record.session = "degraded"
        get_logger("pseudogate.sessions").warning("session.degraded", reason=exc.message)
        return True

    async def end(self, ref: SessionRef) -> bool:
        """Delete the session ``ref`` names; whether it existed."""
        return await self._store.end(self._keyring.name(ref.tenant, ref.session_id))

    async def ready(self) -> bool:
        """Whether the store answers (always for the memory store)."""
        if isinstance(self._store, _Connected):
            return await self._store.ping()
        return True

    @property
    def keyring(self) -> KeyRing:
        """The root keys and name key sessions are sealed and named with."""
        return self._keyring

    def hand_over(self) -> None:
        """The store now belongs to the next generation's service: do not close it."""
        self._owns_store = False

    async def aclose(self) -> None:
        """Close the store's connections (unless handed over)."""
        if self._owns_store and isinstance(self._store, _Connected):
            await self._store.aclose()


def build_sessions(config: Config, previous: SessionService | None = None) -> SessionService:
    """The configured store and key ring (nothing is connected until the first call).

    With ``previous`` (the service of the config in force, on a reload) its store is
    kept unless the new config moves sessions elsewhere (another backend, another Redis
    or its connection settings): the memory store is kept whatever its bound (it takes
    the new one), and its random keys when neither config names keys.  A reload must
    not lose the sessions.
    """
    sessions = config.sessions
    if sessions.root_keys and sessions.name_key is not None:
        keyring = KeyRing(sessions.root_keys, sessions.name_key)
    elif previous is not None and not previous.config.root_keys:
        keyring = previous.keyring
    else:
        keyring = KeyRing.ephemeral()
    store: SessionStore
    if previous is not None and _same_store(previous.config, sessions):
        store = previous.store
        if isinstance(store, MemoryStore):
            store.resize(sessions.max_sessions)
    elif sessions.store == "redis":
        from proxy.session_redis import RedisStore

        assert sessions.redis is not None
        try:
            store = RedisStore(sessions.redis, call_timeout_s=sessions.call_timeout_s)
        except ValueError as exc:  # the URL is checked at load; this is a backstop
            raise ConfigError(f"cannot use the Redis URL ({type(exc).__name__})",
                              source=config.source, path="sessions.redis.url",
                              expected="a redis://, rediss:// or unix:// URL") from exc
    else:
        store = MemoryStore(max_sessions=sessions.max_sessions)
    return SessionService(
        sessions, store, keyring, max_index=config.server.max_placeholder_index,
        backend=sessions.store,
    )


def _same_store(previous: SessionsConfig, new: SessionsConfig) -> bool:
    """Whether ``new`` keeps sessions where ``previous`` keeps them (reuse the store)."""
    if previous.store != new.store:
        return False
    if new.store == "memory":
        return True  # (reproduced: a changed call_timeout_s or bound dropped every session)
    return (previous.redis, previous.call_timeout_s) == (new.redis, new.call_timeout_s)


def client_tenant(name: str) -> str:
    """The tenant of the configured client ``name`` (a keyed route matched its key)."""
    return "client:" + name


def credential_tenant(credential: str | None) -> str:
    """The tenant of a client on an open route: a hash of what it presented."""
    if not credential:
        return ANONYMOUS
    return "credential:" + hashlib.sha256(credential.encode("utf-8", "surrogatepass")).hexdigest()


def session_id_of(request: web.Request, header: str) -> str | None:
    """The session id the client sent in ``header``, or None; a malformed one is a 400."""
    value = request.headers.get(header)
    if value is None:
        return None
    if not _SESSION_ID.match(value):
        raise RequestError(
            400, "invalid_session_id",
            f"the {header} header must be 1-256 visible ASCII characters",
        )
    return value


SESSIONS: Final = web.AppKey("sessions", SessionService)
