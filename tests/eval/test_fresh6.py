"""Data tests for the fresh6 evaluation set (no detector is run or imported).

Every gold value is re-validated here by an independent validator: python-stdnum,
phonenumbers, :mod:`ipaddress`, :mod:`datetime`, ``cryptography`` key loading, an HMAC
check for JWTs, and published layouts re-implemented where no library exists.
"""

from __future__ import annotations

import base64
import datetime as dt
import hashlib
import hmac
import ipaddress
import itertools
import json
import re
import zlib
from collections import Counter
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import phonenumbers
import pytest
from cryptography.hazmat.primitives.serialization import load_pem_private_key
from stdnum import bic, iban, luhn
from stdnum.at import vnr as at_vnr
from stdnum.au import tfn as au_tfn
from stdnum.ca import sin as ca_sin
from stdnum.ch import ssn as ch_ssn
from stdnum.ch import vat as ch_vat
from stdnum.de import idnr as de_idnr
from stdnum.es import dni as es_dni
from stdnum.es import nie as es_nie
from stdnum.eu import vat as eu_vat
from stdnum.fr import nir as fr_nir
from stdnum.gb import nhs as gb_nhs
from stdnum.gb import vat as gb_vat
from stdnum.ie import pps as ie_pps
from stdnum.it import codicefiscale as it_cf
from stdnum.nl import bsn as nl_bsn
from stdnum.pl import pesel as pl_pesel
from stdnum.se import personnummer as se_pn
from stdnum.us import itin as us_itin
from stdnum.us import ssn as us_ssn

from proxy.evaluation import Payload, load_corpus

ROOT = Path(__file__).resolve().parents[2] / "bench" / "fresh6"
COUNTS = {"dev": {"en": 150, "de": 150}, "test": {"en": 200, "de": 200}}
LABELS = {
    "EMAIL", "PHONE", "CREDIT_CARD", "IBAN", "US_SSN", "US_ITIN", "DE_TAX_ID", "IP_ADDRESS",
    "PRIVATE_KEY", "JWT", "API_KEY", "PASSPORT", "NATIONAL_ID", "VAT_ID", "BIC",
    "DATE_OF_BIRTH", "ADDRESS", "PERSON", "ORGANIZATION",
}  # fmt: skip
REGION = {"en_US": "US", "en_GB": "GB", "en_CA": "CA", "en_AU": "AU", "en_IE": "IE",
          "de_DE": "DE", "de_AT": "AT", "de_CH": "CH"}  # fmt: skip
JWT_KEY = b"fresh6-published-hs256-demo-key"  # published in bench/fresh6/README.md
ID_CARD = "0123456789CFGHJKLMNPRTVWXYZ"


@cache
def _raw(half: str) -> list[dict[str, Any]]:
    lines = (ROOT / f"{half}.jsonl").read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


@cache
def _loaded(half: str) -> tuple[Payload, ...]:
    return load_corpus(ROOT / f"{half}.jsonl")


# ---- independent validators -----------------------------------------------------------

_MONTHS = {
    **{m: i + 1 for i, m in enumerate(["january", "february", "march", "april", "may", "june",
       "july", "august", "september", "october", "november", "december"])},
    **{m: i + 1 for i, m in enumerate(["januar", "februar", "märz", "april", "mai", "juni",
       "juli", "august", "september", "oktober", "november", "dezember"])},
    **{m: i + 1 for i, m in enumerate(["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug",
       "sep", "oct", "nov", "dec"])},
    "mrz": 3, "mär": 3, "okt": 10, "dez": 12, "sept": 9,
}  # fmt: skip


def _year(token: str) -> int:
    value = int(token)
    if len(token) == 2:
        return 2000 + value if value <= 8 else 1900 + value
    return value


def _date(y: int, m: int, d: int) -> dt.date | None:
    try:
        return dt.date(y, m, d)
    except ValueError:
        return None


