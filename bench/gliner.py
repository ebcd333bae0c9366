"""GLiNER detector benchmark: backends side by side, event-loop stall, throughput, F1.

Runs in one process, on the same prompts, through the real detector (windows, worker
pool, batching), and prints side by side:

* latency of one 500- and one 1,500-word prompt with torch fp32, ONNX fp32 and ONNX
  int8 (median of ``--repeat`` runs after warm-up), with ratios against torch;
* the event loop's longest stall while inference runs (a 1 ms ticker measures how late
  it wakes up) with the model in worker processes (what the detector does), next to the
  same detector with the model on a thread pool in the gateway's process, the model
  called inline on the loop, the idle loop's own worst wake-up (the machine's noise
  floor), and the worker-process stall again while another CPU-bound process runs;
* throughput with 4 concurrent 500-word requests against the same 4 in a row;
* micro F1 of the torch model on held-out synthetic sentences (EN + DE).

It ends with one JSON line holding ``torch_ms_1500``, ``onnx_ms_1500``,
``onnx_int8_ms_1500``, ``loop_stall_ms_max``, ``f1_micro`` and the rest.  Usage::

    PYTHONPATH=. .venv/bin/python bench/gliner.py [--model DIR] [--threads 2]

Figures depend on the machine and on whatever else runs on it; nothing here asserts.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
# Run as ``python bench/gliner.py``, Python puts bench/ first on sys.path, where this
# very file would shadow the ``gliner`` package: drop it, and add the repository root.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).parent]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from detectors.gliner import GlinerDetector, create  # noqa: E402 - after the path fix
from detectors.gliner_options import parse_options  # noqa: E402
from detectors.gliner_runtime import load_model, predict  # noqa: E402
from pipelines.spans import DetectorContext  # noqa: E402
from proxy.commands.model import export_onnx  # noqa: E402
from proxy.logs import configure_logging  # noqa: E402
from tests.models.synthetic import heldout, score  # noqa: E402


def _prompt(words: int, seed: int) -> str:
    """Held-out EN/DE sentences joined until the prompt has ``words`` words."""
    pieces: list[str] = []
    count = 0
    batch = 0
    while count < words:
        for example in heldout("en", 20, seed=seed + batch) + heldout("de", 20, seed=seed + batch):
            pieces.append(example.text)
            count += len(example.text.split())
            if count >= words:
                break
        batch += 1
    return " ".join(" ".join(pieces).split()[:words])


class _Ticker:
    """Measures how late a 1 ms sleeper wakes up: the loop's longest stall."""

    def __init__(self) -> None:
        self.worst = 0.0
        self._task: asyncio.Task[None] | None = None

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            before = loop.time()
            await asyncio.sleep(0.001)
            self.worst = max(self.worst, loop.time() - before - 0.001)

    def __enter__(self) -> _Ticker:
        self._task = asyncio.get_running_loop().create_task(self._run())
        return self

    def __exit__(self, *_exc: object) -> None:
        assert self._task is not None
        self._task.cancel()


