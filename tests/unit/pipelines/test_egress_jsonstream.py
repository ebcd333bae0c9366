"""JSON-source channels: literals decoded, filtered, re-escaped (escapes split across any
chunk); the text around them filtered as a whole, masks written as JSON strings."""

from __future__ import annotations

import json

import pytest

from pipelines.egress import EgressFilter, EgressPolicy, EgressRules, OutputPattern
from pipelines.egress.jsonstream import encode_string_content
from pipelines.errors import EgressRefused
from tests.egress_corpus import CEILING, builtin_patterns

BUILTIN_PATTERNS_700 = builtin_patterns(CEILING)

EMAIL = OutputPattern(
    name="EMAIL",
    label="EMAIL",
    pattern=r"(?<![\w.+-])[\w.+-]{1,64}@(?:[A-Za-z0-9-]{1,63}\.){1,8}[A-Za-z]{2,63}(?![\w-])",
)
RELINK = {
    "[PERSON_1]": 'Ann "the \\ boss"\n\tMüller 😀',
    "[EMAIL_1]": "ann@home.example",
}


def rules() -> EgressRules:
    """E-mails redacted, two placeholders relinked (one full of characters to escape)."""
    return EgressPolicy(patterns=(EMAIL,)).for_request(RELINK, {})


def run(text: str, size: int | None = None) -> str:
    """Filter ``text`` as a JSON-string channel in chunks of ``size`` (one chunk: None)."""
    flt = EgressFilter(rules(), json_string=True)
    step = size or max(1, len(text))
    out = "".join(flt.feed(text[i : i + step]) for i in range(0, len(text), step))
    return out + flt.close()


def every_chunking(text: str) -> set[str]:
    """The outputs of all fixed chunk sizes and all single cuts (must be one value)."""
    outs = {run(text, size) for size in range(1, len(text) + 1)}
    for cut in range(1, len(text)):
        flt = EgressFilter(rules(), json_string=True)
        outs.add(flt.feed(text[:cut]) + flt.feed(text[cut:]) + flt.close())
    return outs


def test_relinked_values_are_json_escaped() -> None:
    """Quotes, backslashes and control characters of a relinked value are escaped."""
    text = '{"to": "[PERSON_1]", "n": 1}'
    out = run(text)
    assert json.loads(out) == {"to": RELINK["[PERSON_1]"], "n": 1}
    assert out == '{"to": "Ann \\"the \\\\ boss\\"\\n\\tMüller 😀", "n": 1}'


def test_non_ascii_follows_the_producer() -> None:
    """After a literal written with \\uXXXX escapes, non-ASCII output is escaped too."""
    raw = run('{"a": "[PERSON_1]", "b": "\\u00fc", "c": "[PERSON_1]"}')
    first, _, last = raw.partition('"b"')
    assert "Müller 😀" in first
    assert "M\\u00fcller \\ud83d\\ude00" in last
    assert json.loads(raw)["c"] == RELINK["[PERSON_1]"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('{"m": "bob\\u0040corp.example.org"}', '{"m": "[REDACTED:EMAIL]"}'),
        ('{"m": "bob@corp\\u002eexample\\u002Eorg"}', '{"m": "[REDACTED:EMAIL]"}'),
        ('["\\u0062ob@corp.example.org"]', '["[REDACTED:EMAIL]"]'),
    ],
)
def test_escaped_values_are_still_found(text: str, expected: str) -> None:
    """A value written with escapes is decoded before matching, in every chunking."""
    assert every_chunking(text) == {expected}


def test_escapes_and_surrogate_pairs_split_anywhere() -> None:
    """\\", \\\\, \\/, \\n and a surrogate pair cut at any point decode the same."""
    text = '{"k\\"ey": "a\\\\b\\/c\\nd \\ud83d\\ude00 e \\"[EMAIL_1]\\""}'
    outs = every_chunking(text)
    assert len(outs) == 1
    (out,) = outs
    assert json.loads(out) == {'k"ey': 'a\\b/c\nd 😀 e "ann@home.example"'}


def test_lone_surrogates_and_invalid_escapes_stay_valid_json() -> None:
    """A lone high surrogate is re-escaped; an invalid escape keeps its characters."""
    out = run('{"a": "x\\ud83d y", "b": "\\q", "c": "\\u12g"}')
    assert json.loads(out) == {"a": "x\ud83d y", "b": "\\q", "c": "\\u12g"}


def test_outside_string_text_and_keys() -> None:
    """Structure passes unchanged; keys are string literals and are filtered too."""
    out = run('{"bob@corp.example.org": [1, true, null, {"x": "[EMAIL_1]"}]}')
    assert out == '{"[REDACTED:EMAIL]": [1, true, null, {"x": "ann@home.example"}]}'


def test_unterminated_literal_is_settled_at_close() -> None:
    """A stream cut inside a string literal releases the filtered rest at close."""
    assert run('{"a": "[EMAIL_1] and bob@corp.example.org') == (
        '{"a": "ann@home.example and [REDACTED:EMAIL]'
    )
    assert run('{"a": "x\\u00') == '{"a": "x\\\\u00'


