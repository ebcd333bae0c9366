"""Dump what the regex detector and the chain find, to check that a speed-up changes nothing.

Usage (from the repository root)::

    python bench/detect_dump.py OUT.jsonl

Writes one JSON line per view of every text (the regex detector's spans as label,
start, end) and one per payload (the chain's sanitised texts and counts, chain of
every built-in regex entity and 1,000 known names) for: the committed corpus
(``bench/corpus/pii_corpus.jsonl``), the held-out set (``bench/heldout/heldout.jsonl``),
the bench prompts (500 and 1,500 tokens, five seeds) and 3,000 random digit-heavy
texts (separators, extension words, keyword pieces).  Prints the payload count and
the file's SHA-256 last.  Dump before a change and after it: the files must be
byte-identical (``cmp``).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import random
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script from anywhere
    sys.path.insert(0, str(ROOT))

from bench._prompts import known_names, prompts  # noqa: E402
from detectors.known_entities import create as create_known  # noqa: E402
from detectors.regex import create as create_regex  # noqa: E402
from pipelines.canon.view import build_views  # noqa: E402
from pipelines.chain import Chain  # noqa: E402
from pipelines.spans import DetectorContext  # noqa: E402
from pipelines.vault import Vault  # noqa: E402

_PIECES = (
    "ssn", "SSN:", "Tel.", "IBAN", "DE", "GB", "+49", "(555)", "x12", "ext. ", "0", "756.",
    " ", " ", "Berlin", "Straße", "Main St", "IL ", "10115 ", "62704", "@", "a.b", "[at]",
    " dot ", "born", "DOB", "AKIA", "sk_live_", "key=", "0x", "-", "/", ".",
)  # fmt: skip
_CHARS = "0123456789" * 6 + "    ..--//()+x\tDEabAT@ext.:IBAN"


def _payloads() -> Iterator[tuple[str, list[str]]]:
    for path in ("bench/corpus/pii_corpus.jsonl", "bench/heldout/heldout.jsonl"):
        with open(ROOT / path, encoding="utf-8") as rows:
            for line in rows:
                row = json.loads(line)
                yield str(row["id"]), list(row["texts"])
    for tokens in (500, 1500):
        for seed in (tokens, 1, 2, 3, 4):
            for index, text in enumerate(prompts(tokens, 30, seed=seed)):
                yield f"p{tokens}.{seed}.{index}", [text]
    draw = random.Random(11)
    for index in range(3000):
        size = draw.randint(5, 120)
        if index % 2:
            text = "".join(draw.choice(_CHARS) for _ in range(size))
        else:
            text = "".join(
                draw.choice(_PIECES) if draw.random() < 0.3 else draw.choice("0123456789 ")
                for _ in range(size // 3)
            )
        yield f"r{index}", [text]


async def dump(out: Path) -> int:
    """Write the dump to ``out``; return the number of payloads."""
    regex = create_regex({}, DetectorContext(name="regex"))
    with tempfile.TemporaryDirectory(prefix="pseudogate-dump-") as tmp:
        names = Path(tmp) / "names.txt"
        names.write_text("\n".join(known_names(1000)) + "\n", encoding="utf-8")
        options = {"files": [str(names)], "reload": False}
        known = create_known(options, DetectorContext(name="people"))
        await known.start()
    chain = Chain([regex, known])
    count = 0
    with open(out, "w", encoding="utf-8") as sink:
        for ident, texts in _payloads():
            for position, view in enumerate(build_views(tuple(texts), None)):
                spans = [(span.label, span.start, span.end) for span in regex.scan(view.text)]
                sink.write(json.dumps([ident, position, spans], ensure_ascii=False) + "\n")
            done = await chain.sanitize(texts, Vault())
            row = [ident, "out", done.texts, sorted(done.counts.items())]
            sink.write(json.dumps(row, ensure_ascii=False) + "\n")
            count += 1
    await regex.aclose()
    return count


def main(argv: list[str] | None = None) -> int:
    """Write the dump; print the payload count and the SHA-256 of the file."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print(__doc__.splitlines()[0] + "\nusage: python bench/detect_dump.py OUT.jsonl")
        return 2
    out = Path(args[0])
    count = asyncio.run(dump(out))
    digest = hashlib.sha256(out.read_bytes()).hexdigest()
    print(json.dumps({"bench": "detect_dump", "payloads": count, "sha256": digest}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
