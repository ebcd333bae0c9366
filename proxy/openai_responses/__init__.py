"""OpenAI Responses (``POST /v1/responses``, stored responses): ``openai_responses``.

Ingress: the request spec (which strings are text, structure, signed: reasoning
summaries next to ``encrypted_content``) is :mod:`proxy.openai_responses.request`'s.
Egress: one channel per streamed text position and the copy rule
(:mod:`proxy.openai_responses.copies`), the stream rewriter, whole bodies and errors
(:mod:`proxy.openai_responses.stream`).
Follow-ups (``previous_response_id``) need the vault of the response they continue:
:mod:`proxy.openai_responses.sessions`.
"""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping
from typing import final

from proxy.openai_responses.request import REQUEST, validate
from proxy.openai_responses.stream import (
    ResponsesRewriter,
    error_body,
    rewrite_body,
)
from proxy.shapes import JSON, FilterFactory
from proxy.spec import Node

__all__ = ["REQUEST", "OpenAIResponses", "ResponsesRewriter"]


@final
class OpenAIResponses:
    """The ``openai_responses`` API shape."""

    name = "openai_responses"
    key_header = "authorization"
    streams = True
    upstream_path = "/v1/responses"
    request: Node = REQUEST

    def validate(self, body: Mapping[str, JSON]) -> None:
        """See :func:`proxy.openai_responses.request.validate`."""
        validate(body)

    def is_streaming(self, body: Mapping[str, JSON]) -> bool:
        """``stream: true``."""
        return body.get("stream") is True

    def rewriter(self, factory: FilterFactory) -> ResponsesRewriter:
        """A fresh stream rewriter."""
        return ResponsesRewriter(factory)

    def rewrite_body(self, body: MutableMapping[str, JSON], factory: FilterFactory) -> None:
        """See :func:`proxy.openai_responses.stream.rewrite_body`."""
        rewrite_body(body, factory)

    def error_body(self, status: int, code: str, message: str) -> dict[str, JSON]:
        """``{"error": {"message", "type", "param", "code"}}``."""
        return error_body(status, code, message)

    def is_error_body(self, body: object) -> bool:
        """``{"error": {...}}``."""
        return isinstance(body, dict) and isinstance(body.get("error"), dict)
