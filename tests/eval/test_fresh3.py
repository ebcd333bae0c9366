"""Data tests for ``bench/fresh3``: the files, their manifest and every gold value.

No detector runs here.  The gold values are checked with validators that are not the
generator's own code (python-stdnum, phonenumbers, ipaddress, cryptography, hmac,
datetime, email); where no library covers an identifier (UK NINO, German
Rentenversicherungsnummer and ID-card numbers, MRZ check digits, vendor token shapes),
the issuer's published rule is re-implemented here independently of ``values.py``.
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
import string
import uuid
import zlib
from collections.abc import Callable, Iterator
from email.errors import HeaderParseError
from email.headerregistry import Address
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import phonenumbers
import pytest
from cryptography.hazmat.primitives.serialization import (
    load_pem_private_key,
    load_ssh_private_key,
)
from stdnum import bic as std_bic
from stdnum import ean as std_ean
from stdnum import iban as std_iban
from stdnum import isbn as std_isbn
from stdnum import luhn
from stdnum.at import vnr as at_vnr
from stdnum.ca import sin as ca_sin
from stdnum.ch import ssn as ch_ssn
from stdnum.ch import uid as ch_uid
from stdnum.ch import vat as ch_vat
from stdnum.de import idnr as de_idnr
from stdnum.es import dni as es_dni
from stdnum.eu import vat as eu_vat
from stdnum.fr import nir as fr_nir
from stdnum.gb import nhs as gb_nhs
from stdnum.gb import vat as gb_vat
from stdnum.nl import bsn as nl_bsn
from stdnum.pl import pesel as pl_pesel
from stdnum.us import itin as us_itin
from stdnum.us import ssn as us_ssn

from bench.fresh3 import generate
from proxy.evaluation import Payload, load_corpus

HERE = Path(generate.__file__).resolve().parent
MANIFEST: dict[str, Any] = json.loads((HERE / "manifest.json").read_text(encoding="utf-8"))
SETS = ("dev", "test")
REGIONS = ("US", "CA", "GB", "DE", "AT", "CH", "FR", "NL", "IE", "IT")


@cache
def raw(set_name: str) -> tuple[dict[str, Any], ...]:
    """The decoded lines of a set (extra fields included)."""
    text = (HERE / f"{set_name}.jsonl").read_text(encoding="utf-8")
    return tuple(json.loads(line) for line in text.splitlines() if line.strip())


def spans(kind: str) -> Iterator[tuple[dict[str, Any], dict[str, Any], str]]:
    """Every ``(payload, span, tag)`` of both sets; ``kind`` is entities or negatives."""
    for set_name in SETS:
        for p in raw(set_name):
            for s in p[kind]:
                yield p, s, s["label" if kind == "entities" else "kind"]


# ---- independent re-implementations of published rules -----------------------------------


def icao_check(text: str) -> str:
    """ICAO 9303 check digit: weights 7-3-1, digits as is, A-Z = 10-35, ``<`` = 0."""
    values = [int(c) if c.isdigit() else (ord(c) - 55 if c.isalpha() else 0) for c in text]
    return str(sum(v * (7, 3, 1)[i % 3] for i, v in enumerate(values)) % 10)


def nino_ok(value: str) -> bool:
    """HMRC: two prefix letters (not D F I Q U V; second not O; not BG GB KN NK NT TN ZZ),
    six digits, suffix A-D."""
    v = value.replace(" ", "").upper()
    m = re.fullmatch(r"([A-CEGHJ-PR-TW-Z])([A-CEGHJ-NPR-TW-Z])\d{6}[A-D]", v)
    return bool(m) and v[:2] not in {"BG", "GB", "KN", "NK", "NT", "TN", "ZZ"}


def rvnr_ok(value: str) -> bool:
    """Deutsche Rentenversicherung: area, DDMMYY, letter, serial, check digit (weights
    2 1 2 5 7 1 2 1 2 1 2 1 over the digits with the letter as its two-digit position,
    cross sums of the products, sum mod 10)."""
    v = value.replace(" ", "")
    m = re.fullmatch(r"(\d{2})(\d{6})([A-Z])(\d{2})(\d)", v)
    if not m:
        return False
    try:
        dt.datetime.strptime(m.group(2), "%d%m%y")
    except ValueError:
        return False
    digits = m.group(1) + m.group(2) + f"{ord(m.group(3)) - 64:02d}" + m.group(4)
    weights = (2, 1, 2, 5, 7, 1, 2, 1, 2, 1, 2, 1)
    total = sum(sum(divmod(int(d) * w, 10)) for d, w in zip(digits, weights, strict=True))
    return total % 10 == int(m.group(5))


def id_card_ok(value: str) -> bool:
    """German ID-card/passport document number: 9 characters of the restricted alphabet,
    optionally followed by its ICAO check digit."""
    if not re.fullmatch(r"[CFGHJKLMNPRTVWXYZ][CFGHJKLMNPRTVWXYZ0-9]{8}\d?", value):
        return False
    return len(value) == 9 or icao_check(value[:9]) == value[9]


def phone_ok(value: str, region: str) -> bool:
    """Valid per libphonenumber, trying the payload's region first."""
    for reg in (region, *REGIONS):
        try:
            if phonenumbers.is_valid_number(phonenumbers.parse(value, reg)):
                return True
        except phonenumbers.NumberParseException:
            continue
    return False


