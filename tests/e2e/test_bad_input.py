"""Bad input and upstream failures: exact status, the API's error shape, nothing forwarded.

Client-side rows (C7) must be answered before anything reaches the upstream; upstream
rows (refused, timeout, 5xx, cut mid-stream, malformed SSE) must reach the client as
errors in the API's own shape, in the body before streaming starts and as the final
event after.
"""

from __future__ import annotations

import json
import socket
from collections.abc import Awaitable, Callable
from typing import Any

import aiohttp
import pytest

from proxy.sse import Event, SSEDecoder
from tests.e2e.conftest import PROMPT, PROVIDER_KEY, Gateway
from tests.e2e.fake_upstream import RECORDED, FakeUpstream, Reply

StartGateway = Callable[..., Awaitable[Gateway]]

OPENAI = "/v1/chat/completions"
ANTHROPIC = "/v1/messages"
JSON = {"Content-Type": "application/json"}
GOOD_OPENAI = b'{"model":"m","messages":[{"role":"user","content":"hi"}]}'
GOOD_ANTHROPIC = b'{"model":"m","max_tokens":5,"messages":[{"role":"user","content":"hi"}]}'


def assert_openai_error(body: Any, code: str) -> None:
    """The OpenAI error object with the expected code."""
    assert set(body) == {"error"}
    assert set(body["error"]) == {"message", "type", "param", "code"}
    assert body["error"]["code"] == code


def assert_anthropic_error(body: Any, kind: str) -> None:
    """The Anthropic error object with the expected type."""
    assert body["type"] == "error"
    assert body["error"]["type"] == kind and body["error"]["message"]


# (name, path, method, headers, body, status, shape, code-or-type)
CLIENT_ROWS: list[tuple[str, str, str, dict[str, str], bytes, int, str, str]] = [
    ("malformed json", OPENAI, "POST", JSON, b'{"model": ', 400, "openai", "invalid_json"),
    ("json not an object", OPENAI, "POST", JSON, b"[1, 2]", 400, "openai", "invalid_request"),
    ("wrong content type", OPENAI, "POST", {"Content-Type": "text/plain"}, GOOD_OPENAI, 415,
     "openai", "unsupported_media_type"),
    ("no content type", OPENAI, "POST", {}, GOOD_OPENAI, 415, "openai",
     "unsupported_media_type"),
    ("invalid utf-8", OPENAI, "POST", JSON, b'{"messages":"\xff\xfe"}', 400, "openai",
     "invalid_utf8"),
    ("oversized body", OPENAI, "POST", JSON, b'{"x":"' + b"a" * 5000 + b'"}', 413, "openai",
     "body_too_large"),
    ("unknown route", "/v1/completions", "POST", JSON, GOOD_OPENAI, 404, "openai",
     "unknown_route"),
    ("unknown route, anthropic", "/v1/messages/batches", "POST",
     dict(JSON, **{"anthropic-version": "2023-06-01"}), GOOD_ANTHROPIC, 404, "anthropic",
     "not_found_error"),
    ("wrong method", OPENAI, "GET", {}, b"", 405, "openai", "method_not_allowed"),
    ("missing key", "/relinked/v1/chat/completions", "POST", JSON, GOOD_OPENAI, 401, "openai",
     "missing_api_key"),
    ("wrong key", "/relinked/v1/chat/completions", "POST",
     dict(JSON, Authorization="Bearer gw-wrong"), GOOD_OPENAI, 401, "openai", "invalid_api_key"),
    ("anthropic malformed json", ANTHROPIC, "POST", JSON, b"{", 400, "anthropic",
     "invalid_request_error"),
    ("anthropic wrong content type", ANTHROPIC, "POST", {"Content-Type": "text/xml"},
     GOOD_ANTHROPIC, 415, "anthropic", "invalid_request_error"),
    ("anthropic oversized", ANTHROPIC, "POST", JSON, b'{"x":"' + b"a" * 5000 + b'"}', 413,
     "anthropic", "request_too_large"),
    # Valid-looking JSON the gateway could not re-send faithfully, or walk safely.
    ("lone surrogate", OPENAI, "POST", JSON,
     b'{"messages":[{"role":"user","content":"hi \\ud800 jane.doe@example.com"}]}', 400,
     "openai", "invalid_json"),
    ("lone surrogate key", OPENAI, "POST", JSON, b'{"metadata":{"\\udc00":1}}', 400, "openai",
     "invalid_json"),
    ("nested 2000 deep", OPENAI, "POST", JSON, b'{"x":' + b"[" * 2000 + b"]" * 2000 + b"}",
     400, "openai", "invalid_json"),
    ("nested 65 deep", OPENAI, "POST", JSON, b'{"x":' + b"[" * 64 + b"]" * 64 + b"}", 400,
     "openai", "invalid_json"),
    ("NaN", OPENAI, "POST", JSON, b'{"model":"m","temperature":NaN}', 400, "openai",
     "invalid_json"),
    ("Infinity", OPENAI, "POST", JSON, b'{"model":"m","x":[-Infinity]}', 400, "openai",
     "invalid_json"),
    ("anthropic NaN", ANTHROPIC, "POST", JSON, b'{"model":"m","top_p":NaN}', 400, "anthropic",
     "invalid_request_error"),
    ("anthropic nested", ANTHROPIC, "POST", JSON, b'{"x":' + b"{\"a\":" * 100 + b"1" +
     b"}" * 100 + b"}", 400, "anthropic", "invalid_request_error"),
]


