"""The labelled English + German evaluation corpus and its reproducible generator.

``python -m bench.corpus.generate`` rebuilds ``pii_corpus.jsonl`` byte for byte from a
fixed seed; ``docs/eval.md`` documents the JSONL format and ``pseudogate eval`` scores a
route's pipeline against it.
"""
