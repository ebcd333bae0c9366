"""Build the fresh2 labelled sets: ``python -m bench.fresh2.generate``.

Writes ``dev.jsonl`` (150 EN + 150 DE payloads) and ``test.jsonl`` (200 EN + 200 DE,
sealed: scored once, at the end of a piece of work) and ``manifest.json`` (library
versions, sha256, counts per label and negative kind).  Every frame pool (language ×
kind) is split by position: even frames feed ``dev``, odd frames ``test``, so no frame
feeds both.  Each payload gets its own ``random.Random`` and a Faker reseeded from
``(seed, language, index, attempt)``, so a payload does not depend on the ones before it.
A rendering in which a gold value also occurs outside the gold spans is redrawn.

Written without reading the detector library, its docs or the other labelled sets'
frames and generators: only ``proxy/evaluation.py`` and ``docs/eval.md`` (format, labels).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any, Final

from faker import Faker

from bench.fresh2 import frames_de, frames_en
from bench.fresh2.values import GOLD, NEGATIVE, Draw, email_of

__all__ = ["LOCALES", "SETS", "SLOT", "Frame", "build", "main", "pools"]

HERE: Final = Path(__file__).resolve().parent
SLOT: Final = re.compile(r"\{\{([^{}]+)\}\}")
LOCALES: Final = {
    "en": ("en_US", "en_US", "en_GB"),
    "de": ("de_DE", "de_DE", "de_DE", "de_AT", "de_CH"),
}
SETS: Final = {"dev": (0, 20261202, 150), "test": (1, 90817263, 200)}
VERSIONED: Final = ("Faker", "python-stdnum", "phonenumbers", "cryptography")


@dataclass(frozen=True, slots=True)
class Frame:
    """One frame: its id (``lang/kind/n``), texts with markup, and a pinned locale or None."""

    id: str
    lang: str
    kind: str
    texts: tuple[str, ...]
    locale: str | None


def pools() -> dict[tuple[str, str], list[Frame]]:
    """Every frame, grouped by (language, kind) in the order written."""
    out: dict[tuple[str, str], list[Frame]] = {}
    for lang, module in (("en", frames_en), ("de", frames_de)):
        for entry in module.FRAMES:
            kind, texts = entry[0], entry[1]
            locale = entry[2] if len(entry) == 3 else None
            pool = out.setdefault((lang, kind), [])
            pool.append(Frame(f"{lang}/{kind}/{len(pool)}", lang, kind, texts, locale))
    return out


def labels(frame: Frame) -> set[str]:
    """The gold labels and ``~negative`` kinds a frame's slots draw."""
    out = set()
    for text in frame.texts:
        for match in SLOT.finditer(text):
            slot = match.group(1).partition("=")[0]
            if slot.startswith("~"):
                out.add(slot)
                continue
            if not slot:
                continue
            name, _, who = slot.partition(":")
            out.add(("EMAIL" if name == "mail" else "PERSON") if who else GOLD[name][0])
    return out


def half(number: int) -> dict[str, list[Frame]]:
    """Per language, the frames of half ``number`` (0: dev, 1: test).

    Each pool (language × kind) is dealt in pairs of consecutive frames, one of each pair
    to each half (an odd pool's last frame to the half that needs it more); of the two ways
    to deal a pair, the one that leaves the rarest labels (negative kinds count as labels)
    better covered in the poorer half wins, so that both halves hold every label.
    """
    out: dict[str, list[Frame]] = {"en": [], "de": []}
    for lang in out:
        lang_pools = [pool for (lg, _), pool in pools().items() if lg == lang]
        weight = Counter(label for pool in lang_pools for f in pool for label in labels(f))
        rarest = sorted(weight, key=lambda lab: (weight[lab], lab))
        held: tuple[Counter[str], Counter[str]] = (Counter(), Counter())

        for pool in lang_pools:
            for at in range(0, len(pool), 2):
                pair = pool[at : at + 2]
                options = [[(f, (i + flip) % 2) for i, f in enumerate(pair)] for flip in (0, 1)]
                best = max(
                    options, key=lambda deal: (_cover(held, deal, rarest), -options.index(deal))
                )
                for frame, side in best:
                    held[side].update(labels(frame))
                    if side == number:
                        out[lang].append(frame)
    return out


def _cover(
    held: tuple[Counter[str], Counter[str]], deal: Sequence[tuple[Frame, int]], rarest: list[str]
) -> tuple[int, ...]:
    """Per label (rarest first), how many frames the poorer half holds after ``deal``."""
    after = (held[0].copy(), held[1].copy())
    for frame, side in deal:
        after[side].update(labels(frame))
    return tuple(min(after[0][lab], after[1][lab]) for lab in rarest)


class Redraw(Exception):
    """The rendering is unusable (a gold value also occurs unlabelled); draw again."""


def _value(
    slot: str, draw: Draw, named: dict[str, tuple[str, str, str]]
) -> tuple[str, str, str, bool]:
    """``(text, label-or-kind, sub-kind, is_gold)`` for one slot's markup."""
    if slot.startswith("~"):
        kind = slot[1:]
        return NEGATIVE[kind](draw), kind, kind, False
    if slot.startswith("="):
        text, label, sub = named[slot[1:]]
        return text, label, sub, True
    name, _, remember = slot.partition("=")
    gen_name, _, who = name.partition(":")
    if who:
        first, last = draw.person(who)
        if gen_name == "mail":
            text, sub = email_of(who)(draw)
            key = f"mail:{who}"
            if key in named:
                text, _, sub = named[key]
            named[key] = (text, "EMAIL", sub)
            return text, "EMAIL", sub, True
        text = {"name": f"{first} {last}", "first": first, "last": last}[gen_name]
        return text, "PERSON", gen_name, True
    label, gen = GOLD[gen_name]
    text, sub = gen(draw)
    if remember:
        named[remember] = (text, label, sub)
    return text, label, sub, True