async def _timed(call: Callable[[], Awaitable[Any]], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        await call()
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


async def _start(options: dict[str, object]) -> GlinerDetector:
    detector = create(options, DetectorContext(name="bench", base_dir=ROOT))
    await detector.start()
    return detector


async def _run(args: argparse.Namespace) -> dict[str, float]:
    model = str(Path(args.model).resolve())
    prompts = {500: _prompt(500, 100), 1500: _prompt(1500, 300)}
    common: dict[str, object] = {"torch_threads": args.threads, "queue_size": 64}
    results: dict[str, float] = {}
    stall_ms = 0.0
    with tempfile.TemporaryDirectory(prefix="gliner-bench-") as tmp:
        export_onnx(Path(model), Path(tmp))
        backends = {
            "torch": {"model": model},
            "onnx": {"model": tmp, "backend": "onnx", "onnx_file": "model.onnx"},
            "onnx_int8": {"model": tmp, "backend": "onnx", "onnx_file": "model_int8.onnx"},
        }
        torch_detector: GlinerDetector | None = None
        for name, options in backends.items():
            detector = await _start({**options, **common})
            for words, text in prompts.items():
                await detector.detect([text])  # warm this shape up
                with _Ticker() as ticker:
                    results[f"{name}_ms_{words}"] = await _timed(
                        _one(detector, text), args.repeat)
                stall_ms = max(stall_ms, ticker.worst * 1000)
            if name == "torch":
                torch_detector = detector
            else:
                await detector.aclose()
        assert torch_detector is not None
        text = prompts[500]
        serial = await _timed(lambda: _serial(torch_detector, text), 1)
        with _Ticker() as ticker:
            concurrent = await _timed(lambda: asyncio.gather(
                *(torch_detector.detect([text]) for _ in range(4))), 1)
        stall_ms = max(stall_ms, ticker.worst * 1000)
        results["rps_4_concurrent"] = 4000 / concurrent
        results["rps_4_serial"] = 4000 / serial
        results["loop_stall_ms_max"] = stall_ms
        results["busy_stall_ms"] = await _busy_stall(torch_detector, prompts)
        results["thread_stall_ms"] = await _thread_stall(model, common, prompts)
        results["inline_stall_ms"] = await _inline_stall(model, common, text)
        results["idle_stall_ms"] = await _idle_stall()
        examples = heldout("en", 100) + heldout("de", 100)
        found = await torch_detector.detect([e.text for e in examples])
        results["f1_micro"] = score(
            [list(e.spans) for e in examples],
            [[(s.start, s.end, s.label) for s in row] for row in found]).f1
        await torch_detector.aclose()
    return results


def _one(detector: GlinerDetector, text: str) -> Callable[[], Awaitable[Any]]:
    return lambda: detector.detect([text])


async def _serial(detector: GlinerDetector, text: str) -> None:
    for _ in range(4):
        await detector.detect([text])


async def _stalls(detector: GlinerDetector, prompts: dict[int, str], rounds: int = 3) -> float:
    """The loop's longest stall over ``rounds`` of both prompts through ``detector``."""
    with _Ticker() as ticker:
        for _ in range(rounds):
            for text in prompts.values():
                await detector.detect([text])
    return ticker.worst * 1000


async def _busy_stall(detector: GlinerDetector, prompts: dict[int, str]) -> float:
    """The worker-process stall while another process keeps a CPU busy."""
    hog = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    try:
        await asyncio.sleep(0.2)
        return await _stalls(detector, prompts)
    finally:
        hog.kill()
        hog.wait()


async def _thread_stall(model: str, common: dict[str, object], prompts: dict[int, str]
                        ) -> float:
    """The same detector with the model on a thread pool in this process (the old mode)."""
    options = parse_options({"model": model, **common}, DetectorContext(name="bench"))
    detector = GlinerDetector("bench", options, loader=load_model)
    await detector.start()
    try:
        for text in prompts.values():
            await detector.detect([text])
        return await _stalls(detector, prompts)
    finally:
        await detector.aclose()


async def _inline_stall(model: str, common: dict[str, object], text: str) -> float:
    """What the loop would suffer if the model ran on it: one 500-word call, inline."""
    options = parse_options({"model": model, **common}, DetectorContext(name="bench"))
    loaded = await asyncio.to_thread(load_model, options)
    predict(loaded, [text], options)  # warm up
    with _Ticker() as ticker:
        await asyncio.sleep(0.005)
        predict(loaded, [text], options)
        await asyncio.sleep(0.005)
    return ticker.worst * 1000


async def _idle_stall(seconds: float = 2.0) -> float:
    """The loop's longest stall with nothing running: the machine's own noise floor."""
    with _Ticker() as ticker:
        await asyncio.sleep(seconds)
    return ticker.worst * 1000


def _print(results: dict[str, float]) -> None:
    print(f"{'backend':<12}{'500 words ms':>14}{'1500 words ms':>15}{'vs torch @1500':>16}")
    for name in ("torch", "onnx", "onnx_int8"):
        ratio = results["torch_ms_1500"] / results[f"{name}_ms_1500"]
        print(f"{name:<12}{results[f'{name}_ms_500']:>14.1f}{results[f'{name}_ms_1500']:>15.1f}"
              f"{ratio:>15.2f}x")
    print(f"event-loop longest stall: {results['loop_stall_ms_max']:.1f} ms with worker "
          f"processes vs {results['thread_stall_ms']:.1f} ms with a thread pool "
          f"({results['thread_stall_ms'] / max(results['loop_stall_ms_max'], 0.01):.1f}x) vs "
          f"{results['inline_stall_ms']:.1f} ms inline; with a CPU-bound neighbour process: "
          f"{results['busy_stall_ms']:.1f} ms; idle loop, nothing running: "
          f"{results['idle_stall_ms']:.1f} ms")
    print(f"throughput, 500 words: {results['rps_4_concurrent']:.2f} req/s with 4 concurrent "
          f"vs {results['rps_4_serial']:.2f} req/s in a row "
          f"({results['rps_4_concurrent'] / results['rps_4_serial']:.2f}x)")
    print(f"held-out micro F1 (EN+DE, torch, threshold 0.5): {results['f1_micro']:.3f}")
    print(json.dumps({k: round(v, 3) for k, v in results.items()}, sort_keys=True))


def main(argv: list[str] | None = None) -> int:
    """Parse arguments, run, print the table and the JSON line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--model", default=str(ROOT / "tests" / "models" / "gliner-tiny"))
    parser.add_argument("--threads", type=int, default=1,
                        help="torch/onnxruntime threads (1 leaves a core to the loop on 2 CPUs)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per measurement (median)")
    args = parser.parse_args(argv)
    # Benchmarks run offline: a local model directory never needs the hub.
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    configure_logging("warning")  # to stderr: stdout holds the table and the JSON line
    _print(asyncio.run(_run(args)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
