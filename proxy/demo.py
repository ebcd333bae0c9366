"""The embedded demo upstream (``type: demo``): a fake provider served in-process.

It speaks both API shapes, streamed and not, on a loopback port of its own, so the
gateway reaches it through the same upstream client, pool and timeouts as a real
provider.  Its reply is built from what it *received*: it reuses the placeholders it
saw (so the client sees them relinked), calls the first tool when tools are offered,
and streams in small chunks (placeholders cut mid-way, as real providers do).  It keeps
the last requests it received in :attr:`DemoServer.received`, which the ``demo``
command prints next to what the client sent and got back.

It answers ``llm_scrubber`` calls too (recognised by their ``response_format`` schema
name), with a transparent rule-based stand-in for an LLM, :func:`demo_findings`: every
run of two or more capitalised words outside placeholders is reported as a ``PERSON``.
Scrubber calls are not kept in :attr:`DemoServer.received`.

Nothing here is a real model; replies are deterministic functions of the request.
"""

from __future__ import annotations

import json
import re
import time
from collections import deque
from collections.abc import Iterator
from typing import Final, final

from aiohttp import web

from detectors.llm_scrubber_answers import SCHEMA_NAME
from pipelines.placeholders import find_placeholders
from proxy.shapes import dumps
from proxy.sse import encode_event, encode_json_event

__all__ = ["DEFAULT_CHUNK", "DEMO_SCRUBBER_MODEL", "DemoServer", "compose_reply",
           "create_demo_app", "demo_findings"]

DEFAULT_CHUNK: Final = 4
_RECEIVED: Final[web.AppKey[deque[dict[str, object]]]] = web.AppKey("received")
_CHUNK: Final = web.AppKey("chunk", int)
# The demo's stand-in for an LLM scrubber: capitalised words, two or more in a row.
_CAPITALISED_RUN: Final = re.compile(r"\b[A-Z][a-z]+(?:[ -][A-Z][a-z]+)+\b")
DEMO_SCRUBBER_MODEL: Final = "demo-scrubber (rule-based stand-in, not an LLM)"


