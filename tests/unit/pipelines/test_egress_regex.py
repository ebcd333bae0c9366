"""The regex finality machinery: what ``partial=True`` does and does not tell, verified.

These tests pin the ``regex`` module behaviour the filter relies on (and the behaviour
it works around), so an upgrade that changes it fails here first.
"""

from __future__ import annotations

import pytest
import regex
from hypothesis import given, settings
from hypothesis import strategies as st

from pipelines.egress.regex import (
    FLAGS,
    RegexScanner,
    _open_up_to,
    compile_item,
    settleable_source,
    starter_source,
)
from tests.egress_corpus import BUILTIN_PATTERNS, FIXTURES

EMAIL = r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}"


def probe_open(source: str, text: str, pos: int = 0) -> bool:
    """Whether more text could change ``match(text, pos)`` (the filter's question)."""
    item = compile_item(name="t", label="T", kind="output", rank=0, source=source, validator=None)
    return item.probe.match(text, pos, partial=True) is not None


def test_plain_partial_prefers_a_complete_match_over_a_longer_open_one() -> None:
    """Why probes exist: partial=True reports bob@corp.example as final; org would grow it."""
    plain = regex.compile(EMAIL)
    match = plain.search("bob@corp.example.", partial=True)
    assert match is not None and not match.partial
    assert probe_open(EMAIL, "bob@corp.example.")
    assert not probe_open(EMAIL, "bob@corp.example. x")


def test_plain_partial_search_skips_an_earlier_open_position() -> None:
    """Why the scanner probes separately: search(partial) jumps to a later full match."""
    match = regex.compile(r"abcdef|x").search("abc x", partial=True)
    assert match is not None and match.start() == 4


@pytest.mark.parametrize(
    ("source", "text", "is_open"),
    [
        (r"\d{3}(?!\d)", "123", True),  # the look-ahead needs the next character
        (r"\d{3}(?!\d)", "123a", False),
        (r"\bfoo\b", "foo", True),  # \b at the end: rewritten, so the probe sees it
        (r"\bfoo\b", "foo ", False),
        (r"foo$", "foo", True),
        (r"foo\Z", "foo\n", False),
        (r"-----B-----[\s\S]*?-----E-----", "-----B-----abc-----E-----", False),  # lazy: final
        (r"-----B-----[\s\S]*?-----E-----", "-----B-----abc-----E", True),
        (r"ab|abcd", "abc", False),  # the first alternative wins: abcd is never tried
        (r"abcd|ab", "abc", True),
        (r"(?<=k)foo", "kfoo", False),
    ],
)
def test_probe_semantics(source: str, text: str, is_open: bool) -> None:
    """A probe is open exactly when a path explored before the first success hit the end."""
    assert probe_open(source, text) == is_open


@pytest.mark.parametrize(
    ("source", "rewritten"),
    [
        (r"\bx\b", r"(?:(?<=\w)(?!\w)|(?<!\w)(?=\w))x(?:(?<=\w)(?!\w)|(?<!\w)(?=\w))"),
        (r"[\b$^]x", r"[\b$^]x"),  # inside a class these are characters
        (r"\\b", r"\\b"),  # an escaped backslash then b
        (r"^a$", r"(?<![\s\S])a(?=\n?(?![\s\S]))"),
        (r"(?m)^a$", r"(?m)(?<![^\n])a(?![^\n])"),
        (r"a\Z\z\A", r"a(?![\s\S])(?![\s\S])(?<![\s\S])"),
        (r"[]$]\B", r"[]$](?:(?<=\w)(?=\w)|(?<!\w)(?!\w))"),
        (r"[[a-z]--[q]]$", r"[[a-z]--[q]](?=\n?(?![\s\S]))"),
    ],
)
def test_settleable_source_rewrites_only_end_sensitive_assertions(
    source: str, rewritten: str
) -> None:
    """Assertions outside classes are rewritten; escapes and class members are not."""
    assert settleable_source(source) == rewritten
    regex.compile(rewritten, FLAGS)


_ASSERTING = [r"\bab\b", r"\Bb", r"^a", r"a$", r"b\Z", r"\Aab", r"(?m)^b$", r"\b\w+\b"]


@settings(max_examples=80, deadline=None)
@given(text=st.text(alphabet="ab \n_-", max_size=12), index=st.integers(0, 7))
def test_rewritten_patterns_match_like_the_originals(text: str, index: int) -> None:
    """On whole strings the rewritten source finds exactly what the original finds."""
    source = _ASSERTING[index]
    original = regex.compile(source, FLAGS)
    settled = regex.compile(settleable_source(source), FLAGS)
    for pos in range(len(text) + 1):
        a, b = original.match(text, pos), settled.match(text, pos)
        assert (a and a.span()) == (b and b.span())


