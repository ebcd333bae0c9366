"""OpenAI Chat Completions requests, declared in the request-spec language.

:data:`REQUEST` is the whole body (see :mod:`proxy.spec` for the nodes, and
:mod:`proxy.walk` for the rules every position shares).  Canonical order (docs/design.md C4):
messages in order, each message's parts in order, tool calls included; then tool
definitions, the legacy ``functions``, the response format and any other member in
body order.  Structure exists only at the positions declared here, each with its
grammar (``model``, ``role``, a part's ``type``, ids, function names, the members of
configuration, JSON Schema keywords, binary payloads); everything else, ``metadata``,
``user``, a message's ``name`` and unknown members included, is free-form text.
"""

from __future__ import annotations

from typing import Final

from proxy.schema import JSON_SCHEMA
from proxy.spec import (
    BOOLEAN,
    FREE,
    ID,
    INTEGER,
    MODEL,
    NAME,
    NUMBER,
    Binary,
    Either,
    Items,
    Map,
    Obj,
    Tagged,
    Token,
    enum,
)

__all__ = ["PART_STRUCTURAL", "REQUEST"]

# Reply parts (non-streamed ``message.content`` lists) keep these members unfiltered.
PART_STRUCTURAL: Final = frozenset({"type"})

_ID: Final = Token(ID)
_NAME: Final = Token(NAME)
_BOOLEAN: Final = Token(BOOLEAN)
_INTEGER: Final = Token(INTEGER)
_NUMBER: Final = Token(NUMBER)

_PART: Final = Tagged({
    "text": Obj({"text": FREE}),
    "image_url": Obj({"image_url": Obj({
        "url": Binary(url=True), "detail": Token(enum("auto", "low", "high"))})}),
    "input_audio": Obj({"input_audio": Obj({
        "data": Binary(media="format"), "format": Token(enum("wav", "mp3"))})}),
    "file": Obj({"file": Obj({"file_data": Binary(), "file_id": _ID, "filename": FREE})}),
    "refusal": Obj({"refusal": FREE}),
})
_CONTENT: Final = Items(_PART)  # a string is text
_FUNCTION_CALL: Final = Obj({"id": _ID, "function": Obj({"name": _NAME, "arguments": FREE})})
_TOOL_CALL: Final = Tagged(
    {
        "function": _FUNCTION_CALL,
        "custom": Obj({"id": _ID, "custom": Obj({"name": _NAME, "input": FREE})}),
    },
    default=Obj({"id": _ID}),
    missing=_FUNCTION_CALL,
)
_MESSAGE: Final = Obj({
    "role": Token(enum("system", "developer", "user", "assistant", "tool", "function")),
    "name": FREE,
    "content": _CONTENT,
    "refusal": FREE,
    "tool_calls": Items(_TOOL_CALL),
    "tool_call_id": _ID,
    "function_call": Obj({"name": _NAME, "arguments": FREE}),
    "audio": Obj({"id": _ID}),
})
_FUNCTION: Final = Obj({
    "name": _NAME, "description": FREE, "parameters": JSON_SCHEMA, "strict": _BOOLEAN,
})
_TOOL: Final = Tagged({
    "function": Obj({"function": _FUNCTION}),
    "custom": Obj({"custom": Obj({"name": _NAME, "description": FREE, "format": Tagged({
        "text": Obj(),
        "grammar": Obj({"grammar": Obj({
            "definition": FREE, "syntax": Token(enum("lark", "regex"))})}),
    })})}),
})
_TOOL_REF: Final = Tagged({
    "function": Obj({"function": Obj({"name": _NAME})}),
    "custom": Obj({"custom": Obj({"name": _NAME})}),
})
_TOOL_CHOICE: Final = Either(
    Token(enum("none", "auto", "required")),
    Tagged({
        "function": Obj({"function": Obj({"name": _NAME})}),
        "custom": Obj({"custom": Obj({"name": _NAME})}),
        "allowed_tools": Obj({"allowed_tools": Obj({
            "mode": Token(enum("auto", "required")), "tools": Items(_TOOL_REF)})}),
    }),
)
_RESPONSE_FORMAT: Final = Tagged({
    "text": Obj(),
    "json_object": Obj(),
    "json_schema": Obj({"json_schema": Obj({
        "name": _NAME, "description": FREE, "schema": JSON_SCHEMA, "strict": _BOOLEAN})}),
})

REQUEST: Final = Obj(
    {
        "messages": Items(_MESSAGE),
        "tools": Items(_TOOL),
        "functions": Items(_FUNCTION),
        "response_format": _RESPONSE_FORMAT,
        "model": Token(MODEL),
        "stream": _BOOLEAN,
        "stream_options": Obj({"include_usage": _BOOLEAN, "include_obfuscation": _BOOLEAN}),
        "tool_choice": _TOOL_CHOICE,
        "function_call": Either(Token(enum("none", "auto")), Obj({"name": _NAME})),
        "parallel_tool_calls": _BOOLEAN,
        "modalities": Items(Token(enum("text", "audio"))),
        "audio": Obj({
            "voice": Either(Token(ID), Obj({"id": _ID})),
            "format": Token(enum("wav", "aac", "mp3", "flac", "opus", "pcm16")),
        }),
        "prediction": Tagged({"content": Obj({"content": _CONTENT})}),
        "reasoning_effort": Token(enum("none", "minimal", "low", "medium", "high", "xhigh")),
        "verbosity": Token(enum("low", "medium", "high")),
        "service_tier": Token(enum("auto", "default", "flex", "scale", "priority")),
        "prompt_cache_retention": Token(enum("in-memory", "24h")),
        "web_search_options": Obj({
            "search_context_size": Token(enum("low", "medium", "high")),
            # where the user is: personal data, text
            "user_location": Tagged({"approximate": Obj({"approximate": FREE})}),
        }),
        "logit_bias": Map(_INTEGER, _NUMBER),
        "logprobs": _BOOLEAN,
        "top_logprobs": _INTEGER,
        "store": _BOOLEAN,
        "seed": _INTEGER,
        "n": _INTEGER,
        "max_tokens": _INTEGER,
        "max_completion_tokens": _INTEGER,
        "temperature": _NUMBER,
        "top_p": _NUMBER,
        "frequency_penalty": _NUMBER,
        "presence_penalty": _NUMBER,
        # text: who the user is, how to cache, when to stop
        "user": FREE,
        "safety_identifier": FREE,
        "prompt_cache_key": FREE,
        "metadata": FREE,
        "stop": FREE,
    },
    first=("messages", "tools", "functions", "response_format"),
)
