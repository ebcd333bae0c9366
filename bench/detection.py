"""Detection quality, ours vs a peer: the default chain and Microsoft Presidio, one run.

Usage (from the repository root)::

    python bench/detection.py [--config config.example.yaml] [--route R] [--data PATH] [--limit N]

Both run over the same labelled corpus (``bench/corpus/pii_corpus.jsonl`` by default)
and are scored by the same code (:mod:`proxy.evaluation`), so the tables are directly
comparable.  Ours is the route's chain exactly as ``pseudogate eval`` runs it.  The
peer is Presidio's analyzer recognizers that need no downloaded model: the default
registry for ``en`` and ``de`` minus the spaCy NER recognizer, applied to every text
whatever its language (generous: Presidio scopes recognizers per language, and its
``de`` default set has no card or SSN recognizer), plus Presidio's own German tax-id
recognizer, with no score threshold (the ``AnalyzerEngine`` default) and its
``AnonymizerEngine`` replacing each finding with ``<ENTITY>``.  No NLP engine is built,
so nothing is downloaded.  Presidio's entity names are mapped onto ours where one
exists (``DATE_TIME`` onto ``DATE_OF_BIRTH``: it is what Presidio would mask a birth
date as); others keep their own names and count as false positives.

The output is the two tables side by side, the ratio of leak rates (Presidio's over
ours: above 1 means we leak less) and, last, one JSON line with the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script from anywhere
    sys.path.insert(0, str(ROOT))

from proxy.commands.evaluate import DEFAULT_CORPUS, evaluate  # noqa: E402
from proxy.config import load_config  # noqa: E402
from proxy.evaluation import (  # noqa: E402
    ALL,
    Detection,
    Payload,
    PayloadResult,
    Report,
    load_corpus,
    report_json,
    score,
)

PRESIDIO_LABELS = {
    "EMAIL_ADDRESS": "EMAIL",
    "PHONE_NUMBER": "PHONE",
    "CREDIT_CARD": "CREDIT_CARD",
    "IBAN_CODE": "IBAN",
    "US_SSN": "US_SSN",
    "DE_TAX_ID": "DE_TAX_ID",
    "IP_ADDRESS": "IP_ADDRESS",
    "DATE_TIME": "DATE_OF_BIRTH",
}
_NLP_RECOGNIZERS = {"SpacyRecognizer", "StanzaRecognizer", "TransformersRecognizer"}


def _presidio_recognizers() -> list[Any]:
    """Presidio's model-free default recognizers for en and de, one instance per class."""
    from presidio_analyzer import RecognizerRegistry
    from presidio_analyzer.predefined_recognizers import DeTaxIdRecognizer

    registry = RecognizerRegistry(supported_languages=["en", "de"])
    registry.load_predefined_recognizers(languages=["en", "de"])
    chosen: dict[str, Any] = {}
    for recognizer in registry.recognizers:
        name = type(recognizer).__name__
        if name not in _NLP_RECOGNIZERS:
            chosen.setdefault(name, recognizer)
    chosen["DeTaxIdRecognizer"] = DeTaxIdRecognizer()
    return list(chosen.values())


def run_presidio(payloads: list[Payload] | tuple[Payload, ...]) -> list[PayloadResult]:
    """Analyse and anonymise every payload with Presidio; time each payload."""
    from presidio_analyzer import EntityRecognizer
    from presidio_anonymizer import AnonymizerEngine

    recognizers = _presidio_recognizers()
    engine: Any = AnonymizerEngine  # presidio is untyped where installed, absent in CI
    anonymizer = engine()
    results = []
    for payload in payloads:
        began = time.perf_counter()
        detections: list[Detection] = []
        sanitized: list[str] = []
        for index, text in enumerate(payload.texts):
            found: list[Any] = []
            for recognizer in recognizers:
                found.extend(recognizer.analyze(text, recognizer.supported_entities, None) or [])
            found = list(EntityRecognizer.remove_duplicates(found))
            sanitized.append(anonymizer.anonymize(text=text, analyzer_results=found).text)
            detections.extend(
                Detection(index, r.start, r.end, PRESIDIO_LABELS.get(r.entity_type, r.entity_type))
                for r in found
                if r.end > r.start
            )
        seconds = time.perf_counter() - began
        results.append(PayloadResult(payload, tuple(sorted(detections)), tuple(sanitized), seconds))
    return results


def _pct(value: float | None) -> str:
    return "—" if value is None else f"{100 * value:.2f}"


def _ratio(theirs: float | None, ours: float | None) -> float | None:
    if theirs is None or ours is None or ours == 0:
        return None
    return theirs / ours


def _ratio_text(theirs: float | None, ours: float | None) -> str:
    ratio = _ratio(theirs, ours)
    if ratio is not None:
        return f"{ratio:.2f}x"
    return "∞ (ours 0)" if ours == 0 and theirs else "—"


