"""Speed hints for output patterns: where no anchor is, no regex needs to run.

A hint is a promise about a pattern (see :class:`AnchorHint`) that the entity library
makes and tests.  The stream filter uses it to settle a window that holds none of the
pattern's anchors without a regex search: the pattern has no match there and can only
be open in a short tail.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import final

import regex

from pipelines.egress.source import FLAGS

__all__ = ["AnchorHint"]


@final
class AnchorHint:
    """What a pattern's caller promises about it, so most feeds need no regex call.

    The promise: every match of the pattern contains one of ``anchors`` (compared after
    ``str.casefold``, which also covers ``(?i:...)`` and full case folding), and every
    text that more text could still turn into a match, while it holds no anchor, is a
    run of at most ``lead_max`` characters of the class ``lead`` followed by a proper
    prefix of an anchor.  (An e-mail: ``@``; before it, 1 to 64 local-part characters.)
    So where a window holds no anchor, the pattern has no match in it and can only be
    open in that short tail: the filter holds the tail (at most ``lead_max`` plus the
    longest anchor, never much more than the exact hold) and searches nothing; the
    regex runs once an anchor arrives.  A wrong promise is a leak, so hints come from
    the entity library (which tests them), never from user configuration.
    """

    __slots__ = (
        "_ascii_lead",
        "_in_lead",
        "_lead",
        "_lead_max",
        "_longest",
        "_prefix_lengths",
        "_prefixes",
        "_tail",
        "anchors",
        "find_anchor",
        "lead_only",
        "reach",
        "tail_ends",
    )

    def __init__(self, anchors: Sequence[str], lead: str | None, lead_max: int) -> None:
        folded = sorted({anchor.casefold() for anchor in anchors})
        if not folded or not all(folded):
            raise ValueError("anchors must be non-empty strings")
        if (lead is None) != (lead_max == 0) or lead_max < 0:
            raise ValueError("lead and a positive lead_max go together")
        self.anchors = tuple(folded)
        # ``find_anchor(window.casefold())`` is None when the window holds no anchor.
        self.find_anchor = re.compile("|".join(re.escape(a) for a in folded)).search
        self._prefixes = frozenset(a[:n] for a in folded for n in range(1, len(a)))
        self._prefix_lengths = tuple(range(1, max(len(a) for a in folded)))
        self._longest = max(len(a) for a in folded)
        # Leftmost (longest) proper anchor prefix that ends a casefolded window.
        self._tail = (
            re.compile(f"(?:{'|'.join(re.escape(p) for p in sorted(self._prefixes))})\\Z").search
            if self._prefixes
            else None
        )
        self._lead = None if lead is None else regex.compile(lead, FLAGS)
        lead_re = self._lead
        self._ascii_lead = (
            ""
            if lead_re is None
            else "".join(c for c in map(chr, range(128)) if lead_re.fullmatch(c) is not None)
        )
        self._lead_max = lead_max
        # character -> whether it is in ``lead``, filled lazily (a dict write is atomic;
        # bounded by the characters seen, at most Unicode's)
        self._in_lead: dict[str, bool] = {}
        # ASCII characters a held tail can end with: lead members, and the last
        # character of an anchor prefix in any letter case.
        self.tail_ends = frozenset(self._ascii_lead) | {
            c
            for prefix in self._prefixes
            for c in map(chr, range(128))
            if c.casefold() == prefix[-1]
        }
        # Only a lead run can be open (one-character anchors): open_from is run_start.
        self.lead_only = self._tail is None and self._lead is not None
        # The most characters the hint can hold back from the end of a window.
        self.reach = lead_max + len(self._prefix_lengths)

    def check(self, starter: regex.Pattern[str] | None) -> None:
        """Raise ``ValueError`` where the pattern's start test refutes the promise.

        Every ASCII character a match (or an open prefix) may begin with must be a
        ``lead`` member or begin an anchor: this catches the dangerous slip, anchors
        given without the lead that precedes them (an e-mail's local part), which would
        release the start of a value before its anchor arrives.
        """
        if starter is None:
            raise ValueError("the pattern has no start test to check its hint against")
        firsts = {anchor[0] for anchor in self.anchors}
        for char in map(chr, range(128)):
            if char in self._ascii_lead or char.casefold() in firsts:
                continue
            if starter.match(char, partial=True) is not None:
                raise ValueError("a match may begin outside the hint's lead and anchors")

    def holds_anchor(self, text: str, start: int) -> bool:
        """Whether ``text[start:].casefold()`` holds an anchor, at a cost growing with the
        distance to the first one (not with the rest of the window).

        Windows of doubling size are folded and searched in turn, each overlapping the
        last by ``len(anchor) - 1`` characters: a character folds to one or more, so an
        anchor in the folded text spans at most that many characters of ``text`` and
        lies whole inside some window.
        """
        end = len(text)
        step = 256
        overlap = self._longest - 1
        find = self.find_anchor
        while True:
            stop = start + step
            if find(text[start:stop].casefold()) is not None:
                return True
            if stop >= end:
                return False
            start = stop - overlap
            step *= 2

    def open_from(self, text: str, start: int) -> int:
        """The leftmost position ``>= start`` where the pattern may still be open.

        Only valid when ``text[start:]`` holds no anchor; ``len(text)`` when it cannot
        be open anywhere.
        """
        end = len(text)
        best = end if self._lead is None else self.run_start(text, start, end)
        tail = self._tail
        if tail is None:  # one-character anchors: only the lead run
            return best
        low = end - len(self._prefix_lengths)
        if low < start:
            low = start
        window = text[low:]
        folded = window.casefold()
        if self._lead is None and len(folded) == len(window):
            found = tail(folded)
            return best if found is None else low + found.start()
        # A lead before a partial anchor, or case folding that changes lengths.
        for length in self._prefix_lengths:
            stop = end - length
            if stop < start:
                break
            if text[stop:].casefold() in self._prefixes:
                stop = stop if self._lead is None else self.run_start(text, start, stop)
                if stop < best:
                    best = stop
        return best

    def run_start(self, text: str, low: int, stop: int) -> int:
        """Where the run of ``lead`` characters ending at ``stop`` begins (not below
        ``low``, nor more than ``lead_max`` before ``stop``).

        ASCII members are stripped in C (``str.rstrip``); other characters are tested
        one by one against the class, remembered per character.
        """
        if low < stop - self._lead_max:
            low = stop - self._lead_max
        ascii_lead = self._ascii_lead
        at = stop
        while at > low:
            at = low + len(text[low:at].rstrip(ascii_lead))
            if at == low:
                break
            char = text[at - 1]
            if char < "\x80":
                break  # an ASCII character outside the class ends the run
            member = self._in_lead.get(char)
            if member is None:
                lead = self._lead
                member = self._in_lead[char] = lead is not None and lead.fullmatch(char) is not None
            if not member:
                break
            at -= 1
        return at
