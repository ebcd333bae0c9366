"""Responses API transcripts for the e2e tests: respelled recordings and what SDK clients saw.

:func:`respell` takes a recorded Responses stream and replaces each channel's text (the
concatenated deltas of one output position) by ``splice(key, text)``, emitted ``piece``
characters per delta event where the channel's first delta was; every whole copy of the
old text in the other events (``*.done``, parts, items, the completed response) is
replaced by the new one, so the transcript stays self-consistent as a provider's would
be.  Sequence numbers are renumbered.  This module reads the wire format on its own
(event types and members as the SDK types define them), independently of the gateway.

:func:`reasoning_transcript` derives a reasoning stream from the recorded text stream: no
recorded reasoning stream is available, so a ``reasoning`` output item with one summary
part is put before the recorded message, built from the event shapes of the SDK's
``types/responses`` (``response.reasoning_summary_*``).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any, Final

from proxy.sse import SSEDecoder, encode_json_event

__all__ = [
    "DELTA_KINDS",
    "Key",
    "client_copies",
    "client_deltas",
    "reasoning_transcript",
    "respell",
    "transcript_channels",
]

# (output_index, delta event type, content/summary index or -1)
Key = tuple[int, str, int]
DELTA_KINDS: Final = (
    "response.output_text.delta",
    "response.refusal.delta",
    "response.function_call_arguments.delta",
    "response.reasoning_summary_text.delta",
)


def _payloads(raw: bytes) -> list[dict[str, Any]]:
    decoder = SSEDecoder()
    events = [*decoder.feed(raw), *decoder.close()]
    out = []
    for event in events:
        if event.data is not None:
            payload = json.loads(event.data)
            assert isinstance(payload, dict)
            out.append(payload)
    return out


def _key(payload: dict[str, Any]) -> Key | None:
    kind = payload.get("type")
    if kind not in DELTA_KINDS:
        return None
    index = payload.get("content_index", payload.get("summary_index", -1))
    return (payload["output_index"], kind, index)


def transcript_channels(raw: bytes) -> dict[Key, str]:
    """The whole text of each channel of a transcript (its deltas joined)."""
    texts: dict[Key, str] = {}
    for payload in _payloads(raw):
        key = _key(payload)
        if key is not None:
            texts[key] = texts.get(key, "") + payload["delta"]
    return texts


def _replace(value: Any, table: dict[str, str]) -> Any:
    if isinstance(value, str):
        return table.get(value, value)
    if isinstance(value, list):
        return [_replace(item, table) for item in value]
    if isinstance(value, dict):
        return {key: _replace(item, table) for key, item in value.items()}
    return value


def respell(raw: bytes, splice: Callable[[Key, str], str], piece: int = 1) -> bytes:
    """``raw`` with each channel's text replaced by ``splice(key, text)`` (module doc)."""
    old = transcript_channels(raw)
    new = {key: splice(key, text) for key, text in old.items()}
    table = {old[key]: new[key] for key in old if old[key]}
    out: list[dict[str, Any]] = []
    started: set[Key] = set()
    for payload in _payloads(raw):
        key = _key(payload)
        if key is None:
            out.append(_replace(payload, table))
            continue
        if key in started:
            continue
        started.add(key)
        text = new[key]
        for start in range(0, len(text), piece):
            out.append(dict(payload, delta=text[start : start + piece]))
    for number, payload in enumerate(out):
        payload["sequence_number"] = number
    return b"".join(encode_json_event(payload, event=payload["type"]) for payload in out)


