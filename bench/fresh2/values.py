"""Value generators for the fresh2 sets: Faker per locale, issuer rules for identifiers.

Every generator takes a :class:`Draw` (the payload's random source and Faker instance)
and returns ``(text, kind)``: the value exactly as it is written into the frame, and a
sub-kind (``"nino"``, ``"iban"``, ``"card"`` …) that the tests use to pick a third-party
validator.  Nothing here calls such a validator: the tests check every value against
python-stdnum, phonenumbers, ``ipaddress``, ``cryptography`` and ``hmac`` on their own.

Nothing here reads the clock, the environment or module-global random state, so a run
depends only on the seed and the library versions recorded in ``manifest.json``.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import hmac
import json
import random
import string
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec, ed25519, rsa
from faker import Faker

__all__ = ["GOLD", "JWT_KEY", "NEGATIVE", "Draw"]

JWT_KEY: Final = b"fresh2 demo signing key, not a secret"
B32: Final = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
ALNUM: Final = string.ascii_letters + string.digits
B64: Final = ALNUM + "+/"
URLSAFE: Final = ALNUM + "-_"
HEX: Final = "0123456789abcdef"


@dataclass
class Draw:
    """One payload's sources: ``rng`` for everything, ``fake`` for names and places."""

    rng: random.Random
    fake: Faker
    locale: str
    people: dict[str, tuple[str, str]] = field(default_factory=dict)

    def pick(self, *options: str) -> str:
        """One of ``options``."""
        return self.rng.choice(options)

    def chars(self, alphabet: str, count: int) -> str:
        """``count`` characters of ``alphabet``."""
        return "".join(self.rng.choice(alphabet) for _ in range(count))

    def digits(self, count: int, first: str = "0123456789") -> str:
        """A digit string of ``count`` digits whose first digit is from ``first``."""
        return self.rng.choice(first) + self.chars(string.digits, count - 1)

    def person(self, key: str) -> tuple[str, str]:
        """The first and last name of person ``key`` of this payload (drawn once)."""
        if key not in self.people:
            self.people[key] = (self.fake.first_name(), self.fake.last_name())
        return self.people[key]


Gen = Callable[[Draw], tuple[str, str]]

# ---- checksums (issuer rules) ---------------------------------------------------------


def luhn_digit(body: str) -> str:
    """The Luhn check digit that completes ``body``."""
    total = 0
    for i, ch in enumerate(reversed(body)):
        d = int(ch) * (2 if i % 2 == 0 else 1)
        total += d - 9 if d > 9 else d
    return str((10 - total % 10) % 10)


def mod97_check(country: str, bban: str) -> str:
    """ISO 13616 check digits of an IBAN with ``country`` and ``bban``."""
    moved = "".join(str(int(c, 36)) for c in bban + country + "00")
    return f"{98 - int(moved) % 97:02d}"


def iso7064_11_10(body: str) -> str:
    """ISO 7064 MOD 11,10 check digit (Steuer-ID, German VAT number)."""
    product = 10
    for ch in body:
        total = (int(ch) + product) % 10 or 10
        product = (2 * total) % 11
    return str((11 - product) % 10)


def icao_digit(text: str) -> str:
    """ICAO 9303 check digit (weights 7, 3, 1; letters A=10 …)."""
    weights = (7, 3, 1)
    total = sum(int(c, 36) * weights[i % 3] for i, c in enumerate(text))
    return str(total % 10)


def _group(text: str, size: int, sep: str = " ") -> str:
    return sep.join(text[i : i + size] for i in range(0, len(text), size))


def ascii_fold(text: str) -> str:
    """``Müller`` → ``mueller``: how a name becomes a mailbox."""
    text = text.lower()
    for a, b in (("ä", "ae"), ("ö", "oe"), ("ü", "ue"), ("ß", "ss")):
        text = text.replace(a, b)
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return "".join(c for c in text if c.isalnum() or c in "-")


# ---- people, places, dates ------------------------------------------------------------


def person(d: Draw) -> tuple[str, str]:
    first, last = d.person(f"anon{len(d.people)}")
    return f"{first} {last}", "person"


def company(d: Draw) -> tuple[str, str]:
    return d.fake.company(), "company"


def _house(d: Draw) -> str:
    return str(d.rng.randint(1, 180)) + d.pick("", "", "", "", "a", "b")


def _plz(d: Draw) -> str:
    if d.locale in ("de_AT", "de_CH"):
        return d.digits(4, "123456789")
    return d.digits(5, "123456789")


def address(d: Draw) -> tuple[str, str]:
    """A one-line postal address in the locale's order."""
    fake = d.fake
    if d.locale == "en_US":
        street = fake.street_name()
        unit = d.pick(
            "", "", "", f", Apt {d.rng.randint(1, 40)}", f" Suite {d.rng.randint(100, 900)}"
        )
        zip5 = d.digits(5, "123456789")
        state = fake.state_abbr(include_territories=False)
        return f"{d.rng.randint(10, 9999)} {street}{unit}, {fake.city()}, {state} {zip5}", "us"
    if d.locale == "en_GB":
        return (
            f"{d.rng.randint(1, 220)} {fake.street_name()}, {fake.city()} {fake.postcode()}",
            "gb",
        )
    street = fake.street_name()
    return f"{street} {_house(d)}, {_plz(d)} {fake.city()}", d.locale[3:].lower()


def address_block(d: Draw) -> tuple[str, str]:
    """The address as a letter's window block: street line, newline, postcode and town."""
    one, kind = address(d)
    if kind == "us":
        street, rest = one.split(", ", 1)
        return f"{street}\n{rest}", kind
    street, rest = one.rsplit(", ", 1)
    return f"{street}\n{rest}", kind


MONTHS_EN: Final = (
    "January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December",
)  # fmt: skip
MONTHS_DE: Final = (
    "Januar", "Februar", "März", "April", "Mai", "Juni",
    "Juli", "August", "September", "Oktober", "November", "Dezember",
)  # fmt: skip


