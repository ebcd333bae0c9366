"""End to end, both official SDKs: every byte back passes a filter or is dropped (C10).

Each row plants values into one place of a recorded reply where a gateway forgets to
look (an envelope, a choice member, a chunk without choices, an error chunk, an unknown
event, a ping, ``message_start``, an extra delta member, SSE comments and fields,
server tool results, thinking, error bodies, headers) and runs it through the real
gateway on a route that injects the provider key and does not relink:

* **attack**: the planted values are an AWS key (a redacted pattern), the provider key
  the gateway injects and the request's own e-mail (a raw vault value the client must
  not see); the oracle (:func:`tests.e2e.wire.leaks`) finds none of them in what the
  client's transport received, and the SDK parses the reply or raises the API's error;
* **control**: the same reply with harmless values instead, sent once straight to the
  SDK and once through the gateway; the SDK's results are the same (up to the
  differences the gateway is allowed: merged text chunks, its own padding, and the
  members a row says the gateway drops by design).
"""

from __future__ import annotations

import base64
import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import pytest

from proxy.sse import SSEDecoder, encode_event, encode_json_event
from tests.e2e.conftest import PROVIDER_KEY, SEEDS, Gateway
from tests.e2e.fake_upstream import RECORDED, FakeUpstream, Reply
from tests.e2e.wire import Tee, call, leaks, normal

StartGateway = Callable[..., Awaitable[Gateway]]
AWS = SEEDS["API_KEY"]
EMAIL = SEEDS["EMAIL"]
PLANTED = [AWS, PROVIDER_KEY, EMAIL]
# A text value, and a one-token value (where a gateway would see an id).
ATTACK = {"text": f"note {AWS} with {PROVIDER_KEY} for {EMAIL} end", "token": AWS,
          "key": PROVIDER_KEY}
BENIGN = {"text": "note harmless words end", "token": "tok_benign42", "key": "x_benign"}
PROMPT = f"please write to {EMAIL} today"

Payloads = list[tuple[str | None, Any]]


def recorded(name: str) -> Payloads:
    """A recorded transcript as (event name, payload) pairs; ``[DONE]`` as None."""
    decoder = SSEDecoder()
    out: Payloads = []
    for event in [*decoder.feed((RECORDED / name).read_bytes()), *decoder.close()]:
        if event.data is not None:
            out.append((event.event, None if event.is_done else event.json()))
    return out


def sse(events: Payloads) -> bytes:
    """The events as an SSE body; a ``(":raw", bytes-text)`` pair is written as is."""
    parts: list[bytes] = []
    for name, payload in events:
        if name == ":raw":
            parts.append(str(payload).encode())
        elif payload is None:
            parts.append(encode_event("[DONE]"))
        else:
            parts.append(encode_json_event(payload, event=name))
    return b"".join(parts)


def json_reply(name: str) -> Any:
    """A recorded non-streamed body."""
    return json.loads((RECORDED / name).read_bytes())


# -- the rows ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Row:
    """One place to plant: ``build(values)`` makes the upstream reply."""

    name: str
    api: str
    stream: bool
    build: Callable[[dict[str, str]], Reply]
    # Members the gateway drops by design: removed from the direct result for the control.
    drops: Callable[[Any], Any] | None = None
    # The attack must end in the API's error (an error chunk or event, a protocol error).
    attack_errors: bool = False
    # Applied to both results of the control: differences of chunking the gateway may
    # make in positions ``normal`` does not merge.
    same: Callable[[Any], Any] | None = None


def _openai_stream(mutate: Callable[[Payloads, dict[str, str]], Payloads],
                   base: str = "openai_chat_stream_text.sse") -> Callable[[dict[str, str]], Reply]:
    def build(values: dict[str, str]) -> Reply:
        return Reply.sse(sse(mutate(recorded(base), values)), chunk=37)
    return build