def _glued(text: str, start: int, end: int) -> bool:
    left = text[start].isalnum() and start > 0 and text[start - 1].isalnum()
    right = text[end - 1].isalnum() and end < len(text) and text[end].isalnum()
    return left or right


def _check(texts: Sequence[str], entities: list[dict[str, Any]]) -> None:
    """Redraw unless every occurrence of a gold value lies inside some gold span."""
    spans: dict[int, list[tuple[int, int]]] = {}
    for ent in entities:
        spans.setdefault(ent["text"], []).append((ent["start"], ent["end"]))
    for ent in entities:
        value = ent["value"]
        for number, text in enumerate(texts):
            at = text.find(value)
            while at != -1:
                end = at + len(value)
                inside = any(s <= at and end <= e for s, e in spans.get(number, ()))
                if not inside and not _glued(text, at, end):
                    raise Redraw
                at = text.find(value, at + 1)


def render(frame: Frame, draw: Draw) -> dict[str, Any]:
    """Fill one frame's slots; gold and negatives with offsets into their text."""
    named: dict[str, tuple[str, str, str]] = {}
    texts: list[str] = []
    entities: list[dict[str, Any]] = []
    negatives: list[dict[str, Any]] = []
    for number, template in enumerate(frame.texts):
        out: list[str] = []
        size = 0
        cursor = 0
        for match in SLOT.finditer(template):
            literal = template[cursor : match.start()]
            out.append(literal)
            size += len(literal)
            text, label, sub, gold = _value(match.group(1), draw, named)
            span = {"text": number, "start": size, "end": size + len(text)}
            if gold:
                entities.append({**span, "label": label, "value": text, "type": sub})
            else:
                negatives.append({**span, "kind": label, "value": text})
            out.append(text)
            size += len(text)
            cursor = match.end()
        out.append(template[cursor:])
        texts.append("".join(out))
    _check(texts, entities)
    return {"texts": texts, "entities": entities, "negatives": negatives}


def build(name: str) -> list[dict[str, Any]]:
    """The payloads of set ``name`` (``dev`` or ``test``), in file order."""
    number, seed, count = SETS[name]
    fakers = {loc: Faker(loc) for loc in sorted({loc for locs in LOCALES.values() for loc in locs})}
    lines: list[dict[str, Any]] = []
    for lang, frames in half(number).items():
        order = random.Random(f"{seed}:{lang}:order")
        deck: list[Frame] = []
        for index in range(count):
            if not deck:
                deck = list(frames)
                order.shuffle(deck)
            frame = deck.pop()
            for attempt in range(50):
                rng = random.Random(f"{seed}:{lang}:{index}:{attempt}")
                locale = frame.locale or rng.choice(LOCALES[lang])
                fake = fakers[locale]
                fake.seed_instance(rng.getrandbits(64))
                try:
                    body = render(frame, Draw(rng, fake, locale))
                except Redraw:
                    continue
                break
            else:  # pragma: no cover - a frame that never renders is a frame bug
                raise RuntimeError(f"frame {frame.id} did not render in 50 attempts")
            lines.append(
                {
                    "id": f"{name}-{lang}-{index:03d}",
                    "lang": lang,
                    "kind": frame.kind,
                    "frame": frame.id,
                    "locale": locale,
                    **body,
                }
            )
    return lines


def dump(lines: Sequence[dict[str, Any]]) -> bytes:
    """The JSONL bytes of ``lines`` (UTF-8, one payload per line)."""
    return "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines).encode()


def counts(lines: Sequence[dict[str, Any]]) -> dict[str, dict[str, int]]:
    """Payloads per language, gold per ``lang/label``, negatives per ``lang/kind``."""
    payloads = Counter(line["lang"] for line in lines)
    entities = Counter(f"{line['lang']}/{e['label']}" for line in lines for e in line["entities"])
    negatives = Counter(f"{line['lang']}/{n['kind']}" for line in lines for n in line["negatives"])
    return {
        "payloads": dict(sorted(payloads.items())),
        "entities": dict(sorted(entities.items())),
        "negatives": dict(sorted(negatives.items())),
    }


def main(argv: Sequence[str] | None = None) -> int:
    """Write both sets and the manifest into ``--out`` (default: this directory)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=HERE)
    args = parser.parse_args(argv)
    manifest: dict[str, Any] = {
        "generator": "python -m bench.fresh2.generate",
        "versions": {name: metadata.version(name) for name in VERSIONED},
        "sets": {},
    }
    for name, (number, seed, _) in SETS.items():
        lines = build(name)
        data = dump(lines)
        (args.out / f"{name}.jsonl").write_bytes(data)
        manifest["sets"][name] = {
            "file": f"{name}.jsonl",
            "half": number,
            "seed": seed,
            "frames": sorted({line["frame"] for line in lines}),
            "sha256": hashlib.sha256(data).hexdigest(),
            **counts(lines),
        }
    text = json.dumps(manifest, indent=1, ensure_ascii=False) + "\n"
    (args.out / "manifest.json").write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
