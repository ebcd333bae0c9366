"""Unit tests of span resolution and the detector chain (docs/design.md C2–C4)."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

import pytest

from pipelines.chain import REPEAT_DETECTOR, Chain, Finding, resolve
from pipelines.egress import EgressFilter, EgressPolicy
from pipelines.errors import DetectorError, DetectorOverloaded, DetectorTimeout
from pipelines.relink import relink
from pipelines.spans import Span
from pipelines.vault import Vault
from tests.conftest import EMAIL_PATTERN, ListDetector, PatternDetector

# -- resolve ----------------------------------------------------------------------------


def test_resolve_longer_span_wins() -> None:
    """Overlapping spans: the longer one wins, whatever the pipeline order."""
    short = Span(0, 5, "PERSON", detector="a")
    long = Span(0, 11, "PERSON", detector="b")
    assert resolve([[short], [long]]) == [long]


def test_resolve_equal_length_earlier_detector_wins() -> None:
    """Equal length: the detector earlier in the pipeline wins."""
    first = Span(2, 6, "PERSON", detector="a")
    second = Span(3, 7, "LOCATION", detector="b")
    assert resolve([[first], [second]]) == [first]
    assert resolve([[second], [first]]) == [second]


def test_resolve_same_detector_equal_length_earlier_start_wins() -> None:
    """Equal length, same detector: the earlier start wins."""
    early, late = Span(0, 4, "PERSON"), Span(2, 6, "PERSON")
    assert resolve([[late, early]]) == [early]


def test_resolve_sorted_non_overlapping_and_deduplicated() -> None:
    """The result is sorted by start; touching spans both survive; duplicates collapse."""
    spans = [Span(10, 12, "A"), Span(0, 3, "B"), Span(3, 5, "C"), Span(0, 3, "B")]
    assert resolve([spans]) == [Span(0, 3, "B"), Span(3, 5, "C"), Span(10, 12, "A")]


def test_resolve_tie_on_everything_but_label_is_order_independent() -> None:
    """Same offsets, same detector, two labels: the same winner in any report order."""
    a, b = Span(0, 4, "ALPHA"), Span(0, 4, "BETA")
    assert resolve([[a, b]]) == resolve([[b, a]]) == [a]


def test_resolve_empty() -> None:
    """No detectors, or detectors with nothing, give nothing."""
    assert resolve([]) == []
    assert resolve([[], []]) == []


def test_resolve_nested_spans() -> None:
    """A span inside a longer one loses; a span bridging two winners loses too."""
    outer, inner = Span(0, 10, "A", detector="a"), Span(2, 4, "B", detector="b")
    left, right, bridge = Span(0, 4, "A"), Span(6, 10, "A"), Span(3, 7, "B")
    assert resolve([[inner], [outer]]) == [outer]
    assert resolve([[left, right], [bridge]]) == [left, right]


# -- detect -----------------------------------------------------------------------------


class _Misbehaving:
    """A detector whose answer is whatever the test says."""

    def __init__(self, name: str, answer: object, labels: frozenset[str] = frozenset({"X"})):
        self._name = name
        self._answer = answer
        self._labels = labels

    @property
    def name(self) -> str:
        return self._name

    @property
    def labels(self) -> frozenset[str]:
        return self._labels

    async def detect(self, texts: Sequence[str]) -> list[list[Span]]:
        if isinstance(self._answer, BaseException):
            raise self._answer
        return self._answer  # type: ignore[return-value]


@pytest.mark.parametrize(
    "answer",
    [
        None,
        [],
        [[], []],
        [[Span(0, 99, "X")]],
        [["not a span"]],
        [(Span(0, 1, "X"),)],
        [[Span(0, 1, "UNDECLARED")]],
    ],
    ids=["none", "too-few", "too-many", "past-end", "not-span", "tuple", "label"],
)
async def test_detect_rejects_misbehaving_detectors(answer: object) -> None:
    """A malformed answer is a DetectorError naming the detector, never a crash later."""
    chain = Chain([_Misbehaving("bad", answer)])
    with pytest.raises(DetectorError) as info:
        await chain.detect(["hello"])
    assert info.value.detector == "bad"


async def test_detect_wraps_exceptions_without_their_message() -> None:
    """An exception inside a detector becomes DetectorError; its text is not echoed."""
    chain = Chain([_Misbehaving("bad", RuntimeError("alice@secret.example"))])
    with pytest.raises(DetectorError) as info:
        await chain.detect(["alice@secret.example"])
    assert "secret" not in str(info.value)
    assert "RuntimeError" in str(info.value)
    assert isinstance(info.value.__cause__, RuntimeError)


async def test_detect_passes_detector_errors_through() -> None:
    """A detector's own DetectorError subclass (overload: 503) is kept as is."""
    error = DetectorOverloaded("busy", "queue full")
    chain = Chain([_Misbehaving("busy", error), PatternDetector("e", "EMAIL", EMAIL_PATTERN)])
    with pytest.raises(DetectorOverloaded):
        await chain.detect(["x"])


