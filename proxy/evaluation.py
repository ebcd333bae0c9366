"""Detection quality, measured: the labelled corpus format and the scoring maths.

Pure functions over gold annotations and what a pipeline did, so every number can be
checked by hand on a small table without running a detector.  ``pseudogate eval``
(:mod:`proxy.commands.evaluate`) runs a route's chain over a corpus and hands the
results here; ``bench/detection.py`` scores a peer the same way.

The corpus is JSONL, one payload (one request) per line::

    {"id": "00042", "lang": "de", "kind": "crm_note", "texts": ["...", "..."],
     "entities":  [{"text": 0, "start": 10, "end": 22, "label": "PERSON", "value": "..."}],
     "negatives": [{"text": 1, "start": 5, "end": 15, "kind": "version", "value": "..."}]}

``texts[entity.text][start:end] == value`` for every entity and negative; the loader
rejects a line where it is not.  Metrics (``docs/eval.md`` explains each):

* precision / recall / F1, *overlap* (a detection of the right label that overlaps the
  gold span counts) and *exact* (same start, end and label);
* leak rate (strict, the headline): gold values any letter or digit of which reached
  the upstream (outside every masked range); the laxer "whole" rate counts only values
  whose raw text still occurs in the sanitised text (not glued to a letter or digit);
* over-masking: hard negatives that any detection overlaps;
* latency percentiles of the whole sanitise call per payload.

Error messages name the file, line and field, never a value from the corpus.
"""

from __future__ import annotations

import json
import math
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, final

from pipelines.errors import ConfigError
from pipelines.placeholders import LABEL_RE

__all__ = [
    "ALL",
    "STRUCTURED_LABELS",
    "Detection",
    "GoldEntity",
    "Latency",
    "Negative",
    "Payload",
    "PayloadResult",
    "Report",
    "Tally",
    "forwarded_any",
    "load_corpus",
    "occurs",
    "parse_payload",
    "report_json",
    "score",
    "value_shape",
]

ALL: Final = "all"
STRUCTURED_LABELS: Final = frozenset(
    {
        "EMAIL",
        "PHONE",
        "CREDIT_CARD",
        "IBAN",
        "US_SSN",
        "DE_TAX_ID",
        "IP_ADDRESS",
        "PRIVATE_KEY",
        "JWT",
        "API_KEY",
        "US_ITIN",
        "PASSPORT",
        "NATIONAL_ID",
        "VAT_ID",
        "BIC",
    }
)


@final
@dataclass(frozen=True, slots=True)
class GoldEntity:
    """A sensitive value that must be masked: ``texts[text][start:end] == value``."""

    text: int
    start: int
    end: int
    label: str
    value: str


@final
@dataclass(frozen=True, slots=True)
class Negative:
    """A hard negative that must not be masked (an order number, a version, ...)."""

    text: int
    start: int
    end: int
    kind: str
    value: str


@final
@dataclass(frozen=True, slots=True)
class Payload:
    """One labelled request: its text fields in canonical order and their gold."""

    id: str
    lang: str
    kind: str
    texts: tuple[str, ...]
    entities: tuple[GoldEntity, ...]
    negatives: tuple[Negative, ...]


@final
@dataclass(frozen=True, slots=True, order=True)
class Detection:
    """What a pipeline masked, detector-agnostic: offsets into the original text."""

    text: int
    start: int
    end: int
    label: str


@final
@dataclass(frozen=True, slots=True)
class PayloadResult:
    """One payload run through a pipeline: what it masked, what it forwarded, how long."""

    payload: Payload
    detections: tuple[Detection, ...]
    sanitized: tuple[str, ...]
    seconds: float


# ---- loading -------------------------------------------------------------------------


def _field(obj: Mapping[str, Any], key: str, kind: type, where: str) -> Any:
    value = obj.get(key)
    # bool is an int subclass; an offset of ``true`` is a corpus bug, not a 1.
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ConfigError(
            f"field {key!r} is missing or has the wrong type", path=where, expected=kind.__name__
        )
    return value


