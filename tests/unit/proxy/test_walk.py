"""The request-spec interpreter: the rules every position shares, and grammars."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pipelines.errors import RequestError
from proxy.shapes import read_contexts, read_slots, write_slots
from proxy.spec import (
    ANY_STRING,
    BOOLEAN,
    FREE,
    ID,
    INTEGER,
    NUMBER,
    OPAQUE,
    REFUSE,
    Either,
    Items,
    Lazy,
    Map,
    Node,
    Obj,
    Tagged,
    Token,
    enum,
    pattern,
)
from proxy.walk import walk

ROLE = Token(enum("user", "assistant"))
SPEC = Obj(
    {"role": ROLE, "id": Token(ID), "n": Token(INTEGER), "on": Token(BOOLEAN),
     "text": FREE, "parts": Items(Tagged({"text": Obj({"text": FREE})},
                                         missing=Obj({"text": FREE}))),
     "props": Map(FREE, Token(NUMBER)), "choice": Either(Token(enum("auto")), Obj({
         "name": Token(ID)})),
     "signed": Obj({"thinking": Token(ANY_STRING, signed=True),
                    "signature": Token(OPAQUE, signed=True)}, rest=REFUSE)},
    first=("text",),
)


def _refusal(body: dict[str, Any], spec: Node = SPEC) -> str:
    with pytest.raises(RequestError) as caught:
        walk(spec, body)
    assert caught.value.status == 400 and caught.value.code == "invalid_field"
    return caught.value.message


def test_order_closed_enums_open_grammars_and_checks() -> None:
    """``first`` members come first, the rest in body order; a closed enum value is a
    constant (no check), an open grammar's value and a 9+ digit number are checks."""
    body: dict[str, Any] = {"role": "user", "id": "call_1", "n": 123456789, "on": True,
                            "parts": [{"type": "text", "text": "p"}, {"text": "q"}, "r"],
                            "text": "first"}
    found = walk(SPEC, body)
    assert read_slots(found.slots) == ["first", "p", "q", "r"]
    assert [(c.text, c.field, c.signed) for c in found.checks] == [
        ("call_1", "id", False), ("123456789", "n", False)]


@pytest.mark.parametrize(("body", "message"), [
    ({"role": "jane@x.example"}, "role is not one of assistant, user"),
    ({"role": 3}, "role is not one of"),
    ({"role": {"x": 1}}, "role is not one of"),
    ({"id": "a b"}, "id is not an id"),
    ({"n": "ten"}, "n is not an integer"),
    ({"n": True}, "n is not an integer"),
    ({"on": "yes"}, "on is not true or false"),
    ({"parts": [{"type": "Jane Doe"}]}, "parts[0].type is not a type name"),
    ({"props": {"a": "Jane"}}, "props[key #0] is not a number"),
    ({"choice": "manual"}, "choice is not one of auto"),
    ({"choice": {"name": "a b"}}, "choice.name is not an id"),
    ({"signed": {"thinking": ["x"]}}, "signed.thinking is not a string"),
    ({"signed": {"thinking": "t", "x": 1}}, "signed has a member the API does not define"),
    ({"signed": {"signature": "c2lnbmVk"}}, "signed.signature is not opaque base64"),
])
def test_a_value_outside_its_grammar_is_refused_naming_the_field(
    body: dict[str, Any], message: str
) -> None:
    """Refusals name the field, never the value."""
    text = _refusal(body)
    assert text.startswith(f"request refused: {message}")
    for value in ("jane", "Jane", "a b", "manual", "ten", "yes", "c2lnbmVk"):
        assert value not in text


def test_null_is_accepted_anywhere_and_a_wrong_container_type_is_text() -> None:
    """Null carries nothing; an object where an array belongs (or the reverse) is free
    text, never skipped."""
    body: dict[str, Any] = {"role": None, "id": None, "signed": None, "parts": {"k": "v"},
                            "props": ["x"], "choice": ["y"]}
    assert read_slots(walk(SPEC, body).slots) == ["k", "v", "x", "y"]


def test_undeclared_members_are_text_with_their_key_path_as_context() -> None:
    """An undeclared member is free-form data: a field-name-like name is a check, any
    other name a key slot; every string below carries its member path (I1)."""
    body: dict[str, Any] = {"customer": {"ssn": "536221234", "Jane Doe": ["x"]},
                            "Odd Key": "v"}
    found = walk(SPEC, body)
    assert read_slots(found.slots) == ["ssn", "536221234", "Jane Doe", "x", "Odd Key", "v"]
    assert read_contexts(found.slots) == [
        ("customer",), ("customer", "ssn"), ("customer",), ("customer", "Jane Doe"), (),
        ("Odd Key",)]
    assert [(c.text, c.field) for c in found.checks] == [
        ("customer", "a member name of the request body")]


def test_map_keys_are_text_and_never_named_in_a_refusal() -> None:
    """Client-chosen keys are key slots; a refusal below one names its position."""
    body: dict[str, Any] = {"props": {"jane@x.example": 1, "b": 2}}
    found = walk(SPEC, body)
    assert read_slots(found.slots) == ["jane@x.example", "b"]
    text = _refusal({"props": {"jane@x.example": 1, "b": "x"}})
    assert "props[key #1]" in text and "jane" not in text


