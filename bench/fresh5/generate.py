"""Write ``dev.jsonl``, ``test.jsonl`` and ``manifest.json`` of the fresh5 set.

``python -m bench.fresh5.generate`` rewrites the three files.  Payload ``i`` of a half and
language uses ``random.Random(int(sha256("fresh5-2026|half|lang|i|attempt")[:16], 16))``;
Faker is reseeded from that rng at every use, so a line depends only on
(half, lang, index).  An attempt whose gold value also occurs outside a gold span (or
whose hard negative is a valid value of some label) is discarded and the next attempt's
seed is used.
"""

from __future__ import annotations

import hashlib
import ipaddress
import itertools
import json
import random
import re
from collections import Counter
from pathlib import Path
from typing import Any

import cryptography
import faker
import phonenumbers
import stdnum
from stdnum import iban as std_iban
from stdnum import luhn as std_luhn
from stdnum import vatin
from stdnum.at import vnr
from stdnum.be import nn
from stdnum.ca import sin
from stdnum.ch import ssn as ch_ssn
from stdnum.de import idnr
from stdnum.dk import cpr
from stdnum.es import dni, nie
from stdnum.eu import vat as eu_vat
from stdnum.fi import hetu
from stdnum.fr import nir
from stdnum.gb import nhs
from stdnum.it import codicefiscale
from stdnum.nl import bsn
from stdnum.pl import pesel
from stdnum.se import personnummer
from stdnum.us import itin as us_itin
from stdnum.us import ssn as us_ssn

from bench.fresh5 import frames_dev, frames_test
from bench.fresh5.core import REGION, Ctx, FrameSpec, extract, neg_note

HERE = Path(__file__).resolve().parent
SEED = "fresh5-2026"
SIZES = {"dev": {"en": 150, "de": 150}, "test": {"en": 250, "de": 250}}
FRAMES: dict[str, dict[str, list[FrameSpec]]] = {
    "dev": {"en": frames_dev.EN, "de": frames_dev.DE},
    "test": {"en": frames_test.EN, "de": frames_test.DE},
}
NEG_SHARE = 0.27
PHONE_SHAPE = re.compile(r"\+?[\d\s()/\-]+")
PASSPORT_SHAPE = re.compile(
    r"[CFGHJKLMNPRTVWXY][CFGHJKLMNPRTVWXYZ0-9]{8}\d?|\d{9}|[A-Z]\d{7,8}|\d{2}[A-Z]{2}\d{5}"
    r"|[A-Z]{2}\d{6,7}|[A-Z]{3}\d{6}"
)
DATE_SHAPE = re.compile(r"\d{4}-\d{2}-\d{2}|\d{1,2}/\d{1,2}/\d{4}")


def rng_for(half: str, lang: str, index: int, attempt: int) -> random.Random:
    digest = hashlib.sha256(f"{SEED}|{half}|{lang}|{index}|{attempt}".encode()).hexdigest()
    return random.Random(int(digest[:16], 16))


NATIONAL_MODULES = (
    nhs,
    nir,
    codicefiscale,
    dni,
    nie,
    bsn,
    pesel,
    personnummer,
    vnr,
    ch_ssn,
    sin,
    cpr,
    hetu,
    nn,
)


def dialable(value: str) -> bool:
    """Written the way a phone number is written: international, trunk ``0`` or NANP groups.

    phonenumbers accepts almost any bare run of 8-12 digits as a German national number
    without its trunk prefix; nobody writes a German number that way, so a bare digit run
    (an order number, a tax-id lookalike) is not treated as a phone number.
    """
    v = value.strip()
    if v.startswith(("+", "00", "0", "(0")):
        return True
    return bool(re.fullmatch(r"1?[\s.-]?\(?[2-9]\d{2}\)?[\s.-]?[2-9]\d{2}[\s.-]?\d{4}", v))


def _glued(text: str, start: int, end: int, value: str) -> bool:
    left = value[0].isalnum() and start > 0 and text[start - 1].isalnum()
    right = value[-1].isalnum() and end < len(text) and text[end].isalnum()
    return left or right


def _looks_valid(value: str, region: str) -> bool:
    """Generator-side filter: is a would-be negative a valid value of some label?"""
    compact = re.sub(r"[\s.\-/]", "", value)
    if compact.isdigit() and 12 <= len(compact) <= 19 and std_luhn.is_valid(compact):
        return True
    if std_iban.is_valid(value) or idnr.is_valid(value) or eu_vat.is_valid(value):
        return True
    if us_ssn.is_valid(value) or us_itin.is_valid(value) or vatin.is_valid(value):
        return True
    if PASSPORT_SHAPE.fullmatch(value):
        return True
    if not DATE_SHAPE.fullmatch(value) and any(m.is_valid(value) for m in NATIONAL_MODULES):
        return True
    try:
        ipaddress.ip_address(value)
        return True
    except ValueError:
        pass
    if not PHONE_SHAPE.fullmatch(value) or DATE_SHAPE.fullmatch(value):
        return False
    if not dialable(value):
        return False
    for reg in sorted({region, "DE", "US", "GB", "AT", "CH", "CA", "AU"}):
        try:
            if phonenumbers.is_valid_number(phonenumbers.parse(value, reg)):
                return True
        except phonenumbers.NumberParseException:
            pass
    return False


