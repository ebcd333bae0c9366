"""Data tests for the fresh4 evaluation set (``bench/fresh4``); no detector runs here.

They check that both halves load, match the manifest and rebuild byte for byte, that
the halves share no frame, that every span is exact and every occurrence of a gold value
is labelled, and that every gold value passes a validator that is not the generator
(python-stdnum, phonenumbers, ipaddress, cryptography, hmac, datetime, email, or a
published rule re-implemented here where no library covers it), while near-miss
negatives fail the rule of what they imitate.
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
import math
import re
from collections.abc import Callable
from email.errors import HeaderParseError
from email.headerregistry import Address
from functools import cache
from pathlib import Path
from typing import Any

import phonenumbers
import pytest
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ed25519, rsa
from stdnum import bic, iban, luhn, vatin
from stdnum.at import vnr as at_vnr
from stdnum.au import tfn as au_tfn
from stdnum.be import nn as be_nn
from stdnum.br import cpf as br_cpf
from stdnum.ca import bc_phn as ca_bc_phn
from stdnum.ca import sin as ca_sin
from stdnum.ch import ssn as ch_ssn
from stdnum.cn import ric as cn_ric
from stdnum.de import idnr
from stdnum.dk import cpr as dk_cpr
from stdnum.es import dni as es_dni
from stdnum.es import nie as es_nie
from stdnum.fi import hetu as fi_hetu
from stdnum.fr import nir as fr_nir
from stdnum.gb import nhs as gb_nhs
from stdnum.ie import pps as ie_pps
from stdnum.in_ import aadhaar as in_aadhaar
from stdnum.it import codicefiscale as it_cf
from stdnum.nl import bsn as nl_bsn
from stdnum.no import fodselsnummer as no_fnr
from stdnum.pl import pesel as pl_pesel
from stdnum.se import personnummer as se_pnr
from stdnum.tr import tckimlik as tr_tckn
from stdnum.us import itin, ssn
from stdnum.za import idnr as za_idnr

from proxy.evaluation import load_corpus

HERE = Path(__file__).resolve().parents[2] / "bench" / "fresh4"
FILES = {"dev": HERE / "dev.jsonl", "test": HERE / "test.jsonl"}
SIZES = {"dev": {"en": 200, "de": 200}, "test": {"en": 300, "de": 300}}
LABELS = frozenset(
    {
        "EMAIL",
        "PHONE",
        "CREDIT_CARD",
        "IBAN",
        "US_SSN",
        "DE_TAX_ID",
        "IP_ADDRESS",
        "PRIVATE_KEY",
        "JWT",
        "API_KEY",
        "US_ITIN",
        "PASSPORT",
        "NATIONAL_ID",
        "VAT_ID",
        "BIC",
        "DATE_OF_BIRTH",
        "ADDRESS",
        "PERSON",
        "ORGANIZATION",
    }
)
REGION = {
    "en_US": "US",
    "en_GB": "GB",
    "en_CA": "CA",
    "en_AU": "AU",
    "de_DE": "DE",
    "de_AT": "AT",
    "de_CH": "CH",
}
TODAY = dt.date(2025, 3, 3)


@cache
def rows(half: str) -> tuple[dict[str, Any], ...]:
    """The decoded JSONL objects of one half."""
    with FILES[half].open(encoding="utf-8") as handle:
        return tuple(json.loads(line) for line in handle if line.strip())


@cache
def manifest() -> dict[str, Any]:
    """The committed manifest."""
    data: dict[str, Any] = json.loads((HERE / "manifest.json").read_text(encoding="utf-8"))
    return data


def all_rows() -> list[dict[str, Any]]:
    """Both halves."""
    return [*rows("dev"), *rows("test")]


# ---- validators (none of them is the generator) -------------------------------------


def _digits(value: str) -> str:
    return re.sub(r"[ \-.]", "", value)


# published issuer identification ranges and lengths of the card schemes
_IIN: list[tuple[Callable[[str], bool], tuple[int, ...]]] = [
    (lambda d: d[0] == "4", (13, 16, 19)),
    (lambda d: 51 <= int(d[:2]) <= 55 or 2221 <= int(d[:4]) <= 2720, (16,)),
    (lambda d: d[:2] in ("34", "37"), (15,)),
    (lambda d: d[:4] == "6011" or 644 <= int(d[:3]) <= 649 or d[:2] == "65", (16, 17, 18, 19)),
    (lambda d: 300 <= int(d[:3]) <= 305 or d[:2] in ("36", "38", "39"), (14, 15, 16, 17, 18, 19)),
    (lambda d: 3528 <= int(d[:4]) <= 3589, (16, 17, 18, 19)),
    (lambda d: d[:2] == "62", (16, 17, 18, 19)),
    (lambda d: d[:2] == "50" or 56 <= int(d[:2]) <= 69, tuple(range(12, 20))),
    (lambda d: 2200 <= int(d[:4]) <= 2204, (16, 17, 18, 19)),
]


def is_card(value: str) -> bool:
    """Luhn (python-stdnum) and a scheme's IIN range and length."""
    d = _digits(value)
    if not d.isdigit() or not 12 <= len(d) <= 19 or not luhn.is_valid(d):
        return False
    return any(match(d) and len(d) in lengths for match, lengths in _IIN)


