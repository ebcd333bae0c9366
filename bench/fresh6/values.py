"""Value generators for the fresh6 set, each value built from its published rule.

Check digits come from python-stdnum (or are computed here and re-checked with it);
phone numbers are drawn until :func:`phonenumbers.is_valid_number` accepts them; keys
are serialised by ``cryptography`` from bytes drawn from the seeded generator.  Nothing
here reads the project's detectors.
"""

from __future__ import annotations

import base64
import datetime as dt
import hashlib
import hmac
import json
import random
import string
import zlib
from collections.abc import Callable
from dataclasses import dataclass

import phonenumbers
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec, ed25519
from faker import Faker
from stdnum import bic as std_bic
from stdnum import iban as std_iban
from stdnum import luhn
from stdnum.at import uid as at_uid
from stdnum.at import vnr as at_vnr
from stdnum.au import tfn as au_tfn
from stdnum.ca import sin as ca_sin
from stdnum.ch import ssn as ch_ssn
from stdnum.ch import vat as ch_vat
from stdnum.de import idnr as de_idnr
from stdnum.de import vat as de_vat
from stdnum.es import dni as es_dni
from stdnum.es import nie as es_nie
from stdnum.fr import nir as fr_nir
from stdnum.gb import nhs as gb_nhs
from stdnum.gb import vat as gb_vat
from stdnum.ie import pps as ie_pps
from stdnum.ie import vat as ie_vat
from stdnum.iso7064 import mod_11_10
from stdnum.it import codicefiscale as it_cf
from stdnum.nl import bsn as nl_bsn
from stdnum.pl import pesel as pl_pesel
from stdnum.se import personnummer as se_pn
from stdnum.us import itin as us_itin
from stdnum.us import ssn as us_ssn

from bench.fresh6.core import E, N

JWT_KEY = b"fresh6-published-hs256-demo-key"
"""The HS256 key every fresh6 JWT is signed with (published so tests can verify)."""

