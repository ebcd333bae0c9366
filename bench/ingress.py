"""Ingress sanitisation latency, ours vs Microsoft Presidio, measured in one run.

Usage (from the repository root)::

    python bench/ingress.py [--iterations N] [--presidio-iterations N] [--entities N]

On the same prompts (:mod:`bench._prompts`: about 500 and 1,500 tokens of mixed prose
with personal data) it measures, per request of one text:

* ours: ``Chain([regex, known_entities]).sanitize([text], Vault())`` with every
  built-in regex entity and a list of 1,000 names (loaded from a ``.txt`` file), so
  the figure includes span resolution, placeholder issue and replacement;
* ours with the list grown to 1,000,000 names: load time (create + start, file
  included), resident memory, and the latency again;
* Presidio: its model-free recognizers for ``en`` (pattern recognizers plus its
  phone recognizer, no spaCy: nothing is downloaded) and ``AnonymizerEngine``.

It prints the figures side by side with the ratios and ends with one JSON line.
Latencies are wall-clock per call on this machine, so compare ratios from one run
rather than absolute numbers across machines.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script from anywhere
    sys.path.insert(0, str(ROOT))

from bench._prompts import known_names, prompts  # noqa: E402
from detectors.known_entities import KnownEntitiesDetector  # noqa: E402
from detectors.known_entities import create as create_known  # noqa: E402
from detectors.regex import create as create_regex  # noqa: E402
from pipelines.chain import Chain  # noqa: E402
from pipelines.spans import DetectorContext  # noqa: E402
from pipelines.vault import Vault  # noqa: E402

_NLP_RECOGNIZERS = {"SpacyRecognizer", "StanzaRecognizer", "TransformersRecognizer"}


def _rss_mb() -> float:
    """Current resident set size of this process, in MiB (Linux /proc)."""
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def _percentiles(samples: Sequence[float]) -> tuple[float, float]:
    ordered = sorted(samples)
    p50 = statistics.median(ordered)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    return p50, p99


async def _known(path: Path) -> tuple[KnownEntitiesDetector, float]:
    began = time.perf_counter()
    detector = create_known({"files": [str(path)], "reload": False}, DetectorContext(name="people"))
    await detector.start()
    return detector, time.perf_counter() - began


async def _time_chain(chain: Chain, texts: Sequence[str], iterations: int) -> list[float]:
    for text in texts[:5]:  # warm caches and lazy imports
        await chain.sanitize([text], Vault())
    gc.collect()
    samples = []
    for index in range(iterations):
        text = texts[index % len(texts)]
        began = time.perf_counter()
        await chain.sanitize([text], Vault())
        samples.append((time.perf_counter() - began) * 1000)
    return samples


def _presidio() -> tuple[list[Any], Any]:
    from presidio_analyzer import RecognizerRegistry
    from presidio_anonymizer import AnonymizerEngine

    registry = RecognizerRegistry(supported_languages=["en"])
    registry.load_predefined_recognizers(languages=["en"])
    recognizers = [r for r in registry.recognizers if type(r).__name__ not in _NLP_RECOGNIZERS]
    return recognizers, AnonymizerEngine()  # type: ignore[no-untyped-call]


def _time_presidio(texts: Sequence[str], iterations: int) -> list[float]:
    from presidio_analyzer import EntityRecognizer

    recognizers, anonymizer = _presidio()

    def run(text: str) -> str:
        found: list[Any] = []
        for recognizer in recognizers:
            found.extend(recognizer.analyze(text, recognizer.supported_entities, None) or [])
        found = list(EntityRecognizer.remove_duplicates(found))
        return str(anonymizer.anonymize(text=text, analyzer_results=found).text)

    for text in texts[:3]:
        run(text)
    gc.collect()
    samples = []
    for index in range(iterations):
        text = texts[index % len(texts)]
        began = time.perf_counter()
        run(text)
        samples.append((time.perf_counter() - began) * 1000)
    return samples


def _row(name: str, samples: Sequence[float]) -> str:
    p50, p99 = _percentiles(samples)
    return f"  {name:<44} p50 {p50:8.3f} ms   p99 {p99:8.3f} ms   (n={len(samples)})"


async def run(args: argparse.Namespace) -> dict[str, Any]:
    """Measure everything; print the table; return the summary figures."""
    texts = {tokens: list(prompts(tokens, 30, seed=tokens)) for tokens in (500, 1500)}
    regex = create_regex({}, DetectorContext(name="regex"))
    with tempfile.TemporaryDirectory(prefix="pseudogate-bench-") as tmp:
        small_file = Path(tmp) / "names_1k.txt"
        small_file.write_text("\n".join(known_names(1000)) + "\n", encoding="utf-8")
        big_file = Path(tmp) / "names_1m.txt"
        big_file.write_text("\n".join(known_names(args.entities)) + "\n", encoding="utf-8")

        small, load_1k = await _known(small_file)
        chain_1k = Chain([regex, small])
        regex_only = Chain([regex])
        ours: dict[tuple[str, int], list[float]] = {}
        for tokens in (500, 1500):
            ours[("1k", tokens)] = await _time_chain(chain_1k, texts[tokens], args.iterations)
            ours[("regex", tokens)] = await _time_chain(regex_only, texts[tokens], args.iterations)

        gc.collect()
        rss_before = _rss_mb()
        big, load_1m = await _known(big_file)
        gc.collect()
        rss_after = _rss_mb()
        chain_1m = Chain([regex, big])
        for tokens in (500, 1500):
            ours[("1m", tokens)] = await _time_chain(chain_1m, texts[tokens], args.iterations)

    peer = {tokens: _time_presidio(texts[tokens], args.presidio_iterations) for tokens in texts}
    hits = await chain_1k.sanitize([texts[1500][0]], Vault())

    print("Ingress sanitisation latency, one text per request (same prompts for all)")
    print(
        f"  prompt sizes: ~500 tokens ({len(texts[500][0])} chars), ~1500 tokens "
        f"({len(texts[1500][0])} chars); 30 prompts each, cycled"
    )
    print(f"  findings in a 1500-token prompt: {dict(hits.counts)}")
    for tokens in (500, 1500):
        print(f"\n~{tokens} tokens")
        print(_row("ours: regex (all built-ins) only", ours[("regex", tokens)]))
        print(_row("ours: regex + 1,000 known entities", ours[("1k", tokens)]))
        print(_row(f"ours: regex + {args.entities:,} known entities", ours[("1m", tokens)]))
        print(_row("presidio: model-free recognizers + anonymizer", peer[tokens]))
        ratio = _percentiles(peer[tokens])[0] / _percentiles(ours[("1k", tokens)])[0]
        print(f"  speed-up vs presidio (p50, 1,000 entities): {ratio:.1f}x")

    p50_1k, p99_1k = _percentiles(ours[("1k", 1500)])
    p50_1m, p99_1m = _percentiles(ours[("1m", 1500)])
    presidio_p50, presidio_p99 = _percentiles(peer[1500])
    summary = {
        "p50_ms_500_1k": round(_percentiles(ours[("1k", 500)])[0], 4),
        "p99_ms_500_1k": round(_percentiles(ours[("1k", 500)])[1], 4),
        "p50_ms_1500_1k": round(p50_1k, 4),
        "p99_ms_1500_1k": round(p99_1k, 4),
        "p50_ms_1500_regex_only": round(_percentiles(ours[("regex", 1500)])[0], 4),
        "presidio_p50_ms_500": round(_percentiles(peer[500])[0], 3),
        "presidio_p50_ms_1500": round(presidio_p50, 3),
        "presidio_p99_ms_1500": round(presidio_p99, 3),
        "speedup_vs_presidio": round(presidio_p50 / p50_1k, 1),
        "entities_big": args.entities,
        "load_s_1k": round(load_1k, 4),
        "load_s_1m": round(load_1m, 2),
        "p50_ms_1500_1m": round(p50_1m, 4),
        "p99_ms_1500_1m": round(p99_1m, 4),
        "added_p50_ms_1m_vs_1k": round(p50_1m - p50_1k, 4),
        "rss_mb_1m": round(rss_after, 1),
        "rss_mb_added_by_1m": round(rss_after - rss_before, 1),
    }
    print(
        f"\n{args.entities:,} known entities: load {load_1m:.2f} s (1,000: {load_1k:.3f} s), "
        f"RSS {rss_after:.0f} MiB (+{rss_after - rss_before:.0f} MiB), p50 at 1500 tokens "
        f"{p50_1m:.3f} ms vs {p50_1k:.3f} ms with 1,000 (+{p50_1m - p50_1k:.3f} ms)"
    )
    targets = [
        ("p50 <= 1 ms (1500 tokens, 1k)", p50_1k <= 1.0),
        ("p99 <= 3 ms (1500 tokens, 1k)", p99_1k <= 3.0),
        (">= 10x faster than presidio", summary["speedup_vs_presidio"] >= 10),
        ("1M entities load <= 10 s", load_1m <= 10.0),
        ("1M entities add <= 1 ms p50", p50_1m - p50_1k <= 1.0),
    ]
    print("targets: " + "; ".join(f"{name}: {'met' if ok else 'MISSED'}" for name, ok in targets))
    return summary


def main(argv: list[str] | None = None) -> int:
    """Parse arguments, run the benchmark, print the JSON line last."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=400, help="timed requests per case")
    parser.add_argument("--presidio-iterations", type=int, default=60)
    parser.add_argument("--entities", type=int, default=1_000_000, help="size of the big list")
    args = parser.parse_args(argv)
    summary = asyncio.run(run(args))
    print(json.dumps(summary, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