def test_every_builtin_pattern_is_settleable_and_unchanged_on_whole_text() -> None:
    """Each built-in compiles after the rewrite and matches the corpus as the original."""
    for pattern in BUILTIN_PATTERNS:
        item = compile_item(
            name=pattern.name,
            label=pattern.label,
            kind="output",
            rank=0,
            source=pattern.pattern,
            validator=None,
        )
        original = regex.compile(pattern.pattern, FLAGS)
        for text in FIXTURES.values():
            for pos in range(len(text)):
                a, b = original.match(text, pos), item.pattern.match(text, pos)
                assert (a and a.span()) == (b and b.span())


def test_scanner_watermarks_skip_settled_positions() -> None:
    """Positions found final are not searched again; an open one is."""
    item = compile_item(name="e", label="E", kind="output", rank=0, source=EMAIL, validator=None)
    scanner = RegexScanner([item], timeout=1.0)
    state = scanner.state()
    text = "hello bob@x"
    assert scanner.scan(text, 0, False, state, 0, 0, scanner.starts(text)) == (6, True, 1)
    assert state.marks == [6] and state.unsettled == 1
    text = "hello bob@x.io now"
    assert scanner.scan(text, 0, False, state, 0, 11, scanner.starts(text[11:])) == (6, False, 1)
    assert scanner.scan(text, 15, False, state, 0, 11, 0) == (15, True, 1)
    settled = scanner.state()
    settled.unsettled = 0
    # Settled and no fresh character can begin an e-mail: no search at all.
    assert scanner.scan("a !!", 0, False, settled, 0, 2, scanner.starts(" !!")) == (4, False, 0)


_ITEMS = [
    compile_item(
        name=p.name, label=p.label, kind="output", rank=0, source=p.pattern, validator=None
    )
    for p in BUILTIN_PATTERNS
]
_STARTER_ALPHABET = st.sampled_from([*"aAeEbBgsxkKIS0159+-.:@_[]()/ \n中あ😀é", "\u0301"])


@settings(max_examples=300, deadline=None)
@given(
    context=st.text(_STARTER_ALPHABET, max_size=6),
    rest=st.text(_STARTER_ALPHABET, min_size=1, max_size=12),
    index=st.integers(0, len(_ITEMS) - 1),
)
def test_start_test_never_excludes_a_real_start(
    context: str, rest: str, index: int
) -> None:
    """Wherever a pattern matches or is still open, its start test accepts the position."""
    item = _ITEMS[index]
    text = context + rest
    pos = len(context)
    begins = (
        item.probe.match(text, pos, partial=True) is not None
        or item.pattern.match(text, pos) is not None
    )
    if begins and item.starter is not None:
        assert item.starter.match(rest[0], partial=True) is not None
        assert item.starter.match(rest[:2], partial=True) is not None


@pytest.mark.parametrize(
    ("source", "starter"),
    [
        (r"(?<!\w)abc", "(?:abc)(*PRUNE)(*FAIL)"),
        (r"(?<![(\]])(?<=x)abc", "(?:abc)(*PRUNE)(*FAIL)"),
        (r"a(?<=a)b", None),  # a positive look-behind after the start needs context
        (r"(?<!x)", None),  # nothing left to consume
    ],
)
def test_starter_source(source: str, starter: str | None) -> None:
    """Leading look-behinds are dropped; unsound cases have no start test."""
    assert starter_source(source) == starter


_OPEN_ALPHABET = st.sampled_from([*"ab@x. -\n1", "bob", "@corp.example", ".org", "eyJ", "[A_1"])
_OPEN_SOURCES = [
    EMAIL,
    r"\\?\[[A-Z]{1,8}\\?_[0-9]{1,3}\\?\]",
    r"eyJ[a-z]{2,}\.[a-z]{2,}\.[a-z]*(?![a-z])",
    r"a+b|ab{3}",
    r"-----BEGIN[\s\S]*?(?:END|\Z)",
]


@settings(max_examples=200, deadline=None)
@given(
    text=st.lists(_OPEN_ALPHABET, min_size=1, max_size=16).map("".join),
    index=st.integers(0, len(_OPEN_SOURCES) - 1),
    data=st.data(),
)
def test_open_up_to_is_the_leftmost_open_position(
    text: str, index: int, data: st.DataObject
) -> None:
    """The cut search finds exactly the leftmost position a probe on the whole window
    finds open (the definition, tried position by position)."""
    item = compile_item(
        name="t", label="T", kind="output", rank=0, source=_OPEN_SOURCES[index], validator=None
    )
    start_at = data.draw(st.integers(0, len(text)))
    stop = data.draw(st.integers(start_at, len(text)))
    probe = regex.compile(f"(?P<pg_at>)(?:{item.source})(*PRUNE)(*FAIL)", FLAGS)
    expected = next(
        (q for q in range(start_at, stop + 1) if item.probe.match(text, q, partial=True)), None
    )
    assert _open_up_to(probe, text, start_at, stop, None) == expected
