"""The GLiNER detector's plumbing, with an injected fake model (no torch, runs fast).

Covers the lifecycle (load and warm-up on the pool, ready, close), batching of all
windows of a request into one inference call, exact offsets back from windows,
per-label thresholds, the bounded queue (overload is immediate), cancellation (a
timed-out request keeps its slot until its job really ends and does not disturb later
requests), concurrency (simultaneous requests equal serial ones) and error hygiene.
"""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Any

import pytest

from detectors.gliner import GlinerDetector
from detectors.gliner_options import GlinerOptions, parse_options
from pipelines.errors import DetectorError, DetectorOverloaded
from pipelines.spans import DetectorContext, Span

VALUES = {"Anna Schmidt": "person", "Acme GmbH": "organization", "Berlin": "location",
          "Hauptstraße 5": "street address"}
SCORES = {"person": 0.9, "organization": 0.6, "location": 0.45, "street address": 0.8}


class FakeModel:
    """Finds fixed strings; records calls and threads; can be held at a gate."""

    def __init__(self, gate: threading.Event | None = None) -> None:
        self.calls: list[list[str]] = []
        self.threads: set[str] = set()
        self.gate = gate
        self.started = threading.Event()
        self.fail_with: Exception | None = None
        self.bad_offsets = False
        self.config = type("Config", (), {"max_len": 384})()

    def inference(self, texts: list[str], labels: list[str], threshold: float = 0.5,
                  batch_size: int = 8) -> list[list[dict[str, Any]]]:
        self.calls.append(list(texts))
        self.threads.add(threading.current_thread().name)
        self.started.set()
        if self.gate is not None:
            assert self.gate.wait(timeout=30)
        if self.fail_with is not None:
            raise self.fail_with
        out: list[list[dict[str, Any]]] = []
        for text in texts:
            row = []
            for value, prompt in VALUES.items():
                if prompt not in labels or SCORES[prompt] < threshold:
                    continue
                at = text.find(value)
                while at >= 0:
                    row.append({"start": at, "end": at + len(value), "label": prompt,
                                "score": SCORES[prompt], "text": value})
                    at = text.find(value, at + 1)
            if self.bad_offsets:
                row.append({"start": 5, "end": len(text) + 10, "label": "person", "score": 1.0})
            out.append(row)
        return out


def _options(tmp_path: Path, **extra: object) -> GlinerOptions:
    return parse_options({"model": str(tmp_path), **extra}, DetectorContext(name="ner"))


def _detector(tmp_path: Path, model: FakeModel, **extra: object) -> GlinerDetector:
    return GlinerDetector("ner", _options(tmp_path, **extra), loader=lambda _opts: model)


async def _drained(detector: GlinerDetector) -> bool:
    """Wait (up to 10 s: the CPUs are shared) until no job holds a queue slot."""
    for _ in range(1000):
        if detector.in_flight == 0:
            return True
        await asyncio.sleep(0.01)
    return False


def _found(text: str, spans: list[Span]) -> list[tuple[str, str]]:
    return [(text[s.start : s.end], s.label) for s in spans]


async def test_lifecycle_load_on_pool_warm_up_ready_close(tmp_path: Path) -> None:
    """start() loads on a pool thread and warms each worker; aclose() makes it unready."""
    model = FakeModel()
    loaded_on: list[str] = []

    def loader(_opts: GlinerOptions) -> FakeModel:
        loaded_on.append(threading.current_thread().name)
        return model

    detector = GlinerDetector("ner", _options(tmp_path, threads=3), loader=loader)
    assert not detector.ready
    with pytest.raises(DetectorError, match="not loaded"):
        await detector.detect(["Anna Schmidt"])
    await detector.start()
    assert detector.ready
    assert loaded_on[0].startswith("gliner-ner")
    assert len(model.calls) == 3 and len(model.threads) == 3  # one warm-up per worker
    await detector.aclose()
    assert not detector.ready
    with pytest.raises(DetectorError):
        await detector.detect(["Anna Schmidt"])


