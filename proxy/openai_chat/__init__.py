"""OpenAI Chat Completions (``POST /v1/chat/completions``): the ``openai_chat`` shape.

Ingress: the request spec is :mod:`proxy.openai_chat.request`'s (:data:`REQUEST`).
Egress, whole bodies and errors are :mod:`proxy.openai_chat.stream`'s.
"""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping
from typing import final

from proxy.openai_chat.request import REQUEST
from proxy.openai_chat.stream import OpenAIChatRewriter, error_body, rewrite_body
from proxy.shapes import JSON, FilterFactory
from proxy.spec import Node

__all__ = ["REQUEST", "OpenAIChat", "OpenAIChatRewriter"]


@final
class OpenAIChat:
    """The ``openai_chat`` API shape."""

    name = "openai_chat"
    key_header = "authorization"
    streams = True
    upstream_path = "/v1/chat/completions"
    request: Node = REQUEST

    def is_streaming(self, body: Mapping[str, JSON]) -> bool:
        """``stream: true``."""
        return body.get("stream") is True

    def rewriter(self, factory: FilterFactory) -> OpenAIChatRewriter:
        """A fresh stream rewriter."""
        return OpenAIChatRewriter(factory)

    def rewrite_body(self, body: MutableMapping[str, JSON], factory: FilterFactory) -> None:
        """See :func:`proxy.openai_chat.stream.rewrite_body`."""
        rewrite_body(body, factory)

    def error_body(self, status: int, code: str, message: str) -> dict[str, JSON]:
        """``{"error": {"message", "type", "param", "code"}}``."""
        return error_body(status, code, message)

    def is_error_body(self, body: object) -> bool:
        """``{"error": {...}}``."""
        return isinstance(body, dict) and isinstance(body.get("error"), dict)
