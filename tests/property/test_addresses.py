"""A postal address written in its country's published format is masked whole.

Each example draws an address from a grammar written here from the postal services'
own format descriptions, not from the library's patterns: USPS Publication 28 (street
line, then ``City, ST ZIP`` with a state, DC, a territory or a freely associated state;
military and diplomatic mail with PSC/CMR/Unit and Box or a ship, then APO/FPO/DPO and
AA/AE/AP); Royal Mail (flat or house number, street, town, a postcode in one of its six
formats with the letters each position allows); Deutsche Post, Swiss Post and Austrian
Post (street and number, a five- or four-digit postcode in the assigned range, town).
The address is written in a frame (a sentence, or a signature block with one line per
address line) and goes through the real chain (canonical views, the built-in ``regex``
detector).  The oracle is the frame: what is forwarded must be the frame's text around
placeholders only, so no letter or digit of the address reaches the upstream.
"""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.regex_chain import sanitize

_SETTINGS = settings(max_examples=100, deadline=None)

_NAMES = ["Maple", "Oak", "Washington", "Lincoln", "Cedar", "Lake", "Hill", "Park", "Elm",
          "Sunset", "Jefferson", "River", "Mill", "Church", "O'Neil", "Martin-Luther"]  # fmt: skip
# Publication 28, appendix C1: street suffixes as written in full and abbreviated.
_US_SUFFIXES = ["Street", "St", "St.", "Avenue", "Ave", "Road", "Rd", "Boulevard", "Blvd",
                "Drive", "Dr", "Lane", "Ln", "Court", "Ct", "Way", "Place", "Pl", "Terrace",
                "Highway", "Parkway", "Circle", "Trail"]  # fmt: skip
_US_UNITS = ["Apt", "Apt.", "Suite", "Ste", "Unit", "#"]
_CITIES = ["Springfield", "Port Keith", "New York", "Lake Charles", "San Juan",
           "Fort Worth", "Saint Paul", "West Palm Beach", "Hagatna", "Majuro"]  # fmt: skip
# Publication 28, appendix B: the 50 states, DC, the territories and the freely
# associated states (not AA/AE/AP, which belong to military mail).
_US_CODES = [
    "AL", "AK", "AZ", "AR", "CA", "CO", "CT", "DE", "FL", "GA", "HI", "ID", "IL", "IN", "IA",
    "KS", "KY", "LA", "ME", "MD", "MA", "MI", "MN", "MS", "MO", "MT", "NE", "NV", "NH", "NJ",
    "NM", "NY", "NC", "ND", "OH", "OK", "OR", "PA", "RI", "SC", "SD", "TN", "TX", "UT", "VT",
    "VA", "WA", "WV", "WI", "WY", "DC", "AS", "GU", "MP", "PR", "VI", "FM", "MH", "PW",
]  # fmt: skip
_SHIPS = ["USS", "USNS", "USCGC"]
# Publication 28, section 225: the Armed Forces codes and their ZIP ranges.
_MILITARY_ZIPS = {"AA": (34000, 34099), "AE": (9000, 9899), "AP": (96200, 96699)}


def _zip(draw: st.DrawFn) -> str:
    code = f"{draw(st.integers(1, 99999)):05d}"
    return code + (f"-{draw(st.integers(0, 9999)):04d}" if draw(st.booleans()) else "")


@st.composite
def us_civil(draw: st.DrawFn) -> list[str]:
    """The lines of a civil US address: street line (with a unit), then City, ST ZIP."""
    words = draw(st.lists(st.sampled_from(_NAMES), min_size=1, max_size=3))
    suffix = draw(st.sampled_from(_US_SUFFIXES))
    street = f"{draw(st.integers(1, 99999))} {' '.join(words)} {suffix}"
    if draw(st.booleans()):
        unit = draw(st.sampled_from(_US_UNITS))
        street += f"{draw(st.sampled_from(['', ',']))} {unit} {draw(st.integers(1, 999))}"
    city = draw(st.sampled_from(_CITIES))
    return [street, f"{city}, {draw(st.sampled_from(_US_CODES))} {_zip(draw)}"]


