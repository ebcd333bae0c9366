"""The fresh2 labelled sets (bench/fresh2/): they load, rebuild, stay apart and hold true.

``dev.jsonl`` is for finding miss classes; ``test.jsonl`` is sealed (scored once, at the
end of a piece of work).  No detector runs here: these tests check the data — that
``proxy.evaluation`` reads both files, that the committed bytes are the ones the manifest
names, that a rebuild has the same shape (and, under the manifest's library versions,
the same bytes), that no frame feeds both sets, and that every gold value passes a
validator that is not its generator's (python-stdnum, phonenumbers, ``ipaddress``,
``cryptography``, ``hmac``, ``datetime``) while the negatives that imitate a value fail it.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import ipaddress
import itertools
import json
import math
import re
from collections import Counter
from collections.abc import Callable
from datetime import datetime
from importlib import metadata
from pathlib import Path
from typing import Any, Final

import phonenumbers
import pytest
from cryptography.hazmat.primitives import serialization
from stdnum import bic, ean, iban, isbn, luhn
from stdnum.at import uid as at_uid
from stdnum.at import vnr as at_vnr
from stdnum.ch import ssn as ch_ssn
from stdnum.ch import uid as ch_uid
from stdnum.de import idnr as de_idnr
from stdnum.de import vat as de_vat
from stdnum.fr import tva as fr_tva
from stdnum.gb import vat as gb_vat
from stdnum.nl import btw as nl_btw
from stdnum.us import itin as us_itin
from stdnum.us import ssn as us_ssn

from bench.fresh2 import generate
from bench.fresh2.values import JWT_KEY
from proxy.evaluation import STRUCTURED_LABELS, load_corpus

HERE: Final = Path(generate.__file__).resolve().parent
MANIFEST: Final[dict[str, Any]] = json.loads((HERE / "manifest.json").read_text("utf-8"))
LABELS: Final = STRUCTURED_LABELS | {"PERSON", "ORGANIZATION", "ADDRESS", "DATE_OF_BIRTH"}
SIZES: Final = {"dev": 150, "test": 200}


def _raw(name: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (HERE / f"{name}.jsonl").read_bytes().splitlines()]


@pytest.fixture(scope="module")
def rebuilt() -> dict[str, list[dict[str, Any]]]:
    """Both sets built afresh in this process."""
    return {name: generate.build(name) for name in generate.SETS}


# ---- validators written here, apart from the generator ------------------------------


def _digits(text: str) -> str:
    return "".join(c for c in text if c.isdigit())


def _compact(text: str) -> str:
    return re.sub(r"[\s.\-/]", "", text).upper()


def _phone(value: str, kind: str) -> bool:
    region = kind.split(":")[1]
    ext = re.search(r"(?:x|ext\.?|,,)\s*\d+$", value)
    main = value[: ext.start()] if ext else value
    din = re.fullmatch(r"(.*\d{4,})-(\d{1,3})", main) if region in ("DE", "AT") else None
    if din:
        main = din.group(1)
    number = phonenumbers.parse(main, region)
    return bool(phonenumbers.is_valid_number(number))


def _icao(text: str) -> bool:
    """A German ID/passport serial: its alphabet, and the ICAO 9303 digit when written."""
    if not re.fullmatch(r"[CFGHJKLMNPRTVWXYZ0-9]{9}\d?", text):
        return False
    if len(text) == 9:
        return True
    total = sum(int(c, 36) * (7, 3, 1)[i % 3] for i, c in enumerate(text[:9]))
    return total % 10 == int(text[9])


def _rvnr(text: str) -> bool:
    """Deutsche Rentenversicherung: area, birth date, initial, serial, check digit."""
    compact = text.replace(" ", "")
    if not re.fullmatch(r"\d{8}[A-Z]\d{3}", compact):
        return False
    day, month = int(compact[2:4]), int(compact[4:6])
    digits = compact[:8] + f"{ord(compact[8]) - ord('A') + 1:02d}" + compact[9:11]
    weighted = [
        int(c) * w for c, w in zip(digits, (2, 1, 2, 5, 7, 1, 2, 1, 2, 1, 2, 1), strict=True)
    ]
    total = sum(p // 10 + p % 10 for p in weighted)
    return 1 <= day <= 31 and 1 <= month <= 12 and total % 10 == int(compact[11])


def _nino(text: str) -> bool:
    """HMRC: no D F I Q U V first, no D F I O Q U V second, no BG GB KN NK NT TN ZZ."""
    compact = text.replace(" ", "").upper()
    match = re.fullmatch(r"([A-CEGHJ-PR-TW-Z])([A-CEGHJ-NPR-TW-Z])\d{6}[A-D]", compact)
    return bool(match) and compact[:2] not in {"BG", "GB", "KN", "NK", "NT", "TN", "ZZ"}


def _vat(text: str) -> bool:
    compact = text.replace(" ", "").upper()
    if compact.startswith("CHE"):
        return bool(ch_uid.is_valid(compact.rsplit("MWST", 1)[0].rsplit("TVA", 1)[0]))
    checks: dict[str, Callable[[str], bool]] = {
        "DE": de_vat.is_valid,
        "AT": at_uid.is_valid,
        "GB": gb_vat.is_valid,
        "NL": nl_btw.is_valid,
        "FR": fr_tva.is_valid,
    }
    return bool(checks[compact[:2]](compact))


def _email(text: str, kind: str) -> bool:
    if kind == "email_pct":
        text = text.replace("%40", "@").replace("%2B", "+")
    elif kind == "email_obf":
        text = re.sub(r"\s*(?:\[at\]|\(at\)|\{at\}| AT | at )\s*", "@", text)
        text = re.sub(r"\s*(?:\[dot\]| DOT | dot )\s*", ".", text)
    return bool(re.fullmatch(r"[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}", text))


def _entropy(text: str) -> float:
    counts = Counter(text)
    return -sum(n / len(text) * math.log2(n / len(text)) for n in counts.values())


TOKEN_SHAPES: Final = {
    "aws_id": r"A[KS]IA[A-Z2-7]{16}",
    "aws_secret": r"[A-Za-z0-9/+]{40}",
    "github": r"ghp_[A-Za-z0-9]{36}",
    "github_fine": r"github_pat_\w{82}",
    "gitlab": r"glpat-[\w-]{20}",
    "slack_bot": r"xoxb-\d{10,13}-\d{10,13}-[A-Za-z0-9]{24}",
    "slack_user": r"xoxp-(?:\d+-){3}[a-f0-9]{32}",
    "slack_webhook": r"https://hooks\.slack\.com/services/T\w+/B\w+/\w{24}",
    "stripe": r"[sr]k_live_[A-Za-z0-9]{24,99}",
    "google": r"AIza[\w-]{35}",
    "npm": r"npm_[A-Za-z0-9]{36}",
    "sendgrid": r"SG\.[\w-]{22}\.[\w-]{43}",
    "openai": r"sk-proj-[\w-]{74}T3BlbkFJ[\w-]{74}",
    "anthropic": r"sk-ant-api03-[\w-]{93}AA",
    "huggingface": r"hf_[A-Za-z]{34}",
    "pypi": r"pypi-AgEIcHlwaS5vcmc[\w-]{50,}",
    "twilio": r"SK[0-9a-f]{32}",
    "mailgun": r"key-[0-9a-f]{32}",
    "shopify": r"shpat_[0-9a-f]{32}",
    "digitalocean": r"dop_v1_[0-9a-f]{64}",
    "telegram": r"\d{8,10}:AA[\w-]{33}",
    "azure_storage": r"[A-Za-z0-9/+]{86}==",
    "generic": r"[A-Za-z0-9]{32,48}",
}


def _api(value: str, kind: str) -> bool:
    return bool(re.fullmatch(TOKEN_SHAPES[kind], value.replace("\n", ""))) and _entropy(value) > 3.0


def _jwt(value: str) -> bool:
    head, body, sig = value.split(".")
    json.loads(base64.urlsafe_b64decode(head + "=" * (-len(head) % 4)))
    want = hmac.new(JWT_KEY, f"{head}.{body}".encode(), hashlib.sha256).digest()
    return hmac.compare_digest(base64.urlsafe_b64decode(sig + "=" * (-len(sig) % 4)), want)


def _pem(value: str, kind: str) -> bool:
    text = value.replace("\\n", "\n") if kind.endswith("_escaped") else value
    text = "\n".join(line.strip() for line in text.splitlines())
    key = serialization.load_pem_private_key(text.encode(), password=None)
    return key is not None and text.startswith("-----BEGIN ") and "PRIVATE KEY-----" in text


DATE_FORMATS: Final = {
    "dmy": "%d.%m.%Y",
    "dmy_short": "%d.%m.%Y",
    "mdy": "%m/%d/%Y",
    "dmy_slash": "%d/%m/%Y",
    "iso": "%Y-%m-%d",
    "mdy_long": "%B %d, %Y",
    "dmy_en_long": "%d %B %Y",
}
DE_MONTHS: Final = dict(
    zip(
        (
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
        ),
        range(1, 13),
        strict=True,
    )
)


def _dob(value: str, kind: str) -> bool:
    if kind == "dmy_long":
        day, month, year = value.split()
        born = datetime(int(year), DE_MONTHS[month], int(day.rstrip(".")))
    else:
        born = datetime.strptime(value, DATE_FORMATS[kind])
    return 1930 <= born.year <= 2008


POSTCODE: Final = {
    "us": r", [A-Z]{2} \d{5}$",
    "gb": r" [A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$",
    "de": r"(?:^|\n|, )\d{5} \S",
    "at": r"(?:^|\n|, )\d{4} \S",
    "ch": r"(?:^|\n|, )\d{4} \S",
}


def _address(value: str, kind: str) -> bool:
    return bool(re.search(POSTCODE[kind], value)) and any(c.isdigit() for c in value.split(",")[0])


def _passport(value: str, kind: str) -> bool:
    if kind == "icao":
        return _icao(value) and value[0] in "CFGHJK"
    shapes = {
        "pp_us": r"[1-9]\d{8}|[A-Z]\d{8}",
        "pp_gb": r"[1-9]\d{8}",
        "pp_at": r"[PU]\d{7}",
        "pp_ch": r"[SX]\d[A-Z]\d{5}",
    }
    return bool(re.fullmatch(shapes[kind], value))


def _ip(value: str, kind: str) -> bool:
    address = ipaddress.ip_address(value)
    if kind == "ipv4_private":
        return address.version == 4 and address.is_private
    return address.is_global and address.version == (6 if kind == "ipv6" else 4)


def _card(value: str) -> bool:
    number = _digits(value)
    return 12 <= len(number) <= 19 and bool(luhn.is_valid(number))


NATIONAL: Final[dict[str, Callable[[str], bool]]] = {
    "nino": _nino,
    "rvnr": _rvnr,
    "icao": _icao,
    "svnr": lambda v: bool(at_vnr.is_valid(v)),
    "ahv": lambda v: bool(ch_ssn.is_valid(v)),
}


def valid(entity: dict[str, Any]) -> bool:
    """True when a gold value passes the third-party check for its label and kind."""
    label, value, kind = entity["label"], entity["value"], entity["type"]
    checks: dict[str, Callable[[], bool]] = {
        "EMAIL": lambda: _email(value, kind),
        "PHONE": lambda: _phone(value, kind),
        "CREDIT_CARD": lambda: _card(value),
        "IBAN": lambda: bool(iban.is_valid(value.replace("\n", " "))),
        "BIC": lambda: bool(bic.is_valid(value)),
        "DE_TAX_ID": lambda: bool(de_idnr.is_valid(value)),
        "VAT_ID": lambda: _vat(value),
        "US_SSN": lambda: bool(us_ssn.is_valid(value.replace(" ", "-"))),
        "US_ITIN": lambda: bool(us_itin.is_valid(value.replace(" ", "-"))),
        "PASSPORT": lambda: _passport(value, kind),
        "IP_ADDRESS": lambda: _ip(value, kind),
        "API_KEY": lambda: _api(value, kind),
        "JWT": lambda: _jwt(value),
        "PRIVATE_KEY": lambda: _pem(value, kind),
        "DATE_OF_BIRTH": lambda: _dob(value, kind),
        "ADDRESS": lambda: _address(value, kind),
        "PERSON": lambda: value[:1].isupper() and not any(c.isdigit() for c in value),
        "ORGANIZATION": lambda: bool(value.strip()),
        "NATIONAL_ID": lambda: NATIONAL[kind](value),
    }
    return checks[label]()


NEAR_MISSES: Final[dict[str, Callable[[str], bool]]] = {
    # kind → True when the negative (rightly) fails the check it imitates
    "record_card_like": lambda v: not luhn.is_valid(_digits(v)),
    "iban_bad_check": lambda v: not iban.is_valid(v),
    "isbn": lambda v: bool(isbn.is_valid(v)),
    "ean": lambda v: bool(ean.is_valid(v)),
    "uuid": lambda v: bool(re.fullmatch(r"[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}", v)),
    "commit_hash": lambda v: bool(re.fullmatch(r"[0-9a-f]{7,40}", v)),
    "timestamp_iso": lambda v: datetime.fromisoformat(v.replace("Z", "+00:00")).year >= 2024,
}


# ---- the tests ----------------------------------------------------------------------


@pytest.mark.parametrize("name", list(generate.SETS))
def test_the_evaluation_loader_reads_each_set(name: str) -> None:
    """proxy.evaluation parses every line (spans point at their values) with the sizes."""
    payloads = load_corpus(HERE / f"{name}.jsonl")
    assert Counter(p.lang for p in payloads) == {"en": SIZES[name], "de": SIZES[name]}
    assert {e.label for p in payloads for e in p.entities} <= LABELS
    assert len({p.id for p in payloads}) == len(payloads)


@pytest.mark.parametrize("name", list(generate.SETS))
def test_committed_bytes_match_the_manifest(name: str) -> None:
    """The committed file's sha256 and counts are the manifest's."""
    data = (HERE / f"{name}.jsonl").read_bytes()
    entry = MANIFEST["sets"][name]
    assert hashlib.sha256(data).hexdigest() == entry["sha256"]
    assert generate.counts(_raw(name)) == {
        k: entry[k] for k in ("payloads", "entities", "negatives")
    }


def test_a_rebuild_has_the_same_shape(rebuilt: dict[str, list[dict[str, Any]]]) -> None:
    """A fresh build: same ids, frames, kinds, labels per payload; same bytes when the
    library versions are the manifest's."""
    same_versions = all(metadata.version(n) == v for n, v in MANIFEST["versions"].items())
    for name, lines in rebuilt.items():
        committed = _raw(name)

        def shape(line: dict[str, Any]) -> tuple[object, ...]:
            return (
                line["id"],
                line["frame"],
                line["locale"],
                len(line["texts"]),
                tuple(e["label"] for e in line["entities"]),
                tuple(n["kind"] for n in line["negatives"]),
            )

        assert [shape(x) for x in lines] == [shape(x) for x in committed]
        if same_versions:
            assert generate.dump(lines) == (HERE / f"{name}.jsonl").read_bytes()


