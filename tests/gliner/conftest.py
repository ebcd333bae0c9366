"""Session fixtures for the GLiNER tests: the committed tiny model, started detectors.

The model in ``tests/models/gliner-tiny`` was built offline by
``tests/models/build_gliner.py``; it is loaded through the same ``create`` → ``start``
path a user's model takes.  Loading and warming a detector costs a few seconds (most of
it importing gliner), so detectors are started once per session and shared; ONNX copies
are exported once per session by the real ``pseudogate gliner export`` command.

Detectors are started with ``asyncio.run`` in sync fixtures: a detector's worker pool
does not belong to any event loop, so async tests on their own loops can use it.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path

import pytest

from detectors.gliner import GlinerDetector, create
from pipelines.spans import DetectorContext
from proxy.cli import main as cli_main

ROOT = Path(__file__).resolve().parents[2]
TINY = ROOT / "tests" / "models" / "gliner-tiny"


@pytest.fixture(scope="session", autouse=True)
def _hub_offline() -> Iterator[None]:
    """No test may reach the Hugging Face hub (the machines have no route to it)."""
    saved = {k: os.environ.get(k) for k in ("HF_HUB_OFFLINE", "TRANSFORMERS_OFFLINE")}
    os.environ.update(HF_HUB_OFFLINE="1", TRANSFORMERS_OFFLINE="1")
    yield
    for key, value in saved.items():
        if value is None:
            os.environ.pop(key, None)
        else:
            os.environ[key] = value


@pytest.fixture(scope="session")
def tiny_model() -> Path:
    """The committed tiny model directory."""
    assert (TINY / "model.safetensors").is_file(), "run tests/models/build_gliner.py"
    return TINY


def start_detector(options: dict[str, object], name: str = "ner") -> GlinerDetector:
    """Create and start a detector from YAML-like options (outside any event loop)."""
    detector = create(options, DetectorContext(name=name, base_dir=ROOT))
    asyncio.run(detector.start())
    return detector


def stop_detector(detector: GlinerDetector) -> None:
    """Close a detector started by :func:`start_detector`."""
    asyncio.run(detector.aclose())


@pytest.fixture(scope="session")
def torch_detector(tiny_model: Path) -> Iterator[GlinerDetector]:
    """The torch backend, two workers, one torch thread each (the CPUs are shared)."""
    detector = start_detector({"model": str(tiny_model), "threads": 2, "torch_threads": 1,
                               "queue_size": 64})
    yield detector
    stop_detector(detector)


@pytest.fixture
def make_detector() -> Iterator[Callable[..., Awaitable[GlinerDetector]]]:
    """``await make_detector(**options)``: a started detector, closed after the test."""
    made: list[GlinerDetector] = []

    async def make(**options: object) -> GlinerDetector:
        detector = create(options, DetectorContext(name="ner", base_dir=ROOT))
        made.append(detector)
        await detector.start()
        return detector

    yield make
    for detector in made:
        stop_detector(detector)


@pytest.fixture(scope="session")
def onnx_dir(tiny_model: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """ONNX fp32 and int8 copies made by ``pseudogate gliner export`` (offline, seconds)."""
    out = tmp_path_factory.mktemp("gliner-onnx")
    assert cli_main(["gliner", "export", str(tiny_model), "--out", str(out)]) == 0
    return out


@pytest.fixture(scope="session")
def onnx_detectors(onnx_dir: Path) -> Iterator[dict[str, GlinerDetector]]:
    """The onnx backend on the fp32 and the int8 export."""
    detectors = {
        kind: start_detector({"model": str(onnx_dir), "backend": "onnx", "onnx_file": file,
                              "torch_threads": 1})
        for kind, file in (("fp32", "model.onnx"), ("int8", "model_int8.onnx"))
    }
    yield detectors
    for detector in detectors.values():
        stop_detector(detector)