REGION = {
    "en_US": "US",
    "en_GB": "GB",
    "en_CA": "CA",
    "en_AU": "AU",
    "en_IE": "IE",
    "de_DE": "DE",
    "de_AT": "AT",
    "de_CH": "CH",
}
ID_CARD_ALPHABET = "0123456789CFGHJKLMNPRTVWXYZ"
B62 = string.digits + string.ascii_uppercase + string.ascii_lowercase
MONTHS_EN = [
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
MONTHS_DE = [
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
ABBR_DE = [
    "Jan.",
    "Feb.",
    "Mrz.",
    "Apr.",
    "Mai",
    "Jun.",
    "Jul.",
    "Aug.",
    "Sep.",
    "Okt.",
    "Nov.",
    "Dez.",
]


def _until(
    rng: random.Random, draw: Callable[[random.Random], str], ok: Callable[[str], bool]
) -> str:
    for _ in range(10_000):
        value = draw(rng)
        if ok(value):
            return value
    raise RuntimeError("no valid value drawn")


def digits(rng: random.Random, n: int) -> str:
    """``n`` random decimal digits."""
    return "".join(rng.choice(string.digits) for _ in range(n))


def letters(rng: random.Random, n: int, alphabet: str = string.ascii_uppercase) -> str:
    """``n`` random characters of ``alphabet``."""
    return "".join(rng.choice(alphabet) for _ in range(n))


# ---- dates -----------------------------------------------------------------------------


def birth_date(rng: random.Random) -> dt.date:
    """A real calendar date between 1930 and 2008."""
    start = dt.date(1930, 1, 1).toordinal()
    return dt.date.fromordinal(rng.randint(start, dt.date(2008, 12, 31).toordinal()))


def _ordinal(day: int) -> str:
    if 11 <= day % 100 <= 13:
        return f"{day}th"
    return f"{day}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(day % 10, 'th') }"


def dob_en(d: dt.date, locale: str, rng: random.Random) -> str:
    """A date of birth written the way English forms and speakers write it."""
    us = locale in ("en_US", "en_CA") and rng.random() < 0.7
    month, mon = MONTHS_EN[d.month - 1], MONTHS_EN[d.month - 1][:3]
    forms = [
        f"{d.month:02d}/{d.day:02d}/{d.year}" if us else f"{d.day:02d}/{d.month:02d}/{d.year}",
        f"{d.month}/{d.day}/{d.year % 100:02d}" if us else f"{d.day}/{d.month}/{d.year}",
        d.isoformat(),
        f"{d.day} {month} {d.year}",
        f"{month} {d.day}, {d.year}",
        f"{_ordinal(d.day)} {month} {d.year}",
        f"{month} {_ordinal(d.day)}, {d.year}",
        f"{mon} {d.day} {d.year}",
        f"{d.day:02d}-{mon}-{d.year}",
        f"{d.day:02d}{mon.upper()}{d.year % 100:02d}",
        f"{d.day}-{mon}-{d.year % 100:02d}",
        f"{d.day:02d}.{d.month:02d}.{d.year}",
    ]
    return rng.choice(forms)


def dob_de(d: dt.date, rng: random.Random) -> str:
    """A date of birth written the way German forms and speakers write it."""
    forms = [
        f"{d.day:02d}.{d.month:02d}.{d.year}",
        f"{d.day}.{d.month}.{d.year}",
        f"{d.day:02d}.{d.month:02d}.{d.year % 100:02d}",
        f"{d.day}. {MONTHS_DE[d.month - 1]} {d.year}",
        f"{d.day:02d}. {ABBR_DE[d.month - 1]} {d.year}",
        d.isoformat(),
        f"{d.day:02d}-{d.month:02d}-{d.year}",
        f"{d.day:02d}/{d.month:02d}/{d.year}",
        f"{d.day}.{MONTHS_DE[d.month - 1]}.{d.year}",
    ]
    return rng.choice(forms)


def other_date(rng: random.Random, lang: str) -> str:
    """A non-birth date (appointment, issue, expiry) in 2019-2030."""
    start = dt.date(2019, 1, 1).toordinal()
    d = dt.date.fromordinal(rng.randint(start, dt.date(2030, 12, 31).toordinal()))
    if lang == "de":
        return rng.choice(
            [f"{d.day:02d}.{d.month:02d}.{d.year}", f"{d.day}. {MONTHS_DE[d.month - 1]} {d.year}"]
        )
    return rng.choice(
        [
            d.isoformat(),
            f"{d.day} {MONTHS_EN[d.month - 1]} {d.year}",
            f"{d.month:02d}/{d.day:02d}/{d.year}",
        ]
    )


# ---- phones ----------------------------------------------------------------------------


def phone(rng: random.Random, region: str, mobile: bool | None = None) -> str:
    """A number valid for ``region`` in a national or international style."""
    kind = phonenumbers.PhoneNumberType
    if mobile is None:
        mobile = rng.random() < 0.5
    example = phonenumbers.example_number_for_type(
        region, kind.MOBILE if mobile else kind.FIXED_LINE
    )
    assert example is not None
    nsn = phonenumbers.national_significant_number(example)

    def draw(r: random.Random) -> str:
        return nsn[:3] + digits(r, len(nsn) - 3)

    def ok(candidate: str) -> bool:
        num = phonenumbers.parse(candidate, region)
        return bool(phonenumbers.is_valid_number(num)) and candidate[3:7] != "5550"

    number = phonenumbers.parse(_until(rng, draw, ok), region)
    fmt = phonenumbers.PhoneNumberFormat
    style = rng.randrange(5)
    if style == 0:
        return str(phonenumbers.format_number(number, fmt.INTERNATIONAL))
    if style == 1:
        return str(phonenumbers.format_number(number, fmt.E164))
    national = str(phonenumbers.format_number(number, fmt.NATIONAL))
    if style == 2 and region in ("US", "CA"):
        return national.replace("(", "").replace(") ", ".").replace("-", ".")
    if style == 3 and region in ("DE", "AT", "CH"):
        intl = str(phonenumbers.format_number(number, fmt.INTERNATIONAL))
        return "00" + intl[1:]
    return national


def extension(rng: random.Random, lang: str) -> str:
    """A phone extension suffix in one of the usual spellings."""
    ext = digits(rng, rng.choice([2, 3, 4])).lstrip("0") or "7"
    if lang == "de":
        return rng.choice([f" Durchwahl {ext}", f" DW {ext}", f" ext. {ext}"])
    return rng.choice([f" ext. {ext}", f" x{ext}", f" ext {ext}", f" extension {ext}"])


# ---- cards, banks, tax ----------------------------------------------------------------


def credit_card(rng: random.Random) -> str:
    """A Luhn-valid number in a real IIN range, grouped as printed."""
    brand = rng.choice(["visa", "mc", "mc2", "amex", "disc"])
    if brand == "visa":
        prefix, length = "4", 16
    elif brand == "mc":
        prefix, length = str(rng.randint(51, 55)), 16
    elif brand == "mc2":
        prefix, length = str(rng.randint(2221, 2720)), 16
    elif brand == "amex":
        prefix, length = rng.choice(["34", "37"]), 15
    else:
        prefix, length = rng.choice(["6011", "65"]), 16
    body = prefix + digits(rng, length - len(prefix) - 1)
    number = body + luhn.calc_check_digit(body)
    sep = rng.choice([" ", "-", ""])
    if length == 15:
        return sep.join([number[:4], number[4:10], number[10:]])
    return sep.join(number[i : i + 4] for i in range(0, 16, 4))


def iban(rng: random.Random, country: str) -> str:
    """An IBAN with correct ISO 13616 check digits, compact or in groups of four."""
    bban = {
        "DE": lambda: digits(rng, 18),
        "AT": lambda: digits(rng, 16),
        "CH": lambda: digits(rng, 17),
        "GB": lambda: letters(rng, 4) + digits(rng, 14),
        "IE": lambda: letters(rng, 4) + digits(rng, 14),
        "NL": lambda: letters(rng, 4) + digits(rng, 10),
    }[country]()
    check = std_iban.calc_check_digits(country + "00" + bban)
    value = country + check + bban
    assert std_iban.is_valid(value)
    if rng.random() < 0.6:
        return " ".join(value[i : i + 4] for i in range(0, len(value), 4))
    return value


def bic(rng: random.Random, country: str) -> str:
    """A SWIFT BIC: bank, country, location, optional branch."""
    value = (
        letters(rng, 4)
        + country
        + rng.choice("ABCDEFGHMNPRSTW")
        + rng.choice("ABCDEFGHMNPRSTW0123456789")
    )
    if rng.random() < 0.5:
        value += rng.choice(["XXX", letters(rng, 1) + digits(rng, 2)])
    assert std_bic.is_valid(value)
    return value


def vat_id(rng: random.Random, country: str) -> str:
    """A VAT identification number that python-stdnum accepts for ``country``."""
    if country == "DE":
        return _until(rng, lambda r: "DE" + str(r.randint(1, 9)) + digits(r, 8), de_vat.is_valid)
    if country == "AT":
        return _until(rng, lambda r: "ATU" + digits(r, 8), at_uid.is_valid)
    if country == "CH":
        raw = _until(
            rng,
            lambda r: "CHE" + str(r.randint(1, 9)) + digits(r, 8),
            lambda v: ch_vat.is_valid(v + "MWST"),
        )
        return f"CHE-{raw[3:6]}.{raw[6:9]}.{raw[9:]} {rng.choice(['MWST', 'TVA', 'IVA'])}"
    if country == "GB":
        return _until(rng, lambda r: "GB" + str(r.randint(1, 9)) + digits(r, 8), gb_vat.is_valid)
    return _until(rng, lambda r: "IE" + digits(r, 7) + r.choice("ABCDEFGHW"), ie_vat.is_valid)


def de_tax_id(rng: random.Random) -> str:
    """A German Steuer-ID: ten digits with exactly one repeated, ISO 7064 check digit."""

    def draw(r: random.Random) -> str:
        pool = list(string.digits)
        r.shuffle(pool)
        body = [*pool[:9], pool[r.randrange(9)]]
        r.shuffle(body)
        first10 = "".join(body)
        return first10 + mod_11_10.calc_check_digit(first10)

    value = _until(rng, draw, de_idnr.is_valid)
    style = rng.randrange(3)
    if style == 0:
        return f"{value[:2]} {value[2:5]} {value[5:8]} {value[8:]}"
    return value


def us_ssn_value(rng: random.Random) -> str:
    """A US SSN in a valid area/group/serial."""

    def draw(r: random.Random) -> str:
        return f"{r.randint(1, 899):03d}-{r.randint(1, 99):02d}-{r.randint(1, 9999):04d}"

    return _until(rng, draw, us_ssn.is_valid)


def us_itin_value(rng: random.Random) -> str:
    """A US ITIN: 9XX, group 70-88/90-92/94-99."""
    groups = [*range(70, 89), 90, 91, 92, *range(94, 100)]
    value = f"9{digits(rng, 2)}-{rng.choice(groups)}-{digits(rng, 4)}"
    assert us_itin.is_valid(value)
    return value


# ---- national ids and passports -------------------------------------------------------


def icao_check(value: str) -> str:
    """ICAO 9303 check digit (weights 7, 3, 1)."""
    total = 0
    for i, ch in enumerate(value):
        n = int(ch) if ch.isdigit() else ord(ch) - 55
        total += n * (7, 3, 1)[i % 3]
    return str(total % 10)


def gb_nino(rng: random.Random) -> str:
    """A UK National Insurance number in the HMRC-published layout."""
    first = "ABCEGHJKLMNOPRSTWXYZ"
    second = "ABCEGHJKLMNPRSTWXYZ"
    while True:
        prefix = rng.choice(first) + rng.choice(second)
        if prefix not in {"BG", "GB", "KN", "NK", "NT", "TN", "ZZ"}:
            break
    body = digits(rng, 6)
    suffix = rng.choice("ABCD")
    if rng.random() < 0.5:
        return f"{prefix} {body[:2]} {body[2:4]} {body[4:]} {suffix}"
    return prefix + body + suffix


def de_id_card(rng: random.Random) -> str:
    """A German Personalausweis serial (new card), sometimes with its check digit."""
    serial = rng.choice("LMNPRTVWXY") + letters(rng, 8, ID_CARD_ALPHABET)
    return serial + icao_check(serial) if rng.random() < 0.4 else serial


def national_id(rng: random.Random, country: str, born: dt.date, female: bool) -> str:
    """A national identifier of ``country`` that python-stdnum (or its layout) accepts."""
    yy, mm, dd = born.year % 100, born.month, born.day
    if country == "GB_NINO":
        return gb_nino(rng)
    if country == "GB_NHS":
        v = _until(rng, lambda r: digits(r, 10), gb_nhs.is_valid)
        return f"{v[:3]} {v[3:6]} {v[6:]}"
    if country == "IE":
        return _until(
            rng, lambda r: digits(r, 7) + r.choice("ABCDEFGHIJKLMNOPQRSTUVW"), ie_pps.is_valid
        )
    if country == "FR":
        sex = 2 if female else 1
        body = f"{sex}{yy:02d}{mm:02d}{rng.randint(1, 95):02d}{digits(rng, 3)}{digits(rng, 3)}"
        key = 97 - int(body) % 97
        v = f"{body}{key:02d}"
        assert fr_nir.is_valid(v)
        return f"{v[0]} {v[1:3]} {v[3:5]} {v[5:7]} {v[7:10]} {v[10:13]} {v[13:]}"
    if country == "IT":
        cons = "BCDFGHLMNPRSTVZ"
        code = letters(rng, 6, cons) + f"{yy:02d}" + "ABCDEHLMPRST"[mm - 1]
        code += (
            f"{dd + 40 if female else dd:02d}" + rng.choice("AFHLZ") + f"{rng.randint(1, 999):03d}"
        )
        v = code + it_cf.calc_check_digit(code)
        assert it_cf.is_valid(v)
        return v
    if country == "ES":
        if rng.random() < 0.5:
            n = digits(rng, 8)
            v = n + "TRWAGMYFPDXBNJZSQVHLCKE"[int(n) % 23]
            assert es_dni.is_valid(v)
            return v
        lead = rng.choice("XYZ")
        n = digits(rng, 7)
        v = lead + n + "TRWAGMYFPDXBNJZSQVHLCKE"[int(str("XYZ".index(lead)) + n) % 23]
        assert es_nie.is_valid(v)
        return v
    if country == "NL":
        return _until(rng, lambda r: str(r.randint(1, 9)) + digits(r, 8), nl_bsn.is_valid)
    if country == "PL":
        mcode = mm + (20 if born.year >= 2000 else 0)
        sexd = rng.choice("02468" if female else "13579")
        base = f"{yy:02d}{mcode:02d}{dd:02d}{digits(rng, 3)}{sexd}"
        v = base + pl_pesel.calc_check_digit(base)
        assert pl_pesel.is_valid(v)
        return v
    if country == "SE":

        def draw_se(r: random.Random) -> str:
            return f"{yy:02d}{mm:02d}{dd:02d}-{digits(r, 4)}"

        return _until(rng, draw_se, se_pn.is_valid)
    if country == "AT":

        def draw_at(r: random.Random) -> str:
            return f"{r.randint(100, 999)}{r.randint(0, 9)} {dd:02d}{mm:02d}{yy:02d}"

        return _until(rng, draw_at, at_vnr.is_valid)
    if country == "CH":

        def draw_ch(r: random.Random) -> str:
            return "756" + digits(r, 10)

        v = _until(rng, draw_ch, ch_ssn.is_valid)
        return f"{v[:3]}.{v[3:7]}.{v[7:11]}.{v[11:]}"
    if country == "CA":
        v = _until(
            rng, lambda r: str(r.choice([1, 2, 3, 4, 5, 6, 7, 9])) + digits(r, 8), ca_sin.is_valid
        )
        return rng.choice([f"{v[:3]}-{v[3:6]}-{v[6:]}", f"{v[:3]} {v[3:6]} {v[6:]}"])
    if country == "AU":
        v = _until(rng, lambda r: str(r.randint(1, 9)) + digits(r, 8), au_tfn.is_valid)
        return f"{v[:3]} {v[3:6]} {v[6:]}"
    if country == "DE":
        return de_id_card(rng)
    raise KeyError(country)


HOME_ID = {
    "en_GB": ["GB_NINO", "GB_NHS"],
    "en_IE": ["IE"],
    "en_CA": ["CA"],
    "en_AU": ["AU"],
    "de_DE": ["DE"],
    "de_AT": ["AT"],
    "de_CH": ["CH"],
}
FOREIGN = ["FR", "IT", "ES", "NL", "PL", "SE", "GB_NINO", "IE", "CA", "AU", "AT", "CH"]
FOREIGN_NAME_EN = {
    "FR": "France",
    "IT": "Italy",
    "ES": "Spain",
    "NL": "the Netherlands",
    "PL": "Poland",
    "SE": "Sweden",
    "GB_NINO": "the UK",
    "IE": "Ireland",
    "CA": "Canada",
    "AU": "Australia",
    "AT": "Austria",
    "CH": "Switzerland",
}
FOREIGN_NAME_DE = {
    "FR": "Frankreich",
    "IT": "Italien",
    "ES": "Spanien",
    "NL": "den Niederlanden",
    "PL": "Polen",
    "SE": "Schweden",
    "GB_NINO": "Großbritannien",
    "IE": "Irland",
    "CA": "Kanada",
    "AU": "Australien",
    "AT": "Österreich",
    "CH": "der Schweiz",
}


def passport(rng: random.Random, country: str) -> str:
    """A passport number in the layout its issuer publishes."""
    if country in ("US",):
        return rng.choice([str(rng.randint(1, 9)) + digits(rng, 8), "A" + digits(rng, 8)])
    if country in ("GB", "SE"):
        return str(rng.randint(1, 9)) + digits(rng, 8 if country == "GB" else 7)
    if country == "DE":
        return rng.choice("CFGHJK") + letters(rng, 8, ID_CARD_ALPHABET)
    if country in ("AT", "CH", "AU"):
        return letters(rng, 1) + digits(rng, 7)
    if country == "CA":
        return letters(rng, 2) + digits(rng, 6)
    if country in ("IE", "IT", "PL"):
        return letters(rng, 2) + digits(rng, 7)
    if country == "FR":
        return digits(rng, 2) + letters(rng, 2) + digits(rng, 5)
    if country == "ES":
        return letters(rng, 3) + digits(rng, 6)
    if country == "NL":
        alnum = "ABCDEFGHIJKLMNPQRSTUVWXYZ0123456789"
        return (
            letters(rng, 2, "ABCDEFGHIJKLMNPQRSTUVWXYZ") + letters(rng, 6, alnum) + digits(rng, 1)
        )
    raise KeyError(country)


PASSPORT_COUNTRY = {
    "en_US": "US",
    "en_GB": "GB",
    "en_CA": "CA",
    "en_AU": "AU",
    "en_IE": "IE",
    "de_DE": "DE",
    "de_AT": "AT",
    "de_CH": "CH",
}


# ---- secrets ---------------------------------------------------------------------------


def _b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def jwt(rng: random.Random) -> str:
    """An HS256 JWT signed with :data:`JWT_KEY`."""
    header = {"alg": "HS256", "typ": "JWT"}
    iat = rng.randint(1_700_000_000, 1_790_000_000)
    claims = {
        "sub": f"usr_{letters(rng, 10, string.ascii_lowercase + string.digits)}",
        "scope": rng.choice(["read", "read write", "admin"]),
        "iat": iat,
        "exp": iat + 3600,
    }
    signing = _b64url(json.dumps(header, separators=(",", ":")).encode()) + "."
    signing += _b64url(json.dumps(claims, separators=(",", ":")).encode())
    sig = hmac.new(JWT_KEY, signing.encode(), hashlib.sha256).digest()
    return signing + "." + _b64url(sig)


def _base62(n: int, width: int) -> str:
    out = ""
    while n:
        n, r = divmod(n, 62)
        out = B62[r] + out
    return out.rjust(width, "0")


def api_key(rng: random.Random) -> str:
    """A provider API secret in its published layout."""
    alnum = string.ascii_letters + string.digits
    kind = rng.randrange(6)
    if kind == 0:
        body = letters(rng, 30, alnum)
        return "ghp_" + body + _base62(zlib.crc32(body.encode()), 6)
    if kind == 1:
        return "sk_live_" + letters(rng, 24, alnum)
    if kind == 2:
        return "AIza" + letters(rng, 35, alnum + "-_")
    if kind == 3:
        return f"xoxb-{digits(rng, 12)}-{digits(rng, 13)}-{letters(rng, 24, alnum)}"
    if kind == 4:
        return "sk-proj-" + letters(rng, 48, alnum + "-_")
    return "sk-ant-api03-" + letters(rng, 86, alnum + "-_") + "-" + letters(rng, 6, alnum) + "AA"


def private_key(rng: random.Random) -> str:
    """A PEM private key derived from seeded bytes (EC P-256 or Ed25519)."""
    if rng.random() < 0.5:
        secret = rng.randrange(1, 2**255)
        key: ec.EllipticCurvePrivateKey | ed25519.Ed25519PrivateKey
        key = ec.derive_private_key(secret, ec.SECP256R1())
        fmt = rng.choice(
            [serialization.PrivateFormat.PKCS8, serialization.PrivateFormat.TraditionalOpenSSL]
        )
    else:
        key = ed25519.Ed25519PrivateKey.from_private_bytes(rng.randbytes(32))
        fmt = serialization.PrivateFormat.PKCS8
    pem = key.private_bytes(serialization.Encoding.PEM, fmt, serialization.NoEncryption())
    return pem.decode().strip()


def ip_address(rng: random.Random) -> str:
    """A public-looking IPv4 or IPv6 address."""
    if rng.random() < 0.75:
        first = rng.choice([31, 46, 62, 77, 81, 84, 91, 93, 145, 178, 185, 212, 217])
        return f"{first}.{rng.randint(0, 255)}.{rng.randint(0, 255)}.{rng.randint(1, 254)}"
    groups = ["2a02", f"{rng.randint(0x100, 0xFFF):x}"] + [
        f"{rng.randint(0, 0xFFFF):x}" for _ in range(6)
    ]
    return ":".join(groups)


# ---- negatives ---------------------------------------------------------------------------


def negative(rng: random.Random, kind: str, lang: str = "en") -> N:
    """A hard negative of ``kind``."""
    if kind == "order_number":
        v = rng.choice([f"ORD-{digits(rng, 8)}", digits(rng, 10), f"#{digits(rng, 7)}"])
    elif kind == "invoice_number":
        v = rng.choice(
            [
                f"INV-{rng.randint(2020, 2026)}-{digits(rng, 5)}",
                f"RE-{digits(rng, 6)}",
                f"R{digits(rng, 9)}",
            ]
        )
    elif kind == "ticket_id":
        v = rng.choice(
            [
                f"TCK-{digits(rng, 6)}",
                f"#{digits(rng, 5)}",
                f"SR{digits(rng, 8)}",
                f"JIRA-{digits(rng, 4)}",
            ]
        )
    elif kind == "version":
        v = f"{rng.randint(0, 9)}.{rng.randint(0, 30)}.{rng.randint(0, 99)}"
    elif kind == "timestamp":
        day = f"{rng.randint(2022, 2026)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"
        v = f"{day}T{rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}:{rng.randint(0, 59):02d}Z"
    elif kind == "date":
        v = other_date(rng, lang)
    elif kind == "amount":
        n = rng.randint(5, 9999)
        c = rng.randint(0, 99)
        v = (
            f"{n},{c:02d} €"
            if lang == "de"
            else rng.choice([f"${n:,}.{c:02d}", f"£{n}.{c:02d}", f"EUR {n}.{c:02d}"])
        )
    elif kind == "hash":
        v = hashlib.sha256(rng.randbytes(16)).hexdigest()[: rng.choice([40, 64, 12])]
    elif kind == "uuid":
        h = rng.randbytes(16).hex()
        v = f"{h[:8]}-{h[8:12]}-4{h[13:16]}-a{h[17:20]}-{h[20:]}"
    elif kind == "product_code":
        v = rng.choice(
            [
                f"SKU-{letters(rng, 3)}-{digits(rng, 4)}",
                f"{letters(rng, 2)}{digits(rng, 4)}-{letters(rng, 1)}",
                f"ART {digits(rng, 6)}",
            ]
        )
    elif kind == "tracking_number":
        v = rng.choice(
            [
                "1Z" + letters(rng, 6, string.ascii_uppercase + string.digits) + digits(rng, 10),
                "JJD" + digits(rng, 18),
                digits(rng, 12),
            ]
        )
    elif kind == "storage_size":
        v = rng.choice(
            [
                f"{rng.randint(1, 512)} GB",
                f"{rng.randint(1, 64)} TiB",
                f"{rng.randint(100, 999)} MB",
            ]
        )
    elif kind == "statute":
        v = rng.choice(
            [
                "§ 823 BGB",
                "Art. 6 Abs. 1 DSGVO",
                "§ 35 SGB I",
                "Art. 17 GDPR",
                "s. 27 Data Protection Act 2018",
                "§ 146 AO",
            ]
        )
    elif kind == "flight_number":
        v = rng.choice(["LH", "BA", "EI", "OS", "LX", "AC", "QF", "UA"]) + str(
            rng.randint(100, 9999)
        )
    elif kind == "booking_ref":
        v = letters(rng, 6, "ABCDEFGHJKLMNPQRSTUVWXYZ23456789")
    elif kind == "room_number":
        v = str(rng.randint(101, 899))
    elif kind == "percentage":
        v = f"{rng.randint(1, 99)} %" if lang == "de" else f"{rng.randint(1, 99)}%"
    elif kind == "http_status":
        v = rng.choice(["200", "201", "401", "403", "404", "429", "500", "503"])
    elif kind == "duration":
        v = rng.choice(
            [f"{rng.randint(1, 999)} ms", f"{rng.randint(1, 59)} min", f"{rng.randint(1, 12)}h"]
        )
    else:
        raise KeyError(kind)
    return N(kind, v)


# ---- a person and the context around them ------------------------------------------------


@dataclass
class Person:
    """One data subject: every attribute already formatted for the payload's locale."""

    first: str
    last: str
    female: bool
    born: dt.date
    email: str
    phone: str
    street: str
    postcode: str
    city: str
    state: str

    @property
    def name(self) -> str:
        """First and last name, no title."""
        return f"{self.first} {self.last}"


_FAKERS: dict[str, Faker] = {}


class Gen:
    """Draws values for one payload of one locale from a seeded generator."""

    def __init__(self, rng: random.Random, locale: str) -> None:
        self.rng = rng
        self.locale = locale
        self.lang = locale[:2]
        self.region = REGION[locale]
        if locale not in _FAKERS:
            _FAKERS[locale] = Faker(locale)
        self.fake = _FAKERS[locale]
        self.fake.seed_instance(rng.randrange(2**32))

    # entities ------------------------------------------------------------------------
    def person(self) -> Person:
        """A fresh person living in the payload's locale."""
        female = self.rng.random() < 0.5
        first = self.fake.first_name_female() if female else self.fake.first_name_male()
        last = self.fake.last_name()
        user = f"{first}.{last}".lower()
        for a, b in (("ä", "ae"), ("ö", "oe"), ("ü", "ue"), ("ß", "ss"), (" ", ""), ("'", "")):
            user = user.replace(a, b)
        user = user.encode("ascii", "ignore").decode() or "kunde"
        domain = self.rng.choice(
            ["gmail.com", "outlook.com", "yahoo.co.uk", "icloud.com", "proton.me"]
            if self.lang == "en"
            else ["gmx.de", "web.de", "t-online.de", "gmx.at", "bluewin.ch", "posteo.de"]
        )
        if self.rng.random() < 0.3:
            user += str(self.rng.randint(1, 99))
        state = ""
        if self.locale in ("en_US", "en_AU"):
            state = self.fake.state_abbr()
        elif self.locale == "en_CA":
            state = self.fake.province_abbr()
        postcode = self.fake.postcode()
        if self.locale in ("en_CA", "en_IE") and " " not in postcode:
            postcode = postcode[:3] + " " + postcode[3:]
        street = self.fake.street_address().replace("\n", " ")
        return Person(
            first,
            last,
            female,
            birth_date(self.rng),
            f"{user}@{domain}",
            phone(self.rng, self.region),
            street,
            postcode,
            self.fake.city(),
            state,
        )

    def town_line(self, p: Person) -> str:
        """Postcode and town (and state) in the locale's order."""
        if self.locale in ("en_US", "en_CA"):
            return f"{p.city}, {p.state} {p.postcode}"
        if self.locale == "en_AU":
            return f"{p.city} {p.state} {p.postcode}"
        if self.locale in ("en_GB", "en_IE"):
            return f"{p.city} {p.postcode}" if self.locale == "en_GB" else f"{p.city}, {p.postcode}"
        return f"{p.postcode} {p.city}"

    def address(self, p: Person, sep: str = ", ") -> E:
        """The whole address as one span."""
        return E("ADDRESS", p.street + sep + self.town_line(p))

    def dob(self, p: Person) -> E:
        """The person's date of birth in a random written form."""
        text = (
            dob_en(p.born, self.locale, self.rng) if self.lang == "en" else dob_de(p.born, self.rng)
        )
        return E("DATE_OF_BIRTH", text)

    def e(self, label: str, value: str) -> E:
        """An entity."""
        return E(label, value)

    def org(self) -> E:
        """A company."""
        return E("ORGANIZATION", self.fake.company())

    def other_name(self) -> E:
        """Another person's full name."""
        return E("PERSON", f"{self.fake.first_name()} {self.fake.last_name()}")

    def phone(self, ext: bool = False, region: str | None = None) -> E:
        """A phone number of the locale, optionally with an extension."""
        value = phone(self.rng, region or self.region)
        if ext:
            value += extension(self.rng, self.lang)
        return E("PHONE", value)

    def home_id(self, p: Person) -> E:
        """The locale's national identifier (SSN/ITIN for the US)."""
        if self.locale == "en_US":
            if self.rng.random() < 0.7:
                return E("US_SSN", us_ssn_value(self.rng))
            return E("US_ITIN", us_itin_value(self.rng))
        country = self.rng.choice(HOME_ID[self.locale])
        return E("NATIONAL_ID", national_id(self.rng, country, p.born, p.female))

    def foreign_id(self, p: Person) -> tuple[str, E]:
        """A foreign national identifier and the issuing country's name."""
        country = self.rng.choice(FOREIGN)
        names = FOREIGN_NAME_EN if self.lang == "en" else FOREIGN_NAME_DE
        return names[country], E("NATIONAL_ID", national_id(self.rng, country, p.born, p.female))

    def passport(self, country: str | None = None) -> E:
        """A passport number of the locale's country (or ``country``)."""
        return E("PASSPORT", passport(self.rng, country or PASSPORT_COUNTRY[self.locale]))

    def iban(self) -> E:
        """An IBAN of the locale's country (NL for AU/CA/US, which use none)."""
        country = self.region if self.region in ("DE", "AT", "CH", "GB", "IE") else "NL"
        return E("IBAN", iban(self.rng, country))

    def bic(self) -> E:
        """A BIC of the locale's country."""
        return E("BIC", bic(self.rng, self.region))

    def vat(self) -> E:
        """A VAT id of a European country near the locale."""
        country = self.region if self.region in ("DE", "AT", "CH", "GB", "IE") else "IE"
        return E("VAT_ID", vat_id(self.rng, country))

    def n(self, kind: str) -> N:
        """A hard negative."""
        return negative(self.rng, kind, self.lang)

    def pick(self, *options: str) -> str:
        """One of ``options``."""
        return self.rng.choice(options)
