"""A number is found however its digit groups are separated (docs/design.md C9).

Each example draws a valid value of a numeric built-in (cards of several schemes,
IBANs of several countries in either case, US SSNs and ITINs, German tax ids, German
and US phone numbers), splits it into the groups it is printed in, and joins every gap
with its own separator: any Unicode space, a doubled space, a tab, a line break, any
dash or minus, or a dot — mixed freely within one value, as copy-paste and careless
typing produce them.  The text goes through the real chain (canonical view, built-in
``regex`` detector).  The oracle is written for the test: it keeps only the ASCII
letters and digits of what would be forwarded and looks for the value's own.

The values are generated here from the formats' definitions (Luhn, ISO 7064 mod 97-10
and mod 11,10, the SSA and IRS ranges), not with the library's validators.
"""

from __future__ import annotations

import string

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.regex_chain import sanitize
from tests.values import de_tax_id, luhn_check_digit

_SETTINGS = settings(max_examples=120, deadline=None)

_SEPARATORS = [
    " ",
    "  ",
    "\t",
    "\n",
    "\u00a0",  # no-break space
    "\u202f",  # narrow no-break space (French/ISO digit grouping)
    "\u2009",  # thin space
    "\u2007",  # figure space
    "\u3000",  # ideographic space
    "-",
    "\u2010",  # hyphen
    "\u2011",  # non-breaking hyphen
    "\u2013",  # en dash
    "\u2014",  # em dash
    "\u2212",  # minus sign
    "\ufe63",  # small hyphen-minus
    "\uff0d",  # full-width hyphen-minus
    ".",
]


@st.composite
def _card(draw: st.DrawFn) -> tuple[str, list[int]]:
    # (prefix, length, printed groups): Visa, Mastercard 5x and 2-series, Amex, Discover
    prefix, length, groups = draw(
        st.sampled_from(
            [
                ("4", 16, [4, 4, 4, 4]),
                ("51", 16, [4, 4, 4, 4]),
                ("2221", 16, [4, 4, 4, 4]),
                ("37", 15, [4, 6, 5]),
                ("6011", 16, [4, 4, 4, 4]),
            ]
        )
    )
    body = prefix + draw(st.text(string.digits, min_size=length - len(prefix) - 1,
                                 max_size=length - len(prefix) - 1))
    return body + luhn_check_digit(body), groups


def _mod97(digits_and_letters: str) -> int:
    numeric = "".join(str(int(ch, 36)) for ch in digits_and_letters)
    return int(numeric) % 97


