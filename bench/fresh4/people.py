"""People, organisations, postal addresses, birth dates and e-mail addresses.

Faker supplies only names, street names, towns, company names and mail domains; the
postcode layouts and the assembly of addresses follow each postal service's rules.
"""

from __future__ import annotations

import datetime as dt
import random
from dataclasses import dataclass

from faker import Faker

from bench.fresh4.ids import digits, fold

_FAKERS: dict[str, Faker] = {}


def faker(locale: str, seed: int) -> Faker:
    """The cached Faker of ``locale``, reseeded with ``seed``."""
    fk = _FAKERS.get(locale)
    if fk is None:
        fk = _FAKERS[locale] = Faker(locale)
    fk.seed_instance(seed)
    return fk


COUNTRY_OF = {
    "en_US": "US",
    "en_GB": "GB",
    "en_CA": "CA",
    "en_AU": "AU",
    "de_DE": "DE",
    "de_AT": "AT",
    "de_CH": "CH",
}

# where people in a locale's texts come from besides the locale itself
_MIGRANT_LOCALES = {
    "en_US": ["es_MX", "en_IN", "vi_VN", "pl_PL", "it_IT"],
    "en_GB": ["en_IN", "pl_PL", "en_IE", "it_IT", "fr_FR"],
    "en_CA": ["fr_CA", "en_IN", "zh_TW", "it_IT"],
    "en_AU": ["en_NZ", "it_IT", "en_IN", "vi_VN"],
    "de_DE": ["tr_TR", "pl_PL", "it_IT", "hr_HR", "es_ES", "nl_NL"],
    "de_AT": ["hr_HR", "tr_TR", "de_DE", "cs_CZ", "hu_HU"],
    "de_CH": ["it_IT", "fr_CH", "pt_PT", "de_DE", "es_ES"],
}


@dataclass(frozen=True, slots=True)
class Person:
    """A synthetic person."""

    first: str
    last: str
    female: bool
    dob: dt.date
    origin: str  # Faker locale the name came from

    @property
    def full(self) -> str:
        """First and last name."""
        return f"{self.first} {self.last}"


def _is_latin(s: str) -> bool:
    return all(c.isascii() or "\u00c0" <= c <= "\u024f" for c in s)


def person(
    rng: random.Random,
    locale: str,
    seed: int,
    *,
    min_age: int = 19,
    max_age: int = 82,
    today: dt.date = dt.date(2025, 3, 3),
    migrant_share: float = 0.22,
) -> Person:
    """A person living in ``locale`` (sometimes with a name from elsewhere)."""
    origin = locale
    if rng.random() < migrant_share:
        origin = rng.choice(_MIGRANT_LOCALES[locale])
    fk = faker(origin, seed)
    female = rng.random() < 0.5
    for _ in range(20):
        first = fk.first_name_female() if female else fk.first_name_male()
        last = fk.last_name()
        if (
            _is_latin(first + last)
            and " " not in first
            and " " not in last
            and len(last) > 2
            and len(first) > 2
            and "." not in first + last
        ):
            break
        origin = locale
        fk = faker(origin, seed + 1)
    age_days = rng.randint(min_age * 365 + 5, max_age * 365 + 300)
    dob = today - dt.timedelta(days=age_days)
    return Person(first, last, female, dob, origin)


def email(rng: random.Random, p: Person, domain: str) -> str:
    """A mailbox derived from the person's name."""
    f = fold(p.first).lower().replace("'", "")
    la = fold(p.last).lower().replace("'", "").replace(" ", "")
    style = rng.randrange(9)
    local = [
        f"{f}.{la}",
        f"{f[0]}.{la}",
        f"{f}{la}",
        f"{f}_{la}",
        f"{la}.{f}",
        f"{f}.{la}{rng.randint(1, 99)}",
        f"{f[0]}{la}",
        f"{f}{p.dob:%y}",
        f"{la}{f[0]}",
    ][style]
    return f"{local}@{domain}"


