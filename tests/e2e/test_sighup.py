"""SIGHUP reloads entity lists in a running ``pseudogate serve`` process.

A real gateway subprocess (``python -m proxy.cli serve``) on a free loopback port sits
in front of the recording fake upstream, with a ``known_entities`` list file whose
watcher is off (``reload: false``), so only the signal can make it re-read the file.
The checks go through requests, as a client would see it: a name added to the file is
masked after SIGHUP, and a broken file keeps the previous list in force while the
gateway keeps serving.  Log lines name the detector, the entries and the outcome, and
never a listed value.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest

from tests.e2e.fake_upstream import FakeUpstream

ROOT = Path(__file__).resolve().parents[2]
LISTED = "Zacharias Quellmann"
ADDED = "Wilhelmina Okonkwo"
PROMPT = f"Please write to {ADDED} and to {LISTED} about the contract."
STARTUP_S = 60.0  # a cold interpreter on a busy 2-core machine
EVENT_S = 30.0


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Server:
    """The gateway subprocess and the JSON log lines it has written so far."""

    def __init__(self, process: asyncio.subprocess.Process, url: str) -> None:
        self.process = process
        self.url = url
        self.lines: list[dict[str, object]] = []
        self.raw: list[str] = []
        self._new = asyncio.Condition()
        self._reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        assert self.process.stderr is not None
        async for raw in self.process.stderr:
            text = raw.decode("utf-8", "replace").strip()
            self.raw.append(text)
            try:
                line = json.loads(text)
            except ValueError:
                continue
            if isinstance(line, dict):
                async with self._new:
                    self.lines.append(line)
                    self._new.notify_all()

    async def wait_for(self, event: str, count: int = 1) -> dict[str, object]:
        """The ``count``-th log line with this event (waits for it)."""

        def seen() -> list[dict[str, object]]:
            return [line for line in self.lines if line.get("event") == event]

        async with asyncio.timeout(EVENT_S if self.lines else STARTUP_S), self._new:
            await self._new.wait_for(lambda: len(seen()) >= count or self._reader.done())
        found = seen()
        assert len(found) >= count, f"no {event!r} log line; stderr: {self.raw[-5:]}"
        return found[count - 1]

    async def close(self) -> int:
        if self.process.returncode is None:
            self.process.send_signal(signal.SIGTERM)
        async with asyncio.timeout(EVENT_S):
            code = await self.process.wait()
            await self._reader
        return code


@pytest.fixture
async def list_file(tmp_path: Path) -> Path:
    """The customer list the gateway reads: one listed person."""
    path = tmp_path / "people.csv"
    path.write_text(f"value,label\n{LISTED},PERSON\n", encoding="utf-8")
    return path


@pytest.fixture
async def server(tmp_path: Path, list_file: Path, fake: FakeUpstream) -> AsyncIterator[Server]:
    """``pseudogate serve`` in a subprocess, in front of ``fake``."""
    port = _free_port()
    config = {
        "server": {"host": "127.0.0.1", "port": port, "log_format": "json"},
        "upstreams": {"fake": {"base_url": fake.url, "auth": "passthrough"}},
        "detectors": {
            "people": {
                "type": "known_entities",
                "options": {"files": [str(list_file)], "reload": False},
            }
        },
        "routes": [
            {"name": "openai", "path": "/v1/chat/completions", "api": "openai_chat",
             "upstream": "fake", "pipeline": ["people"], "response": {"relink": False}},
        ],
    }  # fmt: skip
    config_path = tmp_path / "gateway.yaml"
    config_path.write_text(json.dumps(config), encoding="utf-8")  # JSON is YAML
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "proxy.cli", "serve", "--config", str(config_path),
        cwd=ROOT, env=env, stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    running = Server(process, f"http://127.0.0.1:{port}")
    try:
        await running.wait_for("listening")
        yield running
    finally:
        if process.returncode is None:
            process.kill()
        await process.wait()


async def _forwarded(server: Server, fake: FakeUpstream) -> str:
    """Send the prompt through the gateway; the body the upstream received."""
    body = {"model": "m", "messages": [{"role": "user", "content": PROMPT}]}
    before = len(fake.received)
    async with (
        aiohttp.ClientSession() as session,
        session.post(f"{server.url}/v1/chat/completions", json=body) as response,
    ):
        assert response.status == 200
    assert len(fake.received) == before + 1
    return fake.received[-1].body.decode("utf-8")


async def test_sighup_reloads_the_list_and_a_broken_file_keeps_the_old_one(
    server: Server, list_file: Path, fake: FakeUpstream
) -> None:
    """A name added to the file is masked after SIGHUP; a bad file changes nothing."""
    forwarded = await _forwarded(server, fake)
    assert LISTED not in forwarded and "[PERSON_1]" in forwarded
    assert ADDED in forwarded  # not listed yet

    list_file.write_text(f"value,label\n{LISTED},PERSON\n{ADDED},PERSON\n", encoding="utf-8")
    server.process.send_signal(signal.SIGHUP)
    line = await server.wait_for("detector.reload")
    assert line["detector"] == "people"
    assert line["outcome"] == "reloaded" and line["entries"] == 2
    forwarded = await _forwarded(server, fake)
    assert ADDED not in forwarded and LISTED not in forwarded
    assert "[PERSON_1]" in forwarded and "[PERSON_2]" in forwarded

    list_file.write_text(f"value,label\n{LISTED},not a label\n", encoding="utf-8")
    server.process.send_signal(signal.SIGHUP)
    line = await server.wait_for("detector.reload", count=2)
    assert line["outcome"] == "kept_previous" and line["entries"] == 2
    assert line["level"] == "error"
    failed = await server.wait_for("known_entities.reload_failed")
    assert failed["file"] == str(list_file) and failed["where"] == "line 2"
    forwarded = await _forwarded(server, fake)
    assert ADDED not in forwarded and LISTED not in forwarded  # the old list still masks

    assert await server.close() == 0
    for text in server.raw:
        assert ADDED not in text and LISTED not in text
