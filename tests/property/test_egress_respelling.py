"""Respelled values are masked in the reply, whatever the chunking (#9 on egress, C5).

A value the model writes in another spelling of the same text is the same value: with
invisible characters (zero-width space and joiners, soft hyphen, word joiner, BOM,
variation selectors) inside, full-width or Arabic-Indic forms, any Unicode whitespace
(runs included) for a space, any dash for a dash, a Cyrillic look-alike for a Latin
letter, a combining mark on a Latin letter, another letter case for a known name.
Hypothesis draws a planted value, respells it with random choices of every class, puts
it in prose, and checks: the one-feed output equals the independent oracle (its own
fold), a random chunking equals the one feed, and no form of the value is left: the
oracle's own fold of the output no longer holds the folded value.
"""

from __future__ import annotations

import itertools

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.egress_corpus import make_oracle, make_rules, run_chunks
from tests.egress_oracle import caseless

RULES = make_rules("relink")
ORACLE = make_oracle("relink")

# (value, whether case may change: known names compare caselessly, patterns do not)
_VALUES = [
    ("bob@corp.example.org", False),
    ("carol.jones@mail.example.com", False),
    ("4111 1111 1111 1111", False),
    ("5500-0000-0000-0004", False),
    ("DE89 3704 0044 0532 0130 00", False),
    ("AKIAIOSFODNN7EXAMPLE", False),
    ("sk-ant-api03-abcdefghijklmnopqrstuvwx", False),
    ("Sarah Chen", True),
    ("Globex Corporation", True),
    ("[PERSON_1]", False),
]
_INVISIBLE = ["\u200b", "\u200c", "\u200d", "\u2060", "\u00ad", "\ufeff", "\ufe0f", "\u034f"]
_SPACES = [" ", "\u00a0", "\u202f", "\u2009", "\u2007", "\u3000", "\t", "\n", "  ", " \u200b "]
_DASHES = ["-", "\u2013", "\u2014", "\u2011", "\u2212", "\u2010"]
_CYRILLIC = {"a": "\u0430", "e": "\u0435", "o": "\u043e", "p": "\u0440", "c": "\u0441",
             "x": "\u0445", "A": "\u0410", "B": "\u0412", "E": "\u0415"}
# What stands around the value ends a word there (a word edge for known names).
_BEFORE = st.sampled_from(["", " ", "Hi ", "see: ", "(", "\n"])
_AFTER = st.sampled_from(["", " ", ")", ", ok", ".", "\n ok"])


@st.composite
def _respelled(draw: st.DrawFn) -> tuple[str, str, bool]:
    """A planted value, one respelling of it, and whether case may change."""
    value, caseless_value = draw(st.sampled_from(_VALUES))
    out: list[str] = []
    for char in value:
        kind = draw(st.integers(0, 9))
        if char == " ":
            out.append(draw(st.sampled_from(_SPACES)))
        elif char == "-":
            out.append(draw(st.sampled_from(_DASHES)))
        elif kind == 1 and char.isascii() and char.isalnum():
            out.append(chr(ord(char) + 0xFEE0))  # full-width
        elif kind == 2 and char.isdigit():
            out.append(chr(0x0660 + int(char)))  # Arabic-Indic
        elif kind == 3 and char in _CYRILLIC:
            out.append(_CYRILLIC[char])
        elif kind == 4 and char.isascii() and char.isalpha():
            out.append(char + "\u0301")  # a combining acute on a Latin letter
        elif kind == 5 and caseless_value and char.isalpha():
            out.append(char.swapcase())
        else:
            out.append(char)
        if draw(st.integers(0, 4)) == 0:
            out.append(draw(st.sampled_from(_INVISIBLE)))
    return value, "".join(out), caseless_value


_SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@_SETTINGS
@given(case=_respelled(), before=_BEFORE, after=_AFTER, data=st.data())
def test_a_respelled_value_is_masked_in_any_chunking(
    case: tuple[str, str, bool], before: str, after: str, data: st.DataObject
) -> None:
    """The oracle's output, in one feed and in any chunking, with no form of the value."""
    value, spelled, _caseless = case
    text = before + spelled + after
    expected = ORACLE.run(text)[0]
    whole, refused = run_chunks(RULES, [text])
    assert not refused
    assert whole == expected
    assert caseless(value) not in caseless(whole)
    cuts = sorted(data.draw(st.sets(st.integers(1, max(1, len(text) - 1)), max_size=10)))
    bounds = [0, *[c for c in cuts if c < len(text)], len(text)]
    chunks = [text[a:b] for a, b in itertools.pairwise(bounds)]
    assert run_chunks(RULES, chunks) == (whole, False)
