"""fresh4: an independent labelled evaluation set (dev half and sealed test half).

Built without reading the detectors or any other evaluation set; see ``README.md``.
``python -m bench.fresh4.generate`` rewrites ``dev.jsonl``, ``test.jsonl`` and
``manifest.json`` byte for byte.
"""
