"""``pseudogate serve`` binds its port at once and tells readiness apart from liveness.

Through a real subprocess: while a detector is still starting (a throwaway plugin
whose ``start`` waits for a gate file), ``/healthz`` is 200, ``/readyz`` is 503 and a
route answers 503 ``not_ready`` in its API's error shape, nothing forwarded; once the
gate opens the gateway serves (and a SIGHUP sent meanwhile reloads then).  A detector
that fails to start ends the process with exit 2 and one line; a port in use is one
line and exit 2, never a traceback.
"""

from __future__ import annotations

import signal
import socket
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest

from tests.e2e.fake_upstream import FakeUpstream
from tests.e2e.serve_process import Server, free_port, gated_plugin, start_serve


def _config(upstream: str) -> dict[str, object]:
    return {
        "upstreams": {"fake": {"base_url": upstream, "auth": "passthrough"}},
        "detectors": {"slow": {"type": "gated"}, "regex": {"type": "regex"}},
        "routes": [{"name": "openai", "path": "/v1/chat/completions", "api": "openai_chat",
                    "upstream": "fake", "pipeline": ["slow", "regex"]}],
    }


@pytest.fixture
async def gated(tmp_path: Path, fake: FakeUpstream) -> AsyncIterator[tuple[Server, Path]]:
    """``serve`` with a detector that starts when the returned gate file appears."""
    gate = tmp_path / "gate"
    plugin = gated_plugin(tmp_path / "plugin", gate)
    running = await start_serve(_config(fake.url), tmp_path, pythonpath=(plugin,))
    try:
        yield running, gate
    finally:
        running.kill()
        await running.process.wait()


async def _get(session: aiohttp.ClientSession, url: str) -> tuple[int, object]:
    async with session.get(url) as response:
        return response.status, await response.json()


async def test_port_answers_before_detectors_are_ready(
    gated: tuple[Server, Path], fake: FakeUpstream
) -> None:
    """healthz 200 and readyz 503 while loading; routes 503 not_ready; then ready, and
    a SIGHUP sent while loading reloads then."""
    server, gate = gated
    await server.wait_for("listening")
    async with aiohttp.ClientSession() as session:
        assert (await _get(session, f"{server.url}/healthz"))[0] == 200
        status, body = await _get(session, f"{server.url}/readyz")
        assert status == 503 and body == {"status": "not_ready", "detectors": [],
                                          "upstreams": [], "routes": [],
                                          "worker": 0, "pid": server.process.pid,
                                          "sessions": {"store": None, "reachable": False}}
        async with session.post(f"{server.url}/v1/chat/completions", json={
                "model": "m", "messages": [{"role": "user", "content": "a@b.example"}]},
                ) as response:
            assert response.status == 503
            error = (await response.json())["error"]
            assert error["code"] == "not_ready"
        assert fake.received == []
        # A SIGHUP while loading is not lost: the reload runs once the gateway serves.
        server.process.send_signal(signal.SIGHUP)
        gate.write_text("go", encoding="utf-8")
        await server.wait_for("ready")
        status, body = await _get(session, f"{server.url}/readyz")
        assert status == 200 and body["status"] == "ready"  # type: ignore[index]
        await server.wait_for("config.reloaded")
    assert await server.close() == 0


async def test_a_detector_that_fails_to_start_ends_serve(gated: tuple[Server, Path]) -> None:
    """Start-up failure after the port was bound: exit 2, one line, no traceback."""
    server, gate = gated
    await server.wait_for("listening")
    gate.write_text("fail", encoding="utf-8")
    assert await server.exit_code() == 2
    failed = await server.wait_for("startup_failed")
    assert failed["error"] == "ConfigError"
    plain = [line for line in server.raw if line.startswith("pseudogate:")]
    assert len(plain) == 1 and "start-up failed" in plain[0] and "the gate says fail" in plain[0]
    assert not any("Traceback" in line for line in server.raw)


async def test_port_in_use_is_one_line(tmp_path: Path, fake: FakeUpstream) -> None:
    """Another process holds the port: exit 2 and one line naming host, port and reason."""
    port = free_port()
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", port))
        holder.listen()
        config = _config(fake.url)
        config["detectors"] = {"regex": {"type": "regex"}}
        config["routes"][0]["pipeline"] = ["regex"]  # type: ignore[index]
        server = await start_serve(config, tmp_path, port=port)
        assert await server.exit_code() == 2
    plain = [line for line in server.raw if line.startswith("pseudogate:")]
    assert plain == [f"pseudogate: cannot listen on 127.0.0.1:{port}: Address already in use"]
    assert not any("Traceback" in line for line in server.raw)
