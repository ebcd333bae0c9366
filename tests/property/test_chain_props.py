"""Properties of span resolution and sanitisation (docs/design.md C3, C4)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from itertools import pairwise

from hypothesis import given, settings
from hypothesis import strategies as st

from pipelines.chain import REPEAT_DETECTOR, Chain, Sanitized, resolve
from pipelines.relink import relink
from pipelines.spans import Span
from pipelines.surface import SurfaceIndex, fold_case
from pipelines.vault import Vault
from tests.conftest import EMAIL_PATTERN, ListDetector, PatternDetector

_SETTINGS = settings(max_examples=100, deadline=None)

# -- resolve ----------------------------------------------------------------------------


@st.composite
def _spans(draw: st.DrawFn) -> Span:
    start = draw(st.integers(0, 40))
    end = draw(st.integers(start + 1, start + 12))
    return Span(
        start,
        end,
        draw(st.sampled_from(["A", "B", "C"])),
        draw(st.sampled_from([0.5, 1.0])),
        draw(st.sampled_from(["d1", "d2"])),
    )


_SPAN_LISTS = st.lists(st.lists(_spans(), max_size=8), max_size=4)


@_SETTINGS
@given(_SPAN_LISTS)
def test_resolve_sorted_non_overlapping_idempotent(per_detector: list[list[Span]]) -> None:
    """The result is sorted, never overlaps, and resolving it again changes nothing."""
    result = resolve(per_detector)
    assert result == sorted(result, key=lambda s: s.start)
    assert all(a.end <= b.start for a, b in pairwise(result))
    assert resolve([result]) == result


@_SETTINGS
@given(_SPAN_LISTS, st.randoms(use_true_random=False))
def test_resolve_is_order_independent_within_a_detector(
    per_detector: list[list[Span]], random: st.SearchStrategy[object]
) -> None:
    """Shuffling each detector's spans does not change the result."""
    shuffled = [list(spans) for spans in per_detector]
    for spans in shuffled:
        random.shuffle(spans)  # type: ignore[attr-defined]
    assert resolve(shuffled) == resolve(per_detector)


@_SETTINGS
@given(_SPAN_LISTS)
def test_resolve_every_loser_overlaps_a_better_winner(per_detector: list[list[Span]]) -> None:
    """A dropped span overlaps a kept one that precedes it (length, pipeline, start)."""
    result = resolve(per_detector)
    position_of: dict[Span, int] = {}
    for position, spans in enumerate(per_detector):
        for span in spans:
            position_of.setdefault(span, position)

    def rank(span: Span) -> tuple[int, int, int]:
        return (-span.length, position_of[span], span.start)

    for span in position_of:
        if span in result:
            continue
        rivals = [w for w in result if w.start < span.end and span.start < w.end]
        assert any(rank(w) <= rank(span) for w in rivals)


# -- sanitize ---------------------------------------------------------------------------

_NAMES = ["Alice Smith", "Bob", "王小明", "김철수", "José"]
_EMAILS = ["a@x.org", "bob.b@corp.example", "Z9@mail.de"]
_LITERALS = ["[PERSON_1]", "[EMAIL_1]", "[EMAIL_2", "PERSON_1]"]
# Filler without Latin letters: a value can only occur where a token put it, and
# always in the spelling the list has (a mark after a name is another spelling of it,
# which relinks to the first: the loose texts below cover that).
_FILLER = st.text(
    alphabet=st.sampled_from(list(" \t\n.,;:()[]_-0123456789。、中文は\x00\ud800😀")),
    max_size=6,
)
_TOKENS = st.one_of(st.sampled_from(_NAMES + _EMAILS + _LITERALS), _FILLER)
# (tokens apart: glued, "a@x.org" + "Bob" is a new address, "a@x.orgBob", whose later
# "a@x.orgbob" is its case variant; the loose texts below cover gluing)
_TEXTS = st.lists(st.lists(_TOKENS, max_size=12).map(" ".join), min_size=1, max_size=4)
# Filler with letters and case variants of the values: repeats are matched without case.
_LOOSE_TEXTS = st.lists(
    st.lists(
        st.one_of(
            _TOKENS,
            st.sampled_from(["ALICE SMITH", "bob", "A@X.ORG", "Bobby", "\u0301", "Bo\u200bb"]),
            st.text(max_size=5),
        ),
        max_size=12,
    ).map("".join),
    min_size=1,
    max_size=4,
)


def _chain() -> Chain:
    return Chain(
        [
            PatternDetector("emails", "EMAIL", EMAIL_PATTERN),
            ListDetector("people", "PERSON", _NAMES),
        ]
    )


def _sanitize(texts: list[str], vault: Vault) -> Sanitized:
    return asyncio.run(_chain().sanitize(texts, vault))


