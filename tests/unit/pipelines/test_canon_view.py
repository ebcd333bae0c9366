"""The canonical view through the chain: decoders, JSON inside strings, context, literals.

Each row sanitises real input with the built-in ``regex`` detector and a list, and
checks what is forwarded: positive rows (the value is gone), negative rows (text that
only looks like a value or like an encoding stays as it is).
"""

from __future__ import annotations

import base64
import json
from collections.abc import AsyncIterator, Sequence

import pytest

from detectors.known_entities import create as create_known
from detectors.regex import create as create_regex
from pipelines.canon.view import build_views, canonical_text
from pipelines.chain import Chain
from pipelines.relink import relink
from pipelines.spans import DetectorContext
from pipelines.vault import Vault


@pytest.fixture
async def chain() -> AsyncIterator[Chain]:
    """The built-in regex detector (started) and a one-name list."""
    regex = create_regex({}, DetectorContext(name="regex"))
    known = create_known({"values": {"PERSON": ["Jörg Müller"]}}, DetectorContext(name="ke"))
    await regex.start()
    try:
        yield Chain([regex, known])
    finally:
        await regex.aclose()


async def _sanitize(
    chain: Chain, texts: Sequence[str], contexts: Sequence[Sequence[str]] | None = None
) -> tuple[list[str], Vault]:
    vault = Vault()
    result = await chain.sanitize(texts, vault, contexts=contexts)
    return list(result.texts), vault


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("mail jane.doe%40example.com now", "mail [EMAIL_1] now"),
        ("mail jane.doe%40example%2Ecom now", "mail [EMAIL_1] now"),
        ("mail jane.doe&#64;example.com now", "mail [EMAIL_1] now"),
        ("mail jane.doe&#x40;example.com now", "mail [EMAIL_1] now"),
        ("mail jane.doe&commat;example.com now", "mail [EMAIL_1] now"),
        ("call J%C3%B6rg M%C3%BCller", "call [PERSON_1]"),
        ("call J&ouml;rg M&uuml;ller", "call [PERSON_1]"),
    ],
)
async def test_inline_encodings_are_read_decoded(chain: Chain, text: str, expected: str) -> None:
    """Percent-encoding and HTML references hide no value; the whole escape is masked."""
    texts, vault = await _sanitize(chain, [text])
    assert texts == [expected]
    assert relink(texts[0], vault) == text


@pytest.mark.parametrize(
    "text",
    [
        "100% sure, 50%off, %zz and %ff%fe stay",
        "AT&T and R&D; &notanentity; &amp",
        "the ratio 1\u20092 and ten\u2009thousand",
    ],
)
async def test_text_that_only_looks_encoded_stays(chain: Chain, text: str) -> None:
    """Negative rows: no value, nothing replaced."""
    texts, _ = await _sanitize(chain, [text])
    assert texts == [text]


async def test_base64_text_is_read_and_masks_the_whole_run(chain: Chain) -> None:
    """A base64 run that decodes to text with a value in it is masked whole."""
    encoded = base64.b64encode(b"contact: jane.doe@example.com, thanks").decode()
    texts, vault = await _sanitize(chain, [f"payload {encoded} end"])
    assert texts == ["payload [EMAIL_1] end"]
    assert vault.lookup("[EMAIL_1]") == encoded
    urlsafe = base64.urlsafe_b64encode("Jörg Müller?>>".encode()).decode()
    texts, _ = await _sanitize(chain, [f"x {urlsafe} y"])
    assert texts == ["x [PERSON_1] y"]


async def test_random_tokens_are_not_decoded_as_text(chain: Chain) -> None:
    """A key, a hash or a long word is not base64 text: left to the detectors."""
    texts, _ = await _sanitize(
        chain, ["key AKIAIOSFODNN7EXAMPLE, sha 9f86d081884c7d659a2feaa0c55ad015 ok"]
    )
    assert texts == ["key [API_KEY_1], sha 9f86d081884c7d659a2feaa0c55ad015 ok"]
    assert build_views(["averyveryverylongwordwithoutspaces"])[1:] == []


