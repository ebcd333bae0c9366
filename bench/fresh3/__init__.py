"""fresh3: an independent labelled evaluation set (see README.md; test.jsonl is sealed)."""
