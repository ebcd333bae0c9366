"""The embedded demo upstream and the ``pseudogate demo`` round trip."""

from __future__ import annotations

import io
import json
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from aiohttp.test_utils import TestClient

from proxy.config import load_config
from proxy.demo import DemoServer, compose_reply, create_demo_app, demo_findings
from proxy.demo_run import DEMO_PROMPT, run_demo
from proxy.sse import SSEDecoder

AnyClient = Callable[..., Awaitable[TestClient[Any, Any]]]
ROOT = Path(__file__).resolve().parents[3]


def test_reply_reuses_received_placeholders() -> None:
    """The reply names every placeholder it saw, once, in order of first appearance."""
    body = {"messages": [{"role": "user", "content": "[PERSON_1] and [EMAIL_1], [PERSON_1]"}]}
    reply = compose_reply(body)
    assert "[PERSON_1] and [EMAIL_1]" in reply and reply.count("[PERSON_1]") == 1
    assert "[" not in compose_reply({"messages": [{"role": "user", "content": "hi"}]})


async def _events(response: Any) -> list[dict[str, Any]]:
    decoder = SSEDecoder()
    events = decoder.feed(await response.read()) + decoder.close()
    return [json.loads(e.data) for e in events if e.data and not e.is_done]


async def test_openai_shape_streamed_with_tools_and_n(aiohttp_client: AnyClient) -> None:
    """Streamed, n=2, a tool offered: each choice calls it with the placeholders."""
    client = await aiohttp_client(create_demo_app(chunk_chars=2))
    body = {"model": "m", "stream": True, "n": 2, "stream_options": {"include_usage": True},
            "messages": [{"role": "user", "content": "ask [EMAIL_1]"}],
            "tools": [{"type": "function", "function": {
                "name": "lookup", "parameters": {"properties": {"who": {"type": "string"}}}}}]}
    payloads = await _events(await client.post("/v1/chat/completions", json=body))
    args = {0: "", 1: ""}
    for payload in payloads:
        for choice in payload["choices"]:
            for call in choice["delta"].get("tool_calls", []):
                args[choice["index"]] += call["function"]["arguments"]
    assert all(json.loads(text) == {"who": "[EMAIL_1]"} for text in args.values())
    assert payloads[-1]["choices"] == [] and payloads[-1]["usage"]


async def test_openai_and_anthropic_non_streamed(aiohttp_client: AnyClient) -> None:
    """Whole bodies in both shapes, and count_tokens."""
    client = await aiohttp_client(create_demo_app())
    messages = [{"role": "user", "content": "hi [PHONE_1]"}]
    chat = await (await client.post("/v1/chat/completions",
                                    json={"model": "m", "messages": messages})).json()
    assert "[PHONE_1]" in chat["choices"][0]["message"]["content"]
    msg = await (await client.post("/v1/messages", json={"model": "m", "max_tokens": 9,
                                                         "messages": messages})).json()
    assert msg["content"][0]["type"] == "text" and msg["stop_reason"] == "end_turn"
    count = await (await client.post("/v1/messages/count_tokens",
                                     json={"model": "m", "messages": messages})).json()
    assert count["input_tokens"] >= 1


async def test_anthropic_streamed_tool_use(aiohttp_client: AnyClient) -> None:
    """Streamed: a text block, then a tool_use block whose partial JSON parses."""
    client = await aiohttp_client(create_demo_app(chunk_chars=3))
    body = {"model": "m", "max_tokens": 9, "stream": True,
            "messages": [{"role": "user", "content": "for [PERSON_2]"}],
            "tools": [{"name": "note", "input_schema": {"properties": {"text": {}}}}]}
    payloads = await _events(await client.post("/v1/messages", json=body))
    kinds = [p["type"] for p in payloads]
    assert kinds[0] == "message_start" and kinds[-1] == "message_stop"
    partial = "".join(p["delta"].get("partial_json", "") for p in payloads
                      if p["type"] == "content_block_delta")
    assert json.loads(partial) == {"text": "[PERSON_2]"}


async def test_server_records_and_closes() -> None:
    """DemoServer binds a loopback port, records bodies, and stops."""
    server = DemoServer()
    await server.start()
    try:
        assert server.base_url.startswith("http://127.0.0.1:")
        assert server.received == []
    finally:
        await server.aclose()


async def test_round_trip_on_example_config() -> None:
    """config.example.yaml: the upstream saw placeholders, the client got the values."""
    config = load_config(ROOT / "config.example.yaml", environ={})
    out = io.StringIO()

    async def never() -> None:
        raise AssertionError("serve=False must not wait")

    assert await run_demo(config, serve=False, wait=never, out=out) == 0
    text = out.getvalue()
    sections = text.split("=== ")[1:]
    assert len(sections) == 2
    for section in sections:
        sent, seen, got, scrubbed = (part.split("\n", 1)[1]
                                     for part in section.split("--- ")[1:])
        assert DEMO_PROMPT in sent
        assert "jane.doe@example.com" not in seen and "[EMAIL_1]" in seen
        assert "Jane Doe" not in seen
        assert "jane.doe@example.com" in got and "[EMAIL_1]" not in got
        # The residual name reached the upstream; the scrubber's stand-in found it.
        assert "Priya Raman" in seen and scrubbed.startswith("1 PERSON still written out")
        assert "rule-based stand-in" in section


def test_scrubber_stand_in_reports_capitalised_runs_outside_placeholders() -> None:
    """The demo's rule: two or more capitalised words in a row, never inside a placeholder."""
    texts = ["Ask Priya Raman or [PERSON_1] Lee today.", "Her assistant [PERSON_2] will call.",
             "Mail [ORGANIZATION_1] Support Desk"]
    assert demo_findings(texts) == [
        {"index": 0, "value": "Priya Raman", "label": "PERSON"},
        {"index": 2, "value": "Support Desk", "label": "PERSON"},
    ]


async def test_scrubber_calls_are_answered_and_not_recorded() -> None:
    """A call with the scrubber's schema gets the stand-in's JSON; it is not kept."""
    import aiohttp

    from detectors.llm_scrubber_answers import Piece, answer_schema, parse_answer, request_body

    pieces = [Piece(0, 0, "Call Priya Raman, not [PERSON_1].")]
    body = request_body(model="demo-scrubber", system="find", pieces=pieces,
                        schema=answer_schema(["PERSON"]), response_format="json_schema",
                        temperature=0.0, max_tokens=64)
    server = DemoServer()
    await server.start()
    try:
        async with aiohttp.ClientSession() as session, session.post(
                server.base_url + "/v1/chat/completions", data=body,
                headers={"Content-Type": "application/json"}) as response:
            assert response.status == 200
            answer = parse_answer(await response.read(), pieces)
        assert server.received == []
    finally:
        await server.aclose()
    assert answer is not None and [(r.label, r.value) for r in answer] == [
        ("PERSON", "Priya Raman")]
