# ruff: noqa: E501 - template f-strings stay on one line so each reads as the text it writes
"""Value generators for fresh7: people, addresses, ids and look-alike negatives.

Everything draws from one ``random.Random`` handed in by the caller (and a Faker instance
seeded from it), so a payload is a pure function of its seed.  Identifiers are made valid
by construction or by rejection sampling against python-stdnum / phonenumbers.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import random
import string
import uuid
from dataclasses import dataclass, field
from functools import cache

import phonenumbers
from faker import Faker
from stdnum import bic as std_bic
from stdnum import iban as std_iban
from stdnum import isbn as std_isbn
from stdnum import luhn
from stdnum.at import uid as at_uid
from stdnum.at import vnr as at_vnr
from stdnum.au import tfn as au_tfn
from stdnum.ca import sin as ca_sin
from stdnum.ch import ssn as ch_ssn
from stdnum.ch import uid as ch_uid
from stdnum.de import idnr as de_idnr
from stdnum.de import stnr as de_stnr
from stdnum.de import vat as de_vat
from stdnum.gb import nhs as gb_nhs
from stdnum.gb import vat as gb_vat
from stdnum.ie import pps as ie_pps
from stdnum.ie import vat as ie_vat
from stdnum.in_ import aadhaar as in_aadhaar
from stdnum.in_ import pan as in_pan
from stdnum.nz import ird as nz_ird
from stdnum.us import itin as us_itin
from stdnum.us import ssn as us_ssn

EN_LOCALES = ("en_US", "en_GB", "en_US", "en_CA", "en_AU", "en_IE", "en_NZ", "en_IN")
DE_LOCALES = ("de_DE", "de_DE", "de_AT", "de_CH")
REGION = {
    "en_US": "US",
    "en_GB": "GB",
    "en_CA": "CA",
    "en_AU": "AU",
    "en_IE": "IE",
    "en_NZ": "NZ",
    "en_IN": "IN",
    "de_DE": "DE",
    "de_AT": "AT",
    "de_CH": "CH",
}
COUNTRY_EN = {
    "US": "USA",
    "GB": "United Kingdom",
    "CA": "Canada",
    "AU": "Australia",
    "IE": "Ireland",
    "NZ": "New Zealand",
    "IN": "India",
    "DE": "Germany",
    "AT": "Austria",
    "CH": "Switzerland",
}
COUNTRY_DE = {"DE": "Deutschland", "AT": "Österreich", "CH": "Schweiz"}
BIRTH_MIN = dt.date(1930, 1, 1)
BIRTH_MAX = dt.date(2008, 12, 31)

MONTHS_EN = (
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
)
MONTHS_DE = (
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
)


@cache
def faker_for(locale: str) -> Faker:
    return Faker(locale)


# ---- people ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Person:
    first: str
    last: str
    middle: str = ""
    female: bool = False

    @property
    def full(self) -> str:
        return f"{self.first} {self.middle} {self.last}" if self.middle else self.name

    @property
    def name(self) -> str:
        return f"{self.first} {self.last}"

    @property
    def inverted(self) -> str:
        return f"{self.last}, {self.first}"


def _plain(text: str) -> str:
    table = str.maketrans(
        {
            "ä": "ae",
            "ö": "oe",
            "ü": "ue",
            "ß": "ss",
            "é": "e",
            "è": "e",
            "á": "a",
            "í": "i",
            "ó": "o",
            "ú": "u",
            "'": "",
            " ": "",
            "-": "",
        }
    )
    return text.lower().translate(table)


# ---- addresses -------------------------------------------------------------------------

_TOWNS: dict[str, list[tuple[str, ...]]] = {
    "US": [
        ("Springfield", "IL", "6270"),
        ("Austin", "TX", "7870"),
        ("Columbus", "OH", "4321"),
        ("Portland", "OR", "9721"),
        ("Madison", "WI", "5370"),
        ("Raleigh", "NC", "2760"),
        ("Boise", "ID", "8370"),
        ("Tucson", "AZ", "8571"),
        ("Albany", "NY", "1220"),
        ("Denver", "CO", "8020"),
        ("Sacramento", "CA", "9581"),
        ("Omaha", "NE", "6810"),
    ],
    "GB": [
        ("Bath", "BA1"),
        ("Leeds", "LS6"),
        ("Manchester", "M14"),
        ("Bristol", "BS8"),
        ("Norwich", "NR2"),
        ("York", "YO31"),
        ("Cardiff", "CF24"),
        ("Edinburgh", "EH9"),
        ("London", "SW11"),
        ("London", "N16"),
        ("Brighton", "BN2"),
        ("Sheffield", "S10"),
    ],
    "CA": [
        ("Toronto", "ON", "M5V"),
        ("Ottawa", "ON", "K1S"),
        ("Vancouver", "BC", "V6K"),
        ("Calgary", "AB", "T2N"),
        ("Halifax", "NS", "B3H"),
        ("Winnipeg", "MB", "R3M"),
        ("Victoria", "BC", "V8V"),
        ("Edmonton", "AB", "T6E"),
        ("Hamilton", "ON", "L8P"),
    ],
    "AU": [
        ("Parramatta", "NSW", "2150"),
        ("Fitzroy", "VIC", "3065"),
        ("Toowong", "QLD", "4066"),
        ("Glenelg", "SA", "5045"),
        ("Fremantle", "WA", "6160"),
        ("Hobart", "TAS", "7000"),
        ("Newcastle", "NSW", "2300"),
        ("Geelong", "VIC", "3220"),
        ("Braddon", "ACT", "2612"),
    ],
    "IE": [
        ("Dublin 8", "D08", "Co. Dublin"),
        ("Dublin 6", "D06", "Co. Dublin"),
        ("Cork", "T12", "Co. Cork"),
        ("Galway", "H91", "Co. Galway"),
        ("Limerick", "V94", "Co. Limerick"),
        ("Kilkenny", "R95", "Co. Kilkenny"),
        ("Sligo", "F91", "Co. Sligo"),
        ("Waterford", "X91", "Co. Waterford"),
    ],
    "NZ": [
        ("Auckland", "1011", "Ponsonby"),
        ("Wellington", "6011", "Te Aro"),
        ("Christchurch", "8023", "Sydenham"),
        ("Hamilton", "3204", "Hamilton East"),
        ("Dunedin", "9016", "North Dunedin"),
        ("Nelson", "7010", "The Wood"),
        ("Tauranga", "3110", "Otumoetai"),
    ],
    "IN": [
        ("Mumbai", "400058", "Maharashtra", "Andheri West"),
        ("Bengaluru", "560038", "Karnataka", "Indiranagar"),
        ("New Delhi", "110017", "Delhi", "Malviya Nagar"),
        ("Chennai", "600020", "Tamil Nadu", "Adyar"),
        ("Pune", "411038", "Maharashtra", "Kothrud"),
        ("Hyderabad", "500034", "Telangana", "Banjara Hills"),
        ("Kolkata", "700019", "West Bengal", "Ballygunge"),
        ("Jaipur", "302015", "Rajasthan", "Malviya Nagar"),
    ],
    "DE": [
        ("Berlin", "10115"),
        ("Berlin", "10437"),
        ("Hamburg", "22765"),
        ("München", "80331"),
        ("München", "81667"),
        ("Köln", "50667"),
        ("Frankfurt am Main", "60311"),
        ("Stuttgart", "70178"),
        ("Leipzig", "04109"),
        ("Dresden", "01099"),
        ("Freiburg im Breisgau", "79098"),
        ("Bremen", "28195"),
        ("Nürnberg", "90402"),
        ("Hannover", "30159"),
        ("Münster", "48143"),
        ("Kiel", "24103"),
        ("Bonn", "53111"),
    ],
    "AT": [
        ("Wien", "1010"),
        ("Wien", "1100"),
        ("Wien", "1070"),
        ("Wien", "1160"),
        ("Graz", "8010"),
        ("Linz", "4020"),
        ("Salzburg", "5020"),
        ("Innsbruck", "6020"),
        ("Klagenfurt am Wörthersee", "9020"),
        ("St. Pölten", "3100"),
        ("Bregenz", "6900"),
    ],
    "CH": [
        ("Zürich", "8001"),
        ("Zürich", "8004"),
        ("Bern", "3011"),
        ("Basel", "4051"),
        ("Luzern", "6003"),
        ("St. Gallen", "9000"),
        ("Winterthur", "8400"),
        ("Chur", "7000"),
        ("Zug", "6300"),
        ("Aarau", "5000"),
    ],
}
_EN_ROOTS = (
    "Main",
    "Church",
    "Mill",
    "Oak",
    "Maple",
    "Cedar",
    "Park",
    "Station",
    "Victoria",
    "King",
    "Queen",
    "High",
    "Elm",
    "Willow",
    "Bridge",
    "Chapel",
    "George",
    "Albert",
    "Ridge",
    "Orchard",
    "Meadow",
    "Pine",
    "Harbour",
    "Spring",
    "Windsor",
    "Clifton",
)
_EN_SUFFIX = {
    "US": (
        "St",
        "Street",
        "Ave",
        "Avenue",
        "Rd",
        "Road",
        "Dr",
        "Drive",
        "Blvd",
        "Ln",
        "Ct",
        "Way",
        "Pl",
    ),
    "GB": (
        "Street",
        "Road",
        "Lane",
        "Close",
        "Avenue",
        "Crescent",
        "Gardens",
        "Terrace",
        "Grove",
        "Rd",
    ),
    "CA": ("Street", "St", "Avenue", "Ave", "Road", "Crescent", "Drive", "Blvd"),
    "AU": ("Street", "St", "Road", "Rd", "Avenue", "Parade", "Crescent", "Court"),
    "IE": ("Street", "Road", "Avenue", "Terrace", "Park", "Lane", "Close"),
    "NZ": ("Street", "Road", "Terrace", "Avenue", "Place", "Crescent"),
    "IN": ("Road", "Main Road", "Cross Road", "Marg", "Lane"),
}
_DE_ROOTS = (
    "Haupt",
    "Bahnhof",
    "Schiller",
    "Goethe",
    "Linden",
    "Birken",
    "Kirch",
    "Garten",
    "Berg",
    "Mühlen",
    "Schul",
    "Wald",
    "Rosen",
    "Eichen",
    "Feld",
    "Brunnen",
    "Markt",
    "Post",
    "Sonnen",
    "Uhland",
    "Lessing",
    "Bismarck",
    "Kastanien",
    "Ahorn",
)
_DE_NAMED = (
    "Friedrich-Ebert",
    "Konrad-Adenauer",
    "Käthe-Kollwitz",
    "Robert-Koch",
    "Albert-Schweitzer",
    "Geschwister-Scholl",
    "Heinrich-Heine",
    "Marie-Curie",
)


@dataclass(frozen=True)
class Address:
    region: str
    street: str  # "Hauptstr." / "Oak Street"
    number: str  # "12-14", "7a", "1234"
    unit: str  # "Apt 4B", "Flat 3", "Stiege 2/Top 14", "" ...
    postcode: str
    city: str
    state: str = ""
    area: str = ""  # suburb / locality
    po_box: str = ""  # when set, the address is a PO box
    extra: dict[str, str] = field(default_factory=dict)

    # -- lines ---------------------------------------------------------------------
    def street_line(self, rng: random.Random) -> str:
        if self.po_box:
            return self.po_box
        r = self.region
        if r in ("DE", "CH"):
            line = f"{self.street} {self.number}"
            return f"{line}, {self.unit}" if self.unit else line
        if r == "AT":
            if self.unit:
                return rng.choice(
                    (
                        f"{self.street} {self.number}/{self.unit}",
                        f"{self.street} {self.number}, {self.unit}",
                    )
                )
            return f"{self.street} {self.number}"
        if r == "AU" and self.unit:
            return rng.choice(
                (
                    f"{self.unit.split()[-1]}/{self.number} {self.street}",
                    f"{self.unit}, {self.number} {self.street}",
                )
            )
        if r == "CA" and self.unit:
            return rng.choice(
                (
                    f"{self.unit.split()[-1]}-{self.number} {self.street}",
                    f"{self.number} {self.street}, {self.unit}",
                )
            )
        if r == "IN":
            parts = (
                [self.unit, f"{self.number} {self.street}"]
                if self.unit
                else [f"{self.number} {self.street}"]
            )
            return ", ".join(parts)
        if self.unit:
            if r == "GB" or r == "IE":
                return f"{self.unit}, {self.number} {self.street}"
            return rng.choice(
                (
                    f"{self.number} {self.street} {self.unit}",
                    f"{self.number} {self.street}, {self.unit}",
                )
            )
        return f"{self.number} {self.street}"

    def town_line(self, rng: random.Random, prefix: bool = False) -> str:
        r = self.region
        if r in ("DE", "AT", "CH"):
            pre = {"DE": "D-", "AT": "A-", "CH": "CH-"}[r] if prefix else ""
            return f"{pre}{self.postcode} {self.city}"
        if r == "US":
            return rng.choice(
                (
                    f"{self.city}, {self.state} {self.postcode}",
                    f"{self.city} {self.state} {self.postcode}",
                )
            )
        if r == "CA":
            return rng.choice(
                (
                    f"{self.city}, {self.state} {self.postcode}",
                    f"{self.city} {self.state}  {self.postcode}",
                )
            )
        if r == "AU":
            return rng.choice(
                (
                    f"{self.city} {self.state} {self.postcode}",
                    f"{self.city.upper()} {self.state} {self.postcode}",
                )
            )
        if r == "GB":
            return f"{self.city} {self.postcode}"
        if r == "IE":
            return rng.choice(
                (f"{self.city}, {self.postcode}", f"{self.city}, {self.state}, {self.postcode}")
            )
        if r == "NZ":
            return f"{self.area}, {self.city} {self.postcode}"
        return f"{self.area}, {self.city} {self.postcode}, {self.state}"  # IN

    def lines(self, rng: random.Random, prefix: bool = False) -> list[str]:
        """The address as a list of lines (street side first)."""
        town = self.town_line(rng, prefix)
        if self.region == "GB" and rng.random() < 0.6:
            return [self.street_line(rng), self.city, self.postcode]
        if self.region == "IE" and rng.random() < 0.5:
            return [self.street_line(rng), self.city, self.postcode]
        if self.region in ("US", "CA") and self.unit and not self.po_box and rng.random() < 0.4:
            return [f"{self.number} {self.street}", self.unit, town]
        if self.region == "CH" and self.po_box == "" and rng.random() < 0.15:
            return [f"{self.street} {self.number}", "Postfach", town]
        return [self.street_line(rng), town]

    def block(self, rng: random.Random, sep: str = "\n", prefix: bool = False) -> str:
        return sep.join(self.lines(rng, prefix))

    def one_line(self, rng: random.Random, prefix: bool = False) -> str:
        return ", ".join(self.lines(rng, prefix))


def _gb_postcode(rng: random.Random, outward: str) -> str:
    return (
        f"{outward} {rng.randint(1, 9)}{rng.choice('ABDEFGHJLNPQRSTUWXYZ')}"
        f"{rng.choice('ABDEFGHJLNPQRSTUWXYZ')}"
    )


def make_address(
    rng: random.Random, region: str, fake: Faker, po_box: bool = False, unit_p: float = 0.3
) -> Address:
    town = rng.choice(_TOWNS[region])
    unit = ""
    box = ""
    if region in ("DE", "AT", "CH"):
        ss = "strasse" if region == "CH" else "straße"
        roll = rng.random()
        if roll < 0.35:
            root = rng.choice(_DE_ROOTS)
            street = root + rng.choice(
                (
                    ss,
                    ss,
                    "str.",
                    "weg",
                    "allee" if region != "AT" else "gasse",
                    "platz",
                )
            )
        elif roll < 0.55:
            street = rng.choice(_DE_NAMED) + rng.choice(("-Straße", "-Str.", "-Platz", "-Weg"))
            if region == "CH":
                street = street.replace("ß", "ss")
        elif roll < 0.7:
            street = rng.choice(
                (
                    "Am Markt",
                    "An der Kirche",
                    "Im Winkel",
                    "Auf der Höhe",
                    "Zum Sportplatz",
                    "In den Gärten",
                    "Alte Landstraße",
                )
            )
        else:
            street = fake.street_name()
            if region == "CH":
                street = street.replace("ß", "ss")
        n = rng.randint(1, 140)
        number = rng.choice(
            (str(n), str(n), f"{n}{rng.choice('abc')}", f"{n}-{n + 2}", f"{n} {rng.choice('ab')}")
        )
        if region == "AT" and rng.random() < 0.55:
            unit = rng.choice(
                (
                    f"Stiege {rng.randint(1, 6)}/Top {rng.randint(1, 40)}",
                    f"Top {rng.randint(1, 40)}",
                    f"{rng.randint(1, 6)}/{rng.randint(1, 30)}",
                )
            )
            if "/" in unit and "Stiege" not in unit and "Top" not in unit:
                number, unit = f"{number}/{unit}", ""
        elif region == "DE" and rng.random() < 0.12:
            unit = rng.choice(("Hinterhaus", "2. OG", "Aufgang B", "Whg. 12"))
        postcode, city = town[1], town[0]
        if po_box:
            digits = "".join(rng.choice(string.digits) for _ in range(6 if region == "DE" else 4))
            label = "Postfach"
            box = (
                f"{label} {digits[:2]} {digits[2:4]} {digits[4:]}"
                if region == "DE"
                else f"{label} {digits}"
            )
        return Address(region, street, number, unit, postcode, city, po_box=box)
    # English-speaking regions
    root = fake.last_name() if rng.random() < 0.25 else rng.choice(_EN_ROOTS)
    street = f"{root} {rng.choice(_EN_SUFFIX[region])}"
    if region == "US" and rng.random() < 0.2:
        street = f"{rng.choice(('N', 'S', 'E', 'W'))} {street}"
    number = str(rng.choice((rng.randint(1, 99), rng.randint(100, 9999))))
    if region in ("GB", "IE") and rng.random() < 0.2:
        number = f"{rng.randint(1, 60)}{rng.choice('ab')}"
    if rng.random() < unit_p:
        unit = {
            "US": rng.choice(
                (
                    f"Apt {rng.randint(1, 30)}{rng.choice('ABCD')}",
                    f"Unit {rng.randint(1, 400)}",
                    f"Suite {rng.randint(1, 9)}00",
                    f"#{rng.randint(2, 99)}",
                )
            ),
            "GB": f"Flat {rng.randint(1, 40)}",
            "CA": f"Unit {rng.randint(101, 2400)}",
            "AU": f"Unit {rng.randint(1, 24)}",
            "IE": f"Apartment {rng.randint(1, 90)}",
            "NZ": f"Flat {rng.randint(1, 12)}",
            "IN": f"Flat {rng.randint(1, 12)}0{rng.randint(1, 8)}, "
            f"{rng.choice(('Sai Krupa', 'Green Meadows', 'Shanti Kunj', 'Lakeview'))}"
            f" {rng.choice(('Apartments', 'Residency', 'CHS'))}",
        }[region]
    postcode = {
        "US": lambda: town[2] + str(rng.randint(0, 9)),
        "GB": lambda: _gb_postcode(rng, town[1]),
        "CA": lambda: (
            f"{town[2]} {rng.randint(1, 9)}{rng.choice('ABCEGHJKLMNPRSTVWXYZ')}{rng.randint(0, 9)}"
        ),
        "AU": lambda: town[2],
        "IE": lambda: (
            f"{town[1]} {rng.choice('ACDEFHKNPRTVWXY')}{rng.randint(1, 9)}"
            f"{rng.choice('ACDEFHKNPRTVWXY')}{rng.randint(1, 9)}"
        ),
        "NZ": lambda: town[1],
        "IN": lambda: town[1],
    }[region]()
    state = {"US": 1, "CA": 1, "AU": 1, "IE": 2, "IN": 2}.get(region)
    area = town[2] if region == "NZ" else (town[3] if region == "IN" else "")
    if po_box:
        box = {
            "US": f"PO Box {rng.randint(10, 9999)}",
            "CA": f"PO Box {rng.randint(10, 9999)}, Stn Main",
            "AU": f"PO Box {rng.randint(10, 999)}",
            "NZ": f"PO Box {rng.randint(10, 99999)}",
            "GB": f"PO Box {rng.randint(10, 999)}",
            "IE": f"PO Box {rng.randint(10, 999)}",
            "IN": f"Post Box No. {rng.randint(10, 999)}",
        }[region]
    return Address(
        region,
        street,
        number,
        unit,
        postcode,
        town[0],
        town[state] if state else "",
        area,
        po_box=box,
    )


# ---- phones ----------------------------------------------------------------------------

_PHONE_PREFIX = {
    ("US", "mobile"): ["212", "312", "415", "617", "206", "303", "512", "404", "702", "503"],
    ("CA", "mobile"): ["416", "604", "514", "403", "613", "902", "204", "647"],
    ("GB", "mobile"): ["074", "075", "077", "078", "079"],
    ("GB", "fixed"): ["020", "0161", "0113", "0121", "0131", "0117", "01225", "01904"],
    ("AU", "mobile"): ["04"],
    ("AU", "fixed"): ["02", "03", "07", "08"],
    ("IE", "mobile"): ["083", "085", "086", "087", "089"],
    ("IE", "fixed"): ["01", "021", "091", "061"],
    ("NZ", "mobile"): ["021", "022", "027"],
    ("NZ", "fixed"): ["09", "04", "03", "07"],
    ("IN", "mobile"): ["98", "99", "97", "88", "70", "63"],
    ("IN", "fixed"): ["011", "022", "080", "044"],
    ("DE", "mobile"): [
        "0151",
        "0152",
        "0157",
        "0160",
        "0162",
        "0170",
        "0171",
        "0172",
        "0175",
        "0176",
        "0177",
        "0178",
        "0179",
    ],
    ("DE", "fixed"): [
        "030",
        "089",
        "040",
        "0221",
        "069",
        "0711",
        "0341",
        "0351",
        "0761",
        "0421",
        "0911",
        "0511",
    ],
    ("AT", "mobile"): ["0664", "0660", "0676", "0699", "0650", "0681"],
    ("AT", "fixed"): ["01", "0316", "0732", "0662", "0512", "0463"],
    ("CH", "mobile"): ["076", "077", "078", "079"],
    ("CH", "fixed"): ["044", "043", "031", "061", "041", "071", "052"],
}


def make_phone(rng: random.Random, region: str, kind: str = "mobile") -> phonenumbers.PhoneNumber:
    key = (region, kind) if (region, kind) in _PHONE_PREFIX else (region, "mobile")
    want = {
        "mobile": (phonenumbers.PhoneNumberType.MOBILE,),
        "fixed": (phonenumbers.PhoneNumberType.FIXED_LINE,),
    }[kind]
    nanp = region in ("US", "CA")
    for _ in range(2000):
        prefix = rng.choice(_PHONE_PREFIX[key])
        if nanp:
            raw = (
                prefix
                + str(rng.randint(2, 9))
                + "".join(rng.choice(string.digits) for _ in range(6))
            )
        else:
            total = {
                "DE": rng.choice((10, 11)),
                "AT": rng.choice((10, 11)),
                "CH": 10,
                "GB": 11,
                "AU": 10,
                "IE": 10,
                "NZ": rng.choice((9, 10)),
                "IN": 10,
            }[region]
            if region == "IN" and prefix.startswith("0"):
                total = 11
            if region == "IE" and prefix == "01":
                total = 9
            raw = (
                prefix
                + str(rng.randint(2, 9))
                + "".join(rng.choice(string.digits) for _ in range(total - len(prefix) - 1))
            )
        num = phonenumbers.parse(raw, region)
        if not phonenumbers.is_valid_number_for_region(num, region):
            continue
        ntype = phonenumbers.number_type(num)
        if nanp or ntype in want or ntype == phonenumbers.PhoneNumberType.FIXED_LINE_OR_MOBILE:
            return num
    raise RuntimeError(f"no valid phone for {region}/{kind}")


def render_phone(
    rng: random.Random,
    num: phonenumbers.PhoneNumber,
    region: str,
    style: str | None = None,
    ext: str = "",
) -> str:
    fmt = phonenumbers.PhoneNumberFormat
    national = phonenumbers.format_number(num, fmt.NATIONAL)
    intl = phonenumbers.format_number(num, fmt.INTERNATIONAL)
    e164 = phonenumbers.format_number(num, fmt.E164)
    cc = str(num.country_code)
    nsn = phonenumbers.national_significant_number(num)
    styles = [
        "national",
        "national",
        "intl",
        "intl",
        "e164",
        "dots",
        "dashes",
        "compact",
        "intl_zero",
        "double_zero",
        "slash",
    ]
    style = style or rng.choice(styles)
    groups = national.replace("(", "").replace(")", "").replace("-", " ").split()
    if style == "national":
        out = national
    elif style == "intl":
        out = intl
    elif style == "e164":
        out = e164
    elif style == "dots":
        out = ".".join(groups) if region in ("US", "CA") else " ".join(groups)
    elif style == "dashes":
        out = "-".join(groups)
    elif style == "compact":
        out = "".join(groups)
    elif style == "intl_zero" and region not in ("US", "CA", "IN"):
        rest = intl.split(" ", 1)[1]
        out = f"+{cc} (0){rest}" if rng.random() < 0.5 else f"+{cc} (0) {rest}"
    elif style == "double_zero":
        out = "00" + intl[1:] if region not in ("US", "CA") else f"1-{'-'.join(groups)}"
    elif style == "slash" and region in ("DE", "AT", "CH"):
        out = f"{groups[0]}/{''.join(groups[1:])}"
        if rng.random() < 0.4:
            rest = "".join(groups[1:])
            out = f"{groups[0]}/{rest[:-4]} {rest[-4:-2]} {rest[-2:]}" if len(rest) > 6 else out
    elif style == "parens" or (style == "slash" and region in ("US", "CA")):
        out = f"({nsn[:3]}) {nsn[3:6]}-{nsn[6:]}" if region in ("US", "CA") else national
    else:
        out = intl
    if ext:
        out += rng.choice((f" ext. {ext}", f" x{ext}", f" ext {ext}", f" Ext. {ext}"))
    # safety net: the rendering must parse back to the same valid number
    back = phonenumbers.parse(out, region)
    if (
        not phonenumbers.is_valid_number(back)
        or phonenumbers.national_significant_number(back) != nsn
        or (ext and back.extension != ext)
    ):
        return intl + (f" ext. {ext}" if ext else "")
    return out


# ---- dates -----------------------------------------------------------------------------


def make_dob(rng: random.Random, lo: int = 1930, hi: int = 2008) -> dt.date:
    first = max(BIRTH_MIN, dt.date(lo, 1, 1))
    span = (min(BIRTH_MAX, dt.date(hi, 12, 31)) - first).days
    return first + dt.timedelta(days=rng.randint(0, span))


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def render_date_en(rng: random.Random, d: dt.date, region: str, style: str | None = None) -> str:
    m, mon = MONTHS_EN[d.month - 1], MONTHS_EN[d.month - 1][:3]
    dmy = region != "US"
    styles = {
        "numeric": (
            f"{d.day:02d}/{d.month:02d}/{d.year}" if dmy else f"{d.month:02d}/{d.day:02d}/{d.year}"
        ),
        "numeric_short": (f"{d.day}/{d.month}/{d.year}" if dmy else f"{d.month}/{d.day}/{d.year}"),
        "iso": d.isoformat(),
        "long": f"{d.day} {m} {d.year}" if dmy else f"{m} {d.day}, {d.year}",
        "abbr": f"{d.day:02d}-{mon}-{d.year}" if dmy else f"{mon} {d.day}, {d.year}",
        "abbr_upper": f"{d.day:02d} {mon.upper()} {d.year}",
        "ordinal": f"{_ordinal(d.day)} {m} {d.year}" if dmy else f"{m} {_ordinal(d.day)}, {d.year}",
        "ordinal_of": f"{_ordinal(d.day)} of {m} {d.year}",
        "dashes": (
            f"{d.day:02d}-{d.month:02d}-{d.year}" if dmy else f"{d.month:02d}-{d.day:02d}-{d.year}"
        ),
        "two_digit": (
            f"{d.day:02d}/{d.month:02d}/{d.year % 100:02d}"
            if dmy
            else f"{d.month}/{d.day}/{d.year % 100:02d}"
        ),
        "dots": f"{d.day:02d}.{d.month:02d}.{d.year}",
    }
    weights = {
        "numeric": 4,
        "numeric_short": 2,
        "iso": 3,
        "long": 4,
        "abbr": 2,
        "abbr_upper": 1,
        "ordinal": 2,
        "ordinal_of": 1,
        "dashes": 1,
        "two_digit": 1,
        "dots": 0 if region == "US" else 0.5,
    }
    if style is None:
        style = rng.choices(list(weights), weights=list(weights.values()))[0]
    return styles[style]


def render_date_de(rng: random.Random, d: dt.date, region: str, style: str | None = None) -> str:
    months = list(MONTHS_DE)
    if region == "AT":
        months[0] = "Jänner"
    m = months[d.month - 1]
    styles = {
        "dots": f"{d.day:02d}.{d.month:02d}.{d.year}",
        "dots_short": f"{d.day}.{d.month}.{d.year}",
        "long": f"{d.day}. {m} {d.year}",
        "long0": f"{d.day:02d}. {m} {d.year}",
        "iso": d.isoformat(),
        "two_digit": f"{d.day:02d}.{d.month:02d}.{d.year % 100:02d}",
        "abbr": f"{d.day}. {m[:3]}. {d.year}" if len(m) > 4 else f"{d.day}. {m} {d.year}",
        "slash": f"{d.day:02d}/{d.month:02d}/{d.year}",
    }
    weights = {
        "dots": 6,
        "dots_short": 2,
        "long": 4,
        "long0": 1,
        "iso": 2,
        "two_digit": 1,
        "abbr": 1,
        "slash": 1,
    }
    if style is None:
        style = rng.choices(list(weights), weights=list(weights.values()))[0]
    return styles[style]


def render_date(rng: random.Random, d: dt.date, region: str, style: str | None = None) -> str:
    if region in ("DE", "AT", "CH"):
        return render_date_de(rng, d, region, style)
    return render_date_en(rng, d, region, style)


# ---- identifiers -----------------------------------------------------------------------


def _digits(rng: random.Random, n: int, first_nonzero: bool = False) -> str:
    out = "".join(rng.choice(string.digits) for _ in range(n))
    if first_nonzero and out[0] == "0":
        out = str(rng.randint(1, 9)) + out[1:]
    return out


def _sample(rng: random.Random, make, valid, tries: int = 20000) -> str:  # type: ignore[no-untyped-def]
    for _ in range(tries):
        candidate = make()
        if valid(candidate):
            return str(candidate)
    raise RuntimeError("rejection sampling failed")


def ssn(rng: random.Random) -> str:
    raw = _sample(
        rng,
        lambda: f"{rng.randint(1, 899):03d}{rng.randint(1, 99):02d}{rng.randint(1, 9999):04d}",
        us_ssn.is_valid,
    )
    return us_ssn.format(raw)


def itin(rng: random.Random) -> str:
    group = rng.choice([*range(70, 89), 90, 91, 92, *range(94, 100)])
    raw = _sample(
        rng, lambda: f"9{rng.randint(0, 99):02d}{group}{rng.randint(0, 9999):04d}", us_itin.is_valid
    )
    return us_itin.format(raw)


def de_tax_id(rng: random.Random) -> str:
    raw = _sample(rng, lambda: _digits(rng, 11, True), de_idnr.is_valid, 200000)
    return rng.choice((raw, de_idnr.format(raw), de_idnr.format(raw)))


def de_steuernummer(rng: random.Random) -> str:
    fmt = rng.choice(("{a}/{b}/{c}", "{a}/{b}/{c}"))
    for _ in range(1000):
        a, b, c = _digits(rng, 2, True), _digits(rng, 3), _digits(rng, 5)
        cand = fmt.format(a=a, b=b, c=c)
        if de_stnr.is_valid(cand):
            return cand
    raise RuntimeError("stnr")


def de_id_card(rng: random.Random) -> str:
    """A German Personalausweis / Reisepass document number (9 characters)."""
    alphabet = "CFGHJKLMNPRTVWXYZ0123456789"
    return rng.choice("CFGHJKLMNPRTVWXYZ") + "".join(rng.choice(alphabet) for _ in range(8))


def icao_check(value: str) -> str:
    def val(c: str) -> int:
        return int(c) if c.isdigit() else ord(c) - 55

    return str(sum(val(c) * (7, 3, 1)[i % 3] for i, c in enumerate(value)) % 10)


def nino(rng: random.Random) -> str:
    bad_pairs = {"BG", "GB", "NK", "KN", "TN", "NT", "ZZ"}
    first = "ABCEGHJKLMNOPRSTWXYZ"
    second = "ABCEGHJKLMNPRSTWXYZ"
    while True:
        pre = rng.choice(first) + rng.choice(second)
        if pre not in bad_pairs:
            break
    d = _digits(rng, 6)
    suffix = rng.choice("ABCD")
    return rng.choice((f"{pre}{d}{suffix}", f"{pre} {d[:2]} {d[2:4]} {d[4:]} {suffix}"))


def national_id(rng: random.Random, region: str, dob: dt.date) -> tuple[str, str]:
    """(value, short name of the scheme) for a region's national id."""
    if region == "GB":
        if rng.random() < 0.5:
            return nino(rng), "nino"
        raw = _sample(rng, lambda: _digits(rng, 10, True), gb_nhs.is_valid)
        return rng.choice((gb_nhs.format(raw), raw, gb_nhs.format(raw, "-"))), "nhs"
    if region == "CA":
        raw = _sample(rng, lambda: str(rng.randint(1, 7)) + _digits(rng, 8), ca_sin.is_valid)
        return rng.choice((ca_sin.format(raw), raw, f"{raw[:3]} {raw[3:6]} {raw[6:]}")), "sin"
    if region == "AU":
        raw = _sample(rng, lambda: _digits(rng, 9, True), au_tfn.is_valid)
        return rng.choice((au_tfn.format(raw), raw)), "tfn"
    if region == "IE":
        raw = _sample(
            rng,
            lambda: (
                _digits(rng, 7)
                + rng.choice("ABCDEFGHIJKLMNOPQRSTUVW")
                + rng.choice(("", "A", "W", "T"))
            ),
            ie_pps.is_valid,
        )
        return raw, "pps"
    if region == "NZ":
        raw = _sample(rng, lambda: str(rng.randint(10, 149)) + _digits(rng, 6), nz_ird.is_valid)
        return rng.choice((nz_ird.format(raw), raw)), "ird"
    if region == "IN":
        if rng.random() < 0.6:
            raw = _sample(
                rng, lambda: str(rng.randint(2, 9)) + _digits(rng, 11), in_aadhaar.is_valid
            )
            return rng.choice((in_aadhaar.format(raw), raw)), "aadhaar"
        raw = _sample(
            rng,
            lambda: (
                "".join(rng.choice(string.ascii_uppercase) for _ in range(3))
                + "P"
                + rng.choice(string.ascii_uppercase)
                + _digits(rng, 4)
                + rng.choice(string.ascii_uppercase)
            ),
            in_pan.is_valid,
        )
        return raw, "pan"
    if region == "AT":
        tail = dob.strftime("%d%m%y")
        raw = ""
        for _ in range(1000):
            serial = str(rng.randint(100, 999))
            check = at_vnr.calc_check_digit(serial + "0" + tail)
            if len(check) == 1:
                raw = serial + check + tail
                if at_vnr.is_valid(raw):
                    break
        return rng.choice((f"{raw[:4]} {raw[4:]}", raw)), "vnr"
    if region == "CH":
        raw = _sample(rng, lambda: "756" + _digits(rng, 10), ch_ssn.is_valid)
        return ch_ssn.format(raw), "ahv"
    if region == "DE":
        return de_id_card(rng), "ausweis"
    raise ValueError(region)


