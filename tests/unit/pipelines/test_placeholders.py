"""Unit and property tests of the placeholder grammar."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pipelines.placeholders import (
    find_placeholders,
    format_placeholder,
    max_placeholder_length,
    parse_placeholder,
)

_LABELS = st.from_regex(r"[A-Z][A-Z0-9_]{0,20}", fullmatch=True)


@pytest.mark.parametrize(
    ("text", "parsed"),
    [
        ("[PERSON_1]", ("PERSON", 1)),
        ("[CREDIT_CARD_12]", ("CREDIT_CARD", 12)),
        ("[A_B_3_4]", ("A_B_3", 4)),
        ("[X9_99999]", ("X9", 99999)),
    ],
)
def test_parse_valid(text: str, parsed: tuple[str, int]) -> None:
    """Well-formed placeholders parse to (label, index); the label backtracks to the last _N."""
    assert parse_placeholder(text) == parsed


@pytest.mark.parametrize(
    "text",
    ["[PERSON_0]", "[PERSON_01]", "[person_1]", "[PERSON1]", "PERSON_1", "[PERSON_1",
     "[_1]", "[1A_1]", " [PERSON_1]", "[PERSON_1] ", "[PER SON_1]", "[PERSON_-1]",
     "[PERSON_１]", ""],
)
def test_parse_invalid(text: str) -> None:
    """Anything else, including near misses and full-width digits, is not a placeholder."""
    assert parse_placeholder(text) is None


def test_format_refuses_bad_input() -> None:
    """Labels follow the grammar and indexes are positive."""
    with pytest.raises(ValueError):
        format_placeholder("person", 1)
    with pytest.raises(ValueError):
        format_placeholder("PERSON", 0)


def test_find_placeholders_in_context() -> None:
    """Placeholders are found next to brackets, CJK and other placeholders."""
    text = "[[EMAIL_1]]名[PERSON_2][PERSON_3 [X_1]x[Y_01]"
    assert [m.group(0) for m in find_placeholders(text)] == ["[EMAIL_1]", "[PERSON_2]", "[X_1]"]


def test_max_placeholder_length() -> None:
    """Brackets, underscore and the digits of the bound are counted."""
    assert max_placeholder_length(len("CREDIT_CARD"), 99999) == len("[CREDIT_CARD_99999]")


@settings(max_examples=200)
@given(_LABELS, st.integers(1, 10**9))
def test_format_parse_round_trip(label: str, index: int) -> None:
    """format then parse is the identity, and the length bound holds."""
    placeholder = format_placeholder(label, index)
    assert parse_placeholder(placeholder) == (label, index)
    assert len(placeholder) <= max_placeholder_length(len(label), max(index, 1))
    assert [m.group(0) for m in find_placeholders(f"a{placeholder}b")] == [placeholder]
