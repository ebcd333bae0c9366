"""A custom rule's ``context`` words decide in a reply exactly as in a prompt (#11).

An operator's ``custom[]`` rule with ``context`` words counts a match only when one of
the words (any case) ends at most 50 characters before it, counted in the text as
detectors see it (C9: a run of whitespace is one space).  Hypothesis writes text of
filler words, context words in random case and planted values at random distances,
joined by single, doubled and line-break spaces; the oracle decides each planted value
by that sentence alone (a plain scan of the text before the value with its whitespace
runs counted once, no pattern of the product), and both the prompt side (the chain,
which scans the canonical view) and the egress stream filter's output, fed in random
chunks from the detector's own output patterns, must equal the oracle's.
"""

from __future__ import annotations

import asyncio
import itertools
import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from detectors.regex import create
from pipelines.chain import Chain
from pipelines.egress import EgressFilter, EgressPolicy
from pipelines.spans import DetectorContext

WORDS = ("badge", "staff id", "ausweis")
WINDOW = 50
DETECTOR = create(
    {"entities": [], "custom": [{"label": "BADGE", "pattern": r"\bB-[0-9]{6}\b",
                                 "context": list(WORDS)}]},
    DetectorContext(name="t"),
)  # fmt: skip
CHAIN = Chain([DETECTOR])
RULES = EgressPolicy(patterns=DETECTOR.output_patterns, relink=False).for_request({}, ())

_FILLER = st.sampled_from(["the", "and", "x" * 20, "build", "no.", "#", "Stafff", "bad", ":"])


@st.composite
def _text(draw: st.DrawFn) -> tuple[str, list[int]]:
    """Pieces joined by spaces; returns the text and the starts of the planted values."""
    text, starts = "", []
    for _ in range(draw(st.integers(1, 14))):
        kind = draw(st.integers(0, 3))
        if kind == 0:
            word = draw(st.sampled_from(WORDS))
            piece = "".join(c.upper() if draw(st.booleans()) else c for c in word)
        elif kind == 1:
            starts.append(len(text))
            piece = f"B-{draw(st.integers(0, 999_999)):06d}"
        else:
            piece = draw(_FILLER)
        text += piece + draw(st.sampled_from([" ", "  ", ", ", "\n", " \n\t ", ",   "]))
    return text, starts


def _has_context(text: str, start: int) -> bool:
    """Some context word, any case, ends within ``WINDOW`` characters before ``start``,
    each whitespace run before it counted as one character."""
    before = re.sub(r"\s+", " ", text[:start]).lower()
    for word in WORDS:
        at = before.find(word)
        while at != -1:
            if len(before) - WINDOW <= at + len(word):
                return True
            at = before.find(word, at + 1)
    return False


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_text(), st.lists(st.integers(0, 10_000), max_size=6))
def test_context_words_decide_alike_in_prompt_and_reply(
    drawn: tuple[str, list[int]], cuts: list[int]
) -> None:
    """Detector spans and the chunked reply's masks are the oracle's, value by value."""
    text, starts = drawn
    kept = [s for s in starts if _has_context(text, s)]
    [spans] = asyncio.run(CHAIN.detect([text]))
    assert [s.start for s in spans] == kept
    expected, at = "", 0
    for start in kept:
        expected += text[at:start] + "[REDACTED:BADGE]"
        at = start + 8
    expected += text[at:]
    points = sorted({0, len(text), *(c % (len(text) + 1) for c in cuts)})
    flt = EgressFilter(RULES)
    out = "".join(flt.feed(text[a:b]) for a, b in itertools.pairwise(points)) + flt.close()
    assert out == expected
