"""fresh2: an independent labelled evaluation pair (dev + sealed test); see docs/eval.md."""