def passport(rng: random.Random, region: str) -> str:
    up = string.ascii_uppercase
    if region == "US":
        return rng.choice((_digits(rng, 9, True), rng.choice("ABC") + _digits(rng, 8)))
    if region == "GB":
        return _digits(rng, 9, True)
    if region == "CA":
        return rng.choice(up) + rng.choice(up) + _digits(rng, 6)
    if region == "AU":
        return rng.choice(("P", "N", "R", "PA", "PB")) + _digits(rng, 7)
    if region == "IE":
        return rng.choice(("P", "L")) + rng.choice(up) + _digits(rng, 7)
    if region == "NZ":
        return rng.choice(("LA", "LB", "LC", "LD", "LF", "LH")) + _digits(rng, 6)
    if region == "IN":
        return rng.choice("JKLMNPRSTUVWZ") + _digits(rng, 7)
    if region == "DE":
        return de_id_card(rng)
    if region == "AT":
        return rng.choice("PUN") + _digits(rng, 7)
    if region == "CH":
        return rng.choice("XSF") + _digits(rng, 7)
    raise ValueError(region)


def vat_id(rng: random.Random, region: str) -> str:
    if region == "DE":
        raw = _sample(rng, lambda: "DE" + _digits(rng, 9, True), de_vat.is_valid)
        return rng.choice((raw, f"DE {raw[2:]}"))
    if region == "AT":
        base = "U" + _digits(rng, 7)
        raw = "AT" + base + at_uid.calc_check_digit(base)
        return rng.choice((raw, f"ATU {raw[3:]}"))
    if region == "CH":
        raw = _sample(rng, lambda: "CHE" + _digits(rng, 9, True), ch_uid.is_valid)
        return f"{ch_uid.format(raw)} {rng.choice(('MWST', 'MWST', 'TVA'))}"
    if region == "GB":
        raw = _sample(rng, lambda: _digits(rng, 9, True), gb_vat.is_valid)
        return rng.choice((f"GB{raw}", f"GB {gb_vat.format(raw)}"))
    if region == "IE":
        raw = _sample(
            rng, lambda: _digits(rng, 7) + rng.choice(string.ascii_uppercase[:23]), ie_vat.is_valid
        )
        return "IE" + raw
    raise ValueError(region)


