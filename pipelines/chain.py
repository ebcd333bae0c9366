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
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final, final

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
    called for each skip (the proxy logs a warning there).
    """

    __slots__ = ("_fail_open", "_on_skip", "_position", "_timeouts", "detectors")

    detectors: tuple[Detector, ...]

    def __init__(
        self,
        detectors: Sequence[Detector],
        *,
        timeouts: Mapping[str, float] | None = None,
        fail_open: frozenset[str] = frozenset(),
        on_skip: Callable[[str, BaseException], None] | None = None,
    ) -> None:
        self.detectors = tuple(detectors)
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

    async def detect(self, texts: Sequence[str]) -> list[list[Span]]:
        """Resolved spans per text, from all detectors run concurrently."""
        frozen = tuple(texts)
        if not frozen or not self.detectors:
            return [[] for _ in frozen]
        if len(self.detectors) == 1:
            results = [await self._run(self.detectors[0], frozen)]
        else:
            results = await self._run_all(frozen)
        return [
            resolve([result[index] for result in results if result is not None])
            for index in range(len(frozen))
        ]

    async def sanitize(self, texts: Sequence[str], vault: Vault) -> Sanitized:
        """Replace every sensitive value in ``texts`` with its placeholder from ``vault``."""
        originals = tuple(texts)
        vault.reserve(originals)
        spans_per_text = await self.detect(originals)
        literals = [[m.span() for m in find_placeholders(text)] for text in originals]
        # A session vault numbers all new values in its store at once, in this order
        # (a request-scoped vault numbers in ``issue`` and ignores this).
        await vault.allocate(
            (span.label, text[span.start : span.end])
            for text, spans, present in zip(originals, spans_per_text, literals, strict=True)
            for span in spans
            if not (present and _overlaps_any(span.start, span.end, present))
        )

        # Issue in canonical order first, so numbering follows first appearance
        # among detected values in every text before any repeat is looked for.
        detected: list[list[Finding]] = []
        for index, (text, spans) in enumerate(zip(originals, spans_per_text, strict=True)):
            kept: list[Finding] = []
            present = literals[index]  # usually none: skip the check entirely then
            for span in spans:
                if present and _overlaps_any(span.start, span.end, present):
                    continue
                placeholder = vault.issue(span.label, text[span.start : span.end])
                kept.append(
                    Finding(index, span.start, span.end, span.label, span.detector, placeholder)
                )
            detected.append(kept)

        repeats_index = vault.surface_index
        out_texts: list[str] = []
        findings: list[Finding] = []
        for index, text in enumerate(originals):
            blocked = sorted([(f.start, f.end) for f in detected[index]] + literals[index])
            repeats = [
                Finding(index, o.start, o.end, o.label, REPEAT_DETECTOR, o.placeholder)
                for o in repeats_index.find(text, blocked)
            ]
            for repeat in repeats:
                vault.add_surface_form(text[repeat.start : repeat.end], repeat.placeholder)
            # Non-overlapping within one text: the start alone orders them (the
            # dataclass's field-by-field comparison costs several times more).
            replaced = sorted(detected[index] + repeats, key=_start)
            out_texts.append(_replace(text, replaced))
            findings.extend(replaced)
        counts = Counter(finding.label for finding in findings)
        return Sanitized(tuple(out_texts), tuple(findings), MappingProxyType(dict(counts)))

    # -- running detectors -------------------------------------------------------------

    async def _run_all(self, texts: tuple[str, ...]) -> list[list[list[Span]] | None]:
        try:
            async with asyncio.TaskGroup() as group:
                tasks = [group.create_task(self._run(d, texts)) for d in self.detectors]
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


def _overlaps_any(start: int, end: int, intervals: Sequence[tuple[int, int]]) -> bool:
    return any(low < end and start < high for low, high in intervals)


def _replace(text: str, findings: Sequence[Finding]) -> str:
    """Splice placeholders into ``text``; ``findings`` sorted and non-overlapping."""
    if not findings:
        return text
    pieces: list[str] = []
    cursor = 0
    for finding in findings:
        pieces.append(text[cursor : finding.start])
        pieces.append(finding.placeholder)
        cursor = finding.end
    pieces.append(text[cursor:])
    return "".join(pieces)
