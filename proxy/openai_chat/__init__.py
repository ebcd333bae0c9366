"""OpenAI Chat Completions (``POST /v1/chat/completions``): the ``openai_chat`` shape.

Ingress: which strings are text is :mod:`proxy.openai_chat.request`'s
(:func:`request_slots`).  Egress, whole bodies and errors are
:mod:`proxy.openai_chat.stream`'s.
"""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping
from typing import final

from proxy.openai_chat.request import request_slots
from proxy.openai_chat.stream import OpenAIChatRewriter, error_body, rewrite_body
from proxy.shapes import JSON, FilterFactory, Slot
from proxy.sse import encode_json_event

__all__ = ["OpenAIChat", "OpenAIChatRewriter", "request_slots"]


@final
class OpenAIChat:
    """The ``openai_chat`` API shape."""

    name = "openai_chat"
    key_header = "authorization"
    streams = True
    upstream_path = "/v1/chat/completions"

    def slots(self, body: MutableMapping[str, JSON]) -> list[Slot]:
        """See :func:`request_slots`."""
        return request_slots(body)

    def is_streaming(self, body: Mapping[str, JSON]) -> bool:
        """``stream: true``."""
        return body.get("stream") is True

    def signed_texts(self, body: Mapping[str, JSON]) -> list[str]:
        """None: Chat Completions has no signed content."""
        return []

    def rewriter(self, factory: FilterFactory) -> OpenAIChatRewriter:
        """A fresh stream rewriter."""
        return OpenAIChatRewriter(factory)

    def rewrite_body(self, body: MutableMapping[str, JSON], factory: FilterFactory) -> None:
        """See :func:`proxy.openai_chat.stream.rewrite_body`."""
        rewrite_body(body, factory)

    def error_body(self, status: int, code: str, message: str) -> dict[str, JSON]:
        """``{"error": {"message", "type", "param", "code"}}``."""
        return error_body(status, code, message)

    def error_event(self, status: int, code: str, message: str) -> bytes:
        """A final ``data:`` event carrying the error object."""
        return encode_json_event(error_body(status, code, message))

    def is_error_body(self, body: object) -> bool:
        """``{"error": {...}}``."""
        return isinstance(body, dict) and isinstance(body.get("error"), dict)
