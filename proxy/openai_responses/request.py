"""OpenAI Responses requests, declared in the request-spec language.

:data:`REQUEST` is the whole body (see :mod:`proxy.spec` for the nodes and
:mod:`proxy.walk` for the rules every position shares).  Canonical order (DESIGN C4):
``instructions`` (the system text), then ``input`` (a string, or its items in order, each
item's parts in order: messages, function calls and their outputs, reasoning, tool
items), then ``tools``, ``text`` (its ``format`` JSON Schema), ``tool_choice`` and every
other member in body order.  Structure exists only at the positions declared here:
``model``, ``role``, ``status``, ids (``id``, ``call_id``, ``previous_response_id``, file
and vector-store ids), function and tool names, image ``detail``, binary payloads
(``data:`` image URLs, ``file_data``, audio ``data``, generated images), the described
members of configuration and JSON Schema keywords.  Everything else, ``metadata``,
``prompt.variables``, a function call's ``arguments`` (JSON inside a string) and unknown
members and item types included, is free-form text.

**Reasoning items are checked, not rewritten.**  A ``reasoning`` item's
``encrypted_content`` is opaque (the provider decrypts it; a value inside cannot be
found or replaced) and its ``summary`` / ``content`` texts travel with it.  Like
Anthropic's signed thinking they are signed tokens: forwarded unchanged, run through
the route's signed-content detectors, and the request is refused if one holds a value.

``conversation`` (history kept by the provider under a conversation id the gateway
holds no vault for) is refused: see :func:`validate`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from pipelines.errors import RequestError
from proxy.schema import JSON_SCHEMA
from proxy.shapes import JSON
from proxy.spec import (
    ANY_STRING,
    BOOLEAN,
    REFUSE,
    SCALAR,
    Binary,
    Either,
    Items,
    Obj,
    Tagged,
    Token,
    pattern,
)

__all__ = ["REQUEST", "validate"]

_SCALAR: Final = Token(SCALAR)
_ID: Final = Token(SCALAR)
_NAME: Final = Token(SCALAR)
_SIGNED: Final = Token(ANY_STRING, signed=True)
# A reasoning item's opaque payload: the base64 alphabets, nothing else.
_OPAQUE: Final = Token(pattern(r"[A-Za-z0-9+/=_-]{1,4194304}", "an opaque token"), signed=True)

_PART: Final = Tagged({
    "input_text": Obj(),
    "output_text": Obj(),
    "refusal": Obj(),
    "input_image": Obj({"image_url": Binary(url=True), "file_id": _ID, "detail": _SCALAR}),
    "input_file": Obj({"file_data": Binary(), "file_id": _ID}),
    "input_audio": Obj({"input_audio": Obj({"data": Binary(media="format"),
                                            "format": _SCALAR})}),
})
_SIGNED_PART: Final = Obj({"type": _SCALAR, "text": _SIGNED}, rest=REFUSE)
_CALL: Final = Obj({"id": _ID, "call_id": _ID, "name": _NAME, "status": _SCALAR})
_MESSAGE: Final = Obj({"role": _SCALAR, "content": Items(_PART), "id": _ID,
                       "status": _SCALAR, "phase": _SCALAR})
_OUTPUT: Final = Obj({"id": _ID, "call_id": _ID, "status": _SCALAR, "output": Items(_PART)})
# Items of the tools the provider runs (web search, file search, computer, MCP, shell,
# image generation, ...): their ids and statuses are structure, everything else text.
_TOOL_ITEM: Final = Obj({"id": _ID, "call_id": _ID, "status": _SCALAR,
                         "approval_request_id": _ID, "server_label": _NAME, "name": _NAME})
_ITEM: Final = Tagged(
    {
        "message": _MESSAGE,
        "function_call": _CALL,
        "custom_tool_call": _CALL,
        "function_call_output": _OUTPUT,
        "custom_tool_call_output": _OUTPUT,
        "reasoning": Obj({"id": _ID, "status": _SCALAR, "encrypted_content": _OPAQUE,
                          "summary": Items(_SIGNED_PART), "content": Items(_SIGNED_PART)}),
        "item_reference": Obj({"id": _ID}),
        "computer_call_output": _OUTPUT.extend(
            output=Obj({"type": _SCALAR, "image_url": Binary(url=True), "file_id": _ID}),
            acknowledged_safety_checks=Items(Obj({"id": _ID, "code": _SCALAR})),
        ),
        "image_generation_call": _TOOL_ITEM.extend(result=Binary()),
    },
    default=_TOOL_ITEM,
    missing=_MESSAGE,  # EasyInputMessage: {"role", "content"} without a type
)

_TOOL: Final = Tagged(
    {
        "function": Obj({"name": _NAME, "strict": Token(BOOLEAN), "parameters": JSON_SCHEMA}),
        "custom": Obj({"name": _NAME, "format": Obj({"type": _SCALAR, "syntax": _SCALAR})}),
        "web_search": Obj({"search_context_size": _SCALAR, "user_location": Obj(
            {"type": _SCALAR}), "filters": Obj({"allowed_domains": Items(_SCALAR)})}),
        "web_search_preview": Obj({"search_context_size": _SCALAR,
                                   "user_location": Obj({"type": _SCALAR})}),
        "file_search": Obj({"vector_store_ids": Items(_ID), "max_num_results": _SCALAR,
                            "ranking_options": Obj({"ranker": _SCALAR,
                                                    "score_threshold": _SCALAR})}),
        "code_interpreter": Obj({"container": Either(_ID, Obj({
            "type": _SCALAR, "file_ids": Items(_ID), "memory_limit": _SCALAR}))}),
        "image_generation": Obj({
            **{name: _SCALAR for name in (
                "background", "input_fidelity", "model", "moderation", "output_compression",
                "output_format", "partial_images", "quality", "size")},
            "input_image_mask": Obj({"image_url": Binary(url=True), "file_id": _ID}),
        }),
        # server_url, headers and authorization stay text: a credential in them is
        # replaced, never forwarded.
        "mcp": Obj({"server_label": _NAME, "connector_id": _ID,
                    "allowed_tools": Either(Items(_NAME), Obj({"tool_names": Items(_NAME),
                                                               "read_only": _SCALAR})),
                    "require_approval": Either(_SCALAR, Obj())}),
        "computer_use_preview": Obj({"display_width": _SCALAR, "display_height": _SCALAR,
                                     "environment": _SCALAR}),
    },
)
_NAMED_TOOL: Final = Obj({"type": _SCALAR, "name": _NAME, "server_label": _NAME})
_TOOL_CHOICE: Final = Either(_SCALAR, _NAMED_TOOL.extend(mode=_SCALAR,
                                                         tools=Items(_NAMED_TOOL)))
_TEXT: Final = Obj({
    "format": Tagged({
        "text": Obj(),
        "json_object": Obj(),
        "json_schema": Obj({"name": _NAME, "strict": Token(BOOLEAN), "schema": JSON_SCHEMA}),
    }),
    "verbosity": _SCALAR,
})

REQUEST: Final = Obj(
    {
        "instructions": Items(_ITEM),  # a string (text) or, rarely, items
        "input": Items(_ITEM),  # a string is text; a list holds items
        "tools": Items(_TOOL),
        "text": _TEXT,
        "tool_choice": _TOOL_CHOICE,
        "model": _SCALAR,
        "stream": _SCALAR,
        "stream_options": Obj({"include_obfuscation": _SCALAR}),
        "previous_response_id": _ID,
        "conversation": REFUSE,
        "include": Items(_SCALAR),
        "reasoning": Obj({"effort": _SCALAR, "summary": _SCALAR, "generate_summary": _SCALAR}),
        "prompt": Obj({"id": _ID, "version": _SCALAR}),  # ``variables`` are text
        "context_management": Items(Obj({"type": _SCALAR, "compact_threshold": _SCALAR})),
        **{name: _SCALAR for name in (
            "max_output_tokens", "max_tool_calls", "parallel_tool_calls", "service_tier",
            "store", "background", "temperature", "top_p", "top_logprobs", "truncation",
            "prompt_cache_retention")},
    },
    first=("instructions", "input", "tools", "text", "tool_choice"),
)


def validate(body: Mapping[str, JSON]) -> None:
    """Refuse what the gateway cannot serve safely (nothing is forwarded).

    ``conversation``: the provider would prepend a stored conversation whose
    placeholders the gateway has no vault for (``previous_response_id`` follow-ups are
    served, see :mod:`proxy.openai_responses.sessions`).
    """
    if body.get("conversation") is not None:
        raise RequestError(
            400, "conversation_not_supported",
            "request refused: conversation is not supported through the gateway; "
            "send the history as input or use previous_response_id",
        )
