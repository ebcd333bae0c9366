"""Realistic sensitive values and hard negatives for the corpus, from a seeded RNG.

Every value with a checksum is valid (Luhn cards, mod-97 IBANs, Steuer-IDs with the
ISO 7064 check digit and the repeated-digit rule, SSNs outside the never-issued
ranges, phone numbers that ``phonenumbers`` accepts for their region), because a
detector that validates checksums must not be penalised for rejecting garbage.  Hard
negatives are the opposite: strings that look like data (order numbers, versions,
timestamps, ISBNs, hashes) but name no one, and must not be masked.

Only the standard library, ``phonenumbers`` and ``python-stdnum`` are used, so the
output depends on the seed and nothing else.
"""

from __future__ import annotations

import base64
import ipaddress
import json
import random
import string
import uuid
from collections.abc import Callable

import phonenumbers
from stdnum import ean, luhn
from stdnum import iban as std_iban
from stdnum import isbn as std_isbn
from stdnum.de import idnr
from stdnum.us import ssn as std_ssn

__all__ = [
    "NEGATIVE_MAKERS",
    "anthropic_key",
    "aws_key",
    "bearer_token",
    "credit_card",
    "de_phone",
    "github_token",
    "iban",
    "ipv4",
    "ipv6",
    "jwt",
    "openai_key",
    "private_key",
    "slack_token",
    "steuer_id",
    "us_phone",
    "us_ssn",
]

_ALNUM = string.ascii_letters + string.digits
_URLSAFE = _ALNUM + "-_"

# Real, assigned US area codes; exchanges avoid N11 and 555 (fictional) so every number
# is one a person could really have.
_US_AREA_CODES = (
    "201",
    "202",
    "206",
    "212",
    "213",
    "214",
    "303",
    "305",
    "312",
    "313",
    "404",
    "415",
    "503",
    "512",
    "602",
    "617",
    "646",
    "702",
    "713",
    "718",
    "773",
    "805",
    "818",
    "857",
    "917",
    "949",
)
# (prefix, subscriber lengths): big-city landlines and the common mobile blocks.
_DE_PREFIXES = (
    ("30", (7, 8)),
    ("40", (7, 8)),
    ("89", (7, 8)),
    ("69", (7, 8)),
    ("221", (7,)),
    ("211", (7, 8)),
    ("711", (7, 8)),
    ("341", (7,)),
    ("351", (7,)),
    ("511", (7,)),
    ("911", (7, 8)),
    ("228", (6, 7)),
    ("6221", (6,)),
    ("151", (8,)),
    ("152", (8,)),
    ("157", (8,)),
    ("160", (7, 8)),
    ("170", (7,)),
    ("171", (7,)),
    ("172", (7,)),
    ("173", (7,)),
    ("175", (7,)),
    ("176", (8,)),
    ("177", (8,)),
    ("178", (8,)),
    ("179", (7,)),
)


def _digits(rng: random.Random, count: int) -> str:
    return "".join(rng.choice(string.digits) for _ in range(count))


def _chars(rng: random.Random, alphabet: str, count: int) -> str:
    return "".join(rng.choice(alphabet) for _ in range(count))


def us_phone(rng: random.Random) -> str:
    """A valid US number in one of the ways Americans write them."""
    while True:
        area = rng.choice(_US_AREA_CODES)
        exchange = str(rng.randint(2, 9)) + _digits(rng, 2)
        if exchange[1:] == "11" or exchange == "555":
            continue
        line = _digits(rng, 4)
        if phonenumbers.is_valid_number(phonenumbers.parse(f"+1{area}{exchange}{line}")):
            break
    return rng.choice(
        (
            f"({area}) {exchange}-{line}",
            f"{area}-{exchange}-{line}",
            f"{area}.{exchange}.{line}",
            f"+1 {area} {exchange} {line}",
            f"+1 ({area}) {exchange}-{line}",
            f"+1-{area}-{exchange}-{line}",
            f"1-{area}-{exchange}-{line}",
            f"{area} {exchange} {line}",
        )
    )


