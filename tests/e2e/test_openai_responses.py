"""End to end: the Responses API through the gateway with the official ``openai`` SDK.

The fake upstream replays the recorded Responses transcripts with placeholders spliced
into every channel and re-chunked to one character per delta event.  Each test checks
that the upstream never received a seeded value, that each channel the client assembled
from deltas is exactly what the whole-string egress filter gives, and that every whole
copy of a channel (``*.done``, parts, items, ``response.completed``) carries that same
text.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from typing import Any

import openai
import pydantic
import pytest

from tests.e2e.conftest import PROMPT, SEED_FORMS, SEEDS, Gateway
from tests.e2e.fake_upstream import RECORDED, FakeUpstream, Reply
from tests.e2e.responses_transcripts import (
    Key,
    client_copies,
    client_deltas,
    reasoning_transcript,
    respell,
    transcript_channels,
)

StartGateway = Callable[..., Awaitable[Gateway]]
PATH = "/v1/responses"
ARGUMENTS = "response.function_call_arguments.delta"
SUMMARY = "response.reasoning_summary_text.delta"


def seeded_request(name: str) -> dict[str, Any]:
    """A recorded request with the seeded prompt appended to its last user message."""
    body: dict[str, Any] = json.loads((RECORDED / name).read_bytes())
    for item in reversed(body["input"]):
        if item.get("role") == "user":
            item["content"] = f"{item['content']} {PROMPT}"
            break
    return body


def splice(key: Key, text: str) -> str:
    """Placeholders in a channel's text; JSON arguments stay valid JSON."""
    if key[1] == ARGUMENTS:
        parsed = json.loads(text)
        return json.dumps({k: f"{v} [EMAIL_1]" for k, v in parsed.items()})
    return f"{text} Contact [EMAIL_1] or [PHONE_1]; not [EMAIL_99]."


def assert_nothing_leaked(fake: FakeUpstream) -> None:
    """No seeded value, in any form, in anything the upstream received."""
    assert fake.received
    for request in fake.received:
        text = request.body.decode() + json.dumps(request.headers)
        for seed in SEED_FORMS:
            assert seed not in text
    assert "[EMAIL_1]" in fake.received[-1].body.decode()


def client_options(url: str) -> dict[str, Any]:
    """Options for an SDK client pointed at the gateway."""
    return {"base_url": url + "/v1", "api_key": "sk-client", "max_retries": 0, "timeout": 20}


async def stream_events(use_async: bool, url: str, body: dict[str, Any]) -> list[Any]:
    """``responses.create(stream=True)`` through the async client or the sync one."""
    if use_async:
        async with openai.AsyncOpenAI(**client_options(url)) as client:
            stream = await client.responses.create(**body)
            return [event async for event in stream]

    def run() -> list[Any]:
        with openai.OpenAI(**client_options(url)) as client:
            return list(client.responses.create(**body))

    return await asyncio.to_thread(run)


async def expected(gw: Gateway, body: dict[str, Any], raw: bytes) -> dict[Key, str]:
    """Per channel, what the whole-string filter makes of the replayed text."""
    return {
        key: await gw.expected(PATH, body, text, json_string=key[1] == ARGUMENTS,
                               signed=key[1] == SUMMARY)
        for key, text in transcript_channels(raw).items()
    }


def assert_copies_agree(events: list[Any], deltas: dict[Key, str]) -> None:
    """Every whole copy the client received equals the text it assembled from deltas."""
    copies = client_copies(events)
    assert copies
    for where, key, text in copies:
        assert text == deltas.get(key, ""), where


@pytest.mark.parametrize("use_async", [False, True], ids=["sync", "async"])
@pytest.mark.parametrize("name", ["openai_responses_stream_text",
                                  "openai_responses_stream_parallel_function_calls",
                                  "openai_responses_stream_text_after_function_outputs"])
async def test_streamed_reply_is_relinked_exactly(
    fake: FakeUpstream, gateway: StartGateway, name: str, use_async: bool
) -> None:
    """Text and function-call streams: whole-string output per channel, every copy equal."""
    gw = await gateway()
    raw = respell((RECORDED / f"{name}.sse").read_bytes(), splice)
    fake.script.append(Reply.sse(raw, chunk=7))
    body = seeded_request(f"{name}.request.json")
    events = await stream_events(use_async, gw.url, body)
    assert_nothing_leaked(fake)
    deltas = client_deltas(events)
    assert deltas == await expected(gw, body, raw)
    assert_copies_agree(events, deltas)
    joined = "".join(deltas.values())
    assert SEEDS["EMAIL"] in joined and "[EMAIL_1]" not in joined
    numbers = [event.sequence_number for event in events]
    assert numbers == list(range(len(numbers)))


@pytest.mark.parametrize("name", ["openai_responses_stream_text",
                                  "openai_responses_stream_parallel_function_calls",
                                  "openai_responses_stream_text_after_function_outputs"])
