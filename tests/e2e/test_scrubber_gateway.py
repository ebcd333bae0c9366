"""The out-of-band LLM scrubber behind the real gateway, with the official ``openai`` SDK.

Three loopback servers: the gateway, the recording fake provider (replaying a recorded
transcript) and :class:`~tests.e2e.fake_scrubber.FakeScrubber`, an OpenAI-compatible
model server that can answer well, malformed, slowly, with an error, or with
"findings" that are not in the text.  What is asserted comes from what the test sent:

* the provider's request completes while the scrubber holds its call (it never waits);
* the scrubber receives placeholders, never a value the chain masked;
* only values that occur verbatim in the text sent count; everything else is counted
  by reason and dropped, and a malformed answer is counted and dropped whole;
* with sessions, a verified finding is masked in every later turn of that session (and
  only that session) before anything leaves;
* overflow drops and counts; shutdown with jobs queued is clean and counts them;
* audit records (log, evidence) carry a keyed hash of the value, never the value; the
  opt-in review file holds the value, mode 0600.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import re
import stat
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any

import anthropic
import openai
import pytest
from aiohttp.test_utils import TestServer
from structlog.testing import capture_logs

from proxy.app import create_app
from proxy.cli import main
from proxy.config import parse_config
from proxy.evidence import load_public_key, verify
from tests.e2e.conftest import PROMPT, SEED_FORMS, SEEDS, config_data
from tests.e2e.fake_scrubber import Behaviour, FakeScrubber
from tests.e2e.fake_upstream import FakeUpstream, Reply
from tests.e2e.test_metrics import Samples, scrape, total

AnyServer = Callable[..., Awaitable[TestServer]]
HASH_KEY = "test-scrubber-hash-key-0123456789"
RESIDUAL = "Priya Raman"  # a name no detector of the route knows
TEXT = f"{PROMPT} Her assistant {RESIDUAL} will confirm."


@pytest.fixture
async def scrubber(aiohttp_server: AnyServer) -> AsyncIterator[FakeScrubber]:
    """The fake model server; its gate is opened at the end so no call hangs on."""
    fake = FakeScrubber()
    server = await aiohttp_server(fake.app())
    fake.url = str(server.make_url("")).rstrip("/")
    yield fake
    fake.gate.set()


async def _gateway(aiohttp_server: AnyServer, fake: FakeUpstream, scrubber: FakeScrubber,
                   **options: Any) -> tuple[str, TestServer]:
    # _shared: the scrubber's server is the provider too, and both use one upstream.
    shared = options.pop("_shared", False)
    data = config_data(scrubber.url if shared else fake.url)
    data.update(options.pop("_top", {}))
    route_options = options.pop("_routes", {})
    data["upstreams"]["local_llm"] = {"base_url": scrubber.url, "api_key": "sk-local-model"}
    if shared:
        scrubber.provider = fake
        data["upstreams"]["fake"]["max_connections"] = 1
    data["detectors"]["scrubber"] = {"type": "llm_scrubber", "options": {
        "upstream": "fake" if shared else "local_llm", "model": "qwen2.5-7b-instruct",
        "hash_key": HASH_KEY,
        "concurrency": 1, **options}}
    for route in data["routes"][:2]:  # the open OpenAI and Anthropic routes
        route["pipeline"] = ["regex", "scrubber"]
        route.update(route_options)
    config = parse_config(data, source="<e2e>", base_dir=Path.cwd(), environ={})
    server = await aiohttp_server(create_app(config))
    return str(server.make_url("")).rstrip("/"), server


async def _chat(url: str, text: str, fake: FakeUpstream, *, session: str | None = None,
                history: Sequence[dict[str, str]] = ()) -> str:
    """One streamed chat completion through the gateway; the client's text."""
    fake.script.append(Reply.recorded("openai_chat_stream_text.sse"))
    headers = {"x-pseudogate-session": session} if session else {}
    messages: list[Any] = [*history, {"role": "user", "content": text}]
    async with openai.AsyncOpenAI(base_url=url + "/v1", api_key="sk-client", max_retries=0,
                                  timeout=30) as client:
        stream = await client.chat.completions.create(
            model="gpt-4o", stream=True, extra_headers=headers, messages=messages)
        return "".join([chunk.choices[0].delta.content or "" async for chunk in stream
                        if chunk.choices])


