"""End to end: follow-ups, stored responses, models, embeddings and relayed headers.

Through the real gateway with the official ``openai`` and ``anthropic`` SDKs: a
``previous_response_id`` follow-up continues the earlier response's vault (and is
refused when the gateway does not hold it), a stored response and its input items come
back relinked, ``DELETE`` is relayed, model lists pass through filtered with the
route's key handling, embeddings inputs are sanitised (token arrays refused), and the
SDKs' ``x-stainless-*`` headers are relayed while others are not.
"""

from __future__ import annotations

import base64
import json
import struct
from collections.abc import Awaitable, Callable
from typing import Any

import anthropic
import openai
import pytest

from tests.e2e.conftest import PROMPT, PROVIDER_KEY, SEED_FORMS, SEEDS, Gateway
from tests.e2e.fake_upstream import RECORDED, FakeUpstream, Reply
from tests.e2e.responses_transcripts import respell

StartGateway = Callable[..., Awaitable[Gateway]]
LEAKY_HEADER = {"x-stainless-note": "AKIAIOSFODNN7EXAMPLE"}


def options(url: str) -> dict[str, Any]:
    """SDK client options for the gateway."""
    return {"base_url": url + "/v1", "api_key": "sk-client", "max_retries": 0, "timeout": 20}


def never_saw_seeds(fake: FakeUpstream) -> None:
    """No seeded value, in any form, in anything the upstream received."""
    assert fake.received
    for request in fake.received:
        text = request.path + request.body.decode() + json.dumps(request.headers)
        for seed in SEED_FORMS:
            assert seed not in text


def stored_response() -> dict[str, Any]:
    """The recorded text reply's final response object, with placeholders in its text."""
    raw = respell((RECORDED / "openai_responses_stream_text.sse").read_bytes(),
                  lambda key, text: f"{text} Write to [EMAIL_1].")
    line = next(line for line in raw.decode().splitlines()
                if line.startswith("data: ") and "response.completed" in line)
    response: dict[str, Any] = json.loads(line[6:])["response"]
    return response


async def test_follow_up_continues_the_vault(fake: FakeUpstream, gateway: StartGateway) -> None:
    """Turn 2 names turn 1's id: new values number on, turn 1's placeholders relink."""
    gw = await gateway()
    first = stored_response()
    fake.script.append(Reply.json_body(first))
    async with openai.AsyncOpenAI(**options(gw.url)) as client:
        one = await client.responses.create(model="gpt-4o", input=PROMPT)
        assert one.id == first["id"]
        assert SEEDS["EMAIL"] in one.output_text
        second = dict(stored_response(), id="resp_second")
        second["output"][0]["content"][0]["text"] = "Also [EMAIL_2] and [EMAIL_1]."
        fake.script.append(Reply.json_body(second))
        two = await client.responses.create(
            model="gpt-4o", previous_response_id=one.id,
            input=f"and bob@corp.example, not {SEEDS['EMAIL']}")
    never_saw_seeds(fake)
    sent = fake.received[-1].json()
    assert sent["previous_response_id"] == one.id
    # jane is [EMAIL_1] from turn 1; bob is new: [EMAIL_2], not a second [EMAIL_1].
    assert sent["input"] == "and [EMAIL_2], not [EMAIL_1]"
    assert two.output_text == f"Also bob@corp.example and {SEEDS['EMAIL']}."


async def test_unknown_previous_response_is_refused(
    fake: FakeUpstream, gateway: StartGateway
) -> None:
    """A follow-up of an id the session store does not know, or of another client's
    response (memory store): 400 in the Responses shape, nothing forwarded."""
    gw = await gateway()
    fake.script.append(Reply.json_body(stored_response()))
    async with openai.AsyncOpenAI(**options(gw.url)) as client, \
            openai.AsyncOpenAI(**dict(options(gw.url), api_key="sk-other")) as other:
        mine = await client.responses.create(model="gpt-4o", input=PROMPT)
        for sdk, response_id in ((client, "resp_elsewhere"), (other, mine.id)):
            with pytest.raises(openai.BadRequestError) as refused:
                await sdk.responses.create(model="gpt-4o", previous_response_id=response_id,
                                           input=PROMPT)
            assert refused.value.code == "previous_response_unknown"
            body: Any = refused.value.body
            assert body["type"] == "invalid_request_error"
    assert len(fake.received) == 1


