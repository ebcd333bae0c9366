"""The per-payload context frames draw from: seeded randomness, people, places, values.

Each payload gets a fresh :class:`Ctx` with its own ``random.Random(seed)``; Faker
instances are cached per locale but reseeded (``seed_instance``) the first time a payload
asks for one, so a payload's bytes never depend on what ran before it.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import math
import random
import string
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from faker import Faker

from bench.fresh3 import values as v
from bench.fresh3.compose import Doc, N

T = TypeVar("T")

REGION = {"en_US": "US", "en_GB": "GB", "de_DE": "DE", "de_AT": "AT", "de_CH": "CH"}
FOREIGN_NAME_LOCALES = ("tr_TR", "pl_PL", "it_IT", "fr_FR", "es_ES", "en_IN", "nl_NL", "hr_HR")

_FAKERS: dict[str, Faker] = {}


def _faker(locale: str) -> Faker:
    if locale not in _FAKERS:
        _FAKERS[locale] = Faker(locale)
    return _FAKERS[locale]


# ---- places (real towns with postcodes in their real ranges) ------------------------------

US_CITIES = (
    ("New York", "NY", "100"), ("Brooklyn", "NY", "112"), ("Chicago", "IL", "606"),
    ("Austin", "TX", "787"), ("Houston", "TX", "770"), ("Dallas", "TX", "752"),
    ("Seattle", "WA", "981"), ("San Francisco", "CA", "941"), ("Los Angeles", "CA", "900"),
    ("San Diego", "CA", "921"), ("Boston", "MA", "021"), ("Denver", "CO", "802"),
    ("Phoenix", "AZ", "850"), ("Portland", "OR", "972"), ("Atlanta", "GA", "303"),
    ("Miami", "FL", "331"), ("Philadelphia", "PA", "191"), ("Minneapolis", "MN", "554"),
    ("Columbus", "OH", "432"), ("Raleigh", "NC", "276"), ("Nashville", "TN", "372"),
    ("Salt Lake City", "UT", "841"), ("Madison", "WI", "537"), ("Pittsburgh", "PA", "152"),
    ("Arlington", "VA", "222"), ("Jersey City", "NJ", "073"), ("Ann Arbor", "MI", "481"),
    ("Boulder", "CO", "803"), ("Sacramento", "CA", "958"), ("Tampa", "FL", "336"),
    ("Charlotte", "NC", "282"), ("St. Louis", "MO", "631"), ("Kansas City", "MO", "641"),
    ("Omaha", "NE", "681"), ("Albuquerque", "NM", "871"), ("Baltimore", "MD", "212"),
)  # fmt: skip
US_STREET_TYPES = ("St", "Street", "Ave", "Avenue", "Rd", "Road", "Blvd", "Dr", "Drive", "Ln",
                   "Lane", "Ct", "Way", "Pl", "Terrace", "Pkwy")  # fmt: skip
US_STREET_NAMES = ("Oak", "Maple", "Cedar", "Pine", "Elm", "Washington", "Lake", "Hill",
                   "Park", "Main", "Sunset", "Ridge", "Highland", "Jefferson", "Lincoln",
                   "Madison", "Franklin", "Willow", "Meadow", "Spring", "River", "Church",
                   "Mill", "Forest", "Valley", "Chestnut", "Walnut", "Magnolia", "Birch",
                   "Cherry", "Harbor", "Prospect", "Summit", "Grant", "Adams", "W 34th",
                   "E 72nd", "N Halsted", "S Congress", "NW 23rd")  # fmt: skip
UK_TOWNS = (
    ("London", ("E1", "E14", "N1", "N7", "NW1", "NW3", "SE1", "SE15", "SW2", "SW11", "W2",
                "W12", "EC1V", "WC2H", "E8", "N16")),
    ("Manchester", ("M1", "M4", "M13", "M14", "M20")), ("Birmingham", ("B1", "B5", "B15", "B29")),
    ("Leeds", ("LS1", "LS6", "LS7", "LS17")), ("Bristol", ("BS1", "BS3", "BS6", "BS8")),
    ("Edinburgh", ("EH1", "EH3", "EH6", "EH10")), ("Glasgow", ("G1", "G3", "G12", "G41")),
    ("Cardiff", ("CF10", "CF11", "CF24")), ("Sheffield", ("S1", "S7", "S10", "S11")),
    ("Liverpool", ("L1", "L8", "L15", "L18")), ("Nottingham", ("NG1", "NG5", "NG7")),
    ("Cambridge", ("CB1", "CB2", "CB4")), ("Oxford", ("OX1", "OX2", "OX4")),
    ("Brighton", ("BN1", "BN2", "BN3")), ("Reading", ("RG1", "RG2", "RG4")),
    ("York", ("YO1", "YO10", "YO31")), ("Bath", ("BA1", "BA2")), ("Norwich", ("NR1", "NR2", "NR7")),
    ("Newcastle upon Tyne", ("NE1", "NE2", "NE6")), ("Belfast", ("BT1", "BT7", "BT9")),
)  # fmt: skip
UK_STREET_TYPES = ("Road", "Street", "Lane", "Avenue", "Close", "Gardens", "Way", "Crescent",
                   "Drive", "Terrace", "Grove", "Place", "Mews", "Row")  # fmt: skip
UK_STREET_NAMES = ("Station", "Church", "Victoria", "Park", "Mill", "Queens", "Kings", "Manor",
                   "Albert", "Grange", "Springfield", "Windsor", "York", "Beech", "Chapel",
                   "Highfield", "Stanley", "Warwick", "Richmond", "Cromwell", "Holly",
                   "Oxford", "Belmont", "Clarendon", "Elmwood")  # fmt: skip
UK_SPECIAL = ("High Street", "The Green", "Kingsway", "The Crescent", "Broadway", "Market Place")
DE_CITIES = (
    ("Berlin", 10115, 14199), ("Hamburg", 20095, 22769), ("München", 80331, 81929),
    ("Köln", 50667, 51149), ("Frankfurt am Main", 60306, 60599), ("Stuttgart", 70173, 70629),
    ("Düsseldorf", 40210, 40629), ("Leipzig", 4103, 4357), ("Dortmund", 44135, 44388),
    ("Essen", 45127, 45359), ("Bremen", 28195, 28779), ("Dresden", 1067, 1328),
    ("Hannover", 30159, 30669), ("Nürnberg", 90402, 90491), ("Bochum", 44787, 44894),
    ("Bielefeld", 33602, 33739), ("Bonn", 53111, 53229), ("Münster", 48143, 48167),
    ("Mannheim", 68159, 68309), ("Karlsruhe", 76131, 76229), ("Augsburg", 86150, 86199),
    ("Wiesbaden", 65183, 65207), ("Mainz", 55116, 55131), ("Freiburg im Breisgau", 79098, 79117),
    ("Kiel", 24103, 24159), ("Regensburg", 93047, 93059), ("Heidelberg", 69115, 69126),
    ("Potsdam", 14467, 14482), ("Rostock", 18055, 18147), ("Erfurt", 99084, 99099),
    ("Tübingen", 72070, 72076), ("Lüneburg", 21335, 21339), ("Göttingen", 37073, 37085),
    ("Ulm", 89073, 89081), ("Würzburg", 97070, 97084), ("Konstanz", 78462, 78467),
    ("Bamberg", 96047, 96052), ("Oldenburg", 26121, 26135), ("Ettlingen", 76275, 76275),
    ("Bad Homburg vor der Höhe", 61348, 61352), ("Schwäbisch Gmünd", 73525, 73529),
    ("Offenbach am Main", 63065, 63075), ("Neuss", 41460, 41472), ("Pinneberg", 25421, 25421),
)  # fmt: skip
DE_STREETS = ("Hauptstraße", "Bahnhofstraße", "Schillerstraße", "Goethestraße", "Gartenweg",
              "Am Markt", "Lindenallee", "Kirchgasse", "Mozartstraße", "Berliner Straße",
              "Friedrich-Ebert-Straße", "Im Wiesengrund", "Schulstraße", "Ringstraße",
              "Bergstraße", "Waldweg", "Rosenstraße", "Birkenweg", "Kastanienallee",
              "Lessingstraße", "Eichendorffweg", "Am Sonnenhang", "Marktplatz",
              "Karl-Marx-Allee", "Luisenstraße", "Uhlandstr.", "Beethovenstr.",
              "Hohenzollernring", "Mühlweg", "Sandweg", "Talstraße", "Heinrich-Heine-Platz",
              "Danziger Str.", "Königsallee", "Auf der Höhe", "Kaiserstraße")  # fmt: skip
AT_CITIES = (
    ("Wien", tuple(range(1010, 1240, 10))), ("Graz", (8010, 8020, 8036, 8042, 8045, 8055)),
    ("Linz", (4020, 4030, 4040)), ("Salzburg", (5020,)), ("Innsbruck", (6020,)),
    ("Klagenfurt am Wörthersee", (9020,)), ("Villach", (9500,)), ("St. Pölten", (3100,)),
    ("Wels", (4600,)), ("Dornbirn", (6850,)), ("Bregenz", (6900,)), ("Feldkirch", (6800,)),
    ("Leoben", (8700,)), ("Krems an der Donau", (3500,)), ("Baden", (2500,)),
    ("Wiener Neustadt", (2700,)), ("Mödling", (2340,)), ("Steyr", (4400,)),
)  # fmt: skip
AT_STREETS = ("Mariahilfer Straße", "Landstraßer Hauptstraße", "Herrengasse", "Linzer Gasse",
              "Getreidegasse", "Favoritenstraße", "Wiedner Hauptstraße", "Schönbrunner Straße",
              "Annenstraße", "Hauptplatz", "Kärntner Straße", "Ottakringer Straße",
              "Gumpendorfer Straße", "Lastenstraße", "Museumstraße", "Bahnhofstraße",
              "Kirchengasse", "Leopoldstraße")  # fmt: skip
CH_CITIES = (
    ("Zürich", (8001, 8003, 8004, 8006, 8008, 8032, 8037, 8044, 8050, 8057)),
    ("Bern", (3005, 3007, 3011, 3012, 3013, 3014)), ("Basel", (4051, 4052, 4053, 4056, 4057)),
    ("Genève", (1201, 1202, 1205, 1207)), ("Lausanne", (1003, 1004, 1005, 1006)),
    ("Luzern", (6003, 6004, 6005)), ("St. Gallen", (9000, 9008, 9010)),
    ("Winterthur", (8400, 8404, 8406)), ("Zug", (6300,)), ("Lugano", (6900,)),
    ("Biel/Bienne", (2502, 2503)), ("Thun", (3600,)), ("Aarau", (5000,)), ("Baden", (5400,)),
    ("Chur", (7000,)), ("Schaffhausen", (8200,)), ("Olten", (4600,)), ("Uster", (8610,)),
)  # fmt: skip
CH_STREETS = ("Bahnhofstrasse", "Seestrasse", "Dorfstrasse", "Hauptgasse", "Zürichstrasse",
              "Kirchweg", "Gartenstrasse", "Poststrasse", "Industriestrasse", "Schulhausstrasse",
              "Rue du Rhône", "Rosenweg", "Sonnenbergstrasse", "Limmatquai", "Bergstrasse",
              "Freiestrasse", "Marktgasse", "Alte Landstrasse")  # fmt: skip

FREEMAIL = {
    "US": (
        "gmail.com",
        "yahoo.com",
        "outlook.com",
        "icloud.com",
        "hotmail.com",
        "aol.com",
        "proton.me",
    ),
    "GB": (
        "gmail.com",
        "outlook.com",
        "yahoo.co.uk",
        "btinternet.com",
        "hotmail.co.uk",
        "icloud.com",
    ),
    "DE": ("gmx.de", "web.de", "t-online.de", "gmail.com", "posteo.de", "outlook.de", "freenet.de"),
    "AT": ("gmx.at", "aon.at", "gmail.com", "chello.at", "a1.net", "outlook.com"),
    "CH": ("bluewin.ch", "gmx.ch", "gmail.com", "hispeed.ch", "sunrise.ch", "proton.me"),
}
TLD = {
    "US": ("com", "com", "io", "co", "net"),
    "GB": ("co.uk", "co.uk", "com", "uk"),
    "DE": ("de", "de", "com", "eu"),
    "AT": ("at", "at", "com"),
    "CH": ("ch", "ch", "com"),
}

EN_INDUSTRY = ("Analytics", "Logistics", "Health", "Capital", "Software", "Labs", "Partners",
               "Consulting", "Energy", "Foods", "Systems", "Robotics", "Media", "Dental",
               "Insurance", "Property Management", "Freight", "Pharma", "Supply")  # fmt: skip
EN_STEMS = ("Bluecrest", "Northwind", "Harborview", "Silverline", "Oakmont", "Redfern",
            "Brightwater", "Ironbridge", "Lakeshore", "Summitt", "Greenleaf", "Kestrel",
            "Westbrook", "Pinecone", "Copperfield", "Stonegate", "Riverbend",
            "Fairhaven")  # fmt: skip
DE_INDUSTRY = ("Logistik", "Haustechnik", "Immobilien", "Software", "Bau", "Maschinenbau",
               "Steuerberatung", "Elektro", "Medizintechnik", "Spedition", "Gebäudereinigung",
               "Versicherungsmakler", "Druck", "Metallbau", "Personalservice", "IT-Systeme",
               "Zahntechnik", "Energie", "Consulting", "Catering")  # fmt: skip
DE_STEMS = ("Nordlicht", "Alpenblick", "Rheintal", "Sonnenfeld", "Elbwerk", "Isartal",
            "Waldhof", "Schwarzwald", "Donautal", "Bergwerk", "Mainufer", "Lindenhof",
            "Seeblick", "Eichenhain", "Hanse", "Ostwind", "Kranich", "Falkenstein")  # fmt: skip


def translit(text: str) -> str:
    """ASCII for mail local parts: umlauts expanded, other accents dropped."""
    text = (
        text.replace("ä", "ae")
        .replace("ö", "oe")
        .replace("ü", "ue")
        .replace("ß", "ss")
        .replace("Ä", "Ae")
        .replace("Ö", "Oe")
        .replace("Ü", "Ue")
    )
    norm = unicodedata.normalize("NFKD", text)
    out = "".join(c for c in norm if not unicodedata.combining(c))
    return "".join(c for c in out if c.isascii())


@dataclass(frozen=True, slots=True)
class Person:
    """A synthetic person."""

    first: str
    last: str
    female: bool
    locale: str

    @property
    def full(self) -> str:
        """Given name and surname."""
        return f"{self.first} {self.last}"

    @property
    def rev(self) -> str:
        """``Surname, Given``."""
        return f"{self.last}, {self.first}"


@dataclass(frozen=True, slots=True)
class Address:
    """A postal address as lines (street line(s), then the town line)."""

    lines: tuple[str, ...]
    street: str
    town_line: str
    postcode: str
    town: str
    region: str

    def one(self, sep: str = ", ") -> str:
        """On one line."""
        return sep.join(self.lines)

    def block(self, indent: str = "") -> str:
        """One line per part, each after ``indent`` (the first too)."""
        return ("\n" + indent).join(self.lines)


class Ctx:
    """What a frame draws from while writing one payload."""

    def __init__(self, seed: int, locales: Sequence[str]) -> None:
        self.seed = seed
        self.r = random.Random(seed)
        self.locale = self.pick(locales)
        self.lang = self.locale[:2]
        self.region = REGION[self.locale]
        self.doc = Doc()
        self._seeded: set[str] = set()

    # ---- randomness -----------------------------------------------------------------

    def pick(self, items: Sequence[T]) -> T:
        """One of ``items``."""
        return items[self.r.randrange(len(items))]

    def chance(self, p: float) -> bool:
        """True with probability ``p``."""
        return self.r.random() < p

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        """``k`` distinct items."""
        return self.r.sample(list(items), k)

    def num(self, lo: int, hi: int) -> int:
        """An integer in ``[lo, hi]``."""
        return self.r.randint(lo, hi)

    def en(self) -> bool:
        """True for an English payload."""
        return self.lang == "en"

    def faker(self, locale: str | None = None) -> Faker:
        """The Faker of ``locale``, reseeded from this payload's seed on first use."""
        loc = locale or self.locale
        fk = _faker(loc)
        if loc not in self._seeded:
            digest = hashlib.sha256(f"{self.seed}/{loc}".encode()).digest()
            fk.seed_instance(int.from_bytes(digest[:8], "big"))
            self._seeded.add(loc)
        return fk

    # ---- people, organisations, places -------------------------------------------------

    def person(
        self, locale: str | None = None, female: bool | None = None, foreign: float = 0.12
    ) -> Person:
        """A person; sometimes with a name from another country (as colleagues have)."""
        loc = locale or self.locale
        if locale is None and self.chance(foreign):
            loc = self.pick(FOREIGN_NAME_LOCALES)
        fem = self.chance(0.5) if female is None else female
        fk = self.faker(loc)
        first = fk.first_name_female() if fem else fk.first_name_male()
        last = self._surname(fk)
        return Person(first, last, fem, loc)

    @staticmethod
    def _surname(fk: Faker) -> str:
        while True:  # Faker's de_DE list has a few "Koch II"-style entries
            last = str(fk.last_name())
            if not last.endswith((" I", " II", " III", " IV")):
                return last

    def people(self, n: int, **kw: object) -> list[Person]:
        """``n`` people with distinct given names and surnames."""
        out: list[Person] = []
        while len(out) < n:
            p = self.person(**kw)  # type: ignore[arg-type]
            if all(p.first != q.first and p.last != q.last for q in out):
                out.append(p)
        return out

    def org(self, region: str | None = None) -> str:
        """A company name with a legal form of ``region``."""
        reg = region or self.region
        last = self._surname(self.faker("de_DE" if reg in ("DE", "AT", "CH") else "en_US"))
        if reg in ("US", "GB"):
            partner = self._surname(self.faker("en_GB"))
            form = self.pick(
                ("Inc.", "LLC", "Corp.", "Inc.")
                if reg == "US"
                else ("Ltd", "Ltd", "LLP", "plc", "Limited")
            )
            return self.pick(
                [
                    f"{last} {self.pick(EN_INDUSTRY)} {form}",
                    f"{self.pick(EN_STEMS)} {self.pick(EN_INDUSTRY)} {form}",
                    f"{last} & {partner} {form if reg == 'US' else 'LLP'}",
                    f"{self.pick(EN_STEMS)} {form}",
                ]
            )
        forms = {
            "DE": ("GmbH", "GmbH", "AG", "GmbH & Co. KG", "KG", "e.K.", "UG (haftungsbeschränkt)"),
            "AT": ("GmbH", "GmbH", "AG", "OG", "KG", "GesmbH"),
            "CH": ("AG", "AG", "GmbH", "SA", "Sàrl"),
        }[reg]
        f = self.pick(forms)
        return self.pick(
            [
                f"{last} {self.pick(DE_INDUSTRY)} {f}",
                f"{self.pick(DE_STEMS)} {self.pick(DE_INDUSTRY)} {f}",
                f"{self.pick(DE_INDUSTRY)} {last} {f}",
                f"{last} & {self._surname(self.faker('de_DE'))} {f}",
                f"{self.pick(DE_STEMS)} {f}",
            ]
        )

    def domain_of(self, org: str) -> str:
        """A plausible web domain for ``org``."""
        words = [
            w
            for w in translit(org).replace("&", " ").replace(",", " ").split()
            if w.lower()
            not in {
                "gmbh",
                "ag",
                "kg",
                "co.",
                "inc.",
                "llc",
                "corp.",
                "ltd",
                "llp",
                "plc",
                "limited",
                "og",
                "gesmbh",
                "sa",
                "sarl",
                "e.k.",
                "ug",
                "(haftungsbeschrankt)",
                "sa`rl",
            }
        ]
        stem = self.pick(["-".join(words[:2]), "".join(words[:2]), words[0]]).lower()
        stem = "".join(c for c in stem if c.isalnum() or c == "-").strip("-") or "firma"
        return f"{stem}.{self.pick(TLD[self.region])}"

    def email(self, p: Person, domain: str | None = None, work: bool | None = None) -> str:
        """An address for ``p`` at ``domain`` (or a free-mail domain)."""
        f = translit(p.first).lower().replace(" ", "")
        sur = translit(p.last).lower().replace(" ", "").replace("'", "")
        is_work = domain is not None if work is None else work
        dom = domain or self.pick(FREEMAIL[self.region])
        if is_work:
            local = self.pick(
                [f"{f}.{sur}", f"{f}.{sur}", f"{f[0]}.{sur}", f"{f[0]}{sur}", f"{f}", f"{sur}"]
            )
        else:
            local = self.pick(
                [
                    f"{f}.{sur}",
                    f"{f}{sur}{self.num(1, 99)}",
                    f"{f}_{sur}",
                    f"{sur}.{f}",
                    f"{f}{self.num(1960, 2005)}",
                    f"{f[0]}{sur}",
                    f"{f}.{sur}+{self.pick(['shop', 'news', 'work'])}",
                ]
            )
        return f"{local}@{dom}"

    def address(self, region: str | None = None, flat: bool | None = None) -> Address:
        """A postal address in ``region`` (a real town and a postcode in its range)."""
        reg = region or self.region
        r = self.r
        if reg == "US":
            city, state, zp = self.pick(US_CITIES)
            street = (
                f"{r.randint(1, 9899)} {self.pick(US_STREET_NAMES)} {self.pick(US_STREET_TYPES)}"
            )
            lines = [street]
            if flat if flat is not None else self.chance(0.3):
                lines.append(
                    self.pick(
                        [
                            f"Apt {r.randint(1, 40)}{self.pick('ABCD')}",
                            f"Suite {r.randint(100, 950)}",
                            f"Unit {r.randint(1, 30)}",
                            f"Apt. {r.randint(1, 999)}",
                        ]
                    )
                )
            postcode = zp + f"{r.randint(1, 99):02d}"
            town_line = f"{city}, {state} {postcode}"
            return Address((*lines, town_line), street, town_line, postcode, city, reg)
        if reg == "GB":
            town, districts = self.pick(UK_TOWNS)
            postcode = (
                f"{self.pick(districts)} {r.randint(1, 9)}{v.chars(r, 'ABDEFGHJLNPQRSTUWXYZ', 2)}"
            )
            name = (
                self.pick(UK_SPECIAL)
                if self.chance(0.2)
                else f"{self.pick(UK_STREET_NAMES)} {self.pick(UK_STREET_TYPES)}"
            )
            street = f"{r.randint(1, 240)} {name}"
            lines = [street]
            if flat if flat is not None else self.chance(0.3):
                lines.insert(
                    0,
                    self.pick(
                        [
                            f"Flat {r.randint(1, 30)}",
                            f"Flat {r.randint(1, 9)}{self.pick('ABC')}",
                            f"Apartment {r.randint(1, 90)}",
                        ]
                    ),
                )
            town_line = f"{town} {postcode}" if self.chance(0.4) else f"{town}\n{postcode}"
            lines.append(town_line)
            if "\n" in town_line:
                lines = [*lines[:-1], town, postcode]
            return Address(tuple(lines), street, town_line, postcode, town, reg)
        if reg == "DE":
            city, lo, hi = self.pick(DE_CITIES)
            postcode = f"{r.randint(lo, hi):05d}"
            suffix = self.pick(["", "", "", "a", "b", "-" + str(r.randint(2, 9))])
            street = f"{self.pick(DE_STREETS)} {r.randint(1, 160)}{suffix}"
        elif reg == "AT":
            city, codes = self.pick(AT_CITIES)
            postcode = str(self.pick(codes))
            nr = str(r.randint(1, 120))
            if self.chance(0.5):
                nr += self.pick(
                    [
                        f"/{r.randint(1, 9)}/{r.randint(1, 30)}",
                        f"/{r.randint(1, 40)}",
                        f"/Top {r.randint(1, 25)}",
                    ]
                )
            street = f"{self.pick(AT_STREETS)} {nr}"
        else:
            city, codes = self.pick(CH_CITIES)
            postcode = str(self.pick(codes))
            street = f"{self.pick(CH_STREETS)} {r.randint(1, 140)}{self.pick(['', '', 'a'])}"
        town_line = f"{postcode} {city}"
        return Address((street, town_line), street, town_line, postcode, city, reg)

    # ---- dates --------------------------------------------------------------------

    def birth_date(self, lo: int = 1950, hi: int = 2004) -> dt.date:
        """A birth date."""
        start = dt.date(lo, 1, 1)
        return start + dt.timedelta(days=self.r.randint(0, (dt.date(hi, 12, 31) - start).days))

    def recent_date(self) -> dt.date:
        """A date in 2023-2025 (appointments, invoices, incidents)."""
        return dt.date(2023, 1, 1) + dt.timedelta(days=self.r.randint(0, 1000))

    def fmt_date(self, d: dt.date, style: str | None = None) -> str:
        """``d`` written the way the payload's locale writes dates."""
        months_de = ("Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August",
                     "September", "Oktober", "November", "Dezember")  # fmt: skip
        months_en = ("January", "February", "March", "April", "May", "June", "July", "August",
                     "September", "October", "November", "December")  # fmt: skip
        if self.lang == "de":
            opts = {
                "dot": f"{d.day:02d}.{d.month:02d}.{d.year}",
                "dot_short": f"{d.day}.{d.month}.{d.year}",
                "long": f"{d.day}. {months_de[d.month - 1]} {d.year}",
                "iso": d.isoformat(),
                "dot2": f"{d.day:02d}.{d.month:02d}.{d.year % 100:02d}",
            }
            st = style or self.pick(["dot", "dot", "dot", "dot_short", "long", "iso"])
        elif self.region == "US":
            opts = {
                "slash": f"{d.month:02d}/{d.day:02d}/{d.year}",
                "slash_short": f"{d.month}/{d.day}/{d.year}",
                "long": f"{months_en[d.month - 1]} {d.day}, {d.year}",
                "abbr": f"{months_en[d.month - 1][:3]} {d.day}, {d.year}",
                "iso": d.isoformat(),
            }
            st = style or self.pick(["slash", "slash", "slash_short", "long", "abbr", "iso"])
        else:
            opts = {
                "slash": f"{d.day:02d}/{d.month:02d}/{d.year}",
                "long": f"{d.day} {months_en[d.month - 1]} {d.year}",
                "abbr": f"{d.day:02d}-{months_en[d.month - 1][:3]}-{d.year}",
                "iso": d.isoformat(),
                "dot": f"{d.day:02d}.{d.month:02d}.{d.year}",
            }
            st = style or self.pick(["slash", "slash", "long", "abbr", "iso"])
        return opts.get(st, next(iter(opts.values())))

    def timestamp(self, style: str | None = None) -> str:
        """A log timestamp."""
        d = dt.datetime(2024, 1, 1) + dt.timedelta(seconds=self.r.randint(0, 60_000_000))
        ms = self.r.randint(0, 999)
        st = style or self.pick(["iso", "isoz", "space", "clf", "syslog", "de"])
        return {
            "iso": d.strftime("%Y-%m-%dT%H:%M:%S") + f".{ms:03d}+00:00",
            "isoz": d.strftime("%Y-%m-%dT%H:%M:%S") + f".{ms:03d}Z",
            "space": d.strftime("%Y-%m-%d %H:%M:%S") + f",{ms:03d}",
            "clf": d.strftime("%d/%b/%Y:%H:%M:%S +0000"),
            "syslog": d.strftime("%b %d %H:%M:%S").replace(" 0", "  ", 1)
            if d.day < 10
            else d.strftime("%b %d %H:%M:%S"),
            "de": d.strftime("%d.%m.%Y %H:%M"),
        }[st]

    # ---- values, formatted --------------------------------------------------------------

    def phone(
        self,
        region: str | None = None,
        mobile: bool | None = None,
        style: str | None = None,
        ext: float = 0.0,
    ) -> str:
        """A phone number of ``region`` (default: the payload's), as people write it."""
        reg = region or self.region
        if region is None and reg in ("US", "GB") and self.chance(0.08):
            reg = "CA" if reg == "US" else "IE"  # customers and colleagues next door
        ph = v.make_phone(self.r, reg, mobile)
        if ext and self.chance(ext):
            if reg in ("DE", "AT") and not ph.mobile:
                return v.de_with_extension(self.r, ph)
            if reg in ("US", "CA", "GB"):
                return v.phone_ext(self.r, v.fmt_phone(self.r, ph, style), reg)
        return v.fmt_phone(self.r, ph, style)

    def card(self, scheme: str | None = None, sep: str | None = None) -> str:
        """A formatted card number."""
        weights = {
            "visa": 30,
            "mastercard": 26,
            "amex": 12,
            "discover": 6,
            "diners": 4,
            "jcb": 5,
            "unionpay": 5,
            "maestro": 9,
            "mir": 3,
        }
        sch = scheme or self.r.choices(list(weights), list(weights.values()))[0]
        return v.fmt_card(self.r, v.card_number(self.r, sch), sep)

    def iban(self, country: str | None = None, style: str | None = None) -> str:
        """A formatted IBAN (the payload's country unless US, where a UK/DE one is used)."""
        cc = country or {"US": self.pick(["GB", "DE", "NL", "FR", "IE"])}.get(
            self.region, self.region
        )
        return v.fmt_iban(self.r, v.iban(self.r, cc), style)

    def bic(self, country: str | None = None, branch: bool | None = None) -> str:
        """A BIC."""
        return v.bic(self.r, country or self.region, branch)

    def ip(self, kind: str | None = None) -> str:
        """An IPv4 address (one in eight IPv6)."""
        if kind == "v6" or (kind is None and self.chance(0.12)):
            return v.ipv6(self.r)
        return v.ipv4(self.r, kind if kind != "v6" else None)

    def secret(self, vendor: str | None = None) -> str:
        """A vendor token."""
        return v.token(self.r, vendor or self.pick(v.TOKEN_VENDORS))

    def password(self, style: str | None = None) -> str:
        """A password."""
        return v.password(self.r, style)

    def jwt(self, sub: str | None = None, extra: dict[str, object] | None = None) -> str:
        """An HS256 JWT with plausible claims."""
        iat = 1_700_000_000 + self.r.randint(0, 60_000_000)
        claims: dict[str, object] = {
            "sub": sub or str(self.r.randint(10_000, 9_999_999)),
            "iat": iat,
            "exp": iat + self.pick([900, 3600, 86400]),
        }
        if self.chance(0.5):
            claims["iss"] = self.pick(["https://auth.internal", "api-gateway", "identity", "sso"])
        if self.chance(0.5):
            claims["role"] = self.pick(["user", "admin", "support", "service"])
        claims.update(extra or {})
        return v.jwt_hs256(self.r, claims, kid=self.chance(0.3))

    def pem(self, kind: str | None = None) -> str:
        """A PEM private key."""
        return v.private_key_pem(self.r, kind)

    def uuid(self) -> str:
        """A UUID4."""
        return v.uuid4(self.r)

    def hexs(self, n: int) -> str:
        """``n`` lowercase hex characters."""
        return v.chars(self.r, v.HEX, n)

    def digits(self, n: int) -> str:
        """``n`` digits."""
        return v.digits(self.r, n)

    def letters(self, n: int, upper: bool = True) -> str:
        """``n`` letters."""
        return v.chars(self.r, string.ascii_uppercase if upper else string.ascii_lowercase, n)

    def amount(self, lo: float = 5, hi: float = 5000) -> str:
        """A money amount (log-uniform in ``[lo, hi]``) written the locale's way."""
        x = round(math.exp(self.r.uniform(math.log(lo), math.log(hi))), 2)
        if self.lang == "de":
            s = f"{x:,.2f}".replace(",", "X").replace(".", ",").replace("X", ".")
            if self.region == "CH":
                ch = f"{x:,.2f}".replace(",", "'")
                return self.pick([f"CHF {ch}", f"{ch} CHF", f"Fr. {ch}"])
            return self.pick([f"{s} €", f"€ {s}", f"EUR {s}", f"{s} EUR"])
        s = f"{x:,.2f}"
        return (
            self.pick([f"${s}", f"USD {s}"])
            if self.region == "US"
            else self.pick([f"£{s}", f"GBP {s}"])
        )

    # ---- negatives ------------------------------------------------------------------------

    def n_order(self) -> N:
        """An order number."""
        return N(
            self.pick(
                [
                    f"{self.digits(3)}-{self.digits(7)}-{self.digits(7)}",
                    f"{self.pick(['A', 'B', 'W'])}{self.digits(9)}",
                    f"{self.num(2023, 2025)}-{self.digits(6)}",
                    f"SO-{self.digits(6)}",
                    self.digits(8),
                ]
            ),
            "order_number",
        )

    def n_invoice(self) -> N:
        """An invoice number."""
        return N(
            self.pick(
                [
                    f"RE-{self.num(2023, 2025)}-{self.digits(5)}",
                    f"INV-{self.digits(6)}",
                    f"{self.num(2023, 2025)}{self.digits(6)}",
                    f"R{self.digits(8)}",
                    f"INV/{self.num(23, 25)}/{self.digits(4)}",
                ]
            ),
            "invoice_number",
        )

    def n_ticket(self) -> N:
        """A ticket id."""
        return N(
            self.pick(
                [
                    f"{self.pick(['OPS', 'SUP', 'INC', 'PAY', 'IT', 'HR'])}-{self.num(100, 99999)}",
                    f"INC{self.digits(7)}",
                    f"CS{self.digits(8)}",
                    f"REQ{self.digits(6)}",
                ]
            ),
            "ticket_number",
        )

    def n_customer(self) -> N:
        """A customer number."""
        return N(
            self.pick(
                [
                    self.digits(9),
                    f"K-{self.digits(6)}",
                    f"{self.digits(4)}-{self.digits(4)}",
                    f"CUST-{self.digits(7)}",
                    f"{self.digits(2)} {self.digits(3)} {self.digits(3)}",
                ]
            ),
            "customer_number",
        )

    def n_tracking(self) -> N:
        """A parcel tracking number."""
        return N(
            self.pick(
                [
                    f"1Z{self.letters(3)}{self.digits(3)}{self.digits(10)}",
                    f"JJD{self.digits(18)}",
                    self.digits(12),
                    f"00{self.digits(18)}",
                    f"{self.letters(2)}{self.digits(9)}DE",
                ]
            ),
            "tracking_number",
        )

    def n_version(self) -> N:
        """A software version."""
        return N(v.version(self.r), "version")

    def n_uuid(self) -> N:
        """A request/correlation id."""
        return N(self.uuid(), "uuid")

    def n_hash(self) -> N:
        """A digest or commit id."""
        return N(
            self.pick(
                [
                    v.sha256_hex(self.r),
                    v.git_sha(self.r),
                    v.git_sha(self.r, short=True),
                    "sha256:" + v.sha256_hex(self.r),
                ]
            ),
            "hash",
        )

    def n_date(self) -> N:
        """A date that is not a birth date."""
        return N(self.fmt_date(self.recent_date()), "date")

    def n_timestamp(self) -> N:
        """A timestamp."""
        return N(self.timestamp(), "timestamp")

    def n_amount(self, lo: float = 5, hi: float = 5000) -> N:
        """An amount."""
        return N(self.amount(lo, hi), "amount")


@dataclass(frozen=True, slots=True)
class Frame:
    """A text genre with slots: its name, payload kind, half (``A`` dev, ``B`` test).

    ``neg_rate`` is the share of its payloads whose look-alikes are marked as hard
    negatives (the rest keep the same strings as plain text).
    """

    name: str
    kind: str
    half: str
    locales: tuple[str, ...]
    write: Callable[[Ctx], None]
    neg_rate: float = 0.15


FrameFn = Callable[[Ctx], None]


def registry(frames: list[Frame]) -> Callable[..., Callable[[FrameFn], FrameFn]]:
    """A decorator factory that appends frames to ``frames``."""

    def frame(
        name: str, kind: str, half: str, locales: tuple[str, ...], neg_rate: float = 0.15
    ) -> Callable[[FrameFn], FrameFn]:
        def deco(fn: FrameFn) -> FrameFn:
            frames.append(Frame(name, kind, half, locales, fn, neg_rate))
            return fn

        return deco

    return frame