@pytest.mark.parametrize(
    ("path", "method", "headers", "body", "status", "shape", "code"),
    [row[1:] for row in CLIENT_ROWS],
    ids=[row[0] for row in CLIENT_ROWS],
)
async def test_bad_client_input(
    fake: FakeUpstream, gateway: StartGateway, path: str, method: str,
    headers: dict[str, str], body: bytes, status: int, shape: str, code: str,
) -> None:
    """Each bad request gets its exact status and error shape; the upstream sees nothing."""
    gw = await gateway(max_body_bytes=4096)
    async with aiohttp.ClientSession() as session, session.request(
        method, gw.url + path, data=body, headers=headers
    ) as response:
        assert response.status == status
        assert response.content_type == "application/json"
        payload = await response.json()
        assert response.headers["x-pseudogate-request-id"]
    if shape == "openai":
        assert_openai_error(payload, code)
    else:
        assert_anthropic_error(payload, code)
    assert fake.received == []


async def test_nesting_up_to_the_limit_and_surrogate_pairs_are_accepted(
    fake: FakeUpstream, gateway: StartGateway
) -> None:
    """Negative rows: 64 levels and an escaped surrogate *pair* (an emoji) are fine."""
    gw = await gateway()
    deep = b'{"x":' + b"[" * 62 + b"]" * 62 + b"}"  # the body, extra, then 62: 64 levels
    body = (b'{"model":"m","messages":[{"role":"user","content":"hi \\ud83d\\ude00"}],'
            b'"extra":' + deep + b"}")
    status, _, _ = await post(gw, OPENAI, body)
    assert status == 200
    assert "\U0001f600" in fake.received[-1].body.decode()


async def post(gw: Gateway, path: str, body: bytes, **headers: str
               ) -> tuple[int, str, bytes]:
    """POST and return status, content type and the whole body."""
    async with aiohttp.ClientSession() as session, session.post(
        gw.url + path, data=body, headers={**JSON, **headers}
    ) as response:
        return response.status, response.content_type, await response.read()


def events_of(raw: bytes) -> list[Event]:
    """Parse an SSE body."""
    decoder = SSEDecoder()
    return [*decoder.feed(raw), *decoder.close()]


def closed_port() -> int:
    """A loopback port nothing listens on."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


async def test_upstream_refused(gateway: StartGateway) -> None:
    """Connection refused is a 502 in the API's shape."""
    gw = await gateway(upstream_url=f"http://127.0.0.1:{closed_port()}")
    status, _, raw = await post(gw, OPENAI, GOOD_OPENAI)
    assert status == 502
    assert_openai_error(json.loads(raw), "upstream_error")
    status, _, raw = await post(gw, ANTHROPIC, GOOD_ANTHROPIC)
    assert status == 502
    assert_anthropic_error(json.loads(raw), "api_error")


async def test_upstream_timeout(fake: FakeUpstream, gateway: StartGateway) -> None:
    """No first byte within the timeout is a 504."""
    gw = await gateway(timeouts={"connect": 1, "first_byte": 0.3, "idle": 0.3})
    fake.script.append(Reply("hang"))
    status, _, raw = await post(gw, OPENAI, GOOD_OPENAI)
    assert status == 504
    assert_openai_error(json.loads(raw), "upstream_timeout")


async def test_upstream_idle_timeout_mid_stream(fake: FakeUpstream, gateway: StartGateway
                                                ) -> None:
    """A stream that stalls longer than the idle timeout ends with an error event."""
    gw = await gateway(timeouts={"connect": 1, "first_byte": 5, "idle": 0.3})
    raw = (RECORDED / "openai_chat_stream_text.sse").read_bytes()
    fake.script.append(Reply("sse", raw, chunk=400, delay=1.0))
    status, _, body = await post(gw, OPENAI, GOOD_OPENAI)
    assert status == 200
    last = events_of(body)[-1].json()
    assert_openai_error(last, "upstream_timeout")