def phone_valid_in(value: str, region: str) -> bool:
    """Valid in ``region`` only (for the look-alike negatives)."""
    try:
        return bool(phonenumbers.is_valid_number(phonenumbers.parse(value, region)))
    except phonenumbers.NumberParseException:
        return False


def b62(n: int, width: int) -> str:
    """Base-62 (0-9A-Za-z) of ``n``, left-padded."""
    alphabet = string.digits + string.ascii_uppercase + string.ascii_lowercase
    out = ""
    while n:
        n, r = divmod(n, 62)
        out = alphabet[r] + out
    return out.rjust(width, "0")


def unb64url(text: str) -> bytes:
    """Decode base64url without padding."""
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def jwt_ok(value: str) -> bool:
    """HS256 JWT whose HMAC verifies under the set's documented key ``fresh3-jwt/<jti>``."""
    head, body, sig = value.split(".")
    header = json.loads(unb64url(head))
    claims = json.loads(unb64url(body))
    key = b"fresh3-jwt/" + claims["jti"].encode()
    mac = hmac.new(key, f"{head}.{body}".encode(), hashlib.sha256).digest()
    return header["alg"] == "HS256" and hmac.compare_digest(mac, unb64url(sig))


def pem_ok(value: str) -> bool:
    """Loads with ``cryptography`` after undoing JSON escaping and YAML/TOML indentation."""
    text = value.replace("\\n", "\n")
    text = "\n".join(line.strip() for line in text.splitlines()) + "\n"
    data = text.encode()
    if "OPENSSH" in text:
        load_ssh_private_key(data, None)
    else:
        load_pem_private_key(data, None)
    return True


TOKEN_SHAPES = {
    "gh": re.compile(r"gh[pousr]_[A-Za-z0-9]{36}"),
    "npm": re.compile(r"npm_[A-Za-z0-9]{36}"),
}


def crc_trailer_ok(value: str) -> bool:
    """GitHub/npm tokens: the last 6 characters are base62(CRC32(random part))."""
    rest = value.split("_", 1)[1]
    body, trailer = rest[:30], rest[30:]
    return b62(zlib.crc32(body.encode()), 6) == trailer


