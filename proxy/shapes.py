"""What every API shape module shares: the shape protocol, slots, egress channels.

Ingress: a shape declares its request body in the request-spec language
(:mod:`proxy.spec`, :attr:`ApiShape.request`); the one interpreter (:mod:`proxy.walk`)
finds every string the upstream will see: *slots* (text to sanitise, in the canonical
order of docs/design.md C4; :mod:`proxy.slots`, re-exported here) and *checks* (structure and
signed content forwarded unchanged, which must pass the detectors).  The handler reads
the texts, runs the chain over all of them at once and writes the results back.

Egress works on *channels*: one :class:`TextFilter` per text stream of the reply (a
choice's content, a tool call's arguments, a content block's text), created by a
:class:`FilterFactory` so the shape modules never see the vault or the policy.
Everything else a reply carries goes through :mod:`proxy.replies` (default deny).
"""

from __future__ import annotations

import json
from collections.abc import (
    Mapping,
    MutableMapping,
    Sequence,
)
from typing import Final, Protocol

from pipelines.vault import Vault
from proxy.slots import (
    JSON,
    NUMBER_SLOT_DIGITS,
    Context,
    Slot,
    SlotKind,
    long_number,
    read_contexts,
    read_slots,
    require_mapping,
    walk_generic,
    write_slots,
)
from proxy.spec import Node
from proxy.sse import Event

__all__ = [
    "JSON",
    "NUMBER_SLOT_DIGITS",
    "ApiShape",
    "Context",
    "FilterFactory",
    "FilterPolicy",
    "Slot",
    "SlotKind",
    "StreamRewriter",
    "TextFilter",
    "dumps",
    "filter_whole",
    "long_number",
    "read_contexts",
    "read_slots",
    "require_mapping",
    "walk_generic",
    "write_slots",
]

# One encoder for every body: ``json.dumps`` with options builds a new one per call.
_ENCODE: Final = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
# filter_whole feeds longer texts in slices of this many characters.
_WHOLE_SLICE: Final = 4096


class TextFilter(Protocol):
    """One egress channel: the sans-IO filter of docs/design.md C5."""

    def feed(self, text: str) -> str:
        """Filter one chunk; return what is settled."""
        ...

    def close(self) -> str:
        """End of the channel; return the held tail."""
        ...


class FilterFactory(Protocol):
    """Fresh channel filters for one reply (the shape modules never see the vault).

    ``factory(json_string)`` is a text channel; ``json_string`` is True for channels
    whose text is JSON source (tool-call arguments, ``partial_json``).
    ``factory.signed()`` is a channel for text the provider signed and that must come
    back unchanged to stay valid (Anthropic thinking): it masks what the route redacts
    (output patterns, known values, the provider key, raw vault values when the route
    does not relink) but never relinks a placeholder.
    """

    def __call__(self, json_string: bool, /) -> TextFilter:
        """A fresh text channel."""
        ...

    def signed(self) -> TextFilter:
        """A fresh channel for signed text: redacts, never relinks."""
        ...


class FilterPolicy(Protocol):
    """A route's compiled egress policy: gives each request its channel factory."""

    def factory_for(self, vault: Vault) -> FilterFactory:
        """Channel filters that relink/redact for the values in ``vault``."""
        ...


class StreamRewriter(Protocol):
    """Routes the events of one streamed reply through per-channel filters."""

    def on_event(self, event: Event) -> list[bytes]:
        """Bytes to send the client for one upstream event, in order."""
        ...

    def on_events(self, events: Sequence[Event]) -> list[bytes]:
        """Bytes for the events of one upstream read (may merge same-channel text)."""
        ...

    def finish(self) -> list[bytes]:
        """Bytes to send at upstream EOF; raises StreamProtocolError if it was cut."""
        ...

    def error_event(self, status: int, code: str, message: str) -> bytes:
        """The API's in-stream error event that ends this stream (in its numbering,
        for an API whose events are numbered)."""
        ...


class ApiShape(Protocol):
    """One provider API: how to find its texts, rewrite its replies, shape its errors."""

    name: str
    key_header: str
    streams: bool
    upstream_path: str
    # The request body in the spec language: which strings are text, structure, signed.
    request: Node

    def is_streaming(self, body: Mapping[str, JSON]) -> bool:
        """Whether the client asked for an event stream."""
        ...

    def rewriter(self, factory: FilterFactory) -> StreamRewriter:
        """A stream rewriter for one reply."""
        ...

    def rewrite_body(self, body: MutableMapping[str, JSON], factory: FilterFactory) -> None:
        """Filter a non-streamed reply in place: its channels and every other string
        (default deny, :mod:`proxy.replies`)."""
        ...

    def error_body(self, status: int, code: str, message: str) -> dict[str, JSON]:
        """The API's JSON error body."""
        ...

    def is_error_body(self, body: object) -> bool:
        """Whether an upstream JSON body is an error in this API's shape."""
        ...


def dumps(body: object) -> bytes:
    """Compact JSON with raw UTF-8, the way the gateway sends every body it rewrote."""
    return _ENCODE(body).encode("utf-8")


def filter_whole(factory: FilterFactory, text: str, *, json_string: bool = False) -> str:
    """Run ``text`` through a fresh channel (non-streamed bodies, strings outside channels).

    A long text is fed in slices: by chunking invariance (DESIGN C5) the output is the
    same as one feed, and the filter's work per feed stays bounded.
    """
    channel = factory(json_string)
    if len(text) <= _WHOLE_SLICE:
        return channel.feed(text) + channel.close()
    parts = [channel.feed(text[at : at + _WHOLE_SLICE])
             for at in range(0, len(text), _WHOLE_SLICE)]
    parts.append(channel.close())
    return "".join(parts)
