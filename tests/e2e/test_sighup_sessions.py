"""A SIGHUP reload keeps the live sessions of the memory store (#13 x #15).

``pseudogate serve`` in a subprocess with memory sessions, in front of the recording
fake upstream.  A first turn makes a session; the config is edited in ways that do not
touch where sessions live (the store's call time limit, its bound, the idle time) and
the gateway reloaded; the next turn's model echo of the first turn's placeholder must
still relink, i.e. the session survived.
"""

from __future__ import annotations

import json
import signal
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from tests.e2e.fake_upstream import FakeUpstream, Reply
from tests.e2e.serve_process import start_serve
from tests.e2e.sessions_kit import SESSION_HEADER, completion

EMAIL = "jane.doe@example.com"


def _config(upstream: str, sessions: dict[str, Any]) -> dict[str, Any]:
    return {
        "upstreams": {"fake": {"base_url": upstream, "auth": "passthrough"}},
        "detectors": {"regex": {"type": "regex"}},
        "sessions": sessions,
        "routes": [{"path": "/v1/chat/completions", "api": "openai_chat", "upstream": "fake",
                    "pipeline": ["regex"], "session": {"enabled": True}}],
    }


async def _say(url: str, text: str) -> str:
    body = {"model": "m", "messages": [{"role": "user", "content": text}]}
    async with aiohttp.ClientSession() as http, http.post(
        f"{url}/v1/chat/completions", json=body, headers={SESSION_HEADER: "s1"}
    ) as reply:
        assert reply.status == 200, await reply.text()
        content: str = (await reply.json())["choices"][0]["message"]["content"]
        return content


@pytest.mark.parametrize("change", [{"call_timeout_s": 2.0}, {"memory": {"max_sessions": 50}},
                                    {"idle_ttl_s": 900}],
                         ids=["call_timeout", "max_sessions", "idle_ttl"])
async def test_a_reload_keeps_memory_sessions(
    fake: FakeUpstream, tmp_path: Path, change: dict[str, Any]
) -> None:
    """Turn 1, SIGHUP with a changed sessions section, turn 2 relinks turn 1's value."""
    server = await start_serve(_config(fake.url, {}), tmp_path)
    try:
        await server.wait_for("ready")
        fake.script.append(Reply.json_body(completion("noted")))
        await _say(server.url, f"mail {EMAIL}")
        path = tmp_path / "gateway.yaml"
        data = json.loads(path.read_text())
        data["sessions"] = change
        path.write_text(json.dumps(data), encoding="utf-8")
        server.process.send_signal(signal.SIGHUP)
        assert (await server.wait_for("config.reloaded"))["outcome"] == "reloaded"
        fake.script.append(Reply.json_body(completion("it is [EMAIL_1]")))
        assert await _say(server.url, "who was it?") == f"it is {EMAIL}"
        assert await server.close() == 0
    finally:
        server.kill()
        await server.process.wait()
