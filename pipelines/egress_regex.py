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
:mod:`pipelines.egress`); a look-behind longer than that window is not supported.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final, final

import regex

__all__ = [
    "FLAGS",
    "UNTIMED_SPAN",
    "AnchorHint",
    "RegexItem",
    "RegexScanner",
    "ScanState",
    "compile_item",
    "settleable_source",
]

# Every output pattern is compiled with VERSION1 (nested sets, scoped inline flags), the
# same dialect the built-in entity library is written in.
FLAGS: Final = regex.VERSION1

# ``timeout=`` costs about 1.7 microseconds per call (a timer is armed each time), more
# than the search itself on a 4-character feed.  Searches over at most this many
# characters run without it: the built-in patterns are linear or bounded there, and a
# span this short cannot hide catastrophic backtracking of the library's bounded
# repetitions.  Every longer search (a big chunk, a held PEM block) is timed.
UNTIMED_SPAN: Final = 48
# Distinct one- and two-character keys remembered per policy for the start test.
_START_CACHE_SIZE: Final = 1 << 16
# Item masks remembered by the quiet path (each entry holds a small compiled pattern).
_QUIET_CACHE_SIZE: Final = 4096
# New texts up to this long are also remembered whole in the start-test cache.
_WHOLE_KEY_CHARS: Final = 16

_WORD_BOUNDARY: Final = r"(?:(?<=\w)(?!\w)|(?<!\w)(?=\w))"
_NOT_WORD_BOUNDARY: Final = r"(?:(?<=\w)(?=\w)|(?<!\w)(?!\w))"
_TEXT_END: Final = r"(?![\s\S])"
_TEXT_START: Final = r"(?<![\s\S])"
_MULTILINE_FLAG: Final = regex.compile(r"\(\?[a-zA-Z]*m")


def settleable_source(source: str) -> str:
    """``source`` with end-sensitive zero-width assertions made visible to probes.

    Rewrites ``\\b``, ``\\B``, ``\\Z``, ``\\z``, ``\\A``, ``^`` and ``$`` outside character
    classes into consuming look-arounds with the same meaning on a whole string.  Escapes
    and (nested) character classes are copied unchanged.
    """
    multiline = _MULTILINE_FLAG.search(source) is not None
    out: list[str] = []
    depth = 0  # character-class nesting (VERSION1 sets nest)
    i, n = 0, len(source)
    while i < n:
        char = source[i]
        if char == "\\" and i + 1 < n:
            escaped = source[i + 1]
            if depth == 0 and escaped == "b":
                out.append(_WORD_BOUNDARY)
            elif depth == 0 and escaped == "B":
                out.append(_NOT_WORD_BOUNDARY)
            elif depth == 0 and escaped in "Zz":
                out.append(_TEXT_END)
            elif depth == 0 and escaped == "A":
                out.append(_TEXT_START)
            else:
                out.append(source[i : i + 2])
            i += 2
            continue
        if char == "[":
            depth += 1
            out.append(char)
            i += 1
            # A "]" right after "[" or "[^" is a literal member, not the end of the set.
            if i < n and source[i] == "^":
                out.append("^")
                i += 1
            if i < n and source[i] == "]":
                out.append("]")
                i += 1
            continue
        if char == "]" and depth > 0:
            depth -= 1
        elif depth == 0 and char == "^":
            out.append(r"(?<![^\n])" if multiline else _TEXT_START)
            i += 1
            continue
        elif depth == 0 and char == "$":
            out.append(r"(?![^\n])" if multiline else r"(?=\n?(?![\s\S]))")
            i += 1
            continue
        out.append(char)
        i += 1
    return "".join(out)


def _group_end(source: str, start: int) -> int:
    """Index just past the group opened at ``source[start]`` (escapes, classes aware)."""
    depth = 0
    in_class = 0
    i = start
    while i < len(source):
        char = source[i]
        if char == "\\":
            i += 2
            continue
        if in_class:
            if char == "[":
                in_class += 1
            elif char == "]":
                in_class -= 1
        elif char == "[":
            in_class = 1
            if source.startswith("^", i + 1):
                i += 1
            if source.startswith("]", i + 1):
                i += 1
        elif char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    raise ValueError("unbalanced group")


def starter_source(settled: str) -> str | None:
    """A pattern that can begin wherever ``settled`` can, judged on a short string.

    Leading look-behinds only narrow where a match may begin, so without them the
    pattern begins (matches or runs into the end) at a superset of positions.  Tried
    with ``partial=True`` on the one or two characters at a position, it tells whether
    a match can begin there at all: every path consumes them first or runs into the
    end of the short string (open, so accepted).  None when that test would not be
    sound: a positive look-behind later in the pattern (it fails without context) or
    an unparsable start.
    """
    rest = settled
    try:
        while rest.startswith(("(?<!", "(?<=")):
            rest = rest[_group_end(rest, 0) :]
    except ValueError:
        return None
    if "(?<=" in rest or not rest:
        return None
    return f"(?:{rest})(*PRUNE)(*FAIL)"


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
    hint: AnchorHint | None = None


