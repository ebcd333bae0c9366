"""Sanitising one request: slots rewritten, what is forwarded unchanged checked."""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pipelines.chain import Chain
from pipelines.errors import RequestError
from pipelines.vault import Vault
from proxy.ingress import readings, relayed_checks, sanitize_request
from proxy.spec import ANY_STRING, FREE, ID, Items, Obj, Token
from proxy.walk import Check, walk
from tests.conftest import ListDetector, PatternDetector

SPEC = Obj({"messages": Items(Obj({"content": FREE, "id": Token(ID),
                                   "thinking": Token(ANY_STRING, signed=True)}))})
# A detector that needs context ("name: ..."), as a model does: alone, the value is
# not found.
NAMES = PatternDetector("names", "PERSON", r"(?<=name: )[A-Za-z_]+")
EMAILS = PatternDetector("emails", "EMAIL", r"\S+@\S+")
CHAIN = Chain([NAMES, EMAILS])


async def _run(body: dict[str, Any], *, checks: Chain = CHAIN,
               extra: tuple[Check, ...] = ()) -> Vault:
    vault = Vault()
    await sanitize_request(walk(SPEC, body), vault, chain=CHAIN, check_chain=checks,
                           extra=extra)
    return vault


async def test_texts_are_rewritten_and_checks_do_not_change_numbering() -> None:
    """Only slots are sanitised: a clean id changes nothing, numbering is the texts'."""
    body: dict[str, Any] = {"messages": [{"content": "name: janedoe, a@b.example",
                                          "id": "call_1"}]}
    await _run(body)
    assert body == {"messages": [{"content": "name: [PERSON_1], [EMAIL_1]", "id": "call_1"}]}


@pytest.mark.parametrize(("message", "field"), [
    ({"content": "hi", "id": "x@y.example"}, "messages[0].id is not an id"),
    ({"content": "hi", "id": "janedoe"}, None),
    ({"content": "name: janedoe", "id": "janedoe"}, "messages[0].id holds a sensitive value"),
    ({"content": "x", "thinking": "mail a@b.example"}, "signed content at messages[0].thinking"),
    ({"content": "name: janedoe", "thinking": "janedoe said"}, "signed content at"),
    ({"content": "name: janedoe", "thinking": "[PERSON_1] said"}, None),
])
async def test_structure_and_signed_content_holding_a_value_is_refused(
    message: dict[str, Any], field: str | None
) -> None:
    """A value found anywhere in the request (by a detector, or known from another
    text) in an id or in signed content refuses the request naming the field; the
    body is not rewritten then.  Placeholders alone in signed content pass."""
    body: dict[str, Any] = {"messages": [message]}
    if field is None:
        await _run(body)
        return
    before = repr(body)
    with pytest.raises(RequestError) as caught:
        await _run(body)
    assert caught.value.status == 400 and field in caught.value.message
    assert "janedoe" not in caught.value.message and "a@b" not in caught.value.message
    assert repr(body) == before


async def test_unchanged_content_is_checked_by_the_check_chain_and_the_vault() -> None:
    """A finding of a detector outside ``check_detectors`` refuses neither thinking nor
    an id; one of the check chain does, and so does a value another text holds."""
    names_only = Chain([ListDetector("list", "PERSON", ["JaneRoe"])])
    await _run({"messages": [{"content": "x", "thinking": "mail a@b.example",
                              "id": "a-b"}]}, checks=names_only)
    for message in ({"content": "x", "thinking": "JaneRoe"}, {"content": "x", "id": "JaneRoe"},
                    {"content": "mail a@b.example", "thinking": "a@b.example"}):
        with pytest.raises(RequestError):
            await _run({"messages": [message]}, checks=names_only)


async def test_relayed_header_and_query_values_are_checks() -> None:
    """Every relayed header but the credentials and the content type (its name, then
    its value), and every relayed query value, is checked; a finding names the
    header, never the value, and a header whose name holds a value is not named."""
    checks = relayed_checks(
        {"Authorization": "Bearer a@b.example", "Content-Type": "application/json",
         "User-Agent": "sdk/1.0", "Idempotency-Key": "x@y.example"},
        [("beta", "true")])
    assert [(check.text, check.field) for check in checks] == [
        ("User-Agent", "the name of a relayed header"), ("sdk/1.0", "the user-agent header"),
        ("Idempotency-Key", "the name of a relayed header"),
        ("x@y.example", "the idempotency-key header"), ("true", "the beta query parameter")]
    with pytest.raises(RequestError) as caught:
        await _run({"messages": []}, extra=tuple(checks))
    assert "the idempotency-key header holds a sensitive value" in caught.value.message
    assert "x@y" not in caught.value.message
    named = relayed_checks({"X-Stainless-name: janedoe": "1"}, [])
    with pytest.raises(RequestError) as refused:
        await _run({"messages": [{"content": "name: janedoe"}]}, extra=tuple(named))
    assert "the name of a relayed header holds a sensitive value" in refused.value.message
    assert "janedoe" not in refused.value.message


@given(st.text())
def test_a_regex_is_read_through_its_escapes(text: str) -> None:
    """Whatever ``re.escape`` (the standard library, not ours) writes for a text, one
    reading of it is that text again, so a value inside a JSON Schema ``pattern`` is
    what the detectors read."""
    assert text in readings(re.escape(text))


@given(st.lists(st.text(st.characters(exclude_characters="_"), min_size=1), min_size=1))
def test_an_identifier_is_read_as_its_words(words: list[str]) -> None:
    """Words joined with ``_`` (a tool or function name) are read as the words with
    spaces, and the identifier itself is always the first reading."""
    name = "_".join(words)
    assert readings(name)[0] == name
    assert " ".join(words) in readings(name)


async def test_an_identifier_or_a_pattern_holding_a_value_is_refused() -> None:
    """An id spelled ``name:_janedoe``-style or as a regex refuses the request like
    the plain value; an identifier of ordinary words passes."""
    body: dict[str, Any] = {"messages": [{"content": "hi", "id": "call_lookup_order"}]}
    await _run(body)
    for spelled in ("name:_janedoe", r"name:\ janedoe"):
        body = {"messages": [{"content": "hi", "thinking": spelled}]}
        with pytest.raises(RequestError, match="signed content at messages"):
            await _run(body)
