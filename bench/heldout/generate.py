# ruff: noqa: E501 -- sentence frames and value layouts read best as one literal per line
"""A held-out evaluation set, generated apart from the entity library and its corpus.

Usage (from the repository root)::

    python -m bench.heldout.generate            # writes bench/heldout/heldout.jsonl
    pseudogate eval --config config.example.yaml --data bench/heldout/heldout.jsonl

Nothing here imports ``detectors``, ``bench.corpus`` or their patterns: the values are
built from the formats' public specifications (ITU-T E.164 and DIN 5008 phone layouts,
the card schemes' IIN tables and Luhn, ISO 13616 IBANs with mod 97, SSA/IRS number
ranges, the German Steuer-IdNr and USt-IdNr check digits, ICAO 9303 document numbers,
ISO 9362 BICs, the providers' documented token formats, RFC 5322 addresses written the
way people hide them), and the sentences are new frames in English and German: mails,
tickets, CRM notes, HR records, logs, config snippets and chat turns.  Hard negatives are
strings a careless pattern would take: postcodes, case and order numbers, ISBNs, card
numbers with a bad Luhn digit, IBANs with a bad check digit, git remotes, AWS account
ids, versions, timestamps, meeting dates, tracking numbers.

One honest caveat: the same engineer wrote the library and this set, from the same
specifications.  It is independent of the library's code and corpus, not of its
author's reading of the formats; a set written by someone else will score differently.
"""

from __future__ import annotations

import argparse
import base64
import json
import random
import string
from collections.abc import Callable
from pathlib import Path
from typing import Any

from faker import Faker
from stdnum import iban as std_iban
from stdnum import luhn
from stdnum.de import idnr

__all__ = ["generate", "main"]

SEED = 4711_2027
_HERE = Path(__file__).resolve().parent
DEFAULT_OUT = _HERE / "heldout.jsonl"
_ALNUM = string.ascii_letters + string.digits

Value = tuple[str, str]  # (label or "~kind" for a negative, text)


def _d(rng: random.Random, n: int) -> str:
    return "".join(rng.choice(string.digits) for _ in range(n))


def _c(rng: random.Random, alphabet: str, n: int) -> str:
    return "".join(rng.choice(alphabet) for _ in range(n))


# ---- phones ---------------------------------------------------------------------------


def phone_en(rng: random.Random) -> str:
    area = str(rng.randint(2, 9)) + _d(rng, 2)
    exch = str(rng.randint(2, 9)) + _d(rng, 2)
    line = _d(rng, 4)
    base = rng.choice(
        (
            f"({area}) {exch}-{line}",
            f"({area}){exch}-{line}",
            f"{area}-{exch}-{line}",
            f"{area}.{exch}.{line}",
            f"+1 {area} {exch} {line}",
            f"+1-{area}-{exch}-{line}",
            f"1-{area}-{exch}-{line}",
            f"+44 20 {_d(rng, 4)} {_d(rng, 4)}",
            f"020 {_d(rng, 4)} {_d(rng, 4)}",
        )
    )
    if rng.random() < 0.3:
        base += rng.choice(("x", " x", " ext. ", " ext ", ", ext. ")) + _d(rng, rng.randint(2, 5))
    return base


def phone_de(rng: random.Random) -> str:
    area, sub = rng.choice(
        (("30", 8), ("40", 8), ("89", 7), ("221", 7), ("711", 7), ("351", 6), ("171", 7),
         ("151", 8), ("160", 7), ("176", 8), ("6221", 6))
    )  # fmt: skip
    number = str(rng.randint(1, 9)) + _d(rng, sub - 1)
    base = rng.choice(
        (
            f"0{area} {number}",
            f"0{area} {number[:-2]}-{number[-2:]}",  # DIN 5008 extension
            f"+49 {area} {number}",
            f"+49 {area} {number[:-2]}-{number[-2:]}",
            f"(0{area}) {number}",
            f"0{area}/{number}",
            f"0049 {area} {number}",
            f"+43 1 {_d(rng, 7)}",
            f"+41 44 {_d(rng, 3)} {_d(rng, 2)} {_d(rng, 2)}",
        )
    )
    return base


