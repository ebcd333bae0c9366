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


def _nest(names: Sequence[str], leaf: object) -> object:
    """``{"a": {"b": leaf}}`` for ``names == ["a", "b"]``."""
    for name in reversed(names):
        leaf = {name: leaf}
    return leaf


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        # positive: a keyword key anywhere above the value, at any depth of the 8 innermost
        ({"ssn": {"primary": "536221234"}}, {"ssn": {"primary": "[US_SSN_1]"}}),
        ({"customer": {"ssn": {"value": 536221234}}},
         {"customer": {"ssn": {"value": "[US_SSN_1]"}}}),
        ([{"ssn": ["536221234"]}], [{"ssn": ["[US_SSN_1]"]}]),
        ({"ssn": {"list": {"536221234": True}}}, {"ssn": {"list": {"[US_SSN_1]": True}}}),
        (_nest(["ssn", *["value"] * 7], "536221234"), _nest(["ssn", *["value"] * 7], "[US_SSN_1]")),
        # a keyword as a word of a member name: snake_case, camelCase, words
        ({"customer_ssn": "536221234"}, {"customer_ssn": "[US_SSN_1]"}),
        ({"customerSsn": {"v": "536221234"}}, {"customerSsn": {"v": "[US_SSN_1]"}}),
        ({"ssn_primary": "536221234"}, {"ssn_primary": "[US_SSN_1]"}),
        ({"socialSecurityNumber": "536221234"}, {"socialSecurityNumber": "[US_SSN_1]"}),
        # every keyword-gated rule reads the path the same way
        ({"passport": {"number": "C01X00T47"}}, {"passport": {"number": "[PASSPORT_1]"}}),
        ({"contact": {"phone": {"home": "4155551234"}}},
         {"contact": {"phone": {"home": "[PHONE_1]"}}}),
        ({"person": {"dateOfBirth": {"iso": "1985-03-05"}}},
         {"person": {"dateOfBirth": {"iso": "[DATE_OF_BIRTH_1]"}}}),
        ({"date_of_birth": "05.03.1985"}, {"date_of_birth": "[DATE_OF_BIRTH_1]"}),
        ({"db": {"password": {"value": "A8f3kPq9xZ2mL7vB"}}},
         {"db": {"password": {"value": "[API_KEY_1]"}}}),
        # negative: no keyword in the path, or a longer word that only contains one
        ({"order": {"primary": "536221234"}}, {"order": {"primary": "536221234"}}),
        ({"ssns": {"x": "536221234"}}, {"ssns": {"x": "[US_SSN_1]"}}),  # a map of SSNs
        ({"classn": "536221234", "assn": "536221299"},
         {"classn": "536221234", "assn": "536221299"}),
        ({"customer": {"id": "4155551234"}}, {"customer": {"id": "4155551234"}}),
        # a word after the keyword that names another kind of thing
        ({"contact_id": "4155550123"}, {"contact_id": "4155550123"}),
        ({"contact": {"id": "4155550123"}}, {"contact": {"id": "4155550123"}}),
        ({"ssn_last_checked": {"ticket": "536221234"}},
         {"ssn_last_checked": {"ticket": "536221234"}}),
        # the member names of an index map are its index: ids, not SSNs
        ({"ssn": {"by_id": {"536221234": True}}}, {"ssn": {"by_id": {"536221234": True}}}),
        # ... while a value under "by_id" is the keyword's
        ({"ssn": {"by_id": "536221234"}}, {"ssn": {"by_id": "[US_SSN_1]"}}),
        ({"card_id": "675964982648"}, {"card_id": "675964982648"}),
        # a name that goes on after a space: "Phone Number", "SSN Number"
        ({"Phone Number": "4155550123"}, {"Phone Number": "[PHONE_1]"}),
        ({"SSN Number": "536221234"}, {"SSN Number": "[US_SSN_1]"}),
        ({"ssn_primary number": "536221234"}, {"ssn_primary number": "[US_SSN_1]"}),
        ({"SSN Number Type": "536221234"}, {"SSN Number Type": "536221234"}),
        # a sibling's key path is its own: a closed object's names leave the path
        ({"ssn": {"primary": "536221234"}, "order": {"id": "536221299"}},
         {"ssn": {"primary": "[US_SSN_1]"}, "order": {"id": "536221299"}}),
        ([{"ssn": "536221234"}, {"customer": "058632768"}],
         [{"ssn": "[US_SSN_1]"}, {"customer": "058632768"}]),
        # near miss: the key path types the value, not a number inside prose under it;
        # a keyword nine names up is beyond the path read
        ({"ssn": {"note": "see ticket 536221234"}}, {"ssn": {"note": "see ticket 536221234"}}),
        (_nest(["ssn", *["value"] * 8], "536221234"), _nest(["ssn", *["value"] * 8], "536221234")),
    ],
)
async def test_a_keyword_key_anywhere_above_types_the_value(
    chain: Chain, data: object, expected: object
) -> None:
    """JSON inside a string: a keyword-bearing member name above a value, at any depth
    among the innermost eight, gates the keyword rules when every name after the
    keyword only qualifies it (#11)."""
    texts, _ = await _sanitize(chain, [json.dumps(data)])
    assert json.loads(texts[0]) == expected


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        # an object that names its value's kind in a member of its own, in either order
        ({"documents": [{"type": "passport", "number": "533380006"}]},
         {"documents": [{"type": "passport", "number": "[PASSPORT_1]"}]}),
        ({"id": {"value": "536221234", "idType": "SSN"}},
         {"id": {"value": "[US_SSN_1]", "idType": "SSN"}}),
        ({"identifier": [{"system": "http://hl7.org/fhir/sid/us-ssn", "value": "536221234"}]},
         {"identifier": [{"system": "http://hl7.org/fhir/sid/us-ssn", "value": "[US_SSN_1]"}]}),
        ({"env": [{"name": "DB_PASSWORD", "value": "A8f3kPq9xZ2mL7vB"}]},
         {"env": [{"name": "DB_PASSWORD", "value": "[API_KEY_1]"}]}),
        ({"fields": [{"field": "date_of_birth", "value": "1984-05-06"}]},
         {"fields": [{"field": "date_of_birth", "value": "[DATE_OF_BIRTH_1]"}]}),
        # every member that may name it counts, in any order; keys as decoded
        ({"name": "Alice", "type": "phone", "value": "4155550199"},
         {"name": "Alice", "type": "phone", "value": "[PHONE_1]"}),
        ({"type": "text", "name": "passport", "value": "533380006"},
         {"type": "text", "name": "passport", "value": "[PASSPORT_1]"}),
        # near misses: a sibling object's kind is not this one's; a kind naming another
        # thing, a member that is not the value, prose under the value key stay
        ([{"type": "passport", "note": "x"}, {"type": "order", "number": "533380006"}],
         [{"type": "passport", "note": "x"}, {"type": "order", "number": "533380006"}]),
        ({"name": "ssn", "count": "536221234"}, {"name": "ssn", "count": "536221234"}),
        ({"name": "ssn", "value": "ticket 536221299 was reopened after the customer called"},
         {"name": "ssn", "value": "ticket 536221299 was reopened after the customer called"}),
    ],
)
async def test_an_object_naming_its_values_kind_types_it(
    chain: Chain, data: object, expected: object
) -> None:
    """A typed identifier ({"type": "passport", "number": …}, FHIR's system/value) or a
    name/value pair ({"name": "DB_PASSWORD", "value": …}) reads as the value nested
    under that name; only within the one object, only its value member (#11)."""
    texts, _ = await _sanitize(chain, [json.dumps(data)])
    assert json.loads(texts[0]) == expected