@st.composite
def _iban(draw: st.DrawFn) -> tuple[str, list[int]]:
    # Country, BBAN alphabet per position: DE 18 digits, FR 23 digits (letters allowed
    # in real ones; digits keep the test simple), GB 4 letters + 14 digits.
    country = draw(st.sampled_from(["DE", "FR", "GB", "NL"]))
    if country == "GB":
        bban = draw(st.text(string.ascii_uppercase, min_size=4, max_size=4)) + draw(
            st.text(string.digits, min_size=14, max_size=14)
        )
    elif country == "NL":
        bban = draw(st.text(string.ascii_uppercase, min_size=4, max_size=4)) + draw(
            st.text(string.digits, min_size=10, max_size=10)
        )
    else:
        size = 18 if country == "DE" else 23
        bban = draw(st.text(string.digits, min_size=size, max_size=size))
    check = 98 - _mod97(bban + country + "00")
    compact = f"{country}{check:02d}{bban}"
    if draw(st.booleans()):
        compact = compact.lower()
    sizes = [4] * (len(compact) // 4) + ([len(compact) % 4] if len(compact) % 4 else [])
    return compact, sizes


@st.composite
def _ssn(draw: st.DrawFn) -> tuple[str, list[int]]:
    area = draw(st.integers(1, 899).filter(lambda n: n != 666))
    group = draw(st.integers(1, 99))
    serial = draw(st.integers(1, 9999))
    return f"{area:03d}{group:02d}{serial:04d}", [3, 2, 4]


@st.composite
def _itin(draw: st.DrawFn) -> tuple[str, list[int]]:
    # IRS: 9xx, group 50-65, 70-88, 90-92 or 94-99
    group = draw(st.sampled_from([*range(50, 66), *range(70, 89), 90, 91, 92, *range(94, 100)]))
    return f"9{draw(st.integers(0, 99)):02d}{group}{draw(st.integers(0, 9999)):04d}", [3, 2, 4]


@st.composite
def _de_tax_id(draw: st.DrawFn) -> tuple[str, list[int]]:
    return draw(de_tax_id()), [2, 3, 3, 3]


@st.composite
def _de_phone(draw: st.DrawFn) -> tuple[str, list[int]]:
    # Berlin and Munich landlines, mobile 0151/0171 numbers
    area = draw(st.sampled_from(["030", "089", "0151", "0171"]))
    rest = draw(st.text(string.digits, min_size=8, max_size=8).filter(lambda s: s[0] != "0"))
    return area + rest, [len(area), 4, 4]


@st.composite
def _us_phone(draw: st.DrawFn) -> tuple[str, list[int]]:
    area = draw(st.integers(201, 989))
    exchange = draw(st.integers(200, 999))
    return f"{area}{exchange}{draw(st.integers(0, 9999)):04d}", [3, 3, 4]


# (strategy, words before the value: the context a bare form would need anyway)
_KINDS = {
    "CREDIT_CARD": (_card(), "card"),
    "IBAN": (_iban(), "IBAN"),
    "US_SSN": (_ssn(), "SSN"),
    "US_ITIN": (_itin(), "ITIN"),
    "DE_TAX_ID": (_de_tax_id(), "Steuer-ID"),
    "PHONE_DE": (_de_phone(), "Tel."),
    "PHONE_US": (_us_phone(), "phone"),
}


@st.composite
def _written(draw: st.DrawFn) -> tuple[str, str]:
    """``(compact value, the prose it is written in)``."""
    kind = draw(st.sampled_from(sorted(_KINDS)))
    strategy, keyword = _KINDS[kind]
    compact, sizes = draw(strategy)
    groups, at = [], 0
    for size in sizes:
        groups.append(compact[at : at + size])
        at += size
    written = groups[0]
    for group in groups[1:]:
        written += draw(st.sampled_from(_SEPARATORS)) + group
    before = draw(st.sampled_from(["", "my ", "Please use "]))
    after = draw(st.sampled_from(["", ".", " today", ", thanks"]))
    return compact, f"{before}{keyword} {written}{after}"


def _skeleton(text: str) -> str:
    """The oracle's reading: ASCII letters and digits only, lower case."""
    return "".join(ch for ch in text.lower() if ch.isascii() and ch.isalnum())


@_SETTINGS
@given(case=_written())
def test_a_number_is_masked_whatever_separates_its_groups(case: tuple[str, str]) -> None:
    """No separator mix between digit groups lets any built-in numeric value through.

    Checked by the oracle: the value's letters and digits (a phone's from its area
    code on) do not occur in what would be forwarded, and a placeholder stands there.
    """
    compact, text = case
    forwarded = sanitize(text)
    assert _skeleton(compact) not in _skeleton(forwarded), (text, forwarded)
    assert "[" in forwarded, (text, forwarded)


@_SETTINGS
@given(
    whole=st.integers(0, 9999),
    fraction=st.text(string.digits, min_size=6, max_size=17),
    key=st.sampled_from(["lat", "lon", "score", "price", "ratio"]),
)
def test_a_decimal_is_never_a_number_of_groups(whole: int, fraction: str, key: str) -> None:
    """A decimal (one dot, digits either side) is left as it is, however many digits it
    has (coordinates and scores print 15-17 of them): it is no card, phone or tax id."""
    text = f'{{"{key}": {whole}.{fraction}}}'
    assert sanitize(text) == text
