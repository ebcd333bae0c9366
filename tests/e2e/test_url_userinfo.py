"""End to end: a login in a URL's userinfo is no e-mail address, a password is a secret (#11).

Through the real gateway with the official SDKs: the prompt holds an ssh remote with a
port (``ssh://git@gitlab.example.net:2222/team/app.git``, once masked in part as
``ssh://[EMAIL_1].net:…``), a database URL with a password, a real address, a credential
pair without a scheme (``DATABASE_URL=deploy:…@db.example.net:5432``, no e-mail) and an
address written as an http URL's userinfo (``http://jane.doe@example.com/``).  The
upstream must get the remote byte for byte, the passwords and the addresses replaced.  The
fake upstream streams the same text back one character per event on a route that
redacts ``EMAIL`` and ``API_KEY`` without relinking: the client gets the same verdict
as the prompt (the remote whole, the password and the address masked).
"""

from __future__ import annotations

import re

import pytest

from tests.e2e import test_anthropic_sdk, test_openai_sdk
from tests.e2e.conftest import Gateway
from tests.e2e.fake_upstream import RECORDED, FakeUpstream, Reply, respell

REMOTE = "ssh://git@gitlab.example.net:2222/team/app.git"
PASSWORD = "S3cr3t!x9"
DATABASE = f"postgres://admin:{PASSWORD}@db.example.com:5432/app"
ADDRESS = "ops.team@corp.example.org"
# a credential pair without a scheme, and an address written as an http URL's userinfo
PAIR_PASSWORD = "Pa55w0rd!"
PAIR = f"DATABASE_URL=deploy:{PAIR_PASSWORD}@db.example.net:5432"
HTTP_ADDRESS = "jane.doe@example.com"
TEXT = (
    f" Clone {REMOTE}, connect to {DATABASE} and mail {ADDRESS}. Set {PAIR},"
    f" write to http://{HTTP_ADDRESS}/ too."
)
MASKED = (
    f" Clone {REMOTE}, connect to postgres://admin:[REDACTED:API_KEY]@db.example.com:5432/app"
    " and mail [REDACTED:EMAIL]. Set DATABASE_URL=deploy:[REDACTED:API_KEY]@db.example.net:5432,"
    " write to http://[REDACTED:EMAIL]/ too."
)


def check_upstream(fake: FakeUpstream) -> None:
    """The remote reached the upstream whole; the password and the address did not."""
    sent = fake.received[-1].body.decode()
    assert REMOTE in sent
    assert re.search(r"postgres://admin:\[API_KEY_\d+\]@db\.example\.com:5432/app", sent)
    assert re.search(r"and mail \[EMAIL_\d+\]\.", sent)
    assert re.search(r"DATABASE_URL=deploy:\[API_KEY_\d+\]@db\.example\.net:5432,", sent)
    assert re.search(r"write to http://\[EMAIL_\d+\]/ too", sent)
    for value in (PASSWORD, ADDRESS, PAIR_PASSWORD, HTTP_ADDRESS):
        assert value not in sent


async def test_openai_stream_userinfo(gateway: object, fake: FakeUpstream) -> None:
    """Chat Completions, streamed one character per event: prompt and reply agree."""
    gw: Gateway = await gateway(redact=["EMAIL", "API_KEY"])  # type: ignore[operator]
    raw = respell(
        (RECORDED / "openai_chat_stream_text.sse").read_bytes(), "openai", lambda _c, t: t + TEXT
    )
    fake.script.append(Reply.sse(raw, chunk=7))
    body = test_openai_sdk.recorded_request("openai_chat_stream_text.request.json")
    body.pop("stream_options", None)
    body["stream"] = True
    body["messages"][-1]["content"] += TEXT
    chunks = await test_openai_sdk.call(True, gw.url + "/guarded", **body)
    check_upstream(fake)
    content = test_openai_sdk.streamed_channels(chunks)[(0, "content")]
    assert content.endswith(MASKED)


@pytest.mark.parametrize("use_async", [False, True], ids=["sync", "async"])
async def test_anthropic_stream_userinfo(
    gateway: object, fake: FakeUpstream, use_async: bool
) -> None:
    """Messages, streamed one character per event: prompt and reply agree."""
    gw: Gateway = await gateway(redact=["EMAIL", "API_KEY"])  # type: ignore[operator]
    raw = respell(
        (RECORDED / "anthropic_messages_stream_text.sse").read_bytes(),
        "anthropic",
        lambda _c, t: t + TEXT,
    )
    fake.script.append(Reply.sse(raw, chunk=5))
    body = test_anthropic_sdk.request("anthropic_messages_stream_text")
    body["messages"][-1]["content"] += TEXT
    events = await test_anthropic_sdk.call(use_async, gw.url + "/guarded", stream=True, **body)
    check_upstream(fake)
    text = "".join(test_anthropic_sdk.streamed_channels(events).values())
    assert text.endswith(MASKED)