_SSN, _PHONE, _CARD = "536221234", "4155551234", "675964982648"
_PASSPORT, _PASSWORD = "C01X00T47", "A8f3kPq9xZ2mL7vB"

# (key path, a value the entity's validator accepts, the label a reader gives it: None
# when a later word names another kind of thing).  Hand-labelled before the rule was
# written; docs/entities.md (Key paths) quotes what the earlier allow list made of them.
KEY_PATH_ROWS: list[tuple[list[str], str, str | None]] = [
    # positive: qualifiers, owners, versions, indexes, maps keyed by names or ids,
    # numbered fields, wrappers
    (["ssn", "by_id"], _SSN, "US_SSN"), (["ssn_by_customer"], _SSN, "US_SSN"),
    (["ssn", "$numberLong"], _SSN, "US_SSN"), (["ssn", "spouse"], _SSN, "US_SSN"),
    (["ssn", "old"], _SSN, "US_SSN"), (["ssn", "new"], _SSN, "US_SSN"),
    (["ssn", "u123"], _SSN, "US_SSN"), (["ssn", "0"], _SSN, "US_SSN"),
    (["ssn2"], _SSN, "US_SSN"), (["ssn_confirm"], _SSN, "US_SSN"),
    (["customer", "ssn", "value"], _SSN, "US_SSN"), (["ssn", "primary"], _SSN, "US_SSN"),
    (["ssn", "plain"], _SSN, "US_SSN"), (["ssn", "decrypted"], _SSN, "US_SSN"),
    (["ssn", "@value"], _SSN, "US_SSN"), (["applicant", "ssn", "tin"], _SSN, "US_SSN"),
    (["ssnById"], _SSN, "US_SSN"), (["ssn", "per user"], _SSN, "US_SSN"),
    (["phone", "backup"], _PHONE, "PHONE"), (["phone", "emergency"], _PHONE, "PHONE"),
    (["phone", "alt"], _PHONE, "PHONE"), (["phone2"], _PHONE, "PHONE"),
    (["phone_alt"], _PHONE, "PHONE"), (["phone", "us"], _PHONE, "PHONE"),
    (["phone", "mobile"], _PHONE, "PHONE"), (["contact", "phone", "home"], _PHONE, "PHONE"),
    (["phoneNumbers", "0"], _PHONE, "PHONE"), (["phone", "fallback"], _PHONE, "PHONE"),
    (["phone_e164"], _PHONE, "PHONE"),
    (["card", "pan"], _CARD, "CREDIT_CARD"), (["card", "number"], _CARD, "CREDIT_CARD"),
    (["card_pan"], _CARD, "CREDIT_CARD"), (["card", "replacement"], _CARD, "CREDIT_CARD"),
    (["password", "new"], _PASSWORD, "API_KEY"), (["password", "old"], _PASSWORD, "API_KEY"),
    (["db", "password", "prod"], _PASSWORD, "API_KEY"),
    (["passport", "de"], _PASSPORT, "PASSPORT"), (["passport", "number"], _PASSPORT, "PASSPORT"),
    (["passport", "scan"], _PASSPORT, "PASSPORT"),
    (["date_of_birth", "formatted"], "05.03.1985", "DATE_OF_BIRTH"),
    (["dob", "us"], "03/05/1985", "DATE_OF_BIRTH"),
    (["dateOfBirth", "child"], "1985-03-05", "DATE_OF_BIRTH"),
    # negative: a later word names another kind of thing
    (["contact_id"], _PHONE, None), (["contact", "id"], _PHONE, None),
    (["ssn_last_checked", "ticket"], _SSN, None), (["card_id"], _CARD, None),
    (["ssn", "id"], _SSN, None), (["ssn", "type"], _SSN, None), (["ssn_count"], _SSN, None),
    (["phone", "verified_at"], _PHONE, None), (["phone_type"], _PHONE, None),
    (["call", "duration_ms"], _PHONE, None), (["card", "token"], _CARD, None),
    (["card_hash"], _CARD, None), (["password_hash"], _PASSWORD, None),
    (["password", "updated_at"], _PASSWORD, None), (["password_length"], _PASSWORD, None),
    (["ssn", "status", "code"], _SSN, None), (["contact", "customer_id"], _PHONE, None),
    (["contact", "email", "id"], _PHONE, None), (["phone", "carrier", "ref"], _PHONE, None),
    (["card", "holder"], _CARD, None), (["ssn", "hash"], _SSN, None),
    (["passport", "expiry"], _PASSPORT, None), (["dob", "verified"], "1985-03-05", None),
    (["ssn_idx"], _SSN, None), (["contact", "created_at"], _PHONE, None),
    (["ssnLastChecked"], _SSN, None), (["phoneCount"], _PHONE, None),
    (["ssn", "IDs"], _SSN, None), (["ssn", "standby_id"], _SSN, None),  # no index: "standby"
    # negative: another numbered thing under a keyword
    (["contact", "account"], _PHONE, None), (["contact", "order_no"], _PHONE, None),
    (["contact", "ticket"], _PHONE, None), (["ssn", "employer", "ein"], _SSN, None),
    (["card", "account_number"], _CARD, None), (["contact", "invoice"], _PHONE, None),
]  # fmt: skip


