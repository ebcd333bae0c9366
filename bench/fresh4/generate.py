"""Build the fresh4 set: ``python -m bench.fresh4.generate``.

Rewrites ``dev.jsonl`` (200 EN + 200 DE payloads), ``test.jsonl`` (300 EN + 300 DE)
and ``manifest.json`` next to this file.  Each payload gets its own seeded
``random.Random`` and reseeded Faker instances, so every line depends only on
(half, language, index) and rebuilds byte for byte in any process.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import faker as faker_pkg

from bench.fresh4 import core
from bench.fresh4 import frames_de_dev as _de_dev  # noqa: F401  (registers frames)
from bench.fresh4 import frames_de_test as _de_test  # noqa: F401
from bench.fresh4 import frames_en_dev as _en_dev  # noqa: F401
from bench.fresh4 import frames_en_test as _en_test  # noqa: F401
from bench.fresh4.negs import KINDS

HERE = Path(__file__).resolve().parent
SIZES: dict[str, dict[str, int]] = {"dev": {"en": 200, "de": 200}, "test": {"en": 300, "de": 300}}
FILES = {"dev": "dev.jsonl", "test": "test.jsonl"}
MARK_SHARE = 0.3
MAX_ATTEMPTS = 60
SET_SEED = "fresh4-2025"


def frames_for(half: str, lang: str) -> list[core.Frame]:
    """The frames of one half and language, sorted by name."""
    return sorted(
        (f for f in core.REGISTRY if f.half == half and f.lang == lang), key=lambda f: f.name
    )


def schedule(half: str, lang: str) -> list[core.Frame]:
    """Which frame builds each payload index: every frame equally often, shuffled."""
    frames = frames_for(half, lang)
    n = SIZES[half][lang]
    seq = [frames[i % len(frames)] for i in range(n)]
    random.Random(core.seed_of(SET_SEED, "schedule", half, lang)).shuffle(seq)
    return seq


def payload_id(half: str, lang: str, index: int) -> str:
    """The stable id of a payload."""
    return f"fresh4-{half}-{lang}-{index:04d}"


def build_payload(
    half: str, lang: str, index: int, plan: list[core.Frame] | None = None
) -> tuple[dict[str, Any], list[dict[str, str]]]:
    """(the JSONL object, its JWT verification keys) of one payload."""
    fr = (plan or schedule(half, lang))[index]
    for attempt in range(MAX_ATTEMPTS):
        seed = core.seed_of(SET_SEED, half, lang, index, attempt)
        pre = random.Random(seed)
        locale = pre.choice(fr.locales)
        mark = pre.random() < MARK_SHARE
        c = core.Ctx(seed=pre.getrandbits(64), lang=lang, locale=locale, mark=mark)
        try:
            raw = fr.build(c)
            texts, ents, negs = core.render(raw)
            core.verify(texts, ents, negs)
        except core.Retry:
            continue
        obj = {
            "id": payload_id(half, lang, index),
            "lang": lang,
            "locale": locale,
            "frame": fr.name,
            "kind": fr.kind,
            "texts": texts,
            "entities": ents,
            "negatives": negs,
        }
        return obj, c.jwt_keys
    raise RuntimeError(f"{fr.name}: no valid rendering in {MAX_ATTEMPTS} attempts")


def line_of(obj: dict[str, Any]) -> str:
    """The JSONL line of a payload (UTF-8 text, no ASCII escaping)."""
    return json.dumps(obj, ensure_ascii=False) + "\n"


def build_half(half: str) -> tuple[list[dict[str, Any]], dict[str, list[dict[str, str]]]]:
    """All payloads of a half (EN first, then DE) and their JWT keys by id."""
    out: list[dict[str, Any]] = []
    keys: dict[str, list[dict[str, str]]] = {}
    for lang in ("en", "de"):
        plan = schedule(half, lang)
        for i in range(SIZES[half][lang]):
            obj, jwt_keys = build_payload(half, lang, i, plan)
            out.append(obj)
            if jwt_keys:
                keys[obj["id"]] = jwt_keys
    return out, keys


def counts(objs: list[dict[str, Any]]) -> dict[str, Any]:
    """Per-language counts of labels, negative kinds, frames and locales."""
    res: dict[str, Any] = {}
    for lang in ("en", "de", "all"):
        sel = [o for o in objs if lang in ("all", o["lang"])]
        res[lang] = {
            "payloads": len(sel),
            "payloads_with_negatives": sum(1 for o in sel if o["negatives"]),
            "labels": dict(sorted(Counter(e["label"] for o in sel for e in o["entities"]).items())),
            "negatives": dict(
                sorted(Counter(n["kind"] for o in sel for n in o["negatives"]).items())
            ),
            "locales": dict(sorted(Counter(o["locale"] for o in sel).items())),
            "frames": dict(sorted(Counter(o["frame"] for o in sel).items())),
        }
    return res


def main() -> int:
    """Write both halves and the manifest."""
    manifest: dict[str, Any] = {
        "name": "fresh4",
        "seed": SET_SEED,
        "seed_rule": "sha256('fresh4-2025|half|lang|index|attempt')[:8] seeds random.Random; "
        "Faker instances are reseeded from it per call",
        "faker_version": faker_pkg.VERSION,
        "python": sys.version.split()[0],
        "sizes": SIZES,
        "mark_share": MARK_SHARE,
        "frames": {
            h: {lang: [f.name for f in frames_for(h, lang)] for lang in ("en", "de")} for h in FILES
        },
        "negative_kinds": list(KINDS),
        "files": {},
        "counts": {},
        "jwt_keys": {},
    }
    for half, name in FILES.items():
        objs, keys = build_half(half)
        data = "".join(line_of(o) for o in objs).encode("utf-8")
        (HERE / name).write_bytes(data)
        manifest["files"][name] = {
            "sha256": hashlib.sha256(data).hexdigest(),
            "payloads": len(objs),
            "bytes": len(data),
        }
        manifest["counts"][half] = counts(objs)
        manifest["jwt_keys"].update(keys)
    (HERE / "manifest.json").write_text(
        json.dumps(manifest, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )
    for half in FILES:
        print(half, json.dumps(manifest["counts"][half]["all"]["labels"]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
