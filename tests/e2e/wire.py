"""What the client receives, seen from the wire: raw bytes, an independent leak oracle,
SDK calls, and a normal form of SDK results for control comparisons.

:class:`Tee` gives the official SDKs HTTP clients whose transport records every
response's headers and body bytes exactly as they came off the socket.  :func:`leaks` is
the oracle: it knows nothing of the gateway; it looks for the planted strings in the
raw bytes, in every string and key of every JSON document the bytes carry (so an
escaped spelling is found too), in the text a whole base64 string decodes to, and in
the strings at one JSON path joined over all the events of a stream (a value spelt
across chunks).

:func:`call` runs one request through an official SDK and returns either the result or
the API error the SDK raised; anything else the SDK raises propagates (a failure: the
SDK could not parse what it got).  :func:`normal` turns a result into plain data with
the differences the gateway is allowed to make taken out: text chunks of one channel
merged (the gateway merges chunks that arrive together), OpenAI's ``obfuscation``
padding (the gateway writes its own, of the same length) reduced to its length.
"""

from __future__ import annotations

import base64
import binascii
import json
from collections.abc import AsyncIterator, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

import anthropic
import httpx2
import openai

from proxy.sse import SSEDecoder

__all__ = ["Outcome", "Tee", "call", "call_sync", "leaks", "normal"]


@dataclass
class Exchange:
    """One response as the client's transport received it."""

    status: int
    headers: list[tuple[str, str]]
    body: bytearray = field(default_factory=bytearray)


class _Recorded(httpx2.AsyncByteStream):
    def __init__(self, inner: httpx2.AsyncByteStream, sink: bytearray) -> None:
        self._inner = inner
        self._sink = sink

    async def __aiter__(self) -> AsyncIterator[bytes]:
        async for chunk in self._inner:
            self._sink.extend(chunk)
            yield chunk

    async def aclose(self) -> None:
        await self._inner.aclose()


class _SyncRecorded(httpx2.SyncByteStream):
    def __init__(self, inner: httpx2.SyncByteStream, sink: bytearray) -> None:
        self._inner = inner
        self._sink = sink

    def __iter__(self) -> Iterator[bytes]:
        for chunk in self._inner:
            self._sink.extend(chunk)
            yield chunk

    def close(self) -> None:
        self._inner.close()


class Tee:
    """Recording transports for the SDKs' HTTP clients (both SDKs use ``httpx2``):
    every response's raw headers and body, as the socket gave them."""

    def __init__(self) -> None:
        self.exchanges: list[Exchange] = []

    def _record(self, status: int, headers: Iterable[tuple[str, str]]) -> bytearray:
        exchange = Exchange(status, list(headers))
        self.exchanges.append(exchange)
        return exchange.body

    def client(self) -> httpx2.AsyncClient:
        """An async httpx2 client through this tee."""
        tee = self

        class Transport(httpx2.AsyncHTTPTransport):
            async def handle_async_request(self, request: httpx2.Request) -> httpx2.Response:
                response = await super().handle_async_request(request)
                sink = tee._record(response.status_code, response.headers.multi_items())
                assert isinstance(response.stream, httpx2.AsyncByteStream)
                return httpx2.Response(response.status_code, headers=response.headers,
                                       stream=_Recorded(response.stream, sink),
                                       extensions=response.extensions, request=request)

        return httpx2.AsyncClient(transport=Transport())

    def sync_client(self) -> httpx2.Client:
        """A sync httpx2 client through this tee."""
        tee = self

        class Transport(httpx2.HTTPTransport):
            def handle_request(self, request: httpx2.Request) -> httpx2.Response:
                response = super().handle_request(request)
                sink = tee._record(response.status_code, response.headers.multi_items())
                assert isinstance(response.stream, httpx2.SyncByteStream)
                return httpx2.Response(response.status_code, headers=response.headers,
                                       stream=_SyncRecorded(response.stream, sink),
                                       extensions=response.extensions, request=request)

        return httpx2.Client(transport=Transport())


# -- the oracle ------------------------------------------------------------------------