def api_key_ok(value: str) -> bool:
    """Credentials: vendor shapes (and CRC trailers) where the vendor publishes them,
    otherwise an unbroken string of at least 6 characters."""
    if re.search(r"\s", value) or len(value) < 6:
        return False
    if TOKEN_SHAPES["gh"].fullmatch(value) or TOKEN_SHAPES["npm"].fullmatch(value):
        return crc_trailer_ok(value)
    checks: list[tuple[str, str]] = [
        ("github_pat_", r"github_pat_[A-Za-z0-9]{22}_[A-Za-z0-9]{59}"),
        ("AKIA", r"AKIA[A-Z2-7]{16}"),
        ("ASIA", r"ASIA[A-Z2-7]{16}"),
        ("AIza", r"AIza[\w-]{35}"),
        ("GOCSPX-", r"GOCSPX-[\w-]{28}"),
        ("sk-ant-api03-", r"sk-ant-api03-[\w-]{93}AA"),
        ("sk-proj-", r"sk-proj-[\w-]+T3BlbkFJ[\w-]+"),
        ("SG.", r"SG\.[\w-]{22}\.[\w-]{43}"),
        ("xoxb-", r"xoxb-\d+-\d+-[A-Za-z0-9]{24}"),
        ("xoxp-", r"xoxp-\d+-\d+-\d+-[0-9a-f]{32}"),
        ("glpat-", r"glpat-[\w-]{20}"),
        ("hf_", r"hf_[A-Za-z]{34}"),
        ("key-", r"key-[0-9a-f]{32}"),
        ("shpat_", r"shpat_[0-9a-f]{32}"),
        ("dop_v1_", r"dop_v1_[0-9a-f]{64}"),
        ("hvs.", r"hvs\.[\w-]{24}"),
        ("whsec_", r"whsec_[A-Za-z0-9]{32}"),
        (
            "https://hooks.slack.com/",
            r"https://hooks\.slack\.com/services/T[A-Z0-9]+/B[A-Z0-9]+/[A-Za-z0-9]+",
        ),
    ]
    for prefix, pattern in checks:
        if value.startswith(prefix):
            return re.fullmatch(pattern, value) is not None
    if value.startswith("pypi-"):
        return unb64url(value[5:]).startswith(b"\x02\x01\x08pypi.org")
    return True


DOB_FORMATS = ("%d.%m.%Y", "%d.%m.%y", "%m/%d/%Y", "%d/%m/%Y", "%Y-%m-%d", "%B %d, %Y", "%b %d, %Y",
               "%d %B %Y", "%d-%b-%Y", "%d %b %Y", "%Y%m%d", "%y%m%d")  # fmt: skip
GERMAN_MONTHS = ("Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August",
                 "September", "Oktober", "November", "Dezember")  # fmt: skip


def dob_ok(value: str) -> bool:
    """A parseable calendar date between 1930 and 2023 (German month names too)."""
    text = value
    for i, name in enumerate(GERMAN_MONTHS):
        text = text.replace(f". {name} ", f".{i + 1:02d}.")
    m = re.fullmatch(r"(\d{2}) ([A-Z]{3}) /[A-Z][a-z]{2} (\d{2})", text)  # OCR "09 APR /Apr 01"
    if m:
        text = f"{m.group(1)} {m.group(2).title()} {m.group(3)}"
    for fmt in (*DOB_FORMATS, "%d %b %y"):
        try:
            d = dt.datetime.strptime(text.title() if "%b" in fmt or "%B" in fmt else text, fmt)
        except ValueError:
            continue
        if d.year > 2023 and fmt in ("%y%m%d", "%d.%m.%y", "%d %b %y"):
            d = d.replace(year=d.year - 100)
        if 1930 <= d.year <= 2023:
            return True
    return False