async def _until(check: Callable[[], Awaitable[bool]], what: str) -> None:
    """Wait for ``check`` (a bound, not a timing assertion: the machine may be loaded)."""
    deadline = time.monotonic() + 30
    while not await check():
        if time.monotonic() > deadline:
            raise AssertionError(f"gave up waiting for {what}")
        await asyncio.sleep(0.02)


async def _jobs(url: str, outcome: str, count: int) -> Samples:
    samples: Samples = {}

    async def reached() -> bool:
        nonlocal samples
        samples = await scrape(url)
        return total(samples, "pseudogate_scrubber_jobs_total", outcome=outcome) >= count

    await _until(reached, f"{count} scrubber jobs {outcome}")
    return samples


def _digest(value: str) -> str:
    return hmac.new(HASH_KEY.encode(), value.encode(), hashlib.sha256).hexdigest()


def _sent_text(fake: FakeUpstream) -> str:
    messages = fake.received[-1].json()["messages"]
    assert isinstance(messages, list)
    return str(messages[-1]["content"])


async def test_forwarded_without_waiting_and_only_verbatim_findings_count(
    aiohttp_server: AnyServer, fake: FakeUpstream, scrubber: FakeScrubber
) -> None:
    """The reply does not wait for a held scrubber call; verified findings only."""
    scrubber.default = Behaviour(gated=True, finds=[("PERSON", RESIDUAL)], extra=[
        {"index": 0, "value": "Sam Altman", "label": "PERSON"},  # not in the text
        {"index": 0, "value": SEEDS["EMAIL"], "label": "EMAIL"},  # masked: not sent
        {"index": 0, "value": "[EMAIL_1]", "label": "EMAIL"},  # a placeholder
        {"index": 0, "value": "Priya", "label": "NICKNAME"},  # a label it may not report
    ])
    url, _server = await _gateway(aiohttp_server, fake, scrubber)
    with capture_logs() as logs:
        got = await _chat(url, TEXT, fake)
        assert got and len(fake.received) == 1  # answered while the scrubber holds on
        await _until(lambda: _true(scrubber.waiting == 1), "the scrubber call")
        scrubber.gate.set()
        samples = await _jobs(url, "scrubbed", 1)
    assert total(samples, "pseudogate_scrubber_findings_total", route="openai",
                 label="PERSON") == 1
    discarded = {reason: total(samples, "pseudogate_scrubber_discarded_total", reason=reason)
                 for reason in ("not_in_text", "placeholder", "label")}
    assert discarded == {"not_in_text": 2, "placeholder": 1, "label": 1}
    # What the scrubber read is what the provider got: placeholders, the residual name.
    assert scrubber.texts() == [_sent_text(fake)]
    seen = json.dumps(scrubber.received)
    assert "[EMAIL_1]" in seen and RESIDUAL in seen
    assert not any(seed in seen for seed in SEED_FORMS)
    assert "sk-client" not in seen
    finding = [e for e in logs if e["event"] == "scrubber.finding"]
    start = _sent_text(fake).index(RESIDUAL)
    assert [(f["label"], f["route"], f["text"], f["start"], f["end"], f["occurrences"],
             f["value_hmac"]) for f in finding] == [
        ("PERSON", "openai", 0, start, start + len(RESIDUAL), 1, _digest(RESIDUAL))]
    assert not any(RESIDUAL in str(event) or "Priya" in str(event) for event in logs)


async def _true(value: bool) -> bool:
    return value


async def test_a_scrubber_on_the_providers_upstream_never_takes_its_connections(
    aiohttp_server: AnyServer, fake: FakeUpstream, scrubber: FakeScrubber
) -> None:
    """One upstream, max_connections 1, for the route and its scrubber: a held scrubber
    call leaves the route's connection free, and is not counted as the upstream's."""
    scrubber.default = Behaviour(gated=True, finds=[("PERSON", RESIDUAL)])
    url, _server = await _gateway(aiohttp_server, fake, scrubber, _shared=True,
                                  queue_size=4)
    await _chat(url, TEXT, fake)
    await _until(lambda: _true(scrubber.waiting == 1), "the scrubber call")
    for turn in range(2):  # the provider's one connection is free: no wait for the gate
        assert await _chat(url, f"{TEXT} ({turn})", fake)
    assert len(fake.received) == 3 and scrubber.waiting == 1
    samples = await scrape(url)
    assert total(samples, "pseudogate_upstream_first_byte_seconds_count",
                 upstream="fake") == 3
    scrubber.gate.set()
    samples = await _jobs(url, "scrubbed", 3)
    assert total(samples, "pseudogate_scrubber_findings_total", label="PERSON") == 3
    assert total(samples, "pseudogate_upstream_first_byte_seconds_count",
                 upstream="fake") == 3