def _envelope(events: Payloads, v: dict[str, str]) -> Payloads:
    for _, payload in events:
        if isinstance(payload, dict):
            payload.update(id=v["token"], model=v["token"], system_fingerprint=v["token"])
            payload["x_trace"] = v["text"]
            payload[v["key"]] = {"deep": [v["text"], {v["key"]: 1}]}
    return events


def _choice_members(events: Payloads, v: dict[str, str]) -> Payloads:
    for _, payload in events:
        for choice in (payload or {}).get("choices") or []:
            choice["content_filter_results"] = {"hate": {"filtered": False,
                                                         "severity": v["token"]}}
            choice["note"] = v["text"]
    return events


def _no_choices(events: Payloads, v: dict[str, str]) -> Payloads:
    head = {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": "m",
            "choices": [], "prompt_filter_results": [
                {"prompt_index": 0, "content_filter_results": {"self_harm": v["text"]}}]}
    usage = {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": "m",
             "choices": [], "usage": {"prompt_tokens": 1, "completion_tokens": 2,
                                      "total_tokens": 3, "note": v["text"],
                                      v["key"]: 4}}
    return [(None, head), *events[:-1], (None, usage), events[-1]]


def _error_chunk(events: Payloads, v: dict[str, str]) -> Payloads:
    error = {"error": {"message": v["text"], "type": "server_error", "code": v["token"],
                       "param": v["text"]}}
    return [*events[:3], (None, error), events[-1]]


def _delta_members(events: Payloads, v: dict[str, str]) -> Payloads:
    for _, payload in events:
        for choice in (payload or {}).get("choices") or []:
            if choice["delta"].get("content"):
                choice["delta"]["audio"] = {"transcript": v["text"]}
                choice["delta"]["x_extra"] = v["text"]
    return events


def _drop_delta_members(result: Any) -> Any:
    for chunk in result:
        for choice in chunk.get("choices") or []:
            choice["delta"].pop("audio", None)
            choice["delta"].pop("x_extra", None)
    return result


def _sse_fields(events: Payloads, v: dict[str, str]) -> Payloads:
    # A comment-only event, then id/retry/unknown fields in the next event's block.
    lines = f": {v['text']}\n\nid: {v['token']}\nretry: 10\nx-note: {v['text']}\n"
    return [events[0], (":raw", lines), *events[1:]]


def _text_channel(events: Payloads, v: dict[str, str]) -> Payloads:
    out: Payloads = []
    for name, payload in events:
        out.append((name, payload))
        delta = ((payload or {}).get("choices") or [{}])[0].get("delta") or {}
        if delta.get("content") == "420":
            # The values split across chunks, the provider key in three pieces.
            for piece in (f" {v['text'][:14]}", v["text"][14:30], v["text"][30:]):
                chunk = json.loads(json.dumps(payload))
                chunk["choices"][0]["delta"]["content"] = piece
                out.append((name, chunk))
    return out


def _openai_whole(values: dict[str, str]) -> Reply:
    body = json_reply("openai_chat_nonstream_text_after_tool_results.response.json")
    body["id"], body["system_fingerprint"] = values["token"], values["token"]
    body["x_trace"] = values["text"]
    choice = body["choices"][0]
    choice["note"] = values["text"]
    choice["message"]["annotations"] = [{"type": "url_citation", "url": values["text"]}]
    choice["message"]["content"] += " " + values["text"]
    body["usage"]["prompt_tokens_details"][values["key"]] = 1
    return Reply.json_body(body)


def _drop_annotations(result: Any) -> Any:
    result["choices"][0]["message"].pop("annotations", None)
    return result


def _openai_error(status: int) -> Callable[[dict[str, str]], Reply]:
    def build(values: dict[str, str]) -> Reply:
        return Reply.json_body({"error": {"message": values["text"], "type": "server_error"
                                          if status >= 500 else "invalid_request_error",
                                          "param": values["text"], "code": values["token"],
                                          values["key"]: values["text"]}}, status=status)
    return build