_IBAN_BBAN = {
    "DE": lambda r: _digits(r, 8, True) + _digits(r, 10),
    "AT": lambda r: _digits(r, 5, True) + _digits(r, 11),
    "CH": lambda r: _digits(r, 5) + _digits(r, 12),
    "GB": lambda r: r.choice(("BARC", "NWBK", "LOYD", "MIDL")) + _digits(r, 14),
    "IE": lambda r: r.choice(("AIBK", "BOFI")) + _digits(r, 14),
}


def iban(rng: random.Random, country: str, grouped: bool | None = None) -> str:
    def make() -> str:
        bban = _IBAN_BBAN[country](rng)  # type: ignore[no-untyped-call]
        check = std_iban.calc_check_digits(f"{country}00{bban}")
        return f"{country}{check}{bban}"

    raw = _sample(rng, make, std_iban.is_valid)
    if grouped is None:
        grouped = rng.random() < 0.7
    return std_iban.format(raw) if grouped else raw


BICS = {
    "DE": (
        "DEUTDEFFXXX",
        "COBADEFFXXX",
        "GENODEM1GLS",
        "BYLADEM1001",
        "HYVEDEMMXXX",
        "INGDDEFFXXX",
        "PBNKDEFF",
    ),
    "AT": ("BKAUATWWXXX", "RZBAATWW", "OPSKATWW", "GIBAATWWXXX"),
    "CH": ("UBSWCHZH80A", "ZKBKCHZZ80A", "POFICHBEXXX", "RAIFCH22"),
    "GB": ("BARCGB22", "NWBKGB2L", "LOYDGB2L", "HBUKGB4B"),
    "IE": ("AIBKIE2D", "BOFIIE2D"),
    "US": ("CHASUS33", "BOFAUS3N", "CITIUS33"),
    "CA": ("ROYCCAT2", "TDOMCATTTOR"),
    "AU": ("CTBAAU2S", "NATAAU33"),
    "NZ": ("ANZBNZ22", "BKNZNZ22"),
    "IN": ("HDFCINBB", "SBININBB"),
}