@_SETTINGS
@given(_TEXTS)
def test_relink_inverts_sanitize_and_no_value_survives(texts: list[str]) -> None:
    """relink(sanitize(x)) == x, and no raw value of the vault is left in the output."""
    vault = Vault()
    result = _sanitize(texts, vault)
    assert [relink(text, vault) for text in result.texts] == texts
    for surface in vault.surface_forms:
        assert all(surface not in text for text in result.texts)


@_SETTINGS
@given(_LOOSE_TEXTS)
def test_relink_restores_all_but_the_case_of_repeats(texts: list[str]) -> None:
    """With any text around, relinking restores everything but the letter case of values.

    One value has one placeholder, which relinks to its first spelling: ``A@X.ORG`` and a
    later ``a@x.org`` (found by a detector or as a repeat) both come back as ``A@X.ORG``.
    """
    vault = Vault()
    result = _sanitize(texts, vault)
    expected = list(texts)
    for finding in sorted(result.findings, reverse=True):
        value = vault.lookup(finding.placeholder)
        assert value is not None
        text = expected[finding.text_index]
        original = text[finding.start : finding.end]
        # The spelling found is the value under its label's normalisation (case,
        # whitespace runs, separators), or a spelling the vault recorded for it.
        assert (
            vault.placeholder_of(finding.label, original) == finding.placeholder
            or vault.surface_forms.get(original) == finding.placeholder
        )
        assert fold_case(" ".join(original.split())) == fold_case(" ".join(value.split()))
        if finding.detector == REPEAT_DETECTOR:
            assert original in vault.surface_forms
        expected[finding.text_index] = text[: finding.start] + value + text[finding.end :]
    assert [relink(text, vault) for text in result.texts] == expected


@_SETTINGS
@given(_LOOSE_TEXTS)
def test_sanitize_is_deterministic_and_findings_are_consistent(texts: list[str]) -> None:
    """Same input, fresh vault: same result; findings point at their original values."""
    first_vault, second_vault = Vault(), Vault()
    first = _sanitize(texts, first_vault)
    assert _sanitize(texts, second_vault) == first
    assert sum(first.counts.values()) == len(first.findings)
    for finding in first.findings:
        raw = texts[finding.text_index][finding.start : finding.end]
        assert (
            first_vault.surface_forms[raw] == finding.placeholder
            or first_vault.placeholder_of(finding.label, raw) == finding.placeholder
        )
        assert finding.placeholder not in first_vault.reserved


@_SETTINGS
@given(
    _LOOSE_TEXTS,
    st.lists(
        st.sampled_from(_NAMES + _EMAILS + ["ALICE SMITH", "bob", "ob", "Smith and", "x"]),
        min_size=1,
        max_size=8,
    ),
)
def test_surface_matcher_strategies_agree(texts: list[str], values: list[str]) -> None:
    """The per-value ``str.find`` scan and the Aho-Corasick scan find the same occurrences."""
    vault = Vault()
    for value in values:
        vault.issue("PERSON" if "@" not in value else "EMAIL", value)
    by_find = SurfaceIndex.of(vault.surface_forms, automaton_from=10**9)
    by_automaton = SurfaceIndex.of(vault.surface_forms, automaton_from=1)
    mixed = SurfaceIndex(automaton_from=3)
    for surface, placeholder in vault.surface_forms.items():
        mixed.add(surface, placeholder, placeholder[1:].rsplit("_", 1)[0])
        mixed.find("warm up")  # rebuilds part-way: some keys in the automaton, some pending
    for text in texts:
        assert by_find.find(text) == by_automaton.find(text) == mixed.find(text)


# -- repeats under the label's normalisation (docs/design.md C4) -------------------------------

_SPACE_RUNS = st.text(
    alphabet=st.sampled_from(list(" \t\n\r\u00a0\u2009\u3000")), min_size=1, max_size=3
)
# Around a repeat: no letters or digits, so the value's boundaries hold.
_AROUND = st.text(alphabet=st.sampled_from(list(" ,;:!?()\n。")), max_size=3)


@st.composite
def _name_and_variant(draw: st.DrawFn) -> tuple[str, str, str]:
    words = draw(st.lists(st.from_regex(r"[A-Za-z]{2,8}", fullmatch=True), min_size=1, max_size=3))
    variant = ""
    for position, word in enumerate(words):
        if position:
            variant += draw(_SPACE_RUNS)
        variant += "".join(c.upper() if draw(st.booleans()) else c.lower() for c in word)
    return "PERSON", " ".join(words), variant


