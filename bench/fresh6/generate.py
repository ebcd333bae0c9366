"""Regenerate the fresh6 set: ``python -m bench.fresh6.generate [--out DIR]``.

Writes ``dev.jsonl``, ``test.jsonl`` and ``manifest.json`` deterministically from
:data:`SEED`; the dev and test halves come from disjoint frame modules.
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

from bench.fresh6 import frames_dev, frames_test
from bench.fresh6.core import Retry, assemble
from bench.fresh6.frames_dev import Frame
from bench.fresh6.values import Gen

SEED = 6_2026_1207
COUNTS = {"dev": {"en": 150, "de": 150}, "test": {"en": 200, "de": 200}}
LOCALES = {
    "en": ["en_US", "en_GB", "en_CA", "en_AU", "en_IE"],
    "de": ["de_DE", "de_AT", "de_CH"],
}
HERE = Path(__file__).resolve().parent


def frames_for(half: str, lang: str) -> list[Frame]:
    """The frame functions of one half and language."""
    if half == "dev":
        return frames_dev.FRAMES_EN if lang == "en" else frames_dev.FRAMES_DE
    return frames_test.FRAMES_EN if lang == "en" else frames_test.FRAMES_DE


def build_half(half: str) -> list[dict[str, Any]]:
    """All payloads of one half, English first, then German."""
    out: list[dict[str, Any]] = []
    for lang in ("en", "de"):
        rng = random.Random(f"fresh6-{SEED}-{half}-{lang}")
        frames = frames_for(half, lang)
        locales = LOCALES[lang]
        for i in range(COUNTS[half][lang]):
            frame = frames[i % len(frames)]
            locale = locales[(i // len(frames) + i) % len(locales)]
            pid = f"fresh6-{half}-{lang}-{i + 1:04d}"
            for _attempt in range(50):
                try:
                    texts = frame(Gen(rng, locale))
                    name = frame.__name__
                    out.append(assemble(pid, lang, locale, name, name[3:], texts))
                    break
                except Retry:
                    continue
            else:
                raise RuntimeError(f"{pid}: no collision-free draw")
    return out


def _counts(payloads: list[dict[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for lang in ("en", "de"):
        mine = [p for p in payloads if p["lang"] == lang]
        labels = Counter(e["label"] for p in mine for e in p["entities"])
        kinds = Counter(n["kind"] for p in mine for n in p["negatives"])
        result[lang] = {
            "payloads": len(mine),
            "entities": sum(labels.values()),
            "negatives": sum(kinds.values()),
            "labels": dict(sorted(labels.items())),
            "negative_kinds": dict(sorted(kinds.items())),
            "frames": sorted({p["frame"] for p in mine}),
        }
    return result


def write(out_dir: Path) -> dict[str, Any]:
    """Write both halves and the manifest into ``out_dir``; return the manifest."""
    out_dir.mkdir(parents=True, exist_ok=True)
    manifest: dict[str, Any] = {
        "seed": SEED,
        "versions": {
            name: version(name)
            for name in ("faker", "python-stdnum", "phonenumbers", "cryptography")
        },
        "files": {},
        "counts": {},
    }
    for half in ("dev", "test"):
        payloads = build_half(half)
        data = "".join(json.dumps(p, ensure_ascii=False) + "\n" for p in payloads).encode()
        (out_dir / f"{half}.jsonl").write_bytes(data)
        manifest["files"][f"{half}.jsonl"] = hashlib.sha256(data).hexdigest()
        manifest["counts"][half] = _counts(payloads)
    text = json.dumps(manifest, ensure_ascii=False, indent=2, sort_keys=True) + "\n"
    (out_dir / "manifest.json").write_text(text, encoding="utf-8")
    return manifest


def main(argv: list[str] | None = None) -> None:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=HERE)
    args = parser.parse_args(argv)
    write(args.out)


if __name__ == "__main__":
    main()