def dob(d: Draw) -> tuple[str, str]:
    """A birth date between 1938 and 2006, written the way the locale writes dates."""
    y, m, day = d.rng.randint(1938, 2006), d.rng.randint(1, 12), d.rng.randint(1, 28)
    if d.locale.startswith("de"):
        form = d.pick("dmy", "dmy", "dmy_long", "iso", "dmy_short")
        if form == "dmy_long":
            return f"{day}. {MONTHS_DE[m - 1]} {y}", form
        if form == "dmy_short":
            return f"{day}.{m}.{y}", form
    elif d.locale == "en_US":
        form = d.pick("mdy", "mdy", "mdy_long", "iso")
        if form == "mdy_long":
            return f"{MONTHS_EN[m - 1]} {day}, {y}", form
    else:
        form = d.pick("dmy_slash", "dmy_en_long", "iso")
        if form == "dmy_en_long":
            return f"{day} {MONTHS_EN[m - 1]} {y}", form
    text = {
        "dmy": f"{day:02d}.{m:02d}.{y}",
        "mdy": f"{m:02d}/{day:02d}/{y}",
        "dmy_slash": f"{day:02d}/{m:02d}/{y}",
        "iso": f"{y}-{m:02d}-{day:02d}",
    }[form]
    return text, form


# ---- e-mail -----------------------------------------------------------------------------


def _mailbox(d: Draw, key: str) -> tuple[str, str]:
    first, last = (ascii_fold(p) for p in d.person(key))
    local = d.pick(
        f"{first}.{last}",
        f"{first[0]}.{last}",
        f"{first}{last}",
        f"{first}_{last}",
        f"{last}{d.rng.randint(1, 99)}",
        f"{first}.{last}+{d.pick('billing', 'shop', 'news')}",
    )
    host = d.pick(d.fake.free_email_domain(), d.fake.domain_name(), d.fake.domain_name())
    return local, host


def email(d: Draw) -> tuple[str, str]:
    local, host = _mailbox(d, f"anon{len(d.people)}")
    return f"{local}@{host}", "email"


def email_of(key: str) -> Gen:
    """The mailbox of person ``key``."""

    def gen(d: Draw) -> tuple[str, str]:
        local, host = _mailbox(d, key)
        return f"{local}@{host}", "email"

    return gen


def email_obfuscated(d: Draw) -> tuple[str, str]:
    """How people write an address to dodge scrapers."""
    local, host = _mailbox(d, f"anon{len(d.people)}")
    name, _, tld = host.rpartition(".")
    form = d.pick("brackets", "parens", "words", "caps", "curly")
    text = {
        "brackets": f"{local} [at] {name} [dot] {tld}",
        "parens": f"{local}(at){host}",
        "words": f"{local.replace('.', ' dot ')} at {name.replace('.', ' dot ')} dot {tld}",
        "caps": f"{local} AT {name} DOT {tld}",
        "curly": f"{local}{{at}}{host}",
    }[form]
    return text, "email_obf"


def email_pct(d: Draw) -> tuple[str, str]:
    """An address as a URL query value, ``@`` percent-encoded."""
    local, host = _mailbox(d, f"anon{len(d.people)}")
    return f"{local.replace('+', '%2B')}%40{host}", "email_pct"


# ---- phones ------------------------------------------------------------------------------

US_AREAS: Final = (
    "201", "202", "206", "212", "213", "214", "303", "305", "312", "404", "415", "503", "512",
    "602", "617", "646", "702", "713", "718", "720", "773", "808", "818", "917", "919", "972",
)  # fmt: skip
GB_GEO: Final = (
    ("20", 8, "378"),
    ("161", 7, "2345"),
    ("113", 7, "2345"),
    ("121", 7, "2345"),
    ("131", 7, "2345"),
    ("1865", 6, "2345"),
)
GB_MOBILE: Final = ("7400", "7403", "7825", "7956", "7387", "7723", "7534")
DE_GEO: Final = (
    ("30", 8),
    ("89", 8),
    ("40", 8),
    ("69", 8),
    ("221", 7),
    ("211", 7),
    ("711", 7),
    ("341", 7),
    ("351", 7),
    ("511", 7),
    ("6221", 6),
    ("761", 7),
)
DE_MOBILE: Final = (
    ("151", 8),
    ("152", 8),
    ("160", 7),
    ("162", 7),
    ("170", 7),
    ("171", 7),
    ("172", 7),
    ("175", 7),
    ("176", 8),
    ("177", 8),
    ("179", 7),
)
AT_GEO: Final = (("1", 7), ("316", 6), ("732", 6), ("662", 6), ("512", 6))
AT_MOBILE: Final = (("664", 7), ("676", 7), ("699", 8), ("650", 7), ("660", 7))
CH_AREAS: Final = ("44", "43", "31", "61", "21", "22", "41", "71", "79", "78", "76", "77")


def _subscriber(d: Draw, count: int, first: str = "23456789") -> str:
    return d.digits(count, first)


def _ext(d: Draw) -> str:
    return d.pick(
        "x" + d.digits(d.rng.randint(2, 5)),
        " ext. " + d.digits(3),
        " ext " + d.digits(3),
        " x" + d.digits(4),
        ",," + d.digits(3),
    )


def phone_us(d: Draw) -> tuple[str, str]:
    area = d.rng.choice(US_AREAS)
    exch = d.digits(3, "23456789")
    while exch[1:] == "11" or exch == "555":
        exch = d.digits(3, "23456789")
    line = d.digits(4)
    form = d.rng.randint(0, 10)
    text = [
        f"({area}) {exch}-{line}",
        f"{area}-{exch}-{line}",
        f"{area}.{exch}.{line}",
        f"{area}{exch}{line}",
        f"+1 {area} {exch} {line}",
        f"+1-{area}-{exch}-{line}",
        f"1-{area}-{exch}-{line}",
        f"+1{area}{exch}{line}",
        f"({area}){exch}-{line}",
        f"+1 ({area}) {exch}-{line}",
        f"{area} {exch} {line}",
    ][form]
    if d.rng.random() < 0.25:
        text += _ext(d)
    return text, "phone:US"


def phone_gb(d: Draw) -> tuple[str, str]:
    if d.rng.random() < 0.4:
        prefix = d.rng.choice(GB_MOBILE)
        sub = _subscriber(d, 6, "1234567")
        text = d.pick(
            f"0{prefix} {sub}",
            f"+44 {prefix} {sub}",
            f"+44{prefix}{sub}",
            f"0{prefix}{sub}",
            f"+44 (0){prefix} {sub}",
        )
        return text, "phone:GB"
    area, count, first = d.rng.choice(GB_GEO)
    sub = _subscriber(d, count, first)
    sub = f"{sub[:4]} {sub[4:]}" if area == "20" else f"{sub[:3]} {sub[3:]}"
    text = d.pick(f"0{area} {sub}", f"+44 {area} {sub}", f"+44 (0){area} {sub}", f"(0{area}) {sub}")
    if d.rng.random() < 0.15:
        text += d.pick(" ext. " + d.digits(3), " x" + d.digits(3))
    return text, "phone:GB"


