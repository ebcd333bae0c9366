"""Values for the fresh independent set: Faker's providers first, issuer rules where it has none.

Every draw goes through an oracle that is not product code before it is used:

* Faker values with a checksum or a grammar (IBAN, cards, VAT ids, AT/CH social insurance
  numbers, BIC, ISBN) are validated with python-stdnum; Faker phones with phonenumbers
  (``is_possible_number`` for the locale's region: Faker's own formats, fictional area codes
  included, are what it emits and what people paste); IPs with :mod:`ipaddress`.
* Values Faker does not make (DE Steuer-ID, DE RVNR, UK NINO, DE Personalausweis and
  Reisepass serials, API keys, JWTs, PEM keys) are built from the issuer's published rules
  and checked by a separate validator: python-stdnum (Steuer-ID), a re-computation of the
  published check digit written apart from the generator (RVNR, ICAO 9303 for ID/passport
  serials), the vendor's published prefix/length/alphabet (API keys), HMAC verification
  (JWT) and ``cryptography``'s PEM loader (private keys).

Hard negatives are drawn the same way and checked to be *invalid* where a checksum could
make them a value (Luhn-invalid 16-digit numbers, IBANs with a wrong check number, ids one
check digit off).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import ipaddress
import json
import random
import re
import string
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta, timezone
from typing import Final

import phonenumbers
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec, ed25519, rsa
from faker import Faker
from stdnum import bic, iban, isbn, luhn
from stdnum.at import uid as at_uid
from stdnum.at import vnr as at_vnr
from stdnum.ch import ssn as ch_ssn
from stdnum.ch import uid as ch_uid
from stdnum.ch import vat as ch_vat
from stdnum.de import idnr as de_idnr
from stdnum.de import vat as de_vat
from stdnum.gb import vat as gb_vat
from stdnum.it import iva as it_iva
from stdnum.nl import btw as nl_btw

LOCALES: Final = ("en_US", "en_GB", "de_DE", "de_AT", "de_CH")
EXTRA_VAT_LOCALES: Final = ("nl_NL", "it_IT")


@dataclass(frozen=True, slots=True)
class Draw:
    """One filled slot: its text, and either a gold label or a hard-negative kind."""

    text: str
    label: str | None = None
    kind: str | None = None


class Rejected(RuntimeError):
    """No draw passed its oracle within the attempt budget (a generator bug)."""


class Source:
    """All randomness of one set: one RNG for choices, one seeded Faker per locale."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.fakers: dict[str, Faker] = {}
        for number, locale in enumerate(LOCALES + EXTRA_VAT_LOCALES):
            fake = Faker(locale)
            fake.seed_instance(seed * 31 + number)
            self.fakers[locale] = fake

    def until(self, make: Callable[[], str], check: Callable[[str], bool]) -> str:
        for _ in range(5000):
            value = make()
            if check(value):
                return value
        raise Rejected(getattr(make, "__name__", "draw"))

    def pick(self, *options: str) -> str:
        return self.rng.choice(options)

    def chars(self, alphabet: str, n: int) -> str:
        return "".join(self.rng.choice(alphabet) for _ in range(n))


# ---- oracles (independent of the generators below) ------------------------------------

_ICAO_VALUES: Final = {c: i for i, c in enumerate(string.digits + string.ascii_uppercase)}


def icao_ok(serial_with_check: str) -> bool:
    """ICAO 9303 check digit (weights 7, 3, 1) over the serial; last char is the check."""
    body, check = serial_with_check[:-1], serial_with_check[-1]
    if not check.isdigit():
        return False
    total = 0
    for position, char in enumerate(body):
        if char not in _ICAO_VALUES:
            return False
        total += _ICAO_VALUES[char] * (7, 3, 1)[position % 3]
    return total % 10 == int(check)


def rvnr_ok(text: str) -> bool:
    """DRV Versicherungsnummer: 2+6 digits, letter, 2 digits, check (letter as 2 digits)."""
    compact = text.replace(" ", "")
    match = re.fullmatch(r"(\d{8})([A-Z])(\d{2})(\d)", compact)
    if match is None:
        return False
    digits = match[1] + f"{ord(match[2]) - 64:02d}" + match[3]
    born = match[1][2:8]
    if not (1 <= int(born[:2]) <= 31 and 1 <= int(born[2:4]) <= 12):
        return False
    weights = (2, 1, 2, 5, 7, 1, 2, 1, 2, 1, 2, 1)
    total = sum(sum(divmod(int(d) * w, 10)) for d, w in zip(digits, weights, strict=True))
    return total % 10 == int(match[4])