_FREEMAIL = {
    "US": [
        "gmail.com",
        "yahoo.com",
        "outlook.com",
        "icloud.com",
        "hotmail.com",
        "aol.com",
        "proton.me",
    ],
    "GB": [
        "gmail.com",
        "btinternet.com",
        "hotmail.co.uk",
        "yahoo.co.uk",
        "outlook.com",
        "sky.com",
        "icloud.com",
    ],
    "CA": ["gmail.com", "shaw.ca", "rogers.com", "hotmail.com", "sympatico.ca", "outlook.com"],
    "AU": ["gmail.com", "bigpond.com", "optusnet.com.au", "outlook.com", "icloud.com"],
    "DE": [
        "gmx.de",
        "web.de",
        "t-online.de",
        "gmail.com",
        "posteo.de",
        "freenet.de",
        "outlook.de",
        "mailbox.org",
    ],
    "AT": ["gmx.at", "aon.at", "chello.at", "gmail.com", "a1.net", "outlook.com"],
    "CH": ["bluewin.ch", "gmx.ch", "hispeed.ch", "gmail.com", "sunrise.ch", "proton.me"],
}


def freemail(rng: random.Random, country: str) -> str:
    """A consumer mail domain used in ``country``."""
    return rng.choice(_FREEMAIL[country])


_TLD = {
    "US": ".com",
    "GB": ".co.uk",
    "CA": ".ca",
    "AU": ".com.au",
    "DE": ".de",
    "AT": ".at",
    "CH": ".ch",
}


@dataclass(frozen=True, slots=True)
class Org:
    """A synthetic organisation and its mail domain."""

    name: str
    domain: str


_DE_SECTORS = [
    "Logistik",
    "Haustechnik",
    "Immobilien",
    "Steuerberatung",
    "Elektrotechnik",
    "Metallbau",
    "Medizintechnik",
    "Personaldienstleistungen",
    "Software",
    "Holzbau",
    "Gebäudereinigung",
    "Versicherungsmakler",
    "Spedition",
    "Druckerei",
]
_DE_FORMS = ["GmbH", "GmbH", "AG", "GmbH & Co. KG", "e.K.", "KG", "UG (haftungsbeschränkt)"]
_AT_FORMS = ["GmbH", "GmbH", "AG", "OG", "KG", "e.U."]
_CH_FORMS = ["AG", "AG", "GmbH", "Sàrl", "Genossenschaft"]
_EN_SECTORS = [
    "Logistics",
    "Dental Group",
    "Engineering",
    "Property Management",
    "Analytics",
    "Roofing",
    "Medical Supplies",
    "Consulting",
    "Freight",
    "Software",
    "Catering",
    "Legal Services",
    "Accountants",
    "Print Works",
    "Solar",
    "Veterinary Clinic",
]
_EN_FORMS = {
    "US": ["Inc.", "LLC", "Corp.", "Co."],
    "GB": ["Ltd", "Ltd", "LLP", "plc"],
    "CA": ["Inc.", "Ltd.", "Corp."],
    "AU": ["Pty Ltd", "Pty Ltd", "Ltd"],
}
_DE_PREFIX = [
    "Autohaus",
    "Bäckerei",
    "Zahnarztpraxis am",
    "Hausverwaltung",
    "Brauerei",
    "Kanzlei",
    "Reisebüro",
    "Malerbetrieb",
    "Sanitätshaus",
    "Ingenieurbüro",
]


def _slug(s: str) -> str:
    out = "".join(c if c.isalnum() else "-" for c in fold(s).lower())
    while "--" in out:
        out = out.replace("--", "-")
    return out.strip("-")