# ---- cards ---------------------------------------------------------------------------

_SCHEMES = (
    ("4", (16, 13, 19)),
    ("5" + str(random.Random(1).randint(1, 5)), (16,)),
    ("2221", (16,)),
    ("2720", (16,)),
    ("34", (15,)),
    ("37", (15,)),
    ("6011", (16,)),
    ("65", (16,)),
    ("3530", (16,)),
    ("1800", (15,)),
    ("2131", (15,)),
    ("36", (14,)),
    ("62", (16, 19)),
    ("6759", (12, 16, 19)),
    ("2200", (16,)),
)


def card(rng: random.Random, valid: bool = True) -> str:
    prefix, lengths = rng.choice(_SCHEMES)
    if prefix.startswith("5") and len(prefix) == 2:
        prefix = "5" + str(rng.randint(1, 5))
    length = rng.choice(lengths)
    body = prefix + _d(rng, length - len(prefix) - 1)
    check = luhn.calc_check_digit(body)
    if not valid:
        check = str((int(check) + rng.randint(1, 9)) % 10)
    number = body + check
    if (length == 15 and prefix in ("34", "37")) or length == 14:
        groups = [number[:4], number[4:10], number[10:]]
    else:
        groups = [number[i : i + 4] for i in range(0, length, 4)]
    if length == 12:
        return " ".join(groups)
    return rng.choice((" ", "-", "")).join(groups)


# ---- bank, tax and identity numbers ---------------------------------------------------

_BBAN: dict[str, Callable[[random.Random], str]] = {
    "DE": lambda r: _d(r, 18),
    "AT": lambda r: _d(r, 16),
    "CH": lambda r: _d(r, 17),
    "NL": lambda r: _c(r, string.ascii_uppercase, 4) + _d(r, 10),
    "GB": lambda r: _c(r, string.ascii_uppercase, 4) + _d(r, 14),
    "BE": lambda r: _d(r, 12),
}


def iban(rng: random.Random, valid: bool = True) -> str:
    while True:
        country = rng.choice(tuple(_BBAN))
        bban = _BBAN[country](rng)
        check = std_iban.calc_check_digits(country + "00" + bban)
        number = country + check + bban
        if not valid:
            number = number[:-1] + str((int(number[-1]) + 1) % 10)
        if std_iban.is_valid(number) == valid:
            break
    return " ".join(number[i : i + 4] for i in range(0, len(number), 4))


def ssn(rng: random.Random) -> str:
    while True:
        area = rng.randint(1, 899)
        if area != 666:
            break
    return f"{area:03d}-{rng.randint(1, 99):02d}-{rng.randint(1, 9999):04d}"


def itin(rng: random.Random) -> str:
    return f"9{_d(rng, 2)}-{rng.choice((70, 75, 80, 88, 90, 94, 99, 50, 65))}-{_d(rng, 4)}"


def steuer_id(rng: random.Random) -> str:
    while True:
        digits = rng.sample(string.digits, 9)
        digits.insert(rng.randrange(10), rng.choice(digits))
        if digits[0] != "0":
            body = "".join(digits)
            number = body + _mod11_10(body)
            if idnr.is_valid(number):
                return number if rng.random() < 0.5 else idnr.format(number)


def _mod11_10(body: str) -> str:
    product = 10
    for digit in body:
        total = (int(digit) + product) % 10 or 10
        product = total * 2 % 11
    return str((11 - product) % 10)


def de_vat(rng: random.Random) -> str:
    body = str(rng.randint(1, 9)) + _d(rng, 7)
    return "DE" + body + _mod11_10(body)


_DOC = "0123456789CFGHJKLMNPRTVWXYZ"


def de_document(rng: random.Random, first: str) -> str:
    return rng.choice(first) + _c(rng, _DOC, 8)


def icao_with_check(number: str) -> str:
    weights = (7, 3, 1)
    total = sum(
        (int(ch) if ch.isdigit() else ord(ch) - 55) * weights[i % 3] for i, ch in enumerate(number)
    )
    return number + str(total % 10)


