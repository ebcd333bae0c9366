"""End to end with the OpenAI Agents SDK: an agent with one tool, through the gateway.

The agent runs on the Responses API (``OpenAIResponsesModel`` over an ``AsyncOpenAI``
client pointed at the gateway; tracing off, nothing leaves loopback).  The fake upstream
replays the recorded two-turn function-calling transcripts with placeholders spliced
into the call arguments and the answer: the tool must receive the real value, the
upstream must never see one, and the agent's final output carries the real values.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import openai
from agents import Agent, OpenAIResponsesModel, Runner, function_tool, set_tracing_disabled

from tests.e2e.conftest import PROMPT, SEED_FORMS, SEEDS, Gateway
from tests.e2e.fake_upstream import RECORDED, FakeUpstream, Reply
from tests.e2e.responses_transcripts import Key, respell

StartGateway = Callable[..., Awaitable[Gateway]]


def splice(key: Key, text: str) -> str:
    """The recorded passwords gain the seeded e-mail's placeholder; the answer names it."""
    if key[1] == "response.function_call_arguments.delta":
        return text.replace('"}', ' [EMAIL_1]"}')
    return f"{text} (asked by [EMAIL_1])"


async def test_agent_with_one_tool(fake: FakeUpstream, gateway: StartGateway) -> None:
    """Two model turns and two tool calls: real values at the tool and in the output."""
    set_tracing_disabled(True)
    gw = await gateway()
    for name in ("openai_responses_stream_parallel_function_calls",
                 "openai_responses_stream_text_after_function_outputs"):
        fake.script.append(Reply.sse(respell((RECORDED / f"{name}.sse").read_bytes(),
                                             splice), chunk=9))
    received: list[str] = []

    @function_tool
    def secret_retrieval_tool(password: str) -> str:
        """A tool that requires a password to retrieve a secret."""
        received.append(password)
        return f"the secret for {password} is kept by {SEEDS['PHONE']}"

    client = openai.AsyncOpenAI(base_url=gw.url + "/v1", api_key="sk-client", max_retries=0)
    agent = Agent(name="keeper", instructions="Use parallel tool calling.",
                  tools=[secret_retrieval_tool],
                  model=OpenAIResponsesModel(model="gpt-4o", openai_client=client))
    try:
        result = Runner.run_streamed(
            agent, f"Please retrieve the secrets for mellon and radiance. {PROMPT}")
        async for _ in result.stream_events():
            pass
    finally:
        await client.close()
    assert received == [f"mellon {SEEDS['EMAIL']}", f"radiance {SEEDS['EMAIL']}"]
    assert len(fake.received) == 2
    for request in fake.received:
        text = request.body.decode()
        assert all(seed not in text for seed in SEED_FORMS)
    second: Any = fake.received[1].json()
    outputs = [item for item in second["input"] if item.get("type") == "function_call_output"]
    assert len(outputs) == 2 and all("[PHONE_1]" in item["output"] for item in outputs)
    assert isinstance(result.final_output, str)
    assert result.final_output.endswith(f"(asked by {SEEDS['EMAIL']})")
