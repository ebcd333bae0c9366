"""Validators of identity documents, tax and bank codes, dates, addresses and secrets.

Like :mod:`detectors.validators` (which lists them in its ``VALIDATORS`` table), each
takes the exact matched text and returns a bool, never raising.  Checksums come from
python-stdnum where it has the number (ITIN, BIC, EU VAT, the national ids); the
ICAO 9303 7-3-1 check digit of machine-readable documents (German passport and
Personalausweis numbers written with their check digit) is a few lines here, since
python-stdnum has no module for those documents.
"""

from __future__ import annotations

import datetime
import math
import re
import unicodedata
from collections import Counter
from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from stdnum import bic as std_bic
from stdnum.at import vnr as at_vnr
from stdnum.ca import sin as ca_sin
from stdnum.ch import ssn as ch_ssn
from stdnum.ch import uid as ch_uid
from stdnum.es import dni as es_dni
from stdnum.es import nie as es_nie
from stdnum.eu import vat as eu_vat
from stdnum.fi import hetu as fi_hetu
from stdnum.fr import nir as fr_nir
from stdnum.gb import nhs as gb_nhs
from stdnum.gb import vat as gb_vat
from stdnum.it import codicefiscale as it_cf
from stdnum.nl import bsn as nl_bsn
from stdnum.pl import pesel as pl_pesel
from stdnum.se import personnummer as se_pnr

from pipelines.dates import MONTHS

__all__ = [
    "MONTHS",
    "US_MILITARY_STATES",
    "US_STATES",
    "is_at_ch_address",
    "is_at_svnr",
    "is_bic",
    "is_birth_date",
    "is_ca_sin",
    "is_ch_uid",
    "is_de_address",
    "is_de_at_ch_town_line",
    "is_de_rvnr",
    "is_fill_in",
    "is_gb_nhs",
    "is_gb_vat",
    "is_high_entropy",
    "is_icao_document",
    "is_national_id",
    "is_not_fill_in",
    "is_random_letters",
    "is_uk_nino",
    "is_us_address",
    "is_us_itin",
    "is_us_town_line",
    "is_vat_id",
    "shannon_entropy",
]


def _guard(check: object, text: str) -> bool:
    """Run a python-stdnum ``is_valid`` and turn anything it raises into False."""
    try:
        return bool(check(text))  # type: ignore[operator]
    except Exception:
        return False


# The IRS's ITIN group ranges (fourth and fifth digits).  python-stdnum's table predates
# the 50-65 block, so the ranges are written out here.
_ITIN_GROUPS: Final = frozenset((*range(50, 66), *range(70, 89), 90, 91, 92, *range(94, 100)))


def is_us_itin(text: str) -> bool:
    """A US ITIN: area 9xx, group in the IRS ranges (50-65, 70-88, 90-92, 94-99)."""
    digits = "".join(ch for ch in text if ch.isdigit())
    if len(digits) != 9 or not digits.isascii() or digits[0] != "9":
        return False
    return int(digits[3:5]) in _ITIN_GROUPS


def is_bic(text: str) -> bool:
    """A BIC (SWIFT code): 8 or 11 characters, an ISO 3166 country in positions 5-6."""
    return text.isascii() and text.isupper() and _guard(std_bic.is_valid, text)


def is_vat_id(text: str) -> bool:
    """An EU VAT identification number with its country prefix and check digits."""
    compact = text.replace(" ", "").replace(".", "").replace("-", "")
    return compact.isascii() and _guard(eu_vat.is_valid, compact)


# ---- national ids --------------------------------------------------------------------

_NATIONAL_CHECKS: Final = (
    es_dni.is_valid,
    es_nie.is_valid,
    it_cf.is_valid,
    fr_nir.is_valid,
    ch_ssn.is_valid,
    fi_hetu.is_valid,
    se_pnr.is_valid,
    nl_bsn.is_valid,
    pl_pesel.is_valid,
)


def is_gb_nhs(text: str) -> bool:
    """An NHS number (England, Wales, Isle of Man): 10 digits, mod 11 check digit
    (python-stdnum ``gb.nhs``)."""
    return text.isascii() and _guard(gb_nhs.is_valid, text)


def is_ca_sin(text: str) -> bool:
    """A Canadian Social Insurance Number: 9 digits, Luhn (python-stdnum ``ca.sin``)."""
    return text.isascii() and _guard(ca_sin.is_valid, text)


