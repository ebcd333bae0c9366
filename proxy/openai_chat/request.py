"""OpenAI Chat Completions requests, declared in the request-spec language.

:data:`REQUEST` is the whole body (see :mod:`proxy.spec` for the nodes, and
:mod:`proxy.walk` for the rules every position shares).  Canonical order (docs/design.md C4):
messages in order, each message's parts in order, tool calls included; then tool
definitions, the legacy ``functions``, the response format and any other member in
body order.  Structure exists only at the positions declared here (``model``,
``role``, a part's ``type``, ids, function names, the described members of
configuration, JSON Schema keywords and property names, binary payloads); everything
else, ``metadata`` and unknown members included, is free-form text.
"""

from __future__ import annotations

from typing import Final

from proxy.schema import JSON_SCHEMA
from proxy.spec import (
    BOOLEAN,
    SCALAR,
    Binary,
    Either,
    Items,
    Map,
    Obj,
    Tagged,
    Token,
)

__all__ = ["PART_STRUCTURAL", "REQUEST"]

# Reply parts (non-streamed ``message.content`` lists) keep these members unfiltered.
PART_STRUCTURAL: Final = frozenset({"type"})

_SCALAR: Final = Token(SCALAR)
_NAME: Final = Token(SCALAR)
_ID: Final = Token(SCALAR)

_FUNCTION_CALL: Final = Obj({"name": _NAME})  # ``arguments`` (JSON source) is text
_PART: Final = Tagged({
    "text": Obj(),
    "image_url": Obj({"image_url": Obj({"url": Binary(url=True), "detail": _SCALAR})}),
    "input_audio": Obj({"input_audio": Obj({"data": Binary(media="format"),
                                            "format": _SCALAR})}),
    "file": Obj({"file": Obj({"file_data": Binary(), "file_id": _ID})}),
})
_MESSAGE: Final = Obj({
    "role": _SCALAR,
    "tool_call_id": _ID,
    "content": Items(_PART),
    "tool_calls": Items(Obj({"id": _ID, "type": _SCALAR, "function": _FUNCTION_CALL,
                             "custom": _FUNCTION_CALL})),
    "function_call": _FUNCTION_CALL,
    "audio": Obj({"id": _ID}),
})
_FUNCTION_DEF: Final = Obj({
    "name": _NAME, "strict": Token(BOOLEAN), "parameters": JSON_SCHEMA, "schema": JSON_SCHEMA,
})
_TOOL_NAME: Final = Obj({"name": _NAME})
_TOOL_CHOICE: Final = Either(_SCALAR, Obj({
    "type": _SCALAR,
    "mode": _SCALAR,
    "function": _TOOL_NAME,
    "custom": _TOOL_NAME,
    "allowed_tools": Obj({"mode": _SCALAR, "tools": Items(Obj({
        "type": _SCALAR, "function": _TOOL_NAME, "custom": _TOOL_NAME}))}),
}))

REQUEST: Final = Obj(
    {
        "messages": Items(_MESSAGE),
        "tools": Items(Obj({"type": _SCALAR, "function": _FUNCTION_DEF})),
        "functions": Items(_FUNCTION_DEF),
        "response_format": Obj({"type": _SCALAR, "json_schema": _FUNCTION_DEF}),
        "model": _SCALAR,
        "stream": _SCALAR,
        "stream_options": Obj({"include_usage": _SCALAR, "include_obfuscation": _SCALAR}),
        "tool_choice": _TOOL_CHOICE,
        "function_call": Either(_SCALAR, _TOOL_NAME),
        "modalities": Items(_SCALAR),
        "reasoning_effort": _SCALAR,
        "service_tier": _SCALAR,
        "logit_bias": Map(_SCALAR, _SCALAR),
        "audio": Obj({"voice": _SCALAR, "format": _SCALAR}),
        "verbosity": _SCALAR,
        "parallel_tool_calls": _SCALAR,
        "store": _SCALAR,
        "seed": _SCALAR,
        "n": _SCALAR,
        "max_tokens": _SCALAR,
        "max_completion_tokens": _SCALAR,
        "logprobs": _SCALAR,
        "top_logprobs": _SCALAR,
    },
    first=("messages", "tools", "functions", "response_format"),
)
