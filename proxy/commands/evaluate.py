"""``pseudogate eval``: measure a route's detection quality on a labelled corpus.

Runs the route's chain over every payload of the corpus (the committed English +
German corpus by default, or ``--data`` in the same JSONL format, see ``docs/eval.md``),
one fresh vault per payload as the gateway does per request, and prints per label and
per language precision, recall and F1 (overlap and exact span), the leak rate, the
over-masking rate on hard negatives and latency percentiles.  ``--json`` writes the same
as JSON; ``--baseline`` turns the run into a regression gate (exit 1 on a regression).

Only counts, rates and value *shapes* (``Aaaa 99``) are printed, never a corpus value,
so the command is safe to run on real data.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO, final

from pipelines.errors import ConfigError, GatewayError
from proxy.evaluation import (
    ALL,
    STRUCTURED_LABELS,
    Detection,
    Payload,
    PayloadResult,
    Report,
    forwarded_any,
    load_corpus,
    occurs,
    report_json,
    score,
    value_shape,
)

__all__ = [
    "DEFAULT_CORPUS",
    "add_command",
    "baseline_entry",
    "baseline_slice",
    "check_baseline",
    "evaluate",
    "render_table",
]

DEFAULT_CORPUS = Path(__file__).resolve().parents[2] / "bench" / "corpus" / "pii_corpus.jsonl"

if TYPE_CHECKING:  # the runtime imports happen in the handler, so --help stays fast
    from pipelines.chain import Chain
    from pipelines.vault import Vault
    from proxy.config import Config, RouteConfig


def add_command(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``pseudogate eval``."""
    parser = subparsers.add_parser(
        "eval",
        help="measure detection quality on a labelled corpus",
        description=__doc__.split("\n\n")[1].replace("\n", " ") if __doc__ else None,
    )
    parser.add_argument("--config", required=True, type=Path, help="the gateway's YAML config")
    parser.add_argument("--route", help="route name or path (default: the first route)")
    parser.add_argument(
        "--data", type=Path, default=DEFAULT_CORPUS, help="JSONL corpus (default: %(default)s)"
    )
    parser.add_argument("--limit", type=int, help="score only the first N payloads")
    parser.add_argument(
        "--json",
        nargs="?",
        const="-",
        metavar="PATH",
        help="write the report as JSON to PATH, or to stdout instead of the table",
    )
    parser.add_argument(
        "--baseline", type=Path, help="fail (exit 1) if leak or over-masking rates regress"
    )
    parser.add_argument(
        "--update-baseline",
        action="store_true",
        help="write this run's rates into --baseline for this slice instead of checking",
    )
    parser.add_argument(
        "--show-misses",
        type=int,
        default=0,
        metavar="N",
        help="list up to N leaked values and N over-masked negatives, as shapes",
    )
    parser.set_defaults(handler=_handle)


@final
class _Progress:
    """A one-line progress bar on a terminal; silent when the stream is not a TTY."""

    __slots__ = ("_done", "_drawn", "_stream", "_total")

    def __init__(self, total: int, stream: TextIO) -> None:
        self._total = total
        self._done = 0
        self._stream = stream if stream.isatty() else None
        self._drawn = 0.0

    def advance(self) -> None:
        self._done += 1
        now = time.monotonic()
        # Redraw at most ten times a second: the terminal must not be the bottleneck.
        if self._stream is not None and (now - self._drawn > 0.1 or self._done == self._total):
            self._drawn = now
            filled = 30 * self._done // max(self._total, 1)
            bar = "#" * filled + "." * (30 - filled)
            self._stream.write(f"\reval [{bar}] {self._done}/{self._total}")
            self._stream.flush()

    def close(self) -> None:
        if self._stream is not None:
            self._stream.write("\n")
            self._stream.flush()


def _pick_route(config: Config, wanted: str | None) -> RouteConfig:
    if not config.routes:
        raise ConfigError("the config has no routes", source=config.source, path="routes")
    if wanted is None:
        return config.routes[0]
    for route in config.routes:
        if wanted in (route.name, route.path):
            return route
    names = ", ".join(route.name for route in config.routes)
    raise ConfigError(f"no route named {wanted!r}", source=config.source, expected=names)


async def evaluate(
    config: Config, route: RouteConfig, payloads: Sequence[Payload], progress: _Progress | None
) -> list[PayloadResult]:
    """Run ``route``'s chain over ``payloads``, a fresh vault per payload as per request.

    Only the route's detectors are built and started (a model another route needs is
    not loaded), and they are closed again however the run ends.
    """
    from proxy.assembly import build_chain, build_detectors, new_vault, running

    detectors = build_detectors(config, only=route.pipeline)
    async with running(detectors):
        chain = build_chain(config, route, detectors)
        return [await _run_one(chain, payload, new_vault(config), progress) for payload in payloads]


