"""A slow regex scan never stalls the server: /healthz and other requests keep moving.

The regex detector scans on its own threads (docs/entities.md, "Hostile and unusual
input"), so while one request's prompt is being scanned the event loop answers probes
and other requests, and the route's ``timeout_s`` refuses the slow request on time.
Each case has a control: the same server answers the ordinary request normally.
"""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

import aiohttp

from proxy.app import create_app
from proxy.config import parse_config
from tests.e2e.conftest import AnyServer, config_data
from tests.e2e.fake_upstream import FakeUpstream

OPENAI = "/v1/chat/completions"
# A catastrophic pattern: (a|a)+b backtracks 2^n ways on a run of a's with no b.
REDOS = r"(?:a|a)+b"


def _body(content: str) -> dict[str, Any]:
    return {"model": "m", "messages": [{"role": "user", "content": content}]}


async def _serve(aiohttp_server: AnyServer, fake: FakeUpstream, timeout_s: float) -> str:
    data = config_data(fake.url)
    data["detectors"]["regex"] = {
        "type": "regex",
        "timeout_s": timeout_s,
        "options": {"custom": [{"label": "SLOW", "pattern": REDOS}]},
    }
    config = parse_config(data, source="<e2e>", base_dir=Path.cwd(), environ={})
    server = await aiohttp_server(create_app(config))
    return str(server.make_url("")).rstrip("/")


async def _probe_while(
    session: aiohttp.ClientSession, url: str, slow: asyncio.Task[tuple[int, Any]]
) -> int:
    """Count /healthz answers received while ``slow`` is still running."""
    answered = 0
    while not slow.done():
        async with session.get(f"{url}/healthz") as response:
            assert response.status == 200
            if not slow.done():
                answered += 1
        await asyncio.sleep(0.01)
    return answered


async def _post(session: aiohttp.ClientSession, url: str, content: str) -> tuple[int, Any]:
    async with session.post(f"{url}{OPENAI}", json=_body(content)) as response:
        return response.status, json.loads(await response.read())


async def test_healthz_answers_while_a_slow_scan_runs(
    aiohttp_server: AnyServer, fake: FakeUpstream
) -> None:
    """A prompt the custom pattern chews on for its whole budget: probes answer meanwhile.

    The slow request fails closed (the budget runs out: 502, nothing forwarded); an
    ordinary request on the same server passes (control).
    """
    url = await _serve(aiohttp_server, fake, timeout_s=30)
    async with aiohttp.ClientSession() as session:
        slow = asyncio.create_task(_post(session, url, "a" * 30_000))
        answered = await _probe_while(session, url, slow)
        status, body = slow.result()
        assert status == 502 and body["error"]["code"] == "detector_failed"
        assert answered >= 3
        assert fake.received == []
        status, _ = await _post(session, url, "hello, mail bob@example.com")
        assert status == 200
    assert len(fake.received) == 1
    assert b"bob@example.com" not in fake.received[0].body


async def test_timeout_s_refuses_a_slow_scan_on_time(
    aiohttp_server: AnyServer, fake: FakeUpstream
) -> None:
    """``timeout_s`` is real: the request is refused (503) long before the scan's budget.

    The scan's own CPU budget for 300,000 characters is over three seconds; the route
    gives the detector 0.3 s.  A second request right after is served (control), so the
    abandoned scan does not hold the detector.
    """
    url = await _serve(aiohttp_server, fake, timeout_s=0.3)
    async with aiohttp.ClientSession() as session:
        began = time.monotonic()
        slow = asyncio.create_task(_post(session, url, "a" * 300_000))
        answered = await _probe_while(session, url, slow)
        elapsed = time.monotonic() - began
        status, body = slow.result()
        assert status == 503 and body["error"]["code"] == "detector_timeout"
        assert answered >= 1
        # Refused at its deadline, not when the 3 s budget ran out (generous margin).
        assert elapsed < 2.5
        status, _ = await _post(session, url, "hello")
        assert status == 200
    assert len(fake.received) == 1