def is_iban(value: str) -> bool:
    """python-stdnum (ISO 13616 MOD 97 plus its national checks), the French RIB key and
    the Italian CIN."""
    v = value.replace(" ", "").upper()
    if not iban.is_valid(v):
        return False
    if v.startswith("FR"):
        bank, branch, account, key = v[4:9], v[9:14], v[14:25], v[25:27]
        if (89 * int(bank) + 15 * int(branch) + 3 * int(account) + int(key)) % 97:
            return False
    return not (v.startswith("IT") and it_cf.calc_check_digit(v[5:]) != v[4])


def is_email(value: str) -> bool:
    """RFC 5322 addr-spec via the standard library, with an LDH host name."""
    try:
        addr = Address(addr_spec=value)
    except (HeaderParseError, ValueError, IndexError):
        return False
    labels = addr.domain.split(".")
    return (
        addr.addr_spec == value
        and len(labels) >= 2
        and labels[-1].isalpha()
        and all(re.fullmatch(r"[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?", lb) for lb in labels)
    )


def is_ip(value: str) -> bool:
    """ipaddress."""
    try:
        ipaddress.ip_address(value)
    except ValueError:
        return False
    return True


_EXT = re.compile(r" (?:Durchwahl|App\.) ")


def is_phone(value: str, locale: str) -> bool:
    """phonenumbers.is_valid_number, parsed from the payload's region (German extension
    words are read as extensions)."""
    try:
        number = phonenumbers.parse(_EXT.sub(" ext. ", value), REGION[locale])
    except phonenumbers.NumberParseException:
        return False
    return bool(phonenumbers.is_valid_number(number))


def is_ssn(value: str) -> bool:
    """python-stdnum us.ssn (spaces read as dashes)."""
    return bool(ssn.is_valid(value.replace(" ", "-")))


def is_itin(value: str) -> bool:
    """python-stdnum us.itin (spaces read as dashes)."""
    return bool(itin.is_valid(value.replace(" ", "-")))


def is_idnr(value: str) -> bool:
    """python-stdnum de.idnr."""
    return bool(idnr.is_valid(value.replace(" ", "")))


# ---- national numbers: python-stdnum where it has them, published rules otherwise --------


def _gb_nino(v: str) -> bool:
    """HMRC: prefix letters (D F I Q U V never, O not second, seven pairs unallocated),
    six digits, suffix A-D."""
    c = v.replace(" ", "")
    m = re.fullmatch(r"([A-CEGHJ-PR-TW-Z])([A-CEGHJ-NPR-TW-Z])\d{6}[A-D]", c)
    return bool(m) and c[:2] not in {"BG", "GB", "KN", "NK", "NT", "TN", "ZZ"}


def _de_rvnr(v: str) -> bool:
    """Deutsche Rentenversicherung: area, DDMMYY, initial, serial, check digit over the
    weights 2 1 2 5 7 1 2 1 2 1 2 1 with the initial as its two-digit alphabet position."""
    c = v.replace(" ", "")
    if not re.fullmatch(r"\d{8}[A-Z]\d{3}", c):
        return False
    try:
        dt.datetime.strptime(c[2:8], "%d%m%y")
    except ValueError:
        return False
    seq = c[:8] + f"{ord(c[8]) - 64:02d}" + c[9:11]
    total = sum(
        sum(divmod(int(d) * w, 10))
        for d, w in zip(seq, (2, 1, 2, 5, 7, 1, 2, 1, 2, 1, 2, 1), strict=True)
    )
    return total % 10 == int(c[11])


