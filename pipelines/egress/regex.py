"""Regular expressions over a stream window: when is a match decided?

The egress filter's whole-string meaning of a pattern at position ``p`` is
``pattern.match(text, p)`` on the complete reply.  In a stream only a prefix of the
reply is known, so the filter must know when that result can no longer change.  The
``regex`` module's ``partial=True`` alone does not say: it prefers any complete match,
so ``bob@corp.example.`` reports the complete ``bob@corp.example`` although ``org``
would make the greedy match longer, and zero-width assertions (``\\b``, ``$``, ``\\Z``)
at the end of the buffer are evaluated as if the text ended there.

Two measures make the question answerable exactly:

* **Probe patterns.** ``(?:P)(*PRUNE)(*FAIL)`` explores ``P``'s paths in priority order
  up to and including the first success and then fails without trying the rest.  With
  ``partial=True`` it reports a partial match exactly when a path explored before that
  first success (or any path, when there is none) ran into the end of the buffer, that
  is when more text could change ``P.match``.  Otherwise ``P.match`` is final.
* **Settleable sources.** Assertions that look at the end without consuming it are
  rewritten into equivalent look-arounds that do consume (``\\b`` becomes
  ``(?:(?<=\\w)(?!\\w)|(?<!\\w)(?=\\w))``, ``\\Z`` becomes ``(?![\\s\\S])``), which the
  probe sees.  On a whole string the rewritten pattern matches exactly as the original.

Look-behind is the other direction: it needs text already emitted, so the filter keeps
a bounded window of settled input in front of the pending text (see
:mod:`pipelines.egress`); a pattern whose look-behind could read further back than
that window is rejected at start-up (:func:`pipelines.egress.lookbehind.lookbehind_reach`).
The source rewrites live in :mod:`pipelines.egress.source`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final, final

import regex

from pipelines.egress.source import FLAGS, settleable_source, starter_source

__all__ = [
    "FLAGS",
    "UNTIMED_SPAN",
    "RegexItem",
    "RegexScanner",
    "ScanState",
    "compile_item",
    "settleable_source",
    "starter_source",
]

# ``timeout=`` costs about 1.7 microseconds per call (a timer is armed each time), more
# than the search itself on a 4-character feed.  Searches over at most this many
# characters run without it: the built-in patterns are linear or bounded there, and a
# span this short cannot hide catastrophic backtracking of the library's bounded
# repetitions.  Every longer search (a big chunk, a held PEM block) is timed.
UNTIMED_SPAN: Final = 48
# Distinct one- and two-character keys remembered per policy for the start test.
_START_CACHE_SIZE: Final = 1 << 16
# New texts up to this long are also remembered whole in the start-test cache.
_WHOLE_KEY_CHARS: Final = 16


@final
@dataclass(frozen=True, slots=True)
class RegexItem:
    """One compiled pattern: its matcher, its probe, and what a match of it means.

    ``kind`` is ``"placeholder"`` (an echoed placeholder, looked up in the request's
    relink map) or ``"output"`` (an output pattern, masked with ``label``).  ``rank``
    breaks ties between equally long candidates (lower wins).
    """

    name: str
    label: str
    kind: str
    rank: int
    source: str
    pattern: regex.Pattern[str]
    probe: regex.Pattern[str]
    starter: regex.Pattern[str] | None
    validator: Callable[[str], bool] | None


def compile_item(
    *,
    name: str,
    label: str,
    kind: str,
    rank: int,
    source: str,
    validator: Callable[[str], bool] | None,
) -> RegexItem:
    """Compile one pattern and its probe (raises ``regex.error`` on bad source)."""
    settled = settleable_source(source)
    starter = _compile_starter(settled)
    return RegexItem(
        name=name,
        label=label,
        kind=kind,
        rank=rank,
        source=settled,
        pattern=regex.compile(settled, FLAGS),
        probe=regex.compile(f"(?:{settled})(*PRUNE)(*FAIL)", FLAGS),
        starter=starter,
        validator=validator,
    )


def _compile_starter(settled: str) -> regex.Pattern[str] | None:
    source = starter_source(settled)
    if source is None:
        return None
    try:
        return regex.compile(source, FLAGS)
    except regex.error:
        return None


def _open_up_to(
    probe: regex.Pattern[str], text: str, start_at: int, stop: int, timeout: float | None
) -> int | None:
    """The leftmost position in ``[start_at, stop]`` where ``probe`` is open on ``text``.

    A probe never completes, so a search with it runs to the end of its subject: over
    the whole window that is a pass over all of it for every candidate found, which
    made one large feed quadratic.  The search therefore runs on the window cut at
    ``stop`` (``endpos``).  Every position open in the whole window is open there too
    (its path runs past ``stop``, so it runs into the cut; paths that do not reach the
    cut behave alike), so the cut search finds the candidates in order, and each is
    confirmed on the whole window (a path may reach the cut and then fail).  The cost
    is the distance searched plus one probe per candidate.
    """
    at = start_at
    while at <= stop:
        found = probe.search(text, at, stop, None, True, timeout)
        if found is None:
            return None
        # An attempt begun at the very end records no group: it starts there.
        opened = found.start(1)
        if opened < 0:
            opened = found.start()
        if probe.match(text, opened, None, None, True, timeout) is not None:
            return opened
        at = opened + 1
    return None


@final
class _Group:
    """One item's search pair: the matcher (noting where an attempt began) and probe."""

    __slots__ = ("full", "items", "probe")

    def __init__(self, items: Sequence[RegexItem]) -> None:
        self.items = tuple(items)
        body = "|".join(f"(?:{item.source})" for item in items)
        # The empty named group (group 1) records where a match attempt began: a pattern
        # may use \K, which moves the reported match start past text it still consumed.
        self.full = regex.compile(f"(?P<pg_at>)(?:{body})", FLAGS)
        self.probe = regex.compile(f"(?P<pg_at>)(?:{body})(*PRUNE)(*FAIL)", FLAGS)