def _spans(
    obj: Mapping[str, Any], key: str, tag: str, texts: tuple[str, ...], where: str
) -> list[tuple[int, int, int, str, str]]:
    items = obj.get(key, [])
    if not isinstance(items, list):
        raise ConfigError(f"field {key!r} has the wrong type", path=where, expected="list")
    spans = []
    for number, item in enumerate(items):
        here = f"{where}.{key}[{number}]"
        if not isinstance(item, dict):
            raise ConfigError("entry has the wrong type", path=here, expected="object")
        text = _field(item, "text", int, here)
        start = _field(item, "start", int, here)
        end = _field(item, "end", int, here)
        name = _field(item, tag, str, here)
        value = _field(item, "value", str, here)
        if not 0 <= text < len(texts):
            raise ConfigError(
                "'text' is not an index into 'texts'", path=here, expected=f"0..{len(texts) - 1}"
            )
        if not 0 <= start < end <= len(texts[text]):
            raise ConfigError(
                "'start'/'end' are not a span of the text",
                path=here,
                expected=f"0 <= start < end <= {len(texts[text])}",
            )
        if texts[text][start:end] != value:
            raise ConfigError("the span does not point at its 'value'", path=here)
        spans.append((text, start, end, name, value))
    return spans


def parse_payload(obj: object, where: str) -> Payload:
    """Validate one decoded JSONL line; ``where`` names it in errors (``file:line 7``)."""
    if not isinstance(obj, dict):
        raise ConfigError("a payload must be a JSON object", path=where, expected="object")
    texts = obj.get("texts")
    if not isinstance(texts, list) or not all(isinstance(t, str) for t in texts) or not texts:
        raise ConfigError("'texts' must be a non-empty list of strings", path=where)
    frozen = tuple(texts)
    entities = []
    for text, start, end, label, value in _spans(obj, "entities", "label", frozen, where):
        if not LABEL_RE.match(label):
            raise ConfigError("bad entity label", path=where, expected="[A-Z][A-Z0-9_]*")
        entities.append(GoldEntity(text, start, end, label, value))
    negatives = [Negative(*span) for span in _spans(obj, "negatives", "kind", frozen, where)]
    return Payload(
        id=str(_field(obj, "id", str, where)),
        lang=str(_field(obj, "lang", str, where)),
        kind=str(obj.get("kind", "unspecified")),
        texts=frozen,
        entities=tuple(entities),
        negatives=tuple(negatives),
    )


def load_corpus(path: Path, limit: int | None = None) -> tuple[Payload, ...]:
    """Read a JSONL corpus (blank lines skipped), at most ``limit`` payloads."""
    if limit is not None and limit < 1:
        raise ConfigError("limit must be positive", source=str(path), expected="an int >= 1")
    payloads: list[Payload] = []
    try:
        handle = path.open(encoding="utf-8")
    except OSError as exc:
        raise ConfigError(f"cannot read the corpus ({exc.strerror})", source=str(path)) from exc
    with handle:
        for number, line in enumerate(handle, start=1):
            if limit is not None and len(payloads) >= limit:
                break
            if not line.strip():
                continue
            try:
                obj = json.loads(line)
            except json.JSONDecodeError as exc:
                raise ConfigError(
                    f"invalid JSON at column {exc.colno}", source=str(path), path=f"line {number}"
                ) from None
            payloads.append(parse_payload(obj, f"line {number}"))
    if not payloads:
        raise ConfigError("the corpus holds no payloads", source=str(path))
    return tuple(payloads)


# ---- scoring -------------------------------------------------------------------------


def occurs(value: str, text: str) -> bool:
    """True when ``value`` occurs in ``text`` not glued to a letter or digit.

    ``Ann`` inside ``Annual`` is not a leak of the name ``Ann``; ``Ann,`` is.
    """
    start = text.find(value)
    while start != -1:
        end = start + len(value)
        glued_left = value[0].isalnum() and start > 0 and text[start - 1].isalnum()
        glued_right = value[-1].isalnum() and end < len(text) and text[end].isalnum()
        if not (glued_left or glued_right):
            return True
        start = text.find(value, start + 1)
    return False