_NINO: Final = re.compile(
    r"(?!BG|GB|KN|NK|NT|TN|ZZ)[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z] ?\d{2} ?\d{2} ?\d{2} ?[A-D]"
)


def nino_ok(text: str) -> bool:
    """HMRC's published NINO allocation rules (prefix letters, 6 digits, suffix A-D)."""
    return _NINO.fullmatch(text) is not None


KEY_SHAPES: Final[dict[str, re.Pattern[str]]] = {
    # vendor-published prefix, length and alphabet of each credential
    "aws_id": re.compile(r"(AKIA|ASIA)[A-Z2-7]{16}"),
    "aws_secret": re.compile(r"[A-Za-z0-9/+]{40}"),
    "github": re.compile(r"gh[pousr]_[A-Za-z0-9]{36}"),
    "github_fine": re.compile(r"github_pat_[A-Za-z0-9]{22}_[A-Za-z0-9]{59}"),
    "stripe": re.compile(r"(sk|rk)_live_[A-Za-z0-9]{24,99}"),
    "slack": re.compile(r"xox[bp]-\d{10,13}-\d{10,13}-[A-Za-z0-9]{24}"),
    "slack_webhook": re.compile(
        r"https://hooks\.slack\.com/services/T[A-Z0-9]{8,10}/B[A-Z0-9]{8,10}/[A-Za-z0-9]{24}"
    ),
    "gitlab": re.compile(r"glpat-[A-Za-z0-9_-]{20}"),
    "npm": re.compile(r"npm_[A-Za-z0-9]{36}"),
    "sendgrid": re.compile(r"SG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}"),
    "google": re.compile(r"AIza[A-Za-z0-9_-]{35}"),
}


def _b64url_decode(part: str) -> bytes:
    return base64.urlsafe_b64decode(part + "=" * (-len(part) % 4))


def jwt_ok(token: str, secret: bytes) -> bool:
    """Three base64url parts, JSON header and claims, HS256 signature verifies."""
    head, claims, signature = token.split(".")
    header = json.loads(_b64url_decode(head))
    json.loads(_b64url_decode(claims))
    mac = hmac.new(secret, f"{head}.{claims}".encode(), hashlib.sha256).digest()
    return header.get("alg") == "HS256" and hmac.compare_digest(mac, _b64url_decode(signature))


def pem_ok(text: str) -> bool:
    """``cryptography`` loads it as a private key."""
    serialization.load_pem_private_key(text.encode(), password=None)
    return True


def phone_ok(text: str, locale: str) -> bool:
    try:
        number = phonenumbers.parse(text, locale[-2:])
    except phonenumbers.NumberParseException:
        return False
    return bool(phonenumbers.is_possible_number(number))


def ip_ok(text: str) -> bool:
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True


# ---- gold values ---------------------------------------------------------------------


def email(src: Source, locale: str) -> Draw:
    fake = src.fakers[locale]
    make = src.rng.choice((fake.email, fake.free_email, fake.company_email, fake.ascii_email))
    value = src.until(make, lambda v: re.fullmatch(r"[^@\s]+@[^@\s]+\.[a-z]{2,}", v) is not None)
    return Draw(value, "EMAIL")


def phone(src: Source, locale: str) -> Draw:
    fake = src.fakers[locale]
    value = src.until(fake.phone_number, lambda v: phone_ok(v, locale))
    roll = src.rng.random()
    if roll < 0.25:
        parsed = phonenumbers.parse(value, locale[-2:])
        style = src.rng.choice(
            (
                phonenumbers.PhoneNumberFormat.E164,
                phonenumbers.PhoneNumberFormat.INTERNATIONAL,
                phonenumbers.PhoneNumberFormat.NATIONAL,
            )
        )
        value = phonenumbers.format_number(parsed, style)
        if not phone_ok(value, locale):
            raise Rejected("phone")
        if (
            locale in ("de_DE", "de_AT")
            and roll < 0.06
            and style != phonenumbers.PhoneNumberFormat.E164
        ):
            value += "-" + str(src.rng.randint(10, 299))  # DIN 5008 extension
    return Draw(value, "PHONE")


_CARD_TYPES: Final = (
    "amex",
    "diners",
    "discover",
    "jcb15",
    "jcb16",
    "maestro",
    "mastercard",
    "visa13",
    "visa16",
    "visa19",
)


