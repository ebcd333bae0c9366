"""The ``regex`` detector: options, configuration errors, fail-closed time budget, and
hostile input (empty, huge, NUL, surrogates, zero-width and full-width obfuscation)."""

from __future__ import annotations

import asyncio
import gc
import time
from collections.abc import Mapping

import pytest

from detectors.library import BUILTIN_ENTITIES
from detectors.regex import RegexDetector, _Budget, create
from detectors.regex_rules import context_lookbehind
from pipelines.egress import EgressFilter, EgressPolicy
from pipelines.errors import ConfigError, DetectorError
from pipelines.spans import Detector, DetectorContext, Span
from tests.conftest import scan_views

CONTEXT = DetectorContext(name="hr", source="gateway.yaml", path="detectors.hr.options")


def build(options: Mapping[str, object]) -> RegexDetector:
    """A detector named ``hr`` built from ``options``."""
    return create(options, CONTEXT)


def values(detector: RegexDetector, text: str) -> list[tuple[str, str]]:
    """(label, matched text) for each span."""
    return [(s.label, text[s.start : s.end]) for s in detector.scan(text)]


def view_values(detector: RegexDetector, text: str) -> list[tuple[str, str]]:
    """(label, raw text) for each span found in the canonical view (as the chain runs it)."""
    return [(s.label, text[s.start : s.end]) for s in scan_views(detector.scan, text)]


async def test_detect_batches_texts_and_satisfies_protocol() -> None:
    """detect returns one span list per text, spans named after the detector."""
    detector = build({})
    assert isinstance(detector, Detector)
    texts = ["mail bob@corp.example.org", "", "nothing here", "ip 10.0.0.1"]
    result = await detector.detect(texts)
    assert len(result) == 4
    assert result[0] == [Span(5, 25, "EMAIL", 0.95, "hr")]
    assert result[1] == [] and result[2] == []
    assert [s.label for s in result[3]] == ["IP_ADDRESS"]


def test_default_labels_cover_the_structured_vocabulary() -> None:
    """With all built-ins, the detector can emit every structured label."""
    assert build({}).labels == {
        "EMAIL", "PHONE", "CREDIT_CARD", "IBAN", "US_SSN", "DE_TAX_ID",
        "IP_ADDRESS", "PRIVATE_KEY", "JWT", "API_KEY", "US_ITIN", "DATE_OF_BIRTH",
        "PASSPORT", "NATIONAL_ID", "VAT_ID", "BIC", "ADDRESS",
    }  # fmt: skip


def test_entities_option_selects_builtins() -> None:
    """Only listed entities run; labels follow."""
    detector = build({"entities": ["EMAIL", "IPV4"]})
    assert detector.labels == {"EMAIL", "IP_ADDRESS"}
    text = "bob@example.com 4111 1111 1111 1111 10.1.2.3"
    assert values(detector, text) == [("EMAIL", "bob@example.com"), ("IP_ADDRESS", "10.1.2.3")]
    assert build({"entities": []}).scan(text) == []


def test_custom_pattern_with_validator_context_and_score() -> None:
    """A custom pattern emits its label and score; validator and context words filter."""
    detector = build(
        {
            "entities": [],
            "custom": [
                {
                    "label": "EMPLOYEE_ID",
                    "pattern": r"\bE-[0-9]{6}\b",
                    "context": ["employee", "staff"],
                    "score": 0.7,
                },
                {"label": "ACCOUNT", "pattern": r"\b[0-9]{12,19}\b", "validator": "luhn"},
            ],
        }
    )
    text = "Staff member E-123456, badge E-654321 (no context far away) " + "x" * 60 + " E-111111"
    spans = detector.scan(text)
    assert [(s.label, text[s.start : s.end], s.score) for s in spans] == [
        ("EMPLOYEE_ID", "E-123456", 0.7),
        ("EMPLOYEE_ID", "E-654321", 0.7),
    ]
    assert values(detector, "acct 4111111111111111 and 4111111111111112") == [
        ("ACCOUNT", "4111111111111111")
    ]
    assert build({"custom": [{"label": "X", "pattern": "x"}]}).scan("x")[0].score == 0.9