@pytest.mark.parametrize(("upstream_status", "status"), [(500, 502), (503, 503), (429, 429)])
async def test_upstream_error_status(
    fake: FakeUpstream, gateway: StartGateway, upstream_status: int, status: int
) -> None:
    """An upstream error status reaches the client in the API's shape."""
    gw = await gateway()
    fake.script.append(Reply("json", b"<html>oops</html>", status=upstream_status,
                             content_type="text/html"))
    got, content_type, raw = await post(gw, ANTHROPIC, GOOD_ANTHROPIC)
    assert got == status and content_type == "application/json"
    assert json.loads(raw)["type"] == "error"


@pytest.mark.parametrize("name", ["openai_chat_error_401_invalid_api_key_stream_request",
                                  "openai_chat_error_404_model_not_found"])
async def test_upstream_error_body_passes_through(
    fake: FakeUpstream, gateway: StartGateway, name: str
) -> None:
    """A provider's own error body (already in the API's shape) keeps status and body."""
    gw = await gateway()
    recorded = (RECORDED / f"{name}.response.json").read_bytes()
    status = int(name.split("_")[3])
    fake.script.append(Reply("json", recorded, status=status))
    got, _, raw = await post(gw, OPENAI, GOOD_OPENAI)
    assert got == status
    assert json.loads(raw) == json.loads(recorded)