def national_id_ok(value: str) -> bool:
    """One of the national identifiers of the set, by its issuer's rule."""
    compact = value.replace(" ", "").replace(".", "").replace("-", "")
    candidates: list[Callable[[], bool]] = [
        lambda: nino_ok(value),
        lambda: gb_nhs.is_valid(compact),
        lambda: at_vnr.is_valid(compact),
        lambda: ch_ssn.is_valid(compact),
        lambda: rvnr_ok(value),
        lambda: id_card_ok(value),
        lambda: ca_sin.is_valid(compact),
        lambda: es_dni.is_valid(compact),
        lambda: nl_bsn.is_valid(compact),
        lambda: fr_nir.is_valid(compact),
        lambda: pl_pesel.is_valid(compact),
    ]
    return any(check() for check in candidates)


def passport_ok(p: dict[str, Any], s: dict[str, Any]) -> bool:
    """Issuing-state formats; inside an MRZ the printed check digit must match."""
    value = s["value"]
    text = p["texts"][s["text"]]
    if not re.fullmatch(r"[A-Z0-9]{8,9}", value):
        return False
    after = text[s["end"] : s["end"] + 1]
    line_start = text.rfind("\n", 0, s["start"]) + 1
    line = text[line_start : text.find("\n", s["end"]) if "\n" in text[s["end"] :] else len(text)]
    if len(line) == 44 and line_start == s["start"]:
        return bool(after == icao_check(value.ljust(9, "<")))
    return bool(
        re.fullmatch(
            r"[CFGHJK][CFGHJKLMNPRTVWXYZ0-9]{8}|[A-Z]\d{7,8}|\d{9}|\d{2}[A-Z]{2}\d{5}", value
        )
    )


def vat_ok(value: str) -> bool:
    """stdnum: Swiss UID/MWST, UK VAT, EU VIES formats with check digits."""
    compact = re.sub(r"\s", "", value)
    if compact.startswith("CHE"):
        return bool(ch_vat.is_valid(compact) or ch_uid.is_valid(compact))
    if compact.startswith("GB"):
        return bool(gb_vat.is_valid(compact))
    return bool(eu_vat.is_valid(compact))


def unwrap(value: str) -> str:
    """A value wrapped over lines (OCR, quoting) joined again."""
    return re.sub(r"\s*\n[>\s]*", "", value)


def region_of(p: dict[str, Any]) -> str:
    """The country of a payload's locale."""
    return str(p["locale"])[-2:]


def valid(p: dict[str, Any], s: dict[str, Any], label: str) -> bool:
    """Whether a gold value is valid by its label's validator."""
    value = s["value"]
    compact = re.sub(r"[\s-]", "", unwrap(value))
    if label == "EMAIL":
        addr = Address(addr_spec=unquote(value))
        return "." in addr.domain
    if label == "PHONE":
        return phone_ok(value, region_of(p))
    if label == "CREDIT_CARD":
        return compact.isdigit() and 12 <= len(compact) <= 19 and bool(luhn.is_valid(compact))
    if label == "IBAN":
        return bool(std_iban.is_valid(compact))
    if label == "BIC":
        return bool(std_bic.is_valid(value))
    if label == "US_SSN":
        return bool(us_ssn.is_valid(compact))
    if label == "US_ITIN":
        return bool(us_itin.is_valid(compact))
    if label == "DE_TAX_ID":
        return bool(de_idnr.is_valid(compact))
    if label == "IP_ADDRESS":
        ipaddress.ip_address(value)
        return True
    if label == "PRIVATE_KEY":
        return pem_ok(value)
    if label == "JWT":
        return jwt_ok(value)
    if label == "API_KEY":
        return api_key_ok(value)
    if label == "NATIONAL_ID":
        return national_id_ok(value)
    if label == "PASSPORT":
        return passport_ok(p, s)
    if label == "VAT_ID":
        return vat_ok(value)
    if label == "DATE_OF_BIRTH":
        return dob_ok(value)
    return value == value.strip() and len(value) >= 2  # PERSON, ORGANIZATION, ADDRESS


# ---- the tests -------------------------------------------------------------------------


