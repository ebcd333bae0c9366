"""The stream filter's window: raw text not yet emitted, its folded view, the map between.

Output patterns and known values are matched on the canonical fold of the reply
(:mod:`pipelines.canon`, the fold ingress detectors see): a secret written with a
zero-width space, a soft hyphen, full-width letters or a no-break space inside is the
same secret there.  What is emitted is always the raw text, and a replacement covers
the raw span its view span came from.  :class:`FoldedWindow` keeps both texts and the
map for the stretch of the stream the filter still works on.

Each view character has one *source*: the raw character whose arrival made the fold
produce it (the first character of a whitespace run for its space, a ligature for both
its letters, a letter for itself when its dropped marks follow it, a kept mark for
itself).  The raw span of view characters ``[a, b)`` runs from the source of ``a`` to
just past the source of ``b - 1``.  Raw characters that fold to nothing (a zero-width
space, a dropped mark, the rest of a whitespace run) are inside a span only between
its first and last source; before or after it they are emitted as written, so relinking
a placeholder gives back every other raw character (sanitise then relink is the
identity) and a span is decided as soon as its last view character exists.  Sources
are a property of the raw prefix alone (the fold of a prefix is a prefix of the fold),
so every chunking finds the same ones: within a chunk they are read from
``fold_continue``'s map, a unit of several raw characters whose output is a
subsequence of them (kept marks among removed ones) giving each output character its
own raw position, any other unit (a whitespace run, a letter and its marks, an
expansion) all of them to its first character.

Each chunk is folded once when it arrives (:func:`pipelines.canon.fold_continue`), the
maps of the chunks are kept as one list of units in absolute offsets, and the window
is cut at the front as the stream settles: the view keeps the context look-behinds
need, the raw text only what is not emitted yet.
"""

from __future__ import annotations

from bisect import bisect_right
from typing import final

from pipelines.canon import FoldState, fold_case, fold_continue

__all__ = ["FoldedWindow", "caseless"]

_START = FoldState()


def caseless(text: str) -> str:
    """The key known values are compared by: letter case folded away, then the fold.

    Case goes first because the fold maps confusable letters by their case (Greek
    ``ν`` looks like ``v``, ``Ν`` like ``N``): folding the lower-case text makes every
    case variant of a value one key.  Each character folds to as many characters as its
    lower-case form does (checked over all of Unicode by the tests), so the key lines up
    with the view offset for offset.
    """
    folded, _map, _state = fold_continue(fold_case(text), _START)
    return fold_case(folded)