def _din_ext(d: Draw) -> str:
    return "-" + d.pick(d.digits(2, "123456789"), d.digits(3, "123456789"), "0")


def phone_de(d: Draw) -> tuple[str, str]:
    if d.rng.random() < 0.4:
        prefix, count = d.rng.choice(DE_MOBILE)
        sub = _subscriber(d, count, "123456789")
        text = d.pick(
            f"0{prefix} {sub}",
            f"0{prefix}-{sub}",
            f"0{prefix}/{sub}",
            f"+49 {prefix} {sub}",
            f"+49{prefix}{sub}",
            f"0049 {prefix} {sub}",
            f"0{prefix} {sub[:3]} {sub[3:]}",
            f"+49 (0){prefix} {sub}",
        )
        return text, "phone:DE"
    area, count = d.rng.choice(DE_GEO)
    sub = _subscriber(d, count)
    text = d.pick(
        f"0{area} {sub}",
        f"0{area}/{sub}",
        f"(0{area}) {sub}",
        f"+49 {area} {sub}",
        f"+49 (0){area} {sub}",
        f"0049 {area} {sub}",
        f"0{area}-{sub}",
        f"+49 {area} {sub[:3]} {sub[3:]}",
        f"0{area} {sub[:2]} {sub[2:4]} {sub[4:]}",
    )
    if d.rng.random() < 0.2 and not text.startswith("0049"):
        text += _din_ext(d)
    return text, "phone:DE"


def phone_at(d: Draw) -> tuple[str, str]:
    mobile = d.rng.random() < 0.45
    area, count = d.rng.choice(AT_MOBILE if mobile else AT_GEO)
    sub = _subscriber(d, count)
    text = d.pick(
        f"0{area} {sub}",
        f"+43 {area} {sub}",
        f"+43 (0){area} {sub}",
        f"0043 {area} {sub}",
        f"0{area}/{sub}",
        f"+43{area}{sub}",
    )
    if not mobile and d.rng.random() < 0.25:
        text += _din_ext(d)
    return text, "phone:AT"


def phone_ch(d: Draw) -> tuple[str, str]:
    area = d.rng.choice(CH_AREAS)
    sub = _subscriber(d, 7)
    spaced = f"{sub[:3]} {sub[3:5]} {sub[5:]}"
    text = d.pick(
        f"0{area} {spaced}",
        f"+41 {area} {spaced}",
        f"+41 (0){area} {spaced}",
        f"0041 {area} {spaced}",
        f"+41{area}{sub}",
        f"0{area}{sub}",
    )
    return text, "phone:CH"


PHONES: Final[dict[str, Gen]] = {
    "en_US": phone_us,
    "en_GB": phone_gb,
    "de_DE": phone_de,
    "de_AT": phone_at,
    "de_CH": phone_ch,
}


def phone(d: Draw) -> tuple[str, str]:
    """A phone number of the payload's locale."""
    return PHONES[d.locale](d)


def phone_intl(d: Draw) -> tuple[str, str]:
    """A phone of a neighbouring region, as a foreign contact writes it."""
    gen = d.rng.choice(list(PHONES.values()))
    text, kind = gen(d)
    return text, kind


# ---- payment -----------------------------------------------------------------------------

CARD_RANGES: Final = (
    # (prefixes, lengths, grouping)  — IIN ranges as the schemes publish them
    (("4",), (16, 16, 16, 13, 19), "visa"),
    (("51", "52", "53", "54", "55", "2221", "2300", "2588", "2720"), (16,), "mastercard"),
    (("34", "37"), (15,), "amex"),
    (("6011", "644", "649", "65"), (16, 19), "discover"),
    (("3528", "3540", "3566", "3589"), (16, 17, 18, 19), "jcb"),
    (("1800", "2131"), (15,), "jcb15"),
    (("36", "300", "305", "38"), (14,), "diners"),
    (("62",), (16, 17, 18, 19), "unionpay"),
    (("5018", "5020", "5038", "6304", "6759", "6761", "6763"), (12, 13, 15, 16, 19), "maestro"),
    (("2200", "2201", "2204"), (16,), "mir"),
)


def card_digits(d: Draw) -> tuple[str, str]:
    prefixes, lengths, scheme = d.rng.choice(CARD_RANGES)
    prefix = d.rng.choice(prefixes)
    length = d.rng.choice(lengths)
    body = prefix + d.chars(string.digits, length - len(prefix) - 1)
    return body + luhn_digit(body), scheme


def card(d: Draw) -> tuple[str, str]:
    """A Luhn-valid card number of some scheme, written compact, in groups or with dashes."""
    number, scheme = card_digits(d)
    if scheme == "amex" and d.rng.random() < 0.6:
        return f"{number[:4]} {number[4:10]} {number[10:]}", scheme
    if scheme == "diners" and d.rng.random() < 0.6:
        return f"{number[:4]} {number[4:10]} {number[10:]}", scheme
    return d.pick(number, _group(number, 4), _group(number, 4), _group(number, 4, "-")), scheme


def card_wrapped(d: Draw) -> tuple[str, str]:
    """A 16-digit card in groups of four, broken over two lines after the second group."""
    body = d.pick("4", "51", "53", "55") + d.chars(string.digits, 13)
    body = body[:15]
    number = body + luhn_digit(body)
    return f"{number[:4]} {number[4:8]}\n{number[8:12]} {number[12:]}", "card"


IBAN_FORMATS: Final = {
    # country: BBAN layout as (kind, count) runs; n digits, a upper letters, c alnum
    "DE": "n8n10",
    "AT": "n5n11",
    "CH": "n5c12",
    "GB": "a4n6n8",
    "NL": "a4n10",
    "FR": "n5n5c11n2",
    "LU": "n3c13",
    "LI": "n5c12",
    "IT": "a1n5n5c12",
}


