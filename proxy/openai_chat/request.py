"""OpenAI Chat Completions requests: which strings are text, in canonical order.

Every string the upstream will see is a slot, in the order of DESIGN C4: messages in
order, each message's parts in order, tool calls included; then tool definitions, the
legacy ``functions``, the response format and any other field.  Structure is skipped
only at the positions the API defines it (``model``, ``role``, a part's ``type``, ids,
function names, the described members of configuration, JSON Schema keywords and
property names, binary payloads) and only when it is one token; free-form data
(``metadata``, unknown fields) is text, keys included (see :mod:`proxy.shapes`).
"""

from __future__ import annotations

from collections.abc import MutableMapping
from typing import Final

from proxy.shapes import (
    JSON,
    Slot,
    Structure,
    is_token,
    walk_config,
    walk_field,
    walk_generic,
    walk_schema,
)

__all__ = ["PART_STRUCTURAL", "request_slots"]

# Top-level configuration and where its structure is (see ``walk_config``); any other
# member, and anything these do not describe, is text.
_TOP_CONFIG: Final[dict[str, Structure]] = {
    "model": None,
    "stream": None,
    "stream_options": {"include_usage": None, "include_obfuscation": None},
    "tool_choice": {
        "type": None,
        "mode": None,
        "function": {"name": None},
        "custom": {"name": None},
        "allowed_tools": {"mode": None, "tools": [{"type": None, "function": {"name": None},
                                                    "custom": {"name": None}}]},
    },
    "function_call": {"name": None},
    "modalities": [None],
    "reasoning_effort": None,
    "service_tier": None,
    "logit_bias": None,
    "audio": {"voice": None, "format": None},
    "verbosity": None,
    "parallel_tool_calls": None,
    "store": None,
    "seed": None,
    "n": None,
    "max_tokens": None,
    "max_completion_tokens": None,
    "logprobs": None,
    "top_logprobs": None,
}
_FIRST: Final = ("messages", "tools", "functions", "response_format")
# Structure at the positions the API defines it.
_MESSAGE_STRUCTURAL: Final = frozenset({"role", "tool_call_id"})
_CALL_STRUCTURAL: Final = frozenset({"id", "type"})
PART_STRUCTURAL: Final = frozenset({"type"})


def _walk_part(part: JSON, out: list[Slot]) -> None:
    if isinstance(part, str):
        return
    if not isinstance(part, dict):
        walk_generic(part, out)
        return
    for key in list(part):
        value = part[key]
        if key in PART_STRUCTURAL and is_token(value):
            continue
        if key == "image_url" and isinstance(value, dict):
            for name in list(value):
                url = value[name]
                # A data: URL is an inline image, not text; an http URL may carry data.
                if (name == "detail" and is_token(url)) or (
                    name == "url" and isinstance(url, str) and url.startswith("data:")
                ):
                    continue
                walk_field(value, name, out)
        elif key == "input_audio":
            walk_config(part, key, {"data": None, "format": None}, out)  # base64 audio
        elif key == "file":
            walk_config(part, key, {"file_data": None, "file_id": None}, out)
        else:
            walk_field(part, key, out)


def _walk_function_call(call: JSON, out: list[Slot]) -> None:
    if not isinstance(call, dict):
        walk_generic(call, out)
        return
    for key in list(call):
        if key != "name" or not is_token(call[key]):
            walk_field(call, key, out)


def _walk_message(message: JSON, out: list[Slot]) -> None:
    if not isinstance(message, dict):
        walk_generic(message, out)
        return
    for key in list(message):
        value = message[key]
        if key in _MESSAGE_STRUCTURAL and is_token(value):
            continue
        if key == "audio":
            walk_config(message, key, {"id": None}, out)
        elif key == "content" and isinstance(value, list):
            for position, part in enumerate(value):
                if isinstance(part, str):
                    out.append(Slot(value, position))
                else:
                    _walk_part(part, out)
        elif key == "tool_calls" and isinstance(value, list):
            for call in value:
                if not isinstance(call, dict):
                    walk_generic(call, out)
                    continue
                for call_key in list(call):
                    if call_key in ("function", "custom"):
                        _walk_function_call(call[call_key], out)
                    elif call_key not in _CALL_STRUCTURAL or not is_token(call[call_key]):
                        walk_field(call, call_key, out)
        elif key == "function_call":
            _walk_function_call(value, out)
        else:
            walk_field(message, key, out)


def _walk_function_def(function: JSON, out: list[Slot]) -> None:
    if not isinstance(function, dict):
        walk_generic(function, out)
        return
    for key in list(function):
        value = function[key]
        if key in ("name", "strict") and is_token(value):
            continue
        if key in ("parameters", "schema"):
            walk_schema(value, out)
        else:
            walk_field(function, key, out)


def _walk_tools(tools: JSON, out: list[Slot]) -> None:
    if not isinstance(tools, list):
        walk_generic(tools, out)
        return
    for tool in tools:
        if not isinstance(tool, dict):
            walk_generic(tool, out)
            continue
        for key in list(tool):
            if key == "function":
                _walk_function_def(tool[key], out)
            elif key != "type" or not is_token(tool[key]):
                walk_field(tool, key, out)


def _walk_response_format(value: JSON, out: list[Slot]) -> None:
    if not isinstance(value, dict):
        walk_generic(value, out)
        return
    for key in list(value):
        if key == "json_schema":
            _walk_function_def(value[key], out)
        elif key != "type" or not is_token(value[key]):
            walk_field(value, key, out)


def request_slots(body: MutableMapping[str, JSON]) -> list[Slot]:
    """Every sanitisable string of a Chat Completions request, in canonical order."""
    out: list[Slot] = []
    messages = body.get("messages")
    if isinstance(messages, list):
        for message in messages:
            _walk_message(message, out)
    elif messages is not None:
        walk_generic(messages, out)
    if "tools" in body:
        _walk_tools(body["tools"], out)
    functions = body.get("functions")
    if isinstance(functions, list):
        for function in functions:
            _walk_function_def(function, out)
    elif functions is not None:
        walk_generic(functions, out)
    if "response_format" in body:
        _walk_response_format(body["response_format"], out)
    for key in list(body):
        if key in _FIRST:
            continue
        if key in _TOP_CONFIG:
            walk_config(body, key, _TOP_CONFIG[key], out)
        else:
            walk_field(body, key, out)
    return out