def card(src: Source, locale: str) -> Draw:
    fake = src.fakers[locale]
    kind = src.rng.choice(_CARD_TYPES)
    value = src.until(lambda: fake.credit_card_number(kind), luhn.is_valid)
    roll = src.rng.random()
    if roll < 0.4:
        sep = " " if roll < 0.28 else "-"
        if len(value) == 15 or len(value) == 14:
            parts = [value[:4], value[4:10], value[10:]]
        else:
            parts = [value[i : i + 4] for i in range(0, len(value), 4)]
        value = sep.join(parts)
    return Draw(value, "CREDIT_CARD")


def iban_value(src: Source, locale: str) -> Draw:
    fake = src.fakers[locale]
    value = src.until(fake.iban, iban.is_valid)
    if src.rng.random() < 0.45:
        value = iban.format(value)
    return Draw(value, "IBAN")


def bic_value(src: Source, locale: str) -> Draw:
    fake = src.fakers[locale]
    make = src.rng.choice((fake.swift8, fake.swift11))
    return Draw(src.until(make, bic.is_valid), "BIC")


def us_ssn(src: Source, locale: str) -> Draw:
    fake = src.fakers["en_US"]
    value = src.until(
        fake.ssn,
        lambda v: re.fullmatch(r"(?!000|666|9)\d{3}-(?!00)\d{2}-(?!0000)\d{4}", v) is not None,
    )
    if src.rng.random() < 0.2:
        value = value.replace("-", src.pick("", " "))
    return Draw(value, "US_SSN")


def itin(src: Source, locale: str) -> Draw:
    fake = src.fakers["en_US"]
    value = src.until(
        fake.itin,
        lambda v: re.fullmatch(r"9\d{2}-(5\d|6[0-5]|7\d|8[0-8]|9[0-24-9])-\d{4}", v) is not None,
    )
    return Draw(value, "US_ITIN")


def steuer_id(src: Source, locale: str) -> Draw:
    value = src.until(
        lambda: src.chars("123456789", 1) + src.chars(string.digits, 10), de_idnr.is_valid
    )
    style = src.rng.random()
    if style < 0.35:
        value = f"{value[:2]} {value[2:5]} {value[5:8]} {value[8:]}"
    elif style < 0.45:
        value = f"{value[:2]}/{value[2:5]}/{value[5:8]}/{value[8:]}"
    return Draw(value, "DE_TAX_ID")


_RVNR_AREAS: Final = [
    "02",
    "03",
    "04",
    "08",
    "09",
    "10",
    "11",
    "12",
    "13",
    "14",
    "15",
    "16",
    "17",
    "18",
    "19",
    "20",
    "21",
    "23",
    "24",
    "25",
    "26",
    "28",
    "29",
    "38",
    "39",
    "40",
    "42",
    "43",
    "44",
    "45",
    "46",
    "47",
    "48",
    "49",
    "50",
    "51",
    "52",
    "53",
    "54",
    "55",
    "56",
    "57",
    "58",
    "59",
    "60",
    "61",
    "62",
    "63",
    "64",
    "65",
    "66",
    "67",
    "68",
    "69",
    "70",
    "71",
    "72",
    "73",
    "74",
    "75",
    "76",
    "77",
    "78",
    "79",
    "80",
    "81",
    "82",
    "89",
]


def _rvnr_make(src: Source) -> str:
    born = date(1950, 1, 1) + timedelta(days=src.rng.randrange(365 * 55))
    area = src.rng.choice(_RVNR_AREAS)
    letter = src.rng.choice(string.ascii_uppercase)
    serial = f"{src.rng.randrange(100):02d}"
    digits = area + born.strftime("%d%m%y") + f"{ord(letter) - 64:02d}" + serial
    weights = (2, 1, 2, 5, 7, 1, 2, 1, 2, 1, 2, 1)
    check = sum(sum(divmod(int(d) * w, 10)) for d, w in zip(digits, weights, strict=True)) % 10
    return f"{area}{born.strftime('%d%m%y')}{letter}{serial}{check}"


def rvnr(src: Source, locale: str) -> Draw:
    value = src.until(lambda: _rvnr_make(src), rvnr_ok)
    if src.rng.random() < 0.4:
        value = f"{value[:2]} {value[2:8]} {value[8]} {value[9:11]} {value[11]}"
    return Draw(value, "NATIONAL_ID")


def at_svnr(src: Source, locale: str) -> Draw:
    value = src.until(src.fakers["de_AT"].ssn, at_vnr.is_valid)
    if src.rng.random() < 0.4:
        value = f"{value[:4]} {value[4:]}"
    return Draw(value, "NATIONAL_ID")


def ch_ahv(src: Source, locale: str) -> Draw:
    return Draw(src.until(src.fakers["de_CH"].ssn, ch_ssn.is_valid), "NATIONAL_ID")