def org(rng: random.Random, locale: str, seed: int) -> Org:
    """An employer, supplier, client or practice in ``locale``."""
    fk = faker(locale, seed)
    country = COUNTRY_OF[locale]
    last = fk.last_name()
    last2 = fk.last_name()
    r = rng.random()
    if locale.startswith("de"):
        forms = _DE_FORMS if country == "DE" else _AT_FORMS if country == "AT" else _CH_FORMS
        if r < 0.3:
            name = f"{last} {rng.choice(_DE_SECTORS)} {rng.choice(forms)}"
        elif r < 0.5:
            name = f"{rng.choice(_DE_PREFIX)} {last}"
        elif r < 0.7:
            name = f"{last} & {last2} {rng.choice(forms)}"
        elif r < 0.85:
            stem = rng.choice(
                [
                    "Nord",
                    "Süd",
                    "Alpen",
                    "Rhein",
                    "Main",
                    "Elb",
                    "Donau",
                    "Inn",
                    "Boden",
                    "Harz",
                    "Tal",
                    "Stadt",
                    "Land",
                    "Wald",
                ]
            )
            tail = rng.choice(
                [
                    "tec",
                    "werk",
                    "med",
                    "bau",
                    "data",
                    "logistik",
                    "plan",
                    "haus",
                    "energie",
                    "kontor",
                ]
            )
            name = f"{stem}{tail} {rng.choice(forms)}"
        else:
            name = fk.company()
            if " " not in name:
                name = f"{name} {rng.choice(forms)}"
        dom = _slug(name.split(" ")[0] if r < 0.3 or r >= 0.7 else name.replace(" GmbH", ""))
    else:
        forms = _EN_FORMS[country]
        if r < 0.3:
            name = f"{last} {rng.choice(_EN_SECTORS)} {rng.choice(forms)}"
        elif r < 0.5:
            name = f"{last} & {last2} {rng.choice(forms)}"
        elif r < 0.7:
            stem = rng.choice(
                [
                    "North",
                    "Blue",
                    "Harbor",
                    "Summit",
                    "Pine",
                    "Granite",
                    "Silver",
                    "Red",
                    "Bright",
                    "Cedar",
                    "Ridge",
                    "Lake",
                    "Coast",
                    "Prairie",
                ]
            )
            tail = rng.choice(
                [
                    "line",
                    "stone",
                    "path",
                    "field",
                    "works",
                    "point",
                    "bridge",
                    "view",
                    "gate",
                    "wave",
                ]
            )
            name = f"{stem}{tail} {rng.choice(_EN_SECTORS)}"
        elif r < 0.85:
            name = f"{fk.company()}"
        else:
            town = rng.choice(_EN_TOWNS[country])
            kind = rng.choice(
                [
                    "Family Practice",
                    "Community Credit Union",
                    "Dental",
                    "Motors",
                    "Animal Hospital",
                    "Primary School",
                    "Physiotherapy",
                ]
            )
            name = f"{town} {kind}"
        dom = _slug(name.split(" ")[0] + ("-" + name.split(" ")[1] if r >= 0.85 else ""))
    dom = dom[:24].strip("-") or "firma"
    return Org(name, dom + _TLD[country])


def bank(rng: random.Random, locale: str, seed: int) -> Org:
    """A bank, building society or credit union of ``locale``."""
    fk = faker(locale, seed)
    country = COUNTRY_OF[locale]
    stem = rng.choice(["Nord", "Süd", "Alpen", "Rhein", "Hanse", "Elbe", "Isar", "Donau"])
    if locale.startswith("de"):
        if country == "DE":
            town = fk.city()
            name = rng.choice(
                [
                    f"Sparkasse {town}",
                    f"Volksbank {town} eG",
                    f"Raiffeisenbank {town} eG",
                    f"{stem}bank AG",
                    f"{fk.last_name()} Privatbank KG",
                ]
            )
        elif country == "AT":
            town = rng.choice(_AT_TOWNS)[0]
            name = rng.choice(
                [
                    f"Raiffeisenbank {town}",
                    f"Sparkasse {town} AG",
                    f"{stem}bank Austria AG",
                    f"Volksbank {town} eG",
                ]
            )
        else:
            town = rng.choice(_CH_TOWNS)[0]
            name = rng.choice(
                [
                    f"Kantonalbank {town}",
                    f"Raiffeisenbank {town}",
                    f"Bank {fk.last_name()} AG",
                    f"{stem}bank Schweiz AG",
                ]
            )
    else:
        town = rng.choice(_EN_TOWNS[country])
        stem = rng.choice(
            [
                "Harbor",
                "Summit",
                "Granite",
                "Pioneer",
                "Heritage",
                "Maple",
                "Liberty",
                "Coastal",
                "Northern",
                "Riverside",
            ]
        )
        name = rng.choice(
            [
                f"{town} Savings Bank",
                f"First {stem} Bank",
                f"{stem} Credit Union",
                f"{stem} Building Society" if country == "GB" else f"{stem} Bank",
                f"{town} Community Bank",
            ]
        )
    return Org(
        name, _slug(name.split(" ")[0] + "-" + name.split(" ")[1])[:24].strip("-") + _TLD[country]
    )