def _bban(d: Draw, layout: str) -> str:
    out = []
    i = 0
    while i < len(layout):
        kind = layout[i]
        j = i + 1
        while j < len(layout) and layout[j].isdigit():
            j += 1
        count = int(layout[i + 1 : j])
        alphabet = {
            "n": string.digits,
            "a": string.ascii_uppercase,
            "c": string.ascii_uppercase + string.digits,
        }[kind]
        out.append(d.chars(alphabet, count))
        i = j
    return "".join(out)


def iban_compact(d: Draw, country: str | None = None) -> str:
    if country is None:
        country = {
            "en_US": d.pick("GB", "FR", "NL", "LU", "DE", "IT"),
            "en_GB": "GB",
            "de_DE": "DE",
            "de_AT": "AT",
            "de_CH": d.pick("CH", "CH", "LI"),
        }[d.locale]
        if d.rng.random() < 0.15:
            country = d.pick("NL", "FR", "LU", "IT")
    bban = _bban(d, IBAN_FORMATS[country])
    return country + mod97_check(country, bban) + bban


def iban(d: Draw) -> tuple[str, str]:
    """A mod-97 valid IBAN of the locale's country (sometimes another), grouped or compact."""
    code = iban_compact(d)
    return d.pick(code, _group(code, 4), _group(code, 4), _group(code, 4).lower()), "iban"


def iban_wrapped(d: Draw) -> tuple[str, str]:
    """A grouped IBAN broken over two lines (a narrow PDF column pasted into a chat)."""
    groups = _group(iban_compact(d), 4).split(" ")
    cut = d.rng.randint(2, len(groups) - 2)
    return " ".join(groups[:cut]) + "\n" + " ".join(groups[cut:]), "iban"


BIC_COUNTRIES: Final = {"en_US": "US", "en_GB": "GB", "de_DE": "DE", "de_AT": "AT", "de_CH": "CH"}


def bic(d: Draw) -> tuple[str, str]:
    """A SWIFT/BIC: bank, country, location and sometimes a branch."""
    bank = d.chars(string.ascii_uppercase, 4)
    location = d.chars(string.ascii_uppercase, 1) + d.chars(string.ascii_uppercase + "123456789", 1)
    branch = d.pick("", "", "XXX", d.chars(string.ascii_uppercase + string.digits, 3))
    return bank + BIC_COUNTRIES[d.locale] + location + branch, "bic"


# ---- tax and national ids -----------------------------------------------------------------


def steuer_id(d: Draw) -> tuple[str, str]:
    """German tax identification number: ten digits with one repeated, ISO 7064 check."""
    while True:
        digits = [d.rng.choice("123456789")] + [d.rng.choice(string.digits) for _ in range(9)]
        counts = sorted((digits.count(c) for c in set(digits)), reverse=True)
        if counts[0] in (2, 3) and counts[1] == 1:
            break
    body = "".join(digits)
    full = body + iso7064_11_10(body)
    return d.pick(full, f"{full[:2]} {full[2:5]} {full[5:8]} {full[8:]}", full), "steuer_id"


def _vat_de(d: Draw) -> str:
    body = d.digits(8, "123456789")
    return "DE" + body + iso7064_11_10(body)


def _vat_at(d: Draw) -> str:
    body = d.digits(7)
    total = 0
    for i, ch in enumerate(body):
        v = int(ch) * (2 if i % 2 else 1)
        total += v // 10 + v % 10
    return "ATU" + body + str((96 - total) % 10)


def _vat_gb(d: Draw) -> str:
    while True:
        body = d.digits(7, "123456789")
        total = sum(int(c) * w for c, w in zip(body, range(8, 1, -1), strict=True))
        return f"GB{body}{(-total) % 97:02d}"


def _vat_ch(d: Draw) -> str:
    while True:
        body = d.digits(8, "123456789")
        total = sum(int(c) * w for c, w in zip(body, (5, 4, 3, 2, 7, 6, 5, 4), strict=True))
        check = (11 - total % 11) % 11
        if check != 10:
            return f"CHE-{body[:3]}.{body[3:6]}.{body[6:]}{check} " + d.pick("MWST", "TVA", "MWST")


def _vat_nl(d: Draw) -> str:
    while True:
        body = d.digits(8, "123456789")
        total = sum(int(c) * w for c, w in zip(body, range(9, 1, -1), strict=True))
        check = total % 11
        if check != 10:
            return f"NL{body}{check}B0{d.rng.randint(1, 9)}"


def _vat_fr(d: Draw) -> str:
    siren_body = d.digits(8, "123456789")
    siren = siren_body + luhn_digit(siren_body)
    key = (12 + 3 * (int(siren) % 97)) % 97
    return f"FR{key:02d}{siren}"


def vat(d: Draw) -> tuple[str, str]:
    """An EU/UK/Swiss VAT number of the locale's country (sometimes a neighbour's)."""
    own = {
        "en_US": _vat_gb,
        "en_GB": _vat_gb,
        "de_DE": _vat_de,
        "de_AT": _vat_at,
        "de_CH": _vat_ch,
    }[d.locale]
    gen = own if d.rng.random() < 0.75 else d.rng.choice((_vat_de, _vat_at, _vat_nl, _vat_fr))
    text = gen(d)
    if text.startswith("GB") and d.rng.random() < 0.4:
        text = f"GB {text[2:5]} {text[5:9]} {text[9:]}"
    if text.startswith("DE") and d.rng.random() < 0.3:
        text = f"DE {text[2:5]} {text[5:8]} {text[8:]}"
    return text, "vat"


NINO_FIRST: Final = "ABCEGHJKLMNOPRSTWXYZ"
NINO_SECOND: Final = "ABCEGHJKLMNPRSTWXYZ"
NINO_BANNED: Final = frozenset({"BG", "GB", "KN", "NK", "NT", "TN", "ZZ"})


def nino(d: Draw) -> tuple[str, str]:
    """UK National Insurance number (HMRC prefix rules, suffix A–D)."""
    while True:
        prefix = d.rng.choice(NINO_FIRST) + d.rng.choice(NINO_SECOND)
        if prefix not in NINO_BANNED:
            break
    nums = d.digits(6)
    suffix = d.pick("A", "B", "C", "D")
    return d.pick(
        f"{prefix}{nums}{suffix}",
        f"{prefix} {nums[:2]} {nums[2:4]} {nums[4:]} {suffix}",
        f"{prefix}{nums}{suffix}".lower(),
    ), "nino"


