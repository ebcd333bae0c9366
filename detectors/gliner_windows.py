"""Overlapping word windows for long texts, and merging window results back.

GLiNER models see a bounded number of words (``max_len``, 384 by default) and silently
drop the rest, so a long prompt is cut into windows of ``window_words`` words, each
overlapping the next by ``overlap_words``.  Cuts fall on word boundaries of gliner's own
word splitter, so a window never starts or ends inside a word.

Merging rules (the invariants the tests check):

* Offsets found in a window are shifted by the window's start: spans are exact offsets
  into the original text.
* A span that touches a window edge where the text was *cut* (not the text's own start
  or end) may be a truncated entity, so it only counts where no candidate clear of any
  cut overlaps it; the neighbouring window sees an entity of at most ``overlap_words``
  words whole.  (An entity exactly filling the overlap touches a cut in both windows:
  then the longer of the edge candidates wins, since truncation only shortens.)
* Spans found by several windows are reported once: among overlapping candidates clear
  of cuts the higher score wins, then the longer span, then the earlier one.

Pure functions over strings and tuples: no torch, no gliner, no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import final

__all__ = [
    "WORD_RE",
    "Found",
    "Window",
    "merge_windows",
    "plan_windows",
    "word_bounds",
]

# gliner's default "whitespace" words splitter: a run of word characters (with inner
# hyphens/underscores) or any single non-space character.
WORD_RE = re.compile(r"\w+(?:[-_]\w+)*|\S")


@final
@dataclass(frozen=True, slots=True)
class Window:
    """``text[start:end]`` is one window; ``cut_left``/``cut_right`` say whether the
    text continues beyond that edge (so a span touching it may be truncated)."""

    start: int
    end: int
    cut_left: bool
    cut_right: bool


@final
@dataclass(frozen=True, slots=True)
class Found:
    """A candidate span in window coordinates (or, after merging, text coordinates)."""

    start: int
    end: int
    label: str
    score: float


def word_bounds(text: str) -> list[tuple[int, int]]:
    """``(start, end)`` of every word of ``text`` as gliner's word splitter sees it."""
    return [match.span() for match in WORD_RE.finditer(text)]


def plan_windows(text: str, window_words: int, overlap_words: int) -> list[Window]:
    """Cut ``text`` into windows of at most ``window_words`` words.

    Consecutive windows share ``overlap_words`` words.  A text of at most
    ``window_words`` words (or with no words at all) is one window covering all of it.
    """
    if window_words < 1 or not 0 <= overlap_words < window_words:
        raise ValueError("need window_words >= 1 and 0 <= overlap_words < window_words")
    words = word_bounds(text)
    if len(words) <= window_words:
        return [Window(0, len(text), cut_left=False, cut_right=False)]
    step = window_words - overlap_words
    windows: list[Window] = []
    first = 0
    while True:
        last = min(first + window_words, len(words)) - 1
        at_end = last == len(words) - 1
        windows.append(
            Window(
                start=0 if first == 0 else words[first][0],
                end=len(text) if at_end else words[last][1],
                cut_left=first > 0,
                cut_right=not at_end,
            )
        )
        if at_end:
            return windows
        first += step


def _touches_cut(found: Found, window: Window) -> bool:
    # Window text may carry leading/trailing whitespace only at the text's own edges,
    # where nothing was cut; at a cut the window starts/ends exactly on a word.
    if window.cut_left and found.start == 0:
        return True
    return window.cut_right and found.end == window.end - window.start


def _precedence(item: tuple[Found, bool]) -> tuple[bool, float, float, int]:
    found, at_cut = item
    length = found.end - found.start
    if at_cut:
        # Truncation only ever shortens a span: among edge candidates, longer is truer.
        return (True, -length, -found.score, found.start)
    return (False, -found.score, -length, found.start)


def merge_windows(windows: Sequence[Window], found: Sequence[Sequence[Found]]) -> list[Found]:
    """Map every window's findings back to text offsets and de-duplicate them.

    ``found[i]`` holds the candidates of ``windows[i]`` with offsets into that window's
    text.  Returns non-overlapping candidates sorted by start.
    """
    if len(windows) != len(found):
        raise ValueError("one list of findings per window is required")
    candidates: list[tuple[Found, bool]] = []
    for window, items in zip(windows, found, strict=True):
        for item in items:
            shifted = Found(
                item.start + window.start, item.end + window.start, item.label, item.score
            )
            candidates.append((shifted, _touches_cut(item, window)))
    if len(windows) == 1:
        # One window: nothing to de-duplicate beyond what the model returned.
        return sorted((f for f, _ in candidates), key=lambda f: (f.start, f.end))
    kept: list[Found] = []
    for candidate, _ in sorted(candidates, key=_precedence):
        if all(candidate.end <= k.start or k.end <= candidate.start for k in kept):
            kept.append(candidate)
    return sorted(kept, key=lambda f: (f.start, f.end))
