"""Fuzz: random JSON at every position of every API shape, with planted values.

Each example takes a real request of one API (the recorded transcripts, plus one that
touches every kind of part and block), puts random JSON holding planted sensitive
values at random positions — replacing members, adding members and items, at the
API's structural positions as well as in free text, as values, keys and numbers
(integers, negative integers and floats holding a card number's digits) — and
sends it through the real gateway on loopback, with a random allow-listed header that
may hold a planted value too.  The oracle knows nothing of the product: either the
request was refused (a 4xx in the API's shape, nothing forwarded, no planted value in
the answer), or the fake upstream received it and no planted value appears anywhere
in what it received, nor in the bytes of any base64 run in it.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
from collections.abc import Awaitable, Callable
from typing import Any

import aiohttp
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.e2e.conftest import Gateway
from tests.e2e.fake_upstream import RECORDED, FakeUpstream

StartGateway = Callable[..., Awaitable[Gateway]]

# Values the route's regex detectors find on their own (delimited by spaces).
PLANTED = ["jane.doe@example.com", "4111111111111111", "AKIAIOSFODNN7EXAMPLE",
           "DE89370400440532013000", "ghp_abcdefghijklmnopqrstuvwxyz0123456789"]
SIGNATURE = base64.b64encode(bytes(range(128, 256))).decode()
PNG = base64.b64encode(b"\x89PNG\r\n\x1a\n" + bytes(64)).decode()
# Member names of the APIs, so that random members land on structural positions.
NAMES = ["type", "text", "content", "id", "name", "input", "source", "data", "thinking",
         "signature", "role", "model", "tool_call_id", "tool_use_id", "tool_calls",
         "function", "arguments", "properties", "required", "pattern", "format", "$ref",
         "url", "image_url", "file", "file_data", "file_id", "media_type", "metadata",
         "cache_control", "ttl", "citations", "system", "messages", "tools", "parameters",
         "input_schema", "service_tier", "reasoning_effort", "modalities", "seed", "x"]
HEADERS = ["user-agent", "idempotency-key", "openai-beta", "anthropic-beta",
           "x-stainless-os", "x-stainless-lang"]

RICH_OPENAI: dict[str, Any] = {
    "model": "gpt-4o", "user": "u", "metadata": {"k": "v"},
    "messages": [
        {"role": "system", "content": "S"},
        {"role": "user", "name": "n", "content": [
            {"type": "text", "text": "t"},
            {"type": "image_url", "image_url": {"url": "data:image/png;base64," + PNG,
                                                "detail": "low"}},
            {"type": "input_audio", "input_audio": {"data": PNG, "format": "wav"}},
            {"type": "file", "file": {"file_data": "data:text/plain;base64,aGk=",
                                      "filename": "f.txt"}}]},
        {"role": "assistant", "content": None, "tool_calls": [
            {"id": "call_1", "type": "function",
             "function": {"name": "f", "arguments": "{\"a\": \"b\"}"}}]},
        {"role": "tool", "tool_call_id": "call_1", "content": "r"}],
    "tools": [{"type": "function", "function": {"name": "f", "description": "d",
                                                "parameters": {"type": "object",
                                                               "properties": {"a": {
                                                                   "type": "string"}},
                                                               "required": ["a"]}}}],
    "response_format": {"type": "json_schema", "json_schema": {
        "name": "o", "schema": {"type": "object", "title": "T"}}},
    "tool_choice": "auto", "seed": 1, "stop": ["s"],
}
RICH_ANTHROPIC: dict[str, Any] = {
    "model": "claude-sonnet-4-0", "max_tokens": 5, "metadata": {"user_id": "u"},
    "system": [{"type": "text", "text": "S", "cache_control": {"type": "ephemeral"}}],
    "thinking": {"type": "enabled", "budget_tokens": 1024},
    "messages": [
        {"role": "user", "content": "U"},
        {"role": "assistant", "content": [
            {"type": "thinking", "thinking": "th", "signature": SIGNATURE},
            {"type": "redacted_thinking", "data": SIGNATURE},
            {"type": "text", "text": "A"},
            {"type": "tool_use", "id": "toolu_1", "name": "f", "input": {"a": "b"}}]},
        {"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": "toolu_1", "content": [
                {"type": "text", "text": "R"}]},
            {"type": "image", "source": {"type": "base64", "media_type": "image/png",
                                         "data": PNG}},
            {"type": "document", "title": "D", "source": {
                "type": "text", "media_type": "text/plain", "data": "doc"}}]}],
    "tools": [{"name": "f", "description": "d", "input_schema": {
        "type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]}}],
}


def _bases(prefix: str, rich: dict[str, Any]) -> list[dict[str, Any]]:
    recorded = [json.loads(path.read_bytes()) for path in sorted(RECORDED.glob(prefix))]
    return [rich, *recorded]


BASES = {"/v1/chat/completions": _bases("openai_chat_*.request.json", RICH_OPENAI),
         "/v1/messages": _bases("anthropic_messages_*.request.json", RICH_ANTHROPIC)}

_PLANTED_TEXT = st.sampled_from(PLANTED).flatmap(
    lambda value: st.sampled_from([value, f"x {value}", f"{value} y", f"a {value} b"]))
_LEAF = st.one_of(
    _PLANTED_TEXT,
    st.text(max_size=8),
    st.sampled_from([None, True, 0, 1.5, 4111111111111111, -4111111111111111,
                     4111111111111111.0, 0.4111111111111111, "user", "text", "auto",
                     "data:text/plain;base64,"
                     + base64.b64encode(b"mail jane.doe@example.com").decode(),
                     "DATA:image/png;base64,"
                     + base64.b64encode(b"card 4111111111111111").decode(),
                     base64.b64encode(b"key AKIAIOSFODNN7EXAMPLE").decode()]),
)
_KEY = st.one_of(st.sampled_from(NAMES), st.sampled_from(PLANTED), st.text(max_size=6))
JSON_VALUES = st.recursive(
    _LEAF,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_KEY, inner, max_size=3),
    max_leaves=8,
)


def _containers(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The path of every object and array in ``value``."""
    found: list[tuple[Any, ...]] = []
    if isinstance(value, dict):
        found.append(path)
        for key, item in value.items():
            found.extend(_containers(item, (*path, key)))
    elif isinstance(value, list):
        found.append(path)
        for index, item in enumerate(value):
            found.extend(_containers(item, (*path, index)))
    return found