def compile_item(
    *,
    name: str,
    label: str,
    kind: str,
    rank: int,
    source: str,
    validator: Callable[[str], bool] | None,
    hint: AnchorHint | None = None,
) -> RegexItem:
    """Compile one pattern and its probe (raises ``regex.error`` on bad source, and
    ``ValueError`` when ``hint`` contradicts the pattern: see :meth:`AnchorHint.check`)."""
    settled = settleable_source(source)
    starter = _compile_starter(settled)
    if hint is not None:
        hint.check(starter)
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
        hint=hint,
    )


def _compile_starter(settled: str) -> regex.Pattern[str] | None:
    source = starter_source(settled)
    if source is None:
        return None
    try:
        return regex.compile(source, FLAGS)
    except regex.error:
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


_Order = tuple[tuple[int, int, "AnchorHint"], ...]


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
        "_hints",
        "_quiet",
        "_starts",
        "_timeout",
        "_unhinted",
        "_whole",
        "items",
    )

    def __init__(self, items: Sequence[RegexItem], timeout: float) -> None:
        self.items = tuple(items)
        self._hints = tuple(item.hint for item in items)
        self._unhinted = sum(1 << i for i, item in enumerate(items) if item.hint is None)
        # item mask -> what the quiet path needs for those items (lazily, bounded)
        self._quiet: dict[int, tuple[Callable[[str], object], str, _Order]] = {}
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
        hints = self._hints
        partial = not final
        folded, folded_at = "", -1  # casefolded text[folded_at:], shared by hinted items
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
            hint = hints[index]
            if hint is not None and folded_at != start_at:
                folded, folded_at = text[start_at:].casefold(), start_at
            if hint is not None and hint.find_anchor(folded) is None:
                # No anchor: no match here, and open at most in a short tail (AnchorHint).
                start = end if final else hint.open_from(text, start_at)
                group_open = True
            else:
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

    def quiet_hold(
        self, text: str, pos: int, todo: int, state: ScanState, base: int
    ) -> int | None:
        """:meth:`scan` for a window only hinted items may touch and none has an anchor in.

        ``todo`` are the items to decide (unsettled or beginning in the new text).  When
        all of them carry a hint and ``text[pos:]`` holds none of their anchors, none
        has a match there and each is open at most in its hinted tail: the state is
        updated as :meth:`scan` would and the leftmost held position returned.  None
        when the window needs the full scan.  No regex runs.
        """
        if todo & self._unhinted:
            return None
        entry = self._quiet.get(todo)
        if entry is None:
            entry = self._quiet_entry(todo)
        find, end_chars, order = entry
        if find(text[pos:].casefold()) is not None:
            return None
        end = len(text)
        if pos == end or (text[-1] < "\x80" and text[-1] not in end_chars):
            # No tail can end in this character: every item is settled (their marks
            # are not read while settled).
            state.unsettled = 0
            return end
        hold = end
        marks = state.marks
        unsettled = 0
        for bit, index, hint in order:  # the longest reach first
            if end - hint.reach >= hold:
                # Its tail cannot begin before the hold: final up to there.
                marks[index] = base + hold
                unsettled |= bit
                continue
            start = hint.run_start(text, pos, end) if hint.lead_only else hint.open_from(text, pos)
            if start < end:
                marks[index] = base + start
                unsettled |= bit
                if start < hold:
                    hold = start
        state.unsettled = unsettled
        return hold

    def _quiet_entry(self, todo: int) -> tuple[Callable[[str], object], str, _Order]:
        """For the hinted items in ``todo``: a search for any of their anchors in
        casefolded text, the ASCII characters a tail of theirs may end with, and the
        items by falling reach.  Remembered per mask (at most ``_QUIET_CACHE_SIZE``)."""
        hinted = [
            (1 << index, index, hint)
            for index, hint in enumerate(self._hints)
            if todo >> index & 1 and hint is not None
        ]
        anchors = sorted({anchor for _bit, _index, hint in hinted for anchor in hint.anchors})
        find = re.compile("|".join(re.escape(anchor) for anchor in anchors)).search
        end_chars = "".join(sorted({c for _b, _i, hint in hinted for c in hint.tail_ends}))
        order = tuple(sorted(hinted, key=lambda entry: -entry[2].reach))
        entry = (find, end_chars, order)
        if len(self._quiet) < _QUIET_CACHE_SIZE:
            self._quiet[todo] = entry
        return entry

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
            probe = group.probe.search(text, start_at, None, None, True, timeout)
            if probe is not None:
                opened = probe.start(1)
                if opened < 0:
                    opened = probe.start()
                if opened <= start:
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
