"""What the ``llm_scrubber`` sends and how it reads the answer: pure functions, no I/O.

A scrub of one request's texts is one or more chat-completion calls.  :func:`batches`
cuts the texts into :class:`Piece` s of at most ``max_chars`` characters (a longer
text into overlapping windows) and packs them into calls; :func:`request_body` writes
one call (the system prompt, the pieces as a JSON list in the user message, the JSON
Schema of the answer as ``response_format`` where the server supports it).

:func:`parse_answer` reads a chat-completion response: the message content must be one
JSON object ``{"findings": [{"index", "value", "label"}, ...]}`` (a Markdown code fence
around it is tolerated); anything else is *malformed* and the whole answer is dropped.

:func:`verify` is the one rule that decides what counts: a reported value counts only
where it occurs **verbatim** in the text that was sent, starting and ending at a word
edge (``Ann`` not inside ``Annual``), not overlapping a placeholder, with a label the
detector may report.  A value that occurs nowhere (a hallucination, or a "finding" a
prompt injection asked for that is not in the text), a placeholder or part of one, or a
value without a letter or digit is discarded and counted by reason.  Texts are searched
whole, not per piece, so a window edge never hides an occurrence.
"""

from __future__ import annotations

import bisect
import json
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final, final

from pipelines.placeholders import PLACEHOLDER_RE, find_placeholders
from pipelines.textrules import is_cut

__all__ = [
    "DISCARD_REASONS",
    "MAX_VALUE_CHARS",
    "SCHEMA_NAME",
    "Piece",
    "Reported",
    "Verified",
    "answer_schema",
    "batches",
    "occurrences",
    "parse_answer",
    "placeholder_spans",
    "request_body",
    "verify",
]

# The name of the response_format schema: it also tells the demo upstream that a call
# is a scrubber call (proxy/demo.py).
SCHEMA_NAME: Final = "pseudogate_scrubber_findings"
MAX_VALUE_CHARS: Final = 512
DISCARD_REASONS: Final = ("label", "placeholder", "not_a_value", "not_in_text")
# Windows of a text longer than a call overlap by this much (at most a quarter of
# ``max_chars``), so a value cut by one window edge is whole in the next window.
_OVERLAP: Final = 256


@final
@dataclass(frozen=True, slots=True)
class Piece:
    """``text`` is ``texts[text_index][offset:offset + len(text)]``."""

    text_index: int
    offset: int
    text: str = field(repr=False)


@final
@dataclass(frozen=True, slots=True)
class Reported:
    """One item of an answer: the value the model says is in text ``text_index``."""

    text_index: int
    label: str
    value: str = field(repr=False)


@final
@dataclass(frozen=True, slots=True)
class Verified:
    """A verified finding: ``value`` occurs in text ``text_index`` at every ``spans``.

    ``value`` is the raw text; it never goes into a log, a metric or an audit record
    (``repr`` hides it): only into a session's vault and the opt-in review file.
    """

    text_index: int
    label: str
    value: str = field(repr=False)
    spans: tuple[tuple[int, int], ...]


def _worth_reading(text: str) -> bool:
    """Whether any letter or digit is written out (outside placeholders) in ``text``."""
    rest = PLACEHOLDER_RE.sub("", text) if "[" in text else text
    return any(ch.isalnum() for ch in rest)


