"""Valid values generated from the formats' definitions, for tests that need them.

Written from the specifications (Luhn; ISO 7064 mod 11,10 with the Steuer-IdNr digit
rule; HMRC's VAT and National Insurance rules; the Swiss UID's mod 11; the Deutsche
Rentenversicherung's and the Austrian Hauptverband's check digits), not with the
library's validators, so a test using them stays an independent oracle of what the
detectors must find.
"""

from __future__ import annotations

import string

from hypothesis import strategies as st

__all__ = [
    "at_svnr",
    "ch_uid",
    "de_rvnr",
    "de_rvnr_check_digit",
    "de_tax_id",
    "gb_vat",
    "luhn_check_digit",
    "uk_nino",
]


def luhn_check_digit(body: str) -> str:
    """The digit that makes ``body`` + it pass Luhn."""
    total = 0
    for position, char in enumerate(reversed(body)):
        digit = int(char)
        if position % 2 == 0:
            digit *= 2
            digit -= 9 if digit > 9 else 0
        total += digit
    return str(-total % 10)


@st.composite
def de_tax_id(draw: st.DrawFn) -> str:
    """An 11-digit German tax id: no leading 0, exactly one of the first ten digits
    twice, check digit by ISO 7064 mod 11,10."""
    ten = list(draw(st.permutations(list("0123456789"))))[:9]
    if ten[0] == "0":
        ten[0], ten[1] = ten[1], ten[0]
    ten.insert(draw(st.integers(1, 9)), ten[draw(st.integers(0, 8))])
    product = 10
    for digit in ten:
        total = (int(digit) + product) % 10 or 10
        product = total * 2 % 11
    return "".join(ten) + str((11 - product) % 10)


@st.composite
def gb_vat(draw: st.DrawFn) -> str:
    """A UK VAT number without its GB: 7 digits weighted 8..2 and two check digits that
    bring the sum to 0 mod 97 (the old scheme) or 0 after adding 55 (the 2010 one),
    optionally a branch's 3 digits; or GD + 000-499, HA + 500-999."""
    kind = draw(st.sampled_from(["standard", "branch", "GD", "HA"]))
    if kind == "GD":
        return f"GD{draw(st.integers(0, 499)):03d}"
    if kind == "HA":
        return f"HA{draw(st.integers(500, 999)):03d}"
    body = f"{draw(st.integers(1000000, 9999999))}"
    total = sum(weight * int(d) for weight, d in zip(range(8, 1, -1), body, strict=True))
    check = (-total - draw(st.sampled_from([0, 55]))) % 97
    branch = f"{draw(st.integers(0, 999)):03d}" if kind == "branch" else ""
    return f"{body}{check:02d}{branch}"


@st.composite
def ch_uid(draw: st.DrawFn) -> str:
    """The 9 digits of a Swiss UID (after CHE): 8 digits weighted 5, 4, 3, 2, 7, 6, 5, 4
    and the check digit 11 - sum mod 11 (11 reads 0; a 10 is never issued)."""
    body = draw(
        st.text(string.digits, min_size=8, max_size=8).filter(
            lambda b: (
                sum(w * int(d) for w, d in zip((5, 4, 3, 2, 7, 6, 5, 4), b, strict=True)) % 11 != 1
            )
        )
    )
    total = sum(w * int(d) for w, d in zip((5, 4, 3, 2, 7, 6, 5, 4), body, strict=True))
    return body + str((11 - total % 11) % 11)


def de_rvnr_check_digit(first_eleven: str) -> str:
    """The check digit of a German pension insurance number: the initial as its two-digit
    place in the alphabet, weights 2, 1, 2, 5, 7, 1, 2, 1, 2, 1, 2, 1, digit sums of the
    products added, mod 10."""
    digits = first_eleven[:8] + f"{string.ascii_uppercase.index(first_eleven[8]) + 1:02d}"
    digits += first_eleven[9:11]
    total = 0
    for weight, digit in zip((2, 1, 2, 5, 7, 1, 2, 1, 2, 1, 2, 1), digits, strict=True):
        product = weight * int(digit)
        total += product // 10 + product % 10
    return str(total % 10)


@st.composite
def de_rvnr(draw: st.DrawFn) -> str:
    """A German pension insurance number: area 02-89, birth date DDMMYY, the birth
    name's initial, serial 00-99, check digit."""
    area = draw(st.integers(2, 89))
    day, month, year = draw(st.integers(1, 28)), draw(st.integers(1, 12)), draw(st.integers(0, 99))
    initial = draw(st.sampled_from(string.ascii_uppercase))
    first = f"{area:02d}{day:02d}{month:02d}{year:02d}{initial}{draw(st.integers(0, 99)):02d}"
    return first + de_rvnr_check_digit(first)


@st.composite
def at_svnr(draw: st.DrawFn) -> str:
    """An Austrian social-insurance number: serial 100-999, check digit, DDMMYY; the
    check is the sum of the other nine digits weighted 3, 7, 9, 5, 8, 4, 2, 1, 6 mod 11
    (a 10 is never issued)."""
    while True:
        serial = draw(st.integers(100, 999))
        date = f"{draw(st.integers(1, 28)):02d}{draw(st.integers(1, 12)):02d}"
        date += f"{draw(st.integers(0, 99)):02d}"
        nine = f"{serial}{date}"
        total = sum(w * int(d) for w, d in zip((3, 7, 9, 5, 8, 4, 2, 1, 6), nine, strict=True))
        if total % 11 != 10:
            return f"{serial}{total % 11}{date}"


_NINO_FIRST = "ABCEGHJKLMNOPRSTWXYZ"  # not D, F, I, Q, U, V
_NINO_SECOND = "ABCEGHJKLMNPRSTWXYZ"  # nor O


@st.composite
def uk_nino(draw: st.DrawFn) -> str:
    """A UK National Insurance number as HMRC issues them: two prefix letters (not D,
    F, I, Q, U, V; the second not O; never BG, GB, KN, NK, NT, TN, ZZ), six digits, a
    suffix A-D."""
    prefix = draw(
        st.tuples(st.sampled_from(_NINO_FIRST), st.sampled_from(_NINO_SECOND))
        .map("".join)
        .filter(lambda p: p not in ("BG", "GB", "KN", "NK", "NT", "TN", "ZZ"))
    )
    return f"{prefix}{draw(st.integers(0, 999999)):06d}{draw(st.sampled_from('ABCD'))}"