def _at(value: Any, path: tuple[Any, ...]) -> Any:
    for part in path:
        value = value[part]
    return value


@st.composite
def mutated(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    """An API path and one of its bodies with random JSON put at random positions."""
    path = draw(st.sampled_from(sorted(BASES)))
    body: dict[str, Any] = json.loads(json.dumps(draw(st.sampled_from(BASES[path]))))
    for _ in range(draw(st.integers(min_value=1, max_value=3))):
        where = _at(body, draw(st.sampled_from(_containers(body))))
        value = draw(JSON_VALUES)
        if isinstance(where, dict):
            keys = sorted(where) or ["x"]
            key = draw(st.one_of(st.sampled_from(keys), _KEY))
            where[key] = value
        elif where and draw(st.booleans()):
            where[draw(st.integers(min_value=0, max_value=len(where) - 1))] = value
        else:
            where.append(value)
    return path, body


_BASE64_RUN = re.compile(r"[A-Za-z0-9+/]{8,}={0,2}")


def _planted_in(text: str) -> list[str]:
    """The planted values in ``text``, or in the bytes of any base64 run in it."""
    decoded = [binascii.a2b_base64(run + "=" * (-len(run) % 4)).decode("latin-1")
               for run in _BASE64_RUN.findall(text) if len(run.rstrip("=")) % 4 != 1]
    return [value for value in PLANTED if value in text or any(value in d for d in decoded)]


@settings(max_examples=250, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(case=mutated(), header=st.tuples(st.sampled_from(HEADERS),
                                        st.one_of(st.none(), _PLANTED_TEXT)))
async def test_no_planted_value_reaches_the_upstream_unless_refused(
    fake: FakeUpstream, gateway: StartGateway, case: tuple[str, dict[str, Any]],
    header: tuple[str, str | None],
) -> None:
    """Property: a planted value is never forwarded raw; a refusal forwards nothing."""
    if not hasattr(fake, "gateway_url"):
        fake.gateway_url = (await gateway()).url  # type: ignore[attr-defined]
    url: str = fake.gateway_url  # type: ignore[attr-defined]
    path, body = case
    name, value = header
    headers = {"Content-Type": "application/json", "anthropic-version": "2023-06-01"}
    if value is not None:
        headers[name] = value
    fake.received.clear()
    async with aiohttp.ClientSession() as session, session.post(
        url + path, data=json.dumps(body), headers=headers
    ) as response:
        answer = await response.text()
        status = response.status
    if status == 200:
        (received,) = fake.received
        assert _planted_in(received.body.decode() + json.dumps(received.headers)) == []
    else:
        assert status in (400, 413), (status, answer)
        assert fake.received == []
        assert _planted_in(answer) == []
        error = json.loads(answer)
        assert "error" in error
