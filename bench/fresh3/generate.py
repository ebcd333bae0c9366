"""Build ``dev.jsonl``, ``test.jsonl`` and ``manifest.json``: ``python -m bench.fresh3.generate``.

Deterministic: payload ``i`` of a set and language gets its frame from a seeded rotation
and its values from ``random.Random`` seeded with a hash of (set, language, index,
attempt), Faker reseeded likewise, so its bytes do not depend on anything built before it.
An attempt that fails :meth:`Doc.finish` (a gold value also occurring unlabelled, say) is
redrawn with the next attempt number.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from collections import Counter
from importlib import metadata
from pathlib import Path
from typing import Any

from bench.fresh3 import frames_de, frames_en
from bench.fresh3.compose import Doc, Rejected
from bench.fresh3.context import Ctx, Frame

HERE = Path(__file__).resolve().parent
SEED = 3_2025_0613
SETS: dict[str, tuple[str, dict[str, int]]] = {
    "dev": ("A", {"en": 200, "de": 200}),
    "test": ("B", {"en": 250, "de": 250}),
}
LABELS = ("EMAIL", "PHONE", "CREDIT_CARD", "IBAN", "US_SSN", "DE_TAX_ID", "IP_ADDRESS",
          "PRIVATE_KEY", "JWT", "API_KEY", "US_ITIN", "PASSPORT", "NATIONAL_ID", "VAT_ID", "BIC",
          "DATE_OF_BIRTH", "ADDRESS", "PERSON", "ORGANIZATION")  # fmt: skip
NEGATIVE_KINDS = ("order_number", "invoice_number", "ticket_number", "case_number",
                  "tracking_number", "booking_reference", "customer_number", "version",
                  "timestamp", "date", "amount", "hash", "uuid", "isbn", "ean", "port",
                  "postcode", "bad_iban", "luhn_invalid_card", "masked_card",
                  "phone_like_record", "git_remote", "product_code", "bad_tax_id", "bad_ssn",
                  "public_key", "certificate", "secret_placeholder")  # fmt: skip
EN_ASKS_ABOUT_DE = (
    "Summarise this in English, please:",
    "I don't read German - what does this say and what do I need to do?",
    "Translate to English and pull out the key data as a table.",
    "Can you explain this German document in plain English?",
)
ALL_FRAMES: tuple[Frame, ...] = (*frames_en.FRAMES, *frames_de.FRAMES)


def frames_for(half: str, lang: str) -> list[Frame]:
    """The frames of one half and language, sorted by name."""
    return sorted(
        (f for f in ALL_FRAMES if f.half == half and f.locales[0][:2] == lang), key=lambda f: f.name
    )


def _seed(*parts: object) -> int:
    digest = hashlib.sha256("/".join(str(p) for p in (SEED, *parts)).encode()).digest()
    return int.from_bytes(digest[:8], "big")


def frame_of(set_name: str, lang: str, index: int) -> Frame:
    """The frame payload ``index`` is written from: a seeded shuffle per round of frames."""
    frames = frames_for(SETS[set_name][0], lang)
    order = list(range(len(frames)))
    random.Random(_seed(set_name, lang, "round", index // len(frames))).shuffle(order)
    return frames[order[index % len(frames)]]


def merge_first_two(doc: Doc) -> None:
    """Join texts 0 and 1 with a blank line, shifting the spans of text 1."""
    shift = len(doc.texts[0]) + 2
    doc.texts[0:2] = [doc.texts[0] + "\n\n" + doc.texts[1]]
    for span in (*doc.entities, *doc.negatives):
        if span["text"] == 1:
            span["text"] = 0
            span["start"] += shift
            span["end"] += shift
        elif span["text"] > 1:
            span["text"] -= 1


def build_payload(set_name: str, lang: str, index: int) -> dict[str, Any]:
    """Payload ``index`` of ``set_name``/``lang`` as a JSON-ready dict."""
    fr = frame_of(set_name, lang, index)
    for attempt in range(200):
        seed = _seed(set_name, lang, index, attempt)
        ctx = Ctx(seed, fr.locales)
        ctx.doc.keep_negatives = random.Random(seed ^ 0x5EED).random() < fr.neg_rate
        fr.write(ctx)
        try:
            ctx.doc.finish()
            side = random.Random(seed ^ 0xC0FFEE)
            # colleagues abroad ask about German documents in English
            if (
                lang == "de"
                and not any(s["text"] == 0 for s in ctx.doc.entities)
                and side.random() < 0.15
            ):
                ctx.doc.texts[0] = side.choice(EN_ASKS_ABOUT_DE)
            # a third of the instruction-plus-paste requests arrive as one message
            if len(ctx.doc.texts) == 2 and side.random() < 0.35:
                merge_first_two(ctx.doc)
                ctx.doc.finish()
        except Rejected:
            continue
        doc = ctx.doc
        return {
            "id": f"fresh3-{set_name}-{lang}-{index:04d}",
            "lang": lang,
            "kind": fr.kind,
            "frame": fr.name,
            "locale": ctx.locale,
            "texts": doc.texts,
            "entities": sorted(doc.entities, key=lambda e: (e["text"], e["start"])),
            "negatives": sorted(doc.negatives, key=lambda e: (e["text"], e["start"])),
        }
    raise RuntimeError(f"no acceptable draw for {set_name}/{lang}/{index} ({fr.name})")


def build_set(set_name: str) -> list[dict[str, Any]]:
    """Every payload of a set, English first."""
    _, sizes = SETS[set_name]
    return [build_payload(set_name, lang, i) for lang, n in sizes.items() for i in range(n)]


def dump(payloads: list[dict[str, Any]]) -> bytes:
    """The JSONL bytes of a set."""
    return "".join(json.dumps(p, ensure_ascii=False) + "\n" for p in payloads).encode("utf-8")


def summary(set_name: str, payloads: list[dict[str, Any]], data: bytes) -> dict[str, Any]:
    """The manifest entry of a set."""
    half, sizes = SETS[set_name]
    return {
        "file": f"{set_name}.jsonl",
        "half": half,
        "seed": SEED,
        "frames": sorted({p["frame"] for p in payloads}),
        "sha256": hashlib.sha256(data).hexdigest(),
        "payloads": dict(sizes),
        "payloads_with_negatives": sum(1 for p in payloads if p["negatives"]),
        "locales": dict(sorted(Counter(p["locale"] for p in payloads).items())),
        "entities": dict(
            sorted(Counter(e["label"] for p in payloads for e in p["entities"]).items())
        ),
        "negatives": dict(
            sorted(Counter(n["kind"] for p in payloads for n in p["negatives"]).items())
        ),
    }


def check(set_name: str, payloads: list[dict[str, Any]]) -> list[str]:
    """Coverage problems of a set (every label and negative kind, 15-30 % with negatives)."""
    problems = []
    labels = {e["label"] for p in payloads for e in p["entities"]}
    kinds = {n["kind"] for p in payloads for n in p["negatives"]}
    problems += [f"{set_name}: no {label}" for label in LABELS if label not in labels]
    problems += [f"{set_name}: unknown label {label}" for label in sorted(labels - set(LABELS))]
    problems += [f"{set_name}: no negative {kind}" for kind in NEGATIVE_KINDS if kind not in kinds]
    problems += [
        f"{set_name}: unknown negative {kind}" for kind in sorted(kinds - set(NEGATIVE_KINDS))
    ]
    share = sum(1 for p in payloads if p["negatives"]) / len(payloads)
    if not 0.15 <= share <= 0.30:
        problems.append(f"{set_name}: {share:.0%} of payloads hold negatives")
    return problems


def versions() -> dict[str, str]:
    """Versions of the libraries whose output the bytes depend on."""
    return {
        name: metadata.version(name)
        for name in ("Faker", "python-stdnum", "phonenumbers", "cryptography")
    }


def main() -> int:
    """Write the two sets and the manifest; report coverage problems (exit 1 if any)."""
    manifest: dict[str, Any] = {
        "generator": "python -m bench.fresh3.generate",
        "versions": versions(),
        "sets": {},
    }
    problems: list[str] = []
    for set_name in SETS:
        payloads = build_set(set_name)
        data = dump(payloads)
        (HERE / f"{set_name}.jsonl").write_bytes(data)
        manifest["sets"][set_name] = summary(set_name, payloads, data)
        problems += check(set_name, payloads)
    (HERE / "manifest.json").write_text(
        json.dumps(manifest, indent=2, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    for line in problems:
        print(line, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
