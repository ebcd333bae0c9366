"""Ingress sanitisation latency, ours vs Microsoft Presidio, measured in one run.

Usage (from the repository root)::

    python bench/ingress.py [--iterations N] [--presidio-iterations N] [--entities N]
    python bench/ingress.py --against DIR [--rounds N] [--iterations N]

On the same prompts (:mod:`bench._prompts`: about 500 and 1,500 tokens of mixed prose
with personal data) it measures, per request of one text:

* ours: ``Chain([regex, known_entities]).sanitize([text], Vault())`` with every
  built-in regex entity and a list of 1,000 names (loaded from a ``.txt`` file), so
  the figure includes span resolution, placeholder issue and replacement;
* ours with the list grown to 1,000,000 names: load time (create + start, file
  included), resident memory, and the latency again;
* Presidio: its model-free recognizers for ``en`` (pattern recognizers plus its
  phone recognizer, no spaCy: nothing is downloaded) and ``AnonymizerEngine``.

Our three cases run round-robin, request by request, so that other load on the
machine hits them alike.  Each latency is reported as wall-clock time and as CPU time
(ours: the whole process, since the regex detector scans on its own threads; Presidio:
this thread; neither inflated by other processes on a shared machine); the
targets and the JSON keys without a ``cpu_`` prefix use wall-clock time.  It prints
the figures side by side with the ratios and ends with one JSON line.  Compare ratios
from one run rather than absolute numbers across machines.

``--against DIR`` compares this tree with another checkout (``git worktree add
/tmp/base <commit>``) on the "1,000 entities, 1,500 tokens" case only: each round runs
it in a fresh process per tree, the trees taking turns, each process measuring with
this file's code and the library of its tree.  It prints each tree's p50 (wall and
CPU, over all rounds' samples) and the ratio this/against, and ends with one JSON
line.  Presidio is not needed for it.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if __name__ == "__main__" and str(ROOT) not in sys.path:  # run as a script from anywhere
    sys.path.insert(0, str(ROOT))  # (an --against child puts its own tree first instead)

from bench._prompts import known_names, prompts  # noqa: E402
from detectors.known_entities import KnownEntitiesDetector  # noqa: E402
from detectors.known_entities import create as create_known  # noqa: E402
from detectors.regex import RegexDetector  # noqa: E402
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


async def _known(path: Path) -> tuple[KnownEntitiesDetector, float, float]:
    """Create and start a list detector; (detector, wall seconds, CPU seconds)."""
    wall, cpu = time.perf_counter(), time.process_time()
    detector = create_known({"files": [str(path)], "reload": False}, DetectorContext(name="people"))
    await detector.start()
    return detector, time.perf_counter() - wall, time.process_time() - cpu


async def _chain_1k(regex: RegexDetector, tmp: Path) -> tuple[Chain, float]:
    """The measured case: every built-in regex entity and a list of 1,000 names.

    Returns the chain and the list's load time in seconds.
    """
    small_file = tmp / "names_1k.txt"
    small_file.write_text("\n".join(known_names(1000)) + "\n", encoding="utf-8")
    small, load_1k, _ = await _known(small_file)
    return Chain([regex, small]), load_1k


async def _time_chains(
    chains: dict[str, Chain], texts: Sequence[str], iterations: int
) -> dict[str, tuple[list[float], list[float]]]:
    """Round-robin over ``chains`` so that machine load hits every case alike.

    Returns per chain (wall ms, CPU ms) samples; CPU time is this process's, all its
    threads (the regex detector scans on its own), which the other processes on a
    shared machine do not inflate.
    """
    for chain in chains.values():
        for text in texts[:5]:  # warm caches and lazy imports
            await chain.sanitize([text], Vault())
    gc.collect()
    samples: dict[str, tuple[list[float], list[float]]] = {name: ([], []) for name in chains}
    for index in range(iterations):
        text = texts[index % len(texts)]
        for name, chain in chains.items():
            wall, cpu = time.perf_counter(), time.process_time()
            await chain.sanitize([text], Vault())
            samples[name][1].append((time.process_time() - cpu) * 1000)
            samples[name][0].append((time.perf_counter() - wall) * 1000)
    return samples


def _presidio() -> tuple[list[Any], Any]:
    from presidio_analyzer import RecognizerRegistry
    from presidio_anonymizer import AnonymizerEngine

    registry = RecognizerRegistry(supported_languages=["en"])
    registry.load_predefined_recognizers(languages=["en"])
    recognizers = [r for r in registry.recognizers if type(r).__name__ not in _NLP_RECOGNIZERS]
    engine: Any = AnonymizerEngine  # presidio is untyped where installed, absent in CI
    return recognizers, engine()


def _time_presidio(texts: Sequence[str], iterations: int) -> tuple[list[float], list[float]]:
    """(wall ms, CPU ms) per request for Presidio's analyse + anonymise."""
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
    walls: list[float] = []
    cpus: list[float] = []
    for index in range(iterations):
        text = texts[index % len(texts)]
        wall, cpu = time.perf_counter(), time.thread_time()
        run(text)
        cpus.append((time.thread_time() - cpu) * 1000)
        walls.append((time.perf_counter() - wall) * 1000)
    return walls, cpus


