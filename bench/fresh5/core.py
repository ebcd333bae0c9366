"""Markers, the per-payload context and the span extraction of the fresh5 generator.

A frame writes its texts with inline markers: ``E(label, value)`` for a gold value and
``c.N(kind)`` for a hard negative.  ``extract`` strips the markers and returns the
clean texts with code-point offsets, so offsets never have to be counted by hand.
"""

from __future__ import annotations

import datetime as dt
import random
import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bench.fresh5 import values as V

OPEN_E, OPEN_N, SEP, CLOSE = "\ue000", "\ue003", "\ue001", "\ue002"
_MARK = re.compile(f"([{OPEN_E}{OPEN_N}])([^{SEP}]+){SEP}([^{CLOSE}]*){CLOSE}")


def E(label: str, value: str) -> str:
    """Mark ``value`` as a gold entity of ``label``."""
    assert value and value == value.strip(), (label, value)
    return f"{OPEN_E}{label}{SEP}{value}{CLOSE}"


def NEG(kind: str, value: str) -> str:
    return f"{OPEN_N}{kind}{SEP}{value}{CLOSE}"


def plain(marked: str) -> str:
    """The text without markers."""
    return _MARK.sub(lambda m: m.group(3), marked)


def extract(marked: list[str]) -> tuple[list[str], list[dict[str, Any]], list[dict[str, Any]]]:
    texts: list[str] = []
    ents: list[dict[str, Any]] = []
    negs: list[dict[str, Any]] = []
    for t, raw in enumerate(marked):
        out: list[str] = []
        pos = 0
        last = 0
        for m in _MARK.finditer(raw):
            out.append(raw[last : m.start()])
            pos += m.start() - last
            value = m.group(3)
            rec = {"text": t, "start": pos, "end": pos + len(value)}
            if m.group(1) == OPEN_E:
                ents.append({**rec, "label": m.group(2), "value": value})
            else:
                negs.append({**rec, "kind": m.group(2), "value": value})
            out.append(value)
            pos += len(value)
            last = m.end()
        out.append(raw[last:])
        text = "".join(out)
        assert not any(ch in text for ch in (OPEN_E, OPEN_N, SEP, CLOSE)), "nested marker"
        texts.append(text)
    return texts, ents, negs


def ascii_fold(s: str) -> str:
    s = s.replace("ä", "ae").replace("ö", "oe").replace("ü", "ue").replace("ß", "ss")
    s = s.replace("Ä", "Ae").replace("Ö", "Oe").replace("Ü", "Ue")
    s = unicodedata.normalize("NFKD", s).encode("ascii", "ignore").decode()
    return re.sub(r"[^A-Za-z0-9]+", "", s)


REGION = {
    "de_DE": "DE",
    "de_AT": "AT",
    "de_CH": "CH",
    "en_US": "US",
    "en_GB": "GB",
    "en_CA": "CA",
    "en_AU": "AU",
}

ORG_POOLS: dict[str, list[str]] = {
    "dental": [
        "Harborview Dental Group",
        "Zahnzentrum am Markt",
        "Smile Studio Dental Care",
        "Zahnarztpraxis Am Stadtpark",
        "Riverside Family Dentistry",
    ],
    "rental": [
        "Northgate Car Rental Ltd",
        "Autovermietung Kessler & Söhne",
        "Sunline Rent-a-Car",
        "Alpenland Autovermietung GmbH",
        "Coastal Van Hire",
    ],
    "gym": [
        "Ironclad Fitness Club",
        "FitWerk Sportstudios",
        "Pulse Athletic Club",
        "Kraftwerk Fitness GmbH",
        "Northside Gym & Spa",
    ],
    "bank": [
        "Copperfield Bank plc",
        "Summit Credit Union",
        "Volksbank Mittelhessen eG",
        "Sparkasse Uckermark",
        "Alpine Privatbank AG",
        "Harbour Savings Bank",
    ],
    "pension": [
        "Evergreen Pension Trust",
        "Pensionskasse Rheinland VVaG",
        "Maple Leaf Pension Plan",
        "Vorsorgekasse Ostschweiz",
        "Civil Service Pension Fund",
    ],
    "property": [
        "Meridian Property Management",
        "Hausverwaltung Brandt GmbH",
        "Keystone Lettings Ltd",
        "Immobilienverwaltung Sommer & Partner",
    ],
    "university": [
        "Brightwater University",
        "Technische Hochschule Lindenau",
        "University of Eastbrook",
        "Hochschule für Wirtschaft Rheintal",
    ],
    "freight": [
        "Atlas Freight Forwarding Inc.",
        "Spedition Albrecht Logistik KG",
        "Bluewave Customs Brokers Ltd",
        "Hanse Zollservice GmbH",
    ],
    "insurer": [
        "Bulwark Mutual Insurance",
        "Rheinische Hausrat Versicherung AG",
        "Lionheart Insurance plc",
        "Alpina Versicherungen",
    ],
    "airline": ["Skyline Airways", "Aerolinea Central", "Northern Air Ltd", "Alpenflug AG"],
    "retail": ["Brightcart Ltd", "Urban Threads Inc.", "Kaufhaus Lindner GmbH"],
}