@pytest.mark.parametrize(
    ("options", "path", "expected"),
    [
        ({"entitys": []}, "detectors.hr.options.entitys", "one of"),
        ({"entities": "EMAIL"}, "detectors.hr.options.entities", "list of strings"),
        ({"entities": ["EMAIL", "SSN"]}, "detectors.hr.options.entities[1]", "EMAIL"),
        ({"entities": ["EMAIL", "EMAIL"]}, "detectors.hr.options.entities[1]", "unique"),
        ({"phone_mode": "loose"}, "detectors.hr.options.phone_mode", "strict or lenient"),
        ({"phone_regions": ["US", "XX"]}, "detectors.hr.options.phone_regions[1]", "ISO 3166"),
        ({"phone_regions": "US"}, "detectors.hr.options.phone_regions", "list of strings"),
        ({"custom": {}}, "detectors.hr.options.custom", "list"),
        ({"custom": ["x"]}, "detectors.hr.options.custom[0]", "mapping"),
        (
            {"custom": [{"label": "X", "pattern": "("}]},
            "detectors.hr.options.custom[0].pattern",
            "regex",
        ),
        (
            {"custom": [{"label": "X", "pattern": ""}]},
            "detectors.hr.options.custom[0].pattern",
            "regex",
        ),
        (
            {"custom": [{"label": "x", "pattern": "a"}]},
            "detectors.hr.options.custom[0].label",
            "[A-Z]",
        ),
        ({"custom": [{"pattern": "a"}]}, "detectors.hr.options.custom[0].label", "[A-Z]"),
        (
            {"custom": [{"label": "X", "pattern": "a", "validator": "crc"}]},
            "detectors.hr.options.custom[0].validator",
            "luhn",
        ),
        (
            {"custom": [{"label": "X", "pattern": "a", "score": 2}]},
            "detectors.hr.options.custom[0].score",
            "0..1",
        ),
        (
            {"custom": [{"label": "X", "pattern": "a", "score": True}]},
            "detectors.hr.options.custom[0].score",
            "0..1",
        ),
        (
            {"custom": [{"label": "X", "pattern": "a", "context": "near"}]},
            "detectors.hr.options.custom[0].context",
            "list of strings",
        ),
        (
            {"custom": [{"label": "X", "pattern": "a", "context": ["near", " "]}]},
            "detectors.hr.options.custom[0].context[1]",
            "non-empty",
        ),
        (
            {"custom": [{"label": "X", "pattern": "a", "context": ["w" * 65]}]},
            "detectors.hr.options.custom[0].context[0]",
            "at most 64 characters",
        ),
        (
            {"custom": [{"label": "X", "pattern": "a", "flags": "i"}]},
            "detectors.hr.options.custom[0].flags",
            "one of",
        ),
    ],
)
def test_config_errors_name_path_and_expectation(
    options: Mapping[str, object], path: str, expected: str
) -> None:
    """Every bad option is a ConfigError naming the file, the dotted path and what fits."""
    with pytest.raises(ConfigError) as caught:
        build(options)
    assert caught.value.source == "gateway.yaml"
    assert caught.value.path == path
    assert expected in (caught.value.expected or "")
    assert "gateway.yaml: " + path in str(caught.value)


def test_redos_pattern_fails_closed_quickly() -> None:
    """A catastrophic custom pattern raises DetectorError within its budget, never hangs."""
    detector = build({"entities": [], "custom": [{"label": "X", "pattern": r"(a+)+b"}]})
    began = time.monotonic()
    with pytest.raises(DetectorError) as caught:
        detector.scan("a" * 5000)
    assert time.monotonic() - began < 5.0
    assert caught.value.detector == "hr"
    assert "aaaa" not in str(caught.value)


def test_redos_on_a_short_window_is_timed_too() -> None:
    """Every regex call runs under timeout=: 25 characters of (a|a)+b fail closed quickly."""
    detector = build({"entities": [], "custom": [{"label": "X", "pattern": r"(a|a)+b"}]})
    began = time.thread_time()
    with pytest.raises(DetectorError, match="time budget"):
        detector.scan("a" * 25)
    assert time.thread_time() - began < 2.0  # the budget is 0.25 s; the bug took seconds