async def test_detect_times_out() -> None:
    """A slow detector past its limit fails the request with DetectorTimeout."""
    slow = PatternDetector("slow", "X", "x", delay=5)
    chain = Chain([slow, PatternDetector("fast", "Y", "y")], timeouts={"slow": 0.01})
    with pytest.raises(DetectorTimeout) as info:
        await chain.detect(["x y"])
    assert info.value.detector == "slow"


async def test_fail_open_detectors_are_skipped_and_reported() -> None:
    """A fail-open detector's failure is reported to on_skip and its spans left out."""
    skipped: list[tuple[str, BaseException]] = []
    chain = Chain(
        [_Misbehaving("flaky", ValueError("boom")), PatternDetector("ys", "Y", "y+")],
        fail_open=frozenset({"flaky"}),
        on_skip=lambda name, exc: skipped.append((name, exc)),
    )
    assert await chain.detect(["a yy"]) == [[Span(2, 4, "Y", 1.0, "ys")]]
    assert [name for name, _ in skipped] == ["flaky"]
    assert isinstance(skipped[0][1], DetectorError)


async def test_first_failure_in_pipeline_order_is_reported() -> None:
    """When several detectors fail, the error names the first in the pipeline."""
    chain = Chain([_Misbehaving("one", ValueError()), _Misbehaving("two", KeyError())])
    with pytest.raises(DetectorError) as info:
        await chain.detect(["x"])
    assert info.value.detector == "one"


async def test_detectors_run_concurrently() -> None:
    """Two slow detectors take about as long as one."""
    loop = asyncio.get_running_loop()
    chain = Chain(
        [PatternDetector("a", "A", "a", delay=0.2), PatternDetector("b", "B", "b", delay=0.2)]
    )
    started = loop.time()
    await chain.detect(["ab"])
    assert loop.time() - started < 0.35


async def test_spans_are_tagged_with_the_detector_name() -> None:
    """A plugin that forgets to set ``detector`` still gets its spans attributed."""
    chain = Chain([_Misbehaving("tagger", [[Span(0, 1, "X")]])])
    assert await chain.detect(["x"]) == [[Span(0, 1, "X", 1.0, "tagger")]]


def test_chain_rejects_duplicate_names_and_unknown_fail_open() -> None:
    """Misconfiguration of the chain itself is caught when it is built."""
    with pytest.raises(ValueError):
        Chain([PatternDetector("a", "A", "a"), PatternDetector("a", "B", "b")])
    with pytest.raises(ValueError):
        Chain([PatternDetector("a", "A", "a")], fail_open=frozenset({"b"}))


async def test_detect_with_no_texts_or_no_detectors() -> None:
    """Empty input and an empty pipeline are valid."""
    assert await Chain([PatternDetector("a", "A", "a")]).detect([]) == []
    assert await Chain([]).detect(["abc", ""]) == [[], []]


# -- sanitize ---------------------------------------------------------------------------


def _chain() -> Chain:
    return Chain(
        [
            PatternDetector("emails", "EMAIL", EMAIL_PATTERN),
            ListDetector("people", "PERSON", ["Alice Smith", "Bob", "김철수", "王小明"]),
        ]
    )