def parse_birth_date(value: str) -> set[dt.date]:
    """Every reading of ``value`` as a calendar date between 1930 and 2008."""
    s = re.sub(r"(\d)(st|nd|rd|th)\b", r"\1", value.lower())
    out: list[dt.date | None] = []
    if re.fullmatch(r"\d{8}", s):
        out.append(_date(int(s[:4]), int(s[4:6]), int(s[6:])))
    elif m := re.fullmatch(r"(\d{2})([a-z]{3})(\d{2})", s):
        out.append(_date(_year(m.group(3)), _MONTHS[m.group(2)], int(m.group(1))))
    else:
        assert re.fullmatch(r"[0-9a-zäöü .,/\-]+", s), value
        tokens = re.findall(r"[a-zäöü]+|\d+", s)
        words = [t for t in tokens if not t.isdigit()]
        nums = [t for t in tokens if t.isdigit()]
        if words:
            assert len(words) == 1 and len(nums) == 2, value
            month = _MONTHS[words[0]]
            day, year = (nums[1], nums[0]) if len(nums[0]) == 4 else (nums[0], nums[1])
            out.append(_date(_year(year), month, int(day)))
        else:
            assert len(nums) == 3, value
            a, b, c = nums
            if len(a) == 4:
                out.append(_date(int(a), int(b), int(c)))
            else:
                out.append(_date(_year(c), int(b), int(a)))
                out.append(_date(_year(c), int(a), int(b)))
    lo, hi = dt.date(1930, 1, 1), dt.date(2008, 12, 31)
    return {d for d in out if d is not None and lo <= d <= hi}


def _phone(value: str, locale: str) -> bool:
    number = re.sub(r"\s*(?:ext\.?|extension|x|Durchwahl|DW)\s*\d+$", "", value)
    assert number != value or not re.search(r"[A-Za-z]", value), value
    parsed = phonenumbers.parse(number, REGION[locale])
    return bool(phonenumbers.is_valid_number(parsed))


def _card(value: str) -> bool:
    assert re.fullmatch(r"[\d \-]+", value), value
    n = re.sub(r"\D", "", value)
    ranges = (
        (len(n) == 16 and n[0] == "4")
        or (len(n) == 16 and 51 <= int(n[:2]) <= 55)
        or (len(n) == 16 and 2221 <= int(n[:4]) <= 2720)
        or (len(n) == 16 and (n.startswith("6011") or n.startswith("65")))
        or (len(n) == 15 and n[:2] in ("34", "37"))
    )
    return ranges and luhn.is_valid(n)


def _b64url(part: str) -> bytes:
    return base64.urlsafe_b64decode(part + "=" * (-len(part) % 4))


def _jwt(value: str) -> bool:
    head, body, sig = value.split(".")
    assert json.loads(_b64url(head))["alg"] == "HS256"
    assert isinstance(json.loads(_b64url(body)), dict)
    mac = hmac.new(JWT_KEY, f"{head}.{body}".encode(), hashlib.sha256).digest()
    return hmac.compare_digest(mac, _b64url(sig))


_B62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


def _api_key(value: str) -> bool:
    if m := re.fullmatch(r"ghp_([A-Za-z0-9]{30})([A-Za-z0-9]{6})", value):
        n, out = zlib.crc32(m.group(1).encode()), ""
        while n:
            n, r = divmod(n, 62)
            out = _B62[r] + out
        return out.rjust(6, "0") == m.group(2)
    layouts = (
        r"sk_live_[A-Za-z0-9]{24}",
        r"AIza[A-Za-z0-9_\-]{35}",
        r"xoxb-\d{12}-\d{13}-[A-Za-z0-9]{24}",
        r"sk-proj-[A-Za-z0-9_\-]{48}",
        r"sk-ant-api03-[A-Za-z0-9_\-]{86}-[A-Za-z0-9]{6}AA",
    )
    return any(re.fullmatch(p, value) for p in layouts)


_PASSPORT = (
    r"\d{9}", r"A\d{8}", r"\d{8}", r"[CFGHJK][0-9CFGHJKLMNPRTVWXYZ]{8}", r"[A-Z]\d{7}",
    r"[A-Z]{2}\d{6}", r"[A-Z]{2}\d{7}", r"\d{2}[A-Z]{2}\d{5}", r"[A-Z]{3}\d{6}",
    r"[A-NP-Z]{2}[A-NP-Z0-9]{6}\d",
)  # fmt: skip


def _icao(value: str) -> str:
    total = sum(
        (int(c) if c.isdigit() else ord(c) - 55) * (7, 3, 1)[i % 3] for i, c in enumerate(value)
    )
    return str(total % 10)


