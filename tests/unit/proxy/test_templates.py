"""ChunkTemplate: text (and padding) read without a parse, output from the rendered chunk."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from proxy.shapes import dumps
from proxy.templates import PAD_PROBE, TEXT_PROBE, ChunkTemplate

CHUNK = {"id": "c", "object": "chat.completion.chunk", "created": 1, "model": "m",
         "choices": [{"index": 0, "delta": {"content": "the "}, "finish_reason": None}],
         "obfuscation": "Ab3"}
TEXTS = st.text(alphabet=st.sampled_from('ab "\\/\n\té€😀\u2028\x00'), max_size=12)


def _data(text: str, pad: str = "Ab3", *, chunk: dict[str, object] = CHUNK,
          ascii_only: bool = False, space: str = "") -> str:
    payload = json.loads(json.dumps(chunk))
    payload["choices"][0]["delta"]["content"] = text
    payload["obfuscation"] = pad
    encoded = (json.dumps(payload, separators=(",", ":")) if ascii_only
               else dumps(payload).decode())
    return encoded[:-1] + space + "}"


def _render(probe: object) -> str | None:
    """The checked output: the probe chunk with a marker the test can see."""
    assert isinstance(probe, dict)
    if probe["choices"][0]["delta"]["content"] != TEXT_PROBE:
        return None
    if probe.get("obfuscation") != PAD_PROBE:
        return None
    return dumps(dict(probe, model="checked")).decode()


def _learn(text: str = "the ") -> ChunkTemplate:
    template = ChunkTemplate.learn(_data(text), text, "Ab3", _render)
    assert template is not None
    return template


def test_same_envelope_yields_text_and_padding() -> None:
    """A chunk differing only in its text and padding gives both, escapes decoded."""
    template = _learn()
    assert template.match(_data("quick", "x")) == ("quick", "x")
    assert template.match(_data('say "hi"\\ é', "")) == ('say "hi"\\ é', "")
    escaped = _data("x").replace('"x"', '"\\u00e9\\ud83d\\ude00"')
    assert template.match(escaped) == ("é😀", "Ab3")


def test_whitespace_before_the_final_brace_is_padding() -> None:
    """Anthropic pads with spaces before the closing brace: still the same chunk."""
    template = ChunkTemplate.learn(_data("a", space="   "), "a", "Ab3", _render)
    assert template is not None
    assert template.match(_data("b", space="")) == ("b", "Ab3")
    assert template.match(_data("b", space=" \t ")) == ("b", "Ab3")


def test_fill_writes_the_rendered_chunk_never_the_provider_bytes() -> None:
    """fill() writes what render returned (the checked envelope) around the new text."""
    template = _learn()
    filled = template.fill('a "b"\n é', "zz")
    parsed = json.loads(filled)
    assert parsed["model"] == "checked"
    assert parsed["choices"][0]["delta"]["content"] == 'a "b"\n é'
    assert parsed["obfuscation"] == "zz"
    assert "\n" not in filled  # JSON escapes it: one SSE data line


def test_other_envelopes_and_non_literals_do_not_match() -> None:
    """Anything but exactly one string literal per hole between the learnt bytes fails."""
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
        _data("x").replace('"Ab3"', "7"),  # padding not a string
        _data("x")[:-1],  # truncated
        _data("x") + " ",  # whitespace after the final brace
        "",
        "{}",
    ]
    for data in rows:
        assert template.match(data) is None


def test_learning_refuses_an_ambiguous_or_unfound_literal() -> None:
    """The probes must land on the text and padding, and render must accept them."""
    assert ChunkTemplate.learn(_data("c"), "c", "Ab3", _render) is None  # "c" is the id
    assert ChunkTemplate.learn(_data("é", ascii_only=True), "é", "Ab3", _render) is None
    assert ChunkTemplate.learn("not json", "json", None, _render) is None
    assert ChunkTemplate.learn(_data("x") + " trailing", "x", "Ab3", _render) is None
    assert ChunkTemplate.learn(_data("x"), "x", "Ab3", lambda probe: None) is None
    # A render whose output lacks the probe (or holds it twice) learns nothing.
    assert ChunkTemplate.learn(_data("x"), "x", "Ab3", lambda probe: "{}") is None
    twice = f'{{"a":"{TEXT_PROBE}","b":"{TEXT_PROBE}","c":"{PAD_PROBE}"}}'
    assert ChunkTemplate.learn(_data("x"), "x", "Ab3", lambda probe: twice) is None


def test_a_duplicate_key_shadowing_the_text_learns_nothing() -> None:
    """If a later duplicate key holds the text the parser keeps, the probe misses it."""
    data = _data("x").replace('"content":"x"}', '"content":"x","content":"SECRET"}')
    assert ChunkTemplate.learn(data, "x", "Ab3", _render) is None


@settings(max_examples=150, deadline=None)
@given(first=TEXTS, middle=st.text(max_size=16), text=TEXTS, pad=TEXTS,
       ascii_only=st.booleans())
def test_a_match_is_always_what_a_full_parse_says(
    first: str, middle: str, text: str, pad: str, ascii_only: bool
) -> None:
    """Property: whatever sits in the text hole, a match equals the parsed chunk.

    And a chunk written by either encoder with the learnt envelope always matches.
    """
    template = ChunkTemplate.learn(_data(first), first, "Ab3", _render)
    if template is None:
        return  # the first text also occurs earlier in the envelope
    prefix, suffix = _data(first).split(dumps(first).decode(), 1)
    candidate = prefix + middle + suffix
    value = template.match(candidate)
    if value is not None:
        parsed = json.loads(candidate)
        assert (parsed["choices"][0]["delta"]["content"], parsed["obfuscation"]) == value
        parsed["choices"][0]["delta"]["content"] = first
        assert parsed == json.loads(_data(first))
    assert template.match(_data(text, pad, ascii_only=ascii_only)) == (text, pad)
