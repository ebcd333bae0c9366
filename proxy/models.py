"""Model lists (`GET /v1/models`, `/v1/models/{model}`): `openai_models`, `anthropic_models`.

Passed through with the route's auth and key injection; the request has no body and
the reply carries no text the client wrote, but it is still the provider's bytes: every
key and string of the JSON body passes a filter whole (default deny), numbers are kept.
The two APIs answer the same path; a route of each may share it, and a request carrying
``anthropic-version`` (the Anthropic SDK always sends it) takes the Anthropic one.
"""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping
from typing import Final, final

from pipelines.errors import StreamProtocolError
from proxy.anthropic_messages.stream import error_body as anthropic_error_body
from proxy.openai_chat.stream import error_body as openai_error_body
from proxy.openai_responses.copies import Copier
from proxy.shapes import JSON, FilterFactory, StreamRewriter
from proxy.spec import Node, Obj

__all__ = ["AnthropicModels", "OpenAIModels", "filter_free"]

_ANTHROPIC: Final = "anthropic_models"


def filter_free(body: MutableMapping[str, JSON], factory: FilterFactory) -> None:
    """Every key and string of ``body`` through a fresh filter, in place."""
    rewritten = Copier(factory).free(dict(body))
    assert isinstance(rewritten, dict)
    body.clear()
    body.update(rewritten)


class _Models:
    """What both model-list shapes share: no body, no stream, a filtered JSON reply."""

    name: str
    key_header: str
    streams = False
    upstream_path = "/v1/models"
    request: Node = Obj()  # never read: these routes take no body

    def is_streaming(self, body: Mapping[str, JSON]) -> bool:
        """Never."""
        return False

    def rewriter(self, factory: FilterFactory) -> StreamRewriter:
        """Model lists never stream."""
        raise StreamProtocolError("upstream streamed a model list")

    def rewrite_body(self, body: MutableMapping[str, JSON], factory: FilterFactory) -> None:
        """See :func:`filter_free`."""
        filter_free(body, factory)


@final
class OpenAIModels(_Models):
    """``openai_models``: OpenAI's errors, the client key as a bearer token."""

    name = "openai_models"
    key_header = "authorization"

    def error_body(self, status: int, code: str, message: str) -> dict[str, JSON]:
        """``{"error": {...}}``."""
        return openai_error_body(status, code, message)

    def is_error_body(self, body: object) -> bool:
        """``{"error": {...}}``."""
        return isinstance(body, dict) and isinstance(body.get("error"), dict)


@final
class AnthropicModels(_Models):
    """``anthropic_models``: Anthropic's errors, the key in ``x-api-key``."""

    name = _ANTHROPIC
    key_header = "x-api-key"

    def error_body(self, status: int, code: str, message: str) -> dict[str, JSON]:
        """``{"type": "error", "error": {...}}``."""
        return anthropic_error_body(status, code, message)

    def is_error_body(self, body: object) -> bool:
        """``{"type": "error", "error": {...}}``."""
        return isinstance(body, dict) and body.get("type") == "error" and \
            isinstance(body.get("error"), dict)
