"""Gateway overhead, side by side: direct vs. a plain aiohttp pass-through vs. pseudogate.

One run starts three loopback servers, each in its own process: a fake upstream that
streams OpenAI-style chunks, a plain aiohttp pass-through proxy (forwards bytes, no
parsing), and pseudogate with the default regex + known-entity chain and a relink +
redact response policy.  It then measures, for each path, in the same run:

* time to first byte of a streamed reply with a ~1,500-token prompt (p50/p99), and the
  overhead of each proxy over direct;
* CPU time the proxy process spends per streamed event;
* streamed events/s at 1, 50 and 500 concurrent streams;
* RSS growth per open (held) stream;
* in process, the stream path's CPU per event without and with the egress filter, to
  tell the gateway's own work (SSE, JSON, routing) from the filter's;
* time to first byte through a second pseudogate whose route also lists an out-of-band
  ``llm_scrubber`` (every request's texts scrubbed, ``recent_texts: 0``, by a fake model
  server in a fourth process answering after 50 ms), interleaved with the others:
  ``ttfb_scrubber_ratio`` is its p50 over the plain pseudogate's (goal <= 1.05), with
  how many jobs the scrubber finished and dropped meanwhile;

and prints a table and, last, one JSON line with the headline figures.  Loopback only,
bounded loops; it takes a minute or two on two cores.  Timings are what this machine
measured in this run, not assertions: compare the ratios, not the absolute numbers.

    python bench/proxy.py [--quick]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import socket
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import aiohttp
from aiohttp import web

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from proxy.sse import encode_event, encode_json_event

# The paths every measurement compares; "scrubbed" (pseudogate with a scrubber) joins the
# TTFB loop only.
_PATHS = ("direct", "passthrough", "pseudogate")
WORDS = ("the", "quick", "reply", "streams", "in", "small", "pieces", "to", "you,", "and")


# -- servers (each runs in its own process) ----------------------------------------------


def _stream_body(events: int) -> bytes:
    chunks = [encode_json_event({"id": "c", "object": "chat.completion.chunk", "created": 1,
                                 "model": "m", "choices": [{"index": 0, "delta": {
                                     "role": "assistant", "content": ""},
                                     "finish_reason": None}]})]
    for index in range(events):
        word = WORDS[index % len(WORDS)] + " "
        if index % 25 == 7:
            word = "[EMAIL_1] "  # a placeholder to relink every 25 events
        chunks.append(encode_json_event({"id": "c", "object": "chat.completion.chunk",
                                         "created": 1, "model": "m", "choices": [{
                                             "index": 0, "delta": {"content": word},
                                             "finish_reason": None}]}))
    chunks.append(encode_json_event({"id": "c", "object": "chat.completion.chunk",
                                     "created": 1, "model": "m", "choices": [{
                                         "index": 0, "delta": {}, "finish_reason": "stop"}]}))
    chunks.append(encode_event("[DONE]"))
    return b"".join(chunks)


def _run_upstream(port: int) -> None:
    cache: dict[int, list[bytes]] = {}

    async def handler(request: web.Request) -> web.StreamResponse:
        # The shape of the reply comes in the body (integers pass any gateway unchanged;
        # pseudogate drops unknown query parameters).
        request_body = json.loads(await request.read())
        events = int(request_body.get("max_tokens", 100))
        hold = request_body.get("seed") == 1
        body = cache.setdefault(events, _stream_body(events).split(b"\n\n")[:-1])
        response = web.StreamResponse(headers={"Content-Type": "text/event-stream"})
        await response.prepare(request)
        if hold:
            await response.write(body[0] + b"\n\n")
            await asyncio.sleep(60)
            return response
        # Several events per write, as providers' TCP segments carry them.
        for start in range(0, len(body), 4):
            await response.write(b"\n\n".join(body[start : start + 4]) + b"\n\n")
        return response

    app = web.Application(client_max_size=16 * 1024 * 1024)
    app.router.add_post("/v1/chat/completions", handler)
    web.run_app(app, host="127.0.0.1", port=port, print=None, access_log=None,
                handler_cancellation=True)


def _run_passthrough(port: int, upstream: int) -> None:
    async def session_ctx(app: web.Application) -> Any:
        app["session"] = aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0))
        yield
        await app["session"].close()

    async def handler(request: web.Request) -> web.StreamResponse:
        body = await request.read()
        session: aiohttp.ClientSession = request.app["session"]
        url = f"http://127.0.0.1:{upstream}{request.path_qs}"
        async with session.post(url, data=body,
                                headers={"Content-Type": "application/json"}) as up:
            response = web.StreamResponse(status=up.status,
                                          headers={"Content-Type": up.content_type})
            await response.prepare(request)
            async for chunk in up.content.iter_any():
                await response.write(chunk)
            return response

    app = web.Application(client_max_size=16 * 1024 * 1024)
    app.cleanup_ctx.append(session_ctx)
    app.router.add_post("/v1/chat/completions", handler)
    web.run_app(app, host="127.0.0.1", port=port, print=None, access_log=None,
                handler_cancellation=True)


# How long the fake scrubber model takes to answer: a quick local model.
SCRUBBER_DELAY_S = 0.05


def _run_scrubber(port: int) -> None:
    """A fake OpenAI-compatible scrubber model: it reports a phrase that is in the text."""

    async def handler(request: web.Request) -> web.Response:
        body = json.loads(await request.read())
        texts = json.loads(body["messages"][-1]["content"])["texts"]
        await asyncio.sleep(SCRUBBER_DELAY_S)
        findings = [{"index": item["index"], "value": "customs paperwork", "label": "PERSON"}
                    for item in texts if "customs paperwork" in item["text"]]
        return web.json_response({"choices": [{"index": 0, "message": {
            "role": "assistant", "content": json.dumps({"findings": findings})}}]})

    app = web.Application(client_max_size=16 * 1024 * 1024)
    app.router.add_post("/v1/chat/completions", handler)
    web.run_app(app, host="127.0.0.1", port=port, print=None, access_log=None)


def _pseudogate_config(upstream: int, scrubber: int | None = None) -> Any:
    """The gateway under test: the default regex + known-entity chain, relink + redact.

    With ``scrubber`` (a port), the route also lists an ``llm_scrubber`` asking the fake
    model there about every request.
    """
    from proxy.config import parse_config

    data: dict[str, Any] = {
        "server": {"max_body_bytes": 16 * 1024 * 1024},
        "upstreams": {"fake": {"base_url": f"http://127.0.0.1:{upstream}",
                               "max_connections": 1000}},
        "detectors": {
            "customers": {"type": "known_entities", "options": {"values": {
                "PERSON": ["Jane Doe", "Rafael Ortega", "Mei Lin Chen"],
                "ORGANIZATION": ["Acme Logistics GmbH"]}}},
            "regex": {"type": "regex"},
        },
        "routes": [{"path": "/v1/chat/completions", "api": "openai_chat", "upstream": "fake",
                    "pipeline": ["customers", "regex"],
                    "response": {"relink": True, "redact": ["PRIVATE_KEY", "API_KEY", "JWT"]}}],
    }
    if scrubber is not None:
        data["upstreams"]["model"] = {"base_url": f"http://127.0.0.1:{scrubber}",
                                      "auth": "passthrough", "proxy_from_env": False}
        data["detectors"]["scrubber"] = {"type": "llm_scrubber", "options": {
            "upstream": "model", "model": "fake", "recent_texts": 0, "concurrency": 2}}
        data["routes"][0]["pipeline"].append("scrubber")
    return parse_config(data, source="<bench>", base_dir=Path.cwd(), environ={})


def _run_pseudogate(port: int, upstream: int, scrubber: int | None = None) -> None:
    from proxy.app import create_app
    from proxy.logs import configure_logging

    # Warnings only: one info line per request would measure the terminal, not the gateway.
    configure_logging("warning", "json")
    web.run_app(create_app(_pseudogate_config(upstream, scrubber)), host="127.0.0.1",
                port=port, print=None, access_log=None, handler_cancellation=True)


# -- measurement ---------------------------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _prompt(tokens: int = 1500) -> str:
    sentence = ("Please summarise the account history for Jane Doe, who wrote from "
                "jane.doe@example.com and asked about invoice 4711 of Acme Logistics GmbH; ")
    filler = "the shipment was delayed twice because of weather and customs paperwork. "
    parts = [sentence]
    while sum(len(p) for p in parts) < tokens * 4:
        parts.append(filler)
    parts.append("Call her back on +1 415 555 0132.")
    return "".join(parts)


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


async def _wait_ready(port: int) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return
        except OSError:
            await asyncio.sleep(0.1)
    raise RuntimeError(f"server on port {port} did not start")


async def _one_stream(session: aiohttp.ClientSession, url: str, prompt: str,
                      events: int) -> tuple[float, int]:
    """Return (seconds to first byte, upstream events delivered).

    Counted as the upstream sent them (role chunk, ``events`` text chunks, finish chunk,
    ``[DONE]``) once the stream ended with ``[DONE]``: pseudogate may merge text chunks
    that arrive together, so counting the chunks the client sees would understate it.
    """
    body = _body(prompt, events)
    started = time.perf_counter()
    first = 0.0
    tail = b""
    async with session.post(f"{url}/v1/chat/completions", data=body,
                            headers={"Content-Type": "application/json"}) as response:
        async for chunk in response.content.iter_any():
            if not first:
                first = time.perf_counter() - started
            tail = (tail + chunk)[-32:]
    return first, events + 3 if b"[DONE]" in tail else 0


def _body(prompt: str, events: int, *, hold: bool = False) -> bytes:
    return json.dumps({"model": "m", "stream": True, "max_tokens": events,
                       "seed": 1 if hold else 0,
                       "messages": [{"role": "user", "content": prompt}]}).encode()


async def _ttfb(session: aiohttp.ClientSession, urls: dict[str, str], pids: dict[str, int],
                rounds: int) -> tuple[dict[str, list[float]], dict[str, float]]:
    """TTFB samples per path, and each process's CPU ms per request over the loop.

    The CPU figure does not depend on other load on the machine the way wall time does.
    """
    body = _prompt()
    samples: dict[str, list[float]] = {name: [] for name in urls}
    for _ in range(3):  # warm-up: connections, caches, lazy compiles
        for url in urls.values():
            await _one_stream(session, url, body, 5)
    cpu_before = {name: _cpu_seconds(pid) for name, pid in pids.items()}
    for _ in range(rounds):  # interleaved, so drift hits all three alike
        for name, url in urls.items():
            first, _ = await _one_stream(session, url, body, 5)
            samples[name].append(first * 1000.0)
    cpu_ms = {name: (_cpu_seconds(pid) - cpu_before[name]) * 1000.0 / rounds
              for name, pid in pids.items()}
    # Every request of every path passes the upstream: its share is a third.
    cpu_ms["direct"] /= len(urls)
    return samples, cpu_ms


async def _throughput(session: aiohttp.ClientSession, url: str, concurrency: int,
                      events: int, pid: int) -> tuple[float, float, int]:
    """(events/s, CPU seconds the process spent, events) for ``concurrency`` streams."""
    body = "Summarise the weather report for the week, please."
    cpu_before = _cpu_seconds(pid)
    started = time.perf_counter()
    results = await asyncio.gather(*[_one_stream(session, url, body, events)
                                     for _ in range(concurrency)])
    elapsed = time.perf_counter() - started
    total = sum(count for _, count in results)
    return total / elapsed, _cpu_seconds(pid) - cpu_before, total


async def _rss_per_stream(session: aiohttp.ClientSession, url: str, pid: int, streams: int
                          ) -> float:
    await _one_stream(session, url, "warm up", 5)
    body = _body("hold this stream open", 5, hold=True)
    before = _rss_kb(pid)
    responses = []
    for _ in range(streams):
        response = await session.post(f"{url}/v1/chat/completions", data=body,
                                      headers={"Content-Type": "application/json"})
        await response.content.readany()
        responses.append(response)
    await asyncio.sleep(0.3)
    after = _rss_kb(pid)
    for response in responses:
        response.close()
    return (after - before) / streams


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def _scrubber_jobs(session: aiohttp.ClientSession, url: str) -> dict[str, float]:
    """The scrubbing gateway's job counts by outcome, from its /metrics."""
    from prometheus_client.parser import text_string_to_metric_families

    async with session.get(f"{url}/metrics") as response:
        text = await response.text()
    jobs: dict[str, float] = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            if sample.name == "pseudogate_scrubber_jobs_total":
                outcome = sample.labels["outcome"]
                jobs[outcome] = jobs.get(outcome, 0.0) + sample.value
    return jobs


