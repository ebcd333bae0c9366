"""ICAO Doc 9303 TD3 machine-readable zones (passport data pages)."""

from __future__ import annotations

import datetime as dt

from bench.fresh4.ids import fold, icao_digit

ISSUER = {
    "DE": "D<<",
    "AT": "AUT",
    "CH": "CHE",
    "GB": "GBR",
    "US": "USA",
    "CA": "CAN",
    "AU": "AUS",
    "IE": "IRL",
    "FR": "FRA",
    "IT": "ITA",
    "ES": "ESP",
    "PL": "POL",
    "IN": "IND",
}


def mrz_name(surname: str, given: str) -> str:
    """``SURNAME<<GIVEN<NAMES`` in the MRZ alphabet."""

    def clean(s: str) -> str:
        return "".join(ch if ch.isalpha() else "<" for ch in fold(s).upper())

    return f"{clean(surname)}<<{clean(given)}"


def td3(
    country: str, surname: str, given: str, number: str, dob: dt.date, female: bool, expiry: dt.date
) -> tuple[str, str, int, int]:
    """(line 1, line 2, offset of the name in line 1, its length); the document number
    starts line 2 and the birth date sits at offset 13 of line 2."""
    code = ISSUER[country]
    name = mrz_name(surname, given)
    line1 = (f"P<{code}{name}" + "<" * 44)[:44]
    doc = (number + "<" * 9)[:9]
    nat = code
    birth = f"{dob:%y%m%d}"
    exp = f"{expiry:%y%m%d}"
    personal = "<" * 14
    part_doc = doc + icao_digit(doc)
    part_birth = birth + icao_digit(birth)
    part_exp = exp + icao_digit(exp)
    part_pers = personal + icao_digit(personal)
    composite = icao_digit(part_doc + part_birth + part_exp + part_pers)
    line2 = (
        part_doc + nat + part_birth + ("F" if female else "M") + part_exp + part_pers + composite
    )
    return line1, line2, 5, min(len(name), 39)