def _row(name: str, samples: tuple[list[float], list[float]]) -> str:
    wall50, wall99 = _percentiles(samples[0])
    cpu50, cpu99 = _percentiles(samples[1])
    return (
        f"  {name:<46} wall p50 {wall50:8.3f}  p99 {wall99:8.3f} ms | "
        f"cpu p50 {cpu50:8.3f}  p99 {cpu99:8.3f} ms  (n={len(samples[0])})"
    )


async def run(args: argparse.Namespace) -> dict[str, Any]:
    """Measure everything; print the table; return the summary figures."""
    texts = {tokens: list(prompts(tokens, 30, seed=tokens)) for tokens in (500, 1500)}
    regex = create_regex({}, DetectorContext(name="regex"))
    with tempfile.TemporaryDirectory(prefix="pseudogate-bench-") as tmp:
        chain_1k, load_1k = await _chain_1k(regex, Path(tmp))
        big_file = Path(tmp) / "names_1m.txt"
        big_file.write_text("\n".join(known_names(args.entities)) + "\n", encoding="utf-8")
        gc.collect()
        rss_before = _rss_mb()
        big, load_1m, load_cpu_1m = await _known(big_file)
        gc.collect()
        rss_after = _rss_mb()

    chains = {
        "regex": Chain([regex]),
        "1k": chain_1k,
        "1m": Chain([regex, big]),
    }
    ours = {tokens: await _time_chains(chains, texts[tokens], args.iterations) for tokens in texts}
    peer = {tokens: _time_presidio(texts[tokens], args.presidio_iterations) for tokens in texts}
    hits = await chains["1k"].sanitize([texts[1500][0]], Vault())

    print("Ingress sanitisation latency, one text per request, same prompts for every case")
    print(
        f"  prompts: ~500 tokens ({len(texts[500][0])} chars) and ~1500 tokens "
        f"({len(texts[1500][0])} chars), 30 of each, cycled; our cases run round-robin"
    )
    print(f"  values replaced in one 1500-token prompt: {dict(hits.counts)}")
    for tokens in (500, 1500):
        print(f"\n~{tokens} tokens")
        print(_row("ours: regex (all built-ins) only", ours[tokens]["regex"]))
        print(_row("ours: regex + 1,000 known entities", ours[tokens]["1k"]))
        print(_row(f"ours: regex + {args.entities:,} known entities", ours[tokens]["1m"]))
        print(_row("presidio: model-free recognizers + anonymizer", peer[tokens]))
        wall = _percentiles(peer[tokens][0])[0] / _percentiles(ours[tokens]["1k"][0])[0]
        cpu = _percentiles(peer[tokens][1])[0] / _percentiles(ours[tokens]["1k"][1])[0]
        print(f"  speed-up vs presidio, p50, 1,000 entities: {wall:.1f}x wall, {cpu:.1f}x cpu")

    p50_1k, p99_1k = _percentiles(ours[1500]["1k"][0])
    p50_1m, p99_1m = _percentiles(ours[1500]["1m"][0])
    cpu50_1k, cpu99_1k = _percentiles(ours[1500]["1k"][1])
    cpu50_1m = _percentiles(ours[1500]["1m"][1])[0]
    presidio_p50, presidio_p99 = _percentiles(peer[1500][0])
    summary = {
        "p50_ms_500_1k": round(_percentiles(ours[500]["1k"][0])[0], 4),
        "p99_ms_500_1k": round(_percentiles(ours[500]["1k"][0])[1], 4),
        "p50_ms_1500_1k": round(p50_1k, 4),
        "p99_ms_1500_1k": round(p99_1k, 4),
        "cpu_p50_ms_1500_1k": round(cpu50_1k, 4),
        "cpu_p99_ms_1500_1k": round(cpu99_1k, 4),
        "p50_ms_1500_regex_only": round(_percentiles(ours[1500]["regex"][0])[0], 4),
        "cpu_p50_ms_1500_regex_only": round(_percentiles(ours[1500]["regex"][1])[0], 4),
        "presidio_p50_ms_500": round(_percentiles(peer[500][0])[0], 3),
        "presidio_p50_ms_1500": round(presidio_p50, 3),
        "presidio_p99_ms_1500": round(presidio_p99, 3),
        "presidio_cpu_p50_ms_1500": round(_percentiles(peer[1500][1])[0], 3),
        "speedup_vs_presidio": round(presidio_p50 / p50_1k, 1),
        "entities_big": args.entities,
        "load_s_1k": round(load_1k, 4),
        "load_s_1m": round(load_1m, 2),
        "load_cpu_s_1m": round(load_cpu_1m, 2),
        "p50_ms_1500_1m": round(p50_1m, 4),
        "p99_ms_1500_1m": round(p99_1m, 4),
        "cpu_p50_ms_1500_1m": round(cpu50_1m, 4),
        "added_p50_ms_1m_vs_1k": round(p50_1m - p50_1k, 4),
        "rss_mb_1m": round(rss_after, 1),
        "rss_mb_added_by_1m": round(rss_after - rss_before, 1),
    }
    print(
        f"\n{args.entities:,} known entities: load {load_1m:.2f} s wall / {load_cpu_1m:.2f} s "
        f"cpu (1,000: {load_1k:.3f} s); RSS {rss_after:.0f} MiB "
        f"(+{rss_after - rss_before:.0f} MiB for the list); p50 at 1500 tokens "
        f"{p50_1m:.3f} ms vs {p50_1k:.3f} ms with 1,000 ({p50_1m - p50_1k:+.3f} ms)"
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


async def child(iterations: int) -> tuple[list[float], list[float]]:
    """One ``--against`` process: (wall ms, CPU ms) samples of the 1k, 1,500-token case."""
    texts = list(prompts(1500, 30, seed=1500))
    regex = create_regex({}, DetectorContext(name="regex"))
    with tempfile.TemporaryDirectory(prefix="pseudogate-bench-") as tmp:
        chain, _ = await _chain_1k(regex, Path(tmp))
    samples = await _time_chains({"1k": chain}, texts, iterations)
    return samples["1k"]


# Runs in a fresh process with the other tree first on sys.path: this file's code,
# that tree's library.
_CHILD = """
import asyncio, json, runpy, sys
sys.path.insert(0, sys.argv[1])
bench = runpy.run_path(sys.argv[2], run_name="pseudogate_bench_child")
print(json.dumps(asyncio.run(bench["child"](int(sys.argv[3])))))
"""


def against(other: Path, rounds: int, iterations: int) -> dict[str, Any]:
    """Alternate fresh processes of this tree and ``other``; print p50s and the ratio."""
    trees = {"this": ROOT, "against": other.resolve()}
    pooled: dict[str, tuple[list[float], list[float]]] = {name: ([], []) for name in trees}
    print("ours, 1,000 entities, 1,500 tokens: p50 per request (ms), fresh process per round")
    for round_ in range(rounds):
        for name, tree in trees.items():
            done = subprocess.run(
                [sys.executable, "-c", _CHILD, str(tree), __file__, str(iterations)],
                cwd=tree, capture_output=True, text=True, check=True,
            )
            walls, cpus = json.loads(done.stdout)
            pooled[name][0].extend(walls)
            pooled[name][1].extend(cpus)
            print(
                f"  round {round_ + 1} {name:<8} wall {statistics.median(walls):7.3f}  "
                f"cpu {statistics.median(cpus):7.3f}"
            )
    p50 = {
        name: (statistics.median(walls), statistics.median(cpus))
        for name, (walls, cpus) in pooled.items()
    }
    ratio = (p50["this"][0] / p50["against"][0], p50["this"][1] / p50["against"][1])
    for name, tree in trees.items():
        print(f"  {name:<8} wall p50 {p50[name][0]:7.3f}  cpu p50 {p50[name][1]:7.3f}  {tree}")
    print(f"  ratio this/against: wall {ratio[0]:.3f}, cpu {ratio[1]:.3f}")
    return {
        "bench": "ingress_against",
        "p50_ms": round(p50["this"][0], 4),
        "cpu_p50_ms": round(p50["this"][1], 4),
        "against_p50_ms": round(p50["against"][0], 4),
        "against_cpu_p50_ms": round(p50["against"][1], 4),
        "ratio": round(ratio[0], 4),
        "cpu_ratio": round(ratio[1], 4),
        "rounds": rounds,
        "iterations": iterations,
    }


def main(argv: list[str] | None = None) -> int:
    """Parse arguments, run the benchmark, print the JSON line last."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=400, help="timed requests per case")
    parser.add_argument("--presidio-iterations", type=int, default=60)
    parser.add_argument("--entities", type=int, default=1_000_000, help="size of the big list")
    parser.add_argument("--against", type=Path, help="another checkout to compare with")
    parser.add_argument("--rounds", type=int, default=3, help="--against: processes per tree")
    args = parser.parse_args(argv)
    if args.against is not None:
        print(json.dumps(against(args.against, args.rounds, args.iterations), sort_keys=True))
        return 0
    summary = asyncio.run(run(args))
    print(json.dumps(summary, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
