"""CPU time of one regex detector scan, this tree beside another checkout, per rule too.

Usage (from the repository root)::

    python bench/regex_scan.py [--against DIR] [--rounds N] [--per-rule]

On the 1,500-token prompts of :mod:`bench._prompts` it measures the thread CPU time
of ``RegexDetector.scan`` (every built-in entity, the calling thread, so no executor
hop) per prompt: the best of several passes, in a fresh process per tree and round,
the trees taking turns, so that other load on the machine hits them alike.
``--against`` names another checkout (``git worktree add /tmp/main main``); the
ratio is this tree over that one.  ``--per-rule`` adds, for this tree, each built-in
scanned alone less an empty detector (shared work such as the digit-cluster pass is
counted in every numeric rule).  Ends with one JSON line.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

_CHILD = """
import sys, time
sys.path.insert(0, sys.argv[1])
from bench._prompts import prompts
from detectors.regex import create
from pipelines.spans import DetectorContext
texts = list(prompts(1500, 30, seed=1500))
def best(entities):
    d = create({} if entities is None else {"entities": entities}, DetectorContext(name="r"))
    for text in texts:
        d.scan(text)
    low = float("inf")
    for _ in range(5):
        t0 = time.thread_time()
        for _ in range(3):
            for text in texts:
                d.scan(text)
        low = min(low, (time.thread_time() - t0) / 3 / len(texts) * 1e3)
    return low
if sys.argv[2] == "all":
    print(best(None))
else:
    from detectors.library import BUILTIN_ENTITIES
    empty = best([])
    for name in BUILTIN_ENTITIES:
        print(name, best([name]) - empty)
"""


def _run(tree: Path, mode: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", _CHILD, str(tree), mode],
        cwd=tree, capture_output=True, text=True, check=True,
    )
    return done.stdout


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", type=Path, help="another checkout to compare with")
    parser.add_argument("--rounds", type=int, default=4, help="fresh processes per tree")
    parser.add_argument("--per-rule", action="store_true", help="each built-in alone")
    args = parser.parse_args(argv)
    trees = [ROOT] + ([args.against.resolve()] if args.against else [])
    best = {tree: float("inf") for tree in trees}
    started = time.monotonic()
    for _ in range(args.rounds):
        for tree in trees:
            best[tree] = min(best[tree], float(_run(tree, "all")))
    print("regex.scan thread CPU per 1,500-token prompt (best of rounds):")
    for tree in trees:
        print(f"  {best[tree]:7.3f} ms  {tree}")
    result: dict[str, object] = {"bench": "regex_scan", "ms": round(best[ROOT], 3)}
    if args.against:
        ratio = best[ROOT] / best[trees[1]]
        print(f"  ratio this/against: {ratio:.2f}")
        result.update(against_ms=round(best[trees[1]], 3), ratio=round(ratio, 3))
    if args.per_rule:
        rows = [line.rsplit(" ", 1) for line in _run(ROOT, "rules").splitlines()]
        costs = sorted(((float(ms), name) for name, ms in rows), reverse=True)
        print("each built-in alone, less an empty detector (ms):")
        for ms, name in costs:
            print(f"  {name:22s} {ms:7.3f}")
        result["per_rule_ms"] = {name: round(ms, 3) for ms, name in costs}
    result["seconds"] = round(time.monotonic() - started, 1)
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