def school(rng: random.Random, locale: str, seed: int, nursery: bool | None = None) -> Org:
    """A school (``nursery`` False), a nursery (True) or either (None)."""
    fk = faker(locale, seed)
    country = COUNTRY_OF[locale]
    if locale.startswith("de"):
        town = (
            fk.city()
            if country == "DE"
            else rng.choice(_AT_TOWNS if country == "AT" else _CH_TOWNS)[0]
        )
        patron = rng.choice(
            [
                "Goethe",
                "Schiller",
                "Humboldt",
                "Lessing",
                "Kepler",
                "Anne-Frank",
                "Sophie-Scholl",
                "Albert-Schweitzer",
                "Pestalozzi",
                "Erich-Kästner",
            ]
        )
        schools = [
            f"{patron}-Gymnasium {town}",
            f"Grundschule am {rng.choice(['Park', 'Lindenhof', 'Mühlbach', 'Schlossberg'])}",
            f"{patron}-Schule {town}",
            f"Realschule {town}",
            f"{patron}-Grundschule",
        ]
        kitas = [
            f"Kita {rng.choice(['Sonnenschein', 'Regenbogen', 'Pusteblume', 'Kleine Strolche'])}",
            f"Kindergarten {rng.choice(['St. Martin', 'Arche Noah', 'Löwenzahn'])}",
        ]
        pool = kitas if nursery else schools if nursery is False else schools + kitas
        name = rng.choice(pool)
    else:
        town = rng.choice(_EN_TOWNS[country])
        saint = rng.choice(["Mary", "Joseph", "Anne", "Peter", "Andrew", "Bede", "Luke"])
        schools = [
            f"{town} Primary School",
            f"St {saint}'s Catholic Primary",
            f"{rng.choice(['Oakwood', 'Riverside', 'Hillcrest', 'Meadowbank'])} Elementary School",
            f"{town} Junior Academy",
        ]
        kitas = [
            f"Little {rng.choice(['Acorns', 'Explorers', 'Sprouts'])} Nursery",
            f"{rng.choice(['Busy Bees', 'Rainbow', 'Sunflower'])} Preschool",
        ]
        pool = kitas if nursery else schools if nursery is False else schools + kitas
        name = rng.choice(pool)
    return Org(name, _slug(name)[:20].strip("-") + _TLD[country])


# ---- addresses -----------------------------------------------------------------------------

