"""Generate the labelled evaluation corpus, reproducibly, from a fixed seed.

Usage (from the repository root)::

    python -m bench.corpus.generate                       # rewrite bench/corpus/pii_corpus.jsonl
    python -m bench.corpus.generate --count 50 --out /tmp/slice.jsonl

Payload ``i`` depends only on the seed and ``i`` (its own RNG and a re-seeded Faker),
so any prefix of the corpus can be regenerated and compared byte for byte.  Each
payload fills one template (:mod:`bench.corpus.templates_en`, ``templates_de``) with
values from Faker's ``en_US``/``de_DE`` providers and :mod:`bench.corpus.values`,
recording the offsets of every gold value and hard negative as it writes them.  A
rendering where a gold value also occurs outside its own spans (a first name that is an
ordinary word of the template, say) is redrawn, so that "the value still occurs in the
output" always means a leak.  The format is documented in ``docs/eval.md``.
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import json
import random
import re
import sys
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Any

from faker import Faker

from bench.corpus import classes, templates_de, templates_en, values

__all__ = ["DEFAULT_COUNT", "DEFAULT_SEED", "generate", "main", "payload", "write_corpus"]

DEFAULT_SEED = 20261129
DEFAULT_COUNT = 1800
GERMAN_SHARE = 0.46
_HERE = Path(__file__).resolve().parent
DEFAULT_OUT = _HERE / "pii_corpus.jsonl"

_FIELD_RE = re.compile(r"\{\{(~?)([A-Z][A-Z0-9_]*)\}\}")
_PERSON_RE = re.compile(r"(PERSON|AGENT|DOCTOR)(\d*)(?:_(FIRST|LAST))?\Z")
_NEGATIVE_KINDS = {
    "ORDER": "order_number",
    "VERSION": "version",
    "TIMESTAMP": "timestamp",
    "ISBN": "isbn",
    "HASH": "hex_hash",
    "TICKET": "ticket_id",
    "UUID": "uuid",
    "AMOUNT": "amount",
    "PRODUCT": "product",
    "FIVES": "number_555",
}
_KINDS = (
    "support_ticket",
    "email",
    "crm_note",
    "hr_note",
    "medical_note",
    "code_log",
    "code_log",
    "chat_history",
    "chat_history",
    "hard_negatives",
)
_US_CITIES = (
    "Boston",
    "Denver",
    "Austin",
    "Seattle",
    "Chicago",
    "Atlanta",
    "Portland",
    "San Diego",
    "Philadelphia",
    "Minneapolis",
    "Nashville",
    "Pittsburgh",
    "Sacramento",
    "Raleigh",
)
_EN_FREE_MAIL = ("gmail.com", "outlook.com", "yahoo.com", "icloud.com", "proton.me")
_DE_FREE_MAIL = ("web.de", "gmx.de", "gmx.net", "t-online.de", "posteo.de", "gmail.com")
_DE_MONTHS = (
    "Januar",
    "Februar",
    "März",
    "April",
    "Mai",
    "Juni",
    "Juli",
    "August",
    "September",
    "Oktober",
    "November",
    "Dezember",
)
_EN_MONTHS = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)
_LEGAL_FORMS = {"en": ("Inc.", "LLC", "Ltd.", "Corp."), "de": ("GmbH", "AG", "KG", "GmbH & Co. KG")}
_UMLAUTS = str.maketrans(
    {"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue"}
)


def _ascii_slug(text: str) -> str:
    folded = unicodedata.normalize("NFKD", text.translate(_UMLAUTS))
    return re.sub(r"[^a-z]", "", folded.encode("ascii", "ignore").decode().lower())


@dataclass(slots=True)
class _Fields:
    """The values of one payload: each field is drawn once and reused (a customer's name
    recurs across turns, as it does in real conversations)."""

    lang: str
    rng: random.Random
    fake: Faker
    cache: dict[str, str] = field(default_factory=dict)
    people: dict[str, tuple[str, str]] = field(default_factory=dict)

    def entity(self, name: str) -> tuple[str, str]:
        """Return ``(label, value)`` for the gold field ``name``."""
        person = _PERSON_RE.match(name)
        if person:
            first, last = self._person(person.group(1) + person.group(2))
            part = person.group(3)
            return (
                "PERSON",
                first if part == "FIRST" else last if part == "LAST" else f"{first} {last}",
            )
        if name not in self.cache:
            self.cache[name] = self._draw(name)
        return _LABELS[name.rstrip("0123456789")], self.cache[name]

    def negative(self, name: str) -> tuple[str, str]:
        """Return ``(kind, value)`` for the hard-negative field ``name``."""
        base = name.rstrip("0123456789")
        key = "~" + name
        if base in classes.CLASS_NEGATIVES:
            kind, make = classes.CLASS_NEGATIVES[base]
        else:
            kind = _NEGATIVE_KINDS[base]
            make = values.NEGATIVE_MAKERS[kind]
        if key not in self.cache:
            self.cache[key] = make(self.rng)
        return kind, self.cache[key]

    def _person(self, key: str) -> tuple[str, str]:
        if key not in self.people:
            taken = {last for _, last in self.people.values()}
            while True:
                first, last = self.fake.first_name(), self.fake.last_name()
                if last not in taken:
                    break
            self.people[key] = (first, last)
        return self.people[key]

    def _org(self) -> str:
        name = str(self.fake.company())
        if not any(
            form.rstrip(".") in name
            for form in (
                "GmbH",
                "AG",
                "KG",
                "Inc",
                "LLC",
                "Ltd",
                "Group",
                "PLC",
                "Corp",
                "and Sons",
                "GbR",
                "OHG",
                "KGaA",
                "e.V.",
                "& Co",
            )
        ):
            name = f"{name} {self.rng.choice(_LEGAL_FORMS[self.lang])}"
        return name

    def _email(self, person_key: str, company: bool) -> str:
        first, last = (_ascii_slug(part) for part in self._person(person_key))
        local = self.rng.choice(
            (
                f"{first}.{last}",
                f"{first[0]}.{last}",
                f"{first}{last}",
                f"{last}.{first}",
                f"{first}_{last}{self.rng.randint(1, 99)}",
            )
        )
        if company:
            org = self.cache.setdefault("ORG", self._org())
            domain = (_ascii_slug(org.split()[0]) or "firma") + self.rng.choice(
                (".com", ".de") if self.lang == "de" else (".com", ".io", ".net")
            )
        else:
            domain = self.rng.choice(_DE_FREE_MAIL if self.lang == "de" else _EN_FREE_MAIL)
        return f"{local}@{domain}"

    def _address(self) -> str:
        fake = self.fake
        if self.lang == "de":
            return f"{fake.street_address()}, {fake.postcode()} {fake.city()}"
        return f"{fake.street_address()}, {fake.city()}, {fake.state_abbr()} {fake.zipcode()}"

    def _dob(self) -> str:
        year, month, day = (
            self.rng.randint(1940, 2005),
            self.rng.randint(1, 12),
            self.rng.randint(1, 28),
        )
        if self.lang == "de":
            return self.rng.choice(
                (f"{day:02d}.{month:02d}.{year}", f"{day}. {_DE_MONTHS[month - 1]} {year}")
            )
        return self.rng.choice(
            (
                f"{month:02d}/{day:02d}/{year}",
                f"{_EN_MONTHS[month - 1]} {day}, {year}",
                f"{year}-{month:02d}-{day:02d}",
            )
        )

    def _draw(self, name: str) -> str:
        rng, lang = self.rng, self.lang
        base = name.rstrip("0123456789")
        suffix = name[len(base) :]
        if base == "EMAIL":
            return self._email("PERSON" + suffix, company=rng.random() < 0.35)
        if base == "AGENT_EMAIL":
            return self._email("AGENT", company=True)
        if base == "PHONE":
            return values.de_phone(rng) if lang == "de" else values.us_phone(rng)
        simple: dict[str, Callable[[], str]] = {
            "ORG": self._org,
            "ADDRESS": self._address,
            "CITY": lambda: str(self.fake.city()) if lang == "de" else rng.choice(_US_CITIES),
            "PHONE_DE": lambda: values.de_phone(rng),
            "PHONE_US": lambda: values.us_phone(rng),
            "IBAN": lambda: values.iban(
                rng,
                ("DE", "DE", "DE", "AT", "CH") if lang == "de" else ("GB", "DE", "NL", "CH", "AT"),
            ),
            "CARD": lambda: values.credit_card(rng),
            "SSN": lambda: values.us_ssn(rng),
            "SSN_COMPACT": lambda: values.us_ssn(rng, compact=True),
            "TAXID": lambda: values.steuer_id(rng),
            "DOB": self._dob,
            "IP": lambda: values.ipv4(rng),
            "IP6": lambda: values.ipv6(rng),
            "AWS_KEY": lambda: values.aws_key(rng),
            "GH_TOKEN": lambda: values.github_token(rng),
            "SLACK_TOKEN": lambda: values.slack_token(rng),
            "OPENAI_KEY": lambda: values.openai_key(rng),
            "ANTHROPIC_KEY": lambda: values.anthropic_key(rng),
            "BEARER": lambda: values.bearer_token(rng),
            "JWT": lambda: values.jwt(rng, _ascii_slug(self._person("PERSON")[0]) or "user"),
            "PEM": lambda: values.private_key(rng, escaped=False),
            "PEM_ESCAPED": lambda: values.private_key(rng, escaped=True),
            **{key: functools.partial(make, rng) for key, make in classes.CLASS_VALUES.items()},
        }
        return simple[base]()


_LABELS = {
    "EMAIL": "EMAIL",
    "AGENT_EMAIL": "EMAIL",
    "ORG": "ORGANIZATION",
    "ADDRESS": "ADDRESS",
    "CITY": "LOCATION",
    "PHONE": "PHONE",
    "PHONE_DE": "PHONE",
    "PHONE_US": "PHONE",
    "IBAN": "IBAN",
    "CARD": "CREDIT_CARD",
    "SSN": "US_SSN",
    "SSN_COMPACT": "US_SSN",
    "TAXID": "DE_TAX_ID",
    "DOB": "DATE_OF_BIRTH",
    "IP": "IP_ADDRESS",
    "IP6": "IP_ADDRESS",
    "AWS_KEY": "API_KEY",
    "GH_TOKEN": "API_KEY",
    "SLACK_TOKEN": "API_KEY",
    "OPENAI_KEY": "API_KEY",
    "ANTHROPIC_KEY": "API_KEY",
    "BEARER": "API_KEY",
    "JWT": "JWT",
    "PEM": "PRIVATE_KEY",
    "PEM_ESCAPED": "PRIVATE_KEY",
    **classes.CLASS_LABELS,
}


def _render(
    template: str,
    index: int,
    fields: _Fields,
    entities: list[dict[str, Any]],
    negatives: list[dict[str, Any]],
) -> str:
    """Fill ``template``, appending the offsets of what it wrote to the two lists."""
    parts: list[str] = []
    length = 0
    cursor = 0
    for match in _FIELD_RE.finditer(template):
        literal = template[cursor : match.start()]
        parts.append(literal)
        length += len(literal)
        negative, name = match.group(1) == "~", match.group(2)
        tag, value = fields.negative(name) if negative else fields.entity(name)
        span = {"text": index, "start": length, "end": length + len(value)}
        if negative:
            negatives.append({**span, "kind": tag, "value": value})
        else:
            entities.append({**span, "label": tag, "value": value})
        parts.append(value)
        length += len(value)
        cursor = match.end()
    parts.append(template[cursor:])
    return "".join(parts)


def _bounded_occurrences(value: str, text: str) -> list[int]:
    """Start offsets where ``value`` occurs not glued to a letter or digit."""
    hits = []
    start = text.find(value)
    while start != -1:
        before = text[start - 1] if start else " "
        end = start + len(value)
        after = text[end] if end < len(text) else " "
        glued = (value[0].isalnum() and before.isalnum()) or (
            value[-1].isalnum() and after.isalnum()
        )
        if not glued:
            hits.append(start)
        start = text.find(value, start + 1)
    return hits


def _consistent(texts: list[str], entities: list[dict[str, Any]]) -> bool:
    """True when every occurrence of a gold value lies inside some gold span."""
    for entity in entities:
        for index, text in enumerate(texts):
            covering = [(e["start"], e["end"]) for e in entities if e["text"] == index]
            for start in _bounded_occurrences(entity["value"], text):
                end = start + len(entity["value"])
                if not any(s <= start and end <= e for s, e in covering):
                    return False
    return True


def payload(seed: int, index: int, fakers: dict[str, Faker]) -> dict[str, Any]:
    """Build payload number ``index``; depends only on ``seed`` and ``index``."""
    for attempt in range(100):
        rng = random.Random(f"{seed}:{index}:{attempt}")
        lang = "de" if rng.random() < GERMAN_SHARE else "en"
        fake = fakers[lang]
        fake.seed_instance(rng.getrandbits(64))
        if index >= classes.FIRST_INDEX:  # the issue #11 classes (bench/corpus/classes.py)
            kind = "format_classes"
            template = rng.choice(classes.CLASS_TEMPLATES[lang])
        else:
            kind = rng.choice(_KINDS)
            library = templates_de.TEMPLATES if lang == "de" else templates_en.TEMPLATES
            template = rng.choice(library[kind])
        fields = _Fields(lang=lang, rng=rng, fake=fake)
        entities: list[dict[str, Any]] = []
        negatives: list[dict[str, Any]] = []
        texts = [_render(part, i, fields, entities, negatives) for i, part in enumerate(template)]
        if _consistent(texts, entities):
            return {
                "id": f"{index:05d}",
                "lang": lang,
                "kind": kind,
                "texts": texts,
                "entities": entities,
                "negatives": negatives,
            }
    raise RuntimeError(f"payload {index}: no consistent rendering in 100 attempts")


def generate(seed: int = DEFAULT_SEED, count: int = DEFAULT_COUNT) -> list[dict[str, Any]]:
    """The first ``count`` payloads of the corpus for ``seed``."""
    fakers = {"en": Faker("en_US"), "de": Faker("de_DE")}
    return [payload(seed, index, fakers) for index in range(count)]


def write_corpus(path: Path, seed: int = DEFAULT_SEED, count: int = DEFAULT_COUNT) -> str:
    """Write the corpus as JSONL to ``path`` and return its SHA-256."""
    lines = [
        json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n"
        for record in generate(seed, count)
    ]
    data = "".join(lines).encode("utf-8")
    path.write_bytes(data)
    return hashlib.sha256(data).hexdigest()


def versions() -> dict[str, str]:
    """The versions of the libraries whose data shapes the output."""
    return {name: metadata.version(name) for name in ("Faker", "phonenumbers", "python-stdnum")}


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--count", type=int, default=DEFAULT_COUNT)
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    args = parser.parse_args(argv)
    digest = write_corpus(args.out, args.seed, args.count)
    if (
        args.out.resolve() == DEFAULT_OUT
        and args.count == DEFAULT_COUNT
        and args.seed == DEFAULT_SEED
    ):
        manifest = {
            "seed": args.seed,
            "count": args.count,
            "sha256": digest,
            "versions": versions(),
        }
        (_HERE / "manifest.json").write_text(
            json.dumps(manifest, indent=2) + "\n", encoding="utf-8"
        )
    print(f"wrote {args.count} payloads to {args.out} (sha256 {digest[:16]})", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
