"""Value makers for the fresh5 set: every identifier built from its published rule.

Each maker takes a ``random.Random`` and returns the value exactly as it will be written.
Nothing here reads the gateway's detectors; the rules come from the issuers' public
specifications (ISO 7064, ISO 13616, Luhn, national check-digit rules) and the tests
re-check every value with independent validators (python-stdnum, phonenumbers, ...).
"""

from __future__ import annotations

import base64
import binascii
import datetime as dt
import hashlib
import hmac
import json
import random
import string
from typing import Any

import phonenumbers
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec, ed25519, rsa
from faker import Faker

B62 = string.digits + string.ascii_uppercase + string.ascii_lowercase
ALNUM = string.ascii_letters + string.digits
URLSAFE = ALNUM + "-_"
HEXL = "0123456789abcdef"
JWT_KEY = b"fresh5-2026-hs256-signing-key"

_FAKERS: dict[str, Faker] = {}


def faker(rng: random.Random, locale: str) -> Faker:
    """A Faker for ``locale``, reseeded from ``rng`` at every use."""
    fk = _FAKERS.get(locale)
    if fk is None:
        fk = _FAKERS[locale] = Faker(locale)
    fk.seed_instance(rng.getrandbits(64))
    return fk


def digits(rng: random.Random, n: int) -> str:
    return "".join(rng.choice(string.digits) for _ in range(n))


def chars(rng: random.Random, alphabet: str, n: int) -> str:
    return "".join(rng.choice(alphabet) for _ in range(n))


# ---- check-digit helpers ---------------------------------------------------------------


def luhn_check_digit(body: str) -> str:
    total = 0
    for i, ch in enumerate(reversed(body)):
        d = int(ch)
        if i % 2 == 0:
            d *= 2
            if d > 9:
                d -= 9
        total += d
    return str((10 - total % 10) % 10)


def luhn_ok(number: str) -> bool:
    total = 0
    for i, ch in enumerate(reversed(number)):
        d = int(ch)
        if i % 2 == 1:
            d *= 2
            if d > 9:
                d -= 9
        total += d
    return total % 10 == 0


def mod11_10(body: str) -> str:
    product = 10
    for ch in body:
        s = (int(ch) + product) % 10
        if s == 0:
            s = 10
        product = (2 * s) % 11
    return str((11 - product) % 10)


def mod97_iban(country: str, bban: str) -> str:
    rearranged = bban + country + "00"
    num = "".join(str(int(c, 36)) for c in rearranged)
    return f"{98 - int(num) % 97:02d}"


def icao_check(s: str) -> str:
    weights = (7, 3, 1)
    total = 0
    for i, ch in enumerate(s):
        if ch.isdigit():
            v = int(ch)
        elif ch == "<":
            v = 0
        else:
            v = ord(ch) - 55
        total += v * weights[i % 3]
    return str(total % 10)


def group(s: str, sizes: list[int], sep: str = " ") -> str:
    out, i = [], 0
    for n in sizes:
        out.append(s[i : i + n])
        i += n
    if i < len(s):
        out.append(s[i:])
    return sep.join(p for p in out if p)


# ---- cards -------------------------------------------------------------------------------

CARD_SCHEMES: list[tuple[str, list[str], list[int]]] = [
    ("visa", ["4"], [16, 16, 16, 13, 19]),
    ("mastercard", ["51", "52", "53", "54", "55", "2221", "2300", "2500", "2720"], [16]),
    ("amex", ["34", "37"], [15]),
    ("discover", ["6011", "65", "644", "649"], [16]),
    ("diners", ["36", "300", "305", "38"], [14]),
    ("jcb", ["3528", "3530", "3566", "3589"], [16]),
    ("maestro", ["6759", "5018", "5020", "6304"], [12, 16, 18, 19]),
    ("unionpay", ["62"], [16, 17, 18, 19]),
]


def card(rng: random.Random, scheme: str | None = None) -> tuple[str, str]:
    """(scheme, formatted number)."""
    name, prefixes, lengths = (
        next(s for s in CARD_SCHEMES if s[0] == scheme) if scheme else rng.choice(CARD_SCHEMES)
    )
    if name == "mastercard" and rng.random() < 0.5:
        prefix = str(rng.randint(2221, 2720))
    else:
        prefix = rng.choice(prefixes)
    length = rng.choice(lengths)
    body = prefix + digits(rng, length - len(prefix) - 1)
    number = body + luhn_check_digit(body)
    style = rng.random()
    if style < 0.35:
        return name, number
    sep = " " if style < 0.8 else "-"
    if name == "amex":
        return name, group(number, [4, 6, 5], sep)
    if name == "diners":
        return name, group(number, [4, 6, 4], sep)
    return name, group(number, [4, 4, 4, 4, 3], sep)


def card_near_miss(rng: random.Random) -> str:
    _, number = card(rng, "visa")
    compact = number.replace(" ", "").replace("-", "")
    wrong = str((int(compact[-1]) + rng.randint(1, 9)) % 10)
    return number[:-1] + wrong


# ---- IBAN / BIC --------------------------------------------------------------------------

# country: list of (kind, length) where kind n=digits, a=upper letters, c=alnum upper
IBAN_SPECS: dict[str, list[tuple[str, int]]] = {
    "DE": [("n", 8), ("n", 10)],
    "AT": [("n", 5), ("n", 11)],
    "CH": [("n", 5), ("c", 12)],
    "GB": [("a", 4), ("n", 6), ("n", 8)],
    "NL": [("a", 4), ("n", 10)],
    "FR": [("n", 5), ("n", 5), ("c", 11), ("n", 2)],
    "IT": [("a", 1), ("n", 5), ("n", 5), ("c", 12)],
    "PL": [("n", 8), ("n", 16)],
    "LU": [("n", 3), ("c", 13)],
    "IE": [("a", 4), ("n", 6), ("n", 8)],
    "DK": [("n", 4), ("n", 10)],
    "SE": [("n", 3), ("n", 17)],
    "FI": [("n", 3), ("n", 11)],
    "PT": [("n", 4), ("n", 4), ("n", 11), ("n", 2)],
    "LI": [("n", 5), ("c", 12)],
}