def uk_nino(src: Source, locale: str) -> Draw:
    first = "ABCEGHJKLMNOPRSTWXYZ"
    second = "ABCEGHJKLMNPRSTWXYZ"

    def make() -> str:
        digits = src.chars(string.digits, 6)
        body = src.chars(first, 1) + src.chars(second, 1)
        suffix = src.chars("ABCD", 1)
        if src.rng.random() < 0.5:
            return f"{body} {digits[:2]} {digits[2:4]} {digits[4:]} {suffix}"
        return body + digits + suffix

    return Draw(src.until(make, nino_ok), "NATIONAL_ID")


_ID_ALPHABET: Final = "0123456789CFGHJKLMNPRTVWXYZ"


def _icao_serial(src: Source, first: str) -> str:
    body = src.chars(first, 1) + src.chars(_ID_ALPHABET, 8)
    total = sum(_ICAO_VALUES[c] * (7, 3, 1)[i % 3] for i, c in enumerate(body))
    return body + str(total % 10)


def de_perso(src: Source, locale: str) -> Draw:
    value = src.until(lambda: _icao_serial(src, "LMNPRTVWXY"), icao_ok)
    return Draw(value if src.rng.random() < 0.5 else value[:-1], "NATIONAL_ID")


def de_reisepass(src: Source, locale: str) -> Draw:
    value = src.until(lambda: _icao_serial(src, "CFGHJK"), icao_ok)
    return Draw(value if src.rng.random() < 0.5 else value[:-1], "PASSPORT")


def national_id(src: Source, locale: str) -> Draw:
    if locale == "en_US":
        return us_ssn(src, locale)
    if locale == "en_GB":
        return uk_nino(src, locale)
    if locale == "de_AT":
        return at_svnr(src, locale)
    if locale == "de_CH":
        return ch_ahv(src, locale)
    return (de_perso if src.rng.random() < 0.5 else rvnr)(src, locale)


def passport(src: Source, locale: str) -> Draw:
    if locale == "de_DE":
        return de_reisepass(src, locale)
    fake = src.fakers[locale]
    value = src.until(fake.passport_number, lambda v: re.fullmatch(r"[A-Z0-9]{8,9}", v) is not None)
    return Draw(value, "PASSPORT")


_VAT_CHECKS: Final[dict[str, Callable[[str], bool]]] = {
    "de_DE": de_vat.is_valid,
    "de_AT": at_uid.is_valid,
    "de_CH": ch_uid.is_valid,
    "en_GB": gb_vat.is_valid,
    "nl_NL": nl_btw.is_valid,
    "it_IT": it_iva.is_valid,
}


def vat_id(src: Source, locale: str) -> Draw:
    where = locale
    if locale == "en_US" or src.rng.random() < 0.2:
        where = src.rng.choice((*EXTRA_VAT_LOCALES, "de_DE"))
    fake = src.fakers[where]
    check = _VAT_CHECKS[where]
    value = src.until(fake.vat_id, check)
    if where == "de_CH":
        # Faker writes the bare UID; on invoices it carries the MWST/TVA suffix
        value = src.rng.choice((value, ch_uid.format(value), ch_uid.format(value) + " MWST"))
        if value.endswith("MWST") and not ch_vat.is_valid(value):
            raise Rejected("ch vat")
    return Draw(value, "VAT_ID")


def ip(src: Source, locale: str) -> Draw:
    fake = src.fakers[locale]
    make = src.rng.choice(
        (fake.ipv4_public, fake.ipv4_public, fake.ipv4_private, fake.ipv4, fake.ipv6)
    )
    return Draw(src.until(make, ip_ok), "IP_ADDRESS")


def ip4(src: Source, locale: str) -> Draw:
    fake = src.fakers[locale]
    make = src.rng.choice((fake.ipv4_public, fake.ipv4_private))
    return Draw(src.until(make, ip_ok), "IP_ADDRESS")


def ip6(src: Source, locale: str) -> Draw:
    value = src.until(src.fakers[locale].ipv6, ip_ok)
    if src.rng.random() < 0.4:
        value = ipaddress.ip_address(value).compressed
    return Draw(value, "IP_ADDRESS")


_B62: Final = string.ascii_letters + string.digits
_B32: Final = string.ascii_uppercase + "234567"