def bic(rng: random.Random, country: str) -> str:
    value = rng.choice(BICS[country])
    assert std_bic.is_valid(value)
    return value


_CARD_PREFIX = (
    ("4", 16),
    ("51", 16),
    ("53", 16),
    ("55", 16),
    ("2221", 16),
    ("2720", 16),
    ("2499", 16),
    ("34", 15),
    ("37", 15),
    ("6011", 16),
    ("65", 16),
)


def card(rng: random.Random) -> str:
    prefix, length = rng.choice(_CARD_PREFIX)
    body = prefix + _digits(rng, length - len(prefix) - 1)
    raw = body + luhn.calc_check_digit(body)
    style = rng.choice(("space", "space", "dash", "plain"))
    if length == 15:
        groups = [raw[:4], raw[4:10], raw[10:]]
    else:
        groups = [raw[i : i + 4] for i in range(0, 16, 4)]
    return {"space": " ".join(groups), "dash": "-".join(groups), "plain": raw}[style]


def ip_address(rng: random.Random) -> str:
    import ipaddress

    if rng.random() < 0.25:
        words = [rng.choice(("2a02", "2a01", "2001", "2607", "2a00"))] + [
            f"{rng.randint(0, 0xFFFF):x}" for _ in range(3)
        ]
        return ":".join(words) + "::" + f"{rng.randint(1, 0xFFFF):x}"
    while True:
        cand = ".".join(str(rng.randint(1, 223 if i == 0 else 254)) for i in range(4))
        addr = ipaddress.ip_address(cand)
        if addr.is_global and not addr.is_multicast:
            return cand


