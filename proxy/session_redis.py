"""The Redis session store (``sessions.store: redis``): sessions shared by processes and hosts.

Implements :class:`pipelines.sessions.SessionStore` with the ``redis`` package's asyncio
client and four Lua scripts, so every call is one round trip and atomic for its session.

Layout: one Redis *hash* per session, ``<prefix>s:<name>`` (``name`` is a keyed hash of
tenant and session id, never an id in clear), and one string per alias,
``<prefix>a:<alias name>`` holding the session's name.  One hash rather than several
keys because a session must expire, be evicted or be deleted as a whole: an evicted
numbering index next to a surviving journal would hand out numbers twice.  Fields:

=================  ===========================================================
``g``              the generation (random; checked by every write)
``k``              the data key, wrapped by a root key
``b``              when the session was created (ms, the server's clock)
``l``              how many records were appended
``l:<seq>``        a sealed record
``n:<tag>``        a value's number (tag: keyed hash of label and normalised value)
``c:<tag>``        a label's counter (tag: keyed hash of the label)
``r:<tag>:<n>``    number ``n`` of a label is reserved (a literal in some input)
=================  ===========================================================

Expiry uses the server's clock (``TIME`` inside the script), so several hosts agree.
Every call has a time limit (``call_timeout_s``) on top of the socket timeouts, and no
client-side retry: a failed or late call raises
:class:`~pipelines.errors.SessionUnavailable` at once.  After a connection failure the
store backs off (50 ms doubling to 2 s): calls inside the back-off window fail without
touching the network, the first call after it tries again (the client reconnects), and
a success resets the window.
"""

from __future__ import annotations

import asyncio
import ssl
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, Final, TypeVar, final

import redis.asyncio as aioredis
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff
from redis.exceptions import RedisError, ResponseError

from pipelines.errors import SessionConflict, SessionUnavailable
from pipelines.sessions import Lifetime, StoredSession
from proxy.config_sessions import RedisConfig

__all__ = ["RedisStore"]

_T = TypeVar("_T")
_CONFLICT: Final = "PGCONFLICT"
_BACKOFF_FIRST: Final = 0.05
_BACKOFF_MAX: Final = 2.0

_OPEN: Final = """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local idle, max_age = tonumber(ARGV[3]), tonumber(ARGV[4])
local born = tonumber(redis.call('HGET', KEYS[1], 'b') or '')
local created = 0
if not born or now - born >= max_age then
  redis.call('DEL', KEYS[1])
  redis.call('HSET', KEYS[1], 'g', ARGV[1], 'k', ARGV[2], 'b', now, 'l', 0)
  born, created = now, 1
end
redis.call('PEXPIREAT', KEYS[1], math.min(now + idle, born + max_age))
local all = redis.call('HGETALL', KEYS[1])
local out = {created, '', ''}
for i = 1, #all, 2 do
  local f = all[i]
  if f == 'g' then out[2] = all[i + 1]
  elseif f == 'k' then out[3] = all[i + 1]
  elseif string.sub(f, 1, 2) == 'l:' then
    out[#out + 1] = string.sub(f, 3)
    out[#out + 1] = all[i + 1]
  end
end
return out
"""

_NUMBER: Final = """
if redis.call('HGET', KEYS[1], 'g') ~= ARGV[1] then
  return redis.error_reply('PGCONFLICT generation')
end
local max_index, reserved = tonumber(ARGV[2]), tonumber(ARGV[3])
local i = 4
for _ = 1, reserved do
  redis.call('HSET', KEYS[1], 'r:' .. ARGV[i] .. ':' .. ARGV[i + 1], 1)
  i = i + 2
end
local out = {}
while i <= #ARGV do
  local value_tag, label_tag = ARGV[i], ARGV[i + 1]
  i = i + 2
  local n = tonumber(redis.call('HGET', KEYS[1], 'n:' .. value_tag) or '')
  if not n then
    n = tonumber(redis.call('HGET', KEYS[1], 'c:' .. label_tag) or '0') + 1
    while redis.call('HEXISTS', KEYS[1], 'r:' .. label_tag .. ':' .. n) == 1 do
      n = n + 1
    end
    if n > max_index then
      n = 0
    else
      redis.call('HSET', KEYS[1], 'c:' .. label_tag, n, 'n:' .. value_tag, n)
    end
  end
  out[#out + 1] = n
end
return out
"""

_APPEND: Final = """
if redis.call('HGET', KEYS[1], 'g') ~= ARGV[1] then
  return redis.error_reply('PGCONFLICT generation')
end
for i = 2, #ARGV do
  local seq = redis.call('HINCRBY', KEYS[1], 'l', 1)
  redis.call('HSET', KEYS[1], 'l:' .. seq, ARGV[i])
end
return #ARGV - 1
"""

_REWRAP: Final = """
if redis.call('HGET', KEYS[1], 'g') ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'k', ARGV[2])
return 1
"""


def _ssl_options(config: RedisConfig) -> dict[str, Any]:
    if not config.url.startswith("rediss://"):
        return {}
    options: dict[str, Any] = {
        "ssl_cert_reqs": ssl.CERT_REQUIRED,
        "ssl_check_hostname": config.tls_check_hostname,
    }
    if config.tls_ca_file is not None:
        options["ssl_ca_certs"] = str(config.tls_ca_file)
    if config.tls_cert_file is not None:
        options["ssl_certfile"] = str(config.tls_cert_file)
    if config.tls_key_file is not None:
        options["ssl_keyfile"] = str(config.tls_key_file)
    return options