async def test_sanitize_replaces_and_numbers_in_canonical_order() -> None:
    """Placeholders are numbered by first appearance across texts, in text order."""
    texts = ["Bob <b@x.org>", "Alice Smith and Bob, a@x.org"]
    vault = Vault()
    result = await _chain().sanitize(texts, vault)
    assert result.texts == ("[PERSON_1] <[EMAIL_1]>", "[PERSON_2] and [PERSON_1], [EMAIL_2]")
    assert result.counts == {"PERSON": 3, "EMAIL": 2}
    assert result.findings[0] == Finding(0, 0, 3, "PERSON", "people", "[PERSON_1]")
    assert [relink(t, vault) for t in result.texts] == texts


async def test_sanitize_replaces_repeats_no_detector_found() -> None:
    """Once found anywhere, a value is replaced everywhere, in any case spelling."""
    texts = ["Write to ALICE@X.ORG please", "alice@x.org is Alice's", "old: Alice@x.org."]
    chain = Chain([ListDetector("known", "EMAIL", ["alice@x.org"])])
    vault = Vault()
    result = await chain.sanitize(texts, vault)
    assert result.texts == ("Write to [EMAIL_1] please", "[EMAIL_1] is Alice's", "old: [EMAIL_1].")
    repeats = [f for f in result.findings if f.detector == REPEAT_DETECTOR]
    assert [(f.text_index, f.start) for f in repeats] == [(0, 9), (2, 5)]
    assert vault.surface_forms["ALICE@X.ORG"] == "[EMAIL_1]"


async def test_repeats_respect_word_boundaries() -> None:
    """A name is not replaced inside a longer word, but is next to punctuation."""
    chain = Chain([PatternDetector("people", "PERSON", "^Ann$")])
    texts = ["Ann", "Annabel, Joann and ann. (Ann)", "Ann_1 Ann1 1Ann"]
    result = await chain.sanitize(texts, Vault())
    assert result.texts[1] == "Annabel, Joann and [PERSON_1]. ([PERSON_1])"
    assert result.texts[2] == "Ann_1 Ann1 1Ann"


async def test_repeats_next_to_cjk_and_hangul_particles() -> None:
    """In scripts without spaces a name touches its neighbours and is still replaced."""
    chain = _chain()
    texts = ["王小明 and 김철수", "我叫王小明。김철수는 학생", "王小明的朋友"]
    result = await chain.sanitize(texts, Vault())
    assert result.texts == (
        "[PERSON_1] and [PERSON_2]",
        "我叫[PERSON_1]。[PERSON_2]는 학생",
        "[PERSON_1]的朋友",
    )


async def test_longest_repeat_wins() -> None:
    """Of overlapping known values the longest (leftmost) occurrence is replaced."""
    chain = Chain([ListDetector("p", "PERSON", ["Anna Maria", "Anna"])])
    vault = Vault()
    result = await chain.sanitize(["Anna and Anna Maria", "x Anna Maria y"], vault)
    assert result.texts == ("[PERSON_1] and [PERSON_2]", "x [PERSON_2] y")


async def test_secrets_repeat_only_exactly() -> None:
    """API keys are case-sensitive: another casing is another value, left alone here."""
    chain = Chain([ListDetector("k", "API_KEY", ["sk-AbC123xyz"])])
    result = await chain.sanitize(["sk-AbC123xyz", "sk-abc123xyz"], Vault())
    assert result.texts == ("[API_KEY_1]", "sk-abc123xyz")


async def test_literal_placeholders_are_never_touched() -> None:
    """Placeholder-shaped input is reserved and stays; a span overlapping it is never
    dropped: what it covers beside the literal is replaced."""
    chain = Chain([PatternDetector("p", "PERSON", r"PERSON|\[PERSON_1\] Bob|Bob")])
    vault = Vault()
    result = await chain.sanitize(["[PERSON_1] Bob", "Bob [PERSON_1]"], vault)
    assert result.texts == ("[PERSON_1] [PERSON_2]", "[PERSON_2] [PERSON_1]")
    assert vault.lookup("[PERSON_1]") is None
    assert [relink(t, vault) for t in result.texts] == ["[PERSON_1] Bob", "Bob [PERSON_1]"]