_BICS = ("COBADEFFXXX", "DEUTDEFF", "MARKDEF1100", "BYLADEM1001", "INGDDEFFXXX", "GENODEF1S04",
         "BOFAUS3N", "CHASUS33", "NWBKGB2L", "RABONL2U", "UBSWCHZH80A", "GIBAATWWXXX")  # fmt: skip

# ---- secrets ---------------------------------------------------------------------------


def secret(rng: random.Random) -> str:
    kind = rng.randrange(11)
    if kind == 0:
        return "AKIA" + _c(rng, string.ascii_uppercase + string.digits, 16)
    if kind == 1:
        return "ghp_" + _c(rng, _ALNUM, 36)
    if kind == 2:
        return "glpat-" + _c(rng, _ALNUM + "_-", 20)
    if kind == 3:
        return "AIza" + _c(rng, _ALNUM + "_-", 35)
    if kind == 4:
        return "sk_live_" + _c(rng, _ALNUM, 24)
    if kind == 5:
        return "xoxb-" + _d(rng, 12) + "-" + _d(rng, 13) + "-" + _c(rng, _ALNUM, 24)
    if kind == 6:
        return "SG." + _c(rng, _ALNUM + "_-", 22) + "." + _c(rng, _ALNUM + "_-", 43)
    if kind == 7:
        return "npm_" + _c(rng, _ALNUM, 36)
    if kind == 8:
        return "hf_" + _c(rng, string.ascii_letters, 34)
    if kind == 9:
        return (
            "https://hooks.slack.com/services/T"
            + _c(rng, "ABCDEFGHJK0123456789", 8)
            + "/B"
            + _c(rng, "ABCDEFGHJK0123456789", 10)
            + "/"
            + _c(rng, _ALNUM, 24)
        )
    return "sk-proj-" + _c(rng, _ALNUM + "-_", 48)


def jwt(rng: random.Random) -> str:
    def seg(obj: dict[str, Any]) -> str:
        raw = json.dumps(obj, separators=(",", ":")).encode()
        return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()

    sig = base64.urlsafe_b64encode(rng.randbytes(32)).rstrip(b"=").decode()
    return (
        f"{seg({'alg': 'HS256', 'typ': 'JWT'})}.{seg({'sub': _d(rng, 6), 'iat': 1700000000})}.{sig}"
    )


# ---- dates and places ------------------------------------------------------------------

_EN_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August",
              "September", "October", "November", "December")  # fmt: skip
_DE_MONTHS = ("Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August",
              "September", "Oktober", "November", "Dezember")  # fmt: skip


def birth_date(rng: random.Random, lang: str) -> str:
    y, m, d = rng.randint(1935, 2006), rng.randint(1, 12), rng.randint(1, 28)
    if lang == "de":
        return rng.choice((f"{d:02d}.{m:02d}.{y}", f"{d}.{m}.{y}", f"{d}. {_DE_MONTHS[m - 1]} {y}"))
    return rng.choice(
        (f"{m:02d}/{d:02d}/{y}", f"{m}/{d}/{y}", f"{_EN_MONTHS[m - 1]} {d}, {y}",
         f"{d} {_EN_MONTHS[m - 1][:3]} {y}", f"{y}-{m:02d}-{d:02d}")
    )  # fmt: skip


_DE_STREETS = ("Lindenstraße", "Bahnhofstr.", "Goethestraße", "Am Mühlbach", "Kirchweg",
               "Schillerplatz", "Rosenallee", "Ringstraße", "Berliner Straße", "Marktplatz",
               "Eichendorffweg", "Hauptstraße", "Gartenstraße", "Am Sonnenhang", "Talblick")  # fmt: skip
_DE_CITIES = ("Berlin", "Hamburg", "München", "Köln", "Frankfurt am Main", "Leipzig", "Dresden",
              "Bad Homburg", "Freiburg im Breisgau", "Münster", "Würzburg")  # fmt: skip
_US_STREETS = ("Main St", "Oak Avenue", "Maple Dr.", "Elm Street", "Washington Blvd",
               "Lakeview Rd", "Pine Ct", "Sunset Boulevard", "Park Ave", "Cedar Lane")  # fmt: skip
