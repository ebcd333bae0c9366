"""Shared test helpers: small real detectors over fixed patterns.

The built-in detectors live in :mod:`detectors`; tests of the core use these instead so
they pin down the chain's behaviour independently of the built-ins' patterns.
"""

from __future__ import annotations

import asyncio
import os
import re
from collections.abc import Callable, Iterable, Iterator, Sequence

import pytest
from hypothesis import settings

from pipelines.canon import fold_text
from pipelines.canon.view import build_views
from pipelines.spans import Span
from tests.redis_server import RedisServer

# CI (``.ci/run``) runs every property test on its fixed, derandomised examples, so a
# landing is judged on the same inputs every time; developers' runs keep exploring.
settings.register_profile("ci", derandomize=True, print_blob=True)
settings.load_profile(os.environ.get("PSEUDOGATE_HYPOTHESIS_PROFILE", "default"))


class PatternDetector:
    """A detector that reports every match of one regular expression as ``label``."""

    __slots__ = ("_delay", "_label", "_name", "_pattern", "calls")

    def __init__(self, name: str, label: str, pattern: str, *, delay: float = 0.0) -> None:
        self._name = name
        self._label = label
        self._pattern = re.compile(pattern)
        self._delay = delay
        self.calls = 0

    @property
    def name(self) -> str:
        """The configured name."""
        return self._name

    @property
    def labels(self) -> frozenset[str]:
        """The one label this detector emits."""
        return frozenset({self._label})

    async def detect(self, texts: Sequence[str]) -> list[list[Span]]:
        """Every non-empty match in every text."""
        self.calls += 1
        if self._delay:
            await asyncio.sleep(self._delay)
        return [
            [Span(m.start(), m.end(), self._label, 1.0, self._name)
             for m in self._pattern.finditer(text) if m.end() > m.start()]
            for text in texts
        ]


class ListDetector:
    """A detector that reports fixed literal values (a tiny known-entities list)."""

    __slots__ = ("_label", "_name", "_pattern")

    def __init__(self, name: str, label: str, values: Iterable[str]) -> None:
        self._name = name
        self._label = label
        # Folded as the views it reads are (pipelines.canon): what a list plugin does.
        ordered = sorted({fold_text(value) for value in values}, key=len, reverse=True)
        self._pattern = re.compile("|".join(re.escape(v) for v in ordered)) if ordered else None

    @property
    def name(self) -> str:
        """The configured name."""
        return self._name

    @property
    def labels(self) -> frozenset[str]:
        """The one label this detector emits."""
        return frozenset({self._label})

    async def detect(self, texts: Sequence[str]) -> list[list[Span]]:
        """Every occurrence of a listed value."""
        if self._pattern is None:
            return [[] for _ in texts]
        return [
            [Span(m.start(), m.end(), self._label, 1.0, self._name)
             for m in self._pattern.finditer(text)]
            for text in texts
        ]


EMAIL_PATTERN = r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}"


@pytest.fixture(scope="session")
def email_detector() -> PatternDetector:
    """An e-mail detector over a plain pattern, named ``emails``."""
    return PatternDetector("emails", "EMAIL", EMAIL_PATTERN)


@pytest.fixture(scope="session")
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisServer]:
    """One real redis-server for the whole run (tests use their own key prefixes)."""
    server = RedisServer(tmp_path_factory.mktemp("redis"))
    server.start()
    try:
        yield server
    finally:
        server.stop()


def scan_views(scan: Callable[[str], list[Span]], text: str) -> list[Span]:
    """Spans of ``scan`` over the canonical views of ``text``, in raw offsets.

    What the chain does for a detector that reads views (pipelines.canon.view), for
    testing one detector's synchronous ``scan`` on raw input.
    """
    found: dict[tuple[int, int, str], Span] = {}
    for view in build_views([text]):
        for span in scan(view.text):
            mapped = view.input_span(span.start, span.end)
            if mapped is not None:
                # (one value found in two views, the text's and an export cell's, is
                # one span, as the chain's resolution makes it)
                key = (mapped[0], mapped[1], span.label)
                found.setdefault(key, Span(*key, span.score, span.detector))
    return sorted(found.values(), key=lambda span: span.start)