def _bban(rng: random.Random, spec: list[tuple[str, int]]) -> str:
    out = []
    for kind, n in spec:
        if kind == "n":
            out.append(digits(rng, n))
        elif kind == "a":
            out.append(chars(rng, string.ascii_uppercase, n))
        else:
            out.append(chars(rng, string.ascii_uppercase + string.digits * 3, n))
    return "".join(out)


def _fr_rib_key(bban: str) -> str:
    # RIB key: 97 - ((89*bank + 15*branch + 3*account) mod 97), letters mapped to digits
    conv = {c: str((i % 9) + 1) for i, c in enumerate(string.ascii_uppercase)}
    conv.update({"S": "2", "T": "3", "U": "4", "V": "5", "W": "6", "X": "7", "Y": "8", "Z": "9"})
    acct = "".join(conv.get(c, c) for c in bban[10:21])
    total = 89 * int(bban[:5]) + 15 * int(bban[5:10]) + 3 * int(acct)
    return f"{97 - total % 97:02d}"


def iban_compact(rng: random.Random, country: str | None = None) -> str:
    cc = country or rng.choice(sorted(IBAN_SPECS))
    bban = _bban(rng, IBAN_SPECS[cc])
    if cc == "FR":
        bban = bban[:21] + _fr_rib_key(bban)
    return cc + mod97_iban(cc, bban) + bban


def iban(rng: random.Random, country: str | None = None) -> str:
    value = iban_compact(rng, country)
    return group(value, [4] * 9) if rng.random() < 0.6 else value


def iban_near_miss(rng: random.Random, country: str = "DE") -> str:
    value = iban_compact(rng, country)
    check = int(value[2:4])
    bad = f"{(check + rng.randint(1, 40)) % 97 + 2:02d}"
    if bad == value[2:4]:
        bad = f"{(check + 50) % 97 + 2:02d}"
    out = value[:2] + bad + value[4:]
    return group(out, [4] * 9) if rng.random() < 0.5 else out


BIC_COUNTRIES = ["DE", "AT", "CH", "GB", "FR", "NL", "IT", "ES", "US", "CA", "AU", "LU", "BE"]


def bic(rng: random.Random, country: str | None = None) -> str:
    cc = country or rng.choice(BIC_COUNTRIES)
    bank = chars(rng, string.ascii_uppercase, 4)
    loc = rng.choice(string.ascii_uppercase[1:]) + rng.choice(string.ascii_uppercase + "123456789")
    branch = "" if rng.random() < 0.55 else rng.choice(["XXX", chars(rng, "ABCDEFGH0123456789", 3)])
    return bank + cc + loc + branch


# ---- US / DE numbers ---------------------------------------------------------------------


def ssn(rng: random.Random) -> str:
    while True:
        area = rng.randint(1, 899)
        if area == 666:
            continue
        grp, serial = rng.randint(1, 99), rng.randint(1, 9999)
        value = f"{area:03d}-{grp:02d}-{serial:04d}"
        if value in {"078-05-1120", "219-09-9999"} or value.startswith("987-65-432"):
            continue
        return value if rng.random() < 0.85 else value.replace("-", "")


ITIN_GROUPS = [*range(70, 89), 90, 91, 92, *range(94, 100)]


def itin(rng: random.Random) -> str:
    return f"9{digits(rng, 2)}-{rng.choice(ITIN_GROUPS):02d}-{digits(rng, 4)}"


def ssn_near_miss(rng: random.Random) -> str:
    kind = rng.randint(0, 2)
    if kind == 0:
        return f"000-{rng.randint(10, 99)}-{rng.randint(1000, 9999)}"
    if kind == 1:
        return f"666-{rng.randint(10, 99)}-{rng.randint(1000, 9999)}"
    return f"{rng.randint(100, 899):03d}-00-{rng.randint(1000, 9999)}"


def idnr_compact(rng: random.Random) -> str:
    while True:
        pool = list("0123456789")
        rng.shuffle(pool)
        twice = rng.random() < 0.7
        if twice:
            body = pool[:9]
            body.append(rng.choice(body))
        else:
            body = pool[:8]
            d = rng.choice(body)
            body += [d, d]
        rng.shuffle(body)
        if body[0] == "0":
            continue
        if not twice:
            s = "".join(body)
            d = max(set(s), key=s.count)
            if d * 3 in s:
                continue
        s = "".join(body)
        return s + mod11_10(s)


def de_tax_id(rng: random.Random) -> str:
    s = idnr_compact(rng)
    r = rng.random()
    if r < 0.45:
        return s
    if r < 0.9:
        return group(s, [2, 3, 3, 3])
    return group(s, [2, 3, 3, 3], "/")


def idnr_near_miss(rng: random.Random) -> str:
    s = idnr_compact(rng)
    bad = str((int(s[-1]) + rng.randint(1, 9)) % 10)
    return s[:-1] + bad


# ---- VAT ids ---------------------------------------------------------------------------


