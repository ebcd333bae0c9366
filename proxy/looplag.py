"""Finding what blocks the event loop: a lag ticker and a per-detector step timer.

A detector that does CPU work on the loop (a plugin scanning inline, a model called
without an executor) stalls every other request and stream of the process.  Two
things make that visible within minutes instead of through user reports:

* :class:`LoopLagMonitor` wakes every 100 ms and records how late it woke
  (``pseudogate_event_loop_lag_seconds``): the symptom, whoever caused it;
* :class:`MonitoredDetector` wraps each detector of a chain.  It times the whole call
  (``pseudogate_detector_seconds``) and, separately, every *step* of the call's
  coroutine, i.e. each stretch the detector ran on the loop between two awaits.  A step
  longer than :data:`BLOCK_THRESHOLD_S` is the detector blocking the loop: it is counted
  (``pseudogate_detector_loop_blocks_total``) and logged as a ``detector.blocked_loop``
  warning naming the detector and the milliseconds, never the text.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Coroutine, Generator, Sequence
from typing import Any, Final, final

from pipelines.spans import Detector, Span
from proxy.logs import get_logger
from proxy.metrics import Metrics

__all__ = ["BLOCK_THRESHOLD_S", "LoopLagMonitor", "MonitoredDetector"]

BLOCK_THRESHOLD_S: Final = 0.1
_TICK_S: Final = 0.1


@final
class _TimedSteps:
    """Awaitable driving ``coro`` step by step and timing each step on the loop."""

    __slots__ = ("_coro", "longest")

    def __init__(self, coro: Coroutine[Any, Any, list[list[Span]]]) -> None:
        self._coro = coro
        self.longest = 0.0

    def __await__(self) -> Generator[Any, Any, list[list[Span]]]:
        coro = self._coro
        send: Any = None
        error: BaseException | None = None
        while True:
            started = time.perf_counter()
            try:
                yielded = coro.send(send) if error is None else coro.throw(error)
            except StopIteration as stop:
                result: list[list[Span]] = stop.value
                return result
            finally:
                self.longest = max(self.longest, time.perf_counter() - started)
            try:
                send, error = (yield yielded), None
            except BaseException as exc:  # cancellation too: passed on into the detector
                send, error = None, exc


@final
class MonitoredDetector:
    """A detector with its calls timed; see the module docstring.  Transparent otherwise."""

    __slots__ = ("_inner", "_metrics", "_threshold")

    def __init__(self, inner: Detector, metrics: Metrics,
                 threshold_s: float = BLOCK_THRESHOLD_S) -> None:
        self._inner = inner
        self._metrics = metrics
        self._threshold = threshold_s

    @property
    def name(self) -> str:
        """The wrapped detector's name."""
        return self._inner.name

    @property
    def labels(self) -> frozenset[str]:
        """The wrapped detector's labels."""
        return self._inner.labels

    @property
    def inner(self) -> Detector:
        """The detector being timed."""
        return self._inner

    async def detect(self, texts: Sequence[str]) -> list[list[Span]]:
        """The wrapped ``detect``, timed as a whole and step by step."""
        steps = _TimedSteps(self._inner.detect(texts))
        started = time.perf_counter()
        try:
            return await steps
        finally:
            name = self._inner.name
            self._metrics.detector_seconds.labels(name).observe(time.perf_counter() - started)
            if steps.longest > self._threshold:
                self._metrics.detector_blocks.labels(name).inc()
                get_logger("pseudogate.detectors").warning(
                    "detector.blocked_loop", detector=name,
                    blocked_ms=round(steps.longest * 1000, 1),
                    threshold_ms=round(self._threshold * 1000),
                )


@final
class LoopLagMonitor:
    """Records how late the loop wakes a ticker; start in the app, stop on shutdown."""

    __slots__ = ("_metrics", "_task", "worst")

    def __init__(self, metrics: Metrics) -> None:
        self._metrics = metrics
        self._task: asyncio.Task[None] | None = None
        self.worst = 0.0

    def start(self) -> None:
        """Start ticking on the running loop."""
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._run(), name="loop-lag")

    async def stop(self) -> None:
        """Stop ticking."""
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            before = loop.time()
            await asyncio.sleep(_TICK_S)
            lag = max(0.0, loop.time() - before - _TICK_S)
            self.worst = max(self.worst, lag)
            self._metrics.loop_lag.observe(lag)
