"""Shared shape machinery: the string template that skips re-parsing same-envelope chunks."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from proxy.shapes import PROBE, StringTemplate, dumps

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
