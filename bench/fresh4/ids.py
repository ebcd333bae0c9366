"""Identifier generators, each following its issuer's published construction rule.

Every function takes a seeded :class:`random.Random` and returns the identifier in a
compact canonical form; the ``fmt_*`` helpers write it the way people do.  Nothing here
validates: the data tests check every value with third-party validators.
"""

from __future__ import annotations

import datetime as dt
import random
import string
import unicodedata

DIGITS = string.digits
UPPER = string.ascii_uppercase


def digits(rng: random.Random, n: int, first_nonzero: bool = False) -> str:
    """``n`` random decimal digits."""
    out = [rng.choice(DIGITS) for _ in range(n)]
    if first_nonzero and out:
        out[0] = rng.choice("123456789")
    return "".join(out)


# ---- check-digit schemes ---------------------------------------------------------------


def luhn_digit(payload: str) -> str:
    """The Luhn check digit that makes ``payload + digit`` pass."""
    total = 0
    for i, ch in enumerate(reversed(payload)):
        d = int(ch)
        if i % 2 == 0:
            d *= 2
            if d > 9:
                d -= 9
        total += d
    return str((10 - total % 10) % 10)


def luhn_ok(number: str) -> bool:
    """True when ``number`` passes Luhn (used to build near-misses)."""
    return luhn_digit(number[:-1]) == number[-1]


def mod11_10_digit(payload: str) -> str:
    """ISO 7064 MOD 11,10 check digit."""
    p = 10
    for ch in payload:
        s = (int(ch) + p) % 10
        if s == 0:
            s = 10
        p = (2 * s) % 11
    return str((11 - p) % 10)


def _alnum_value(ch: str) -> str:
    return ch if ch.isdigit() else str(ord(ch) - 55)


def mod97_check(country: str, bban: str) -> str:
    """IBAN check digits (ISO 13616, MOD 97-10)."""
    moved = "".join(_alnum_value(c) for c in bban + country) + "00"
    return f"{98 - int(moved) % 97:02d}"


def _weighted(payload: str, weights: tuple[int, ...]) -> int:
    return sum(int(c) * w for c, w in zip(payload, weights, strict=False))


# ---- payment cards -----------------------------------------------------------------------

# scheme -> list of (prefix choices, lengths); IIN ranges as the schemes publish them
CARD_SCHEMES: dict[str, tuple[tuple[str, ...], tuple[int, ...]]] = {
    "visa": (("4",), (16, 16, 16, 16, 13, 19)),
    "mastercard": (
        ("51", "52", "53", "54", "55", "2221", "2300", "2491", "2567", "2630", "2720"),
        (16,),
    ),
    "amex": (("34", "37"), (15,)),
    "discover": (("6011", "644", "645", "647", "649", "65"), (16, 16, 19)),
    "diners": (("300", "301", "303", "305", "36", "38"), (14, 14, 16)),
    "jcb": (("3528", "3530", "3548", "3566", "3589"), (16, 16, 19)),
    "unionpay": (("62",), (16, 17, 18, 19)),
    "maestro": (("5018", "5020", "5038", "6304", "6759", "6761", "6763"), (12, 16, 18, 19)),
    "mir": (("2200", "2201", "2202", "2204"), (16,)),
}


def card(rng: random.Random, scheme: str | None = None) -> tuple[str, str]:
    """A Luhn-valid card number of ``scheme`` (random when None): (scheme, digits)."""
    if scheme is None:
        scheme = rng.choices(list(CARD_SCHEMES), weights=[30, 25, 12, 6, 4, 6, 6, 7, 2], k=1)[0]
    prefixes, lengths = CARD_SCHEMES[scheme]
    prefix = rng.choice(prefixes)
    length = rng.choice(lengths)
    if scheme == "diners" and prefix.startswith(("30", "36")):
        length = 14
    if scheme == "diners" and prefix == "38":
        length = 16
    body = prefix + digits(rng, length - len(prefix) - 1)
    return scheme, body + luhn_digit(body)


def fmt_card(rng: random.Random, number: str, scheme: str) -> str:
    """Group a card number as it is printed or typed."""
    n = len(number)
    style = rng.random()
    if style < 0.18:
        return number
    sep = " " if style < 0.8 else "-"
    if scheme == "amex" or n == 15:
        groups = [4, 6, 5]
    elif n == 14:
        groups = [4, 6, 4]
    elif n == 13:
        groups = [4, 3, 3, 3]
    elif n == 19:
        groups = rng.choice([[4, 4, 4, 4, 3], [6, 13]])
    elif n == 12:
        groups = [4, 4, 4]
    elif n == 17:
        groups = [4, 4, 4, 5]
    elif n == 18:
        groups = [4, 4, 4, 6]
    else:
        groups = [4, 4, 4, 4]
    out, i = [], 0
    for g in groups:
        out.append(number[i : i + g])
        i += g
    return sep.join(out)


# ---- IBAN / BIC ----------------------------------------------------------------------------

