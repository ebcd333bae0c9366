"""OpenAI embeddings (``POST /v1/embeddings``): the ``openai_embeddings`` shape.

``input`` is a string or a list of strings, each sanitised like any prompt text: the
vectors are computed over the placeholder text (``"[PERSON_1] lives in Berlin"``), not
over the values, so two texts that differ only in a value embed alike.  Token arrays
(lists of integers) are refused with a 400: the gateway cannot read them.  ``model``,
``encoding_format`` and ``dimensions`` are structure; ``user`` and unknown fields are
text.  Nothing comes back to relink: the reply's vectors (lists of numbers, or base64
of float32 with ``encoding_format: base64``) are checked to be just that and kept;
every other key and string passes a filter whole.
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Mapping, MutableMapping
from typing import Final, final

from pipelines.errors import RequestError, StreamProtocolError
from proxy.models import filter_free
from proxy.openai_chat.stream import error_body
from proxy.shapes import JSON, FilterFactory, StreamRewriter
from proxy.spec import SCALAR, Items, Node, Obj, Token

__all__ = ["REQUEST", "OpenAIEmbeddings", "rewrite_body", "validate"]

_SCALAR: Final = Token(SCALAR)
REQUEST: Final = Obj(
    {"input": Items(Obj()), "model": _SCALAR, "encoding_format": _SCALAR,
     "dimensions": _SCALAR},
    first=("input",),
)
_BASE64: Final = re.compile(r"[A-Za-z0-9+/]*={0,2}")
_TOKENS: Final = "request refused: input token arrays are not supported, send text"


def validate(body: Mapping[str, JSON]) -> None:
    """``input`` must be a string or a list of strings: token arrays are refused."""
    value = body.get("input")
    if value is None or isinstance(value, str):
        return
    if isinstance(value, list) and all(isinstance(item, str) for item in value):
        return
    raise RequestError(400, "unsupported_input", _TOKENS)


def _check_vector(vector: JSON) -> None:
    if isinstance(vector, list):
        if all(isinstance(x, int | float) and not isinstance(x, bool) for x in vector):
            return
    elif isinstance(vector, str) and _BASE64.fullmatch(vector):
        try:
            raw = base64.b64decode(vector, validate=True)
        except (binascii.Error, ValueError):
            raw = b"\0"
        if len(raw) % 4 == 0:
            return
    raise StreamProtocolError("upstream sent an embedding that is not a vector")


def rewrite_body(body: MutableMapping[str, JSON], factory: FilterFactory) -> None:
    """Vectors checked and kept; every other key and string filtered whole."""
    data = body.get("data")
    vectors: list[JSON] = []
    if isinstance(data, list):
        for entry in data:
            if isinstance(entry, dict) and "embedding" in entry:
                _check_vector(entry["embedding"])
                vectors.append(entry.pop("embedding"))
            else:
                vectors.append(None)
    filter_free(body, factory)
    rewritten = body.get("data")
    if isinstance(rewritten, list):
        for entry, vector in zip(rewritten, vectors, strict=True):
            if isinstance(entry, dict) and vector is not None:
                entry["embedding"] = vector


@final
class OpenAIEmbeddings:
    """The ``openai_embeddings`` API shape."""

    name = "openai_embeddings"
    key_header = "authorization"
    streams = False
    upstream_path = "/v1/embeddings"
    request: Node = REQUEST

    def validate(self, body: Mapping[str, JSON]) -> None:
        """See :func:`validate`."""
        validate(body)

    def is_streaming(self, body: Mapping[str, JSON]) -> bool:
        """Never."""
        return False

    def rewriter(self, factory: FilterFactory) -> StreamRewriter:
        """Embeddings never stream."""
        raise StreamProtocolError("upstream streamed an embeddings reply")

    def rewrite_body(self, body: MutableMapping[str, JSON], factory: FilterFactory) -> None:
        """See :func:`rewrite_body`."""
        rewrite_body(body, factory)

    def error_body(self, status: int, code: str, message: str) -> dict[str, JSON]:
        """``{"error": {...}}``."""
        return error_body(status, code, message)

    def is_error_body(self, body: object) -> bool:
        """``{"error": {...}}``."""
        return isinstance(body, dict) and isinstance(body.get("error"), dict)
