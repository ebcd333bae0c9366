"""Checksum and structure validators for matched text.

A validator takes the exact text a pattern matched (separators, spaces and all) and
says whether it is a real value of its type.  Regex patterns find candidates cheaply;
validators remove the look-alikes that a pattern alone cannot tell apart (an order
number is not a card unless its Luhn digit and issuer prefix say so).

Validators are pure, total functions: any string in, a bool out, never an exception,
so a hostile match can never turn into a traceback at request time.  Where a
maintained implementation exists (python-stdnum, phonenumbers, :mod:`ipaddress`) it is
used instead of a hand-written checksum, except on the hot path of every scan (Luhn,
US SSN, German tax id), where python-stdnum's input cleaning costs ten times the check
itself: there the check runs on the extracted ASCII digits directly, and a property
test holds it equal to python-stdnum's answer.

:data:`VALIDATORS` is the read-only table of named validators that YAML custom
patterns refer to (``custom[].validator``); ``docs/entities.md`` lists it.
"""

from __future__ import annotations

import base64
import binascii
import functools
import ipaddress
import json
import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType
from typing import Final

import phonenumbers
from stdnum import numdb

from detectors import id_validators as idv

__all__ = [
    "VALIDATORS",
    "Validator",
    "digits_only",
    "is_card_after_keyword",
    "is_credit_card",
    "is_de_id_card",
    "is_de_tax_id",
    "is_iban",
    "is_ipv4",
    "is_ipv6",
    "is_jwt",
    "is_luhn",
    "is_mod97",
    "is_passport",
    "is_random_token",
    "is_us_ssn",
    "is_us_ssn_any_area",
    "phone_validator",
]

Validator = Callable[[str], bool]

# Issuer identification number (IIN) ranges of the card schemes in circulation and the
# lengths each issues: (first prefix, last prefix, lengths).  Luhn alone accepts one
# random digit string in ten; the prefix and length rules keep order numbers and
# invoice references out.  Sources: the schemes' published IIN tables (ISO/IEC 7812),
# as collected in the public "Payment card number" reference.
_CARD_SCHEMES: Final = (
    ("4", "4", (13, 16, 19)),  # Visa (Electron, V Pay included)
    ("51", "55", (16,)),  # Mastercard
    ("2221", "2720", (16,)),  # Mastercard 2-series
    ("34", "34", (15,)),  # American Express
    ("37", "37", (15,)),
    ("300", "305", (14, 15, 16, 17, 18, 19)),  # Diners Club International
    ("3095", "3095", (14, 15, 16, 17, 18, 19)),
    ("36", "36", (14, 15, 16, 17, 18, 19)),
    ("38", "39", (14, 15, 16, 17, 18, 19)),
    ("6011", "6011", (16, 17, 18, 19)),  # Discover
    ("644", "649", (16, 17, 18, 19)),
    ("65", "65", (16, 17, 18, 19)),
    # JCB: the scheme assigns 3528-3589, but issuers' test ranges and test-data
    # generators use all of 35, and a Luhn-valid 16-19 digit run from 35 is a card
    # number far more often than anything else.
    ("35", "35", (16, 17, 18, 19)),  # JCB
    ("1800", "1800", (15,)),  # JCB 15-digit
    ("2131", "2131", (15,)),
    ("62", "62", (16, 17, 18, 19)),  # UnionPay
    ("81", "81", (16, 17, 18, 19)),
    ("2200", "2204", (16, 17, 18, 19)),  # Mir
    ("50", "50", tuple(range(12, 20))),  # Maestro
    ("0604", "0604", tuple(range(12, 20))),
    ("56", "69", tuple(range(12, 20))),
    ("60", "60", (16,)),  # RuPay (60, 65, 81, 82, 508 fall in the ranges above)
    ("82", "82", (16,)),
    ("9792", "9792", (16,)),  # Troy
    ("1", "1", (15,)),  # UATP
)
_CARD_LENGTHS: Final = range(12, 20)


def digits_only(text: str) -> str:
    """Return the decimal digits of ``text`` (any script) as ASCII, in order."""
    if text.isascii():
        return "".join(filter(str.isdigit, text))
    return "".join(str(unicodedata.decimal(ch)) for ch in text if ch.isdecimal())