def _spin(seconds: float) -> None:
    """Burn ``seconds`` of this thread's CPU time."""
    until = time.thread_time() + seconds
    while time.thread_time() < until:
        pass


def test_garbage_collection_is_not_charged_to_the_budget() -> None:
    """A full collection that falls into a scan is the process's doing, not the text's.

    Found by CI: near the end of the whole suite a 41-character prompt was refused
    (``exceeded its time budget``) after 0.6 s, the collector's pass over the suite's
    heap.  Here each collection in the scan (one at nearly every allocation, more than
    a thousand) takes a millisecond of its thread's CPU, the spin running inside the
    collection, before the budget's own callback closes it: several times the budget
    this text has, and the scan still finds all its values.
    """
    detector = build({})
    # Hundreds of digit clusters and regex calls: the budget's clock is read again after
    # the collections (every 32 calls and clusters).
    text = " ".join(
        f"Ticket {n}: call 555-123-{n:04} or jane{n}@example.com, not 2024-05-{n % 28 + 1:02}."
        for n in range(1000, 1100)
    )
    expected = values(detector, text)
    assert [label for label, _ in expected] == ["PHONE", "EMAIL"] * 100
    collections = 0

    def slow_collection(phase: str, info: Mapping[str, int]) -> None:
        nonlocal collections
        if phase == "stop":
            collections += 1
            _spin(0.001)

    threshold = gc.get_threshold()
    gc.callbacks.insert(0, slow_collection)  # before the budget's: inside the collection
    gc.set_threshold(1, 1, 1)  # a collection at (nearly) every allocation of the scan
    try:
        found = values(detector, text)
    finally:
        gc.set_threshold(*threshold)
        gc.callbacks.remove(slow_collection)
    assert collections > 1000
    assert found == expected


def test_the_budget_counts_scanning_not_collecting() -> None:
    """The budget's clock: a collection's CPU time is left out, the thread's own is not."""
    heap: list[list[int]] = [[] for _ in range(1_000_000)]  # about 0.1 s for a full collection
    budget = _Budget("rx", 0.05, None)
    began = time.thread_time()
    gc.collect()
    assert time.thread_time() - began > 0.05  # longer than the budget ...
    budget.check()  # ... and not charged to it
    del heap
    _spin(0.06)
    with pytest.raises(DetectorError, match="time budget"):
        budget.check()


async def test_a_cancelled_detect_stops_its_scan() -> None:
    """When the awaiting request gives up, the scan on the detector's thread stops early.

    200,000 digit clusters take seconds to scan; cancelling after 50 ms ends the scan at
    its next clock reading, so no CPU is spent on it afterwards.
    """
    detector = build({"entities": ["PHONE", "CREDIT_CARD", "IBAN"]})
    text = "0301 2345678-12 DE89 3704 0044 0532 0130 01, " * 200_000
    task = asyncio.create_task(detector.detect([text]))
    await asyncio.sleep(0.05)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    await asyncio.sleep(0.1)  # the scan reads its flag within 32 clusters
    cpu = time.process_time()
    await asyncio.sleep(0.5)
    # Still scanning, the thread would have burnt these 0.5 s; stopped, it burns none.
    assert time.process_time() - cpu < 0.25
    assert await detector.detect(["call 030 1234567"]) != [[]]  # control: still serves
    await detector.aclose()


async def test_redos_through_detect_is_a_detector_error() -> None:
    """The async API surfaces the same DetectorError (the chain then refuses the request)."""
    detector = build({"entities": [], "custom": [{"label": "X", "pattern": r"(x+x+)+y"}]})
    with pytest.raises(DetectorError):
        await detector.detect(["ok", "x" * 3000])


def test_empty_and_whitespace_texts() -> None:
    """Empty and blank texts give no spans."""
    detector = build({})
    assert detector.scan("") == []
    assert detector.scan(" \n\t ") == []


