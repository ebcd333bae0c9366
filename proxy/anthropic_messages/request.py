"""Anthropic Messages requests: which strings are text, and which are signed.

Every string the upstream will see is a slot, in the order of DESIGN C4: ``system`` (a
string or text blocks), then each message's content in order (text, tool_use ``input``
strings and keys, tool_result content, document text and titles, string and unknown
``source`` values, citations), then tool definitions (descriptions and JSON-schema
text), then any other field.  Structure is skipped only at the positions the API
defines it (``model``, a message's ``role``, a block's ``type``, ids, tool names,
``cache_control``, schema keywords, base64 image/document ``data``, the described
members of ``thinking``/``tool_choice``/...) and only when it is one token; free-form
data is text, keys included (see :mod:`proxy.shapes`).

Thinking blocks are signed by the provider and are never slots: :func:`signed_texts`
returns their text for the gateway's check.
"""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping
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

__all__ = ["PASSTHROUGH_BLOCKS", "TOOL_USE_KINDS", "request_slots", "signed_texts"]

PASSTHROUGH_BLOCKS: Final = frozenset({"thinking", "redacted_thinking"})
# Top-level configuration and where its structure is (see ``walk_config``).
_TOP_CONFIG: Final[dict[str, Structure]] = {
    "model": None,
    "max_tokens": None,
    "stream": None,
    "thinking": {"type": None, "budget_tokens": None},
    "tool_choice": {"type": None, "name": None, "disable_parallel_tool_use": None},
    "service_tier": None,
    "container": {"id": None, "skills": [{"type": None, "skill_id": None, "version": None}]},
    "context_management": {"edits": [{"type": None, "trigger": {"type": None, "value": None},
                                      "keep": {"type": None, "value": None},
                                      "clear_at_least": {"type": None, "value": None},
                                      "clear_tool_inputs": None}]},
    "mcp_servers": [{"type": None, "name": None, "authorization_token": None}],
    "temperature": None,
    "top_p": None,
    "top_k": None,
}
_CACHE_CONTROL: Final[Structure] = {"type": None, "ttl": None}
# Block members that are structure (ids, types, signatures) at the block level.
_BLOCK_STRUCTURAL: Final = frozenset({"type", "id", "tool_use_id", "signature", "is_error"})
TOOL_USE_KINDS: Final = frozenset({"tool_use", "server_tool_use", "mcp_tool_use"})
_CITATION: Final[Structure] = {
    "type": None, "document_index": None, "start_char_index": None, "end_char_index": None,
    "start_page_number": None, "end_page_number": None, "start_block_index": None,
    "end_block_index": None, "search_result_index": None, "encrypted_index": None,
    "file_id": None,
}
_FIRST: Final = ("system", "messages", "tools")


def _walk_source(block: MutableMapping[str, JSON], out: list[Slot]) -> None:
    source = block["source"]
    if not isinstance(source, dict):
        # A ``search_result`` names its source as a string (a URL or a title): text.
        walk_field(block, "source", out)
        return
    kind = source.get("type")
    for key in list(source):
        if key in ("type", "media_type") and is_token(source[key]):
            continue
        if key == "data" and kind == "base64":
            continue  # opaque binary: no detector reads base64
        if key == "file_id" and kind == "file" and is_token(source[key]):
            continue
        if key == "content" and kind == "content" and isinstance(source[key], list):
            _walk_blocks(source[key], out)
        else:
            # text ``data``, ``url`` and every member of an unknown source type.
            walk_field(source, key, out)


def _walk_block(block: JSON, out: list[Slot]) -> None:
    if not isinstance(block, dict):
        walk_generic(block, out)
        return
    kind = block.get("type")
    if isinstance(kind, str) and kind in PASSTHROUGH_BLOCKS:
        return  # signed: checked by signed_texts, never rewritten
    if not isinstance(kind, str):
        kind = None
    for key in list(block):
        value = block[key]
        if key in _BLOCK_STRUCTURAL and is_token(value):
            continue
        if key == "name" and kind in TOOL_USE_KINDS and is_token(value):
            continue
        if key == "cache_control":
            walk_config(block, key, _CACHE_CONTROL, out)
        elif key == "citations" and isinstance(value, list):
            holder: dict[str, JSON] = {"citations": value}
            walk_config(holder, "citations", [_CITATION], out)
        elif key == "citations" and isinstance(value, dict):
            walk_config(block, key, {"enabled": None}, out)
        elif key == "source":
            _walk_source(block, out)
        elif key == "content" and isinstance(value, list):
            _walk_blocks(value, out)
        else:
            # text, tool_use.input, titles and unknown fields: every string inside.
            walk_field(block, key, out)


def _walk_blocks(blocks: JSON, out: list[Slot]) -> None:
    if isinstance(blocks, list):
        for block in blocks:
            _walk_block(block, out)


def _walk_content(holder: MutableMapping[str, JSON], key: str, out: list[Slot]) -> None:
    value = holder.get(key)
    if isinstance(value, str):
        out.append(Slot(holder, key))
    elif isinstance(value, list):
        _walk_blocks(value, out)
    else:
        walk_field(holder, key, out)


def _walk_tools(tools: JSON, out: list[Slot]) -> None:
    if not isinstance(tools, list):
        walk_generic(tools, out)
        return
    for tool in tools:
        if not isinstance(tool, dict):
            walk_generic(tool, out)
            continue
        for key in list(tool):
            value = tool[key]
            if key in ("type", "name") and is_token(value):
                continue
            if key == "input_schema":
                walk_schema(value, out)
            elif key == "cache_control":
                walk_config(tool, key, _CACHE_CONTROL, out)
            else:
                walk_field(tool, key, out)


def request_slots(body: MutableMapping[str, JSON]) -> list[Slot]:
    """Every sanitisable string of a Messages request, in canonical order."""
    out: list[Slot] = []
    if "system" in body:
        _walk_content(body, "system", out)
    messages = body.get("messages")
    if isinstance(messages, list):
        for message in messages:
            if not isinstance(message, dict):
                walk_generic(message, out)
                continue
            for key in list(message):
                if key == "content":
                    _walk_content(message, "content", out)
                elif key != "role" or not is_token(message[key]):
                    walk_field(message, key, out)
    elif messages is not None:
        walk_generic(messages, out)
    if "tools" in body:
        _walk_tools(body["tools"], out)
    for key in list(body):
        if key in _FIRST:
            continue
        if key in _TOP_CONFIG:
            walk_config(body, key, _TOP_CONFIG[key], out)
        else:
            walk_field(body, key, out)
    return out


def signed_texts(body: Mapping[str, JSON]) -> list[str]:
    """The text of every thinking block the client sent (signed: forwarded unchanged)."""
    out: list[str] = []
    messages = body.get("messages")
    for message in messages if isinstance(messages, list) else []:
        content = message.get("content") if isinstance(message, dict) else None
        for block in content if isinstance(content, list) else []:
            if isinstance(block, dict) and block.get("type") == "thinking":
                text = block.get("thinking")
                if isinstance(text, str):
                    out.append(text)
    return out