def _card_prefix_ok(number: str) -> bool:
    """The number falls in a scheme's IIN range and has a length that scheme issues."""
    size = len(number)
    for first, last, lengths in _CARD_SCHEMES:
        if size in lengths and first <= number[: len(first)] <= last:
            return True
    return False


def _grouped_as_printed(text: str) -> bool:
    """True if ``text``'s digit groups are written the way card numbers are printed.

    One kind of space or dash between groups of any size (as the patterns allow), or
    else (dots, mixed separators: "4111.1111.1111.1111", "4111 1111-1111 1111") at
    least three groups of three to six digits.  A decimal ("52.52000659999999") or a
    number with one odd separator is not a card however its digits add up.
    """
    seps = {ch for ch in text if not ch.isdecimal()}
    if len(seps) <= 1 and "." not in seps:
        return True
    groups = _GROUP_SPLIT(text)
    return len(groups) >= 3 and all(3 <= len(group) <= 6 for group in groups)


_GROUP_SPLIT: Final = re.compile(r"[ \-.]").split
# The separators between an IBAN's groups (the view folds every space and dash).
_IBAN_SEPARATORS: Final = str.maketrans("", "", " -.")


# Luhn: every second digit from the right is doubled, and a doubled digit above 9
# counts as the sum of its two digits.
_LUHN_DOUBLED: Final = (0, 2, 4, 6, 8, 1, 3, 5, 7, 9)


def _luhn_ok(number: str) -> bool:
    """Luhn over a non-empty string of ASCII digits (python-stdnum's ``luhn``)."""
    total = sum(map(int, number[-1::-2]))
    total += sum(_LUHN_DOUBLED[int(digit)] for digit in number[-2::-2])
    return total % 10 == 0


def is_luhn(text: str) -> bool:
    """Digits of ``text`` pass the Luhn (mod 10) check; at least two digits."""
    number = digits_only(text)
    return len(number) >= 2 and _luhn_ok(number)


def is_credit_card(text: str) -> bool:
    """A payment card number: 12-19 digits, a scheme's IIN range and length, Luhn.

    Groups as printed (:func:`_grouped_as_printed`).  A 12-digit
    (Maestro) number counts only when grouped 4-4-4 as printed: a bare 12-digit run is
    far more often an account or order id.
    """
    number = digits_only(text)
    if len(number) not in _CARD_LENGTHS or not _grouped_as_printed(text):
        return False
    if len(number) == 12 and len(text) != 14:
        return False
    return _card_prefix_ok(number) and _luhn_ok(number)


def is_card_after_keyword(text: str) -> bool:
    """A card number as one digit run right after a card keyword: 12-19 digits, a
    scheme's IIN range and length, Luhn; the keyword stands in for the 4-4-4 grouping
    that a bare 12-digit (Maestro) number otherwise needs."""
    number = digits_only(text)
    return len(number) in _CARD_LENGTHS and _card_prefix_ok(number) and _luhn_ok(number)


@functools.cache
def _iban_structure(country: str) -> re.Pattern[str] | None:
    """The BBAN structure of ``country`` from python-stdnum's copy of the SWIFT registry.

    Cached per country code (static registry data, no values), because looking it up
    costs far more than the rest of the check.
    """
    found = numdb.get("iban").info(country)
    properties = found[0][1] if found else {}
    structure = properties.get("bban")
    if not structure:
        return None
    kinds = {"n": "[0-9]", "a": "[A-Z]", "c": "[A-Za-z0-9]"}
    source = "".join(
        f"{kinds[kind]}{{{count}}}"
        for count, kind in re.findall(r"([1-9][0-9]*)!([nac])", structure)
    )
    return re.compile(source)


def is_iban(text: str) -> bool:
    """An IBAN: the country's registered BBAN structure and a valid mod-97 check."""
    compact = "".join(text.translate(_IBAN_SEPARATORS).split()).upper()
    if not (compact.isascii() and compact.isalnum() and len(compact) > 4):
        return False
    if not _mod97_ok(compact[4:] + compact[:4]):
        return False
    structure = _iban_structure(compact[:2])
    return structure is not None and structure.fullmatch(compact[4:]) is not None