async def test_failed_load_leaves_nothing_running(tmp_path: Path) -> None:
    """A loader error propagates from start(); the detector stays unready."""
    def loader(_opts: GlinerOptions) -> FakeModel:
        raise OSError("weights missing")

    detector = GlinerDetector("ner", _options(tmp_path), loader=loader)
    with pytest.raises(OSError, match="weights missing"):
        await detector.start()
    assert not detector.ready


async def test_spans_exact_offsets_labels_and_empty_inputs(tmp_path: Path) -> None:
    """Spans map prompts to our labels with exact offsets; blank texts give no spans."""
    model = FakeModel()
    detector = _detector(tmp_path, model)
    await detector.start()
    texts = ["Anna Schmidt von Acme GmbH wohnt in der Hauptstraße 5, Berlin.", "", "  "]
    result = await detector.detect(texts)
    assert _found(texts[0], result[0]) == [
        ("Anna Schmidt", "PERSON"), ("Acme GmbH", "ORGANIZATION"),
        ("Hauptstraße 5", "ADDRESS"),
    ]  # Berlin's 0.45 is under the default threshold 0.5
    assert result[1:] == [[], []]
    assert all(s.detector == "ner" for s in result[0])
    assert await detector.detect([]) == []
    await detector.aclose()


async def test_per_label_thresholds(tmp_path: Path) -> None:
    """The global threshold applies unless a label has its own."""
    detector = _detector(tmp_path, FakeModel(), threshold=0.4, thresholds={"ADDRESS": 0.85})
    await detector.start()
    text = "Anna Schmidt, Hauptstraße 5, Berlin"
    (spans,) = await detector.detect([text])
    assert _found(text, spans) == [("Anna Schmidt", "PERSON"), ("Berlin", "LOCATION")]
    await detector.aclose()


async def test_long_texts_are_windowed_and_batched_in_one_call(tmp_path: Path) -> None:
    """All windows of all texts go to the model in one call; offsets map back exactly."""
    model = FakeModel()
    detector = _detector(tmp_path, model, window_words=20, overlap_words=6)
    await detector.start()
    filler = " ".join(["word"] * 17)
    long_text = f"{filler} Anna Schmidt {filler} Acme GmbH {filler} Berlin Berlin"
    texts = [long_text, "Anna Schmidt", long_text]
    model.calls.clear()
    result = await detector.detect(texts)
    assert len(model.calls) == 1 and len(model.calls[0]) > 3
    for text, spans in zip(texts, result, strict=True):
        assert [text[s.start : s.end] for s in spans] == [
            v for v in ("Anna Schmidt", "Acme GmbH") if v in text
        ]
        assert [s.start for s in spans] == sorted(s.start for s in spans)
    await detector.aclose()


async def test_window_is_capped_to_the_model_word_limit(tmp_path: Path) -> None:
    """A window larger than the model's max_len would be truncated silently: cap it."""
    model = FakeModel()
    model.config.max_len = 50
    detector = _detector(tmp_path, model, window_words=400, overlap_words=40)
    await detector.start()
    assert (detector.options.window_words, detector.options.overlap_words) == (50, 25)
    await detector.aclose()


async def test_overload_is_immediate_and_recovers(tmp_path: Path) -> None:
    """With the queue full, one more request fails at once; later ones succeed."""
    gate = threading.Event()
    model = FakeModel()
    detector = _detector(tmp_path, model, queue_size=2)
    await detector.start()
    model.gate = gate
    held = [asyncio.create_task(detector.detect([f"Anna Schmidt {i}"])) for i in range(2)]
    await asyncio.sleep(0)
    assert detector.in_flight == 2
    with pytest.raises(DetectorOverloaded) as info:
        await detector.detect(["Anna Schmidt"])
    assert "Anna" not in str(info.value) and "queue is full" in str(info.value)
    gate.set()
    assert all(len(r[0]) == 1 for r in await asyncio.gather(*held))
    assert await _drained(detector)
    assert len((await detector.detect(["Anna Schmidt"]))[0]) == 1
    await detector.aclose()