_US_PLACES = [
    ("Springfield", "IL", "627"),
    ("Columbus", "OH", "432"),
    ("Austin", "TX", "787"),
    ("Portland", "OR", "972"),
    ("Raleigh", "NC", "276"),
    ("Tucson", "AZ", "857"),
    ("Madison", "WI", "537"),
    ("Albany", "NY", "122"),
    ("Boise", "ID", "837"),
    ("Tampa", "FL", "336"),
    ("Denver", "CO", "802"),
    ("Savannah", "GA", "314"),
    ("Omaha", "NE", "681"),
    ("Burlington", "VT", "054"),
    ("Reno", "NV", "895"),
    ("Pasadena", "CA", "911"),
    ("Richmond", "VA", "232"),
    ("Ann Arbor", "MI", "481"),
]
_GB_PLACES = [
    ("Leeds", "LS"),
    ("Manchester", "M"),
    ("Bristol", "BS"),
    ("London", "SE"),
    ("London", "N"),
    ("London", "SW"),
    ("Birmingham", "B"),
    ("Edinburgh", "EH"),
    ("Glasgow", "G"),
    ("Cardiff", "CF"),
    ("Oxford", "OX"),
    ("Cambridge", "CB"),
    ("York", "YO"),
    ("Norwich", "NR"),
    ("Brighton", "BN"),
    ("Nottingham", "NG"),
    ("Sheffield", "S"),
    ("Liverpool", "L"),
    ("Newcastle upon Tyne", "NE"),
    ("Reading", "RG"),
    ("Exeter", "EX"),
    ("Leicester", "LE"),
]
_CA_PLACES = [
    ("Toronto", "ON", "M"),
    ("Ottawa", "ON", "K"),
    ("Hamilton", "ON", "L"),
    ("Montréal", "QC", "H"),
    ("Québec", "QC", "G"),
    ("Vancouver", "BC", "V"),
    ("Victoria", "BC", "V"),
    ("Calgary", "AB", "T"),
    ("Edmonton", "AB", "T"),
    ("Winnipeg", "MB", "R"),
    ("Halifax", "NS", "B"),
    ("Regina", "SK", "S"),
    ("Moncton", "NB", "E"),
    ("St. John's", "NL", "A"),
]
_AU_PLACES = [
    ("Parramatta", "NSW", 2150),
    ("Newtown", "NSW", 2042),
    ("Fitzroy", "VIC", 3065),
    ("Geelong", "VIC", 3220),
    ("Toowong", "QLD", 4066),
    ("Cairns", "QLD", 4870),
    ("Fremantle", "WA", 6160),
    ("Subiaco", "WA", 6008),
    ("Glenelg", "SA", 5045),
    ("Hobart", "TAS", 7000),
    ("Belconnen", "ACT", 2617),
    ("Darwin", "NT", 800),
]
_EN_STREETS = [
    "Maple",
    "Oak",
    "Church",
    "Station",
    "Victoria",
    "King",
    "Queen",
    "Elm",
    "Park",
    "Mill",
    "High",
    "George",
    "Albert",
    "Cedar",
    "Willow",
    "Lakeview",
    "Hillcrest",
    "Chestnut",
    "Mountain",
    "Harbour",
    "Orchard",
    "Bridge",
    "Market",
    "Grove",
    "Kingsway",
    "Sycamore",
    "Birch",
    "Riverside",
    "Meadow",
    "Windsor",
]
_EN_SUFFIX = [
    "Street",
    "Road",
    "Avenue",
    "Lane",
    "Drive",
    "Court",
    "Crescent",
    "Close",
    "Way",
    "Place",
    "Terrace",
    "Boulevard",
    "St",
    "Rd",
    "Ave",
    "Dr",
]
_DE_STREETS = [
    "Hauptstraße",
    "Bahnhofstraße",
    "Lindenweg",
    "Schillerstraße",
    "Goethestraße",
    "Gartenstraße",
    "Bergstraße",
    "Kirchweg",
    "Mühlenweg",
    "Feldstraße",
    "Ringstraße",
    "Am Markt",
    "Rosenstraße",
    "Waldstraße",
    "Schulstraße",
    "Birkenallee",
    "Kastanienweg",
    "Friedhofstraße",
    "Am Sportplatz",
    "Ludwig-Erhard-Allee",
    "Kaiserstraße",
    "Uhlandstraße",
    "Im Winkel",
    "Sonnenhang",
]
_AT_STREETS = [
    "Hauptplatz",
    "Mariahilfer Straße",
    "Linzer Gasse",
    "Kirchengasse",
    "Bahnhofstraße",
    "Wiener Straße",
    "Schulgasse",
    "Lerchenfelder Gürtel",
    "Herrengasse",
    "Feldgasse",
    "Am Anger",
    "Dorfplatz",
]
_CH_STREETS = [
    "Bahnhofstrasse",
    "Dorfstrasse",
    "Kirchweg",
    "Seestrasse",
    "Hauptstrasse",
    "Gartenstrasse",
    "Schulhausstrasse",
    "Industriestrasse",
    "Rütistrasse",
    "Weinbergstrasse",
    "Landstrasse",
    "Bergstrasse",
]
_AT_TOWNS = [
    ("Wien", "1"),
    ("Graz", "80"),
    ("Linz", "40"),
    ("Salzburg", "50"),
    ("Innsbruck", "60"),
    ("Klagenfurt", "90"),
    ("St. Pölten", "31"),
    ("Dornbirn", "68"),
    ("Wels", "46"),
    ("Villach", "95"),
    ("Krems", "35"),
    ("Bregenz", "69"),
]
_CH_TOWNS = [
    ("Zürich", "80"),
    ("Bern", "30"),
    ("Basel", "40"),
    ("Luzern", "60"),
    ("St. Gallen", "90"),
    ("Winterthur", "84"),
    ("Chur", "70"),
    ("Aarau", "50"),
    ("Thun", "36"),
    ("Zug", "63"),
    ("Baden", "54"),
    ("Schaffhausen", "82"),
]
_GB_LETTERS = "ABDEFGHJLNPQRSTUWXYZ"
_EN_TOWNS = {
    "US": [p[0] for p in _US_PLACES],
    "GB": sorted({p[0] for p in _GB_PLACES}),
    "CA": [p[0] for p in _CA_PLACES],
    "AU": [p[0] for p in _AU_PLACES],
}