@pytest.mark.parametrize(("path", "name", "body"), [
    (OPENAI, "openai_chat_stream_text.sse", GOOD_OPENAI),
    (ANTHROPIC, "anthropic_messages_stream_text.sse", GOOD_ANTHROPIC),
])
async def test_stream_cut_mid_way(
    fake: FakeUpstream, gateway: StartGateway, path: str, name: str, body: bytes
) -> None:
    """A stream the upstream drops half-way ends with the API's error event."""
    gw = await gateway()
    raw = (RECORDED / name).read_bytes()
    fake.script.append(Reply("cut", raw, chunk=50, cut_at=len(raw) // 2))
    status, content_type, out = await post(gw, path, body)
    assert status == 200 and content_type == "text/event-stream"
    last = events_of(out)[-1]
    if path == OPENAI:
        assert_openai_error(last.json(), "upstream_error")
    else:
        assert last.event == "error"
        assert_anthropic_error(last.json(), "api_error")


@pytest.mark.parametrize("garbage", [
    b"data: {not json\n\n",
    b'data: {"choices":[{"index":"zero","delta":{}}]}\n\n',
    b"data: \xff\xfe\n\n",
])
async def test_malformed_sse(fake: FakeUpstream, gateway: StartGateway, garbage: bytes) -> None:
    """Malformed SSE from the upstream ends the stream with an error event."""
    gw = await gateway()
    fake.script.append(Reply.sse(garbage + b"data: [DONE]\n\n"))
    status, _, out = await post(gw, OPENAI, GOOD_OPENAI)
    assert status == 200
    events = events_of(out)
    assert len(events) == 1
    assert_openai_error(events[0].json(), "upstream_protocol_error")


async def test_malformed_json_body_from_upstream(fake: FakeUpstream, gateway: StartGateway
                                                 ) -> None:
    """A non-streamed body that does not parse is a 502, not a relay."""
    gw = await gateway()
    fake.script.append(Reply("json", b'{"choices": [', status=200))
    status, _, raw = await post(gw, OPENAI, GOOD_OPENAI)
    assert status == 502
    assert_openai_error(json.loads(raw), "upstream_protocol_error")


async def test_tiers_inject_keys_and_relink_policy(fake: FakeUpstream, gateway: StartGateway
                                                   ) -> None:
    """Gateway keys never reach the upstream; the masked tier gets placeholders back."""
    gw = await gateway()
    body = b'{"model":"m","messages":[{"role":"user","content":"mail jane.doe@example.com"}]}'
    reply = {"id": "x", "object": "chat.completion", "created": 1, "model": "m",
             "choices": [{"index": 0, "finish_reason": "stop",
                          "message": {"role": "assistant", "content": "to [EMAIL_1]"}}]}
    fake.script.extend([Reply.json_body(reply), Reply.json_body(reply)])
    status, _, relinked = await post(gw, "/relinked/v1/chat/completions", body,
                                     Authorization="Bearer gw-trusted-key")
    assert status == 200
    assert b"to jane.doe@example.com" in relinked
    status, _, masked = await post(gw, "/masked/v1/chat/completions", body,
                                   **{"x-api-key": "gw-vendor-key"})
    assert status == 200
    assert b"to [EMAIL_1]" in masked
    for request in fake.received:
        assert request.path == OPENAI
        assert request.headers["Authorization"] == f"Bearer {PROVIDER_KEY}"
        assert "gw-" not in str(request.headers)
        assert b"jane.doe" not in request.body
    # Passthrough upstream: the client's provider key is relayed as is.
    fake.script.append(Reply.json_body(reply))
    await post(gw, OPENAI, body, Authorization="Bearer sk-client-own")
    assert fake.received[-1].headers["Authorization"] == "Bearer sk-client-own"
    assert PROMPT not in str(fake.received)


class _Broken:
    """A detector that fails the way a crashed model server would."""

    name = "regex"
    labels = frozenset({"EMAIL"})

    async def detect(self, texts: Any) -> Any:
        """Fail with an error whose message holds user text (it must not be echoed)."""
        raise RuntimeError(f"model crashed on {texts[0][:20]}")


def _break_detector(*, slow: bool) -> Callable[[Any], None]:
    """A before_start hook swapping the regex detector of every route for a failing one."""
    from pipelines.chain import Chain
    from proxy.app import _COMPILED
    from tests.conftest import PatternDetector

    def hook(app: Any) -> None:
        compiled = app[_COMPILED]
        detector: Any = (PatternDetector("regex", "EMAIL", "x", delay=2.0) if slow
                         else _Broken())
        for path, (chain, policy) in list(compiled.items()):
            compiled[path] = (Chain([detector], timeouts={"regex": 0.05},
                                    fail_open=chain._fail_open, on_skip=chain._on_skip),
                              policy)

    return hook


@pytest.mark.parametrize(("slow", "status", "code"), [
    (False, 502, "detector_failed"), (True, 503, "detector_timeout"),
])
async def test_detector_failure_refuses_and_forwards_nothing(
    fake: FakeUpstream, gateway: StartGateway, slow: bool, status: int, code: str
) -> None:
    """Fail closed: a detector error or timeout refuses the request, nothing forwarded."""
    gw = await gateway(before_start=_break_detector(slow=slow))
    got, _, raw = await post(gw, OPENAI, prompt_body())
    assert got == status
    payload = json.loads(raw)
    assert_openai_error(payload, code)
    assert "jane" not in raw.decode()
    assert fake.received == []


async def test_fail_open_route_forwards_and_warns(fake: FakeUpstream, gateway: StartGateway
                                                  ) -> None:
    """A route that lists the detector in fail_open forwards without its findings."""
    from structlog.testing import capture_logs

    gw = await gateway(before_start=_break_detector(slow=False), fail_open=True)
    fake.script.append(Reply.json_body({"choices": []}))
    with capture_logs() as logs:
        got, _, _ = await post(gw, OPENAI, prompt_body())
    assert got == 200 and len(fake.received) == 1
    assert any(entry["event"] == "detector_skipped" and entry["log_level"] == "warning"
               for entry in logs)


def prompt_body() -> bytes:
    """A small request carrying one seeded value."""
    return json.dumps({"model": "m", "messages": [
        {"role": "user", "content": "write to jane.doe@example.com"}]}).encode()


async def test_gzip_request_body_is_accepted(fake: FakeUpstream, gateway: StartGateway) -> None:
    """A gzip-encoded request body is decoded, sanitised and re-sent uncompressed."""
    import gzip

    gw = await gateway()
    fake.script.append(Reply.json_body({"choices": []}))
    status, _, _ = await post(gw, OPENAI, gzip.compress(prompt_body()),
                              **{"Content-Encoding": "gzip"})
    assert status == 200
    (received,) = fake.received
    assert "Content-Encoding" not in received.headers
    assert b"[EMAIL_1]" in received.body and b"jane.doe" not in received.body


class _BuggyFilter:
    """A filter with a bug: it raises an unexpected error holding reply text."""

    def feed(self, text: str) -> str:
        """Fail."""
        raise ValueError(f"bug near {text}")

    def close(self) -> str:
        """Never reached."""
        return ""


class _BuggyPolicy:
    """A policy whose filters are buggy."""

    def factory_for(self, vault: Any) -> Any:
        """Buggy channels."""
        return lambda json_string: _BuggyFilter()


async def test_unexpected_failure_mid_stream_fails_closed(
    fake: FakeUpstream, gateway: StartGateway
) -> None:
    """A bug after streaming started ends the stream with an internal error event."""
    from proxy.app import _COMPILED

    def hook(app: Any) -> None:
        compiled = app[_COMPILED]
        for path, (chain, _) in list(compiled.items()):
            compiled[path] = (chain, _BuggyPolicy())

    gw = await gateway(before_start=hook)
    fake.script.append(Reply.recorded("openai_chat_stream_text.sse"))
    status, _, out = await post(gw, OPENAI, GOOD_OPENAI)
    assert status == 200
    last = events_of(out)[-1]
    assert_openai_error(last.json(), "internal_error")
    assert b"bug near" not in out
