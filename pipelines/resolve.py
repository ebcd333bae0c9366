"""Span resolution (docs/design.md C3) as a pure function.

Detectors report spans independently, so they overlap: a regex finds an e-mail inside a
name a model tagged, two list entries share a word.  :func:`resolve` keeps one
non-overlapping set: the longer span wins; on equal length the detector earlier in the
route's pipeline wins; then the earlier start; remaining ties (same offsets from one
detector with two labels) are broken by label, score and detector name so the result
never depends on the order spans were reported in.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence

from pipelines.spans import Span

__all__ = ["resolve"]


def resolve(spans_per_detector: Sequence[Sequence[Span]]) -> list[Span]:
    """Return the winning spans, sorted by start, pairwise non-overlapping.

    ``spans_per_detector[i]`` are the spans of the detector at pipeline position ``i``
    for one text.  Exact duplicates collapse into one span.
    """
    ranked = sorted(
        (
            (
                span.start - span.end,
                position,
                span.start,
                span.label,
                -span.score,
                span.detector,
                span,
            )
            for position, spans in enumerate(spans_per_detector)
            for span in spans
        ),
        key=lambda row: row[:6],
    )
    starts: list[int] = []
    chosen: list[Span] = []
    for row in ranked:
        span = row[6]
        # ``chosen`` stays sorted and non-overlapping, so only the two neighbours of the
        # insertion point can overlap the candidate.
        at = bisect_right(starts, span.start)
        if at > 0 and chosen[at - 1].end > span.start:
            continue
        if at < len(chosen) and chosen[at].start < span.end:
            continue
        starts.insert(at, span.start)
        chosen.insert(at, span)
    return chosen
