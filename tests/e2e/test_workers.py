"""``pseudogate serve --workers 2``: two processes on one port sharing sessions in Redis.

A real gateway subprocess (supervisor + two spawned workers, ``SO_REUSEPORT``) in front
of the recording fake upstream, with sessions in a real ``redis-server``, and the
official ``openai`` SDK opening a new connection per request, so the kernel spreads
requests over both workers.  The JSON log stream (one stderr for all processes) tells
which worker served which request id.  Checked: a conversation whose turns land on
both workers keeps one numbering and relinks earlier turns' placeholders; concurrent
requests of one session on both workers never give two values one placeholder or one
value two; ``/readyz`` answers per worker; a SIGHUP during start-up is acted on once
the workers are ready; a reload to a config several workers cannot share is refused by
each; SIGTERM stops everything cleanly.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import signal
import sys
import uuid
from collections import Counter
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any, TypeVar

import httpx
import httpx2
import openai
import pytest

from proxy.commands.serve import check_workers
from proxy.config import parse_config
from tests.e2e.fake_upstream import FakeUpstream, Reply
from tests.e2e.sessions_kit import (
    EMAIL,
    SESSION_HEADER,
    TICKET,
    TRUSTED,
    completion,
    session_config,
    upstream_text,
)
from tests.redis_server import RedisServer

_T = TypeVar("_T")

ROOT = Path(__file__).resolve().parents[2]
STARTUP_S = 120.0  # two cold interpreters on a busy 2-core machine


class Gateway:
    """The supervisor subprocess and the JSON lines all its processes wrote."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process
        self.config = Path()
        self.lines: list[dict[str, Any]] = []
        self.raw: list[str] = []
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
                self.lines.append(line)

    async def wait_for(self, event: str, timeout: float, count: int = 1) -> dict[str, Any]:
        """The ``count``-th log line with ``event``."""
        def found() -> dict[str, Any] | None:
            lines = [line for line in self.lines if line.get("event") == event]
            return lines[count - 1] if len(lines) >= count else None

        return await self._until(found, timeout, f"{count} {event!r} lines")

    def events(self, event: str) -> list[dict[str, Any]]:
        """Every log line with ``event`` so far."""
        return [line for line in self.lines if line.get("event") == event]

    async def worker_of(self, request_id: str, timeout: float = 60.0) -> int:
        """The worker whose access line has ``request_id``.

        Waits for the line: a worker writes it before the reply goes out, but the
        reader of the shared stderr pipe may not have reached it when the reply is in.
        The bound is generous: on a shared 2-core machine running tests in parallel a
        10 s wait once ran out.
        """
        def found() -> int | None:
            workers = [line["worker"] for line in self.lines if line.get("event") == "request"
                       and line.get("request_id") == request_id]
            assert len(workers) <= 1, request_id
            return int(workers[0]) if workers else None

        return await self._until(found, timeout, f"the access line of {request_id}")

    async def _until(self, found: Callable[[], _T | None], timeout: float, what: str) -> _T:
        """``found()`` once it is not None; on a timeout an error naming ``what`` and
        the last lines the gateway wrote."""
        try:
            async with asyncio.timeout(timeout):
                while (got := found()) is None:
                    assert not self._reader.done(), f"gateway exited: {self.raw[-5:]}"
                    await asyncio.sleep(0.05)
                return got
        except TimeoutError:
            raise AssertionError(f"no {what} in {timeout} s; last: {self.raw[-8:]}") from None


@pytest.fixture
async def gateway(tmp_path: Path, fake: FakeUpstream, redis_server: RedisServer
                  ) -> AsyncIterator[tuple[Gateway, str]]:
    """``serve --workers 2`` on a free port; yields it and its base URL; stops it."""
    data = session_config(fake.url, redis_server.url, prefix=f"w-{uuid.uuid4().hex[:8]}:")
    data["server"] = {"host": "127.0.0.1", "port": 0, "log_format": "json"}
    config = tmp_path / "gateway.yaml"
    config.write_text(json.dumps(data))  # JSON is YAML
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "proxy.cli", "serve", "--config", str(config), "--workers", "2",
        cwd=ROOT, stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.PIPE,
    )
    server = Gateway(process)
    server.config = config
    try:
        # A SIGHUP while the workers start: it must neither kill one (SIGHUP's default
        # action, before a worker's handler is in place) nor get lost: each worker
        # reloads once it is ready.
        await server.wait_for("worker.started", STARTUP_S, count=2)
        process.send_signal(signal.SIGHUP)
        ready = await server.wait_for("workers.ready", STARTUP_S)
        yield server, f"http://127.0.0.1:{ready['port']}"
    finally:
        if process.returncode is None:
            process.send_signal(signal.SIGTERM)
            async with asyncio.timeout(90):
                await process.wait()


def fresh_client(url: str, session: str) -> openai.AsyncOpenAI:
    """The SDK with no keep-alive: every request opens a new connection."""
    http = openai.DefaultAsyncHttpxClient(limits=httpx2.Limits(max_keepalive_connections=0))
    return openai.AsyncOpenAI(base_url=f"{url}/v1", api_key=TRUSTED, max_retries=0, timeout=30,
                              default_headers={SESSION_HEADER: session}, http_client=http)


async def turn(sdk: openai.AsyncOpenAI, text: str) -> tuple[str, str]:
    """One request; its relinked reply and the gateway's request id."""
    raw = await sdk.chat.completions.with_raw_response.create(
        model="m", messages=[{"role": "user", "content": text}]
    )
    reply = raw.parse().choices[0].message.content
    assert reply is not None
    return reply, raw.headers["x-pseudogate-request-id"]