def _headers(values: dict[str, str]) -> Reply:
    raw = (RECORDED / "openai_chat_stream_text.sse").read_bytes()
    return Reply("sse", raw, headers=(("x-request-id", values["token"]),
                                      ("openai-organization", values["key"]),
                                      ("x-debug", values["text"])))


def _anthropic_stream(mutate: Callable[[Payloads, dict[str, str]], Payloads],
                      base: str = "anthropic_messages_stream_text.sse"
                      ) -> Callable[[dict[str, str]], Reply]:
    def build(values: dict[str, str]) -> Reply:
        return Reply.sse(sse(mutate(recorded(base), values)), chunk=41)
    return build


def _message_start(events: Payloads, v: dict[str, str]) -> Payloads:
    message = events[0][1]["message"]
    message["id"], message["model"] = v["token"], v["token"]
    message["x_trace"] = v["text"]
    message["stop_sequence"] = v["text"]
    message["usage"][v["key"]] = 1
    return events


def _message_start_content(events: Payloads, v: dict[str, str]) -> Payloads:
    message = events[0][1]["message"]
    message["content"] = [{"type": "text", "text": v["text"]}]
    return events


def _ping(events: Payloads, v: dict[str, str]) -> Payloads:
    for name, payload in events:
        if name == "ping":
            payload["note"] = v["text"]
            payload[v["key"]] = v["token"]
    return events


def _unknown_event(events: Payloads, v: dict[str, str]) -> Payloads:
    mystery = {"type": "mystery_event", "note": v["text"], "detail": {v["key"]: v["token"]}}
    return [*events[:2], ("mystery_event", mystery), *events[2:]]


def _event_name(events: Payloads, v: dict[str, str]) -> Payloads:
    # An event name holding a value: for a known payload, the payload's type is written.
    return [(v["token"] if name == "ping" else name, payload) for name, payload in events]


def _anthropic_delta_members(events: Payloads, v: dict[str, str]) -> Payloads:
    for name, payload in events:
        if name == "content_block_delta":
            payload["delta"]["x_extra"] = v["text"]
            payload["x_trace"] = v["text"]
    return events


def _drop_anthropic_delta_members(result: Any) -> Any:
    for event in result:
        if event.get("type") == "content_block_delta":
            event["delta"].pop("x_extra", None)
    return result


def _unknown_deltas(events: Payloads, v: dict[str, str]) -> Payloads:
    # A delta type the gateway does not know, its text spelt across three deltas (the
    # provider key in two pieces), nested and in a list, right before the block's stop.
    text = v["text"]
    pieces = (text[:14], text[14:30], text[30:])
    deltas: Payloads = [("content_block_delta", {
        "type": "content_block_delta", "index": 0,
        "delta": {"type": "mystery_delta", "note": {"text": piece}, "parts": [piece]}})
        for piece in pieces]
    stop = next(i for i, (name, _) in enumerate(events) if name == "content_block_stop")
    return [*events[:stop], *deltas, *events[stop:]]


def _join_unknown_deltas(result: Any) -> Any:
    """The mystery deltas of a block as one, with each position's text joined, in place
    of the first (the gateway streams each position as a channel: its pieces and its
    held tail may be cut elsewhere)."""
    out: list[Any] = []
    joined: dict[str, Any] | None = None
    for event in result:
        delta = event.get("delta") if event.get("type") == "content_block_delta" else None
        if not isinstance(delta, dict) or delta.get("type") != "mystery_delta":
            out.append(event)
            continue
        if joined is None:
            joined = {"type": "mystery_delta", "note": {"text": ""}, "parts": [""]}
            out.append({**event, "delta": joined})
        joined["note"]["text"] += (delta.get("note") or {}).get("text", "")
        joined["parts"][0] += "".join(part or "" for part in delta.get("parts") or [])
    return out


def _mismatched_delta(events: Payloads, v: dict[str, str]) -> Payloads:
    out: Payloads = []
    for name, payload in events:
        out.append((name, payload))
        if name == "content_block_start" and v is ATTACK:
            out.append(("content_block_delta", {"type": "content_block_delta", "index": 0,
                                                 "delta": {"type": "thinking_delta",
                                                           "thinking": v["text"]}}))
    return out