async def test_timeout_keeps_the_slot_until_the_job_ends_and_later_requests_are_clean(
    tmp_path: Path,
) -> None:
    """A cancelled request's running job still counts; its result never leaks later."""
    gate = threading.Event()
    model = FakeModel()
    detector = _detector(tmp_path, model, queue_size=1)
    await detector.start()
    model.gate = gate
    model.started.clear()
    with pytest.raises(TimeoutError):
        async with asyncio.timeout(0.05):
            await detector.detect(["Anna Schmidt in Berlin"])
    assert model.started.wait(5)
    assert detector.in_flight == 1  # the job is still running on the worker
    with pytest.raises(DetectorOverloaded):
        await detector.detect(["Acme GmbH"])
    gate.set()
    assert await _drained(detector)
    text = "Acme GmbH"
    (spans,) = await detector.detect([text])
    assert _found(text, spans) == [("Acme GmbH", "ORGANIZATION")]
    await detector.aclose()


async def test_cancelled_unstarted_job_never_runs(tmp_path: Path) -> None:
    """A request cancelled while queued behind another is dropped without running."""
    gate = threading.Event()
    model = FakeModel()
    detector = _detector(tmp_path, model, queue_size=4)
    await detector.start()
    model.gate = gate
    model.calls.clear()
    model.started.clear()
    first = asyncio.create_task(detector.detect(["Anna Schmidt"]))
    second = asyncio.create_task(detector.detect(["Acme GmbH"]))
    assert await asyncio.to_thread(model.started.wait, 10)  # the worker is busy with first
    await asyncio.sleep(0)
    second.cancel()
    # The cancel reaches the pool's future through a loop callback: let it land before
    # the worker frees up (otherwise the worker may already have taken the job).
    with pytest.raises(asyncio.CancelledError):
        await second
    gate.set()
    await first
    assert await _drained(detector)
    assert model.calls == [["Anna Schmidt"]]
    await detector.aclose()


async def test_concurrent_requests_equal_serial_results(tmp_path: Path) -> None:
    """Many simultaneous requests on two workers get exactly their own serial results."""
    detector = _detector(tmp_path, FakeModel(), threads=2, queue_size=64, window_words=16,
                         overlap_words=4)
    await detector.start()
    texts = [[f"{'x ' * i}Anna Schmidt {'y ' * (30 - i)}Acme GmbH", "Berlin " * i]
             for i in range(30)]
    serial = [await detector.detect(t) for t in texts]
    parallel = await asyncio.gather(*(detector.detect(t) for t in texts))
    assert parallel == serial
    await detector.aclose()


async def test_model_errors_become_detector_errors_without_their_message(
    tmp_path: Path,
) -> None:
    """A model exception is a DetectorError; its text (which may quote input) is not."""
    model = FakeModel()
    detector = _detector(tmp_path, model)
    await detector.start()
    model.fail_with = ValueError("cannot parse 'Anna Schmidt'")
    with pytest.raises(DetectorError) as info:
        await detector.detect(["Anna Schmidt"])
    assert "Anna" not in str(info.value) and "ValueError" in str(info.value)
    assert isinstance(info.value.__cause__, ValueError)
    model.fail_with = None
    assert detector.in_flight == 0
    await detector.aclose()


async def test_out_of_range_offsets_from_the_model_are_dropped(tmp_path: Path) -> None:
    """A span outside its text is never trusted (it would mask the wrong characters)."""
    model = FakeModel()
    detector = _detector(tmp_path, model)
    await detector.start()
    model.bad_offsets = True
    text = "Anna Schmidt"
    (spans,) = await detector.detect([text])
    assert _found(text, spans) == [("Anna Schmidt", "PERSON")]
    await detector.aclose()
