"""A fake OpenAI-compatible scrubber server on loopback, with misbehaviour on demand.

:class:`FakeScrubber` is a real aiohttp server answering ``POST /v1/chat/completions``
the way a model server would answer an ``llm_scrubber`` call.  It records every request
body.  What it answers is the next :class:`Behaviour` of its script (or ``default``):

* ``finds``: the texts it received are searched for each of ``finds`` and every value
  that occurs is reported with its label (what a good model would do), plus the
  ``extra`` items as given, found or not (hallucinations, prompt-injected "findings");
* ``malformed``: ``content`` is returned as the message content as it is;
* ``status``: that HTTP status with an error body;
* ``gate``: the answer waits until :attr:`FakeScrubber.gate` is set (a slow model; the
  handler notes in :attr:`waiting` that it holds a call); ``delay``: it waits that long.

With :attr:`FakeScrubber.provider` set, the server is also that provider: a call
without ``response_format`` (what the SDKs send) is the provider's to answer.

Oracle code of its own: it does not import the product's answer parsing.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Sequence
from dataclasses import dataclass, field

from aiohttp import web

from tests.e2e.fake_upstream import FakeUpstream


@dataclass(frozen=True)
class Behaviour:
    """One answer; see the module docstring."""

    finds: Sequence[tuple[str, str]] = ()
    extra: Sequence[dict[str, object]] = ()
    malformed: str | None = None
    status: int = 200
    gated: bool = False
    delay: float = 0.0


@dataclass
class FakeScrubber:
    """Records scrubber calls and answers them by script."""

    default: Behaviour = field(default_factory=Behaviour)
    script: list[Behaviour] = field(default_factory=list)
    received: list[dict[str, object]] = field(default_factory=list)
    gate: asyncio.Event = field(default_factory=asyncio.Event)
    waiting: int = 0
    cancelled: int = 0
    url: str = ""
    provider: FakeUpstream | None = None

    def app(self) -> web.Application:
        """The aiohttp app to serve."""
        app = web.Application()
        app.router.add_post("/v1/chat/completions", self._handle)
        return app

    def texts(self) -> list[str]:
        """Every text of every call received, in order."""
        found: list[str] = []
        for body in self.received:
            messages = body["messages"]
            assert isinstance(messages, list)
            sent = json.loads(messages[-1]["content"])
            found.extend(item["text"] for item in sent["texts"])
        return found

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        body = await request.json()
        if self.provider is not None and "response_format" not in body:
            return await self.provider.handle(request)
        self.received.append(body)
        behaviour = self.script.pop(0) if self.script else self.default
        if behaviour.gated:
            self.waiting += 1
            try:
                await self.gate.wait()
            except asyncio.CancelledError:
                self.cancelled += 1
                raise
            finally:
                self.waiting -= 1
        if behaviour.delay:
            await asyncio.sleep(behaviour.delay)
        if behaviour.status != 200:
            return web.json_response({"error": {"message": "model crashed"}},
                                     status=behaviour.status)
        if behaviour.malformed is not None:
            return _completion(behaviour.malformed)
        texts = [item["text"] for item in json.loads(body["messages"][-1]["content"])["texts"]]
        findings: list[dict[str, object]] = [
            {"index": index, "value": value, "label": label}
            for index, text in enumerate(texts)
            for label, value in behaviour.finds if value in text
        ]
        findings.extend(behaviour.extra)
        return _completion(json.dumps({"findings": findings}))


def _completion(content: str) -> web.Response:
    return web.json_response({
        "id": "chatcmpl-fake-scrubber", "object": "chat.completion", "created": 1,
        "model": "fake-scrubber",
        "choices": [{"index": 0, "finish_reason": "stop",
                     "message": {"role": "assistant", "content": content}}],
    })
