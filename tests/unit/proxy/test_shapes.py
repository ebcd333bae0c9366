"""Shared shape machinery: the string template, and the slot walkers for free-form data."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pipelines.errors import RequestError
from proxy.shapes import (
    PROBE,
    Slot,
    StringTemplate,
    dumps,
    filter_strings,
    read_slots,
    walk_generic,
    write_slots,
)
from proxy.spec import SCALAR, Items, Obj, Token
from proxy.walk import is_token, walk
from tests.unit.proxy.shape_helpers import factory_of

CHUNK = {"id": "c", "object": "chat.completion.chunk", "created": 1, "model": "m",
         "choices": [{"index": 0, "delta": {"content": "the "}, "finish_reason": None}]}
TEXTS = st.text(alphabet=st.sampled_from('ab "\\/\n\té€😀\u2028\x00'), max_size=12)


def _data(text: str, *, chunk: dict[str, object] = CHUNK, ascii_only: bool = False) -> str:
    payload = json.loads(json.dumps(chunk))
    payload["choices"][0]["delta"]["content"] = text
    if ascii_only:
        return json.dumps(payload, separators=(",", ":"))
    return dumps(payload).decode()


def _content(probe: object) -> bool:
    assert isinstance(probe, dict)
    return bool(probe["choices"][0]["delta"]["content"] == PROBE)


def _learn(text: str = "the ") -> StringTemplate:
    template = StringTemplate.learn(_data(text), text, _content)
    assert template is not None
    return template


def test_same_envelope_yields_the_text() -> None:
    """A chunk that differs only in its text literal gives that text, escapes decoded."""
    template = _learn()
    assert template.match(_data("quick")) == "quick"
    assert template.match(_data('say "hi"\\ é')) == 'say "hi"\\ é'
    assert template.match(_data("")) == ""
    # A literal written with escapes by another producer still decodes exactly.
    escaped = _data("x").replace('"x"', '"\\u00e9\\ud83d\\ude00"')
    assert template.match(escaped) == "é😀"


def test_fill_writes_the_learnt_bytes_around_a_new_text() -> None:
    """fill() keeps every byte of the envelope and writes the new text as compact JSON."""
    template = _learn()
    assert template.fill("the ") == _data("the ")
    filled = template.fill('a "b"\n é')
    assert json.loads(filled) == json.loads(_data('a "b"\n é'))
    assert template.match(filled) == 'a "b"\n é'
    assert "\n" not in filled  # JSON escapes it: one SSE data line


def test_other_envelopes_and_non_literals_do_not_match() -> None:
    """Anything but exactly one string literal between the learnt bytes is refused."""
    template = _learn()
    other = dict(CHUNK, id="d")
    rows = [
        None,
        _data("x", chunk=other),  # the envelope changed
        _data("x").replace('"x"', '"x","refusal":"y"'),  # two values where one was
        _data("x").replace('"x"', "null"),  # not a string
        _data("x").replace('"x"', '"\\q"'),  # invalid escape
        _data("x").replace('"x"', '"x'),  # unterminated
        _data("x").replace('"x"', '"a\x01"'),  # raw control character (strict JSON)
        _data("x")[:-1],  # truncated
        "",
        "{}",
    ]
    for data in rows:
        assert template.match(data) is None


def test_learning_refuses_an_ambiguous_or_unfound_literal() -> None:
    """The probe must land on the text: a text equal to the id, or escaped, learns nothing."""
    assert StringTemplate.learn(_data("c"), "c", _content) is None  # "c" is the id first
    assert StringTemplate.learn(_data("é", ascii_only=True), "é", _content) is None
    assert StringTemplate.learn("not json", "json", _content) is None
    assert StringTemplate.learn(_data("x") + " trailing", "x", _content) is None


@settings(max_examples=150, deadline=None)
@given(first=TEXTS, middle=st.text(max_size=16), text=TEXTS, ascii_only=st.booleans())
def test_a_match_is_always_what_a_full_parse_says(
    first: str, middle: str, text: str, ascii_only: bool
) -> None:
    """Property: whatever sits between the learnt bytes, a match equals the parsed text.

    And a chunk written by either encoder with the learnt envelope always matches.
    """
    template = StringTemplate.learn(_data(first), first, _content)
    if template is None:
        return  # the first text also occurs earlier in the envelope
    prefix, suffix = _data(first).split(dumps(first).decode(), 1)
    candidate = prefix + middle + suffix
    value = template.match(candidate)
    if value is not None:
        parsed = json.loads(candidate)
        assert parsed["choices"][0]["delta"]["content"] == value
        parsed["choices"][0]["delta"]["content"] = first
        assert parsed == json.loads(_data(first))
    assert template.match(_data(text, ascii_only=ascii_only)) == text


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


@pytest.mark.parametrize(("number", "slotted"), [
    (4111111111111111, True), (-123456789, True), (100_000_000, True),
    (99_999_999, False), (42, False), (True, False),
])
def test_long_integers_in_free_form_data_are_text(number: int, slotted: bool) -> None:
    """Integers of 9+ digits are read as their digits; small numbers and booleans are not."""
    data: dict[str, object] = {"n": number}
    slots: list[Slot] = []
    walk_generic(data, slots)
    numbers = [slot for slot in slots if slot.kind == "number"]
    assert bool(numbers) == slotted
    if slotted:
        assert numbers[0].get() == str(number)
        numbers[0].set(str(number))
        assert data["n"] == number  # nothing found: still a number
        numbers[0].set("[CREDIT_CARD_1]")
        assert data == {"n": "[CREDIT_CARD_1]"}


def test_walk_config_keeps_structure_only_where_described() -> None:
    """Described scalars stay; undescribed members and non-token scalars are text."""
    scalar = Token(SCALAR)
    spec = Obj({"tool_choice": Obj({"type": scalar, "function": Obj({"name": scalar})}),
                "modalities": Items(scalar)})
    body: dict[str, object] = {"tool_choice": {
        "type": "function", "function": {"name": "lookup"}, "why": "ask Jane Doe"}}
    assert read_slots(walk(spec, body).slots) == ["ask Jane Doe"]
    body = {"tool_choice": {"type": "function", "function": {"name": "jane@x.example"}}}
    assert read_slots(walk(spec, body).slots) == ["jane@x.example"]
    listed: dict[str, object] = {"modalities": ["text", "Jane Doe", 3]}
    assert read_slots(walk(spec, listed).slots) == ["Jane Doe"]


@pytest.mark.parametrize(("value", "token"), [
    ("gpt-4o", True), ("claude-sonnet-4-0", True), ("toolu_01A/b+c=", True), (3, True),
    (None, True), ("jane@x.example", False), ("Jane Doe", False), ("", False),
    ({"a": 1}, False), (["x"], False),
])
def test_is_token(value: object, token: bool) -> None:
    """One token (a model, an id, a type) may be structure; anything else is text."""
    assert is_token(value) is token


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


def test_filter_strings_skips_only_the_named_keys() -> None:
    """Every string is filtered whole, at any depth, except values of the skipped keys."""
    value = {"type": "x", "url": "b", "items": [{"title": "b", "id": "b"}], "n": 3}
    factory, _ = factory_of({"b": "B"}, hold=False)
    assert filter_strings(value, factory, skip=frozenset({"type", "id"})) == {
        "type": "x", "url": "B", "items": [{"title": "B", "id": "b"}], "n": 3}
