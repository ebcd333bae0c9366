"""Anthropic Messages requests, declared in the request-spec language.

:data:`REQUEST` is the whole body (see :mod:`proxy.spec` for the nodes, and
:mod:`proxy.walk` for the rules every position shares).  Canonical order (docs/design.md C4):
``system`` (a string or text blocks), then each message's content in order (text,
tool_use ``input`` strings and keys, tool_result content, document text and titles,
string and unknown ``source`` values, citations), then tool definitions (descriptions
and JSON-schema text), then any other member.  Structure exists only at the positions
declared here, each with its grammar (``model``, a message's ``role``, a block's
``type``, ids, tool names, ``cache_control``, schema keywords, base64 ``data``, the
members of ``thinking``/``tool_choice``/...); everything else is free-form text.

Thinking blocks are signed by the provider: wherever a block sits (a message, a tool
result, a document's content, ``system``), ``thinking`` and ``redacted_thinking``
blocks are signed checks, their signature and data must be opaque base64, and any
member they do not define refuses the request.
"""

from __future__ import annotations

from typing import Final

from proxy.schema import JSON_SCHEMA
from proxy.spec import (
    ANY_STRING,
    BOOLEAN,
    FREE,
    ID,
    INTEGER,
    MEDIA_TYPE,
    MODEL,
    NAME,
    NUMBER,
    OPAQUE,
    REFUSE,
    Binary,
    Either,
    Items,
    Lazy,
    Node,
    Obj,
    Tagged,
    Token,
    enum,
    pattern,
)

__all__ = ["PASSTHROUGH_BLOCKS", "REQUEST", "TOOL_USE_KINDS"]

PASSTHROUGH_BLOCKS: Final = frozenset({"thinking", "redacted_thinking"})
TOOL_USE_KINDS: Final = frozenset({"tool_use", "server_tool_use", "mcp_tool_use"})

_ID: Final = Token(ID)
_NAME: Final = Token(NAME)
_BOOLEAN: Final = Token(BOOLEAN)
_INTEGER: Final = Token(INTEGER)
_CACHE_CONTROL: Final = Obj({"type": Token(enum("ephemeral")), "ttl": Token(enum("5m", "1h"))})
_CITATION: Final = Obj({
    "cited_text": FREE, "document_title": FREE, "url": FREE, "title": FREE, "source": FREE,
    "encrypted_index": FREE, "file_id": _ID,
    **{name: _INTEGER for name in (
        "document_index", "start_char_index", "end_char_index", "start_page_number",
        "end_page_number", "start_block_index", "end_block_index", "search_result_index")},
})
_BLOCKS: Final[Node] = Items(Lazy(lambda: _BLOCK))  # a string is text
_SOURCE: Final = Tagged({
    "base64": Obj({"media_type": Token(MEDIA_TYPE), "data": Binary(media="media_type")}),
    "text": Obj({"media_type": Token(MEDIA_TYPE), "data": FREE}),
    "url": Obj({"url": FREE}),
    "file": Obj({"file_id": _ID}),
    "content": Obj({"content": _BLOCKS}),
})
_TOOL_USE: Final = Obj({"id": _ID, "name": _NAME, "input": FREE, "cache_control": _CACHE_CONTROL})
_TOOL_RESULT: Final = Obj({
    "tool_use_id": _ID, "content": _BLOCKS, "is_error": _BOOLEAN, "cache_control": _CACHE_CONTROL,
})
_ENABLED: Final = Obj({"enabled": _BOOLEAN})
_BLOCK: Final[Tagged] = Tagged(
    {
        "text": Obj({"text": FREE, "citations": Items(_CITATION),
                     "cache_control": _CACHE_CONTROL}),
        "image": Obj({"source": _SOURCE, "cache_control": _CACHE_CONTROL}),
        "document": Obj({"source": _SOURCE, "title": FREE, "context": FREE,
                         "citations": _ENABLED, "cache_control": _CACHE_CONTROL}),
        "search_result": Obj({"source": FREE, "title": FREE, "content": _BLOCKS,
                              "citations": _ENABLED, "cache_control": _CACHE_CONTROL}),
        "tool_use": _TOOL_USE,
        "server_tool_use": _TOOL_USE,
        "mcp_tool_use": _TOOL_USE.extend(server_name=_NAME),
        "tool_result": _TOOL_RESULT,
        "mcp_tool_result": _TOOL_RESULT,
        "container_upload": Obj({"file_id": _ID, "cache_control": _CACHE_CONTROL}),
        # Signed: checked (check detectors and vault), never rewritten.
        "thinking": Obj({"thinking": Token(ANY_STRING, signed=True),
                         "signature": Token(OPAQUE, signed=True),
                         "cache_control": _CACHE_CONTROL}, rest=REFUSE),
        "redacted_thinking": Obj({"data": Token(OPAQUE, signed=True),
                                  "cache_control": _CACHE_CONTROL}, rest=REFUSE),
    },
    # Server tool results and blocks this spec does not know: ids are ids, the rest
    # (results, URLs, encrypted contents) is text.
    default=Obj({"id": _ID, "tool_use_id": _ID, "cache_control": _CACHE_CONTROL,
                 "content": _BLOCKS}),
)
_TOOL: Final = Tagged(
    {"custom": Obj({"name": _NAME, "description": FREE, "input_schema": JSON_SCHEMA,
                    "cache_control": _CACHE_CONTROL})},
    # Server tools (``web_search_20250305``, ``bash_20250124``, ...): a name, options.
    default=Obj({"name": _NAME, "cache_control": _CACHE_CONTROL}),
    missing=Obj({"name": _NAME, "description": FREE, "input_schema": JSON_SCHEMA,
                 "cache_control": _CACHE_CONTROL}),
)
_PARALLEL: Final = Obj({"disable_parallel_tool_use": _BOOLEAN})
_AMOUNT: Final = Tagged({}, default=Obj({"value": _INTEGER}))

