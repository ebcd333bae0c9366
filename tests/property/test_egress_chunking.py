"""Chunking invariance of the egress filter (docs/design.md C5), against an independent oracle.

For every fixture of the corpus and every split of it (all single cut points, all
fixed chunk sizes), the concatenated output equals the one-chunk output, or, when the
stream was refused, is a prefix of it.  The one-chunk output equals the oracle's.
Hypothesis then covers random chunkings of generated text with values planted at
random positions, in text and in JSON-string channels.
"""

from __future__ import annotations

import itertools
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.egress_corpus import (
    FIXTURES,
    LONG_JWT,
    SHORT_PEM,
    VARIANTS,
    every_split,
    make_oracle,
    make_rules,
    run_chunks,
)

RULES = {name: make_rules(name) for name in VARIANTS}
ORACLES = {name: make_oracle(name) for name in VARIANTS}
CEILINGS = {name: ceiling for name, (_relink, _literals, ceiling) in VARIANTS.items()}


@pytest.mark.parametrize("variant", sorted(VARIANTS))
@pytest.mark.parametrize("name", sorted(FIXTURES))
def test_every_split_of_every_fixture_equals_the_oracle(name: str, variant: str) -> None:
    """One chunk equals the oracle; every split equals one chunk (or is a refused prefix)."""
    text = FIXTURES[name]
    rules = RULES[variant]
    expected, longest = ORACLES[variant].run(text)
    whole, refused = run_chunks(rules, [text])
    must_refuse = longest > CEILINGS[variant]
    assert refused == must_refuse
    if not refused:
        assert whole == expected
    for chunks in every_split(text):
        got, split_refused = run_chunks(rules, chunks)
        if split_refused:
            assert expected.startswith(got)
        else:
            assert not must_refuse
            assert got == whole


def test_corpus_fixtures_exercise_what_they_claim() -> None:
    """The corpus really relinks, redacts and refuses where its names say so."""
    oracle = ORACLES["relink"]
    assert "Alice Müller" in oracle.run(FIXTURES["adjacent_placeholders"])[0]
    assert "[REDACTED:PRIVATE_KEY]" in oracle.run(FIXTURES["short_pem"])[0]
    assert oracle.run(FIXTURES["long_pem_refused"])[1] > CEILINGS["relink"]
    assert oracle.run("x " + LONG_JWT)[0] == "x [REDACTED:JWT]"
    assert len(LONG_JWT) > 256 and len(SHORT_PEM) < CEILINGS["relink"]
    bearer = "Authorization: Bearer sk-proj-4fG7hJ2kLm9Qx8Rt5Vw3Yz"
    assert ORACLES["wide"].run(bearer)[0] == "Authorization: Bearer [REDACTED:API_KEY]"
    out = oracle.run(FIXTURES["greedy_email_growth"])[0]
    assert out == "Write to [REDACTED:EMAIL] today, or [REDACTED:EMAIL]. Or x@y."
    assert "xTCK-123" in oracle.run(FIXTURES["word_boundary_chunk_start"])[0]


# -- generated text ----------------------------------------------------------------------

_PROSE = st.sampled_from(
    [
        "the ", "Hello, ", "world. ", "a", "b", "x", " ", "\n", ".", "-", "@", "[", "]", "\\",
        "_", "1", "42 ", "联系", "田中", "さん", "ครับ", "😀", "🎉", "e\u0301", "Ü", "ß",
        "İ", "Σ", "ς", "\"", "eyJ", "sk-", "Bearer ", "-----", "TCK-", "BEGIN ",
    ]
)
_VALUES = st.sampled_from(
    [
        "[PERSON_1]", "[EMAIL_1]", "[PERSON_12]", "[PERSON_2]", r"\[PERSON\_1\]", "[person_1]",
        "[PERSON_4]", "[REDACTED:EMAIL]", "bob@corp.example.org", "bob@corp.example.",
        "4111 1111 1111 1111", "4111111111111112", "DE89 3704 0044 0532 0130 00",
        "192.168.1.1", "AKIAIOSFODNN7EXAMPLE", "Sarah", "Sarah Chen", "SARAH chen", "张伟",
        "Zoë", "Alice Müller", "alice@home.example", "TCK-1234", "536-22-1234",
        "Bearer sk-proj-4fG7hJ2kLm9Qx8Rt5Vw3Yz", SHORT_PEM, LONG_JWT[:120],
        "-----BEGIN PRIVATE KEY-----\nabc",
    ]
)
_TEXT = st.lists(st.one_of(_PROSE, _VALUES), min_size=1, max_size=25).map("".join)