async def test_two_workers_share_sessions_and_number_atomically(
    gateway: tuple[Gateway, str], fake: FakeUpstream
) -> None:
    """Turns on both workers keep one session; concurrent requests number atomically;
    readyz answers per worker; SIGTERM ends every process with exit code 0."""
    server, url = gateway
    fake.default = Reply.json_body(completion("[TICKET_1] and [EMAIL_1]"))
    served: Counter[int] = Counter()
    async with fresh_client(url, "conv-w") as sdk:
        reply, request_id = await turn(sdk, f"customer {TICKET} from {EMAIL}")
        assert reply == f"{TICKET} and {EMAIL}"
        served[await server.worker_of(request_id)] += 1
        turns = 1
        while min(served[1], served[2]) < 2:
            assert turns < 40, f"the kernel sent every turn to one worker: {served}"
            reply, request_id = await turn(sdk, f"re {TICKET}: now user{turns}@w.example")
            assert reply == f"{TICKET} and {EMAIL}"  # earlier turns' placeholders relink
            served[await server.worker_of(request_id)] += 1
            turns += 1
    assert [upstream_text(r.body) for r in fake.received] == [
        "customer [TICKET_1] from [EMAIL_1]",
        *(f"re [TICKET_1]: now [EMAIL_{n + 1}]" for n in range(1, turns)),
    ]

    # Contention: 30 requests at once, overlapping values, spread over both workers.
    fake.received.clear()
    fake.default = Reply.json_body(completion("ok"))
    values = [f"load{i}@w.example" for i in range(10)]
    rng = random.Random(11)
    batches = [rng.sample(values, 4) for _ in range(30)]
    async with fresh_client(url, "busy") as sdk:
        results = await asyncio.gather(*(
            turn(sdk, f"batch {i}: " + " ; ".join(batch)) for i, batch in enumerate(batches)
        ))
    workers = Counter([await server.worker_of(request_id) for _, request_id in results])
    assert set(workers) == {1, 2}, workers
    placeholder_of: dict[str, str] = {}
    value_of: dict[str, str] = {}
    for received in fake.received:
        head, _, rest = upstream_text(received.body).partition(": ")
        got = rest.split(" ; ")
        assert all(re.fullmatch(r"\[EMAIL_[0-9]+\]", p) for p in got)
        for value, placeholder in zip(batches[int(head[6:])], got, strict=True):
            assert placeholder_of.setdefault(value, placeholder) == placeholder
            assert value_of.setdefault(placeholder, value) == value
    assert sorted(int(p[7:-1]) for p in value_of) == list(range(1, len(values) + 1))

    # readyz per worker: both answer for themselves, each with its own pid.
    pids: dict[int, int] = {}
    async with httpx.AsyncClient(limits=httpx.Limits(max_keepalive_connections=0)) as http:
        for _ in range(40):
            body = (await http.get(f"{url}/readyz")).json()
            assert body["status"] == "ready" and body["sessions"]["reachable"]
            pids[body["worker"]] = body["pid"]
            if len(pids) == 2:
                break
    assert set(pids) == {1, 2} and len(set(pids.values())) == 2

    # The SIGHUP sent during start-up was acted on by each worker once it was ready.
    await server.wait_for("config.reloaded", 60, count=2)
    assert {line["worker"] for line in server.events("config.reloaded")} == {1, 2}
    # A reload is refused what start-up refuses: memory sessions would each be per
    # worker.  Both keep the config in force and say why; sessions still work.
    data = json.loads(server.config.read_text())
    data["sessions"] = {"store": "memory"}
    server.config.write_text(json.dumps(data))
    server.process.send_signal(signal.SIGHUP)
    await server.wait_for("config.reload_failed", 60, count=2)
    failed = server.events("config.reload_failed")
    assert {line["worker"] for line in failed} == {1, 2}
    assert {line["where"] for line in failed} == {"sessions.store"}
    fake.default = Reply.json_body(completion("[TICKET_1]"))
    async with fresh_client(url, "conv-w") as sdk:
        assert (await turn(sdk, "and the ticket?"))[0] == TICKET

    server.process.send_signal(signal.SIGTERM)
    async with asyncio.timeout(90):
        assert await server.process.wait() == 0
    await server.wait_for("workers.stopped", 5)
    # One stream: the supervisor's and both workers' lines, each naming its writer.
    assert {line.get("worker") for line in server.lines} == {0, 1, 2}


def test_memory_sessions_refuse_several_workers() -> None:
    """Each worker would keep its own memory sessions (of a route with sessions, or a
    Responses route): a configuration error."""
    from pipelines.errors import ConfigError

    data = session_config("http://127.0.0.1:9", "redis://127.0.0.1:9/0", prefix="x:")
    data["sessions"] = {"store": "memory"}
    config = parse_config(data, source="<t>", base_dir=Path.cwd(), environ={})
    check_workers(config, 1)
    with pytest.raises(ConfigError, match=r"sessions\.store.*store: redis"):
        check_workers(config, 2)
    # A Responses route keeps sessions without session.enabled: refused too.
    data["routes"] = [{"name": "responses", "path": "/v1/responses", "api": "openai_responses",
                       "upstream": "fake", "pipeline": ["regex"]}]
    config = parse_config(data, source="<t>", base_dir=Path.cwd(), environ={})
    check_workers(config, 1)
    with pytest.raises(ConfigError, match=r"'responses' in memory"):
        check_workers(config, 2)
