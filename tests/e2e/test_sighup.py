"""SIGHUP reloads the whole config of a running ``pseudogate serve``, atomically.

A real gateway subprocess on a free loopback port sits in front of the recording fake
upstream.  Everything is checked through requests, as a client sees it:

* a good reload puts a re-read entity list, a new route, a new client key and a new
  upstream in force together (``config.reloaded``);
* a reload whose list file is broken, or whose YAML does not parse, or which names an
  unknown detector, changes nothing: the previous config keeps serving, and
  ``config.reload_failed`` names the file and the dotted path or line (never a value).

The list detector's own file watcher is off (``reload: false``) so only the signal can
make the gateway re-read the file.  No log line holds a listed value.
"""

from __future__ import annotations

import json
import signal
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest

from tests.e2e.fake_upstream import FakeUpstream
from tests.e2e.serve_process import Server, start_serve

LISTED = "Zacharias Quellmann"
ADDED = "Wilhelmina Okonkwo"
PROMPT = f"Please write to {ADDED} and to {LISTED} about the contract."
BODY = {"model": "m", "messages": [{"role": "user", "content": PROMPT}]}


def _config(upstream: str, list_file: Path, *, second_route: bool = False) -> dict[str, object]:
    routes: list[dict[str, object]] = [
        {"name": "openai", "path": "/v1/chat/completions", "api": "openai_chat",
         "upstream": "fake", "pipeline": ["people"], "response": {"relink": False}},
    ]
    config: dict[str, object] = {
        "upstreams": {"fake": {"base_url": upstream, "auth": "passthrough"}},
        "detectors": {"people": {"type": "known_entities",
                                 "options": {"files": [str(list_file)], "reload": False}}},
        "routes": routes,
    }
    if second_route:
        config["clients"] = {"app": {"key": "gw-app-key"}}
        config["upstreams"] = {**config["upstreams"],  # type: ignore[dict-item]
                               "injected": {"base_url": upstream, "api_key": "sk-new"}}
        routes.append({"name": "tier2", "path": "/tier2/v1/chat/completions",
                       "api": "openai_chat", "upstream": "injected", "clients": ["app"],
                       "pipeline": ["people"], "response": {"relink": False}})
    return config


@pytest.fixture
async def list_file(tmp_path: Path) -> Path:
    """The customer list the gateway reads: one listed person."""
    path = tmp_path / "people.csv"
    path.write_text(f"value,label\n{LISTED},PERSON\n", encoding="utf-8")
    return path


@pytest.fixture
async def server(tmp_path: Path, list_file: Path, fake: FakeUpstream) -> AsyncIterator[Server]:
    """``pseudogate serve`` in a subprocess, in front of ``fake``, ready."""
    running = await start_serve(_config(fake.url, list_file), tmp_path)
    try:
        await running.wait_for("ready")
        yield running
    finally:
        running.kill()
        await running.process.wait()


async def _post(server: Server, path: str = "/v1/chat/completions",
                key: str | None = None) -> int:
    headers = {"Authorization": f"Bearer {key}"} if key else {}
    async with (
        aiohttp.ClientSession() as session,
        session.post(f"{server.url}{path}", json=BODY, headers=headers) as response,
    ):
        await response.read()
        return response.status


async def _forwarded(server: Server, fake: FakeUpstream, path: str = "/v1/chat/completions",
                     key: str | None = None) -> str:
    """Send the prompt through the gateway; the body the upstream received."""
    before = len(fake.received)
    assert await _post(server, path, key) == 200
    assert len(fake.received) == before + 1
    return fake.received[-1].body.decode("utf-8")


def _reload(server: Server) -> None:
    server.process.send_signal(signal.SIGHUP)


async def test_sighup_reloads_routes_keys_upstreams_and_lists_together(
    server: Server, list_file: Path, fake: FakeUpstream, tmp_path: Path
) -> None:
    """One SIGHUP: the re-read list, a new keyed route and its upstream, all in force."""
    forwarded = await _forwarded(server, fake)
    assert LISTED not in forwarded and "[PERSON_1]" in forwarded and ADDED in forwarded
    assert await _post(server, "/tier2/v1/chat/completions", "gw-app-key") == 404

    list_file.write_text(f"value,label\n{LISTED},PERSON\n{ADDED},PERSON\n", encoding="utf-8")
    config_path = tmp_path / "gateway.yaml"
    data = json.loads(config_path.read_text())
    new = _config(fake.url, list_file, second_route=True)
    config_path.write_text(json.dumps({**new, "server": data["server"]}), encoding="utf-8")
    _reload(server)
    line = await server.wait_for("config.reloaded")
    assert line["outcome"] == "reloaded" and line["routes"] == 2
    started = [e for e in server.events("detector.started") if e["detector"] == "people"]
    assert started[-1]["entries"] == 2 and isinstance(started[-1]["load_ms"], float)

    forwarded = await _forwarded(server, fake)
    assert ADDED not in forwarded and LISTED not in forwarded
    assert "[PERSON_1]" in forwarded and "[PERSON_2]" in forwarded
    assert await _post(server, "/tier2/v1/chat/completions") == 401
    tier2 = await _forwarded(server, fake, "/tier2/v1/chat/completions", "gw-app-key")
    assert ADDED not in tier2
    assert fake.received[-1].headers.get("Authorization") == "Bearer sk-new"

    assert await server.close() == 0
    for text in server.raw:
        assert ADDED not in text and LISTED not in text


@pytest.mark.parametrize("breakage", ["list", "yaml", "detector"])
async def test_a_bad_reload_keeps_the_running_config(
    server: Server, list_file: Path, fake: FakeUpstream, tmp_path: Path, breakage: str
) -> None:
    """A broken list, unparsable YAML or an unknown detector: nothing changes, log says why."""
    config_path = tmp_path / "gateway.yaml"
    if breakage == "list":
        list_file.write_text(f"value,label\n{ADDED},PERSON\n{LISTED},not a label\n",
                             encoding="utf-8")
    elif breakage == "yaml":
        config_path.write_text("routes: [\n", encoding="utf-8")
    else:
        data = json.loads(config_path.read_text())
        data["detectors"]["people"]["type"] = "no_such_detector_type"
        config_path.write_text(json.dumps(data), encoding="utf-8")
    _reload(server)
    failed = await server.wait_for("config.reload_failed")
    assert failed["level"] == "error" and failed["outcome"] == "kept_previous"
    if breakage == "list":
        assert failed["file"] == str(list_file) and failed["where"] == "line 3"
    elif breakage == "yaml":
        assert failed["file"] == str(config_path) and "line" in str(failed["where"])
    else:
        assert failed["where"] == "detectors.people.type"
    forwarded = await _forwarded(server, fake)
    assert LISTED not in forwarded and ADDED in forwarded  # the old list, still in force
    assert server.events("config.reloaded") == []
    assert await server.close() == 0
    for text in server.raw:
        assert ADDED not in text and LISTED not in text
