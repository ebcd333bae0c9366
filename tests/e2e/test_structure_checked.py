"""End to end, both official SDKs: structure is proven, not trusted (DESIGN C10, #10).

Every value the gateway forwards unchanged — models, ids, tool names, block types,
enum-like and numeric fields, member names, thinking blocks wherever they sit, JSON
Schema keywords, binary payloads, relayed headers and query values — must match its
field's grammar and pass the route's detectors, or the request is refused with a 400 in
the API's shape that names the field and never the value, and nothing is forwarded.
Each row has its control: the legitimate form passes, unchanged.
"""

from __future__ import annotations

import base64
import json
from collections.abc import Awaitable, Callable
from typing import Any

import anthropic
import openai
import pytest

from tests.e2e.conftest import SEEDS, Gateway
from tests.e2e.fake_upstream import RECORDED, FakeUpstream, Reply
from tests.e2e.sdk import anthropic_client, openai_client
from tests.e2e.test_hostile_fields import ANTHROPIC_REPLY, OPENAI_REPLY, SIGNATURE

StartGateway = Callable[..., Awaitable[Gateway]]
EMAIL = SEEDS["EMAIL"]
KEY = SEEDS["API_KEY"]
CARD = "4111111111111111"
# A lower-case key the regex library finds: a member name that looks like a field name.
TOKEN_NAME = "ghp_abcdefghijklmnopqrstuvwxyz0123456789"
PLANTED = (EMAIL, KEY, CARD, TOKEN_NAME, "Jane Doe")


def _recorded(name: str) -> dict[str, Any]:
    body: dict[str, Any] = json.loads((RECORDED / name).read_bytes())
    return body


def _set(body: Any, path: tuple[Any, ...], value: Any) -> None:
    for part in path[:-1]:
        body = body[part]
    body[path[-1]] = value


def _assert_refused(error: Exception, fake: FakeUpstream, field: str, status: int = 400) -> None:
    assert getattr(error, "status_code", None) == status
    text = str(error)
    assert field in text, text
    for value in PLANTED:
        assert value not in text
    assert fake.received == []


async def _openai_send(gw: Gateway, body: dict[str, Any], **options: Any) -> Any:
    rest = {key: value for key, value in body.items() if key not in ("model", "messages")}
    async with openai_client(gw, **options) as client:
        return await client.chat.completions.create(
            model=body["model"], messages=body["messages"], extra_body=rest)


async def _anthropic_create(client: anthropic.AsyncAnthropic, body: dict[str, Any]) -> Any:
    rest = {k: v for k, v in body.items() if k not in ("model", "messages", "max_tokens")}
    return await client.messages.create(
        model=body["model"], max_tokens=body["max_tokens"], messages=body["messages"],
        extra_body=rest)


async def _anthropic_send(gw: Gateway, body: dict[str, Any], **options: Any) -> Any:
    async with anthropic_client(gw, **options) as client:
        return await _anthropic_create(client, body)


# -- structural values: grammar and detectors ------------------------------------------