def de_phone(rng: random.Random) -> str:
    """A valid German landline or mobile number, national or international."""
    while True:
        prefix, lengths = rng.choice(_DE_PREFIXES)
        subscriber = str(rng.randint(1, 9)) + _digits(rng, rng.choice(lengths) - 1)
        number = phonenumbers.parse(f"+49{prefix}{subscriber}")
        if phonenumbers.is_valid_number(number):
            break
    national = phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.NATIONAL)
    half = len(subscriber) // 2
    return rng.choice(
        (
            national,
            f"0{prefix} {subscriber}",
            f"0{prefix}/{subscriber}",
            f"0{prefix}-{subscriber}",
            f"(0{prefix}) {subscriber}",
            f"+49 {prefix} {subscriber}",
            f"+49 (0){prefix} {subscriber}",
            f"+49 {prefix} {subscriber[:half]} {subscriber[half:]}",
            f"+49{prefix}{subscriber}",
            f"0049 {prefix} {subscriber}",
        )
    )


def credit_card(rng: random.Random) -> str:
    """A Luhn-valid Visa, Mastercard, Amex or Discover number, grouped as printed."""
    brand = rng.choice(("visa", "visa", "mastercard", "mastercard", "amex", "discover"))
    if brand == "visa":
        body = "4" + _digits(rng, 14)
    elif brand == "mastercard":
        body = str(rng.randint(51, 55)) + _digits(rng, 13)
    elif brand == "amex":
        body = rng.choice(("34", "37")) + _digits(rng, 12)
    else:
        body = "6011" + _digits(rng, 11)
    number = body + luhn.calc_check_digit(body)
    assert luhn.is_valid(number)
    separator = rng.choice((" ", " ", "-", ""))
    if len(number) == 15:
        groups = [number[:4], number[4:10], number[10:]]
    else:
        groups = [number[i : i + 4] for i in range(0, 16, 4)]
    return separator.join(groups)


# (country, BBAN builder) for countries whose BBAN has no national check digit, so a
# random BBAN plus the mod-97 check digits is a valid IBAN.
_IBAN_BBANS: dict[str, Callable[[random.Random], str]] = {
    "DE": lambda rng: _digits(rng, 18),
    "AT": lambda rng: _digits(rng, 16),
    "CH": lambda rng: _digits(rng, 17),
    "NL": lambda rng: _chars(rng, string.ascii_uppercase, 4) + _digits(rng, 10),
    "GB": lambda rng: _chars(rng, string.ascii_uppercase, 4) + _digits(rng, 14),
}


def iban(rng: random.Random, countries: tuple[str, ...]) -> str:
    """A mod-97-valid IBAN from one of ``countries``, compact or in groups of four."""
    while True:
        country = rng.choice(countries)
        bban = _IBAN_BBANS[country](rng)
        number = country + std_iban.calc_check_digits(country + "00" + bban) + bban
        if std_iban.is_valid(number):
            break
    if rng.random() < 0.6:
        return " ".join(number[i : i + 4] for i in range(0, len(number), 4))
    return number


def us_ssn(rng: random.Random, compact: bool = False) -> str:
    """A structurally valid SSN (no 000/666/9xx area, no 00 group, no 0000 serial)."""
    while True:
        area = rng.randint(1, 899)
        group = rng.randint(1, 99)
        serial = rng.randint(1, 9999)
        text = f"{area:03d}-{group:02d}-{serial:04d}"
        if std_ssn.is_valid(text):
            break
    if compact:
        return text.replace("-", "")
    return text if rng.random() < 0.85 else text.replace("-", " ")


def steuer_id(rng: random.Random) -> str:
    """A valid German Steuer-ID: one digit repeated in the first ten, check digit last."""
    while True:
        digits = rng.sample(string.digits, 9)
        digits.insert(rng.randrange(10), rng.choice(digits))
        if digits[0] == "0":
            continue
        body = "".join(digits)
        for check in string.digits:
            if idnr.is_valid(body + check):
                number = body + check
                break
        else:
            continue
        break
    return idnr.format(number) if rng.random() < 0.6 else number


def ipv4(rng: random.Random) -> str:
    """A public or private IPv4 address as seen in logs."""
    if rng.random() < 0.25:
        return rng.choice(
            (
                f"10.{rng.randint(0, 255)}.{rng.randint(0, 255)}.{rng.randint(1, 254)}",
                f"192.168.{rng.randint(0, 255)}.{rng.randint(1, 254)}",
            )
        )
    while True:
        address = ipaddress.IPv4Address(rng.getrandbits(32))
        if address.is_global and not address.is_multicast:
            return str(address)


def ipv6(rng: random.Random) -> str:
    """A global unicast IPv6 address, compressed as tools print it."""
    address = ipaddress.IPv6Address((0x2 << 125) | rng.getrandbits(125))
    if rng.random() < 0.3:
        # Hosts in the same /64 often have small interface ids: ``2a01:4f8:c0c:1::2``.
        address = ipaddress.IPv6Address((int(address) >> 64 << 64) | rng.randint(1, 0xFFFF))
    return address.compressed