@dataclass(frozen=True, slots=True)
class Address:
    """A postal address as lines (street part, town part) and its country."""

    street: str
    town: str
    country: str

    def one_line(self, sep: str = ", ") -> str:
        """Street and town on one line."""
        return f"{self.street}{sep}{self.town}"

    def block(self) -> str:
        """Street and town on two lines."""
        return f"{self.street}\n{self.town}"


def address(rng: random.Random, country: str, seed: int) -> Address:
    """A postal address in ``country`` (street from Faker or a common-street list)."""
    num = str(rng.choice([rng.randint(1, 40), rng.randint(1, 180), rng.randint(1, 9)]))
    if country == "DE":
        fk = faker("de_DE", seed)
        street = rng.choice(_DE_STREETS) if rng.random() < 0.6 else fk.street_name()
        if rng.random() < 0.12:
            num += rng.choice("abc")
        plz = f"{rng.randint(1067, 99998):05d}"
        return Address(f"{street} {num}", f"{plz} {fk.city()}", "DE")
    if country == "AT":
        town, pre = rng.choice(_AT_TOWNS)
        plz = f"1{rng.randint(1, 23):02d}0" if pre == "1" else pre + digits(rng, 2)
        street = rng.choice(_AT_STREETS)
        extra = f"/{rng.randint(1, 24)}" if rng.random() < 0.4 else ""
        return Address(f"{street} {num}{extra}", f"{plz} {town}", "AT")
    if country == "CH":
        town, pre = rng.choice(_CH_TOWNS)
        return Address(f"{rng.choice(_CH_STREETS)} {num}", f"{pre}{digits(rng, 2)} {town}", "CH")
    if country == "US":
        city, state, z3 = rng.choice(_US_PLACES)
        n = str(rng.randint(100, 9899))
        street = f"{n} {rng.choice(_EN_STREETS)} {rng.choice(_EN_SUFFIX)}"
        if rng.random() < 0.3:
            street += rng.choice(
                [
                    f", Apt {rng.randint(1, 40)}{rng.choice('ABCD')}",
                    f" Suite {rng.randint(100, 990)}",
                    f" #{rng.randint(2, 30)}",
                ]
            )
        zipc = z3 + digits(rng, 2)
        if rng.random() < 0.2:
            zipc += "-" + digits(rng, 4)
        return Address(street, f"{city}, {state} {zipc}", "US")
    if country == "GB":
        town, area = rng.choice(_GB_PLACES)
        outward = area + str(rng.randint(1, 19 if len(area) == 1 else 9))
        inward = f"{rng.randint(1, 9)}{rng.choice(_GB_LETTERS)}{rng.choice(_GB_LETTERS)}"
        street = (
            f"{num} {rng.choice(_EN_STREETS)} "
            f"{rng.choice(['Road', 'Street', 'Lane', 'Close', 'Gardens', 'Terrace', 'Avenue'])}"
        )
        if rng.random() < 0.25:
            street = f"Flat {rng.randint(1, 12)}, {street}"
        return Address(street, f"{town} {outward} {inward}", "GB")
    if country == "CA":
        city, prov, first = rng.choice(_CA_PLACES)
        letters = "ABCEGHJKLMNPRSTVXY"
        pc = (
            f"{first}{rng.randint(0, 9)}{rng.choice(letters)} "
            f"{rng.randint(0, 9)}{rng.choice(letters)}{rng.randint(0, 9)}"
        )
        street = f"{rng.randint(10, 9999)} {rng.choice(_EN_STREETS)} {rng.choice(_EN_SUFFIX)}"
        if rng.random() < 0.25:
            street = f"{rng.randint(101, 2405)}-{street}"
        return Address(street, f"{city}, {prov} {pc}", "CA")
    if country == "AU":
        suburb, state, base = rng.choice(_AU_PLACES)
        street = f"{num} {rng.choice(_EN_STREETS)} {rng.choice(_EN_SUFFIX)}"
        if rng.random() < 0.3:
            street = f"{rng.randint(1, 30)}/{street}"
        return Address(street, f"{suburb} {state} {base:04d}", "AU")
    raise ValueError(country)