# Letters count 10..35 in ISO 7064 mod 97-10; one C-level translate instead of a
# Python step per character.
_MOD97_DIGITS: Final = str.maketrans(
    {chr(code): str(code - 55) for code in range(ord("A"), ord("Z") + 1)}
    | {chr(code): str(code - 87) for code in range(ord("a"), ord("z") + 1)}
)


def _mod97_ok(compact: str) -> bool:
    """ISO 7064 mod 97-10 of ASCII letters and digits (letters count 10..35)."""
    return int(compact.translate(_MOD97_DIGITS)) % 97 == 1


def is_mod97(text: str) -> bool:
    """ISO 7064 mod 97-10 over the letters and digits of ``text`` (as in IBAN, LEI)."""
    compact = "".join(ch for ch in text.upper() if ch.isalnum())
    if not compact or not compact.isascii():
        return False
    return _mod97_ok(compact)


# Numbers the SSA never issued but that were printed in advertisements and wallets
# (python-stdnum's us.ssn blacklist).
_SSN_ADVERTISED: Final = frozenset({"078051120", "457555462", "219099999"})


def is_us_ssn(text: str) -> bool:
    """A US Social Security number that the SSA could have issued.

    Area not 000, 666 or 900-999; group not 00; serial not 0000; and none of the
    published advertising numbers (stdnum's blacklist).
    """
    number = digits_only(text)
    if len(number) != 9:
        return False
    area, group, serial = number[:3], number[3:5], number[5:]
    if area in ("000", "666") or area[0] == "9" or group == "00" or serial == "0000":
        return False
    return number not in _SSN_ADVERTISED


def is_us_ssn_any_area(text: str) -> bool:
    """:func:`is_us_ssn` with the 900-999 area allowed (``ssn_area_9xx`` after a keyword)."""
    number = digits_only(text)
    if len(number) == 9 and number[0] == "9":
        number = "1" + number[1:]
    return is_us_ssn(number)


def is_de_tax_id(text: str) -> bool:
    """A German tax identification number (Steuer-IdNr): 11 digits, ISO 7064 check."""
    number = digits_only(text)
    if len(number) != 11 or number[0] == "0":
        return False
    # Among the first ten digits exactly one occurs twice or three times, the others
    # at most once.
    repeated = [count for count in map(number[:10].count, set(number[:10])) if count > 1]
    return len(repeated) == 1 and repeated[0] in (2, 3) and _mod_11_10_ok(number)


def _mod_11_10_ok(number: str) -> bool:
    """ISO 7064 mod 11,10 over ASCII digits, the check digit last."""
    product = 10
    for digit in number[:-1]:
        total = (int(digit) + product) % 10 or 10
        product = total * 2 % 11
    return (11 - product) % 10 == int(number[-1])


def is_ipv4(text: str) -> bool:
    """A dotted-quad IPv4 address without leading zeros that can name a host: not the
    unspecified ``0.0.0.0`` (``listen: 0.0.0.0:443``), loopback ``127.x`` or the
    broadcast address, which say nothing about anyone.  Private ranges are kept: they
    map a company's network."""
    try:
        address = ipaddress.IPv4Address(text)
    except ValueError:
        return False
    return _names_a_host(address)


