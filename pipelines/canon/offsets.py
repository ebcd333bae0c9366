"""The exact way back from a canonical view to the raw text it was made from.

An :class:`OffsetMap` is a list of *edits*, each ``(view_start, raw_start, view_len,
raw_len)``: ``view[view_start : view_start + view_len]`` was made from
``raw[raw_start : raw_start + raw_len]`` as one unit (a whitespace run folded to one
space, a dropped format character with ``view_len == 0``, a ligature expanded to two
letters, an escape ``%40`` decoded to ``@``, a base64 run decoded to its text).  Between
edits the view is the raw text character for character, shifted by a constant.

* :meth:`OffsetMap.to_raw` maps a view span to the smallest raw span holding every raw
  character that any view character of the span came from: a span that touches a unit
  covers all of it (a hit in decoded base64 masks the whole encoded run), and never
  more than that.
* :meth:`OffsetMap.to_view` maps a raw span to the view span of the units inside it,
  widened to whole units; :meth:`OffsetMap.to_raw` of that gives the raw span back
  whenever it starts and ends on unit edges (the round trip the property tests check).
* :func:`compose` chains maps (a decoder's, then the fold's) without merging them.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Sequence
from typing import Final, final

__all__ = ["IDENTITY", "ComposedMap", "Edit", "OffsetMap", "compose"]

# (view_start, raw_start, view_len, raw_len)
Edit = tuple[int, int, int, int]


@final
class OffsetMap:
    """Maps view offsets to raw offsets and back (see the module docstring).

    ``edits`` must be sorted by ``raw_start`` and not overlap in either text; offsets
    between them are linear.  Immutable once built.
    """

    __slots__ = ("_deltas", "_edits", "_raw_starts", "_view_starts")

    def __init__(self, edits: Iterable[Edit] = ()) -> None:
        kept: list[Edit] = []
        for edit in edits:
            _view_start, _raw_start, view_len, raw_len = edit
            if view_len == raw_len == 1:
                continue  # one character for one: linear
            if view_len == 0 and raw_len == 0:
                continue
            kept.append(edit)
        self._edits: tuple[Edit, ...] = tuple(kept)
        self._raw_starts = [edit[1] for edit in kept]
        self._view_starts = [edit[0] for edit in kept]
        # raw - view after each edit (the shift of the linear stretch that follows it).
        self._deltas = [raw + rlen - view - vlen for view, raw, vlen, rlen in kept]

    @property
    def edits(self) -> tuple[Edit, ...]:
        """The non-linear units, in order."""
        return self._edits

    def __bool__(self) -> bool:
        """True unless the map is the identity."""
        return bool(self._edits)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, OffsetMap) and other._edits == self._edits

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<OffsetMap {len(self._edits)} edits>"

    # -- view -> raw -------------------------------------------------------------------

    def raw_start(self, view: int) -> int:
        """The first raw offset of the unit view character ``view`` came from."""
        # The last edit starting at or before ``view`` either holds it or lies wholly
        # before it (zero-width edits there included: dropped characters before it).
        at = bisect_right(self._view_starts, view) - 1
        if at < 0:
            return view
        view_start, raw_start, view_len, _ = self._edits[at]
        if view < view_start + view_len:
            return raw_start
        return view + self._deltas[at]

    def raw_end(self, view: int) -> int:
        """One past the last raw offset of the unit view character ``view - 1`` came from."""
        at = bisect_right(self._view_starts, view - 1) - 1
        if at < 0:
            return view
        view_start, raw_start, view_len, raw_len = self._edits[at]
        if view - 1 < view_start + view_len:
            return raw_start + raw_len
        return view + self._deltas[at]

    def to_raw(self, start: int, end: int) -> tuple[int, int]:
        """The raw span view ``[start, end)`` (``start < end``) was made from."""
        if not self._edits:
            return start, end
        return self.raw_start(start), self.raw_end(end)

    # -- raw -> view -------------------------------------------------------------------

    def view_start(self, raw: int) -> int:
        """The view offset where the unit holding raw offset ``raw`` begins."""
        at = bisect_right(self._raw_starts, raw) - 1
        if at >= 0:
            view_start, raw_start, _view_len, raw_len = self._edits[at]
            if raw < raw_start + raw_len:
                return view_start
            return raw - self._deltas[at]
        return raw

    def view_end(self, raw: int) -> int:
        """The view offset where the unit holding raw offset ``raw - 1`` ends."""
        last = raw - 1
        at = bisect_right(self._raw_starts, last) - 1
        if at >= 0:
            view_start, raw_start, view_len, raw_len = self._edits[at]
            if last < raw_start + raw_len:
                return view_start + view_len
            return raw - self._deltas[at]
        return raw

    def to_view(self, start: int, end: int) -> tuple[int, int]:
        """The view span of the units raw ``[start, end)`` touches."""
        if not self._edits:
            return start, end
        return self.view_start(start), self.view_end(end)



@final
class ComposedMap:
    """Maps applied one after the other: ``maps[0]`` from the view to the text before
    the last step, ..., ``maps[-1]`` to the raw text (a fold after a decoder)."""

    __slots__ = ("_maps",)

    def __init__(self, maps: Sequence[OffsetMap | ComposedMap]) -> None:
        self._maps = tuple(maps)

    def __bool__(self) -> bool:
        return any(self._maps)

    def to_raw(self, start: int, end: int) -> tuple[int, int]:
        """The raw span view ``[start, end)`` was made from (see :class:`OffsetMap`)."""
        for step in self._maps:
            start, end = step.to_raw(start, end)
        return start, end

    def to_view(self, start: int, end: int) -> tuple[int, int]:
        """The view span of the units raw ``[start, end)`` touches."""
        for step in reversed(self._maps):
            start, end = step.to_view(start, end)
        return start, end


def compose(*maps: OffsetMap | ComposedMap) -> OffsetMap | ComposedMap:
    """``maps`` applied view-first (identity maps are left out)."""
    kept = [step for step in maps if step]
    if not kept:
        return IDENTITY
    if len(kept) == 1:
        return kept[0]
    return ComposedMap(kept)


IDENTITY: Final = OffsetMap()