def forwarded_any(gold: GoldEntity, detections: Sequence[Detection]) -> bool:
    """Strict leak: some letter or digit of the gold span is covered by no detection.

    Every detection is a masked range of the original text, so a character outside all
    of them reached the upstream as written.  A phone number masked without its last
    group, or a token 55 % forwarded, leaked.
    """
    covered = sorted(
        (d.start, d.end)
        for d in detections
        if d.text == gold.text and d.start < gold.end and gold.start < d.end
    )
    cursor = gold.start
    for start, end in covered:
        gap = gold.value[cursor - gold.start : max(cursor, start) - gold.start]
        if any(ch.isalnum() for ch in gap):
            return True
        cursor = max(cursor, end)
        if cursor >= gold.end:
            return False
    return any(ch.isalnum() for ch in gold.value[cursor - gold.start :])


def value_shape(text: str, limit: int = 48) -> str:
    """``text`` with letters as ``A``/``a`` and digits as ``9``: a pattern, not a value."""
    shape = "".join(
        "9" if c.isdigit() else ("A" if c.isupper() else "a") if c.isalpha() else c
        for c in text[:limit]
    )
    shape = shape.replace("\n", "\\n")
    return shape + ("…" if len(text) > limit else "")


@final
@dataclass(frozen=True, slots=True)
class Tally:
    """Counts for one label (or group) in one language, and the rates they give.

    ``found``/``found_exact``: gold spans matched (overlap / exact); ``correct``/
    ``correct_exact``: detections that match a gold span of their label; ``leaked``:
    gold values of which any letter or digit reached the upstream (strict);
    ``leaked_whole``: those whose whole raw text still occurs (the older, laxer figure).
    """

    gold: int = 0
    found: int = 0
    found_exact: int = 0
    leaked: int = 0
    predicted: int = 0
    correct: int = 0
    correct_exact: int = 0
    leaked_whole: int = 0

    def __add__(self, other: Tally) -> Tally:
        return Tally(*(a + b for a, b in zip(_astuple(self), _astuple(other), strict=True)))

    @property
    def precision(self) -> float | None:
        """Overlap precision; None without detections."""
        return _ratio(self.correct, self.predicted)

    @property
    def recall(self) -> float | None:
        """Overlap recall; None without gold."""
        return _ratio(self.found, self.gold)

    @property
    def precision_exact(self) -> float | None:
        """Exact-span precision."""
        return _ratio(self.correct_exact, self.predicted)

    @property
    def recall_exact(self) -> float | None:
        """Exact-span recall."""
        return _ratio(self.found_exact, self.gold)

    @property
    def f1(self) -> float | None:
        """Harmonic mean of overlap precision and recall."""
        return _f1(self.precision, self.recall)

    @property
    def f1_exact(self) -> float | None:
        """Harmonic mean of exact precision and recall."""
        return _f1(self.precision_exact, self.recall_exact)

    @property
    def leak_rate(self) -> float | None:
        """Strict: share of gold values any letter or digit of which was forwarded."""
        return _ratio(self.leaked, self.gold)

    @property
    def leak_rate_whole(self) -> float | None:
        """Share of gold values whose whole raw text survived sanitisation."""
        return _ratio(self.leaked_whole, self.gold)

    def as_json(self) -> dict[str, Any]:
        """Counts and rates, rates rounded to six places (None when undefined)."""
        rates = {
            "precision": self.precision,
            "recall": self.recall,
            "f1": self.f1,
            "precision_exact": self.precision_exact,
            "recall_exact": self.recall_exact,
            "f1_exact": self.f1_exact,
            "leak_rate": self.leak_rate,
            "leak_rate_whole": self.leak_rate_whole,
        }
        counts = dict(
            zip(
                ("gold", "found", "found_exact", "leaked", "predicted", "correct",
                 "correct_exact", "leaked_whole"),
                _astuple(self),
                strict=True,
            )
        )
        return {**counts, **{k: _round(v) for k, v in rates.items()}}