OPENAI_BASE = "openai_chat_nonstream_text_after_tool_results.request.json"
OPENAI_ROWS: list[tuple[tuple[Any, ...], Any, str]] = [
    (("model",), EMAIL, "model holds a sensitive value"),
    (("model",), "Jane Doe", "model is not a model name"),
    (("messages", 2, "tool_calls", 0, "id"), f"call_{KEY}",
     "messages[2].tool_calls[0].id holds a sensitive value"),
    (("messages", 3, "tool_call_id"), CARD, "messages[3].tool_call_id holds a sensitive"),
    (("messages", 3, "tool_call_id"), EMAIL, "messages[3].tool_call_id is not an id"),
    (("messages", 2, "tool_calls", 0, "function", "name"), EMAIL,
     "messages[2].tool_calls[0].function.name is not a tool name"),
    (("tools", 0, "function", "name"), TOKEN_NAME, "tools[0].function.name holds"),
    # Identifiers spell words with "_": the value is read through them.
    (("tools", 0, "function", "name"), "DE89_3704_0044_0532_0130_00",
     "tools[0].function.name holds"),
    (("messages", 2, "tool_calls", 0, "function", "name"), "4111_1111_1111_1111",
     "messages[2].tool_calls[0].function.name holds a sensitive value"),
    (("messages", 1, "role"), "Jane Doe", "messages[1].role is not one of"),
    (("service_tier",), "jane", "service_tier is not one of"),
    (("reasoning_effort",), KEY, "reasoning_effort is not one of"),
    (("modalities",), ["text", EMAIL], "modalities[1] is not one of"),
    (("seed",), int(CARD), "seed holds a sensitive value"),
    (("seed",), float(CARD), "seed holds a sensitive value"),
    (("seed",), -int(CARD), "seed holds a sensitive value"),
    (("temperature",), float("0." + CARD), "temperature holds a sensitive value"),
    (("max_completion_tokens",), CARD, "max_completion_tokens holds a sensitive value"),
    (("max_completion_tokens",), "Jane Doe", "max_completion_tokens is not an integer"),
    (("logit_bias",), {CARD: 1}, "logit_bias[key #0] holds a sensitive value"),
    ((TOKEN_NAME,), 1, "a member name of the request body holds a sensitive value"),
    (("messages", 1, "content"), [{"type": "file", "file": {"file_id": f"file-{KEY}"}}],
     "messages[1].content[0].file.file_id holds a sensitive value"),
    (("messages", 1, "content"), [{"type": TOKEN_NAME, "x": "y"}],
     "messages[1].content[0].type holds a sensitive value"),
]


async def test_openai_real_ids_and_structure_pass_unchanged(
    fake: FakeUpstream, gateway: StartGateway
) -> None:
    """Control: a recorded multi-turn request (the provider's own call ids, tool names,
    schema) passes every check and reaches the upstream with its structure intact."""
    gw = await gateway()
    fake.script.append(Reply("json", OPENAI_REPLY))
    body = _recorded(OPENAI_BASE)
    # Floats as clients write them, float32 artefacts included (read, nothing found).
    body.update(seed=42, service_tier="auto", modalities=["text"], logit_bias={"50256": -100},
                temperature=0.699999988079071, top_p=0.30000000000000004)
    await _openai_send(gw, body)
    assert fake.received[-1].json() == body


async def test_openai_structure_outside_its_grammar_or_holding_a_value_is_refused(
    fake: FakeUpstream, gateway: StartGateway
) -> None:
    """A structural value that breaks its grammar or that a detector finds is a 400
    naming the field; nothing reaches the upstream (one row per kind of field)."""
    gw = await gateway()
    async with openai_client(gw) as client:
        for path, value, field in OPENAI_ROWS:
            body = _recorded(OPENAI_BASE)
            _set(body, path, value)
            rest = {k: v for k, v in body.items() if k not in ("model", "messages")}
            with pytest.raises(openai.BadRequestError) as caught:
                await client.chat.completions.create(
                    model=body["model"], messages=body["messages"], extra_body=rest)
            _assert_refused(caught.value, fake, field)


ANTHROPIC_BASE = "anthropic_messages_nonstream_text_after_tool_results.request.json"
ANTHROPIC_ROWS: list[tuple[tuple[Any, ...], Any, str]] = [
    (("messages", 1, "content", 1, "id"), f"toolu_{KEY}",
     "messages[1].content[1].id holds a sensitive value"),
    (("messages", 2, "content", 0, "tool_use_id"), EMAIL,
     "messages[2].content[0].tool_use_id is not an id"),
    (("tools", 0, "name"), TOKEN_NAME, "tools[0].name holds a sensitive value"),
    (("tools", 0, "cache_control", "ttl"), "2h", "tools[0].cache_control.ttl is not one of"),
    (("service_tier",), "priority", "service_tier is not one of"),
    (("messages", 1, "content", 0, "type"), "Jane Doe", "messages[1].content[0].type is not"),
    (("messages", 1, "content", 0, "type"), TOKEN_NAME, "messages[1].content[0].type holds"),
    (("messages", 0, "role"), "system", "messages[0].role is not one of"),
    (("container",), KEY, "container holds a sensitive value"),
    (("top_k",), int(CARD), "top_k holds a sensitive value"),
    (("messages", 0, "content"), [{"type": "image", "source": {
        "type": "file", "file_id": f"file_{KEY}"}}],
     "messages[0].content[0].source.file_id holds a sensitive value"),
]