def api_key(src: Source, locale: str, vendor: str | None = None) -> Draw:
    vendor = vendor or src.rng.choice(sorted(KEY_SHAPES))
    c = src.chars
    makers: dict[str, Callable[[], str]] = {
        "aws_id": lambda: src.pick("AKIA", "AKIA", "ASIA") + c(_B32, 16),
        "aws_secret": lambda: c(_B62 + "/+", 40),
        "github": lambda: "gh" + src.pick("p", "o", "u", "s", "r") + "_" + c(_B62, 36),
        "github_fine": lambda: "github_pat_" + c(_B62, 22) + "_" + c(_B62, 59),
        "stripe": lambda: src.pick("sk", "rk") + "_live_" + c(_B62, src.rng.choice((24, 34, 99))),
        "slack": lambda: (
            "xox"
            + src.pick("b", "p")
            + "-"
            + c(string.digits, 12)
            + "-"
            + c(string.digits, 13)
            + "-"
            + c(_B62, 24)
        ),
        "slack_webhook": lambda: (
            "https://hooks.slack.com/services/T"
            + c(string.ascii_uppercase + string.digits, 8)
            + "/B"
            + c(string.ascii_uppercase + string.digits, 10)
            + "/"
            + c(_B62, 24)
        ),
        "gitlab": lambda: "glpat-" + c(_B62 + "_-", 20),
        "npm": lambda: "npm_" + c(_B62, 36),
        "sendgrid": lambda: "SG." + c(_B62 + "_-", 22) + "." + c(_B62 + "_-", 43),
        "google": lambda: "AIza" + c(_B62 + "_-", 35),
    }
    shape = KEY_SHAPES[vendor]

    def valid(value: str) -> bool:
        # mixed alphabets: a random draw must not come out all letters or all digits
        return shape.fullmatch(value) is not None and (
            vendor in ("aws_id", "slack_webhook")
            or (re.search(r"\d", value) is not None and re.search(r"[a-z]", value) is not None)
        )

    return Draw(src.until(makers[vendor], valid), "API_KEY")


def jwt(src: Source, locale: str) -> Draw:
    secret = src.rng.randbytes(32)

    def enc(obj: dict[str, object]) -> str:
        raw = json.dumps(obj, separators=(",", ":")).encode()
        return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()

    issued = src.rng.randrange(1_700_000_000, 1_790_000_000)
    header: dict[str, object] = {"alg": "HS256", "typ": "JWT"}
    if src.rng.random() < 0.3:
        header["kid"] = src.chars(string.hexdigits.lower()[:16], 8)
    claims: dict[str, object] = {
        "sub": str(uuid.UUID(int=src.rng.getrandbits(128), version=4)),
        "iat": issued,
        "exp": issued + 3600 * src.rng.choice((1, 8, 24)),
    }
    if src.rng.random() < 0.5:
        claims["scope"] = src.pick("read:orders", "admin", "user profile", "api")
    signing = f"{enc(header)}.{enc(claims)}"
    signature = hmac.new(secret, signing.encode(), hashlib.sha256).digest()
    token = signing + "." + base64.urlsafe_b64encode(signature).rstrip(b"=").decode()
    if not jwt_ok(token, secret):
        raise Rejected("jwt")
    return Draw(token, "JWT")


def _prime(src: Source, bits: int) -> int:
    small = [p for p in range(3, 2000, 2) if all(p % q for q in range(3, int(p**0.5) + 1, 2))]
    while True:
        n = src.rng.getrandbits(bits) | (1 << (bits - 1)) | (1 << (bits - 2)) | 1
        if any(n % p == 0 for p in small):
            continue
        d, r = n - 1, 0
        while d % 2 == 0:
            d, r = d // 2, r + 1
        for _ in range(20):
            a = src.rng.randrange(2, n - 2)
            x = pow(a, d, n)
            if x in (1, n - 1):
                continue
            for _ in range(r - 1):
                x = pow(x, 2, n)
                if x == n - 1:
                    break
            else:
                break
        else:
            return n


