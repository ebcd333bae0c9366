"""The ``pseudogate demo`` round trip: what the client sent, the upstream saw, the client got.

On a route with an ``llm_scrubber`` it also waits (a few seconds at most) for the
scrubber's out-of-band verdict on what the upstream received and prints the labels it
found: the prompt has one name no local detector knows, the kind of residual value the
scrubber exists for.

Uses only aiohttp and the gateway's own SSE decoder as the client (the official SDKs
are a test dependency, not a runtime one), streams one request per API shape through
the running gateway, and prints the three views side by side.  Printing the seeded
values here is the point of the demo: they are the demo's own fake data, shown on the
user's terminal, never logged.
"""

from __future__ import annotations

import asyncio
import json
import sys
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Final, TextIO

import aiohttp

from proxy.config import Config, RouteConfig
from proxy.sse import SSEDecoder

if TYPE_CHECKING:
    from prometheus_client import Counter

    from proxy.metrics import Metrics

__all__ = ["DEMO_PROMPT", "run_demo", "stream_text"]

DEMO_PROMPT: Final = (
    "Please write a short reminder to Jane Doe (jane.doe@example.com, +1 415 555 0132) "
    "about the open invoice of Acme Logistics GmbH. Payment goes to IBAN "
    "DE89 3704 0044 0532 0130 00. Her assistant Priya Raman will confirm the amount."
)
# How long the demo waits for a scrubber's verdict on one request.
_SCRUB_WAIT_S: Final = 5.0


def _request(route: RouteConfig) -> tuple[dict[str, object], dict[str, str]]:
    if route.api == "openai_chat":
        return (
            {
                "model": "demo",
                "stream": True,
                "messages": [
                    {"role": "system", "content": "You are a helpful assistant."},
                    {"role": "user", "content": DEMO_PROMPT},
                ],
            },
            {"Authorization": "Bearer demo"},
        )
    return (
        {
            "model": "demo",
            "max_tokens": 256,
            "stream": True,
            "system": "You are a helpful assistant.",
            "messages": [{"role": "user", "content": DEMO_PROMPT}],
        },
        {"x-api-key": "demo", "anthropic-version": "2023-06-01"},
    )


def _event_text(api: str, payload: object) -> str:
    if not isinstance(payload, dict):
        return ""
    if api == "openai_chat":
        parts = []
        for choice in payload.get("choices") or []:
            delta = choice.get("delta") or {}
            parts.append(delta.get("content") or "")
        return "".join(parts)
    delta = payload.get("delta")
    if payload.get("type") == "content_block_delta" and isinstance(delta, dict):
        return str(delta.get("text") or "")
    return ""


async def stream_text(
    session: aiohttp.ClientSession, url: str, route: RouteConfig
) -> tuple[int, str]:
    """POST the demo request for ``route``; return the status and the streamed text."""
    body, headers = _request(route)
    async with session.post(url + route.path, json=body, headers=headers) as response:
        if response.status != 200:
            return response.status, await response.text()
        decoder = SSEDecoder()
        text: list[str] = []
        async for chunk in response.content.iter_any():
            for event in decoder.feed(chunk):
                if event.data is not None and not event.is_done:
                    text.append(_event_text(route.api, json.loads(event.data)))
        for event in decoder.close():
            if event.data is not None and not event.is_done:
                text.append(_event_text(route.api, json.loads(event.data)))
        return 200, "".join(text)


def _seen_by_upstream(body: dict[str, object]) -> str:
    lines = []
    system = body.get("system")
    if isinstance(system, str):
        lines.append(f"system: {system}")
    for message in body.get("messages") or []:  # type: ignore[attr-defined]
        content = message.get("content")
        if isinstance(content, str):
            lines.append(f"{message.get('role')}: {content}")
    return "\n".join(lines)


def _samples(counter: Counter, **labels: str) -> dict[tuple[str, ...], float]:
    """A counter's totals whose labels include ``labels``, keyed by all label values."""
    found: dict[tuple[str, ...], float] = {}
    for metric in counter.collect():
        for sample in metric.samples:
            if sample.name.endswith("_total") and all(
                    sample.labels.get(key) == value for key, value in labels.items()):
                found[tuple(sample.labels.values())] = sample.value
    return found


async def _scrubbed(metrics: Metrics, route: str, jobs_before: float) -> str:
    """Wait for the route's scrubber job to end; describe what it found (labels only)."""
    deadline = time.monotonic() + _SCRUB_WAIT_S
    jobs = jobs_before
    while time.monotonic() < deadline:
        jobs = sum(_samples(metrics.scrubber_jobs, route=route).values())
        if jobs > jobs_before:
            break
        await asyncio.sleep(0.05)
    if jobs <= jobs_before:
        return "(no verdict within 5 s)"
    outcomes = {key[2]: n for key, n in _samples(metrics.scrubber_jobs, route=route).items()}
    if not outcomes.get("scrubbed"):
        return "the scrubber did not answer: " + ", ".join(sorted(outcomes))
    found = {key[1]: int(n) for key, n in _samples(metrics.scrubber_findings,
                                                    route=route).items()}
    if not found:
        return "nothing left to find"
    return (", ".join(f"{n} {label}" for label, n in sorted(found.items()))
            + " still written out in what the upstream received (an audit record per"
              " finding, with a keyed hash of the value, is on standard error; with"
              " sessions on, later turns of the session mask the value)")


async def run_demo(
    config: Config,
    *,
    serve: bool,
    wait: Callable[[], Awaitable[None]],
    out: TextIO = sys.stdout,
) -> int:
    """Run the round trip on every demo-backed chat route; then serve if asked."""
    from proxy.app import DEMO_SERVERS, METRICS, ROUTES
    from proxy.commands.serve import start_site
    from proxy.demo import DEMO_SCRUBBER_MODEL

    runner, port = await start_site(config, port=None if serve else 0)
    url = f"http://127.0.0.1:{port}"
    status = 0
    try:
        demos = runner.app[DEMO_SERVERS]
        routes = [r for r in config.routes if r.api in ("openai_chat", "anthropic_messages")]
        metrics = runner.app[METRICS]
        async with aiohttp.ClientSession() as session:
            for route in routes:
                jobs = sum(_samples(metrics.scrubber_jobs, route=route.name).values())
                code, got = await stream_text(session, url, route)
                demo = demos.get(route.upstream)
                seen = (
                    _seen_by_upstream(demo.received[-1])
                    if demo is not None and demo.received
                    else "(not a demo upstream: not shown)"
                )
                print(f"=== {route.name}  POST {route.path}  ({route.api})", file=out)
                print(f"--- the client sent:\n{DEMO_PROMPT}", file=out)
                print(f"--- the upstream received:\n{seen}", file=out)
                print(f"--- the client got back (HTTP {code}):\n{got}\n", file=out)
                runtime = runner.app[ROUTES].get(route.path)
                if runtime is not None and runtime.scrub is not None:
                    verdict = await _scrubbed(metrics, route.name, jobs)
                    stand_in = (f" (here the demo upstream's {DEMO_SCRUBBER_MODEL})"
                                if any(config.upstreams[s.options.upstream].type == "demo"
                                       for s in runtime.scrub.scrubbers) else "")
                    print(f"--- the LLM scrubber, out of band{stand_in}, found:\n{verdict}\n",
                          file=out)
                status = status or (0 if code == 200 else 1)
        if serve:
            print(f"pseudogate is serving on {url} (Ctrl-C to stop)", file=out, flush=True)
            await wait()
    finally:
        await runner.cleanup()
    return status