async def test_anthropic_real_ids_and_structure_pass_unchanged(
    fake: FakeUpstream, gateway: StartGateway
) -> None:
    """Control: a recorded multi-turn request (the provider's own ``toolu_`` ids, cache
    controls, schema) passes every check and reaches the upstream with its structure
    intact."""
    gw = await gateway()
    fake.script.append(Reply("json", ANTHROPIC_REPLY))
    body = _recorded(ANTHROPIC_BASE)
    body.update(service_tier="auto", top_k=5)
    await _anthropic_send(gw, body)
    assert fake.received[-1].json() == body


async def test_anthropic_structure_outside_its_grammar_or_holding_a_value_is_refused(
    fake: FakeUpstream, gateway: StartGateway
) -> None:
    """A structural value that breaks its grammar or that a detector finds is a 400
    naming the field; nothing reaches the upstream (one row per kind of field)."""
    gw = await gateway()
    async with anthropic_client(gw) as client:
        for path, value, field in ANTHROPIC_ROWS:
            body = _recorded(ANTHROPIC_BASE)
            _set(body, path, value)
            with pytest.raises(anthropic.BadRequestError) as caught:
                await _anthropic_create(client, body)
            _assert_refused(caught.value, fake, field)


# -- thinking blocks, wherever they sit -----------------------------------------------


def _thinking(text: Any = "I looked it up", **extra: Any) -> dict[str, Any]:
    return {"type": "thinking", "thinking": text, "signature": SIGNATURE, **extra}


def _with_block(block: dict[str, Any], where: str) -> dict[str, Any]:
    """A request carrying ``block`` in a tool result, a document, system or a message."""
    body = _recorded(ANTHROPIC_BASE)
    if where == "tool_result":
        body["messages"][2]["content"][0]["content"] = [block, {"type": "text", "text": "ok"}]
    elif where == "document":
        body["messages"][0]["content"] = [{"type": "document", "source": {
            "type": "content", "content": [block, {"type": "text", "text": "doc"}]}}]
    elif where == "system":
        body["system"] = [block, {"type": "text", "text": "Be brief."}]
    else:
        body["messages"][1]["content"].insert(0, block)
    return body


PLACES = ["message", "tool_result", "document", "system"]
THINKING_ROWS: list[tuple[dict[str, Any], str]] = [
    (_thinking(f"the user is {EMAIL}"), "contains sensitive data"),
    (_thinking(f"wrapped {KEY} in a thinking block"), "contains sensitive data"),
    (_thinking(note="x"), "has a member the API does not define"),
    (_thinking(["a", "list"]), "is not a string"),
    (dict(_thinking(), signature="sig-1"), "signature is not opaque base64"),
    (dict(_thinking(), signature=base64.b64encode(EMAIL.encode()).decode()),
     "signature is not opaque base64"),
    ({"type": "redacted_thinking", "data": base64.b64encode(b"Jane Doe wrote").decode()},
     "data is not opaque base64"),
    ({"type": "redacted_thinking", "data": SIGNATURE, "text": EMAIL},
     "has a member the API does not define"),
]