def _de_kvnr(v: str) -> bool:
    """GKV-Spitzenverband: letter, eight digits, check digit (Luhn-like, weights 1 2 over
    the letter's two-digit position and the digits)."""
    if not re.fullmatch(r"[A-Z][1-9]\d{8}", v):
        return False
    seq = f"{ord(v[0]) - 64:02d}" + v[1:9]
    total = sum(sum(divmod(int(d) * (1 if i % 2 == 0 else 2), 10)) for i, d in enumerate(seq))
    return total % 10 == int(v[9])


def _de_ausweis(v: str) -> bool:
    """BSI: identity-card serial, nine characters of the document alphabet, first a letter
    of the identity-card range."""
    return bool(re.fullmatch(r"[LMNPRTVWXY][CFGHJKLMNPRTVWXYZ0-9]{8}", v))


def _au_medicare(v: str) -> bool:
    """Services Australia: first digit 2-6, check digit = weights 1 3 7 9 1 3 7 9 mod 10,
    then the issue number."""
    c = v.replace(" ", "")
    if not re.fullmatch(r"[2-6]\d{9}", c):
        return False
    return sum(
        int(d) * w for d, w in zip(c[:8], (1, 3, 7, 9, 1, 3, 7, 9), strict=True)
    ) % 10 == int(c[8])


NATIONAL_VALIDATORS: list[Callable[[str], bool]] = [
    gb_nhs.is_valid,
    ca_sin.is_valid,
    ca_bc_phn.is_valid,
    au_tfn.is_valid,
    at_vnr.is_valid,
    ch_ssn.is_valid,
    fr_nir.is_valid,
    it_cf.is_valid,
    es_dni.is_valid,
    es_nie.is_valid,
    nl_bsn.is_valid,
    se_pnr.is_valid,
    no_fnr.is_valid,
    fi_hetu.is_valid,
    pl_pesel.is_valid,
    dk_cpr.is_valid,
    ie_pps.is_valid,
    in_aadhaar.is_valid,
    br_cpf.is_valid,
    tr_tckn.is_valid,
    za_idnr.is_valid,
    cn_ric.is_valid,
    be_nn.is_valid,
    _gb_nino,
    _de_rvnr,
    _de_kvnr,
    _de_ausweis,
    _au_medicare,
]


def is_national_id(value: str) -> bool:
    """Some national or social-insurance number rule accepts it."""
    return any(bool(check(value)) for check in NATIONAL_VALIDATORS)


# passport number layouts as the issuing states publish them
PASSPORT_FORMATS = [
    r"[CFGHJK][CFGHJKLMNPRTVWXYZ0-9]{8}",  # DE
    r"[A-Z]\d{7}",  # AT, CH, IN
    r"\d{9}",  # US, GB
    r"[A-Z]\d{8}",  # US next generation
    r"[A-Z]{2}\d{6}",  # CA
    r"[A-Z]{1,2}\d{7}",  # AU, IE, IT, PL
    r"\d{2}[A-Z]{2}\d{5}",  # FR
    r"[A-Z]{3}\d{6}",  # ES
]


def is_passport(value: str) -> bool:
    """The number has a layout some issuer uses."""
    return any(re.fullmatch(p, value) for p in PASSPORT_FORMATS)


