"""The detector chain: detect, resolve, issue placeholders, replace (docs/design.md C2–C4).

:class:`Chain` runs a route's detectors concurrently over all texts of one request,
checks what each returns, resolves overlaps (:func:`resolve`, C3), issues placeholders
from the caller's :class:`~pipelines.vault.Vault` in canonical order (text order, then
offset order) and replaces every occurrence of every known value in every text, also
where no detector fired (C4).  Placeholder-shaped literals already in the input are
reserved first and never touched.

Fail closed: a detector that raises, returns garbage or times out raises
:class:`~pipelines.errors.DetectorError` and nothing is sanitised, unless it is listed
in ``fail_open``, in which case ``on_skip`` is told and its spans are left out.
"""

from __future__ import annotations

import asyncio
import bisect
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final, final

from pipelines.canon.view import View, build_views
from pipelines.errors import DetectorError, DetectorTimeout
from pipelines.placeholders import find_placeholders
from pipelines.resolve import resolve
from pipelines.spans import Detector, Span
from pipelines.vault import Vault

__all__ = ["REPEAT_DETECTOR", "Chain", "Finding", "Sanitized", "resolve"]

# The ``detector`` of a finding no detector reported: another occurrence of a value
# found elsewhere.  Not lower_snake, so it cannot clash with a configured name.
REPEAT_DETECTOR: Final = "(repeat)"


@final
@dataclass(frozen=True, slots=True, order=True)
class Finding:
    """One replaced value, without the value: where it was and what replaced it.

    ``start``/``end`` are offsets into the *original* text ``text_index``.
    """

    text_index: int
    start: int
    end: int
    label: str
    detector: str
    placeholder: str


@final
@dataclass(frozen=True, slots=True)
class Sanitized:
    """The result of :meth:`Chain.sanitize`: texts to forward and what was replaced.

    ``counts`` maps each label to the number of replaced occurrences.
    """

    texts: tuple[str, ...]
    findings: tuple[Finding, ...]
    counts: Mapping[str, int]


