"""The egress filter matches on the canonical fold and masks the raw span (#9, I3)."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from pipelines.canon import fold_case, fold_text
from pipelines.egress import EgressFilter, EgressPolicy
from tests.egress_corpus import CEILING, builtin_patterns
from tests.egress_oracle import CONFUSABLE

RULES = EgressPolicy(
    patterns=builtin_patterns(CEILING), literals={"Sarah Chen": "PERSON", "Zoe": "PERSON"}
).for_request({"[PERSON_1]": "Ann"}, {})


def every_chunking(text: str) -> set[str]:
    """Outputs of one feed, every fixed chunk size and every single cut."""
    outs: set[str] = set()
    splits = [[text[:cut], text[cut:]] for cut in range(1, len(text))]
    splits += [[text[i : i + n] for i in range(0, len(text), n)] for n in range(1, len(text) + 1)]
    for chunks in splits:
        flt = EgressFilter(RULES)
        outs.add("".join(flt.feed(chunk) for chunk in chunks) + flt.close())
    return outs


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("mail bob@corp\u200b.example.org now", "mail [REDACTED:EMAIL] now"),
        ("k sk-ant-api03-\u00adabcdefghijklmnopqrstuvwxyz!", "k [REDACTED:API_KEY]!"),
        ("ｂｏｂ＠ｃｏｒｐ．ｅｘａｍｐｌｅ．ｏｒｇ ok", "[REDACTED:EMAIL] ok"),
        ("pay 4111\u00a01111\u202f1111\u20091111.", "pay [REDACTED:CREDIT_CARD]."),
        ("pay 4111\u20131111\u20131111\u20131111.", "pay [REDACTED:CREDIT_CARD]."),
        ("pay ٤١١١١١١١١١١١١١١١.", "pay [REDACTED:CREDIT_CARD]."),  # Arabic-Indic digits
        ("hi S\u0430rah\u00a0\u00a0Ch\u200den!", "hi [REDACTED:PERSON]!"),  # Cyrillic а, ZWJ
        ("hi Ｓａｒａｈ\nＣｈｅｎ.", "hi [REDACTED:PERSON]."),
        ("Zoe\u0301 came", "[REDACTED:PERSON]\u0301 came"),  # marks after it stay raw
        ("Zo\u0308e\u0301 came", "[REDACTED:PERSON]\u0301 came"),  # marks inside go
        ("[PERSON_1]\u200b\u2060 said", "Ann\u200b\u2060 said"),  # relinking keeps them
        ("\u2060[PERSON_1]\u00a0\u00a0said", "\u2060Ann\u00a0\u00a0said"),
        ("ﬁ[PERSON_1]", "ﬁAnn"),  # an expansion before an echo
        ("\u200bbob@x.org", "\u200b[REDACTED:EMAIL]"),  # leading ones stay in front
        # controls: folded spellings of prose are emitted as written
        (
            "a\u2009b \u3000 c\u200bd ﬁne – 東京\u3000都",
            "a\u2009b \u3000 c\u200bd ﬁne – 東京\u3000都",
        ),
        ("Zoey and Sarah Chenko", "Zoey and Sarah Chenko"),
    ],
    ids=lambda value: ascii(value)[:30],
)
def test_respelled_values_are_masked_whole_in_every_chunking(text: str, expected: str) -> None:
    """Matching runs on the fold; what is emitted is raw, a mask covers the raw span."""
    assert every_chunking(text) == {expected}


def test_invisibles_after_a_settled_value_are_emitted_as_written() -> None:
    """A value settled at the end of a chunk leaves the invisible characters that open
    the next one in place, as one feed does: relinking changes nothing but the value."""
    flt = EgressFilter(RULES)
    assert flt.feed("x [PERSON_1]") == "x Ann"
    assert flt.feed("\u200b\u00ad") == "\u200b\u00ad"
    assert flt.feed("\u200b !") == "\u200b !"
    assert flt.close() == ""


def test_the_ceiling_counts_raw_characters() -> None:
    """Invisible padding cannot hold more than the ceiling: held text is counted raw."""
    policy = EgressPolicy(patterns=builtin_patterns(CEILING), max_held_chars=CEILING)
    flt = EgressFilter(policy.for_request({}, {}))
    flt.feed("-----BEGIN PRIVATE KEY-----\n")
    assert flt.held == len("-----BEGIN PRIVATE KEY-----\n")
    flt.feed("\u200b" * 100)
    assert flt.held == len("-----BEGIN PRIVATE KEY-----\n") + 100


def test_the_oracles_confusables_come_from_unicode_data() -> None:
    """Each entry of the oracle's own table is a confusable pair in Unicode's data."""
    data = json.loads(
        resources.files("confusable_homoglyphs").joinpath("confusables.json").read_text("utf-8")
    )
    for char, ascii_char in CONFUSABLE.items():
        listed = {entry["c"] for entry in data.get(char, ())}
        assert ascii_char in listed or ascii_char.lower() in listed, char


def test_case_never_changes_how_long_a_character_folds() -> None:
    """What the known-value key relies on: for every character with a case mapping the
    fold of it and of its lower case have one length, so keys line up with the view."""
    for code in range(0x110000):
        if 0xD800 <= code <= 0xDFFF:
            continue
        char = chr(code)
        lowered = fold_case(char)
        if lowered != char:
            assert len(fold_text(char)) == len(fold_text(lowered)), hex(code)
