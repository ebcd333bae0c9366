"""A fake LLM provider on loopback that records what it received and replays recordings.

:class:`FakeUpstream` is a real aiohttp server.  Each request it receives is recorded
(path, headers, raw body) and answered by the next scripted :class:`Reply` (or the
default one): a recorded SSE transcript, a JSON body, or misbehaviour on demand: an
error status, a hang before the headers, a stream cut mid-way, malformed SSE.

:func:`respell` rewrites a recorded transcript: it splices placeholders into the text
of each channel and re-chunks that text down to one character per event, so the
gateway's egress filters see placeholders cut at every possible point.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

from aiohttp import web

from proxy.sse import Event, SSEDecoder, encode_event, encode_json_event

__all__ = [
    "RECORDED",
    "FakeUpstream",
    "Received",
    "Reply",
    "channel_texts",
    "fan_out",
    "respell",
    "splice",
]

RECORDED: Final = Path(__file__).resolve().parents[1] / "fixtures" / "recorded"


@dataclass(frozen=True, slots=True)
class Received:
    """One request as the upstream saw it."""

    path: str
    headers: dict[str, str]
    body: bytes

    def json(self) -> dict[str, object]:
        """The body parsed as JSON."""
        parsed = json.loads(self.body)
        assert isinstance(parsed, dict)
        return parsed


@dataclass(frozen=True, slots=True)
class Reply:
    """What the fake answers with.

    ``kind``: ``sse`` (``body`` sent in ``chunk``-byte writes, ``chunk=0``: one event per
    write, or in writes of the ``sizes`` given, cycling), ``json`` (``body`` with
    ``status``), ``hang`` (never answers), ``cut`` (sends ``body[:cut_at]`` of an SSE
    stream, then drops the connection), ``slow_sse`` (like ``sse`` but waits ``delay``
    seconds between writes, for disconnect tests).  ``headers`` are added to the response.
    """

    kind: str
    body: bytes = b""
    status: int = 200
    chunk: int = 64
    cut_at: int = 0
    delay: float = 0.0
    content_type: str = "application/json"
    headers: tuple[tuple[str, str], ...] = ()
    sizes: tuple[int, ...] = ()

    @classmethod
    def sse(cls, body: bytes, chunk: int = 64) -> Reply:
        """A streamed reply."""
        return cls("sse", body, chunk=chunk)

    @classmethod
    def json_body(cls, payload: object, status: int = 200) -> Reply:
        """A JSON reply."""
        return cls("json", json.dumps(payload).encode(), status=status)

    @classmethod
    def recorded(cls, name: str, chunk: int = 64) -> Reply:
        """A recorded transcript as is (``.sse`` streamed, ``.json`` whole)."""
        raw = (RECORDED / name).read_bytes()
        return cls.sse(raw, chunk) if name.endswith(".sse") else cls("json", raw)


@dataclass
class FakeUpstream:
    """Records requests; answers each with the next scripted reply or ``default``."""

    default: Reply = field(default_factory=lambda: Reply.json_body({}))
    script: list[Reply] = field(default_factory=list)
    received: list[Received] = field(default_factory=list)
    # Set when a streaming handler noticed its client (the gateway) went away.
    disconnected: asyncio.Event = field(default_factory=asyncio.Event)
    writes: int = 0
    url: str = ""

    def app(self) -> web.Application:
        """The aiohttp app to serve (any path, any method)."""
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_route("*", "/{tail:.*}", self._handle)
        return app

    async def handle(self, request: web.Request) -> web.StreamResponse:
        """Answer ``request`` as this server would (for a server that fronts this one)."""
        return await self._handle(request)

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        body = await request.read()
        self.received.append(Received(request.path_qs, dict(request.headers), body))
        reply = self.script.pop(0) if self.script else self.default
        if reply.kind == "json":
            whole = web.Response(body=reply.body, status=reply.status,
                                 content_type=reply.content_type)
            for name, value in reply.headers:
                whole.headers.add(name, value)
            return whole
        if reply.kind == "hang":
            await asyncio.sleep(3600)
        response = web.StreamResponse(status=reply.status)
        response.content_type = "text/event-stream"
        for name, value in reply.headers:
            response.headers.add(name, value)
        await response.prepare(request)
        data = reply.body[: reply.cut_at] if reply.kind == "cut" else reply.body
        if reply.sizes:
            pieces = []
            start = turn = 0
            while start < len(data):
                size = max(1, reply.sizes[turn % len(reply.sizes)])
                turn += 1
                pieces.append(data[start : start + size])
                start += size
        elif reply.chunk:
            pieces = [data[start : start + reply.chunk]
                      for start in range(0, len(data), reply.chunk)]
        else:  # one event per write
            pieces = [event + b"\n\n" for event in data.split(b"\n\n") if event]
        try:
            for piece in pieces:
                await response.write(piece)
                self.writes += 1
                if reply.delay:
                    await asyncio.sleep(reply.delay)
        except (asyncio.CancelledError, ConnectionResetError):
            self.disconnected.set()
            raise
        if reply.kind == "cut":
            # Drop the connection without finishing the chunked body.
            assert request.transport is not None
            request.transport.abort()
            return response
        await response.write_eof()
        return response


# -- transcripts -----------------------------------------------------------------------

Channel = tuple[object, ...]


def _openai_fields(payload: dict[str, object]) -> list[tuple[Channel, dict[str, object], str]]:
    """(channel, holder, key) for every text field of an OpenAI chunk."""
    out: list[tuple[Channel, dict[str, object], str]] = []
    for choice in payload.get("choices") or []:  # type: ignore[attr-defined]
        delta = choice.get("delta") or {}
        for key in ("content", "refusal"):
            if isinstance(delta.get(key), str):
                out.append(((choice["index"], key), delta, key))
        for call in delta.get("tool_calls") or []:
            function = call.get("function") or {}
            if isinstance(function.get("arguments"), str):
                out.append(((choice["index"], "tool", call["index"]), function, "arguments"))
    return out


def _anthropic_fields(payload: dict[str, object]) -> list[tuple[Channel, dict[str, object], str]]:
    delta = payload.get("delta")
    if payload.get("type") != "content_block_delta" or not isinstance(delta, dict):
        return []
    for key in ("text", "partial_json"):
        if isinstance(delta.get(key), str):
            return [((payload["index"],), delta, key)]
    return []


Fields = list[tuple[Channel, dict[str, object], str]]


def _fields(api: str) -> Callable[[dict[str, object]], Fields]:
    return _openai_fields if api == "openai" else _anthropic_fields


def _events(raw: bytes) -> list[Event]:
    decoder = SSEDecoder()
    return [*decoder.feed(raw), *decoder.close()]


def channel_texts(raw: bytes, api: str) -> dict[Channel, str]:
    """The whole text of every channel of a transcript (``api``: openai | anthropic)."""
    texts: dict[Channel, str] = {}
    for event in _events(raw):
        if event.data is None or event.is_done:
            continue
        payload = event.json()
        if not isinstance(payload, dict) or ("error" in payload and api == "openai"):
            continue
        for channel, holder, key in _fields(api)(payload):
            texts[channel] = texts.get(channel, "") + str(holder[key])
    return texts


def respell(
    raw: bytes, api: str, splice: Callable[[Channel, str], str], piece: int = 1
) -> bytes:
    """Rewrite a transcript: each channel's text replaced by ``splice(channel, text)``.

    The new text is emitted ``piece`` characters per event where the channel's first
    non-empty text event was; the channel's later text events are dropped, everything
    else (headers, usage, pings, stops, ``[DONE]``) is kept in order.
    """
    whole = channel_texts(raw, api)
    done: set[Channel] = set()
    out: list[bytes] = []
    for event in _events(raw):
        if event.data is None or event.is_done:
            out.append(event.raw.encode())
            continue
        payload = event.json()
        assert isinstance(payload, dict)
        fields = _fields(api)(payload)
        texts = [(c, h, k) for c, h, k in fields if h[k]]
        if not texts:
            out.append(event.raw.encode())
            continue
        channel, holder, key = texts[0]
        if channel in done:
            continue
        done.add(channel)
        text = splice(channel, whole[channel])
        for start in range(0, len(text), piece):
            holder[key] = text[start : start + piece]
            out.append(encode_json_event(payload, event=event.event))
    return b"".join(out)


def openai_error_event(message: str) -> bytes:
    """An OpenAI-style in-stream error (as a provider would send it)."""
    return encode_json_event({"error": {"message": message, "type": "server_error"}})


def done_event() -> bytes:
    """``data: [DONE]``."""
    return encode_event("[DONE]")


def splice(channel: Channel, text: str) -> str:
    """Put placeholders into a channel's text; JSON channels stay valid JSON."""
    try:
        parsed = json.loads(text)
    except ValueError:
        parsed = None
    if isinstance(parsed, dict):
        return json.dumps({k: f"{v} [EMAIL_1]" if isinstance(v, str) else v
                           for k, v in parsed.items()})
    return f"{text} Contact [EMAIL_1] or [PHONE_1]; not [EMAIL_99]."


def fan_out(raw: bytes, n: int) -> bytes:
    """An OpenAI transcript turned into one with ``n`` choices, interleaved chunk by chunk."""
    out: list[bytes] = []
    for event in _events(raw):
        if event.data is None or event.is_done:
            out.append(event.raw.encode())
            continue
        payload = event.json()
        assert isinstance(payload, dict)
        choices = payload.get("choices")
        if not isinstance(choices, list) or len(choices) != 1:
            out.append(event.raw.encode())
            continue
        for index in range(n):
            copy = json.loads(json.dumps(payload))
            copy["choices"][0]["index"] = index
            if isinstance(copy["choices"][0]["delta"].get("content"), str):
                copy["choices"][0]["delta"]["content"] += f"<{index}>" if index else ""
            out.append(encode_json_event(copy))
    return b"".join(out)