_IT_ODD = dict(zip(DIGITS, (1, 0, 5, 7, 9, 13, 15, 17, 19, 21), strict=True))
_IT_ODD.update(
    zip(
        UPPER,
        (
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
        ),
        strict=True,
    )
)
_IT_EVEN = {c: i for i, c in enumerate(DIGITS)}
_IT_EVEN.update({c: i for i, c in enumerate(UPPER)})


def it_control_char(payload: str) -> str:
    """The odd/even-table control character (Italian CIN and codice fiscale)."""
    total = sum(_IT_ODD[c] if i % 2 == 0 else _IT_EVEN[c] for i, c in enumerate(payload))
    return UPPER[total % 26]


def _es_dc(ten: str) -> str:
    weights = (1, 2, 4, 8, 5, 10, 9, 7, 3, 6)
    r = 11 - _weighted(ten, weights) % 11
    return "0" if r == 11 else "1" if r == 10 else str(r)


def _fr_rib_key(bank: str, branch: str, account: str) -> str:
    return f"{97 - (89 * int(bank) + 15 * int(branch) + 3 * int(account)) % 97:02d}"


def _pl_bank(rng: random.Random) -> str:
    seven = rng.choice(["102", "105", "109", "114", "116", "124", "175", "249"]) + digits(rng, 4)
    c = (10 - _weighted(seven, (3, 9, 7, 1, 3, 9, 7)) % 10) % 10
    return seven + str(c)


def _no_account(rng: random.Random) -> str:
    while True:
        ten = rng.choice(["1503", "1607", "3000", "6011", "8601", "9710"]) + digits(rng, 6)
        c = _weighted(ten, (6, 7, 8, 9, 4, 5, 6, 7, 8, 9)) % 11
        if c < 10:
            return ten + str(c)


def _nl_account(rng: random.Random) -> str:
    while True:
        acc = "0" + digits(rng, 9, first_nonzero=True)
        if _weighted(acc, (10, 9, 8, 7, 6, 5, 4, 3, 2, 1)) % 11 == 0:
            return acc


def bban(rng: random.Random, country: str) -> str:
    """A basic bank account number laid out as ``country`` prescribes."""
    if country == "DE":
        return (
            rng.choice("12345678")
            + digits(rng, 7)
            + rng.choice(["00", "01", "02", "10"])
            + digits(rng, 8)
        )
    if country == "AT":
        return rng.choice(
            ["12000", "20111", "14000", "32000", "34000", "38000", "19043", "20404"]
        ) + digits(rng, 11)
    if country == "CH":
        return rng.choice(["00762", "00700", "00230", "09000", "08390", "00767", "00235"]) + digits(
            rng, 12
        )
    if country == "LI":
        return rng.choice(["08800", "08810", "08802"]) + digits(rng, 12)
    if country == "GB":
        return rng.choice(
            ["NWBK", "BARC", "LOYD", "HBUK", "MIDL", "NAIA", "MONZ", "SRLG"]
        ) + digits(rng, 14)
    if country == "IE":
        return rng.choice(["AIBK", "BOFI", "IPBS", "ULSB"]) + digits(rng, 14)
    if country == "NL":
        return rng.choice(["ABNA", "RABO", "SNSB", "TRIO", "ASNB", "KNAB"]) + _nl_account(rng)
    if country == "FR":
        bank = rng.choice(["30004", "30003", "20041", "10278", "11315", "30002"])
        branch = digits(rng, 5)
        account = digits(rng, 11)
        return bank + branch + account + _fr_rib_key(bank, branch, account)
    if country == "ES":
        bank = rng.choice(["2100", "0049", "0182", "0081", "2038", "0128"])
        branch = digits(rng, 4)
        account = digits(rng, 10)
        return bank + branch + _es_dc("00" + bank + branch) + _es_dc(account) + account
    if country == "IT":
        abi = rng.choice(["03069", "02008", "05034", "03002", "01030"])
        cab = digits(rng, 5)
        account = digits(rng, 12)
        return it_control_char(abi + cab + account) + abi + cab + account
    if country == "PL":
        return _pl_bank(rng) + digits(rng, 16)
    if country == "LU":
        return rng.choice(["001", "002", "003", "019", "014"]) + digits(rng, 13)
    if country == "PT":
        body = rng.choice(["0035", "0033", "0007", "0018", "0010"]) + digits(rng, 15)
        return body + f"{98 - int(body + '00') % 97:02d}"
    if country == "NO":
        return _no_account(rng)
    raise ValueError(country)


IBAN_COUNTRIES = (
    "DE",
    "AT",
    "CH",
    "LI",
    "GB",
    "IE",
    "NL",
    "FR",
    "ES",
    "IT",
    "PL",
    "LU",
    "PT",
    "NO",
)


def iban(rng: random.Random, country: str) -> str:
    """A valid IBAN of ``country`` in electronic (compact) form."""
    b = bban(rng, country)
    return country + mod97_check(country, b) + b