_US_CITIES = (("Springfield", "IL"), ("Austin", "TX"), ("Portland", "OR"), ("Denver", "CO"),
              ("Boston", "MA"), ("San Jose", "CA"), ("Columbus", "OH"), ("Salt Lake City", "UT"))  # fmt: skip


def address(rng: random.Random, lang: str) -> str:
    if lang == "de":
        number = str(rng.randint(1, 180)) + rng.choice(("", "", "a", "b"))
        return f"{rng.choice(_DE_STREETS)} {number}, {rng.randint(1067, 99998):05d} {rng.choice(_DE_CITIES)}"
    city, state = rng.choice(_US_CITIES)
    unit = rng.choice(
        (
            "",
            "",
            f", Apt {rng.randint(1, 40)}{rng.choice('ABC')}",
            f" Suite {rng.randint(100, 900)}",
        )
    )
    return f"{rng.randint(10, 9999)} {rng.choice(_US_STREETS)}{unit}, {city}, {state} {_d(rng, 5)}"


def email(rng: random.Random, fake: Faker) -> str:
    first = fake.first_name().lower().translate(str.maketrans("äöüß", "aous"))
    last = fake.last_name().lower().translate(str.maketrans("äöüß", "aous"))
    first = "".join(ch for ch in first if ch.isascii() and ch.isalpha()) or "kim"
    last = "".join(ch for ch in last if ch.isascii() and ch.isalpha()) or "lee"
    domain = rng.choice(("example.org", "mail.example.com", "firma-example.de", "uni-example.edu"))
    local = rng.choice(
        (f"{first}.{last}", f"{first[0]}{last}", f"{first}_{last}{rng.randint(1, 99)}")
    )
    style = rng.randrange(6)
    if style == 0:
        return f"{local} [at] {domain.replace('.', ' [dot] ')}"
    if style == 1:
        return f"{local.replace('.', ' dot ')} at {domain.replace('.', ' dot ')}"
    if style == 2:
        return f"{local}(at){domain}"
    return f"{local}@{domain}"


# ---- hard negatives ---------------------------------------------------------------------


def negative(rng: random.Random, lang: str) -> tuple[str, str]:
    kind = rng.randrange(16)
    if kind == 0:
        return "postcode", f"{rng.randint(1067, 99998):05d}"
    if kind == 1:
        return "case_number", "0" + _d(rng, 7)
    if kind == 2:
        body = "0" + _d(rng, 8)
        total = sum((10 - i) * int(ch) for i, ch in enumerate(body))
        check = (11 - total % 11) % 11
        return "isbn10", body + ("X" if check == 10 else str(check))
    if kind == 3:
        return "bad_luhn_card", card(rng, valid=False)
    if kind == 4:
        return "bad_iban", iban(rng, valid=False)
    if kind == 5:
        return (
            "git_remote",
            f"git@github.com:{rng.choice(('acme', 'infra'))}/{rng.choice(('api', 'web'))}.git",
        )
    if kind == 6:
        return "aws_account", _d(rng, 12)
    if kind == 7:
        return "version", f"{rng.randint(1, 20)}.{rng.randint(0, 30)}.{rng.randint(0, 99)}"
    if kind == 8:
        return (
            "timestamp",
            f"2025-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}T{rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}:00Z",
        )
    if kind == 9:
        return "meeting_date", (
            f"{rng.randint(1, 28):02d}.{rng.randint(1, 12):02d}.2025"
            if lang == "de"
            else f"{rng.randint(1, 12)}/{rng.randint(1, 28)}/2025"
        )
    if kind == 10:
        return "tracking", "1Z" + _c(rng, string.ascii_uppercase + string.digits, 16)
    if kind == 11:
        return "order_number", rng.choice(
            ("45" + _d(rng, 8), "PO-" + _d(rng, 8), "INV-2025-" + _d(rng, 5))
        )
    if kind == 12:
        return "amount", rng.choice(
            (f"{rng.randint(10, 9999)},{_d(rng, 2)} €", f"${rng.randint(10, 9999)}.{_d(rng, 2)}")
        )
    if kind == 13:
        return (
            "uuid",
            f"{_c(rng, '0123456789abcdef', 8)}-{_c(rng, '0123456789abcdef', 4)}-4{_c(rng, '0123456789abcdef', 3)}-a{_c(rng, '0123456789abcdef', 3)}-{_c(rng, '0123456789abcdef', 12)}",
        )
    if kind == 14:
        return "cve", f"CVE-20{rng.randint(15, 25)}-{_d(rng, 5)}"
    return "hex_hash", _c(rng, "0123456789abcdef", 40)


