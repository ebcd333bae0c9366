"""End to end: a keyword key more than one level above a value types it (#11).

Through the real gateway with the official SDKs, on the recorded tool-result requests:
bare nine-digit SSNs sit under ``ssn`` two levels up, in a list under ``ssn``, and as a
member name under ``ssn`` -- in OpenAI tool-call arguments and a tool result (JSON inside
a string, read by the canonical view) and in an Anthropic ``tool_use`` input (a JSON
object, read through the request walk's slot contexts).  None of them may reach the
upstream; a sibling number under an unrelated key, and the JSON structure, arrive as
sent.
"""

from __future__ import annotations

import json
from typing import Any

from tests.e2e import test_anthropic_sdk, test_openai_sdk
from tests.e2e.conftest import Gateway
from tests.e2e.fake_upstream import RECORDED, FakeUpstream, Reply

SSNS = ("536221234", "212097694", "401239876")
ORDER = "318456780"  # a valid SSN shape under "order": not typed, stays
ARGUMENTS = {"customer": {"ssn": {"primary": SSNS[0]}}, "order": {"id": ORDER}}
RESULT = [{"ssn": [SSNS[1]]}, {"ssn": {"list": {SSNS[2]: True}}}]


def check(fake: FakeUpstream) -> str:
    """No SSN reached the upstream; the unrelated number did."""
    sent = fake.received[-1].body.decode()
    assert not any(ssn in sent for ssn in SSNS), sent
    assert ORDER in sent
    return sent


async def test_openai_tool_arguments_and_results(gateway: Any, fake: FakeUpstream) -> None:
    """JSON inside strings: nested key paths gate the bare-SSN rule."""
    gw: Gateway = await gateway()
    fake.script.append(
        Reply.json_body(
            json.loads(
                (RECORDED / "openai_chat_nonstream_text_after_tool_results.response.json")
                .read_bytes()
            )
        )
    )
    body = json.loads(
        (RECORDED / "openai_chat_nonstream_text_after_tool_results.request.json").read_bytes()
    )
    body["messages"][2]["tool_calls"][0]["function"]["arguments"] = json.dumps(ARGUMENTS)
    body["messages"][3]["content"] = json.dumps(RESULT)
    await test_openai_sdk.call(True, gw.url, **body)
    messages = json.loads(check(fake))["messages"]
    arguments = json.loads(messages[2]["tool_calls"][0]["function"]["arguments"])
    assert arguments["customer"]["ssn"]["primary"].startswith("[US_SSN_")
    assert arguments["order"] == {"id": ORDER}
    result = json.loads(messages[3]["content"])
    assert result[0]["ssn"][0].startswith("[US_SSN_")
    (member,) = result[1]["ssn"]["list"]
    assert member.startswith("[US_SSN_")


async def test_anthropic_tool_use_input(gateway: Any, fake: FakeUpstream) -> None:
    """A tool_use input object: the slot contexts carry the nested key path."""
    gw: Gateway = await gateway()
    fake.script.append(
        Reply.json_body(
            json.loads(
                (RECORDED / "anthropic_messages_nonstream_text_after_tool_results.response.json")
                .read_bytes()
            )
        )
    )
    body = json.loads(
        (RECORDED / "anthropic_messages_nonstream_text_after_tool_results.request.json")
        .read_bytes()
    )
    body["messages"][1]["content"][1]["input"] = {**ARGUMENTS, "history": RESULT}
    await test_anthropic_sdk.call(True, gw.url, **body)
    sent = json.loads(check(fake))
    block = sent["messages"][1]["content"][1]["input"]
    assert block["customer"]["ssn"]["primary"].startswith("[US_SSN_")
    assert block["order"] == {"id": ORDER}
    assert block["history"][0]["ssn"][0].startswith("[US_SSN_")