def is_national_id(text: str) -> bool:
    """One of the national ids python-stdnum validates (ES DNI/NIE, IT codice fiscale,
    FR NIR, CH AHV, FI HETU, SE personnummer, NL BSN, PL PESEL) or an ICAO document
    number with its check digit (German Personalausweis, passport)."""
    if not text.isascii():
        return False
    if any(_guard(check, text) for check in _NATIONAL_CHECKS):
        return True
    return is_icao_document(text)


# ICAO 9303: digits count as themselves, A-Z as 10-35, '<' as 0; weights 7, 3, 1.
_ICAO_WEIGHTS: Final = (7, 3, 1)
_DOC_ALPHABET: Final = re.compile(r"[0-9CFGHJKLMNPRTVWXYZ]{9}[0-9]")


def is_icao_document(text: str) -> bool:
    """A 9-character German document number (passport, Personalausweis) + check digit.

    The alphabet excludes the letters that read as digits (no A, B, D, E, I, O, Q, S, U).
    """
    compact = text.replace(" ", "")
    if not _DOC_ALPHABET.fullmatch(compact):
        return False
    total = 0
    for index, ch in enumerate(compact[:9]):
        value = int(ch) if ch.isdigit() else ord(ch) - 55
        total += value * _ICAO_WEIGHTS[index % 3]
    return total % 10 == int(compact[9])


# ---- dates ---------------------------------------------------------------------------

_NUMERIC_DATE: Final = re.compile(r"([0-9]{1,4})[./\-]([0-9]{1,2})[./\-]([0-9]{2,4})")
_WORD: Final = re.compile(r"[^\W\d_]+")
_NUMBER: Final = re.compile(r"[0-9]+")


def _real_date(year: int, month: int, day: int) -> bool:
    if year < 100:
        year += 1900 if year > datetime.date.today().year % 100 else 2000
    if not 1900 <= year <= datetime.date.today().year:
        return False
    try:
        datetime.date(year, month, day)
    except ValueError:
        return False
    return True


def is_birth_date(text: str) -> bool:
    """A calendar date that could be a birth date: a real day, 1900 up to this year.

    Numeric forms: ISO ``1985-03-05`` and ``19850305``, US ``03/05/1985`` (month first),
    European ``05.03.1985`` (day first); written months in English or German
    (``March 5, 1985``, ``5. März 1985``, ``5 Mar 1985``, ``05-Mar-1985``).
    """
    folded = unicodedata.normalize("NFC", text).lower()
    words = _WORD.findall(folded)
    numbers = [int(n) for n in _NUMBER.findall(folded)]
    if words:
        month = next((MONTHS[w] for w in words if w in MONTHS), None)
        if month is None or len(numbers) != 2:
            return False
        day, year = (numbers[0], numbers[1]) if numbers[0] <= 31 else (numbers[1], numbers[0])
        return _real_date(year, month, day)
    if len(folded) == 8 and folded.isdigit():  # ISO 8601 basic: "19781001" (vCard BDAY)
        return _real_date(int(folded[:4]), int(folded[4:6]), int(folded[6:]))
    found = _NUMERIC_DATE.fullmatch(folded.strip())
    if found is None:
        return False
    first, second, third = (int(g) for g in found.groups())
    separator = folded.strip()[len(found.group(1))]
    if len(found.group(1)) == 4:  # ISO: year, month, day
        return separator == "-" and _real_date(first, second, third)
    if separator == "/":  # US: month first (a day above 12 first is read day first)
        return _real_date(third, first, second) or _real_date(third, second, first)
    return _real_date(third, second, first)


# ---- addresses -----------------------------------------------------------------------

