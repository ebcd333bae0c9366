"""Template markers, span bookkeeping and payload assembly for fresh7.

A frame writes its texts as ordinary Python strings in which every gold value is wrapped
by :meth:`Ctx.e` (``\\ue000LABEL\\ue002value\\ue003``) and every hard negative by
:meth:`Ctx.n` (``\\ue001kind\\ue002value\\ue003``).  The markers are private-use code points,
so they survive ``json.dumps(..., ensure_ascii=False)``: a value inside a JSON tool call is
labelled as it is written there (escapes included).  :func:`assemble` strips the markers,
records the spans, then labels every further occurrence of every gold value (not glued to a
letter or digit) and rejects the payload when spans overlap, a value carries two labels, or
a negative touches an entity.  The caller then retries with the next seed.
"""

from __future__ import annotations

import datetime as dt
import itertools
import json
import random
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import phonenumbers
from faker import Faker

from bench.fresh7 import values as V

ENT = "\ue000"
NEG = "\ue001"
SEP = "\ue002"
END = "\ue003"
_MARK = re.compile(f"([{ENT}{NEG}])([A-Za-z_0-9]+){SEP}(.*?){END}", re.S)


class Conflict(Exception):
    """The payload's spans cannot be labelled cleanly: regenerate it."""


@dataclass(frozen=True)
class Span:
    text: int
    start: int
    end: int
    tag: str
    value: str


def _glued(text: str, start: int, end: int, value: str) -> bool:
    left = value[0].isalnum() and start > 0 and text[start - 1].isalnum()
    right = value[-1].isalnum() and end < len(text) and text[end].isalnum()
    return left or right


def assemble(marked: list[str]) -> tuple[list[str], list[Span], list[Span]]:
    """Strip the markers; return clean texts, entity spans and negative spans."""
    texts: list[str] = []
    ents: list[Span] = []
    negs: list[Span] = []
    for index, raw in enumerate(marked):
        out: list[str] = []
        pos = 0
        length = 0
        for match in _MARK.finditer(raw):
            chunk = raw[pos : match.start()]
            out.append(chunk)
            length += len(chunk)
            kind, tag, value = match.group(1), match.group(2), match.group(3)
            if any(c in value for c in (ENT, NEG, SEP, END)):
                raise ValueError("nested markers")
            if not value or value != value.strip():
                raise Conflict("empty or padded value")
            span = Span(index, length, length + len(value), tag, value)
            (ents if kind == ENT else negs).append(span)
            out.append(value)
            length += len(value)
            pos = match.end()
        out.append(raw[pos:])
        text = "".join(out)
        if any(c in text for c in (ENT, NEG, SEP, END)):
            raise ValueError("stray marker")
        texts.append(text)
    labels: dict[str, str] = {}
    for span in ents:
        if labels.setdefault(span.value, span.tag) != span.tag:
            raise Conflict("one value, two labels")
    # every further occurrence of every gold value, longest values first
    for value in sorted(labels, key=len, reverse=True):
        for index, text in enumerate(texts):
            start = text.find(value)
            while start != -1:
                end = start + len(value)
                if not _glued(text, start, end, value):
                    inside = [
                        s for s in ents if s.text == index and s.start < end and start < s.end
                    ]
                    if not inside:
                        ents.append(Span(index, start, end, labels[value], value))
                    elif not any(s.start <= start and end <= s.end for s in inside):
                        raise Conflict("partial overlap between gold values")
                start = text.find(value, start + 1)
    ents.sort(key=lambda s: (s.text, s.start))
    for a, b in itertools.pairwise(ents):
        if a.text == b.text and b.start < a.end:
            raise Conflict("overlapping entities")
    negs.sort(key=lambda s: (s.text, s.start))
    for a, b in itertools.pairwise(negs):
        if a.text == b.text and b.start < a.end:
            raise Conflict("overlapping negatives")
    for neg in negs:
        if neg.value in labels:
            raise Conflict("negative equals a gold value")
        if any(e.text == neg.text and e.start < neg.end and neg.start < e.end for e in ents):
            raise Conflict("negative overlaps an entity")
    return texts, ents, negs


def payload(
    pid: str, lang: str, kind: str, locale: str, frame: str, marked: list[str]
) -> dict[str, Any]:
    texts, ents, negs = assemble(marked)
    return {
        "id": pid,
        "lang": lang,
        "kind": kind,
        "locale": locale,
        "frame": frame,
        "texts": texts,
        "entities": [
            {"text": s.text, "start": s.start, "end": s.end, "label": s.tag, "value": s.value}
            for s in ents
        ],
        "negatives": [
            {"text": s.text, "start": s.start, "end": s.end, "kind": s.tag, "value": s.value}
            for s in negs
        ],
    }


