"""Downloading a model: ``gliner fetch`` and ``allow_download: true``, against a fake hub.

The project's tiny model is served by :class:`~tests.gliner.fake_hub.FakeHub` on
loopback, and ``HF_ENDPOINT`` points the real ``huggingface_hub`` code at it (the
machines have no route to the real hub).  Both run in a subprocess with the offline
switches off (``huggingface_hub`` reads them at import) and a fresh ``HF_HOME``:

* ``pseudogate gliner fetch OWNER/NAME --to DIR`` writes exactly the served files;
* a ``gliner`` detector with ``model: OWNER/NAME`` and ``allow_download: true``
  downloads at start-up (in its worker process) and then finds the name in a text.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from aiohttp.test_utils import TestServer

from tests.gliner.fake_hub import FakeHub

ROOT = Path(__file__).resolve().parents[2]
REPO = "pseudogate-test/gliner-tiny"
AnyServer = Callable[..., Awaitable[TestServer]]


@pytest.fixture
async def hub(aiohttp_server: AnyServer, tiny_model: Path) -> tuple[FakeHub, str]:
    """The fake hub serving the tiny model as ``REPO``, and its URL."""
    fake = FakeHub(REPO, tiny_model)
    server = await aiohttp_server(fake.app())
    return fake, str(server.make_url("")).rstrip("/")


def _env(url: str, home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("HF_HUB_OFFLINE", "TRANSFORMERS_OFFLINE", "HF_DATASETS_OFFLINE")
           and not k.lower().endswith("_proxy")}
    env.update(HF_ENDPOINT=url, HF_HOME=str(home), HF_HUB_DISABLE_TELEMETRY="1",
               PYTHONPATH=str(ROOT))
    return env


async def _cli(env: dict[str, str], *args: str) -> tuple[int, str, str]:
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "proxy.cli", *args, env=env, cwd=ROOT,
        stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE)
    async with asyncio.timeout(300):
        out, err = await process.communicate()
    assert process.returncode is not None
    return process.returncode, out.decode(), err.decode()


async def test_fetch_downloads_the_served_model(hub: tuple[FakeHub, str], tiny_model: Path,
                                                tmp_path: Path) -> None:
    """The files written are byte for byte the served ones; the hub saw the downloads."""
    fake, url = hub
    target = tmp_path / "model"
    code, out, err = await _cli(_env(url, tmp_path / "hf"), "gliner", "fetch", REPO,
                                "--to", str(target))
    assert code == 0, err
    assert f"model: {target}" in out
    for name, data in fake.files.items():
        assert (target / name).read_bytes() == data
    assert any(r.startswith("GET /pseudogate-test/gliner-tiny/resolve/") for r in fake.requests)
    code, _out, err = await _cli(_env(url, tmp_path / "hf"), "gliner", "fetch", "nobody/none",
                                 "--to", str(tmp_path / "other"))
    assert code == 2
    assert err.strip().splitlines() == [
        "pseudogate: configuration error: nobody/none: download failed "
        "(LocalEntryNotFoundError) (expected a reachable hub (HF_ENDPOINT) and an existing "
        "model repository)"]


async def test_allow_download_loads_from_the_hub_at_start_up(
    hub: tuple[FakeHub, str], tmp_path: Path
) -> None:
    """``model: OWNER/NAME`` with ``allow_download: true``: downloaded, then it detects."""
    fake, url = hub
    config = tmp_path / "gliner.yaml"
    config.write_text(json.dumps({
        "upstreams": {"demo": {"type": "demo"}},
        "detectors": {"ner": {"type": "gliner", "timeout_s": 120, "options": {
            "model": REPO, "allow_download": True, "torch_threads": 1}}},
        "routes": [{"name": "scan", "path": "/scan", "api": "openai_chat", "upstream": "demo",
                    "pipeline": ["ner"]}],
    }), encoding="utf-8")
    text = tmp_path / "in.txt"
    text.write_text("Anna Schmidt from Example Corp moved to Berlin last May.\n")
    code, out, err = await _cli(_env(url, tmp_path / "hf"), "scan", "--config", str(config),
                                str(text))
    assert code == 1, err
    assert "Anna Schmidt" not in out.splitlines()[0] and "[PERSON_1]" in out
    assert any("/resolve/" in r and r.endswith("model.safetensors") for r in fake.requests)
    assert list((tmp_path / "hf").rglob("model.safetensors"))