def fmt_iban(rng: random.Random, value: str) -> str:
    """Paper format (groups of four) mostly, sometimes compact or irregular."""
    r = rng.random()
    if r < 0.66:
        return " ".join(value[i : i + 4] for i in range(0, len(value), 4))
    if r < 0.93:
        return value
    if r < 0.97:
        return value[:4] + " " + value[4:]
    return " ".join(value[i : i + 4] for i in range(0, len(value), 4)).lower()


_BIC_BANKS = {
    "DE": ["DEUT", "COBA", "DRES", "GENO", "BYLA", "HYVE", "SOLA", "MARK", "PBNK", "INGD", "NTSB"],
    "AT": ["BKAU", "GIBA", "RLNW", "OBKL", "BAWA", "SPIH", "RZBA"],
    "CH": ["UBSW", "ZKBK", "POFI", "RAIF", "CRES", "BLKB", "BCVL"],
    "LI": ["LILA", "BFRI", "VPBV"],
    "GB": ["NWBK", "BARC", "LOYD", "HBUK", "MIDL", "MONZ", "SRLG"],
    "IE": ["AIBK", "BOFI", "IPBS"],
    "NL": ["ABNA", "RABO", "INGB", "SNSB", "TRIO"],
    "FR": ["BNPA", "SOGE", "AGRI", "CCBP", "CMCI"],
    "ES": ["CAIX", "BBVA", "BSCH", "SABB"],
    "IT": ["BCIT", "UNCR", "BPMO", "PASC"],
    "PL": ["PKOP", "BPKO", "INGB", "BREX"],
    "LU": ["BCEE", "BILL", "BGLL"],
    "PT": ["CGDI", "BCOM", "TOTA"],
    "NO": ["DNBA", "NDEA", "SPRO"],
    "US": ["CHAS", "BOFA", "CITI", "WFBI"],
    "CA": ["ROYC", "TDOM", "BOFM", "NOSC"],
    "AU": ["CTBA", "NATA", "WPAC", "ANZB"],
}


def bic(rng: random.Random, country: str) -> str:
    """An ISO 9362 business identifier code of a bank in ``country``."""
    bank = rng.choice(_BIC_BANKS.get(country, ["BANK"]))
    loc = rng.choice("ABCDEFGHJKLMNPRSTUVWXYZ23456789") + rng.choice(
        "ABCDEFGHJKLMNPRSTUVWXYZ23456789"
    )
    branch = rng.choice(["", "", "XXX", digits(rng, 3), rng.choice(UPPER) + digits(rng, 2)])
    return bank + country + loc + branch


# ---- US numbers --------------------------------------------------------------------------


def us_ssn(rng: random.Random) -> str:
    """SSN: area 001-899 without 666, group 01-99, serial 0001-9999 (dashed)."""
    while True:
        area = rng.randint(1, 899)
        if area == 666:
            continue
        value = f"{area:03d}-{rng.randint(1, 99):02d}-{rng.randint(1, 9999):04d}"
        if value not in {"078-05-1120", "457-55-5462", "219-09-9999"}:
            return value


_ITIN_GROUPS = [*range(70, 89), *range(90, 93), *range(94, 100)]


def us_itin(rng: random.Random) -> str:
    """ITIN: 9xx, group 70-88, 90-92 or 94-99 (dashed; the 50-65 block added in 2011 is
    left out)."""
    return f"9{rng.randint(0, 99):02d}-{rng.choice(_ITIN_GROUPS):02d}-{rng.randint(0, 9999):04d}"


def fmt_ssn(rng: random.Random, dashed: str) -> str:
    """SSN/ITIN as dashed (mostly), spaced or bare."""
    r = rng.random()
    if r < 0.72:
        return dashed
    if r < 0.86:
        return dashed.replace("-", " ")
    return dashed.replace("-", "")


# ---- German tax id -----------------------------------------------------------------------


def de_idnr(rng: random.Random) -> str:
    """Steuerliche Identifikationsnummer: 10 digits with one digit twice or thrice (never
    three in a row), no leading zero, then the ISO 7064 MOD 11,10 digit."""
    while True:
        rep = rng.choice(DIGITS)
        times = rng.choice((2, 2, 2, 3))
        others = [d for d in DIGITS if d != rep]
        rng.shuffle(others)
        body = [rep] * times + others[: 10 - times]
        rng.shuffle(body)
        s = "".join(body)
        if s[0] == "0" or rep * 3 in s:
            continue
        return s + mod11_10_digit(s)


def fmt_idnr(rng: random.Random, value: str) -> str:
    """As printed on the notice (``12 345 678 901``) or typed bare."""
    r = rng.random()
    if r < 0.5:
        return f"{value[:2]} {value[2:5]} {value[5:8]} {value[8:]}"
    if r < 0.9:
        return value
    return f"{value[:3]} {value[3:6]} {value[6:9]} {value[9:]}"


# ---- VAT numbers --------------------------------------------------------------------------


