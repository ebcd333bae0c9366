"""Valid values generated from the formats' definitions, for tests that need them.

Written from the specifications (Luhn; ISO 7064 mod 11,10 with the Steuer-IdNr digit
rule), not with the library's validators, so a test using them stays an independent
oracle of what the detectors must find.
"""

from __future__ import annotations

from hypothesis import strategies as st

__all__ = ["de_tax_id", "luhn_check_digit"]


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