# ---- dates ----------------------------------------------------------------------------------

DE_MONTHS = [
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
]
EN_MONTHS = [
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
]


def _ordinal(n: int) -> str:
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th') }"


def fmt_date(rng: random.Random, d: dt.date, locale: str) -> str:
    """A date written the way people in ``locale`` write it."""
    r = rng.random()
    if locale.startswith("de"):
        if r < 0.55:
            return f"{d:%d.%m.%Y}"
        if r < 0.7:
            return f"{d.day}.{d.month}.{d.year}"
        if r < 0.85:
            return f"{d.day}. {DE_MONTHS[d.month - 1]} {d.year}"
        if r < 0.93:
            return f"{d:%Y-%m-%d}"
        return f"{d:%d.%m.%y}"
    if locale == "en_US":
        if r < 0.45:
            return f"{d:%m/%d/%Y}"
        if r < 0.7:
            return f"{EN_MONTHS[d.month - 1]} {d.day}, {d.year}"
        if r < 0.85:
            return f"{d:%Y-%m-%d}"
        if r < 0.93:
            return f"{d.month}/{d.day}/{d.year}"
        return f"{EN_MONTHS[d.month - 1][:3]} {d.day}, {d.year}"
    if locale == "en_CA" and r < 0.3:
        return f"{d:%Y-%m-%d}"
    if r < 0.45:
        return f"{d:%d/%m/%Y}"
    if r < 0.65:
        return f"{d.day} {EN_MONTHS[d.month - 1]} {d.year}"
    if r < 0.78:
        return f"{_ordinal(d.day)} {EN_MONTHS[d.month - 1]} {d.year}"
    if r < 0.9:
        return f"{d.day} {EN_MONTHS[d.month - 1][:3]} {d.year}"
    return f"{d:%Y-%m-%d}"


def some_day(rng: random.Random, start: dt.date, span_days: int) -> dt.date:
    """A date within ``span_days`` after ``start``."""
    return start + dt.timedelta(days=rng.randint(0, span_days))