REQUEST: Final = Obj(
    {
        "system": _BLOCKS,
        "messages": Items(Obj({"role": Token(enum("user", "assistant")), "content": _BLOCKS})),
        "tools": Items(_TOOL),
        "model": Token(MODEL),
        "max_tokens": _INTEGER,
        "stream": _BOOLEAN,
        "temperature": Token(NUMBER),
        "top_p": Token(NUMBER),
        "top_k": _INTEGER,
        "thinking": Tagged({"enabled": Obj({"budget_tokens": _INTEGER}), "disabled": Obj()}),
        "tool_choice": Tagged({
            "auto": _PARALLEL, "any": _PARALLEL, "none": Obj(),
            "tool": _PARALLEL.extend(name=_NAME),
        }),
        "service_tier": Token(enum("auto", "standard_only")),
        "container": Either(_ID, Obj({"id": _ID, "skills": Items(Obj({
            "type": Token(enum("anthropic", "custom")), "skill_id": _ID,
            "version": Token(pattern(r"[A-Za-z0-9_.-]{1,64}", "a version")),
        }))})),
        "context_management": Obj({"edits": Items(Tagged({}, default=Obj({
            "trigger": _AMOUNT, "keep": _AMOUNT, "clear_at_least": _AMOUNT,
            "clear_tool_inputs": Either(_BOOLEAN, Items(_NAME)),
            "exclude_tools": Items(_NAME),
        })))}),
        "mcp_servers": Items(Obj({
            "type": Token(enum("url")), "url": FREE, "name": _NAME,
            # a credential for the MCP server: forwarded only if no detector flags it
            "authorization_token": Token(pattern(r"[\x21-\x7e]{1,4096}", "a token")),
            "tool_configuration": Obj({"enabled": _BOOLEAN, "allowed_tools": Items(_NAME)}),
        })),
        # text
        "metadata": FREE,
        "stop_sequences": FREE,
    },
    first=("system", "messages", "tools"),
)