async def test_thinking_anywhere_is_checked_like_top_level_thinking(
    fake: FakeUpstream, gateway: StartGateway
) -> None:
    """Anything typed ``thinking``/``redacted_thinking``, at any nesting (a message, a
    tool result, a document's content, ``system``), is a signed check: a value in it,
    an unknown member, non-string thinking or a signature that is not opaque base64
    refuses the request.  Control: clean thinking (placeholders only, an opaque
    signature) and redacted thinking pass byte for byte at each place."""
    gw = await gateway()
    async with anthropic_client(gw) as client:
        for where in PLACES:
            for block, reason in THINKING_ROWS:
                with pytest.raises(anthropic.BadRequestError) as caught:
                    await _anthropic_create(client, _with_block(block, where))
                _assert_refused(caught.value, fake, reason)
            for clean in (_thinking("the user is [EMAIL_1]"),
                          {"type": "redacted_thinking", "data": SIGNATURE}):
                fake.script.append(Reply("json", ANTHROPIC_REPLY))
                await _anthropic_create(client, _with_block(clean, where))
                assert json.dumps(clean) in json.dumps(fake.received.pop().json())


async def test_recorded_thinking_turn_passes_back_unchanged(
    fake: FakeUpstream, gateway: StartGateway
) -> None:
    """Control on a real transcript: the thinking block and signature the provider
    streamed (recorded) go back in the next turn byte for byte, not refused."""
    gw = await gateway()
    fake.script.append(Reply.recorded("anthropic_messages_stream_thinking.sse"))
    first = _recorded("anthropic_messages_stream_thinking.request.json")
    async with anthropic_client(gw) as client, client.messages.stream(
        model=first["model"], max_tokens=first["max_tokens"], messages=first["messages"],
        thinking=first["thinking"],
    ) as stream:
        message = await stream.get_final_message()
    blocks = [block.model_dump(exclude_none=True) for block in message.content]
    assert blocks[0]["type"] == "thinking" and blocks[0]["signature"]
    follow_up = first["messages"] + [
        {"role": "assistant", "content": blocks}, {"role": "user", "content": "Why?"}]
    fake.script.append(Reply("json", ANTHROPIC_REPLY))
    body = {"model": first["model"], "max_tokens": first["max_tokens"],
            "messages": follow_up, "thinking": first["thinking"]}
    await _anthropic_send(gw, body)
    sent: Any = fake.received[-1].json()
    assert sent["messages"][1]["content"][0] == blocks[0]


def _signed_routes(fake_url: str) -> Any:
    """Two routes over regex + a name list: what is forwarded unchanged is checked by
    both, or by regex only."""
    from pathlib import Path

    from proxy.config import parse_config
    from tests.e2e.conftest import config_data

    data = config_data(fake_url)
    data["detectors"]["names"] = {"type": "known_entities",
                                  "options": {"values": {"PERSON": ["Jane Roe"]}}}
    route = {"api": "anthropic_messages", "upstream": "fake", "pipeline": ["regex", "names"]}
    data["routes"] = [dict(route, name="all", path="/v1/messages"),
                      dict(route, name="precise", path="/precise/v1/messages",
                           check_detectors=["regex"])]
    return parse_config(data, source="<e2e>", base_dir=Path.cwd(), environ={})


async def test_check_detectors_limits_the_check_on_signed_content(
    fake: FakeUpstream, aiohttp_server: Any
) -> None:
    """``check_detectors: [regex]``: a name only the list detector knows passes inside
    thinking on that route and is refused on the default route; a regex finding is
    refused on both."""
    from proxy.app import create_app

    server = await aiohttp_server(create_app(_signed_routes(fake.url)))
    base = str(server.make_url("")).rstrip("/")
    body = _with_block(_thinking("Jane Roe asked me"), "message")
    with pytest.raises(anthropic.BadRequestError) as caught:
        await _anthropic_send(Gateway(base, server.app, _signed_routes(fake.url)), body)
    _assert_refused(caught.value, fake, "contains sensitive data")
    precise = Gateway(base + "/precise", server.app, _signed_routes(fake.url))
    fake.script.append(Reply("json", ANTHROPIC_REPLY))
    await _anthropic_send(precise, body)
    assert "Jane Roe asked me" in fake.received[-1].body.decode()
    fake.received.clear()
    with pytest.raises(anthropic.BadRequestError) as caught:
        await _anthropic_send(precise, _with_block(_thinking(f"mail {EMAIL}"), "message"))
    _assert_refused(caught.value, fake, "contains sensitive data")