CORP_SUFFIX = {
    "de": [" GmbH", " AG", " KG", " GmbH & Co. KG", " e.K."],
    "en": [" Ltd", " Inc.", " LLC", " plc", " Group"],
}


@dataclass
class Ctx:
    """Everything a frame needs for one payload: its rng, locale and value makers."""

    rng: random.Random
    lang: str
    locale: str
    with_negs: bool
    used_names: set[str] = field(default_factory=set)

    @property
    def region(self) -> str:
        return REGION[self.locale]

    def fk(self, locale: str | None = None) -> Any:
        return V.faker(self.rng, locale or self.locale)

    def pick(self, seq: Any) -> Any:
        return self.rng.choice(seq)

    def chance(self, p: float) -> bool:
        return self.rng.random() < p

    # -- people and organisations
    def name(self, locale: str | None = None) -> tuple[str, str]:
        """(first, last), distinct from names already used in this payload."""
        for _ in range(50):
            f = self.fk(locale)
            first, last = f.first_name(), f.last_name()
            if first not in self.used_names and last not in self.used_names and first != last:
                self.used_names.update({first, last})
                return first, last
        raise RuntimeError("names exhausted")

    def person(self, locale: str | None = None) -> str:
        first, last = self.name(locale)
        return f"{first} {last}"

    def org(self, domain: str | None = None) -> str:
        """An organisation: from the domain's hand-written list or a Faker company."""
        if domain is not None and self.chance(0.45):
            return str(self.pick(ORG_POOLS[domain]))
        name = str(self.fk().company())
        if " " in name or "-" in name or "," in name:
            return name
        if not any(
            s.strip() in name
            for s in (
                "GmbH",
                "AG",
                "KG",
                "Inc",
                "LLC",
                "Ltd",
                "plc",
                "Group",
                "and",
                "&",
                "-",
                ",",
                "e.K.",
                "OHG",
                "PLC",
                "GesbR",
                "OG",
                "und",
                "Co",
            )
        ):
            name += str(self.pick(CORP_SUFFIX[self.lang]))
        return name

    def email(self, person: str | None = None, domain: str | None = None) -> str:
        if person is None:
            person = self.person()
        parts = [ascii_fold(p).lower() for p in person.split()]
        first, last = parts[0], parts[-1]
        local = self.pick(
            [
                f"{first}.{last}",
                f"{first[0]}.{last}",
                f"{first}{last}",
                f"{last}.{first}",
                f"{first}_{last}{self.rng.randint(1, 99)}",
                f"{first[0]}{last}",
                f"{first}.{last}+{self.pick(['shop', 'news', 'dev'])}",
            ]
        )
        if domain is None:
            domain = self.pick(
                [
                    "gmail.com",
                    "gmx.de",
                    "web.de",
                    "outlook.com",
                    "yahoo.co.uk",
                    "posteo.de",
                    "icloud.com",
                    "proton.me",
                    "t-online.de",
                    "mail.ca",
                    "bluewin.ch",
                    "aon.at",
                    "bigpond.com.au",
                    "hotmail.com",
                ]
            )
        return f"{local}@{domain}"

    def org_domain(self, org: str) -> str:
        slug = ascii_fold(org.split()[0]).lower() or "firma"
        return slug + str(self.pick([".de", ".com", ".eu", ".co.uk", ".at", ".ch", ".io"]))

    # -- contact data
    def phone(self, ext: bool = False, region: str | None = None, intl: bool | None = None) -> str:
        return V.phone(self.rng, region or self.region, intl, ext)

    def address_parts(self, locale: str | None = None) -> tuple[str, str]:
        """(street line, town line) for ``locale``."""
        loc = locale or self.locale
        f = self.fk(loc)
        street = str(f.street_address()).replace("\n", ", ")
        reg = REGION[loc]
        if reg == "US":
            town = f"{f.city()}, {f.state_abbr()} {f.zipcode()}"
        elif reg == "CA":
            pc = str(f.postalcode()).replace(" ", "")
            town = f"{f.city()}, {f.province_abbr()} {pc[:3]} {pc[3:]}"
        elif reg == "AU":
            town = f"{f.city()} {f.state_abbr()} {f.postcode()}"
        elif reg == "GB":
            town = f"{f.city()} {f.postcode()}"
        else:
            town = f"{f.postcode()} {f.city()}"
        return street, town

    def address(self, sep: str | None = None, locale: str | None = None) -> str:
        street, town = self.address_parts(locale)
        if sep is None:
            sep = self.pick([", ", ", ", "\n", " · ", ", "])
        return street + sep + town

    # -- dates
    def born(self, lo: int = 1946, hi: int = 2004) -> dt.date:
        return V.birth(self.rng, lo, hi)

    def dob(self, d: dt.date | None = None) -> str:
        return V.fmt_date(self.rng, d or self.born(), self.lang, self.region)

    def date(self, days_from: int = 0, span: int = 400) -> str:
        d = dt.date(2025, 6, 1) + dt.timedelta(days=days_from + self.rng.randint(0, span))
        return V.fmt_date(self.rng, d, self.lang, self.region)

    # -- negatives
    def N(self, kind: str, value: str | None = None) -> str:
        v = value if value is not None else V.negative(self.rng, kind, self.lang)
        return NEG(kind, v) if self.with_negs else v


