"""Telephone numbers from national numbering plans, written as people write them.

A number is (country code, trunk prefix, area or mobile prefix, subscriber).  The
plans below are hand-written from the regulators' published ranges (BNetzA, RTR,
BAKOM, NANPA, Ofcom, ACMA, ARCEP, AGCOM, CNMC, ACM, UKE, BTK, ComReg, TRAI, IMDA, PTS,
BIPT); the data tests check each with ``phonenumbers.is_valid_number``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from bench.fresh4.ids import digits


@dataclass(frozen=True, slots=True)
class Phone:
    """One number: ``cc`` without plus, national ``trunk`` prefix, ``area``, ``sub``."""

    country: str
    cc: str
    trunk: str
    area: str
    sub: str
    mobile: bool


def _sub(rng: random.Random, n: int) -> str:
    return rng.choice("23456789") + digits(rng, n - 1)


_DE_MOBILE4 = [
    "1511",
    "1512",
    "1514",
    "1515",
    "1516",
    "1517",
    "1520",
    "1522",
    "1523",
    "1525",
    "1526",
    "1529",
    "1570",
    "1573",
    "1575",
    "1577",
    "1578",
    "1579",
    "1590",
]
_DE_MOBILE3 = [
    "160",
    "162",
    "163",
    "170",
    "171",
    "172",
    "173",
    "174",
    "175",
    "176",
    "177",
    "178",
    "179",
]
_DE_AREA2 = ["30", "40", "69", "89"]
_DE_AREA3 = [
    "201",
    "211",
    "221",
    "228",
    "231",
    "341",
    "351",
    "421",
    "511",
    "521",
    "611",
    "621",
    "711",
    "721",
    "761",
    "911",
    "931",
    "351",
    "371",
    "381",
    "391",
]
_DE_AREA4 = [
    "2151",
    "2241",
    "4621",
    "6221",
    "7071",
    "8031",
    "8821",
    "3581",
    "5251",
    "9131",
    "6131",
    "7531",
    "8341",
    "4331",
    "3731",
]

_NANP_US = [
    "201",
    "202",
    "206",
    "212",
    "213",
    "214",
    "215",
    "303",
    "305",
    "310",
    "312",
    "313",
    "314",
    "404",
    "407",
    "415",
    "425",
    "503",
    "512",
    "602",
    "612",
    "617",
    "646",
    "702",
    "713",
    "718",
    "720",
    "773",
    "801",
    "804",
    "813",
    "832",
    "858",
    "901",
    "917",
    "919",
    "925",
    "949",
    "954",
    "971",
    "978",
    "480",
    "571",
    "267",
]
_NANP_CA = [
    "204",
    "236",
    "250",
    "289",
    "306",
    "343",
    "403",
    "416",
    "418",
    "431",
    "437",
    "438",
    "450",
    "506",
    "514",
    "519",
    "587",
    "604",
    "613",
    "647",
    "705",
    "709",
    "778",
    "780",
    "807",
    "819",
    "902",
    "905",
]
_NANP_FREE = ["800", "833", "844", "855", "866", "877", "888"]


def _nanp(rng: random.Random, country: str, tollfree: bool) -> Phone:
    area = rng.choice(_NANP_FREE if tollfree else _NANP_US if country == "US" else _NANP_CA)
    while True:
        exch = rng.choice("23456789") + digits(rng, 2)
        if exch[1:] != "11" and exch != "555" and exch != "950" and exch != "958":
            break
    return Phone(country, "1", "1", area, exch + digits(rng, 4), False)


def phone(
    rng: random.Random, country: str, mobile: bool | None = None, service: bool = False
) -> Phone:
    """A number of ``country``; ``mobile`` None picks either; ``service`` a freephone."""
    if mobile is None:
        mobile = rng.random() < 0.5
    c = country
    if c in ("US", "CA"):
        return _nanp(rng, c, service)
    if c == "DE":
        if service:
            return Phone(c, "49", "0", "800", _sub(rng, 7), False)
        if mobile:
            if rng.random() < 0.5:
                return Phone(c, "49", "0", rng.choice(_DE_MOBILE4), digits(rng, 7), True)
            p = rng.choice(_DE_MOBILE3)
            return Phone(
                c, "49", "0", p, digits(rng, 8 if p == "176" else rng.choice((7, 8))), True
            )
        r = rng.random()
        if r < 0.4:
            return Phone(c, "49", "0", rng.choice(_DE_AREA2), _sub(rng, rng.choice((7, 8))), False)
        if r < 0.75:
            return Phone(c, "49", "0", rng.choice(_DE_AREA3), _sub(rng, rng.choice((6, 7))), False)
        return Phone(c, "49", "0", rng.choice(_DE_AREA4), _sub(rng, rng.choice((5, 6))), False)
    if c == "AT":
        if mobile:
            return Phone(
                c,
                "43",
                "0",
                rng.choice(["650", "660", "664", "676", "680", "681", "688", "699"]),
                digits(rng, 7),
                True,
            )
        if rng.random() < 0.45:
            return Phone(c, "43", "0", "1", _sub(rng, 7), False)
        area = rng.choice(["316", "732", "662", "512", "463", "2622", "5572", "2742"])
        return Phone(c, "43", "0", area, _sub(rng, 6 if len(area) == 3 else 5), False)
    if c == "CH":
        if service:
            return Phone(c, "41", "0", "800", digits(rng, 6), False)
        if mobile:
            return Phone(
                c, "41", "0", rng.choice(["75", "76", "77", "78", "79"]), _sub(rng, 7), True
            )
        return Phone(
            c,
            "41",
            "0",
            rng.choice(
                [
                    "21",
                    "22",
                    "26",
                    "31",
                    "32",
                    "41",
                    "43",
                    "44",
                    "52",
                    "56",
                    "61",
                    "62",
                    "71",
                    "81",
                    "91",
                ]
            ),
            _sub(rng, 7),
            False,
        )
    if c == "GB":
        if mobile:
            pre = rng.choice(
                [
                    "71",
                    "72",
                    "73",
                    "740",
                    "741",
                    "742",
                    "753",
                    "754",
                    "756",
                    "757",
                    "771",
                    "772",
                    "773",
                    "774",
                    "775",
                    "776",
                    "777",
                    "784",
                    "785",
                    "786",
                    "787",
                    "794",
                    "795",
                    "796",
                    "797",
                    "798",
                ]
            )
            return Phone(
                c, "44", "0", "7" + pre[1:] + digits(rng, 4 - len(pre)), digits(rng, 6), True
            )
        r = rng.random()
        if r < 0.4:
            return Phone(c, "44", "0", "20", rng.choice("378") + digits(rng, 7), False)
        if r < 0.8:
            area = rng.choice(["161", "121", "113", "131", "141", "114", "151", "191"])
            return Phone(c, "44", "0", area, rng.choice("2345") + digits(rng, 6), False)
        area = rng.choice(["1865", "1223", "1904", "1603", "1273", "1392", "1752", "1482"])
        return Phone(c, "44", "0", area, rng.choice("2345678") + digits(rng, 5), False)
    if c == "AU":
        if service:
            return Phone(c, "61", "", rng.choice(["1300", "1800"]), digits(rng, 6), False)
        if mobile:
            return Phone(
                c,
                "61",
                "0",
                "4" + rng.choice(["0", "1", "2", "3", "6"]) + digits(rng, 1),
                digits(rng, 6),
                True,
            )
        area, first = rng.choice(
            [("2", "9"), ("2", "8"), ("3", "9"), ("3", "8"), ("7", "3"), ("8", "8"), ("8", "9")]
        )
        return Phone(c, "61", "0", area, first + digits(rng, 7), False)
    if c == "FR":
        if mobile:
            area = rng.choice(["6", "6", "7"])
            first = rng.choice("3456789" if area == "7" else "0124578")
            return Phone(c, "33", "0", area, first + digits(rng, 7), True)
        return Phone(
            c, "33", "0", rng.choice("12345"), rng.choice("234578") + digits(rng, 7), False
        )
    if c == "IT":
        if mobile:
            return Phone(
                c,
                "39",
                "",
                rng.choice(
                    [
                        "320",
                        "328",
                        "329",
                        "333",
                        "335",
                        "338",
                        "340",
                        "345",
                        "347",
                        "348",
                        "349",
                        "366",
                        "380",
                        "389",
                        "392",
                    ]
                ),
                digits(rng, 7),
                True,
            )
        return Phone(
            c, "39", "", rng.choice(["02", "06"]), rng.choice("2345678") + digits(rng, 7), False
        )
    if c == "ES":
        if mobile:
            return Phone(c, "34", "", "6" + digits(rng, 2), digits(rng, 6), True)
        return Phone(
            c, "34", "", rng.choice(["91", "93"]), rng.choice("2345") + digits(rng, 6), False
        )
    if c == "NL":
        if mobile:
            return Phone(c, "31", "0", "6", rng.choice("12345") + digits(rng, 7), True)
        return Phone(c, "31", "0", rng.choice(["20", "10", "30", "70"]), _sub(rng, 7), False)
    if c == "PL":
        return Phone(
            c,
            "48",
            "",
            rng.choice(["50", "51", "53", "57", "60", "66", "69", "72", "73", "78", "79", "88"])
            + digits(rng, 1),
            digits(rng, 6),
            True,
        )
    if c == "TR":
        return Phone(c, "90", "0", "5" + rng.choice("345") + digits(rng, 1), digits(rng, 7), True)
    if c == "IE":
        return Phone(c, "353", "0", "8" + rng.choice("35679"), digits(rng, 7), True)
    if c == "IN":
        return Phone(
            c,
            "91",
            "0",
            rng.choice(["98", "99", "97", "94", "93", "90"]) + digits(rng, 3),
            digits(rng, 5),
            True,
        )
    if c == "SG":
        return Phone(
            c,
            "65",
            "",
            rng.choice(
                ["81", "82", "83", "87", "88", "90", "91", "92", "93", "94", "96", "97", "98"]
            )
            + digits(rng, 2),
            digits(rng, 4),
            True,
        )
    if c == "SE":
        return Phone(c, "46", "0", "7" + rng.choice("0236"), digits(rng, 7), True)
    if c == "BE":
        return Phone(c, "32", "0", "4" + rng.choice("5789") + digits(rng, 1), digits(rng, 6), True)
    raise ValueError(country)


def _group(s: str, sizes: list[int], sep: str = " ") -> str:
    out, i = [], 0
    for n in sizes:
        if i >= len(s):
            break
        out.append(s[i : i + n])
        i += n
    if i < len(s):
        out[-1] += s[i:]
    return sep.join(out)


def _pairs(s: str) -> str:
    if len(s) % 2:
        return s[:3] + " " + _group(s[3:], [2] * 10)
    return _group(s, [2] * 10)


def _sub_styled(rng: random.Random, p: Phone) -> str:
    s = p.sub
    if p.country in ("CH",):
        return f"{s[:3]} {s[3:5]} {s[5:]}"
    if p.country in ("FR",):
        return _pairs(s)
    r = rng.random()
    if r < 0.45:
        return s
    if r < 0.75 and len(s) >= 6:
        half = len(s) // 2
        return f"{s[:half]} {s[half:]}"
    if len(s) >= 7:
        if p.country == "AT":
            return _group(s, [3, 2, 2, 2])
        return _group(s, {7: [3, 4], 8: [4, 4]}.get(len(s), [3, 3, 4]))
    return s


def national(rng: random.Random, p: Phone) -> str:
    """The number as dialled at home (parse it with the payload's region)."""
    if p.cc == "1":
        a, x, line = p.area, p.sub[:3], p.sub[3:]
        return rng.choice(
            [
                f"({a}) {x}-{line}",
                f"{a}-{x}-{line}",
                f"{a}.{x}.{line}",
                f"{a} {x} {line}",
                f"1-{a}-{x}-{line}",
                f"({a}) {x} {line}",
            ]
        )
    if p.country == "GB":
        full = p.area + p.sub
        if p.mobile:
            return rng.choice(
                [f"0{full[:4]} {full[4:]}", f"0{full[:4]} {full[4:7]} {full[7:]}", f"0{full}"]
            )
        if p.area == "20":
            return rng.choice(
                [f"020 {p.sub[:4]} {p.sub[4:]}", f"(020) {p.sub[:4]} {p.sub[4:]}", f"020{p.sub}"]
            )
        return rng.choice(
            [f"0{p.area} {p.sub[:3]} {p.sub[3:]}", f"(0{p.area}) {p.sub}", f"0{p.area} {p.sub}"]
        )
    if p.country == "AU":
        if p.trunk == "":
            return f"{p.area} {p.sub[:3]} {p.sub[3:]}"
        if p.mobile:
            full = p.area + p.sub
            return rng.choice([f"0{full[:3]} {full[3:6]} {full[6:]}", f"0{full}"])
        return rng.choice(
            [f"(0{p.area}) {p.sub[:4]} {p.sub[4:]}", f"0{p.area} {p.sub[:4]} {p.sub[4:]}"]
        )
    if p.country == "FR":
        return _pairs("0" + p.area + p.sub) if rng.random() < 0.8 else "0" + p.area + p.sub
    if p.country == "CH":
        return f"0{p.area} {_sub_styled(rng, p)}"
    area = p.trunk + p.area
    sub = _sub_styled(rng, p)
    if p.country == "DE" and not p.mobile and rng.random() < 0.18 and len(p.sub) >= 6:
        cut = len(p.sub) - rng.choice((1, 2))
        sub = f"{p.sub[:cut]}-{p.sub[cut:]}"
    r = rng.random()
    if p.country in ("DE", "AT"):
        if r < 0.35:
            return f"{area} {sub}"
        if r < 0.55:
            return f"{area}/{sub}"
        if r < 0.7:
            return f"({area}) {sub}"
        if r < 0.85:
            return f"{area}-{sub}"
        return f"{area}{p.sub}" if p.mobile else f"{area} {sub}"
    return f"{area} {sub}"


def international(rng: random.Random, p: Phone, zero_zero: bool = False) -> str:
    """The number with its country code (``+49 30 ...``, ``0049 ...``, ``+1 ...``)."""
    plus = "00" + p.cc if zero_zero else "+" + p.cc
    if p.cc == "1":
        a, x, line = p.area, p.sub[:3], p.sub[3:]
        return rng.choice(
            [
                f"{plus} {a} {x} {line}",
                f"{plus} ({a}) {x}-{line}",
                f"{plus}-{a}-{x}-{line}",
                f"{plus}{a}{x}{line}",
                f"{plus} {a}-{x}-{line}",
            ]
        )
    sub = _sub_styled(rng, p)
    r = rng.random()
    if r < 0.12:
        return f"{plus}{p.area}{p.sub}"
    if r < 0.24 and p.trunk == "0" and p.country in ("DE", "AT", "CH", "GB"):
        return f"{plus} (0){p.area} {sub}"
    if r < 0.32:
        return f"{plus}-{p.area}-{p.sub}"
    if r < 0.4:
        return f"{plus}{p.area} {sub}"
    return f"{plus} {p.area} {sub}"


def written(rng: random.Random, p: Phone, home: str, intl_share: float = 0.35) -> str:
    """The number as someone in ``home`` writes it: national when it is local, else
    international (never the 00 form in NANP or Australian text)."""
    if p.country != home and not (p.cc == "1" and home in ("US", "CA")):
        return international(rng, p, zero_zero=home in ("DE", "AT", "CH") and rng.random() < 0.3)
    if rng.random() < intl_share:
        return international(rng, p, zero_zero=home in ("DE", "AT", "CH") and rng.random() < 0.2)
    return national(rng, p)


def with_extension(rng: random.Random, text: str, lang: str) -> str:
    """Append an extension as people write it."""
    ext = digits(rng, rng.choice((2, 3, 4)), first_nonzero=True)
    if lang == "de":
        return text + rng.choice([f" Durchwahl {ext}", f" App. {ext}", f" ext. {ext}"])
    return text + rng.choice([f" ext. {ext}", f" x{ext}", f" ext {ext}", f" extension {ext}"])