async def test_stored_response_items_and_delete(
    fake: FakeUpstream, gateway: StartGateway
) -> None:
    """GET and input_items relink with the response's session; DELETE is relayed."""
    gw = await gateway()
    first = stored_response()
    fake.script.append(Reply.json_body(first))
    async with openai.AsyncOpenAI(**options(gw.url)) as client:
        created = await client.responses.create(model="gpt-4o", input=PROMPT)
        fake.script.append(Reply.json_body(first))
        fetched = await client.responses.retrieve(
            created.id, include=["message.output_text.logprobs"])
        assert fetched.output_text == created.output_text
        assert SEEDS["EMAIL"] in fetched.output_text
        sent_input = fake.received[0].json()["input"]
        fake.script.append(Reply.json_body({
            "object": "list", "first_id": "msg_1", "last_id": "msg_1", "has_more": False,
            "data": [{"id": "msg_1", "type": "message", "role": "user", "status": "completed",
                      "content": [{"type": "input_text", "text": sent_input}]}]}))
        items = await client.responses.input_items.list(created.id, limit=5)
        (item,) = items.data
        content: Any = item.to_dict()["content"]
        assert content[0]["text"] == PROMPT
        fake.script.append(Reply.json_body(
            {"id": created.id, "object": "response", "deleted": True}))
        await client.responses.delete(created.id)
        fake.script.append(Reply.json_body(first))
        # Another client's view of the same id: not its session, so nothing relinks.
        async with openai.AsyncOpenAI(**dict(options(gw.url), api_key="sk-other")) as other:
            foreign = await other.responses.retrieve(created.id)
    never_saw_seeds(fake)
    paths = [request.path for request in fake.received]
    assert paths[1] == f"/v1/responses/{created.id}?include%5B%5D=message.output_text.logprobs"
    assert paths[2] == f"/v1/responses/{created.id}/input_items?limit=5"
    assert [request.path for request in fake.received][3] == f"/v1/responses/{created.id}"
    assert "[EMAIL_1]" in foreign.output_text and SEEDS["EMAIL"] not in foreign.output_text


async def test_stored_response_ids_are_checked(fake: FakeUpstream, gateway: StartGateway
                                               ) -> None:
    """An id, query value or relayed header holding a value, or a streamed retrieve: 400,
    nothing forwarded."""
    gw = await gateway()
    async with openai.AsyncOpenAI(**options(gw.url)) as client:
        with pytest.raises(openai.BadRequestError):
            await client.responses.retrieve("AKIAIOSFODNN7EXAMPLE")
        with pytest.raises(openai.BadRequestError):
            await client.responses.input_items.list("resp_1", after="AKIAIOSFODNN7EXAMPLE")
        with pytest.raises(openai.BadRequestError):
            await client.responses.retrieve("resp_1", stream=True)
        # A relayed header (the x-stainless family) holding a value: refused too.
        for call in (client.responses.retrieve("resp_1", extra_headers=LEAKY_HEADER),
                     client.models.retrieve("gpt-4o", extra_headers=LEAKY_HEADER)):
            with pytest.raises(openai.BadRequestError) as refused:
                await call
            assert "x-stainless-note" in refused.value.message
            assert "AKIA" not in refused.value.message
    assert fake.received == []


