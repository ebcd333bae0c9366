"""The independent labelled sets (bench/independent/) load, are disjoint and reproducible.

``dev.jsonl`` finds misses; ``test.jsonl`` is sealed (scored once, at the end).  These
tests never run a detector over either set: they check the files themselves — every line
loads with the eval loader (which rejects a span that does not slice out its value), the
committed bytes equal a fresh run of the generator, no sentence frame is shared between
the two sets, and every gold value occurs only inside gold spans.
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path

from bench.independent import frames
from bench.independent import generate as gen
from proxy.evaluation import STRUCTURED_LABELS, Payload, load_corpus, occurs

ROOT = Path(__file__).resolve().parents[2]
HERE = ROOT / "bench" / "independent"
SPLITS = ("dev", "test")


@cache
def _set(split: str) -> tuple[Payload, ...]:
    return load_corpus(HERE / f"{split}.jsonl")


def test_every_line_loads_with_the_eval_loader() -> None:
    """Both sets load (spans slice out their values) with 300 EN and 300 DE payloads."""
    for split in SPLITS:
        payloads = _set(split)
        assert len(payloads) == 600
        assert sum(p.lang == "en" for p in payloads) == 300
        assert sum(p.lang == "de" for p in payloads) == 300


def test_committed_files_equal_a_fresh_run_of_the_generator(tmp_path: Path) -> None:
    """The generator, run again, writes the committed files byte for byte when it runs
    with the library versions they were made with (manifest.json: Faker, phonenumbers
    and python-stdnum draw and check the values).  A fresh install may bring newer
    ones, which draw other values: then the fresh run must still be a pair of sets the
    eval loader accepts, with the same sizes, and the committed files must still match
    their recorded digests."""
    manifest = json.loads((HERE / "manifest.json").read_text(encoding="utf-8"))
    assert gen.main(["--out", str(tmp_path)]) == 0
    same_versions = manifest["versions"] == gen.versions()
    for split in SPLITS:
        committed = (HERE / f"{split}.jsonl").read_bytes()
        entry = manifest["files"][f"{split}.jsonl"]
        assert hashlib.sha256(committed).hexdigest() == entry["sha256"]
        fresh = tmp_path / f"{split}.jsonl"
        if same_versions:
            assert fresh.read_bytes() == committed
        else:
            assert len(load_corpus(fresh)) == entry["count"]
    if same_versions:
        assert (tmp_path / "manifest.json").read_bytes() == (HERE / "manifest.json").read_bytes()


def test_frame_halves_are_disjoint_and_cover_their_pool() -> None:
    """dev and test draw from disjoint halves of every frame pool; together, all of it."""
    pools: list[list[str] | list[list[str]]] = [
        frames.PRESIDIO_EN,
        frames.EN_CHATS,
        frames.DE_CHATS,
        *frames.EN.values(),
        *frames.DE.values(),
    ]
    for pool in pools:
        dev, test = gen._halves(pool, "dev"), gen._halves(pool, "test")
        keys = [json.dumps(f) for f in pool]
        assert len(set(keys)) == len(keys)
        dev_keys, test_keys = {json.dumps(f) for f in dev}, {json.dumps(f) for f in test}
        assert not dev_keys & test_keys
        assert dev_keys | test_keys == set(keys)


def test_both_sets_exercise_every_structured_label_they_hold_in_both_languages() -> None:
    """Each set has gold for the main structured labels in EN and in DE."""
    for split in SPLITS:
        seen = {(p.lang, e.label) for p in _set(split) for e in p.entities}
        for lang in ("en", "de"):
            for label in (
                "EMAIL",
                "PHONE",
                "CREDIT_CARD",
                "IBAN",
                "API_KEY",
                "IP_ADDRESS",
                "BIC",
                "VAT_ID",
                "PASSPORT",
                "NATIONAL_ID",
                "JWT",
                "PRIVATE_KEY",
            ):
                assert (lang, label) in seen, (split, lang, label)
        assert ("en", "US_SSN") in seen and ("en", "US_ITIN") in seen
        assert ("de", "DE_TAX_ID") in seen
        assert {label for _, label in seen} - STRUCTURED_LABELS <= {
            "PERSON",
            "ORGANIZATION",
            "LOCATION",
            "ADDRESS",
            "DATE_OF_BIRTH",
        }


def test_gold_values_occur_only_inside_gold_spans() -> None:
    """Masking every gold span leaves no gold value in the text (so a survivor is a leak)."""
    for split in SPLITS:
        for payload in _set(split):
            for index, text in enumerate(payload.texts):
                spans = sorted((e.start, e.end) for e in payload.entities if e.text == index)
                masked, cursor = [], 0
                for start, end in spans:
                    assert start >= cursor, payload.id
                    masked.append(text[cursor:start])
                    masked.append("\0")
                    cursor = end
                masked.append(text[cursor:])
                rest = "".join(masked)
                for entity in payload.entities:
                    assert not occurs(entity.value, rest), (payload.id, entity.label)