@st.composite
def us_military(draw: st.DrawFn) -> list[str]:
    """The lines of a military or diplomatic address: unit/PSC/CMR and box, or a ship."""
    if draw(st.booleans()):
        kind = draw(st.sampled_from(["PSC", "CMR", "Unit", "UNIT"]))
        box = draw(st.sampled_from(["Box", "BOX"]))
        comma = draw(st.sampled_from(["", ","]))
        first = f"{kind} {draw(st.integers(1, 99999))}{comma} {box} {draw(st.integers(1, 99999))}"
    else:
        names = draw(st.lists(st.sampled_from(_NAMES), min_size=1, max_size=2))
        first = f"{draw(st.sampled_from(_SHIPS))} {' '.join(names)}"
    code = draw(st.sampled_from(sorted(_MILITARY_ZIPS)))
    low, high = _MILITARY_ZIPS[code]
    office = "FPO" if first.startswith("US") else draw(st.sampled_from(["APO", "FPO", "DPO"]))
    return [first, f"{office} {code} {draw(st.integers(low, high)):05d}"]


# Royal Mail's postcode format (the Postcode Address File programmers' guide): the
# outward code is A9, A99, AA9, AA99, A9A or AA9A, the inward code 9AA; each position
# takes only some letters.
_UK_FIRST = "ABCDEFGHIJKLMNOPRSTUWYZ"  # not Q, V, X
_UK_SECOND = "ABCDEFGHKLMNOPQRSTUVWXY"  # not I, J, Z
_UK_THIRD = "ABCDEFGHJKPSTUW"  # the letter of A9A
_UK_FOURTH = "ABEHMNPRVWXY"  # the letter of AA9A
_UK_INWARD = "ABDEFGHJLNPQRSTUWXYZ"  # not C, I, K, M, O, V
_UK_STREETS = ["Road", "Street", "Lane", "Close", "Avenue", "Mews", "Drive", "Gardens",
               "Crescent", "Way", "Grove", "Terrace", "Place", "Row", "Walk"]  # fmt: skip
_UK_TOWNS = ["London", "LEEDS", "Manchester", "Stratford upon Avon", "Newcastle upon Tyne",
             "Bishop's Stortford", "Weston-super-Mare", "Milton Keynes", "York"]  # fmt: skip


@st.composite
def uk_postcode(draw: st.DrawFn) -> str:
    """A postcode in one of the six formats, with the letters each position allows."""
    digit = st.sampled_from("0123456789")
    first = draw(st.sampled_from(_UK_FIRST))
    shape = draw(st.sampled_from(["A9", "A99", "AA9", "AA99", "A9A", "AA9A"]))
    second = draw(st.sampled_from(_UK_SECOND))
    outward = {
        "A9": first + draw(digit),
        "A99": first + draw(digit) + draw(digit),
        "AA9": first + second + draw(digit),
        "AA99": first + second + draw(digit) + draw(digit),
        "A9A": first + draw(digit) + draw(st.sampled_from(_UK_THIRD)),
        "AA9A": first + second + draw(digit) + draw(st.sampled_from(_UK_FOURTH)),
    }[shape]
    inward = draw(digit) + draw(st.sampled_from(_UK_INWARD)) + draw(st.sampled_from(_UK_INWARD))
    return f"{outward} {inward}"


@st.composite
def uk_address(draw: st.DrawFn) -> list[str]:
    """The lines of a UK address: [flat line,] house number and street, [locality,]
    post town, postcode (on its own line or after the town)."""
    lines = []
    number = f"{draw(st.integers(1, 999))}{draw(st.sampled_from(['', 'a', 'B']))}"
    flat = draw(st.booleans())
    if flat:
        kind = draw(st.sampled_from(["Flat", "Studio", "Apartment", "Unit"]))
        lines.append(f"{kind} {number}")
    street = f"{draw(st.sampled_from(_NAMES))} {draw(st.sampled_from(_UK_STREETS))}"
    if not flat or draw(st.booleans()):
        street = f"{draw(st.integers(1, 999))} {street}"
    lines.append(street)
    if draw(st.booleans()):
        side = draw(st.sampled_from(["North", "Upper", "Little"]))
        lines.append(f"{side} {draw(st.sampled_from(_NAMES))}")
    town, postcode = draw(st.sampled_from(_UK_TOWNS)), draw(uk_postcode())
    if draw(st.booleans()):
        lines += [town, postcode]
    else:
        lines.append(f"{town} {postcode}")
    return lines


