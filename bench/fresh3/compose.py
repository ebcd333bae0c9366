"""Assembling labelled payloads: templates with slots, spans, and the completeness check.

A frame writes its texts from templates whose slots (``⟨name⟩``) are filled with plain
strings, gold values (:class:`E`), hard negatives (:class:`N`) or fragments (lists of
those).  Offsets are computed while the text is assembled, so a span always points at its
value.  :meth:`Doc.finish` then refuses a payload in which a gold value also occurs
somewhere unlabelled, spans overlap, or a negative overlaps a gold value; the generator
then draws the payload again from the next seed.
"""

from __future__ import annotations

import itertools
import json
import re
import textwrap
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeAlias


@dataclass(frozen=True, slots=True)
class E:
    """A gold value and its label."""

    value: str
    label: str


@dataclass(frozen=True, slots=True)
class N:
    """A hard negative and its kind."""

    value: str
    kind: str


def PER(value: str) -> E:
    """A person's name."""
    return E(value, "PERSON")


def ORG(value: str) -> E:
    """An organisation's name."""
    return E(value, "ORGANIZATION")


def ADDR(value: str) -> E:
    """A postal address."""
    return E(value, "ADDRESS")


def DOB(value: str) -> E:
    """A date of birth."""
    return E(value, "DATE_OF_BIRTH")


def MAIL(value: str) -> E:
    """An e-mail address."""
    return E(value, "EMAIL")


def TEL(value: str) -> E:
    """A phone number."""
    return E(value, "PHONE")


def KEY(value: str) -> E:
    """A credential, secret, token or password."""
    return E(value, "API_KEY")


def IP(value: str) -> E:
    """An IP address."""
    return E(value, "IP_ADDRESS")


Piece: TypeAlias = "str | E | N"
Frag: TypeAlias = "list[str | E | N]"
Slot: TypeAlias = "str | E | N | Sequence[str | E | N]"

SLOT_RE = re.compile(r"⟨(\w+)⟩")


class Rejected(Exception):
    """A payload that failed the completeness check (the generator redraws it)."""


def render(template: str, slots: Mapping[str, Slot]) -> Frag:
    """``template`` with each ``⟨name⟩`` replaced by its slot, as a fragment.

    A template starting with a newline and indentation is dedented and the newline
    dropped, so frames can be written as indented triple-quoted strings.
    """
    if template.startswith(("\n ", "\n\t")):
        template = textwrap.dedent(template[1:])
    out: Frag = []
    pos = 0
    for m in SLOT_RE.finditer(template):
        out.append(template[pos : m.start()])
        value = slots[m.group(1)]
        if isinstance(value, str | E | N):
            out.append(value)
        else:
            out.extend(value)
        pos = m.end()
    out.append(template[pos:])
    unused = set(slots) - set(SLOT_RE.findall(template))
    if unused:
        raise KeyError(f"unused slots {sorted(unused)}")
    return out


def cat(*parts: Slot) -> Frag:
    """Concatenate slots into one fragment."""
    out: Frag = []
    for p in parts:
        if isinstance(p, str | E | N):
            out.append(p)
        else:
            out.extend(p)
    return out


def join(sep: str, items: Sequence[Slot]) -> Frag:
    """``sep.join`` over slots."""
    out: Frag = []
    for i, item in enumerate(items):
        if i:
            out.append(sep)
        out.extend(cat(item))
    return out


def trim(frag: Slot) -> Frag:
    """The fragment without trailing whitespace (a dedented block's last newline)."""
    out = cat(frag)
    while out and isinstance(out[-1], str) and not out[-1].strip():
        out.pop()
    if out and isinstance(out[-1], str):
        out[-1] = out[-1].rstrip()
    return out


def plain(frag: Slot) -> str:
    """The text of a fragment, labels dropped."""
    return "".join(p if isinstance(p, str) else p.value for p in cat(frag))


def map_text(frag: Slot, fn: Any) -> Frag:
    """Apply ``fn`` (str -> str) to the plain parts only (for case or quoting changes)."""
    return [fn(p) if isinstance(p, str) else p for p in cat(frag)]


# ---- JSON with labelled leaves --------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Cat:
    """A JSON string value made of several pieces (``"call ⟨phone⟩ after 5"``)."""

    parts: tuple[str | E | N, ...]


def _escape(text: str, ascii_only: bool) -> str:
    return json.dumps(text, ensure_ascii=ascii_only)[1:-1]


def _relabel(piece: str | E | N, ascii_only: bool) -> str | E | N:
    if isinstance(piece, E):
        return E(_escape(piece.value, ascii_only), piece.label)
    if isinstance(piece, N):
        return N(_escape(piece.value, ascii_only), piece.kind)
    return _escape(piece, ascii_only)


