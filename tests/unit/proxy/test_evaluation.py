"""Scoring maths of :mod:`proxy.evaluation` on hand-made gold and detection tables.

No detector runs here: each test writes down the gold, what a pipeline masked and what
it forwarded, and checks the numbers by hand.  Property tests pin down the invariants
every report must satisfy (rates within 0..1, exact never above overlap, a perfect
pipeline scores 1 and leaks nothing, an empty one finds nothing and leaks everything).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pipelines.errors import ConfigError
from proxy.commands.evaluate import baseline_entry, check_baseline
from proxy.evaluation import (
    ALL,
    STRUCTURED_LABELS,
    Detection,
    GoldEntity,
    Latency,
    Negative,
    Payload,
    PayloadResult,
    Tally,
    load_corpus,
    occurs,
    parse_payload,
    report_json,
    score,
    value_shape,
)

TEXT = "Mail anna@example.org or call 030 1234567, order A-2024-118392."
EMAIL = GoldEntity(0, 5, 21, "EMAIL", "anna@example.org")
PHONE = GoldEntity(0, 30, 41, "PHONE", "030 1234567")
ORDER = Negative(0, 49, 62, "order_number", "A-2024-118392")


def _payload(lang: str = "en", text: str = TEXT) -> Payload:
    return Payload("p1", lang, "note", (text,), (EMAIL, PHONE), (ORDER,))


def _mask(text: str, detections: list[Detection]) -> str:
    for det in sorted(detections, key=lambda d: -d.start):
        text = text[: det.start] + f"[{det.label}_1]" + text[det.end :]
    return text


def _result(detections: list[Detection], lang: str = "en", seconds: float = 0.001) -> PayloadResult:
    payload = _payload(lang)
    return PayloadResult(payload, tuple(detections), (_mask(TEXT, detections),), seconds)


def test_the_hand_made_table_points_at_its_values() -> None:
    """The fixtures themselves are right: every span slices out its value."""
    for span in (EMAIL, PHONE, ORDER):
        assert TEXT[span.start : span.end] == span.value


def test_perfect_detections_score_one_and_leak_nothing() -> None:
    """Exact detections of every gold span: P = R = F1 = 1 (both kinds), leak 0."""
    report = score([_result([Detection(0, 5, 21, "EMAIL"), Detection(0, 30, 41, "PHONE")])])
    for label in ("EMAIL", "PHONE"):
        tally = report.tally(label)
        assert (tally.precision, tally.recall, tally.f1) == (1.0, 1.0, 1.0)
        assert (tally.precision_exact, tally.recall_exact) == (1.0, 1.0)
        assert tally.leak_rate == 0.0
    assert report.overmask_rate() == 0.0


def test_a_partial_span_counts_for_overlap_but_not_exact_and_leaks_strictly() -> None:
    """Masking ``030 123`` of ``030 1234567``: overlap hit, exact miss; ``4567`` reached
    the upstream, so it leaked strictly, though not as a whole value."""
    report = score([_result([Detection(0, 30, 37, "PHONE")])])
    phone = report.tally("PHONE")
    assert (phone.recall, phone.recall_exact) == (1.0, 0.0)
    assert (phone.precision, phone.precision_exact) == (1.0, 0.0)
    assert (phone.leak_rate, phone.leak_rate_whole) == (1.0, 0.0)
    # Nothing found for EMAIL: recall 0, its raw value is still in the output.
    email = report.tally("EMAIL")
    assert (email.recall, email.leak_rate, email.precision) == (0.0, 1.0, None)


def test_a_wrong_label_is_a_false_positive_and_a_miss_but_not_a_leak() -> None:
    """An e-mail masked as PERSON: EMAIL recall 0, PERSON precision 0, leak 0."""
    report = score([_result([Detection(0, 5, 21, "PERSON")])])
    assert report.tally("EMAIL").recall == 0.0
    assert report.tally("EMAIL").leak_rate == 0.0
    person = report.tally("PERSON")
    assert (person.gold, person.predicted, person.precision, person.recall) == (0, 1, 0.0, None)


def test_masking_a_hard_negative_is_overmasking_and_a_false_positive() -> None:
    """A detection over the order number counts against over-masking and precision."""
    report = score([_result([Detection(0, 56, 62, "PHONE"), Detection(0, 30, 41, "PHONE")])])
    assert report.overmask() == (1, 1)
    assert report.overmask_rate(kind="order_number") == 1.0
    assert report.tally("PHONE").precision == 0.5
    assert report.tally("PHONE").recall == 1.0


def test_languages_are_scored_apart_and_summed_in_all() -> None:
    """One English payload found everything, one German found nothing."""
    found = [Detection(0, 5, 21, "EMAIL"), Detection(0, 30, 41, "PHONE")]
    report = score([_result(found, "en"), _result([], "de")])
    assert report.structured("en").recall == 1.0
    assert report.structured("de").recall == 0.0
    assert report.structured(ALL).recall == 0.5
    assert report.structured("de").leak_rate == 1.0
    assert report.langs == ["de", "en", ALL]
    assert dict(report.languages) == {"en": 1, "de": 1}


def test_structured_group_sums_only_structured_labels() -> None:
    """PERSON gold does not dilute the structured recall."""
    text = "Anna wrote from anna@example.org"
    payload = Payload(
        "p",
        "en",
        "note",
        (text,),
        (GoldEntity(0, 0, 4, "PERSON", "Anna"), GoldEntity(0, 16, 32, "EMAIL", "anna@example.org")),
        (),
    )
    result = PayloadResult(
        payload, (Detection(0, 16, 32, "EMAIL"),), ("Anna wrote from [EMAIL_1]",), 0.0
    )
    report = score([result])
    assert report.structured().gold == 1
    assert report.structured().recall == 1.0
    assert report.tally("PERSON").leak_rate == 1.0


def test_leak_is_judged_on_the_sanitised_text_not_the_detections() -> None:
    """A value detected in one place but forwarded raw elsewhere in the text leaked."""
    result = PayloadResult(
        _payload(), (Detection(0, 5, 21, "EMAIL"),), ("Mail [EMAIL_1], also anna@example.org",), 0
    )
    assert score([result]).tally("EMAIL").leak_rate == 1.0


@pytest.mark.parametrize(
    ("value", "text", "expected"),
    [
        ("Ann", "Hello Ann, welcome", True),
        ("Ann", "Annual report", False),
        ("Ann", "JoAnn called", False),
        ("Ann", "[PERSON_1] called", False),
        ("030 1234567", "call 030 12345678", False),
        ("030 1234567", "call (030 1234567)", True),
        ("Inc.", "Acme Inc.", True),
        ("ab", "xab ab", True),
        ("ab", "", False),
    ],
)
def test_occurs_is_bounded_by_letters_and_digits(value: str, text: str, expected: bool) -> None:
    """A value glued to a letter or digit is part of another word, not a leak."""
    assert occurs(value, text) is expected


def test_value_shape_hides_letters_and_digits() -> None:
    """Shapes keep punctuation and case classes, never the characters."""
    assert value_shape("Anna Müller, +49 30 1234") == "Aaaa Aaaaaa, +99 99 9999"
    assert value_shape("a" * 60, limit=4) == "aaaa…"
    assert value_shape("x\ny") == "a\\na"


def test_latency_percentiles_use_nearest_rank() -> None:
    """Ten samples of 1..10 ms: p50 = 5, p90 = 9, p99 = max = 10."""
    latency = Latency.of([n / 1000 for n in range(10, 0, -1)])
    assert (latency.p50, latency.p90, latency.p99, latency.max) == pytest.approx((5, 9, 10, 10))
    assert latency.mean == pytest.approx(5.5)
    assert Latency.of([]).count == 0


def test_tally_addition_and_undefined_rates() -> None:
    """Tallies add field by field; a rate over nothing is None, not 0 or 1."""
    total = Tally(gold=2, found=1, predicted=1, correct=1) + Tally(gold=1, leaked=1)
    assert (total.gold, total.found, total.leaked, total.predicted) == (3, 1, 1, 1)
    assert Tally().precision is None and Tally().recall is None and Tally().f1 is None
    assert Tally(gold=1, predicted=1).f1 == 0.0


def test_report_json_has_the_documented_keys() -> None:
    """``--json`` holds per-label and per-language rates and the overall gate numbers."""
    document = report_json(score([_result([Detection(0, 5, 21, "EMAIL")], "de")]))
    for key in ("structured_recall", "structured_precision", "negatives_overmask_rate"):
        assert key in document
    assert document["per_label"]["EMAIL"]["precision"] == 1.0
    assert document["per_label"]["PHONE"]["leak_rate"] == 1.0
    german = document["per_language"]["de"]
    assert german["per_label"]["PHONE"]["recall"] == 0.0
    assert german["structured_recall"] == 0.5
    assert document["negatives_per_kind"]["order_number"]["de"] == {"total": 1, "overmasked": 0}
    json.dumps(document)  # plain data only


def test_baseline_gate_flags_a_regression_and_accepts_an_improvement() -> None:
    """Leak above the baseline (plus tolerance) fails; at or below it passes."""
    leaky = report_json(score([_result([])]))
    clean = report_json(
        score([_result([Detection(0, 5, 21, "EMAIL"), Detection(0, 30, 41, "PHONE")])])
    )
    baseline = {"tolerance": 0.0, "slices": {"10": baseline_entry(clean)}}
    problems = check_baseline(leaky, baseline, 10)
    assert any("structured_leak_rate" in p for p in problems)
    assert any("EMAIL leak_rate" in p for p in problems)
    assert check_baseline(clean, baseline, 10) == []
    loose = {"tolerance": 1.0, "slices": {"10": baseline_entry(clean)}}
    assert check_baseline(leaky, loose, 10) == []
    improved = {"slices": {"10": baseline_entry(leaky)}}
    assert check_baseline(clean, improved, 10) == []


def test_baseline_without_the_slice_is_a_config_error() -> None:
    """Comparing a 50-payload run against a 200-payload baseline is refused."""
    with pytest.raises(ConfigError, match="slice '50'"):
        check_baseline({}, {"slices": {"200": {}}}, 50)


# ---- loading -------------------------------------------------------------------------


GOOD = {
    "id": "1",
    "lang": "en",
    "kind": "note",
    "texts": ["hi bob@x.org"],
    "entities": [{"text": 0, "start": 3, "end": 12, "label": "EMAIL", "value": "bob@x.org"}],
    "negatives": [{"text": 0, "start": 0, "end": 2, "kind": "word", "value": "hi"}],
}


def test_parse_payload_accepts_a_good_line() -> None:
    """The documented format parses into frozen values."""
    payload = parse_payload(GOOD, "line 1")
    assert payload.entities == (GoldEntity(0, 3, 12, "EMAIL", "bob@x.org"),)
    assert payload.negatives == (Negative(0, 0, 2, "word", "hi"),)


@pytest.mark.parametrize(
    ("patch", "message"),
    [
        ({"texts": []}, "non-empty list"),
        ({"texts": "hi"}, "non-empty list"),
        ({"id": 7}, "'id'"),
        ({"entities": {}}, "'entities'"),
        (
            {"entities": [{"text": 1, "start": 3, "end": 12, "label": "EMAIL", "value": "x"}]},
            "index",
        ),
        (
            {"entities": [{"text": 0, "start": 3, "end": 99, "label": "EMAIL", "value": "x"}]},
            "span",
        ),
        ({"entities": [{"text": 0, "start": 3, "end": 3, "label": "EMAIL", "value": ""}]}, "span"),
        (
            {"entities": [{"text": 0, "start": 3, "end": 12, "label": "EMAIL", "value": "b@x"}]},
            "value",
        ),
        (
            {
                "entities": [
                    {"text": 0, "start": 3, "end": 12, "label": "mail", "value": "bob@x.org"}
                ]
            },
            "label",
        ),
        (
            {"entities": [{"text": 0, "start": True, "end": 12, "label": "EMAIL", "value": "b"}]},
            "start",
        ),
        ({"entities": ["bob"]}, "object"),
        ({"negatives": [{"text": 0, "start": 0, "end": 2, "value": "hi"}]}, "'kind'"),
    ],
)
def test_parse_payload_rejects_malformed_entries(patch: dict[str, object], message: str) -> None:
    """Each malformed field is a ConfigError naming the line, never echoing the value."""
    with pytest.raises(ConfigError, match=message) as info:
        parse_payload({**GOOD, **patch}, "line 9")
    assert "line 9" in str(info.value)
    assert "bob@x.org" not in str(info.value)


def test_load_corpus_reads_limits_and_rejects_garbage(tmp_path: Path) -> None:
    """Blank lines are skipped, ``limit`` stops early, bad JSON names its line."""
    path = tmp_path / "c.jsonl"
    path.write_text(json.dumps(GOOD) + "\n\n" + json.dumps({**GOOD, "id": "2"}) + "\n")
    assert [p.id for p in load_corpus(path)] == ["1", "2"]
    assert [p.id for p in load_corpus(path, limit=1)] == ["1"]
    path.write_text(json.dumps(GOOD) + "\n{not json\n")
    with pytest.raises(ConfigError, match="line 2"):
        load_corpus(path)
    path.write_text("\n")
    with pytest.raises(ConfigError, match="no payloads"):
        load_corpus(path)
    with pytest.raises(ConfigError, match="cannot read"):
        load_corpus(tmp_path / "missing.jsonl")
    with pytest.raises(ConfigError, match="limit"):
        load_corpus(path, limit=0)


# ---- properties ----------------------------------------------------------------------

_WORDS = st.sampled_from(["alpha", "bob@x.org", "0301234567", "v1.2.3", "Zoë", "A-1", "##"])


@st.composite
def _corpus_payload(draw: st.DrawFn) -> Payload:
    """A text of words, a random subset of them gold (structured or not), some negatives."""
    words = draw(st.lists(_WORDS, min_size=1, max_size=7, unique=True))
    text, entities, negatives = "", [], []
    for index, word in enumerate(words):
        start = len(text)
        text += word + " "
        role = draw(st.sampled_from(["gold", "structured", "negative", "plain"]))
        label = "EMAIL" if role == "structured" else "PERSON"
        if role in ("gold", "structured"):
            entities.append(GoldEntity(0, start, start + len(word), label, word))
        elif role == "negative":
            negatives.append(Negative(0, start, start + len(word), "other", word))
        del index
    lang = draw(st.sampled_from(["en", "de"]))
    return Payload("p", lang, "prop", (text,), tuple(entities), tuple(negatives))


def _rates(tally: Tally) -> list[float | None]:
    return [
        tally.precision,
        tally.recall,
        tally.f1,
        tally.precision_exact,
        tally.recall_exact,
        tally.f1_exact,
        tally.leak_rate,
    ]


@settings(max_examples=60, deadline=None)
@given(st.lists(_corpus_payload(), min_size=1, max_size=5), st.data())
def test_rates_are_bounded_and_exact_never_beats_overlap(
    payloads: list[Payload], data: st.DataObject
) -> None:
    """For any detections: every rate in 0..1, exact <= overlap, counts add up."""
    results = []
    for payload in payloads:
        length = len(payload.texts[0])
        spans = data.draw(
            st.lists(
                st.tuples(
                    st.integers(0, length - 1),
                    st.integers(1, 12),
                    st.sampled_from(["EMAIL", "PERSON", "PHONE"]),
                ),
                max_size=6,
            )
        )
        detections = [Detection(0, s, min(length, s + n), label) for s, n, label in spans]
        results.append(
            PayloadResult(payload, tuple(detections), (_mask(payload.texts[0], detections),), 0)
        )
    report = score(results)
    for (label, lang), tally in report.tallies.items():
        for rate in _rates(tally):
            assert rate is None or 0.0 <= rate <= 1.0
        assert tally.found_exact <= tally.found <= tally.gold
        assert tally.correct_exact <= tally.correct <= tally.predicted
        assert tally.leaked <= tally.gold
        if lang != ALL:
            assert report.tally(label, ALL).gold >= tally.gold
    total, hit = report.overmask()
    assert 0 <= hit <= total == sum(len(p.negatives) for p in payloads)


@settings(max_examples=60, deadline=None)
@given(st.lists(_corpus_payload(), min_size=1, max_size=5))
def test_oracle_pipeline_is_perfect_and_empty_pipeline_leaks_everything(
    payloads: list[Payload],
) -> None:
    """Masking exactly the gold gives 1/1/0; masking nothing gives recall 0, leak 1."""
    oracle, empty = [], []
    for payload in payloads:
        gold = [Detection(0, e.start, e.end, e.label) for e in payload.entities]
        oracle.append(PayloadResult(payload, tuple(gold), (_mask(payload.texts[0], gold),), 0))
        empty.append(PayloadResult(payload, (), payload.texts, 0))
    perfect, nothing = score(oracle), score(empty)
    for label in {e.label for p in payloads for e in p.entities}:
        assert perfect.tally(label).recall_exact == 1.0
        assert perfect.tally(label).precision_exact == 1.0
        assert perfect.tally(label).leak_rate == 0.0
        assert nothing.tally(label).recall == 0.0
        assert nothing.tally(label).leak_rate == 1.0
    assert perfect.overmask()[1] == 0
    assert nothing.overmask()[1] == 0
    assert {label for label, _ in perfect.tallies} <= {"EMAIL", "PERSON"} | STRUCTURED_LABELS
