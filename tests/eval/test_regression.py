"""Regression gate: the example config's chain must not leak more than the baseline.

Runs ``config.example.yaml``'s first route over a fixed slice of the committed corpus
(the first :data:`SLICE` payloads, English and German) and fails if the structured
leak rate, any structured label's leak rate or the hard-negative over-masking rate
rises above ``bench/corpus/baseline.json``.  When a detector improves, ratchet the
baseline down with::

    pseudogate eval --config config.example.yaml --limit 300 \
        --baseline bench/corpus/baseline.json --update-baseline
"""

from __future__ import annotations

import json
from pathlib import Path

from proxy.commands.evaluate import DEFAULT_CORPUS, check_baseline, evaluate
from proxy.config import load_config
from proxy.evaluation import load_corpus, report_json, score

ROOT = Path(__file__).resolve().parents[2]
BASELINE = ROOT / "bench" / "corpus" / "baseline.json"
SLICE = 300


async def test_structured_leak_rate_does_not_regress_past_the_baseline() -> None:
    """The slice's leak and over-masking rates stay at or below the committed baseline."""
    config = load_config(ROOT / "config.example.yaml")
    route = config.routes[0]
    payloads = load_corpus(DEFAULT_CORPUS, SLICE)
    assert {p.lang for p in payloads} == {"en", "de"}
    document = report_json(score(await evaluate(config, route, payloads, None)))
    baseline = json.loads(BASELINE.read_text(encoding="utf-8"))
    assert check_baseline(document, baseline, SLICE) == []
    # The gate is only as good as the slice: it must exercise every structured label.
    assert set(baseline["slices"][str(SLICE)]["per_label_leak_rate"]) == {
        label
        for label, row in document["per_label"].items()
        if row["gold"] and label in document["structured_labels"]
    }
