"""End to end: a custom rule's ``context`` words hold in the reply as in the prompt (#11).

The route's ``regex`` detector has an operator rule ``B-[0-9]{6}`` that counts only after
the word "badge"; the route redacts its label.  The prompt and the streamed reply (one
character per SSE event, official openai SDK) both hold ``badge B-123456`` and, more
than 50 characters on, ``build B-654321``: the upstream gets the first replaced and the
second as written, and the client gets the same verdict, masked.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path

from aiohttp.test_utils import TestServer

from proxy.app import create_app
from proxy.config import parse_config
from tests.e2e import test_openai_sdk
from tests.e2e.conftest import config_data
from tests.e2e.fake_upstream import RECORDED, FakeUpstream, Reply, respell

AnyServer = Callable[..., Awaitable[TestServer]]
GAP = " is fine, and after a long day of tests the nightly"  # over 50 characters
TAIL = f" Your badge B-123456{GAP} build B-654321 passed."
MASKED = f" Your badge [REDACTED:BADGE]{GAP} build B-654321 passed."


async def test_reply_masks_only_where_the_context_word_is(
    aiohttp_server: AnyServer, fake: FakeUpstream
) -> None:
    """Prompt and streamed reply agree value by value on a context-gated custom label."""
    data = config_data(fake.url, redact=["BADGE"])
    data["detectors"]["regex"]["options"] = {
        "custom": [{"label": "BADGE", "pattern": r"B-[0-9]{6}", "context": ["badge"]}]
    }
    config = parse_config(data, source="<e2e>", base_dir=Path.cwd(), environ={})
    server = await aiohttp_server(create_app(config))
    url = str(server.make_url("")).rstrip("/")
    raw = respell(
        (RECORDED / "openai_chat_stream_text.sse").read_bytes(), "openai", lambda _c, t: t + TAIL
    )
    fake.script.append(Reply.sse(raw, chunk=3))
    body = test_openai_sdk.recorded_request("openai_chat_stream_text.request.json")
    body.pop("stream_options", None)
    body["stream"] = True
    body["messages"][-1]["content"] += TAIL
    chunks = await test_openai_sdk.call(True, url + "/guarded", **body)
    sent = fake.received[-1].body.decode()
    assert f"badge [BADGE_1]{GAP} build B-654321 passed." in sent
    assert "B-123456" not in sent
    content = test_openai_sdk.streamed_channels(chunks)[(0, "content")]
    assert content.endswith(MASKED)