@pytest.mark.parametrize("ensure_ascii", [True, False])
@pytest.mark.parametrize("separators", [(", ", ": "), (",", ":")])
async def test_json_in_a_string_is_sanitised_string_by_string(
    chain: Chain, ensure_ascii: bool, separators: tuple[str, str]
) -> None:
    """Escapes hide nothing; the result is valid JSON in the same style; keys too."""
    data = {
        "to": "jane.doe@example.com",
        "name": "Jörg Müller",
        "quoted": 'say "Jörg Müller" \\ done',
        "Jörg Müller": {"card": "4111 1111 1111 1111", "n": 4111111111111111, "k": 12},
        "list": ["plain", "jane.doe@example.com"],
    }
    raw = json.dumps(data, ensure_ascii=ensure_ascii, separators=separators)
    texts, vault = await _sanitize(chain, [raw])
    out = texts[0]
    parsed = json.loads(out)
    assert list(parsed) == ["to", "name", "quoted", "[PERSON_1]", "list"]
    assert parsed["to"] == "[EMAIL_1]" and parsed["list"] == ["plain", "[EMAIL_1]"]
    assert parsed["quoted"] == 'say "[PERSON_1]" \\ done'
    assert parsed["[PERSON_1]"] == {"card": "[CREDIT_CARD_1]", "n": "[CREDIT_CARD_1]", "k": 12}
    # Same style: re-serialising the parsed result the same way gives the text back.
    assert out == json.dumps(parsed, ensure_ascii=ensure_ascii, separators=separators)
    assert vault.lookup("[PERSON_1]") == "Jörg Müller"


async def test_a_json_key_path_is_context_for_every_value_under_it(chain: Chain) -> None:
    """``{"ssn": "536221234"}``: the member name is the context word of the bare rule."""
    raw = json.dumps({"customer": {"ssn": "536221234", "id": "536221235"}})
    texts, _ = await _sanitize(chain, [raw])
    assert json.loads(texts[0]) == {"customer": {"ssn": "[US_SSN_1]", "id": "536221235"}}


async def test_contexts_from_the_request_walk_reach_every_detector(chain: Chain) -> None:
    """A slot's key path (interface I2) is context; without it a bare number stays."""
    texts, _ = await _sanitize(
        chain, ["536221234", "536221234", "social"], [("customer", "SSN"), ("id",), ("ssn",)]
    )
    assert texts == ["[US_SSN_1]", "[US_SSN_1]", "social"]
    texts, _ = await _sanitize(chain, ["536221234"], [("order",)])
    assert texts == ["536221234"]


async def test_text_that_only_looks_like_json_stays_text(chain: Chain) -> None:
    """Not a JSON document: read as text, JSON source and all."""
    text = '{"to": jane.doe@example.com, trailing'
    texts, _ = await _sanitize(chain, [text])
    assert texts == ['{"to": [EMAIL_1], trailing']
    assert json.loads(json.dumps(text)) == text


async def test_a_span_overlapping_a_placeholder_literal_is_never_dropped(chain: Chain) -> None:
    """An unterminated key block running into a literal masks both sides of it."""
    text = "-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n[DOC_2] tail b64"
    texts, vault = await _sanitize(chain, [text])
    assert "MIIEvQ" not in texts[0] and "tail" not in texts[0]
    assert "[DOC_2]" in texts[0]
    assert relink(texts[0], vault) == text


async def test_case_of_an_anchor_word_does_not_matter(chain: Chain) -> None:
    """A case-insensitive rule is tried whatever the case of its keyword."""
    texts, _ = await _sanitize(
        chain, ["sSN 536221234", "SsN: 536221234", "sOcIaL sEcUrItY 536221234"]
    )
    assert texts == ["sSN [US_SSN_1]", "SsN: [US_SSN_1]", "sOcIaL sEcUrItY [US_SSN_1]"]


def test_canonical_text_is_what_the_views_read() -> None:
    """The vault and repeats key on the same text the detectors read."""
    raw = "Ja\u200bne\u00a0D\u043ee%40x"
    assert canonical_text(raw) == "Jane Doe@x"
    assert build_views([raw])[0].content == "Jane Doe@x"