def aws_key(rng: random.Random) -> str:
    """An AWS access key id (long-term ``AKIA`` or temporary ``ASIA``)."""
    return rng.choice(("AKIA", "AKIA", "ASIA")) + _chars(rng, string.ascii_uppercase + "234567", 16)


def github_token(rng: random.Random) -> str:
    """A classic or fine-grained GitHub token."""
    if rng.random() < 0.3:
        return "github_pat_" + _chars(rng, _ALNUM, 22) + "_" + _chars(rng, _ALNUM, 59)
    return rng.choice(("ghp_", "ghp_", "gho_", "ghs_")) + _chars(rng, _ALNUM, 36)


def slack_token(rng: random.Random) -> str:
    """A Slack bot or user token."""
    prefix = rng.choice(("xoxb-", "xoxp-"))
    return f"{prefix}{_digits(rng, 12)}-{_digits(rng, 13)}-{_chars(rng, _ALNUM, 24)}"


def openai_key(rng: random.Random) -> str:
    """An OpenAI project key or legacy user key."""
    if rng.random() < 0.6:
        return "sk-proj-" + _chars(rng, _URLSAFE, 74) + "T3BlbkFJ" + _chars(rng, _URLSAFE, 74)
    return "sk-" + _chars(rng, _ALNUM, 20) + "T3BlbkFJ" + _chars(rng, _ALNUM, 20)


def anthropic_key(rng: random.Random) -> str:
    """An Anthropic API key."""
    return "sk-ant-api03-" + _chars(rng, _URLSAFE, 93) + "AA"


def bearer_token(rng: random.Random) -> str:
    """An opaque OAuth bearer token (the value after ``Bearer``)."""
    return _chars(rng, _ALNUM + "-._~", rng.randint(32, 64))


def _b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")


def jwt(rng: random.Random, subject: str) -> str:
    """A well-formed HS256 or RS256 JWT with a random signature."""
    alg = rng.choice(("HS256", "RS256"))
    header = {"alg": alg, "typ": "JWT"}
    issued = rng.randint(1_700_000_000, 1_760_000_000)
    claims = {"sub": subject, "iat": issued, "exp": issued + 3600, "scope": "read write"}
    signature = rng.randbytes(32 if alg == "HS256" else 256)
    return ".".join(
        (
            _b64url(json.dumps(header, separators=(",", ":")).encode()),
            _b64url(json.dumps(claims, separators=(",", ":")).encode()),
            _b64url(signature),
        )
    )


def private_key(rng: random.Random, escaped: bool) -> str:
    """A PEM private key block; ``escaped`` writes newlines as ``\\n`` (JSON key files)."""
    kind, size, lead = rng.choice(
        (
            ("RSA PRIVATE KEY", 1192, b"\x30\x82\x04\xa4\x02\x01\x00\x02\x82\x01\x01\x00"),
            ("PRIVATE KEY", 1218, b"\x30\x82\x04\xbe\x02\x01\x00\x30\x0d\x06\x09\x2a"),
            ("EC PRIVATE KEY", 121, b"\x30\x77\x02\x01\x01\x04\x20"),
            ("OPENSSH PRIVATE KEY", 399, b"openssh-key-v1\x00\x00\x00\x00\x04none"),
        )
    )
    body = base64.b64encode(lead + rng.randbytes(size - len(lead))).decode("ascii")
    width = 70 if kind == "OPENSSH PRIVATE KEY" else 64
    lines = [f"-----BEGIN {kind}-----"]
    lines += [body[i : i + width] for i in range(0, len(body), width)]
    lines.append(f"-----END {kind}-----")
    return ("\\n" if escaped else "\n").join(lines)


# ---- hard negatives ------------------------------------------------------------------


def _order_number(rng: random.Random) -> str:
    year = rng.randint(2019, 2025)
    return rng.choice(
        (
            f"A-{year}-{_digits(rng, 6)}",
            f"ORD-{_digits(rng, 5)}-{_chars(rng, string.ascii_uppercase, 2)}",
            f"PO-45{_digits(rng, 8)}",
            f"45{_digits(rng, 8)}",
            f"SO-{_digits(rng, 9)}",
            f"{year}-{_digits(rng, 5)}",
            f"#{_digits(rng, 7)}",
        )
    )


