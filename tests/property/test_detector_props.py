"""Properties of the regex and known-entity detectors.

For random texts with planted values, every span lies inside the text and cuts out
exactly a planted value; every planted value is found; arbitrary Unicode never makes a
detector raise or emit an out-of-range span.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from detectors.known_entities import KnownEntitiesDetector
from detectors.known_entities import create as create_known
from detectors.library import BUILTIN_ENTITIES
from detectors.regex import RegexDetector
from detectors.regex import create as create_regex
from pipelines.canon import fold_case
from pipelines.canon.view import canonical_text
from pipelines.egress import EgressFilter, EgressPolicy, OutputPattern
from pipelines.spans import DetectorContext
from tests.conftest import scan_views

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

PLANTS = {
    "EMAIL": ["bob@corp.example.org", "a.b+c@mail.example.de", "jürgen@müller.de"],
    "PHONE": [
        "+49 30 1234567",
        "(415) 555-0123",
        "0151 23456789",
        "+1 (415) 555-0123",
        "0049 171 2345678",
    ],
    "CREDIT_CARD": ["4111 1111 1111 1111", "5500-0000-0000-0004", "378282246310005"],
    "IBAN": ["DE89 3704 0044 0532 0130 00", "GB82WEST12345698765432"],
    "US_SSN": ["123-45-6789", "536 22 1234", "074-48-6631"],
    "DE_TAX_ID": ["36 574 261 809", "47081359225"],
    "IP_ADDRESS": ["10.0.0.1", "2001:db8::1", "192.168.178.20"],
    "JWT": ["eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl"],
    "API_KEY": ["AKIAIOSFODNN7EXAMPLE", "ghp_" + "A1b2C3d4E5" * 3 + "F6g7H8"],
}
PLANTED = [(label, value) for label, values in PLANTS.items() for value in values]

# Filler words free of digits, '@' and secret prefixes, in several scripts, none naming
# a kind of value or another thing with a number of its own (a value right after
# "Invoice" is an invoice's number: tests/unit/detectors/test_labelled.py).
WORDS = st.sampled_from(
    ["the", "Bericht", "meeting", "über", "Straße", "naïve", "東京", "です", "данные", "!", ","]
)
# Not a lone space: "+49 30 1234567 0151 23456789" is genuinely ambiguous (one long
# number or two), and the phone pattern reads it as one.
SEPARATORS = st.sampled_from(["\n", " - ", ": ", " (", ") ", "; ", ", "])


def _regex() -> RegexDetector:
    return create_regex({}, DetectorContext(name="rx"))


@st.composite
def planted_text(draw: st.DrawFn) -> tuple[str, list[tuple[int, str, str]]]:
    """A text of filler words with planted values, and where each value was put."""
    parts: list[str] = []
    planted: list[tuple[int, str, str]] = []
    length = 0
    for _ in range(draw(st.integers(1, 8))):
        for word in draw(st.lists(WORDS, max_size=4)):
            parts.append(word + " ")
            length += len(word) + 1
        label, value = draw(st.sampled_from(PLANTED))
        planted.append((length, label, value))
        parts.append(value)
        length += len(value)
        separator = draw(SEPARATORS)
        parts.append(separator)
        length += len(separator)
    return "".join(parts), planted


@SETTINGS
@given(planted_text())
def test_regex_spans_are_exactly_the_planted_values(
    case: tuple[str, list[tuple[int, str, str]]],
) -> None:
    """Every planted value is found with its label, and nothing else is."""
    text, planted = case
    spans = _regex().scan(text)
    for span in spans:
        assert 0 <= span.start < span.end <= len(text)
    got = {(s.start, s.label, text[s.start : s.end]) for s in spans}
    assert got == {(start, label, value) for start, label, value in planted}


@SETTINGS
@given(st.text(max_size=300))
def test_regex_never_raises_on_arbitrary_unicode(text: str) -> None:
    """Any text, surrogates and controls included: spans stay in range."""
    for span in _regex().scan(text):
        assert 0 <= span.start < span.end <= len(text)


NAMES = ["Alice Example", "Bob", "Straße Meier", "İsmail Kaya", "田中", "Zoë Ørsted"]


def _known() -> KnownEntitiesDetector:
    return create_known({"values": {"PERSON": NAMES}}, DetectorContext(name="ke"))


CASINGS: st.SearchStrategy[Callable[[str], str]] = st.sampled_from(
    [str, str.upper, str.lower, str.title]
)


@st.composite
def planted_names(draw: st.DrawFn) -> tuple[str, list[tuple[int, int]]]:
    """Filler with listed names in random casing; where each one was put."""
    parts: list[str] = []
    where: list[tuple[int, int]] = []
    length = 0
    for _ in range(draw(st.integers(1, 6))):
        for word in draw(st.lists(WORDS, max_size=3)):
            parts.append(word + " ")
            length += len(word) + 1
        name = draw(CASINGS)(draw(st.sampled_from(NAMES)))
        where.append((length, length + len(name)))
        parts.append(name)
        length += len(name)
        separator = draw(SEPARATORS)
        parts.append(separator)
        length += len(separator)
    return "".join(parts), where


@SETTINGS
@given(planted_names())
def test_known_entity_spans_are_exactly_the_planted_names(
    case: tuple[str, list[tuple[int, int]]],
) -> None:
    """Each planted name is one span with its exact original offsets, whatever its case."""
    text, where = case
    detector = _known()
    spans = scan_views(detector.scan, text)
    assert [(s.start, s.end) for s in spans] == where

    def key(name: str) -> str:
        return fold_case(canonical_text(name))

    for span in spans:
        assert key(text[span.start : span.end]) in {key(n) for n in NAMES}


@SETTINGS
@given(st.text(alphabet="0123456789 +()-./\tab", max_size=40))
def test_phone_prefilter_never_rejects_a_phone_match(text: str) -> None:
    """Every raw phone-pattern match (US/DE formats) passes the cheap cluster prefilter."""
    from detectors.library import compile_pattern, phone_entity
    from detectors.regex_rules import may_hold_phone

    pattern = compile_pattern(phone_entity("lenient", ("US", "DE")))
    for match in pattern.finditer(text, overlapped=True):
        value = match.group()
        assert may_hold_phone(value, sum(ch.isdigit() for ch in value))


@SETTINGS
@given(
    st.sampled_from(["US_SSN", "DE_TAX_ID", "CREDIT_CARD", "IPV4"]),
    st.text(alphabet="0123456789 +()-./\t", max_size=40),
)
def test_cluster_prefilters_never_reject_a_match(name: str, text: str) -> None:
    """Every raw match of a numeric built-in passes that built-in's cluster prefilter."""
    from detectors.library import BUILTIN_ENTITIES, compile_pattern
    from detectors.regex_rules import cluster_prefilter

    needs = cluster_prefilter(name)
    assert needs is not None
    pattern = compile_pattern(BUILTIN_ENTITIES[name])
    for match in pattern.finditer(text, overlapped=True):
        value = match.group()
        assert needs(value, sum(ch.isdigit() for ch in value))