def test_no_frame_feeds_both_sets() -> None:
    """The halves of every frame pool are disjoint, and together they are the pool."""
    dev, test = (set(MANIFEST["sets"][n]["frames"]) for n in ("dev", "test"))
    assert not dev & test
    every = {f.id for pool in generate.pools().values() for f in pool}
    halves = {f.id for h in (0, 1) for fs in generate.half(h).values() for f in fs}
    assert halves == every and dev | test <= every


def test_both_halves_hold_every_label_and_negative_kind() -> None:
    """Per language, every gold label and negative kind occurs in dev and in test."""
    entry = MANIFEST["sets"]
    for key in ("entities", "negatives"):
        assert set(entry["dev"][key]) == set(entry["test"][key])
    kinds = {k.split("/")[1] for k in entry["test"]["negatives"]}
    assert len(kinds) >= 15


@pytest.mark.parametrize("name", list(generate.SETS))
def test_every_gold_value_passes_an_independent_validator(name: str) -> None:
    """Each gold value passes its third-party check; failures are listed by id and kind."""
    bad = [
        (line["id"], e["label"], e["type"])
        for line in _raw(name)
        for e in line["entities"]
        if not _safe(valid, e)
    ]
    assert not bad


@pytest.mark.parametrize("name", list(generate.SETS))
def test_near_miss_negatives_fail_what_they_imitate(name: str) -> None:
    """A Luhn-invalid record number fails Luhn, a bad-check IBAN fails mod 97, and the
    well-formed negatives (ISBN, EAN, UUID, hash, timestamp) are what they claim."""
    bad = [
        (line["id"], n["kind"])
        for line in _raw(name)
        for n in line["negatives"]
        if n["kind"] in NEAR_MISSES and not _safe(lambda x: NEAR_MISSES[x["kind"]](x["value"]), n)
    ]
    assert not bad


