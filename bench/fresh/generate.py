"""Build the fresh independent sets: ``bench/fresh/dev.jsonl`` and the sealed ``test.jsonl``.

    .venv/bin/python -m bench.fresh.generate          # writes both sets and manifest.json

Written from scratch by an engineer who had not read the detectors or the earlier sets.
Each frame pool (one per language and kind) is split by position: even frames feed dev,
odd frames feed test, so no frame text appears in both.  Values come from
:mod:`bench.fresh.values` (Faker first, issuer rules where it has none, every draw checked
by an oracle outside the product).  The output is a pure function of the seeds and the
library versions recorded in ``manifest.json``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import platform
import sys
from collections import Counter
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any, Final

from bench.fresh import frames_de, frames_en
from bench.fresh.frame import SLOT, Frame
from bench.fresh.values import GOLD, NEGATIVE, Source

HERE: Final = Path(__file__).resolve().parent
LIBRARIES: Final = ("Faker", "python-stdnum", "phonenumbers", "cryptography")
LOCALES: Final = {"en": ("en_US", "en_GB"), "de": ("de_DE", "de_AT", "de_CH")}
POOLS: Final = {"en": frames_en.POOLS, "de": frames_de.POOLS}
# payloads per kind and language in each set (sums to 300)
PER_KIND: Final = {
    "support_ticket": 45,
    "hr_mail": 35,
    "crm_note": 35,
    "app_log": 45,
    "config_file": 40,
    "chat": 40,
    "form_signature": 25,
    "sentence": 35,
}
# set name -> (which half of every pool, seed)
SETS: Final = {"dev": (0, 20261201), "test": (1, 77120611)}


@dataclass(frozen=True, slots=True)
class Rendered:
    texts: list[str]
    entities: list[dict[str, Any]]
    negatives: list[dict[str, Any]]


def half(pool: list[Frame], side: int) -> list[tuple[int, Frame]]:
    """The frames of one half of a pool, with their position in the whole pool."""
    return [(number, frame) for number, frame in enumerate(pool) if number % 2 == side]


def render(frame: Frame, src: Source, locale: str) -> Rendered:
    """Fill every slot of every text; spans point at the text as written."""
    texts: list[str] = []
    entities: list[dict[str, Any]] = []
    negatives: list[dict[str, Any]] = []
    for index, template in enumerate(frame.texts):
        out: list[str] = []
        length = 0
        cursor = 0
        for match in SLOT.finditer(template):
            literal = template[cursor : match.start()]
            out.append(literal)
            length += len(literal)
            negative, name, escape = match.groups()
            draw = (NEGATIVE if negative else GOLD)[name](src, locale)
            text = json.dumps(draw.text, ensure_ascii=False)[1:-1] if escape else draw.text
            span = {"text": index, "start": length, "end": length + len(text)}
            if draw.label is not None:
                entities.append({**span, "label": draw.label, "value": text})
            else:
                negatives.append({**span, "kind": draw.kind, "value": text})
            out.append(text)
            length += len(text)
            cursor = match.end()
        out.append(template[cursor:])
        texts.append("".join(out))
    return Rendered(texts, entities, negatives)


def build(name: str) -> list[dict[str, Any]]:
    """One set's payloads, in file order."""
    side, seed = SETS[name]
    src = Source(seed)
    payloads: list[dict[str, Any]] = []
    for lang in ("en", "de"):
        for kind, count in PER_KIND.items():
            frames = half(POOLS[lang][kind], side)
            src.rng.shuffle(frames)
            for n in range(count):
                number, frame = frames[n % len(frames)]
                locale = src.rng.choice(frame.only or LOCALES[lang])
                done = render(frame, src, locale)
                payloads.append(
                    {
                        "lang": lang,
                        "kind": kind,
                        "locale": locale,
                        "frame": f"{lang}/{kind}/{number:02d}",
                        "texts": done.texts,
                        "entities": done.entities,
                        "negatives": done.negatives,
                    }
                )
    src.rng.shuffle(payloads)
    return [{"id": f"{name}-{n:04d}", **p} for n, p in enumerate(payloads)]


def dumps(payloads: list[dict[str, Any]]) -> bytes:
    lines = [json.dumps(p, ensure_ascii=False, separators=(", ", ": ")) for p in payloads]
    return ("\n".join(lines) + "\n").encode("utf-8")


def versions() -> dict[str, str]:
    found = {lib: metadata.version(lib) for lib in LIBRARIES}
    found["python"] = platform.python_version()
    return found


def counts(payloads: list[dict[str, Any]]) -> dict[str, Any]:
    labels: Counter[str] = Counter()
    kinds: Counter[str] = Counter()
    langs: Counter[str] = Counter()
    for p in payloads:
        langs[p["lang"]] += 1
        for e in p["entities"]:
            labels[f"{p['lang']}/{e['label']}"] += 1
        for n in p["negatives"]:
            kinds[f"{p['lang']}/{n['kind']}"] += 1
    return {
        "payloads": dict(sorted(langs.items())),
        "entities": dict(sorted(labels.items())),
        "negatives": dict(sorted(kinds.items())),
    }


def manifest(built: dict[str, bytes], payloads: dict[str, list[dict[str, Any]]]) -> str:
    document = {
        "generator": "python -m bench.fresh.generate",
        "versions": versions(),
        "sets": {
            name: {
                "file": f"{name}.jsonl",
                "half": SETS[name][0],
                "seed": SETS[name][1],
                "sha256": hashlib.sha256(data).hexdigest(),
                **counts(payloads[name]),
            }
            for name, data in built.items()
        },
    }
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--out", type=Path, default=HERE, help="directory to write into")
    args = parser.parse_args(argv)
    payloads = {name: build(name) for name in SETS}
    built = {name: dumps(p) for name, p in payloads.items()}
    args.out.mkdir(parents=True, exist_ok=True)
    for name, data in built.items():
        (args.out / f"{name}.jsonl").write_bytes(data)
    (args.out / "manifest.json").write_text(manifest(built, payloads), encoding="utf-8")
    for name, data in built.items():
        print(f"{name}: {len(payloads[name])} payloads, sha256 {hashlib.sha256(data).hexdigest()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