def _nino(value: str) -> bool:
    v = value.replace(" ", "")
    m = re.fullmatch(r"([A-CEGHJ-PR-TW-Z])([A-CEGHJ-NPR-TW-Z])\d{6}[A-D]", v)
    return bool(m) and v[:2] not in {"BG", "GB", "KN", "NK", "NT", "TN", "ZZ"}


def _de_id_card(value: str) -> bool:
    if not re.fullmatch(rf"[LMNPRTVWXY][{ID_CARD}]{{8}}\d?", value):
        return False
    return len(value) == 9 or _icao(value[:9]) == value[9]


_NATIONAL: tuple[Callable[[str], bool], ...] = (
    gb_nhs.is_valid, ie_pps.is_valid, fr_nir.is_valid, it_cf.is_valid, es_dni.is_valid,
    es_nie.is_valid, nl_bsn.is_valid, pl_pesel.is_valid, se_pn.is_valid, at_vnr.is_valid,
    ch_ssn.is_valid, ca_sin.is_valid, au_tfn.is_valid, _nino, _de_id_card,
)  # fmt: skip


def _vat(value: str) -> bool:
    if value.startswith("CHE"):
        return bool(ch_vat.is_valid(value))
    if value.startswith("GB"):
        return bool(gb_vat.is_valid(value))
    return bool(eu_vat.is_valid(value))


def _private_key(value: str) -> bool:
    assert value.startswith("-----BEGIN ") and value.endswith("PRIVATE KEY-----")
    load_pem_private_key(value.encode(), password=None)
    return True


def _person(value: str) -> bool:
    first = value.split()[0].rstrip(".").lower()
    titles = {"mr", "mrs", "ms", "dr", "herr", "frau", "prof", "miss"}
    return first not in titles and bool(re.fullmatch(r"[^\W\d_][\w' .\-/]*", value))


def valid(label: str, value: str, locale: str) -> bool:
    """Whether ``value`` is a well-formed instance of ``label``."""
    checks: dict[str, Callable[[], bool]] = {
        "EMAIL": lambda: bool(re.fullmatch(r"[\w.+\-]+@[A-Za-z0-9\-]+(\.[A-Za-z0-9\-]+)+", value)),
        "PHONE": lambda: _phone(value, locale),
        "CREDIT_CARD": lambda: _card(value),
        "IBAN": lambda: bool(iban.is_valid(value)),
        "US_SSN": lambda: bool(us_ssn.is_valid(value)),
        "US_ITIN": lambda: bool(us_itin.is_valid(value)),
        "DE_TAX_ID": lambda: bool(de_idnr.is_valid(value)),
        "IP_ADDRESS": lambda: ipaddress.ip_address(value) is not None,
        "PRIVATE_KEY": lambda: _private_key(value),
        "JWT": lambda: _jwt(value),
        "API_KEY": lambda: _api_key(value),
        "PASSPORT": lambda: any(re.fullmatch(p, value) for p in _PASSPORT),
        "NATIONAL_ID": lambda: any(check(value) for check in _NATIONAL),
        "VAT_ID": lambda: _vat(value),
        "BIC": lambda: bool(bic.is_valid(value)),
        "DATE_OF_BIRTH": lambda: bool(parse_birth_date(value)),
        "ADDRESS": lambda: any(c.isdigit() for c in value) and len(value) > 6,
        "PERSON": lambda: _person(value),
        "ORGANIZATION": lambda: len(value) > 1,
    }
    return value == value.strip() and checks[label]()


# ---- tests ---------------------------------------------------------------------------------


@pytest.mark.parametrize("half", ["dev", "test"])
def test_loads_with_the_project_loader(half: str) -> None:
    """Both halves load with proxy.evaluation.load_corpus (spans point at their values)."""
    payloads = _loaded(half)
    assert len(payloads) == sum(COUNTS[half].values())


@pytest.mark.parametrize("half", ["dev", "test"])
def test_counts_per_language(half: str) -> None:
    """Each half holds the specified number of English and German payloads."""
    counts = Counter(p["lang"] for p in _raw(half))
    assert counts == Counter(COUNTS[half])


