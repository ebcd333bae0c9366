"""The application factory: probes, lifecycle of resources, start-up validation."""

from __future__ import annotations

import os
from collections.abc import Awaitable, Callable, Mapping
from pathlib import Path
from typing import Any

import pytest
from aiohttp import web
from aiohttp.test_utils import TestClient

from pipelines.errors import ConfigError
from proxy.app import DEMO_SERVERS, ROUTES, STATE, UPSTREAMS, create_app
from proxy.config import parse_config

AnyClient = Callable[..., Awaitable[TestClient[Any, Any]]]


def demo_config(**response: Any) -> dict[str, Any]:
    """Two routes on the embedded demo upstream."""
    return {
        "server": {"max_body_bytes": 2048},
        "upstreams": {"demo": {"type": "demo"}},
        "detectors": {"regex": {"type": "regex"}},
        "routes": [
            {"path": "/v1/chat/completions", "api": "openai_chat", "upstream": "demo",
             "pipeline": ["regex"], "response": response},
            {"path": "/v1/messages", "api": "anthropic_messages", "upstream": "demo",
             "pipeline": ["regex"]},
        ],
    }


def build(data: dict[str, Any]) -> web.Application:
    """create_app on parsed data."""
    return create_app(parse_config(data, source="<t>", base_dir=Path.cwd(), environ={}))


async def test_probes_and_round_trip(aiohttp_client: AnyClient) -> None:
    """healthz and readyz answer; the demo upstream serves a sanitised round trip."""
    app = build(demo_config(redact=["API_KEY"]))
    assert not app[STATE].detectors_ready
    client = await aiohttp_client(app)
    assert (await client.get("/healthz")).status == 200
    ready = await client.get("/readyz")
    assert ready.status == 200
    assert await ready.json() == {"status": "ready", "detectors": ["regex"],
                                  "upstreams": ["demo"], "worker": 0, "pid": os.getpid(),
                                  "routes": ["/v1/chat/completions", "/v1/messages"],
                                  "sessions": {"store": "memory", "reachable": True}}
    response = await client.post("/v1/chat/completions", json={
        "model": "m", "messages": [{"role": "user", "content": "mail bob@corp.example"}]})
    body = await response.json()
    assert "bob@corp.example" in body["choices"][0]["message"]["content"]
    received: Any = app[DEMO_SERVERS]["demo"].received[-1]
    assert received["messages"][0]["content"] == "mail [EMAIL_1]"
    assert response.headers["x-pseudogate-request-id"]


async def test_streamed_reply_carries_request_id_and_ends(aiohttp_client: AnyClient) -> None:
    """A streamed reply has the request id header and arrives whole, [DONE] last."""
    client = await aiohttp_client(build(demo_config(redact=["API_KEY"])))
    response = await client.post("/v1/chat/completions", json={
        "model": "m", "stream": True,
        "messages": [{"role": "user", "content": "mail bob@corp.example"}]})
    assert response.status == 200
    assert response.headers["x-pseudogate-request-id"]
    assert response.content_type == "text/event-stream"
    body = await response.read()
    assert body.endswith(b"data: [DONE]\n\n")
    assert b"bob@corp.example" in body


async def test_resources_closed_on_shutdown(aiohttp_client: AnyClient) -> None:
    """Upstream sessions and demo servers are opened at start-up and closed at cleanup."""
    app = build(demo_config())
    client = await aiohttp_client(app)
    upstream = app[UPSTREAMS]["demo"]
    routes: Mapping[str, Any] = app[ROUTES]
    assert set(routes) == {"/v1/chat/completions", "/v1/messages"}
    await client.close()
    assert not app[STATE].upstreams_ready and not app[STATE].detectors_ready
    assert upstream._session is None
    assert app[ROUTES] == {}


async def test_unknown_redact_name_fails_at_start_up(aiohttp_client: AnyClient) -> None:
    """A response.redact entry that names nothing is a ConfigError before serving."""
    with pytest.raises(ConfigError, match="redact"):
        await aiohttp_client(build(demo_config(redact=["NOT_A_THING"])))


@pytest.mark.parametrize(("thinking", "refused"), [
    ("I think Ann Lee asked", True),  # a value of this request's vault, no detector fires
    ("I think [PERSON_1] asked", False),  # what the provider wrote: placeholders only
    ("I think about nothing", False),
    ("mail bob@x.example", True),  # a detector fires inside the thinking text
])
async def test_signed_thinking_is_checked_not_rewritten(thinking: str, refused: bool) -> None:
    """Thinking text is refused if it holds a detected or known value; else untouched."""
    from pipelines.chain import Chain
    from pipelines.errors import RequestError
    from pipelines.vault import Vault
    from proxy.ingress import _check_unchanged
    from proxy.walk import Check
    from tests.conftest import PatternDetector

    chain = Chain([PatternDetector("regex", "EMAIL", r"\S+@\S+")])
    vault = Vault()
    vault.issue("PERSON", "Ann Lee")
    if not refused:
        await _check_unchanged(chain, [Check(thinking, "x", signed=True)], vault)
        return
    with pytest.raises(RequestError) as caught:
        await _check_unchanged(chain, [Check(thinking, "x", signed=True)], vault)
    assert caught.value.status == 400 and "Ann" not in caught.value.message
    assert "bob" not in caught.value.message