@final
class Chain:
    """A route's detectors in pipeline order, with their limits.

    ``timeouts`` maps detector names to seconds (absent: no limit); ``fail_open`` names
    detectors whose failure is skipped rather than raised; ``on_skip(name, error)`` is
    called for each skip (the proxy logs a warning there); ``priorities`` maps detector
    names to resolution tiers (see :mod:`pipelines.resolve`).
    """

    __slots__ = ("_fail_open", "_on_skip", "_position", "_ranks", "_timeouts", "detectors")

    detectors: tuple[Detector, ...]

    def __init__(
        self,
        detectors: Sequence[Detector],
        *,
        timeouts: Mapping[str, float] | None = None,
        fail_open: frozenset[str] = frozenset(),
        on_skip: Callable[[str, BaseException], None] | None = None,
        priorities: Mapping[str, int] | None = None,
    ) -> None:
        self.detectors = tuple(detectors)
        # Resolution tiers (pipelines.resolve, I7): the route's ``priority`` per detector,
        # else 1 for detectors of validated structured values, 0 for the others (models).
        given = dict(priorities or {})
        self._ranks = tuple(
            given.get(d.name, 1 if getattr(d, "structured", False) is True else 0)
            for d in self.detectors
        )
        names = [detector.name for detector in self.detectors]
        if len(set(names)) != len(names):
            raise ValueError("detector names in a chain must be unique")
        unknown = fail_open - set(names)
        if unknown:
            raise ValueError(f"fail_open names detectors not in the chain: {sorted(unknown)}")
        self._position = {name: index for index, name in enumerate(names)}
        self._timeouts = dict(timeouts or {})
        self._fail_open = fail_open
        self._on_skip = on_skip

    async def detect(
        self, texts: Sequence[str], *, contexts: Sequence[Sequence[str]] | None = None
    ) -> list[list[Span]]:
        """Resolved spans per text (input offsets), from all detectors run concurrently.

        ``contexts[i]`` is the key path above ``texts[i]`` (JSON member names,
        outermost first); every detector reading views sees it before the text.
        """
        frozen = tuple(texts)
        views = build_views(frozen, contexts)
        per_text, _ = await self._detect_views(frozen, views)
        return per_text

    async def _detect_views(
        self, texts: tuple[str, ...], views: list[View]
    ) -> tuple[list[list[Span]], dict[int, View]]:
        """Resolved spans per text, and the view each winning span was found in."""
        per_text: list[list[list[Span]]] = [[] for _ in texts]
        owner: dict[int, View] = {}
        if not texts or not self.detectors:
            return [[] for _ in texts], owner
        view_texts = tuple(view.text for view in views)
        plans = [(d, texts if _reads_raw(d) else view_texts) for d in self.detectors]
        if len(plans) == 1:
            results = [await self._run(*plans[0])]
        else:
            results = await self._run_all(plans)
        for result, (_, given) in zip(results, plans, strict=True):
            found: list[list[Span]] = [[] for _ in texts]
            if result is not None:
                if given is texts and given is not view_texts:
                    _raw_spans(result, views, found, owner)
                else:
                    _view_spans(result, views, found, owner)
            for index, spans in enumerate(found):
                per_text[index].append(spans)
        resolved: list[list[Span]] = []
        for index, lists in enumerate(per_text):
            winners = resolve(lists, self._ranks, texts[index])
            for span in winners:
                if id(span) not in owner:  # a piece of a span trimmed around a higher tier
                    owner[id(span)] = _parent_view(span, lists, owner)
            resolved.append(winners)
        return resolved, owner

    async def sanitize(
        self,
        texts: Sequence[str],
        vault: Vault,
        *,
        contexts: Sequence[Sequence[str]] | None = None,
    ) -> Sanitized:
        """Replace every sensitive value in ``texts`` with its placeholder from ``vault``.

        ``contexts`` as for :meth:`detect`.  A detected span is never dropped: where it
        overlaps a placeholder-shaped literal of the input, the parts on either side
        of the literal are replaced (the literal itself is the user's text, reserved).
        """
        originals = tuple(texts)
        views = build_views(originals, contexts)
        # Placeholder-shaped text a JSON escape hides (``\\u005bEMAIL_1]``) is a
        # literal too: reserved, and never part of a value.  So is one its spelling
        # hides (``[EMAIL_1\\u200b]``, full-width brackets): the egress filter reads a
        # reply through the same fold and would relink it.
        decoded = [view.source for view in views if view.source is not originals[view.index]]
        vault.reserve(originals + tuple(decoded) + tuple(view.text for view in views))
        spans_per_text, owner = await self._detect_views(originals, views)
        literals = _literals(originals, views)
        # The values to issue, in canonical order: numbering follows first appearance
        # among detected values in every text before any repeat is looked for.
        pending: list[tuple[int, Span, int, int, str]] = []
        for index, (text, spans) in enumerate(zip(originals, spans_per_text, strict=True)):
            present = literals[index]  # usually none: skip the check entirely then
            for span in spans:
                view = owner[id(span)]
                for start, end in _around(span.start, span.end, present, text):
                    pending.append((index, span, start, end, view.source_of(start, end)))
        # A session vault numbers all new values in its store at once, in this order
        # (a request-scoped vault numbers in ``issue`` and ignores this).
        await vault.allocate((span.label, value) for _, span, _, _, value in pending)
        detected: list[list[Finding]] = [[] for _ in originals]
        for index, span, start, end, value in pending:
            placeholder = vault.issue(span.label, value)
            detected[index].append(
                Finding(index, start, end, span.label, span.detector, placeholder)
            )

        repeats_index = vault.surface_index
        found_repeats: list[list[Finding]] = [[] for _ in originals]
        if len(vault):
            taken = [
                _Intervals(sorted([(f.start, f.end) for f in found] + present))
                for found, present in zip(detected, literals, strict=True)
            ]
            for view in views:
                index = view.index
                # (only the intervals that reach into the view: a document of many
                # value views is not clipped against all its findings once per view)
                blocked = _clip_sorted(view, taken[index].within(view.low, view.high))
                for occurrence in repeats_index.find(view.content, blocked):
                    start, end = view.content_to_input(occurrence.start, occurrence.end)
                    found_repeats[index].append(
                        Finding(
                            index, start, end, occurrence.label, REPEAT_DETECTOR,
                            occurrence.placeholder,
                        )
                    )
                    vault.add_surface_form(view.source_of(start, end), occurrence.placeholder)
        quoted: list[list[tuple[int, int]]] = [[] for _ in originals]
        for view in views:
            if view.quote:
                quoted[view.index].append((view.low, view.high))
        out_texts: list[str] = []
        findings: list[Finding] = []
        for index, text in enumerate(originals):
            # Non-overlapping within one text: the start alone orders them (the
            # dataclass's field-by-field comparison costs several times more).
            replaced = _disjoint(sorted(detected[index] + found_repeats[index], key=_start))
            out_texts.append(_replace(text, replaced, quoted[index]))
            findings.extend(replaced)
        counts = Counter(finding.label for finding in findings)
        return Sanitized(tuple(out_texts), tuple(findings), MappingProxyType(dict(counts)))

    async def holds_value(self, texts: Sequence[str], vault: Vault) -> bool:
        """Whether ``texts`` hold a sensitive value (for texts that cannot be rewritten).

        A detector span that is not inside a placeholder-shaped literal, or a known
        value of ``vault`` anywhere, counts; placeholders alone do not.
        """
        frozen = tuple(texts)
        if not frozen:
            return False
        views = build_views(frozen)
        spans_per_text, _ = await self._detect_views(frozen, views)
        literals = _literals(frozen, views)
        for index, spans in enumerate(spans_per_text):
            present = literals[index]
            if any(_around(span.start, span.end, present, frozen[index]) for span in spans):
                return True
        index_ = vault.surface_index
        return any(
            index_.find(view.content, _clip_sorted(view, literals[view.index])) for view in views
        )

    # -- running detectors -------------------------------------------------------------

    async def _run_all(
        self, plans: Sequence[tuple[Detector, tuple[str, ...]]]
    ) -> list[list[list[Span]] | None]:
        try:
            async with asyncio.TaskGroup() as group:
                tasks = [group.create_task(self._run(d, given)) for d, given in plans]
        except BaseExceptionGroup as failures:
            errors = [e for e in failures.exceptions if isinstance(e, DetectorError)]
            if len(errors) != len(failures.exceptions):
                raise
            # Several detectors may fail at once; report the one first in the pipeline
            # so the same input always gives the same error.
            first = min(errors, key=lambda e: self._position.get(e.detector, len(errors)))
            raise first  # noqa: B904 -- keeps the detector's own cause, not the group
        return [task.result() for task in tasks]

    async def _run(self, detector: Detector, texts: tuple[str, ...]) -> list[list[Span]] | None:
        name = detector.name
        timeout = self._timeouts.get(name)
        try:
            async with asyncio.timeout(timeout):
                result = await detector.detect(texts)
            return _checked(name, detector.labels, texts, result)
        except DetectorError as exc:
            self._skip_or_raise(name, exc)
        except TimeoutError as exc:
            late = DetectorTimeout(
                name, f"no answer within {timeout:g} s" if timeout else "timed out"
            )
            late.__cause__ = exc
            self._skip_or_raise(name, late)
        except Exception as exc:
            # Only the exception type: its message may echo the text being scanned.
            error = DetectorError(name, f"raised {type(exc).__name__}")
            error.__cause__ = exc
            self._skip_or_raise(name, error)
        return None

    def _skip_or_raise(self, name: str, error: DetectorError) -> None:
        if name not in self._fail_open:
            raise error
        if self._on_skip is not None:
            self._on_skip(name, error)