# vendor token layouts (prefixes and alphabets as the vendors document them)
TOKEN_FORMATS = [
    r"(?:AKIA|ASIA)[A-Z2-7]{16}",
    r"[A-Za-z0-9/+]{40}",
    r"gh[pousr]_[A-Za-z0-9]{36}",
    r"github_pat_[A-Za-z0-9]{22}_[A-Za-z0-9]{59}",
    r"glpat-[A-Za-z0-9_-]{20}",
    r"xox[bp]-\d+-\d+(?:-\d+)?-[A-Za-z0-9]+",
    r"[sr]k_live_[A-Za-z0-9]{24,99}",
    r"whsec_[A-Za-z0-9]{32}",
    r"sk-(?:proj|svcacct)-[A-Za-z0-9_-]+T3BlbkFJ[A-Za-z0-9_-]+",
    r"sk-ant-api03-[A-Za-z0-9_-]{93}AA",
    r"AIza[A-Za-z0-9_-]{35}",
    r"SG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}",
    r"[0-9a-f]{32}",
    r"[0-9a-f]{40}",
    r"[0-9a-f]{64}",
    r"npm_[A-Za-z0-9]{36}",
    r"pypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{40,}",
    r"hvs\.[A-Za-z0-9_-]{24,}",
    r"dop_v1_[0-9a-f]{64}",
    r"shp(?:at|ss)_[0-9a-f]{32}",
    r"key-[0-9a-f]{32}",
    r"\d{8,10}:AA[A-Za-z0-9_-]{33}",
    r"hf_[A-Za-z]{34}",
    r"dckr_pat_[A-Za-z0-9_-]{27}",
    r"ATATT3xFfGF0[A-Za-z0-9_-]+=[0-9A-F]{8}",
    r"[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}",
    r"django-insecure-[a-z0-9!@#$%^&*(\-_=+)]{50}",
    r"PMAK-[0-9a-f]{24}-[0-9a-f]{34}",
    r"lin_api_[A-Za-z0-9]{40}",
    r"secret_[A-Za-z0-9]{43}",
    r"sk\.eyJ1Ijoi[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}",
]


def _b64_bytes(value: str) -> bytes | None:
    try:
        return base64.b64decode(value, validate=True)
    except (binascii.Error, ValueError):
        return None


def is_secret(value: str) -> bool:
    """A vendor token layout, a base64 key of 24-64 bytes, an HTTP Basic credential, an
    app password, a PIN, or a password of eight or more characters from two classes."""
    if any(re.fullmatch(p, value) for p in TOKEN_FORMATS):
        return True
    raw = _b64_bytes(value)
    if raw is not None and len(value) % 4 == 0 and len(value) >= 32:
        if len(raw) in (24, 32, 48, 64):
            return True
        if b":" in raw and raw.isascii():
            return True
    if re.fullmatch(r"[a-z]{4}(?: [a-z]{4}){3}", value) or re.fullmatch(r"\d{4,8}[#*]?", value):
        return True
    classes = sum(
        bool(re.search(p, value)) for p in (r"[A-ZÄÖÜ]", r"[a-zäöüß]", r"\d", r"[^\w\s]|_")
    )
    return len(value) >= 8 and classes >= 2 and not re.search(r"\s", value)


def load_private_key(value: str) -> object:
    """Load with cryptography (JSON escapes and YAML indentation undone first).  RSA keys
    skip OpenSSL's slow consistency check and get the same arithmetic checks here."""
    text = json.loads(f'"{value}"') if "\\n" in value else value
    text = "\n".join(line.strip() for line in text.splitlines()) + "\n"
    key: object
    if "OPENSSH PRIVATE KEY" in text:
        key = serialization.load_ssh_private_key(
            text.encode(), password=None, unsafe_skip_rsa_key_validation=True
        )
    else:
        key = serialization.load_pem_private_key(
            text.encode(), password=None, unsafe_skip_rsa_key_validation=True
        )
    if isinstance(key, rsa.RSAPrivateKey):
        n = key.private_numbers()
        p, q, e = n.p, n.q, n.public_numbers.e
        lam = (p - 1) * (q - 1) // math.gcd(p - 1, q - 1)
        assert p * q == n.public_numbers.n and (e * n.d) % lam == 1
        assert n.dmp1 == n.d % (p - 1) and n.dmq1 == n.d % (q - 1) and (n.iqmp * q) % p == 1
    return key


def _b64url(part: str) -> bytes:
    return base64.urlsafe_b64decode(part + "=" * (-len(part) % 4))


