"""Anthropic Messages requests, declared in the request-spec language.

:data:`REQUEST` is the whole body (see :mod:`proxy.spec` for the nodes, and
:mod:`proxy.walk` for the rules every position shares).  Canonical order (docs/design.md C4):
``system`` (a string or text blocks), then each message's content in order (text,
tool_use ``input`` strings and keys, tool_result content, document text and titles,
string and unknown ``source`` values, citations), then tool definitions (descriptions
and JSON-schema text), then any other member.  Structure exists only at the positions
declared here (``model``, a message's ``role``, a block's ``type``, ids, tool names,
``cache_control``, schema keywords, base64 image/document ``data``, the described
members of ``thinking``/``tool_choice``/...); everything else is free-form text.

Thinking blocks are signed by the provider: their text is never a slot but a signed
check, wherever a block sits.
"""

from __future__ import annotations

from typing import Final

from proxy.schema import JSON_SCHEMA
from proxy.spec import (
    ANY_STRING,
    REFUSE,
    SCALAR,
    Binary,
    Either,
    Items,
    Lazy,
    Node,
    Obj,
    Tagged,
    Token,
)

__all__ = ["PASSTHROUGH_BLOCKS", "REQUEST", "TOOL_USE_KINDS"]

PASSTHROUGH_BLOCKS: Final = frozenset({"thinking", "redacted_thinking"})
TOOL_USE_KINDS: Final = frozenset({"tool_use", "server_tool_use", "mcp_tool_use"})

_SCALAR: Final = Token(SCALAR)
_CACHE_CONTROL: Final = Obj({"type": _SCALAR, "ttl": _SCALAR})
_CITATION: Final = Obj({
    name: _SCALAR
    for name in ("type", "document_index", "start_char_index", "end_char_index",
                 "start_page_number", "end_page_number", "start_block_index",
                 "end_block_index", "search_result_index", "encrypted_index", "file_id")
})
_BLOCKS: Final[Node] = Items(Lazy(lambda: _BLOCK))
_SOURCE: Final = Tagged(
    {
        "base64": Obj({"media_type": _SCALAR, "data": Binary(media="media_type")}),
        "file": Obj({"media_type": _SCALAR, "file_id": _SCALAR}),
        "content": Obj({"media_type": _SCALAR, "content": _BLOCKS}),
    },
    default=Obj({"media_type": _SCALAR}),  # text ``data``, ``url``: text
)
# Members every block may have.
_COMMON: Final = Obj({
    "id": _SCALAR,
    "tool_use_id": _SCALAR,
    "signature": _SCALAR,
    "is_error": _SCALAR,
    "cache_control": _CACHE_CONTROL,
    "citations": Either(Items(_CITATION), Obj({"enabled": _SCALAR})),
    "source": _SOURCE,  # a search_result's string source is text
    "content": _BLOCKS,
})
_SIGNED: Final = Token(ANY_STRING, signed=True)
_BLOCK: Final[Tagged] = Tagged(
    {
        **{kind: _COMMON.extend(name=_SCALAR) for kind in TOOL_USE_KINDS},
        "thinking": Obj({"thinking": _SIGNED, "signature": Token(SCALAR, signed=True)},
                        rest=REFUSE),
        "redacted_thinking": Obj({"data": Token(SCALAR, signed=True)}, rest=REFUSE),
    },
    default=_COMMON,
)
_NAMED: Final = Obj({"type": _SCALAR, "value": _SCALAR})

REQUEST: Final = Obj(
    {
        "system": _BLOCKS,
        "messages": Items(Obj({"role": _SCALAR, "content": _BLOCKS})),
        "tools": Items(Obj({"type": _SCALAR, "name": _SCALAR, "input_schema": JSON_SCHEMA,
                            "cache_control": _CACHE_CONTROL})),
        "model": _SCALAR,
        "max_tokens": _SCALAR,
        "stream": _SCALAR,
        "thinking": Obj({"type": _SCALAR, "budget_tokens": _SCALAR}),
        "tool_choice": Obj({"type": _SCALAR, "name": _SCALAR,
                            "disable_parallel_tool_use": _SCALAR}),
        "service_tier": _SCALAR,
        "container": Either(_SCALAR, Obj({"id": _SCALAR, "skills": Items(Obj({
            "type": _SCALAR, "skill_id": _SCALAR, "version": _SCALAR}))})),
        "context_management": Obj({"edits": Items(Obj({
            "type": _SCALAR, "trigger": _NAMED, "keep": _NAMED, "clear_at_least": _NAMED,
            "clear_tool_inputs": _SCALAR}))}),
        "mcp_servers": Items(Obj({"type": _SCALAR, "name": _SCALAR,
                                  "authorization_token": _SCALAR})),
        "temperature": _SCALAR,
        "top_p": _SCALAR,
        "top_k": _SCALAR,
    },
    first=("system", "messages", "tools"),
)