async def _run_one(
    chain: Chain, payload: Payload, vault: Vault, progress: _Progress | None
) -> PayloadResult:

    began = time.perf_counter()
    sanitized = await chain.sanitize(payload.texts, vault)
    seconds = time.perf_counter() - began
    if progress is not None:
        progress.advance()
    detections = tuple(
        sorted(Detection(f.text_index, f.start, f.end, f.label) for f in sanitized.findings)
    )
    return PayloadResult(payload, detections, sanitized.texts, seconds)


def _pct(value: float | None) -> str:
    return "—" if value is None else f"{100 * value:.2f}"


def render_table(report: Report, title: str) -> str:
    """The human-readable report: one row per label and language, then the summary."""

    header = (
        f"{'label':<14} {'lang':<4} {'gold':>5} {'pred':>5} {'P%':>7} {'R%':>7} {'F1%':>7}"
        f" {'P-ex%':>7} {'R-ex%':>7} {'F1-ex%':>7} {'leak%':>7} {'whole%':>7}"
    )
    lines = [title, "", header, "-" * len(header)]

    def row(name: str, lang: str, tally: Any) -> str:
        return (
            f"{name:<14} {lang:<4} {tally.gold:>5} {tally.predicted:>5} {_pct(tally.precision):>7}"
            f" {_pct(tally.recall):>7} {_pct(tally.f1):>7} {_pct(tally.precision_exact):>7}"
            f" {_pct(tally.recall_exact):>7} {_pct(tally.f1_exact):>7} {_pct(tally.leak_rate):>7}"
            f" {_pct(tally.leak_rate_whole):>7}"
        )

    structured = [label for label in report.labels if label in STRUCTURED_LABELS]
    others = [label for label in report.labels if label not in STRUCTURED_LABELS]
    for group in (structured, others):
        for label in group:
            lines.extend(
                row(label, lang, report.tally(label, lang))
                for lang in report.langs
                if (label, lang) in report.tallies
            )
        if group is structured:
            lines.append("-" * len(header))
            lines.extend(row("STRUCTURED", lang, report.structured(lang)) for lang in report.langs)
            lines.append("-" * len(header))
    lines.append("")
    lines.append("hard negatives over-masked (must stay unmasked):")
    for lang in report.langs:
        total, hit = report.overmask(lang)
        lines.append(f"  {lang:<4} {hit}/{total} = {_pct(report.overmask_rate(lang))}%")
    kinds = sorted({kind for kind, _ in report.negatives})
    per_kind = ", ".join(
        f"{kind} {report.overmask('all', kind)[1]}/{report.overmask('all', kind)[0]}"
        for kind in kinds
    )
    if per_kind:
        lines.append(f"  by kind: {per_kind}")
    lines.append("")
    lines.append("latency per payload (ms):")
    for lang in report.langs:
        lat = report.latency.get(lang)
        if lat is not None:
            lines.append(
                f"  {lang:<4} p50 {lat.p50:.2f}  p90 {lat.p90:.2f}  p99 {lat.p99:.2f}"
                f"  max {lat.max:.2f}  mean {lat.mean:.2f}"
            )
    return "\n".join(lines)


def _misses(results: Sequence[PayloadResult], limit: int) -> list[str]:
    """Up to ``limit`` leaked gold values (structured labels first) and over-masked
    negatives, each as a shape with its payload id: enough to find the pattern a
    detector misses without printing the value."""

    leaks: list[tuple[bool, str]] = []
    overmasked: list[str] = []
    for result in results:
        payload = result.payload
        for gold in payload.entities:
            if occurs(gold.value, result.sanitized[gold.text]) or forwarded_any(
                gold, result.detections
            ):
                where = f"{payload.lang} {payload.id}[{gold.text}]"
                line = f"  leak  {gold.label:<13} {where} {value_shape(gold.value)}"
                leaks.append((gold.label not in STRUCTURED_LABELS, line))
        for neg in payload.negatives:
            hit = {
                d.label
                for d in result.detections
                if d.text == neg.text and d.start < neg.end and neg.start < d.end
            }
            if hit:
                where = f"{payload.lang} {payload.id}[{neg.text}]"
                overmasked.append(
                    f"  over  {neg.kind:<13} {where} as {'/'.join(sorted(hit))} "
                    f"{value_shape(neg.value)}"
                )
    # Stable sort: structured leaks first, each group in corpus order.
    leaks.sort(key=lambda item: item[0])
    return [
        "leaked gold values (shapes, structured first):",
        *(line for _, line in leaks[:limit]),
        "over-masked negatives (shapes):",
        *overmasked[:limit],
    ]