_B62 = string.ascii_letters + string.digits


API_KEY_VARS = {
    "openai": ("OPENAI_API_KEY", "openai_key"),
    "stripe": ("STRIPE_SECRET_KEY", "stripe_key"),
    "github": ("GITHUB_TOKEN", "gh_token"),
    "slack": ("SLACK_BOT_TOKEN", "slack_token"),
    "google": ("GOOGLE_MAPS_API_KEY", "maps_key"),
    "gitlab": ("GITLAB_TOKEN", "gitlab_pat"),
    "aws": ("AWS_SECRET_ACCESS_KEY", "aws_secret"),
    "sendgrid": ("SENDGRID_API_KEY", "mail_key"),
    "hex": ("API_KEY", "api_key"),
}


def api_key(rng: random.Random, kind: str | None = None) -> str:
    def rnd(n: int, alphabet: str = _B62) -> str:
        return "".join(rng.choice(alphabet) for _ in range(n))

    kind = kind or rng.choice(tuple(API_KEY_VARS))
    return {
        "openai": lambda: "sk-proj-" + rnd(48, _B62 + "_-"),
        "stripe": lambda: rng.choice(("sk_live_", "rk_live_")) + rnd(24),
        "github": lambda: "ghp_" + rnd(36),
        "slack": lambda: f"xoxb-{_digits(rng, 12, True)}-{_digits(rng, 13, True)}-{rnd(24)}",
        "google": lambda: "AIza" + rnd(35, _B62 + "_-"),
        "gitlab": lambda: "glpat-" + rnd(20, _B62 + "_-"),
        "aws": lambda: rnd(40, _B62 + "/+"),
        "sendgrid": lambda: f"SG.{rnd(22, _B62 + '_-')}.{rnd(43, _B62 + '_-')}",
        "hex": lambda: rnd(32, "0123456789abcdef"),
    }[kind]()


