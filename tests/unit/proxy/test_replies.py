"""The reply guard: every string outside the channels is filtered unless a spec proves it."""

from __future__ import annotations

import base64
import contextlib
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pipelines.errors import StreamProtocolError
from proxy.replies import (
    DROP,
    ERROR_BODY,
    MAX_PAD,
    NULL,
    PAD,
    SIGNED,
    SOURCE,
    TEXT,
    Arr,
    Enum,
    Obj,
    ReplyGuard,
    Spec,
    Tagged,
    reply_headers,
)
from tests.unit.proxy.shape_helpers import factory_of

SECRET = "SECRET"


def _guard(**signed: str) -> tuple[ReplyGuard, list[Any]]:
    factory, made = factory_of({SECRET: "[X]", "[P_1]": "Ann"}, hold=False, signed=signed)
    return ReplyGuard(factory), made


def test_text_filters_strings_keys_and_long_numbers_only() -> None:
    """TEXT: strings and keys at any depth through the filter; numbers of 9+ digits as
    their digits (a string only if the filter changed them); short ones, bools, null pass."""
    factory, _ = factory_of({SECRET: "[X]", "411111111111": "[CARD]"}, hold=False)
    guard = ReplyGuard(factory)
    value = {"a": [SECRET, {SECRET: 1}], "n": 411111111111, "m": 123456789012, "k": 7,
             "f": 1.5, "b": True, "z": None}
    assert guard.scrub(value, TEXT) == {
        "a": ["[X]", {"[X]": 1}], "n": "[CARD]", "m": 123456789012, "k": 7, "f": 1.5,
        "b": True, "z": None}


def test_enum_passes_its_values_only() -> None:
    """A closed set's value passes without a filter; any other value is text."""
    guard, made = _guard()
    assert guard.scrub("stop", Enum("stop", "length")) == "stop"
    assert not made
    assert guard.scrub(SECRET, Enum("stop")) == "[X]"
    assert guard.scrub({"x": SECRET}, Enum("stop")) == {"x": "[X]"}


def test_objects_name_members_and_filter_or_drop_the_rest() -> None:
    """Named members keep their keys; the rest are text (keys too) or dropped."""
    guard, _ = _guard()
    spec = Obj({"id": TEXT, "logprobs": NULL, "gone": DROP, "finish": Enum("stop")})
    value = {"id": f"c-{SECRET}", "logprobs": [SECRET], "gone": SECRET, "finish": "stop",
             SECRET: SECRET}
    assert guard.scrub(value, spec) == {"id": "c-[X]", "logprobs": None, "finish": "stop",
                                        "[X]": "[X]"}
    assert guard.scrub(value, Obj({"id": TEXT}, rest=DROP)) == {"id": "c-[X]"}
    assert guard.scrub(SECRET, spec) == "[X]"  # not an object: text
    assert guard.scrub([{"gone": 1}, SECRET], Arr(spec)) == [{}, "[X]"]


def test_tagged_cases_prove_their_tag_and_others_are_text() -> None:
    """A known tag is structure and selects its case; an unknown tag is text."""
    guard, _ = _guard()
    spec = Tagged({"thinking": Obj({"thinking": SIGNED})})
    assert guard.scrub({"type": "thinking", "thinking": "[P_1] SECRET"}, spec) == {
        "type": "thinking", "thinking": "[P_1] SECRET"}  # the signed channel: unchanged
    assert guard.scrub({"type": SECRET, "thinking": SECRET}, spec) == {
        "type": "[X]", "thinking": "[X]"}


def test_signed_source_and_padding() -> None:
    """SIGNED uses the signed channel; SOURCE the JSON channel; PAD is the gateway's own
    padding of the same length, capped."""
    guard, made = _guard(SECRET="[S]")
    assert guard.scrub("a SECRET [P_1]", SIGNED) == "a [S] [P_1]"  # never relinked
    assert guard.scrub('{"k": "SECRET"}', SOURCE) == '{"k": "[X]"}'
    assert any(channel.json_string for channel in made)
    encoded = guard.scrub(base64.b64encode(b"note SECRET").decode(), SOURCE)
    assert isinstance(encoded, str) and base64.b64decode(encoded) == b"note [X]"
    padded = guard.scrub("SECRETpadding", PAD)
    assert isinstance(padded, str) and len(padded) == 13 and SECRET not in padded
    assert guard.scrub("SECRET" * 40, PAD) == guard.pad("x" * MAX_PAD)
    assert guard.scrub(SECRET, DROP) is None


def test_base64_of_text_is_decoded_filtered_and_re_encoded() -> None:
    """A string that is base64 of UTF-8 text is that text; binary base64 stays."""
    guard, _ = _guard()
    note = base64.b64encode(b"the key is SECRET, keep it").decode()
    out = guard.scrub({"data": note}, TEXT)
    assert isinstance(out, dict)
    assert base64.b64decode(out["data"]) == b"the key is [X], keep it"
    binary = base64.b64encode(bytes(range(200, 256)) * 2).decode()
    assert guard.scrub(binary, TEXT) == binary
    assert guard.scrub(base64.b64encode(b"plain words only").decode(), TEXT) == (
        base64.b64encode(b"plain words only").decode())