async def _measure(ports: dict[str, int], pids: dict[str, int], quick: bool) -> dict[str, Any]:
    everything = {name: f"http://127.0.0.1:{port}" for name, port in ports.items()}
    for port in ports.values():
        await _wait_ready(port)
    # The scrubbing gateway (and its model) take part in the TTFB loop only.
    urls = {name: url for name, url in everything.items() if name in _PATHS}
    timed = {name: everything[name] for name in (*_PATHS, "scrubbed")}
    connector = aiohttp.TCPConnector(limit=0)
    timeout = aiohttp.ClientTimeout(total=300)
    async with aiohttp.ClientSession(connector=connector, timeout=timeout) as session:
        # RSS first, on fresh processes, so earlier load has not pre-grown the heaps.
        rss = {name: await _rss_per_stream(session, urls[name], pids[name],
                                           150 if quick else 300)
               for name in ("passthrough", "pseudogate")}
        ttfb, request_cpu = await _ttfb(session, timed,
                                        {name: pids[name] for name in timed},
                                        60 if quick else 200)
        scrubber_jobs = await _scrubber_jobs(session, timed["scrubbed"])
        rates: dict[str, dict[int, float]] = {name: {} for name in urls}
        cpu_seconds = dict.fromkeys(urls, 0.0)
        event_counts = dict.fromkeys(urls, 0)
        for concurrency in (1, 50, 500):
            events = 200 if concurrency == 1 else (60 if concurrency == 50 else 20)
            # Best of several runs: other load only ever slows a run down.
            repeat = {1: 7, 50: 4, 500: 3}[concurrency] if not quick else 2
            for name in urls:
                rates[name][concurrency] = 0.0
            # Round-robin over the paths, so a burst of other load hits all three alike.
            for _ in range(repeat):
                for name, url in urls.items():
                    rate, spent, total = await _throughput(session, url, concurrency, events,
                                                           pids[name])
                    rates[name][concurrency] = max(rates[name][concurrency], rate)
                    cpu_seconds[name] += spent
                    event_counts[name] += total
        # The proxies' CPU per event; "direct" is the fake upstream's own cost.
        cpu = {name: cpu_seconds[name] / max(event_counts[name], 1) * 1e6 for name in urls}
    return {"ttfb": ttfb, "rates": rates, "cpu": cpu, "rss": rss, "request_cpu": request_cpu,
            "scrubber_jobs": scrubber_jobs}