async def test_byte_and_event_writes_give_identical_results(
    fake: FakeUpstream, gateway: StartGateway, name: str
) -> None:
    """One byte per write and one event per write: the same events reach the client."""
    gw = await gateway()
    raw = respell((RECORDED / f"{name}.sse").read_bytes(), splice)
    body = seeded_request(f"{name}.request.json")
    seen = []
    for chunk in (1, 0):  # one byte per write, one event per write
        fake.script.append(Reply.sse(raw, chunk=chunk))
        events = await stream_events(True, gw.url, body)
        seen.append([event.to_dict() for event in events])
    assert seen[0] == seen[1]


@pytest.mark.parametrize("use_async", [False, True], ids=["sync", "async"])
async def test_stream_helper_final_response(
    fake: FakeUpstream, gateway: StartGateway, use_async: bool
) -> None:
    """``responses.stream()`` and ``get_final_response()``: the relinked final output."""
    gw = await gateway()
    raw = respell((RECORDED / "openai_responses_stream_text.sse").read_bytes(), splice)
    fake.script.append(Reply.sse(raw, chunk=3))
    body = seeded_request("openai_responses_stream_text.request.json")
    body.pop("stream")
    if use_async:
        async with openai.AsyncOpenAI(**client_options(gw.url)) as client, \
                client.responses.stream(**body) as stream:
            texts = [event.delta async for event in stream
                     if event.type == "response.output_text.delta"]
            final = await stream.get_final_response()
    else:
        def run() -> tuple[list[str], Any]:
            with openai.OpenAI(**client_options(gw.url)) as client, \
                    client.responses.stream(**body) as stream:
                deltas = [event.delta for event in stream
                          if event.type == "response.output_text.delta"]
                return deltas, stream.get_final_response()

        texts, final = await asyncio.to_thread(run)
    assert_nothing_leaked(fake)
    (want,) = (await expected(gw, dict(body, stream=True), raw)).values()
    assert "".join(texts) == want == final.output_text
    assert SEEDS["EMAIL"] in final.output_text


async def test_reasoning_summary_streams_and_checks(
    fake: FakeUpstream, gateway: StartGateway
) -> None:
    """A reasoning summary is a signed channel: its placeholders are not relinked, so
    the reasoning item goes back as the client got it; with a raw value it is refused."""
    gw = await gateway()
    recorded = (RECORDED / "openai_responses_stream_text.sse").read_bytes()
    raw = respell(reasoning_transcript(recorded, "The user asks about [EMAIL_1] sums."),
                  splice)
    fake.script.append(Reply.sse(raw, chunk=11))
    body = seeded_request("openai_responses_stream_text.request.json")
    body["reasoning"] = {"effort": "low", "summary": "auto"}
    body["include"] = ["reasoning.encrypted_content"]
    events = await stream_events(True, gw.url, body)
    deltas = client_deltas(events)
    assert deltas == await expected(gw, body, raw)
    assert_copies_agree(events, deltas)
    summary = deltas[(0, "response.reasoning_summary_text.delta", 0)]
    assert "[EMAIL_1]" in summary and SEEDS["EMAIL"] not in summary
    reasoning = next(event.item for event in events if event.type ==
                     "response.output_item.done" and event.item.type == "reasoning")
    # The next turn sends the reasoning item back as it came: it passes ...
    item = reasoning.to_dict()
    assert item["summary"][0]["text"] == summary
    follow: dict[str, Any] = {"model": "gpt-4o",
                              "input": [item, {"role": "user", "content": "thanks"}]}
    fake.script.append(Reply.sse(recorded))
    async with openai.AsyncOpenAI(**client_options(gw.url)) as client:
        await client.responses.create(**follow, stream=True)
        # ... and with a raw value put in, it is refused before the upstream.
        item["summary"][0]["text"] = summary.replace("[EMAIL_1]", SEEDS["EMAIL"])
        before = len(fake.received)
        with pytest.raises(openai.BadRequestError) as refused:
            await client.responses.create(**follow)
    assert len(fake.received) == before
    assert SEEDS["EMAIL"] not in str(refused.value)


@pytest.mark.parametrize("use_async", [False, True], ids=["sync", "async"])
async def test_function_calling_across_turns(
    fake: FakeUpstream, gateway: StartGateway, use_async: bool
) -> None:
    """Turn 1 streams calls; turn 2 sends them back with outputs holding seeded values."""
    gw = await gateway()
    first = respell((RECORDED / "openai_responses_stream_parallel_function_calls.sse")
                    .read_bytes(), splice)
    fake.script.append(Reply.sse(first, chunk=5))
    body = seeded_request("openai_responses_stream_parallel_function_calls.request.json")
    events = await stream_events(use_async, gw.url, body)
    calls = [event.item for event in events if event.type == "response.output_item.done"]
    assert [json.loads(call.arguments)["password"].endswith(SEEDS["EMAIL"]) for call in calls] \
        == [True, True]
    # Turn 2: the client's history (calls with relinked arguments) plus tool outputs.
    second = respell((RECORDED / "openai_responses_stream_text_after_function_outputs.sse")
                     .read_bytes(), splice)
    fake.script.append(Reply.sse(second, chunk=5))
    follow = dict(body)
    follow["input"] = [*body["input"], *(call.to_dict() for call in calls),
                       *({"type": "function_call_output", "call_id": call.call_id,
                          "output": f"secret for {SEEDS['IBAN']}"} for call in calls)]
    events = await stream_events(use_async, gw.url, follow)
    assert_nothing_leaked(fake)
    sent: Any = fake.received[-1].json()
    outputs = [item for item in sent["input"] if item.get("type") == "function_call_output"]
    assert all("[IBAN_1]" in item["output"] for item in outputs)
    deltas = client_deltas(events)
    assert deltas == await expected(gw, follow, second)
    assert_copies_agree(events, deltas)