async def test_mangled_literal_placeholders_are_never_issued_nor_relinked() -> None:
    """``[email_1]`` written by the user is not issued; the model's echo of it stays text."""
    chain = Chain([PatternDetector("e", "EMAIL", EMAIL_PATTERN)])
    vault = Vault()
    text = r"template [email_1] and \[EMAIL\_1\]; mail zq@ex.com"
    result = await chain.sanitize([text], vault)
    assert result.texts == (r"template [email_1] and \[EMAIL\_1\]; mail [EMAIL_2]",)
    rules = EgressPolicy(patterns=[]).for_request(vault.relink_map, vault.surface_forms)
    flt = EgressFilter(rules)
    echo = r"your template: [email_1] and \[EMAIL\_1\], sent to [EMAIL_2]"
    assert flt.feed(echo) + flt.close() == (
        r"your template: [email_1] and \[EMAIL\_1\], sent to zq@ex.com"
    )


async def test_existing_vault_values_are_replaced_in_new_turns() -> None:
    """A session vault masks values from earlier turns even if no detector fires now."""
    vault = Vault()
    vault.issue("PERSON", "Carol")
    result = await Chain([]).sanitize(["Carol called."], vault)
    assert result.texts == ("[PERSON_1] called.",)


@pytest.mark.parametrize(
    "text",
    ["", "\x00a@x.org\x00", "\ud800 a@x.org \udfff", "e\u0301 a@x.org", "İstanbul a@x.org"],
    ids=["empty", "nul", "surrogates", "combining", "dotted-i"],
)
async def test_hostile_text(text: str) -> None:
    """NUL bytes, lone surrogates, combining marks and length-changing case pass through."""
    vault = Vault()
    result = await _chain().sanitize([text], vault)
    assert "a@x.org" not in result.texts[0]
    assert relink(result.texts[0], vault) == text


async def test_ten_megabytes() -> None:
    """A 10 MB text is sanitised in one pass without blowing up."""
    text = ("lorem ipsum dolor sit amet " * 400_000)[:10_000_000] + " a@x.org"
    vault = Vault()
    result = await _chain().sanitize([text], vault)
    assert result.texts[0].endswith(" [EMAIL_1]")
    assert len(result.texts[0]) == len(text) - len("a@x.org") + len("[EMAIL_1]")


async def test_sanitize_is_deterministic() -> None:
    """Same input and config, fresh vaults: same output, same findings."""
    texts = ["Bob a@x.org Alice Smith", "b@y.org Bob"]
    first = await _chain().sanitize(texts, Vault())
    second = await _chain().sanitize(texts, Vault())
    assert first == second


async def test_detector_failure_issues_nothing() -> None:
    """Fail closed: a failing detector aborts before a single placeholder is issued."""
    vault = Vault()
    chain = Chain([PatternDetector("e", "EMAIL", EMAIL_PATTERN), _Misbehaving("bad", OSError())])
    with pytest.raises(DetectorError):
        await chain.sanitize(["a@x.org"], vault)
    assert len(vault) == 0


async def test_session_vault_across_turns_with_many_values() -> None:
    """A vault kept across turns finds repeats of old and new values, past the index rebuild."""
    old = [f"Person{chr(65 + i)} Old" for i in range(30)]
    new = [f"Person{chr(65 + i)} New" for i in range(5)]
    vault = Vault()
    first = await Chain([ListDetector("p", "PERSON", old)]).sanitize([" ".join(old)], vault)
    assert "Old" not in first.texts[0]
    second = await Chain([ListDetector("p", "PERSON", new)]).sanitize(
        [" / ".join(new + old), old[3].upper()], vault
    )
    assert "Old" not in second.texts[0] and "New" not in second.texts[0]
    assert second.texts[1] == "[PERSON_4]"
    assert second.texts[0].startswith("[PERSON_31] / [PERSON_32]")
    assert len(vault) == 35