@pytest.mark.parametrize(("path", "value", "label"), KEY_PATH_ROWS)
async def test_key_path_rows_read_as_a_reader_does(
    chain: Chain, path: list[str], value: str, label: str | None
) -> None:
    """A keyword key above a value types it unless a later word names another kind of
    thing; the word after "by"/"per" indexes the map (#11)."""
    texts, _ = await _sanitize(chain, [json.dumps(_nest(path, value))])
    leaf = json.loads(texts[0])
    for name in path:
        leaf = leaf[name]
    if label is None:
        assert leaf == value
    else:
        assert isinstance(leaf, str)
        assert leaf.startswith(f"[{label}_"), leaf


async def test_the_member_names_of_an_index_map_are_its_index(chain: Chain) -> None:
    """Under a map named "… by X" the member names are X's: ids stay, phones are typed."""
    doc = {"ssn": {"by_id": {_SSN: "x"}}, "contacts": {"by_phone": {_PHONE: "x"}}}
    texts, _ = await _sanitize(chain, [json.dumps(doc)])
    assert json.loads(texts[0]) == {
        "ssn": {"by_id": {_SSN: "x"}}, "contacts": {"by_phone": {"[PHONE_1]": "x"}},
    }


async def test_slot_contexts_are_read_like_json_key_paths(chain: Chain) -> None:
    """The request walk's key paths (I1/I2) read the same way as JSON inside a string."""
    texts, _ = await _sanitize(
        chain,
        ["536221234", "058632768", "C01X00T47", "074486631"],
        [("customer", "ssn", "primary"), ("patientSSN", "value"), ("passport", "data", "no"),
         ("order", "primary")],
    )
    assert texts == ["[US_SSN_1]", "[US_SSN_2]", "[PASSPORT_1]", "074486631"]


