"""Unit tests of the egress filter's public behaviour: relink, redact, settle, refuse."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pipelines.egress import EgressFilter, EgressPolicy, EgressRules, OutputPattern
from pipelines.errors import ConfigError, EgressRefused
from tests.egress_corpus import (
    BUILTIN_PATTERNS,
    LONG_JWT,
    SHORT_JWT,
    SHORT_PEM,
)

EMAIL = OutputPattern(
    name="EMAIL",
    label="EMAIL",
    pattern=r"(?<![\w.+-])[\w.+-]{1,64}@(?:[A-Za-z0-9-]{1,63}\.){1,8}[A-Za-z]{2,63}(?![\w-])",
)
PEM = next(p for p in BUILTIN_PATTERNS if p.name == "PEM_PRIVATE_KEY")
JWT = next(p for p in BUILTIN_PATTERNS if p.name == "JWT")
DIGITS = OutputPattern(
    name="EVEN", label="EVEN", pattern=r"(?<!\d)\d{4}(?!\d)", validator=lambda s: int(s) % 2 == 0
)
RELINK = {"[PERSON_1]": "Alice", "[EMAIL_1]": "alice@home.example", "[PERSON_12]": "Bob"}


def rules(**options: object) -> EgressRules:
    """A policy with the e-mail and even-number patterns, for the RELINK request."""
    patterns = options.pop("patterns", (EMAIL, DIGITS))
    vault = options.pop("vault", {})
    policy = EgressPolicy(patterns=patterns, **options)  # type: ignore[arg-type]
    return policy.for_request(RELINK, vault)  # type: ignore[arg-type]


def run(r: EgressRules, *chunks: str, json_string: bool = False) -> str:
    """Feed ``chunks`` and close; return everything emitted."""
    flt = EgressFilter(r, json_string=json_string)
    return "".join(flt.feed(c) for c in chunks) + flt.close()


# -- relink ------------------------------------------------------------------------------


def test_issued_placeholders_are_relinked_and_others_pass_through() -> None:
    """Issued placeholders become their values; unissued and user-written ones stay."""
    out = run(rules(), "Hi [PERSON_1] and [PERSON_2], [PERSON_12][PERSON_1].")
    assert out == "Hi Alice and [PERSON_2], BobAlice."


@pytest.mark.parametrize(
    ("echo", "relinked"),
    [
        (r"\[PERSON\_1\]", True),
        (r"\[PERSON_1\]", True),
        ("[person_1]", True),
        ("[Person_1]", True),
        (r"[PERSON\_12]", True),
        ("[ PERSON_1 ]", False),
        ("[PERSON 1]", False),
        ("**[PERSON_1]**", True),  # the emphasis stays, the placeholder inside is relinked
        ("［PERSON_1］", True),  # the view folds full-width brackets (pipelines.canon)
        ("[PER\u200bSON_1]", True),  # and drops invisible characters
        ("[PERSON_01]", False),
        ("[PERSON_1", False),
    ],
)
def test_markdown_escaped_and_case_changed_echoes(echo: str, relinked: bool) -> None:
    """Markdown escapes and letter case are undone; other manglings are not placeholders."""
    out = run(rules(), "x ", echo, " y")
    if relinked:
        assert "Alice" in out or "Bob" in out
    else:
        assert out == f"x {echo} y"


def test_without_relink_placeholders_stay_and_raw_vault_values_are_masked() -> None:
    """relink: false keeps placeholders as written and masks raw values of the vault."""
    r = rules(relink=False, vault={"ALICE": "[PERSON_1]"})
    out = run(r, "[PERSON_1] is Alice, alice, ALICE; mail alice@home.example; Alicex")
    assert out == (
        "[PERSON_1] is [REDACTED:PERSON], [REDACTED:PERSON], [REDACTED:PERSON]; "
        "mail [REDACTED:EMAIL]; Alicex"
    )


def test_vault_values_may_be_given_as_plain_surface_forms() -> None:
    """An iterable of surface forms is mapped to placeholders through the relink map."""
    policy = EgressPolicy(patterns=(), relink=False)
    r = policy.for_request(RELINK, ("Alice", "unknown"))
    assert run(r, "Alice and unknown") == "[REDACTED:PERSON] and unknown"


def test_relinked_values_are_not_redacted_again() -> None:
    """Output is never rescanned: a relinked e-mail stays, a raw one is masked."""
    assert run(rules(), "[EMAIL_1] vs bob@corp.example") == (
        "alice@home.example vs [REDACTED:EMAIL]"
    )


# -- redact ------------------------------------------------------------------------------


def test_validators_decide_and_masks_are_configurable() -> None:
    """Only validated matches are masked, with the configured mask."""
    out = run(rules(mask="<{label}>"), "1234 1235 12345 0000.")
    assert out == "<EVEN> 1235 12345 <EVEN>."


def test_a_validator_that_raises_masks_the_value() -> None:
    """A validator error fails closed: the candidate is masked, nothing is logged."""

    def broken(value: str) -> bool:
        raise ValueError(value)

    pattern = OutputPattern(name="X", label="SECRET", pattern=r"s3cr3t\d+", validator=broken)
    assert run(rules(patterns=(pattern,)), "a s3cr3t42 b") == "a [REDACTED:SECRET] b"


def test_mask_shaped_input_passes_and_a_mask_is_never_matched_again() -> None:
    """Mask-shaped input is plain text; a mask that itself looks like a value stays."""
    r = rules(mask="{label}@mask.example")
    assert run(r, "[REDACTED:EMAIL] bob@corp.example") == "[REDACTED:EMAIL] EMAIL@mask.example"


def test_known_literals_case_edges_and_longest() -> None:
    """Literals: any letter case, whole words only, longest at a position, CJK inside."""
    r = rules(literals={"Sarah": "PERSON", "Sarah Chen": "PERSON", "张伟": "PERSON"})
    out = run(r, "SARAH CHEN, Sarah, Sarahville, Sarah Chenko, 我是张伟。")
    assert out == (
        "[REDACTED:PERSON], [REDACTED:PERSON], Sarahville, [REDACTED:PERSON] Chenko, "
        "我是[REDACTED:PERSON]。"
    )


def test_literals_may_be_plain_values_with_a_default_label() -> None:
    """A plain iterable of values is labelled ``literal_label``."""
    r = rules(literals=("Globex",), literal_label="ORGANIZATION")
    assert run(r, "Globex!") == "[REDACTED:ORGANIZATION]!"


def test_pattern_with_K_keeps_the_prefix() -> None:
    """A pattern using \\K masks only what follows the reset point."""
    bearer = next(p for p in BUILTIN_PATTERNS if p.name == "BEARER_TOKEN")
    out = run(rules(patterns=(bearer,)), "Authorization: Bearer sk-proj-4fG7hJ2kLm9Qx8Rt5Vw3Yz")
    assert out == "Authorization: Bearer [REDACTED:API_KEY]"


# -- settlement --------------------------------------------------------------------------


def test_prose_is_released_at_once_and_an_open_value_is_held() -> None:
    """Nothing is held on finished prose; a possible e-mail is held until it settles."""
    flt = EgressFilter(rules())
    assert flt.feed("Hello, world. ") == "Hello, world. "
    assert flt.held == 0
    assert flt.feed("Mail bob@corp.example.") == "Mail "
    assert flt.held == len("bob@corp.example.")
    assert flt.feed("org") == ""  # the match grows: bob@corp.example.org
    assert flt.feed(" now") == "[REDACTED:EMAIL] "
    assert flt.close() == "now"


def test_a_placeholder_is_held_only_while_it_can_still_be_one() -> None:
    """``[PERS`` is held; ``[PERS]`` (no index) and ``[PERS!`` are released at once."""
    flt = EgressFilter(rules())
    assert flt.feed("a [PERS") == "a "
    assert flt.held == len("[PERS")
    assert flt.feed("] . [PERS") == "[PERS] . "
    assert flt.feed("!") == "[PERS!"
    assert flt.held == 0


def test_lookbehind_at_a_chunk_start_sees_emitted_text() -> None:
    """A look-behind at the start of a chunk is evaluated on text already emitted."""
    after_k = OutputPattern(name="K", label="K", pattern=r"(?<=k)foo")
    r = rules(patterns=(after_k,))
    assert run(r, "k", "foo xfoo") == "k[REDACTED:K] xfoo"
    word = OutputPattern(name="W", label="W", pattern=r"\bTCK-\d+\b")
    assert run(rules(patterns=(word,)), "my", "TCK-12 TCK-1", "2x TCK-3") == (
        "myTCK-12 TCK-12x [REDACTED:W]"
    )


def test_no_character_is_added_or_lost_between_chunks() -> None:
    """Joining is exact: spaces, newlines, emoji and combining marks survive any split."""
    text = "a\u0301 😀\n\n[PERSON_1]\tb\r\n"
    for size in range(1, len(text) + 1):
        chunks = [text[i : i + size] for i in range(0, len(text), size)]
        assert run(rules(), *chunks) == "a\u0301 😀\n\nAlice\tb\r\n"


# -- fail closed -------------------------------------------------------------------------


def test_refuses_an_open_value_past_the_ceiling_and_releases_nothing_of_it() -> None:
    """An unterminated PEM block longer than the ceiling refuses; the tail never leaks."""
    r = rules(patterns=(PEM,), max_held_chars=200)
    flt = EgressFilter(r)
    emitted = flt.feed("ok ")
    with pytest.raises(EgressRefused) as refused:
        for i in range(0, len(SHORT_PEM), 4):
            emitted += flt.feed(SHORT_PEM[i : i + 4])
    assert emitted == "ok "
    assert refused.value.label == "PRIVATE_KEY"
    assert refused.value.ceiling == 200
    assert "MII" not in str(refused.value)
    with pytest.raises(EgressRefused):
        flt.feed("more")
    with pytest.raises(EgressRefused):
        flt.close()


def test_a_complete_value_longer_than_the_ceiling_refuses_even_in_one_chunk() -> None:
    """Refusal does not depend on chunking: one chunk with a too-long PEM also refuses."""
    r = rules(patterns=(PEM,), max_held_chars=100)
    flt = EgressFilter(r)
    with pytest.raises(EgressRefused):
        flt.feed("x " + SHORT_PEM + " y")


def test_values_within_the_ceiling_are_redacted() -> None:
    """A PEM block and a long JWT below the ceiling are masked whatever the chunking."""
    r = rules(patterns=(PEM, JWT), max_held_chars=1000)
    text = f"k {SHORT_PEM} t {LONG_JWT} ."
    for size in (1, 3, 64, len(text)):
        chunks = [text[i : i + size] for i in range(0, len(text), size)]
        assert run(r, *chunks) == "k [REDACTED:PRIVATE_KEY] t [REDACTED:JWT] ."


def test_unterminated_value_at_close_is_not_a_refusal() -> None:
    """At the end of the stream an open prefix that never completed is plain text.

    Only a pattern that names the end of text as an end (the PEM block) masks there.
    """
    r = rules(patterns=BUILTIN_PATTERNS)
    assert run(r, "see -----BEGIN PRIVATE KE") == "see -----BEGIN PRIVATE KE"
    assert run(r, "mail bob@corp") == "mail bob@corp"


def test_a_private_key_cut_off_by_the_end_of_the_stream_is_masked() -> None:
    """End of text ends an unterminated PEM block: the key material never leaks."""
    r = rules(patterns=BUILTIN_PATTERNS)
    text = "key:\n-----BEGIN RSA PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC"
    for size in (1, 4, 7, len(text)):
        chunks = [text[i : i + size] for i in range(0, len(text), size)]
        assert run(r, *chunks) == "key:\n[REDACTED:PRIVATE_KEY]"
    # Inside a JSON string channel the string's end ends the block.
    out = run(r, '{"k": "-----BEGIN PRIVATE KEY-----\\nMIIE", "n": 1}', json_string=True)
    assert out == '{"k": "[REDACTED:PRIVATE_KEY]", "n": 1}'


def test_a_regex_timeout_is_a_refusal() -> None:
    """Catastrophic backtracking hits the regex timeout and refuses (fail closed)."""
    evil = OutputPattern(name="EVIL", label="EVIL", pattern=r"(?:a|aa)+b")
    flt = EgressFilter(rules(patterns=(evil,), regex_timeout_s=0.001))
    with pytest.raises(EgressRefused):
        flt.feed("a" * 80 + "c")
    with pytest.raises(EgressRefused):
        flt.feed("x")


def test_close_twice_is_a_programming_error() -> None:
    """A closed filter takes no more text."""
    flt = EgressFilter(rules())
    flt.close()
    with pytest.raises(RuntimeError):
        flt.feed("x")


def test_hostile_input_is_bounded_by_the_placeholder_grammar() -> None:
    """Thousands of brackets or a giant label are released, never held to the ceiling."""
    r = rules(patterns=(DIGITS,), max_held_chars=100)
    text = "[" * 500 + "[" + "A" * 500 + "_1]" + "\\" * 300
    out = run(r, *[text[i : i + 7] for i in range(0, len(text), 7)])
    assert out == text


# -- configuration errors ----------------------------------------------------------------




@pytest.mark.parametrize(
    ("options", "path"),
    [
        ({"mask": "[{name}]"}, "response.mask"),
        ({"mask": "[{label"}, "response.mask"),
        ({"max_held_chars": 0}, "response.max_held_chars"),
        ({"patterns": (OutputPattern("BAD", "BAD", "(unclosed"),)}, "response.redact[0]"),
        ({"patterns": (OutputPattern("LOW", "lower", "x"),)}, "response.redact[0]"),
    ],
)
def test_bad_policies_are_config_errors_naming_the_key(
    options: dict[str, object], path: str
) -> None:
    """Each bad value is a ConfigError with the response key's path."""
    options.setdefault("patterns", ())
    with pytest.raises(ConfigError) as error:
        EgressPolicy(**options)  # type: ignore[arg-type]
    assert error.value.path == path


@pytest.mark.parametrize(
    ("cut", "masked"),
    [(len(SHORT_JWT) - 8, True), (60, True), (48, False), (41, False), (20, False)],
    ids=["in_signature", "after_second_dot", "in_payload", "after_first_dot", "in_header"],
)
def test_a_jwt_cut_off_by_the_end_of_the_stream(cut: int, masked: bool) -> None:
    """As the library decides: a token is masked once both dots are there (cut in its
    signature); before the second dot it cannot be replayed and stays text."""
    r = rules(patterns=BUILTIN_PATTERNS)
    text = "t " + SHORT_JWT[:cut]
    expected = "t [REDACTED:JWT]" if masked else text
    for size in range(1, len(text) + 1):
        chunks = [text[i : i + size] for i in range(0, len(text), size)]
        assert run(r, *chunks) == expected


AWS = OutputPattern(
    name="AWS",
    label="API_KEY",
    pattern=r"(?<![A-Za-z0-9])(?:AKIA|ASIA)[A-Z0-9]{16}(?![A-Za-z0-9])",
)


_ECHO_LABEL, _ECHO_INDEX = 4, 9  # echoed placeholders of at most 14 characters


def short_echoes(patterns: tuple[OutputPattern, ...], ceiling: int) -> EgressPolicy:
    """A policy whose echoed placeholders hold at most 14 characters."""
    return EgressPolicy(
        patterns=patterns, max_held_chars=ceiling, max_label_length=_ECHO_LABEL,
        max_index=_ECHO_INDEX,
    )


@pytest.mark.parametrize(
    ("patterns", "ceiling", "culprit"),
    [
        ((AWS,), 20, "'AWS' can hold (21"),  # 20 characters and the look-ahead's one
        ((EMAIL,), 600, "'EMAIL' can hold (641"),
        ((OutputPattern("T", "T", r"\bTCK-\d{3,20}\b"),), 26, "'T' can hold (28"),  # \b reads on
        ((), 13, "an echoed placeholder can hold (14"),
    ],
)
def test_a_ceiling_below_a_bounded_pattern_is_a_config_error(
    patterns: tuple[OutputPattern, ...], ceiling: int, culprit: str
) -> None:
    """Below what a bounded item can hold, a refusal would depend on the chunking (one
    feed passes an open prefix that small chunks hold past the ceiling): a ConfigError
    naming the key and the item."""
    with pytest.raises(ConfigError) as error:
        short_echoes(patterns, ceiling)
    assert error.value.path == "response.max_held_chars"
    assert culprit in error.value.message
    assert "chunking" in error.value.message


def test_unbounded_patterns_take_any_ceiling() -> None:
    """The ceiling is what unbounded values (a PEM block, a JWT) are refused by."""
    short_echoes((PEM, JWT), 14)


_AWS_TEXT = st.lists(
    st.sampled_from(["AKIA", "ASIA", "IOSF", "ODNN", "7EXA", "MPLE", "x", " ", ".", "Q1"]),
    max_size=14,
).map("".join)


@settings(max_examples=150, deadline=None)
@given(text=_AWS_TEXT, cuts=st.lists(st.integers(1, 60), max_size=8))
def test_at_the_lowest_allowed_ceiling_bounded_patterns_never_refuse(
    text: str, cuts: list[int]
) -> None:
    """The bound is tight enough: at exactly the reach no chunking ever refuses, so
    every chunking gives the one-feed output."""
    r = short_echoes((AWS,), 21)
    bounds = [0, *sorted({c for c in cuts if c < len(text)}), len(text)]
    chunks = [text[a:b] for a, b in itertools.pairwise(bounds)]
    assert run(r.for_request({}, {}), *chunks) == run(r.for_request({}, {}), text)


def test_lookbehind_past_the_context_window_is_a_config_error() -> None:
    """A look-behind reading further back than context_chars is refused in the core."""
    for source, context in [(r"(?<=a{0,200})T", 128), (r"(?<=a+)T", 128), (r"(?<=ab)T", 1)]:
        pattern = OutputPattern(name="LB", label="LB", pattern=source)
        with pytest.raises(ConfigError) as error:
            EgressPolicy(patterns=(pattern,), context_chars=context, pattern_paths=["x.y[3]"])
        assert error.value.path == "x.y[3]"
    EgressPolicy(patterns=(OutputPattern("LB", "LB", r"(?<=a{0,128})T"),))