US_STATES: Final = frozenset(
    [
        "AL",
        "AK",
        "AZ",
        "AR",
        "CA",
        "CO",
        "CT",
        "DE",
        "FL",
        "GA",
        "HI",
        "ID",
        "IL",
        "IN",
        "IA",
        "KS",
        "KY",
        "LA",
        "ME",
        "MD",
        "MA",
        "MI",
        "MN",
        "MS",
        "MO",
        "MT",
        "NE",
        "NV",
        "NH",
        "NJ",
        "NM",
        "NY",
        "NC",
        "ND",
        "OH",
        "OK",
        "OR",
        "PA",
        "RI",
        "SC",
        "SD",
        "TN",
        "TX",
        "UT",
        "VT",
        "VA",
        "WA",
        "WV",
        "WI",
        "WY",
        "DC",
        "PR",
        "GU",
        "VI",
        "AS",
        "MP",
        # the freely associated states USPS delivers to (Publication 28, appendix B)
        "FM",
        "MH",
        "PW",
    ]
)
# Armed Forces "state" codes: only after APO, FPO or DPO (Publication 28, section 225).
US_MILITARY_STATES: Final = frozenset(["AA", "AE", "AP"])
_US_TAIL: Final = re.compile(r"(?:([ADF]PO) )?([A-Z]{2}) ([0-9]{5})(?:-[0-9]{4})?\Z")
_DE_PLZ: Final = re.compile(r"(?<![0-9])(?:D-)?([0-9]{5})(?![0-9])")


# The first three digits of the ZIP codes each state's post offices use (USPS's
# allocation of the sectional centers; a few prefixes serve two states at their border,
# listed under both).
_ZIP_PREFIXES: Final[Mapping[str, tuple[tuple[int, int], ...]]] = MappingProxyType(
    {
        "AL": ((350, 369),), "AK": ((995, 999),), "AZ": ((850, 865),),
        "AR": ((716, 729), (755, 755)), "CA": ((900, 961),), "CO": ((800, 816),),
        "CT": ((60, 69),), "DE": ((197, 199),), "DC": ((200, 205), (569, 569)),
        "FL": ((320, 349),), "GA": ((300, 319), (398, 399)), "HI": ((967, 968),),
        "ID": ((832, 838),), "IL": ((600, 629),), "IN": ((460, 479),), "IA": ((500, 528),),
        "KS": ((660, 679),), "KY": ((400, 427),), "LA": ((700, 715),),
        "ME": ((39, 49),), "MD": ((206, 219),), "MA": ((10, 27), (55, 55)),
        "MI": ((480, 499),), "MN": ((550, 567),), "MS": ((386, 397),),
        "MO": ((630, 658),), "MT": ((590, 599),), "NE": ((680, 693),),
        "NV": ((889, 898),), "NH": ((30, 38),), "NJ": ((70, 89),), "NM": ((870, 884),),
        "NY": ((5, 5), (63, 63), (100, 149)), "NC": ((270, 289),), "ND": ((580, 588),),
        "OH": ((430, 459),), "OK": ((730, 749),), "OR": ((970, 979),),
        "PA": ((150, 196),), "RI": ((28, 29),), "SC": ((290, 299),), "SD": ((570, 577),),
        "TN": ((370, 385),), "TX": ((733, 733), (750, 799), (885, 885)),
        "UT": ((840, 847),), "VT": ((50, 59),), "VA": ((201, 201), (220, 246)),
        "WA": ((980, 994),), "WV": ((247, 268),), "WI": ((530, 549),),
        "WY": ((820, 831), (834, 834)), "PR": ((6, 7), (9, 9)), "VI": ((8, 8),),
        "GU": ((969, 969),), "AS": ((967, 967),), "MP": ((969, 969),),
        "FM": ((969, 969),), "MH": ((969, 969),), "PW": ((969, 969),),
    }
)  # fmt: skip
# State codes that are English words or abbreviations ("Sync Job OK 12345", "Test ID
# 12345", "ticket OR 40021"): without a comma before them, their ZIP must be one of the
# state's (a name, a word and five digits are otherwise too common).
_WORD_STATES: Final = frozenset(
    {
        "OK", "ID", "OR", "IN", "ME", "HI", "OH", "DE", "MA", "PA", "LA", "AL", "CO", "GA",
        "MO", "AS", "IA", "MD", "MS", "MT", "NE", "SC", "VA", "WA",
    }
)  # fmt: skip


def _zip_in_state(state: str, zip_code: str) -> bool:
    """The five-digit ``zip_code`` starts with one of ``state``'s prefixes."""
    prefix = int(zip_code[:3])
    return any(low <= prefix <= high for low, high in _ZIP_PREFIXES.get(state, ()))


def is_us_town_line(text: str) -> bool:
    """A US town line ending in a state code and a ZIP code that exist (as
    :func:`is_us_address`); a form's label or a field of its own says it is one, so a
    state code that is a word needs no ZIP of its state."""
    found = _US_TAIL.search(text)
    return found is not None and found.group(3) != "00000" and found.group(2) in US_STATES