def _stream_error(events: Payloads, v: dict[str, str]) -> Payloads:
    error = {"type": "error", "error": {"type": "overloaded_error", "message": v["text"],
                                        "details": {v["key"]: v["token"]}}}
    return [*events[:3], ("error", error)]


def _web_fetch(block_values: dict[str, str], encoded: bool) -> dict[str, Any]:
    text = f"Fetched page. {block_values['text']}"
    source: dict[str, Any] = {"type": "text", "media_type": "text/plain", "data": text}
    if encoded:
        source = {"type": "base64", "media_type": "text/plain",
                  "data": base64.b64encode(text.encode()).decode()}
    return {"type": "web_fetch_tool_result", "tool_use_id": "srvtoolu_01",
            "content": {"type": "web_fetch_result", "url": "https://example.com/page",
                        "retrieved_at": "2025-08-25T10:30:00Z",
                        "content": {"type": "document", "source": source,
                                    "title": block_values["text"],
                                    "citations": {"enabled": True}}}}


def _server_tool_stream(events: Payloads, v: dict[str, str]) -> Payloads:
    blocks: Payloads = []
    for index, encoded in ((1, False), (2, True)):
        blocks.append(("content_block_start", {"type": "content_block_start", "index": index,
                                               "content_block": _web_fetch(v, encoded)}))
        blocks.append(("content_block_stop", {"type": "content_block_stop", "index": index}))
    stop = next(i for i, (name, _) in enumerate(events) if name == "content_block_stop")
    return [*events[: stop + 1], *blocks, *events[stop + 1 :]]


def _server_tool_whole(values: dict[str, str]) -> Reply:
    body = json_reply("anthropic_messages_nonstream_text_after_tool_results.response.json")
    body["content"].extend([_web_fetch(values, False), _web_fetch(values, True)])
    return Reply.json_body(body)


def _thinking(events: Payloads, v: dict[str, str]) -> Payloads:
    for name, payload in events:
        if name == "content_block_delta" and payload["delta"]["type"] == "thinking_delta":
            payload["delta"]["thinking"] += f" {v['text']}"
            break
    return events


def _citations(events: Payloads, v: dict[str, str]) -> Payloads:
    citation = {"type": "content_block_delta", "index": 0, "delta": {
        "type": "citations_delta", "citation": {
            "type": "web_search_result_location", "cited_text": v["text"],
            "url": "https://example.com", "title": v["text"], "encrypted_index": "EoAB"}}}
    stop = next(i for i, (name, _) in enumerate(events) if name == "content_block_stop")
    return [*events[:stop], ("content_block_delta", citation), *events[stop:]]


def _anthropic_whole(values: dict[str, str]) -> Reply:
    body = json_reply("anthropic_messages_nonstream_parallel_tool_use.response.json")
    body["id"], body["stop_sequence"] = values["token"], values["text"]
    body["x_trace"] = values["text"]
    body["content"][0]["text"] += " " + values["text"]
    body["content"][1]["input"] = {values["key"]: values["text"], "n": 4}
    body["content"][2]["x_extra"] = values["text"]
    return Reply.json_body(body)


def _anthropic_error(status: int) -> Callable[[dict[str, str]], Reply]:
    def build(values: dict[str, str]) -> Reply:
        kind = "overloaded_error" if status == 529 else "invalid_request_error"
        return Reply.json_body({"type": "error", "error": {"type": kind,
                                                           "message": values["text"]},
                                "request_id": values["token"]}, status=status)
    return build


def _anthropic_headers(values: dict[str, str]) -> Reply:
    raw = (RECORDED / "anthropic_messages_stream_text.sse").read_bytes()
    return Reply("sse", raw, headers=(("request-id", values["token"]),
                                      ("anthropic-organization-id", values["key"]),
                                      ("x-envoy-note", values["text"])))