def vat_id(rng: random.Random, country: str | None = None) -> str:
    cc = country or rng.choice(["DE", "AT", "FR", "IT", "NL", "BE", "PL", "DK", "SE", "CH", "GB"])
    while True:
        if cc == "DE":
            body = str(rng.randint(1, 9)) + digits(rng, 7)
            return "DE" + body + mod11_10(body)
        if cc == "AT":
            body = digits(rng, 7)
            total = 0
            for i, ch in enumerate(reversed(body)):
                d = int(ch) * (1 if i % 2 == 0 else 2)
                total += d // 10 + d % 10
            return "ATU" + body + str((6 - total) % 10)
        if cc == "FR":
            b = str(rng.randint(1, 9)) + digits(rng, 7)
            siren = b + luhn_check_digit(b)
            key = (12 + 3 * (int(siren) % 97)) % 97
            return f"FR{key:02d}{siren}" if rng.random() < 0.7 else f"FR {key:02d} {siren}"
        if cc == "IT":
            b = str(rng.randint(1, 9)) + digits(rng, 6) + f"{rng.randint(1, 100):03d}"
            return "IT" + b + luhn_check_digit(b)
        if cc == "NL":
            b = str(rng.randint(1, 9)) + digits(rng, 7)
            total = sum(int(c) * w for c, w in zip(b, range(9, 1, -1), strict=True))
            chk = total % 11
            if chk == 10:
                continue
            return f"NL{b}{chk}B{rng.randint(1, 99):02d}"
        if cc == "BE":
            b = rng.choice("01") + digits(rng, 7)
            if int(b) == 0:
                continue
            return f"BE{b}{97 - int(b) % 97:02d}"
        if cc == "PL":
            b = str(rng.randint(1, 9)) + digits(rng, 8)
            chk = sum(int(c) * w for c, w in zip(b, (6, 5, 7, 2, 3, 4, 5, 6, 7), strict=True)) % 11
            if chk == 10:
                continue
            return f"PL{b}{chk}"
        if cc == "DK":
            b = str(rng.randint(1, 9)) + digits(rng, 7)
            if sum(int(c) * w for c, w in zip(b, (2, 7, 6, 5, 4, 3, 2, 1), strict=True)) % 11:
                continue
            return f"DK{b}" if rng.random() < 0.6 else f"DK {group(b, [2, 2, 2, 2])}"
        if cc == "SE":
            b = rng.choice("25") + digits(rng, 1) + str(rng.randint(2, 9)) + digits(rng, 6)
            return f"SE{b}{luhn_check_digit(b)}01"
        if cc == "CH":
            b = str(rng.randint(1, 9)) + digits(rng, 7)
            chk = (
                11 - sum(int(c) * w for c, w in zip(b, (5, 4, 3, 2, 7, 6, 5, 4), strict=True)) % 11
            )
            if chk == 10:
                continue
            n = b + str(chk % 11)
            return f"CHE-{n[:3]}.{n[3:6]}.{n[6:]} " + rng.choice(["MWST", "TVA", "IVA"])
        if cc == "GB":
            b = str(rng.randint(1, 9)) + digits(rng, 6)
            total = sum(int(c) * w for c, w in zip(b, (8, 7, 6, 5, 4, 3, 2), strict=True))
            chk = (-total) % 97
            n = f"{b}{chk:02d}"
            return f"GB{n}" if rng.random() < 0.5 else f"GB {n[:3]} {n[3:7]} {n[7:]}"
        raise ValueError(cc)


# ---- national ids ------------------------------------------------------------------------

PA_ALPHA = "CFGHJKLMNPRTVWXYZ0123456789"


def birth(rng: random.Random, lo: int = 1946, hi: int = 2004) -> dt.date:
    return dt.date(rng.randint(lo, hi), 1, 1) + dt.timedelta(days=rng.randint(0, 364))