def _documents(body: bytes) -> list[object]:
    """Every JSON document in a body: the body itself, or each SSE event's data."""
    text = body.decode("utf-8", errors="replace")
    try:
        return [json.loads(text)]
    except ValueError:
        pass
    decoder = SSEDecoder()
    documents: list[object] = []
    try:
        events = [*decoder.feed(body), *decoder.close()]
    except ValueError:
        return documents
    for event in events:
        if event.data is None:
            continue
        try:
            documents.append(json.loads(event.data))
        except ValueError:
            continue
    return documents


def _strings(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
        try:
            decoded = base64.b64decode(value, validate=True).decode("utf-8")
        except (binascii.Error, ValueError):
            decoded = ""
        yield decoded
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)
    elif isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from _strings(item)


def _leaves(value: object, path: tuple[object, ...]) -> Iterator[tuple[tuple[object, ...], str]]:
    """Every string of ``value`` with its JSON path (member names and list positions)."""
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, list):
        for position, item in enumerate(value):
            yield from _leaves(item, (*path, position))
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _leaves(item, (*path, key))


def _spelt_across(documents: list[object]) -> list[str]:
    """Per stream position, the strings of every document there joined in order: a
    value a stream spells across events (half in one chunk, half in the next) is whole
    in the join.  A position is a JSON path in documents of one kind (their ``type``, or
    OpenAI's ``object``): a client never joins text of events of different kinds."""
    joined: dict[tuple[object, ...], list[str]] = {}
    for document in documents:
        kind = (document.get("type", document.get("object"))
                if isinstance(document, dict) else None)
        for path, text in _leaves(document, ()):
            joined.setdefault((repr(kind), *path), []).append(text)
    return ["".join(parts) for parts in joined.values() if len(parts) > 1]


def leaks(exchange: Exchange, planted: list[str]) -> list[str]:
    """The planted strings the client received raw: in the bytes, in a JSON string or
    key, in the text of a base64 string, or spelt across the events of a stream."""
    raw = exchange.body.decode("utf-8", errors="replace")
    heads = "\n".join(f"{name}: {value}" for name, value in exchange.headers)
    documents = _documents(bytes(exchange.body))
    texts = [raw, heads, _spelt_across(documents),
             *(_strings(document) for document in documents)]
    flat: list[str] = []
    for text in texts:
        flat.extend([text] if isinstance(text, str) else list(text))
    return sorted({secret for secret in planted for text in flat if secret in text})


# -- SDK calls -------------------------------------------------------------------------


@dataclass
class Outcome:
    """A result the SDK returned, or the API error it raised."""

    result: Any = None
    error: Exception | None = None


async def call(api: str, base_url: str, tee: Tee, *, stream: bool, key: str = "sk-client",
               prompt: str = "hello") -> Outcome:
    """One request through the official async SDK of ``api``."""
    messages: Any = [{"role": "user", "content": prompt}]
    if api == "openai":
        async with openai.AsyncOpenAI(base_url=base_url + "/v1", api_key=key, max_retries=0,
                                      timeout=20, http_client=tee.client()) as oai:
            try:
                if stream:
                    chunks = await oai.chat.completions.create(model="m", messages=messages,
                                                               stream=True)
                    return Outcome([chunk async for chunk in chunks])
                return Outcome(await oai.chat.completions.create(model="m", messages=messages))
            except openai.APIError as exc:
                return Outcome(error=exc)
    async with anthropic.AsyncAnthropic(base_url=base_url, api_key=key, max_retries=0,
                                        timeout=20, http_client=tee.client()) as ant:
        try:
            if stream:
                events = await ant.messages.create(model="m", max_tokens=64, messages=messages,
                                                   stream=True)
                return Outcome([event async for event in events])
            return Outcome(await ant.messages.create(model="m", max_tokens=64,
                                                     messages=messages))
        except anthropic.APIError as exc:
            return Outcome(error=exc)