async def test_models_pass_through_per_sdk(fake: FakeUpstream, gateway: StartGateway) -> None:
    """/v1/models: OpenAI and Anthropic clients reach their own route and its key rule."""
    gw = await gateway()
    fake.script.append(Reply.json_body({"object": "list", "data": [
        {"id": "gpt-4o", "object": "model", "created": 1, "owned_by": "AKIAIOSFODNN7EXAMPLE"}]}))
    fake.script.append(Reply.json_body(
        {"id": "gpt-4o", "object": "model", "created": 1, "owned_by": "system"}))
    fake.script.append(Reply.json_body({"data": [
        {"type": "model", "id": "claude-sonnet-4-0", "display_name": "Claude Sonnet 4",
         "created_at": "2025-05-14T00:00:00Z"}], "has_more": False,
        "first_id": "claude-sonnet-4-0", "last_id": "claude-sonnet-4-0"}))
    async with openai.AsyncOpenAI(**options(gw.url)) as client:
        listed = [model async for model in client.models.list()]
        one = await client.models.retrieve("gpt-4o")
    async with anthropic.AsyncAnthropic(base_url=gw.url, api_key="sk-ant-client",
                                        max_retries=0) as claude:
        page = await claude.models.list(limit=5)
        fake.script.append(Reply.json_body(
            {"type": "model", "id": "claude-sonnet-4-0", "display_name": "Claude Sonnet 4",
             "created_at": "2025-05-14T00:00:00Z"}))
        claude_one = await claude.models.retrieve("claude-sonnet-4-0")
    assert claude_one.display_name == "Claude Sonnet 4"
    assert listed[0].owned_by == "[REDACTED:API_KEY]"
    assert one.id == "gpt-4o"
    assert page.data[0].id == "claude-sonnet-4-0"
    openai_list, openai_one, claude_list, claude_model = fake.received
    assert (openai_list.path, openai_one.path, claude_list.path, claude_model.path) == (
        "/v1/models", "/v1/models/gpt-4o", "/v1/models?limit=5",
        "/v1/models/claude-sonnet-4-0")
    assert {k.lower(): v for k, v in claude_model.headers.items()}["x-api-key"] \
        == PROVIDER_KEY
    openai_headers = {k.lower(): v for k, v in openai_list.headers.items()}
    claude_headers = {k.lower(): v for k, v in claude_list.headers.items()}
    assert openai_headers["authorization"] == "Bearer sk-client"
    # The Anthropic route injects its key in Anthropic's header; the client's is dropped.
    assert claude_headers["x-api-key"] == PROVIDER_KEY
    assert "sk-ant-client" not in json.dumps(claude_list.headers)
    assert "anthropic-version" in claude_headers


async def test_embeddings_input_is_sanitised(fake: FakeUpstream, gateway: StartGateway) -> None:
    """Strings become placeholder text; vectors come back untouched; token arrays 400."""
    gw = await gateway()
    vector = base64.b64encode(struct.pack("<3f", 0.25, -1.0, 2.5)).decode()
    fake.script.append(Reply.json_body({"object": "list", "model": "text-embedding-3-small",
        "data": [{"object": "embedding", "index": 0, "embedding": [0.5, -0.25]},
                 {"object": "embedding", "index": 1, "embedding": vector}],
        "usage": {"prompt_tokens": 9, "total_tokens": 9}}))
    async with openai.AsyncOpenAI(**options(gw.url)) as client:
        result = await client.embeddings.create(model="text-embedding-3-small",
                                                input=[PROMPT, "plain words"])
        with pytest.raises(openai.BadRequestError) as refused:
            await client.embeddings.create(model="text-embedding-3-small", input=[[1, 2, 3]])
    never_saw_seeds(fake)
    (request,) = fake.received
    sent = request.json()["input"]
    assert isinstance(sent, list) and "[EMAIL_1]" in sent[0] and sent[1] == "plain words"
    assert result.data[0].embedding == [0.5, -0.25]
    assert refused.value.code == "unsupported_input"


async def test_sdk_headers_relayed_others_dropped(
    fake: FakeUpstream, gateway: StartGateway
) -> None:
    """The x-stainless-* family reaches the upstream; an X-User header does not."""
    gw = await gateway()
    raw = (RECORDED / "openai_responses_stream_text.sse").read_bytes()
    fake.script.append(Reply.sse(raw))
    async with openai.AsyncOpenAI(**options(gw.url),
                                  default_headers={"X-User": SEEDS["EMAIL"]}) as client, \
            client.responses.stream(model="gpt-4o", input="hi") as stream:
        await stream.get_final_response()
    (request,) = fake.received
    names = {name.lower() for name in request.headers}
    assert {"x-stainless-lang", "x-stainless-read-timeout", "x-stainless-retry-count"} <= names
    assert "x-user" not in names
    never_saw_seeds(fake)