# -- JSON Schema ------------------------------------------------------------------------


def _openai_tool(parameters: dict[str, Any]) -> dict[str, Any]:
    body = _recorded("openai_chat_nonstream_parallel_tool_calls.request.json")
    body["tools"][0]["function"]["parameters"] = parameters
    return body


async def test_schema_names_and_texts_are_sanitised_alike_and_relinked_back(
    fake: FakeUpstream, gateway: StartGateway
) -> None:
    """Property names, ``required``, ``$defs``/``$ref``, ``title``, ``examples``,
    ``default`` and ``const`` holding values, in the schema and in subschemas under
    ``items``/``additionalProperties``/``not``, reach the upstream as placeholders,
    the same placeholder wherever a value recurs; the model's arguments come back
    relinked."""
    gw = await gateway()
    schema = {"type": "object", "title": f"for {EMAIL}",
              "properties": {EMAIL: {"$ref": f"#/$defs/{CARD}", "examples": [KEY],
                                     "default": EMAIL}},
              "required": [EMAIL], "$defs": {CARD: {"const": CARD, "type": "string"}},
              "additionalProperties": {"type": "array", "items": {"description": EMAIL},
                                       "not": {"title": f"not {CARD}"}}}
    fake.script.append(Reply.json_body({
        "id": "x", "object": "chat.completion", "created": 1, "model": "m",
        "choices": [{"index": 0, "finish_reason": "tool_calls", "message": {
            "role": "assistant", "content": None, "tool_calls": [{
                "id": "call_1", "type": "function", "function": {
                    "name": "secret_retrieval_tool",
                    "arguments": json.dumps({"[EMAIL_1]": "[CREDIT_CARD_1]"})}}]}}]}))
    reply = await _openai_send(gw, _openai_tool(schema))
    sent = fake.received[-1].json()["tools"][0]["function"]["parameters"]  # type: ignore[index]
    assert sent == {
        "type": "object", "title": "for [EMAIL_1]",
        "properties": {"[EMAIL_1]": {"$ref": "#/$defs/[CREDIT_CARD_1]",
                                     "examples": ["[API_KEY_1]"], "default": "[EMAIL_1]"}},
        "required": ["[EMAIL_1]"],
        "$defs": {"[CREDIT_CARD_1]": {"const": "[CREDIT_CARD_1]", "type": "string"}},
        "additionalProperties": {"type": "array", "items": {"description": "[EMAIL_1]"},
                                 "not": {"title": "not [CREDIT_CARD_1]"}}}
    for value in (EMAIL, CARD, KEY):
        assert value not in fake.received[-1].body.decode()
    arguments = reply.choices[0].message.tool_calls[0].function.arguments
    assert json.loads(arguments) == {EMAIL: CARD}


SCHEMA_ROWS: list[tuple[dict[str, Any], str]] = [
    ({"type": "string", "pattern": f"^{EMAIL}$"}, "parameters.pattern holds a sensitive"),
    ({"type": "string", "format": KEY}, "parameters.format holds a sensitive value"),
    ({"type": "object", "patternProperties": {f"^{KEY}$": {"type": "string"}}},
     "parameters.patternProperties[key #0] holds a sensitive value"),
    ({"type": "strng"}, "parameters.type is not one of"),
    ({"type": "object", "additionalProperties": {"type": EMAIL}},
     "parameters.additionalProperties.type is not one of"),
    ({"type": "array", "items": {"type": "string", "pattern": EMAIL}},
     "parameters.items.pattern holds a sensitive value"),
    ({"if": {"format": KEY}}, "parameters.if.format holds a sensitive value"),
    # A regex escapes punctuation: the value is read through the escapes.
    ({"type": "string", "pattern": r"jane\.doe@example\.com"},
     "parameters.pattern holds a sensitive value"),
    ({"type": "string", "pattern": r"4111\-1111\-1111\-1111"},
     "parameters.pattern holds a sensitive value"),
    ({"type": "string", "maxLength": "Jane Doe"}, "parameters.maxLength is not a number"),
]


