"""Property: a Responses stream's every copy of a text equals what the deltas assembled.

Hypothesis builds random replies (messages with several output_text parts, function
calls with JSON arguments, reasoning summaries) out of words, issued placeholders, a
placeholder never issued and a raw secret, cuts each text into random deltas, writes
the event stream the way the API does and feeds it to the rewriter in random byte
chunks.  The oracle is independent of the product: texts are words separated by
spaces, so the expected client text is the word-by-word mapping (issued placeholder →
its value, secret → its mask, anything else kept; in a reasoning summary, the signed
kind, placeholders stay as they are).  Checked: the deltas of each channel
give exactly that; every ``*.done``, ``content_part.done``/``summary_part.done``,
``output_item.done`` and ``response.completed`` copy equals it; no raw secret leaves;
sequence numbers count the events sent.
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pipelines.vault import Vault
from proxy.config import parse_config
from proxy.openai_responses.stream import ResponsesRewriter
from proxy.policies import build_policy
from proxy.sse import SSEDecoder, encode_json_event

EMAIL, PHONE = "jane.doe@example.com", "+1 415 555 0132"
SECRET = "AKIAIOSFODNN7EXAMPLE"
MAPPING = {"[EMAIL_1]": EMAIL, "[PHONE_1]": PHONE, SECRET: "[REDACTED:API_KEY]"}
WORDS = ["hello", "4242.", "naïve", "東京", "—", "[EMAIL_1]", "[PHONE_1]", "[EMAIL_99]",
         SECRET, "[EMAIL", "_1]"]
_CONFIG = parse_config(
    {"upstreams": {"u": {"base_url": "http://127.0.0.1:9"}},
     "routes": [{"path": "/v1/responses", "api": "openai_responses", "upstream": "u",
                 "response": {"redact": ["API_KEY"]}}]},
    source="<test>", base_dir=Path.cwd(), environ={})
_POLICY = build_policy(_CONFIG, _CONFIG.routes[0], {})


def _factory() -> Any:
    vault = Vault()
    assert vault.issue("EMAIL", EMAIL) == "[EMAIL_1]"
    assert vault.issue("PHONE", PHONE) == "[PHONE_1]"
    return _POLICY.factory_for(vault)


def expect(text: str, *, signed: bool = False) -> str:
    """The oracle: each space-separated word mapped on its own (``signed``: only the
    secret is masked, placeholders are not relinked)."""
    mapping = {SECRET: MAPPING[SECRET]} if signed else MAPPING
    return " ".join(mapping.get(word, word) for word in text.split(" "))


texts = st.lists(st.sampled_from(WORDS), min_size=1, max_size=8).map(" ".join)
items = st.lists(
    st.one_of(
        st.tuples(st.just("message"), st.lists(texts, min_size=1, max_size=2)),
        st.tuples(st.just("function_call"), st.lists(texts, min_size=1, max_size=1)),
        st.tuples(st.just("reasoning"), st.lists(texts, min_size=1, max_size=2)),
    ),
    min_size=1, max_size=3,
)


def _cuts(draw: st.DrawFn, text: str) -> list[str]:
    points = sorted(draw(st.sets(st.integers(1, max(1, len(text) - 1)), max_size=6)))
    bounds = [0, *(p for p in points if p < len(text)), len(text)]
    return [text[a:b] for a, b in itertools.pairwise(bounds) if b > a]


@st.composite
def replies(draw: st.DrawFn) -> tuple[bytes, dict[tuple[int, str, int], str]]:
    """A stream and, per channel, the text the client must end up with."""
    events: list[dict[str, Any]] = []
    expected: dict[tuple[int, str, int], str] = {}
    # A provider whose copies disagree with its deltas (the client still gets the
    # deltas' text everywhere), and whose added parts may already carry a first piece.
    lie = draw(st.booleans())
    early = draw(st.booleans())

    def copy(text: str) -> str:
        # Never an extension of the deltas (that is the rest rule, tested on its own).
        return f"differs {SECRET} [EMAIL_1]" if lie else text

    done_items: list[dict[str, Any]] = []
    response: dict[str, Any] = {"id": "resp_1", "object": "response", "status": "in_progress",
                                "output": []}
    events.append({"type": "response.created", "response": response})
    for output, (kind, parts) in enumerate(draw(items)):
        item_id = f"it_{output}"
        if kind == "function_call":
            arguments = json.dumps({"q": parts[0]}, ensure_ascii=False)
            expected[(output, "arguments", -1)] = json.dumps({"q": expect(parts[0])},
                                                             ensure_ascii=False)
            item: dict[str, Any] = {"id": item_id, "type": "function_call",
                                    "call_id": f"call_{output}", "name": "lookup",
                                    "arguments": ""}
            events.append({"type": "response.output_item.added", "output_index": output,
                           "item": item})
            for piece in _cuts(draw, arguments):
                events.append({"type": "response.function_call_arguments.delta",
                               "item_id": item_id, "output_index": output, "delta": piece,
                               "obfuscation": SECRET})
            events.append({"type": "response.function_call_arguments.done",
                           "item_id": item_id, "output_index": output,
                           "arguments": copy(arguments)})
            done = dict(item, arguments=copy(arguments), status="completed")
        else:
            member, field, part_type = (("content", "content_index", "output_text")
                                        if kind == "message"
                                        else ("summary", "summary_index", "summary_text"))
            delta_type = ("response.output_text.delta" if kind == "message"
                          else "response.reasoning_summary_text.delta")
            prefix = "response.content_part" if kind == "message" \
                else "response.reasoning_summary_part"
            text_done = delta_type.replace(".delta", ".done")
            item = {"id": item_id, "type": kind, member: []}
            events.append({"type": "response.output_item.added", "output_index": output,
                           "item": item})
            done_parts = []
            for index, text in enumerate(parts):
                expected[(output, member, index)] = expect(text, signed=kind == "reasoning")
                pieces = _cuts(draw, text)
                first = pieces.pop(0) if early else ""
                events.append({"type": f"{prefix}.added", "item_id": item_id,
                               "output_index": output, field: index,
                               "part": {"type": part_type, "text": first}})
                for piece in pieces:
                    events.append({"type": delta_type, "item_id": item_id,
                                   "output_index": output, field: index, "delta": piece,
                                   "logprobs": [{"token": SECRET}]})
                events.append({"type": text_done, "item_id": item_id, "output_index": output,
                               field: index, "text": copy(text)})
                part = {"type": part_type, "text": copy(text)}
                events.append({"type": f"{prefix}.done", "item_id": item_id,
                               "output_index": output, field: index, "part": part})
                done_parts.append(part)
            done = dict(item, **{member: done_parts})
        events.append({"type": "response.output_item.done", "output_index": output,
                       "item": done})
        done_items.append(done)
    events.append({"type": "response.completed",
                   "response": dict(response, status="completed", output=done_items)})
    raw = b"".join(encode_json_event(dict(event, sequence_number=n), event=event["type"])
                   for n, event in enumerate(events))
    return raw, expected


def _key(event: dict[str, Any]) -> tuple[int, str, int] | None:
    kind = event["type"]
    if kind.startswith("response.function_call_arguments."):
        return (event["output_index"], "arguments", -1)
    if kind.startswith(("response.output_text.", "response.content_part.")):
        return (event["output_index"], "content", event["content_index"])
    if kind.startswith(("response.reasoning_summary_text.", "response.reasoning_summary_part.")):
        return (event["output_index"], "summary", event["summary_index"])
    return None


def _item_texts(output: int, item: dict[str, Any]) -> dict[tuple[int, str, int], str]:
    if item["type"] == "function_call":
        return {(output, "arguments", -1): item["arguments"]}
    member = "content" if item["type"] == "message" else "summary"
    return {(output, member, index): part["text"] for index, part in enumerate(item[member])}


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(reply=replies(), chunk=st.integers(1, 400))
def test_every_copy_equals_the_assembled_deltas(
    reply: tuple[bytes, dict[tuple[int, str, int], str]], chunk: int
) -> None:
    """Deltas give the oracle's text per channel, and every copy repeats it exactly."""
    raw, expected = reply
    rewriter = ResponsesRewriter(_factory())
    decoder = SSEDecoder()
    out: list[bytes] = []
    for start in range(0, len(raw), chunk):
        out.extend(rewriter.on_events(decoder.feed(raw[start : start + chunk])))
    out.extend(rewriter.on_events(decoder.close()))
    out.extend(rewriter.finish())
    sent = b"".join(out)
    assert SECRET.encode() not in sent
    decoded = SSEDecoder()
    events = [json.loads(event.data or "") for event in [*decoded.feed(sent), *decoded.close()]]
    assert [event["sequence_number"] for event in events] == list(range(len(events)))
    deltas: dict[tuple[int, str, int], str] = {}
    copies: list[tuple[tuple[int, str, int], str]] = []
    for event in events:
        kind, key = event["type"], _key(event)
        if kind.endswith(".delta") and key is not None:
            deltas[key] = deltas.get(key, "") + event["delta"]
        elif kind.endswith("_part.added") and key is not None:
            deltas[key] = event["part"]["text"]  # what the client starts from
        elif kind.endswith("_part.done") and key is not None:
            copies.append((key, event["part"]["text"]))
        elif kind.endswith(".done") and key is not None:
            copies.append((key, event.get("text", event.get("arguments"))))
        elif kind == "response.output_item.done":
            copies.extend(_item_texts(event["output_index"], event["item"]).items())
        elif kind == "response.completed":
            for output, item in enumerate(event["response"]["output"]):
                copies.extend(_item_texts(output, item).items())
    assert deltas == expected
    assert len(copies) >= 2 * len(expected)
    for key, text in copies:
        assert text == deltas[key]