def test_refuse_and_lazy_recursion() -> None:
    """``REFUSE`` refuses its member; ``Lazy`` nodes recurse to any depth."""
    tree: Node = Lazy(lambda: node)
    node = Obj({"kids": Items(tree), "name": Token(ID), "no": REFUSE})
    body: dict[str, Any] = {"kids": [{"kids": [{"name": "leaf", "note": "n"}]}]}
    found = walk(node, body)
    assert read_slots(found.slots) == ["n"]
    assert [c.field for c in found.checks] == [
        "kids[0].kids[0].name", "a member name of kids[0].kids[0]"]
    assert "kids[0].no is not allowed here" in _refusal({"kids": [{"no": 1}]}, node)


@settings(max_examples=80, deadline=None)
@given(value=st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False,
                                                                 allow_infinity=False),
              st.text(max_size=6)),
    lambda inner: st.lists(inner, max_size=3)
    | st.dictionaries(st.sampled_from(["role", "id", "n", "parts", "props", "choice",
                                       "signed", "text", "type", "thinking", "x", "K y"]),
                      inner, max_size=4),
    max_leaves=16,
))
def test_any_body_is_refused_or_fully_accounted_for(value: Any) -> None:
    """Property: for any JSON under the spec, the walk refuses with a 400 naming a
    field, or every string of the body is a slot, a check or a constant of the spec
    (a closed enum value, a known tag, a declared member name), and every number whose
    JSON text holds 9+ digits is a slot or a check holding each of its digit runs:
    nothing is skipped."""
    body: dict[str, Any] = {"parts": [value], "choice": value, "extra": value,
                            **(value if isinstance(value, dict) else {})}
    try:
        found = walk(SPEC, body)
    except RequestError as refused:
        assert refused.status == 400
        return
    marked = json.loads(json.dumps(body))
    found = walk(SPEC, marked)
    write_slots(found.slots, [f"\x00{i}" for i in range(len(found.slots))])
    checked = {check.text for check in found.checks}
    constants = {"user", "assistant", "text", "auto", *(
        name for name in ("role", "id", "n", "on", "text", "parts", "props", "choice",
                          "signed", "thinking", "signature", "type", "name"))}
    for text in _strings(marked):
        assert text.startswith("\x00") or text in checked or text in constants, text
    for number in _numbers(marked):  # numbers still numbers: not rewritten as slots
        runs = re.findall("[0-9]+", json.dumps(number))
        if sum(map(len, runs)) >= 9:
            assert any(all(run in text for run in runs) for text in checked), number


def _numbers(value: object) -> list[float]:
    if isinstance(value, bool):
        return []
    if isinstance(value, int | float):
        return [value]
    if isinstance(value, list):
        return [number for item in value for number in _numbers(item)]
    if isinstance(value, dict):
        return [number for item in value.values() for number in _numbers(item)]
    return []


def _strings(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return [text for item in value for text in _strings(item)]
    if isinstance(value, dict):
        return [text for key, item in value.items() for text in (key, *_strings(item))]
    return []


def test_grammar_combinators() -> None:
    """Enums combine into an enum; a pattern and an enum into either; kinds add up."""
    both = enum("a") | enum("b", kinds=("number",))
    assert both.closed and both.accepts("b") and both.accepts(3) and not both.accepts("c")
    mixed = pattern(r"x\d", "an x") | enum("auto")
    assert mixed.accepts("x1") and mixed.accepts("auto") and not mixed.accepts("y")
    assert (NUMBER | BOOLEAN).accepts(True) and (NUMBER | BOOLEAN).accepts("1.5")
    assert not NUMBER.accepts("1e99999") and not NUMBER.accepts("Infinity")
    with pytest.raises(TypeError):
        _ = OPAQUE | NUMBER


def test_an_either_option_defined_later_is_walked() -> None:
    """An :class:`Either` whose chosen option is :class:`Lazy` (a JSON Schema
    subschema under ``additionalProperties``, ``items``, ``not``) or another Either is
    walked as that option: its text is slotted, its structure checked (regression:
    the subschema was skipped, and a value in its ``type`` reached the upstream)."""
    inner = Obj({"type": Token(enum("string")), "description": FREE})
    spec = Obj({"sub": Either(Token(BOOLEAN), Lazy(lambda: inner)),
                "deep": Either(Items(Token(ID)), Either(Token(BOOLEAN), Lazy(lambda: inner)))})
    body: dict[str, Any] = {"sub": {"type": "string", "description": "for Jane"},
                            "deep": {"description": "to Bob"}}
    assert read_slots(walk(spec, body).slots) == ["for Jane", "to Bob"]
    assert "sub.type is not one of string" in _refusal({"sub": {"type": "a@b.example"}}, spec)
    assert "deep.type is not one of" in _refusal({"deep": {"type": "x"}}, spec)
    assert walk(spec, {"sub": True, "deep": ["id_1"]}).checks[0].text == "id_1"