async def test_schema_structure_holding_a_value_is_refused(
    fake: FakeUpstream, gateway: StartGateway
) -> None:
    """A regex, a format or a type cannot be rewritten: one that holds a value or breaks
    its grammar refuses the request naming the keyword."""
    gw = await gateway()
    for schema, field in SCHEMA_ROWS:
        with pytest.raises(openai.BadRequestError) as caught:
            await _openai_send(gw, _openai_tool(schema))
        _assert_refused(caught.value, fake, f"tools[0].function.{field}")
        body = _recorded(ANTHROPIC_BASE)
        body["tools"][0]["input_schema"] = schema
        with pytest.raises(anthropic.BadRequestError) as refused:
            await _anthropic_send(gw, body)
        _assert_refused(refused.value, fake,
                        "tools[0]." + field.replace("parameters", "input_schema", 1))


async def test_schema_structure_passes_unchanged(
    fake: FakeUpstream, gateway: StartGateway
) -> None:
    """Control: patterns, formats, bounds and refs without values reach the upstream
    unchanged, through both SDKs (Chat ``parameters`` and Anthropic ``input_schema``)."""
    gw = await gateway()
    schema = {"type": "object", "properties": {
        "when": {"type": "string", "format": "date-time"},
        "code": {"type": "string", "pattern": "^[A-Z]{3}-\\d{4}$", "maxLength": 8},
        "items": {"type": "array", "items": {"$ref": "#/$defs/Item"}, "minItems": 1}},
        "required": ["when"], "additionalProperties": False,
        "$defs": {"Item": {"type": ["string", "null"]}}}
    fake.script.append(Reply("json", OPENAI_REPLY))
    await _openai_send(gw, _openai_tool(schema))
    assert fake.received[-1].json()["tools"][0]["function"]["parameters"] == schema  # type: ignore[index]
    body = _recorded(ANTHROPIC_BASE)
    body["tools"][0]["input_schema"] = schema
    fake.script.append(Reply("json", ANTHROPIC_REPLY))
    await _anthropic_send(gw, body)
    assert fake.received[-1].json()["tools"][0]["input_schema"] == schema  # type: ignore[index]


# -- binary payloads --------------------------------------------------------------------

