"""Span bookkeeping for the fresh6 set: inline markers in templates, payload assembly.

A template is plain text with ``«key»`` markers; :func:`fill` replaces each marker by a
:class:`Piece` (an entity, a hard negative or plain text) and records the exact span of
every entity and negative.  :func:`assemble` turns the filled texts into one JSONL
payload, labels every further occurrence of a gold value and rejects overlaps.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Built", "E", "N", "Piece", "Retry", "assemble", "fill"]

_MARK = re.compile(r"«(\w+)»")


class Retry(Exception):
    """The drawn values collide (a repeat overlaps another span): draw again."""


@dataclass(frozen=True, slots=True)
class E:
    """A gold entity to be inserted into a template."""

    label: str
    value: str


@dataclass(frozen=True, slots=True)
class N:
    """A hard negative to be inserted into a template."""

    kind: str
    value: str


Piece = E | N | str


@dataclass(slots=True)
class Built:
    """One filled text and the spans of the entities and negatives in it."""

    text: str
    entities: list[tuple[int, int, str, str]] = field(default_factory=list)
    negatives: list[tuple[int, int, str, str]] = field(default_factory=list)


def fill(template: str, **values: Piece) -> Built:
    """Replace every ``«key»`` in ``template`` by ``values[key]``, recording spans."""
    out: list[str] = []
    built = Built("")
    pos = 0
    cursor = 0
    for match in _MARK.finditer(template):
        literal = template[cursor : match.start()]
        out.append(literal)
        pos += len(literal)
        piece = values[match.group(1)]
        if isinstance(piece, E):
            built.entities.append((pos, pos + len(piece.value), piece.label, piece.value))
            text = piece.value
        elif isinstance(piece, N):
            built.negatives.append((pos, pos + len(piece.value), piece.kind, piece.value))
            text = piece.value
        else:
            text = piece
        out.append(text)
        pos += len(text)
        cursor = match.end()
    out.append(template[cursor:])
    built.text = "".join(out)
    return built


def _glued(text: str, start: int, end: int) -> bool:
    left = text[start].isalnum() and start > 0 and text[start - 1].isalnum()
    right = text[end - 1].isalnum() and end < len(text) and text[end].isalnum()
    return left or right


def assemble(
    pid: str, lang: str, locale: str, frame: str, kind: str, texts: list[Built]
) -> dict[str, Any]:
    """One payload: label repeats of gold values, check that no two spans overlap."""
    values = {(value, label) for b in texts for (_, _, label, value) in b.entities}
    for built in texts:
        for value, label in sorted(values):
            start = built.text.find(value)
            while start != -1:
                end = start + len(value)
                if not _glued(built.text, start, end):
                    inside = any(s <= start and end <= e for s, e, _, _ in built.entities)
                    if not inside:
                        clash = any(
                            s < end and start < e for s, e, _, _ in built.entities + built.negatives
                        )
                        if clash:
                            raise Retry(frame)
                        built.entities.append((start, end, label, value))
                start = built.text.find(value, start + 1)
        spans = sorted(
            [(s, e) for s, e, _, _ in built.entities] + [(s, e) for s, e, _, _ in built.negatives]
        )
        for (_, e1), (s2, _) in itertools.pairwise(spans):
            if s2 < e1:
                raise Retry(frame)
    entities = [
        {"text": i, "start": s, "end": e, "label": label, "value": v}
        for i, b in enumerate(texts)
        for s, e, label, v in sorted(b.entities)
    ]
    negatives = [
        {"text": i, "start": s, "end": e, "kind": k, "value": v}
        for i, b in enumerate(texts)
        for s, e, k, v in sorted(b.negatives)
    ]
    return {
        "id": pid,
        "lang": lang,
        "kind": kind,
        "locale": locale,
        "frame": frame,
        "texts": [b.text for b in texts],
        "entities": entities,
        "negatives": negatives,
    }