# German-language streets: a name glued to or followed by a street-type word, or a
# person's name joined with hyphens (Duden rules for street names).
_DE_NAMES = ["Haupt", "Bahnhof", "Linden", "Schiller", "Kirch", "Berg", "Dorf", "Müller",
             "Wald", "Rosen", "Mühl"]  # fmt: skip
_DE_TYPES = ["straße", "strasse", "gasse", "weg", "platz", "ring", "allee"]
_PERSONS = ["Friedrich-Ebert", "Anna-Seghers", "Karl-Renner", "Konrad-Adenauer"]
_TOWN_PARTICLES = ["am", "im", "an der", "bei", "ob der"]
_TOWNS = ["Zürich", "Wien", "Bern", "Graz", "Thun", "Linz", "Baden", "Uster", "Lausanne"]
# Swiss Post's canton codes, written after a town whose name recurs.
_CANTON_CODES = ["ZH", "BE", "AG", "SG", "LU", "VD"]


def _de_street(draw: st.DrawFn) -> str:
    form = draw(st.integers(0, 3))
    kind = draw(st.sampled_from(_DE_TYPES))
    if form == 0:
        return draw(st.sampled_from(_DE_NAMES)) + kind
    if form == 1:
        return f"{draw(st.sampled_from(_PERSONS))}-{kind.capitalize()}"
    if form == 2:  # a person's name with a particle: "Ludwig van Beethoven Straße"
        first = draw(st.sampled_from(["Ludwig", "Walther", "Anna", "Jan"]))
        particle = draw(st.sampled_from(["van", "von", "von der", "de"]))
        return f"{first} {particle} {draw(st.sampled_from(_DE_NAMES))} {kind.capitalize()}"
    # the type word first: "Platz der Republik"
    article = draw(st.sampled_from(["der", "am", "an der", "zum"]))
    return f"{kind.capitalize()} {article} {draw(st.sampled_from(_DE_NAMES))}"


def _house_number(draw: st.DrawFn, doors: int) -> str:
    number = f"{draw(st.integers(1, 999))}{draw(st.sampled_from(['', 'a', 'b']))}"
    for _ in range(draw(st.integers(0, doors))):
        number += f"{draw(st.sampled_from(['/', '-']))}{draw(st.integers(1, 30))}"
    return number


def _town(draw: st.DrawFn) -> str:
    town = draw(st.sampled_from(_TOWNS))
    if draw(st.booleans()):
        first = ["Bad", "St.", "Sankt", "Markt", "Hannoversch", "Bergisch", "Schwäbisch"]
        town = f"{draw(st.sampled_from(first))} {town}"
    if draw(st.booleans()):
        particle = draw(st.sampled_from(_TOWN_PARTICLES))
        if draw(st.booleans()):  # a river or town: "Frankfurt am Main"
            town += f" {particle} {draw(st.sampled_from(_TOWNS))}"
        else:  # an adjective and a landscape: "Podersdorf am Neusiedler See"
            region = draw(st.sampled_from(["Neusiedler", "Schwäbischer", "Pfälzer"]))
            noun = draw(st.sampled_from(["See", "Wald", "Alb", "Berg"]))
            town += f" {particle} {region} {noun}"
    elif draw(st.booleans()):
        town += f" ({draw(st.sampled_from(_TOWNS))})"  # "Halle (Saale)"
    return town