def _checked(
    name: str, labels: frozenset[str], texts: tuple[str, ...], result: object
) -> list[list[Span]]:
    """Validate a detector's answer; re-tag spans with the detector's name."""
    if not isinstance(result, list) or len(result) != len(texts):
        raise DetectorError(name, "returned a result that is not one list of spans per text")
    checked: list[list[Span]] = []
    for text, spans in zip(texts, result, strict=True):
        if not isinstance(spans, list):
            raise DetectorError(name, "returned a result that is not one list of spans per text")
        size = len(text)
        for span in spans:
            if not isinstance(span, Span):
                raise DetectorError(name, "returned something that is not a Span")
            if span.end > size:
                raise DetectorError(
                    name, f"returned a span ending at {span.end} in a text of {size} characters"
                )
            if span.label not in labels:
                raise DetectorError(name, f"returned label {span.label} it does not declare")
        if any(span.detector != name for span in spans):
            spans = [Span(span.start, span.end, span.label, span.score, name) for span in spans]
        checked.append(spans)
    return checked


def _start(finding: Finding) -> int:
    return finding.start


def _reads_raw(detector: Detector) -> bool:
    return getattr(detector, "reads_raw", False) is True


def _view_spans(
    result: list[list[Span]], views: list[View], found: list[list[Span]], owner: dict[int, View]
) -> None:
    """Map spans found in view texts to input offsets (clipping context prefixes)."""
    for view, spans in zip(views, result, strict=True):
        for span in spans:
            mapped = view.input_span(span.start, span.end)
            if mapped is None:
                continue
            raw = Span(mapped[0], mapped[1], span.label, span.score, span.detector)
            owner[id(raw)] = view
            found[view.index].append(raw)


