"""The ``sessions:`` section and ``routes[].session``, validated at start-up.

Kept apart from :mod:`proxy.config` (which calls :func:`parse_sessions` and
:func:`parse_route_session`) because it has its own concerns: secrets (root keys and the
name key, given inline through ``${ENV}`` or as files, never echoed in an error), the
Redis connection, and the check that sessions shared by several processes live in a
store they can share.
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final, Literal, final
from urllib.parse import urlsplit

from pipelines.sealing import KEY_BYTES, KEY_ID_RE, RootKey
from proxy.config_source import Reader, is_stand_in

__all__ = [
    "SESSION_KEYS",
    "SESSION_ROUTE_KEYS",
    "RedisConfig",
    "RouteSessionPolicy",
    "SessionsConfig",
    "parse_route_session",
    "parse_sessions",
]

SESSION_KEYS: Final = frozenset({
    "store", "header", "idle_ttl_s", "max_age_s", "call_timeout_s", "max_records",
    "memory.max_sessions",
    "redis.url", "redis.username", "redis.password", "redis.prefix", "redis.max_connections",
    "redis.tls.ca_file", "redis.tls.cert_file", "redis.tls.key_file",
    "redis.tls.check_hostname", "root_keys", "root_keys[].id", "root_keys[].secret",
    "root_keys[].file", "name_key.secret", "name_key.file",
})
SESSION_ROUTE_KEYS: Final = frozenset({"session.enabled", "session.optional",
                                       "session.idle_ttl_s"})
_HEADER: Final = re.compile(r"[A-Za-z0-9-]{1,64}\Z")
_PREFIX: Final = re.compile(r"[A-Za-z0-9:._-]{1,64}\Z")
_HEX_KEY: Final = re.compile(r"[0-9a-fA-F]{64}\Z")


@final
@dataclass(frozen=True, slots=True)
class RedisConfig:
    """How to reach Redis (or Valkey).  ``repr`` hides the URL and the password."""

    url: str = field(repr=False)
    username: str | None = None
    password: str | None = field(default=None, repr=False)
    prefix: str = "pseudogate:"
    max_connections: int = 50
    tls_ca_file: Path | None = None
    tls_cert_file: Path | None = None
    tls_key_file: Path | None = None
    tls_check_hostname: bool = True


@final
@dataclass(frozen=True, slots=True)
class SessionsConfig:
    """Where sessions live and how they are sealed.

    ``root_keys`` empty and ``name_key`` None mean process-lifetime random keys, which
    only the memory store allows (its sessions die with the process anyway).
    """

    store: Literal["memory", "redis"] = "memory"
    header: str = "x-pseudogate-session"
    idle_ttl_s: float = 1800.0
    max_age_s: float = 86400.0
    call_timeout_s: float = 0.5
    max_sessions: int = 10_000
    max_records: int = 5000
    redis: RedisConfig | None = None
    root_keys: tuple[RootKey, ...] = ()
    name_key: bytes | None = field(default=None, repr=False)


@final
@dataclass(frozen=True, slots=True)
class RouteSessionPolicy:
    """Whether a route keeps a session's vault, and what a store failure does there.

    ``idle_ttl_s`` None means the ``sessions.idle_ttl_s`` default.
    """

    enabled: bool = False
    optional: bool = False
    idle_ttl_s: float | None = None


def _subkeys(keys: frozenset[str], prefix: str) -> frozenset[str]:
    size = len(prefix) + 1
    return frozenset(k[size:].split(".", 1)[0] for k in keys if k.startswith(prefix + "."))


def parse_sessions(top: Reader, base_dir: Path) -> SessionsConfig:
    """``sessions:`` (absent: memory store, ephemeral keys)."""
    item = top.child("sessions")
    item.only(frozenset(k.split(".", 1)[0].removesuffix("[]") for k in SESSION_KEYS))
    store = item.string("store", "memory", choices=("memory", "redis"))
    header = item.string("header", "x-pseudogate-session", check=_matches(_HEADER),
                         expected="an HTTP header name").lower()
    memory = item.child("memory")
    memory.only(_subkeys(SESSION_KEYS, "memory"))
    redis = _redis(item, base_dir) if item.has("redis") or store == "redis" else None
    root_keys = _root_keys(item, base_dir)
    name_key = None
    if item.has("name_key"):
        name_item = item.child("name_key")
        name_item.only(frozenset({"secret", "file"}))
        name_key = _secret(name_item, base_dir)
    idle = item.seconds("idle_ttl_s", 1800.0)
    max_age = item.seconds("max_age_s", 86400.0)
    config = SessionsConfig(
        store=store,  # type: ignore[arg-type]
        header=header,
        idle_ttl_s=idle,
        max_age_s=max_age,
        call_timeout_s=item.seconds("call_timeout_s", 0.5),
        max_sessions=memory.integer("max_sessions", 10_000, low=1),
        max_records=item.integer("max_records", 5000, low=1),
        redis=redis,
        root_keys=root_keys,
        name_key=name_key,
    )
    item.settle()
    if store == "memory" and redis is not None:
        item.fail("redis settings given but sessions.store is memory",
                  expected="store: redis, or no redis section", at=item.at("store"))
    if store == "redis" and (not root_keys or name_key is None):
        item.fail("a redis session store needs root_keys and a name_key (sessions outlive "
                  "the process, so their keys must too)",
                  expected="root_keys: [{id, secret | file}] and name_key: {secret | file}",
                  at=item.at("root_keys" if not root_keys else "name_key"))
    if bool(root_keys) != (name_key is not None):
        item.fail("root_keys and name_key go together",
                  expected="both, or neither (memory store: random keys per process)",
                  at=item.at("name_key" if root_keys else "root_keys"))
    if max_age < idle:
        item.fail("max_age_s is shorter than idle_ttl_s", expected="max_age_s >= idle_ttl_s",
                  at=item.at("max_age_s"))
    return config


def parse_route_session(route: Reader) -> RouteSessionPolicy:
    """``routes[i].session`` (absent: request-scoped vaults)."""
    item = route.child("session")
    item.only(_subkeys(SESSION_ROUTE_KEYS, "session"))
    enabled = item.boolean("enabled", False)
    optional = item.boolean("optional", False)
    idle = item.seconds("idle_ttl_s", 1.0) if item.has("idle_ttl_s") else None
    item.settle()
    if not enabled and (optional or idle is not None):
        item.fail("session options on a route without sessions", expected="enabled: true",
                  at=item.at("enabled"))
    return RouteSessionPolicy(enabled=enabled, optional=optional, idle_ttl_s=idle)


def _redis(item: Reader, base_dir: Path) -> RedisConfig:
    redis = item.child("redis")
    redis.only(_subkeys(SESSION_KEYS, "redis"))
    url = redis.string("url", check=_is_redis_url,
                       expected="a redis://, rediss:// or unix:// URL (port 1-65535, numeric db)")
    tls = redis.child("tls")
    tls.only(_subkeys(SESSION_KEYS, "redis.tls"))
    config = RedisConfig(
        url=url,
        username=redis.optional_string("username"),
        password=redis.optional_string("password"),
        prefix=redis.string("prefix", "pseudogate:", check=_matches(_PREFIX),
                            expected="1-64 characters of [A-Za-z0-9:._-]"),
        max_connections=redis.integer("max_connections", 50, low=1),
        tls_ca_file=_path(tls, "ca_file", base_dir),
        tls_cert_file=_path(tls, "cert_file", base_dir),
        tls_key_file=_path(tls, "key_file", base_dir),
        tls_check_hostname=tls.boolean("check_hostname", True),
    )
    redis.settle()
    if tls.data and urlsplit(url).scheme != "rediss":
        tls.fail("TLS options need a rediss:// URL", expected="url: rediss://…")
    return config


def _is_redis_url(value: str) -> bool:
    parts = urlsplit(value)
    if parts.scheme == "unix":
        shaped = bool(parts.path)
    else:
        shaped = parts.scheme in ("redis", "rediss") and bool(parts.hostname)
    if not shaped:
        return False
    # What the client will make of it (a port out of range, a db or an option that is
    # not a number): refused here, not by a ValueError when the store is built.
    from redis.connection import parse_url

    try:
        parse_url(value)  # type: ignore[no-untyped-call]  # untyped upstream
    except ValueError:
        return False
    return True


def _path(item: Reader, key: str, base_dir: Path) -> Path | None:
    value = item.optional_string(key, expected="a file path")
    if value is None:
        return None
    path = (base_dir / value).resolve()
    if not is_stand_in(value) and not path.is_file():
        item.invalid("file not found", expected="an existing file", at=item.at(key))
    return path


def _root_keys(item: Reader, base_dir: Path) -> tuple[RootKey, ...]:
    raw = item.data.get("root_keys")
    if raw is None:
        return ()
    if not isinstance(raw, list) or not raw:
        item.fail("must be a non-empty list", expected="a list of {id, secret | file}",
                  at=item.at("root_keys"))
    keys: list[RootKey] = []
    for index, entry in enumerate(raw):
        key = Reader(entry, source=item.source, path=f"{item.at('root_keys')}[{index}]",
                     problems=item.problems)
        key.only(frozenset({"id", "secret", "file"}))
        key_id = key.string("id", check=_matches(KEY_ID_RE),
                            expected="1-32 characters of [A-Za-z0-9._-]")
        secret = _secret(key, base_dir)
        if key.failed():
            continue  # recorded; the ring is judged on the keys that read
        if any(existing.id == key_id for existing in keys):
            key.invalid("duplicate root key id", expected="each id once", at=key.at("id"))
            continue
        keys.append(RootKey(key_id, secret))
    return tuple(keys)


def _matches(pattern: re.Pattern[str]) -> Callable[[str], bool]:
    return lambda value: pattern.match(value) is not None


# What a secret that is not there reads as (an unset ${ENV} under --allow-missing-env,
# or a value whose error is recorded): check-config only, never a key anything uses.
_STAND_IN_KEY: Final = bytes(KEY_BYTES)


def _secret(item: Reader, base_dir: Path) -> bytes:
    """32 bytes from ``secret`` (base64 or hex text) or ``file`` (the same text)."""
    if item.has("secret") == item.has("file"):
        item.invalid("give exactly one of secret and file",
                     expected="secret: ${ENV} or file: PATH")
        return _STAND_IN_KEY
    expected = f"{KEY_BYTES} bytes as base64 or hex (openssl rand -base64 {KEY_BYTES})"
    if item.has("secret"):
        text = item.string("secret", expected=expected)
        at = item.at("secret")
    else:
        path = _path(item, "file", base_dir)
        if path is None or item.failed("file") or is_stand_in(item.data.get("file")):
            return _STAND_IN_KEY
        try:
            text = path.read_text(encoding="ascii")
        except (OSError, UnicodeDecodeError) as exc:
            item.invalid(f"cannot read the key file ({type(exc).__name__})", expected=expected,
                         at=item.at("file"))
            return _STAND_IN_KEY
        at = item.at("file")
    if is_stand_in(text):
        return _STAND_IN_KEY
    secret = _decode_key(text.strip())
    if secret is None:
        item.invalid("not a valid key", expected=expected, at=at)
        return _STAND_IN_KEY
    return secret


def _decode_key(text: str) -> bytes | None:
    if _HEX_KEY.match(text):
        return bytes.fromhex(text)
    try:
        decoded = base64.b64decode(text.replace("-", "+").replace("_", "/"), validate=True)
    except (binascii.Error, ValueError):
        return None
    return decoded if len(decoded) == KEY_BYTES else None