@cache
def template_words() -> frozenset[str]:
    """Capitalised words of the generator's own sources (templates, street and town lists).

    A name that is also such a word (``May``, ``Church``, ``Lange``) is never drawn: the
    every-occurrence scan would otherwise label the template word as a PERSON.
    """
    words: set[str] = set(V.MONTHS_EN) | set(V.MONTHS_DE) | {"Jänner"}
    for source in sorted(Path(__file__).parent.glob("*.py")):
        words.update(re.findall(r"[A-ZÄÖÜ][A-Za-zÄÖÜäöüß]+", source.read_text("utf-8")))
    return frozenset(words)


# ---- the frame context ----------------------------------------------------------------


@dataclass
class Profile:
    """One fictitious person with everything a frame may ask for."""

    person: V.Person
    dob: dt.date
    address: V.Address
    phone: phonenumbers.PhoneNumber
    phone2: phonenumbers.PhoneNumber
    email: str


class Ctx:
    """What a frame sees: the locale, a seeded RNG and Faker, marker helpers."""

    def __init__(self, rng: random.Random, locale: str) -> None:
        self.rng = rng
        self.locale = locale
        self.region = V.REGION[locale]
        self.lang = "de" if locale.startswith("de") else "en"
        self.de = self.lang == "de"
        self.fake: Faker = V.faker_for(locale)
        self.fake.seed_instance(rng.getrandbits(64))

    # -- randomness shortcuts ------------------------------------------------------
    def pick(self, *options: Any) -> Any:
        return self.rng.choice(options)

    def chance(self, p: float) -> bool:
        return self.rng.random() < p

    # -- markers -------------------------------------------------------------------
    @staticmethod
    def e(label: str, value: str) -> str:
        return f"{ENT}{label}{SEP}{value}{END}"

    def n(self, kind: str, value: str | None = None) -> str:
        if value is None:
            value = V.neg_value(self.rng, kind, self.region)
        return f"{NEG}{kind}{SEP}{value}{END}"

    def json(self, obj: Any, indent: int | None = None) -> str:
        if indent is None:
            indent = self.pick(None, 2, 2)
        return json.dumps(obj, ensure_ascii=False, indent=indent)

    # -- values ----------------------------------------------------------------------
    def person(self, female: bool | None = None) -> V.Person:
        fake = self.fake
        stop = template_words()
        if female is None:
            female = self.chance(0.5)
        while True:
            first = fake.first_name_female() if female else fake.first_name_male()
            last = fake.last_name()
            if first not in stop and last not in stop and first != last and " " not in first:
                break
        middle = ""
        if self.region == "US" and self.chance(0.25):
            middle = fake.first_name()[0] + "."
        return V.Person(first, last, middle, female)

    def title(self, person: V.Person, dative: bool = False) -> str:
        """Herr/Herrn/Frau or Mr/Ms (outside every span)."""
        if self.de:
            return "Frau" if person.female else ("Herrn" if dative else "Herr")
        return self.pick("Ms", "Mrs") if person.female else "Mr"

    def period(self, lo: int = 2019, hi: int = 2026, days: int = 6) -> tuple[str, str]:
        """Two non-birth dates (start, end) a few days apart, as negatives."""
        start = dt.date(self.rng.randint(lo, hi), self.rng.randint(1, 12), self.rng.randint(1, 28))
        end = start + dt.timedelta(days=self.rng.randint(1, days))
        style = self.pick("dots", "long", "iso") if self.de else self.pick("numeric", "long", "iso")
        return (
            self.n("date_event", V.render_date(self.rng, start, self.region, style)),
            self.n("date_event", V.render_date(self.rng, end, self.region, style)),
        )

    def profile(self, po_box: bool = False) -> Profile:
        person = self.person()
        address = V.make_address(self.rng, self.region, self.fake, po_box=po_box)
        return Profile(
            person=person,
            dob=V.make_dob(self.rng),
            address=address,
            phone=V.make_phone(self.rng, self.region, "mobile"),
            phone2=V.make_phone(self.rng, self.region, "fixed"),
            email=V.email(self.rng, person, self.fake),
        )

    def name(self, person: V.Person, form: str = "name") -> str:
        value = {
            "name": person.name,
            "full": person.full,
            "first": person.first,
            "last": person.last,
            "inverted": person.inverted,
            "upper": f"{person.last.upper()}, {person.first}",
        }[form]
        return self.e("PERSON", value)

    def dob(self, d: dt.date, style: str | None = None) -> str:
        return self.e("DATE_OF_BIRTH", V.render_date(self.rng, d, self.region, style))

    def phone(
        self, num: phonenumbers.PhoneNumber, style: str | None = None, ext: bool = False
    ) -> str:
        extension = str(self.rng.randint(2, 4999)) if ext else ""
        return self.e("PHONE", V.render_phone(self.rng, num, self.region, style, extension))

    def foreign_phone(self, region: str) -> str:
        num = V.make_phone(self.rng, region, self.pick("mobile", "fixed"))
        return self.e("PHONE", V.render_phone(self.rng, num, region, "intl"))

    def addr(
        self, address: V.Address, mode: str = "block", prefix: bool | None = None, sep: str = "\n"
    ) -> str:
        """One ADDRESS span (``block`` across lines or ``line`` on one line)."""
        if prefix is None:
            prefix = self.chance(0.25)
        if mode == "line":
            return self.e("ADDRESS", address.one_line(self.rng, prefix))
        return self.e("ADDRESS", address.block(self.rng, sep, prefix))

    def addr_split(self, address: V.Address, prefix: bool | None = None) -> tuple[str, str]:
        """The street line and the town line as two ADDRESS spans (form fields)."""
        if prefix is None:
            prefix = self.chance(0.2)
        return (
            self.e("ADDRESS", address.street_line(self.rng)),
            self.e("ADDRESS", address.town_line(self.rng, prefix)),
        )

    def email(self, value: str) -> str:
        return self.e("EMAIL", value)

    def org(self, trade: str = "") -> str:
        return self.e("ORGANIZATION", V.organization(self.rng, self.fake, self.region, trade))

    def amount(self, lo: int, hi: int) -> str:
        """A money amount negative between ``lo`` and ``hi``."""
        n = self.rng.randint(lo, hi) + self.pick(0, 0, 0.5, 0.99)
        if self.region == "CH":
            text = f"CHF {n:,.2f}".replace(",", "'")
        elif self.de:
            s = f"{n:,.2f}".replace(",", "X").replace(".", ",").replace("X", ".")
            text = self.pick(f"{s} €", f"EUR {s}", f"{s} EUR")
        else:
            sym = {"GB": "£", "IE": "€", "IN": "₹", "AU": "A$", "CA": "C$", "NZ": "NZ$"}
            text = f"{sym.get(self.region, '$')}{n:,.2f}"
        return self.n("amount", text)

    def status(self, ok: bool = False) -> str:
        return self.n(
            "http_status",
            self.pick("200", "201", "204")
            if ok
            else self.pick("400", "401", "403", "404", "409", "422", "429", "500", "502", "503"),
        )

    def national_id(self, d: dt.date) -> tuple[str, str]:
        value, scheme = V.national_id(self.rng, self.region, d)
        return self.e("NATIONAL_ID", value), scheme

    def passport(self) -> str:
        return self.e("PASSPORT", V.passport(self.rng, self.region))

    def iban(self) -> str:
        country = (
            self.region
            if self.region in ("DE", "AT", "CH", "GB", "IE")
            else self.pick("DE", "GB", "IE")
        )
        return self.e("IBAN", V.iban(self.rng, country))

    def bic(self, country: str | None = None) -> str:
        return self.e("BIC", V.bic(self.rng, country or self.region))

    def bank(self) -> tuple[str, str]:
        """(IBAN, BIC) of one bank country: the locale's where IBANs exist."""
        country = (
            self.region
            if self.region in ("DE", "AT", "CH", "GB", "IE")
            else self.pick("GB", "IE", "DE")
        )
        return self.e("IBAN", V.iban(self.rng, country)), self.bic(country)

    def card(self) -> str:
        return self.e("CREDIT_CARD", V.card(self.rng))

    def ip(self) -> str:
        return self.e("IP_ADDRESS", V.ip_address(self.rng))

    def api_key(self, kind: str | None = None) -> str:
        return self.e("API_KEY", V.api_key(self.rng, kind))

    def api_key_var(self, upper: bool = True) -> tuple[str, str]:
        """(variable name, marked key) with the name matching the key's shape."""
        kind = self.pick(*V.API_KEY_VARS)
        return V.API_KEY_VARS[kind][0 if upper else 1], self.api_key(kind)

    def vat(self, region: str | None = None) -> str:
        region = region or (
            self.region
            if self.region in ("DE", "AT", "CH", "GB", "IE")
            else self.pick("GB", "IE", "DE")
        )
        return self.e("VAT_ID", V.vat_id(self.rng, region))

    def tax_id(self) -> str:
        return self.e("DE_TAX_ID", V.de_tax_id(self.rng))

    def steuernummer(self) -> str:
        return self.e("DE_TAX_ID", V.de_steuernummer(self.rng))

    def ssn(self) -> str:
        return self.e("US_SSN", V.ssn(self.rng))

    def itin(self) -> str:
        return self.e("US_ITIN", V.itin(self.rng))

    def date(self, lo: int = 2022, hi: int = 2026) -> str:
        """A non-birth date as plain text (no marker)."""
        return V.non_birth_date(self.rng, self.region, lo, hi)

    def country(self, region: str | None = None) -> str:
        region = region or self.region
        return (V.COUNTRY_DE if self.de else V.COUNTRY_EN).get(region, V.COUNTRY_EN[region])

    def id_doc(self, p: Profile) -> tuple[str, str]:
        """A context-typed id for the person: (label text, marked value)."""
        if self.region == "US":
            roll = self.rng.random()
            if roll < 0.35:
                return self.pick(
                    "SSN", "Social Security No.", "SSN#", "soc. sec. number"
                ), self.ssn()
            if roll < 0.5:
                return self.pick("ITIN", "Individual Taxpayer ID", "ITIN#"), self.itin()
            return self.pick("Passport No", "Passport #", "PPN", "passport number"), self.passport()
        if self.chance(0.45):
            return self.passport_label(), self.passport()
        value, scheme = self.national_id(p.dob)
        return self.id_label(scheme), value

    def id_like(self, marked: str, p: Profile) -> str:
        """Another id of the same kind as ``marked`` (for a second person's column)."""
        if "PASSPORT" in marked:
            return self.passport()
        if "US_SSN" in marked:
            return self.ssn()
        if "US_ITIN" in marked:
            return self.itin()
        return self.national_id(p.dob)[0]

    @staticmethod
    def id_kind(marked: str) -> str:
        for label, kind in (("PASSPORT", "passport"), ("US_SSN", "ssn"), ("US_ITIN", "itin")):
            if label in marked:
                return kind
        return "national_id"

    def passport_label(self) -> str:
        if self.de:
            return str(self.pick(
                "Reisepass-Nr.", "Reisepassnummer", "Pass-Nr.", "Passnummer", "Reisepass Nr"
            ))
        return str(self.pick(
            "Passport No",
            "Passport No.",
            "Passport #",
            "PPN",
            "passport number",
            "Passport Number",
            "Pasport no",
        ))

    def id_label(self, scheme: str) -> str:
        return str(self.pick(
            *{
                "nino": ("NI number", "National Insurance No.", "NINO", "NI No"),
                "nhs": ("NHS number", "NHS No.", "NHS #"),
                "sin": ("SIN", "Social Insurance Number", "S.I.N."),
                "tfn": ("TFN", "Tax File Number", "tax file no."),
                "pps": ("PPS No.", "PPSN", "PPS number"),
                "ird": ("IRD number", "IRD #", "IRD no."),
                "aadhaar": ("Aadhaar", "Aadhaar No.", "UID (Aadhaar)"),
                "pan": ("PAN", "PAN No.", "PAN card"),
                "vnr": ("SV-Nr.", "Sozialversicherungsnummer", "VSNR", "SVNR"),
                "ahv": ("AHV-Nr.", "AHV-Nummer", "AHVN13", "Sozialversicherungsnr."),
                "ausweis": (
                    "Ausweis-Nr.",
                    "Personalausweisnummer",
                    "Perso-Nr.",
                    "PA-Nr.",
                    "Ausweisnummer",
                ),
            }[scheme]
        ))

    def dob_label(self) -> str:
        if self.de:
            return str(self.pick(
                "Geburtsdatum",
                "geb.",
                "Geb.-Datum",
                "Geb.datum",
                "Geburtstag",
                "geboren am",
                "Geb. am",
                "Geburtsdat.",
            ))
        return str(self.pick(
            "Date of birth",
            "D.O.B.",
            "DoB",
            "DOB",
            "birth date",
            "Birthdate",
            "Date of Birth",
            "date of brith",
            "Born",
        ))

    def phone_label(self) -> str:
        if self.de:
            return str(self.pick(
                "Tel.",
                "Telefon",
                "Mobil",
                "Handy",
                "Tel.-Nr.",
                "Rufnummer",
                "Telefonnr.",
                "Mobilnummer",
            ))
        return str(self.pick(
            "Phone", "Tel", "Mobile", "Cell", "Ph.", "Contact no.", "Mob", "Phone #", "telephone"
        ))