ROWS = [
    Row("openai envelope", "openai", True, _openai_stream(_envelope)),
    Row("openai choice members", "openai", True, _openai_stream(_choice_members)),
    Row("openai chunks without choices", "openai", True, _openai_stream(_no_choices)),
    Row("openai error chunk", "openai", True, _openai_stream(_error_chunk), attack_errors=True),
    Row("openai extra delta members", "openai", True, _openai_stream(_delta_members),
        drops=_drop_delta_members),
    Row("openai sse comments and fields", "openai", True, _openai_stream(_sse_fields)),
    Row("openai text split across chunks", "openai", True, _openai_stream(_text_channel)),
    Row("openai tool calls", "openai", True,
        _openai_stream(_envelope, "openai_chat_stream_parallel_tool_calls.sse")),
    Row("openai headers", "openai", True, _headers),
    Row("openai whole body", "openai", False, _openai_whole, drops=_drop_annotations),
    Row("openai 4xx body", "openai", False, _openai_error(400)),
    Row("openai 5xx body", "openai", False, _openai_error(500)),
    Row("anthropic message_start", "anthropic", True, _anthropic_stream(_message_start)),
    Row("anthropic message_start content", "anthropic", True,
        _anthropic_stream(_message_start_content)),
    Row("anthropic ping payload", "anthropic", True, _anthropic_stream(_ping)),
    Row("anthropic unknown event", "anthropic", True, _anthropic_stream(_unknown_event)),
    Row("anthropic event name", "anthropic", True, _anthropic_stream(_event_name)),
    Row("anthropic extra delta members", "anthropic", True,
        _anthropic_stream(_anthropic_delta_members), drops=_drop_anthropic_delta_members),
    Row("anthropic unknown deltas, a value spelt across them", "anthropic", True,
        _anthropic_stream(_unknown_deltas), same=_join_unknown_deltas),
    Row("anthropic mismatched delta", "anthropic", True, _anthropic_stream(_mismatched_delta),
        attack_errors=True),
    Row("anthropic error event", "anthropic", True, _anthropic_stream(_stream_error),
        attack_errors=True),
    Row("anthropic sse comments and fields", "anthropic", True, _anthropic_stream(_sse_fields)),
    Row("anthropic server tool results", "anthropic", True,
        _anthropic_stream(_server_tool_stream)),
    Row("anthropic server tool results, whole", "anthropic", False, _server_tool_whole),
    Row("anthropic thinking", "anthropic", True,
        _anthropic_stream(_thinking, "anthropic_messages_stream_thinking.sse")),
    Row("anthropic citations", "anthropic", True, _anthropic_stream(_citations)),
    Row("anthropic tool input deltas", "anthropic", True,
        _anthropic_stream(_message_start, "anthropic_messages_stream_parallel_tool_use.sse")),
    Row("anthropic whole body", "anthropic", False, _anthropic_whole),
    Row("anthropic 4xx body", "anthropic", False, _anthropic_error(400)),
    Row("anthropic 529 body", "anthropic", False, _anthropic_error(529)),
    Row("anthropic headers", "anthropic", True, _anthropic_headers),
]


@pytest.mark.parametrize("row", ROWS, ids=[row.name for row in ROWS])
async def test_planted_values_never_reach_the_client(
    fake: FakeUpstream, gateway: StartGateway, row: Row
) -> None:
    """Attack: no planted value in anything the client received; the SDK parses the
    reply or raises the API's error."""
    gw = await gateway()
    fake.script.append(row.build(ATTACK))
    tee = Tee()
    outcome = await call(row.api, gw.url + "/guarded", tee, stream=row.stream, prompt=PROMPT)
    assert EMAIL not in fake.received[-1].body.decode()
    (exchange,) = tee.exchanges
    assert leaks(exchange, PLANTED) == []
    assert (outcome.error is not None) == (row.attack_errors or exchange.status >= 400)
    if outcome.error is not None:
        assert AWS not in str(outcome.error) and PROVIDER_KEY not in str(outcome.error)