SSN_TOKENS = st.sampled_from(
    ["SSN", "ssn", "Ssn", "sSN", "SS#", "Social Security", "social security number", "no.",
     ": ", " ", "is", "on file", '"', "x", "-", "536221234", "5362212345", "074486631", "\n"]
)  # fmt: skip


@SETTINGS
@given(st.lists(SSN_TOKENS, max_size=12).map("".join))
def test_bare_ssn_scan_at_anchors_equals_a_whole_text_search(text: str) -> None:
    """Trying US_SSN_BARE only where an anchor occurs finds what a full search finds.

    Its keyword is matched in any case ("sSN" too), so the reference keeps the
    validated matches whose keyword starts with an anchor in any case.
    """
    import regex

    from detectors.library import BUILTIN_ENTITIES
    from detectors.validators import is_us_ssn

    entry = BUILTIN_ENTITIES["US_SSN_BARE"]
    # The empty group records where the keyword starts: \K moves the reported start.
    reference = regex.compile(f"(?P<at>)(?:{entry.pattern})", regex.VERSION1)
    lowered = text.lower()
    expected = {
        (match.start(), match.end())
        for match in reference.finditer(text, overlapped=True)
        if is_us_ssn(match.group())
        and any(lowered.startswith(a.lower(), match.start("at")) for a in entry.anchors)
    }
    entry_only = {"entities": ["US_SSN_BARE"], "read_labels": False}
    detector = create_regex(entry_only, DetectorContext(name="rx"))
    assert {(span.start, span.end) for span in detector.scan(text)} == expected