class _Unchanged:
    """An egress channel that passes text through: isolates the gateway's own stream work."""

    def feed(self, text: str) -> str:
        return text

    def close(self) -> str:
        return ""


class _PassThrough:
    """A channel factory of :class:`_Unchanged` channels (signed ones too)."""

    def __call__(self, json_string: bool, /) -> _Unchanged:
        return _Unchanged()

    def signed(self) -> _Unchanged:
        return _Unchanged()


def _breakdown(quick: bool) -> dict[int, tuple[float, float]]:
    """CPU µs per upstream event of the stream path, in process: without and with egress.

    The same reply body as the servers stream, cut into reads of 4 events (one upstream
    write, as a lone stream sees it) and of 64 (a loaded gateway reads more at once),
    through the SSE decoder and the OpenAI rewriter: once with pass-through channels
    (decode, parse, route, merge, re-encode: the gateway's own work) and once with the
    route's real egress filters for a request whose vault holds the prompt's values.
    """
    from pipelines.vault import Vault
    from proxy.assembly import build_chain, build_detectors, running
    from proxy.gateway import API_SHAPES
    from proxy.policies import build_policy
    from proxy.shapes import FilterFactory
    from proxy.sse import SSEDecoder

    config = _pseudogate_config(0)
    route = config.routes[0]
    detectors = build_detectors(config)
    shape = API_SHAPES[route.api]

    async def sanitized() -> FilterFactory:
        async with running(detectors):
            vault = Vault(max_index=config.server.max_placeholder_index)
            await build_chain(config, route, detectors).sanitize([_prompt()], vault)
            return build_policy(config, route, detectors).factory_for(vault)

    real = asyncio.run(sanitized())
    events = _stream_body(200).split(b"\n\n")[:-1]

    def replay(size: int, factory: FilterFactory) -> None:
        decoder = SSEDecoder()
        rewriter = shape.rewriter(factory)
        for start in range(0, len(events), size):
            rewriter.on_events(decoder.feed(b"\n\n".join(events[start : start + size])
                                            + b"\n\n"))
        rewriter.on_events(decoder.close())
        rewriter.finish()

    def cost(size: int, factory: FilterFactory) -> float:
        batch = 10 if quick else 30
        best = float("inf")
        for _ in range(5 if quick else 9):
            started = time.process_time()
            for _ in range(batch):
                replay(size, factory)
            best = min(best, time.process_time() - started)
        return best / batch / len(events) * 1e6

    return {size: (cost(size, _PassThrough()), cost(size, real)) for size in (4, 64)}