def _astuple(tally: Tally) -> tuple[int, ...]:
    return (
        tally.gold,
        tally.found,
        tally.found_exact,
        tally.leaked,
        tally.predicted,
        tally.correct,
        tally.correct_exact,
        tally.leaked_whole,
    )


def _ratio(numerator: int, denominator: int) -> float | None:
    return numerator / denominator if denominator else None


def _f1(precision: float | None, recall: float | None) -> float | None:
    if precision is None or recall is None:
        return None
    return 0.0 if precision + recall == 0 else 2 * precision * recall / (precision + recall)


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 6)


@final
@dataclass(frozen=True, slots=True)
class Latency:
    """Per-payload sanitise latency in milliseconds (nearest-rank percentiles)."""

    count: int
    p50: float
    p90: float
    p99: float
    max: float
    mean: float

    @classmethod
    def of(cls, seconds: Sequence[float]) -> Latency:
        """Summarise ``seconds`` (an empty sequence gives zeros)."""
        if not seconds:
            return cls(0, 0.0, 0.0, 0.0, 0.0, 0.0)
        ms = sorted(s * 1000.0 for s in seconds)

        def rank(p: float) -> float:
            return ms[max(0, math.ceil(p / 100.0 * len(ms)) - 1)]

        return cls(len(ms), rank(50), rank(90), rank(99), ms[-1], sum(ms) / len(ms))


@final
@dataclass(frozen=True, slots=True)
class Report:
    """Everything one evaluation run measured.

    ``tallies[(label, lang)]`` with ``lang`` a payload language or :data:`ALL`;
    ``negatives[(kind, lang)] = (total, overmasked)``; ``languages[lang]`` the payload
    count; ``latency[lang]``.
    """

    tallies: Mapping[tuple[str, str], Tally]
    negatives: Mapping[tuple[str, str], tuple[int, int]]
    languages: Mapping[str, int]
    latency: Mapping[str, Latency]

    @property
    def labels(self) -> list[str]:
        """Every label seen in gold or detections, structured ones first."""
        seen = {label for label, _ in self.tallies}
        return sorted(seen, key=lambda label: (label not in STRUCTURED_LABELS, label))

    @property
    def langs(self) -> list[str]:
        """The payload languages, sorted, then :data:`ALL`."""
        return [*sorted(self.languages), ALL]

    def tally(self, label: str, lang: str = ALL) -> Tally:
        """The tally of ``label`` in ``lang`` (empty when never seen)."""
        return self.tallies.get((label, lang), Tally())

    def structured(self, lang: str = ALL) -> Tally:
        """The sum over :data:`STRUCTURED_LABELS` in ``lang``."""
        total = Tally()
        for label in STRUCTURED_LABELS:
            total = total + self.tally(label, lang)
        return total

    def overmask(self, lang: str = ALL, kind: str | None = None) -> tuple[int, int]:
        """``(negatives, overmasked)`` in ``lang``, for one ``kind`` or all kinds."""
        pairs = [v for (k, g), v in self.negatives.items() if g == lang and kind in (None, k)]
        return sum(t for t, _ in pairs), sum(o for _, o in pairs)

    def overmask_rate(self, lang: str = ALL, kind: str | None = None) -> float | None:
        """Share of hard negatives that were masked."""
        total, hit = self.overmask(lang, kind)
        return _ratio(hit, total)


def _overlaps(a_start: int, a_end: int, b_start: int, b_end: int) -> bool:
    return a_start < b_end and b_start < a_end