def _at_anchor_builtins() -> list[str]:
    from detectors.regex_rules import rules_from_options

    return [
        name
        for name in BUILTIN_ENTITIES
        if rules_from_options({"entities": [name]}, DetectorContext(name="rx"))[0].at_anchor
    ]


AT_ANCHOR_BUILTINS = _at_anchor_builtins()
# Values the keyword rules take after their keyword, per rule (digits, dates, ids,
# codes, secrets; any rule may draw any of them), and the glue between keyword and
# value, so that the patterns do match.
_KEYED_VALUES: dict[str, list[str]] = {
    "US_SSN_BARE": ["536221234", "078051120"],
    "US_ITIN_BARE": ["912701234", "900701234"],
    "US_SSN_ID": ["309623687", "536-22-1234"],
    "PHONE_BARE": ["4155550123", "01512345678", "030123456", "00890 092737", "01 86975 758"],
    "PHONE_CONTEXT": ["0604876475", "01 86975 758", "9942267398"],
    "CREDIT_CARD_BARE": ["675964982648", "501800000009"],
    "DATE_OF_BIRTH": ["12.03.1985", "1985-03-12", "March 3, 1985", "3rd of May 1990"],
    "PASSPORT": ["C01X00T47", "X1234567", "123456789"],
    "DE_ID_CARD": ["T22000129", "L01X00T47"],
    "NL_BSN": ["123456782", "111222333"],
    "PL_PESEL": ["44051401458", "02070803628"],
    "EU_VAT_ID": ["123456789", "U12345678", " 136695976"],
    "BIC": ["DEUTDEFF", "DEUTDEFF500", "COBADEFFXXX"],
    "GB_VAT_ID": [" 123 4567 82", "123456727", "GD001"],
    "CH_UID": ["-123.456.788", "123456788"],
    "AT_SVNR": ["4563 150385", "4563150385"],
    "UK_NINO": ["AB 12 34 56 C", "AB123456D"],
    "UK_NINO_KEYED": ["ZZ 97 96 18 T", "ZZ560535T"],
    "VCARD_ADDRESS": [
        ";;12 Main St;Springfield;IL;62701;USA\n", "TYPE=HOME:;;Hauptstr. 5;Köln;;50667;DE"
    ],
    "AWS_SECRET_KEY": ["wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"],
    "AWS_SECRET_NEAR_ID": [
        "IOSFODNN7EXAMPLE wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
        "IOSFODNN7EXAMPLE, the secret: wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    ],
    "AZURE_STORAGE_KEY": ["Ab1/" * 21 + "Ab=="],
    "GENERIC_SECRET": ["q8Z3kLm0Pz7Vx2Qw9Rt6Yu4Io1Pa5Sd8Fg3Hj", "hunter2hunter2"],
    "URL_PASSWORD": ["admin:S3cr3t@db.example.com", ":hunter2@cache", "git@host"],
}
_ANY_KEYED_VALUE = st.sampled_from([v for values in _KEYED_VALUES.values() for v in values])
_KEYED_GLUE = st.sampled_from(["", " ", ": ", " is ", " # ", "=", '="', " no. ", " = "])
# The glue some rules need (a key id runs into its digits, a key is assigned).
_RULE_GLUE = {
    "AWS_SECRET_NEAR_ID": "", "AZURE_STORAGE_KEY": "=", "AWS_SECRET_KEY": ": ", "URL_PASSWORD": "",
    "VCARD_ADDRESS": ":",
}


@st.composite
def _keyed_text(draw: st.DrawFn, names: list[str] = AT_ANCHOR_BUILTINS) -> tuple[str, str]:
    """A built-in tried only at its anchors (one of ``names``), and text of
    keyword-glue-value units with the keyword one of its anchors in random case (as
    spelled, lower, upper, swapped, letter by letter), glued to words or not."""
    name = draw(st.sampled_from(names))
    anchors = BUILTIN_ENTITIES[name].anchors
    parts: list[str] = []
    for _ in range(draw(st.integers(1, 4))):
        word = draw(st.sampled_from(anchors))
        flips = draw(st.lists(st.booleans(), min_size=len(word), max_size=len(word)))
        case = draw(st.sampled_from(["as", "as", "lower", "upper", "swap", "each"]))
        word = {
            "as": word,
            "lower": word.lower(),
            "upper": word.upper(),
            "swap": word.swapcase(),
            "each": "".join(c.swapcase() if f else c for c, f in zip(word, flips, strict=True)),
        }[case]
        parts += [
            draw(st.sampled_from([" ", "\n", "my", "(", "_", "-"])),
            word,
            draw(st.just(_RULE_GLUE.get(name, " ")) | _KEYED_GLUE),
            draw(st.sampled_from(_KEYED_VALUES[name]) | _ANY_KEYED_VALUE),
        ]
    return name, "".join(parts)


def test_every_keyword_rule_has_values_to_draw() -> None:
    """A built-in tried at its anchors has values of its own here, so the properties
    below draw it deterministically rather than fail when random search reaches it."""
    assert [name for name in AT_ANCHOR_BUILTINS if name not in _KEYED_VALUES] == []


@SETTINGS
@given(_keyed_text())
def test_every_match_of_a_keyword_rule_starts_with_an_anchor_as_the_index_finds_it(
    case: tuple[str, str],
) -> None:
    """The anchor index looks for a keyword rule's anchors as spelled (in the case-folded
    text when its pattern ignores case): every raw match of the library pattern, with
    its keyword in any case, starts where one of them does (the oracle reads the
    pattern itself, not the detector)."""
    import regex

    from detectors.regex_rules import rules_from_options

    name, text = case
    entry = BUILTIN_ENTITIES[name]
    (rule,) = rules_from_options({"entities": [name]}, DetectorContext(name="rx"))
    where = fold_case(text) if rule.anchor_caseless else text
    forms = [a.lower() for a in entry.anchors] if rule.anchor_caseless else entry.anchors
    # The empty group records where the keyword starts: \K moves the reported start.
    reference = regex.compile(f"(?P<at>)(?:{entry.pattern})", regex.VERSION1)
    for match in reference.finditer(text, overlapped=True):
        assert any(where.startswith(form, match.start("at")) for form in forms), (name, text)


def _digit_gated_builtins() -> list[str]:
    from detectors.regex_rules import anchor_digit_run

    return [name for name in AT_ANCHOR_BUILTINS if anchor_digit_run(name)]


DIGIT_GATED = _digit_gated_builtins()
# Units that cut, lengthen or space out a value's digits after a keyword.
_DIGIT_NOISE = st.sampled_from(["123456", "1234567", "0 1", "12-3456", " 98765432101", "x"])


@st.composite
def _gated_text(draw: st.DrawFn) -> tuple[str, str]:
    """Keyword text of a digit-gated built-in with digit runs of every length mixed in."""
    name, text = draw(_keyed_text(DIGIT_GATED))
    noise = draw(st.lists(_DIGIT_NOISE, max_size=4))
    cuts = sorted(
        draw(st.lists(st.integers(0, len(text)), min_size=len(noise), max_size=len(noise)))
    )
    for cut, piece in reversed(list(zip(cuts, noise, strict=True))):
        text = text[:cut] + piece + text[cut:]
    return name, text


def test_the_digit_gated_keyword_rules_are_tried_at_their_anchors() -> None:
    """The digit-run gate applies to rules tried at their anchors, and some have one."""
    assert DIGIT_GATED
    assert set(DIGIT_GATED) <= set(AT_ANCHOR_BUILTINS)


@SETTINGS
@given(_gated_text())
def test_every_match_of_a_digit_gated_keyword_rule_holds_its_digit_run(
    case: tuple[str, str],
) -> None:
    """Every raw match of a digit-gated keyword rule's library pattern holds a run of at
    least the rule's fewest digits between its keyword and its end (the oracle reads
    the pattern, and counts digits itself)."""
    import regex

    from detectors.regex_rules import anchor_digit_run

    name, text = case
    fewest = anchor_digit_run(name)
    reference = regex.compile(f"(?P<at>)(?:{BUILTIN_ENTITIES[name].pattern})", regex.VERSION1)
    for match in reference.finditer(text, overlapped=True):
        runs = "".join(
            ch if ch in "0123456789" else " " for ch in text[match.start("at") : match.end()]
        )
        assert max(map(len, runs.split()), default=0) >= fewest, (name, text, match.span())


@SETTINGS
@given(_gated_text())
def test_a_digit_gated_keyword_rule_finds_what_it_finds_without_the_gate(
    case: tuple[str, str],
) -> None:
    """The digit-run gate is a pure shortcut: the detector finds the same spans with the
    rule's gate removed."""
    import dataclasses

    from detectors.regex_rules import rules_from_options

    name, text = case
    (rule,) = rules_from_options({"entities": [name]}, DetectorContext(name="rx"))
    assert rule.window_core is not None
    ungated = RegexDetector("rx", [dataclasses.replace(rule, window_core=None)])
    gated = RegexDetector("rx", [rule])
    assert gated.scan(text) == ungated.scan(text)


_SLOT = st.sampled_from


@st.composite
def _address_text(draw: st.DrawFn) -> str:
    """Prose, digit runs and address-shaped pieces (street, number, postcode, state,
    city), each slot right or wrong, glued with the separators addresses use."""
    pieces: list[str] = []
    for _ in range(draw(st.integers(1, 4))):
        if draw(st.integers(0, 3)) == 0:  # UK order: [flat,] number street, town postcode
            pieces += [
                draw(_SLOT(["", "Flat 3, ", "Studio 12b\n", "x", "Flat "])),
                draw(_SLOT(["10", "7a", "", "12-14", "3,"])),
                draw(_SLOT([" Downing Street", " High St.", " Mill Lane", " upon", ""])),
                draw(_SLOT([", ", "\n", " ", ","])),
                draw(_SLOT(["London", "Stratford upon Avon", "LEEDS", "", "10115 Berlin"])),
                draw(_SLOT([", ", " ", "\n", ""])),
                draw(_SLOT(["SW1A 2AA", "M1 1AE", "SW1A2AA", "QW1 2AB", "SW1 2CI", "AB12",
                            "B6S 9GG", "1AA"])),
                draw(_SLOT([".", " ", "", "\n", "B", "9"])),
            ]
            continue
        if draw(st.booleans()):  # US order: number street, city, ST ZIP
            pieces += [
                draw(_SLOT(["", "Ship to ", "", "x", "Rechnung "])),
                draw(_SLOT(["123", "1600", "7", "123", "", "12a"])),
                draw(_SLOT([" Main St", " Pennsylvania Ave NW", " Oak Avenue Suite 5", " Elm St",
                            ""])),
                draw(_SLOT([", ", ", ", " ", ","])),
                draw(_SLOT(["Springfield", "Washington", "New York", "10115 Berlin"])),
                draw(_SLOT([", ", ", ", " "])),
                draw(_SLOT(["IL", "DC", "NY", "IL", "XX", "il"])),
                draw(_SLOT([" ", " ", " ", ""])),
                draw(_SLOT(["62704", "20500", "62704-1234", "62704", "00000", "6270"])),
                draw(_SLOT([".", " ", "", "\n", "9"])),
            ]
            continue
        pieces += [
            draw(_SLOT(["Rechnung ", "Ort: ", "", "ID ", "Tel. 030 1234567, ", "(", "x "])),
            draw(_SLOT(["Hauptstraße", "Berliner Straße", "Am Mühlbach", "Main St", "Talblick",
                        "42 Oak Avenue", "Str.", "1600 Pennsylvania Ave NW", "Seite"])),
            draw(_SLOT([" ", " ", "", ", "])),
            draw(_SLOT(["12", "3a", "", "7-9", "Suite 5", "12,"])),
            draw(_SLOT([", ", " ", ",", "\n"])),
            draw(_SLOT(["10115", "01067", "00000", "99999", "", "Springfield, IL", "NY",
                        "Washington, DC", "XX", "8001", "A-1010", "CH-9700", "0999"])),
            draw(_SLOT([" ", " ", ", "])),
            draw(_SLOT(["Berlin", "München", "62704", "62704-1234", "20500", "Einträge", ""])),
            draw(_SLOT([".", " ", "", ", 10115 Berlin", "\n"])),
        ]
    return "".join(pieces)


@settings(SETTINGS, max_examples=200)
@given(
    st.sampled_from(["DE_ADDRESS", "AT_CH_ADDRESS", "US_ADDRESS", "UK_ADDRESS"]),
    _address_text(),
)
def test_address_scan_near_digit_runs_equals_a_whole_text_search(name: str, text: str) -> None:
    """Looking for an address's postcode hit only at the digit clusters (or, for UK
    postcodes, only around the hits of its cheap pattern) finds what a whole-text search
    of the library pattern finds (the validated matches)."""
    from detectors.library import BUILTIN_ENTITIES, compile_pattern

    entry = BUILTIN_ENTITIES[name]
    valid = entry.validator or (lambda _value: True)
    pattern = compile_pattern(entry)
    expected = [m.span() for m in pattern.finditer(text) if valid(m.group())]
    entry_only = {"entities": [name], "read_labels": False}
    detector = create_regex(entry_only, DetectorContext(name="rx"))
    assert [(span.start, span.end) for span in detector.scan(text)] == expected


@SETTINGS
@given(st.text(alphabet="ab.-_+%@ 東x1", max_size=90))
def test_email_scan_around_each_at_equals_a_whole_text_search(text: str) -> None:
    """Trying EMAIL once per "@", from where its local-part run begins, finds what a
    whole-text search of the library pattern finds (local parts up to 64 included)."""
    from detectors.library import BUILTIN_ENTITIES, compile_pattern

    pattern = compile_pattern(BUILTIN_ENTITIES["EMAIL"])
    expected = [match.span() for match in pattern.finditer(text)]
    entry_only = {"entities": ["EMAIL"], "read_labels": False}
    detector = create_regex(entry_only, DetectorContext(name="rx"))
    assert [(span.start, span.end) for span in detector.scan(text)] == expected


@st.composite
def _tax_id_like(draw: st.DrawFn) -> str:
    """Ten digits and either their ISO 7064 check digit or any digit."""
    from stdnum.iso7064 import mod_11_10

    first: str = draw(st.text("0123456789", min_size=10, max_size=10))
    check: str = mod_11_10.calc_check_digit(first)
    last: str = draw(st.sampled_from([check, *"0123456789"]))
    return first + last


@st.composite
def _luhn_like(draw: st.DrawFn) -> str:
    """Digits and either their Luhn check digit or any digit."""
    from stdnum import luhn

    body: str = draw(st.text("0123456789", min_size=1, max_size=20))
    check: str = luhn.calc_check_digit(body)
    last: str = draw(st.sampled_from([check, *"0123456789"]))
    return body + last


SSN_LIKE = st.tuples(
    st.sampled_from(["000", "666", "900", "999", "078", "457", "219", "536", "001"]),
    st.sampled_from(["00", "05", "55", "09", "22", "01"]),
    st.sampled_from(["0000", "1120", "5462", "9999", "1234", "0001"]),
).map("".join) | st.text("0123456789", min_size=8, max_size=10)


@SETTINGS
@given(_tax_id_like(), _luhn_like(), SSN_LIKE)
def test_hot_path_checks_agree_with_python_stdnum(tax_id: str, card: str, ssn: str) -> None:
    """The inlined tax id, Luhn and SSN checks give python-stdnum's answers."""
    from stdnum import luhn
    from stdnum.de import idnr
    from stdnum.us import ssn as us_ssn

    from detectors.validators import is_de_tax_id, is_luhn, is_us_ssn

    assert is_de_tax_id(tax_id) is idnr.is_valid(tax_id)
    assert is_luhn(card) is (len(card) >= 2 and luhn.is_valid(card))
    assert is_us_ssn(ssn) is (len(ssn) == 9 and us_ssn.is_valid(ssn))


# -- a private key cut off by the end of the text ------------------------------------------

_PEM_BODY = st.text(
    alphabet=st.sampled_from(
        list("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=\n")
    ),
    min_size=1,
    max_size=200,
)
_PEM_KINDS = st.sampled_from(["", "RSA ", "EC ", "OPENSSH ", "ENCRYPTED "])


@SETTINGS
@given(prose=st.text(max_size=30), kind=_PEM_KINDS, body=_PEM_BODY)
def test_a_key_cut_off_by_the_end_of_the_text_is_masked_to_the_end(
    prose: str, kind: str, body: str
) -> None:
    """A BEGIN line with no END line masks everything from BEGIN to the end of the text."""
    entry_only = {"entities": ["PEM_PRIVATE_KEY"], "read_labels": False}
    detector = create_regex(entry_only, DetectorContext(name="r"))
    key = f"-----BEGIN {kind}PRIVATE KEY-----\n{body}"
    text = prose + " " + key
    spans = detector.scan(text)
    assert [(span.label, span.end) for span in spans][-1:] == [("PRIVATE_KEY", len(text))]
    assert text[spans[-1].start :] == key


@SETTINGS
@given(kind=_PEM_KINDS, body=_PEM_BODY, cuts=st.lists(st.integers(0, 260), max_size=4))
def test_a_reply_cut_inside_a_key_emits_no_key_material_for_any_chunking(
    kind: str, body: str, cuts: list[int]
) -> None:
    """Through the stream filter, with the library's own pattern: any chunking, no leak."""
    entry = BUILTIN_ENTITIES["PEM_PRIVATE_KEY"]
    policy = EgressPolicy(
        patterns=[OutputPattern(name=entry.name, label=entry.label, pattern=entry.pattern)]
    )
    reply = f"here: -----BEGIN {kind}PRIVATE KEY-----\n{body}"
    edges = sorted({min(cut, len(reply)) for cut in cuts})
    chunks = [reply[a:b] for a, b in zip([0, *edges], [*edges, len(reply)], strict=True)]
    flt = EgressFilter(policy.for_request({}, {}))
    out = "".join(flt.feed(chunk) for chunk in chunks) + flt.close()
    # A whitespace run folds to one space whose source is its first character; the rest
    # of a run ending the reply follows the mask as written (pipelines/egress/window.py).
    # It is whitespace only: no key material.
    run = re.search(r"\s+\Z", reply)
    tail = run.group()[1:] if run else ""
    assert out == "here: [REDACTED:PRIVATE_KEY]" + tail