def batches(texts: Sequence[str], max_chars: int) -> list[list[Piece]]:
    """The pieces of ``texts`` worth reading, packed into calls of <= ``max_chars``."""
    overlap = min(_OVERLAP, max_chars // 4)
    calls: list[list[Piece]] = []
    current: list[Piece] = []
    size = 0
    for index, text in enumerate(texts):
        if not _worth_reading(text):
            continue
        step = max_chars - overlap
        offset = 0
        while True:
            piece = Piece(index, offset, text[offset:offset + max_chars])
            if size + len(piece.text) > max_chars and current:
                calls.append(current)
                current, size = [], 0
            current.append(piece)
            size += len(piece.text)
            if offset + max_chars >= len(text):
                break
            offset += step
    if current:
        calls.append(current)
    return calls


def answer_schema(labels: Sequence[str]) -> dict[str, object]:
    """The JSON Schema an answer must satisfy (strict-mode compatible)."""
    return {
        "type": "object",
        "properties": {"findings": {"type": "array", "items": {
            "type": "object",
            "properties": {
                "index": {"type": "integer"},
                "value": {"type": "string"},
                "label": {"type": "string", "enum": list(labels)},
            },
            "required": ["index", "value", "label"],
            "additionalProperties": False,
        }}},
        "required": ["findings"],
        "additionalProperties": False,
    }


def request_body(*, model: str, system: str, pieces: Sequence[Piece],
                 schema: Mapping[str, object], response_format: str, temperature: float,
                 max_tokens: int) -> bytes:
    """One chat-completion request for ``pieces`` (numbered 0, 1, ... in the message)."""
    user = json.dumps({"texts": [{"index": i, "text": p.text} for i, p in enumerate(pieces)]},
                      ensure_ascii=False)
    body: dict[str, object] = {
        "model": model,
        "messages": [{"role": "system", "content": system},
                     {"role": "user", "content": user}],
        "temperature": temperature,
        "max_tokens": max_tokens,
        "stream": False,
    }
    if response_format == "json_schema":
        body["response_format"] = {"type": "json_schema", "json_schema": {
            "name": SCHEMA_NAME, "strict": True, "schema": schema}}
    elif response_format == "json_object":
        body["response_format"] = {"type": "json_object"}
    return json.dumps(body, ensure_ascii=False).encode("utf-8")


def _content(raw: bytes) -> str | None:
    try:
        response = json.loads(raw)
        content = response["choices"][0]["message"]["content"]
    except (ValueError, KeyError, IndexError, TypeError):
        return None
    return content if isinstance(content, str) else None


def _unfenced(content: str) -> str:
    text = content.strip()
    if text.startswith("```"):
        text = text[3:]
        text = text[text.find("\n") + 1:] if "\n" in text else ""
        if text.rstrip().endswith("```"):
            text = text.rstrip()[:-3]
    return text


def parse_answer(raw: bytes, pieces: Sequence[Piece]) -> list[Reported] | None:
    """The items of a chat-completion response body, or None if it is malformed.

    Each item's ``index`` names a piece of this call; it is translated to the index
    of the text the piece is from.
    """
    content = _content(raw)
    if content is None:
        return None
    try:
        answer = json.loads(_unfenced(content))
    except ValueError:
        return None
    if not isinstance(answer, dict) or not isinstance(answer.get("findings"), list):
        return None
    reported: list[Reported] = []
    for item in answer["findings"]:
        if not isinstance(item, dict):
            return None
        index, value, label = item.get("index"), item.get("value"), item.get("label")
        if (isinstance(index, bool) or not isinstance(index, int)
                or not 0 <= index < len(pieces)
                or not isinstance(value, str) or not isinstance(label, str)):
            return None
        reported.append(Reported(pieces[index].text_index, label, value))
    return reported


def occurrences(text: str, value: str, blocked: Sequence[tuple[int, int]] | None = None
                ) -> list[tuple[int, int]]:
    """Where ``value`` occurs verbatim in ``text`` at word edges, outside placeholders.

    Left to right, non-overlapping.  An empty ``value`` occurs nowhere.  ``blocked``:
    the placeholder spans of ``text`` (:func:`placeholder_spans`), when the caller
    searches one text for many values.
    """
    if not value:
        return []
    if blocked is None:
        blocked = placeholder_spans(text)
    found: list[tuple[int, int]] = []
    size = len(value)
    at = text.find(value)
    while at != -1:
        end = at + size
        edges = (at == 0 or _cut(text[at - 1], text[at])) and (
            end == len(text) or _cut(text[end - 1], text[end]))
        if edges and not _overlaps(blocked, at, end):
            found.append((at, end))
            at = text.find(value, end)
        else:
            at = text.find(value, at + 1)
    return found


def placeholder_spans(text: str) -> list[tuple[int, int]]:
    """The spans of the placeholder-shaped substrings of ``text``, in order."""
    return [match.span() for match in find_placeholders(text)] if "[" in text else []


def _overlaps(spans: Sequence[tuple[int, int]], start: int, end: int) -> bool:
    """Whether ``[start, end)`` overlaps one of ``spans`` (sorted, not overlapping)."""
    # The last span starting before ``end`` is the only one that can reach into it.
    at = bisect.bisect_left(spans, (end, end)) - 1
    return at >= 0 and spans[at][1] > start


def _cut(left: str, right: str) -> bool:
    """:func:`~pipelines.textrules.is_cut`, without its regex for two ASCII characters."""
    if left.isascii() and right.isascii():
        return not ((left.isalnum() or left == "_") and (right.isalnum() or right == "_"))
    return is_cut(left, right)


def verify(reported: Iterable[Reported], texts: Sequence[str], labels: frozenset[str]
           ) -> tuple[list[Verified], Counter[str]]:
    """The reported items that count (see the module docstring) and the discards by reason.

    One :class:`Verified` per distinct (text, value), in the order first reported; the
    same value reported again (from an overlapping window, or under another label) is
    not counted twice.
    """
    kept: dict[tuple[int, str], Verified] = {}
    discarded: Counter[str] = Counter()
    # Each text's placeholders are found once, however many values are looked up in it.
    blocked: dict[int, list[tuple[int, int]]] = {}
    for item in reported:
        key = (item.text_index, item.value)
        if key in kept:
            continue
        reason = _rejected(item, labels)
        if reason is None:
            text = texts[item.text_index]
            if item.text_index not in blocked:
                blocked[item.text_index] = placeholder_spans(text)
            spans = occurrences(text, item.value, blocked[item.text_index])
            if spans:
                kept[key] = Verified(item.text_index, item.label, item.value, tuple(spans))
                continue
            reason = "not_in_text"
        discarded[reason] += 1
    return list(kept.values()), discarded


def _rejected(item: Reported, labels: frozenset[str]) -> str | None:
    if item.label not in labels:
        return "label"
    value = item.value
    if not value or len(value) > MAX_VALUE_CHARS or not any(ch.isalnum() for ch in value):
        return "not_a_value"
    if "[" in value and next(find_placeholders(value), None) is not None:
        return "placeholder"
    return None