# ---- sentence frames --------------------------------------------------------------------
# {X:LABEL} is a gold value drawn by label, {~} a hard negative.

_EN = (
    "Hi support, this is {PERSON}. You can reach me on {PHONE} or write to {EMAIL}. Ticket ref {~}.",
    "Customer called from {PHONE} about invoice {~}; card on file {CREDIT_CARD}.",
    "Please wire the refund to {IBAN} and confirm to {EMAIL}.",
    "New hire paperwork: SSN {US_SSN}, date of birth {DATE_OF_BIRTH}, home address {ADDRESS}.",
    "Her ITIN is {US_ITIN} and she was born on {DATE_OF_BIRTH}. Build {~} broke again.",
    "Passport number {PASSPORT}, issued 2019. Meeting moved to {~}.",
    "Ship the replacement to {ADDRESS}. Tracking {~}.",
    "Cell: {PHONE_BARE}\nOffice: {PHONE}\nRepo: {~}",
    "export STRIPE_KEY={API_KEY}\n# deployed version {~}",
    "The CI log printed the token {API_KEY} in plain text at {~}.",
    "Contact form: {EMAIL} (sent from https://app.example.com/signup?email={EMAIL_Q}&ref=ad).",
    "Wire details: IBAN {IBAN}, BIC {BIC}. Amount {~}.",
    "Server {IP_ADDRESS} rejected the login; session cookie {JWT}.",
    "Reminder: card {CREDIT_CARD} expires soon; order {~} is unaffected.",
    "aws_secret_access_key = {AWS_SECRET}\naws account {~}",
)
_DE = (
    "Hallo, hier ist {PERSON}. Sie erreichen mich unter {PHONE} oder per Mail an {EMAIL}. Vorgang {~}.",
    "Bitte überweisen Sie den Betrag auf {IBAN}, BIC {BIC}. Rechnung {~}.",
    "Personalbogen: geboren am {DATE_OF_BIRTH}, Steuer-ID {DE_TAX_ID}, Anschrift {ADDRESS}.",
    "Unsere USt-IdNr. lautet {VAT_ID}; Ihre Kundennummer {~} bleibt gleich.",
    "Personalausweis {NATIONAL_ID}, Reisepass {PASSPORT}. Termin am {~}.",
    "Tel.: {PHONE_BARE}\nFax: {PHONE}\nAktenzeichen {~}",
    "Lieferadresse: {ADDRESS}. Sendungsnummer {~}.",
    "Die Kreditkarte {CREDIT_CARD} wurde abgelehnt, Betrag {~}.",
    "Im Log stand der Schlüssel {API_KEY} im Klartext (Version {~}).",
    "Kontakt: {EMAIL}, mobil {PHONE}. PLZ-Bereich {~}.",
    "Geburtsdatum: {DATE_OF_BIRTH}; Versicherungsfall {~}.",
    "Server {IP_ADDRESS} meldet Fehler, Token {JWT}.",
    'api_key: "{GENERIC}"  # siehe Ticket {~}',
    "Konto {IBAN}, Karte {CREDIT_CARD}, Rückfragen an {EMAIL}.",
)