def _report(result: dict[str, Any]) -> dict[str, Any]:
    ttfb: dict[str, list[float]] = result["ttfb"]
    p50 = {name: statistics.median(values) for name, values in ttfb.items()}
    p99 = {name: _pct(values, 0.99) for name, values in ttfb.items()}
    rates: dict[str, dict[int, float]] = result["rates"]
    print("time to first byte, 1,500-token prompt (ms)")
    print(f"  {'path':<12}{'p50':>9}{'p99':>9}{'p50 over direct':>18}{'p99 over direct':>18}")
    for name in ttfb:
        if name == "scrubbed":
            continue
        print(f"  {name:<12}{p50[name]:>9.2f}{p99[name]:>9.2f}"
              f"{p50[name] - p50['direct']:>18.2f}{p99[name] - p99['direct']:>18.2f}")
    overhead50 = p50["pseudogate"] - p50["passthrough"]
    overhead99 = p99["pseudogate"] - p99["passthrough"]
    print(f"  pseudogate over pass-through: p50 {overhead50:+.2f} ms, p99 {overhead99:+.2f} ms"
          "  (target p50 <= 2 ms)")
    scrubber_ratio = p50["scrubbed"] / p50["pseudogate"]
    jobs: dict[str, float] = result["scrubber_jobs"]
    print(f"  pseudogate with an out-of-band llm_scrubber: p50 {p50['scrubbed']:.2f} ms, "
          f"p99 {p99['scrubbed']:.2f} ms; on / off p50 {scrubber_ratio:.3f} (goal <= 1.05)")
    print("  scrubber jobs meanwhile: " + ", ".join(
        f"{outcome} {int(count)}" for outcome, count in sorted(jobs.items())))
    request_cpu: dict[str, float] = result["request_cpu"]
    extra = request_cpu["pseudogate"] - request_cpu["passthrough"]
    print("  CPU ms per request in each process: " + ", ".join(
        f"{name} {value:.2f}" for name, value in request_cpu.items())
        + f"; pseudogate - pass-through {extra:.2f}")
    print("streamed events/s")
    print(f"  {'streams':<9}" + "".join(f"{name:>13}" for name in rates)
          + f"{'pg/pass':>10}")
    ratios = {}
    for concurrency in (1, 50, 500):
        ratio = rates["pseudogate"][concurrency] / rates["passthrough"][concurrency]
        ratios[concurrency] = ratio
        print(f"  {concurrency:<9}" + "".join(f"{rates[n][concurrency]:>13.0f}" for n in rates)
              + f"{ratio:>10.2f}")
    print("  (target: pseudogate >= 0.50 of pass-through)")
    cpu: dict[str, float] = result["cpu"]
    print("CPU per streamed event, all throughput runs (µs; direct = the fake upstream)")
    for name in cpu:
        print(f"  {name:<12}{cpu[name]:>9.1f}")
    cpu_ratio = cpu["pseudogate"] / max(cpu["passthrough"], 1e-9)
    print(f"  ratio {cpu_ratio:.2f}")
    breakdown: dict[int, tuple[float, float]] = result["breakdown"]
    print("stream path in process, CPU µs per upstream event (best of several batches)")
    print(f"  {'events/read':<13}{'gateway only':>14}{'with egress':>13}{'egress share':>14}")
    for size, (own, total) in breakdown.items():
        print(f"  {size:<13}{own:>14.2f}{total:>13.2f}{(total - own) / total:>14.0%}")
    print("  (gateway only: SSE decode, JSON, routing, merging, re-encoding;"
          " egress: the filter's feed)")
    rss: dict[str, float] = result["rss"]
    print("RSS growth per open stream (KB)")
    for name, value in rss.items():
        print(f"  {name:<12}{value:>9.1f}")
    print("  (target: pseudogate <= 64 KB)")
    return {
        "ttfb_overhead_ms_p50": round(overhead50, 3),
        "ttfb_overhead_ms_p99": round(overhead99, 3),
        "ttfb_over_direct_ms_p50": {n: round(p50[n] - p50["direct"], 3) for n in p50
                                    if n != "scrubbed"},
        "ttfb_scrubber_ratio": round(scrubber_ratio, 3),
        "ttfb_scrubber_ms_p50": round(p50["scrubbed"], 3),
        "scrubber_jobs": {outcome: int(count) for outcome, count in sorted(jobs.items())},
        "request_cpu_ms": {n: round(v, 3) for n, v in request_cpu.items()},
        "events_ratio_1": round(ratios[1], 3),
        "events_ratio_50": round(ratios[50], 3),
        "events_ratio_500": round(ratios[500], 3),
        "cpu_us_per_event": {n: round(v, 2) for n, v in cpu.items()},
        "cpu_ratio": round(cpu_ratio, 3),
        "stream_us_per_event": {size: {"gateway": round(own, 2), "with_egress": round(total, 2)}
                                for size, (own, total) in breakdown.items()},
        "rss_kb_per_stream": round(rss["pseudogate"], 2),
        "rss_kb_per_stream_passthrough": round(rss["passthrough"], 2),
    }