def _version(rng: random.Random) -> str:
    major, minor, patch = rng.randint(0, 24), rng.randint(0, 40), rng.randint(0, 30)
    return rng.choice(
        (
            f"v{major}.{minor}.{patch}",
            f"{major}.{minor}.{patch}",
            f"{major}.{minor}.{patch}-rc.{rng.randint(1, 5)}",
            f"3.{rng.randint(8, 13)}.{patch}",
            f"Chrome/{rng.randint(100, 131)}.0.{rng.randint(4000, 6999)}.{rng.randint(10, 250)}",
            f"10.0.{rng.randint(17000, 26100)}.{rng.randint(1000, 5000)}",
            f"{rng.randint(2020, 2025)}.{rng.randint(1, 3)}.{patch}",
        )
    )


def _timestamp(rng: random.Random) -> str:
    year, month, day = rng.randint(2019, 2025), rng.randint(1, 12), rng.randint(1, 28)
    hour, minute, second = rng.randint(0, 23), rng.randint(0, 59), rng.randint(0, 59)
    months = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
    return rng.choice(
        (
            f"{year}-{month:02d}-{day:02d}T{hour:02d}:{minute:02d}:{second:02d}Z",
            f"{year}-{month:02d}-{day:02d}T{hour:02d}:{minute:02d}:{second:02d}+01:00",
            f"{year}-{month:02d}-{day:02d} "
            f"{hour:02d}:{minute:02d}:{second:02d},{rng.randint(0, 999):03d}",
            f"{day:02d}/{months[month - 1]}/{year}:{hour:02d}:{minute:02d}:{second:02d} +0000",
            str(rng.randint(1_550_000_000, 1_760_000_000)),
            str(rng.randint(1_550_000_000_000, 1_760_000_000_000)),
            f"{year}-{month:02d}-{day:02d} {hour:02d}:{minute:02d}",
        )
    )


def _isbn(rng: random.Random) -> str:
    group = rng.choice(("3", "3", "0", "1"))
    body = "978" + group + _digits(rng, 8)
    number = body + ean.calc_check_digit(body)
    if rng.random() < 0.2:
        return str(std_isbn.to_isbn10(number))
    return str(std_isbn.format(number))


def _hex_hash(rng: random.Random) -> str:
    while True:
        text = _chars(rng, "0123456789abcdef", rng.choice((7, 12, 40, 64)))
        # An all-digit hash would be a number, not a hash, for every reader.
        if not text.isdigit():
            return text


def _ticket(rng: random.Random) -> str:
    return rng.choice(
        (
            f"{rng.choice(('SUP', 'OPS', 'PAY', 'HR', 'IT'))}-{rng.randint(100, 99999)}",
            f"INC{_digits(rng, 7)}",
            f"#{rng.randint(1000, 99999)}",
        )
    )


def _uuid(rng: random.Random) -> str:
    return str(uuid.UUID(int=rng.getrandbits(128), version=4))


def _amount(rng: random.Random) -> str:
    whole, cents = rng.randint(10, 99999), rng.randint(0, 99)
    german = f"{whole:,}".replace(",", ".") + f",{cents:02d} EUR"
    return rng.choice((f"${whole:,}.{cents:02d}", german, f"€{whole}", f"{whole} USD"))


_PRODUCTS = (
    "Ford Mustang",
    "Ford Focus",
    "Jaguar F-Pace",
    "Porsche Taycan",
    "Porsche Cayenne",
    "Tesla Model 3",
    "Dell XPS 13",
    "Dell Latitude 7440",
    "Amazon Echo Dot",
    "Kindle Paperwhite",
    "Apple Watch",
    "Philips Hue",
    "Microsoft Surface Pro",
    "Mercedes-Benz C-Class",
    "Bosch Professional GSR 18V",
    "Miele Classic C1",
    "Siemens iQ500",
    "Thermomix TM6",
    "VW Golf",
    "Opel Astra",
    "Hugo Boss",
    "Jack Daniel's",
    "Dr. Martens",
    "Ben & Jerry's",
    "Marshall Stanmore",
    "Lincoln Navigator",
    "Vespa Primavera",
    "Herman Miller Aeron",
)


NEGATIVE_MAKERS: dict[str, Callable[[random.Random], str]] = {
    "order_number": _order_number,
    "version": _version,
    "timestamp": _timestamp,
    "isbn": _isbn,
    "hex_hash": _hex_hash,
    "ticket_id": _ticket,
    "uuid": _uuid,
    "amount": _amount,
    "product": lambda rng: rng.choice(_PRODUCTS),
    "number_555": lambda rng: "555",
}