def _handle(args: argparse.Namespace) -> int:
    from proxy.config import load_config

    if args.update_baseline and args.baseline is None:
        raise ConfigError("--update-baseline needs --baseline PATH")
    config = load_config(args.config)
    route = _pick_route(config, args.route)
    payloads = load_corpus(args.data, args.limit)
    progress = _Progress(len(payloads), sys.stderr)
    try:
        results = asyncio.run(evaluate(config, route, payloads, progress))
    except ConfigError:
        progress.close()
        raise
    except GatewayError as exc:
        progress.close()
        print(f"pseudogate eval: the pipeline failed: {exc}", file=sys.stderr)
        return 2
    progress.close()
    report = score(results)
    document = report_json(report)
    document["route"] = route.name
    document["pipeline"] = list(route.pipeline)
    document["data"] = str(args.data)
    document["limit"] = args.limit

    if args.json == "-":
        print(json.dumps(document, indent=2, ensure_ascii=False))
    else:
        counts = ", ".join(f"{lang} {n}" for lang, n in sorted(report.languages.items()))
        title = (
            f"pseudogate eval: {len(payloads)} payloads ({counts}), route {route.name}, "
            f"pipeline {', '.join(route.pipeline) or '(empty)'}"
        )
        print(render_table(report, title))
        if args.show_misses:
            print("\n".join(["", *_misses(results, args.show_misses)]))
        if args.json:
            Path(args.json).write_text(
                json.dumps(document, indent=2, ensure_ascii=False) + "\n", encoding="utf-8"
            )

    if args.baseline is None:
        return 0
    if args.update_baseline:
        baseline = _read_json(args.baseline) if args.baseline.exists() else {}
        baseline.setdefault("tolerance", 0.0)
        baseline.setdefault("slices", {})[baseline_slice(args.limit)] = baseline_entry(document)
        args.baseline.write_text(
            json.dumps(baseline, indent=2, sort_keys=True) + "\n", encoding="utf-8"
        )
        print(f"baseline for slice {baseline_slice(args.limit)!r} written", file=sys.stderr)
        return 0
    problems = check_baseline(document, _read_json(args.baseline), args.limit)
    for problem in problems:
        print(f"pseudogate eval: {problem}", file=sys.stderr)
    return 1 if problems else 0


def _read_json(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise ConfigError("cannot read the baseline", source=str(path)) from exc
    if not isinstance(data, dict):
        raise ConfigError("the baseline must be a JSON object", source=str(path))
    return data


# ---- the regression gate -------------------------------------------------------------


def baseline_slice(limit: int | None) -> str:
    """The key of a baseline entry: the ``--limit`` it was measured with, or ``all``."""
    return ALL if limit is None else str(limit)


def check_baseline(
    document: Mapping[str, Any], baseline: Mapping[str, Any], limit: int | None
) -> list[str]:
    """Regressions of ``document`` (a :func:`report_json`) against ``baseline``.

    ``baseline["slices"][slice]`` holds ``structured_leak_rate``,
    ``negatives_overmask_rate`` and ``per_label_leak_rate`` measured on the same slice;
    ``baseline["tolerance"]`` (default 0) is the absolute slack.  A rate that rises past
    its baseline plus the slack is a regression; improvements are fine (lower the
    baseline with ``--update-baseline`` to ratchet).  Raises :class:`ConfigError` when
    the baseline has no entry for this slice.
    """
    slices = baseline.get("slices")
    key = baseline_slice(limit)
    if not isinstance(slices, Mapping) or not isinstance(slices.get(key), Mapping):
        raise ConfigError(
            f"the baseline has no entry for slice {key!r}",
            expected="slices.<limit or 'all'> from --update-baseline",
        )
    entry = slices[key]
    slack = float(baseline.get("tolerance", 0.0))
    problems = []
    checks = [
        ("structured_leak_rate", document.get("structured_leak_rate")),
        ("negatives_overmask_rate", document.get("negatives_overmask_rate")),
    ]
    per_label = document.get("per_label", {})
    for label, rate in sorted(entry.get("per_label_leak_rate", {}).items()):
        checks.append((f"{label} leak_rate", per_label.get(label, {}).get("leak_rate", rate)))
    allowed = {
        "structured_leak_rate": entry.get("structured_leak_rate"),
        "negatives_overmask_rate": entry.get("negatives_overmask_rate"),
        **{
            f"{label} leak_rate": rate
            for label, rate in entry.get("per_label_leak_rate", {}).items()
        },
    }
    for name, current in checks:
        limit_value = allowed.get(name)
        if current is None or limit_value is None:
            continue
        if current > float(limit_value) + slack + 1e-12:
            problems.append(f"{name} regressed: {current:.4%} > baseline {float(limit_value):.4%}")
    return problems


def baseline_entry(document: Mapping[str, Any]) -> dict[str, Any]:
    """The baseline entry that :func:`check_baseline` compares against, from a report."""
    per_label = document.get("per_label", {})
    return {
        "structured_leak_rate": document.get("structured_leak_rate"),
        "negatives_overmask_rate": document.get("negatives_overmask_rate"),
        "structured_recall": document.get("structured_recall"),
        "structured_precision": document.get("structured_precision"),
        "per_label_leak_rate": {
            label: row["leak_rate"]
            for label, row in sorted(per_label.items())
            if label in STRUCTURED_LABELS and row.get("leak_rate") is not None
        },
    }