def national_id(rng: random.Random, kind: str, born: dt.date | None = None) -> str:
    d = born or birth(rng)
    yy, mm, dd = d.year % 100, d.month, d.day
    if kind == "de_pa":
        s = rng.choice("LMNPRTVWXY") + chars(rng, PA_ALPHA, 8)
        return s + icao_check(s) if rng.random() < 0.3 else s
    if kind == "gb_nino":
        first = "ABCEGHJKLMNOPRSTWXYZ"
        second = "ABCEGHJKLMNPRSTWXYZ"
        while True:
            pre = rng.choice(first) + rng.choice(second)
            if pre not in {"BG", "GB", "KN", "NK", "NT", "TN", "ZZ"}:
                break
        num = digits(rng, 6)
        suf = rng.choice("ABCD")
        return (
            f"{pre} {num[:2]} {num[2:4]} {num[4:]} {suf}" if rng.random() < 0.5 else pre + num + suf
        )
    if kind == "gb_nhs":
        while True:
            b = str(rng.randint(4, 9)) + digits(rng, 8)
            chk = 11 - sum(int(c) * w for c, w in zip(b, range(10, 1, -1), strict=True)) % 11
            if chk == 10:
                continue
            n = b + str(chk % 11)
            return group(n, [3, 3, 4], rng.choice([" ", " ", "-"]))
    if kind == "fr_nir":
        sex = rng.choice("12")
        dept = f"{rng.randint(1, 95):02d}"
        if dept == "20":
            dept = "75"
        body = f"{sex}{yy:02d}{mm:02d}{dept}{rng.randint(1, 990):03d}{rng.randint(1, 999):03d}"
        key = 97 - int(body) % 97
        n = f"{body}{key:02d}"
        return group(n, [1, 2, 2, 2, 3, 3, 2]) if rng.random() < 0.6 else n
    if kind == "it_cf":
        cons = "BCDFGLMNPRSTVZ"
        female = rng.random() < 0.5
        month = "ABCDEHLMPRST"[mm - 1]
        day = dd + 40 if female else dd
        town = rng.choice("ABCDEFGHLM") + f"{rng.randint(1, 999):03d}"
        s = (
            chars(rng, cons, 2)
            + rng.choice("AEIO")
            + chars(rng, cons, 3)
            + f"{yy:02d}"
            + month
            + f"{day:02d}"
            + town
        )
        # published values of the characters in odd positions (A/0, B/1, ... Z)
        # fmt: off
        odd = (1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22,
               25, 24, 23)
        # fmt: on
        total = 0
        for i, ch in enumerate(s):
            val = int(ch) if ch.isdigit() else ord(ch) - 65
            total += odd[val] if i % 2 == 0 else val
        return s + chr(65 + total % 26)
    if kind == "es_dni":
        dni_n = rng.randint(10000000, 99999999)
        letter = "TRWAGMYFPDXBNJZSQVHLCKE"[dni_n % 23]
        return f"{dni_n}{letter}" if rng.random() < 0.7 else f"{dni_n}-{letter}"
    if kind == "es_nie":
        p = rng.choice("XYZ")
        n = digits(rng, 7)
        letter = "TRWAGMYFPDXBNJZSQVHLCKE"[int(str("XYZ".index(p)) + n) % 23]
        return f"{p}{n}{letter}" if rng.random() < 0.7 else f"{p}-{n}-{letter}"
    if kind == "nl_bsn":
        while True:
            b = str(rng.randint(1, 6)) + digits(rng, 7)
            total = sum(int(c) * w for c, w in zip(b, range(9, 1, -1), strict=True))
            chk = total % 11
            if chk == 10:
                continue
            n = b + str(chk)
            return n if rng.random() < 0.7 else group(n, [4, 2, 3], ".")
    if kind == "pl_pesel":
        m = mm + (20 if d.year >= 2000 else 0)
        b = f"{yy:02d}{m:02d}{dd:02d}{digits(rng, 4)}"
        w = (1, 3, 7, 9, 1, 3, 7, 9, 1, 3)
        chk = (10 - sum(int(c) * x for c, x in zip(b, w, strict=True)) % 10) % 10
        return b + str(chk)
    if kind == "se_pnr":
        b = f"{yy:02d}{mm:02d}{dd:02d}{rng.randint(2, 999):03d}"
        return f"{b[:6]}-{b[6:]}{luhn_check_digit(b)}"
    if kind == "at_vnr":
        while True:
            serial = str(rng.randint(1, 9)) + digits(rng, 2)
            datepart = f"{dd:02d}{mm:02d}{yy:02d}"
            vw = (3, 7, 9, 5, 8, 4, 2, 1, 6)
            chk = sum(int(c) * x for c, x in zip(serial + datepart, vw, strict=True)) % 11
            if chk == 10:
                continue
            return f"{serial}{chk} {datepart}" if rng.random() < 0.7 else f"{serial}{chk}{datepart}"
    if kind == "ch_ahv":
        b = "756" + digits(rng, 9)
        total = sum(int(c) * (3 if i % 2 else 1) for i, c in enumerate(b))
        n = b + str((10 - total % 10) % 10)
        return f"{n[:3]}.{n[3:7]}.{n[7:11]}.{n[11:]}"
    if kind == "ca_sin":
        b = str(rng.choice([1, 2, 3, 4, 5, 6, 7, 9])) + digits(rng, 7)
        n = b + luhn_check_digit(b)
        return group(n, [3, 3, 3], rng.choice([" ", "-"]))
    if kind == "dk_cpr":
        seventh = rng.choice("4") if d.year >= 2000 else rng.choice("0123")
        return f"{dd:02d}{mm:02d}{yy:02d}-{seventh}{digits(rng, 3)}"
    if kind == "fi_hetu":
        century = "A" if d.year >= 2000 else "-"
        ind = rng.randint(2, 899)
        hchk = "0123456789ABCDEFHJKLMNPRSTUVWXY"[int(f"{dd:02d}{mm:02d}{yy:02d}{ind:03d}") % 31]
        return f"{dd:02d}{mm:02d}{yy:02d}{century}{ind:03d}{hchk}"
    if kind == "be_nn":
        seq = rng.randint(1, 997)
        b = f"{yy:02d}{mm:02d}{dd:02d}{seq:03d}"
        base = int(("2" if d.year >= 2000 else "") + b)
        chk = 97 - base % 97
        return f"{yy:02d}.{mm:02d}.{dd:02d}-{seq:03d}.{chk:02d}"
    raise ValueError(kind)


NATIONAL_KINDS = [
    "de_pa",
    "gb_nino",
    "gb_nhs",
    "fr_nir",
    "it_cf",
    "es_dni",
    "es_nie",
    "nl_bsn",
    "pl_pesel",
    "se_pnr",
    "at_vnr",
    "ch_ahv",
    "ca_sin",
    "dk_cpr",
    "fi_hetu",
    "be_nn",
]


# ---- passports ---------------------------------------------------------------------------

PASSPORT_KINDS = ["DE", "US", "GB", "FR", "AT", "CH", "IT", "ES", "CA"]


def passport(rng: random.Random, country: str) -> str:
    up = string.ascii_uppercase
    if country == "DE":
        return rng.choice("CFGHJK") + chars(rng, PA_ALPHA, 8)
    if country == "US":
        return (
            digits(rng, 9)
            if rng.random() < 0.5
            else rng.choice("ACEFGHJKLMNPRSTUVWXZ") + digits(rng, 8)
        )
    if country == "GB":
        return str(rng.randint(1, 9)) + digits(rng, 8)
    if country == "FR":
        return digits(rng, 2) + chars(rng, up, 2) + digits(rng, 5)
    if country in ("AT", "CH"):
        return rng.choice("PUXSH" if country == "AT" else "XSFP") + digits(rng, 7)
    if country == "IT":
        return chars(rng, up, 2) + digits(rng, 7)
    if country == "ES":
        return chars(rng, up, 3) + digits(rng, 6)
    if country == "CA":
        return chars(rng, up, 2) + digits(rng, 6)
    raise ValueError(country)


# ---- phones --------------------------------------------------------------------------------