async def test_prose_is_read_as_prose(chain: Chain) -> None:
    """Without a key path a value's label is read as prose (detectors.labelled): the
    nearest word that names something decides, a few words back; a word naming another
    thing in between leaves the value alone."""
    texts, _ = await _sanitize(
        chain,
        ["SSN primary 536221234", "SSN, then the order 536221235", "SSN; ticket id 536221236"],
    )
    assert texts == [
        "SSN primary [US_SSN_1]",
        "SSN, then the order 536221235",
        "SSN; ticket id 536221236",
    ]


# --- YAML records -------------------------------------------------------------------

_YAML_RECORD = """employee:
  name: Christine Smith
  national_id: 536221234
  home_address:
    line1: 625 Fernandez Square
    line2: 'Richardmouth VIC 2907'
  emergency_contact:
    - name: Jeremy Guerrero
      phone: 0412 863 803
  handbook_version: 6.6.13
"""


async def test_a_yaml_record_reads_each_value_under_its_key_path(chain: Chain) -> None:
    """A nested YAML record's values are read as a JSON document's are: ``line1`` under
    ``home_address`` is a street, a bare number under ``national_id`` an identifier."""
    texts, vault = await _sanitize(chain, [_YAML_RECORD])
    out = texts[0]
    for value in ("625 Fernandez Square", "Richardmouth VIC 2907", "536221234"):
        assert value not in out, value
    assert "line1: [ADDRESS_" in out and "line2: '[ADDRESS_" in out
    assert "handbook_version: 6.6.13" in out  # a version stays
    assert relink(out, vault) == _YAML_RECORD


