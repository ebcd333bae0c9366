"""Value generators for the fresh3 set, written from the issuers' published rules.

Every function takes its ``random.Random`` explicitly, so a payload's values depend only
on its own seed.  Faker is used elsewhere only for given names, surnames and mail
domains; towns, streets, postcodes, numbering plans, check digits and token formats are
encoded here.  Nothing in this module looks at a detector: the check digits are computed
from the published algorithms, and ``tests/eval/test_fresh3.py`` checks the results with
third-party validators (python-stdnum, phonenumbers, ipaddress, cryptography, hmac).
"""

from __future__ import annotations

import base64
import datetime as dt
import hashlib
import hmac
import json
import random
import string
import struct
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TypeVar

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec, ed25519, rsa
from cryptography.x509 import (
    CertificateBuilder,
    DNSName,
    Name,
    NameAttribute,
    SubjectAlternativeName,
)
from cryptography.x509.oid import NameOID

B62 = string.digits + string.ascii_uppercase + string.ascii_lowercase
ALNUM = string.ascii_letters + string.digits
URLSAFE = ALNUM + "-_"
HEX = "0123456789abcdef"
B32 = string.ascii_uppercase + "234567"
T = TypeVar("T")


def pick(rng: random.Random, items: Sequence[T]) -> T:
    """One element of ``items``."""
    return items[rng.randrange(len(items))]


def chars(rng: random.Random, alphabet: str, n: int) -> str:
    """``n`` characters drawn from ``alphabet``."""
    return "".join(alphabet[rng.randrange(len(alphabet))] for _ in range(n))


def digits(rng: random.Random, n: int) -> str:
    """``n`` decimal digits (a leading zero allowed)."""
    return chars(rng, string.digits, n)


def group(text: str, sizes: Sequence[int], sep: str = " ") -> str:
    """``text`` cut into groups of ``sizes`` (the last size repeats) joined by ``sep``."""
    out: list[str] = []
    i = 0
    k = 0
    while i < len(text):
        size = sizes[min(k, len(sizes) - 1)]
        out.append(text[i : i + size])
        i += size
        k += 1
    return sep.join(out)


# ---- check-digit algorithms (from the published rules) ----------------------------------


def luhn_digit(body: str) -> str:
    """The Luhn (ISO/IEC 7812) check digit for ``body``."""
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
    """True when ``number`` (digits only) passes Luhn."""
    return luhn_digit(number[:-1]) == number[-1]


def mod11_10(body: str) -> str:
    """ISO 7064 MOD 11,10 check digit (Steuer-IdNr, German USt-IdNr)."""
    product = 10
    for ch in body:
        s = (int(ch) + product) % 10
        if s == 0:
            s = 10
        product = (s * 2) % 11
    check = 11 - product
    return "0" if check == 10 else str(check)


def mod97_check(bban_country: str) -> str:
    """The two IBAN check digits (ISO 13616, MOD 97-10) for ``country + bban``."""
    country, bban = bban_country[:2], bban_country[2:]
    moved = bban + country + "00"
    numeric = "".join(str(int(c, 36)) for c in moved)
    return f"{98 - int(numeric) % 97:02d}"


def icao_digit(text: str) -> str:
    """ICAO 9303 check digit (weights 7, 3, 1; ``<`` counts 0, A=10 ... Z=35)."""
    total = 0
    for i, ch in enumerate(text):
        if ch.isdigit():
            v = int(ch)
        elif ch.isalpha():
            v = ord(ch.upper()) - 55
        else:
            v = 0
        total += v * (7, 3, 1)[i % 3]
    return str(total % 10)


# ---- phone numbers ------------------------------------------------------------------

