"""Build the independent labelled sets: ``dev.jsonl`` (to find misses) and ``test.jsonl``
(sealed: scored once, by the lead, at the end).

    python -m bench.independent.generate            # rewrites dev.jsonl, test.jsonl, manifest.json
    python -m bench.independent.generate --out /tmp/x   # writes them under /tmp/x instead

Written without reading the gateway's detector library or its corpus generators: values
come from Faker's providers and public specifications (:mod:`bench.independent.values`),
sentence frames from presidio-evaluator's templates and our own
(:mod:`bench.independent.frames`).  Each frame pool is split by position into two
disjoint halves, one per set, and each set has its own seed, so ``test`` shares no frame
and no draw with ``dev``.  Output is byte-identical on every run under the library
versions in ``manifest.json``.
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import json
import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from importlib.metadata import version
from pathlib import Path
from typing import Any

from faker import Faker

from bench.independent import frames
from bench.independent import values as v

HERE = Path(__file__).resolve().parent
SEEDS = {"dev": 20261201, "test": 20261202}
COUNTS = {
    "en": {
        "presidio": 70,
        "support_ticket": 45,
        "hr_mail": 35,
        "crm_note": 35,
        "app_log": 40,
        "config_file": 30,
        "chat": 30,
        "negatives": 15,
    },
    "de": {
        "support_ticket": 60,
        "hr_mail": 45,
        "crm_note": 45,
        "app_log": 45,
        "config_file": 35,
        "chat": 50,
        "negatives": 20,
    },
}
LOCALES = {"en": ["en_US", "en_US", "en_GB"], "de": ["de_DE", "de_DE", "de_AT", "de_CH"]}

Maker = Callable[[v.Ctx], str]


@dataclass(frozen=True)
class Slot:
    """What a ``{{slot}}`` becomes: a gold ``label``, a negative ``kind``, or filler."""

    make: Maker
    label: str | None = None
    negative: str | None = None


def _fill(options: list[str]) -> Maker:
    return lambda ctx: ctx.pick(options)


SLOTS: dict[str, Slot] = {
    # gold
    "phone": Slot(v.phone, "PHONE"),
    "phone_number": Slot(v.phone, "PHONE"),
    "email": Slot(v.email, "EMAIL"),
    "email_obf": Slot(v.email_obfuscated, "EMAIL"),
    "email_urlenc": Slot(v.email_urlencoded, "EMAIL"),
    "phone_ext": Slot(v.phone_with_extension, "PHONE"),
    "ip": Slot(v.ip, "IP_ADDRESS"),
    "ip_address": Slot(v.ip, "IP_ADDRESS"),
    "address": Slot(v.address, "ADDRESS"),
    "address_block": Slot(v.address_block, "ADDRESS"),
    "person": Slot(v.person, "PERSON"),
    "name": Slot(v.person, "PERSON"),
    "first_name": Slot(v.first_name, "PERSON"),
    "last_name": Slot(v.last_name, "PERSON"),
    "organization": Slot(v.organization, "ORGANIZATION"),
    "city": Slot(v.city, "LOCATION"),
    "dob": Slot(v.date_of_birth, "DATE_OF_BIRTH"),
    "date_of_birth": Slot(v.date_of_birth, "DATE_OF_BIRTH"),
    "card": Slot(v.credit_card, "CREDIT_CARD"),
    "credit_card_number": Slot(v.credit_card, "CREDIT_CARD"),
    "iban": Slot(v.iban, "IBAN"),
    "bic": Slot(v.bic, "BIC"),
    "vat": Slot(v.vat_id, "VAT_ID"),
    "ssn": Slot(v.us_ssn, "US_SSN"),
    "itin": Slot(v.us_itin, "US_ITIN"),
    "steuer_id": Slot(v.de_tax_id, "DE_TAX_ID"),
    "national_id": Slot(v.national_id, "NATIONAL_ID"),
    "id_card": Slot(v.de_id_card, "NATIONAL_ID"),
    "passport": Slot(v.passport, "PASSPORT"),
    "aws_key_id": Slot(v.aws_key_id, "API_KEY"),
    "aws_secret": Slot(v.aws_secret, "API_KEY"),
    "github_token": Slot(v.github_token, "API_KEY"),
    "gitlab_token": Slot(v.gitlab_token, "API_KEY"),
    "slack_token": Slot(v.slack_token, "API_KEY"),
    "slack_webhook": Slot(v.slack_webhook, "API_KEY"),
    "stripe_key": Slot(v.stripe_key, "API_KEY"),
    "google_api_key": Slot(v.google_api_key, "API_KEY"),
    "npm_token": Slot(v.npm_token, "API_KEY"),
    "sendgrid_key": Slot(v.sendgrid_key, "API_KEY"),
    "pypi_token": Slot(v.pypi_token, "API_KEY"),
    "hf_token": Slot(v.hf_token, "API_KEY"),
    "twilio_key": Slot(v.twilio_key, "API_KEY"),
    "azure_key": Slot(v.azure_storage_key, "API_KEY"),
    "generic_secret": Slot(v.generic_secret, "API_KEY"),
    "jwt": Slot(v.jwt, "JWT"),
    "pem": Slot(v.pem_key, "PRIVATE_KEY"),
    "pem_escaped": Slot(v.pem_key_escaped, "PRIVATE_KEY"),
    # hard negatives
    "order": Slot(v.order_number, negative="order_number"),
    "invoice": Slot(v.invoice_number, negative="invoice_number"),
    "ticket": Slot(v.ticket_number, negative="ticket_number"),
    "case": Slot(v.case_number, negative="case_number"),
    "version": Slot(v.version, negative="version"),
    "date": Slot(v.other_date, negative="date"),
    "date_time": Slot(v.other_date, negative="date"),
    "amount": Slot(v.amount, negative="amount"),
    "isbn": Slot(v.isbn, negative="isbn"),
    "uuid": Slot(v.uuid, negative="uuid"),
    "commit": Slot(v.commit_hash, negative="commit_hash"),
    "sha1": Slot(lambda ctx: str(ctx.fake.sha1()), negative="hash"),
    "sha256": Slot(v.sha256, negative="hash"),
    "ts": Slot(v.timestamp, negative="timestamp"),
    "port": Slot(v.port, negative="port"),
    "plz": Slot(v.postcode_area, negative="postcode"),
    "tracking": Slot(v.tracking_number, negative="tracking_number"),
    "git_remote": Slot(v.git_remote, negative="git_remote"),
    "luhn_bad": Slot(v.luhn_invalid_16, negative="luhn_invalid"),
    "iban_bad": Slot(v.iban_bad_check, negative="iban_bad_check"),
    # filler (not sensitive, not scored)
    "nationality": Slot(_fill(["Italian", "Mexican", "Thai", "Ethiopian", "Greek"])),
    "job": Slot(lambda ctx: str(ctx.fake.job())),
    "url": Slot(_fill(["https://example.org/portfolio", "https://www.example.com/about"])),
}

SLOT_RE = re.compile(r"\{\{(\w+?)(?:@(\w+))?\}\}")


@dataclass
class Span:
    text: int
    start: int
    end: int
    name: str
    value: str
    gold: bool


def _render(
    template: str, index: int, ctx: v.Ctx, shared: dict[str, str], spans: list[Span]
) -> str:
    out: list[str] = []
    cursor = 0
    length = 0
    for match in SLOT_RE.finditer(template):
        literal = template[cursor : match.start()]
        out.append(literal)
        length += len(literal)
        name, tag = match.group(1), match.group(2)
        slot = SLOTS[name]
        key = f"{name}@{tag}"
        if tag and key in shared:
            value = shared[key]
        else:
            value = slot.make(ctx)
            if tag:
                shared[key] = value
        if slot.label:
            spans.append(Span(index, length, length + len(value), slot.label, value, True))
        elif slot.negative:
            spans.append(Span(index, length, length + len(value), slot.negative, value, False))
        out.append(value)
        length += len(value)
        cursor = match.end()
    out.append(template[cursor:])
    return "".join(out)


def _consistent(texts: list[str], spans: list[Span]) -> bool:
    """Every occurrence of a gold value lies inside a gold span; no span overlaps another
    (a negative inside a gold value, or two gold values sharing text, is redrawn)."""
    by_text: dict[int, list[Span]] = {}
    for span in spans:
        by_text.setdefault(span.text, []).append(span)
    for items in by_text.values():
        items.sort(key=lambda s: s.start)
        for left, right in itertools.pairwise(items):
            if right.start < left.end:
                return False
    for span in spans:
        if not span.gold:
            continue
        for index, text in enumerate(texts):
            start = text.find(span.value)
            while start != -1:
                end = start + len(span.value)
                glued = (start > 0 and text[start - 1].isalnum() and span.value[0].isalnum()) or (
                    end < len(text) and text[end].isalnum() and span.value[-1].isalnum()
                )
                inside = any(
                    s.gold and s.text == index and s.start <= start and end <= s.end for s in spans
                )
                if not glued and not inside:
                    return False
                start = text.find(span.value, start + 1)
    return True


def _halves(pool: list[str] | list[list[str]], split: str) -> list[Any]:
    """One of two disjoint halves of a frame pool, balanced by slot.

    Frames are dealt in order to the half that lacks more of the frame's slot types
    (ties: the half holding fewer of its slots, then the smaller half, then ``dev``), so
    that every value type a pool holds lands in both sets whenever it occurs in two
    frames or more."""
    halves: tuple[list[Any], list[Any]] = ([], [])
    counts: tuple[dict[str, int], dict[str, int]] = ({}, {})
    for frame in pool:
        text = frame if isinstance(frame, str) else "\n".join(frame)
        names = [m.group(1) for m in SLOT_RE.finditer(text)]
        scores = [
            (
                -sum(1 for n in set(names) if not counts[h].get(n)),
                sum(counts[h].get(n, 0) for n in names),
                len(halves[h]),
                h,
            )
            for h in (0, 1)
        ]
        side = min(scores)[-1]
        halves[side].append(frame)
        for n in names:
            counts[side][n] = counts[side].get(n, 0) + 1
    return halves[0] if split == "dev" else halves[1]


def _payload_templates(lang: str, kind: str, split: str, rng: random.Random) -> list[str]:
    """The text fields of one payload, as templates."""
    pools = frames.EN if lang == "en" else frames.DE
    negatives = _halves(pools["negatives"], split)
    if kind == "chat":
        chats = _halves(frames.EN_CHATS if lang == "en" else frames.DE_CHATS, split)
        return list(chats[rng.randrange(len(chats))])
    if kind == "presidio":
        pool = _halves(frames.PRESIDIO_EN, split)
        parts = [pool[rng.randrange(len(pool))] for _ in range(1 + rng.randrange(3))]
        if rng.random() < 0.3:
            parts.append(negatives[rng.randrange(len(negatives))])
        return [" ".join(parts) if rng.random() < 0.5 else "\n".join(parts)]
    if kind == "negatives":
        picked = rng.sample(negatives, 2 + rng.randrange(2))
        return [" ".join(picked)]
    pool = _halves(pools[kind], split)
    if kind == "app_log":
        lines = [pool[rng.randrange(len(pool))] for _ in range(3 + rng.randrange(4))]
        return [rng.choice(frames.SYSTEM[lang]), "\n".join(lines)]
    if kind == "config_file":
        body = pool[rng.randrange(len(pool))]
        question = {
            "en": "Can you review this config?",
            "de": "Kannst du diese Konfiguration prüfen?",
        }
        return [question[lang] + "\n\n" + body]
    sentences = rng.sample(pool, 2 + rng.randrange(2))
    if rng.random() < 0.5:
        sentences.append(negatives[rng.randrange(len(negatives))])
        rng.shuffle(sentences)
    greeting = rng.choice(frames.GREETING[lang])
    closing = rng.choice(frames.CLOSING[lang])
    body = "\n\n".join(part for part in [greeting, " ".join(sentences), closing] if part)
    if rng.random() < 0.4:
        return [rng.choice(frames.SYSTEM[lang]), body]
    return [body]


def build(split: str) -> list[dict[str, object]]:
    """All payloads of one set, in order."""
    seed = SEEDS[split]
    rng = random.Random(seed)
    fakers: dict[str, Faker] = {}
    for number, locale in enumerate(["en_US", "en_GB", "de_DE", "de_AT", "de_CH"]):
        fake = Faker(locale)
        fake.seed_instance(seed * 10 + number)
        fakers[locale] = fake
    payloads: list[dict[str, object]] = []
    for lang, kinds in COUNTS.items():
        for kind, count in kinds.items():
            for _ in range(count):
                locale = rng.choice(LOCALES[lang])
                ctx = v.Ctx(fakers, rng, locale)
                templates = _payload_templates(lang, kind, split, rng)
                for _attempt in range(50):
                    spans: list[Span] = []
                    shared: dict[str, str] = {}
                    texts = [_render(t, i, ctx, shared, spans) for i, t in enumerate(templates)]
                    if _consistent(texts, spans):
                        break
                else:
                    raise RuntimeError(f"no consistent rendering for {lang}/{kind}")
                payloads.append(_encode(split, len(payloads), lang, kind, locale, texts, spans))
    return payloads


def _encode(
    split: str, number: int, lang: str, kind: str, locale: str, texts: list[str], spans: list[Span]
) -> dict[str, object]:
    return {
        "id": f"{split}-{number:04d}",
        "lang": lang,
        "kind": kind,
        "locale": locale,
        "texts": texts,
        "entities": [
            {"text": s.text, "start": s.start, "end": s.end, "label": s.name, "value": s.value}
            for s in spans
            if s.gold
        ],
        "negatives": [
            {"text": s.text, "start": s.start, "end": s.end, "kind": s.name, "value": s.value}
            for s in spans
            if not s.gold
        ],
    }


def dumps(payloads: list[dict[str, object]]) -> str:
    return "".join(json.dumps(p, ensure_ascii=False) + "\n" for p in payloads)


def versions() -> dict[str, str]:
    """The library versions the output depends on."""
    return {name: version(name) for name in ("Faker", "phonenumbers", "python-stdnum")}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=HERE, help="directory to write into")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    manifest: dict[str, object] = {"seeds": SEEDS, "versions": versions(), "files": {}}
    files: dict[str, object] = {}
    for split in SEEDS:
        text = dumps(build(split))
        (args.out / f"{split}.jsonl").write_text(text, encoding="utf-8")
        files[f"{split}.jsonl"] = {
            "count": text.count("\n"),
            "sha256": hashlib.sha256(text.encode()).hexdigest(),
        }
    manifest["files"] = files
    (args.out / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