@pytest.mark.parametrize(
    "text",
    [
        "Name: Jane\nStreet: 625 Fernandez Square\n",  # a form: flat
        "Contacts:\n- 5552345678\n- 5552345679",  # a label over a list
        "just prose: with a colon",
        "key: [unclosed\n  nested: x",  # not YAML
    ],
)
def test_text_that_is_no_nested_yaml_record_gets_no_value_views(text: str) -> None:
    """Forms, notes over a list and prose are read as text only (one view)."""
    from pipelines.canon.yamltext import yaml_scalars

    assert yaml_scalars(text) is None
    assert len(build_views([text])) == 1
    # a list item that is a mapping makes the text a record, each item read by its key
    listed = "Steps:\n- open the file\n- line1: no"
    assert [s.path for s in yaml_scalars(listed) or ()] == [("Steps",), ("Steps", "line1")]


def test_yaml_aliases_and_blocks_are_bounded() -> None:
    """An alias is read where its node is anchored (no blow-up); a block scalar or an
    escaped string is left to the text's own view."""
    from pipelines.canon.yamltext import yaml_scalars

    bomb = "a: &a [x, y]\n" + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [*{chr(97 + i)}, *{chr(97 + i)}]\n" for i in range(20)
    ) + "z:\n  k: v\n"
    found = yaml_scalars(bomb)
    assert found is not None and len(found) == 3  # x, y and v, once each
    block = 'r:\n  note: |\n    536221234\n  esc: "a\\tb"\n  ok: 536221234\n'
    assert [(s.path, block[s.start : s.end]) for s in yaml_scalars(block) or ()] == [
        (("r", "ok"), "536221234")
    ]


async def test_a_yaml_entry_naming_its_kind_types_its_value(chain: Chain) -> None:
    """A list entry with a kind member and a value member (a Kubernetes env entry, a
    typed document) reads as a JSON object does: the value under its kind's name."""
    text = (
        "spec:\n  env:\n    - name: DB_PASSWORD\n      value: s3cr3tP4ssw0rdZ\n"
        "    - name: LOG_LEVEL\n      value: debug\n"
        "documents:\n  - type: passport\n    number: 533380006\n"
        "  - type: order\n    number: 533380007\n"
    )
    texts, vault = await _sanitize(chain, [text])
    out = texts[0]
    assert "s3cr3tP4ssw0rdZ" not in out and "533380006" not in out
    assert "value: debug" in out and "number: 533380007" in out
    assert relink(out, vault) == text


def test_a_yaml_value_after_an_anchor_or_a_tag_or_a_bom_is_read() -> None:
    """An anchor (``&home``) or a tag (``!!str``) before a value, and a byte-order mark
    before the record, leave the value's own characters its view."""
    from pipelines.canon.yamltext import yaml_scalars

    text = "\ufeffa:\n  b: &home 625 Fernandez Square\n  c: !!str 536221234\n  d: 'it''s'\n"
    assert [(s.path, text[s.start : s.end]) for s in yaml_scalars(text) or ()] == [
        (("a", "b"), "625 Fernandez Square"),
        (("a", "c"), "536221234"),
    ]