def _rsa_key(src: Source, bits: int) -> rsa.RSAPrivateKey:
    e = 65537
    while True:
        p, q = _prime(src, bits // 2), _prime(src, bits // 2)
        phi = (p - 1) * (q - 1)
        if p != q and phi % e:
            break
    d = pow(e, -1, phi)
    numbers = rsa.RSAPrivateNumbers(
        p=p,
        q=q,
        d=d,
        dmp1=d % (p - 1),
        dmq1=d % (q - 1),
        iqmp=pow(q, -1, p),
        public_numbers=rsa.RSAPublicNumbers(e, p * q),
    )
    return numbers.private_key()


def private_key(src: Source, locale: str) -> Draw:
    """A PEM private key, deterministic from the seed (keys are built from drawn numbers)."""
    kind = src.rng.choice(("rsa", "ec", "ec", "ed25519"))
    pkcs8 = serialization.PrivateFormat.PKCS8
    key: rsa.RSAPrivateKey | ec.EllipticCurvePrivateKey | ed25519.Ed25519PrivateKey
    if kind == "rsa":
        key = _rsa_key(src, 1024 if src.rng.random() < 0.5 else 2048)
        fmt = src.rng.choice((pkcs8, serialization.PrivateFormat.TraditionalOpenSSL))
    elif kind == "ec":
        curve = ec.SECP256R1()
        secret = src.rng.randrange(1, 2**255)
        key = ec.derive_private_key(secret, curve)
        fmt = src.rng.choice((pkcs8, serialization.PrivateFormat.TraditionalOpenSSL))
    else:
        key = ed25519.Ed25519PrivateKey.from_private_bytes(src.rng.randbytes(32))
        fmt = pkcs8
    pem = key.private_bytes(serialization.Encoding.PEM, fmt, serialization.NoEncryption())
    text = pem.decode().rstrip("\n")
    if not pem_ok(text):
        raise Rejected("pem")
    return Draw(text, "PRIVATE_KEY")


_MONTHS_EN: Final = [
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
]
_MONTHS_DE: Final = [
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
]


def _birthday(src: Source, locale: str) -> date:
    return src.fakers[locale].date_between_dates(date(1941, 1, 1), date(2006, 12, 31))


def dob(src: Source, locale: str) -> Draw:
    d = _birthday(src, locale)
    if locale == "en_US":
        text = src.rng.choice(
            (
                f"{d.month:02d}/{d.day:02d}/{d.year}",
                f"{d.month}/{d.day}/{d.year}",
                f"{_MONTHS_EN[d.month - 1]} {d.day}, {d.year}",
                d.isoformat(),
            )
        )
    elif locale == "en_GB":
        text = src.rng.choice(
            (
                f"{d.day:02d}/{d.month:02d}/{d.year}",
                f"{d.day} {_MONTHS_EN[d.month - 1]} {d.year}",
                d.isoformat(),
            )
        )
    else:
        text = src.rng.choice(
            (
                f"{d.day:02d}.{d.month:02d}.{d.year}",
                f"{d.day}.{d.month}.{d.year}",
                f"{d.day}. {_MONTHS_DE[d.month - 1]} {d.year}",
                d.isoformat(),
            )
        )
    return Draw(text, "DATE_OF_BIRTH")


def person(src: Source, locale: str) -> Draw:
    fake = src.fakers[locale]
    roll = src.rng.random()
    if roll < 0.25:
        return Draw(f"{fake.first_name_female()} {fake.last_name()}", "PERSON")
    if roll < 0.45:
        return Draw(f"{fake.first_name_male()} {fake.last_name()}", "PERSON")
    return Draw(fake.name(), "PERSON")


def organization(src: Source, locale: str) -> Draw:
    return Draw(src.fakers[locale].company(), "ORGANIZATION")


def city(src: Source, locale: str) -> Draw:
    return Draw(src.fakers[locale].city(), "LOCATION")


def address(src: Source, locale: str) -> Draw:
    return Draw(src.fakers[locale].address().replace("\n", ", "), "ADDRESS")


def address_lines(src: Source, locale: str) -> Draw:
    return Draw(src.fakers[locale].address(), "ADDRESS")


# ---- hard negatives --------------------------------------------------------------------


def _neg(kind: str) -> Callable[[Callable[[Source, str], str]], Callable[[Source, str], Draw]]:
    def wrap(make: Callable[[Source, str], str]) -> Callable[[Source, str], Draw]:
        def draw(src: Source, locale: str) -> Draw:
            return Draw(make(src, locale), kind=kind)

        draw.__name__ = make.__name__
        return draw

    return wrap


@_neg("order_number")
def order_number(src: Source, locale: str) -> str:
    d = string.digits
    return src.rng.choice(
        (
            src.chars("123456789", 1) + src.chars(d, 9),
            "ORD-" + str(src.rng.randint(2019, 2026)) + "-" + src.chars(d, 6),
            src.chars("123456789", 1) + src.chars(d, 7),
            "A" + src.chars(d, 8),
            "302-" + src.chars(d, 7) + "-" + src.chars(d, 7),
        )
    )


@_neg("invoice_number")
def invoice_number(src: Source, locale: str) -> str:
    digits = string.digits
    year = str(src.rng.randint(2021, 2026))
    return src.rng.choice(
        (
            ("RE-" if locale.startswith("de") else "INV-") + f"{year}-" + src.chars(digits, 5),
            year + src.chars(string.digits, 6),
            year + "/" + src.chars(string.digits, 4),
        )
    )


@_neg("ticket_id")
def ticket_id(src: Source, locale: str) -> str:
    d = string.digits
    return src.rng.choice(
        (
            "INC" + src.chars(d, 7),
            src.pick("OPS", "SUP", "BILL", "HR") + "-" + str(src.rng.randint(100, 99999)),
            "SR-" + src.chars(d, 8),
            src.chars("123456789", 1) + src.chars(d, 5),
        )
    )


@_neg("tracking_number")
def tracking_number(src: Source, locale: str) -> str:
    d = string.digits
    return src.rng.choice(
        (
            "1Z" + src.chars(string.ascii_uppercase + d, 6) + src.chars(d, 10),
            "00340" + src.chars(d, 15),
            "JJD" + src.chars(d, 18),
            src.chars(string.ascii_uppercase, 2) + src.chars(d, 9) + "DE",
        )
    )


@_neg("case_number")
def case_number(src: Source, locale: str) -> str:
    return src.rng.choice(
        (
            "0" + src.chars(string.digits, 7),
            str(src.rng.randint(2022, 2026)) + "-" + src.chars(string.digits, 4),
            "C-" + src.chars(string.digits, 6),
        )
    )


@_neg("date")
def plain_date(src: Source, locale: str) -> str:
    d = date(2023, 1, 1) + timedelta(days=src.rng.randrange(1100))
    if locale.startswith("de"):
        return src.rng.choice((d.strftime("%d.%m.%Y"), f"{d.day}.{d.month}.", d.isoformat()))
    if locale == "en_US":
        return src.rng.choice((d.strftime("%m/%d/%Y"), f"{_MONTHS_EN[d.month - 1]} {d.day}"))
    return src.rng.choice((d.strftime("%d/%m/%Y"), d.isoformat()))


def _moment(src: Source) -> datetime:
    return datetime(2024, 1, 1, tzinfo=UTC) + timedelta(
        seconds=src.rng.randrange(86400 * 700), microseconds=src.rng.randrange(10**6)
    )


@_neg("timestamp_epoch")
def epoch_s(src: Source, locale: str) -> str:
    return str(int(_moment(src).timestamp()))


@_neg("timestamp_epoch_ms")
def epoch_ms(src: Source, locale: str) -> str:
    return str(int(_moment(src).timestamp() * 1000))


@_neg("timestamp_iso")
def iso_time(src: Source, locale: str) -> str:
    m = _moment(src)
    return src.rng.choice(
        (
            m.strftime("%Y-%m-%dT%H:%M:%SZ"),
            m.strftime("%Y-%m-%dT%H:%M:%S.") + f"{m.microsecond // 1000:03d}Z",
            m.strftime("%Y-%m-%d %H:%M:%S"),
            m.astimezone(timezone(timedelta(hours=1))).isoformat(timespec="seconds"),
        )
    )


@_neg("amount")
def amount(src: Source, locale: str) -> str:
    cents = src.rng.randrange(100, 5_000_000)
    whole, frac = divmod(cents, 100)
    if locale == "de_CH":
        return f"CHF {whole:,}".replace(",", "'") + f".{frac:02d}"
    if locale.startswith("de"):
        return f"{whole:,}".replace(",", ".") + f",{frac:02d} " + src.pick("€", "EUR")
    sign = "$" if locale == "en_US" else "£"
    return f"{sign}{whole:,}.{frac:02d}"


@_neg("version")
def version(src: Source, locale: str) -> str:
    r = src.rng.randint
    return src.rng.choice(
        (
            f"{r(0, 12)}.{r(0, 30)}.{r(0, 40)}",
            f"v{r(1, 5)}.{r(0, 20)}.{r(0, 9)}",
            f"{r(1, 4)}.{r(0, 9)}.{r(0, 9)}-rc.{r(1, 4)}",
            f"{r(10, 24)}.{r(1, 12)}.{r(1000, 30000)}",
        )
    )


@_neg("commit_hash")
def commit_hash(src: Source, locale: str) -> str:
    full = src.fakers[locale].sha1()
    return full if src.rng.random() < 0.5 else full[: src.rng.choice((7, 8, 12))]


@_neg("uuid")
def a_uuid(src: Source, locale: str) -> str:
    return str(uuid.UUID(int=src.rng.getrandbits(128), version=4))


@_neg("hash")
def a_hash(src: Source, locale: str) -> str:
    fake = src.fakers[locale]
    return src.rng.choice((fake.sha256, fake.md5))()


@_neg("port")
def port(src: Source, locale: str) -> str:
    return str(src.rng.choice((443, 5432, 6379, 8080, 8443, 9092, 27017, 3306, 15672, 50051)))


@_neg("postcode")
def postcode(src: Source, locale: str) -> str:
    return src.fakers[locale].postcode()


@_neg("isbn")
def an_isbn(src: Source, locale: str) -> str:
    fake = src.fakers[locale]
    value = src.until(src.rng.choice((fake.isbn13, fake.isbn10)), isbn.is_valid)
    return value.replace("-", "") if src.rng.random() < 0.4 else value


@_neg("luhn_invalid")
def luhn_invalid(src: Source, locale: str) -> str:
    value = src.until(
        lambda: src.chars("3456", 1) + src.chars(string.digits, 15), lambda v: not luhn.is_valid(v)
    )
    if src.rng.random() < 0.3:
        value = " ".join(value[i : i + 4] for i in range(0, 16, 4))
    return value


@_neg("iban_bad_check")
def iban_bad_check(src: Source, locale: str) -> str:
    good = iban.compact(src.until(src.fakers[locale].iban, iban.is_valid))

    def flip() -> str:
        return good[:2] + f"{src.rng.randrange(2, 99):02d}" + good[4:]

    value = src.until(flip, lambda v: not iban.is_valid(v))
    return iban.format(value) if src.rng.random() < 0.4 else value


@_neg("git_remote")
def git_remote(src: Source, locale: str) -> str:
    fake = src.fakers[locale]
    host = src.pick("github.com", "gitlab.com", "bitbucket.org", "git." + fake.domain_name())
    org = fake.user_name().replace(".", "-")
    repo = src.pick("payments-api", "infra", "web-frontend", "billing", "etl-jobs", "docs")
    return src.rng.choice((f"git@{host}:{org}/{repo}.git", f"ssh://git@{host}/{org}/{repo}.git"))


@_neg("near_miss_id")
def near_miss_id(src: Source, locale: str) -> str:
    """An id of a real shape with a wrong check digit (stdnum rejects it)."""
    d = string.digits
    if locale.startswith("de"):
        return src.rng.choice(
            (
                lambda: src.until(
                    lambda: src.chars("123456789", 1) + src.chars(d, 10),
                    lambda v: not de_idnr.is_valid(v) and len(set(v[:10])) == 9,
                ),
                lambda: src.until(
                    lambda: "DE" + src.chars("123456789", 1) + src.chars(d, 8),
                    lambda v: not de_vat.is_valid(v),
                ),
                lambda: src.until(
                    lambda: f"756.{src.chars(d, 4)}.{src.chars(d, 4)}.{src.chars(d, 2)}",
                    lambda v: not ch_ssn.is_valid(v),
                ),
            )
        )()
    return src.until(
        lambda: "GB" + src.chars("123456789", 1) + src.chars(d, 8), lambda v: not gb_vat.is_valid(v)
    )


GOLD: Final[dict[str, Callable[[Source, str], Draw]]] = {
    "email": email,
    "phone": phone,
    "card": card,
    "iban": iban_value,
    "bic": bic_value,
    "ssn": us_ssn,
    "itin": itin,
    "steuerid": steuer_id,
    "rvnr": rvnr,
    "svnr": at_svnr,
    "ahv": ch_ahv,
    "nino": uk_nino,
    "perso": de_perso,
    "natid": national_id,
    "passport": passport,
    "vat": vat_id,
    "ip": ip,
    "ip4": ip4,
    "ip6": ip6,
    "jwt": jwt,
    "pem": private_key,
    "dob": dob,
    "person": person,
    "org": organization,
    "city": city,
    "address": address,
    "address_lines": address_lines,
}


def _vendor_key(vendor: str) -> Callable[[Source, str], Draw]:
    def draw(src: Source, locale: str) -> Draw:
        return api_key(src, locale, vendor)

    return draw


GOLD.update({"key_" + vendor: _vendor_key(vendor) for vendor in KEY_SHAPES})
GOLD["key"] = api_key

NEGATIVE: Final[dict[str, Callable[[Source, str], Draw]]] = {
    "order": order_number,
    "invoice": invoice_number,
    "ticket": ticket_id,
    "tracking": tracking_number,
    "case": case_number,
    "date": plain_date,
    "epoch": epoch_s,
    "epoch_ms": epoch_ms,
    "iso": iso_time,
    "amount": amount,
    "version": version,
    "commit": commit_hash,
    "uuid": a_uuid,
    "hash": a_hash,
    "port": port,
    "postcode": postcode,
    "isbn": an_isbn,
    "luhn_bad": luhn_invalid,
    "iban_bad": iban_bad_check,
    "git_remote": git_remote,
    "near_miss": near_miss_id,
}