def _parent_view(piece: Span, lists: Sequence[Sequence[Span]], owner: dict[int, View]) -> View:
    """The view of the detected span a trimmed ``piece`` was cut from."""
    for spans in lists:
        for span in spans:
            if (
                span.detector == piece.detector
                and span.label == piece.label
                and span.start <= piece.start
                and piece.end <= span.end
            ):
                return owner[id(span)]
    raise AssertionError("a resolved span comes from a detected one")


def _raw_spans(
    result: list[list[Span]], views: list[View], found: list[list[Span]], owner: dict[int, View]
) -> None:
    """Spans of a detector that read the input texts, cut to the views they cover.

    Outside every view lies JSON structure only (quotes, braces, separators).
    """
    by_text: dict[int, list[View]] = {}
    for view in views:
        if not view.run:  # a decoded base64 run lies inside its host view
            by_text.setdefault(view.index, []).append(view)
    for index, spans in enumerate(result):
        for span in spans:
            for view in by_text.get(index, ()):
                start, end = max(span.start, view.low), min(span.end, view.high)
                if start >= end:
                    continue
                content = view.input_to_content(start, end)
                if content is None or content[1] <= content[0]:
                    continue
                start, end = view.content_to_input(*content)
                raw = Span(start, end, span.label, span.score, span.detector)
                owner[id(raw)] = view
                found[index].append(raw)


def _literals(texts: Sequence[str], views: Sequence[View]) -> list[list[tuple[int, int]]]:
    """Placeholder-shaped literals per text, input offsets, sorted and merged; those a
    JSON escape hides are found in the decoded strings."""
    found = [[m.span() for m in find_placeholders(text)] for text in texts]
    for view in views:
        if view.source is texts[view.index] or "[" not in view.source:
            continue
        for match in find_placeholders(view.source):
            found[view.index].append(view.outer.to_raw(*match.span()))
    merged: list[list[tuple[int, int]]] = []
    for intervals in found:
        intervals.sort()
        out: list[tuple[int, int]] = []
        for start, end in intervals:
            if out and start < out[-1][1]:
                out[-1] = (out[-1][0], max(out[-1][1], end))
            else:
                out.append((start, end))
        merged.append(out)
    return merged


