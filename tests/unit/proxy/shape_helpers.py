"""Test helpers for the API shape modules: stand-in egress filters and stream replays."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from pathlib import Path

from pipelines.errors import EgressRefused
from proxy.shapes import JSON, FilterFactory, Slot, StreamRewriter, TextFilter
from proxy.spec import Node
from proxy.sse import Event, SSEDecoder
from proxy.walk import walk

RECORDED = Path(__file__).resolve().parents[2] / "fixtures" / "recorded"


def slots_of(spec: Node) -> Callable[[dict[str, JSON]], list[Slot]]:
    """``request_slots(body)`` for one request spec: the walk's text slots."""

    def request_slots(body: dict[str, JSON]) -> list[Slot]:
        return walk(spec, body).slots

    return request_slots


def signed_of(spec: Node) -> Callable[[dict[str, JSON]], list[str]]:
    """``signed_texts(body)`` for one request spec: the texts of its signed checks."""

    def signed_texts(body: dict[str, JSON]) -> list[str]:
        return [check.text for check in walk(spec, body).checks if check.signed]

    return signed_texts


class Replace:
    """A filter that holds everything until close and then replaces ``old`` with ``new``.

    Holding everything is the worst case for flush ordering: every byte of a channel
    comes out only when the channel closes.
    """

    def __init__(self, mapping: dict[str, str], json_string: bool, *, hold: bool = True) -> None:
        self.mapping = mapping
        self.json_string = json_string
        self.hold = hold
        self.buffer: list[str] = []

    def _apply(self, text: str) -> str:
        for old, new in self.mapping.items():
            text = text.replace(old, json.dumps(new)[1:-1] if self.json_string else new)
        return text

    def feed(self, text: str) -> str:
        """Hold (or pass with replacement when not holding)."""
        if not self.hold:
            return self._apply(text)
        self.buffer.append(text)
        return ""

    def close(self) -> str:
        """Release the whole channel, replaced."""
        out = self._apply("".join(self.buffer))
        self.buffer = []
        return out


class Refuse:
    """A filter that refuses as soon as it sees ``trigger``."""

    def __init__(self, trigger: str) -> None:
        self.trigger = trigger
        self.seen = ""

    def feed(self, text: str) -> str:
        """Pass text through until the trigger appears."""
        self.seen += text
        if self.trigger in self.seen:
            raise EgressRefused(16)
        return text

    def close(self) -> str:
        """Nothing held."""
        return ""


class RefuseFactory:
    """Channels that refuse on ``trigger`` (signed ones too)."""

    def __init__(self, trigger: str) -> None:
        self.trigger = trigger

    def __call__(self, json_string: bool, /) -> TextFilter:
        """A refusing channel."""
        return Refuse(self.trigger)

    def signed(self) -> TextFilter:
        """A refusing channel."""
        return Refuse(self.trigger)


class Factory:
    """A channel factory of :class:`Replace` filters; signed channels replace with
    ``signed`` (nothing by default: a signed channel never relinks)."""

    def __init__(self, mapping: dict[str, str], hold: bool, signed: dict[str, str]) -> None:
        self.mapping = mapping
        self.hold = hold
        self.signed_mapping = signed
        self.made: list[Replace] = []

    def __call__(self, json_string: bool, /) -> TextFilter:
        """A text (or JSON-source) channel."""
        channel = Replace(self.mapping, json_string, hold=self.hold)
        self.made.append(channel)
        return channel

    def signed(self) -> TextFilter:
        """A signed channel."""
        channel = Replace(self.signed_mapping, False, hold=self.hold)
        self.made.append(channel)
        return channel


def factory_of(
    mapping: dict[str, str], *, hold: bool = True, signed: dict[str, str] | None = None
) -> tuple[FilterFactory, list[Replace]]:
    """A filter factory and the list of every filter it made (for inspection)."""
    factory = Factory(mapping, hold, signed or {})
    return factory, factory.made


def replay(
    rewriter: StreamRewriter, raw: bytes, size: int, *, batch: bool = True
) -> list[Event]:
    """Feed ``raw`` in ``size``-byte chunks through the rewriter; parse what it emits.

    ``batch``: hand each read's events over together (``on_events``, as the gateway
    does, which merges same-channel text) or one by one (``on_event``).
    """
    decoder = SSEDecoder()
    out: list[bytes] = []

    def take(events: list[Event]) -> None:
        if batch:
            out.extend(rewriter.on_events(events))
        else:
            for event in events:
                out.extend(rewriter.on_event(event))

    for start in range(0, len(raw), size):
        take(decoder.feed(raw[start : start + size]))
    take(decoder.close())
    out.extend(rewriter.finish())
    parsed = SSEDecoder()
    events = parsed.feed(b"".join(out))
    return [*events, *parsed.close()]


def data_events(events: Iterable[Event]) -> list[dict[str, object]]:
    """The JSON payloads of every event with JSON data."""
    out = []
    for event in events:
        if event.data is not None and not event.is_done:
            payload = event.json()
            assert isinstance(payload, dict)
            out.append(payload)
    return out
