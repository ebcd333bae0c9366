"""Property: a hostile Responses stream never gets a planted secret to the client raw.

Hypothesis builds event streams out of known and unknown event types whose members are
random JSON (nested objects and lists, keys included) with a raw secret planted in
strings and keys anywhere: ids, types, unknown members, error messages, the echoed
request in ``response.created``, padding, log probabilities, annotations.  Fed in
random byte chunks, the rewriter either emits bytes that never contain the secret, or
refuses the stream (a protocol error, which the gateway turns into the API's error
event).  Default deny: every byte out passed a filter or was dropped.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pipelines.errors import StreamProtocolError
from pipelines.vault import Vault
from proxy.config import parse_config
from proxy.openai_responses.stream import ResponsesRewriter
from proxy.policies import build_policy
from proxy.sse import SSEDecoder, encode_json_event

SECRET = "AKIAIOSFODNN7EXAMPLE"
_CONFIG = parse_config(
    {"upstreams": {"u": {"base_url": "http://127.0.0.1:9"}},
     "routes": [{"path": "/v1/responses", "api": "openai_responses", "upstream": "u",
                 "response": {"redact": ["API_KEY"]}}]},
    source="<test>", base_dir=Path.cwd(), environ={})
_POLICY = build_policy(_CONFIG, _CONFIG.routes[0], {})
TYPES = ["response.created", "response.in_progress", "response.output_item.added",
         "response.output_item.done", "response.content_part.added",
         "response.content_part.done", "response.output_text.delta",
         "response.output_text.done", "response.function_call_arguments.delta",
         "response.reasoning_summary_part.added", "response.reasoning_summary_text.delta",
         "response.output_text.annotation.added", "response.audio.delta", "error",
         "response.web_search_call.searching", "response.future.event", SECRET]

strings = st.one_of(st.sampled_from(["", "x", "msg_1", "output_text", "message",
                                     f"key {SECRET} here", SECRET]), st.text(max_size=6))
json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-3, 3), strings),
    lambda inner: st.one_of(st.lists(inner, max_size=3),
                            st.dictionaries(strings, inner, max_size=3)),
    max_leaves=12,
)
members = st.dictionaries(
    st.sampled_from(["item_id", "output_index", "content_index", "summary_index", "delta",
                     "text", "arguments", "part", "item", "response", "message", "code",
                     "obfuscation", "logprobs", "annotation", SECRET, "extra"]),
    json_values, max_size=6,
)


@st.composite
def hostile_streams(draw: st.DrawFn) -> bytes:
    """Random events, each with random members, ending with a terminal event or not."""
    events: list[dict[str, Any]] = []
    for number in range(draw(st.integers(1, 6))):
        event = {"type": draw(st.sampled_from(TYPES)), **draw(members),
                 "sequence_number": number}
        if draw(st.booleans()):
            event["output_index"] = draw(st.integers(0, 1))
        events.append(event)
    if draw(st.booleans()):
        events.append({"type": "response.completed", "response": draw(json_values)})
    return b"".join(encode_json_event(event) for event in events)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(raw=hostile_streams(), chunk=st.integers(1, 300))
def test_no_planted_secret_reaches_the_client(raw: bytes, chunk: int) -> None:
    """Whatever the upstream sends, the bytes out hold no raw secret (or it refused)."""
    vault = Vault()
    vault.issue("EMAIL", "jane.doe@example.com")
    rewriter = ResponsesRewriter(_POLICY.factory_for(vault))
    decoder = SSEDecoder()
    out: list[bytes] = []
    try:
        for start in range(0, len(raw), chunk):
            out.extend(rewriter.on_events(decoder.feed(raw[start : start + chunk])))
        out.extend(rewriter.on_events(decoder.close()))
        out.extend(rewriter.finish())
    except StreamProtocolError:
        pass  # refused: the gateway ends the stream with the API's error event
    sent = b"".join(out)
    assert SECRET.encode() not in sent
    parsed = SSEDecoder()
    for event in [*parsed.feed(sent), *parsed.close()]:
        if event.data is not None:
            payload = json.loads(event.data)
            assert isinstance(payload, dict) and isinstance(payload.get("sequence_number"), int)