def side_by_side(ours: Report, peer: Report) -> str:
    """Both reports as one table: per label and language, then the structured totals."""
    head = (
        f"{'label':<17} {'lang':<4} {'gold':>5} | {'ours P%':>8} {'R%':>7} {'leak%':>7} |"
        f" {'presidio P%':>11} {'R%':>7} {'leak%':>7} | {'leak ratio':>10}"
    )
    lines = [head, "-" * len(head)]

    def row(name: str, lang: str, a: Any, b: Any) -> str:
        return (
            f"{name:<17} {lang:<4} {a.gold:>5} | {_pct(a.precision):>8} {_pct(a.recall):>7}"
            f" {_pct(a.leak_rate):>7} | {_pct(b.precision):>11} {_pct(b.recall):>7}"
            f" {_pct(b.leak_rate):>7} | {_ratio_text(b.leak_rate, a.leak_rate):>10}"
        )

    ordered = ours.labels + [label for label in peer.labels if label not in ours.labels]
    for label in ordered:
        # A label with no gold (a peer's extra entity type) is all false positives:
        # one row for all languages says as much.
        has_gold = ours.tally(label).gold > 0
        for lang in ours.langs if has_gold else [ALL]:
            if (label, lang) in ours.tallies or (label, lang) in peer.tallies:
                lines.append(row(label, lang, ours.tally(label, lang), peer.tally(label, lang)))
    lines.append("-" * len(head))
    for lang in ours.langs:
        lines.append(row("STRUCTURED", lang, ours.structured(lang), peer.structured(lang)))
    lines.append("-" * len(head))
    for lang in ours.langs:
        a_total, a_hit = ours.overmask(lang)
        _, b_hit = peer.overmask(lang)
        lines.append(
            f"hard negatives over-masked  {lang:<4} ours {a_hit}/{a_total} "
            f"({_pct(ours.overmask_rate(lang))}%)   presidio {b_hit}/{a_total} "
            f"({_pct(peer.overmask_rate(lang))}%)"
        )
    a_lat, b_lat = ours.latency[ALL], peer.latency[ALL]
    lines.append(
        f"latency per payload ms      ours p50 {a_lat.p50:.2f} p99 {a_lat.p99:.2f}   "
        f"presidio p50 {b_lat.p50:.2f} p99 {b_lat.p99:.2f}   "
        f"(presidio/ours p50 {_ratio_text(b_lat.p50, a_lat.p50)})"
    )
    return "\n".join(lines)


def _summary(report: Report) -> dict[str, Any]:
    document = report_json(report)
    keep = (
        "structured_recall",
        "structured_precision",
        "structured_leak_rate",
        "negatives_overmask_rate",
        "latency_ms",
    )
    summary = {key: document[key] for key in keep}
    summary["per_language"] = {
        lang: {key: value[key] for key in keep if key != "latency_ms"}
        for lang, value in document["per_language"].items()
    }
    summary["leak_rate"] = {
        label: row["leak_rate"] for label, row in document["per_label"].items() if row["gold"]
    }
    return summary


def main(argv: list[str] | None = None) -> int:
    """Run both, print the side-by-side table and the closing JSON line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--config", type=Path, default=ROOT / "config.example.yaml")
    parser.add_argument("--route")
    parser.add_argument("--data", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--limit", type=int)
    args = parser.parse_args(argv)

    config = load_config(args.config)
    route = next((r for r in config.routes if args.route in (None, r.name, r.path)), None)
    if route is None:
        parser.error(f"no route {args.route!r} in {args.config}")
    payloads = load_corpus(args.data, args.limit)

    ours = score(asyncio.run(evaluate(config, route, payloads, None)))
    peer = score(run_presidio(payloads))

    langs = ", ".join(f"{k} {v}" for k, v in sorted(ours.languages.items()))
    print(
        f"detection on {len(payloads)} payloads ({langs}): ours = route {route.name} "
        f"[{', '.join(route.pipeline)}], presidio = model-free default recognizers"
    )
    print()
    print(side_by_side(ours, peer))
    ratio = _ratio(peer.structured().leak_rate, ours.structured().leak_rate)
    print()
    verdict = (
        f"presidio leaks {ratio:.2f}x as much" if ratio is not None else "ratio undefined (ours 0)"
    )
    print(
        f"structured leak rate: ours {_pct(ours.structured().leak_rate)}%, presidio "
        f"{_pct(peer.structured().leak_rate)}% -> {verdict}"
    )
    print(
        json.dumps(
            {
                "bench": "detection",
                "payloads": len(payloads),
                "route": route.name,
                "ours": _summary(ours),
                "presidio": _summary(peer),
                "structured_leak_ratio_presidio_over_ours": None
                if ratio is None
                else round(ratio, 3),
            },
            ensure_ascii=False,
            separators=(",", ":"),
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
