"""Data tests of the fresh5 evaluation set (``bench/fresh5``).

Every gold value is re-checked by a validator that is not the generator: python-stdnum,
phonenumbers, ``ipaddress``, ``cryptography`` key loading, ``hmac`` for JWTs,
``datetime`` for birth dates, ``email.headerregistry`` and, where no library exists,
published layouts re-implemented here (card IIN ranges, GitHub/npm token checksums, GB
NINO prefixes, passport layouts, ICAO 9303 check digits).  No detector is run.
"""

from __future__ import annotations

import base64
import binascii
import datetime as dt
import hashlib
import hmac
import ipaddress
import itertools
import json
import re
from collections import Counter
from email.errors import HeaderParseError
from email.headerregistry import Address
from functools import cache
from pathlib import Path
from typing import Any

import phonenumbers
import pytest
from cryptography.hazmat.primitives.serialization import (
    load_pem_private_key,
    load_ssh_private_key,
)
from stdnum import bic, iban, luhn, vatin
from stdnum.at import vnr
from stdnum.be import nn
from stdnum.ca import sin
from stdnum.ch import ssn as ahv
from stdnum.de import idnr
from stdnum.dk import cpr
from stdnum.es import dni, nie
from stdnum.fi import hetu
from stdnum.fr import nir
from stdnum.gb import nhs
from stdnum.it import codicefiscale
from stdnum.nl import bsn
from stdnum.pl import pesel
from stdnum.se import personnummer
from stdnum.us import itin
from stdnum.us import ssn as us_ssn

from proxy.evaluation import Payload, load_corpus