def is_us_address(text: str) -> bool:
    """A US address ending in a state code and a ZIP code that exist: a state, DC, a
    territory or freely associated state; AA/AE/AP only after APO/FPO/DPO.  A state
    code that is also a word, without the comma before it ("Boise ID 83702"), needs a
    ZIP of that state."""
    found = _US_TAIL.search(text)
    if found is None or found.group(3) == "00000":
        return False
    state = found.group(2)
    if found.group(1):
        return state in US_MILITARY_STATES
    if state in _WORD_STATES and text[: found.start(2)].rstrip(" ")[-1:] != ",":
        return _zip_in_state(state, found.group(3))
    return state in US_STATES


_AT_CH_POSTCODE: Final = re.compile(r"(?<![0-9])(?:(A|AT|CH)-)?([0-9]{4}) ")


def is_at_ch_address(text: str) -> bool:
    """An Austrian or Swiss street address whose postcode lies in the assigned range:
    Swiss Post 1000-9658, Austrian Post 1010-9992 (either, without a country prefix)."""
    codes = _AT_CH_POSTCODE.findall(text)
    if not codes:
        return False
    country, digits = codes[-1]
    low, high = {"CH": (1000, 9658), "A": (1010, 9992), "AT": (1010, 9992)}.get(
        country, (1000, 9992)
    )
    return low <= int(digits) <= high


def is_de_at_ch_town_line(text: str) -> bool:
    """A German, Austrian or Swiss town line ("92710 Erkelenz", "CH-8001 Zürich") whose
    postcode lies in its country's assigned range: five digits German (no "A-" or "CH-"
    before them), four Austrian or Swiss (no "D-")."""
    country, _, digits = text.split(" ", 1)[0].rpartition("-")
    if len(digits) == 5:
        return country in ("", "D") and is_de_address(text)
    return country != "D" and is_at_ch_address(text)


def is_de_address(text: str) -> bool:
    """A German street address whose Postleitzahl lies in the assigned 01001-99998."""
    codes = _DE_PLZ.findall(text)
    return bool(codes) and 1001 <= int(codes[-1]) <= 99998


# ---- secrets -------------------------------------------------------------------------


def shannon_entropy(text: str) -> float:
    """Shannon entropy of ``text`` in bits per character (0 for empty text)."""
    if not text:
        return 0.0
    size = len(text)
    return -sum(count / size * math.log2(count / size) for count in Counter(text).values())


# A value assigned to a key named like a secret is one when it looks generated: at
# least this many bits per character (random base64 of 16+ characters has ~4, English
# words and identifiers such as "value_from_environment" stay near 3.3 or below), and a
# mix of letters and digits.
_MIN_ENTROPY: Final = 3.5
# A hex value draws from 16 symbols only, so a random one has less entropy per
# character: 4 bits at most, and a random 32-digit hex key stays below 3.5 one time in
# five.  Its floor is what a random hex value of its length clears in more than 99 % of
# draws (16 digits: 2.8; 12: 2.38), and words are never all hex.
_HEX_DIGITS: Final = frozenset("0123456789abcdefABCDEF")


def _entropy_floor(text: str) -> float:
    if _HEX_DIGITS.issuperset(text) and (text.islower() or text.isupper() or text.isdigit()):
        return min(3.0, math.log2(min(len(text), 16)) - 1.2)
    return _MIN_ENTROPY


def is_high_entropy(text: str) -> bool:
    """Looks machine-generated: letters and digits mixed, at least 3.5 bits/character
    (a hex value: what a random hex value of its length clears)."""
    has_digit = any(ch.isdigit() for ch in text)
    has_alpha = any(ch.isalpha() for ch in text)
    return has_digit and has_alpha and shannon_entropy(text) >= _entropy_floor(text)


# A value that stands in for a secret to be filled in ("pk_live_REPLACE_ME",
# "sk_live_XXXXXXXXXXXX", "your-api-key", eight of one character in a row).
_FILL_IN: Final = re.compile(
    r"replace[_\-]?me|change[_\-]?me|x{4,}|your[_\-]?(?:api[_\-]?)?(?:key|token|secret|passw)"
    r"|(.)\1{7}",
    re.IGNORECASE,
)


def is_fill_in(text: str) -> bool:
    """A secret's stand-in, not a secret: a fill-in word or one character repeated."""
    return _FILL_IN.search(text) is not None