def score(results: Iterable[PayloadResult]) -> Report:
    """Score pipeline results against their gold (see the module docstring)."""
    counts: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0] * 8)
    negatives: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])
    languages: dict[str, int] = defaultdict(int)
    seconds: dict[str, list[float]] = defaultdict(list)
    for result in results:
        payload = result.payload
        lang = payload.lang
        languages[lang] += 1
        seconds[lang].append(result.seconds)
        seconds[ALL].append(result.seconds)
        for gold in payload.entities:
            same = [d for d in result.detections if d.text == gold.text and d.label == gold.label]
            found = any(_overlaps(d.start, d.end, gold.start, gold.end) for d in same)
            exact = any(d.start == gold.start and d.end == gold.end for d in same)
            whole = occurs(gold.value, result.sanitized[gold.text])
            leaked = whole or forwarded_any(gold, result.detections)
            for key in ((gold.label, lang), (gold.label, ALL)):
                row = counts[key]
                row[0] += 1
                row[1] += found
                row[2] += exact
                row[3] += leaked
                row[7] += whole
        for det in result.detections:
            golds = [g for g in payload.entities if g.text == det.text and g.label == det.label]
            correct = any(_overlaps(g.start, g.end, det.start, det.end) for g in golds)
            exact = any(g.start == det.start and g.end == det.end for g in golds)
            for key in ((det.label, lang), (det.label, ALL)):
                row = counts[key]
                row[4] += 1
                row[5] += correct
                row[6] += exact
        for neg in payload.negatives:
            hit = any(
                d.text == neg.text and _overlaps(d.start, d.end, neg.start, neg.end)
                for d in result.detections
            )
            for key in ((neg.kind, lang), (neg.kind, ALL)):
                negatives[key][0] += 1
                negatives[key][1] += hit
    return Report(
        tallies={key: Tally(*row) for key, row in counts.items()},
        negatives={key: (row[0], row[1]) for key, row in negatives.items()},
        languages=dict(languages),
        latency={lang: Latency.of(values) for lang, values in seconds.items()},
    )


# ---- the JSON form --------------------------------------------------------------------


def _language_json(report: Report, lang: str) -> dict[str, Any]:
    structured = report.structured(lang)
    total, hit = report.overmask(lang)
    latency = report.latency.get(lang, Latency.of(()))
    return {
        "payloads": report.languages.get(lang, 0)
        if lang != ALL
        else sum(report.languages.values()),
        "structured_precision": _round(structured.precision),
        "structured_recall": _round(structured.recall),
        "structured_precision_exact": _round(structured.precision_exact),
        "structured_recall_exact": _round(structured.recall_exact),
        "structured_f1": _round(structured.f1),
        "structured_leak_rate": _round(structured.leak_rate),
        "structured_leak_rate_whole": _round(structured.leak_rate_whole),
        "negatives": total,
        "negatives_overmasked": hit,
        "negatives_overmask_rate": _round(_ratio(hit, total)),
        "latency_ms": {
            k: round(getattr(latency, k), 3) for k in ("p50", "p90", "p99", "max", "mean")
        },
        "per_label": {
            label: report.tally(label, lang).as_json()
            for label in report.labels
            if (label, lang) in report.tallies
        },
    }


def report_json(report: Report) -> dict[str, Any]:
    """The report as plain JSON data (the ``pseudogate eval --json`` document).

    Top level: the ``all``-language figures (``structured_recall``,
    ``structured_precision``, ``structured_leak_rate``, ``negatives_overmask_rate``,
    ``latency_ms``, ``per_label``), then ``per_language`` with the same keys per
    language and ``negatives_per_kind``.
    """
    document = _language_json(report, ALL)
    document["structured_labels"] = sorted(STRUCTURED_LABELS)
    document["per_language"] = {
        lang: _language_json(report, lang) for lang in sorted(report.languages)
    }
    kinds = sorted({kind for kind, _ in report.negatives})
    document["negatives_per_kind"] = {
        kind: {
            lang: dict(zip(("total", "overmasked"), report.overmask(lang, kind), strict=True))
            for lang in report.langs
        }
        for kind in kinds
    }
    return document