ROOT = Path(__file__).resolve().parents[2] / "bench" / "fresh5"
HALVES = {"dev": {"en": 150, "de": 150}, "test": {"en": 250, "de": 250}}
LABELS = {
    "EMAIL",
    "PHONE",
    "CREDIT_CARD",
    "IBAN",
    "US_SSN",
    "US_ITIN",
    "DE_TAX_ID",
    "IP_ADDRESS",
    "PRIVATE_KEY",
    "JWT",
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
REGION = {
    "de_DE": "DE",
    "de_AT": "AT",
    "de_CH": "CH",
    "en_US": "US",
    "en_GB": "GB",
    "en_CA": "CA",
    "en_AU": "AU",
}
JWT_KEY = b"fresh5-2026-hs256-signing-key"
B62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


@cache
def raw(half: str) -> tuple[dict[str, Any], ...]:
    lines = (ROOT / f"{half}.jsonl").read_text(encoding="utf-8").splitlines()
    return tuple(json.loads(line) for line in lines if line.strip())


@cache
def manifest() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((ROOT / "manifest.json").read_text(encoding="utf-8"))
    return data


# ---- independent validators -----------------------------------------------------------


def valid_email(v: str) -> bool:
    try:
        addr = Address(addr_spec=v)
    except (ValueError, IndexError, HeaderParseError):
        return False
    return addr.addr_spec == v and "." in addr.domain and not any(c.isspace() for c in v)


_EXT = re.compile(r"^(?P<num>.+?)(?:\s*(?:ext\.?|Ext\.|x)\s*(?P<ext>\d{1,5}))?$")
_PHONE_SHAPE = re.compile(r"\+?[\d\s()/\-.]+")
_DATE_SHAPE = re.compile(r"\d{4}-\d{2}-\d{2}|\d{1,2}[/.]\d{1,2}[/.]\d{2,4}")


def valid_phone(v: str, region: str) -> bool:
    m = _EXT.match(v)
    if not m or not _PHONE_SHAPE.fullmatch(m.group("num")) or _DATE_SHAPE.fullmatch(v):
        return False
    regions = [region]
    if m.group("num").startswith(("+", "00")):
        regions += ["DE", "GB", "AT", "CH", "AU"]
    for reg in regions:
        try:
            num = phonenumbers.parse(v, reg)
        except phonenumbers.NumberParseException:
            continue
        if phonenumbers.is_valid_number(num) and (num.extension or None) == m.group("ext"):
            return True
    return False


def any_phone(v: str) -> bool:
    """Valid somewhere *and* written as a phone number is written.

    A bare digit run without ``+``, ``00`` or trunk ``0`` (e.g. a tax-id lookalike) is not
    taken for a phone number although phonenumbers would read it as a German national
    number without its trunk prefix.
    """
    written = v.startswith(("+", "00", "0", "(0")) or re.fullmatch(
        r"1?[\s.-]?\(?[2-9]\d{2}\)?[\s.-]?[2-9]\d{2}[\s.-]?\d{4}", v
    )
    return bool(written) and any(
        valid_phone(v, r) for r in ("DE", "AT", "CH", "US", "CA", "GB", "AU")
    )


def card_scheme(digits: str) -> str | None:
    n, p2, p4 = len(digits), int(digits[:2]), int(digits[:4])
    if digits[0] == "4" and n in (13, 16, 19):
        return "visa"
    if (51 <= p2 <= 55 or 2221 <= p4 <= 2720) and n == 16:
        return "mastercard"
    if p2 in (34, 37) and n == 15:
        return "amex"
    if (p4 == 6011 or p2 == 65 or 644 <= int(digits[:3]) <= 649) and n == 16:
        return "discover"
    if (300 <= int(digits[:3]) <= 305 or p2 in (36, 38)) and n == 14:
        return "diners"
    if 3528 <= p4 <= 3589 and n == 16:
        return "jcb"
    if p4 in (5018, 5020, 5038, 6304, 6759, 6761, 6763) and 12 <= n <= 19:
        return "maestro"
    if p2 == 62 and 16 <= n <= 19:
        return "unionpay"
    return None


def valid_card(v: str) -> bool:
    if not re.fullmatch(r"\d[\d -]+\d", v):
        return False
    digits = re.sub(r"[ -]", "", v)
    return card_scheme(digits) is not None and luhn.is_valid(digits)


def valid_ip(v: str) -> bool:
    try:
        ipaddress.ip_address(v)
    except ValueError:
        return False
    return True


def valid_private_key(v: str) -> bool:
    text = json.loads(f'"{v}"') if "\\n" in v else v
    text = "\n".join(line.strip() for line in text.splitlines()) + "\n"
    data = text.encode()
    try:
        if "OPENSSH PRIVATE KEY" in text:
            load_ssh_private_key(data, password=None)
        else:
            load_pem_private_key(data, password=None)
    except (ValueError, TypeError):
        return False
    return True


def _b64url(part: str) -> bytes:
    return base64.urlsafe_b64decode(part + "=" * (-len(part) % 4))


def valid_jwt(v: str) -> bool:
    parts = v.split(".")
    if len(parts) != 3:
        return False
    head = json.loads(_b64url(parts[0]))
    json.loads(_b64url(parts[1]))
    if head.get("alg") != "HS256":
        return False
    mac = hmac.new(JWT_KEY, f"{parts[0]}.{parts[1]}".encode(), hashlib.sha256).digest()
    return hmac.compare_digest(mac, _b64url(parts[2]))


def _crc_b62(body: str) -> str:
    crc = binascii.crc32(body.encode()) & 0xFFFFFFFF
    out = ""
    while crc:
        crc, r = divmod(crc, 62)
        out = B62[r] + out
    return out.rjust(6, "0")


_VENDOR = [
    re.compile(p)
    for p in (
        r"AKIA[A-Z2-7]{16}",  # AWS access key id
        r"github_pat_11[A-Z0-9]{20}_[A-Za-z0-9]{59}",
        r"glpat-[A-Za-z0-9_-]{20}",
        r"xox[bp]-\d{10,13}-\d{10,13}-[A-Za-z0-9]{24}",
        r"(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{24,99}",
        r"sk-[A-Za-z0-9]{20}T3BlbkFJ[A-Za-z0-9]{20}",
        r"sk-proj-[A-Za-z0-9_-]{100,200}",
        r"sk-ant-api03-[A-Za-z0-9_-]{93}AA",
        r"AIza[A-Za-z0-9_-]{35}",
        r"SG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}",
        r"SK[0-9a-f]{32}",  # Twilio API key SID
        r"pypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{50,}",
        r"hf_[A-Za-z]{34}",
        r"dop_v1_[0-9a-f]{64}",
        r"shpat_[0-9a-f]{32}",
    )
]


def valid_api_key(v: str) -> bool:
    if any(c.isspace() for c in v) or len(v) < 8:
        return False
    m = re.fullmatch(r"gh[pousr]_([A-Za-z0-9]{30})([A-Za-z0-9]{6})", v) or re.fullmatch(
        r"npm_([A-Za-z0-9]{30})([A-Za-z0-9]{6})", v
    )
    if m:
        return _crc_b62(m.group(1)) == m.group(2)
    if any(p.fullmatch(v) for p in _VENDOR):
        return True
    # a password / generic secret in an assignment: several character classes
    classes = sum(bool(re.search(p, v)) for p in (r"[a-z]", r"[A-Z]", r"\d", r"[^A-Za-z0-9]"))
    return classes >= 2


def icao_check(s: str) -> str:
    total = 0
    for i, ch in enumerate(s):
        val = int(ch) if ch.isdigit() else 0 if ch == "<" else ord(ch) - 55
        total += val * (7, 3, 1)[i % 3]
    return str(total % 10)


_PA = "[CFGHJKLMNPRTVWXYZ0-9]"
_PASSPORTS = [
    re.compile(p)
    for p in (
        f"[CFGHJK]{_PA}{{8}}",  # DE
        r"\d{9}|[A-Z]\d{8}",  # US (book / next generation), GB
        r"\d{2}[A-Z]{2}\d{5}",  # FR
        r"[A-Z]\d{7}",  # AT, CH
        r"[A-Z]{2}\d{7}",  # IT
        r"[A-Z]{3}\d{6}",  # ES
        r"[A-Z]{2}\d{6}",  # CA
    )
]


def valid_passport(v: str) -> bool:
    return any(p.fullmatch(v) for p in _PASSPORTS)


def valid_nino(v: str) -> bool:
    s = v.replace(" ", "")
    m = re.fullmatch(r"([A-Z]{2})(\d{6})([A-D])", s)
    if not m:
        return False
    pre = m.group(1)
    return (
        pre[0] not in "DFIQUV"
        and pre[1] not in "DFIOQUV"
        and pre not in {"BG", "GB", "KN", "NK", "NT", "TN", "ZZ"}
    )


def valid_de_id_card(v: str) -> bool:
    if re.fullmatch(f"[LMNPRTVWXY]{_PA}{{8}}", v):
        return True
    return bool(re.fullmatch(f"[LMNPRTVWXY]{_PA}{{8}}\\d", v)) and icao_check(v[:9]) == v[9]


_NATIONAL = [
    nhs,
    nir,
    codicefiscale,
    dni,
    nie,
    bsn,
    pesel,
    personnummer,
    vnr,
    ahv,
    sin,
    cpr,
    hetu,
    nn,
]


def valid_national_id(v: str) -> bool:
    if valid_nino(v) or valid_de_id_card(v):
        return True
    return any(mod.is_valid(v) for mod in _NATIONAL)


_DE_ONLY = {
    "Januar": "January",
    "Februar": "February",
    "März": "March",
    "Mai": "May",
    "Juni": "June",
    "Juli": "July",
    "Oktober": "October",
    "Dezember": "December",
}


def parse_birth_date(v: str) -> dt.date | None:
    s = v
    for de, en in _DE_ONLY.items():
        s = re.sub(rf"(?<!\w){de}(?!\w)", en, s)
    fmts = [
        "%d.%m.%Y",
        "%Y-%m-%d",
        "%m/%d/%Y",
        "%d/%m/%Y",
        "%B %d, %Y",
        "%b %d, %Y",
        "%d %B %Y",
        "%d %b %Y",
        "%d. %B %Y",
    ]
    for fmt in fmts:
        try:
            return dt.datetime.strptime(s, fmt).date()
        except ValueError:
            continue
    return None


def valid_label(label: str, v: str, region: str) -> bool:
    checks = {
        "EMAIL": lambda: valid_email(v),
        "PHONE": lambda: valid_phone(v, region),
        "CREDIT_CARD": lambda: valid_card(v),
        "IBAN": lambda: iban.is_valid(v),
        "US_SSN": lambda: bool(re.fullmatch(r"\d{3}-?\d{2}-?\d{4}", v)) and us_ssn.is_valid(v),
        "US_ITIN": lambda: bool(re.fullmatch(r"9\d{2}-\d{2}-\d{4}", v)) and itin.is_valid(v),
        "DE_TAX_ID": lambda: idnr.is_valid(v),
        "IP_ADDRESS": lambda: valid_ip(v),
        "PRIVATE_KEY": lambda: valid_private_key(v),
        "JWT": lambda: valid_jwt(v),
        "API_KEY": lambda: valid_api_key(v),
        "PASSPORT": lambda: valid_passport(v),
        "NATIONAL_ID": lambda: valid_national_id(v),
        "VAT_ID": lambda: vatin.is_valid(v),
        "BIC": lambda: bic.is_valid(v),
        "DATE_OF_BIRTH": lambda: (d := parse_birth_date(v)) is not None and 1940 <= d.year <= 2022,
        "ADDRESS": lambda: any(c.isdigit() for c in v) and any(c.isalpha() for c in v),
        "PERSON": lambda: v[0].isupper() and not any(c.isdigit() for c in v),
        "ORGANIZATION": lambda: v[0].isupper() and not any(c.isdigit() for c in v),
    }
    return bool(checks[label]())


def structured_hit(v: str) -> list[str]:
    """Labels under which ``v`` would be a valid value (for negatives)."""
    hits = []
    if _DATE_SHAPE.fullmatch(v) or re.fullmatch(r"\d+\.\d+\.\d+\.\d+", v):
        # dates and dotted quads are judged as dates / IPs only (some national-id and
        # phone parsers zero-pad or accept any digit run)
        return ["IP_ADDRESS"] if valid_ip(v) else []
    if re.fullmatch(r"[\d -]{12,23}", v) and valid_card(v):
        hits.append("CREDIT_CARD")
    for name, ok in (
        ("IBAN", iban.is_valid),
        ("US_SSN", us_ssn.is_valid),
        ("US_ITIN", itin.is_valid),
        ("DE_TAX_ID", idnr.is_valid),
        ("IP_ADDRESS", valid_ip),
        ("VAT_ID", vatin.is_valid),
        ("NATIONAL_ID", valid_national_id),
        ("PASSPORT", valid_passport),
        ("JWT", valid_jwt_safe),
        ("PHONE", any_phone),
        ("EMAIL", valid_email),
    ):
        if ok(v):
            hits.append(name)
    return hits


def valid_jwt_safe(v: str) -> bool:
    try:
        return valid_jwt(v)
    except (ValueError, binascii.Error):
        return False


# ---- tests -----------------------------------------------------------------------------


@pytest.mark.parametrize("half", sorted(HALVES))
def test_loads_and_matches_manifest(half: str) -> None:
    payloads = load_corpus(ROOT / f"{half}.jsonl")
    info = manifest()["halves"][half]
    data = (ROOT / f"{half}.jsonl").read_bytes()
    assert hashlib.sha256(data).hexdigest() == info["sha256"]
    langs = [p.lang for p in payloads]
    assert langs == ["en"] * HALVES[half]["en"] + ["de"] * HALVES[half]["de"]
    for lang in ("en", "de"):
        ids = [p.id for p in payloads if p.lang == lang]
        assert ids == [f"fresh5-{half}-{lang}-{i:04d}" for i in range(HALVES[half][lang])]
        labels = Counter(e.label for p in payloads if p.lang == lang for e in p.entities)
        assert dict(labels) == info["labels"][lang]
        kinds = Counter(n.kind for p in payloads if p.lang == lang for n in p.negatives)
        assert dict(kinds) == info["negatives"][lang]
    assert manifest()["faker_version"]


def test_frames_disjoint_and_enough() -> None:
    frames = {
        half: {lang: {o["frame"] for o in raw(half) if o["lang"] == lang} for lang in ("en", "de")}
        for half in HALVES
    }
    for lang in ("en", "de"):
        assert len(frames["dev"][lang]) >= 10
        assert len(frames["test"][lang]) >= 10
    all_dev = frames["dev"]["en"] | frames["dev"]["de"]
    all_test = frames["test"]["en"] | frames["test"]["de"]
    assert not all_dev & all_test


@pytest.mark.parametrize(
    ("half", "lang", "index"),
    [
        ("dev", "en", 0),
        ("dev", "en", 4),
        ("dev", "de", 7),
        ("dev", "de", 149),
        ("test", "en", 8),
        ("test", "en", 249),
        ("test", "de", 4),
        ("test", "de", 123),
    ],
)
def test_rebuilt_byte_for_byte(half: str, lang: str, index: int) -> None:
    from bench.fresh5.generate import line

    offset = 0 if lang == "en" else HALVES[half]["en"]
    lines = (ROOT / f"{half}.jsonl").read_text(encoding="utf-8").splitlines()
    assert line(half, lang, index) == lines[offset + index]


def _payloads() -> list[tuple[Payload, str]]:
    out = []
    for half in HALVES:
        for obj, p in zip(raw(half), load_corpus(ROOT / f"{half}.jsonl"), strict=True):
            assert obj["id"] == p.id
            out.append((p, REGION[obj["locale"]]))
    return out


def test_spans_exact_and_disjoint() -> None:
    for p, _ in _payloads():
        spans: dict[int, list[tuple[int, int]]] = {}
        for e in p.entities:
            assert e.label in LABELS, p.id
            assert p.texts[e.text][e.start : e.end] == e.value
            assert e.value == e.value.strip(), p.id
            spans.setdefault(e.text, []).append((e.start, e.end))
        for lst in spans.values():
            lst.sort()
            for (_, end1), (start2, _) in itertools.pairwise(lst):
                assert start2 >= end1, p.id
        for n in p.negatives:
            assert p.texts[n.text][n.start : n.end] == n.value
            assert not any(s < n.end and n.start < e for s, e in spans.get(n.text, [])), p.id


def test_no_unlabelled_occurrence() -> None:
    for p, _ in _payloads():
        for e in p.entities:
            for t, text in enumerate(p.texts):
                spans = [(g.start, g.end) for g in p.entities if g.text == t]
                start = text.find(e.value)
                while start != -1:
                    end = start + len(e.value)
                    glued = (e.value[0].isalnum() and start > 0 and text[start - 1].isalnum()) or (
                        e.value[-1].isalnum() and end < len(text) and text[end].isalnum()
                    )
                    inside = any(s <= start and end <= en for s, en in spans)
                    assert glued or inside, (p.id, e.label)
                    start = text.find(e.value, start + 1)


def test_every_gold_value_validates() -> None:
    bad = [
        (p.id, e.label, e.value[:30])
        for p, region in _payloads()
        for e in p.entities
        if not valid_label(e.label, e.value, region)
    ]
    assert not bad, bad[:10]


def test_negatives_are_not_values() -> None:
    bad = []
    for p, _ in _payloads():
        gold = {e.value for e in p.entities}
        for n in p.negatives:
            hits = structured_hit(n.value)
            if hits or n.value in gold:
                bad.append((p.id, n.kind, n.value, hits))
    assert not bad, bad[:10]


def test_near_misses_fail_their_rule() -> None:
    seen: Counter[str] = Counter()
    for p, _ in _payloads():
        for n in p.negatives:
            v, compact = n.value, re.sub(r"[ -]", "", n.value)
            seen[n.kind] += 1
            if n.kind == "iban_near_miss":
                assert re.fullmatch(r"[A-Z]{2}\d{2}[A-Z0-9]{10,30}", compact)
                assert not iban.is_valid(v)
            elif n.kind == "card_near_miss":
                assert compact.isdigit() and 13 <= len(compact) <= 19
                assert not luhn.is_valid(compact)
            elif n.kind == "taxid_near_miss":
                assert compact.isdigit() and len(compact) == 11 and not idnr.is_valid(v)
            elif n.kind == "ssn_near_miss":
                assert re.fullmatch(r"\d{3}-\d{2}-\d{4}", v)
                assert not us_ssn.is_valid(v) and not itin.is_valid(v)
            elif n.kind == "ip_near_miss":
                assert re.fullmatch(r"\d+\.\d+\.\d+\.\d+", v) and not valid_ip(v)
            elif n.kind == "phone_near_miss":
                assert not any_phone(v)
            elif n.kind == "public_key":
                assert v.startswith("ssh-ed25519 AAAA")
    for kind in (
        "iban_near_miss",
        "card_near_miss",
        "taxid_near_miss",
        "ssn_near_miss",
        "ip_near_miss",
        "phone_near_miss",
        "public_key",
    ):
        assert seen[kind] > 0, kind


def test_label_coverage() -> None:
    for half in HALVES:
        labels = {e["label"] for o in raw(half) for e in o["entities"]}
        assert labels == LABELS, half


def _national_kind(v: str) -> str:
    if valid_nino(v):
        return "gb_nino"
    if valid_de_id_card(v):
        return "de_id_card"
    return next(mod.__name__ for mod in _NATIONAL if mod.is_valid(v))


@pytest.mark.parametrize("half", sorted(HALVES))
def test_value_variety(half: str) -> None:
    ents = [e for o in raw(half) for e in o["entities"]]
    ibans = {e["value"][:2] for e in ents if e["label"] == "IBAN"}
    vats = {e["value"][:2] for e in ents if e["label"] == "VAT_ID"}
    cards = {
        card_scheme(re.sub(r"[ -]", "", e["value"])) for e in ents if e["label"] == "CREDIT_CARD"
    }
    nids = {_national_kind(e["value"]) for e in ents if e["label"] == "NATIONAL_ID"}
    keys = {
        re.search(r"BEGIN ([A-Z ]+) KEY", e["value"]).group(1)  # type: ignore[union-attr]
        for e in ents
        if e["label"] == "PRIVATE_KEY"
    }
    assert len(ibans) >= 10, ibans
    assert len(vats) >= 8, vats
    assert len(cards) >= 7, cards
    assert len(nids) >= 12, nids
    assert {"OPENSSH PRIVATE", "PRIVATE"} <= keys, keys