def reasoning_transcript(text_raw: bytes, summary: str) -> bytes:
    """The recorded text stream with a reasoning item (one summary part) before it."""
    payloads = _payloads(text_raw)
    head = [p for p in payloads if p["type"] in ("response.created", "response.in_progress")]
    rest = [p for p in payloads if p not in head]
    item_id = "rs_0360bd45725b0a010068f966a5d1b08195b0b5e0d7f1c2a3b4"
    blob = "gAAAAABo-Wak" + "Q" * 64
    item = {"id": item_id, "type": "reasoning", "summary": []}
    part = {"type": "summary_text", "text": ""}
    done_part = {"type": "summary_text", "text": summary}
    done_item = {"id": item_id, "type": "reasoning", "encrypted_content": blob,
                 "summary": [done_part]}
    reasoning: list[dict[str, Any]] = [
        {"type": "response.output_item.added", "output_index": 0, "item": item},
        {"type": "response.reasoning_summary_part.added", "item_id": item_id,
         "output_index": 0, "summary_index": 0, "part": part},
        *({"type": "response.reasoning_summary_text.delta", "item_id": item_id,
           "output_index": 0, "summary_index": 0, "delta": summary[i : i + 7],
           "obfuscation": "x"} for i in range(0, len(summary), 7)),
        {"type": "response.reasoning_summary_text.done", "item_id": item_id,
         "output_index": 0, "summary_index": 0, "text": summary},
        {"type": "response.reasoning_summary_part.done", "item_id": item_id,
         "output_index": 0, "summary_index": 0, "part": done_part},
        {"type": "response.output_item.done", "output_index": 0, "item": done_item},
    ]
    for payload in rest:
        if "output_index" in payload:
            payload["output_index"] += 1
        if payload["type"] == "response.completed":
            payload["response"]["output"].insert(0, done_item)
    out = [*head, *reasoning, *rest]
    for number, payload in enumerate(out):
        payload["sequence_number"] = number
    return b"".join(encode_json_event(payload, event=payload["type"]) for payload in out)


# -- what an SDK client saw --------------------------------------------------------------


def client_deltas(events: list[Any]) -> dict[Key, str]:
    """Per channel, the text an SDK client assembled from delta events."""
    texts: dict[Key, str] = {}
    for event in events:
        if event.type in DELTA_KINDS:
            index = getattr(event, "content_index", getattr(event, "summary_index", -1))
            key = (event.output_index, event.type, index)
            texts[key] = texts.get(key, "") + event.delta
    return texts


def _item_copies(output_index: int, item: Any) -> Iterator[tuple[Key, str]]:
    if item.type == "message":
        for index, part in enumerate(item.content):
            if part.type == "output_text":
                yield (output_index, "response.output_text.delta", index), part.text
            elif part.type == "refusal":
                yield (output_index, "response.refusal.delta", index), part.refusal
    elif item.type == "function_call":
        yield (output_index, "response.function_call_arguments.delta", -1), item.arguments
    elif item.type == "reasoning":
        for index, part in enumerate(item.summary):
            yield (output_index, "response.reasoning_summary_text.delta", index), part.text


def client_copies(events: list[Any]) -> list[tuple[str, Key, str]]:
    """Every whole copy of a channel's text an SDK client received: (where, key, text)."""
    copies: list[tuple[str, Key, str]] = []
    for event in events:
        kind = event.type
        if kind == "response.output_text.done":
            copies.append((kind, (event.output_index, "response.output_text.delta",
                                  event.content_index), event.text))
        elif kind == "response.function_call_arguments.done":
            copies.append((kind, (event.output_index,
                                  "response.function_call_arguments.delta", -1),
                           event.arguments))
        elif kind == "response.reasoning_summary_text.done":
            copies.append((kind, (event.output_index,
                                  "response.reasoning_summary_text.delta",
                                  event.summary_index), event.text))
        elif kind == "response.content_part.done" and event.part.type == "output_text":
            copies.append((kind, (event.output_index, "response.output_text.delta",
                                  event.content_index), event.part.text))
        elif kind == "response.reasoning_summary_part.done":
            copies.append((kind, (event.output_index,
                                  "response.reasoning_summary_text.delta",
                                  event.summary_index), event.part.text))
        elif kind == "response.output_item.done":
            copies.extend((kind, key, text)
                          for key, text in _item_copies(event.output_index, event.item))
        elif kind == "response.completed":
            for position, item in enumerate(event.response.output):
                copies.extend((kind, key, text) for key, text in _item_copies(position, item))
    return copies