def _strings(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def _placeholders(body: object) -> list[str]:
    seen: dict[str, None] = {}
    for text in _strings(body.get("messages") if isinstance(body, dict) else body):
        for match in find_placeholders(text):
            seen.setdefault(match.group(0), None)
    return list(seen)


def compose_reply(body: object) -> str:
    """The demo's answer: it names every placeholder it received, in order."""
    found = _placeholders(body)
    if not found:
        return (
            "Hello from the pseudogate demo upstream. Your message reached me without "
            "any personal data I could recognise."
        )
    listed = ", ".join(found[:-1]) + (" and " if len(found) > 1 else "") + found[-1]
    return f"Thanks, noted. I will follow up about {listed} this week."


def demo_findings(texts: list[str]) -> list[dict[str, object]]:
    """The stand-in scrubber's findings: capitalised word runs outside placeholders.

    Two or more capitalised words in a row (not counting the first word of a sentence),
    each reported as a ``PERSON``.

    What a real model would be asked (docs/scrubber.md) answered by one rule, so the
    demo shows a finding without any model or key.  It is no detector to rely on.
    """
    findings: list[dict[str, object]] = []
    for index, text in enumerate(texts):
        blocked = [m.span() for m in find_placeholders(text)]
        for match in _CAPITALISED_RUN.finditer(text):
            start, end = match.span()
            value = match.group()
            if not text[:start].rstrip() or text[:start].rstrip()[-1] in ".!?":
                # A sentence starts with a capital anyway: its first word does not count.
                _first, _, value = value.partition(" ")
                start = end - len(value)
                if " " not in value:
                    continue
            if not any(low < end and start < high for low, high in blocked):
                findings.append({"index": index, "value": value, "label": "PERSON"})
    return findings


def _is_scrub_call(body: dict[str, object]) -> bool:
    schema = body.get("response_format")
    inner = schema.get("json_schema") if isinstance(schema, dict) else None
    return isinstance(inner, dict) and inner.get("name") == SCHEMA_NAME


def _scrub_answer(body: dict[str, object]) -> web.Response:
    texts: list[str] = []
    messages = body.get("messages")
    if isinstance(messages, list) and messages and isinstance(messages[-1], dict):
        try:
            sent = json.loads(str(messages[-1].get("content")))
            texts = [str(item["text"]) for item in sent["texts"]]
        except (ValueError, KeyError, TypeError):
            texts = []
    answer = json.dumps({"findings": demo_findings(texts)})
    return web.Response(body=dumps({
        "id": "chatcmpl-demo-scrubber", "object": "chat.completion", "created": int(time.time()),
        "model": DEMO_SCRUBBER_MODEL,
        "choices": [{"index": 0, "finish_reason": "stop", "logprobs": None,
                     "message": {"role": "assistant", "content": answer, "refusal": None}}],
        "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
    }), content_type="application/json")


def _tool_call(body: dict[str, object]) -> tuple[str, dict[str, object]] | None:
    """The first offered tool and arguments for it, or None."""
    tools = body.get("tools")
    if not isinstance(tools, list) or not tools or not isinstance(tools[0], dict):
        return None
    tool = tools[0]
    spec = tool.get("function") if isinstance(tool.get("function"), dict) else tool
    assert isinstance(spec, dict)
    name = str(spec.get("name", "tool"))
    schema = spec.get("parameters", spec.get("input_schema"))
    properties = schema.get("properties") if isinstance(schema, dict) else None
    key = "query"
    if isinstance(properties, dict) and properties:
        key = str(next(iter(properties)))
    found = _placeholders(body)
    return name, {key: " ".join(found) if found else "demo"}


def _chunks(text: str, size: int) -> list[str]:
    return [text[i : i + size] for i in range(0, len(text), size)] or [""]


async def _openai(request: web.Request) -> web.StreamResponse:
    body = await request.json()
    if isinstance(body, dict) and _is_scrub_call(body):
        return _scrub_answer(body)
    request.app[_RECEIVED].append(body)
    size = request.app[_CHUNK]
    reply = compose_reply(body)
    call = _tool_call(body)
    n = body.get("n") if isinstance(body.get("n"), int) else 1
    envelope = {
        "id": "chatcmpl-demo",
        "object": "chat.completion.chunk",
        "created": int(time.time()),
        "model": str(body.get("model", "demo")),
    }
    usage = {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}
    if not body.get("stream"):
        choices = []
        for index in range(n):
            message: dict[str, object] = {"role": "assistant", "content": reply, "refusal": None}
            if call is not None:
                message["content"] = None
                message["tool_calls"] = [{
                    "id": f"call_demo_{index}", "type": "function",
                    "function": {"name": call[0], "arguments": json.dumps(call[1])},
                }]
            choices.append({
                "index": index, "message": message, "logprobs": None,
                "finish_reason": "tool_calls" if call else "stop",
            })
        return web.Response(
            body=dumps({**envelope, "object": "chat.completion", "choices": choices,
                        "usage": usage}),
            content_type="application/json",
        )
    response = web.StreamResponse(headers={"Content-Type": "text/event-stream"})
    await response.prepare(request)

    async def send(choice: dict[str, object]) -> None:
        await response.write(encode_json_event({**envelope, "choices": [choice]}))

    for index in range(n):
        await send({"index": index, "delta": {"role": "assistant", "content": ""},
                    "logprobs": None, "finish_reason": None})
        if call is None:
            for piece in _chunks(reply, size):
                await send({"index": index, "delta": {"content": piece},
                            "logprobs": None, "finish_reason": None})
        else:
            await send({"index": index, "delta": {"tool_calls": [{
                "index": 0, "id": f"call_demo_{index}", "type": "function",
                "function": {"name": call[0], "arguments": ""}}]},
                "logprobs": None, "finish_reason": None})
            for piece in _chunks(json.dumps(call[1]), size):
                await send({"index": index, "delta": {"tool_calls": [{
                    "index": 0, "function": {"arguments": piece}}]},
                    "logprobs": None, "finish_reason": None})
        await send({"index": index, "delta": {}, "logprobs": None,
                    "finish_reason": "tool_calls" if call else "stop"})
    options = body.get("stream_options")
    if isinstance(options, dict) and options.get("include_usage"):
        await response.write(encode_json_event({**envelope, "choices": [], "usage": usage}))
    await response.write(encode_event("[DONE]"))
    await response.write_eof()
    return response


async def _anthropic(request: web.Request) -> web.StreamResponse:
    body = await request.json()
    request.app[_RECEIVED].append(body)
    if request.path.endswith("/count_tokens"):
        text = " ".join(_strings(body.get("messages")))
        return web.json_response({"input_tokens": max(1, len(text) // 4)})
    size = request.app[_CHUNK]
    reply = compose_reply(body)
    call = _tool_call(body)
    usage = {"input_tokens": 1, "output_tokens": 1}
    message: dict[str, object] = {
        "id": "msg_demo", "type": "message", "role": "assistant",
        "model": str(body.get("model", "demo")), "content": [],
        "stop_reason": None, "stop_sequence": None, "usage": usage,
    }
    blocks: list[dict[str, object]] = [{"type": "text", "text": reply}]
    if call is not None:
        blocks.append({"type": "tool_use", "id": "toolu_demo", "name": call[0], "input": call[1]})
    stop = "tool_use" if call else "end_turn"
    if not body.get("stream"):
        return web.Response(
            body=dumps({**message, "content": blocks, "stop_reason": stop}),
            content_type="application/json",
        )
    response = web.StreamResponse(headers={"Content-Type": "text/event-stream"})
    await response.prepare(request)

    async def send(kind: str, payload: dict[str, object]) -> None:
        await response.write(encode_json_event({"type": kind, **payload}, event=kind))

    await send("message_start", {"message": message})
    for index, block in enumerate(blocks):
        if block["type"] == "text":
            await send("content_block_start",
                       {"index": index, "content_block": {"type": "text", "text": ""}})
            await send("ping", {})
            for piece in _chunks(reply, size):
                await send("content_block_delta",
                           {"index": index, "delta": {"type": "text_delta", "text": piece}})
        else:
            await send("content_block_start", {"index": index, "content_block": {
                **block, "input": {}}})
            for piece in _chunks(json.dumps(block["input"]), size):
                await send("content_block_delta", {"index": index, "delta": {
                    "type": "input_json_delta", "partial_json": piece}})
        await send("content_block_stop", {"index": index})
    await send("message_delta", {"delta": {"stop_reason": stop, "stop_sequence": None},
                                 "usage": {"output_tokens": 1}})
    await send("message_stop", {})
    await response.write_eof()
    return response


def create_demo_app(*, chunk_chars: int = DEFAULT_CHUNK, keep: int = 32) -> web.Application:
    """The demo provider as an aiohttp app (both API shapes, streamed and not)."""
    app = web.Application()
    received: deque[dict[str, object]] = deque(maxlen=keep)
    app[_RECEIVED] = received
    app[_CHUNK] = chunk_chars
    app.router.add_post("/v1/chat/completions", _openai)
    app.router.add_post("/v1/messages", _anthropic)
    app.router.add_post("/v1/messages/count_tokens", _anthropic)
    return app


@final
class DemoServer:
    """The demo app served on a free loopback port; ``start`` and ``aclose`` it."""

    __slots__ = ("_app", "_runner", "base_url")

    def __init__(self, *, chunk_chars: int = DEFAULT_CHUNK) -> None:
        self._app = create_demo_app(chunk_chars=chunk_chars)
        self._runner: web.AppRunner | None = None
        self.base_url = ""

    @property
    def received(self) -> list[dict[str, object]]:
        """The request bodies the demo upstream received, oldest first."""
        received = self._app[_RECEIVED]
        return list(received)

    async def start(self) -> None:
        """Bind 127.0.0.1 on a free port and serve."""
        self._runner = web.AppRunner(self._app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        port = self._runner.addresses[0][1]
        self.base_url = f"http://127.0.0.1:{port}"

    async def aclose(self) -> None:
        """Stop serving."""
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