@pytest.mark.parametrize("set_name", SETS)
def test_files_load_with_the_corpus_loader(set_name: str) -> None:
    """Both files parse with ``proxy.evaluation.load_corpus`` at the manifest's sizes."""
    payloads: tuple[Payload, ...] = load_corpus(HERE / f"{set_name}.jsonl")
    sizes = MANIFEST["sets"][set_name]["payloads"]
    assert len(payloads) == sum(sizes.values())
    for lang, n in sizes.items():
        assert sum(1 for p in payloads if p.lang == lang) == n
    assert len({p.id for p in payloads}) == len(payloads)


@pytest.mark.parametrize("set_name", SETS)
def test_committed_bytes_match_the_manifest(set_name: str) -> None:
    """The committed file's sha256 is the one the generator recorded."""
    data = (HERE / f"{set_name}.jsonl").read_bytes()
    assert hashlib.sha256(data).hexdigest() == MANIFEST["sets"][set_name]["sha256"]


@pytest.mark.parametrize("set_name", SETS)
def test_a_rebuild_has_the_same_shape(set_name: str) -> None:
    """Every payload keeps its frame, and a sample rebuilds byte for byte."""
    lines = raw(set_name)
    sizes = generate.SETS[set_name][1]
    assert {lang: sum(1 for p in lines if p["lang"] == lang) for lang in sizes} == sizes
    committed = (HERE / f"{set_name}.jsonl").read_text(encoding="utf-8").splitlines()
    offset = 0
    keyed_done = False
    for lang, n in sizes.items():
        sample = []
        for index in range(n):
            line = lines[offset + index]
            assert generate.frame_of(set_name, lang, index).name == line["frame"]
            keyed = any(e["label"] == "PRIVATE_KEY" for e in line["entities"])
            # every 9th payload; of those holding keys (slow to derive) only the first
            if (keyed and not keyed_done) or (index % 9 == 0 and not keyed):
                sample.append(index)
                keyed_done = keyed_done or keyed
        for index in sample:
            rebuilt = json.dumps(generate.build_payload(set_name, lang, index), ensure_ascii=False)
            assert rebuilt == committed[offset + index], f"{set_name}/{lang}/{index}"
        offset += n
    assert keyed_done


def test_the_halves_are_disjoint() -> None:
    """No frame feeds both sets; each set uses only frames of its own half."""
    dev = {p["frame"] for p in raw("dev")}
    test = {p["frame"] for p in raw("test")}
    assert not dev & test
    halves = {f.name: f.half for f in generate.ALL_FRAMES}
    assert len(halves) == len(generate.ALL_FRAMES)
    assert {halves[name] for name in dev} == {"A"}
    assert {halves[name] for name in test} == {"B"}
    assert sorted(dev) == MANIFEST["sets"]["dev"]["frames"]
    assert sorted(test) == MANIFEST["sets"]["test"]["frames"]


@pytest.mark.parametrize("set_name", SETS)
def test_each_half_holds_every_label_and_negative_kind(set_name: str) -> None:
    """Every label and negative kind occurs in each set; 15-30 % carry negatives."""
    lines = raw(set_name)
    labels = {e["label"] for p in lines for e in p["entities"]}
    kinds = {n["kind"] for p in lines for n in p["negatives"]}
    assert labels == set(generate.LABELS)
    assert kinds == set(generate.NEGATIVE_KINDS)
    share = sum(1 for p in lines if p["negatives"]) / len(lines)
    assert 0.15 <= share <= 0.30
    assert {p["locale"] for p in lines} == {"en_US", "en_GB", "de_DE", "de_AT", "de_CH"}