def email(rng: random.Random, person: Person, fake: Faker, domain: str | None = None) -> str:
    f, last = _plain(person.first), _plain(person.last)
    local = rng.choice(
        (
            f"{f}.{last}",
            f"{f[0]}{last}",
            f"{f}{last[:1]}{rng.randint(1, 99)}",
            f"{last}.{f}",
            f"{f}_{last}",
            f"{f}.{last}{rng.randint(60, 99)}",
        )
    )
    return f"{local}@{domain or fake.free_email_domain()}"


_ORG_WORDS = (
    "Brightwater",
    "Harbourview",
    "Northgate",
    "Silverline",
    "Greenfield",
    "Bluestone",
    "Redwood",
    "Kingsbridge",
    "Oakridge",
    "Westbrook",
    "Clearpath",
    "Summit",
)
_DE_ORG_WORDS = (
    "Nordlicht",
    "Alpenblick",
    "Rheintal",
    "Sonnenhof",
    "Lindenhof",
    "Bergquell",
    "Elbufer",
    "Donautal",
    "Waldmeister",
    "Seeblick",
    "Isartal",
    "Taunus",
)


def organization(rng: random.Random, fake: Faker, region: str, trade: str = "") -> str:
    if trade:
        root = rng.choice(
            (
                fake.last_name(),
                rng.choice(_DE_ORG_WORDS if region in ("DE", "AT", "CH") else _ORG_WORDS),
            )
        )
        form = {
            "DE": ("GmbH", "AG", "e.V."),
            "AT": ("GmbH", "AG"),
            "CH": ("AG", "GmbH"),
            "US": ("Inc.", "LLC"),
            "GB": ("Ltd", "plc"),
            "CA": ("Inc.",),
            "AU": ("Pty Ltd",),
            "IE": ("Ltd", "DAC"),
            "NZ": ("Limited",),
            "IN": ("Pvt. Ltd.",),
        }[region]
        if trade.endswith("e.V."):
            return f"{trade[:-5]} {root} e.V."
        return f"{root} {trade} {rng.choice(form)}"
    if region in ("DE", "AT", "CH"):
        form = {
            "DE": ("GmbH", "GmbH & Co. KG", "AG", "e.K.", "UG (haftungsbeschränkt)"),
            "AT": ("GmbH", "GesmbH", "KG", "AG", "OG"),
            "CH": ("AG", "GmbH", "Sàrl"),
        }[region]
        base = rng.choice(
            (
                f"{fake.last_name()} {rng.choice(('Bau', 'Logistik', 'Immobilien', 'Haustechnik', 'Medien', 'Spedition'))}",
                f"{rng.choice(_DE_ORG_WORDS)} {rng.choice(('Verwaltung', 'Handel', 'Pflegedienst', 'Software', 'Reisen'))}",
                f"{fake.last_name()} & {fake.last_name()}",
            )
        )
        return f"{base} {rng.choice(form)}"
    form = {
        "US": ("Inc.", "LLC", "Corp."),
        "GB": ("Ltd", "Limited", "LLP", "plc"),
        "CA": ("Inc.", "Ltd.", "Corp."),
        "AU": ("Pty Ltd", "Pty Ltd"),
        "IE": ("Ltd", "DAC", "Teoranta"),
        "NZ": ("Limited", "Ltd"),
        "IN": ("Pvt. Ltd.", "Private Limited", "LLP"),
    }[region]
    base = rng.choice(
        (
            f"{rng.choice(_ORG_WORDS)} {rng.choice(('Logistics', 'Property Group', 'Health', 'Analytics', 'Builders', 'Freight', 'Dental'))}",
            f"{fake.last_name()} & {fake.last_name()}",
            f"{fake.last_name()} {rng.choice(('Holdings', 'Consulting', 'Motors', 'Partners'))}",
        )
    )
    return f"{base} {rng.choice(form)}"