def rvnr(d: Draw) -> tuple[str, str]:
    """German pension insurance number: area, birth date, initial, serial, check digit."""
    _first, last = d.person(f"anon{len(d.people)}")
    area = f"{d.rng.choice((4, 8, 9, 10, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 23, 24, 25)):02d}"
    born = f"{d.rng.randint(1, 28):02d}{d.rng.randint(1, 12):02d}{d.rng.randint(40, 99):02d}"
    initial = ascii_fold(last)[0].upper()
    serial = f"{d.rng.randint(0, 49):02d}"
    digits = area + born + f"{ord(initial) - 64:02d}" + serial
    total = 0
    for ch, w in zip(digits, (2, 1, 2, 5, 7, 1, 2, 1, 2, 1, 2, 1), strict=True):
        p = int(ch) * w
        total += p // 10 + p % 10
    text = f"{area}{born}{initial}{serial}{total % 10}"
    return d.pick(text, f"{area} {born} {initial} {serial}{total % 10}"), "rvnr"


ID_ALPHABET: Final = "0123456789CFGHJKLMNPRTVWXYZ"


def de_id_card(d: Draw) -> tuple[str, str]:
    """Personalausweis serial (ICAO alphabet), with or without its check digit."""
    serial = d.rng.choice("LMNPRTVWXY") + d.chars(ID_ALPHABET, 8)
    return d.pick(serial, serial + icao_digit(serial)), "icao"


def at_svnr(d: Draw) -> tuple[str, str]:
    """Austrian social insurance number: serial, check digit, birth date."""
    while True:
        serial = d.digits(3, "123456789")
        born = f"{d.rng.randint(1, 28):02d}{d.rng.randint(1, 12):02d}{d.rng.randint(0, 99):02d}"
        weights = (3, 7, 9, 5, 8, 4, 2, 1, 6)
        check = sum(int(c) * w for c, w in zip(serial + born, weights, strict=True)) % 11
        if check < 10:
            text = f"{serial}{check}{born}"
            return d.pick(text, f"{text[:4]} {text[4:]}"), "svnr"


def ch_ahv(d: Draw) -> tuple[str, str]:
    """Swiss AHV number 756.xxxx.xxxx.xc (EAN-13 check digit)."""
    body = "756" + d.digits(9)
    total = sum(int(c) * (3 if i % 2 else 1) for i, c in enumerate(body))
    full = body + str((10 - total % 10) % 10)
    return d.pick(f"{full[:3]}.{full[3:7]}.{full[7:11]}.{full[11:]}", full), "ahv"


def ssn(d: Draw) -> tuple[str, str]:
    """US SSN from the issuable ranges (no 000, 666, 9xx area; no 00 group; no 0000)."""
    area = d.rng.randint(1, 899)
    while area == 666:
        area = d.rng.randint(1, 899)
    group, serial = d.rng.randint(1, 99), d.rng.randint(1, 9999)
    return d.pick(
        f"{area:03d}-{group:02d}-{serial:04d}",
        f"{area:03d}-{group:02d}-{serial:04d}",
        f"{area:03d} {group:02d} {serial:04d}",
        f"{area:03d}{group:02d}{serial:04d}",
    ), "ssn"


# the IRS also issues 50-65; python-stdnum does not know them yet, so they are left out
ITIN_GROUPS: Final = (*range(70, 89), 90, 91, 92, *range(94, 100))


def itin(d: Draw) -> tuple[str, str]:
    """US ITIN: 9xx, group from the IRS's ranges."""
    area, group = d.rng.randint(900, 999), d.rng.choice(ITIN_GROUPS)
    serial = d.rng.randint(1, 9999)
    return d.pick(f"{area}-{group}-{serial:04d}", f"{area} {group} {serial:04d}"), "itin"


def passport(d: Draw) -> tuple[str, str]:
    """A passport number in the locale's issuer's format."""
    if d.locale == "en_US":
        return d.pick(
            d.digits(9, "123456789"), d.rng.choice("ACEFGHKLMNPRSTUVWX") + d.digits(8)
        ), "pp_us"
    if d.locale == "en_GB":
        return d.digits(9, "123456789"), "pp_gb"
    if d.locale == "de_DE":
        serial = d.rng.choice("CFGHJK") + d.chars(ID_ALPHABET, 8)
        return d.pick(serial, serial + icao_digit(serial)), "icao"
    if d.locale == "de_AT":
        return d.rng.choice("PU") + d.digits(7), "pp_at"
    return d.rng.choice("SX") + d.chars(string.digits, 1) + d.chars(
        "ABCDEFGHJKLMNPRSTUVWXYZ", 1
    ) + d.digits(5), "pp_ch"


# ---- network -------------------------------------------------------------------------------


def ipv4_public(d: Draw) -> tuple[str, str]:
    """A globally routable IPv4 address (private, shared, reserved and test nets avoided)."""
    while True:
        a = d.rng.randint(1, 223)
        if a in (10, 100, 127, 169, 172, 192, 198, 203):
            continue
        return (
            f"{a}.{d.rng.randint(0, 255)}.{d.rng.randint(0, 255)}.{d.rng.randint(1, 254)}",
            "ipv4_public",
        )


def ipv4_private(d: Draw) -> tuple[str, str]:
    """An RFC 1918 address, as in internal logs."""
    text = d.pick(
        f"10.{d.rng.randint(0, 255)}.{d.rng.randint(0, 255)}.{d.rng.randint(1, 254)}",
        f"192.168.{d.rng.randint(0, 255)}.{d.rng.randint(1, 254)}",
        f"172.{d.rng.randint(16, 31)}.{d.rng.randint(0, 255)}.{d.rng.randint(1, 254)}",
    )
    return text, "ipv4_private"


def ipv6(d: Draw) -> tuple[str, str]:
    """A global unicast IPv6 address, full or with a ``::`` run."""
    head = d.pick("2a00", "2a02", "2001", "2600", "2a01", "2003")
    groups = [head] + [f"{d.rng.randint(0, 0xFFFF):x}" for _ in range(7)]
    if head == "2001":
        groups[1] = f"{d.rng.randint(0x4000, 0xFFFF):x}"
    if d.rng.random() < 0.6:
        return ":".join(groups[:3]) + "::" + ":".join(groups[6:]), "ipv6"
    return ":".join(groups), "ipv6"