@final
class ScanState:
    """One stream's progress per item: ``marks[i]`` is the absolute position before
    which item ``i`` is final with no candidate; bit ``i`` of ``unsettled`` is set when
    the item has a candidate or an open position at or after its mark."""

    __slots__ = ("marks", "unsettled")

    def __init__(self, size: int) -> None:
        self.marks = [0] * size
        self.unsettled = (1 << size) - 1


@final
class RegexScanner:
    """Finds where in a window the next regex candidate starts, and whether it is decided.

    Each item is searched on its own: one alternation of all patterns was measured
    first and is several times slower, because it defeats the ``regex`` module's
    first-character optimisations (every alternative's look-behind runs at every
    position).  Per item, a stream keeps a watermark: positions before it were found
    final with no candidate, so later feeds search only from there (usually just the
    new text).
    """

    __slots__ = (
        "_always",
        "_groups",
        "_starts",
        "_timeout",
        "_whole",
        "items",
    )

    def __init__(self, items: Sequence[RegexItem], timeout: float) -> None:
        self.items = tuple(items)
        self._timeout = timeout
        self._groups = tuple(_Group([item]) for item in items)
        # Items without a sound start test are searched on every feed.
        self._always = sum(1 << i for i, item in enumerate(items) if item.starter is None)
        # one or two characters -> bit mask of the items a match may begin with them
        # (filled lazily; the policy is shared by all streams, a dict write is atomic)
        self._starts: dict[str, int] = {}
        # whole short new text -> its :meth:`starts` mask (same bounds, same reasoning)
        self._whole: dict[str, int] = {}

    def starts(self, new_text: str) -> int:
        """Bit mask of the items that may begin at some position of ``new_text``.

        A position is judged on its character and the next one (``eyJ`` begins a JWT,
        ``e`` followed by a space cannot); the last position, whose next character has
        not arrived, on its character alone.  The mask is a pure function of
        ``new_text``, so short texts (a streamed token) are remembered whole.
        """
        whole = self._whole
        mask = whole.get(new_text)
        if mask is not None:
            return mask
        if not new_text:
            return self._always
        cache = self._starts
        keys = {new_text[i : i + 2] for i in range(len(new_text) - 1)}
        keys.add(new_text[-1])
        mask = self._always
        for key in keys:
            bits = cache.get(key)
            if bits is None:
                bits = 0
                for index, item in enumerate(self.items):
                    starter = item.starter
                    if starter is not None and starter.match(key, partial=True) is not None:
                        bits |= 1 << index
                if len(cache) < _START_CACHE_SIZE:
                    cache[key] = bits
            mask |= bits
        if len(new_text) <= _WHOLE_KEY_CHARS and len(whole) < _START_CACHE_SIZE:
            whole[new_text] = mask
        return mask

    def state(self) -> ScanState:
        """Fresh per-stream scan state: every item unsettled from the start."""
        return ScanState(len(self._groups))

    def scan(
        self,
        text: str,
        pos: int,
        final: bool,
        state: ScanState,
        base: int,
        fresh: int,
        starts: int,
    ) -> tuple[int, bool, int]:
        """The leftmost position ``>= pos`` where a match is possible, if it is open, and
        the bit mask of the items that match or are open there.

        Returns ``(len(text), False, 0)`` when no item can match at or after ``pos``.  An
        open position (``True``) is one where more text could change some item's match;
        a closed one has at least one complete match there (possibly failing its
        validator, which the caller checks).  ``base`` is the absolute offset of
        ``text``, ``text[fresh:]`` the text no scan has seen and ``starts`` the
        :meth:`starts` mask of it (0 once a scan has seen it).  Only items that are
        unsettled or may begin in the fresh text are searched.

        One partial search per item usually decides it: the ``regex`` module returns
        the leftmost complete match if there is one anywhere, else the leftmost
        position where a path ran into the end.  Only when a complete match lies past
        the search start can an earlier open position hide behind it; the probe (which
        never completes) then finds the leftmost open position.  All arguments are
        passed by position: ``regex`` parses keywords at about 0.5 microseconds a call.
        """
        end = len(text)
        best, open_, at_best = end, False, 0
        marks = state.marks
        unsettled = state.unsettled
        todo = unsettled | starts
        groups = self._groups
        partial = not final
        while todo:
            low_bit = todo & -todo
            todo ^= low_bit
            index = low_bit.bit_length() - 1
            # A settled item is final up to the fresh text; an unsettled one up to its mark.
            if unsettled & low_bit:
                start_at = marks[index] - base
                if start_at < pos:
                    start_at = pos
            else:
                start_at = fresh if fresh > pos else pos
            start, group_open = self._search(groups[index], text, start_at, partial)
            # Every position before ``start`` is final for this item: no candidate.
            marks[index] = base + start
            if start < end:
                unsettled |= low_bit
                if start < best:
                    best, open_, at_best = start, group_open, low_bit
                elif start == best:
                    open_ = open_ or group_open
                    at_best |= low_bit
            else:
                unsettled &= ~low_bit
        state.unsettled = unsettled
        return best, open_, at_best

    def _search(self, group: _Group, text: str, start_at: int, partial: bool) -> tuple[int, bool]:
        """One item's leftmost candidate or open position from ``start_at``, if open."""
        end = len(text)
        timeout = self._timeout if end - start_at > UNTIMED_SPAN else None
        found = group.full.search(text, start_at, None, None, partial, timeout)
        if found is None:
            return end, False
        if found.partial:
            # An attempt begun at the very end records no group: it starts there.
            start = found.start(1)
            return (found.start() if start < 0 else start), True
        start = found.start(1)
        if partial and found.end() == end and end - start > UNTIMED_SPAN:
            # A long match running to the end of the window (a held key block, a
            # token): count it open without a second pass over it.  At worst it is
            # final and waits for the next chunk; never longer than the match itself,
            # so refusals do not change.
            return start, True
        if partial and start > start_at:
            opened = _open_up_to(group.probe, text, start_at, start, timeout)
            if opened is not None:
                return opened, True
        return start, False

    def open_label(self, text: str, pos: int) -> str | None:
        """The label of an item still open at ``pos`` (for a refusal message)."""
        for item in self.items:
            if item.probe.match(text, pos, partial=True, timeout=self._timeout) is not None:
                return item.label
        return None

    def matches_at(
        self, text: str, pos: int, final: bool, mask: int
    ) -> list[tuple[RegexItem, regex.Match[str]]] | None:
        """The complete matches at ``pos`` of the items in ``mask``; None if one is open.

        ``mask`` comes from :meth:`scan`: every item outside it is final at ``pos`` with
        no candidate there, so only the items in it are tried.
        """
        found: list[tuple[RegexItem, regex.Match[str]]] = []
        timeout = self._timeout
        items = self.items
        while mask:
            low_bit = mask & -mask
            mask ^= low_bit
            item = items[low_bit.bit_length() - 1]
            if not final and item.probe.match(text, pos, None, None, True, timeout):
                return None
            match = item.pattern.match(text, pos, None, None, False, timeout)
            if match is not None and match.end() > match.start():
                found.append((item, match))
        return found