async def test_a_long_text_and_a_long_answer_are_read_whole(
    aiohttp_server: AnyServer, fake: FakeUpstream, scrubber: FakeScrubber
) -> None:
    """A 76,000-character text goes out in windows; an answer of 400 made-up items per
    call (read off the loop) still keeps the one value that is there, once."""
    text = " ".join([PROMPT] * 400) + f" Signed, {RESIDUAL}."
    made_up = [{"index": 0, "value": f"Person {n}", "label": "PERSON"} for n in range(400)]
    scrubber.default = Behaviour(finds=[("PERSON", RESIDUAL)], extra=made_up)
    url, _server = await _gateway(aiohttp_server, fake, scrubber)
    await _chat(url, text, fake)
    samples = await _jobs(url, "scrubbed", 1)
    calls = len(scrubber.received)
    assert calls >= 4  # max_chars 12,000 per call
    assert "".join(scrubber.texts()).count(RESIDUAL) >= 1
    assert total(samples, "pseudogate_scrubber_findings_total", label="PERSON") == 1
    assert total(samples, "pseudogate_scrubber_discarded_total",
                 reason="not_in_text") == 400 * calls


async def test_malformed_failing_and_slow_answers_are_counted(
    aiohttp_server: AnyServer, fake: FakeUpstream, scrubber: FakeScrubber
) -> None:
    """Malformed answers are dropped whole; errors and timeouts are counted by reason."""
    scrubber.script = [
        Behaviour(malformed="Sure! Here are the findings: Priya Raman"),
        Behaviour(malformed=json.dumps({"findings": [{"index": 7, "value": RESIDUAL,
                                                      "label": "PERSON"}]})),
        Behaviour(status=500),
        Behaviour(gated=True, finds=[("PERSON", RESIDUAL)]),
    ]
    url, _server = await _gateway(aiohttp_server, fake, scrubber, timeout_s=0.5)
    for turn in range(4):
        got = await _chat(url, f"{TEXT} (turn {turn})", fake)
        assert got
    samples = await _jobs(url, "failed", 2)
    await _jobs(url, "scrubbed", 2)
    samples = await scrape(url)
    assert total(samples, "pseudogate_scrubber_malformed_answers_total") == 2
    assert total(samples, "pseudogate_scrubber_errors_total", reason="http_500") == 1
    assert total(samples, "pseudogate_scrubber_errors_total", reason="timeout") == 1
    assert total(samples, "pseudogate_scrubber_findings_total") == 0
    assert total(samples, "pseudogate_requests_total", route="openai", status="200") == 4


async def test_overflow_drops_and_shutdown_with_jobs_queued_is_clean(
    aiohttp_server: AnyServer, fake: FakeUpstream, scrubber: FakeScrubber
) -> None:
    """queue_size 1: one call held, one queued, the rest dropped; shutdown counts both."""
    from proxy.app import METRICS

    scrubber.default = Behaviour(gated=True)
    url, server = await _gateway(aiohttp_server, fake, scrubber, queue_size=1)
    await _chat(url, f"{TEXT} 0", fake)
    await _until(lambda: _true(scrubber.waiting == 1), "the first call to be held")
    for turn in range(1, 4):
        await _chat(url, f"{TEXT} {turn}", fake)
    samples = await _jobs(url, "queue_full", 2)
    assert total(samples, "pseudogate_scrubber_queue_depth", detector="scrubber") == 1
    assert len(fake.received) == 4
    metrics = server.app[METRICS]
    await server.close()
    shut = metrics.registry.get_sample_value(
        "pseudogate_scrubber_jobs_total",
        {"detector": "scrubber", "route": "openai", "outcome": "shutdown"})
    assert shut == 2  # the held call and the queued job
    assert len(scrubber.received) == 1