def test_every_span_equals_its_value_and_spans_do_not_collide() -> None:
    """``texts[t][start:end] == value``; gold spans never overlap each other or a negative."""
    for set_name in SETS:
        for p in raw(set_name):
            for s in (*p["entities"], *p["negatives"]):
                assert p["texts"][s["text"]][s["start"] : s["end"]] == s["value"], p["id"]
            for t in range(len(p["texts"])):
                gold = sorted((e["start"], e["end"]) for e in p["entities"] if e["text"] == t)
                assert all(a[1] <= b[0] for a, b in itertools.pairwise(gold)), p["id"]
                for n in p["negatives"]:
                    if n["text"] == t:
                        assert not any(s < n["end"] and n["start"] < e for s, e in gold), p["id"]


def test_every_occurrence_of_a_gold_value_is_labelled() -> None:
    """A gold value never also appears unlabelled (outside gold spans, not glued to a
    letter or digit) anywhere in its payload."""
    for set_name in SETS:
        for p in raw(set_name):
            values = {e["value"] for e in p["entities"]}
            for t, text in enumerate(p["texts"]):
                gold = [(e["start"], e["end"]) for e in p["entities"] if e["text"] == t]
                for value in values:
                    start = text.find(value)
                    while start != -1:
                        end = start + len(value)
                        glued = (
                            value[0].isalnum() and start > 0 and text[start - 1].isalnum()
                        ) or (value[-1].isalnum() and end < len(text) and text[end].isalnum())
                        covered = any(s <= start and end <= e for s, e in gold)
                        assert glued or covered, f"{p['id']} text {t}"
                        start = text.find(value, start + 1)


@pytest.mark.parametrize("label", generate.LABELS)
def test_gold_values_pass_an_independent_validator(label: str) -> None:
    """Each gold value passes a validator that is not the generator (see module doc)."""
    seen = 0
    for p, s, tag in spans("entities"):
        if tag != label:
            continue
        seen += 1
        try:
            ok = valid(p, s, label)
        except (ValueError, HeaderParseError, KeyError, binascii.Error) as exc:
            pytest.fail(f"{p['id']} {label} raised {type(exc).__name__}")
        assert ok, f"{p['id']} {label}"
    assert seen


def test_near_miss_negatives_fail_what_they_imitate() -> None:
    """Bad IBANs, Luhn-invalid cards, bad tax ids and SSNs, phone-shaped record numbers,
    masked cards and public keys fail the check of the value they resemble; the
    well-formed look-alikes are what they claim to be."""
    checked = set()
    for p, s, kind in spans("negatives"):
        value = s["value"]
        compact = re.sub(r"[\s-]", "", value)
        if kind == "bad_iban":
            assert not std_iban.is_valid(compact), p["id"]
        elif kind == "luhn_invalid_card":
            assert compact.isdigit() and len(compact) == 16 and not luhn.is_valid(compact), p["id"]
        elif kind == "masked_card":
            assert not (compact.isdigit() and luhn.is_valid(compact)), p["id"]
        elif kind == "bad_tax_id":
            assert len(compact) == 11 and not de_idnr.is_valid(compact), p["id"]
        elif kind == "bad_ssn":
            assert not us_ssn.is_valid(compact), p["id"]
        elif kind == "phone_like_record":
            assert not phone_valid_in(value, region_of(p)), p["id"]
        elif kind in ("public_key", "certificate"):
            pem = "\n".join(line.strip() for line in value.splitlines()).encode()
            with pytest.raises(ValueError):
                load_pem_private_key(pem, None)
        elif kind == "version":
            with pytest.raises(ValueError):
                ipaddress.ip_address(value.lstrip("v"))
        elif kind == "uuid":
            assert str(uuid.UUID(value)) == value, p["id"]
        elif kind == "isbn":
            assert std_isbn.is_valid(value), p["id"]
        elif kind == "ean":
            assert std_ean.is_valid(value), p["id"]
        elif kind == "port":
            assert 0 < int(value) < 65536, p["id"]
        else:
            continue
        checked.add(kind)
    assert {
        "bad_iban",
        "luhn_invalid_card",
        "bad_tax_id",
        "bad_ssn",
        "phone_like_record",
        "masked_card",
    } <= checked