def json_frag(
    obj: Any,
    indent: int | None = 2,
    ascii_only: bool = False,
    separators: tuple[str, str] | None = None,
) -> Frag:
    """``json.dumps(obj)`` as a fragment: :class:`E`/:class:`N`/:class:`Cat` leaves keep
    their labels, on their JSON-escaped text (a PEM's newlines become ``\\n``)."""
    table: list[list[str | E | N]] = []

    def walk(node: Any) -> Any:
        if isinstance(node, E | N):
            table.append([_relabel(node, ascii_only)])
            return f"\ue000{len(table) - 1}\ue001"
        if isinstance(node, Cat):
            table.append([_relabel(p, ascii_only) for p in node.parts])
            return f"\ue000{len(table) - 1}\ue001"
        if isinstance(node, dict):
            return {k: walk(v) for k, v in node.items()}
        if isinstance(node, list | tuple):
            return [walk(v) for v in node]
        return node

    text = json.dumps(walk(obj), indent=indent, ensure_ascii=False, separators=separators)
    if ascii_only:
        # escape the plain text the way ensure_ascii would, keeping the sentinels
        text = "".join(
            c if ord(c) < 128 or "\ue000" <= c <= "\ue001" else json.dumps(c)[1:-1] for c in text
        )
    out: Frag = []
    pos = 0
    for m in re.finditer("\ue000(\\d+)\ue001", text):
        out.append(text[pos : m.start()])
        out.extend(table[int(m.group(1))])
        pos = m.end()
    out.append(text[pos:])
    return out


# ---- the document ------------------------------------------------------------------------


def _glued(text: str, start: int, end: int) -> bool:
    value = text[start:end]
    left = value[0].isalnum() and start > 0 and text[start - 1].isalnum()
    right = value[-1].isalnum() and end < len(text) and text[end].isalnum()
    return left or right


class Doc:
    """The texts of one payload and their spans."""

    def __init__(self, keep_negatives: bool = True) -> None:
        self.keep_negatives = keep_negatives
        self.texts: list[str] = []
        self.entities: list[dict[str, Any]] = []
        self.negatives: list[dict[str, Any]] = []

    def add(self, *parts: Slot) -> int:
        """Append a text assembled from ``parts``; return its index."""
        index = len(self.texts)
        buf: list[str] = []
        pos = 0
        for piece in cat(*parts):
            if isinstance(piece, N) and not self.keep_negatives:
                piece = piece.value
            if isinstance(piece, str):
                buf.append(piece)
                pos += len(piece)
                continue
            if not piece.value:
                raise ValueError("empty value")
            end = pos + len(piece.value)
            if isinstance(piece, E):
                self.entities.append(
                    {
                        "text": index,
                        "start": pos,
                        "end": end,
                        "label": piece.label,
                        "value": piece.value,
                    }
                )
            else:
                self.negatives.append(
                    {
                        "text": index,
                        "start": pos,
                        "end": end,
                        "kind": piece.kind,
                        "value": piece.value,
                    }
                )
            buf.append(piece.value)
            pos = end
        self.texts.append("".join(buf))
        return index

    def fill(self, template: str, /, **slots: Slot) -> int:
        """Append ``render(template, slots)`` as a new text."""
        return self.add(render(template, slots))

    def finish(self) -> None:
        """Refuse the payload unless every occurrence of every gold value is labelled."""
        by_text: dict[int, list[tuple[int, int]]] = {}
        for ent in self.entities:
            by_text.setdefault(ent["text"], []).append((ent["start"], ent["end"]))
        for spans in by_text.values():
            spans.sort()
            for (_, a_end), (b_start, _) in itertools.pairwise(spans):
                if b_start < a_end:
                    raise Rejected("overlapping gold spans")
        for neg in self.negatives:
            for start, end in by_text.get(neg["text"], []):
                if start < neg["end"] and neg["start"] < end:
                    raise Rejected("a negative overlaps a gold value")
        values = {ent["value"] for ent in self.entities}
        neg_values = {neg["value"] for neg in self.negatives}
        if values & neg_values:
            raise Rejected("a value is both gold and negative")
        for value in values:
            if len(value.strip()) < 2:
                raise Rejected("tiny gold value")
            for t, text in enumerate(self.texts):
                spans = by_text.get(t, [])
                start = text.find(value)
                while start != -1:
                    end = start + len(value)
                    if not _glued(text, start, end) and not any(
                        s <= start and end <= e for s, e in spans
                    ):
                        raise Rejected("a gold value also occurs unlabelled")
                    start = text.find(value, start + 1)
        for neg in self.negatives:
            for value in values:
                # nor may a negative contain a gold value
                if len(value) > 3 and value in neg["value"]:
                    raise Rejected("a negative contains a gold value")