def test_zero_width_characters_do_not_hide_values() -> None:
    """A zero-width space or joiner inside a value is skipped; the span covers it."""
    detector = build({})
    text = "mail bob\u200b@exa\u200dmple.com now"
    assert view_values(detector, text) == [("EMAIL", "bob\u200b@exa\u200dmple.com")]
    text = "card 4111\u2060 1111 1111 1111\ufeff end"
    assert view_values(detector, text) == [("CREDIT_CARD", "4111\u2060 1111 1111 1111")]


def test_full_width_digits_are_read_as_ascii() -> None:
    """Full-width card digits and Arabic-Indic digits are caught with exact offsets."""
    detector = build({})
    card = "４１１１ １１１１ １１１１ １１１１"
    text = f"カード番号{card}です"
    assert view_values(detector, text) == [("CREDIT_CARD", card)]
    ssn = "١٢٣-٤٥-٦٧٨٩"
    assert view_values(detector, f"SSN {ssn}.") == [("US_SSN", ssn)]


def test_nul_and_controls_are_skipped() -> None:
    """NUL inside a value does not hide it; NUL around values is harmless."""
    detector = build({})
    text = "\x00bob@\x00example.com\x00 and 10.0.\x000.1\x07"
    assert view_values(detector, text) == [
        ("EMAIL", "bob@\x00example.com"),
        ("IP_ADDRESS", "10.0.\x000.1"),
    ]


def test_lone_surrogates_are_ordinary_characters() -> None:
    """Unpaired surrogates (possible after lenient JSON decoding) do not break scanning."""
    detector = build({})
    text = "\ud800 bob@example.com \udfff 4111 1111 1111 1111\ud83d"
    assert values(detector, text) == [
        ("EMAIL", "bob@example.com"),
        ("CREDIT_CARD", "4111 1111 1111 1111"),
    ]


def test_ten_megabyte_text_is_scanned_in_full() -> None:
    """A 10 MB prompt is scanned to its end within the time budget."""
    detector = build({})
    filler = "Lorem ipsum dolor sit amet: consectetur adipiscing elit, sed do 2024. " * 145_000
    text = "10.0.0.1 " + filler + "last bob@example.com"
    assert len(text) > 10_000_000
    spans = detector.scan(text)
    assert [(s.label, text[s.start : s.end]) for s in spans] == [
        ("IP_ADDRESS", "10.0.0.1"),
        ("EMAIL", "bob@example.com"),
    ]


def test_many_candidates_do_not_exhaust_the_budget() -> None:
    """50 kB of card-like numbers (all Luhn-invalid) finishes within the budget."""
    detector = build({})
    text = "4111 1111 1111 1112, " * 2_500
    assert detector.scan(text) == []


def test_spans_are_sorted_and_deduplicated() -> None:
    """Output is sorted by start; a value two built-ins share appears once."""
    detector = build({})
    text = "b@example.com then 10.0.0.1 then a@example.com"
    spans = detector.scan(text)
    assert [s.start for s in spans] == sorted(s.start for s in spans)
    assert len({(s.start, s.end) for s in spans}) == len(spans)


def test_input_is_not_mutated_and_results_are_deterministic() -> None:
    """Scanning twice gives equal results; the caller's list is untouched."""
    detector = build({})
    texts = ["call +49 30 1234567 or bob@example.com"]
    before = list(texts)
    assert detector.scan(texts[0]) == detector.scan(texts[0])
    assert texts == before


