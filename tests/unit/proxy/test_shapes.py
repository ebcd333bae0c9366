"""Shared shape machinery: the slot walkers for free-form data."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pipelines.errors import RequestError
from proxy.shapes import (
    Slot,
    read_slots,
    walk_generic,
    write_slots,
)
from proxy.spec import SCALAR, Items, Obj, Token
from proxy.walk import walk

# -- ingress slots: free-form data, keys, numbers ---------------------------------------

JSONS = st.recursive(
    st.one_of(st.text(max_size=6), st.integers(), st.booleans(), st.none(),
              st.floats(allow_nan=False, allow_infinity=False)),
    lambda inner: st.lists(inner, max_size=3)
    | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=12,
)


def _strings_and_keys(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return [text for item in value for text in _strings_and_keys(item)]
    if isinstance(value, dict):
        return [text for key, item in value.items()
                for text in (key, *_strings_and_keys(item))]
    return []


def test_free_form_data_has_no_structural_names() -> None:
    """Inside free-form data ``id``, ``type`` and ``model`` are text, keys are slots."""
    data = {"id": "a@x.example", "type": "Jane Doe", "a@x.example": {"model": "m@x.example"}}
    slots: list[Slot] = []
    walk_generic(data, slots)
    assert read_slots(slots) == ["id", "a@x.example", "type", "Jane Doe", "a@x.example",
                                 "model", "m@x.example"]
    write_slots(slots, ["id", "<1>", "type", "<2>", "<1>", "model", "<3>"])
    assert data == {"id": "<1>", "type": "<2>", "<1>": {"model": "<3>"}}


def test_renamed_key_keeps_its_place_and_a_collision_is_refused() -> None:
    """A key becomes its placeholder in place; two keys that merge are a 400."""
    data = {"first": 1, "a@x.example": 2, "last": 3}
    slots: list[Slot] = []
    walk_generic(data, slots)
    write_slots(slots, ["first", "[EMAIL_1]", "last"])
    assert list(data) == ["first", "[EMAIL_1]", "last"]
    clash = {"A@x.example": 1, "a@x.example": 2}
    slots = []
    walk_generic(clash, slots)
    with pytest.raises(RequestError) as caught:
        write_slots(slots, ["[EMAIL_1]", "[EMAIL_1]"])
    assert caught.value.status == 400 and "x.example" not in caught.value.message


@pytest.mark.parametrize(("number", "digits"), [
    (4111111111111111, "4111111111111111"), (-123456789, "123456789"),
    (100_000_000, "100000000"), (4111111111111111.0, "4111111111111111 0"),
    (0.4111111111111111, "0 4111111111111111"), (-53622.1234, "53622 1234"),
    (1.2345678e-20, "1 2345678 20"),
    (99_999_999, None), (42, None), (True, None), (0.7, None), (1.5e300, None),
])
def test_long_numbers_in_free_form_data_are_text(number: float, digits: str | None) -> None:
    """Numbers whose JSON text holds 9+ digits are read as their digit runs (sign,
    point and exponent dropped); short numbers and booleans are not read."""
    data: dict[str, object] = {"n": number}
    slots: list[Slot] = []
    walk_generic(data, slots)
    numbers = [slot for slot in slots if slot.kind == "number"]
    assert [slot.get() for slot in numbers] == ([] if digits is None else [digits])
    if digits is not None:
        numbers[0].set(digits)
        assert data["n"] == number  # nothing found: still a number
        numbers[0].set("[CREDIT_CARD_1]")
        assert data == {"n": "[CREDIT_CARD_1]"}


def test_walk_config_keeps_structure_only_where_described() -> None:
    """Described scalars stay; undescribed members are text; a described scalar
    outside its grammar refuses the request naming the field."""
    scalar = Token(SCALAR)
    spec = Obj({"tool_choice": Obj({"type": scalar, "function": Obj({"name": scalar})}),
                "modalities": Items(scalar)})
    body: dict[str, object] = {"tool_choice": {
        "type": "function", "function": {"name": "lookup"}, "why": "ask Jane Doe"}}
    assert read_slots(walk(spec, body).slots) == ["ask Jane Doe"]
    body = {"tool_choice": {"type": "function", "function": {"name": "jane@x.example"}}}
    with pytest.raises(RequestError) as caught:
        walk(spec, body)
    assert "tool_choice.function.name" in caught.value.message
    assert "jane" not in caught.value.message
    listed: dict[str, object] = {"modalities": ["text", 3]}
    assert read_slots(walk(spec, listed).slots) == []
    listed = {"modalities": ["text", "Jane Doe", 3]}
    with pytest.raises(RequestError) as caught:
        walk(spec, listed)
    assert "modalities[1]" in caught.value.message


@pytest.mark.parametrize(("value", "token"), [
    ("gpt-4o", True), ("claude-sonnet-4-0", True), ("toolu_01A/b+c=", True), (3, True),
    (None, True), ("jane@x.example", False), ("Jane Doe", False), ("", False),
    ({"a": 1}, False), (["x"], False),
])
def test_scalar_grammar(value: object, token: bool) -> None:
    """The loosest structural grammar: one token or a non-string scalar, never text."""
    assert SCALAR.accepts(value) is token


@settings(max_examples=60, deadline=None)
@given(value=JSONS)
def test_every_string_and_key_of_free_form_data_is_a_slot(value: object) -> None:
    """Property: marking every slot leaves no original string or key behind; identity
    write-back is the identity."""
    data: dict[str, object] = {"metadata": value}
    before = json.dumps(data, sort_keys=True)
    slots: list[Slot] = []
    walk_generic(data, slots)
    write_slots(slots, read_slots(slots))
    assert json.dumps(data, sort_keys=True) == before
    originals = {text for text in _strings_and_keys(value) if text}
    write_slots(slots, [f"\x00{position}\x00" for position in range(len(slots))])
    assert not originals & set(_strings_and_keys(data))
