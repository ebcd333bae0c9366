"""The fresh7 evaluation set is well-formed, valid and reproducible (no detector runs here).

Every gold value is re-checked by a validator independent of the generator's own code:
python-stdnum, phonenumbers, datetime, a Luhn/IIN check, ipaddress and shape patterns.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import hashlib
import ipaddress
import itertools
import json
import re
from collections import Counter
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import phonenumbers
import pytest
from stdnum import bic, iban
from stdnum.at import vnr as at_vnr
from stdnum.au import tfn as au_tfn
from stdnum.ca import sin as ca_sin
from stdnum.ch import ssn as ch_ssn
from stdnum.ch import vat as ch_vat
from stdnum.de import idnr as de_idnr
from stdnum.de import stnr as de_stnr
from stdnum.eu import vat as eu_vat
from stdnum.gb import nhs as gb_nhs
from stdnum.gb import vat as gb_vat
from stdnum.ie import pps as ie_pps
from stdnum.in_ import aadhaar as in_aadhaar
from stdnum.in_ import pan as in_pan
from stdnum.nz import ird as nz_ird
from stdnum.us import itin as us_itin
from stdnum.us import ssn as us_ssn

from proxy.evaluation import load_corpus

ROOT = Path(__file__).resolve().parents[2]
SET = ROOT / "bench" / "fresh7"
SIZES = {"dev": 150, "test": 200}
LABELS = {
    "EMAIL",
    "PHONE",
    "CREDIT_CARD",
    "IBAN",
    "US_SSN",
    "US_ITIN",
    "DE_TAX_ID",
    "IP_ADDRESS",
    "API_KEY",
    "PASSPORT",
    "NATIONAL_ID",
    "VAT_ID",
    "BIC",
    "DATE_OF_BIRTH",
    "ADDRESS",
    "PERSON",
    "ORGANIZATION",
}
EN_LOCALES = {"en_US", "en_GB", "en_CA", "en_AU", "en_IE", "en_NZ", "en_IN"}
DE_LOCALES = {"de_DE", "de_AT", "de_CH"}


@cache
def rows(half: str) -> tuple[dict[str, Any], ...]:
    lines = (SET / f"{half}.jsonl").read_text(encoding="utf-8").splitlines()
    return tuple(json.loads(line) for line in lines if line.strip())


def all_rows() -> list[dict[str, Any]]:
    return [*rows("dev"), *rows("test")]


# ---- independent validators ---------------------------------------------------------

MONTHS = {
    "jan": 1,
    "jän": 1,
    "feb": 2,
    "mar": 3,
    "mär": 3,
    "apr": 4,
    "may": 5,
    "mai": 5,
    "jun": 6,
    "jul": 7,
    "aug": 8,
    "sep": 9,
    "oct": 10,
    "okt": 10,
    "nov": 11,
    "dec": 12,
    "dez": 12,
}


def _years(text: str) -> list[int]:
    year = int(text)
    return [year] if len(text) == 4 else [1900 + year, 2000 + year]


def date_candidates(value: str) -> set[dt.date]:
    out: set[dt.date] = set()

    def add(y: int, m: int, d: int) -> None:
        with contextlib.suppress(ValueError):
            out.add(dt.date(y, m, d))

    numeric = re.fullmatch(r"(\d{1,4})[./-](\d{1,2})[./-](\d{2,4})", value)
    if numeric:
        a, b, c = numeric.groups()
        if len(a) == 4:
            add(int(a), int(b), int(c))
        else:
            for y in _years(c):
                add(y, int(b), int(a))
                add(y, int(a), int(b))
        return out
    words = [w for w in re.findall(r"[a-zäöü]+", value.lower()) if w[:3] in MONTHS]
    numbers = re.findall(r"\d+", value)
    if len(words) == 1 and len(numbers) == 2:
        month = MONTHS[words[0][:3]]
        day, year = sorted(numbers, key=len)
        if len(year) == 4:
            add(int(year), month, int(day))
    return out


def valid_dob(value: str, _: str) -> bool:
    lo, hi = dt.date(1930, 1, 1), dt.date(2008, 12, 31)
    return any(lo <= d <= hi for d in date_candidates(value))


def valid_phone(value: str, region: str) -> bool:
    try:
        number = phonenumbers.parse(value, region)
    except phonenumbers.NumberParseException:
        return False
    return phonenumbers.is_valid_number(number)


def luhn_ok(digits: str) -> bool:
    total = 0
    for i, ch in enumerate(reversed(digits)):
        n = int(ch) * (2 if i % 2 else 1)
        total += n - 9 if n > 9 else n
    return total % 10 == 0


def valid_card(value: str, _: str) -> bool:
    digits = re.sub(r"[ -]", "", value)
    if not digits.isdigit() or not luhn_ok(digits):
        return False
    if len(digits) == 15:
        return digits[:2] in ("34", "37")
    two, four = int(digits[:2]), int(digits[:4])
    return len(digits) == 16 and (
        digits[0] == "4"
        or 51 <= two <= 55
        or 2221 <= four <= 2720
        or digits[:4] == "6011"
        or digits[:2] == "65"
    )


def valid_ip(value: str, _: str) -> bool:
    try:
        return ipaddress.ip_address(value).is_global
    except ValueError:
        return False


API_KEY = re.compile(
    r"sk-proj-[\w-]{40,}|(?:sk|rk)_live_[A-Za-z0-9]{20,}|ghp_[A-Za-z0-9]{36}"
    r"|xoxb-\d+-\d+-[A-Za-z0-9]{20,}|AIza[\w-]{35}|glpat-[\w-]{20}|[A-Za-z0-9/+]{40}"
    r"|SG\.[\w-]{22}\.[\w-]{43}|[0-9a-f]{32}"
)
PASSPORT = {
    "US": r"\d{9}|[A-C]\d{8}",
    "GB": r"\d{9}",
    "CA": r"[A-Z]{2}\d{6}",
    "AU": r"[A-Z]{1,2}\d{7}",
    "IE": r"[A-Z]{2}\d{7}",
    "NZ": r"L[A-Z]\d{6}",
    "IN": r"[A-Z]\d{7}",
    "DE": r"[CFGHJKLMNPRTVWXYZ][CFGHJKLMNPRTVWXYZ0-9]{8}",
    "AT": r"[A-Z]\d{7}",
    "CH": r"[A-Z]\d{7}",
}
NINO = re.compile(r"(?!BG|GB|NK|KN|TN|NT|ZZ)[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z]\d{6}[A-D]")
NATIONAL: dict[str, Callable[[str], bool]] = {
    "GB": lambda v: gb_nhs.is_valid(v) or bool(NINO.fullmatch(v.replace(" ", ""))),
    "CA": ca_sin.is_valid,
    "AU": au_tfn.is_valid,
    "IE": ie_pps.is_valid,
    "NZ": nz_ird.is_valid,
    "IN": lambda v: in_aadhaar.is_valid(v) or in_pan.is_valid(v),
    "AT": at_vnr.is_valid,
    "CH": ch_ssn.is_valid,
    "DE": lambda v: bool(re.fullmatch(PASSPORT["DE"], v)),
}
VALIDATORS: dict[str, Callable[[str, str], bool]] = {
    "EMAIL": lambda v, _: bool(re.fullmatch(r"[a-z0-9._+-]+@[a-z0-9-]+(\.[a-z0-9-]+)+", v)),
    "PHONE": valid_phone,
    "CREDIT_CARD": valid_card,
    "IBAN": lambda v, _: iban.is_valid(v),
    "US_SSN": lambda v, _: us_ssn.is_valid(v),
    "US_ITIN": lambda v, _: us_itin.is_valid(v),
    "DE_TAX_ID": lambda v, _: de_idnr.is_valid(v) or de_stnr.is_valid(v),
    "IP_ADDRESS": valid_ip,
    "API_KEY": lambda v, _: bool(API_KEY.fullmatch(v)),
    "PASSPORT": lambda v, region: bool(re.fullmatch(PASSPORT[region], v)),
    "NATIONAL_ID": lambda v, region: NATIONAL[region](v),
    "VAT_ID": lambda v, _: eu_vat.is_valid(v) or gb_vat.is_valid(v) or ch_vat.is_valid(v),
    "BIC": lambda v, _: bic.is_valid(v),
    "DATE_OF_BIRTH": valid_dob,
    "ADDRESS": lambda v, _: any(c.isdigit() for c in v),
    "PERSON": lambda v, _: (
        not any(c.isdigit() for c in v)
        and not re.match(r"(Mr|Mrs|Ms|Dr|Herr|Herrn|Frau|Prof)\b", v)
    ),
    "ORGANIZATION": lambda v, _: len(v) > 2,
}


# ---- tests ---------------------------------------------------------------------------


@pytest.mark.parametrize("half", sorted(SIZES))
def test_loader_accepts_the_half(half: str) -> None:
    payloads = load_corpus(SET / f"{half}.jsonl")
    langs = Counter(p.lang for p in payloads)
    assert langs == {"en": SIZES[half], "de": SIZES[half]}
    assert all(p.entities for p in payloads)


@pytest.mark.parametrize("half", sorted(SIZES))
def test_ids_locales_and_frames(half: str) -> None:
    seen = set()
    for number, row in enumerate(rows(half)):
        assert re.fullmatch(rf"fresh7-{half}-(en|de)-\d{{4}}", row["id"])
        assert row["id"].split("-")[2] == row["lang"]
        assert row["id"] not in seen
        seen.add(row["id"])
        assert row["locale"] in (EN_LOCALES if row["lang"] == "en" else DE_LOCALES), number
        assert row["frame"] and row["kind"]
    for lang in ("en", "de"):
        frames = Counter(r["frame"] for r in rows(half) if r["lang"] == lang)
        assert len(frames) == 10


def test_test_frames_are_disjoint_from_dev() -> None:
    dev = {r["frame"] for r in rows("dev")}
    test = {r["frame"] for r in rows("test")}
    assert not dev & test


def test_manifest_hashes_and_counts() -> None:
    manifest = json.loads((SET / "manifest.json").read_text(encoding="utf-8"))
    for half in SIZES:
        blob = (SET / f"{half}.jsonl").read_bytes()
        assert manifest["sha256"][f"{half}.jsonl"] == hashlib.sha256(blob).hexdigest()
        for lang in ("en", "de"):
            mine = [r for r in rows(half) if r["lang"] == lang]
            entry = manifest["counts"][half][lang]
            assert entry["payloads"] == len(mine)
            assert entry["labels"] == dict(Counter(e["label"] for r in mine for e in r["entities"]))
            assert entry["negatives"] == dict(
                Counter(n["kind"] for r in mine for n in r["negatives"])
            )
    assert set(manifest["libraries"]) == {"Faker", "python-stdnum", "phonenumbers", "cryptography"}


def test_spans_point_at_values_and_never_overlap() -> None:
    for row in all_rows():
        texts = row["texts"]
        for span in [*row["entities"], *row["negatives"]]:
            assert texts[span["text"]][span["start"] : span["end"]] == span["value"], row["id"]
        ents = sorted((e["text"], e["start"], e["end"]) for e in row["entities"])
        for (t1, _, e1), (t2, s2, _) in itertools.pairwise(ents):
            assert t1 != t2 or s2 >= e1, row["id"]
        negs = sorted((n["text"], n["start"], n["end"]) for n in row["negatives"])
        for t, s, e in negs:
            assert not any(t == et and s < ee and es < e for et, es, ee in ents), row["id"]


def test_every_occurrence_of_a_gold_value_is_labelled() -> None:
    for row in all_rows():
        covered = [(e["text"], e["start"], e["end"]) for e in row["entities"]]
        for value in {e["value"] for e in row["entities"]}:
            for index, text in enumerate(row["texts"]):
                for match in re.finditer(re.escape(value), text):
                    s, e = match.span()
                    glued = (value[0].isalnum() and s > 0 and text[s - 1].isalnum()) or (
                        value[-1].isalnum() and e < len(text) and text[e].isalnum()
                    )
                    if not glued:
                        assert any(t == index and cs <= s and e <= ce for t, cs, ce in covered), (
                            row["id"]
                        )


def test_labels_are_the_agreed_vocabulary() -> None:
    used = {e["label"] for r in all_rows() for e in r["entities"]}
    assert used <= LABELS
    for half in SIZES:
        for lang in ("en", "de"):
            mine = {e["label"] for r in rows(half) if r["lang"] == lang for e in r["entities"]}
            assert {"DATE_OF_BIRTH", "ADDRESS", "PASSPORT", "NATIONAL_ID", "PHONE"} <= mine


def test_every_gold_value_is_valid() -> None:
    bad = []
    for row in all_rows():
        region = row["locale"].split("_")[1]
        for ent in row["entities"]:
            value = ent["value"]
            assert value == value.strip(), row["id"]
            if not VALIDATORS[ent["label"]](value, region):
                bad.append((row["id"], ent["label"]))
    assert not bad, bad[:10]


def test_generation_is_deterministic(tmp_path: Path) -> None:
    from bench.fresh7 import generate

    generate.main(["--out", str(tmp_path)])
    for name in ("dev.jsonl", "test.jsonl", "manifest.json"):
        assert (tmp_path / name).read_bytes() == (SET / name).read_bytes(), name
