"""Tests of turning a config into detectors, chains and a running detector set."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

from detectors.registry import GROUP, Registry
from pipelines.errors import DetectorError
from pipelines.spans import DetectorContext, Span
from proxy.assembly import build_chain, build_detectors, new_vault, running
from proxy.config import Config, parse_config

_EVENTS: list[str] = []


class _Managed:
    """A detector with a lifecycle that records its calls in the test's event list."""

    def __init__(self, name: str, fail_start: bool) -> None:
        self._name = name
        self._fail_start = fail_start

    @property
    def name(self) -> str:
        return self._name

    @property
    def labels(self) -> frozenset[str]:
        return frozenset({"X"})

    async def detect(self, texts: Sequence[str]) -> list[list[Span]]:
        if "boom" in texts[0]:
            raise RuntimeError("boom")
        return [[Span(0, 1, "X", 1.0, self._name)] if t.startswith("x") else [] for t in texts]

    async def start(self) -> None:
        if self._fail_start:
            raise OSError("cannot load")
        _EVENTS.append(f"start {self._name}")

    async def aclose(self) -> None:
        _EVENTS.append(f"close {self._name}")


def create(options: Mapping[str, object], context: DetectorContext) -> _Managed:
    """Factory used through an injected entry point."""
    return _Managed(context.name, bool(options.get("fail_start", False)))


def _registry() -> Registry:
    entry = EntryPoint(name="managed", value=f"{__name__}:create", group=GROUP)
    return Registry(lambda: [entry])


def _config(fail_second: bool = False) -> Config:
    data = {
        "server": {"max_placeholder_index": 7},
        "upstreams": {"demo": {"type": "demo"}},
        "detectors": {
            "first": {"type": "managed", "timeout_s": 0.5},
            "second": {"type": "managed", "options": {"fail_start": fail_second}},
            "unused": {"type": "managed"},
        },
        "routes": [{"path": "/a", "api": "openai_chat", "upstream": "demo",
                    "pipeline": ["second", "first"], "fail_open": ["first"]}],
    }
    return parse_config(data, source="<test>", base_dir=Path("/"), environ={})


@pytest.fixture(autouse=True)
def _clear_events() -> None:
    """Each test starts with an empty event log."""
    _EVENTS.clear()


def test_build_detectors_all_or_only() -> None:
    """All configured detectors by default, in file order; ``only`` narrows it."""
    config = _config()
    assert list(build_detectors(config, _registry())) == ["first", "second", "unused"]
    assert list(build_detectors(config, _registry(), only=("second",))) == ["second"]


async def test_build_chain_follows_the_route() -> None:
    """The chain has the route's pipeline order, timeouts and fail-open set."""
    config = _config()
    detectors = build_detectors(config, _registry())
    skipped: list[str] = []
    chain = build_chain(config, config.routes[0], detectors,
                        on_skip=lambda name, _: skipped.append(name))
    assert [d.name for d in chain.detectors] == ["second", "first"]
    with pytest.raises(DetectorError) as info:
        await chain.detect(["boom"])
    assert info.value.detector == "second"
    assert new_vault(config).max_index == 7


async def test_running_starts_in_order_and_closes_in_reverse() -> None:
    """Lifecycle detectors start in order and close in reverse when the block ends."""
    detectors = build_detectors(_config(), _registry())
    async with running(detectors) as started:
        assert started is detectors
        assert _EVENTS == ["start first", "start second", "start unused"]
    assert _EVENTS[3:] == ["close unused", "close second", "close first"]


async def test_running_closes_started_detectors_when_one_fails() -> None:
    """If a later detector cannot start, the ones already started are closed again."""
    detectors = build_detectors(_config(fail_second=True), _registry())
    with pytest.raises(OSError):
        async with running(detectors):
            pytest.fail("must not be reached")
    assert _EVENTS == ["start first", "close first"]