_PHONE_SHAPES: dict[str, list[tuple[str, list[int]]]] = {
    # region: (national prefix pattern, digits after it)
    "DE": [
        ("030", [7, 8]),
        ("089", [7, 8]),
        ("040", [7, 8]),
        ("069", [7, 8]),
        ("0221", [6, 7]),
        ("0711", [6, 7]),
        ("0151", [8]),
        ("0160", [7]),
        ("0170", [7]),
        ("0176", [8]),
        ("0152", [8]),
        ("0172", [7]),
    ],
    "AT": [("01", [7]), ("0316", [6]), ("0662", [6]), ("0664", [7]), ("0660", [7]), ("0676", [7])],
    "CH": [("044", [7]), ("031", [7]), ("061", [7]), ("079", [7]), ("078", [7]), ("076", [7])],
    "US": [
        ("212", [7]),
        ("415", [7]),
        ("617", [7]),
        ("312", [7]),
        ("206", [7]),
        ("512", [7]),
        ("303", [7]),
        ("404", [7]),
        ("702", [7]),
    ],
    "CA": [("416", [7]), ("604", [7]), ("514", [7]), ("403", [7]), ("613", [7])],
    "GB": [("020", [8]), ("0161", [7]), ("0131", [7]), ("0117", [7]), ("0121", [7]), ("07", [9])],
    "AU": [("02", [8]), ("03", [8]), ("07", [8]), ("04", [8])],
}
CC = {"DE": "49", "AT": "43", "CH": "41", "US": "1", "CA": "1", "GB": "44", "AU": "61"}


def phone(
    rng: random.Random, region: str, international: bool | None = None, ext: bool = False
) -> str:
    """A phone number valid per phonenumbers for ``region``, written in a local style."""
    for _ in range(200):
        prefix, ns = rng.choice(_PHONE_SHAPES[region])
        rest = str(rng.randint(2, 9)) + digits(rng, rng.choice(ns) - 1)
        if region in ("US", "CA"):
            rest = str(rng.randint(2, 9)) + digits(rng, 2) + digits(rng, 4)
            if rest[1:3] == "11" or rest[:3] == "555":
                continue
        national = prefix + rest
        parsed = phonenumbers.parse(national, region)
        if not phonenumbers.is_valid_number(parsed):
            continue
        intl = rng.random() < 0.3 if international is None else international
        text = _style(rng, region, prefix, rest, intl)
        check = phonenumbers.parse(text, region)
        if (
            not phonenumbers.is_valid_number(check)
            or check.national_number != parsed.national_number
        ):
            continue
        if ext:
            text += rng.choice([" ext. ", " x", " ext ", " Ext. "]) + str(rng.randint(10, 999))
        return text
    raise RuntimeError("no valid phone")


def _style(rng: random.Random, region: str, prefix: str, rest: str, intl: bool) -> str:
    cc = CC[region]
    if region in ("US", "CA"):
        a, b, c = prefix, rest[:3], rest[3:]
        if intl:
            return rng.choice(
                [f"+1 {a}-{b}-{c}", f"+1 ({a}) {b}-{c}", f"+1{a}{b}{c}", f"+1 {a} {b} {c}"]
            )
        return rng.choice(
            [f"({a}) {b}-{c}", f"{a}-{b}-{c}", f"{a}.{b}.{c}", f"{a} {b} {c}", f"1-{a}-{b}-{c}"]
        )
    trunk = prefix[1:]
    if intl:
        styles = [
            f"+{cc} {trunk} {rest}",
            f"+{cc}{trunk}{rest}",
            f"00{cc} {trunk} {rest}",
            f"+{cc} {trunk} {group(rest, [3, 2, 2, 2])}",
        ]
        if region in ("DE", "AT", "CH"):
            styles.append(f"+{cc} (0){trunk} {rest}")
        return rng.choice(styles)
    if region == "DE":
        return rng.choice(
            [
                f"{prefix} {rest}",
                f"{prefix}/{rest}",
                f"{prefix}-{rest}",
                f"({prefix}) {rest}",
                f"{prefix} {group(rest, [3, 2, 2, 2])}",
            ]
        )
    if region == "CH":
        return f"{prefix} {rest[:3]} {rest[3:5]} {rest[5:]}"
    if region == "AT":
        return rng.choice([f"{prefix} {rest}", f"{prefix}/{rest}", f"({prefix}) {rest}"])
    if region == "GB":
        if prefix == "07":
            n = prefix + rest
            return f"{n[:5]} {n[5:]}"
        if prefix == "020":
            return f"{prefix} {rest[:4]} {rest[4:]}"
        return f"{prefix} {rest[:3]} {rest[3:]}"
    if region == "AU":
        if prefix == "04":
            n = prefix + rest
            return f"{n[:4]} {n[4:7]} {n[7:]}"
        return f"({prefix}) {rest[:4]} {rest[4:]}"
    return prefix + rest


# ---- network, keys, tokens ---------------------------------------------------------------


def ipv4(rng: random.Random, private: bool | None = None) -> str:
    if private if private is not None else rng.random() < 0.35:
        return rng.choice(
            [
                f"10.{rng.randint(0, 255)}.{rng.randint(0, 255)}.{rng.randint(1, 254)}",
                f"192.168.{rng.randint(0, 255)}.{rng.randint(1, 254)}",
                f"172.{rng.randint(16, 31)}.{rng.randint(0, 255)}.{rng.randint(1, 254)}",
            ]
        )
    first = rng.choice(
        [23, 31, 45, 51, 62, 78, 81, 85, 91, 93, 104, 134, 141, 176, 185, 193, 212, 217]
    )
    return f"{first}.{rng.randint(0, 255)}.{rng.randint(0, 255)}.{rng.randint(1, 254)}"


