"""Shared parts of the session end-to-end tests: configs, replies, clients, Redis scans.

``session_config`` builds a gateway config whose routes keep sessions in a real Redis
(under a prefix of the test's own), in front of the recording fake upstream: a keyed
route for the ``trusted`` and ``vendor`` clients, an open route with optional sessions,
and a request-scoped route.  Its regex detector has one custom pattern, ``TICKET``,
that fires only after the word "customer", so a ticket named without it is masked in a
later turn only because the session remembers it.
"""

from __future__ import annotations

import base64
import json
from dataclasses import dataclass
from typing import Any

import openai

from tests.redis_server import RedisServer

SESSION_HEADER = "x-pseudogate-session"
TRUSTED, VENDOR = "gw-trusted-key", "gw-vendor-key"
CHAT = "/v1/chat/completions"
OPTIONAL = "/optional/v1/chat/completions"
SCOPED = "/scoped/v1/chat/completions"
TICKET = "ZX-40417"
EMAIL = "jane.doe@example.com"
EMAIL_2 = "bob.roe@corp.example"
PHONE = "+1 415 555 0132"


def key(seed: int) -> str:
    """A deterministic 32-byte root key, base64 (tests only)."""
    return base64.b64encode(bytes((seed + i) % 256 for i in range(32))).decode()


def session_config(
    upstream_url: str,
    redis_url: str,
    *,
    prefix: str,
    root_keys: list[tuple[str, str]] | None = None,
    name_key: str | None = None,
    idle_ttl_s: float | None = None,
    call_timeout_s: float = 5.0,
) -> dict[str, Any]:
    """A gateway config with Redis sessions (see the module docstring)."""
    chat_session: dict[str, Any] = {"enabled": True}
    if idle_ttl_s is not None:
        chat_session["idle_ttl_s"] = idle_ttl_s
    route: dict[str, Any] = {"api": "openai_chat", "pipeline": ["regex"],
                             "response": {"relink": True}}
    return {
        "clients": {"trusted": {"key": TRUSTED}, "vendor": {"key": VENDOR}},
        "upstreams": {
            "fake": {"base_url": upstream_url, "auth": "inject", "api_key": "sk-provider"},
            "open": {"base_url": upstream_url, "auth": "passthrough"},
        },
        "detectors": {"regex": {"type": "regex", "options": {"custom": [
            {"label": "TICKET", "pattern": r"ZX-[0-9]{5}", "context": ["customer"]},
        ]}}},
        "sessions": {
            "store": "redis",
            "call_timeout_s": call_timeout_s,
            "redis": {"url": redis_url, "prefix": prefix},
            "root_keys": [{"id": kid, "secret": secret}
                          for kid, secret in (root_keys or [("k1", key(1))])],
            "name_key": {"secret": name_key or key(100)},
        },
        "routes": [
            dict(route, name="chat", path=CHAT, upstream="fake", clients=["trusted", "vendor"],
                 session=chat_session),
            dict(route, name="optional", path=OPTIONAL, upstream="open",
                 session={"enabled": True, "optional": True}),
            dict(route, name="scoped", path=SCOPED, upstream="open"),
        ],
    }


def completion(text: str) -> dict[str, Any]:
    """A whole Chat Completions reply saying ``text``."""
    return {"id": "chatcmpl-1", "object": "chat.completion", "created": 1, "model": "m",
            "choices": [{"index": 0, "finish_reason": "stop",
                         "message": {"role": "assistant", "content": text}}]}


def client(url: str, api_key: str = TRUSTED, session: str | None = "conv-1",
           prefix: str = "") -> openai.AsyncOpenAI:
    """The official async SDK pointed at the gateway, sending the session header."""
    headers = {SESSION_HEADER: session} if session else {}
    return openai.AsyncOpenAI(base_url=f"{url}{prefix}/v1", api_key=api_key, max_retries=0,
                              timeout=20, default_headers=headers)


async def ask(sdk: openai.AsyncOpenAI, text: str) -> str:
    """One user message; the reply's text."""
    reply = await sdk.chat.completions.create(
        model="m", messages=[{"role": "user", "content": text}]
    )
    content = reply.choices[0].message.content
    assert content is not None
    return content


async def say(sdk: openai.AsyncOpenAI, text: str) -> str:
    """:func:`ask` with a client of its own, closed afterwards."""
    async with sdk:
        return await ask(sdk, text)


def upstream_text(body: bytes) -> str:
    """The user message the upstream received."""
    parsed = json.loads(body)
    content: str = parsed["messages"][-1]["content"]
    return content


@dataclass(frozen=True)
class Dump:
    """Every key and every stored byte string under a prefix."""

    keys: list[bytes]
    values: list[bytes]


def dump(server: RedisServer, prefix: str) -> Dump:
    """Read every key under ``prefix`` and all its fields and values (RESP, raw)."""
    import redis

    raw: redis.Redis = redis.Redis.from_url(server.url, decode_responses=False)
    try:
        keys: list[bytes] = sorted(_raw(k) for k in raw.scan_iter(match=prefix + "*", count=1000))
        values: list[bytes] = []
        for name in keys:
            kind = raw.type(name)
            if kind == b"hash":
                for field_name, value in raw.hgetall(name).items():
                    values += [_raw(field_name), _raw(value)]
            elif kind == b"string":
                found = raw.get(name)
                assert found is not None
                values.append(_raw(found))
            else:
                raise AssertionError(f"unexpected key type {kind!r}")
        return Dump(keys, values)
    finally:
        raw.close()


def _raw(value: bytes | str) -> bytes:
    assert isinstance(value, bytes), "the client was opened with decode_responses=False"
    return value


def forms(value: str) -> set[bytes]:
    """The spellings a raw value could leak in: as is, folded, digits or letters only."""
    out = {value, value.lower(), value.upper(), value.casefold()}
    digits = "".join(ch for ch in value if ch.isdigit())
    if len(digits) >= 7:
        out.add(digits)
    compact = "".join(ch for ch in value if ch.isalnum())
    if len(compact) >= 7:
        out |= {compact, compact.lower()}
    return {form.encode() for form in out}
