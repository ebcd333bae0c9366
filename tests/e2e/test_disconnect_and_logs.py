"""Client disconnects release the upstream; log lines never carry a seeded value."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable

import aiohttp
import pytest
from structlog.testing import capture_logs

from tests.e2e.conftest import PROMPT, SEED_FORMS, Gateway
from tests.e2e.fake_upstream import RECORDED, FakeUpstream, Reply, respell, splice

StartGateway = Callable[..., Awaitable[Gateway]]
OPENAI = "/v1/chat/completions"
ANTHROPIC = "/v1/messages"


def prompt_body(stream: bool, *, anthropic: bool = False) -> bytes:
    """A request carrying every seeded value."""
    body: dict[str, object] = {"model": "m", "stream": stream,
                               "messages": [{"role": "user", "content": PROMPT}]}
    if anthropic:
        body["max_tokens"] = 10
    return json.dumps(body).encode()


@pytest.mark.parametrize(("path", "name"), [
    (OPENAI, "openai_chat_stream_text.sse"),
    (ANTHROPIC, "anthropic_messages_stream_text.sse"),
])
async def test_client_disconnect_closes_upstream(
    fake: FakeUpstream, gateway: StartGateway, path: str, name: str
) -> None:
    """Dropping the client connection mid-stream closes the upstream connection."""
    gw = await gateway()
    raw = respell((RECORDED / name).read_bytes(), "openai" if path == OPENAI else "anthropic",
                  splice)
    fake.script.append(Reply("sse", raw, chunk=8, delay=0.02))
    with capture_logs() as logs:
        async with aiohttp.ClientSession() as session:
            response = await session.post(gw.url + path, data=prompt_body(True,
                                          anthropic=path == ANTHROPIC),
                                          headers={"Content-Type": "application/json"})
            assert response.status == 200
            await response.content.readany()
            response.close()  # drop the connection, do not read to the end
        await asyncio.wait_for(fake.disconnected.wait(), timeout=5)
        assert fake.writes < len(raw) // 8  # the upstream stopped before the end
        for _ in range(50):
            if any(entry.get("outcome") == "client_gone" for entry in logs):
                break
            await asyncio.sleep(0.02)
    access = [entry for entry in logs if entry["event"] == "request"]
    assert [entry["outcome"] for entry in access] == ["client_gone"]


async def test_no_seeded_value_in_any_log_line(
    fake: FakeUpstream, gateway: StartGateway, caplog: pytest.LogCaptureFixture
) -> None:
    """Success, refusal, upstream error and bad input: no log line holds a seeded value."""
    caplog.set_level(logging.DEBUG)
    gw = await gateway(max_held_chars=256, redact=("PRIVATE_KEY", "JWT"))
    pem = "-----BEGIN RSA PRIVATE KEY-----\n" + "MIIEowIBAAKCAQEA" * 40
    text = (RECORDED / "openai_chat_stream_text.sse").read_bytes()
    fake.script.extend([
        Reply.sse(respell(text, "openai", splice), chunk=3),
        Reply.sse(respell(text, "openai", lambda channel, t: f"{t} [EMAIL_1] {pem}")),
        Reply("json", b'{"error":{"message":"boom"}}', status=500),
        Reply("cut", respell(text, "openai", splice), chunk=20, cut_at=300),
    ])
    headers = {"Content-Type": "application/json"}
    with capture_logs() as logs:
        async with aiohttp.ClientSession() as session:
            for body in [prompt_body(True), prompt_body(True), prompt_body(False),
                         prompt_body(True)]:
                async with session.post(gw.url + OPENAI, data=body, headers=headers) as r:
                    await r.read()
            # Bad input that carries the seeds: malformed JSON, wrong key, bad UTF-8.
            bad = [
                (OPENAI, prompt_body(False)[:-3], headers),
                ("/relinked/v1/chat/completions", prompt_body(False),
                 dict(headers, Authorization=f"Bearer {PROMPT[:30]}")),
                (OPENAI, prompt_body(False) + b"\xff", headers),
                (ANTHROPIC, prompt_body(True, anthropic=True)[:-1], headers),
            ]
            for path, body, hdrs in bad:
                async with session.post(gw.url + path, data=body, headers=hdrs) as r:
                    await r.read()
    outcomes = [entry["outcome"] for entry in logs if entry["event"] == "request"]
    assert outcomes == ["ok", "refused", "upstream_error", "upstream_error",
                        "bad_request", "bad_request", "bad_request", "bad_request"]
    everything = json.dumps(logs, default=str) + caplog.text
    for seed in [*SEED_FORMS, PROMPT[:30], "MIIE"]:
        assert seed not in everything
    ok = next(entry for entry in logs if entry.get("outcome") == "ok")
    assert ok["labels"] == {"API_KEY": 1, "CREDIT_CARD": 1, "EMAIL": 1, "IBAN": 1, "PHONE": 1}
    assert ok["detectors"] == ["regex"] and ok["placeholders"] == 5
    assert ok["sanitize_ms"] >= 0 and ok["upstream_first_byte_ms"] >= 0
    assert ok["total_ms"] >= ok["upstream_first_byte_ms"]


async def test_upstream_first_byte_is_counted_from_the_request_being_sent(
    fake: FakeUpstream, gateway: StartGateway
) -> None:
    """``upstream_first_byte_ms`` starts when the request goes upstream, so it and the
    sanitising time are disjoint parts of ``total_ms`` (before the fix it counted from
    the request's arrival: sanitising was counted twice and the sum exceeded the total)."""
    gw = await gateway()
    fake.default = Reply.recorded("openai_chat_nonstream_text_after_tool_results.response.json")
    mails = " ".join(f"user{i}@example.com" for i in range(400))
    body = {"model": "m", "messages": [{"role": "user", "content": mails}]}
    with capture_logs() as logs:
        async with aiohttp.ClientSession() as session, session.post(gw.url + OPENAI,
                                                                     json=body) as reply:
            assert reply.status == 200
            await reply.read()
    line = next(entry for entry in logs if entry["event"] == "request")
    assert line["sanitize_ms"] > 0 and line["upstream_first_byte_ms"] > 0
    assert line["sanitize_ms"] + line["upstream_first_byte_ms"] <= line["total_ms"] + 0.01
