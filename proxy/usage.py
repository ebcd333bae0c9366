"""The provider's token usage, read off a reply for the access log line.

OpenAI chat reports ``usage: {prompt_tokens, completion_tokens}`` in a whole body and,
with ``stream_options.include_usage``, in the last chunk; Anthropic reports
``usage: {input_tokens, output_tokens}`` in a whole body, in ``message_start`` and
(cumulative output) in ``message_delta``.  :class:`Usage` keeps the largest count seen
per field.  Only integers are taken, so nothing a model wrote can reach the log
through here; events that do not mention ``usage`` are not parsed at all.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Final, final

from proxy.sse import Event

__all__ = ["Usage"]

_FIELDS: Final = {
    "prompt_tokens": "input_tokens",
    "completion_tokens": "output_tokens",
    "input_tokens": "input_tokens",
    "output_tokens": "output_tokens",
    "cache_read_input_tokens": "cache_read_tokens",
    "cache_creation_input_tokens": "cache_write_tokens",
}
_MAX: Final = 10**12


@final
@dataclass(slots=True)
class Usage:
    """Token counts of one reply (mutable accumulator, one per request, never hashed)."""

    input_tokens: int | None = None
    output_tokens: int | None = None
    cache_read_tokens: int | None = None
    cache_write_tokens: int | None = None

    def from_body(self, body: object) -> None:
        """Take the counts of a whole JSON reply."""
        if isinstance(body, Mapping):
            self._take(body.get("usage"))

    def from_events(self, events: Iterable[Event]) -> None:
        """Take the counts of streamed events (OpenAI chunks, Anthropic message events)."""
        for event in events:
            data = event.data
            if data is None or '"usage"' not in data:
                continue
            try:
                payload = json.loads(data)
            except ValueError:
                continue  # the rewriter reports malformed events; usage is best effort
            if not isinstance(payload, Mapping):
                continue
            self._take(payload.get("usage"))
            message = payload.get("message")
            if isinstance(message, Mapping):
                self._take(message.get("usage"))

    def _take(self, usage: object) -> None:
        if not isinstance(usage, Mapping):
            return
        for key, field in _FIELDS.items():
            value = usage.get(key)
            if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < _MAX:
                current = getattr(self, field)
                setattr(self, field, value if current is None else max(current, value))

    def fields(self) -> dict[str, int]:
        """The counts known, for the log line."""
        return {name: value for name in ("input_tokens", "output_tokens", "cache_read_tokens",
                                         "cache_write_tokens")
                if (value := getattr(self, name)) is not None}