def test_held_counts_a_cut_escape() -> None:
    """The held count includes an escape sequence waiting for its end."""
    flt = EgressFilter(rules(), json_string=True)
    assert flt.feed('{"a": "x. \\u00') == '{"a": "x. '
    assert flt.held == len("\\u00")
    assert flt.feed('40"}') == '@"}'
    assert flt.held == 0


@pytest.mark.parametrize(
    ("text", "ascii_mode", "encoded"),
    [
        ('a"b\\c', False, 'a\\"b\\\\c'),
        ("\x00\x1f\n", False, "\\u0000\\u001f\\n"),
        ("ü😀", False, "ü😀"),
        ("ü😀", True, "\\u00fc\\ud83d\\ude00"),
        ("\ud800", False, "\\ud800"),
        ("plain", True, "plain"),
    ],
)
def test_encode_string_content(text: str, ascii_mode: bool, encoded: str) -> None:
    """Escaping rules for literal contents, both producer styles."""
    assert encode_string_content(text, ascii_mode) == encoded


def test_a_refused_json_channel_stays_refused() -> None:
    """After a refusal inside a literal, even text outside literals is refused."""
    run_of_x = OutputPattern(name="RUN", label="RUN", pattern=r"x+y")
    policy = EgressPolicy(
        patterns=(run_of_x,), max_held_chars=20, max_label_length=4, max_index=9
    )
    flt = EgressFilter(policy.for_request({}, {}), json_string=True)
    with pytest.raises(EgressRefused):
        flt.feed('{"a": "' + "x" * 30)
    with pytest.raises(EgressRefused):
        flt.feed('", "b": 1}')
    with pytest.raises(EgressRefused):
        flt.close()


# -- the whole source ---------------------------------------------------------------------


# Every built-in pattern (the corpus ceiling's), one placeholder with a quote in it.
SOURCE_RULES = EgressPolicy(patterns=BUILTIN_PATTERNS_700).for_request(
    {"[PERSON_1]": 'Ann "A"'}, {}
)


def every_source_chunking(text: str) -> set[str]:
    """Outputs of one feed, all fixed chunk sizes and all single cuts, source rules."""
    outs: set[str] = set()
    for size in range(1, len(text) + 1):
        flt = EgressFilter(SOURCE_RULES, json_string=True)
        pieces = [text[i : i + size] for i in range(0, len(text), size)]
        outs.add("".join(flt.feed(piece) for piece in pieces) + flt.close())
    for cut in range(1, len(text)):
        flt = EgressFilter(SOURCE_RULES, json_string=True)
        outs.add(flt.feed(text[:cut]) + flt.feed(text[cut:]) + flt.close())
    return outs


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a quote the model forgot to escape leaves the key outside any literal
        (
            '{"note": "key "sk-ant-api03-abcdefghijklmnopqrstuvwxyz" ok"}',
            '{"note": "key ""[REDACTED:API_KEY]"" ok"}',
        ),
        # a bare word where a string belongs
        ('{"to": bob@corp.example.org}', '{"to": "[REDACTED:EMAIL]"}'),
        # arguments that are not JSON at all
        ("Mail bob@corp.example.org now", 'Mail "[REDACTED:EMAIL]" now'),
        # a card written as a JSON number: the mask is a string, the JSON stays valid
        ('{"card": 4111111111111111, "n": 1}', '{"card": "[REDACTED:CREDIT_CARD]", "n": 1}'),
        # a bare placeholder is relinked as in text, a quoted one re-escaped
        ('[PERSON_1] {"a": "[PERSON_1]"}', 'Ann "A" {"a": "Ann \\"A\\""}'),
        # ordinary JSON passes unchanged, numbers and literals included
        ('{"a": [1, 2.5, true, null], "b": "x"}', '{"a": [1, 2.5, true, null], "b": "x"}'),
    ],
)
def test_values_outside_literals_are_masked_in_every_chunking(text: str, expected: str) -> None:
    """The text around the literals is filtered too, the same under every chunking."""
    assert every_source_chunking(text) == {expected}


def test_a_literal_inside_a_masked_span_goes_with_it() -> None:
    """A key block written bare around a literal is masked whole, the literal included."""
    text = '{"k": -----BEGIN PRIVATE KEY-----\nMIIE "inner MIIB" MIIC\n-----END PRIVATE KEY-----}'
    assert every_source_chunking(text) == {'{"k": "[REDACTED:PRIVATE_KEY]"}'}


def test_literal_content_waits_for_the_outside_filter_and_counts_as_held() -> None:
    """While the text before a literal is open, the literal's output is held back."""
    flt = EgressFilter(SOURCE_RULES, json_string=True)
    assert flt.feed("-----BEGIN PRIVATE KEY-----\n") == ""
    assert flt.feed('"abc" ') == ""
    assert flt.held == len('-----BEGIN PRIVATE KEY-----\n"" ') + len("abc")
    assert flt.close() == '"[REDACTED:PRIVATE_KEY]"'


def test_held_literal_output_past_the_ceiling_refuses() -> None:
    """Held literal output is bounded by the ceiling like any held text."""
    policy = EgressPolicy(patterns=BUILTIN_PATTERNS_700, max_held_chars=700)
    flt = EgressFilter(policy.for_request({}, {}), json_string=True)
    flt.feed('-----BEGIN PRIVATE KEY-----\n"')
    with pytest.raises(EgressRefused):
        for _ in range(100):
            flt.feed("x" * 10)
