"""Bodiless operations on a route's sub-resources: stored responses, models.

A route serves its path with ``POST`` (the API's own request); some APIs also have
resources under it, addressed by an id in the path:

======================  ==============================================  ============
``api``                 requests                                        upstream
======================  ==============================================  ============
``openai_responses``    ``GET``/``DELETE`` ``P/{id}``,                  ``/v1/responses/...``
                        ``GET P/{id}/input_items``, ``POST P/{id}/cancel``
``openai_models``       ``GET P``, ``GET P/{model}``                     ``/v1/models/...``
``anthropic_models``    ``GET P``, ``GET P/{model}``                     ``/v1/models/...``
======================  ==============================================  ============

:func:`operation` decides what a request is, or refuses it.  Nothing the client sends
is forwarded unchecked: the id in the path must be one token of the provider's id
alphabet, and only the query parameters the operation names are relayed, each with a
token value; the gateway then runs the route's detectors over the id and the values
and refuses the request if one holds a sensitive value (the message names the field,
never the value).  ``stream=true`` on a stored response is refused: the gateway
numbers the events it sends, so a stream cannot be resumed through it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final, final
from urllib.parse import quote

from multidict import MultiMapping

from pipelines.errors import RequestError

__all__ = ["RESOURCE_APIS", "Operation", "operation"]

# Provider ids and model names: ``resp_...``, ``gpt-4o-2024-08-06``, ``ft:gpt-4o:org::id``.
_ID: Final = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.:-]{0,255}")
_VALUE: Final = re.compile(r"[A-Za-z0-9_.:,-]{1,256}")
_RESPONSE_QUERY: Final = frozenset({"include", "include[]", "include_obfuscation", "stream",
                                    "starting_after"})
_ITEMS_QUERY: Final = frozenset({"after", "before", "limit", "order", "include", "include[]"})
_ANTHROPIC_LIST_QUERY: Final = frozenset({"after_id", "before_id", "limit"})
_OPENAI_LIST_QUERY: Final = frozenset[str]()


@final
@dataclass(frozen=True, slots=True)
class Operation:
    """One bodiless request as the gateway forwards it.

    ``checked`` are the client strings that go upstream (the id, query values), for the
    detectors; ``vault_id`` names the response whose session relinks the reply.
    """

    method: str
    path: str
    query: tuple[tuple[str, str], ...]
    checked: tuple[tuple[str, str], ...]
    vault_id: str | None = None


def _models(base: str, method: str, parts: list[str], query: MultiMapping[str],
            names: frozenset[str]) -> Operation:
    if method != "GET" or len(parts) > 1:
        raise RequestError(405, "method_not_allowed", "models accept GET only")
    path = base if not parts else f"{base}/{quote(parts[0], safe='')}"
    kept = _query(query, names)
    checked = (*((("model", parts[0]),) if parts else ()), *kept)
    return Operation("GET", path, kept, checked)


def _responses(base: str, method: str, parts: list[str], query: MultiMapping[str]
               ) -> Operation:
    ident = parts[0]
    path = f"{base}/{quote(ident, safe='')}"
    rest = parts[1:]
    if rest == [] and method in ("GET", "DELETE"):
        if query.get("stream", "false").lower() not in ("false", "0"):
            raise RequestError(400, "stream_not_supported",
                               "streaming a stored response is not supported by the gateway")
        kept = _query(query, _RESPONSE_QUERY - {"stream", "starting_after"}) \
            if method == "GET" else ()
        return Operation(method, path, kept, (("response_id", ident), *kept), ident)
    if rest == ["input_items"] and method == "GET":
        kept = _query(query, _ITEMS_QUERY)
        return Operation(method, path + "/input_items", kept, (("response_id", ident), *kept),
                         ident)
    if rest == ["cancel"] and method == "POST":
        return Operation(method, path + "/cancel", (), (("response_id", ident),), ident)
    raise RequestError(405, "method_not_allowed", "not an operation on a stored response")


def _query(query: MultiMapping[str], names: frozenset[str]) -> tuple[tuple[str, str], ...]:
    kept: list[tuple[str, str]] = []
    for name, value in query.items():
        if name not in names:
            continue  # unknown parameters are dropped, as on every route
        if not _VALUE.fullmatch(value):
            raise RequestError(400, "invalid_query", f"query parameter {name} is not a token")
        kept.append((name, value))
    return tuple(kept)


# The APIs with resources, and the upstream base path of each.
RESOURCE_APIS: Final[Mapping[str, str]] = {
    "openai_responses": "/v1/responses",
    "openai_models": "/v1/models",
    "anthropic_models": "/v1/models",
}


def operation(api: str, method: str, tail: str, query: MultiMapping[str]) -> Operation:
    """The operation ``method`` on ``route path + tail`` names, or a RequestError.

    ``tail`` is empty or starts with ``/``; the route's own path with ``POST`` is not an
    operation (the caller handles it).
    """
    base = RESOURCE_APIS.get(api)
    if base is None:
        raise RequestError(404, "unknown_route", "no route is configured for this path")
    parts = tail.split("/")[1:] if tail else []
    if any(not _ID.fullmatch(part) for part in parts[:1]):
        raise RequestError(400, "invalid_id", "the id in the path is not a valid id")
    if api == "openai_responses":
        if not parts:
            raise RequestError(405, "method_not_allowed", "this route accepts POST only")
        return _responses(base, method, parts, query)
    names = _ANTHROPIC_LIST_QUERY if api == "anthropic_models" else _OPENAI_LIST_QUERY
    return _models(base, method, parts, query, names)