def test_manifest_hashes_and_counts() -> None:
    """The manifest's sha256 and payload counts match the files on disk."""
    manifest = json.loads((ROOT / "manifest.json").read_text(encoding="utf-8"))
    for half in ("dev", "test"):
        data = (ROOT / f"{half}.jsonl").read_bytes()
        assert manifest["files"][f"{half}.jsonl"] == hashlib.sha256(data).hexdigest()
        for lang, n in COUNTS[half].items():
            assert manifest["counts"][half][lang]["payloads"] == n


def test_ids_unique_and_well_formed() -> None:
    """Ids are unique across both halves and follow fresh6-<half>-<lang>-NNNN."""
    ids = []
    for half in ("dev", "test"):
        for p in _raw(half):
            assert re.fullmatch(rf"fresh6-{half}-{p['lang']}-\d{{4}}", p["id"])
            assert p["locale"] in REGION and p["locale"][:2] == p["lang"]
            ids.append(p["id"])
    assert len(ids) == len(set(ids))


def test_frames_disjoint_between_halves() -> None:
    """Dev and test come from disjoint frames, ten per language and half."""
    frames = {h: {(p["lang"], p["frame"]) for p in _raw(h)} for h in ("dev", "test")}
    assert not {f for _, f in frames["dev"]} & {f for _, f in frames["test"]}
    for h in ("dev", "test"):
        assert Counter(lang for lang, _ in frames[h]) == Counter({"en": 10, "de": 10})


@pytest.mark.parametrize("half", ["dev", "test"])
def test_spans_exact_and_non_overlapping(half: str) -> None:
    """Every span's text equals its value; no entities overlap; no negative touches one."""
    for p in _raw(half):
        for i, text in enumerate(p["texts"]):
            ents = [(e["start"], e["end"]) for e in p["entities"] if e["text"] == i]
            negs = [(n["start"], n["end"]) for n in p["negatives"] if n["text"] == i]
            for item in p["entities"] + p["negatives"]:
                if item["text"] == i:
                    assert text[item["start"] : item["end"]] == item["value"], p["id"]
            ents.sort()
            for (_, e1), (s2, _) in itertools.pairwise(ents):
                assert s2 >= e1, p["id"]
            for s, e in negs:
                assert all(e <= s2 or e2 <= s for s2, e2 in ents), p["id"]


@pytest.mark.parametrize("half", ["dev", "test"])
def test_every_occurrence_labelled(half: str) -> None:
    """Every free-standing repeat of a gold value lies inside some entity span."""
    for p in _raw(half):
        values = {e["value"] for e in p["entities"]}
        for i, text in enumerate(p["texts"]):
            spans = [(e["start"], e["end"]) for e in p["entities"] if e["text"] == i]
            for value in values:
                start = text.find(value)
                while start != -1:
                    end = start + len(value)
                    glued = (start > 0 and text[start - 1].isalnum() and value[0].isalnum()) or (
                        end < len(text) and text[end].isalnum() and value[-1].isalnum()
                    )
                    if not glued:
                        assert any(s <= start and end <= e for s, e in spans), p["id"]
                    start = text.find(value, start + 1)


@pytest.mark.parametrize("half", ["dev", "test"])
def test_every_gold_value_revalidated(half: str) -> None:
    """Each gold value passes an independent validator for its label."""
    bad = []
    for p in _raw(half):
        for e in p["entities"]:
            assert e["label"] in LABELS
            if not valid(e["label"], e["value"], p["locale"]):
                bad.append((p["id"], e["label"]))
    assert not bad, bad[:10]


def test_hard_kinds_are_weighted() -> None:
    """Passports, national ids, birth dates, addresses and phones are well represented."""
    for half in ("dev", "test"):
        labels = Counter(e["label"] for p in _raw(half) for e in p["entities"])
        assert set(labels) == LABELS
        for label in ("PASSPORT", "NATIONAL_ID", "DATE_OF_BIRTH", "ADDRESS", "PHONE"):
            assert labels[label] >= 80, (half, label)


def test_generator_is_deterministic(tmp_path: Path) -> None:
    """Regenerating from the seed reproduces the committed files byte for byte."""
    from bench.fresh6.generate import write

    write(tmp_path)
    for name in ("dev.jsonl", "test.jsonl", "manifest.json"):
        assert (tmp_path / name).read_bytes() == (ROOT / name).read_bytes(), name