def vat_id(rng: random.Random, country: str) -> str:
    """A VAT registration number valid by ``country``'s check rule, written as usual."""
    if country == "DE":
        body = digits(rng, 8, first_nonzero=True)
        v = body + mod11_10_digit(body)
        return rng.choice([f"DE{v}", f"DE {v}", f"DE {v[:3]} {v[3:6]} {v[6:]}"])
    if country == "AT":
        seven = digits(rng, 7)
        s = 0
        for i, ch in enumerate(seven):
            d = int(ch)
            if i % 2 == 1:
                d *= 2
                d = d // 10 + d % 10
            s += d
        v = seven + str((10 - (s + 4) % 10) % 10)
        return rng.choice([f"ATU{v}", f"ATU{v}", f"ATU {v}"])
    if country == "CH":
        while True:
            eight = digits(rng, 8, first_nonzero=True)
            c = 11 - _weighted(eight, (5, 4, 3, 2, 7, 6, 5, 4)) % 11
            if c == 10:
                continue
            v = eight + str(c % 11)
            suffix = rng.choice(["MWST", "MWST", "TVA", "IVA"])
            return f"CHE-{v[:3]}.{v[3:6]}.{v[6:]} {suffix}"
    if country == "FR":
        eight = digits(rng, 8, first_nonzero=True)
        siren = eight + luhn_digit(eight)
        key = (12 + 3 * (int(siren) % 97)) % 97
        return rng.choice([f"FR{key:02d}{siren}", f"FR {key:02d} {siren}"])
    if country == "IT":
        seven = digits(rng, 7, first_nonzero=True)
        office = rng.choice(["001", "015", "037", "058", "096", "100", "120"])
        return "IT" + seven + office + luhn_digit(seven + office)
    if country == "NL":
        while True:
            eight = digits(rng, 8, first_nonzero=True)
            c = _weighted(eight, (9, 8, 7, 6, 5, 4, 3, 2)) % 11
            if c < 10:
                return f"NL{eight}{c}B{rng.choice(['01', '01', '02', '03'])}"
    if country == "PL":
        while True:
            nine = digits(rng, 9, first_nonzero=True)
            c = _weighted(nine, (6, 5, 7, 2, 3, 4, 5, 6, 7)) % 11
            if c < 10:
                return "PL" + nine + str(c)
    if country == "DK":
        while True:
            seven = digits(rng, 7, first_nonzero=True)
            c = (-_weighted(seven, (2, 7, 6, 5, 4, 3, 2))) % 11
            if c < 10:
                return "DK" + seven + str(c)
    if country == "SE":
        nine = "5" + digits(rng, 1) + rng.choice("23456789") + digits(rng, 6)
        return "SE" + nine + luhn_digit(nine) + "01"
    if country == "FI":
        while True:
            seven = digits(rng, 7, first_nonzero=True)
            c = (11 - _weighted(seven, (7, 9, 10, 5, 8, 4, 2)) % 11) % 11
            if c < 10:
                return "FI" + seven + str(c)
    if country == "IE":
        seven = digits(rng, 7, first_nonzero=True)
        c = _weighted(seven, (8, 7, 6, 5, 4, 3, 2)) % 23
        return "IE" + seven + "WABCDEFGHIJKLMNOPQRSTUV"[c]
    if country == "LU":
        six = digits(rng, 6, first_nonzero=True)
        return f"LU{six}{int(six) % 89:02d}"
    if country == "GB":
        seven = rng.choice("123456789") + digits(rng, 6)
        last = (-_weighted(seven, (8, 7, 6, 5, 4, 3, 2))) % 97
        v = f"{seven}{last:02d}"
        return rng.choice([f"GB{v}", f"GB {v[:3]} {v[3:7]} {v[7:]}", f"GB{v[:3]} {v[3:7]} {v[7:]}"])
    if country == "NO":
        while True:
            eight = rng.choice("89") + digits(rng, 7)
            c = 11 - _weighted(eight, (3, 2, 7, 6, 5, 4, 3, 2)) % 11
            if c == 10:
                continue
            v = eight + str(c % 11)
            return rng.choice([f"NO{v}MVA", f"NO {v[:3]} {v[3:6]} {v[6:]} MVA"])
    if country == "PT":
        while True:
            eight = rng.choice("5") + digits(rng, 7)
            c = 11 - _weighted(eight, (9, 8, 7, 6, 5, 4, 3, 2)) % 11
            return f"PT{eight}{0 if c >= 10 else c}"
    raise ValueError(country)


# ---- national identity and social-insurance numbers ----------------------------------


def _letter_num(ch: str) -> str:
    return f"{ord(ch) - 64:02d}"