def ip(d: Draw) -> tuple[str, str]:
    """Mostly a public IPv4 address, sometimes IPv6 or private."""
    gen = d.rng.choices((ipv4_public, ipv6, ipv4_private), weights=(6, 2, 2))[0]
    return gen(d)


# ---- secrets ---------------------------------------------------------------------------------


def _aws_id(d: Draw) -> str:
    return d.pick("AKIA", "AKIA", "ASIA") + d.chars(B32[:26] + "234567", 16)


def aws_key_id(d: Draw) -> tuple[str, str]:
    return _aws_id(d), "aws_id"


def aws_secret(d: Draw) -> tuple[str, str]:
    return d.chars(B64, 40), "aws_secret"


API_FORMATS: Final[dict[str, Callable[[Draw], str]]] = {
    "github": lambda d: "ghp_" + d.chars(ALNUM, 36),
    "github_fine": lambda d: "github_pat_" + d.chars(ALNUM, 22) + "_" + d.chars(ALNUM, 59),
    "gitlab": lambda d: "glpat-" + d.chars(URLSAFE, 20),
    "slack_bot": lambda d: (
        f"xoxb-{d.digits(12, '123456789')}-{d.digits(13, '123456789')}-{d.chars(ALNUM, 24)}"
    ),
    "slack_user": lambda d: (
        f"xoxp-{d.digits(12, '123456789')}-{d.digits(12, '123456789')}-"
        f"{d.digits(13, '123456789')}-{d.chars(HEX, 32)}"
    ),
    "stripe": lambda d: d.pick("sk_live_", "rk_live_") + d.chars(ALNUM, d.rng.randint(24, 99)),
    "google": lambda d: "AIza" + d.chars(URLSAFE, 35),
    "npm": lambda d: "npm_" + d.chars(ALNUM, 36),
    "sendgrid": lambda d: "SG." + d.chars(URLSAFE, 22) + "." + d.chars(URLSAFE, 43),
    "openai": lambda d: "sk-proj-" + d.chars(URLSAFE, 74) + "T3BlbkFJ" + d.chars(URLSAFE, 74),
    "anthropic": lambda d: "sk-ant-api03-" + d.chars(URLSAFE, 93) + "AA",
    "huggingface": lambda d: "hf_" + d.chars(string.ascii_letters, 34),
    "pypi": lambda d: "pypi-AgEIcHlwaS5vcmc" + d.chars(URLSAFE, 70),
    "twilio": lambda d: "SK" + d.chars(HEX, 32),
    "mailgun": lambda d: "key-" + d.chars(HEX, 32),
    "shopify": lambda d: "shpat_" + d.chars(HEX, 32),
    "digitalocean": lambda d: "dop_v1_" + d.chars(HEX, 64),
    "telegram": lambda d: f"{d.digits(10, '123456789')}:AA{d.chars(URLSAFE, 33)}",
    "azure_storage": lambda d: d.chars(B64, 86) + "==",
    "generic": lambda d: d.chars(ALNUM, d.rng.randint(32, 48)),
}


def api_key(d: Draw) -> tuple[str, str]:
    """A credential in one provider's documented format (or a generic high-entropy one)."""
    kind = d.rng.choice([k for k in API_FORMATS if k not in ("azure_storage", "generic")])
    return API_FORMATS[kind](d), kind


def api_of(kind: str) -> Gen:
    """A credential of provider ``kind``."""

    def gen(d: Draw) -> tuple[str, str]:
        return API_FORMATS[kind](d), kind

    return gen


def slack_webhook(d: Draw) -> tuple[str, str]:
    team = "T" + d.chars(string.ascii_uppercase + string.digits, 10)
    hook = "B" + d.chars(string.ascii_uppercase + string.digits, 10)
    return f"https://hooks.slack.com/services/{team}/{hook}/{d.chars(ALNUM, 24)}", "slack_webhook"


def api_key_wrapped(d: Draw) -> tuple[str, str]:
    """A long token hard-wrapped by a terminal at 60 columns."""
    token = API_FORMATS["openai"](d)
    return token[:60] + "\n" + token[60:120] + "\n" + token[120:], "openai"


def _b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def jwt(d: Draw) -> tuple[str, str]:
    """An HS256 JWT signed with :data:`JWT_KEY`; the claims hold a subject and times."""
    header = {"alg": "HS256", "typ": "JWT"}
    iat = 1_760_000_000 + d.rng.randint(0, 5_000_000)
    claims: dict[str, object] = {"sub": d.digits(8), "iat": iat, "exp": iat + 3600}
    if d.rng.random() < 0.5:
        claims["email"] = email(d)[0]
    if d.rng.random() < 0.5:
        claims["scope"] = d.pick("read write", "admin", "orders:read")
    head = _b64url(json.dumps(header, separators=(",", ":")).encode())
    body = _b64url(json.dumps(claims, separators=(",", ":")).encode())
    sig = hmac.new(JWT_KEY, f"{head}.{body}".encode(), hashlib.sha256).digest()
    return f"{head}.{body}.{_b64url(sig)}", "jwt"


# ---- private keys (deterministic: built from the seed, never from the OS) -------------------

_SMALL_PRIMES: Final = tuple(
    p for p in range(3, 4000, 2) if all(p % q for q in range(3, int(p**0.5) + 1, 2))
)


def _probable_prime(n: int, rng: random.Random) -> bool:
    """Trial division, a base-2 Fermat test, then eight Miller-Rabin rounds."""
    if any(n % p == 0 for p in _SMALL_PRIMES) or pow(2, n - 1, n) != 1:
        return False
    r, s = 0, n - 1
    while s % 2 == 0:
        r, s = r + 1, s // 2
    for _ in range(8):
        x = pow(rng.randrange(2, n - 2), s, n)
        if x in (1, n - 1):
            continue
        for _ in range(r - 1):
            x = pow(x, 2, n)
            if x == n - 1:
                break
        else:
            return False
    return True


def _prime(bits: int, rng: random.Random) -> int:
    while True:
        n = rng.getrandbits(bits) | (3 << (bits - 2)) | 1
        if _probable_prime(n, rng):
            return n