# ---- negatives ---------------------------------------------------------------------------


def non_birth_date(rng: random.Random, region: str, lo: int = 2016, hi: int = 2031) -> str:
    d = dt.date(rng.randint(lo, hi), rng.randint(1, 12), rng.randint(1, 28))
    return render_date(rng, d, region)


def neg_value(rng: random.Random, kind: str, region: str) -> str:
    de = region in ("DE", "AT", "CH")
    up = string.ascii_uppercase
    year = rng.randint(2019, 2025)
    if kind == "order_number":
        return rng.choice(
            (
                f"ORD-{year}-{_digits(rng, 6)}",
                _digits(rng, 10, True),
                f"{_digits(rng, 3, True)}-{_digits(rng, 7)}-{_digits(rng, 7)}",
                f"#{_digits(rng, 8, True)}",
            )
        )
    if kind == "invoice_number":
        return rng.choice(
            (
                f"INV-{_digits(rng, 6)}",
                f"RE-{year}-{_digits(rng, 5)}",
                f"{year}{_digits(rng, 6)}",
                f"R{_digits(rng, 8)}",
            )
        )
    if kind == "ticket_number":
        return rng.choice(
            (
                f"INC{_digits(rng, 7)}",
                f"TCK-{_digits(rng, 5, True)}",
                f"#{_digits(rng, 6, True)}",
                f"SR-{_digits(rng, 8)}",
            )
        )
    if kind == "booking_ref":
        return "".join(rng.choice(up + "23456789") for _ in range(6))
    if kind == "version":
        return rng.choice(
            (
                f"v{rng.randint(1, 9)}.{rng.randint(0, 30)}.{rng.randint(0, 20)}",
                f"{rng.randint(1, 5)}.{rng.randint(0, 12)}.{rng.randint(0, 9)}-rc.{rng.randint(1, 4)}",
                f"{rng.randint(1, 4)}.{rng.randint(0, 99)}",
            )
        )
    if kind == "timestamp":
        d = dt.datetime(
            year,
            rng.randint(1, 12),
            rng.randint(1, 28),
            rng.randint(0, 23),
            rng.randint(0, 59),
            rng.randint(0, 59),
        )
        return rng.choice(
            (
                d.strftime("%Y-%m-%dT%H:%M:%SZ"),
                d.strftime("%Y-%m-%d %H:%M:%S"),
                d.strftime("%d.%m.%Y %H:%M")
                if de
                else d.strftime("%m/%d/%Y %I:%M %p")
                if region == "US"
                else d.strftime("%d/%m/%Y %H:%M"),
            )
        )
    if kind in ("date_issue", "date_expiry", "date_appointment", "date_event"):
        lo, hi = {
            "date_issue": (2015, 2025),
            "date_expiry": (2025, 2035),
            "date_appointment": (2024, 2026),
            "date_event": (2019, 2025),
        }[kind]
        return non_birth_date(rng, region, lo, hi)
    if kind == "amount":
        n = rng.choice(
            (rng.randint(5, 99), rng.randint(20, 400), rng.randint(100, 2500))
        ) + rng.choice((0, 0.5, 0.99, 0.25))
        if region == "CH":
            return f"CHF {n:,.2f}".replace(",", "'")
        if de:
            s = f"{n:,.2f}".replace(",", "X").replace(".", ",").replace("X", ".")
            return rng.choice((f"{s} €", f"EUR {s}", f"€{s}"))
        sym = {"GB": "£", "IE": "€", "IN": "₹"}.get(region, "$")
        return f"{sym}{n:,.2f}"
    if kind == "hash":
        h = hashlib.sha256(str(rng.random()).encode()).hexdigest()
        return rng.choice((h, h[:40], h[:12]))
    if kind == "uuid":
        return str(uuid.UUID(int=rng.getrandbits(128), version=4))
    if kind == "product_code":
        return rng.choice(
            (
                f"SKU-{_digits(rng, 5)}-{rng.choice(('BLK', 'WHT', 'XL', 'M'))}",
                f"ART-{_digits(rng, 6)}",
                f"{rng.choice(up)}{rng.choice(up)}-{_digits(rng, 4)}-{rng.choice(up)}",
            )
        )
    if kind == "tracking_number":
        return rng.choice(
            (
                f"1Z{''.join(rng.choice(up + string.digits) for _ in range(6))}{_digits(rng, 10)}",
                f"JJD{_digits(rng, 18)}",
                f"{rng.choice(('RR', 'LX', 'CP', 'EE'))}{_digits(rng, 9)}{rng.choice(('DE', 'GB', 'AT', 'CH', 'US'))}",
                _digits(rng, 20, True),
            )
        )
    if kind == "postcode_alone":
        town = rng.choice(_TOWNS[region])
        return {
            "US": lambda: town[2] + str(rng.randint(0, 9)),
            "GB": lambda: town[1],
            "CA": lambda: town[2],
            "AU": lambda: town[2],
            "IE": lambda: town[1],
            "NZ": lambda: town[1],
            "IN": lambda: town[1],
        }.get(region, lambda: town[1])()
    if kind == "town_alone":
        return rng.choice(_TOWNS[region])[0]
    if kind == "statute_ref":
        if de:
            return rng.choice(
                (
                    "§ 823 Abs. 1 BGB",
                    "Art. 15 DSGVO",
                    "§ 626 BGB",
                    "§ 7 Abs. 2 SGB II",
                    "§ 17 MeldeG",
                    "Art. 6 Abs. 1 lit. b DSGVO",
                    "§ 280 ZPO",
                    "§ 109 GewO",
                    "§ 573c BGB",
                )
            )
        return rng.choice(
            (
                "Article 15 GDPR",
                "15 U.S.C. § 1681",
                "Section 8 of the Consumer Rights Act 2015",
                "Reg. E § 1005.11",
                "s. 45 Data Protection Act 2018",
                "Rule 56(c)",
                "Section 21 of the Privacy Act 1988",
            )
        )
    if kind == "flight_number":
        return (
            f"{rng.choice(('LH', 'BA', 'EI', 'OS', 'LX', 'QF', 'AC', 'UA', 'NZ', 'AI'))}"
            f"{rng.choice(('', ' '))}{rng.randint(10, 2999)}"
        )
    if kind == "room_number":
        return rng.choice(
            (
                f"{rng.randint(1, 5)}.{rng.randint(1, 40):02d}",
                f"B-{rng.randint(100, 499)}",
                f"{rng.randint(100, 899)}",
            )
        )
    if kind == "percentage":
        v = rng.choice((f"{rng.randint(1, 30)}", f"{rng.randint(0, 12)}.{rng.randint(1, 9)}"))
        return (v.replace(".", ",") + rng.choice((" %", "%"))) if de else v + "%"
    if kind == "http_status":
        return rng.choice(
            (
                "200",
                "201",
                "204",
                "400",
                "401",
                "403",
                "404",
                "409",
                "422",
                "429",
                "500",
                "502",
                "503",
            )
        )
    if kind == "duration":
        if de:
            return rng.choice(
                (
                    f"{rng.randint(2, 90)} Min.",
                    f"{rng.randint(1, 12)} Std.",
                    f"{rng.randint(1, 36)} Monate",
                    f"{rng.randint(2, 400)} ms",
                )
            )
        return rng.choice(
            (
                f"{rng.randint(1, 9)}h {rng.randint(1, 59)}m",
                f"{rng.randint(2, 90)} min",
                f"PT{rng.randint(1, 9)}H{rng.randint(1, 59)}M",
                f"{rng.randint(2, 900)}ms",
            )
        )
    if kind == "case_number":
        if de:
            return rng.choice(
                (
                    f"{rng.randint(1, 40)} O {rng.randint(10, 999)}/{year % 100}",
                    f"{rng.randint(1, 9)} C {rng.randint(10, 999)}/{year % 100}",
                    f"{rng.randint(100, 999)} Js {rng.randint(1000, 9999)}/{year % 100}",
                    f"S {rng.randint(1, 20)} AS {rng.randint(100, 9999)}/{year % 100}",
                )
            )
        return rng.choice(
            (
                f"{rng.randint(1, 9)}:{year % 100}-cv-{_digits(rng, 5)}",
                f"CLM-{year}-{_digits(rng, 6)}",
                f"HC-{year}-{_digits(rng, 4)}",
                f"CV{year}-{_digits(rng, 6)}",
            )
        )
    if kind == "isbn":
        body = rng.choice(("978", "979")) + _digits(rng, 9)
        check = (10 - sum(int(c) * (3 if i % 2 else 1) for i, c in enumerate(body)) % 10) % 10
        raw = body + str(check)
        assert std_isbn.is_valid(raw)
        try:
            return std_isbn.format(raw)
        except Exception:
            return raw
    if kind == "serial_number":
        return rng.choice(
            (
                "SN" + "".join(rng.choice(up + string.digits) for _ in range(10)),
                "".join(rng.choice(up + string.digits) for _ in range(12)),
                f"{_digits(rng, 4)}-{_digits(rng, 4)}-{_digits(rng, 4)}",
            )
        )
    if kind == "record_id":
        return rng.choice(
            (
                f"cus_{''.join(rng.choice(_B62) for _ in range(14))}",
                f"{rng.randint(100000, 9999999)}",
                f"usr-{_digits(rng, 6)}",
            )
        )
    raise ValueError(kind)
