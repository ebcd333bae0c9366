"""The regex detector's shortcuts find exactly what the straightforward search finds.

Each property generates the class of text a shortcut narrows the search on and
compares the detector's answer with a plain search written out here.
"""

from __future__ import annotations

import regex
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from detectors.library import EXTENSION_MARK

SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Digits, the separators numbers are written with, extension words and their pieces,
# commas, letters next to digits (IBAN country codes, "dw", "x").
_NUMBER_TEXT = st.lists(
    st.sampled_from(
        ["0", "1", "7", "42", "0151", " ", "\t", "+", "(", ")", "-", ".", "/", ",", ", ",
         "x", "X", "ext", "ext.", "Ext. ", "EXT", "extension", "dw", "Dw", "DW", "durchwahl",
         "app.", "apparat", "e", "a", "d", "DE", "gb", "ab", "\n", "ü", "x1", " x 9", "1,x2",
         "3, ext 4", "9,dw1", "5 ,X 6"]
    ),
    max_size=30,
).map("".join)  # fmt: skip


@SETTINGS
@given(_NUMBER_TEXT)
def test_digit_clusters_are_the_runs_of_the_straightforward_pattern(text: str) -> None:
    """The cluster search (standard library, marks joined to class runs) finds the same
    runs as one alternation of a number character or an extension mark, repeated."""
    from detectors import regex as detector_module

    plain = regex.compile(
        r"[0-9](?:[0-9 \t+()\-./]|" + EXTENSION_MARK + r"(?=[0-9]))*", regex.VERSION1
    )
    expected = [match.span() for match in plain.finditer(text)]
    assert [match.span() for match in detector_module._CLUSTER.finditer(text)] == expected


# Digit groups of every length joined the ways phone numbers (and look-alikes: dates,
# cards, versions) are written, with a country code, a trunk 0 or an extension or not,
# and NANP-shaped groups (3-3-4 digits) among them.
def _digits(size: int) -> st.SearchStrategy[str]:
    return st.text(alphabet="0123456789", min_size=size, max_size=size)


_DIGIT_GROUP = st.sampled_from([1, 2, 3, 3, 4, 5, 7, 8, 10]).flatmap(_digits)
_SEPARATOR = st.sampled_from([" ", " ", "-", "-", ".", "/", ") ", ")", "", "\n", ", "])
# The NANP shape, 3-3-4 groups, with or without parentheses and a leading 1.
_NANP_SHAPED = st.tuples(
    st.sampled_from(["", "(", "1 ", "1-", "+1 "]),
    _digits(3),
    st.sampled_from([" ", "-", ".", ") ", ")", ")-", "/"]),
    _digits(3),
    st.sampled_from([" ", "-", ".", ""]),
    _digits(4),
).map("".join)
_GROUPED_DIGITS = st.lists(
    st.one_of(
        st.tuples(
            st.sampled_from(["", "", "", "+", "(", "00", "0", "(0"]), _DIGIT_GROUP, _SEPARATOR
        ).map("".join),
        _NANP_SHAPED,
        st.sampled_from(["x", " ext. ", " (0)", " "]),
    ),
    max_size=7,
).map("".join)

@SETTINGS
@given(_GROUPED_DIGITS)
def test_the_phone_prefilter_passes_every_phone_match(text: str) -> None:
    """Every raw match of the PHONE pattern (US and DE formats) passes the prefilter the
    detector skips clusters by."""
    from detectors.library import compile_pattern, phone_entity
    from detectors.regex_rules import may_hold_phone

    pattern = compile_pattern(phone_entity("lenient", ("US", "DE")))
    for match in pattern.finditer(text, overlapped=True):
        value = match.group()
        assert may_hold_phone(value, sum("0" <= ch <= "9" for ch in value)), value


@SETTINGS
@given(_GROUPED_DIGITS)
def test_phone_spans_are_those_of_a_scan_without_the_prefilter(text: str) -> None:
    """The PHONE rule finds the same spans with its cluster prefilter removed."""
    import dataclasses

    from detectors.regex import RegexDetector
    from detectors.regex_rules import rules_from_options
    from pipelines.spans import DetectorContext

    (rule,) = rules_from_options({"entities": ["PHONE"]}, DetectorContext(name="rx"))
    assert rule.needs is not None
    plain = RegexDetector("rx", [dataclasses.replace(rule, needs=None)])
    assert RegexDetector("rx", [rule]).scan(text) == plain.scan(text)
