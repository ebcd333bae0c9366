"""A GLiNER route through the real gateway: masked upstream, 503 on overload and timeout.

The gateway (``create_app``) runs in front of the recording fake upstream of the e2e
suite, with a route whose pipeline is the tiny GLiNER model.  Overload and a detector
timeout must refuse the request in the API's own error shape with nothing forwarded.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import aiohttp
from aiohttp.test_utils import TestServer

from detectors.gliner import GlinerDetector
from proxy.app import DETECTORS, create_app
from proxy.config import parse_config
from tests.e2e.fake_upstream import FakeUpstream, Reply
from tests.models.synthetic import heldout

AnyServer = Callable[..., Awaitable[TestServer]]
OPENAI = "/v1/chat/completions"
ANTHROPIC = "/v1/messages"


async def _serve(aiohttp_server: AnyServer, fake: FakeUpstream, model: Path,
                 timeout_s: float = 30, **options: Any) -> tuple[str, GlinerDetector]:
    upstream = await aiohttp_server(fake.app())
    fake.url = str(upstream.make_url("")).rstrip("/")
    data = {
        "upstreams": {"fake": {"base_url": fake.url, "auth": "passthrough"}},
        "detectors": {"ner": {"type": "gliner", "timeout_s": timeout_s,
                              "options": {"model": str(model), "torch_threads": 1, **options}}},
        # The tiny model reads a user agent as an address: what is forwarded unchanged
        # is checked by no detector here, only against the request's own values.
        "routes": [
            {"path": OPENAI, "api": "openai_chat", "upstream": "fake", "pipeline": ["ner"],
             "check_detectors": []},
            {"path": ANTHROPIC, "api": "anthropic_messages", "upstream": "fake",
             "pipeline": ["ner"], "check_detectors": []},
        ],
    }
    config = parse_config(data, source="<gliner-e2e>", base_dir=Path.cwd(), environ={})
    app = create_app(config)
    server = await aiohttp_server(app)
    detector = app[DETECTORS]["ner"]
    assert isinstance(detector, GlinerDetector) and detector.ready
    return str(server.make_url("")).rstrip("/"), detector


def _openai(text: str) -> dict[str, Any]:
    return {"model": "m", "messages": [{"role": "user", "content": text}]}


def _anthropic(text: str) -> dict[str, Any]:
    return {"model": "m", "max_tokens": 5, "messages": [{"role": "user", "content": text}]}


def _long_text() -> str:
    return " ".join(e.text for e in heldout("en", 200, seed=3))


async def test_names_found_by_the_model_never_reach_the_upstream(
    aiohttp_server: AnyServer, tiny_model: Path, torch_detector: GlinerDetector
) -> None:
    """Every value the model finds is a placeholder upstream and relinked for the client."""
    examples = heldout("en", 20, seed=8)
    found = await torch_detector.detect([e.text for e in examples])
    text, spans = next((e.text, s) for e, s in zip(examples, found, strict=True) if s)
    values = [text[s.start : s.end] for s in spans]
    placeholder = f"[{spans[0].label}_1]"
    reply = {"id": "c1", "object": "chat.completion", "created": 0, "model": "m",
             "choices": [{"index": 0, "finish_reason": "stop",
                          "message": {"role": "assistant", "content": f"Hi {placeholder}"}}]}
    fake = FakeUpstream(default=Reply.json_body(reply))
    url, _ = await _serve(aiohttp_server, fake, tiny_model)
    async with aiohttp.ClientSession() as client, client.post(
        url + OPENAI, json=_openai(text)
    ) as response:
        assert response.status == 200
        answer = await response.json()
    forwarded = fake.received[0].json()["messages"][0]["content"]  # type: ignore[index]
    assert all(value not in forwarded for value in values)
    assert placeholder in forwarded
    assert answer["choices"][0]["message"]["content"] == f"Hi {values[0]}"


async def test_overload_is_a_503_in_each_api_shape_and_nothing_is_forwarded(
    aiohttp_server: AnyServer, tiny_model: Path
) -> None:
    """While one request holds the only slot, others get 503 in their API's shape."""
    fake = FakeUpstream(default=Reply.json_body({"choices": []}))
    url, detector = await _serve(aiohttp_server, fake, tiny_model, queue_size=1)
    async with aiohttp.ClientSession() as client:
        busy = asyncio.create_task(client.post(url + OPENAI, json=_openai(_long_text())))
        for _ in range(2000):  # up to 10 s: the CPUs are shared
            if detector.in_flight:
                break
            await asyncio.sleep(0.005)
        assert detector.in_flight == 1
        async with client.post(url + OPENAI, json=_openai("Anna Schmidt")) as response:
            assert response.status == 503
            body = await response.json()
            assert body["error"]["code"] == "detector_overloaded"
            assert "Anna" not in body["error"]["message"]
        headers = {"anthropic-version": "2023-06-01"}
        async with client.post(url + ANTHROPIC, json=_anthropic("Anna Schmidt"),
                               headers=headers) as response:
            assert response.status == 503
            body = await response.json()
            assert body["type"] == "error" and body["error"]["type"] == "overloaded_error"
        first = await busy
        assert first.status == 200
        first.release()
    assert len(fake.received) == 1  # only the request that held the slot


async def test_detector_timeout_refuses_and_never_calls_the_upstream(
    aiohttp_server: AnyServer, tiny_model: Path
) -> None:
    """A detector slower than its timeout_s fails the request closed: 503, no upstream."""
    fake = FakeUpstream()
    url, detector = await _serve(aiohttp_server, fake, tiny_model, timeout_s=0.02)
    async with aiohttp.ClientSession() as client, client.post(
        url + OPENAI, json=_openai(_long_text())
    ) as response:
        assert response.status == 503
        body = await response.json()
        assert body["error"]["code"] == "detector_timeout"
    assert fake.received == []
    for _ in range(1000):  # the abandoned job finishes on its own and frees its slot
        if detector.in_flight == 0:
            break
        await asyncio.sleep(0.01)
    assert detector.in_flight == 0
