"""Unit tests of Span and the detector protocols."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from pathlib import Path

import pytest

from pipelines.spans import Detector, DetectorContext, Lifecycle, Span
from tests.conftest import PatternDetector


def test_span_is_a_frozen_value() -> None:
    """Spans compare by value, hash, and cannot be changed."""
    span = Span(1, 4, "EMAIL", 0.5, "emails")
    assert span == Span(1, 4, "EMAIL", 0.5, "emails")
    assert hash(span) == hash(Span(1, 4, "EMAIL", 0.5, "emails"))
    assert span.length == 3
    with pytest.raises(dataclasses.FrozenInstanceError):
        span.start = 0  # type: ignore[misc]
    assert not hasattr(span, "__dict__")


@pytest.mark.parametrize(
    ("start", "end", "label", "score"),
    [(-1, 2, "A", 1.0), (2, 2, "A", 1.0), (3, 2, "A", 1.0), (0, 1, "a", 1.0),
     (0, 1, "", 1.0), (0, 1, "A-B", 1.0), (0, 1, "A", 1.5), (0, 1, "A", -0.1)],
)
def test_span_validates(start: int, end: int, label: str, score: float) -> None:
    """Bad offsets, labels and scores fail fast."""
    with pytest.raises(ValueError):
        Span(start, end, label, score)


def test_span_order() -> None:
    """The natural order is by offsets (precedence lives in the chain, not here)."""
    spans = [Span(5, 6, "A"), Span(0, 9, "B"), Span(0, 3, "C")]
    assert sorted(spans) == [Span(0, 3, "C"), Span(0, 9, "B"), Span(5, 6, "A")]


def test_protocols_are_runtime_checkable() -> None:
    """Any object with the members is a Detector; Lifecycle is separate and optional."""
    detector = PatternDetector("x", "X", "x")
    assert isinstance(detector, Detector)
    assert not isinstance(detector, Lifecycle)
    assert not isinstance(object(), Detector)

    class Loaded:
        name = "m"
        labels = frozenset({"PERSON"})

        async def detect(self, texts: Sequence[str]) -> list[list[Span]]:
            return [[] for _ in texts]

        async def start(self) -> None:
            return None

        async def aclose(self) -> None:
            return None

    assert isinstance(Loaded(), Detector) and isinstance(Loaded(), Lifecycle)


def test_detector_context_defaults() -> None:
    """A context needs only a name; base_dir defaults to the working directory."""
    context = DetectorContext("d")
    assert context.source == "<config>" and context.path == ""
    assert context.base_dir == Path.cwd()
