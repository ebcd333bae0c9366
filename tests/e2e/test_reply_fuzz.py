"""Fuzz of upstream replies through the real gateway and the official SDKs (C10).

Hypothesis draws a reply the way a broken or hostile provider might send it: a recorded
transcript, body or error body of either API, with values planted at random positions
(string values, new members and keys at any depth, numbers replaced, base64 of text),
new events (unknown types, pings, error events, event names, comments, ``id:``/
``retry:``/unknown SSE fields, a value spelt across consecutive text chunks or unknown
deltas), random JSON encodings (compact, spaced, ASCII-escaped,
padded), random response headers, streamed in random write sizes.  The planted values
are an AWS key (a redacted pattern), the provider key the gateway injects, and — on the
route that does not relink — the request's own e-mail, a raw vault value.

For every reply: the oracle (:func:`tests.e2e.wire.leaks`, independent of the product)
finds no planted value in what the client's transport received, and the official SDK
either parses the reply or raises the API's error (anything else fails the test).

Values are planted where the filter's definitions apply: at word edges (``x AKIA... y``
or a whole string), as the pattern and literal rules define a value.  In the text of
JSON-source channels (tool arguments, ``partial_json``) a planted value replaces a
fragment of the source, so it may land inside a string literal or outside any.
"""

from __future__ import annotations

import asyncio
import base64
import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from aiohttp import web
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from proxy.app import create_app
from proxy.config import parse_config
from proxy.sse import SSEDecoder
from tests.e2e.conftest import PROVIDER_KEY, SEEDS, config_data
from tests.e2e.fake_upstream import RECORDED, FakeUpstream, Reply
from tests.e2e.wire import Tee, call_sync, leaks

AWS = SEEDS["API_KEY"]
EMAIL = SEEDS["EMAIL"]
PROMPT = f"please write to {EMAIL} today"
# Text channels (JSON-source ones too): their text is concatenated with the chunks
# around it, so a value is planted there between spaces (at word edges), and not
# base64-encoded (a channel is text as the model wrote it; no decoded view).
_SOURCE_KEYS = frozenset({"arguments", "partial_json"})
_CHANNEL_KEYS = frozenset({"content", "refusal", "reasoning_content", "reasoning", "text",
                           "thinking", *_SOURCE_KEYS})

STREAMS = {
    "openai": [p.name for p in sorted(RECORDED.glob("openai_chat_stream_*.sse"))],
    "anthropic": [p.name for p in sorted(RECORDED.glob("anthropic_messages_stream_*.sse"))],
}
BODIES = {
    "openai": [p.name for p in sorted(RECORDED.glob("openai_chat_nonstream_*.response.json"))],
    "anthropic": [p.name for p in
                  sorted(RECORDED.glob("anthropic_messages_nonstream_*.response.json"))],
}
ERRORS = {
    "openai": [p.name for p in sorted(RECORDED.glob("openai_chat_error_*.response.json"))],
    "anthropic": [p.name for p in
                  sorted(RECORDED.glob("anthropic_messages_error_*.response.json"))],
}


class Servers:
    """The fake upstream and the gateway, served from a thread with its own loop."""

    def __init__(self) -> None:
        self.fake = FakeUpstream()
        self.gateway_url = ""
        self._loop = asyncio.new_event_loop()
        self._runners: list[web.AppRunner] = []
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)

    async def _serve(self, app: web.Application) -> str:
        runner = web.AppRunner(app, access_log=None)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        self._runners.append(runner)
        sockets = getattr(site._server, "sockets", None)
        assert sockets
        return f"http://127.0.0.1:{sockets[0].getsockname()[1]}"

    async def _start(self) -> None:
        self.fake.url = await self._serve(self.fake.app())
        config = parse_config(config_data(self.fake.url), source="<fuzz>",
                              base_dir=Path.cwd(), environ={})
        self.gateway_url = await self._serve(create_app(config))

    async def _stop(self) -> None:
        for runner in reversed(self._runners):
            await runner.cleanup()

    def __enter__(self) -> Servers:
        self._thread.start()
        asyncio.run_coroutine_threadsafe(self._start(), self._loop).result(60)
        return self

    def __exit__(self, *exc: object) -> None:
        asyncio.run_coroutine_threadsafe(self._stop(), self._loop).result(60)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)
        self._loop.close()


@pytest.fixture(scope="module")
def servers() -> Iterator[Servers]:
    """Both servers for the whole module (hypothesis runs many examples per test)."""
    with Servers() as running:
        yield running


