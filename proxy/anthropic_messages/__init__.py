"""Anthropic Messages (``POST /v1/messages`` and ``/v1/messages/count_tokens``).

Ingress: the request spec (which strings are text, structure, signed) is
:mod:`proxy.anthropic_messages.request`'s (:data:`REQUEST`).  Egress, whole bodies and
errors are :mod:`proxy.anthropic_messages.stream`'s.
"""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping
from typing import final

from proxy.anthropic_messages.request import PASSTHROUGH_BLOCKS, REQUEST
from proxy.anthropic_messages.stream import AnthropicRewriter, error_body, rewrite_body
from proxy.shapes import JSON, FilterFactory
from proxy.spec import Node

__all__ = ["PASSTHROUGH_BLOCKS", "REQUEST", "AnthropicMessages", "AnthropicRewriter"]


@final
class AnthropicMessages:
    """The ``anthropic_messages`` (and, with ``streams=False``, count_tokens) shape."""

    key_header = "x-api-key"
    request: Node = REQUEST

    def __init__(self, *, count_tokens: bool = False) -> None:
        self.name = "anthropic_count_tokens" if count_tokens else "anthropic_messages"
        self.streams = not count_tokens
        self.upstream_path = "/v1/messages/count_tokens" if count_tokens else "/v1/messages"

    def is_streaming(self, body: Mapping[str, JSON]) -> bool:
        """``stream: true`` (never for count_tokens)."""
        return self.streams and body.get("stream") is True

    def rewriter(self, factory: FilterFactory) -> AnthropicRewriter:
        """A fresh stream rewriter."""
        return AnthropicRewriter(factory)

    def rewrite_body(self, body: MutableMapping[str, JSON], factory: FilterFactory) -> None:
        """See :func:`proxy.anthropic_messages.stream.rewrite_body`."""
        rewrite_body(body, factory)

    def error_body(self, status: int, code: str, message: str) -> dict[str, JSON]:
        """``{"type": "error", "error": {"type", "message"}}``."""
        return error_body(status, code, message)

    def is_error_body(self, body: object) -> bool:
        """``{"type": "error", "error": {...}}``."""
        return (
            isinstance(body, dict)
            and body.get("type") == "error"
            and isinstance(body.get("error"), dict)
        )