@st.composite
def de_address(draw: st.DrawFn) -> list[str]:
    """Street and number, then a Postleitzahl in the assigned 01001-99998 and the town."""
    street = f"{_de_street(draw)} {_house_number(draw, 1)}"
    plz = f"{draw(st.sampled_from(['', 'D-']))}{draw(st.integers(1001, 99998)):05d}"
    return [street, f"{plz} {_town(draw)}"]


@st.composite
def at_ch_address(draw: st.DrawFn) -> list[str]:
    """Street and number (Austrian staircase/door allowed), then a four-digit postcode in
    the assigned ranges (Swiss Post 1000-9658, Austrian Post 1010-9992) and the town."""
    street = f"{_de_street(draw)} {_house_number(draw, 2)}"
    country = draw(st.sampled_from(["", "CH-", "A-"]))
    low, high = (1000, 9658) if country != "A-" else (1010, 9992)
    town = _town(draw)
    if country == "CH-" and draw(st.booleans()):
        town += f" {draw(st.sampled_from(_CANTON_CODES))}"
    return [street, f"{country}{draw(st.integers(low, high))} {town}"]


@st.composite
def framed(draw: st.DrawFn, lines: st.SearchStrategy[list[str]]) -> tuple[str, str, str]:
    """``(before, address, after)``: the address in a sentence (lines joined by ", ") or
    in a signature block (one line each)."""
    parts = draw(lines)
    if draw(st.booleans()):
        before = draw(st.sampled_from(["", "Please ship it to ", "My address is ", "to: "]))
        after = draw(st.sampled_from(["", ".", " today.", ", thanks", "\nRegards"]))
        return before, ", ".join(parts), after
    before = draw(st.sampled_from(["Jane Roe\nAcme Inc\n", "Best,\nJohn\n", "Address:\n"]))
    after = draw(st.sampled_from(["", "\n", "\nPhone: see below", "\n\nThanks"]))
    return before, "\n".join(parts), after


_PLACEHOLDER = re.compile(r"\[[A-Z_]+_[0-9]+\]")


def _assert_masked_whole(before: str, address: str, after: str) -> None:
    """The oracle: the frame is forwarded as written, and between its two parts only
    placeholders and punctuation or spaces: no letter or digit of the address."""
    text = before + address + after
    forwarded = sanitize(text)
    assert forwarded.startswith(before) and forwarded.endswith(after), (text, forwarded)
    middle = forwarded[len(before) : len(forwarded) - len(after)]
    rest = _PLACEHOLDER.sub("", middle)
    assert not any(ch.isalnum() for ch in rest), (text, forwarded)
    assert "[ADDRESS_" in middle, (text, forwarded)


@_SETTINGS
@given(case=framed(us_civil()))
def test_a_us_address_is_masked_whole(case: tuple[str, str, str]) -> None:
    """A civil US address of any state, territory or freely associated state, on one
    line or two, leaves no letter or digit of itself in what is forwarded."""
    _assert_masked_whole(*case)


@_SETTINGS
@given(case=framed(us_military()))
def test_a_us_military_address_is_masked_whole(case: tuple[str, str, str]) -> None:
    """An APO/FPO/DPO address (unit and box, or a ship) is masked whole."""
    _assert_masked_whole(*case)


@_SETTINGS
@given(case=framed(uk_address()))
def test_a_uk_address_is_masked_whole(case: tuple[str, str, str]) -> None:
    """A UK address with any Royal Mail postcode format, one line or a block, is
    masked whole."""
    _assert_masked_whole(*case)


@_SETTINGS
@given(case=framed(at_ch_address()))
def test_an_austrian_or_swiss_address_is_masked_whole(case: tuple[str, str, str]) -> None:
    """A street address with a four-digit postcode (with or without A-/CH-, a canton
    code after the town) is masked whole."""
    _assert_masked_whole(*case)


@_SETTINGS
@given(case=framed(de_address()))
def test_a_german_address_is_masked_whole(case: tuple[str, str, str]) -> None:
    """A German street address (name particles, the type word first, two-word towns,
    rivers and regions after the town) is masked whole."""
    _assert_masked_whole(*case)