@pytest.mark.parametrize("use_async", [False, True], ids=["sync", "async"])
async def test_non_streamed_response(
    fake: FakeUpstream, gateway: StartGateway, use_async: bool
) -> None:
    """A whole response body: output text and call arguments relinked, the rest filtered."""
    gw = await gateway()
    raw = respell((RECORDED / "openai_responses_stream_parallel_function_calls.sse")
                  .read_bytes(), splice)
    completed = next(json.loads(line[6:]) for line in raw.decode().splitlines()
                 if line.startswith("data: ") and "response.completed" in line)
    fake.script.append(Reply.json_body(completed["response"]))
    body = seeded_request("openai_responses_stream_parallel_function_calls.request.json")
    body.pop("stream")
    if use_async:
        async with openai.AsyncOpenAI(**client_options(gw.url)) as client:
            response = await client.responses.create(**body)
    else:
        def run() -> Any:
            with openai.OpenAI(**client_options(gw.url)) as client:
                return client.responses.create(**body)

        response = await asyncio.to_thread(run)
    assert_nothing_leaked(fake)
    want = await expected(gw, dict(body, stream=True), raw)
    got = {(position, ARGUMENTS, -1): item.arguments
           for position, item in enumerate(response.output)}
    assert got == want


async def test_structured_output_parses(fake: FakeUpstream, gateway: StartGateway) -> None:
    """``responses.parse``: the schema is sanitised going out, the parsed reply relinked."""
    gw = await gateway()
    recorded = (RECORDED / "openai_responses_stream_text.sse").read_bytes()
    reply = json.dumps({"contact": "[EMAIL_1]", "total": 4242})
    raw = respell(recorded, lambda key, text: reply)
    completed = next(json.loads(line[6:]) for line in raw.decode().splitlines()
                     if line.startswith("data: ") and "response.completed" in line)
    response = completed["response"]
    response["text"] = {"format": {"type": "json_schema", "name": "Contact", "strict": True,
                                   "schema": {}}}
    fake.script.append(Reply.json_body(response))

    class Contact(pydantic.BaseModel):
        """The structured reply."""

        contact: str = pydantic.Field(description=f"e.g. {SEEDS['EMAIL']}")
        total: int

    body = seeded_request("openai_responses_stream_text.request.json")
    body.pop("stream")
    async with openai.AsyncOpenAI(**client_options(gw.url)) as client:
        parsed = await client.responses.parse(**body, text_format=Contact)
    assert_nothing_leaked(fake)
    sent: Any = fake.received[-1].json()
    schema = sent["text"]["format"]["schema"]
    assert schema["properties"]["contact"]["description"] == "e.g. [EMAIL_1]"
    assert parsed.output_parsed == Contact(contact=SEEDS["EMAIL"], total=4242)


@pytest.mark.parametrize("use_async", [False, True], ids=["sync", "async"])
async def test_refusal_mid_stream_is_the_apis_error_event(
    fake: FakeUpstream, gateway: StartGateway, use_async: bool
) -> None:
    """A key block open past the ceiling: the SDK raises on the error event, no key bytes."""
    gw = await gateway(redact=("PRIVATE_KEY",), max_held_chars=256)
    key_body = "MIIEvQIBADANBgkqhkiG9w0BAQEFAASC" * 20
    raw = respell((RECORDED / "openai_responses_stream_text.sse").read_bytes(),
                  lambda key, text: f"{text} -----BEGIN PRIVATE KEY-----\n{key_body}")
    fake.script.append(Reply.sse(raw, chunk=5))
    body = seeded_request("openai_responses_stream_text.request.json")
    with pytest.raises(openai.APIError) as refused:
        await stream_events(use_async, gw.url, body)
    assert "could not be settled" in refused.value.message
    assert "MIIEvQ" not in str(refused.value.body)


async def test_cut_stream_ends_with_the_error_event(
    fake: FakeUpstream, gateway: StartGateway
) -> None:
    """An upstream that stops before response.completed: the error event, held text dropped."""
    gw = await gateway()
    raw = respell((RECORDED / "openai_responses_stream_text.sse").read_bytes(), splice)
    fake.script.append(Reply("cut", raw, cut_at=raw.index(b"response.output_text.done")))
    body = seeded_request("openai_responses_stream_text.request.json")
    async with openai.AsyncOpenAI(**client_options(gw.url)) as client:
        stream = await client.responses.create(**body)
        seen: list[Any] = []
        with pytest.raises(openai.APIError):
            async for event in stream:
                seen.append(event)
    assert seen and all(event.type != "response.completed" for event in seen)
