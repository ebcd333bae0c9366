"""The regex detector's shortcuts find exactly what the straightforward search finds.

Each property generates the class of text a shortcut narrows the search on and
compares the detector's answer with a plain search written out here.
"""

from __future__ import annotations

import dataclasses

import regex
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from detectors.library import BUILTIN_ENTITIES, EXTENSION_MARK
from detectors.regex import RegexDetector, _Budget
from detectors.regex_rules import Rule, rules_from_options
from pipelines.spans import DetectorContext

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


# --- numeric built-ins: window prefilters, the digit floor past a match -------------


def _joined(*slots: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    return st.tuples(*slots).map("".join)


def _one_of(*options: str) -> st.SearchStrategy[str]:
    return st.sampled_from(options)


_SEP = _one_of(" ", "-", ".", " ", "-", ".", "", "+", "/")
_OPT_SPACE = _one_of("", " ", "  ")
_OCTET = _one_of("0", "1", "10", "127", "192", "255", "256", "8", "01") | _digits(2)
_IBAN_SHAPE = _joined(_one_of("DE", "GB", "de", "AT"), _digits(2), _SEP, _digits(4), _SEP,
                      _digits(4), _SEP, _digits(4), _SEP, _digits(4), _SEP, _digits(2))  # fmt: skip
# Values shaped like each numeric built-in's (written out from the documented formats,
# not from the prefilters), with random digits and near misses at every slot, and the
# letters some values hold or stand next to (a DNI's check letter, Corsica's "2A").
_NUMERIC_SHAPES: dict[str, st.SearchStrategy[str]] = {
    "PHONE": _GROUPED_DIGITS,
    "US_SSN": _joined(_one_of("", "", "1"), _digits(3), _SEP, _digits(2), _SEP, _digits(4)),
    "US_ITIN": _joined(
        _one_of("9", "9", "8"), _digits(2), _SEP,
        _one_of("50", "65", "66", "70", "88", "89", "90", "93", "94", "99", "12"), _SEP,
        _digits(4),
    ),
    "DE_TAX_ID": _joined(_digits(2), _SEP, _digits(3), _SEP, _digits(3), _SEP, _digits(3))
    | _digits(11),
    "CREDIT_CARD": _joined(
        _digits(4), _SEP, _digits(4), _SEP, _digits(4), _SEP, _digits(4), _SEP,
        _one_of("", "1", "12", "123"),
    ),
    "IPV4": _joined(
        _OCTET, _one_of(".", ".", ". ", ""), _OCTET, _one_of(".", ".", ","), _OCTET,
        _one_of(".", ".", ""), _OCTET,
    ),
    "CH_AHV": _joined(
        _one_of("756", "757", "75"), _one_of(".", "", " "), _digits(4), _one_of(".", ""),
        _digits(4), _one_of(".", "", "-"), _digits(2),
    ),
    "ES_DNI": _joined(
        _digits(8) | _digits(7), _one_of("", "-", "", "-", " ", "--"),
        _one_of("A", "Z", "A", "Z", "a", "", "Ab"),
    ),
    "FR_NIR": _joined(
        _one_of("1", "2", "3"), _OPT_SPACE, _digits(2), _OPT_SPACE,
        _one_of("01", "12", "13", "00", "20", "99"), _OPT_SPACE,
        _digits(2) | _one_of("2A", "2B", "2B", "2C"), _OPT_SPACE, _digits(3), _OPT_SPACE,
        _digits(3), _OPT_SPACE, _digits(2),
    ),
    "SE_PERSONNUMMER": _joined(
        _one_of("", "19", "20"), _digits(6), _one_of("-", "+", " ", ""), _digits(4)
    ),
}  # fmt: skip
_FILLER = _one_of(" ", " ", "-", ".", "/", "(", ")", ". ", ", ", "A", "x", "DE", "\n", "ab")
_ANY_SHAPE = st.one_of(*_NUMERIC_SHAPES.values(), _IBAN_SHAPE)


def _numeric_text(name: str) -> st.SearchStrategy[tuple[str, str]]:
    """Text of ``name``'s values (mostly), other values, digit runs and fillers."""
    piece = st.one_of(
        _NUMERIC_SHAPES[name], _NUMERIC_SHAPES[name], _ANY_SHAPE, _FILLER,
        st.sampled_from([1, 2, 3, 4, 5, 8, 9, 10, 13]).flatmap(_digits),
    )  # fmt: skip
    glued = _joined(piece, _one_of(" ", " ", ": ", "\n", ", ") | _FILLER)
    return st.tuples(st.just(name), st.lists(glued, max_size=6).map("".join))


def _numeric_names() -> list[str]:
    from detectors.regex_rules import cluster_prefilter

    return [name for name in BUILTIN_ENTITIES if cluster_prefilter(name) is not None]


NUMERIC_PREFILTERED = _numeric_names()


def test_the_window_prefilters_cover_the_numeric_rules() -> None:
    """Every prefiltered built-in is a numeric (cluster) rule, and there are several."""
    from detectors.regex_rules import rules_from_options

    assert len(NUMERIC_PREFILTERED) >= 9
    rules = rules_from_options({"entities": NUMERIC_PREFILTERED}, DetectorContext(name="rx"))
    assert all(rule.min_digits is not None and rule.needs is not None for rule in rules)


@SETTINGS
@given(st.sampled_from(NUMERIC_PREFILTERED).flatmap(_numeric_text))
def test_every_numeric_match_passes_its_window_prefilter(case: tuple[str, str]) -> None:
    """Every raw match of a prefiltered numeric built-in's library pattern passes the
    prefilter (a match is the smallest window that holds it; the oracle is the
    library pattern itself)."""
    name, text = case
    from detectors.library import compile_pattern
    from detectors.regex_rules import cluster_prefilter

    needs = cluster_prefilter(name)
    assert needs is not None
    pattern = compile_pattern(BUILTIN_ENTITIES[name])
    for match in pattern.finditer(text, overlapped=True):
        value = match.group()
        assert needs(value, sum("0" <= ch <= "9" for ch in value)), (name, value)


@SETTINGS
@given(st.sampled_from(NUMERIC_PREFILTERED).flatmap(_numeric_text))
def test_numeric_spans_are_those_of_a_scan_without_prefilter_or_digit_floor(
    case: tuple[str, str],
) -> None:
    """A numeric built-in finds the same spans with its window prefilter removed and
    with no floor of digits (so every cluster is searched, and searched again after
    each match while the window lasts)."""
    name, text = case
    (rule,) = rules_from_options({"entities": [name]}, DetectorContext(name="rx"))
    plain = RegexDetector("rx", [dataclasses.replace(rule, needs=None, min_digits=0)])
    assert RegexDetector("rx", [rule]).scan(text) == plain.scan(text)


@SETTINGS
@given(st.lists(_joined(_GROUPED_DIGITS | _ANY_SHAPE, _FILLER), max_size=6).map("".join))
def test_every_numeric_rule_finds_without_its_digit_floor_what_it_finds_with_it(
    text: str,
) -> None:
    """All numeric built-ins together, each without its floor of digits, find the same
    spans on value-, phone-, card- and date-shaped digit groups."""
    rules = rules_from_options({}, DetectorContext(name="rx"))
    plain = [
        dataclasses.replace(rule, min_digits=0) if rule.min_digits else rule for rule in rules
    ]
    assert RegexDetector("rx", rules).scan(text) == RegexDetector("rx", plain).scan(text)


# --- the rules searched near digit runs: one gate for all their hit patterns ---------

# Addresses of each country's shape (street line, postcode and town, state and ZIP),
# real ones and near misses, pension insurance numbers, and digit runs and words.
_STREET = _one_of("Hauptstraße 12", "Am Mühlbach 12", "Kärntner Straße 12/3/14", "123 Main St",
                  "784 Monica Lakes Suite 566", "Seite 12", "10 Downing Street",
                  "Flat 3, 12 Mill Lane", "221B Baker Street")  # fmt: skip
_TOWN = _one_of("10115 Berlin", "80331 München", "A-1010 Wien", "CH-3011 Bern", "8001 Zürich",
                "2019 eröffnet", "Springfield, IL 62704", "New Gregory, IN 03628",
                "Springfield, XX 62704", "London SW1A 2AA", "Leeds LS1 4AP", "London NW1 6XE",
                "Manchester M1 1AE", "page 62704", "London SW1A 2A", "3DS")  # fmt: skip
_ADDRESS_PIECES = st.lists(
    _joined(_STREET, _one_of(", ", "\n", " ", ",  "), _TOWN)
    | _one_of("15070649C103", "65 170839 J 00 3", "123456 A", "2024", "12345", "1234 ", "x",
              "the", ", ", "\n", "PO Box 7")
    | _TOWN,
    max_size=6,
).map("".join)  # fmt: skip


@SETTINGS
@given(_ADDRESS_PIECES)
def test_the_near_run_gate_drops_no_hit(text: str) -> None:
    """The rules looked for near digit runs find the same spans when each hit pattern
    is searched at every cluster, without the one search for all of them first."""
    names = [name for name in BUILTIN_ENTITIES if name.endswith("ADDRESS") or name == "DE_RVNR"]
    rules = rules_from_options({"entities": names}, DetectorContext(name="rx"))
    gated = RegexDetector("rx", rules)
    ungated = RegexDetector("rx", rules)
    ungated._near_gate = (None, 0, 0)  # the shortcut under test
    assert gated.scan(text) == ungated.scan(text)


# --- bare phone numbers: a run from a trunk 0 or of ten digits ----------------------

_BARE_PHONE_TEXT = st.lists(
    st.one_of(
        st.sampled_from([5, 6, 7, 8, 9, 10, 11, 12, 14, 15]).flatmap(_digits),
        st.sampled_from(
            ["call", "Phone", "tel.", "Telefon", "mobile", " ", ": ", " me at ", "0", "1",
             "00", "+1", " x12", ", ext 9", "-", "\n", "Alan Fisher", " unter "]
        ),
    ),
    max_size=12,
).map("".join)  # fmt: skip


@SETTINGS
@given(_BARE_PHONE_TEXT)
def test_every_bare_phone_match_holds_a_trunk_run_or_ten_digits(text: str) -> None:
    """Every raw PHONE_BARE match (its value, after the keyword) holds a run of seven
    digits starting with 0 or a run of ten (the oracle reads the digit runs itself)."""
    from detectors.library import compile_pattern
    from detectors.library_personal import bare_phone_entity
    from detectors.validators import phone_validator

    pattern = compile_pattern(bare_phone_entity(phone_validator(strict=False, regions=["US"])))
    for match in pattern.finditer(text, overlapped=True):
        runs = "".join(ch if "0" <= ch <= "9" else " " for ch in match.group()).split()
        assert any(len(run) >= 10 or (run[0] == "0" and len(run) >= 7) for run in runs), text


@SETTINGS
@given(_BARE_PHONE_TEXT)
def test_bare_phone_spans_are_those_of_a_scan_without_the_window_core(text: str) -> None:
    """PHONE_BARE finds the same spans with its window core removed."""
    (rule,) = rules_from_options({"entities": ["PHONE_BARE"]}, DetectorContext(name="rx"))
    assert rule.window_core is not None
    plain = RegexDetector("rx", [dataclasses.replace(rule, window_core=None)])
    assert RegexDetector("rx", [rule]).scan(text) == plain.scan(text)


# --- EU VAT ids: a prefix and an id that nothing continues --------------------------

_VAT_TEXT = st.lists(
    _joined(
        _one_of("DE", "AT", "ATU", "FR", "ES", "WEST", "REST", "IT", "XI", "EL", "de", "GB", "x"),
        _one_of("", " ", "  ", "-", ""),
        st.sampled_from([1, 2, 8, 9, 11, 12, 13]).flatmap(_digits)
        | _one_of("U12345678", "X1234567L", "12+45*78", "AB", "B", "U1234567"),
        _one_of("", " ", "-", "A", "x", ".", "+", "*", "_", "\n", ", "),
    ),
    max_size=6,
).map("".join)


@SETTINGS
@given(_VAT_TEXT)
def test_every_vat_match_holds_its_window_core(text: str) -> None:
    """Every raw EU_VAT_ID match (the library pattern is the oracle) holds the window
    core its anchors are tried by."""
    from detectors.library import compile_pattern

    (rule,) = rules_from_options({"entities": ["EU_VAT_ID"]}, DetectorContext(name="rx"))
    assert rule.window_core is not None
    assert rule.window_core.pattern is not None
    assert not rule.window_core.run
    for match in compile_pattern(BUILTIN_ENTITIES["EU_VAT_ID"]).finditer(text, overlapped=True):
        assert rule.window_core.holds(text, match.start(), match.end(), ([], [])), text


@SETTINGS
@given(_VAT_TEXT)
def test_vat_spans_are_those_of_a_scan_without_the_window_core(text: str) -> None:
    """EU_VAT_ID finds the same spans with its window core removed."""
    (rule,) = rules_from_options({"entities": ["EU_VAT_ID"]}, DetectorContext(name="rx"))
    plain = RegexDetector("rx", [dataclasses.replace(rule, window_core=None)])
    assert RegexDetector("rx", [rule]).scan(text) == plain.scan(text)


# --- the digit-run index the window cores read --------------------------------------

_RUNS_TEXT = st.lists(
    st.sampled_from([1, 3, 4, 6, 7, 9, 10, 11, 12, 13]).flatmap(_digits)
    | _one_of(" ", "x", "-", "0", "00", "call ", "\n", "ü", "٣"),
    max_size=12,
).map("".join)


@SETTINGS
@given(_RUNS_TEXT, st.integers(0, 60), st.integers(0, 60))
def test_window_cores_read_from_the_run_index_agree_with_a_search_of_the_window(
    text: str, start: int, length: int
) -> None:
    """Each at-anchor built-in's window core, read from the scan's index of digit runs,
    holds exactly where a search of the window for its digit run (written out here:
    k digits; for PHONE_BARE k from a 0 or ten) finds one."""
    rules = [rule for rule in rules_from_options({}, DetectorContext(name="rx")) if rule.at_anchor]
    detector = RegexDetector("rx", rules)
    runs = detector._digit_runs(text, _Budget("rx", 10.0, None))  # the index under test
    stop = min(len(text), start + length)
    checked = 0
    for rule in rules:
        core = rule.window_core
        if core is None or not core.run:
            continue
        oracle = (
            f"0[0-9]{{{core.run - 1}}}|[0-9]{{{core.plain}}}"
            if core.plain
            else f"[0-9]{{{core.run}}}"
        )
        expected = regex.search(oracle, text[start:stop]) is not None
        assert core.holds(text, start, stop, runs) == expected, (rule.label, core)
        checked += 1
    assert checked >= 6



# --- the anchor index: every anchor start, as a scan of every offset finds them -----


def _anchor_forms() -> list[str]:
    from detectors.regex_rules import rules_from_options

    rules = rules_from_options({}, DetectorContext(name="rx"))
    return sorted({form for rule in rules if rule.at_anchor for form in rule.anchors})


_OVERLAPS = _one_of(
    "DEATU", "ESE", "AKIASIA", "CHECHE", "GBGB", ":///", "x", " ", "\n", "DE", "de", "ES", "Sk",
    "ATU1", "accountKeyAccountKey", "SharedAccessKey=",
)  # fmt: skip
_ANCHOR_TEXT = st.lists(st.sampled_from(_anchor_forms()) | _OVERLAPS, max_size=10).map("".join)


@SETTINGS
@given(_ANCHOR_TEXT, st.randoms(use_true_random=False))
def test_the_anchor_index_finds_every_anchor_start(text: str, rnd: object) -> None:
    """The anchor index reports, per rule, exactly the offsets where one of its anchors
    starts: as spelled for a rule whose pattern keeps case, in the case-folded text
    otherwise (the oracle tries every anchor at every offset)."""
    import random

    from pipelines.canon import fold_case

    assert isinstance(rnd, random.Random)
    text = "".join(ch.swapcase() if rnd.random() < 0.2 else ch for ch in text)
    rules = rules_from_options({}, DetectorContext(name="rx"))
    detector = RegexDetector("rx", rules)
    caseless = fold_case(text)
    found = detector._anchors.starts(text, caseless)  # the index under test
    expected: dict[int, list[int]] = {}
    for index, rule in enumerate(rules):
        if index in detector._anchors.gated:
            forms, where = rule.caseless_anchors, caseless
        elif rule.at_anchor and rule.min_digits is None and not rule.near_digits:
            forms = rule.caseless_anchors if rule.anchor_caseless else rule.anchors
            where = caseless if rule.anchor_caseless else text
        else:
            continue
        offsets = [at for at in range(len(text)) if any(where.startswith(f, at) for f in forms)]
        if offsets:
            expected[index] = offsets
    assert found == expected


@SETTINGS
@given(st.text(alphabet="ABCDabcd x", max_size=30))
def test_the_anchor_index_reports_anchors_that_start_or_overlap_one_another(text: str) -> None:
    """Rules whose capital anchors start one another ("AB", "ABC", "ABCD") and whose
    other anchors overlap themselves ("aba") are each reported at every offset where
    one of their anchors starts (the oracle tries every anchor at every offset)."""
    from pipelines.canon import fold_case

    forms = [("AB",), ("ABC", "B"), ("ABCD", "Ab"), ("BCD",), ("aba", "aa")]
    rules = [
        Rule("X", regex.compile("[A-Z]+"), None, 0.9, anchors, None, at_anchor=True)
        for anchors in forms
    ]
    found = RegexDetector("rx", rules)._anchors.starts(text, fold_case(text))
    expected = {}
    for index, anchors in enumerate(forms):
        offsets = [at for at in range(len(text)) if any(text.startswith(a, at) for a in anchors)]
        if offsets:
            expected[index] = offsets
    assert found == expected