def problems(
    texts: list[str], ents: list[dict[str, Any]], negs: list[dict[str, Any]], region: str
) -> list[str]:
    out: list[str] = []
    by_text: dict[int, list[tuple[int, int]]] = {}
    for e in ents:
        by_text.setdefault(e["text"], []).append((e["start"], e["end"]))
    for spans in by_text.values():
        spans.sort()
        for (_, e1), (s2, _) in itertools.pairwise(spans):
            if s2 < e1:
                out.append("overlapping entities")
    for e in ents:
        value = e["value"]
        for t, text in enumerate(texts):
            start = text.find(value)
            while start != -1:
                end = start + len(value)
                covered = any(s <= start and end <= en for s, en in by_text.get(t, []))
                if not covered and not _glued(text, start, end, value):
                    out.append(f"unlabelled occurrence of {e['label']}")
                start = text.find(value, start + 1)
    gold_values = {e["value"] for e in ents}
    for n in negs:
        if any(s < n["end"] and n["start"] < en for s, en in by_text.get(n["text"], [])):
            out.append(f"negative {n['kind']} overlaps an entity")
        if n["value"] in gold_values or _looks_valid(n["value"], region):
            out.append(f"negative {n['kind']} is a valid value")
    return out


def build(half: str, lang: str, index: int) -> dict[str, Any]:
    specs = FRAMES[half][lang]
    spec = specs[index % len(specs)]
    for attempt in range(60):
        rng = rng_for(half, lang, index, attempt)
        locale = rng.choice(spec.locales)
        ctx = Ctx(rng=rng, lang=lang, locale=locale, with_negs=rng.random() < NEG_SHARE)
        marked = spec.fn(ctx)
        if ctx.with_negs and rng.random() < 0.75:
            note = neg_note(ctx)
            if rng.random() < 0.5:
                marked.append(note)
            else:
                marked[-1] = marked[-1] + "\n\n" + note
        texts, ents, negs = extract(marked)
        if problems(texts, ents, negs, REGION[locale]):
            continue
        return {
            "id": f"fresh5-{half}-{lang}-{index:04d}",
            "lang": lang,
            "locale": locale,
            "frame": spec.name,
            "kind": spec.kind,
            "texts": texts,
            "entities": ents,
            "negatives": negs,
        }
    raise RuntimeError(f"no clean attempt for {half}/{lang}/{index} ({spec.name})")


def line(half: str, lang: str, index: int) -> str:
    return json.dumps(build(half, lang, index), ensure_ascii=False)


def main() -> None:
    manifest: dict[str, Any] = {
        "seed": SEED,
        "faker_version": faker.VERSION,
        "python_stdnum_version": stdnum.__version__,
        "phonenumbers_version": phonenumbers.__version__,
        "cryptography_version": cryptography.__version__,
        "rng": "random.Random(int(sha256(f'fresh5-2026|{half}|{lang}|{i}|{attempt}')"
        ".hexdigest()[:16], 16))",
        "halves": {},
    }
    for half, sizes in SIZES.items():
        lines: list[str] = []
        info: dict[str, Any] = {
            "frames": {},
            "payloads": {},
            "labels": {},
            "negatives": {},
            "payloads_with_negatives": {},
        }
        for lang, n in sizes.items():
            labels: Counter[str] = Counter()
            negk: Counter[str] = Counter()
            with_negs = 0
            for i in range(n):
                obj = build(half, lang, i)
                labels.update(e["label"] for e in obj["entities"])
                negk.update(x["kind"] for x in obj["negatives"])
                with_negs += bool(obj["negatives"])
                lines.append(json.dumps(obj, ensure_ascii=False))
            info["frames"][lang] = [s.name for s in FRAMES[half][lang]]
            info["payloads"][lang] = n
            info["labels"][lang] = dict(sorted(labels.items()))
            info["negatives"][lang] = dict(sorted(negk.items()))
            info["payloads_with_negatives"][lang] = with_negs
        data = "\n".join(lines) + "\n"
        (HERE / f"{half}.jsonl").write_text(data, encoding="utf-8")
        info["file"] = f"{half}.jsonl"
        info["sha256"] = hashlib.sha256(data.encode("utf-8")).hexdigest()
        manifest["halves"][half] = info
    (HERE / "manifest.json").write_text(
        json.dumps(manifest, ensure_ascii=False, indent=2) + "\n", encoding="utf-8"
    )


if __name__ == "__main__":
    main()