def _names_a_host(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    return not (
        address.is_unspecified
        or address.is_loopback
        or address == ipaddress.IPv4Address("255.255.255.255")
    )


def is_ipv6(text: str) -> bool:
    """An IPv6 address (compressed forms and an embedded IPv4 tail allowed).

    Short compressed forms without a digit (``::``, ``a::b``, ``dead::beef``) are
    refused: in prose they are C++/Rust scope operators far more often than addresses;
    so are ``::1`` and the unspecified address (see :func:`is_ipv4`).
    """
    if text.count(":") < 3 and not any(ch.isdigit() for ch in text):
        return False
    try:
        address = ipaddress.IPv6Address(text)
    except ValueError:
        return False
    return _names_a_host(address)


def _b64url_json_object(segment: str) -> bool:
    padded = segment + "=" * (-len(segment) % 4)
    try:
        raw = base64.urlsafe_b64decode(padded.encode("ascii"))
        value = json.loads(raw)
    except (binascii.Error, ValueError, UnicodeError):
        return False
    return isinstance(value, dict)


def is_jwt(text: str) -> bool:
    """Three base64url segments whose first decodes to a JSON object (the JOSE header).

    The payload is not decoded: encrypted and detached forms exist, and a token whose
    header is genuine is a token whatever its body holds.
    """
    parts = text.split(".")
    return len(parts) == 3 and _b64url_json_object(parts[0])


def is_random_token(text: str) -> bool:
    """The body of ``text`` looks machine-generated: it mixes letters and digits.

    Used for generic prefixes (``sk-``, ``Bearer``) where a word slug such as
    ``sk-learn-compatible-estimators`` would otherwise match.
    """
    return any(ch.isdigit() for ch in text) and any(ch.isalpha() for ch in text)


@functools.cache
def _region_plan(region: str) -> tuple[str | None, frozenset[int]]:
    """National prefix and possible national-number lengths of ``region`` (static data)."""
    metadata = phonenumbers.PhoneMetadata.metadata_for_region(region)
    if metadata is None or metadata.general_desc is None:
        return None, frozenset()
    return metadata.national_prefix, frozenset(metadata.general_desc.possible_length)


@functools.cache
def _country_plan(code: int) -> tuple[str | None, frozenset[int]] | None:
    """Like :func:`_region_plan` for a country calling code, None if unassigned."""
    regions = phonenumbers.COUNTRY_CODE_TO_REGION_CODE.get(code)
    if not regions:
        return None
    if regions[0] == "001":
        metadata = phonenumbers.PhoneMetadata.metadata_for_nongeo_region(code)
        if metadata is None or metadata.general_desc is None:
            return None
        return None, frozenset(metadata.general_desc.possible_length)
    return _region_plan(regions[0])


def _possible(national: str, plan: tuple[str | None, frozenset[int]]) -> bool:
    prefix, lengths = plan
    if prefix and national.startswith(prefix) and len(national) - len(prefix) in lengths:
        return True
    return len(national) in lengths


def _possible_international(digits: str) -> bool:
    for size in (1, 2, 3):
        plan = _country_plan(int(digits[:size])) if len(digits) > size else None
        if plan is not None:
            return _possible(digits[size:], plan)
    return False


# A number dialled with the 00 international access code: the country code is the
# group right after 00 (the pattern makes it stand alone).
_IDD_PREFIX: Final = re.compile(r"00([1-9][0-9]{0,2})(?![0-9])")
# Without a plus nothing marks "0049 1234" as a phone rather than a reference code, so
# the number after the country code must have at least this many digits (the
# shortest subscriber numbers people dial internationally, Berlin's 030 12345, have 7).
_IDD_MIN_NATIONAL: Final = 6


# The national layout of DIN 5008 (and of most trunk-0 countries) that marks an area
# code whatever its digits: the area code in parentheses, then the subscriber number as
# one block of five digits or more (an extension after a dash), or the whole number as
# one run (after a phone keyword).  A number from 00 in this layout whose 00 reads as no
# assigned country code is a national number whose area code was written with a 0
# ("(00814) 85898"); "00669 074391" or "0012 3456 7890" without the parentheses is a
# reference, and no cut of it ("0012 3456") is a phone either.
_NATIONAL_LAYOUT: Final = re.compile(
    r"\(0[0-9]{1,5}\)[ ]?[0-9]{5,13}(?:-[0-9]{1,5})?|[0-9]{6,15}"
)
# After a phone keyword the words mark the number: an area code from 00 may then stand
# without its parentheses ("call me at 00890 092737").
_KEYED_NATIONAL_LAYOUT: Final = re.compile(r"0[0-9]{1,5}[ /\-][0-9]{5,13}(?:-[0-9]{1,5})?")


def _national(text: str, after_keyword: bool = False) -> bool:
    return _NATIONAL_LAYOUT.fullmatch(text) is not None or (
        after_keyword and _KEYED_NATIONAL_LAYOUT.fullmatch(text) is not None
    )


def _possible_idd(text: str, digits: str) -> bool:
    """``00`` + country code: the code is assigned and the rest has a possible length."""
    found = _IDD_PREFIX.match(text)
    if found is None:
        return False
    code = found.group(1)
    national = digits[2 + len(code) :]
    plan = _country_plan(int(code))
    return plan is not None and len(national) >= _IDD_MIN_NATIONAL and _possible(national, plan)


# Where an extension starts: a letter (x, ext., Durchwahl) or a comma before one.
_EXTENSION: Final = re.compile(r",?\s*[^\W\d_]")
# A DIN 5008 extension: a last group of 1-5 digits after a dash.
_DIN_EXTENSION: Final = re.compile(r"(?<=[0-9])-[0-9]{1,5}$")
# The fewest digits a phone number has (Berlin's 030 1234 is dialled with more; the
# regex detector's digit-cluster gate uses the same floor, so a reply and a prompt agree).
_MIN_PHONE_DIGITS: Final = 6


def _bare_isbn10(text: str) -> bool:
    """Ten bare digits from 0 with a valid ISBN-10 check digit: a book, not a phone
    (a trunk-0 run; right after a phone keyword the guard is off)."""
    if len(text) != 10 or not text.isdigit() or not text.isascii() or text[0] != "0":
        return False
    return sum((10 - index) * int(digit) for index, digit in enumerate(text)) % 11 == 0


def _is_decimal(text: str) -> bool:
    """Digits around one dot and nothing else ("0151.23"): a decimal, not a phone number
    (dotted numbers have two dots or more: "030.1234.5678")."""
    whole, dot, fraction = text.partition(".")
    return bool(dot) and whole.isdecimal() and fraction.isdecimal()


def phone_validator(
    *, strict: bool, regions: Iterable[str], after_keyword: bool = False
) -> Validator:
    """Return a validator for phone numbers written internationally or nationally.

    For the default regions (US, DE) the function is always the same object, the one
    :data:`VALIDATORS` names, so the built-in PHONE entries of the default
    configuration hold validators a custom rule can name.

    ``+`` numbers are checked against their country calling code, and so are numbers
    dialled with the ``00`` access code (``0049 30 1234567``, the code a group of its
    own); national numbers against each of ``regions`` whose trunk prefix fits (a
    leading 0 is a DE/GB/FR-style trunk prefix; NANP numbers have none), so a
    US-formatted number is never validated as German.  Lenient: the national number
    has a length the country assigns (from libphonenumber's metadata), which keeps
    fictional ranges such as US 555-01XX.
    Strict: phonenumbers must call the number valid (an assigned range); about 30 times
    slower, since it parses the number fully.  ``after_keyword``: the number follows a
    phone word, which marks it: ten bare digits from 0 are not refused as an ISBN-10,
    and an area code from 00 needs no parentheses.
    """
    region_list = tuple(regions)
    preset = _DEFAULT_PHONE.get((strict, region_list, after_keyword))
    return preset or _phone_validator(strict, region_list, after_keyword)


def _phone_validator(strict: bool, region_list: tuple[str, ...], after_keyword: bool) -> Validator:
    trunk0 = {region: _region_plan(region)[0] == "0" for region in region_list}

    def main_number(text: str) -> str:
        # The extension ("x905", "ext. 12") is not part of the number checked.
        return _EXTENSION.split(text.strip(), maxsplit=1)[0]

    def targets(text: str, digits: str) -> tuple[str | None, ...]:
        if text.lstrip().startswith("+"):
            return (None,)
        leading_zero = digits.startswith("0")
        return tuple(region for region in region_list if trunk0[region] == leading_zero)

    def lenient(text: str) -> bool:
        text = main_number(text)
        digits = digits_only(text)
        if len(digits) < _MIN_PHONE_DIGITS or _is_decimal(text):
            return False
        if not after_keyword and _bare_isbn10(text):
            return False
        if text.startswith("00"):
            if _possible_idd(text, digits):
                return True
            if not _national(text, after_keyword):
                return False
        for region in targets(text, digits):
            if region is None:
                return _possible_international(digits)
            if _possible(digits, _region_plan(region)):
                return True
        return False

    def strict_check(text: str) -> bool:
        text = main_number(text)
        if (
            len(digits_only(text)) < _MIN_PHONE_DIGITS
            or _is_decimal(text)
            or (not after_keyword and _bare_isbn10(text))
        ):
            return False
        if text.startswith("00") and _possible_idd(text, digits_only(text)):
            # phonenumbers reads the 00 access code only for regions that dial it;
            # written as + the number is parsed the same from anywhere.
            text = "+" + text[2:]
        elif text.startswith("00") and not _national(text, after_keyword):
            return False
        for region in targets(text, digits_only(text)):
            try:
                number = phonenumbers.parse(text, region)
            except phonenumbers.NumberParseException:
                continue
            if phonenumbers.is_valid_number(number):
                return True
        return False

    check = strict_check if strict else lenient

    def validator(text: str) -> bool:
        # DIN 5008 writes an extension as one more dash group ("+43 3576 45003697-4856",
        # "05527 88390421-4906"): a number too long with it is read without it.
        if check(text):
            return True
        extension = _DIN_EXTENSION.search(text)
        return extension is not None and check(text[: extension.start()])

    return validator


_DEFAULT_REGIONS: Final = ("US", "DE")
_DEFAULT_PHONE: Final[Mapping[tuple[bool, tuple[str, ...], bool], Validator]] = MappingProxyType(
    {
        (strict, _DEFAULT_REGIONS, keyed): _phone_validator(strict, _DEFAULT_REGIONS, keyed)
        for strict in (False, True)
        for keyed in (False, True)
    }
)


def is_de_id_card(text: str) -> bool:
    """A German Personalausweis number as the DE_ID_CARD pattern reads it: its 9
    characters alone, or with the ICAO 9303 check digit, which must then be right."""
    return len(text) == 9 or idv.is_icao_document(text)


def is_passport(text: str) -> bool:
    """A passport number as the PASSPORT pattern reads it: no check digit is printed,
    except on a German number written with its ICAO 9303 check digit (10 characters),
    which must then be right."""
    return len(text) != 10 or idv.is_icao_document(text)


# Every validator a built-in entity uses (in the default configuration and with the
# ``phone_mode``/``ssn_area_9xx`` options), by the name custom rules refer to it by; a
# unit test holds the built-ins to this table.
VALIDATORS: Final[Mapping[str, Validator]] = MappingProxyType(
    {
        "luhn": is_luhn,
        "credit_card": is_credit_card,
        "card_after_keyword": is_card_after_keyword,
        "iban": is_iban,
        "mod97": is_mod97,
        "us_ssn": is_us_ssn,
        "us_ssn_any_area": is_us_ssn_any_area,
        "de_tax_id": is_de_tax_id,
        "ipv4": is_ipv4,
        "ipv6": is_ipv6,
        "jwt": is_jwt,
        "random_token": is_random_token,
        "phone": phone_validator(strict=False, regions=_DEFAULT_REGIONS),
        "phone_strict": phone_validator(strict=True, regions=_DEFAULT_REGIONS),
        "phone_after_keyword": phone_validator(
            strict=False, regions=_DEFAULT_REGIONS, after_keyword=True
        ),
        "phone_strict_after_keyword": phone_validator(
            strict=True, regions=_DEFAULT_REGIONS, after_keyword=True
        ),
        "us_itin": idv.is_us_itin,
        "bic": idv.is_bic,
        "vat_id": idv.is_vat_id,
        "gb_vat": idv.is_gb_vat,
        "ch_uid": idv.is_ch_uid,
        "national_id": idv.is_national_id,
        "de_rvnr": idv.is_de_rvnr,
        "at_svnr": idv.is_at_svnr,
        "uk_nino": idv.is_uk_nino,
        "icao_document": idv.is_icao_document,
        "de_id_card": is_de_id_card,
        "passport": is_passport,
        "birth_date": idv.is_birth_date,
        "de_address": idv.is_de_address,
        "at_ch_address": idv.is_at_ch_address,
        "de_at_ch_town_line": idv.is_de_at_ch_town_line,
        "us_address": idv.is_us_address,
        "us_town_line": idv.is_us_town_line,
        "high_entropy": idv.is_high_entropy,
        "random_letters": idv.is_random_letters,
        "not_fill_in": idv.is_not_fill_in,
    }
)