@pytest.mark.parametrize("name", list(generate.SETS))
def test_no_gold_value_occurs_outside_the_gold_spans(name: str) -> None:
    """A gold value's raw text occurs only inside gold spans, so a survivor is a leak;
    negatives never overlap gold."""
    for line in _raw(name):
        ents, texts = line["entities"], line["texts"]
        for e in ents:
            for number, text in enumerate(texts):
                for m in re.finditer(re.escape(e["value"]), text):
                    glued = (
                        m.start() > 0 and text[m.start() - 1].isalnum() and e["value"][0].isalnum()
                    ) or (
                        m.end() < len(text) and text[m.end()].isalnum() and e["value"][-1].isalnum()
                    )
                    inside = any(
                        g["text"] == number and g["start"] <= m.start() and m.end() <= g["end"]
                        for g in ents
                    )
                    assert glued or inside, (line["id"], e["label"])
        for n in line["negatives"]:
            assert not any(
                g["text"] == n["text"] and g["start"] < n["end"] and n["start"] < g["end"]
                for g in ents
            ), (line["id"], n["kind"])


def test_the_hard_shapes_are_present() -> None:
    """Lists under one label, values split over lines, nested JSON keys, adjacent values."""
    lines = _raw("dev") + _raw("test")
    assert any(
        "\n" in e["value"] and e["label"] in ("IBAN", "CREDIT_CARD", "API_KEY")
        for line in lines
        for e in line["entities"]
    )
    adjacent = 0
    for line in lines:
        spans = sorted((e["text"], e["start"], e["end"]) for e in line["entities"])
        pairs = itertools.pairwise(spans)
        adjacent += any(a[0] == b[0] and 0 <= b[1] - a[2] <= 1 for a, b in pairs)
    assert adjacent >= 10
    nested = [line for line in lines if '": {"' in "".join(line["texts"]) and line["entities"]]
    assert len(nested) >= 10


def _safe(check: Callable[[dict[str, Any]], bool], item: dict[str, Any]) -> bool:
    try:
        return bool(check(item))
    except (ValueError, KeyError, binascii.Error, phonenumbers.NumberParseException):
        return False
