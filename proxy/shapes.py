"""What every API shape module shares: the shape protocol, slots, egress channels.

Ingress: a shape declares its request body in the request-spec language
(:mod:`proxy.spec`, :attr:`ApiShape.request`); the one interpreter (:mod:`proxy.walk`)
finds every string the upstream will see: *slots* (text to sanitise, in the canonical
order of docs/design.md C4; :mod:`proxy.slots`, re-exported here) and *checks* (structure and
signed content forwarded unchanged, which must pass the detectors).  The handler reads
the texts, runs the chain over all of them at once and writes the results back.

Egress works on *channels*: one :class:`TextFilter` per text stream of the reply (a
choice's content, a tool call's arguments, a content block's text), created by a
:data:`FilterFactory` so the shape modules never see the vault or the policy.
"""

from __future__ import annotations

import json
import json.decoder
import json.scanner
from collections.abc import (
    Callable,
    Mapping,
    MutableMapping,
    Sequence,
)
from typing import Final, Protocol, final

from pipelines.vault import Vault
from proxy.slots import (
    JSON,
    NUMBER_SLOT_MIN,
    Context,
    Slot,
    SlotKind,
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
    "NUMBER_SLOT_MIN",
    "PROBE",
    "ApiShape",
    "Context",
    "FilterFactory",
    "FilterPolicy",
    "Slot",
    "SlotKind",
    "StreamRewriter",
    "StringTemplate",
    "TextFilter",
    "dumps",
    "filter_strings",
    "filter_whole",
    "read_contexts",
    "read_slots",
    "require_mapping",
    "walk_generic",
    "write_slots",
]

# One encoder for every body: ``json.dumps`` with options builds a new one per call.
_ENCODE: Final = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
# typeshed types the argument as a scanner; at run time any decoder-like object works.
_SCAN_ONCE: Final = json.scanner.make_scanner(json.JSONDecoder())  # type: ignore[arg-type]
# ``scanstring(text, after_quote) -> (value, end)``: C when available, as json uses it.
_SCAN_STRING: Final[Callable[[str, int], tuple[str, int]]] = (
    json.decoder.scanstring  # type: ignore[attr-defined]  # typeshed omits it
)
# A string no provider sends (Unicode noncharacters), put in a template to check it.
PROBE: Final = "\ufdd0pseudogate\ufdd1"
_PROBE_LITERAL: Final = _ENCODE(PROBE)


class TextFilter(Protocol):
    """One egress channel: the sans-IO filter of docs/design.md C5."""

    def feed(self, text: str) -> str:
        """Filter one chunk; return what is settled."""
        ...

    def close(self) -> str:
        """End of the channel; return the held tail."""
        ...


# ``factory(json_string)``: a fresh filter for one channel; ``json_string`` is True for
# channels whose text is JSON source (tool-call arguments, ``partial_json``).
FilterFactory = Callable[[bool], TextFilter]


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
        """Filter every text channel of a non-streamed reply in place."""
        ...

    def error_body(self, status: int, code: str, message: str) -> dict[str, JSON]:
        """The API's JSON error body."""
        ...

    def error_event(self, status: int, code: str, message: str) -> bytes:
        """The API's in-stream error event."""
        ...

    def is_error_body(self, body: object) -> bool:
        """Whether an upstream JSON body is an error in this API's shape."""
        ...


def dumps(body: object) -> bytes:
    """Compact JSON with raw UTF-8, the way the gateway sends every body it rewrote."""
    return _ENCODE(body).encode("utf-8")


def filter_whole(factory: FilterFactory, text: str, *, json_string: bool = False) -> str:
    """Run ``text`` through a fresh channel in one feed (non-streamed bodies)."""
    channel = factory(json_string)
    return channel.feed(text) + channel.close()


def filter_strings(
    value: JSON, factory: FilterFactory, *, skip: frozenset[str] = frozenset()
) -> JSON:
    """``value`` with every string run through a fresh text channel (whole bodies).

    For reply data outside the text channels (citations, tool results, non-empty tool
    inputs at a block's start): keys in ``skip`` (ids, types, opaque blobs) are kept.
    """
    if isinstance(value, str):
        return filter_whole(factory, value)
    if isinstance(value, list):
        return [filter_strings(item, factory, skip=skip) for item in value]
    if isinstance(value, dict):
        return {
            key: item if key in skip else filter_strings(item, factory, skip=skip)
            for key, item in value.items()
        }
    return value


@final
class StringTemplate:
    """Recognises JSON texts equal to a learnt one except for one string value.

    A provider streams many chunks that differ only in their text (``{...,"delta":
    {"content":"the "},...}``).  Once one chunk's text literal is located, a later chunk
    that has the same bytes before it and after it and exactly one string literal in
    between parses, by the JSON grammar, to the same object with that one string
    changed: its text is read with the decoder's ``scanstring`` instead of a whole parse
    and a walk.  Anything else (:meth:`match` returns None) takes the general path.
    """

    __slots__ = ("_prefix", "_start", "_suffix", "_tail")

    def __init__(self, prefix: str, suffix: str) -> None:
        self._prefix = prefix
        self._suffix = suffix
        self._start = len(prefix)
        self._tail = len(suffix)

    @classmethod
    def learn(
        cls, data: str, value: str, check: Callable[[object], bool]
    ) -> StringTemplate | None:
        """The template of ``data`` around the literal of ``value``, or None.

        ``value`` must be written the way the gateway writes JSON (compact, raw UTF-8)
        for its literal to be found; the first occurrence is taken.  ``check`` receives
        ``data`` parsed with :data:`PROBE` in place of that literal and must confirm the
        probe landed where the caller reads the text (not in an id that happened to be
        equal), so a wrong template is never kept.
        """
        literal = _ENCODE(value)
        at = data.find(literal)
        if at < 0:
            return None
        prefix, suffix = data[:at], data[at + len(literal) :]
        probe = prefix + _PROBE_LITERAL + suffix
        try:
            parsed, end = _SCAN_ONCE(probe, 0)
        except (StopIteration, ValueError, RecursionError):
            return None
        if end != len(probe) or not check(parsed):
            return None
        return cls(prefix, suffix)

    def fill(self, value: str) -> str:
        """The learnt JSON text with ``value`` as its string (the rest byte for byte)."""
        return self._prefix + _ENCODE(value) + self._suffix

    def match(self, data: str | None) -> str | None:
        """The string value of ``data`` if it fits the template, else None."""
        if (
            data is None
            or len(data) < self._start + self._tail + 2
            or not data.startswith(self._prefix)
            or not data.endswith(self._suffix)
            or data[self._start] != '"'
        ):
            return None
        try:
            value, end = _SCAN_STRING(data, self._start + 1)
        except ValueError:
            return None
        return value if end == len(data) - self._tail else None
