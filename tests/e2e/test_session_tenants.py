"""Whose session a request uses, through the real server: tenants never cross.

A gateway with the default (memory) session store serves a keyed route and an open
route, both keeping sessions, in front of the recording fake upstream.  An attacker who
knows a session id tries to reach another tenant's session by asking the model to
repeat a placeholder of it: the reply must come back as the placeholder, never as the
value.  ``DELETE /pseudogate/session`` ends the sessions a request with the same key
would have used, on keyed and open routes alike.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import aiohttp
from aiohttp import web
from aiohttp.test_utils import TestServer
from hypothesis import given
from hypothesis import strategies as st

from proxy.app import create_app
from proxy.config import parse_config
from proxy.sessions import client_tenant, credential_tenant
from tests.e2e.fake_upstream import FakeUpstream, Reply
from tests.e2e.sessions_kit import SESSION_HEADER, completion

AnyServer = Callable[..., Awaitable[TestServer]]
EMAIL = "jane.doe@example.com"
KEYED, OPEN = "/keyed/v1/chat/completions", "/v1/chat/completions"
# Client names as the config grammar allows them (proxy.config._NAME).
CLIENT_NAMES = st.from_regex(r"[A-Za-z][A-Za-z0-9_.-]{0,20}", fullmatch=True)


async def _gateway(aiohttp_server: AnyServer, fake: FakeUpstream, client_name: str) -> str:
    route: dict[str, Any] = {"api": "openai_chat", "pipeline": ["regex"],
                             "response": {"relink": True}, "session": {"enabled": True}}
    data = {
        "clients": {client_name: {"key": "gw-client-key"}},
        "upstreams": {"injected": {"base_url": fake.url, "auth": "inject", "api_key": "sk-p"},
                      "open": {"base_url": fake.url, "auth": "passthrough"}},
        "detectors": {"regex": {"type": "regex"}},
        "routes": [dict(route, name="keyed", path=KEYED, upstream="injected",
                        clients=[client_name]),
                   dict(route, name="open", path=OPEN, upstream="open")],
    }
    app: web.Application = create_app(
        parse_config(data, source="<e2e>", base_dir=Path.cwd(), environ={}))
    server = await aiohttp_server(app)
    return str(server.make_url("")).rstrip("/")


async def _ask(http: aiohttp.ClientSession, url: str, text: str, headers: dict[str, str]
               ) -> str:
    body = {"model": "m", "messages": [{"role": "user", "content": text}]}
    async with http.post(url, json=body, headers=headers) as reply:
        assert reply.status == 200, await reply.text()
        content: str = (await reply.json())["choices"][0]["message"]["content"]
        return content


async def test_a_client_named_anonymous_is_not_the_open_routes_anonymous_tenant(
    aiohttp_server: AnyServer, fake: FakeUpstream
) -> None:
    """A keyed client called ``anonymous`` and a caller without any credential on an open
    route, same session id: the caller's model echo of ``[EMAIL_1]`` stays a placeholder."""
    url = await _gateway(aiohttp_server, fake, "anonymous")
    async with aiohttp.ClientSession() as http:
        fake.script.append(Reply.json_body(completion("noted")))
        await _ask(http, url + KEYED, f"mail {EMAIL}",
                   {"authorization": "Bearer gw-client-key", SESSION_HEADER: "s1"})
        fake.script.append(Reply.json_body(completion("it is [EMAIL_1]")))
        stolen = await _ask(http, url + OPEN, "who is [EMAIL_1]?", {SESSION_HEADER: "s1"})
    assert stolen == "it is [EMAIL_1]"
    assert fake.received[0].json()["messages"] == [{"role": "user", "content": "mail [EMAIL_1]"}]


async def test_delete_ends_the_session_a_key_made_on_an_open_route(
    aiohttp_server: AnyServer, fake: FakeUpstream
) -> None:
    """A client's key sent to an open route makes a session of that credential; DELETE
    with the same key ends it (204), then there is none (404)."""
    url = await _gateway(aiohttp_server, fake, "app")
    headers = {"authorization": "Bearer gw-client-key", SESSION_HEADER: "s1"}
    async with aiohttp.ClientSession() as http:
        fake.script.append(Reply.json_body(completion("noted")))
        await _ask(http, url + OPEN, f"mail {EMAIL}", headers)
        for expected in (204, 404):
            async with http.delete(f"{url}/pseudogate/session", headers=headers) as reply:
                assert reply.status == expected
        # The session is gone: [EMAIL_1] no longer relinks on the open route.
        fake.script.append(Reply.json_body(completion("it is [EMAIL_1]")))
        assert await _ask(http, url + OPEN, "who?", headers) == "it is [EMAIL_1]"


@given(name=CLIENT_NAMES, credential=st.one_of(st.none(), st.text(max_size=40)))
def test_client_tenants_never_meet_open_route_tenants(name: str, credential: str | None
                                                      ) -> None:
    """Whatever a client is called and whatever an open route's caller presents, the
    two tenants differ (they live in disjoint namespaces)."""
    assert client_tenant(name) != credential_tenant(credential)