@st.composite
def _chunked(draw: st.DrawFn, source: st.SearchStrategy[str]) -> tuple[str, list[str]]:
    text = draw(source)
    cuts = sorted(draw(st.sets(st.integers(1, max(1, len(text) - 1)), max_size=12)))
    bounds = [0, *[c for c in cuts if c < len(text)], len(text)]
    return text, [text[a:b] for a, b in itertools.pairwise(bounds)]


_SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@_SETTINGS
@given(case=_chunked(_TEXT), variant=st.sampled_from(sorted(VARIANTS)))
def test_random_chunkings_of_planted_text_equal_the_oracle(
    case: tuple[str, list[str]], variant: str
) -> None:
    """Random text with planted values: any chunking gives the oracle's output."""
    text, chunks = case
    expected, longest = ORACLES[variant].run(text)
    whole, refused = run_chunks(RULES[variant], [text])
    assert refused == (longest > CEILINGS[variant])
    if not refused:
        assert whole == expected
    got, split_refused = run_chunks(RULES[variant], chunks)
    if split_refused:
        assert expected.startswith(got)
    else:
        assert got == whole


# Numbers a model may write bare: a card, an SSN, a number too long for a card, a
# coordinate with a card-like fraction, ordinary ones.
_NUMBERS = st.one_of(
    st.integers(-1000, 1000),
    st.sampled_from(
        [4111111111111111, 5500000000000004, 536221234, 41111111111111111111, 52.5200066000000014]
    ),
)
_JSON_VALUE = st.recursive(
    st.one_of(st.none(), st.booleans(), _NUMBERS, _TEXT),
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(_TEXT, inner, max_size=3)
    ),
    max_leaves=6,
)


def _split(text: str, data: st.DataObject) -> list[str]:
    cuts = sorted(data.draw(st.sets(st.integers(1, max(1, len(text) - 1)), max_size=10)))
    bounds = [0, *[c for c in cuts if c < len(text)], len(text)]
    return [text[a:b] for a, b in itertools.pairwise(bounds)]


@_SETTINGS
@given(
    value=_JSON_VALUE,
    ensure_ascii=st.booleans(),
    variant=st.sampled_from(["relink", "patterns", "wide"]),
    data=st.data(),
)
def test_json_channels_are_chunking_invariant_and_valid(
    value: object, ensure_ascii: bool, variant: str, data: st.DataObject
) -> None:
    """Valid JSON in any chunking: the oracle's output, still valid JSON, every value
    filtered (those written as numbers too)."""
    text = json.dumps(value, ensure_ascii=ensure_ascii)
    expected = ORACLES[variant].run_json(text)
    whole, refused = run_chunks(RULES[variant], [text], json_string=True)
    if refused:
        return  # a planted value longer than the ceiling: refusal checked above
    assert whole == expected
    json.loads(whole)  # still valid JSON
    got, split_refused = run_chunks(RULES[variant], _split(text, data), json_string=True)
    if split_refused:
        assert whole.startswith(got)
    else:
        assert got == whole


# JSON-looking source a model may write: fragments of structure, quotes it forgot to
# escape, escapes (valid, invalid, cut off), bare planted values, plain prose.
_SOURCE = st.lists(
    st.one_of(
        _PROSE,
        _VALUES,
        st.sampled_from(
            ['{"', '": "', '", "', '"}', "[", "]", ", ", ": ", '"', '\\"', "\\", "\\u00",
             "\\u0040", "\\u00fc", "\\ud83d", "\\ude00", "\\n", "\\q", "4111111111111111",
             "1.5", "null", "SSN", '"ssn": "536221234"']
        ),
    ),
    min_size=1,
    max_size=25,
).map("".join)


@_SETTINGS
@given(text=_SOURCE, variant=st.sampled_from(sorted(VARIANTS)), data=st.data())
def test_any_json_source_is_filtered_whole_in_any_chunking(
    text: str, variant: str, data: st.DataObject
) -> None:
    """Source that need not be JSON: values outside literals are masked too, the whole
    feed equals the oracle and any chunking equals the whole feed (or, refused, is a
    prefix of it)."""
    whole, refused = run_chunks(RULES[variant], [text], json_string=True)
    if not refused:
        assert whole == ORACLES[variant].run_json(text)
    got, split_refused = run_chunks(RULES[variant], _split(text, data), json_string=True)
    if split_refused or refused:
        assert (whole if not refused else ORACLES[variant].run_json(text)).startswith(got)
    else:
        assert got == whole