def main() -> int:
    """Start the three servers, measure, print the table and the JSON line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer TTFB samples and streams")
    args = parser.parse_args()
    ports = {name: _free_port() for name in (*_PATHS, "scrubbed", "model")}
    targets: dict[str, tuple[Callable[..., None], tuple[int, ...]]] = {
        "direct": (_run_upstream, (ports["direct"],)),
        "passthrough": (_run_passthrough, (ports["passthrough"], ports["direct"])),
        "pseudogate": (_run_pseudogate, (ports["pseudogate"], ports["direct"])),
        "scrubbed": (_run_pseudogate, (ports["scrubbed"], ports["direct"], ports["model"])),
        "model": (_run_scrubber, (ports["model"],)),
    }
    processes = {name: multiprocessing.Process(target=target, args=argv, daemon=True)
                 for name, (target, argv) in targets.items()}
    for process in processes.values():
        process.start()
    try:
        pids = {name: process.pid for name, process in processes.items()
                if process.pid is not None}
        result = asyncio.run(_measure(ports, pids, args.quick))
    finally:
        for process in processes.values():
            process.terminate()
            process.join(5)
    # In process, once the servers are gone, so nothing else of this run competes.
    result["breakdown"] = _breakdown(args.quick)
    summary = _report(result)
    load = os.getloadavg()
    print(f"load average at the end: {load[0]:.2f} (on {os.cpu_count()} CPUs; other load "
          "on the machine inflates every figure, the ratios less than the absolutes)")
    summary["load_average"] = round(load[0], 2)
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