PNG = base64.b64encode(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256))).decode()
JPEG = base64.b64encode(b"\xff\xd8\xff\xe0" + bytes(range(256))).decode()
PDF = base64.b64encode(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n" + bytes(range(256))).decode()


def _b64(text: str) -> str:
    return base64.b64encode(text.encode()).decode()


async def test_text_documents_are_decoded_sanitised_and_re_encoded(
    fake: FakeUpstream, gateway: StartGateway
) -> None:
    """A base64 text document (OpenAI ``file_data`` data: URL, a ``DATA:`` image URL
    holding text, Anthropic base64 source) reaches the upstream re-encoded with its
    values replaced."""
    gw = await gateway()
    fake.script.append(Reply("json", OPENAI_REPLY))
    body = _recorded(OPENAI_BASE)
    body["messages"][1]["content"] = [
        {"type": "file", "file": {"filename": "notes.txt",
                                  "file_data": "data:text/plain;base64," + _b64(f"mail {EMAIL}")}},
        {"type": "image_url", "image_url": {"url": "DATA:image/png;base64," + _b64(CARD)}}]
    await _openai_send(gw, body)
    parts = fake.received[-1].json()["messages"][1]["content"]  # type: ignore[index]
    prefix, data = parts[0]["file"]["file_data"].split(",", 1)
    assert prefix == "data:text/plain;base64"
    assert base64.b64decode(data).decode() == "mail [EMAIL_1]"
    prefix, data = parts[1]["image_url"]["url"].split(",", 1)
    assert prefix == "DATA:image/png;base64"
    assert base64.b64decode(data).decode() == "[CREDIT_CARD_1]"
    fake.script.append(Reply("json", ANTHROPIC_REPLY))
    body = _recorded(ANTHROPIC_BASE)
    body["messages"][0]["content"] = [{"type": "document", "source": {
        "type": "base64", "media_type": "text/plain", "data": _b64(f"card {CARD}")}}]
    await _anthropic_send(gw, body)
    source = fake.received[-1].json()["messages"][0]["content"][0]["source"]  # type: ignore[index]
    assert base64.b64decode(source["data"]).decode() == "card [CREDIT_CARD_1]"


BINARY_ROWS: list[tuple[dict[str, Any], str]] = [
    ({"type": "base64", "media_type": "image/png", "data": JPEG}, "is not a valid image/png"),
    ({"type": "base64", "media_type": "image/png", "data": f"{EMAIL}=="}, "is not base64"),
    ({"type": "base64", "media_type": "image/png", "data": PNG[:-2] + "="}, "is not"),
    ({"type": "base64", "media_type": "text/plain", "data": PDF},
     "declares a text media type but is not UTF-8 text"),
    ({"type": "base64", "media_type": "application/pdf", "data": {"x": EMAIL}},
     "is not base64"),
]
OPENAI_BINARY_ROWS: list[tuple[dict[str, Any], str]] = [
    ({"type": "image_url", "image_url": {"url": "data:image/png;base64," + JPEG}},
     "image_url.url is not a valid image/png"),
    ({"type": "image_url", "image_url": {"url": f"data:text/plain,{EMAIL}"}},
     "image_url.url is a data: URL that is not base64"),
    ({"type": "image_url", "image_url": {"url": "Data:image/png;base64," + JPEG}},
     "image_url.url is not a valid image/png"),
    ({"type": "input_audio", "input_audio": {"data": PNG, "format": "wav"}},
     "input_audio.data is not a valid audio/wav"),
]


async def test_malformed_binary_is_refused(fake: FakeUpstream, gateway: StartGateway) -> None:
    """Binary that is not valid base64, not what its media type says, or a "text" type
    holding binary refuses the request naming the field (Anthropic sources, Chat image
    data: URLs and input audio)."""
    gw = await gateway()
    for source, reason in BINARY_ROWS:
        body = _recorded(ANTHROPIC_BASE)
        body["messages"][0]["content"] = [{"type": "image", "source": source}]
        with pytest.raises(anthropic.BadRequestError) as caught:
            await _anthropic_send(gw, body)
        _assert_refused(caught.value, fake, f"messages[0].content[0].source.data {reason}")
    for part, why in OPENAI_BINARY_ROWS:
        body = _recorded(OPENAI_BASE)
        body["messages"][1]["content"] = [part]
        with pytest.raises(openai.BadRequestError) as refused:
            await _openai_send(gw, body)
        _assert_refused(refused.value, fake, f"messages[1].content[0].{why}")


async def test_binary_payloads_pass_byte_for_byte(
    fake: FakeUpstream, gateway: StartGateway
) -> None:
    """Control: real PNG, JPEG and PDF bytes and http image URLs pass unchanged."""
    gw = await gateway()
    fake.script.append(Reply("json", OPENAI_REPLY))
    body = _recorded(OPENAI_BASE)
    body["messages"][1]["content"] = [
        {"type": "image_url", "image_url": {"url": "data:image/png;base64," + PNG}},
        {"type": "image_url", "image_url": {"url": "https://example.com/cat.jpg"}},
        {"type": "file", "file": {"file_data": "data:application/pdf;base64," + PDF}}]
    await _openai_send(gw, body)
    assert fake.received[-1].json()["messages"] == body["messages"]
    fake.script.append(Reply("json", ANTHROPIC_REPLY))
    body = _recorded(ANTHROPIC_BASE)
    body["messages"][0]["content"] = [
        {"type": "image", "source": {"type": "base64", "media_type": "image/jpeg", "data": JPEG}},
        {"type": "document", "source": {"type": "base64", "media_type": "application/pdf",
                                        "data": PDF}}]
    await _anthropic_send(gw, body)
    assert fake.received[-1].json()["messages"] == body["messages"]


# -- relayed headers and query parameters -----------------------------------------------


async def test_relayed_headers_and_query_values_holding_a_value_are_refused(
    fake: FakeUpstream, gateway: StartGateway
) -> None:
    """An allow-listed header or query parameter that a detector finds is refused
    naming it; the SDKs' own headers and ``?beta=true`` are the control."""
    gw = await gateway()
    fake.script.append(Reply("json", OPENAI_REPLY))
    await _openai_send(gw, _recorded(OPENAI_BASE))  # control: the SDK's headers
    fake.received.clear()
    with pytest.raises(openai.BadRequestError) as caught:
        await _openai_send(gw, _recorded(OPENAI_BASE), default_headers={"Idempotency-Key": KEY})
    _assert_refused(caught.value, fake, "the idempotency-key header holds a sensitive value")
    with pytest.raises(openai.BadRequestError) as caught:
        await _openai_send(gw, _recorded(OPENAI_BASE), default_query={"api-version": CARD})
    _assert_refused(caught.value, fake, "the api-version query parameter holds")
    fake.script.append(Reply("json", ANTHROPIC_REPLY))
    await _anthropic_send(gw, _recorded(ANTHROPIC_BASE), default_query={"beta": "true"},
                          default_headers={"anthropic-beta": "files-api-2025-04-14"})
    assert fake.received[-1].path.endswith("?beta=true")  # control
    assert fake.received[-1].headers["anthropic-beta"] == "files-api-2025-04-14"
    fake.received.clear()
    with pytest.raises(anthropic.BadRequestError) as refused:
        await _anthropic_send(gw, _recorded(ANTHROPIC_BASE), default_query={"beta": KEY})
    _assert_refused(refused.value, fake, "the beta query parameter holds a sensitive value")
    with pytest.raises(anthropic.BadRequestError) as refused:
        await _anthropic_send(gw, _recorded(ANTHROPIC_BASE),
                              default_headers={"anthropic-beta": KEY})
    _assert_refused(refused.value, fake, "the anthropic-beta header holds a sensitive value")


# -- every recorded request: no false refusal -------------------------------------------

RECORDED_REQUESTS = sorted(
    path.name for path in RECORDED.glob("*.request.json")
    if path.name.startswith(("openai_chat_", "anthropic_messages_"))
)


async def test_every_recorded_request_passes_unchanged(
    fake: FakeUpstream, gateway: StartGateway
) -> None:
    """Control on every recorded request (both APIs, streamed and not, multi-turn tool
    calls, extended thinking on, the requests of recorded errors): the provider's own
    ids, tool names, models and settings pass every grammar and check, and the upstream
    receives the body as the SDK sent it (the transcripts hold no personal data, so
    nothing is rewritten)."""
    assert len(RECORDED_REQUESTS) >= 10
    gw = await gateway()
    for name in RECORDED_REQUESTS:
        body = _recorded(name)
        fake.received.clear()
        if name.startswith("openai_chat_"):
            fake.script.append(Reply("json", OPENAI_REPLY))
            await _openai_send(gw, body)
        else:
            fake.script.append(Reply("json", ANTHROPIC_REPLY))
            await _anthropic_send(gw, body)
        (received,) = fake.received
        assert received.json() == body, name