@st.composite
def _number_and_variant(draw: st.DrawFn) -> tuple[str, str, str]:
    label = draw(st.sampled_from(["CREDIT_CARD", "PHONE", "US_SSN", "DE_TAX_ID"]))
    digits = draw(st.from_regex(r"[1-9][0-9]{5,17}", fullmatch=True))

    def spelled() -> str:
        out = digits[0]
        for digit in digits[1:]:
            out += draw(st.sampled_from(["", "", "", " ", "-", ".", " - ", "/", "\u00a0"])) + digit
        return out

    return label, spelled(), spelled()


@_SETTINGS
@given(st.one_of(_name_and_variant(), _number_and_variant()), _AROUND, _AROUND)
def test_every_spelling_the_normaliser_merges_is_replaced(
    case: tuple[str, str, str], before: str, after: str
) -> None:
    """A value found in one text is replaced in another however it is spelled there
    (case, whitespace, separators), and relinks to its first spelling."""
    label, value, variant = case
    vault = Vault()
    chain = Chain([ListDetector("list", label, [value])])
    texts = [f"first: {value} .", before + variant + after]
    result = asyncio.run(chain.sanitize(texts, vault))
    placeholder = f"[{label}_1]"
    assert result.texts[1] == before + placeholder + after
    assert relink(result.texts[1], vault) == before + value + after


@_SETTINGS
@given(_number_and_variant())
def test_a_number_inside_a_longer_number_is_not_a_repeat(case: tuple[str, str, str]) -> None:
    """Digits continuing the spelling on either side make it another number: untouched."""
    label, value, variant = case
    vault = Vault()
    vault.issue(label, value)
    for text in (f"7{variant}", f"{variant}7", f"x{variant}", f"{variant}x"):
        assert vault.surface_index.find(text) == []


# -- JSON inside strings (DESIGN C9) ----------------------------------------------------

_JSON_VALUES = st.recursive(
    st.one_of(_TOKENS, st.lists(_TOKENS, max_size=4).map("".join), st.integers(), st.none()),
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(_TOKENS, inner, max_size=3)
    ),
    max_leaves=8,
)


@_SETTINGS
@given(st.dictionaries(_TOKENS, _JSON_VALUES, min_size=1, max_size=4), st.booleans())
def test_json_documents_stay_valid_and_relink_to_their_meaning(
    data: dict[str, object], ensure_ascii: bool
) -> None:
    """A JSON document in a string is sanitised string by string (keys too): the result
    is valid JSON in the same style, holds no vault value in any string, and relinking
    it (through the egress filter) gives the same data back."""
    raw = json.dumps(data, ensure_ascii=ensure_ascii)
    vault = Vault()
    result = _sanitize([raw], vault)
    out = result.texts[0]
    parsed = json.loads(out)
    assert json.dumps(parsed, ensure_ascii=ensure_ascii) == out
    strings = list(_all_strings(parsed))
    for surface in vault.surface_forms:
        assert all(surface not in string for string in strings)
    assert json.loads(relink(out, vault, json_string=True)) == data


def _all_strings(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from _all_strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _all_strings(item)


# -- placeholder-shaped literals however spelled (DESIGN C4, C9) ------------------------

# Spellings a reader (and the egress filter's fold) takes for the plain character:
# written out here, not taken from the fold's tables.
_HIDDEN = ("\u200b", "\u200d", "\u2060", "\u00ad", "\ufeff", "\x00")
_BRACKETS = {"[": ("[", "\uff3b"), "]": ("]", "\uff3d")}


@st.composite
def _hidden_placeholder(draw: st.DrawFn) -> tuple[str, str]:
    """A placeholder the first request would issue, spelled with full-width brackets
    and invisible characters between its letters; the canonical form and the spelling."""
    label = draw(st.sampled_from(["EMAIL", "PERSON"]))
    canonical = f"[{label}_1]"
    spelled = []
    for char in canonical:
        spelled.append(draw(st.sampled_from(_BRACKETS.get(char, (char,)))))
        if draw(st.booleans()):
            spelled.append(draw(st.sampled_from(_HIDDEN)))
    text = "".join(spelled)
    return canonical, text


@_SETTINGS
@given(_hidden_placeholder(), st.sampled_from(["bob@corp.example", "Alice Smith"]))
def test_a_placeholder_literal_however_spelled_is_never_relinked(
    hidden: tuple[str, str], value: str
) -> None:
    """The user's own ``[EMAIL_1\\u200b]`` (or ``［EMAIL_1］``) is reserved: the value
    found beside it gets another number, and a reply echoing the user's text gives the
    literal back as written, never a real value."""
    canonical, spelled = hidden
    vault = Vault()
    texts = [f"note {spelled} then {value} .", f"again {spelled} ."]
    result = _sanitize(texts, vault)
    assert canonical in vault.reserved
    assert vault.lookup(canonical) is None
    assert relink(result.texts[1], vault) == texts[1]
    assert [relink(text, vault) for text in result.texts] == texts
