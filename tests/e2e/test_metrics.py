"""``GET /metrics`` and the access line's new fields, through the real server.

Requests go through the official SDKs to the gateway in front of the recording fake
upstream replaying recorded transcripts; the scrape is parsed with
``prometheus_client.parser``.  Every figure asserted is computed from what the test
sent (how many requests, which seeded labels, which refusal); every label value of
every sample must be a configured name, a code or a number, and none may hold a
seeded value.  Multi-process mode: two worker processes write their values into one
``PROMETHEUS_MULTIPROC_DIR`` and a third process's scrape reports their sum.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import subprocess
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import aiohttp
import anthropic
import openai
from prometheus_client.parser import text_string_to_metric_families
from structlog.testing import capture_logs

from tests.e2e.conftest import PROMPT, SEED_FORMS, Gateway
from tests.e2e.fake_upstream import RECORDED, FakeUpstream, Reply

ROOT = Path(__file__).resolve().parents[2]
StartGateway = Callable[..., Awaitable[Gateway]]
Samples = dict[tuple[str, tuple[tuple[str, str], ...]], float]
_SAFE_LABEL = re.compile(r"[A-Za-z0-9_.+:()-]*")


async def scrape(url: str) -> Samples:
    """The gateway's metrics as {(sample name, sorted labels): value}."""
    async with aiohttp.ClientSession() as session, session.get(f"{url}/metrics") as response:
        assert response.status == 200
        assert response.content_type == "text/plain"
        text = await response.text()
    samples: Samples = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            samples[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
    return samples


def value(samples: Samples, name: str, **labels: str) -> float:
    """The one sample with this name and exactly these labels."""
    return samples[(name, tuple(sorted(labels.items())))]


def total(samples: Samples, name: str, **labels: str) -> float:
    """Sum over the samples of ``name`` whose labels include ``labels``."""
    wanted = set(labels.items())
    return sum(v for (n, found), v in samples.items() if n == name and wanted <= set(found))


def _last_usage(transcript: str) -> dict[str, Any]:
    """The last ``usage`` object in a recorded SSE transcript (the oracle)."""
    usage: dict[str, Any] = {}
    for line in (RECORDED / transcript).read_text().splitlines():
        if line.startswith("data: {"):
            payload = json.loads(line[6:])
            found = payload.get("usage") or (payload.get("message") or {}).get("usage")
            if found:
                usage.update({k: v for k, v in found.items() if isinstance(v, int)})
    return usage


async def test_metrics_count_what_happened_and_hold_no_value(
    fake: FakeUpstream, gateway: StartGateway
) -> None:
    """Requests, placeholders, refusals, latencies, streams, held chars, lag: as sent."""
    gw = await gateway()
    fake.script.append(Reply.recorded("openai_chat_stream_text.sse"))
    fake.script.append(Reply.recorded("anthropic_messages_stream_text.sse"))
    with capture_logs() as logs:
        async with openai.AsyncOpenAI(base_url=gw.url + "/v1", api_key="sk-client",
                                      max_retries=0) as client:
            stream = await client.chat.completions.create(
                model="gpt-4o", stream=True, stream_options={"include_usage": True},
                messages=[{"role": "user", "content": PROMPT}])
            [chunk async for chunk in stream]
        async with anthropic.AsyncAnthropic(base_url=gw.url, api_key="sk-client",
                                            max_retries=0) as claude, claude.messages.stream(
                model="claude-x", max_tokens=64,
                messages=[{"role": "user", "content": PROMPT}]) as events:
            await events.get_final_message()
        async with aiohttp.ClientSession() as session, session.post(
                f"{gw.url}/masked/v1/chat/completions", json={"model": "m", "messages": []},
                headers={"Authorization": "Bearer wrong-key"}) as refused:
            assert refused.status == 401
    samples = await scrape(gw.url)

    assert value(samples, "pseudogate_requests_total", route="openai", api="openai_chat",
                 status="200", outcome="ok") == 1
    assert value(samples, "pseudogate_requests_total", route="anthropic",
                 api="anthropic_messages", status="200", outcome="ok") == 1
    assert value(samples, "pseudogate_requests_total", route="masked", api="openai_chat",
                 status="401", outcome="bad_request") == 1
    assert value(samples, "pseudogate_refusals_total", reason="invalid_api_key") == 1
    # The prompt holds one value of each of these labels; it was sent twice.
    for label in ("EMAIL", "PHONE", "IBAN", "CREDIT_CARD", "API_KEY"):
        assert value(samples, "pseudogate_placeholders_issued_total", label=label) == 2
    assert value(samples, "pseudogate_sanitize_seconds_count", route="openai") == 1
    # Two calls per request: the texts, then what is forwarded unchanged (model, ids,
    # relayed headers), which the check detectors see (routes[].check_detectors).
    assert value(samples, "pseudogate_detector_seconds_count", detector="regex") == 4
    assert value(samples, "pseudogate_upstream_first_byte_seconds_count", upstream="fake") == 2
    assert value(samples, "pseudogate_upstream_duration_seconds_count", upstream="fake") == 2
    assert value(samples, "pseudogate_open_streams") == 0
    assert total(samples, "pseudogate_held_chars_count") >= 2  # one per reply channel
    assert value(samples, "pseudogate_ready") == 1
    assert ("pseudogate_event_loop_lag_seconds_count", ()) in samples
    for (_name, labels), _value in samples.items():
        for _key, label_value in labels:
            assert _SAFE_LABEL.fullmatch(label_value), label_value
            assert not any(seed in label_value for seed in SEED_FORMS)

    access = [entry for entry in logs if entry["event"] == "request"]
    by_route = {entry["route"]: entry for entry in access}
    openai_usage = _last_usage("openai_chat_stream_text.sse")
    assert by_route["openai"]["input_tokens"] == openai_usage["prompt_tokens"]
    assert by_route["openai"]["output_tokens"] == openai_usage["completion_tokens"]
    assert by_route["openai"]["model"] == "gpt-4o"
    claude_usage = _last_usage("anthropic_messages_stream_text.sse")
    assert by_route["anthropic"]["input_tokens"] == claude_usage["input_tokens"]
    assert by_route["anthropic"]["output_tokens"] == claude_usage["output_tokens"]
    assert by_route["masked"]["client"] is None and by_route["openai"]["client"] is None


async def test_access_line_names_the_client(fake: FakeUpstream, gateway: StartGateway) -> None:
    """A keyed route logs the configured client name, never the key; odd models are dropped
    (one outside the model grammar, ``my model <with> spaces``, is refused before that)."""
    gw = await gateway()
    with capture_logs() as logs:
        async with aiohttp.ClientSession() as session:
            for model in ("gpt-4o-mini", "m" * 120):
                async with session.post(
                        f"{gw.url}/relinked/v1/chat/completions",
                        json={"model": model, "messages": [{"role": "user", "content": "hi"}]},
                        headers={"Authorization": "Bearer gw-vendor-key"}) as response:
                    assert response.status == 401  # vendor may not use this tier
                async with session.post(
                        f"{gw.url}/relinked/v1/chat/completions",
                        json={"model": model, "messages": [{"role": "user", "content": "hi"}]},
                        headers={"Authorization": "Bearer gw-trusted-key"}) as response:
                    assert response.status == 200
    lines = [entry for entry in logs if entry["event"] == "request" and entry["status"] == 200]
    assert [(e["client"], e["model"]) for e in lines] == [("trusted", "gpt-4o-mini"),
                                                          ("trusted", None)]
    assert not any("gw-trusted-key" in json.dumps(entry, default=str) for entry in logs)


_WORKER = """
import sys
from proxy.metrics import Metrics
metrics = Metrics()
metrics.request_done(route="r", api="openai_chat", status=200, outcome="ok", code=None,
                     seconds=0.1, sanitize_seconds=0.01, issued={"EMAIL": int(sys.argv[1])})
metrics.open_streams.inc()
"""
_SCRAPE = "import sys; from proxy.metrics import Metrics; sys.stdout.write(Metrics().render()" \
          ".decode())"


async def test_multiprocess_mode_sums_the_workers(tmp_path: Path) -> None:
    """With PROMETHEUS_MULTIPROC_DIR, one scrape reports every worker's values."""
    env = dict(os.environ, PROMETHEUS_MULTIPROC_DIR=str(tmp_path), PYTHONPATH=str(ROOT))

    def run(code: str, *args: str) -> str:
        return subprocess.run([sys.executable, "-c", code, *args], env=env, check=True,
                              capture_output=True, text=True, timeout=60).stdout

    await asyncio.gather(asyncio.to_thread(run, _WORKER, "1"),
                         asyncio.to_thread(run, _WORKER, "2"))
    samples: Samples = {}
    for family in text_string_to_metric_families(await asyncio.to_thread(run, _SCRAPE)):
        for sample in family.samples:
            samples[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
    assert value(samples, "pseudogate_requests_total", route="r", api="openai_chat",
                 status="200", outcome="ok") == 2
    assert value(samples, "pseudogate_placeholders_issued_total", label="EMAIL") == 3
    assert value(samples, "pseudogate_request_duration_seconds_count", route="r") == 2


class _Leaky:
    """A detector that raises with the scanned text in its message."""

    name = "regex"
    labels = frozenset({"EMAIL"})

    async def detect(self, texts: Any) -> Any:
        """Fail, quoting the input."""
        raise RuntimeError(f"choked on {texts[0]}")


async def test_fail_closed_detector_failure_logs_name_and_type_only(
    fake: FakeUpstream, gateway: StartGateway
) -> None:
    """detector.failed names the detector and the exception type, never its message."""
    from pipelines.chain import Chain
    from proxy.app import _COMPILED

    def hook(app: Any) -> None:
        compiled = app[_COMPILED]
        for path, (_chain, policy) in list(compiled.items()):
            compiled[path] = (Chain([_Leaky()]), policy)

    gw = await gateway(before_start=hook)
    with capture_logs() as logs:
        async with aiohttp.ClientSession() as session, session.post(
                f"{gw.url}/v1/chat/completions",
                json={"model": "m", "messages": [{"role": "user", "content": PROMPT}]},
        ) as response:
            assert response.status == 502
    failed = [entry for entry in logs if entry["event"] == "detector.failed"]
    assert [(e["detector"], e["error"]) for e in failed] == [("regex", "RuntimeError")]
    assert fake.received == []
    text = json.dumps(logs, default=str)
    assert not any(seed in text for seed in SEED_FORMS) and "choked" not in text