@pytest.mark.parametrize("row", ROWS, ids=[row.name for row in ROWS])
async def test_control_same_reply_without_values_is_unchanged(
    fake: FakeUpstream, gateway: StartGateway, row: Row
) -> None:
    """Control: harmless values in the same places reach the SDK as they would without
    the gateway (except what the gateway drops by design)."""
    gw = await gateway()
    fake.script.extend([row.build(BENIGN), row.build(BENIGN)])
    direct = await call(row.api, fake.url, Tee(), stream=row.stream, prompt="hello")
    through = await call(row.api, gw.url + "/guarded", Tee(), stream=row.stream,
                         prompt="hello")
    drops, same = row.drops, row.same
    expected = normal(row.api, direct, drops if same is None else
                      (lambda result: same(drops(result) if drops else result)))
    got = normal(row.api, through, same)
    if isinstance(expected, dict) and "error" in expected and expected["status"] == 500:
        expected["status"] = 502  # 5xx other than 503/529 are mapped to 502
    assert got == expected


# -- the provider key and the credentials it stands for ------------------------------------


@pytest.mark.parametrize("api", ["openai", "anthropic"])
async def test_upstream_auth_failure_on_an_injected_key_is_the_gateways_message(
    fake: FakeUpstream, gateway: StartGateway, api: str
) -> None:
    """A 401 about the key the gateway injected is a 502 with the gateway's message (the
    provider's echoes part of the key); on a pass-through route the provider's own
    recorded 401 is relayed (control)."""
    gw = await gateway()
    if api == "openai":
        body: Any = {"error": {"message": f"Incorrect API key provided: {PROVIDER_KEY[:6]}***"
                                          f"{PROVIDER_KEY[-4:]}.", "type": "invalid_request_error",
                               "param": None, "code": "invalid_api_key"}}
        recorded_body = json_reply("openai_chat_error_401_invalid_api_key_stream_request"
                                   ".response.json")
    else:
        body = {"type": "error", "error": {"type": "authentication_error",
                                           "message": f"invalid x-api-key {PROVIDER_KEY}"}}
        recorded_body = json_reply("anthropic_messages_error_401_authentication_stream_request"
                                   ".response.json")
    fake.script.append(Reply.json_body(body, status=401))
    tee = Tee()
    outcome = await call(api, gw.url + "/guarded", tee, stream=True)
    assert outcome.error is not None and getattr(outcome.error, "status_code", 0) == 502
    assert PROVIDER_KEY[-4:] not in tee.exchanges[0].body.decode()
    assert "refused the gateway's credentials" in str(outcome.error)
    assert ("x-should-retry", "false") in tee.exchanges[0].headers
    fake.script.extend([Reply.json_body(recorded_body, status=401)] * 2)
    direct = await call(api, fake.url, Tee(), stream=True)
    through = await call(api, gw.url, Tee(), stream=True)
    assert normal(api, through) == normal(api, direct)


async def test_provider_key_is_masked_whatever_the_route_redacts(
    fake: FakeUpstream, gateway: StartGateway
) -> None:
    """The injected key is masked on a route with no redact list at all, even inside a
    word, in text and in the envelope; the key of another upstream is not."""
    gw = await gateway()
    raw = (RECORDED / "openai_chat_stream_text.sse").read_bytes().replace(
        b'"content":"420"', f'"content":"x{PROVIDER_KEY}y"'.encode()).replace(
        b'"fp_deacdd5f6f"', f'"{PROVIDER_KEY}"'.encode())
    fake.script.append(Reply.sse(raw, chunk=9))
    tee = Tee()
    outcome = await call("openai", gw.url + "/relinked", tee, stream=True, key="gw-trusted-key")
    assert outcome.error is None
    assert leaks(tee.exchanges[0], [PROVIDER_KEY]) == []
    text = "".join(chunk.choices[0].delta.content or "" for chunk in outcome.result
                   if chunk.choices)
    assert "x[REDACTED:API_KEY]y" in text