async def test_evidence_audit_record_and_review_file(
    aiohttp_server: AnyServer, fake: FakeUpstream, scrubber: FakeScrubber, tmp_path: Path,
    capsys: pytest.CaptureFixture[str]
) -> None:
    """An audit record per request with findings, hashes only; values only in the review file."""
    private, public = tmp_path / "k.pem", tmp_path / "k.pub"
    assert main(["evidence", "keygen", str(private), str(public)]) == 0
    log, review = tmp_path / "evidence.jsonl", tmp_path / "review.jsonl"
    scrubber.default = Behaviour(finds=[("PERSON", RESIDUAL)])
    url, server = await _gateway(
        aiohttp_server, fake, scrubber, review_file=str(review),
        _top={"evidence": {"path": str(log), "key_file": str(private), "key_id": "k1"}})
    await _chat(url, f"{TEXT} Again: {RESIDUAL}.", fake)
    await _jobs(url, "scrubbed", 1)
    await server.close()
    records = [json.loads(line) for line in log.read_text().splitlines()]
    assert [r["type"] for r in records] == ["call", "audit"]
    call, audit = records
    sent = _sent_text(fake)
    start = sent.index(RESIDUAL)
    assert audit["request_id"] == call["request_id"] and audit["source"] == "scrubber"
    assert audit["entries"] == [{"route": "openai", "label": "PERSON", "text": 0,
                                 "start": start, "end": start + len(RESIDUAL),
                                 "occurrences": sent.count(RESIDUAL),
                                 "value_hmac": _digest(RESIDUAL)}]
    assert RESIDUAL not in log.read_text() and "Priya" not in log.read_text()
    assert verify(log, {None: load_public_key(public)}) == (2, None)
    assert stat.S_IMODE(review.stat().st_mode) == 0o600
    lines = [json.loads(line) for line in review.read_text().splitlines()]
    assert [(e["label"], e["value"], e["route"], e["value_hmac"]) for e in lines] == [
        ("PERSON", RESIDUAL, "openai", _digest(RESIDUAL))]
    capsys.readouterr()


async def test_sampling_and_recent_texts(
    aiohttp_server: AnyServer, fake: FakeUpstream, scrubber: FakeScrubber
) -> None:
    """sample_rates 0 for a route sends nothing; a text scrubbed once is not sent again."""
    url, _server = await _gateway(aiohttp_server, fake, scrubber,
                                  sample_rates={"openai": 1.0, "anthropic": 0.0})
    await _chat(url, TEXT, fake)
    await _jobs(url, "scrubbed", 1)
    await _chat(url, TEXT, fake)  # the same text again: already scrubbed on this route
    samples = await _jobs(url, "unchanged", 1)
    assert len(scrubber.received) == 1
    fake.script.append(Reply.recorded("anthropic_messages_stream_text.sse"))
    async with anthropic.AsyncAnthropic(base_url=url, api_key="sk-client",
                                        max_retries=0) as client, client.messages.stream(
            model="claude-x", max_tokens=64,
            messages=[{"role": "user", "content": TEXT}]) as stream:
        await stream.get_final_text()
    samples = await _jobs(url, "sampled_out", 1)
    assert total(samples, "pseudogate_scrubber_jobs_total", route="anthropic",
                 outcome="sampled_out") == 1
    assert len(scrubber.received) == 1


async def test_a_finding_is_masked_in_the_next_turns_of_its_session(
    aiohttp_server: AnyServer, fake: FakeUpstream, scrubber: FakeScrubber
) -> None:
    """Turn 1 leaks the residual name once; every later turn of that session masks it."""
    scrubber.default = Behaviour(finds=[("PERSON", RESIDUAL)])
    url, _server = await _gateway(aiohttp_server, fake, scrubber,
                                  _routes={"session": {"enabled": True}})
    reply = await _chat(url, TEXT, fake, session="s1")
    assert RESIDUAL in _sent_text(fake)  # the one leak: the scrubber reads it afterwards
    await _jobs(url, "scrubbed", 1)
    history = [{"role": "user", "content": TEXT}, {"role": "assistant", "content": reply}]
    await _chat(url, f"Did {RESIDUAL} confirm? Ask {RESIDUAL.lower()} again.", fake,
                session="s1", history=history)
    sent = fake.received[-1].body.decode()
    assert RESIDUAL not in sent and RESIDUAL.lower() not in sent
    assert not any(seed in sent for seed in SEED_FORMS)
    placeholders = {m for m in re.findall(r"\[PERSON_\d+\]", sent)}
    assert len(placeholders) == 1  # one value, one placeholder, in every turn's text
    await _jobs(url, "scrubbed", 2)
    assert RESIDUAL not in json.dumps(scrubber.received[-1])
    # Another session knows nothing of it: its first turn sends the name once more.
    await _chat(url, TEXT, fake, session="s2")
    assert RESIDUAL in _sent_text(fake)
    samples = await _jobs(url, "scrubbed", 3)
    assert total(samples, "pseudogate_scrubber_effect_errors_total") == 0
