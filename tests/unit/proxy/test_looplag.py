"""Finding what blocks the event loop (proxy.looplag).

A detector that sleeps *on* the loop is named in a ``detector.blocked_loop`` warning
and counted; one that awaits the same time is not (it did not block anything).  The
wrapper changes nothing else: results and cancellation pass through.  The lag ticker
sees a stall of the loop.  Through the app: every chain detector is wrapped.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Sequence
from pathlib import Path

import pytest
from structlog.testing import capture_logs

from pipelines.spans import Span
from proxy.app import ROUTES, create_app
from proxy.config import parse_config
from proxy.looplag import LoopLagMonitor, MonitoredDetector
from proxy.metrics import Metrics


class _Sleeper:
    """A detector that waits ``seconds`` either on the loop (blocking) or awaiting."""

    labels = frozenset({"X"})

    def __init__(self, name: str, seconds: float, *, blocking: bool) -> None:
        self.name = name
        self.seconds = seconds
        self.blocking = blocking
        self.cancelled = False

    async def detect(self, texts: Sequence[str]) -> list[list[Span]]:
        await asyncio.sleep(0)
        if self.blocking:
            time.sleep(self.seconds)
        else:
            try:
                await asyncio.sleep(self.seconds)
            except asyncio.CancelledError:
                self.cancelled = True
                raise
        return [[Span(0, 1, "X", 1.0, self.name)] for _ in texts]


@pytest.mark.parametrize("blocking", [True, False])
async def test_only_a_detector_that_blocks_the_loop_is_named(blocking: bool) -> None:
    """Blocking 150 ms on the loop: warned and counted; awaiting 150 ms: neither."""
    metrics = Metrics()
    monitored = MonitoredDetector(_Sleeper("plugin", 0.15, blocking=blocking), metrics)
    with capture_logs() as logs:
        result = await monitored.detect(["ab", "cd"])
    assert result == [[Span(0, 1, "X", 1.0, "plugin")]] * 2
    warned = [e for e in logs if e["event"] == "detector.blocked_loop"]
    assert metrics.detector_blocks.labels("plugin")._value.get() == (1 if blocking else 0)
    assert metrics.detector_seconds.labels("plugin")._sum.get() >= 0.15
    if blocking:
        assert len(warned) == 1 and warned[0]["detector"] == "plugin"
        assert warned[0]["blocked_ms"] >= 150
    else:
        assert warned == []


async def test_cancellation_reaches_the_detector() -> None:
    """A timeout around the wrapper cancels the wrapped coroutine."""
    inner = _Sleeper("slow", 10, blocking=False)
    with pytest.raises(TimeoutError):
        async with asyncio.timeout(0.05):
            await MonitoredDetector(inner, Metrics()).detect(["x"])
    assert inner.cancelled


async def test_lag_ticker_sees_a_stall() -> None:
    """Blocking the loop 300 ms shows as a lag of at least 200 ms."""
    monitor = LoopLagMonitor(Metrics())
    monitor.start()
    await asyncio.sleep(0.15)
    time.sleep(0.3)
    await asyncio.sleep(0.15)
    await monitor.stop()
    assert monitor.worst >= 0.2


def test_app_chains_are_monitored() -> None:
    """Every detector of every route's chain is wrapped by the app."""
    config = parse_config({
        "upstreams": {"demo": {"type": "demo"}},
        "detectors": {"regex": {"type": "regex"}},
        "routes": [{"path": "/v1/chat/completions", "api": "openai_chat", "upstream": "demo",
                    "pipeline": ["regex"]}],
    }, source="<t>", base_dir=Path.cwd(), environ={})
    app = create_app(config)
    assert app[ROUTES] == {}  # nothing started yet
    from proxy.app import _COMPILED

    chain, _policy = app[_COMPILED]["/v1/chat/completions"]
    assert all(isinstance(d, MonitoredDetector) for d in chain.detectors)
