"""Write fresh7's dev.jsonl, test.jsonl and manifest.json, deterministically from SEED.

python -m bench.fresh7.generate            # rewrite the files next to this module
python -m bench.fresh7.generate --out DIR  # write them elsewhere (the test compares)
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
from collections import Counter
from importlib.metadata import version
from pathlib import Path
from typing import Any

from bench.fresh7 import frames_dev, frames_test
from bench.fresh7 import values as V
from bench.fresh7.core import Conflict, Ctx, payload

SEED = 20250707
HERE = Path(__file__).resolve().parent
SIZES = {"dev": 150, "test": 200}
LIBRARIES = ("Faker", "python-stdnum", "phonenumbers", "cryptography")
FRAMES = {
    "dev": {"en": frames_dev.EN, "de": frames_dev.DE},
    "test": {"en": frames_test.EN, "de": frames_test.DE},
}


def build_half(half: str, seed: int = SEED) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for lang in ("en", "de"):
        frames = list(FRAMES[half][lang].items())
        locales = V.EN_LOCALES if lang == "en" else V.DE_LOCALES
        per_frame = SIZES[half] // len(frames)
        number = 0
        for i in range(per_frame):
            for f_index, (name, (kind, frame)) in enumerate(frames):
                number += 1
                locale = locales[(i + f_index) % len(locales)]
                pid = f"fresh7-{half}-{lang}-{number:04d}"
                for attempt in range(50):
                    rng = random.Random(f"{seed}|{half}|{lang}|{name}|{i}|{attempt}")
                    try:
                        marked = frame(Ctx(rng, locale))
                        out.append(payload(pid, lang, kind, locale, name, marked))
                        break
                    except Conflict:
                        continue
                else:  # pragma: no cover - would mean a broken frame
                    raise RuntimeError(f"{pid}: no clean payload in 50 attempts")
    return out


def _jsonl(rows: list[dict[str, Any]]) -> bytes:
    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows).encode("utf-8")


def manifest(
    halves: dict[str, list[dict[str, Any]]], blobs: dict[str, bytes], seed: int
) -> dict[str, Any]:
    counts: dict[str, Any] = {}
    for half, rows in halves.items():
        entry: dict[str, Any] = {}
        for lang in ("en", "de"):
            mine = [r for r in rows if r["lang"] == lang]
            entry[lang] = {
                "payloads": len(mine),
                "labels": dict(
                    sorted(Counter(e["label"] for r in mine for e in r["entities"]).items())
                ),
                "negatives": dict(
                    sorted(Counter(n["kind"] for r in mine for n in r["negatives"]).items())
                ),
                "frames": dict(sorted(Counter(r["frame"] for r in mine).items())),
                "locales": dict(sorted(Counter(r["locale"] for r in mine).items())),
            }
        counts[half] = entry
    return {
        "name": "fresh7",
        "seed": seed,
        "generator": "python -m bench.fresh7.generate",
        "libraries": {name: version(name) for name in LIBRARIES},
        "sha256": {name: hashlib.sha256(blob).hexdigest() for name, blob in blobs.items()},
        "counts": counts,
        "sealed": ["test.jsonl"],
    }


def write(out: Path, seed: int = SEED) -> None:
    out.mkdir(parents=True, exist_ok=True)
    halves = {half: build_half(half, seed) for half in SIZES}
    blobs = {f"{half}.jsonl": _jsonl(rows) for half, rows in halves.items()}
    for name, blob in blobs.items():
        (out / name).write_bytes(blob)
    doc = manifest(halves, blobs, seed)
    (out / "manifest.json").write_text(
        json.dumps(doc, ensure_ascii=False, indent=2) + "\n", encoding="utf-8"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=HERE)
    parser.add_argument("--seed", type=int, default=SEED)
    args = parser.parse_args(argv)
    write(args.out, args.seed)


if __name__ == "__main__":
    main()