@final
class RedisStore:
    """Sessions in Redis; see the module docstring.  ``clock`` is for the back-off only."""

    __slots__ = (
        "_append",
        "_backoff",
        "_client",
        "_clock",
        "_number",
        "_open",
        "_prefix",
        "_retry_at",
        "_rewrap",
        "_timeout",
    )

    def __init__(
        self,
        config: RedisConfig,
        *,
        call_timeout_s: float,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        # A blocking pool: more concurrent requests than connections wait for one (within
        # the call's time limit) instead of failing at once.
        pool = aioredis.BlockingConnectionPool.from_url(
            config.url,
            username=config.username,
            password=config.password,
            socket_timeout=call_timeout_s,
            socket_connect_timeout=call_timeout_s,
            max_connections=config.max_connections,
            timeout=call_timeout_s,
            retry=Retry(NoBackoff(), 0),
            decode_responses=False,
            **_ssl_options(config),
        )
        self._client: aioredis.Redis = aioredis.Redis(connection_pool=pool)
        self._prefix = config.prefix
        self._timeout = call_timeout_s
        self._clock = clock
        self._retry_at = 0.0
        self._backoff = 0.0
        self._open = self._client.register_script(_OPEN)
        self._number = self._client.register_script(_NUMBER)
        self._append = self._client.register_script(_APPEND)
        self._rewrap = self._client.register_script(_REWRAP)

    async def aclose(self) -> None:
        """Close the connection pool."""
        await self._client.aclose(close_connection_pool=True)

    async def ping(self) -> bool:
        """Whether the store answers now (``/readyz``); never raises."""
        try:
            return bool(await self._call(self._client.ping))
        except SessionUnavailable:
            return False

    async def open(
        self, name: str, generation: bytes, wrapped_key: bytes, lifetime: Lifetime
    ) -> StoredSession:
        """See :meth:`pipelines.sessions.SessionStore.open`."""
        args: list[bytes | int] = [
            generation, wrapped_key, _ms(lifetime.idle_ttl_s), _ms(lifetime.max_age_s)
        ]
        reply = await self._call(lambda: self._open(keys=[self._session(name)], args=args))
        created, stored_generation, stored_key, *flat = reply
        pairs = sorted((int(flat[i]), flat[i + 1]) for i in range(0, len(flat), 2))
        return StoredSession(
            bytes(stored_generation), bytes(stored_key),
            tuple(bytes(record) for _, record in pairs), bool(created),
        )

    async def number(
        self,
        name: str,
        generation: bytes,
        items: Sequence[tuple[bytes, bytes]],
        reserved: Sequence[tuple[bytes, int]],
        max_index: int,
    ) -> list[int]:
        """See :meth:`pipelines.sessions.SessionStore.number`."""
        args: list[bytes | int] = [generation, max_index, len(reserved)]
        for label_tag, number in reserved:
            args += [label_tag, number]
        for value_tag, label_tag in items:
            args += [value_tag, label_tag]
        reply = await self._call(lambda: self._number(keys=[self._session(name)], args=args))
        return [int(number) for number in reply]

    async def append(self, name: str, generation: bytes, records: Sequence[bytes]) -> None:
        """See :meth:`pipelines.sessions.SessionStore.append`."""
        args = [generation, *records]
        await self._call(lambda: self._append(keys=[self._session(name)], args=args))

    async def rewrap(self, name: str, generation: bytes, wrapped_key: bytes) -> bool:
        """See :meth:`pipelines.sessions.SessionStore.rewrap`."""
        args = [generation, wrapped_key]
        return bool(
            await self._call(lambda: self._rewrap(keys=[self._session(name)], args=args))
        )

    async def link(self, alias: str, name: str, lifetime: Lifetime) -> None:
        """See :meth:`pipelines.sessions.SessionStore.link`."""
        await self._call(
            lambda: self._client.set(self._alias(alias), name, px=_ms(lifetime.idle_ttl_s))
        )

    async def resolve(self, alias: str, lifetime: Lifetime) -> str | None:
        """See :meth:`pipelines.sessions.SessionStore.resolve`."""
        found = await self._call(
            lambda: self._client.getex(self._alias(alias), px=_ms(lifetime.idle_ttl_s))
        )
        if found is None:
            return None
        return found if isinstance(found, str) else bytes(found).decode("ascii")

    async def end(self, name: str) -> bool:
        """See :meth:`pipelines.sessions.SessionStore.end`."""
        return bool(await self._call(lambda: self._client.delete(self._session(name))))

    def _session(self, name: str) -> str:
        return f"{self._prefix}s:{name}"

    def _alias(self, alias: str) -> str:
        return f"{self._prefix}a:{alias}"

    async def _call(self, call: Callable[[], Awaitable[_T]]) -> _T:
        now = self._clock()
        if now < self._retry_at:
            raise SessionUnavailable(
                f"the session store is unreachable (next attempt in "
                f"{self._retry_at - now:.2f} s)"
            )
        try:
            async with asyncio.timeout(self._timeout):
                result = await call()
        except ResponseError as exc:
            if str(exc).startswith(_CONFLICT):
                raise SessionConflict(
                    "the session ended or was replaced while the request used it"
                ) from exc
            # The server's own message names the command and the reason, never a value
            # (it only ever sees tags and sealed bytes), but keep it out of the reply.
            raise SessionUnavailable("the session store refused the command") from exc
        except (RedisError, OSError, TimeoutError) as exc:
            self._backoff = min(_BACKOFF_MAX, self._backoff * 2 or _BACKOFF_FIRST)
            self._retry_at = self._clock() + self._backoff
            late = isinstance(exc, TimeoutError) or "Timeout" in type(exc).__name__
            raise SessionUnavailable(
                f"the session store did not answer within {self._timeout:g} s"
                if late else "the session store is unreachable"
            ) from exc
        self._backoff = 0.0
        return result


def _ms(seconds: float) -> int:
    return max(1, round(seconds * 1000))