def is_not_fill_in(text: str) -> bool:
    """The check of a key found by its prefix: no stand-in (:func:`is_fill_in`)."""
    return not is_fill_in(text)


def is_random_letters(text: str) -> bool:
    """Looks generated even without digits: upper and lower case, >= 3.5 bits/character
    (Hugging Face tokens are letters only)."""
    letters = [ch for ch in text if ch.isalpha()]
    mixed = any(ch.isupper() for ch in letters) and any(ch.islower() for ch in letters)
    return mixed and shannon_entropy(text) >= _MIN_ENTROPY


# ---- VAT and social-insurance numbers outside python-stdnum's EU table ---------------
# The UK left the EU (its VAT ids are no longer in ``eu.vat``) and Switzerland never
# joined; their numbers have their own modules.  The German pension insurance number
# and the UK National Insurance number have none: their rules are written out below
# from the issuers' published descriptions.


def is_gb_vat(text: str) -> bool:
    """A UK VAT registration number: GB + 9 digits (mod 97 check, both schemes), a
    branch's 12, or GBGD/GBHA + 3 (government department 000-499, health 500-999)."""
    compact = text.replace(" ", "")
    return compact.isascii() and compact.startswith("GB") and _guard(gb_vat.is_valid, compact)


_UID_SUFFIX: Final = re.compile(r"[ ](?:MWST|TVA|IVA|HR)$")


def is_ch_uid(text: str) -> bool:
    """A Swiss business id (UID, also the VAT number): CHE + 9 digits, mod 11 check;
    the register's suffix (``MWST``, ``TVA``, ``IVA``, ``HR``) is not checked."""
    compact = _UID_SUFFIX.sub("", text).replace(" ", "")
    return compact.isascii() and _guard(ch_uid.is_valid, compact)


# The Rentenversicherungsnummer (DRV): area 02-89, birth date DDMMYY, the birth name's
# initial, serial 00-99, check digit.  The letter counts as its two-digit position in
# the alphabet (A = 01); the twelve digits are weighted 2, 1, 2, 5, 7, 1, 2, 1, 2, 1, 2,
# 1, the digit sums of the products added, modulo 10.
_RVNR: Final = re.compile(r"([0-9]{2})([0-9]{2})([0-9]{2})[0-9]{2}([A-Z])([0-9]{2})([0-9])")
_RVNR_WEIGHTS: Final = (2, 1, 2, 5, 7, 1, 2, 1, 2, 1, 2, 1)


def is_de_rvnr(text: str) -> bool:
    """A German pension (social) insurance number: 12 characters, area, date, check."""
    found = _RVNR.fullmatch(text.replace(" ", ""))
    if found is None:
        return False
    area, day, month, initial, serial, check = found.groups()
    if not (2 <= int(area) <= 89 and 1 <= int(day) <= 31 and 1 <= int(month) <= 12):
        return False
    digits = found.group(0)[:8] + f"{ord(initial) - 64:02d}" + serial
    products = (weight * int(d) for weight, d in zip(_RVNR_WEIGHTS, digits, strict=True))
    total = sum(sum(divmod(product, 10)) for product in products)
    return total % 10 == int(check)


def is_at_svnr(text: str) -> bool:
    """An Austrian social-insurance number: serial 3, check digit, birth date DDMMYY
    (weights 3, 7, 9, -, 5, 8, 4, 2, 1, 6, mod 11; python-stdnum ``at.vnr``)."""
    compact = text.replace(" ", "")
    return compact.isascii() and _guard(at_vnr.is_valid, compact)


# HMRC (National Insurance Manual NIM39110): the first letter is not D, F, I, Q, U or V,
# the second not D, F, I, O, Q, U or V; BG, GB, KN, NK, NT, TN and ZZ are never issued;
# six digits; a suffix A-D.
_NINO: Final = re.compile(r"[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z][0-9]{6}[A-D]")
_NINO_UNISSUED: Final = frozenset(("BG", "GB", "KN", "NK", "NT", "TN", "ZZ"))


def is_uk_nino(text: str) -> bool:
    """A UK National Insurance number in HMRC's issued ranges (no check digit exists)."""
    compact = text.replace(" ", "")
    return _NINO.fullmatch(compact) is not None and compact[:2] not in _NINO_UNISSUED
