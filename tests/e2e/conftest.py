"""End-to-end fixtures: the real gateway app on loopback in front of a fake upstream.

``fake`` is a :class:`FakeUpstream` served by ``aiohttp_server``; ``gateway(...)`` builds
a config pointing at it (every option the tests vary is a keyword), serves
``create_app(config)`` on another loopback port and returns a :class:`Gateway` handle
with its URL, app and a helper computing what the whole-string egress filter gives.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from aiohttp import web
from aiohttp.test_utils import TestServer

from pipelines.vault import Vault
from proxy.app import ROUTES, create_app
from proxy.config import Config, parse_config
from proxy.shapes import filter_whole, read_slots
from proxy.slots import read_contexts
from proxy.walk import walk
from tests.e2e.fake_upstream import FakeUpstream

# Seeded personal data: none of it may ever reach the upstream or a log line.
SEEDS = {
    "EMAIL": "jane.doe@example.com",
    "PHONE": "+1 415 555 0132",
    "IBAN": "DE89 3704 0044 0532 0130 00",
    "CREDIT_CARD": "4111 1111 1111 1111",
    "API_KEY": "AKIAIOSFODNN7EXAMPLE",
}
PROMPT = (
    f"Mail {SEEDS['EMAIL']} or call {SEEDS['PHONE']}. Pay to {SEEDS['IBAN']} with card "
    f"{SEEDS['CREDIT_CARD']}; the build uses key {SEEDS['API_KEY']}."
)
# How the seeds may appear on the wire (raw UTF-8 and JSON-escaped forms are the same
# for these ASCII values; the digits-only forms catch a reformatted leak).
SEED_FORMS = [*SEEDS.values(), "4111111111111111", "DE89370400440532013000"]

# The key the gateway injects on the ``fake_injected`` upstream: never shown to a client.
PROVIDER_KEY = "sk-provider-Zq3vT8wLm2"

AnyServer = Callable[..., Awaitable[TestServer]]


@dataclass
class Gateway:
    """A running gateway: its base URL and app."""

    url: str
    app: web.Application
    config: Config

    async def expected(self, path: str, body: dict[str, Any], text: str, *,
                       json_string: bool = False, signed: bool = False) -> str:
        """What the whole-string egress filter (``signed``: the signed channel) makes of
        ``text`` for this request."""
        runtime = self.app[ROUTES][path]
        vault = Vault(max_index=runtime.max_placeholder_index)
        slots = walk(runtime.shape.request, body).slots
        await runtime.chain.sanitize(read_slots(slots), vault, contexts=read_contexts(slots))
        factory = runtime.policy.factory_for(vault)
        if signed:
            channel = factory.signed()
            return channel.feed(text) + channel.close()
        return filter_whole(factory, text, json_string=json_string)


def config_data(
    upstream_url: str,
    *,
    relink: bool = True,
    redact: Sequence[str] = ("PRIVATE_KEY", "API_KEY", "JWT"),
    max_held_chars: int = 16384,
    max_body_bytes: int = 1_000_000,
    timeouts: dict[str, float] | None = None,
    fail_open: bool = False,
    body_timeout: float = 60.0,
) -> dict[str, Any]:
    """A gateway config in front of ``upstream_url``; open routes plus two keyed tiers."""
    response = {"relink": relink, "redact": list(redact), "max_held_chars": max_held_chars}
    routes: list[dict[str, Any]] = [
        {"name": "openai", "path": "/v1/chat/completions", "api": "openai_chat",
         "upstream": "fake", "pipeline": ["regex"], "response": response},
        {"name": "anthropic", "path": "/v1/messages", "api": "anthropic_messages",
         "upstream": "fake", "pipeline": ["regex"], "response": response},
        {"name": "responses", "path": "/v1/responses", "api": "openai_responses",
         "upstream": "fake", "pipeline": ["regex"], "response": response},
        {"name": "embeddings", "path": "/v1/embeddings", "api": "openai_embeddings",
         "upstream": "fake", "pipeline": ["regex"], "response": response},
        {"name": "models", "path": "/v1/models", "api": "openai_models",
         "upstream": "fake", "pipeline": ["regex"], "response": response},
        {"name": "anthropic-models", "path": "/v1/models", "api": "anthropic_models",
         "upstream": "fake_injected", "pipeline": ["regex"], "response": response},
        {"name": "count", "path": "/v1/messages/count_tokens", "api": "anthropic_count_tokens",
         "upstream": "fake", "pipeline": ["regex"]},
        {"name": "relinked", "path": "/relinked/v1/chat/completions", "api": "openai_chat",
         "upstream": "fake_injected", "pipeline": ["regex"], "clients": ["trusted"],
         "response": {"relink": True}},
        {"name": "masked", "path": "/masked/v1/chat/completions", "api": "openai_chat",
         "upstream": "fake_injected", "pipeline": ["regex"], "clients": ["trusted", "vendor"],
         "response": {"relink": False}},
    ]
    # The provider key injected, the route's patterns redacted: with relink off (the
    # client must not see raw values) and on.
    for prefix, relinks in (("/guarded", False), ("/guarded-relink", True)):
        for api, path in (("openai_chat", "/v1/chat/completions"),
                          ("anthropic_messages", "/v1/messages")):
            routes.append({"name": f"{prefix[1:]}-{api}", "path": prefix + path, "api": api,
                           "upstream": "fake_injected", "pipeline": ["regex"],
                           "response": dict(response, relink=relinks)})
    if fail_open:
        for route in routes:
            route["fail_open"] = ["regex"]
    upstream: dict[str, Any] = {"base_url": upstream_url}
    if timeouts:
        upstream["timeouts"] = timeouts
    return {
        "server": {"max_body_bytes": max_body_bytes, "body_timeout": body_timeout},
        "clients": {"trusted": {"key": "gw-trusted-key"}, "vendor": {"key": "gw-vendor-key"}},
        "upstreams": {
            "fake": dict(upstream, auth="passthrough"),
            "fake_injected": dict(upstream, auth="inject", api_key=PROVIDER_KEY),
        },
        "detectors": {"regex": {"type": "regex", "timeout_s": 5}},
        "routes": routes,
    }


@pytest.fixture
async def fake(aiohttp_server: AnyServer) -> FakeUpstream:
    """A recording fake provider on loopback."""
    upstream = FakeUpstream()
    server = await aiohttp_server(upstream.app())
    upstream.url = str(server.make_url("")).rstrip("/")
    return upstream


@pytest.fixture
def gateway(
    aiohttp_server: AnyServer, fake: FakeUpstream
) -> Callable[..., Awaitable[Gateway]]:
    """``await gateway(**config_options)``: a running gateway in front of ``fake``."""

    async def start(
        upstream_url: str | None = None,
        before_start: Callable[[web.Application], None] | None = None,
        **options: Any,
    ) -> Gateway:
        url = upstream_url or fake.url
        config = parse_config(config_data(url, **options), source="<e2e>",
                              base_dir=Path.cwd(), environ={})
        app = create_app(config)
        if before_start is not None:
            before_start(app)
        server = await aiohttp_server(app)
        return Gateway(str(server.make_url("")).rstrip("/"), app, config)

    return start