def jwt_verifies(token: str, keys: list[dict[str, str]]) -> bool:
    """hmac (HS256/384/512) or cryptography (EdDSA) with a key from the manifest."""
    head, body, sig = token.split(".")
    header = json.loads(_b64url(head))
    json.loads(_b64url(body))
    signed = f"{head}.{body}".encode()
    for key in keys:
        if key["alg"] != header["alg"]:
            continue
        if key["alg"] == "EdDSA":
            try:
                ed25519.Ed25519PublicKey.from_public_bytes(bytes.fromhex(key["key"])).verify(
                    _b64url(sig), signed
                )
            except InvalidSignature:
                continue
            return True
        digest = {"HS256": hashlib.sha256, "HS384": hashlib.sha384, "HS512": hashlib.sha512}[
            key["alg"]
        ]
        mac = hmac.new(bytes.fromhex(key["key"]), signed, digest).digest()
        if hmac.compare_digest(mac, _b64url(sig)):
            return True
    return False


_DE_MONTHS = {
    m: i + 1
    for i, m in enumerate(
        [
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
    )
}
_DATE_FORMATS = [
    "%m/%d/%Y",
    "%d/%m/%Y",
    "%B %d, %Y",
    "%b %d, %Y",
    "%Y-%m-%d",
    "%d %B %Y",
    "%d %b %Y",
    "%d.%m.%Y",
    "%d.%m.%y",
    "%y%m%d",
    "%d. %m %Y",
]


def parse_birth_date(value: str) -> dt.date | None:
    """datetime.strptime over the formats people use (German month names mapped,
    English ordinals dropped, two-digit years pivoting to the past)."""
    v = re.sub(r"^(\d{1,2})(?:st|nd|rd|th) ", r"\1 ", value)
    for name, num in _DE_MONTHS.items():
        v = v.replace(f". {name} ", f". {num:02d} ")
    for fmt in _DATE_FORMATS:
        try:
            d = dt.datetime.strptime(v, fmt).date()
        except ValueError:
            continue
        if d > TODAY and "%y" in fmt:
            d = d.replace(year=d.year - 100)
        return d
    return None


_POSTCODE = re.compile(
    r"\b\d{4,5} \w|[A-Z]{2} \d{5}(?:-\d{4})?\b|\b[A-Z]{1,2}\d{1,2}[A-Z]? \d[A-Z]{2}\b"
    r"|\b[A-Z]\d[A-Z] \d[A-Z]\d\b|\b(?:NSW|VIC|QLD|SA|WA|TAS|ACT|NT) \d{4}\b"
)


def is_address(value: str) -> bool:
    """A postcode in one of the covered layouts, or a street line with a house number."""
    return bool(_POSTCODE.search(value)) or bool(
        re.search(r"[A-Za-zÄÖÜäöüß]{3,}", value) and re.search(r"\b\d{1,5}[a-z]?\b", value)
    )


# ---- tests -----------------------------------------------------------------------------


def test_both_halves_load_with_the_corpus_loader() -> None:
    """load_corpus parses every line; sizes, ids, languages and locales are as documented."""
    for half, path in FILES.items():
        payloads = load_corpus(path)
        raw = rows(half)
        assert len(payloads) == len(raw) == sum(SIZES[half].values())
        for lang, n in SIZES[half].items():
            assert sum(1 for p in payloads if p.lang == lang) == n
        ids = [p.id for p in payloads]
        assert len(set(ids)) == len(ids)
        assert all(i.startswith(f"fresh4-{half}-") for i in ids)
        for obj in raw:
            assert REGION[obj["locale"]] and obj["locale"][:2] == obj["lang"]
            assert obj["frame"] in manifest()["frames"][half][obj["lang"]]


def test_committed_bytes_match_the_manifest() -> None:
    """The sha256 of each committed file is the one the manifest records."""
    for half, path in FILES.items():
        entry = manifest()["files"][path.name]
        data = path.read_bytes()
        assert hashlib.sha256(data).hexdigest() == entry["sha256"], half
        assert len(data) == entry["bytes"]


def test_a_sample_rebuilds_byte_for_byte() -> None:
    """Rebuilding a spread of payloads in this process gives the committed lines."""
    from bench.fresh4 import generate

    for half, path in FILES.items():
        lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
        for lang in ("en", "de"):
            plan = generate.schedule(half, lang)
            offset = 0 if lang == "en" else SIZES[half]["en"]
            light = [
                i
                for i in range(SIZES[half][lang])
                if "RSA PRIVATE" not in lines[offset + i]
                and "BEGIN PRIVATE KEY" not in lines[offset + i]
            ]
            for i in light[3 :: max(1, len(light) // 3)][:3]:
                obj, _ = generate.build_payload(half, lang, i, plan)
                assert generate.line_of(obj) == lines[offset + i], obj["id"]


def test_the_halves_share_no_frame_and_each_covers_everything() -> None:
    """No frame feeds both halves; each half holds every label and every negative kind."""
    m = manifest()
    dev = {f for lang in ("en", "de") for f in m["frames"]["dev"][lang]}
    test = {f for lang in ("en", "de") for f in m["frames"]["test"][lang]}
    assert dev and test and not dev & test
    for half in FILES:
        assert {o["frame"] for o in rows(half)} == (dev if half == "dev" else test)
        labels = {e["label"] for o in rows(half) for e in o["entities"]}
        assert labels == LABELS, half
        kinds = {n["kind"] for o in rows(half) for n in o["negatives"]}
        assert kinds == set(m["negative_kinds"]), half
        for lang in ("en", "de"):
            assert {
                e["label"] for o in rows(half) if o["lang"] == lang for e in o["entities"]
            } == LABELS


def test_every_span_is_exact_and_spans_do_not_collide() -> None:
    """texts[t][start:end] == value; gold spans do not overlap; negatives miss all gold."""
    for obj in all_rows():
        texts = obj["texts"]
        for item in (*obj["entities"], *obj["negatives"]):
            assert texts[item["text"]][item["start"] : item["end"]] == item["value"], obj["id"]
        assert all(e["label"] in LABELS for e in obj["entities"])
        gold = sorted((e["text"], e["start"], e["end"]) for e in obj["entities"])
        for a, b in itertools.pairwise(gold):
            assert a[0] != b[0] or a[2] <= b[1], obj["id"]
        for n in obj["negatives"]:
            assert not any(
                t == n["text"] and s < n["end"] and n["start"] < e for t, s, e in gold
            ), obj["id"]


def _occurrences(value: str, text: str) -> list[int]:
    out, start = [], text.find(value)
    while start != -1:
        end = start + len(value)
        glued = (value[0].isalnum() and start > 0 and text[start - 1].isalnum()) or (
            value[-1].isalnum() and end < len(text) and text[end].isalnum()
        )
        if not glued:
            out.append(start)
        start = text.find(value, start + 1)
    return out


def test_no_gold_value_also_occurs_unlabelled() -> None:
    """Every occurrence of a gold value (not glued to a letter or digit) lies in a gold span."""
    for obj in all_rows():
        spans = [(e["text"], e["start"], e["end"]) for e in obj["entities"]]
        for value in {e["value"] for e in obj["entities"]}:
            for t, text in enumerate(obj["texts"]):
                for start in _occurrences(value, text):
                    end = start + len(value)
                    assert any(st == t and s <= start and end <= e for st, s, e in spans), (
                        obj["id"],
                        t,
                        start,
                    )


def test_every_gold_value_passes_a_third_party_validator() -> None:
    """Each structured value, birth date and address passes its validator."""
    keys = manifest()["jwt_keys"]
    checks: dict[str, Callable[[str, dict[str, Any]], bool]] = {
        "EMAIL": lambda v, o: is_email(v),
        "PHONE": lambda v, o: is_phone(v, o["locale"]),
        "CREDIT_CARD": lambda v, o: is_card(v),
        "IBAN": lambda v, o: is_iban(v),
        "US_SSN": lambda v, o: is_ssn(v),
        "US_ITIN": lambda v, o: is_itin(v),
        "DE_TAX_ID": lambda v, o: is_idnr(v),
        "IP_ADDRESS": lambda v, o: is_ip(v),
        "PRIVATE_KEY": lambda v, o: load_private_key(v) is not None,
        "JWT": lambda v, o: jwt_verifies(v, keys.get(o["id"], [])),
        "API_KEY": lambda v, o: is_secret(v),
        "PASSPORT": lambda v, o: is_passport(v),
        "NATIONAL_ID": lambda v, o: is_national_id(v),
        "VAT_ID": lambda v, o: bool(vatin.is_valid(v)),
        "BIC": lambda v, o: bool(bic.is_valid(v)),
        "DATE_OF_BIRTH": lambda v, o: (
            (d := parse_birth_date(v)) is not None and dt.date(1900, 1, 1) <= d <= TODAY
        ),
        "ADDRESS": is_address_of,
        "PERSON": lambda v, o: v[0].isalpha() and not re.search(r"\d", v),
        "ORGANIZATION": lambda v, o: v[0].isalnum(),
    }
    bad = [
        (o["id"], e["label"], e["value"][:40])
        for o in all_rows()
        for e in o["entities"]
        if not checks[e["label"]](e["value"], o)
    ]
    assert not bad, bad[:10]


def is_address_of(value: str, obj: dict[str, Any]) -> bool:
    """is_address for the checks table."""
    return is_address(value)


def test_machine_readable_zones_carry_valid_check_digits() -> None:
    """ICAO 9303 check digits of every passport MRZ line (number, birth, expiry, composite)."""

    def digit(field: str) -> int:
        values = [0 if ch == "<" else int(ch) if ch.isdigit() else ord(ch) - 55 for ch in field]
        return sum(v * (7, 3, 1)[i % 3] for i, v in enumerate(values)) % 10

    seen = 0
    for obj in all_rows():
        for text in obj["texts"]:
            lines = text.splitlines()
            for first, second in itertools.pairwise(lines):
                if not (first.startswith("P<") and len(first) == 44 and len(second) == 44):
                    continue
                seen += 1
                assert digit(second[0:9]) == int(second[9])
                assert digit(second[13:19]) == int(second[19])
                assert digit(second[21:27]) == int(second[27])
                assert digit(second[0:10] + second[13:20] + second[21:43]) == int(second[43])
    assert seen > 10


NEAR_MISS: dict[str, Callable[[str, dict[str, Any]], bool]] = {
    "iban_lookalike": lambda v, o: not is_iban(v),
    "card_lookalike": lambda v, o: not luhn.is_valid(_digits(v)),
    "taxid_lookalike": lambda v, o: not is_idnr(v),
    "ssn_lookalike": lambda v, o: not is_ssn(v) and not is_itin(v),
    "ip_lookalike": lambda v, o: not is_ip(v),
    "phone_lookalike": lambda v, o: not is_phone(v, o["locale"]),
}


def test_near_miss_negatives_fail_what_they_imitate() -> None:
    """Look-alikes fail their rule; no negative is a valid card, IBAN, IP, e-mail or IdNr;
    public keys load as public keys and not as private ones."""
    for obj in all_rows():
        for n in obj["negatives"]:
            v = n["value"]
            if n["kind"] in NEAR_MISS:
                assert NEAR_MISS[n["kind"]](v, obj), (obj["id"], n["kind"], v)
            assert not is_card(v) and not is_iban(v) and not is_ip(v) and not is_email(v), (
                obj["id"],
                v,
            )
            assert not (len(_digits(v)) == 11 and is_idnr(v)), (obj["id"], v)
            if n["kind"] == "public_key":
                if v.startswith("-----BEGIN PUBLIC KEY-----"):
                    serialization.load_pem_public_key(v.encode())
                else:
                    serialization.load_ssh_public_key(v.encode())
                with pytest.raises(ValueError):
                    load_private_key(v)


def test_negatives_are_marked_in_a_fifth_to_a_third_of_payloads() -> None:
    """About 20-30 % of payloads carry marked hard negatives, in each half and language."""
    for half in FILES:
        for lang in ("en", "de"):
            sel = [o for o in rows(half) if o["lang"] == lang]
            share = sum(1 for o in sel if o["negatives"]) / len(sel)
            assert 0.18 <= share <= 0.36, (half, lang, share)


def test_manifest_counts_match_the_files() -> None:
    """The per-label and per-kind counts in the manifest are those of the files."""
    for half in FILES:
        for lang in ("en", "de", "all"):
            sel = [o for o in rows(half) if lang in ("all", o["lang"])]
            counted: dict[str, int] = {}
            for o in sel:
                for e in o["entities"]:
                    counted[e["label"]] = counted.get(e["label"], 0) + 1
            assert manifest()["counts"][half][lang]["labels"] == dict(sorted(counted.items()))
            negs: dict[str, int] = {}
            for o in sel:
                for n in o["negatives"]:
                    negs[n["kind"]] = negs.get(n["kind"], 0) + 1
            assert manifest()["counts"][half][lang]["negatives"] == dict(sorted(negs.items()))