Frame = Callable[[Ctx], list[str]]


@dataclass(frozen=True)
class FrameSpec:
    name: str
    kind: str
    locales: tuple[str, ...]
    fn: Frame


def frame(
    registry: list[FrameSpec], kind: str, locales: tuple[str, ...]
) -> Callable[[Frame], Frame]:
    def deco(fn: Frame) -> Frame:
        registry.append(FrameSpec(fn.__name__, kind, locales, fn))
        return fn

    return deco


def typo(c: Ctx, label: str, p: float = 0.12) -> str:
    """``label`` with, sometimes, one typo (swapped, dropped or doubled letter)."""
    if len(label) < 4 or not c.chance(p):
        return label
    i = c.rng.randint(1, len(label) - 2)
    how = c.rng.randint(0, 2)
    if how == 0:
        return label[:i] + label[i + 1] + label[i] + label[i + 2 :]
    if how == 1:
        return label[:i] + label[i + 1 :]
    return label[:i] + label[i] + label[i:]


def colon(c: Ctx) -> str:
    return str(c.pick([": ", ": ", ":", " - ", " = ", ":\t", " "]))


def vendor_env(vendor: str) -> list[str]:
    return {
        "aws": ["AWS_ACCESS_KEY_ID", "aws_access_key_id", "awsAccessKeyId"],
        "github": ["GITHUB_TOKEN", "GH_TOKEN", "github_token"],
        "github_pat": ["GITHUB_PAT", "gh_pat", "GitHubToken"],
        "gitlab": ["GITLAB_TOKEN", "CI_JOB_PAT", "gitlab_pat"],
        "slack": ["SLACK_BOT_TOKEN", "slackToken", "slack_token"],
        "stripe": ["STRIPE_SECRET_KEY", "stripe_api_key", "stripeKey"],
        "openai": ["OPENAI_API_KEY", "openai_key", "openaiApiKey"],
        "anthropic": ["ANTHROPIC_API_KEY", "anthropic_key", "claudeKey"],
        "google": ["GOOGLE_API_KEY", "maps_api_key", "gmapsKey"],
        "sendgrid": ["SENDGRID_API_KEY", "sendgrid_key", "mailKey"],
        "twilio": ["TWILIO_API_KEY", "twilio_sid_secret", "twilioKey"],
        "npm": ["NPM_TOKEN", "npm_auth_token", "//registry.npmjs.org/:_authToken"],
        "pypi": ["PYPI_TOKEN", "TWINE_PASSWORD", "pypi_api_token"],
        "hf": ["HF_TOKEN", "HUGGING_FACE_HUB_TOKEN", "hfToken"],
        "digitalocean": ["DIGITALOCEAN_TOKEN", "do_token", "doApiToken"],
        "shopify": ["SHOPIFY_ADMIN_TOKEN", "shopify_access_token", "shopToken"],
    }[vendor]