def de_rvnr(rng: random.Random, dob: dt.date, surname: str, female: bool) -> str:
    """Rentenversicherungs-/Sozialversicherungsnummer: area, DDMMYY, initial, serial, check."""
    area = rng.choice(
        [
            "02",
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
    )
    initial = _ascii_initial(surname)
    serial = rng.randint(50, 99) if female else rng.randint(0, 49)
    head = f"{area}{dob:%d%m%y}"
    ser = f"{serial:02d}"
    seq = head + _letter_num(initial) + ser
    weights = (2, 1, 2, 5, 7, 1, 2, 1, 2, 1, 2, 1)
    total = 0
    for ch, w in zip(seq, weights, strict=True):
        p = int(ch) * w
        total += p // 10 + p % 10
    return f"{head}{initial}{ser}{total % 10}"


def fmt_rvnr(rng: random.Random, v: str) -> str:
    """As printed on the SV-Ausweis (``12 150385 M 04 7``) or compact."""
    if rng.random() < 0.5:
        return f"{v[:2]} {v[2:8]} {v[8]} {v[9:11]} {v[11]}"
    return v


def _ascii_initial(name: str) -> str:
    ch = fold(name.strip())[:1].upper()
    return ch if "A" <= ch <= "Z" else "X"


def de_kvnr(rng: random.Random) -> str:
    """Krankenversichertennummer (unveränderbarer Teil): letter, 8 digits, check digit."""
    letter = rng.choice(UPPER)
    eight = digits(rng, 8, first_nonzero=True)
    seq = _letter_num(letter) + eight
    total = 0
    for i, ch in enumerate(seq):
        p = int(ch) * (1 if i % 2 == 0 else 2)
        total += p // 10 + p % 10
    return letter + eight + str(total % 10)


ICAO_ALPHA = "CFGHJKLMNPRTVWXYZ"


def de_document_number(rng: random.Random, passport: bool) -> str:
    """German passport / identity-card serial: 9 characters from the BSI alphabet."""
    first = rng.choice("CFGHJK" if passport else "LMNPRTVWXY")
    pool = ICAO_ALPHA + DIGITS
    return first + "".join(rng.choice(pool) for _ in range(8))


def icao_digit(field: str) -> str:
    """ICAO Doc 9303 check digit (weights 7, 3, 1; ``<`` = 0, A = 10 ...)."""
    total = 0
    for i, ch in enumerate(field):
        v = 0 if ch == "<" else int(ch) if ch.isdigit() else ord(ch) - 55
        total += v * (7, 3, 1)[i % 3]
    return str(total % 10)


def at_svnr(rng: random.Random, dob: dt.date) -> str:
    """Austrian Versicherungsnummer: 3-digit serial, check digit, DDMMYY (``1234 120385``)."""
    while True:
        serial = f"{rng.randint(100, 999)}"
        date = f"{dob:%d%m%y}"
        total = _weighted(serial + "0" + date, (3, 7, 9, 0, 5, 8, 4, 2, 1, 6)) % 11
        if total == 10:
            continue
        return f"{serial}{total} {date}"


def ch_ahv(rng: random.Random) -> str:
    """AHV-Nummer (EAN-13 with prefix 756): ``756.1234.5678.97``."""
    body = "756" + digits(rng, 9)
    total = sum(int(c) * (3 if i % 2 else 1) for i, c in enumerate(body))
    v = body + str((10 - total % 10) % 10)
    return f"{v[:3]}.{v[3:7]}.{v[7:11]}.{v[11:]}"


def gb_nino(rng: random.Random) -> str:
    """National Insurance number: HMRC prefix rules, six digits, suffix A-D."""
    bad_pairs = {"BG", "GB", "KN", "NK", "NT", "TN", "ZZ"}
    while True:
        a = rng.choice("ABCEGHJKLMNOPRSTWXYZ")
        b = rng.choice("ABCEGHJKLMNPRSTWXYZ")
        if a + b not in bad_pairs:
            break
    num = digits(rng, 6)
    suffix = rng.choice("ABCD")
    if rng.random() < 0.6:
        return f"{a}{b} {num[:2]} {num[2:4]} {num[4:]} {suffix}"
    return f"{a}{b}{num}{suffix}"


def gb_nhs(rng: random.Random) -> str:
    """NHS number: nine digits and a MOD 11 check digit (``943 476 5919``)."""
    while True:
        nine = rng.choice("46") + digits(rng, 8)
        c = 11 - _weighted(nine, (10, 9, 8, 7, 6, 5, 4, 3, 2)) % 11
        if c == 10:
            continue
        v = nine + str(c % 11)
        return rng.choice([f"{v[:3]} {v[3:6]} {v[6:]}", v, f"{v[:3]}-{v[3:6]}-{v[6:]}"])


def ca_sin(rng: random.Random) -> str:
    """Social Insurance Number: first digit 1-7 or 9, Luhn (``046 454 286``)."""
    eight = rng.choice("1234567") + digits(rng, 7)
    v = eight + luhn_digit(eight)
    return rng.choice([f"{v[:3]} {v[3:6]} {v[6:]}", f"{v[:3]}-{v[3:6]}-{v[6:]}", v])


def ca_bc_phn(rng: random.Random) -> str:
    """British Columbia Personal Health Number: 9, eight digits, MOD 11 check digit."""
    while True:
        eight = digits(rng, 8)
        c = (
            -sum((int(d) * w) % 11 for d, w in zip(eight, (2, 4, 8, 5, 10, 9, 7, 3), strict=True))
        ) % 11
        if c < 10:
            v = f"9{eight}{c}"
            return rng.choice([f"{v[:4]} {v[4:7]} {v[7:]}", v])


def au_tfn(rng: random.Random) -> str:
    """Tax File Number: nine digits, weights 1 4 3 7 5 8 6 9 10, sum divisible by 11."""
    while True:
        eight = digits(rng, 8, first_nonzero=True)
        s = _weighted(eight, (1, 4, 3, 7, 5, 8, 6, 9))
        for last in range(10):
            if (s + 10 * last) % 11 == 0:
                v = eight + str(last)
                return rng.choice([f"{v[:3]} {v[3:6]} {v[6:]}", v])


def au_medicare(rng: random.Random) -> str:
    """Medicare card number: first digit 2-6, check digit on weights 1 3 7 9 1 3 7 9,
    issue number, written ``2123 45670 1``."""
    eight = rng.choice("23456") + digits(rng, 7)
    check = _weighted(eight, (1, 3, 7, 9, 1, 3, 7, 9)) % 10
    issue = rng.choice("123")
    v = f"{eight}{check}{issue}"
    return rng.choice([f"{v[:4]} {v[4:9]} {v[9]}", v])


def fr_nir(rng: random.Random, dob: dt.date, female: bool) -> str:
    """Numéro de sécurité sociale: sex, YY, MM, department, commune, order, key."""
    dept = rng.choice(["75", "69", "13", "33", "59", "31", "67", "44", "06", "92", "93"])
    body = f"{2 if female else 1}{dob:%y%m}{dept}{rng.randint(1, 990):03d}{rng.randint(1, 999):03d}"
    key = 97 - int(body) % 97
    return rng.choice(
        [
            f"{body[0]} {body[1:3]} {body[3:5]} {body[5:7]} {body[7:10]} {body[10:]} {key:02d}",
            f"{body}{key:02d}",
        ]
    )


_IT_MONTH = "ABCDEHLMPRST"
_IT_PLACES = ["H501", "F205", "L219", "G273", "A662", "F839", "D612", "L736", "A944", "C351"]


def _it_part(name: str, first: bool) -> str:
    up = "".join(c for c in fold(name).upper() if c.isalpha())
    cons = [c for c in up if c not in "AEIOU"]
    vows = [c for c in up if c in "AEIOU"]
    if first and len(cons) >= 4:
        return cons[0] + cons[2] + cons[3]
    return ("".join(cons + vows) + "XXX")[:3]


def it_codice_fiscale(
    dob: dt.date, female: bool, surname: str, first: str, rng: random.Random
) -> str:
    """Codice fiscale: surname and name codes, year, month letter, day (+40 for women),
    place code, control character."""
    day = dob.day + (40 if female else 0)
    body = (
        _it_part(surname, False)
        + _it_part(first, True)
        + f"{dob:%y}"
        + _IT_MONTH[dob.month - 1]
        + f"{day:02d}"
        + rng.choice(_IT_PLACES)
    )
    return body + it_control_char(body)


def es_dni(rng: random.Random) -> str:
    """DNI: eight digits and the MOD 23 letter."""
    n = rng.randint(10000000, 79999999)
    return f"{n}{'TRWAGMYFPDXBNJZSQVHLCKE'[n % 23]}"


def es_nie(rng: random.Random) -> str:
    """NIE: X/Y/Z, seven digits, MOD 23 letter over the prefix-substituted number."""
    p = rng.choice("XYZ")
    seven = digits(rng, 7)
    n = int(str("XYZ".index(p)) + seven)
    return f"{p}{seven}{'TRWAGMYFPDXBNJZSQVHLCKE'[n % 23]}"


def nl_bsn(rng: random.Random) -> str:
    """Burgerservicenummer: the eleven-test (weights 9..2, -1)."""
    while True:
        eight = rng.choice("1234567") + digits(rng, 7)
        c = _weighted(eight, (9, 8, 7, 6, 5, 4, 3, 2)) % 11
        if c < 10:
            return eight + str(c)


def se_personnummer(rng: random.Random, dob: dt.date) -> str:
    """Personnummer: YYMMDD-NNNC, Luhn over the ten digits."""
    nine = f"{dob:%y%m%d}{rng.randint(0, 999):03d}"
    return f"{nine[:6]}-{nine[6:]}{luhn_digit(nine)}"


def no_fodselsnummer(rng: random.Random, dob: dt.date) -> str:
    """Fødselsnummer: DDMMYY, individual number for the century, two MOD 11 digits."""
    while True:
        ind = rng.randint(0, 499) if dob.year < 2000 else rng.randint(500, 999)
        nine = f"{dob:%d%m%y}{ind:03d}"
        k1 = 11 - _weighted(nine, (3, 7, 6, 1, 8, 9, 4, 5, 2)) % 11
        if k1 == 10:
            continue
        k1 %= 11
        ten = nine + str(k1)
        k2 = 11 - _weighted(ten, (5, 4, 3, 2, 7, 6, 5, 4, 3, 2)) % 11
        if k2 == 10:
            continue
        return ten + str(k2 % 11)


def fi_hetu(rng: random.Random, dob: dt.date) -> str:
    """Henkilötunnus: DDMMYY, century sign, individual number, MOD 31 character."""
    sign = "-" if dob.year < 2000 else "A"
    ind = rng.randint(2, 899)
    n = int(f"{dob:%d%m%y}{ind:03d}")
    return f"{dob:%d%m%y}{sign}{ind:03d}{'0123456789ABCDEFHJKLMNPRSTUVWXY'[n % 31]}"


def pl_pesel(rng: random.Random, dob: dt.date, female: bool) -> str:
    """PESEL: YYMMDD (month +20 after 1999), serial with sex digit, check digit."""
    month = dob.month + (20 if dob.year >= 2000 else 0)
    serial = f"{rng.randint(0, 999):03d}"
    sex = rng.choice("02468" if female else "13579")
    ten = f"{dob:%y}{month:02d}{dob:%d}{serial}{sex}"
    c = (10 - _weighted(ten, (1, 3, 7, 9, 1, 3, 7, 9, 1, 3)) % 10) % 10
    return ten + str(c)


def dk_cpr(rng: random.Random, dob: dt.date) -> str:
    """CPR-nummer: DDMMYY-SSSS with the serial's first digit matching the century."""
    first = rng.choice("0123") if dob.year < 2000 else rng.choice("4")
    return f"{dob:%d%m%y}-{first}{digits(rng, 3)}"


def ie_pps(rng: random.Random) -> str:
    """PPS number: seven digits and a MOD 23 check letter (weights 8..2)."""
    seven = digits(rng, 7)
    c = _weighted(seven, (8, 7, 6, 5, 4, 3, 2)) % 23
    return seven + "WABCDEFGHIJKLMNOPQRSTUV"[c]


def in_aadhaar(rng: random.Random) -> str:
    """Aadhaar: twelve digits, first 2-9, Verhoeff check digit (``2345 6789 0124``)."""
    while True:
        eleven = rng.choice("23456789") + digits(rng, 10)
        v = eleven + _verhoeff_digit(eleven)
        if v != v[::-1]:
            return rng.choice([f"{v[:4]} {v[4:8]} {v[8:]}", v])


_VD = (
    (0, 1, 2, 3, 4, 5, 6, 7, 8, 9),
    (1, 2, 3, 4, 0, 6, 7, 8, 9, 5),
    (2, 3, 4, 0, 1, 7, 8, 9, 5, 6),
    (3, 4, 0, 1, 2, 8, 9, 5, 6, 7),
    (4, 0, 1, 2, 3, 9, 5, 6, 7, 8),
    (5, 9, 8, 7, 6, 0, 4, 3, 2, 1),
    (6, 5, 9, 8, 7, 1, 0, 4, 3, 2),
    (7, 6, 5, 9, 8, 2, 1, 0, 4, 3),
    (8, 7, 6, 5, 9, 3, 2, 1, 0, 4),
    (9, 8, 7, 6, 5, 4, 3, 2, 1, 0),
)
_VP = (
    (0, 1, 2, 3, 4, 5, 6, 7, 8, 9),
    (1, 5, 7, 6, 2, 8, 3, 0, 9, 4),
    (5, 8, 0, 3, 7, 9, 6, 1, 4, 2),
    (8, 9, 1, 6, 0, 4, 3, 5, 2, 7),
    (9, 4, 5, 3, 1, 2, 6, 8, 7, 0),
    (4, 2, 8, 6, 5, 7, 3, 9, 0, 1),
    (2, 7, 9, 3, 8, 0, 6, 4, 1, 5),
    (7, 0, 4, 6, 9, 1, 3, 2, 5, 8),
)
_VINV = (0, 4, 3, 2, 1, 5, 6, 7, 8, 9)


def _verhoeff_digit(payload: str) -> str:
    c = 0
    for i, ch in enumerate(reversed(payload)):
        c = _VD[c][_VP[(i + 1) % 8][int(ch)]]
    return str(_VINV[c])


def br_cpf(rng: random.Random) -> str:
    """CPF: nine digits and two MOD 11 check digits (``123.456.789-09``)."""
    while True:
        nine = digits(rng, 9)
        if len(set(nine)) > 1:
            break
    d1 = 11 - sum(int(c) * w for c, w in zip(nine, range(10, 1, -1), strict=True)) % 11
    d1 = 0 if d1 >= 10 else d1
    ten = nine + str(d1)
    d2 = 11 - sum(int(c) * w for c, w in zip(ten, range(11, 1, -1), strict=True)) % 11
    d2 = 0 if d2 >= 10 else d2
    v = ten + str(d2)
    return f"{v[:3]}.{v[3:6]}.{v[6:9]}-{v[9:]}"


def tr_tckimlik(rng: random.Random) -> str:
    """T.C. Kimlik No: nine digits, then the two published check digits."""
    nine = [int(c) for c in digits(rng, 9, first_nonzero=True)]
    d10 = (
        (nine[0] + nine[2] + nine[4] + nine[6] + nine[8]) * 7
        - (nine[1] + nine[3] + nine[5] + nine[7])
    ) % 10
    d11 = (sum(nine) + d10) % 10
    return "".join(map(str, nine)) + f"{d10}{d11}"


def za_idnr(rng: random.Random, dob: dt.date, female: bool) -> str:
    """South African identity number: YYMMDD, gender block, citizenship, 8, Luhn."""
    g = rng.randint(0, 4999) if female else rng.randint(5000, 9999)
    twelve = f"{dob:%y%m%d}{g:04d}{rng.choice('0001')}8"
    return twelve + luhn_digit(twelve)


_CN_PLACES = ["110101", "310101", "440305", "330106", "510104", "420102"]


def cn_ric(rng: random.Random, dob: dt.date) -> str:
    """Resident identity card number: place, YYYYMMDD, order, ISO 7064 MOD 11-2."""
    body = f"{rng.choice(_CN_PLACES)}{dob:%Y%m%d}{rng.randint(1, 999):03d}"
    total = sum(int(c) * (2 ** (17 - i) % 11) for i, c in enumerate(body))
    return body + "10X98765432"[total % 11]


def be_nn(rng: random.Random, dob: dt.date) -> str:
    """Belgian national register number: YYMMDD, serial, MOD 97 (``85.07.30-033.28``)."""
    serial = rng.randint(1, 997)
    body = f"{dob:%y%m%d}{serial:03d}"
    base = int(("2" if dob.year >= 2000 else "") + body)
    check = 97 - base % 97
    return f"{body[:2]}.{body[2:4]}.{body[4:6]}-{body[6:9]}.{check:02d}"


def _fold(s: str) -> str:
    table = str.maketrans(
        {
            "ä": "ae",
            "ö": "oe",
            "ü": "ue",
            "ß": "ss",
            "Ä": "Ae",
            "Ö": "Oe",
            "Ü": "Ue",
            "é": "e",
            "è": "e",
            "ê": "e",
            "á": "a",
            "à": "a",
            "ó": "o",
            "ò": "o",
            "í": "i",
            "ú": "u",
            "ç": "c",
            "ñ": "n",
            "ł": "l",
            "ś": "s",
            "ż": "z",
            "ź": "z",
            "ć": "c",
            "ń": "n",
            "ę": "e",
            "ą": "a",
            "ş": "s",
            "ğ": "g",
            "ı": "i",
            "İ": "I",
            "Ş": "S",
            "Ç": "C",
            "Ł": "L",
            "Ś": "S",
            "Ż": "Z",
            "č": "c",
            "š": "s",
            "ž": "z",
            "đ": "d",
            "Č": "C",
            "Š": "S",
            "Ž": "Z",
            "ã": "a",
            "õ": "o",
            "â": "a",
            "ô": "o",
            "å": "a",
            "ø": "o",
            "æ": "ae",
            "ë": "e",
            "ï": "i",
        }
    )
    return s.translate(table)


def fold(s: str) -> str:
    """ASCII-fold a name for e-mail local parts and machine-readable zones."""
    out = unicodedata.normalize("NFKD", _fold(s))
    return "".join(ch for ch in out if not unicodedata.combining(ch) and ch.isascii())


# ---- passports -------------------------------------------------------------------------


def passport(rng: random.Random, country: str) -> str:
    """A passport number in the layout ``country`` issues."""
    if country == "DE":
        return de_document_number(rng, passport=True)
    if country in ("AT", "CH", "IN"):
        return rng.choice(UPPER) + digits(rng, 7)
    if country == "US":
        return rng.choice([digits(rng, 9, first_nonzero=True), rng.choice("AZ") + digits(rng, 8)])
    if country == "GB":
        return rng.choice("1235") + digits(rng, 8)
    if country == "CA":
        return rng.choice(UPPER) + rng.choice(UPPER) + digits(rng, 6)
    if country == "AU":
        return rng.choice(["N", "P", "E", "PA", "PB", "RA"]) + digits(rng, 7)
    if country in ("IE", "PL", "IT"):
        return rng.choice(UPPER) + rng.choice(UPPER) + digits(rng, 7)
    if country == "FR":
        return digits(rng, 2) + rng.choice(UPPER) + rng.choice(UPPER) + digits(rng, 5)
    if country == "ES":
        return "".join(rng.choice(UPPER) for _ in range(3)) + digits(rng, 6)
    raise ValueError(country)