@final
class FoldedWindow:
    """Raw text from absolute offset ``raw_base`` on, its view from ``view_base`` on.

    ``low`` is :func:`caseless` of the view (same offsets), kept when ``caseless`` is set
    (the known-value scanners read it).  Offsets are absolute (stream offsets), so they
    stay valid while the window is cut at the front.
    """

    __slots__ = (
        "_base_delta",
        "_lead",
        "_low_state",
        "_segments",
        "_state",
        "_view_starts",
        "low",
        "raw",
        "raw_base",
        "view",
        "view_base",
    )

    def __init__(self, *, caseless: bool) -> None:
        self.raw = ""
        self.raw_base = 0
        self.view = ""
        self.view_base = 0
        self.low = ""
        self._state = _START
        self._low_state: FoldState | None = _START if caseless else None
        # Where view and raw do not run in step, ``(view_start, source, view_len,
        # raw_after)`` absolute, in order: view characters ``[view_start, view_start +
        # view_len)`` all come from raw character ``source``; after them view and raw
        # run in step again from raw offset ``raw_after``.
        self._segments: list[tuple[int, int, int, int]] = []
        self._view_starts: list[int] = []
        # raw - view before the first segment kept (segments cut off the front leave it).
        self._base_delta = 0
        self._lead = 0  # segments cut off the front, not yet removed from the list

    @property
    def view_end(self) -> int:
        """Absolute offset of the end of the view."""
        return self.view_base + len(self.view)

    @property
    def raw_end(self) -> int:
        """Absolute offset of the end of the raw text received."""
        return self.raw_base + len(self.raw)

    def append(self, raw: str) -> str:
        """Add a raw chunk; return its view (appended to :attr:`view`)."""
        view_at, raw_at = self.view_end, self.raw_end
        folded, offsets, self._state = fold_continue(raw, self._state)
        segments = self._segments
        starts = self._view_starts
        for view_start, raw_start, view_len, raw_len in offsets.edits:
            view_start += view_at
            after = raw_at + raw_start + raw_len
            sources = _sources(raw, raw_start, raw_len, folded, view_start - view_at, view_len)
            if sources is None:
                segments.append((view_start, raw_at + raw_start, view_len, after))
                starts.append(view_start)
                continue
            for k, source in enumerate(sources):
                last = k == view_len - 1
                segments.append((view_start + k, raw_at + source, 1, after if last else 0))
                starts.append(view_start + k)
        self.raw += raw
        self.view += folded
        if self._low_state is not None:
            lowered, _map, self._low_state = fold_continue(fold_case(raw), self._low_state)
            lowered = fold_case(lowered)
            # Equal lengths for every character (see caseless); a mismatch would be a
            # fold that changed, and falls back to the view's own case fold.
            self.low += lowered if len(lowered) == len(folded) else fold_case(folded)
        return folded

    def _segment(self, view: int) -> tuple[int, int, int, int] | None:
        at = bisect_right(self._view_starts, view, self._lead) - 1
        return self._segments[at] if at >= self._lead else None

    def raw_at(self, view: int) -> int:
        """The source of view character ``view`` (absolute offsets); :attr:`raw_end` at
        the end of the view."""
        if view >= self.view_end:
            return self.raw_end
        segment = self._segment(view)
        if segment is None:
            return view + self._base_delta
        view_start, source, view_len, raw_after = segment
        if view < view_start + view_len:
            return source
        return view - view_start - view_len + raw_after

    def unit_end(self, view: int) -> int:
        """The view offset just past the characters sharing the source of ``view``."""
        segment = self._segment(view)
        if segment is not None:
            view_start, _source, view_len, _raw_after = segment
            if view < view_start + view_len:
                return view_start + view_len
        return view + 1

    def cut(self, view: int, raw: int) -> None:
        """Forget the view before absolute offset ``view`` and the raw text before
        ``raw``; no offset before ``view`` is asked for again."""
        if view > self.view_base:
            drop = view - self.view_base
            self.view = self.view[drop:]
            if self._low_state is not None:
                self.low = self.low[drop:]
            self.view_base = view
        if raw > self.raw_base:
            self.raw = self.raw[raw - self.raw_base :]
            self.raw_base = raw
        segments = self._segments
        lead = self._lead
        while lead < len(segments):
            view_start, _source, view_len, raw_after = segments[lead]
            if view_start + view_len > view:
                break
            if raw_after:  # (0: a source inside a split unit, which its last one ends)
                self._base_delta = raw_after - view_start - view_len
            lead += 1
        if lead > 64 and lead * 2 > len(segments):
            del segments[:lead]
            del self._view_starts[:lead]
            lead = 0
        self._lead = lead


def _sources(
    raw: str, raw_start: int, raw_len: int, view: str, view_start: int, view_len: int
) -> list[int] | None:
    """Each output character's source inside one unit of a chunk's map, or None when
    the first raw character is the source of all of them (see the module docstring)."""
    if view_len == 0 or raw_len == 1 or raw[raw_start].isspace():
        return None
    out = view[view_start : view_start + view_len]
    sources: list[int] = []
    at = raw_start
    stop = raw_start + raw_len
    for char in out:
        at = raw.find(char, at, stop)
        if at < 0:
            return None
        sources.append(at)
        at += 1
    return sources