NEG_NOTES = {
    "en": [
        "PS: the old IBAN {iban_near_miss} bounced - the bank says its check digits are wrong.",
        "FYI the form rejected card number {card_near_miss} (failed validation).",
        "Note: the portal flagged tax ID {taxid_near_miss} as invalid.",
        "The SSN box showed {ssn_near_miss}, which the system says is not a valid number.",
        "The firewall export contains the malformed address {ip_near_miss}; ignore it.",
        "The number {phone_near_miss} from the old sheet is incomplete.",
        "Related: ticket {ticket_id}, invoice {invoice_number}, build {version}.",
        "Template fields still show {placeholder} - fill in later.",
        "Card on record: {masked}.",
        "Commit {hash}, request id {uuid}, error {error_code}.",
        "Shipment {tracking_number}, booking {booking_ref}, SKU {product_code}.",
        "Amount due {amount} by {date}, order {order_number}, ref {reference}, logged {timestamp}.",
        "Public key on file: {public_key}",
    ],
    "de": [
        "PS: Die alte IBAN {iban_near_miss} kam zurück – laut Bank stimmt die Prüfziffer nicht.",
        "Die Kartennummer {card_near_miss} wurde vom Formular abgelehnt (Prüfung fehlgeschlagen).",
        "Hinweis: Die Steuer-ID {taxid_near_miss} wurde vom Portal als ungültig markiert.",
        "Im SSN-Feld stand {ssn_near_miss}, laut System keine gültige Nummer.",
        "Im Firewall-Export steht die fehlerhafte Adresse {ip_near_miss}, bitte ignorieren.",
        "Die Nummer {phone_near_miss} aus der alten Liste ist unvollständig.",
        "Siehe auch Ticket {ticket_id}, Rechnung {invoice_number}, Build {version}.",
        "In der Vorlage steht noch {placeholder} – bitte später ausfüllen.",
        "Hinterlegte Karte: {masked}.",
        "Commit {hash}, Request-ID {uuid}, Fehler {error_code}.",
        "Sendung {tracking_number}, Buchung {booking_ref}, Artikel {product_code}.",
        "Fällig {amount} bis {date}, Bestellung {order_number}, Az. {reference}, erfasst "
        "{timestamp}.",
        "Hinterlegter öffentlicher Schlüssel: {public_key}",
    ],
}


def neg_note(c: Ctx) -> str:
    """One or two sentences carrying hard negatives (only when the payload has negatives)."""
    picks = c.rng.sample(NEG_NOTES[c.lang], c.rng.choice([1, 1, 2]))

    def fill(m: re.Match[str]) -> str:
        kind = m.group(1)
        if kind == "public_key":
            return c.N(kind, V.public_key_line(c.rng, c.pick(["ci-runner", "build-key", "laptop"])))
        return c.N(kind)

    return " ".join(re.sub(r"\{(\w+)\}", fill, p) for p in picks)