def test_every_builtin_name_is_accepted() -> None:
    """Each library name is a valid `entities` item on its own."""
    for name in BUILTIN_ENTITIES:
        assert build({"entities": [name]}).labels == {BUILTIN_ENTITIES[name].label}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("a" * 64 + "@example.com", ["a" * 64 + "@example.com"]),
        ("a" * 65 + "@example.com", []),  # the local part is the whole run: too long
        ("x " + "a" * 64 + "@example.com", ["a" * 64 + "@example.com"]),
        ("@example.com and bob@example.com", ["bob@example.com"]),
        ("bob@@example.com", []),
        ("a@b.de c@d.de", ["a@b.de", "c@d.de"]),
        ("東京bob@example.com", ["bob@example.com"]),
    ],
)
def test_email_local_part_starts_where_its_run_begins(text: str, expected: list[str]) -> None:
    """E-mail is tried once per "@", from the start of the local-part run before it."""
    detector = build({"entities": ["EMAIL"]})
    assert [value for _, value in values(detector, text)] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("SSN 536221234 and ssn: 536221234.", ["536221234", "536221234"]),
        ("SSN", []),
        ("SSN 53622", []),  # cut off at the end of the text
        ("x" * 200 + " SSN#536221234", ["536221234"]),
        ("x" * 200 + "ssn#536221234", []),  # the keyword must be a word of its own
        ("x" * 200 + "SSN#536221234", ["536221234"]),  # a camelCase word ("customerSSN")
        ("Social Security SSN 536221234", ["536221234"]),
    ],
)
def test_bare_ssn_is_tried_at_each_keyword(text: str, expected: list[str]) -> None:
    """US_SSN_BARE runs from each keyword occurrence only, at any place in the text."""
    detector = build({"entities": ["US_SSN_BARE"]})
    assert [value for _, value in values(detector, text)] == expected


def test_output_patterns_list_each_custom_rule_for_the_reply() -> None:
    """One OutputPattern per custom rule, in config order, with its source and validator."""
    detector = build({
        "entities": ["EMAIL"],
        "custom": [
            {"label": "TICKET", "pattern": r"TCK-[0-9]{6}"},
            {"label": "CARD_REF", "pattern": r"C[0-9 ]{13,19}", "validator": "luhn",
             "context": ["card"]},
            {"label": "TICKET", "pattern": r"INC[0-9]{7}"},
        ],
    })  # fmt: skip
    patterns = detector.output_patterns
    assert [(p.name, p.label, p.pattern) for p in patterns] == [
        ("hr.custom[0]", "TICKET", r"TCK-[0-9]{6}"),
        # context words travel with the pattern, as the look-behind the detector tests
        ("hr.custom[1]", "CARD_REF", context_lookbehind(["card"]) + r"(?:C[0-9 ]{13,19})"),
        ("hr.custom[2]", "TICKET", r"INC[0-9]{7}"),
    ]
    assert patterns[0].validator is None and patterns[2].validator is None
    validator = patterns[1].validator
    assert validator is not None
    assert validator("4111 1111 1111 1111") and not validator("4111 1111 1111 1112")


def test_output_patterns_leave_builtins_to_the_library() -> None:
    """Built-ins are not output patterns of the detector (the proxy takes the library's)."""
    assert build({}).output_patterns == ()
    assert build({"entities": ["EMAIL", "IBAN"]}).output_patterns == ()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # positive: a context word right before, in any case, or within the window
        ("badge B-123456", "badge [REDACTED:BADGE]"),
        ("BADGE no. B-123456", "BADGE no. [REDACTED:BADGE]"),
        ("Badge " + "x" * 48 + " B-123456", "Badge " + "x" * 48 + " [REDACTED:BADGE]"),
        # negative: no context word, or it ends more than 50 characters before
        ("build B-123456", "build B-123456"),
        ("badge " + "x" * 49 + " B-123456", "badge " + "x" * 49 + " B-123456"),
        # near miss: the word after the value does not count
        ("B-123456 is my badge", "B-123456 is my badge"),
    ],
)
def test_a_reply_needs_the_custom_context_words_a_prompt_needs(text: str, expected: str) -> None:
    """The reply's output pattern of a custom rule with ``context`` masks exactly what the
    detector reports: the same words, the same window, any case."""
    detector = build(
        {"entities": [], "custom": [{"label": "BADGE", "pattern": r"B-[0-9]{6}",
                                     "context": ["badge"]}]}
    )  # fmt: skip
    reported = [text[s.start : s.end] for s in detector.scan(text)]
    assert reported == (["B-123456"] if "[REDACTED" in expected else [])
    rules = EgressPolicy(patterns=detector.output_patterns, relink=False).for_request({}, ())
    flt = EgressFilter(rules)
    assert "".join(flt.feed(ch) for ch in text) + flt.close() == expected