@functools.cache
def _rsa(number: int, bits: int) -> rsa.RSAPrivateKey:
    """RSA key ``number`` of ``bits`` bits, built from its own seed (a pool of four keys:
    prime search in Python is slow, and a key is a format to a detector, not a secret)."""
    rng = random.Random(f"rsa:{number}:{bits}")
    e = 65537
    while True:
        p, q = _prime(bits // 2, rng), _prime(bits // 2, rng)
        if p != q and (p - 1) % e and (q - 1) % e:
            break
    d = pow(e, -1, (p - 1) * (q - 1))
    numbers = rsa.RSAPrivateNumbers(
        p, q, d, d % (p - 1), d % (q - 1), pow(q, -1, p), rsa.RSAPublicNumbers(e, p * q)
    )
    return numbers.private_key(unsafe_skip_rsa_key_validation=True)


def pem(d: Draw) -> tuple[str, str]:
    """A PEM private key: RSA (PKCS#8 or PKCS#1), EC P-256 (SEC1) or Ed25519 (PKCS#8)."""
    kind = d.pick("rsa_pkcs8", "rsa_pkcs1", "ec", "ed25519", "ec_pkcs8")
    key: rsa.RSAPrivateKey | ec.EllipticCurvePrivateKey | ed25519.Ed25519PrivateKey
    fmt = serialization.PrivateFormat.PKCS8
    if kind.startswith("rsa"):
        key = _rsa(d.rng.randrange(2), d.rng.choice((1024, 2048)))
        if kind == "rsa_pkcs1":
            fmt = serialization.PrivateFormat.TraditionalOpenSSL
    elif kind.startswith("ec"):
        key = ec.derive_private_key(d.rng.randrange(1, 2**255), ec.SECP256R1())
        if kind == "ec":
            fmt = serialization.PrivateFormat.TraditionalOpenSSL
    else:
        key = ed25519.Ed25519PrivateKey.from_private_bytes(d.rng.randbytes(32))
    text = key.private_bytes(serialization.Encoding.PEM, fmt, serialization.NoEncryption())
    return text.decode().rstrip("\n"), kind


def pem_escaped(d: Draw) -> tuple[str, str]:
    """A PEM key as it sits in a JSON string (service-account files): ``\\n`` escapes.

    The escape after the END line is the frame's, not the value's: it is no key material.
    """
    text, kind = pem(d)
    return text.replace("\n", "\\n"), kind + "_escaped"


def pem_indented(d: Draw) -> tuple[str, str]:
    """A PEM key as a YAML block scalar: every line after the first indented by four."""
    text, kind = pem(d)
    return text.replace("\n", "\n    "), kind + "_indented"


# ---- hard negatives --------------------------------------------------------------------------


def _luhn_invalid(d: Draw) -> str:
    body = d.pick("4", "5", "3", "6") + d.chars(string.digits, 14)
    good = luhn_digit(body)
    bad = d.rng.choice([c for c in string.digits if c != good])
    return body + bad


def _bad_iban(d: Draw) -> str:
    code = iban_compact(d)
    check = int(code[2:4])
    wrong = f"{(check + d.rng.randint(1, 40)) % 97 + 2:02d}"
    if wrong == code[2:4]:
        wrong = f"{(check + 50) % 97 + 2:02d}"
    return _group(code[:2] + wrong + code[4:], 4)


def _isbn13(d: Draw) -> str:
    body = d.pick("9783", "9781", "9780") + d.digits(8)
    check = (10 - sum(int(c) * (3 if i % 2 else 1) for i, c in enumerate(body)) % 10) % 10
    full = body + str(check)
    return d.pick(full, f"{full[:3]}-{full[3]}-{full[4:8]}-{full[8:12]}-{full[12]}")


def _ean13(d: Draw) -> str:
    body = d.pick("400", "401", "402", "403", "404", "590", "760", "900") + d.digits(9)
    check = (10 - sum(int(c) * (3 if i % 2 else 1) for i, c in enumerate(body)) % 10) % 10
    return body + str(check)


def _uuid(d: Draw) -> str:
    raw = d.chars(HEX, 32)
    raw = raw[:12] + "4" + raw[13:16] + d.pick("8", "9", "a", "b") + raw[17:]
    return f"{raw[:8]}-{raw[8:12]}-{raw[12:16]}-{raw[16:20]}-{raw[20:]}"


def _tracking(d: Draw) -> str:
    return d.pick(
        "1Z" + d.chars(string.ascii_uppercase + string.digits, 6) + d.digits(10),
        "00340434" + d.digits(12),
        "9400 1" + d.digits(3) + " " + " ".join(d.digits(4) for _ in range(4)) + " " + d.digits(2),
        "JJD" + d.digits(18),
        "RR" + d.digits(9) + "DE",
    )


def _amount(d: Draw) -> str:
    whole = d.rng.randint(3, 48000)
    cents = d.rng.randint(0, 99)
    if d.locale.startswith("de"):
        grouped = f"{whole:,}".replace(",", ".")
        return d.pick(
            f"{grouped},{cents:02d} €", f"EUR {grouped},{cents:02d}", f"CHF {whole}.{cents:02d}"
        )
    return d.pick(
        f"${whole:,}.{cents:02d}", f"£{whole:,}.{cents:02d}", f"USD {whole:,}.{cents:02d}"
    )


def _date(d: Draw) -> str:
    y, m, day = d.rng.randint(2019, 2027), d.rng.randint(1, 12), d.rng.randint(1, 28)
    if d.locale.startswith("de"):
        return d.pick(f"{day:02d}.{m:02d}.{y}", f"{day}. {MONTHS_DE[m - 1]} {y}")
    if d.locale == "en_US":
        return d.pick(f"{m:02d}/{day:02d}/{y}", f"{MONTHS_EN[m - 1]} {day}, {y}")
    return d.pick(f"{day} {MONTHS_EN[m - 1]} {y}", f"{y}-{m:02d}-{day:02d}")


def _iso_ts(d: Draw) -> str:
    y, mo, day = d.rng.randint(2024, 2027), d.rng.randint(1, 12), d.rng.randint(1, 28)
    h, mi, s = d.rng.randint(0, 23), d.rng.randint(0, 59), d.rng.randint(0, 59)
    frac = d.pick("", f".{d.digits(3)}", f".{d.digits(6)}")
    tz = d.pick("Z", "+00:00", "+01:00", "")
    return f"{y}-{mo:02d}-{day:02d}T{h:02d}:{mi:02d}:{s:02d}{frac}{tz}"


def _record_like_phone(d: Draw) -> str:
    """A 10- or 11-digit record number of the shape of a national phone number."""
    return d.pick(d.digits(10, "45"), "0" + d.digits(9, "123456789"), d.digits(11, "1"))


def _git_remote(d: Draw) -> str:
    host = d.pick("github.com", "gitlab.com", "bitbucket.org", "git.internal.example")
    org = d.pick("platform", "acme-data", "infra-team", "billing", "web")
    repo = d.pick("api", "gateway", "etl-jobs", "frontend", "terraform-modules")
    return f"git@{host}:{org}/{repo}.git"


NEGATIVE: Final[dict[str, Callable[[Draw], str]]] = {
    "order_number": lambda d: d.pick(
        f"#{d.digits(9, '1')}",
        f"ORD-{d.rng.randint(2024, 2026)}-{d.digits(6)}",
        d.digits(10, "4"),
        f"{d.digits(3, '1')}-{d.digits(7)}-{d.digits(7)}",
    ),
    "invoice_number": lambda d: d.pick(
        f"INV-{d.rng.randint(2024, 2026)}-{d.digits(5)}",
        f"RE-{d.rng.randint(2024, 2026)}{d.digits(5)}",
        f"R{d.digits(8)}",
    ),
    "tracking_number": _tracking,
    "version": lambda d: d.pick(
        f"v{d.rng.randint(0, 9)}.{d.rng.randint(0, 30)}.{d.rng.randint(0, 40)}",
        f"{d.rng.randint(1, 4)}.{d.rng.randint(0, 12)}.{d.rng.randint(0, 9)}"
        f"-rc.{d.rng.randint(1, 5)}",
        f"{d.rng.randint(2019, 2026)}.{d.rng.randint(1, 12)}.{d.rng.randint(0, 9)}",
    ),
    "timestamp_iso": _iso_ts,
    "timestamp_epoch": lambda d: str(d.rng.randint(1_700_000_000, 1_800_000_000)),
    "timestamp_epoch_ms": lambda d: str(d.rng.randint(1_700_000_000_000, 1_800_000_000_000)),
    "commit_hash": lambda d: d.chars(HEX, d.rng.choice((7, 8, 12, 40))),
    "sha256": lambda d: d.pick("", "sha256:") + d.chars(HEX, 64),
    "uuid": _uuid,
    "amount": _amount,
    "isbn": _isbn13,
    "ean": _ean13,
    "port": lambda d: str(
        d.rng.choice((5432, 6379, 8080, 8443, 9200, 3306, 27017, 5672, 9092, 11211))
    ),
    "record_card_like": _luhn_invalid,
    "record_phone_like": _record_like_phone,
    "iban_bad_check": _bad_iban,
    "postcode": _plz,
    "date": _date,
    "cve": lambda d: f"CVE-{d.rng.randint(2019, 2026)}-{d.rng.randint(1000, 52000)}",
    "git_remote": _git_remote,
    "hex_code": lambda d: "0x" + d.chars("0123456789ABCDEF", 8),
    "aws_account": lambda d: d.digits(12, "123456789"),
    "build_id": lambda d: str(d.rng.randint(1000, 99999)),
    "ticket_id": lambda d: d.pick(
        f"JIRA-{d.rng.randint(100, 9999)}",
        f"INC{d.digits(7)}",
        f"#{d.rng.randint(10000, 99999)}",
        f"SR-{d.digits(6)}",
    ),
    "case_number": lambda d: d.pick(
        d.digits(8, "0"),
        f"CASE-{d.digits(8)}",
        f"{d.rng.randint(1, 9)} K {d.rng.randint(10, 999)}/{d.rng.randint(20, 26)}",
        f"AZ {d.digits(3)}/{d.digits(5)}/{d.rng.randint(20, 26)}",
    ),
}

# slot name → (label, generator)
GOLD: Final[dict[str, tuple[str, Gen]]] = {
    "person": ("PERSON", person),
    "company": ("ORGANIZATION", company),
    "address": ("ADDRESS", address),
    "address_block": ("ADDRESS", address_block),
    "dob": ("DATE_OF_BIRTH", dob),
    "email": ("EMAIL", email),
    "email_obf": ("EMAIL", email_obfuscated),
    "email_pct": ("EMAIL", email_pct),
    "phone": ("PHONE", phone),
    "phone_intl": ("PHONE", phone_intl),
    "phone_us": ("PHONE", phone_us),
    "phone_de": ("PHONE", phone_de),
    "card": ("CREDIT_CARD", card),
    "card_wrapped": ("CREDIT_CARD", card_wrapped),
    "iban": ("IBAN", iban),
    "iban_wrapped": ("IBAN", iban_wrapped),
    "bic": ("BIC", bic),
    "steuer_id": ("DE_TAX_ID", steuer_id),
    "vat": ("VAT_ID", vat),
    "nino": ("NATIONAL_ID", nino),
    "rvnr": ("NATIONAL_ID", rvnr),
    "id_card": ("NATIONAL_ID", de_id_card),
    "svnr": ("NATIONAL_ID", at_svnr),
    "ahv": ("NATIONAL_ID", ch_ahv),
    "ssn": ("US_SSN", ssn),
    "itin": ("US_ITIN", itin),
    "passport": ("PASSPORT", passport),
    "ip": ("IP_ADDRESS", ip),
    "ipv4": ("IP_ADDRESS", ipv4_public),
    "ipv4_private": ("IP_ADDRESS", ipv4_private),
    "ipv6": ("IP_ADDRESS", ipv6),
    "api_key": ("API_KEY", api_key),
    "api_wrapped": ("API_KEY", api_key_wrapped),
    "aws_id": ("API_KEY", aws_key_id),
    "aws_secret": ("API_KEY", aws_secret),
    "slack_webhook": ("API_KEY", slack_webhook),
    "jwt": ("JWT", jwt),
    "pem": ("PRIVATE_KEY", pem),
    "pem_escaped": ("PRIVATE_KEY", pem_escaped),
    "pem_indented": ("PRIVATE_KEY", pem_indented),
    **{f"api_{kind}": ("API_KEY", api_of(kind)) for kind in API_FORMATS},
}