US_AREAS = (
    "201", "202", "203", "205", "206", "207", "212", "213", "214", "215", "216", "217", "224",
    "225", "234", "239", "240", "248", "251", "253", "254", "256", "260", "262", "267", "269",
    "281", "301", "302", "303", "304", "305", "310", "312", "313", "314", "315", "316", "317",
    "319", "320", "321", "323", "330", "336", "337", "347", "352", "360", "385", "386", "401",
    "402", "404", "405", "407", "408", "410", "412", "413", "414", "415", "417", "419", "425",
    "434", "440", "443", "469", "470", "480", "484", "501", "502", "503", "504", "505", "508",
    "510", "512", "513", "515", "516", "517", "518", "520", "530", "540", "541", "551", "559",
    "561", "562", "571", "573", "585", "586", "602", "603", "608", "609", "610", "612", "614",
    "615", "616", "617", "619", "623", "626", "628", "630", "631", "646", "650", "651", "657",
    "661", "678", "682", "702", "703", "704", "706", "708", "713", "714", "718", "720", "724",
    "727", "732", "734", "737", "747", "754", "757", "760", "763", "770", "773", "774", "781",
    "786", "801", "802", "803", "804", "805", "813", "816", "818", "832", "843", "845", "847",
    "850", "857", "858", "860", "862", "864", "904", "908", "909", "910", "914", "916", "917",
    "918", "919", "925", "929", "937", "941", "949", "951", "952", "954", "970", "971", "972",
    "973", "978", "980", "984",
)  # fmt: skip
CA_AREAS = (
    "204", "226", "236", "250", "289", "306", "343", "403", "416", "418", "431", "437", "438",
    "450", "506", "514", "519", "587", "604", "613", "647", "705", "778", "780", "819", "902",
    "905",
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class Phone:
    """A phone number: ``cc`` country calling code, ``trunk`` national prefix, parts."""

    region: str
    cc: str
    area: str  # without trunk prefix ('' where the plan has none, e.g. US NPA kept here)
    sub: str
    mobile: bool


def _nanp(rng: random.Random, canada: bool) -> Phone:
    area = pick(rng, CA_AREAS if canada else US_AREAS)
    while True:
        exch = str(rng.randint(2, 9)) + digits(rng, 2)
        if exch[1:] != "11" and exch not in ("555", "950", "958", "959", "976"):
            break
    return Phone("CA" if canada else "US", "1", area, exch + digits(rng, 4), rng.random() < 0.5)


UK_GEO = {  # area code -> first digits of local numbers in use (Ofcom allocations)
    "113": "23458", "114": "2345", "115": "2678", "116": "234", "117": "234", "118": "234",
    "121": "234567", "131": "2345678", "141": "2345678", "151": "2345678",
    "161": "2345678", "191": "2345678",
}  # fmt: skip


def _uk(rng: random.Random, mobile: bool) -> Phone:
    if mobile:
        while True:  # skip the blocks allocated to the Crown dependencies
            block = str(pick(rng, [rng.randint(7400, 7599), rng.randint(7710, 7899)]))
            if block not in ("7457", "7509", "7524", "7781", "7797", "7829", "7839"):
                return Phone("GB", "44", block, digits(rng, 6), True)
    if rng.random() < 0.45:
        return Phone("GB", "44", "20", pick(rng, "378") + digits(rng, 7), False)
    area = pick(rng, sorted(UK_GEO))
    return Phone("GB", "44", area, pick(rng, UK_GEO[area]) + digits(rng, 6), False)


DE_MOBILE = {  # prefix (without 0) -> subscriber length
    "151": 8, "152": 8, "157": 8, "159": 8, "160": 7, "162": 7, "163": 7,
    "170": 7, "171": 7, "172": 7, "173": 7, "174": 7, "175": 7, "176": 8,
    "177": 8, "178": 8, "179": 7,
}  # fmt: skip
DE_AREA = {  # area code (without 0) -> subscriber lengths
    "30": (7, 8), "40": (7, 8), "89": (7, 8), "69": (7, 8), "221": (6, 7, 8),
    "211": (6, 7), "711": (6, 7, 8), "341": (6, 7, 8), "351": (6, 7, 8), "511": (6, 7),
    "911": (6, 7, 8), "421": (6, 7), "201": (6, 7), "231": (6, 7), "228": (6, 7),
    "621": (6, 7), "721": (6, 7), "251": (6, 7), "821": (6, 7), "761": (6, 7),
    "431": (6, 7), "521": (6, 7), "6131": (5, 6), "7071": (5, 6), "4101": (5, 6),
    "8151": (5, 6), "6221": (5, 6), "3641": (5, 6),
}  # fmt: skip


def _de(rng: random.Random, mobile: bool) -> Phone:
    if mobile:
        prefix = pick(rng, sorted(DE_MOBILE))
        return Phone("DE", "49", prefix, digits(rng, DE_MOBILE[prefix]), True)
    area = pick(rng, sorted(DE_AREA))
    n = pick(rng, DE_AREA[area])
    return Phone("DE", "49", area, str(rng.randint(2, 9)) + digits(rng, n - 1), False)


AT_MOBILE = ("650", "660", "664", "676", "677", "678", "680", "681", "688", "699")
AT_AREA = {"1": (7,), "316": (6,), "732": (6,), "662": (6,), "512": (6,), "463": (6,), "2742": (5,)}


def _at(rng: random.Random, mobile: bool) -> Phone:
    if mobile:
        return Phone("AT", "43", pick(rng, AT_MOBILE), digits(rng, 7), True)
    area = pick(rng, sorted(AT_AREA))
    n = pick(rng, AT_AREA[area])
    return Phone("AT", "43", area, str(rng.randint(2, 9)) + digits(rng, n - 1), False)


CH_FIXED = ("44", "43", "31", "61", "22", "21", "41", "71", "52", "32", "58", "26")


def _ch(rng: random.Random, mobile: bool) -> Phone:
    area = pick(rng, ("75", "76", "77", "78", "79")) if mobile else pick(rng, CH_FIXED)
    return Phone("CH", "41", area, str(rng.randint(2, 9)) + digits(rng, 6), mobile)


def _fr(rng: random.Random) -> Phone:
    return Phone("FR", "33", "6", pick(rng, "0124578") + digits(rng, 7), True)


def _nl(rng: random.Random) -> Phone:
    return Phone("NL", "31", "6", str(rng.randint(1, 5)) + digits(rng, 7), True)


def _ie(rng: random.Random) -> Phone:
    return Phone("IE", "353", pick(rng, ("83", "85", "86", "87", "89")), digits(rng, 7), True)


def _it(rng: random.Random) -> Phone:
    return Phone(
        "IT",
        "39",
        pick(rng, ("320", "328", "333", "338", "347", "349", "366")),
        digits(rng, 7),
        True,
    )


def make_phone(rng: random.Random, region: str, mobile: bool | None = None) -> Phone:
    """A number that exists in ``region``'s numbering plan."""
    mob = rng.random() < 0.5 if mobile is None else mobile
    if region in ("US", "CA"):
        return _nanp(rng, region == "CA")
    table = {"GB": _uk, "DE": _de, "AT": _at, "CH": _ch}
    if region in table:
        return table[region](rng, mob)
    return {"FR": _fr, "NL": _nl, "IE": _ie, "IT": _it}[region](rng)


def fmt_phone(rng: random.Random, ph: Phone, style: str | None = None) -> str:
    """``ph`` written one of the ways people write numbers of its country."""
    a, s = ph.area, ph.sub
    if ph.region in ("US", "CA"):
        styles = ["paren", "dash", "dot", "intl_sp", "intl_dash", "e164", "one_paren", "plain"]
        st = style or pick(rng, styles)
        x, y = s[:3], s[3:]
        return {
            "paren": f"({a}) {x}-{y}",
            "dash": f"{a}-{x}-{y}",
            "dot": f"{a}.{x}.{y}",
            "intl_sp": f"+1 {a} {x} {y}",
            "intl_dash": f"+1-{a}-{x}-{y}",
            "e164": f"+1{a}{s}",
            "one_paren": f"1 ({a}) {x}-{y}",
            "plain": f"{a}{s}",
        }.get(st, f"({a}) {x}-{y}")
    if ph.region == "GB":
        if ph.mobile:
            nat = f"0{a} {s}"
            intl = f"+44 {a} {s}"
            alt = f"+44 (0){a} {s[:3]} {s[3:]}"
        elif a == "20":
            nat = f"020 {s[:4]} {s[4:]}"
            intl = f"+44 20 {s[:4]} {s[4:]}"
            alt = f"+44 (0)20 {s[:4]} {s[4:]}"
        else:
            nat = f"0{a} {s[:3]} {s[3:]}"
            intl = f"+44 {a} {s[:3]} {s[3:]}"
            alt = f"(0{a}) {s[:3]} {s[3:]}"
        styles_gb = {
            "nat": nat,
            "intl": intl,
            "alt": alt,
            "e164": f"+44{a}{s}",
            "compact": f"0{a}{s}",
        }
        st = style or pick(rng, ["nat", "nat", "intl", "alt", "e164", "compact"])
        return styles_gb.get(st, nat)
    if ph.region == "DE":
        if ph.mobile:
            grouped = f"{s[:3]} {s[3:5]} {s[5:]}"
            opts = {
                "nat": f"0{a} {s}",
                "slash": f"0{a}/{s}",
                "dash": f"0{a}-{s}",
                "intl": f"+49 {a} {s}",
                "intl0": f"+49 (0) {a} {grouped}",
                "e164": f"+49{a}{s}",
                "00": f"0049 {a} {s}",
                "grouped": f"0{a} {grouped}",
            }
        else:
            ext = ""
            opts = {
                "nat": f"0{a} {s}",
                "slash": f"0{a}/{s}",
                "paren": f"(0{a}) {s}",
                "intl": f"+49 {a} {s}",
                "intl0": f"+49 (0){a} {s}",
                "din": f"+49 {a} {s[:-2]}-{s[-2:]}" + ext,
                "00": f"0049 {a} {s}",
                "grouped": f"0{a} {group(s, [3, 2, 2])}" if len(s) >= 7 else f"0{a} {s}",
            }
        st = style or pick(rng, sorted(opts))
        return opts.get(st, opts["nat"])
    if ph.region == "AT":
        grouped = group(s, [3, 2, 2]) if len(s) == 7 else group(s, [2, 2, 2])
        opts = {
            "nat": f"0{a} {s}",
            "slash": f"0{a}/{s}",
            "grouped": f"0{a} {grouped}",
            "intl": f"+43 {a} {s}",
            "intl_g": f"+43 {a} {grouped}",
            "00": f"0043 {a} {s}",
            "intl0": f"+43 (0){a} {s}",
        }
        st = style or pick(rng, sorted(opts))
        return opts.get(st, opts["nat"])
    if ph.region == "CH":
        g = f"{s[:3]} {s[3:5]} {s[5:]}"
        opts = {
            "nat": f"0{a} {g}",
            "intl": f"+41 {a} {g}",
            "00": f"0041 {a} {g}",
            "compact": f"0{a}{s}",
            "e164": f"+41{a}{s}",
            "intl0": f"+41 (0){a} {g}",
        }
        st = style or pick(rng, ["nat", "nat", "intl", "intl", "00", "compact", "e164", "intl0"])
        return opts.get(st, opts["nat"])
    if ph.region == "FR":
        return f"+33 {a} {group(s, [2])}"
    if ph.region == "NL":
        return pick(
            rng, [f"+31 {a} {s}", f"06-{s}", f"06 {s}", f"+31 {a} {s[:2]} {s[2:5]} {s[5:]}"]
        )
    if ph.region == "IE":
        return pick(rng, [f"+353 {a} {s[:3]} {s[3:]}", f"0{a} {s[:3]} {s[3:]}"])
    return f"+39 {a} {s[:3]} {s[3:]}"


def phone_ext(rng: random.Random, text: str, region: str) -> str:
    """``text`` with an extension written the way the region does it."""
    if region in ("US", "CA", "GB"):
        n = digits(rng, rng.choice((2, 3, 4))).lstrip("0") or "7"
        return text + pick(rng, [f" ext. {n}", f" x{n}", f" ext {n}", f", ext. {n}"])
    return text  # DACH extensions are written into the number (see de_with_extension)


def de_with_extension(rng: random.Random, ph: Phone) -> str:
    """A German or Austrian company number with a Durchwahl (``+49 711 12345-678``)."""
    head = ph.sub[: max(4, len(ph.sub) - 3)]
    ext = pick(rng, ["0", digits(rng, 2).lstrip("0") or "1", str(rng.randint(100, 999))])
    trunk = {"DE": "49", "AT": "43", "CH": "41"}[ph.region]
    return pick(
        rng,
        [
            f"+{trunk} {ph.area} {head}-{ext}",
            f"0{ph.area} {head}-{ext}",
            f"+{trunk} (0){ph.area} {head}-{ext}",
            f"0{ph.area}/{head}-{ext}",
        ],
    )


# ---- payment cards ------------------------------------------------------------------

CARD_SCHEMES: dict[str, tuple[tuple[str, ...], tuple[int, ...]]] = {
    "visa": (("4",), (16, 16, 16, 16, 13, 19)),
    "mastercard": (
        ("51", "52", "53", "54", "55", "2221", "2300", "2414", "2500", "2630", "2720"),
        (16,),
    ),
    "amex": (("34", "37"), (15,)),
    "discover": (("6011", "644", "645", "649", "65"), (16, 16, 19)),
    "diners": (("300", "301", "305", "36", "38"), (14,)),
    "jcb": (("3528", "3540", "3566", "3589"), (16, 16, 19)),
    "unionpay": (("62",), (16, 17, 18, 19)),
    "maestro": (("5018", "5020", "5038", "6304", "6759", "6761", "6763"), (12, 16, 18, 19)),
    "mir": (("2200", "2201", "2202", "2204"), (16,)),
}


def card_number(rng: random.Random, scheme: str) -> str:
    """A Luhn-valid PAN inside ``scheme``'s IIN ranges and lengths."""
    prefixes, lengths = CARD_SCHEMES[scheme]
    prefix = pick(rng, prefixes)
    if scheme == "mastercard" and len(prefix) == 4:
        prefix = str(rng.randint(2221, 2720))
    if scheme == "diners" and prefix == "38":
        prefix = "36"
    n = pick(rng, lengths)
    body = prefix + digits(rng, n - len(prefix) - 1)
    return body + luhn_digit(body)


def fmt_card(rng: random.Random, pan: str, sep: str | None = None) -> str:
    """Written as people write card numbers: in the scheme's groups, or not at all."""
    s = pick(rng, [" ", " ", "-", "", " "]) if sep is None else sep
    if len(pan) == 15:
        return group(pan, [4, 6, 5], s)
    if len(pan) == 14:
        return group(pan, [4, 6, 4], s)
    return group(pan, [4], s)


# ---- bank accounts ------------------------------------------------------------------


def _rib_key(bank: str, branch: str, account: str) -> str:
    # French RIB letter conversion: A,J=1 B,K,S=2 C,L,T=3 ... I,R,Z=9
    table = "123456789123456789234567891"
    conv = {c: table[i] for i, c in enumerate(string.ascii_uppercase)}
    acc = "".join(conv.get(c, c) for c in account)
    key = 97 - (89 * int(bank) + 15 * int(branch) + 3 * int(acc)) % 97
    return f"{key:02d}"


def _es_ccc(bank_branch: str, account: str) -> str:
    weights = (1, 2, 4, 8, 5, 10, 9, 7, 3, 6)

    def dc(num: str) -> str:
        v = 11 - sum(w * int(c) for w, c in zip(weights, num.zfill(10), strict=True)) % 11
        return "0" if v == 11 else "1" if v == 10 else str(v)

    return dc("00" + bank_branch) + dc(account)


def _it_cin(abi: str, cab: str, account: str) -> str:
    odd = [
        1,
        0,
        5,
        7,
        9,
        13,
        15,
        17,
        19,
        21,
        2,
        4,
        18,
        20,
        11,
        3,
        6,
        8,
        12,
        14,
        16,
        10,
        22,
        25,
        24,
        23,
    ]
    text = abi + cab + account
    total = 0
    for i, c in enumerate(text):
        v = int(c) if c.isdigit() else ord(c) - 65
        total += odd[v] if i % 2 == 0 else v
    return chr(65 + total % 26)


def bban(rng: random.Random, country: str) -> str:
    """A national account number (BBAN) with the country's own check digits."""
    if country == "DE":
        return str(rng.randint(1, 8)) + digits(rng, 7) + digits(rng, 10)
    if country == "AT":
        return str(rng.randint(1, 6)) + digits(rng, 4) + "00" + digits(rng, 9)
    if country in ("CH", "LI"):
        return "00" + digits(rng, 3) + digits(rng, 12)
    if country in ("GB", "IE"):
        bank = (
            pick(rng, ["NWBK", "BARC", "LOYD", "HBUK", "MIDL", "MONZ", "REVO"])
            if country == "GB"
            else pick(rng, ["AIBK", "BOFI"])
        )
        return bank + digits(rng, 6) + digits(rng, 8)
    if country == "NL":
        return pick(rng, ["ABNA", "INGB", "RABO", "SNSB", "TRIO", "KNAB"]) + digits(rng, 10)
    if country == "FR":
        bank, branch, account = digits(rng, 5), digits(rng, 5), digits(rng, 11)
        return bank + branch + account + _rib_key(bank, branch, account)
    if country == "ES":
        bb, acc = digits(rng, 8), digits(rng, 10)
        return bb + _es_ccc(bb, acc) + acc
    if country == "IT":
        abi, cab, acc = digits(rng, 5), digits(rng, 5), digits(rng, 12)
        return _it_cin(abi, cab, acc) + abi + cab + acc
    if country == "LU":
        return digits(rng, 3) + digits(rng, 13)
    if country == "PL":
        return digits(rng, 8) + digits(rng, 16)
    raise ValueError(country)


def iban(rng: random.Random, country: str) -> str:
    """A valid IBAN (compact)."""
    b = bban(rng, country)
    return country + mod97_check(country + b) + b


def fmt_iban(rng: random.Random, compact: str, style: str | None = None) -> str:
    """Grouped in fours (the paper form), compact (the electronic form), or odd."""
    st = style or pick(rng, ["paper", "paper", "paper", "compact", "compact", "lower"])
    if st == "paper":
        return group(compact, [4])
    if st == "lower":
        return group(compact, [4]) if rng.random() < 0.5 else compact
    return compact


def bad_iban(rng: random.Random, country: str) -> str:
    """An IBAN-shaped string whose MOD-97 check fails (a typo in one digit)."""
    good = iban(rng, country)
    while True:
        pos = rng.randrange(4, len(good))
        if not good[pos].isdigit():
            continue
        d = str((int(good[pos]) + rng.randint(1, 9)) % 10)
        cand = good[:pos] + d + good[pos + 1 :]
        if mod97_check(cand[:2] + cand[4:]) != cand[2:4]:
            return cand


BIC_LOC = {
    "DE": ("FF", "MM", "HH", "BB", "DD", "2X", "S1", "M1", "33", "KK"),
    "AT": ("WW", "2L", "22", "KK", "SS"),
    "CH": ("ZZ", "ZH", "22", "BB", "GG", "80"),
    "GB": ("2L", "22", "2X", "GB"),
    "FR": ("PP", "PX", "22", "MM"),
    "NL": ("2A", "2U", "2N", "22"),
    "US": ("33", "3N", "S3", "6S"),
    "IE": ("2D", "22"),
    "IT": ("MM", "RR", "22"),
    "ES": ("MM", "BB"),
    "BE": ("BB", "22"),
    "LU": ("LL",),
    "PL": ("PW", "PR"),
}


def bic(rng: random.Random, country: str, branch: bool | None = None) -> str:
    """A BIC (ISO 9362): 4-letter institution, ISO country, location, optional branch."""
    inst = chars(rng, string.ascii_uppercase, 4)
    loc = pick(rng, BIC_LOC.get(country, ("22",)))
    with_branch = rng.random() < 0.5 if branch is None else branch
    br = pick(rng, ["XXX", "XXX", "XXX", chars(rng, string.ascii_uppercase + string.digits, 3)])
    if br.startswith("X") and br != "XXX":
        br = "XXX"
    return inst + country + loc + (br if with_branch else "")


# ---- tax and national identifiers ------------------------------------------------------


def us_ssn(rng: random.Random) -> str:
    """Area 001-899 except 666, group 01-99, serial 0001-9999 (compact)."""
    while True:
        area = rng.randint(1, 899)
        if area != 666:
            break
    return f"{area:03d}{rng.randint(1, 99):02d}{rng.randint(1, 9999):04d}"


ITIN_GROUPS = [*range(70, 89), 90, 91, 92, *range(94, 100)]


def us_itin(rng: random.Random) -> str:
    """9XX-[70-88|90-92|94-99]-XXXX (compact; the ranges IRS issues today)."""
    return f"9{digits(rng, 2)}{pick(rng, ITIN_GROUPS):02d}{rng.randint(0, 9999):04d}"


def fmt_ssn(rng: random.Random, compact: str, style: str | None = None) -> str:
    """``123-45-6789`` mostly, sometimes spaced or compact."""
    st = style or pick(rng, ["dash", "dash", "dash", "space", "compact"])
    a, g, s = compact[:3], compact[3:5], compact[5:]
    return {"dash": f"{a}-{g}-{s}", "space": f"{a} {g} {s}"}.get(st, compact)


def de_idnr(rng: random.Random) -> str:
    """Steuerliche Identifikationsnummer: one digit twice (or thrice, not adjacent)."""
    while True:
        pool = list(string.digits)
        rng.shuffle(pool)
        twice = rng.random() < 0.75
        if twice:
            body_digits = pool[:9]
            dup = pick(rng, body_digits)
            body = [*body_digits, dup]
        else:
            body_digits = pool[:8]
            dup = pick(rng, body_digits)
            body = [*body_digits, dup, dup]
        rng.shuffle(body)
        text = "".join(body)
        if text[0] == "0" or (not twice and dup * 3 in text):
            continue
        return text + mod11_10(text)


def fmt_idnr(rng: random.Random, compact: str) -> str:
    """As printed on the letter (``12 345 678 901``) or compact."""
    return pick(rng, [group(compact, [2, 3, 3, 3]), compact, compact, group(compact, [3, 3, 3, 2])])


def bad_idnr(rng: random.Random) -> str:
    """An 11-digit Steuer-IdNr look-alike with the wrong check digit."""
    good = de_idnr(rng)
    return good[:-1] + str((int(good[-1]) + rng.randint(1, 9)) % 10)


def uk_nino(rng: random.Random) -> str:
    """National Insurance number per HMRC's allocation rules (compact)."""
    first_ok = [c for c in string.ascii_uppercase if c not in "DFIQUV"]
    second_ok = [c for c in string.ascii_uppercase if c not in "DFIOQUV"]
    while True:
        prefix = pick(rng, first_ok) + pick(rng, second_ok)
        if prefix not in ("BG", "GB", "KN", "NK", "NT", "TN", "ZZ"):
            break
    return prefix + digits(rng, 6) + pick(rng, "ABCD")


def fmt_nino(rng: random.Random, compact: str) -> str:
    """``QQ 12 34 56 C`` (the card) or compact."""
    return pick(
        rng,
        [
            group(compact, [2, 2, 2, 2, 1]),
            compact,
            compact.lower() if rng.random() < 0.2 else compact,
        ],
    )


def uk_nhs(rng: random.Random) -> str:
    """NHS number: nine digits and a MOD 11 check digit (10 is never issued)."""
    while True:
        body = str(rng.randint(4, 6)) + digits(rng, 8)
        total = sum(int(c) * w for c, w in zip(body, range(10, 1, -1), strict=True))
        check = 11 - total % 11
        if check == 10:
            continue
        return body + ("0" if check == 11 else str(check))


def at_svnr(rng: random.Random, birth: dt.date) -> str:
    """Austrian Sozialversicherungsnummer: serial, check digit, DDMMYY."""
    weights = (3, 7, 9, 0, 5, 8, 4, 2, 1, 6)
    while True:
        serial = str(rng.randint(100, 999))
        rest = birth.strftime("%d%m%y")
        number = serial + "0" + rest
        check = sum(int(c) * w for c, w in zip(number, weights, strict=True)) % 11
        if check == 10:
            continue
        return serial + str(check) + rest


def ch_ahv(rng: random.Random) -> str:
    """Swiss AHV/AVS number: 756 + nine digits + EAN-13 check digit (compact)."""
    body = "756" + digits(rng, 9)
    total = sum(int(c) * (3 if i % 2 else 1) for i, c in enumerate(body))
    return body + str((10 - total % 10) % 10)


def fmt_ahv(compact: str) -> str:
    """``756.1234.5678.97``."""
    return f"{compact[:3]}.{compact[3:7]}.{compact[7:11]}.{compact[11:]}"


DRV_AREAS = ("02", "03", "04", "08", "09", "10", "11", "12", "13", "14", "15", "16", "17", "18",
             "19", "20", "21", "23", "24", "25", "26", "28", "29", "38", "39", "40", "42", "43",
             "44", "45", "46", "47", "48", "49", "50", "51", "52", "53", "54", "55", "56", "57",
             "58", "59", "60", "61", "62", "63", "64", "65", "66", "67", "68", "69", "70", "71",
             "72", "73", "74", "75", "76", "77", "78", "79", "80", "81", "82", "89")  # fmt: skip


def de_rvnr(rng: random.Random, birth: dt.date, surname: str, female: bool) -> str:
    """Rentenversicherungsnummer: area, DDMMYY, initial of the birth name, serial, check."""
    area = pick(rng, DRV_AREAS)
    initial = (surname[:1].upper().replace("Ä", "A").replace("Ö", "O").replace("Ü", "U")) or "M"
    if initial not in string.ascii_uppercase:
        initial = "M"
    serial = f"{rng.randint(50, 99) if female else rng.randint(0, 49):02d}"
    numeric = area + birth.strftime("%d%m%y") + f"{ord(initial) - 64:02d}" + serial
    weights = (2, 1, 2, 5, 7, 1, 2, 1, 2, 1, 2, 1)
    total = sum(sum(divmod(int(c) * w, 10)) for c, w in zip(numeric, weights, strict=True))
    return area + birth.strftime("%d%m%y") + initial + serial + str(total % 10)


def fmt_rvnr(rng: random.Random, compact: str) -> str:
    """``65 170839 J 004``-ish groupings or compact."""
    a, d, i, s, c = compact[:2], compact[2:8], compact[8], compact[9:11], compact[11]
    return pick(rng, [f"{a} {d} {i} {s}{c}", compact, f"{a} {d} {i} {s} {c}", f"{a}{d}{i}{s}{c}"])


ID_ALPHABET = "CFGHJKLMNPRTVWXYZ0123456789"


def de_id_card(rng: random.Random, with_check: bool) -> str:
    """Personalausweis document number (since 2010: letters without vowels/confusables)."""
    number = pick(rng, "LMNPRTVWXY") + chars(rng, ID_ALPHABET, 8)
    return number + icao_digit(number) if with_check else number


def passport(rng: random.Random, country: str) -> str:
    """A passport number in the issuing state's format."""
    if country == "DE":
        return pick(rng, "CFGHJK") + chars(rng, ID_ALPHABET, 8)
    if country == "US":
        return pick(rng, [str(rng.randint(5, 6)) + digits(rng, 8), "A" + digits(rng, 8)])
    if country == "GB":
        return str(rng.randint(1, 9)) + digits(rng, 8)
    if country == "AT":
        return pick(rng, "PU") + digits(rng, 7)
    if country == "CH":
        return pick(rng, "XSF") + digits(rng, 7)
    if country == "FR":
        return digits(rng, 2) + chars(rng, string.ascii_uppercase, 2) + digits(rng, 5)
    raise ValueError(country)


def mrz_td3(
    surname: str, given: str, number: str, state: str, birth: dt.date, female: bool, expiry: dt.date
) -> tuple[str, str]:
    """The two 44-character MRZ lines of a passport (ICAO 9303 TD3); ``state`` e.g. ``D<<``."""

    def clean(s: str) -> str:
        tr = s.upper().replace("Ä", "AE").replace("Ö", "OE").replace("Ü", "UE").replace("ß", "SS")
        return "".join(c if c in string.ascii_uppercase else "<" for c in tr)

    line1 = (f"P<{state}{clean(surname)}<<{clean(given)}" + "<" * 44)[:44]
    num = (number + "<" * 9)[:9]
    dob = birth.strftime("%y%m%d")
    exp = expiry.strftime("%y%m%d")
    personal = "<" * 14
    parts = [
        num + icao_digit(num),
        state,
        dob + icao_digit(dob),
        "F" if female else "M",
        exp + icao_digit(exp),
        personal + icao_digit(personal),
    ]
    composite = parts[0] + parts[2] + parts[4] + parts[5]
    return line1, "".join(parts) + icao_digit(composite)


def ca_sin(rng: random.Random) -> str:
    """Canadian Social Insurance Number (Luhn, not starting 0 or 8)."""
    body = str(pick(rng, "1234567")) + digits(rng, 7)
    return body + luhn_digit(body)


def es_dni(rng: random.Random) -> str:
    """Spanish DNI: eight digits and the MOD 23 letter."""
    n = rng.randint(10_000_000, 79_999_999)
    return f"{n}{'TRWAGMYFPDXBNJZSQVHLCKE'[n % 23]}"


def nl_bsn(rng: random.Random) -> str:
    """Dutch BSN: nine digits passing the 11-proof (last weight -1)."""
    while True:
        body = str(rng.randint(1, 6)) + digits(rng, 7)
        total = sum(int(c) * w for c, w in zip(body, range(9, 1, -1), strict=True))
        last = total % 11
        if last < 10:
            return body + str(last)


def fr_nir(rng: random.Random, birth: dt.date, female: bool) -> str:
    """French NIR (numéro de sécurité sociale): 13 digits and the MOD 97 key."""
    dep = f"{rng.randint(1, 95):02d}"
    if dep == "20":
        dep = "21"
    body = (
        ("2" if female else "1")
        + birth.strftime("%y%m")
        + dep
        + f"{rng.randint(1, 990):03d}"
        + f"{rng.randint(1, 999):03d}"
    )
    return body + f"{97 - int(body) % 97:02d}"


def pl_pesel(rng: random.Random, birth: dt.date, female: bool) -> str:
    """Polish PESEL: YYMMDD (month offset by century), serial with sex digit, check."""
    month = birth.month + (20 if birth.year >= 2000 else 0)
    body = f"{birth.year % 100:02d}{month:02d}{birth.day:02d}{digits(rng, 3)}"
    body += str(pick(rng, "02468" if female else "13579"))
    weights = (1, 3, 7, 9, 1, 3, 7, 9, 1, 3)
    total = sum(int(c) * w for c, w in zip(body, weights, strict=True))
    return body + str((10 - total % 10) % 10)


# ---- VAT identifiers ------------------------------------------------------------------


def vat_id(rng: random.Random, country: str) -> str:
    """A VAT registration number with the country's check digits (compact)."""
    if country == "DE":
        body = str(rng.randint(1, 9)) + digits(rng, 7)
        return "DE" + body + mod11_10(body)
    if country == "AT":
        d = digits(rng, 7)
        s = sum(int(c) if i % 2 == 0 else sum(divmod(int(c) * 2, 10)) for i, c in enumerate(d))
        return "ATU" + d + str((10 - (s + 4) % 10) % 10)
    if country == "CH":
        while True:
            d = str(rng.randint(1, 9)) + digits(rng, 7)
            s = sum(int(c) * w for c, w in zip(d, (5, 4, 3, 2, 7, 6, 5, 4), strict=True))
            check = 11 - s % 11
            if check == 10:
                continue
            return "CHE" + d + ("0" if check == 11 else str(check))
    if country == "GB":
        while True:
            d = str(rng.randint(1, 9)) + digits(rng, 6)
            s = sum(int(c) * w for c, w in zip(d, range(8, 1, -1), strict=True))
            check = (-s) % 97
            if check < 100:
                return "GB" + d + f"{check:02d}"
    if country == "FR":
        body = str(rng.randint(3, 9)) + digits(rng, 7)
        siren = body + luhn_digit(body)
        key = (12 + 3 * (int(siren) % 97)) % 97
        return f"FR{key:02d}{siren}"
    if country == "NL":
        while True:
            body = str(rng.randint(1, 8)) + digits(rng, 7)
            total = sum(int(c) * w for c, w in zip(body, range(9, 1, -1), strict=True))
            check = total % 11
            if check < 10:
                return "NL" + body + str(check) + "B" + f"{rng.randint(1, 3):02d}"
    if country == "BE":
        body = "0" + str(rng.randint(2, 9)) + digits(rng, 6)
        return "BE" + body + f"{97 - int(body) % 97:02d}"
    if country == "IT":
        body = digits(rng, 7) + f"{rng.randint(1, 100):03d}"
        return "IT" + body + luhn_digit(body)
    raise ValueError(country)


def fmt_vat(rng: random.Random, compact: str) -> str:
    """Written as on invoices: ``DE 123 456 789``, ``ATU12345678``, ``CHE-123.456.789 MWST``."""
    cc = compact[:2]
    if cc == "CH":
        d = compact[3:]
        base = f"CHE-{d[:3]}.{d[3:6]}.{d[6:]}"
        return pick(rng, [base + " MWST", base + " MWST", base, base + " TVA"])
    if cc == "DE":
        return pick(
            rng,
            [
                compact,
                compact,
                f"DE {compact[2:5]} {compact[5:8]} {compact[8:]}",
                f"DE {compact[2:]}",
            ],
        )
    if cc == "GB":
        return pick(rng, [compact, f"GB {compact[2:5]} {compact[5:9]} {compact[9:]}"])
    return compact


# ---- network ---------------------------------------------------------------------------

PUBLIC_FIRST = (3, 5, 13, 18, 20, 23, 31, 34, 35, 37, 45, 46, 51, 52, 54, 62, 66, 77, 78, 79,
                80, 81, 82, 84, 85, 87, 88, 89, 91, 93, 94, 95, 104, 109, 129, 134, 141, 145,
                146, 151, 157, 159, 162, 176, 178, 185, 188, 193, 194, 195, 203, 212, 213,
                217)  # fmt: skip


def ipv4(rng: random.Random, kind: str | None = None) -> str:
    """A private, public or documentation IPv4 address."""
    k = kind or pick(rng, ["private", "private", "public", "public", "doc"])
    if k == "private":
        return pick(
            rng,
            [
                f"10.{rng.randint(0, 255)}.{rng.randint(0, 255)}.{rng.randint(1, 254)}",
                f"172.{rng.randint(16, 31)}.{rng.randint(0, 255)}.{rng.randint(1, 254)}",
                f"192.168.{rng.randint(0, 255)}.{rng.randint(1, 254)}",
            ],
        )
    if k == "doc":
        return f"{pick(rng, ['192.0.2', '198.51.100', '203.0.113'])}.{rng.randint(1, 254)}"
    a, b, c = rng.randint(0, 255), rng.randint(0, 255), rng.randint(1, 254)
    return f"{pick(rng, PUBLIC_FIRST)}.{a}.{b}.{c}"


def _compress6(groups: list[int]) -> str:
    best, best_len, cur, cur_len = -1, 0, -1, 0
    for i, g in enumerate(groups):
        if g == 0:
            if cur < 0:
                cur, cur_len = i, 1
            else:
                cur_len += 1
            if cur_len > best_len:
                best, best_len = cur, cur_len
        else:
            cur, cur_len = -1, 0
    parts = [f"{g:x}" for g in groups]
    if best_len < 2:
        return ":".join(parts)
    return ":".join(parts[:best]) + "::" + ":".join(parts[best + best_len :])


def ipv6(rng: random.Random, kind: str | None = None) -> str:
    """A global (ISP-ish), documentation, ULA or link-local IPv6 address, RFC 5952 style."""
    k = kind or pick(rng, ["global", "global", "doc", "ula", "link"])
    if k == "global":
        head = [
            pick(rng, [0x2A02, 0x2A01, 0x2003, 0x2001, 0x2600, 0x2A00, 0x2604]),
            rng.randint(0x100, 0xFFFF),
        ]
        head += [rng.randint(0, 0xFFFF), rng.randint(0, 0xFFFF)]
    elif k == "doc":
        head = [0x2001, 0xDB8, rng.randint(0, 0xFFFF), pick(rng, [0, rng.randint(1, 0xFF)])]
    elif k == "ula":
        head = [
            0xFD00 | rng.randint(0, 0xFF),
            rng.randint(0, 0xFFFF),
            rng.randint(0, 0xFFFF),
            rng.randint(0, 0xFF),
        ]
    else:
        head = [0xFE80, 0, 0, 0]
    if rng.random() < 0.4:
        tail = [0, 0, 0, rng.randint(1, 0xFFFF)]
    else:
        tail = [rng.randint(0, 0xFFFF) for _ in range(4)]
    return _compress6(head + tail)


# ---- secrets and tokens ------------------------------------------------------------------


def _b62(n: int, width: int) -> str:
    out = ""
    while n:
        n, r = divmod(n, 62)
        out = B62[r] + out
    return out.rjust(width, "0")


def github_token(rng: random.Random, prefix: str = "ghp") -> str:
    """GitHub token: prefix, 30 base62 characters and a 6-character base62 CRC32."""
    if prefix == "github_pat":
        head = chars(rng, string.ascii_uppercase + string.digits, 20)
        return f"github_pat_11{head}_{chars(rng, ALNUM, 59)}"
    body = chars(rng, ALNUM, 30)
    return f"{prefix}_{body}{_b62(zlib.crc32(body.encode()), 6)}"


def npm_token(rng: random.Random) -> str:
    """npm granular/automation token (``npm_`` + 36, same CRC32 trailer as GitHub)."""
    body = chars(rng, ALNUM, 30)
    return f"npm_{body}{_b62(zlib.crc32(body.encode()), 6)}"


def aws_access_key_id(rng: random.Random) -> str:
    """``AKIA``/``ASIA`` + 16 base32 characters."""
    return pick(rng, ["AKIA", "AKIA", "ASIA"]) + chars(rng, B32, 16)


def aws_secret(rng: random.Random) -> str:
    """40 characters of base64 alphabet (the secret access key)."""
    return chars(rng, ALNUM + "+/", 40)


def token(rng: random.Random, vendor: str) -> str:
    """A credential in ``vendor``'s published format."""
    if vendor == "github":
        return github_token(
            rng, pick(rng, ["ghp", "ghp", "gho", "ghs", "ghu", "ghr", "github_pat"])
        )
    if vendor == "gitlab":
        return "glpat-" + chars(rng, URLSAFE, 20)
    if vendor == "slack":
        kind = pick(rng, ["xoxb", "xoxb", "xoxp"])
        if kind == "xoxb":
            return (
                f"xoxb-{digits(rng, 1)}{digits(rng, 11)}-{digits(rng, 13)}-{chars(rng, ALNUM, 24)}"
            )
        return f"xoxp-{digits(rng, 12)}-{digits(rng, 12)}-{digits(rng, 13)}-{chars(rng, HEX, 32)}"
    if vendor == "slack_webhook":
        return (
            "https://hooks.slack.com/services/"
            f"T{chars(rng, string.ascii_uppercase + string.digits, 10)}"
            f"/B{chars(rng, string.ascii_uppercase + string.digits, 10)}/{chars(rng, ALNUM, 24)}"
        )
    if vendor == "stripe":
        return pick(rng, ["sk_live_", "sk_live_", "rk_live_", "sk_test_"]) + chars(
            rng, ALNUM, pick(rng, [24, 99])
        )
    if vendor == "stripe_webhook":
        return "whsec_" + chars(rng, ALNUM, 32)
    if vendor == "google":
        return "AIza" + chars(rng, URLSAFE, 35)
    if vendor == "google_oauth":
        return "GOCSPX-" + chars(rng, URLSAFE, 28)
    if vendor == "openai":
        if rng.random() < 0.3:
            return "sk-" + chars(rng, ALNUM, 20) + "T3BlbkFJ" + chars(rng, ALNUM, 20)
        return "sk-proj-" + chars(rng, URLSAFE, 74) + "T3BlbkFJ" + chars(rng, URLSAFE, 74)
    if vendor == "anthropic":
        return "sk-ant-api03-" + chars(rng, URLSAFE, 93) + "AA"
    if vendor == "sendgrid":
        return "SG." + chars(rng, URLSAFE, 22) + "." + chars(rng, URLSAFE, 43)
    if vendor == "twilio":
        return "SK" + chars(rng, HEX, 32)
    if vendor == "twilio_auth":
        return chars(rng, HEX, 32)
    if vendor == "npm":
        return npm_token(rng)
    if vendor == "pypi":
        raw = b"\x02\x01\x08pypi.org\x02" + bytes(
            [rng.randrange(256) for _ in range(rng.randint(120, 160))]
        )
        return "pypi-" + base64.urlsafe_b64encode(raw).decode().rstrip("=")
    if vendor == "huggingface":
        return "hf_" + chars(rng, string.ascii_letters, 34)
    if vendor == "azure_storage":
        return base64.b64encode(bytes(rng.randrange(256) for _ in range(64))).decode()
    if vendor == "azure_openai":
        return chars(rng, HEX, 32)
    if vendor == "mailgun":
        return "key-" + chars(rng, HEX, 32)
    if vendor == "telegram":
        return f"{rng.randint(100_000_000, 7_999_999_999)}:AA{chars(rng, URLSAFE, 33)}"
    if vendor == "discord":
        snowflake = str(rng.randint(10**17, 13 * 10**17))
        head = base64.b64encode(snowflake.encode()).decode().rstrip("=")
        return f"{head}.{chars(rng, URLSAFE, 6)}.{chars(rng, URLSAFE, 38)}"
    if vendor == "datadog":
        return chars(rng, HEX, 32)
    if vendor == "shopify":
        return "shpat_" + chars(rng, HEX, 32)
    if vendor == "digitalocean":
        return "dop_v1_" + chars(rng, HEX, 64)
    if vendor == "vault":
        return "hvs." + chars(rng, URLSAFE, 24)
    if vendor == "atlassian":
        return (
            "ATATT3xFfGF0"
            + chars(rng, URLSAFE, 170)
            + "="
            + chars(rng, string.ascii_uppercase + string.digits, 8)
        )
    if vendor == "hex32":
        return chars(rng, HEX, 32)
    if vendor == "hex40":
        return chars(rng, HEX, 40)
    if vendor == "generic":
        return chars(rng, ALNUM, pick(rng, [24, 32, 40]))
    if vendor == "uuid_key":
        return uuid4(rng)
    raise ValueError(vendor)


TOKEN_VENDORS = ("github", "gitlab", "slack", "stripe", "google", "openai", "anthropic", "sendgrid",
                 "twilio", "npm", "pypi", "huggingface", "azure_storage", "mailgun", "telegram",
                 "discord", "datadog", "shopify", "digitalocean", "vault", "generic",
                 "hex32")  # fmt: skip


WORDS = ("river", "falcon", "copper", "maple", "orbit", "velvet", "harbor", "pixel", "tundra",
         "Sommer", "Winter", "Katze", "Berg", "Sonne", "Blume", "tiger", "lemon",
         "rocket")  # fmt: skip


def password(rng: random.Random, style: str | None = None) -> str:
    """A password as people and generators make them (no quotes or backslashes)."""
    st = style or pick(rng, ["random", "random", "human", "words", "pin_like"])
    if st == "random":
        pool = ALNUM + "!#$%&*+-.:=?@^_~"
        while True:
            pw = chars(rng, pool, rng.randint(12, 24))
            if any(c.isdigit() for c in pw) and any(c.isalpha() for c in pw):
                return pw
    if st == "human":
        w = pick(rng, WORDS)
        return (
            w.capitalize()
            + str(rng.randint(1970, 2025))
            + pick(rng, ["!", "?", "#", "$", "!!", ""])
            + (pick(rng, WORDS) if rng.random() < 0.2 else "")
        )
    if st == "words":
        return "-".join(pick(rng, WORDS).lower() for _ in range(rng.randint(3, 4))) + str(
            rng.randint(1, 99)
        )
    return pick(rng, WORDS).capitalize() + "_" + digits(rng, 4) + pick(rng, "!%&")


def uuid4(rng: random.Random) -> str:
    """A version-4 UUID drawn from ``rng``."""
    b = bytearray(rng.getrandbits(8) for _ in range(16))
    b[6] = (b[6] & 0x0F) | 0x40
    b[8] = (b[8] & 0x3F) | 0x80
    h = b.hex()
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"


def b64url(data: bytes) -> str:
    """Base64url without padding (RFC 7515)."""
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def jwt_key(jti: str) -> bytes:
    """The HMAC key of every JWT in this set: ``b"fresh3-jwt/" + jti`` (documented)."""
    return b"fresh3-jwt/" + jti.encode()


def jwt_hs256(rng: random.Random, claims: dict[str, object], kid: bool = False) -> str:
    """An HS256 JWT over ``claims`` (a ``jti`` is added), signed with :func:`jwt_key`."""
    jti = uuid4(rng)
    body = {**claims, "jti": jti}
    header: dict[str, str] = pick(
        rng, [{"alg": "HS256", "typ": "JWT"}, {"typ": "JWT", "alg": "HS256"}]
    )
    if kid:
        header = {**header, "kid": chars(rng, HEX, 8)}
    signing = (
        b64url(json.dumps(header, separators=(",", ":")).encode())
        + "."
        + b64url(json.dumps(body, separators=(",", ":")).encode())
    )
    sig = hmac.new(jwt_key(jti), signing.encode(), hashlib.sha256).digest()
    return signing + "." + b64url(sig)


# ---- private keys (deterministic) -------------------------------------------------------


def _small_primes(limit: int) -> list[int]:
    sieve = bytearray([1]) * limit
    sieve[0:2] = b"\x00\x00"
    for i in range(2, int(limit**0.5) + 1):
        if sieve[i]:
            sieve[i * i :: i] = bytearray(len(sieve[i * i :: i]))
    return [i for i in range(3, limit) if sieve[i]]


_SMALL_PRIMES = _small_primes(1 << 16)


def _miller_rabin(n: int, rng: random.Random, rounds: int) -> bool:
    d, s = n - 1, 0
    while d % 2 == 0:
        d //= 2
        s += 1
    for _ in range(rounds):
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
    """A random prime of ``bits`` bits: sieve a window above a random odd start with the
    primes below 2**16, a base-2 Fermat test, then five Miller-Rabin rounds."""
    window = 4096
    while True:
        start = rng.getrandbits(bits) | (3 << (bits - 2)) | 1
        alive = bytearray([1]) * window  # alive[k] <=> start + 2k not yet known composite
        for p in _SMALL_PRIMES:
            r = start % p
            first = ((p - r) * ((p + 1) // 2)) % p  # smallest k with start + 2k = 0 (mod p)
            alive[first::p] = bytearray(len(alive[first::p]))
        for k in range(window):
            if not alive[k]:
                continue
            cand = start + 2 * k
            if (cand - 1) % 65537 == 0:
                continue
            if pow(2, cand - 1, cand) == 1 and _miller_rabin(cand, rng, 5):
                return cand


@lru_cache(maxsize=256)
def rsa_key(seed: int, bits: int) -> rsa.RSAPrivateKey:
    """An RSA key whose primes come from ``random.Random(seed)`` (Miller-Rabin)."""
    rng = random.Random(seed)
    e = 65537
    while True:
        p, q = _prime(rng, bits // 2), _prime(rng, bits // 2)
        if p != q and (p * q).bit_length() == bits:
            break
    if p < q:
        p, q = q, p
    phi = (p - 1) * (q - 1)
    d = pow(e, -1, phi)
    numbers = rsa.RSAPrivateNumbers(
        p=p,
        q=q,
        d=d,
        dmp1=rsa.rsa_crt_dmp1(d, p),
        dmq1=rsa.rsa_crt_dmq1(d, q),
        iqmp=rsa.rsa_crt_iqmp(p, q),
        public_numbers=rsa.RSAPublicNumbers(e, p * q),
    )
    return numbers.private_key()


def _ssh_string(data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + data


def _ssh_mpint(n: int) -> bytes:
    raw = n.to_bytes((n.bit_length() + 8) // 8, "big") if n else b""
    return _ssh_string(raw)


def openssh_private(
    key: ed25519.Ed25519PrivateKey | rsa.RSAPrivateKey, check: int, comment: str
) -> str:
    """An unencrypted ``openssh-key-v1`` file (written here: the library's is randomised)."""
    if isinstance(key, ed25519.Ed25519PrivateKey):
        pub = key.public_key().public_bytes(
            serialization.Encoding.Raw, serialization.PublicFormat.Raw
        )
        priv = key.private_bytes(
            serialization.Encoding.Raw,
            serialization.PrivateFormat.Raw,
            serialization.NoEncryption(),
        )
        pub_blob = _ssh_string(b"ssh-ed25519") + _ssh_string(pub)
        body = _ssh_string(b"ssh-ed25519") + _ssh_string(pub) + _ssh_string(priv + pub)
    else:
        n = key.private_numbers()
        pn = n.public_numbers
        pub_blob = _ssh_string(b"ssh-rsa") + _ssh_mpint(pn.e) + _ssh_mpint(pn.n)
        body = (
            _ssh_string(b"ssh-rsa")
            + _ssh_mpint(pn.n)
            + _ssh_mpint(pn.e)
            + _ssh_mpint(n.d)
            + _ssh_mpint(n.iqmp)
            + _ssh_mpint(n.p)
            + _ssh_mpint(n.q)
        )
    section = struct.pack(">II", check, check) + body + _ssh_string(comment.encode())
    pad = 1
    while len(section) % 8:
        section += bytes([pad])
        pad += 1
    blob = (
        b"openssh-key-v1\x00"
        + _ssh_string(b"none")
        + _ssh_string(b"none")
        + _ssh_string(b"")
        + struct.pack(">I", 1)
        + _ssh_string(pub_blob)
        + _ssh_string(section)
    )
    b64 = base64.b64encode(blob).decode()
    lines = [b64[i : i + 70] for i in range(0, len(b64), 70)]
    return (
        "-----BEGIN OPENSSH PRIVATE KEY-----\n"
        + "\n".join(lines)
        + "\n-----END OPENSSH PRIVATE KEY-----"
    )


def private_key_pem(rng: random.Random, kind: str | None = None) -> str:
    """A PEM private key (no trailing newline): RSA PKCS#1/PKCS#8, EC, Ed25519, OpenSSH."""
    k = kind or pick(rng, ["rsa1", "rsa8", "rsa8", "ec", "ec8", "ed8", "ssh_ed", "ssh_rsa"])
    seed = rng.getrandbits(48)
    key: rsa.RSAPrivateKey | ec.EllipticCurvePrivateKey | ed25519.Ed25519PrivateKey
    if k in ("rsa1", "rsa8", "ssh_rsa"):
        key = rsa_key(seed, pick(rng, [2048, 2048, 2048, 1024]) if k != "ssh_rsa" else 2048)
    elif k in ("ec", "ec8"):
        curve: ec.EllipticCurve = pick(rng, [ec.SECP256R1(), ec.SECP256R1(), ec.SECP384R1()])
        order = 2**255 if isinstance(curve, ec.SECP256R1) else 2**383
        key = ec.derive_private_key(rng.randrange(1, order), curve)
    else:
        key = ed25519.Ed25519PrivateKey.from_private_bytes(
            bytes(rng.randrange(256) for _ in range(32))
        )
    if k.startswith("ssh"):
        assert not isinstance(key, ec.EllipticCurvePrivateKey)
        return openssh_private(
            key, rng.getrandbits(32), pick(rng, ["deploy@ci", "build@runner-3", "root@bastion", ""])
        )
    fmt = (
        serialization.PrivateFormat.TraditionalOpenSSL
        if k in ("rsa1", "ec")
        else serialization.PrivateFormat.PKCS8
    )
    return (
        key.private_bytes(serialization.Encoding.PEM, fmt, serialization.NoEncryption())
        .decode()
        .rstrip("\n")
    )


def certificate_pem(rng: random.Random, host: str) -> str:
    """A self-signed Ed25519 certificate for ``host`` (public: a hard negative)."""
    key = ed25519.Ed25519PrivateKey.from_private_bytes(bytes(rng.randrange(256) for _ in range(32)))
    name = Name([NameAttribute(NameOID.COMMON_NAME, host)])
    start = dt.datetime(2024, 1, 1, tzinfo=dt.UTC) + dt.timedelta(days=rng.randint(0, 500))
    cert = (
        CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(rng.getrandbits(63) + 1)
        .not_valid_before(start)
        .not_valid_after(start + dt.timedelta(days=397))
        .add_extension(SubjectAlternativeName([DNSName(host)]), critical=False)
        .sign(key, None)
    )
    return cert.public_bytes(serialization.Encoding.PEM).decode().rstrip("\n")


def public_key_pem(rng: random.Random) -> str:
    """A ``BEGIN PUBLIC KEY`` block (public: a hard negative)."""
    key = ec.derive_private_key(rng.randrange(1, 2**255), ec.SECP256R1())
    return (
        key.public_key()
        .public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo)
        .decode()
        .rstrip("\n")
    )


def ssh_public_line(rng: random.Random, comment: str) -> str:
    """An ``authorized_keys`` line (public: a hard negative)."""
    key = ed25519.Ed25519PrivateKey.from_private_bytes(bytes(rng.randrange(256) for _ in range(32)))
    raw = key.public_key().public_bytes(
        serialization.Encoding.OpenSSH, serialization.PublicFormat.OpenSSH
    )
    return raw.decode() + (" " + comment if comment else "")


def sha256_hex(rng: random.Random) -> str:
    """A SHA-256 digest of random bytes."""
    return hashlib.sha256(bytes(rng.getrandbits(8) for _ in range(16))).hexdigest()


def git_sha(rng: random.Random, short: bool = False) -> str:
    """A git commit id (SHA-1, full or abbreviated)."""
    full = hashlib.sha1(bytes(rng.getrandbits(8) for _ in range(16))).hexdigest()
    return full[: rng.choice((7, 8, 10))] if short else full


# ---- near misses and look-alikes ---------------------------------------------------------


def luhn_invalid_16(rng: random.Random) -> str:
    """16 digits with a card-like prefix whose Luhn check fails."""
    body = pick(rng, ["4", "5", "37", "6011"]) + ""
    body = body + digits(rng, 15 - len(body))
    good = luhn_digit(body)
    return body + str((int(good) + rng.randint(1, 9)) % 10)


def isbn13(rng: random.Random) -> str:
    """A valid ISBN-13 with hyphens (978/979, group, publisher, title, check)."""
    prefix = pick(rng, ["978", "978", "979"])
    grp = pick(rng, ["3", "0", "1"]) if prefix == "978" else "10"
    pub = digits(rng, rng.randint(2, 5))
    title = digits(rng, 12 - len(prefix) - len(grp) - len(pub))
    body = prefix + grp + pub + title
    total = sum(int(c) * (3 if i % 2 else 1) for i, c in enumerate(body))
    return f"{prefix}-{grp}-{pub}-{title}-{(10 - total % 10) % 10}"


def ean13(rng: random.Random) -> str:
    """A valid EAN-13 (GS1 prefixes of DE/AT/CH)."""
    body = pick(rng, ["400", "401", "402", "405", "406", "409", "426", "90", "91", "76"])
    body += digits(rng, 12 - len(body))
    total = sum(int(c) * (3 if i % 2 else 1) for i, c in enumerate(body))
    return body + str((10 - total % 10) % 10)


def phone_like_record(rng: random.Random, region: str) -> str:
    """A record number written like a phone number, outside ``region``'s numbering plan."""
    if region in ("US", "CA"):
        # NANP area codes never start with 0 or 1
        return f"({pick(rng, '01')}{digits(rng, 2)}) {digits(rng, 3)}-{digits(rng, 4)}"
    if region == "GB":
        # the 04 and 06 ranges are not allocated
        return f"0{pick(rng, ['4', '6'])}{digits(rng, 2)} {digits(rng, 3)} {digits(rng, 4)}"
    # DACH: 010/011 are carrier-selection and service prefixes, 0000 no prefix at all
    return pick(
        rng,
        [
            f"010{digits(rng, 1)}/{digits(rng, 3)} {digits(rng, 2)}-{digits(rng, 2)}",
            f"011{digits(rng, 1)} {digits(rng, 3)} {digits(rng, 4)}",
            f"0000 {digits(rng, 4)} {digits(rng, 4)}",
        ],
    )


def masked_card(rng: random.Random) -> str:
    """A card number masked down to its last four digits."""
    last = digits(rng, 4)
    return pick(
        rng,
        [
            f"**** **** **** {last}",
            f"XXXX-XXXX-XXXX-{last}",
            f"•••• {last}",
            f"************{last}",
            f"xxxx xxxx xxxx {last}",
        ],
    )


def bad_ssn(rng: random.Random) -> str:
    """An SSN-shaped number SSA never issues (area 000, 666 or 9xx; group 00)."""
    return pick(
        rng,
        [
            f"000-{rng.randint(10, 99)}-{digits(rng, 4)}",
            f"666-{rng.randint(10, 99)}-{digits(rng, 4)}",
            f"{rng.randint(100, 665)}-00-{digits(rng, 4)}",
        ],
    )


def version(rng: random.Random) -> str:
    """A software version as release tooling writes it."""
    a, b, c = rng.randint(0, 14), rng.randint(0, 40), rng.randint(0, 30)
    return pick(
        rng,
        [
            f"{a}.{b}.{c}",
            f"v{a}.{b}.{c}",
            f"{a}.{b}.{c}-rc.{rng.randint(1, 4)}",
            f"{a}.{b}",
            f"{a + 1}.{b}.{c}.{rng.randint(1000, 30000)}",
        ],
    )