def _around(
    start: int, end: int, literals: Sequence[tuple[int, int]], text: str
) -> list[tuple[int, int]]:
    """``[start, end)`` without the placeholder literals inside it (none: itself).

    The parts beside a literal lose the whitespace next to it (the value is what is
    on either side, not the space that separated it from the literal).
    """
    if not literals:
        return [(start, end)]
    parts: list[tuple[int, int]] = []
    cursor = start
    for low, high in literals:
        if high <= cursor or low >= end:
            continue
        if low > cursor:
            parts.append((cursor, low))
        cursor = max(cursor, high)
    if cursor < end:
        parts.append((cursor, end))
    if len(parts) == 1 and parts[0] == (start, end):
        return parts
    trimmed: list[tuple[int, int]] = []
    for low, high in parts:
        while low < high and text[low].isspace():
            low += 1
        while high > low and text[high - 1].isspace():
            high -= 1
        if low < high:
            trimmed.append((low, high))
    return trimmed


@final
class _Intervals:
    """Sorted intervals, asked for those that reach into a range: the short ones by
    their starts, the few long ones (a private key's block) each time."""

    __slots__ = ("_long", "_longest", "_short", "_starts")

    _SHORT: Final = 512

    def __init__(self, intervals: list[tuple[int, int]]) -> None:
        self._short = [iv for iv in intervals if iv[1] - iv[0] <= self._SHORT]
        self._long = [iv for iv in intervals if iv[1] - iv[0] > self._SHORT]
        self._starts = [start for start, _ in self._short]
        self._longest = max((end - start for start, end in self._short), default=0)

    def within(self, low: int, high: int) -> list[tuple[int, int]]:
        """The intervals, sorted, that may overlap ``[low, high)``: every one that does."""
        first = bisect.bisect_left(self._starts, low - self._longest)
        last = bisect.bisect_left(self._starts, high)
        found = self._short[first:last]
        if self._long:
            found = sorted(found + [iv for iv in self._long if iv[0] < high and low < iv[1]])
        return found


def _clip_sorted(view: View, intervals: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """Input intervals as sorted, merged content intervals of ``view``."""
    clipped: list[tuple[int, int]] = []
    for start, end in intervals:
        content = view.input_to_content(start, end)
        if content is None or content[1] <= content[0]:
            continue
        if clipped and content[0] < clipped[-1][1]:
            clipped[-1] = (clipped[-1][0], max(clipped[-1][1], content[1]))
        else:
            clipped.append(content)
    return clipped


def _disjoint(findings: list[Finding]) -> list[Finding]:
    """Drop findings overlapping an earlier one (a repeat in a decoded base64 view
    against its host view): sorted by start, the first of each overlap is kept."""
    kept: list[Finding] = []
    for finding in findings:
        if kept and finding.start < kept[-1].end:
            if finding.end > kept[-1].end and finding.detector != REPEAT_DETECTOR:
                kept[-1] = finding
            continue
        kept.append(finding)
    return kept


def _replace(
    text: str, findings: Sequence[Finding], quoted: Sequence[tuple[int, int]] = ()
) -> str:
    """Splice placeholders into ``text``; ``findings`` sorted and non-overlapping.

    A JSON number (an interval of ``quoted``) that holds a finding is written as a JSON
    string: a placeholder is not a number.
    """
    if not findings:
        return text
    marks: list[tuple[int, int, str]] = [(f.start, f.end, f.placeholder) for f in findings]
    for low, high in quoted:
        if any(low <= f.start < high for f in findings):
            marks.append((low, low, '"'))
            marks.append((high, high, '"'))
    marks.sort(key=lambda mark: (mark[0], mark[1] - mark[0] > 0))
    pieces: list[str] = []
    cursor = 0
    for start, end, replacement in marks:
        pieces.append(text[cursor:start])
        pieces.append(replacement)
        cursor = end
    pieces.append(text[cursor:])
    return "".join(pieces)
