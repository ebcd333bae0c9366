"""What the scrubber sends and how it reads answers: request bodies, parsing, verification."""

from __future__ import annotations

import json

import pytest

from detectors.llm_scrubber_answers import (
    SCHEMA_NAME,
    Piece,
    Reported,
    answer_schema,
    batches,
    occurrences,
    parse_answer,
    request_body,
    verify,
)

LABELS = frozenset({"PERSON", "EMAIL"})


def _completion(content: object) -> bytes:
    return json.dumps({"choices": [{"message": {"role": "assistant",
                                                "content": content}}]}).encode()


def test_request_body_carries_schema_pieces_and_no_stream() -> None:
    """The pieces go numbered in the user message; json_schema is strict and named."""
    pieces = [Piece(0, 0, "hi [PERSON_1]"), Piece(3, 40, "Anna, ü")]
    body = json.loads(request_body(model="m", system="S", pieces=pieces,
                                   schema=answer_schema(["PERSON"]),
                                   response_format="json_schema", temperature=0.0,
                                   max_tokens=99))
    assert body["model"] == "m" and body["stream"] is False and body["max_tokens"] == 99
    assert body["messages"][0] == {"role": "system", "content": "S"}
    assert json.loads(body["messages"][1]["content"]) == {
        "texts": [{"index": 0, "text": "hi [PERSON_1]"}, {"index": 1, "text": "Anna, ü"}]}
    schema = body["response_format"]["json_schema"]
    assert schema["name"] == SCHEMA_NAME and schema["strict"] is True
    assert schema["schema"]["properties"]["findings"]["items"]["properties"]["label"][
        "enum"] == ["PERSON"]
    for fmt, expected in (("json_object", {"type": "json_object"}), ("none", None)):
        other = json.loads(request_body(model="m", system="S", pieces=pieces, schema={},
                                        response_format=fmt, temperature=0.0, max_tokens=9))
        assert other.get("response_format") == expected


def test_batches_skip_empty_texts_and_window_long_ones() -> None:
    """Texts with nothing written out are left out; a long text is cut into windows."""
    texts = ["", "[PERSON_1] [EMAIL_2].", "x" * 1200, "short one"]
    calls = batches(texts, 500)
    pieces = [piece for call in calls for piece in call]
    assert {piece.text_index for piece in pieces} == {2, 3}
    assert all(sum(len(p.text) for p in call) <= 500 for call in calls)
    long = [p for p in pieces if p.text_index == 2]
    assert [p.offset for p in long] == [0, 375, 750] and long[-1].text == "x" * 450


@pytest.mark.parametrize(("content", "parsed"), [
    ('{"findings": []}', []),
    ('{"findings": [{"index": 1, "value": "Ann", "label": "PERSON", "why": "a name"}]}',
     [Reported(7, "PERSON", "Ann")]),
    ('```json\n{"findings": [{"index": 0, "value": "a@b.c", "label": "EMAIL"}]}\n```',
     [Reported(3, "EMAIL", "a@b.c")]),
    ("Sure! The name is Ann.", None),
    ('{"results": []}', None),
    ('{"findings": {"index": 0}}', None),
    ('{"findings": ["Ann"]}', None),
    ('{"findings": [{"index": 2, "value": "Ann", "label": "PERSON"}]}', None),
    ('{"findings": [{"index": true, "value": "Ann", "label": "PERSON"}]}', None),
    ('{"findings": [{"index": 0, "value": 5, "label": "PERSON"}]}', None),
    ('{"findings": [{"index": 0, "value": "Ann"}]}', None),
    (None, None),
])
def test_parse_answer(content: object, parsed: list[Reported] | None) -> None:
    """Well-formed answers map piece indices to text indices; anything else is malformed."""
    pieces = [Piece(3, 0, "a"), Piece(7, 10, "b")]
    assert parse_answer(_completion(content), pieces) == parsed


@pytest.mark.parametrize("raw", [b"", b"not json", b"[]", b'{"choices": []}',
                                 b'{"choices": [{"message": {}}]}', b"\xff\xfe"])
def test_parse_answer_of_a_broken_response(raw: bytes) -> None:
    """A response that is not a chat completion is malformed, never an exception."""
    assert parse_answer(raw, [Piece(0, 0, "a")]) is None


@pytest.mark.parametrize(("text", "value", "spans"), [
    ("Ann and Ann.", "Ann", [(0, 3), (8, 11)]),
    ("Annual Ann", "Ann", [(7, 10)]),  # not inside a word
    ("Hi [PERSON_1]", "PERSON_1", []),  # part of a placeholder
    ("id A-17-B here", "A-17-B", [(3, 9)]),
    ("aaaa", "aa", []),  # inside a word, at every position
    ("x aa aa", "aa", [(2, 4), (5, 7)]),
    ("Bob", "", []),
])
def test_occurrences(text: str, value: str, spans: list[tuple[int, int]]) -> None:
    """Verbatim, at word edges, outside placeholders, left to right, non-overlapping."""
    assert occurrences(text, value) == spans


def test_verify_keeps_only_what_was_sent() -> None:
    """Hallucinated, masked, placeholder and unknown-label findings are discarded."""
    texts = ["Ask Priya about [EMAIL_1]; Priya knows.", "nothing"]
    reported = [
        Reported(0, "PERSON", "Priya"),
        Reported(0, "PERSON", "Priya"),  # again (another window): counted once
        Reported(0, "PERSON", "Sam Altman"),  # not in the text
        Reported(0, "EMAIL", "jane@example.com"),  # masked before it was sent
        Reported(0, "EMAIL", "[EMAIL_1]"),  # a placeholder
        Reported(0, "NICKNAME", "Ask"),  # not a label it may report
        Reported(1, "PERSON", "Priya"),  # not in that text
        Reported(1, "PERSON", "--"),  # no letter or digit
    ]
    kept, discarded = verify(reported, texts, LABELS)
    assert [(v.text_index, v.label, v.value, v.spans) for v in kept] == [
        (0, "PERSON", "Priya", ((4, 9), (27, 32)))]
    assert discarded == {"not_in_text": 3, "placeholder": 1, "label": 1, "not_a_value": 1}
    assert "Priya" not in repr(kept[0])