def test_short_strings_are_filtered_once_per_reply() -> None:
    """Ids and models repeat in every chunk: the filter runs once per distinct value."""
    guard, made = _guard()
    for _ in range(50):
        guard.scrub({"id": "chatcmpl-1", "model": "m"}, Obj({"id": TEXT, "model": TEXT}))
    assert len(made) == 2


def test_deep_nesting_is_a_protocol_error() -> None:
    """A reply nested beyond the walk's bound is refused, never passed."""
    guard, _ = _guard()
    value: Any = SECRET
    for _ in range(200):
        value = [value]
    with pytest.raises(StreamProtocolError):
        guard.scrub(value, TEXT)


def test_error_body_keeps_types_and_filters_the_rest() -> None:
    """Both APIs' error bodies: known types pass, messages and unknown members filtered."""
    guard, _ = _guard()
    body = {"type": "error", "error": {"type": "overloaded_error", "message": f"x {SECRET}",
                                       "details": {SECRET: SECRET}},
            "request_id": "req_1", SECRET: 1}
    assert guard.scrub(body, ERROR_BODY) == {
        "type": "error", "error": {"type": "overloaded_error", "message": "x [X]",
                                   "details": {"[X]": "[X]"}},
        "request_id": "req_1", "[X]": 1}


def test_reply_headers_are_an_allow_list_of_clean_values() -> None:
    """Only the SDKs' and rate-limit headers; numbers and durations pass; a value the
    filter would change, or an unknown header, is dropped."""
    guard, _ = _guard()
    headers = reply_headers([
        ("x-request-id", "req_123"), ("X-RateLimit-Remaining-Tokens", "149984"),
        ("x-ratelimit-reset-requests", "6m0s"), ("retry-after", "20"),
        ("request-id", f"req_{SECRET}"), ("openai-organization", "user-abc"),
        ("set-cookie", "a=b"), ("x-debug", "fine"), ("x-secret-AKIA", "1"),
        ("anthropic-ratelimit-tokens-reset", "2025-08-25T10:30:00Z"),
    ], guard)
    assert dict(headers) == {
        "x-request-id": "req_123", "X-RateLimit-Remaining-Tokens": "149984",
        "x-ratelimit-reset-requests": "6m0s", "retry-after": "20",
        "openai-organization": "user-abc",
        "anthropic-ratelimit-tokens-reset": "2025-08-25T10:30:00Z"}


# -- property: nothing planted survives, whatever the spec says ----------------------------

_KEYS = st.sampled_from(["id", "type", "text", "model", "data", "input", "x", SECRET,
                         f"k{SECRET}"])
_LEAVES = st.one_of(
    st.sampled_from([SECRET, f"a {SECRET} b", "plain", "stop", "thinking", ""]),
    st.integers(), st.booleans(), st.none(), st.floats(allow_nan=False, allow_infinity=False),
    st.just(base64.b64encode(f"note {SECRET}".encode()).decode()),
)
_VALUES = st.recursive(_LEAVES, lambda inner: st.lists(inner, max_size=3)
                       | st.dictionaries(_KEYS, inner, max_size=4), max_leaves=14)
_SPECS: list[Spec] = [
    TEXT, DROP, NULL, PAD, SOURCE, Enum("stop", "plain"), Arr(TEXT),
    Obj({"id": TEXT, "type": Enum("thinking"), "x": DROP}),
    Obj({"text": TEXT}, rest=DROP),
    Tagged({"thinking": Obj({"text": SIGNED}), "stop": Obj({"input": SOURCE})}),
]


def _strings(value: object) -> list[str]:
    """Every string and key of a JSON value, written independently of the guard."""
    if isinstance(value, str):
        found = [value]
        with contextlib.suppress(ValueError):
            found.append(base64.b64decode(value, validate=True).decode())
        return found
    if isinstance(value, list):
        return [text for item in value for text in _strings(item)]
    if isinstance(value, dict):
        return [text for key, item in value.items() for text in [key, *_strings(item)]]
    return []


@settings(max_examples=200, deadline=None)
@given(value=_VALUES, spec=st.sampled_from(_SPECS))
def test_no_planted_value_survives_any_spec(value: object, spec: Spec) -> None:
    """Property: for any JSON and any spec, no string or key of the output (or the text a
    base64 string decodes to) holds the planted value."""
    guard, _ = _guard(SECRET="[S]")
    out = guard.scrub(value, spec)
    assert not [text for text in _strings(out) if SECRET in text]
    json.dumps(out)  # still JSON