def call_sync(api: str, base_url: str, tee: Tee, *, stream: bool, prompt: str) -> Outcome:
    """One request through the official sync SDK of ``api``."""
    messages: Any = [{"role": "user", "content": prompt}]
    if api == "openai":
        with openai.OpenAI(base_url=base_url + "/v1", api_key="sk-client", max_retries=0,
                           timeout=20, http_client=tee.sync_client()) as oai:
            try:
                if stream:
                    return Outcome(list(oai.chat.completions.create(
                        model="m", messages=messages, stream=True)))
                return Outcome(oai.chat.completions.create(model="m", messages=messages))
            except openai.APIError as exc:
                return Outcome(error=exc)
    with anthropic.Anthropic(base_url=base_url, api_key="sk-client", max_retries=0,
                             timeout=20, http_client=tee.sync_client()) as ant:
        try:
            if stream:
                return Outcome(list(ant.messages.create(model="m", max_tokens=64,
                                                        messages=messages, stream=True)))
            return Outcome(ant.messages.create(model="m", max_tokens=64, messages=messages))
        except anthropic.APIError as exc:
            return Outcome(error=exc)


# -- normal form for control comparisons ------------------------------------------------

_OPENAI_TEXT = ("content", "refusal", "reasoning_content", "reasoning")


def _pad_length(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: (len(item) if key == "obfuscation" and isinstance(item, str)
                      else _pad_length(item)) for key, item in value.items()}
    if isinstance(value, list):
        return [_pad_length(item) for item in value]
    return value


def _openai_text(chunk: dict[str, Any]) -> tuple[str, str] | None:
    """(a key of everything but the text, the text) of a text-only chunk."""
    choices = chunk.get("choices")
    if not isinstance(choices, list) or len(choices) != 1:
        return None
    choice = choices[0]
    delta = choice.get("delta") or {}
    if choice.get("finish_reason") is not None or len(delta) != 1:
        return None
    ((name, value),) = delta.items()
    if name in _OPENAI_TEXT and isinstance(value, str):
        holder, field_name = delta, name
    elif name == "tool_calls" and len(value) == 1 and set(value[0]) == {"index", "function"} \
            and set(value[0]["function"]) == {"arguments"}:
        holder, field_name = value[0]["function"], "arguments"
    else:
        return None
    text = holder[field_name]
    holder[field_name] = ""
    skeleton = json.dumps({k: v for k, v in chunk.items() if k != "obfuscation"},
                          sort_keys=True)
    holder[field_name] = text
    return skeleton, text


def _anthropic_text(event: dict[str, Any]) -> tuple[str, str] | None:
    delta = event.get("delta")
    if event.get("type") != "content_block_delta" or set(event) != {"type", "index", "delta"} \
            or not isinstance(delta, dict):
        return None
    for kind, name in (("text_delta", "text"), ("input_json_delta", "partial_json"),
                       ("thinking_delta", "thinking")):
        if delta.get("type") == kind and set(delta) == {"type", name}:
            return f"{event['index']}:{kind}", delta[name]
    return None


def _merge(items: list[dict[str, Any]], text_of: Any, put: Any) -> list[Any]:
    out: list[Any] = []
    last: tuple[str, str] | None = None
    for item in items:
        found = text_of(item)
        if found is not None and last is not None and found[0] == last[0] and out:
            merged = last[1] + found[1]
            put(out[-1], merged)
            last = (found[0], merged)
            continue
        out.append(item)
        last = found
    return out


def _put_openai(chunk: dict[str, Any], text: str) -> None:
    delta = chunk["choices"][0]["delta"]
    if "tool_calls" in delta:
        delta["tool_calls"][0]["function"]["arguments"] = text
    else:
        ((name, _),) = delta.items()
        delta[name] = text


def _put_anthropic(event: dict[str, Any], text: str) -> None:
    delta = event["delta"]
    name = next(key for key in delta if key != "type")
    delta[name] = text


def normal(api: str, outcome: Outcome, prepare: Any = None) -> object:
    """Plain data for an outcome, with the differences the gateway may make removed.

    ``prepare``, if given, edits the plain data first (members a test expects the gateway
    to drop), before text chunks are merged.
    """
    if outcome.error is not None:
        error = outcome.error
        return {"error": type(error).__name__, "status": getattr(error, "status_code", None),
                "body": getattr(error, "body", None)}
    result = outcome.result
    if isinstance(result, list):
        items: list[dict[str, Any]] = [_pad_length(item.to_dict(warnings=False))
                                       for item in result]
        if prepare is not None:
            items = prepare(items)
        if api == "openai":
            return _merge(items, _openai_text, _put_openai)
        return _merge(items, _anthropic_text, _put_anthropic)
    whole = _pad_length(result.to_dict(warnings=False))
    return whole if prepare is None else prepare(whole)