def _value(name: str, rng: random.Random, fake: Faker, lang: str) -> tuple[str, str]:
    if name == "PERSON":
        return "PERSON", f"{fake.first_name()} {fake.last_name()}"
    if name == "PHONE":
        return "PHONE", phone_de(rng) if lang == "de" else phone_en(rng)
    if name == "PHONE_BARE":
        return "PHONE", (
            ("0" + rng.choice(("171", "30", "89", "151"))) + _d(rng, 7)
        ) if lang == "de" else (
            str(rng.randint(2, 9)) + _d(rng, 2) + str(rng.randint(2, 9)) + _d(rng, 6)
        )
    if name == "EMAIL":
        return "EMAIL", email(rng, fake)
    if name == "EMAIL_Q":
        return "EMAIL", f"{fake.user_name()}@example.net"
    if name == "CREDIT_CARD":
        return "CREDIT_CARD", card(rng)
    if name == "IBAN":
        return "IBAN", iban(rng)
    if name == "US_SSN":
        return "US_SSN", ssn(rng)
    if name == "US_ITIN":
        return "US_ITIN", itin(rng)
    if name == "DE_TAX_ID":
        return "DE_TAX_ID", steuer_id(rng)
    if name == "VAT_ID":
        return "VAT_ID", de_vat(rng)
    if name == "PASSPORT":
        return "PASSPORT", de_document(rng, "CFGHJK") if lang == "de" else _d(rng, 9)
    if name == "NATIONAL_ID":
        doc = de_document(rng, "LMNPRTVWXY")
        return "NATIONAL_ID", icao_with_check(doc) if rng.random() < 0.5 else doc
    if name == "BIC":
        return "BIC", rng.choice(_BICS)
    if name == "DATE_OF_BIRTH":
        return "DATE_OF_BIRTH", birth_date(rng, lang)
    if name == "ADDRESS":
        return "ADDRESS", address(rng, lang)
    if name == "IP_ADDRESS":
        return (
            "IP_ADDRESS",
            f"{rng.randint(11, 223)}.{rng.randint(0, 255)}.{rng.randint(0, 255)}.{rng.randint(1, 254)}",
        )
    if name == "JWT":
        return "JWT", jwt(rng)
    if name == "API_KEY":
        return "API_KEY", secret(rng)
    if name == "AWS_SECRET":
        return "API_KEY", _c(rng, _ALNUM + "/+", 40)
    if name == "GENERIC":
        return "API_KEY", _c(rng, _ALNUM, rng.randint(20, 40))
    raise KeyError(name)


def payload(index: int, fakers: dict[str, Faker]) -> dict[str, Any]:
    rng = random.Random(f"{SEED}:{index}")
    lang = "de" if index % 2 else "en"
    fake = fakers[lang]
    fake.seed_instance(rng.getrandbits(32))
    frames = _DE if lang == "de" else _EN
    texts: list[str] = []
    entities: list[dict[str, Any]] = []
    negatives: list[dict[str, Any]] = []
    for t_index in range(rng.randint(1, 3)):
        frame = rng.choice(frames)
        out = ""
        pos = 0
        while True:
            start = frame.find("{", pos)
            if start == -1:
                out += frame[pos:]
                break
            end = frame.index("}", start)
            out += frame[pos:start]
            name = frame[start + 1 : end]
            if name == "~":
                kind, value = negative(rng, lang)
                negatives.append(
                    {
                        "text": t_index,
                        "start": len(out),
                        "end": len(out) + len(value),
                        "kind": kind,
                        "value": value,
                    }
                )
            else:
                label, value = _value(name, rng, fake, lang)
                entities.append(
                    {
                        "text": t_index,
                        "start": len(out),
                        "end": len(out) + len(value),
                        "label": label,
                        "value": value,
                    }
                )
            out += value
            pos = end + 1
        texts.append(out)
    return {"id": f"h{index:05d}", "lang": lang, "kind": "heldout", "texts": texts,
            "entities": entities, "negatives": negatives}  # fmt: skip


def generate(count: int = 600) -> list[dict[str, Any]]:
    """``count`` payloads, alternating English and German."""
    fakers = {"en": Faker("en_US"), "de": Faker("de_DE")}
    return [payload(index, fakers) for index in range(count)]


def main(argv: list[str] | None = None) -> int:
    """Write the held-out set as JSONL."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=600)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args(argv)
    with args.out.open("w", encoding="utf-8") as handle:
        for item in generate(args.count):
            handle.write(json.dumps(item, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