def ipv6(rng: random.Random) -> str:
    groups = [rng.choice(["2001", "2a02", "2a01", "2003", "2600", "fd12"])] + [
        f"{rng.randint(0, 0xFFFF):x}" for _ in range(7)
    ]
    if rng.random() < 0.6:
        i = rng.randint(2, 5)
        return ":".join(groups[:i]) + "::" + ":".join(groups[i + 2 :])
    return ":".join(groups)


def ip_near_miss(rng: random.Random) -> str:
    return rng.choice(
        [
            f"{rng.randint(256, 399)}.{rng.randint(0, 255)}."
            f"{rng.randint(0, 255)}.{rng.randint(1, 254)}",
            f"192.168.{rng.randint(0, 255)}.{rng.randint(256, 999)}",
            f"10.{rng.randint(0, 255)}.{rng.randint(300, 999)}.{rng.randint(1, 254)}",
        ]
    )


def _b62_crc(payload: str) -> str:
    crc = binascii.crc32(payload.encode()) & 0xFFFFFFFF
    out = ""
    while crc:
        crc, r = divmod(crc, 62)
        out = B62[r] + out
    return out.rjust(6, "0")


VENDORS = [
    "aws",
    "github",
    "github_pat",
    "gitlab",
    "slack",
    "stripe",
    "openai",
    "anthropic",
    "google",
    "sendgrid",
    "twilio",
    "npm",
    "pypi",
    "hf",
    "digitalocean",
    "shopify",
]


def api_key(rng: random.Random, vendor: str) -> str:
    if vendor == "aws":
        return "AKIA" + chars(rng, string.ascii_uppercase + "234567", 16)
    if vendor == "aws_secret":
        return chars(rng, ALNUM + "/+", 40)
    if vendor == "github":
        body = chars(rng, ALNUM, 30)
        prefix = rng.choice(["ghp_", "gho_", "ghs_", "ghu_", "ghr_"])
        return prefix + body + _b62_crc(body)
    if vendor == "github_pat":
        return (
            "github_pat_11"
            + chars(rng, string.ascii_uppercase + string.digits, 20)
            + "_"
            + chars(rng, ALNUM, 59)
        )
    if vendor == "gitlab":
        return "glpat-" + chars(rng, URLSAFE, 20)
    if vendor == "slack":
        return (
            rng.choice(["xoxb-", "xoxp-"])
            + digits(rng, 12)
            + "-"
            + digits(rng, 13)
            + "-"
            + chars(rng, ALNUM, 24)
        )
    if vendor == "stripe":
        return rng.choice(["sk_live_", "rk_live_", "sk_test_"]) + chars(
            rng, ALNUM, rng.choice([24, 99])
        )
    if vendor == "openai":
        if rng.random() < 0.5:
            return "sk-" + chars(rng, ALNUM, 20) + "T3BlbkFJ" + chars(rng, ALNUM, 20)
        return "sk-proj-" + chars(rng, URLSAFE, 156)
    if vendor == "anthropic":
        return "sk-ant-api03-" + chars(rng, URLSAFE, 93) + "AA"
    if vendor == "google":
        return "AIza" + chars(rng, URLSAFE, 35)
    if vendor == "sendgrid":
        return "SG." + chars(rng, URLSAFE, 22) + "." + chars(rng, URLSAFE, 43)
    if vendor == "twilio":
        return "SK" + chars(rng, HEXL, 32)
    if vendor == "npm":
        body = chars(rng, ALNUM, 30)
        return "npm_" + body + _b62_crc(body)
    if vendor == "pypi":
        return "pypi-AgEIcHlwaS5vcmc" + chars(rng, URLSAFE, 60)
    if vendor == "hf":
        return "hf_" + chars(rng, string.ascii_letters, 34)
    if vendor == "digitalocean":
        return "dop_v1_" + chars(rng, HEXL, 64)
    if vendor == "shopify":
        return "shpat_" + chars(rng, HEXL, 32)
    raise ValueError(vendor)


_WORDS = [
    "Sommer",
    "Winter",
    "Blume",
    "Tiger",
    "Falcon",
    "Harbor",
    "Maple",
    "Orbit",
    "Quartz",
    "Delta",
    "Kiwi",
    "Nebula",
    "Pilot",
    "Zebra",
    "Anker",
    "Kaffee",
    "Regen",
    "Sonne",
]


def password(rng: random.Random) -> str:
    kind = rng.randint(0, 2)
    if kind == 0:
        return rng.choice(_WORDS) + str(rng.randint(10, 2029)) + rng.choice("!?#$%&*")
    if kind == 1:
        return chars(rng, ALNUM + "!#%&*+-=?@^_", rng.randint(14, 24))
    return "-".join(rng.choice(_WORDS).lower() for _ in range(3)) + str(rng.randint(1, 99))


def generic_secret(rng: random.Random) -> str:
    kind = rng.randint(0, 2)
    if kind == 0:
        return chars(rng, HEXL, 64)
    if kind == 1:
        return "whsec_" + chars(rng, ALNUM, 32)
    return chars(rng, URLSAFE, 43)


def jwt(rng: random.Random, claims: dict[str, Any]) -> str:
    def enc(obj: dict[str, Any]) -> str:
        raw = json.dumps(obj, separators=(",", ":")).encode()
        return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()

    head = enc({"alg": "HS256", "typ": "JWT"})
    body = enc(claims)
    sig = hmac.new(JWT_KEY, f"{head}.{body}".encode(), hashlib.sha256).digest()
    return f"{head}.{body}.{base64.urlsafe_b64encode(sig).rstrip(b'=').decode()}"


# -- private keys: deterministic from rng (RSA primes by Miller-Rabin on rng draws)


def _is_probable_prime(n: int, rng: random.Random) -> bool:
    small = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71)
    if n < 2:
        return False
    for p in small:
        if n % p == 0:
            return n == p
    d, s = n - 1, 0
    while d % 2 == 0:
        d //= 2
        s += 1
    for _ in range(20):
        a = rng.randrange(2, n - 2)
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = pow(x, 2, n)
            if x == n - 1:
                break
        else:
            return False
    return True