# -- strategies ------------------------------------------------------------------------------


@st.composite
def _value(draw: st.DrawFn, planted: list[str], channel: bool = False) -> str:
    secret = draw(st.sampled_from(planted))
    form = draw(st.sampled_from(["embedded"] if channel else ["whole", "embedded", "base64"]))
    if form == "whole":
        return secret
    if form == "embedded":
        before = draw(st.sampled_from(["x", "see", "(", "é"]))
        return f"{before} {secret} {draw(st.sampled_from(['y', '.', ')']))}"
    return base64.b64encode(f"note {secret}".encode()).decode()


def _positions(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, Any]]:
    """Every (container, key) in a JSON tree."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield value, key
            yield from _positions(item)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield value, index
            yield from _positions(item)


def _objects(value: Any) -> Iterator[dict[str, Any]]:
    if isinstance(value, dict):
        yield value
        for item in value.values():
            yield from _objects(item)
    elif isinstance(value, list):
        for item in value:
            yield from _objects(item)


@st.composite
def _mutate(draw: st.DrawFn, document: Any, planted: list[str]) -> Any:
    """``document`` with values planted: replaced values, new members, new keys."""
    for _ in range(draw(st.integers(min_value=1, max_value=4))):
        kind = draw(st.sampled_from(["replace", "add", "key"]))
        if kind == "replace":
            positions = list(_positions(document))
            if not positions:
                continue
            container, key = draw(st.sampled_from(positions))
            container[key] = " " + draw(_value(planted, key in _CHANNEL_KEYS)) + " "
        else:
            objects = list(_objects(document))
            if not objects:
                continue
            target = draw(st.sampled_from(objects))
            value = draw(_value(planted))
            if kind == "add":
                name = draw(st.sampled_from(["x_note", "id", "type", "text", "model",
                                             "delta", "usage", "data", "message"]))
                if name in _CHANNEL_KEYS:
                    value = " " + draw(_value(planted, True)) + " "
                target[name] = draw(st.sampled_from([value, {"deep": [value]}, [value, 1]]))
            else:
                target[draw(st.sampled_from(planted))] = draw(st.sampled_from([value, 7]))
    return document


def _encode(payload: Any, style: str) -> str:
    if style == "spaced":
        return json.dumps(payload)
    if style == "ascii":
        return json.dumps(payload, separators=(",", ":"))
    if style == "padded":
        return json.dumps(payload, separators=(",", ":"), ensure_ascii=False)[:-1] + "   }"
    return json.dumps(payload, separators=(",", ":"), ensure_ascii=False)


@st.composite
def _stream(draw: st.DrawFn, api: str, planted: list[str]) -> bytes:
    decoder = SSEDecoder()
    raw = (RECORDED / draw(st.sampled_from(STREAMS[api]))).read_bytes()
    events: list[tuple[str | None, Any]] = []
    for event in [*decoder.feed(raw), *decoder.close()]:
        if event.data is not None:
            events.append((event.event, None if event.is_done else event.json()))
    for _ in range(draw(st.integers(min_value=0, max_value=3))):
        at = draw(st.integers(min_value=0, max_value=max(0, len(events) - 2)))
        value = draw(_value(planted))
        extra = draw(st.sampled_from(["unknown", "ping", "error", "comment", "fields", "name"]))
        if extra == "unknown":
            events.insert(at, ("mystery", {"type": "mystery", "note": value}))
        elif extra == "ping":
            events.insert(at, ("ping", {"type": "ping", "x": value}))
        elif extra == "error":
            payload = ({"error": {"message": value, "type": "server_error"}} if api == "openai"
                       else {"type": "error", "error": {"type": "api_error", "message": value}})
            events.insert(at, ("error" if api == "anthropic" else None, payload))
        elif extra == "comment":
            events.insert(at, (":raw", f": {value}\n\n"))
        elif extra == "fields":
            events.insert(at, (":raw", f"id: {value}\nretry: 5\nx-{value}: 1\n"))
        elif events[at][1] is not None:
            events[at] = (draw(st.sampled_from(planted)), events[at][1])
    if draw(st.booleans()):
        # A value cut into pieces across consecutive events at one position: text
        # chunks of a choice (OpenAI), deltas of a type the gateway does not know
        # (Anthropic).
        at = draw(st.integers(min_value=0, max_value=max(0, len(events) - 2)))
        text = " " + draw(_value(planted, True)) + " "
        cuts = sorted(draw(st.lists(st.integers(1, len(text) - 1), min_size=1,
                                    max_size=4, unique=True)))
        pieces = [text[i:j] for i, j in zip([0, *cuts], [*cuts, len(text)], strict=True)]
        events[at:at] = [
            (None, {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1,
                    "model": "m", "choices": [{"index": 0, "delta": {"content": piece},
                                               "finish_reason": None}]})
            if api == "openai" else
            ("content_block_delta", {"type": "content_block_delta", "index": 0, "delta": {
                "type": "mystery_delta", "note": {"text": piece}}})
            for piece in pieces]
    sources = [(container, key) for _, payload in events for container, key in
               _positions(payload) if key in _SOURCE_KEYS and isinstance(container[key], str)]
    inside_source = draw(st.booleans())
    if sources and inside_source:
        # A value inside a fragment of JSON source: in a string literal or outside any.
        container, key = draw(st.sampled_from(sources))
        fragment = container[key]
        at = draw(st.integers(0, len(fragment)))
        container[key] = f"{fragment[:at]} {draw(_value(planted, True))} {fragment[at:]}"
    mutable = [payload for name, payload in events if isinstance(payload, dict)]
    for _ in range(draw(st.integers(min_value=0, max_value=3))):
        if mutable:
            draw(_mutate(draw(st.sampled_from(mutable)), planted))
    parts: list[str] = []
    for name, payload in events:
        if name == ":raw":
            parts.append(str(payload))
            continue
        data = "[DONE]" if payload is None else _encode(payload, draw(
            st.sampled_from(["compact", "spaced", "ascii", "padded"])))
        parts.append((f"event: {name}\n" if name is not None else "") + f"data: {data}\n\n")
    return "".join(parts).encode()


@st.composite
def replies(draw: st.DrawFn) -> tuple[str, str, bool, Reply, list[str]]:
    """(api, route prefix, streamed, the upstream's reply, the planted values)."""
    api = draw(st.sampled_from(["openai", "anthropic"]))
    relinks = draw(st.booleans())
    planted = [AWS, PROVIDER_KEY] if relinks else [AWS, PROVIDER_KEY, EMAIL]
    prefix = "/guarded-relink" if relinks else "/guarded"
    headers = tuple(draw(st.lists(st.sampled_from([
        ("x-request-id", draw(st.sampled_from(planted))),
        ("request-id", f"req-{draw(st.sampled_from(planted))}"),
        ("x-debug", draw(_value(planted))),
        ("openai-organization", draw(st.sampled_from(planted))),
        (draw(st.sampled_from([AWS, PROVIDER_KEY])), "1"),
    ]), max_size=3)))
    kind = draw(st.sampled_from(["stream", "stream", "whole", "error"]))
    if kind == "stream":
        body = draw(_stream(api, planted))
        sizes = tuple(draw(st.lists(st.integers(min_value=1, max_value=400), min_size=1,
                                    max_size=6)))
        return api, prefix, True, Reply("sse", body, headers=headers, sizes=sizes), planted
    names = BODIES[api] if kind == "whole" else ERRORS[api]
    document = json.loads((RECORDED / draw(st.sampled_from(names))).read_bytes())
    document = draw(_mutate(document, planted))
    status = 200 if kind == "whole" else draw(st.sampled_from(
        [400, 401, 403, 404, 413, 422, 429, 500, 502, 503, 529]))
    text = _encode(document, draw(st.sampled_from(["compact", "spaced", "ascii"])))
    reply = Reply("json", text.encode(), status=status, headers=headers)
    return api, prefix, draw(st.booleans()), reply, planted


@settings(max_examples=90, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(case=replies())
def test_no_planted_value_reaches_the_client_and_the_sdk_copes(
    servers: Servers, case: tuple[str, str, bool, Reply, list[str]]
) -> None:
    """Property: whatever the provider sends, the client never receives a planted value
    raw, and the official SDK parses the reply or raises the API's error."""
    api, prefix, streamed, reply, planted = case
    servers.fake.script[:] = [reply]
    tee = Tee()
    outcome = call_sync(api, servers.gateway_url + prefix, tee, stream=streamed, prompt=PROMPT)
    (exchange,) = tee.exchanges
    assert leaks(exchange, planted) == []
    if outcome.error is not None:
        assert not [value for value in planted if value in str(outcome.error)]
    assert servers.fake.received and EMAIL not in servers.fake.received[-1].body.decode()
