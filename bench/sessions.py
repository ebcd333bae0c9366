"""Sessions and scale-out, side by side: workers 2 vs 1, Redis vs memory, sealing cost.

One run measures, on this machine, in the same run:

* requests/s of ``pseudogate serve --workers 1`` and ``--workers 2`` (SO_REUSEPORT), each
  with sessions in a real ``redis-server`` the bench starts on a free loopback port, in
  front of a fake upstream in its own process, under the same closed-loop load (64
  concurrent clients, keep-alive, 200 sessions, two e-mail addresses per prompt, one of
  them new per request).  The rounds alternate (1, 2, 1, 2, ...) so machine noise is
  shared; ``workers_ratio_2v1`` = mean rps with 2 workers / mean rps with 1.  On a
  2-core machine the load generator and the fake upstream take CPU too, so the ratio's
  ceiling is below 2;
* the session store's latency per request — one request's store work: open (with the
  session's existing records), number three values, append their records — against
  the memory store and against Redis over loopback (p50, p99);
* the sealing and opening cost per request (AES-256-GCM and HMAC, no store): a fresh
  data key wrapped, the session's data key unwrapped, 20 existing records opened, three
  values tagged and three records sealed.

It prints a table and, last, one JSON line.  Loopback only, bounded loops; about two
minutes (``--quick``: a few seconds per figure).  Timings are what this machine measured
in this run, not assertions: compare the ratios.

    python bench/sessions.py [--quick]
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import json
import multiprocessing
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import aiohttp
from aiohttp import web

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pipelines.sealing import KeyRing, RootKey  # noqa: E402 - after the path set-up
from pipelines.sessions import Lifetime, SessionStore, encode_record  # noqa: E402
from proxy.config_sessions import RedisConfig  # noqa: E402
from proxy.session_memory import MemoryStore  # noqa: E402
from proxy.session_redis import RedisStore  # noqa: E402
from tests.redis_server import RedisServer  # noqa: E402

REPLY = json.dumps({
    "id": "chatcmpl-b", "object": "chat.completion", "created": 1, "model": "m",
    "choices": [{"index": 0, "finish_reason": "stop",
                 "message": {"role": "assistant", "content": "Noted, [EMAIL_1]."}}],
}).encode()
LIFE = Lifetime(600.0, 3600.0)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _run_upstream(port: int) -> None:
    async def handler(request: web.Request) -> web.Response:
        await request.read()
        return web.Response(body=REPLY, content_type="application/json")

    app = web.Application()
    app.router.add_post("/v1/chat/completions", handler)
    web.run_app(app, host="127.0.0.1", port=port, print=None, access_log=None)


def _config(upstream: int, redis_url: str, port: int) -> dict[str, Any]:
    secret = base64.b64encode(os.urandom(32)).decode()
    return {
        "server": {"host": "127.0.0.1", "port": port, "log_level": "warning"},
        "clients": {"bench": {"key": "bench-key"}},
        "upstreams": {"up": {"base_url": f"http://127.0.0.1:{upstream}", "auth": "inject",
                             "api_key": "sk-bench"}},
        "detectors": {"regex": {"type": "regex"}},
        # A loaded loop delays store calls past the 0.5 s default: the bench measures
        # throughput, not refusals.
        "sessions": {"store": "redis", "call_timeout_s": 10,
                     "redis": {"url": redis_url, "prefix": "bench:"},
                     "root_keys": [{"id": "b1", "secret": secret}],
                     "name_key": {"secret": base64.b64encode(os.urandom(32)).decode()}},
        "routes": [{"path": "/v1/chat/completions", "api": "openai_chat", "upstream": "up",
                    "clients": ["bench"], "pipeline": ["regex"],
                    "session": {"enabled": True}}],
    }


async def _wait_ready(url: str, seconds: float = 120.0) -> None:
    deadline = time.monotonic() + seconds
    async with aiohttp.ClientSession() as http:
        while time.monotonic() < deadline:
            try:
                async with http.get(url + "/readyz") as reply:
                    if reply.status == 200:
                        return
            except aiohttp.ClientError:
                pass
            await asyncio.sleep(0.1)
    raise RuntimeError("the gateway did not become ready")


async def _load(url: str, seconds: float, concurrency: int, offset: int) -> float:
    """Closed-loop load for ``seconds``; requests per second."""
    done = 0
    stop = time.monotonic() + seconds
    headers = {"authorization": "Bearer bench-key", "content-type": "application/json"}

    async def client(index: int, http: aiohttp.ClientSession) -> None:
        nonlocal done
        n = 0
        while time.monotonic() < stop:
            n += 1
            body = json.dumps({"model": "m", "messages": [{"role": "user", "content": (
                f"Please mail owner{index % 40}@corp.example and "
                f"guest{offset}-{index}-{n}@visit.example about the invoice.")}]})
            session = {"x-pseudogate-session": f"s{(index * 7 + n) % 200}"}
            async with http.post(url + "/v1/chat/completions", data=body,
                                 headers=headers | session) as reply:
                answer = await reply.read()
                if reply.status != 200:
                    raise RuntimeError(f"gateway answered {reply.status}: {answer[:200]!r}")
            done += 1

    connector = aiohttp.TCPConnector(limit=concurrency)
    async with aiohttp.ClientSession(connector=connector) as http:
        started = time.monotonic()
        await asyncio.gather(*(client(i, http) for i in range(concurrency)))
        return done / (time.monotonic() - started)


async def _rps(workers: int, config_file: Path, port: int, seconds: float, offset: int
               ) -> float:
    url = f"http://127.0.0.1:{port}"
    process = subprocess.Popen(
        [sys.executable, "-m", "proxy.cli", "serve", "--config", str(config_file),
         "--workers", str(workers)],
        cwd=ROOT, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        await _wait_ready(url)
        await _load(url, 1.0, 64, offset)  # warm-up: imports, pools, script cache
        return await _load(url, seconds, 64, offset + 1)
    finally:
        process.terminate()
        process.wait(timeout=90)


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def _store_cycle(store: SessionStore, keyring: KeyRing, name: str, records: int
                       ) -> list[float]:
    """Per-request store latency (ms): open, number three values, append three records."""
    keys, wrapped = keyring.create(name)
    opened = await store.open(name, b"g" * 16, wrapped, LIFE)
    seed = [keys.seal(encode_record(("value", f"[EMAIL_{i + 1}]", f"u{i}@x.example")))
            for i in range(records)]
    await store.append(name, opened.generation, seed)
    label = keys.tag("label", "EMAIL")
    timings: list[float] = []
    for request in range(400):
        _, candidate = keyring.create(name)  # what a request offers in case it is new
        started = time.perf_counter()
        got = await store.open(name, b"h" * 16, candidate, LIFE)
        items = [(keys.tag("value", "EMAIL", f"r{request}-{i}"), label) for i in range(3)]
        numbers = await store.number(name, got.generation, items, [], 10**9)
        blobs = [keys.seal(encode_record(("value", f"[EMAIL_{n}]", "v"))) for n in numbers]
        await store.append(name, got.generation, blobs)
        timings.append((time.perf_counter() - started) * 1000.0)
        if request % 50 == 49:  # keep the session near its starting size
            await store.end(name)
            opened = await store.open(name, b"g" * 16, wrapped, LIFE)
            await store.append(name, opened.generation, seed)
    return timings


def _seal_cost(records: int = 20, new: int = 3) -> list[float]:
    """Per-request sealing + opening (µs), no store."""
    keyring = KeyRing([RootKey("b1", os.urandom(32))], os.urandom(32))
    name = keyring.name("client:bench", "s1")
    keys, wrapped = keyring.create(name)
    stored = [keys.seal(encode_record(("value", f"[EMAIL_{i + 1}]", f"user{i}@corp.example")))
              for i in range(records)]
    timings: list[float] = []
    for request in range(3000):
        started = time.perf_counter()
        keyring.create(name)  # the candidate key of a possibly new session
        opened = keyring.unwrap(wrapped, name)
        for blob in stored:
            opened.open(blob)
        for i in range(new):
            opened.tag("value", "EMAIL", f"new{request}-{i}@corp.example")
            opened.seal(encode_record(("value", f"[EMAIL_{records + i + 1}]", "x@y.example")))
        timings.append((time.perf_counter() - started) * 1e6)
    return timings


async def _stores(redis_url: str, quick: bool) -> dict[str, list[float]]:
    keyring = KeyRing([RootKey("b1", os.urandom(32))], os.urandom(32))
    redis_store = RedisStore(RedisConfig(url=redis_url, prefix="bench-store:"),
                             call_timeout_s=5.0)
    try:
        memory = await _store_cycle(MemoryStore(), keyring, "m" * 32, 20)
        redis = await _store_cycle(redis_store, keyring, "r" * 32, 20)
        if not quick:
            memory += await _store_cycle(MemoryStore(), keyring, "m" * 32, 20)
            redis += await _store_cycle(redis_store, keyring, "r" * 32, 20)
    finally:
        await redis_store.aclose()
    return {"memory": memory, "redis": redis}


async def _measure(quick: bool) -> dict[str, Any]:
    workdir = Path(tempfile.mkdtemp(prefix="pg-bench-"))
    redis = RedisServer(workdir / "redis")
    redis.start()
    upstream_port = _free_port()
    upstream = multiprocessing.get_context("spawn").Process(
        target=_run_upstream, args=(upstream_port,), daemon=True)
    upstream.start()
    try:
        stores = await _stores(redis.url, quick)
        seal = _seal_cost()
        port = _free_port()
        config_file = workdir / "gateway.yaml"
        config_file.write_text(json.dumps(_config(upstream_port, redis.url, port)))
        seconds = 3.0 if quick else 10.0
        rounds = 1 if quick else 3
        rps: dict[int, list[float]] = {1: [], 2: []}
        for round_ in range(rounds):
            for workers in (1, 2):
                rps[workers].append(
                    await _rps(workers, config_file, port, seconds, round_ * 10 + workers))
    finally:
        upstream.terminate()
        upstream.join()
        redis.stop()
    return {"stores": stores, "seal": seal, "rps": rps, "cores": os.cpu_count()}


def main() -> int:
    """Run the benchmark; print the table and the JSON line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--quick", action="store_true", help="shorter runs")
    args = parser.parse_args()
    result = asyncio.run(_measure(args.quick))
    rps1, rps2 = statistics.mean(result["rps"][1]), statistics.mean(result["rps"][2])
    memory, redis, seal = result["stores"]["memory"], result["stores"]["redis"], result["seal"]
    summary = {
        "workers_ratio_2v1": round(rps2 / rps1, 3),
        "rps_1_worker": round(rps1, 1),
        "rps_2_workers": round(rps2, 1),
        "redis_p50_ms": round(_pct(redis, 0.5), 3),
        "redis_p99_ms": round(_pct(redis, 0.99), 3),
        "memory_p50_ms": round(_pct(memory, 0.5), 3),
        "seal_us_p50": round(_pct(seal, 0.5), 1),
        "cores": result["cores"],
    }
    print(f"{'requests/s, 1 worker':34} {rps1:10.1f}   rounds {result['rps'][1]}")
    print(f"{'requests/s, 2 workers':34} {rps2:10.1f}   rounds {result['rps'][2]}")
    print(f"{'ratio 2 / 1 workers':34} {rps2 / rps1:10.3f}   on {result['cores']} cores")
    print(f"{'store per request, memory p50':34} {_pct(memory, 0.5):10.3f} ms")
    print(f"{'store per request, Redis p50':34} {_pct(redis, 0.5):10.3f} ms   "
          f"p99 {_pct(redis, 0.99):.3f} ms")
    print(f"{'sealing + opening per request p50':34} {_pct(seal, 0.5):10.1f} µs   "
          f"p99 {_pct(seal, 0.99):.1f} µs")
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