def _prime(rng: random.Random, bits: int) -> int:
    while True:
        n = rng.getrandbits(bits) | (1 << (bits - 1)) | (1 << (bits - 2)) | 1
        if (n - 1) % 65537 and _is_probable_prime(n, rng):
            return n


def _rsa(rng: random.Random, bits: int) -> rsa.RSAPrivateKey:
    e = 65537
    while True:
        p, q = _prime(rng, bits // 2), _prime(rng, bits // 2)
        if p == q:
            continue
        n = p * q
        if n.bit_length() != bits:
            continue
        phi = (p - 1) * (q - 1)
        d = pow(e, -1, phi)
        pub = rsa.RSAPublicNumbers(e, n)
        priv = rsa.RSAPrivateNumbers(p, q, d, d % (p - 1), d % (q - 1), pow(q, -1, p), pub)
        return priv.private_key()


def _fix_openssh_checkint(pem: str, rng: random.Random) -> str:
    lines = pem.strip().splitlines()
    blob = bytearray(base64.b64decode("".join(lines[1:-1])))
    pos = len(b"openssh-key-v1\x00")

    def skip_string(p: int) -> int:
        return p + 4 + int.from_bytes(blob[p : p + 4], "big")

    for _ in range(3):  # ciphername, kdfname, kdfoptions
        pos = skip_string(pos)
    pos += 4  # number of keys
    pos = skip_string(pos)  # public key
    pos += 4  # length of the private section
    check = rng.getrandbits(32).to_bytes(4, "big")
    blob[pos : pos + 4] = check
    blob[pos + 4 : pos + 8] = check
    body = base64.b64encode(bytes(blob)).decode()
    wrapped = [body[i : i + 70] for i in range(0, len(body), 70)]
    return "\n".join([lines[0], *wrapped, lines[-1]]) + "\n"


def private_key(rng: random.Random, kind: str | None = None) -> str:
    """A PEM / OpenSSH private key (ends with the END line, no trailing newline)."""
    kind = kind or rng.choice(
        ["rsa_pkcs8", "rsa_trad", "ec_trad", "ec_pkcs8", "ed_openssh", "ed_pkcs8", "rsa_openssh"]
    )
    none = serialization.NoEncryption()
    pem_enc = serialization.Encoding.PEM
    key: Any
    if kind.startswith("rsa"):
        key = _rsa(rng, rng.choice([1024, 2048]) if kind != "rsa_openssh" else 2048)
    elif kind.startswith("ec"):
        curve = rng.choice([ec.SECP256R1(), ec.SECP384R1()])
        key = ec.derive_private_key(rng.randrange(1, 2**250), curve)
    else:
        key = ed25519.Ed25519PrivateKey.from_private_bytes(rng.getrandbits(256).to_bytes(32, "big"))
    if kind.endswith("openssh"):
        raw = key.private_bytes(pem_enc, serialization.PrivateFormat.OpenSSH, none).decode()
        return _fix_openssh_checkint(raw, rng).strip()
    fmt = (
        serialization.PrivateFormat.PKCS8
        if kind.endswith("pkcs8")
        else serialization.PrivateFormat.TraditionalOpenSSL
    )
    return str(key.private_bytes(pem_enc, fmt, none).decode()).strip()


def public_key_line(rng: random.Random, comment: str) -> str:
    key = ed25519.Ed25519PrivateKey.from_private_bytes(rng.getrandbits(256).to_bytes(32, "big"))
    pub = (
        key.public_key()
        .public_bytes(serialization.Encoding.OpenSSH, serialization.PublicFormat.OpenSSH)
        .decode()
    )
    return f"{pub} {comment}"


# ---- dates -------------------------------------------------------------------------------

EN_MONTHS = [
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
DE_MONTHS = [
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


def fmt_date(rng: random.Random, d: dt.date, lang: str, region: str = "") -> str:
    if lang == "de":
        return rng.choice(
            [
                f"{d.day:02d}.{d.month:02d}.{d.year}",
                f"{d.day}.{d.month}.{d.year}",
                f"{d.day}. {DE_MONTHS[d.month - 1]} {d.year}",
                d.isoformat(),
                f"{d.day:02d}.{d.month:02d}.{d.year}",
            ]
        )
    if region == "US":
        return rng.choice(
            [
                f"{d.month:02d}/{d.day:02d}/{d.year}",
                f"{EN_MONTHS[d.month - 1]} {d.day}, {d.year}",
                d.isoformat(),
                f"{EN_MONTHS[d.month - 1][:3]} {d.day}, {d.year}",
            ]
        )
    return rng.choice(
        [
            f"{d.day:02d}/{d.month:02d}/{d.year}",
            f"{d.day} {EN_MONTHS[d.month - 1]} {d.year}",
            d.isoformat(),
            f"{d.day} {EN_MONTHS[d.month - 1][:3]} {d.year}",
        ]
    )


# ---- negatives ---------------------------------------------------------------------------


def negative(rng: random.Random, kind: str, lang: str = "en") -> str:
    up = string.ascii_uppercase
    if kind == "order_number":
        return rng.choice(
            [
                f"ORD-{rng.randint(2023, 2026)}-{digits(rng, 6)}",
                f"#{rng.randint(100000, 999999)}",
                f"SO-{digits(rng, 7)}",
                f"B-{digits(rng, 5)}-{chars(rng, up, 2)}",
            ]
        )
    if kind == "invoice_number":
        return rng.choice(
            [
                f"INV-{rng.randint(2024, 2026)}-{digits(rng, 5)}",
                f"RE-{rng.randint(2024, 2026)}/{digits(rng, 4)}",
                f"R{digits(rng, 6)}-{rng.randint(1, 9)}",
            ]
        )
    if kind == "ticket_id":
        return rng.choice(
            [
                f"{chars(rng, up, rng.randint(3, 5))}-{rng.randint(10, 9999)}",
                f"INC{digits(rng, 7)}",
                f"#{rng.randint(1000, 99999)}",
            ]
        )
    if kind == "reference":
        return rng.choice(
            [
                f"Az. {rng.randint(1, 99)} C {rng.randint(100, 9999)}/{rng.randint(20, 26)}",
                f"REF-{chars(rng, up + string.digits, 8)}",
                f"VG-{digits(rng, 4)}-{chars(rng, up, 3)}",
            ]
        )
    if kind == "version":
        return rng.choice(
            [
                f"v{rng.randint(0, 9)}.{rng.randint(0, 30)}.{rng.randint(0, 40)}",
                f"{rng.randint(1, 20)}.{rng.randint(0, 12)}.{rng.randint(0, 99)}",
                f"{rng.randint(1, 5)}.{rng.randint(0, 9)}."
                f"{rng.randint(0, 9)}-rc{rng.randint(1, 4)}",
            ]
        )
    if kind == "timestamp":
        d = dt.datetime(2026, 1, 1) + dt.timedelta(seconds=rng.randint(0, 300 * 86400))
        return rng.choice(
            [
                d.strftime("%Y-%m-%dT%H:%M:%SZ"),
                d.strftime("%Y-%m-%d %H:%M:%S"),
                d.strftime("%b %d %H:%M:%S").replace(" 0", "  ", 1),
            ]
        )
    if kind == "date":
        day = dt.date(2025, 1, 1) + dt.timedelta(days=rng.randint(0, 700))
        return fmt_date(rng, day, lang, "US" if rng.random() < 0.3 else "")
    if kind == "amount":
        v = rng.randint(5, 99999) + rng.randint(0, 99) / 100
        if lang == "de":
            return rng.choice(
                [
                    f"{v:,.2f} €".replace(",", "X").replace(".", ",").replace("X", "."),
                    f"EUR {v:.2f}".replace(".", ","),
                ]
            )
        return rng.choice([f"${v:,.2f}", f"£{v:,.2f}", f"USD {v:.2f}"])
    if kind == "hash":
        return chars(rng, HEXL, rng.choice([40, 64, 7, 12]))
    if kind == "uuid":
        h = chars(rng, HEXL, 32)
        return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-{rng.choice('89ab')}{h[17:20]}-{h[20:]}"
    if kind == "product_code":
        return rng.choice(
            [
                f"SKU-{chars(rng, up, 3)}-{digits(rng, 4)}",
                f"ART.{digits(rng, 3)}.{digits(rng, 3)}",
                f"{chars(rng, up, 2)}{digits(rng, 3)}-{chars(rng, up, 1)}",
            ]
        )
    if kind == "tracking_number":
        return rng.choice(
            [
                f"1Z{chars(rng, up + string.digits, 16)}",
                f"JJD{digits(rng, 15)}",
                f"{chars(rng, up, 2)}{digits(rng, 9)}DE",
            ]
        )
    if kind == "booking_ref":
        return chars(rng, "ABCDEFGHJKLMNPQRSTUVWXYZ", 2) + chars(
            rng, "ABCDEFGHJKLMNPQRSTUVWXYZ23456789", 4
        )
    if kind == "error_code":
        return rng.choice(
            [
                f"ERR_{chars(rng, up, 4)}_{digits(rng, 3)}",
                f"E{digits(rng, 4)}",
                f"0x{chars(rng, HEXL.upper(), 8)}",
                f"HTTP {rng.choice([403, 404, 429, 502])}",
            ]
        )
    if kind == "placeholder":
        return rng.choice(
            [
                "<EMAIL>",
                "[NAME]",
                "{{customer_phone}}",
                "XXX-XX-XXXX",
                "${API_KEY}",
                "your-api-key-here",
                "john.doe@example",
                "<IBAN>",
                "{{ iban }}",
                "[REDACTED]",
            ]
        )
    if kind == "masked":
        return rng.choice(
            [
                f"**** **** **** {digits(rng, 4)}",
                f"DE** **** **** **** **{digits(rng, 2)} {digits(rng, 2)}",
                f"***-**-{digits(rng, 4)}",
                f"sk-...{chars(rng, ALNUM, 4)}",
                f"+49 *** ***{digits(rng, 2)}",
                f"XXXX XXXX XXXX {digits(rng, 4)}",
            ]
        )
    if kind == "iban_near_miss":
        return iban_near_miss(rng, rng.choice(["DE", "AT", "GB", "NL", "FR"]))
    if kind == "card_near_miss":
        return card_near_miss(rng)
    if kind == "taxid_near_miss":
        return idnr_near_miss(rng)
    if kind == "ssn_near_miss":
        return ssn_near_miss(rng)
    if kind == "ip_near_miss":
        return ip_near_miss(rng)
    if kind == "phone_near_miss":
        return rng.choice(
            [
                f"+49 30 {digits(rng, 2)}",
                f"0000 {digits(rng, 6)}",
                f"555-01{digits(rng, 2)}",
                f"+1 {rng.choice(['011', '111', '099'])}-{digits(rng, 3)}-{digits(rng, 4)}",
            ]
        )
    raise ValueError(kind)


NEG_KINDS = [
    "order_number",
    "invoice_number",
    "ticket_id",
    "reference",
    "version",
    "timestamp",
    "date",
    "amount",
    "hash",
    "uuid",
    "product_code",
    "tracking_number",
    "booking_ref",
    "error_code",
    "placeholder",
    "masked",
    "iban_near_miss",
    "card_near_miss",
    "taxid_near_miss",
    "ssn_near_miss",
    "ip_near_miss",
    "phone_near_miss",
]
