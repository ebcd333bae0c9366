"""Span resolution (docs/design.md C3, interface I7) as a pure function.

Detectors report spans independently, so they overlap: a regex finds an e-mail inside a
name a model tagged, two list entries share a word.  :func:`resolve` keeps one
non-overlapping set.

Priority tiers come first.  Each detector has a priority (an int, higher wins): by
default a detector that reports *validated structured* values (a checksum, a grammar, a
list entry: the regex and known-entity detectors, which say ``structured = True``) has
priority 1 and a model has 0; a route's ``priority`` mapping overrides it per
detector.  Spans of a higher tier are resolved first; a lower-tier span that overlaps
them is *trimmed* around them: the parts outside stay (without the separators left at
their edges), the rest is dropped.  So a model span ``contact jane@example.com, SSN …``
tagged as one address no longer swallows the e-mail and the SSN the regex found and
validated.

Within a tier: the longer span wins; on equal length the detector earlier in the route's
pipeline wins; then the earlier start; remaining ties (same offsets from one detector with
two labels) are broken by label, score and detector name, so the result never depends on
the order spans were reported in.  With every detector in one tier this is exactly C3.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence

from pipelines.spans import Span

__all__ = ["resolve"]

# What a trimmed fragment sheds at its edges: the spaces and punctuation that stood
# between it and the value cut out of it.
_EDGE = " \t\r\n,;:.-–—/|()[]{}\"'"


def resolve(
    spans_per_detector: Sequence[Sequence[Span]],
    priorities: Sequence[int] | None = None,
    text: str | None = None,
) -> list[Span]:
    """Return the winning spans, sorted by start, pairwise non-overlapping.

    ``spans_per_detector[i]`` are the spans of the detector at pipeline position ``i``
    for one text; ``priorities[i]`` its tier (default: all equal).  ``text`` (the text
    the spans point into) lets trimmed fragments shed the separators at their edges;
    without it fragments are cut exactly.  Exact duplicates collapse into one span.
    """
    tiers = sorted(set(priorities or [0]), reverse=True)
    chosen: list[Span] = []
    for tier in tiers:
        candidates: list[tuple[int, Span]] = []
        for position, spans in enumerate(spans_per_detector):
            if (priorities[position] if priorities else 0) != tier:
                continue
            for span in spans:
                candidates.extend((position, piece) for piece in _trim(span, chosen, text))
        chosen = _merge(chosen, _within_tier(candidates))
    return chosen


def _within_tier(candidates: Sequence[tuple[int, Span]]) -> list[Span]:
    ranked = sorted(
        candidates,
        key=lambda row: (
            row[1].start - row[1].end,
            row[0],
            row[1].start,
            row[1].label,
            -row[1].score,
            row[1].detector,
        ),
    )
    starts: list[int] = []
    kept: list[Span] = []
    for _, span in ranked:
        # ``kept`` stays sorted and non-overlapping, so only the two neighbours of the
        # insertion point can overlap the candidate.
        at = bisect_right(starts, span.start)
        if at > 0 and kept[at - 1].end > span.start:
            continue
        if at < len(kept) and kept[at].start < span.end:
            continue
        starts.insert(at, span.start)
        kept.insert(at, span)
    return kept


def _trim(span: Span, chosen: Sequence[Span], text: str | None) -> list[Span]:
    """The parts of ``span`` outside every chosen span (``chosen`` sorted, disjoint)."""
    pieces: list[tuple[int, int]] = []
    cursor = span.start
    for other in chosen:
        if other.end <= cursor:
            continue
        if other.start >= span.end:
            break
        if other.start > cursor:
            pieces.append((cursor, other.start))
        cursor = max(cursor, other.end)
    if cursor == span.start and not pieces:
        return [span]  # overlaps nothing chosen
    if cursor < span.end:
        pieces.append((cursor, span.end))
    out = []
    for start, end in pieces:
        if text is not None:
            while start < end and text[start] in _EDGE:
                start += 1
            while end > start and text[end - 1] in _EDGE:
                end -= 1
        if start < end:
            out.append(Span(start, end, span.label, span.score, span.detector))
    return out


def _merge(first: list[Span], second: list[Span]) -> list[Span]:
    return sorted(first + second, key=lambda span: span.start)
