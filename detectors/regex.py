"""The ``regex`` detector: built-in entity patterns plus operator-defined ones.

Options (``docs/configuration.md``): ``entities``, ``phone_mode``, ``phone_regions``,
``custom[]``.  Everything is validated and compiled in :func:`create` (by
:mod:`detectors.regex_rules`); ``detect`` only scans.  Scanning is pure CPU; it runs on
the detector's own small thread pool, never on the event loop, so a 3 MB prompt or a
slow custom pattern does not stall ``/healthz`` or other streams, and the chain's
``timeout_s`` answers on time (the awaiting request is refused; the scan sees the
cancellation at its next regex call and stops).  Long searches release the GIL
(``concurrent=True``).  How a scan stays cheap:

* each pattern is skipped outright unless one of its literal anchors occurs in the
  text (``@`` for e-mail, ``eyJ`` for JWTs), which is a ``memchr``-speed check;
* the numeric built-ins (phone, card, IBAN, SSN, tax id, IPv4) run only inside the
  "digit clusters" of the text (runs of digits, spaces and ``+-./()``) that hold enough
  digits, found by one fast scan, instead of scanning the whole text each, and only
  where a cheap prefilter (the pattern's digit core, in the standard ``re``) passes;
* e-mail is tried once per ``@``, from the start of the local-part run before it;
  bare SSNs once per SSN keyword, from the keyword;
* a pattern that matches but fails its validator is retried one character later and
  with shorter ends at digit-group boundaries, so ``12 4111 1111 1111 1111`` still
  yields the card;
* every text gets one CPU-time budget that grows with its length (a quarter second
  plus 10 µs per character, at most 15 s), counted in the scanning thread's CPU time
  less its garbage collections (a full collection of a large process falls into some
  scan and is not that text's doing).  *Every* regex call, however short its
  window, runs under the ``regex`` module's ``timeout=`` for what is left of it (a
  catastrophic pattern backtracks for seconds on 25 characters); the clock is read
  again every 32 calls, so a call may at most overrun by what the 31 before it cost.
  Running out raises :class:`DetectorError`, so the request fails closed instead of
  hanging on a pathological pattern (ReDoS).

The detector reads the canonical view of each text (``pipelines.canon``, DESIGN C9):
invisible characters, other whitespace and dashes, full-width forms, other scripts'
digits and confusable letters are folded before it sees the text, so its patterns are
written for the plain spelling only and its spans are offsets into the view (the chain
maps them back to the raw text).
"""

from __future__ import annotations

import asyncio
import bisect
import gc
import os
import re
import threading
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from string import ascii_letters, ascii_uppercase
from typing import Final, final

import ahocorasick
import regex

from detectors.entity_pattern import keyword_forms
from detectors.labelled import LabelReader
from detectors.library import EXTENSION_MARK, EXTENSION_WORDS
from detectors.regex_rules import Rule, scan_plan
from pipelines.canon import fold_case
from pipelines.egress import OutputPattern
from pipelines.errors import DetectorError
from pipelines.spans import DetectorContext, Span

__all__ = ["RegexDetector", "create"]

# CPU-time budget per text: a floor for small texts plus a linear allowance, capped.
# Prose costs well under 0.2 us per character and dense tables of numbers about 5, so
# legitimate text fits while a catastrophic pattern on a 40-character text is cut off
# after a quarter of a second and no text can hold the event loop for more than the
# cap.  CPU time of this thread, not wall time, so a busy machine does not turn a
# normal scan into a refusal.
_BASE_BUDGET_S: Final = 0.25
_BUDGET_PER_CHAR_S: Final = 1e-5
_MAX_BUDGET_S: Final = 15.0
_MAX_SHRINK_TRIES: Final = 4
# Reading the CPU clock costs as much as a short search: it is read once every this
# many regex calls (and digit clusters), and each call in between is bounded by what
# was left at the last reading.
_CALLS_PER_CHECK: Final = 32
# Searches over longer windows release the GIL while they run (``concurrent=True``),
# so the event loop and other scans keep moving; shorter ones are over before a
# thread switch would pay off.
_LONG_WINDOW: Final = 4096
# Scanning threads per detector: requests are scanned side by side, up to the cores.
_WORKERS: Final = max(1, min(4, os.cpu_count() or 1))


# A run of the characters numeric values are written with.  It starts at a digit; a "+"
# or "(" right before it, which opens a phone number, is added afterwards.  A phone
# extension ("x905", "ext. 12") continues the run it follows.  Written for the standard
# library's engine as runs of the plain class joined by extension marks, each mark
# tried only where its first character stands (a comma or a keyword's initial): the
# run ends there otherwise.  Linear in the text: a class run never gives characters
# back, and a mark is tried once where a run stops.
_RUN_CLASS: Final = r"[0-9 \t+()\-./]"
_MARK_INITIALS: Final = "".join(
    sorted({",", *(form[0] for form in keyword_forms(EXTENSION_WORDS))})
)
_CLUSTER: Final = re.compile(
    rf"[0-9]{_RUN_CLASS}*(?:(?=[{_MARK_INITIALS}]){EXTENSION_MARK}(?=[0-9]){_RUN_CLASS}*)*"
)
_DROP_SEPARATORS: Final = str.maketrans("", "", " \t+()-./")
# Two ASCII letters, in either case: an IBAN's country code before a cluster.
_LETTER_PAIRS: Final = frozenset(a + b for a in ascii_letters for b in ascii_letters)
# The shortest runs a rule needs: a postcode of 5 digits (where the address rules
# look), a phone number of 6 digits, an IPv4 address of 7 characters.  Shorter runs
# (years, amounts, ticket numbers) are dropped at once, but for the hits of the rules
# searched near a digit run of four (a postcode that ends a text or a clause).
_MIN_CLUSTER: Final = 5


def _first(item: tuple[int, list[tuple[int, int]]]) -> int:
    return item[0]


def _may_match(rule: Rule, caseless: str) -> bool:
    """The rule's cheap gates on the case-folded text: one of its anchors occurs in any
    case; a gitleaks rule's keyword does."""
    if rule.anchors and not any(anchor in caseless for anchor in rule.caseless_anchors):
        return False
    return rule.gitleaks is None or rule.gitleaks.keyword_in(caseless)


def _non_overlapping(candidates: Iterable[tuple[int, Span]]) -> list[Span]:
    """Resolve overlaps the way the chain does (docs/design.md C3), sorted by start.

    Longer wins, then the earlier rule, then the earlier start.  A digit group inside an
    IBAN that also reads as a phone number is therefore not reported on its own.
    """
    ranked = sorted(candidates, key=lambda item: (-item[1].length, item[0], item[1].start))
    kept: list[Span] = []  # non-overlapping, so sorted by start is sorted by end too
    starts: list[int] = []
    for _, span in ranked:
        at = bisect.bisect_right(starts, span.start)
        if at > 0 and kept[at - 1].end > span.start:
            continue
        if at < len(kept) and kept[at].start < span.end:
            continue
        kept.insert(at, span)
        starts.insert(at, span.start)
    return kept


@final
class RegexDetector:
    """Finds built-in and custom patterns; see the module docstring."""

    __slots__ = (
        "_anchors",
        "_cluster_plan",
        "_clustered",
        "_digit_run",
        "_labels",
        "_name",
        "_near_gate",
        "_near_runs",
        "_numeric",
        "_pool",
        "_reader",
        "_rules",
        "_searched",
    )

    def __init__(
        self,
        name: str,
        rules: Sequence[Rule],
        reader: LabelReader | None = None,
        labels: frozenset[str] | None = None,
    ) -> None:
        self._name = name
        self._reader = reader
        # No thread starts until the first scan is submitted (or ``start`` warms one).
        self._pool = ThreadPoolExecutor(_WORKERS, thread_name_prefix=f"pseudogate-{name}")
        self._rules = tuple(rules)
        self._labels = labels if labels is not None else frozenset(r.label for r in self._rules)
        # (index, rule) of the numeric rules, scanned cluster by cluster.
        self._numeric = tuple((i, r) for i, r in enumerate(self._rules) if r.min_digits is not None)
        # (index, rule) of the rules searched near digit runs: their hits are looked
        # for in the same pass over the clusters.
        self._near_runs = tuple((i, r) for i, r in enumerate(self._rules) if r.near_digits)
        self._clustered = bool(self._numeric or self._near_runs)
        # One search for all of their hit patterns over the widest window, in which each
        # pattern's own window lies: a cluster where it finds nothing holds no hit.
        self._near_gate = (
            re.compile("|".join(f"(?:{r.near.pattern})" for _, r in self._near_runs if r.near))
            if self._near_runs
            else None,
            min((r.near_digits for _, r in self._near_runs), default=0),
            max((r.near_lead for _, r in self._near_runs), default=0),
        )
        # The numeric rules as plain tuples, fewest digits first, so that a cluster
        # stops at the first rule needing more digits than it holds:
        # (fewest digits, index, rule, fewest dots, prefilter, lead).
        self._cluster_plan = tuple(
            sorted(
                ((r.min_digits or 0, i, r, r.min_dots, r.needs, r.lead) for i, r in self._numeric),
                key=lambda entry: entry[0],
            )
        )
        self._anchors = _AnchorIndex(self._rules)
        # The shortest digit run a window core of a rule tried at its anchors needs: the
        # runs of at least that many digits are found once per scan, where one is needed.
        fewest_run = min(
            (r.window_core.run for r in self._rules if r.window_core and r.window_core.run),
            default=0,
        )
        self._digit_run = regex.compile(f"[0-9]{{{fewest_run},}}") if fewest_run else None
        # (index, rule) of the rules searched in the whole text, each behind its own
        # gate (an anchor in any case, a gitleaks keyword; custom rules have none).
        self._searched = tuple(
            (i, r)
            for i, r in enumerate(self._rules)
            if r.min_digits is None
            and not r.near_digits
            and not r.at_anchor
            and i not in self._anchors.gated
        )

    @property
    def name(self) -> str:
        """The configured name of this detector."""
        return self._name

    @property
    def labels(self) -> frozenset[str]:
        """Labels of the enabled built-ins and custom patterns."""
        return self._labels

    @property
    def structured(self) -> bool:
        """Reports validated structured values: wins over a model's overlapping span."""
        return True

    @property
    def output_patterns(self) -> tuple[OutputPattern, ...]:
        """The operator's ``custom[]`` patterns, for ``response.redact`` to name by label.

        One per custom rule, in config order, named ``<detector>.custom[i]``, with the
        source it was compiled from and its validator; a rule with ``context`` words is
        preceded by their look-behind (the very source the detector tests at each match
        start), so a reply is masked exactly where a prompt is.  Built-ins are not
        listed; the proxy takes those from the entity library, with their speed hints.
        """
        return tuple(
            OutputPattern(
                name=f"{self._name}.{rule.field}",
                label=rule.label,
                pattern=(
                    rule.compiled.pattern
                    if rule.context is None
                    else f"{rule.context.pattern}(?:{rule.compiled.pattern})"
                ),
                validator=rule.validator,
            )
            for rule in self._rules
            if rule.field is not None
        )

    async def start(self) -> None:
        """Start a scanning thread, so the first request does not pay for it."""
        await asyncio.get_running_loop().run_in_executor(self._pool, int)

    async def aclose(self) -> None:
        """Stop the scanning threads; queued scans are dropped, a running one ends."""
        self._pool.shutdown(wait=False, cancel_futures=True)

    async def detect(self, texts: Sequence[str]) -> list[list[Span]]:
        """Scan each text on the detector's threads.

        Raises :class:`DetectorError` if a scan runs out of its time budget.  When the
        caller stops waiting (the chain's ``timeout_s``, a client gone), the scan is told
        and stops at its next regex call or clock reading.
        """
        frozen = tuple(texts)
        if not any(frozen):
            return [[] for _ in frozen]
        cancelled = threading.Event()
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._pool, self._scan_all, frozen, cancelled)
        except asyncio.CancelledError:
            cancelled.set()
            raise

    def _scan_all(self, texts: tuple[str, ...], cancelled: threading.Event) -> list[list[Span]]:
        return [self._scan(text, cancelled) for text in texts]

    def scan(self, text: str) -> list[Span]:
        """Synchronous core of :meth:`detect` for one text, on the calling thread."""
        return self._scan(text, None)

    def _scan(self, text: str, cancelled: threading.Event | None) -> list[Span]:
        if not text:
            return []
        # Anchors are a prefilter: checked without case, so a rule whose keyword is
        # case-insensitive is never skipped for its case ("sSN"); a case-sensitive
        # pattern then decides itself.  fold_case keeps every offset.
        caseless = fold_case(text)
        seconds = min(_BASE_BUDGET_S + len(text) * _BUDGET_PER_CHAR_S, _MAX_BUDGET_S)
        budget = _Budget(self._name, seconds, cancelled)
        # (rule index, matches) of every rule that may match; only those are visited.
        per_rule: list[tuple[int, list[tuple[int, int]]]] = []
        if self._clustered:
            numeric = self._cluster_matches(text, budget)
            for index, rule in self._near_runs:
                hits = numeric.pop(index)
                if hits:
                    per_rule.append((index, self._near_matches(rule, text, hits, budget)))
            per_rule += [(index, matches) for index, matches in numeric.items() if matches]
        rules = self._rules
        runs: tuple[list[int], list[int]] | None = None  # built when first needed
        for index, starts in self._anchors.starts(text, caseless).items():
            rule = rules[index]
            if rule.at_anchor:
                if runs is None and rule.window_core is not None and rule.window_core.run:
                    runs = self._digit_runs(text, budget)
                per_rule.append(
                    (index, self._at_anchor_matches(rule, text, starts, budget, runs or ([], [])))
                )
            else:  # gated: one of its anchors occurs
                per_rule.append((index, self._gated_matches(rule, text, budget)))
        for index, rule in self._searched:
            if _may_match(rule, caseless):
                per_rule.append((index, self._gated_matches(rule, text, budget)))
        # Rules in precedence order: the first to claim exact offsets names them.
        per_rule.sort(key=_first)
        found: dict[tuple[int, int], tuple[int, Span]] = {}
        name = self._name
        for index, matches in per_rule:
            rule = rules[index]
            for start, end in matches:
                if (start, end) not in found:
                    found[start, end] = (index, Span(start, end, rule.label, rule.score, name))
        spans = _non_overlapping(found.values())
        if self._reader is not None:
            spans = self._reader.extend(text, spans, name, budget.check)
        return spans

    def _cluster_matches(self, text: str, budget: _Budget) -> dict[int, list[tuple[int, int]]]:
        """Run the numeric rules on the digit clusters that could hold their values.

        A cluster is a run of number-writing characters (``_CLUSTER``) with the ``+`` or
        ``(`` right before it; runs too short to hold any value are skipped, unless two
        ASCII letters (an IBAN country code, either case) stand right before them.
        Every character a numeric pattern can match is a cluster character, so a
        match lies inside one cluster; the search window reaches two characters past
        it so that the pattern's look-ahead sees the real text, not a cut.  The hits
        of the rules searched near digit runs are collected here too (a hit is looked
        for in full only where a first search finds one).  Returns the matches, or
        hits, per rule index.  The clock is read every ``_CALLS_PER_CHECK`` runs, so
        the budget also bounds the search for them (a long text is seconds of runs).
        """
        found: dict[int, list[tuple[int, int]]] = {index: [] for index, _ in self._numeric}
        near_runs = []
        for index, rule in self._near_runs:
            assert rule.near is not None  # set with near_digits
            hits = found.setdefault(index, [])
            near_runs.append((hits, rule.near, rule.near_digits, rule.near_lead))
        near_gate, gate_digits, gate_lead = self._near_gate
        plan = self._cluster_plan
        size = len(text)
        count = 0
        for match in _CLUSTER.finditer(text):
            count -= 1
            if count < 0:
                count = _CALLS_PER_CHECK - 1
                budget.check()
            start, stop = match.span()
            # (a slice before the text's start is empty, and no pair)
            lead = text[start - 2 : start] in _LETTER_PAIRS
            if stop - start < _MIN_CLUSTER and not lead:
                # (a postcode of four digits that ends the text or its clause: "Auckland
                # 1011," is looked at for the rules searched near one)
                if not (near_runs and stop - start >= gate_digits):
                    continue
                near_only = True
            else:
                near_only = False
            while start > 0 and text[start - 1] in "+(":
                start -= 1
            chunk = text[start:stop]
            digits = len(chunk.translate(_DROP_SEPARATORS))
            window_end = min(size, stop + 2)
            window = text[start:window_end]
            if near_runs and (
                near_gate is None
                or (
                    digits >= gate_digits
                    and near_gate.search(text, max(0, start - gate_lead), window_end) is not None
                )
            ):
                for hits, near, fewest, before in near_runs:
                    if digits >= fewest:
                        begin = max(0, start - before)
                        if near.search(text, begin, window_end) is not None:
                            hits += (
                                hit.span() for hit in near.finditer(text, begin, window_end)
                            )
            if near_only:
                continue
            dots = chunk.count(".")
            for fewest, index, rule, min_dots, needs, before in plan:
                if digits < fewest:
                    break  # the plan is sorted by fewest digits
                if dots < min_dots:
                    continue
                if before:
                    if lead:
                        begin = start - before
                        end = min(size, begin + rule.max_length + 2)
                        found[index] += self._matches(
                            rule, text, begin, end, budget, anchored=True
                        )
                elif needs is None or needs(window, digits):
                    found[index] += self._matches(
                        rule, text, start, window_end, budget, fewest=fewest
                    )
        return found

    def _gated_matches(self, rule: Rule, text: str, budget: _Budget) -> list[tuple[int, int]]:
        """The matches of a rule one of whose anchors occurs (or that has none)."""
        if rule.near is not None:
            hits = [hit.span() for hit in rule.near.finditer(text)]
            return self._near_matches(rule, text, hits, budget)
        if rule.around:
            return self._around_matches(rule, text, budget)
        return self._matches(rule, text, 0, len(text), budget)

    def _around_matches(self, rule: Rule, text: str, budget: _Budget) -> list[tuple[int, int]]:
        """Try the rule once per occurrence of its single anchor (``@``).

        A match containing this occurrence starts where the run of ``rule.run_before``
        characters ending at the anchor begins (found by one backwards match), and only
        if that run is 1 to ``rule.around`` characters long; the window reaches
        ``max_length`` past the anchor, so the pattern's look-ahead sees real text.
        """
        anchor = rule.anchors[0]
        back = rule.run_before
        assert back is not None  # set for every rule scanned around its anchor
        spans: list[tuple[int, int]] = []
        size = len(text)
        at = text.find(anchor)
        while at != -1:
            run = back.match(text, 0, at)
            length = 0 if run is None else at - run.start()
            if 0 < length <= rule.around:
                stop = min(size, at + rule.max_length + 2)
                spans += self._matches(rule, text, at - length, stop, budget, anchored=True)
            at = text.find(anchor, at + 1)
        return spans

    def _near_matches(
        self, rule: Rule, text: str, hits: Iterable[tuple[int, int]], budget: _Budget
    ) -> list[tuple[int, int]]:
        """Search the rule only in windows around the ``hits`` of its ``near`` pattern.

        Every match contains a hit and lies within ``near_back`` before and
        ``near_ahead`` after it, so merged windows hold every match whole.
        """
        size = len(text)
        windows: list[list[int]] = []
        for start, stop in hits:
            begin = max(0, start - rule.near_back)
            end = min(size, stop + rule.near_ahead)
            if windows and begin <= windows[-1][1]:
                windows[-1][1] = max(windows[-1][1], end)
            else:
                windows.append([begin, end])
        spans: list[tuple[int, int]] = []
        for begin, end in windows:
            spans += self._matches(rule, text, begin, end, budget)
        return spans

    def _digit_runs(self, text: str, budget: _Budget) -> tuple[list[int], list[int]]:
        """(starts, ends) of the text's maximal runs of digits that a window core may
        need, in order: one search over the text for all the windows of a scan.

        Linear (one character class, nothing to backtrack), so the search runs without
        ``timeout=``: an iterator's timeout would also count the Python work and the
        garbage collections between its steps.  The budget is read once it is done.
        """
        if self._digit_run is None:
            return [], []
        spans = [
            run.span()
            for run in self._digit_run.finditer(text, concurrent=len(text) > _LONG_WINDOW)
        ]
        budget.check()
        return [start for start, _ in spans], [end for _, end in spans]

    def _at_anchor_matches(
        self,
        rule: Rule,
        text: str,
        starts: Iterable[int],
        budget: _Budget,
        runs: tuple[list[int], list[int]],
    ) -> list[tuple[int, int]]:
        """Try the rule only where one of its anchors starts: every match starts there.

        With a ``window_core``, only where the window holds that core, as every match
        does; ``runs`` are the text's digit runs (:meth:`_digit_runs`) it reads.
        """
        spans: list[tuple[int, int]] = []
        size = len(text)
        core = rule.window_core
        for at in starts:
            stop = min(size, at + rule.max_length + 2)
            if core is not None and not core.holds(text, at, stop, runs):
                continue
            spans += self._matches(rule, text, at, stop, budget, anchored=True)
        return spans

    def _matches(
        self,
        rule: Rule,
        text: str,
        pos: int,
        stop: int,
        budget: _Budget,
        *,
        anchored: bool = False,
        fewest: int = 0,
    ) -> list[tuple[int, int]]:
        """The accepted matches of ``rule`` in ``text[pos:stop]``, left to right.

        ``anchored``: only the one match starting at ``pos`` is tried.  ``fewest``: every
        match holds at least that many characters other than the cluster separators (a
        numeric rule's fewest digits), so the search goes on past a match or a rejected
        start only while what is left of the window holds that many.
        """
        spans: list[tuple[int, int]] = []
        finder = rule.compiled.match if anchored else rule.compiled.search
        first = True
        while pos < stop:
            if fewest and not first and len(text[pos:stop].translate(_DROP_SEPARATORS)) < fewest:
                break
            first = False
            match = self._run(finder, text, pos, stop, budget)
            if match is None:
                break
            start, end = match.span()
            if end <= start:  # a custom pattern that can match empty text
                pos = start + 1
                continue
            if rule.gitleaks is not None:
                secret = rule.gitleaks.secret(match)
                if secret is not None:
                    spans.append(secret)
                pos = end
                continue
            if rule.accepts(text, start, end):
                spans.append((start, end))
                pos = end
            else:
                shorter = self._shrink(rule, text, start, end, budget)
                if shorter is not None:
                    spans.append((start, shorter))
                    pos = shorter
                else:
                    pos = start + 1
            if anchored:
                break
        return spans

    def _shrink(self, rule: Rule, text: str, start: int, end: int, budget: _Budget) -> int | None:
        """A shorter end for a rejected match, cut where a group of digits/letters ends.

        For numeric rules, cuts that leave fewer digits than a value has are not tried,
        nor a cut at a decimal point: a dot before a digit, with no dot before it in the
        match ("4111111111111111.50" is an amount, "4111.1111.1111.1111.2024" a card
        and one more group).
        """
        tries = 0
        floor = rule.min_digits or 0
        digits = sum(1 for ch in text[start:end] if "0" <= ch <= "9")
        for cut in range(end - 1, start, -1):
            if "0" <= text[cut] <= "9":
                digits -= 1
            if not (text[cut - 1].isalnum() and not text[cut].isalnum()):
                continue
            decimal_point = text[cut] == "." and text[cut + 1 : cut + 2].isdigit()
            if decimal_point and "." not in text[start:cut]:
                continue
            if digits < floor:
                break
            tries += 1
            if tries > _MAX_SHRINK_TRIES:
                break
            whole = self._run(rule.compiled.fullmatch, text, start, cut, budget)
            if whole is not None and rule.accepts(text, start, cut):
                return cut
        return None

    def _run(
        self,
        method: Callable[..., regex.Match[str] | None],
        text: str,
        pos: int,
        stop: int,
        budget: _Budget,
    ) -> regex.Match[str] | None:
        """One search/match call, under ``timeout=`` for what is left of the budget.

        The arguments are passed by position (``concurrent``, ``partial``, ``timeout``):
        the ``regex`` module parses keyword arguments at about a microsecond a call,
        as much as a short search costs.
        """
        try:
            return method(text, pos, stop, stop - pos > _LONG_WINDOW, False, budget.left())
        except TimeoutError as exc:
            raise budget.exhausted() from exc


@final
class _AnchorIndex:
    """Where the anchors of the rules tried at their anchors start, and which gated
    rules' anchors occur at all.

    The anchors of every ``at_anchor`` rule as spelled (the library spells each case
    form a match can start with) are found in the text: those starting with an ASCII
    capital by one standard-library alternation, longest first, tried again one
    character after each hit (capitals are rare in text, and the search skips to
    them; every shorter such anchor starting at a hit is a prefix of the longest one),
    the few others by ``str.find``.  One Aho-Corasick pass over the case-folded text
    finds the anchors of the ``at_anchor`` rules whose pattern ignores case, and the
    anchors of the rules searched only if one of them occurs in any case (the gate),
    when all of those are longer than one character (one-character anchors, such as
    ``@``, occur everywhere; such rules, and gitleaks rules with their keywords, keep
    the per-rule gate): the rules have hundreds of them between them.
    """

    __slots__ = ("_capitals", "_caseless", "_exact_finds", "_owners", "gated")

    def __init__(self, rules: Sequence[Rule]) -> None:
        exact: dict[str, list[int]] = {}
        caseless: dict[str, list[int]] = {}
        gated: list[int] = []
        for index, rule in enumerate(rules):
            if rule.at_anchor and rule.min_digits is None and not rule.near_digits:
                forms = rule.caseless_anchors if rule.anchor_caseless else rule.anchors
                owners = caseless if rule.anchor_caseless else exact
            elif _gated_by_index(rule):
                forms, owners = rule.caseless_anchors, caseless
                gated.append(index)
            else:
                continue
            for form in forms:
                owners.setdefault(form, []).append(index)
        capitals = sorted((form for form in exact if form[:1] in ascii_uppercase), key=len)
        self._capitals = (
            re.compile("|".join(map(re.escape, reversed(capitals)))) if capitals else None
        )
        # Per capital anchor: the rules of it and of every capital anchor it starts with.
        self._owners = {
            form: tuple(
                dict.fromkeys(
                    index
                    for prefix in capitals
                    if form.startswith(prefix)
                    for index in exact[prefix]
                )
            )
            for form in capitals
        }
        self._exact_finds = tuple(
            (form, tuple(dict.fromkeys(indexes)))
            for form, indexes in exact.items()
            if form not in self._owners
        )
        self._caseless = self._automaton(caseless)
        # Rule indexes whose gate this index decides: skipped unless found by ``starts``.
        self.gated = frozenset(gated)

    @staticmethod
    def _automaton(owners: Mapping[str, list[int]]) -> ahocorasick.Automaton | None:
        if not owners:
            return None
        automaton = ahocorasick.Automaton()
        for form, indexes in owners.items():
            automaton.add_word(form, (len(form) - 1, tuple(dict.fromkeys(indexes))))
        automaton.make_automaton()
        return automaton

    def starts(self, text: str, caseless: str) -> dict[int, list[int]]:
        """Per rule index, the sorted offsets at which one of its anchors starts."""
        found: dict[int, set[int]] = {}
        if self._capitals is not None:
            owners = self._owners
            search = self._capitals.search
            hit = search(text)
            while hit is not None:
                at = hit.start()
                for index in owners[hit.group()]:
                    found.setdefault(index, set()).add(at)
                hit = search(text, at + 1)
        for form, indexes in self._exact_finds:
            at = text.find(form)
            while at != -1:
                for index in indexes:
                    found.setdefault(index, set()).add(at)
                at = text.find(form, at + 1)
        if self._caseless is not None:
            for end, (back, indexes) in self._caseless.iter(caseless):
                for index in indexes:
                    found.setdefault(index, set()).add(end - back)
        return {index: sorted(offsets) for index, offsets in found.items()}


def _gated_by_index(rule: Rule) -> bool:
    """A rule searched only if an anchor occurs, all its anchors longer than one character."""
    return (
        rule.min_digits is None
        and not rule.near_digits
        and rule.gitleaks is None
        and bool(rule.anchors)
        and all(len(anchor) > 1 for anchor in rule.caseless_anchors)
    )


@final
class _GcClock(threading.local):
    """Per thread: the CPU time its garbage collections took, and when the running one began.

    The collector runs in whichever thread allocates when a generation fills up; a full
    collection of a large process (a big entity list, a long-lived worker) costs tenths
    of a second, and that is not the text's doing.  Fed by :func:`_on_gc` through
    ``gc.callbacks``, which run in the collecting thread.
    """

    spent = 0.0
    began: float | None = None


_GC_CLOCK: Final = _GcClock()


def _on_gc(phase: str, info: Mapping[str, int]) -> None:
    del info
    clock = _GC_CLOCK
    if phase == "start":
        clock.began = time.thread_time()
    elif clock.began is not None:
        clock.spent += time.thread_time() - clock.began
        clock.began = None


gc.callbacks.append(_on_gc)


def _scan_time() -> float:
    """CPU time of this thread that its garbage collections did not take."""
    return time.thread_time() - _GC_CLOCK.spent


@final
class _Budget:
    """The CPU-time budget of one scan and its cancellation flag (one scan, one thread).

    CPU time of the scanning thread, not wall time, so a busy machine does not turn a
    normal scan into a refusal; and less what the thread spent collecting garbage, so a
    full collection that happens to fall into a scan does not either.  :meth:`left` is
    what a regex call may spend: the clock is read every ``_CALLS_PER_CHECK`` calls, and
    so is the flag set when the awaiting request gave up.
    """

    __slots__ = ("_calls", "_cancelled", "_deadline", "_detector", "_left")

    def __init__(self, detector: str, seconds: float, cancelled: threading.Event | None) -> None:
        self._detector = detector
        self._cancelled = cancelled
        self._deadline = _scan_time() + seconds
        self._left = seconds
        self._calls = 0

    def left(self) -> float:
        """Seconds the next regex call may run; raises when spent or cancelled."""
        self._calls += 1
        if self._calls >= _CALLS_PER_CHECK:
            self.check()
        return self._left

    def check(self) -> None:
        """Read the clock and the flag now; raise :class:`DetectorError` if either says stop."""
        self._calls = 0
        if self._cancelled is not None and self._cancelled.is_set():
            raise DetectorError(self._detector, "scan cancelled: the request stopped waiting")
        self._left = self._deadline - _scan_time()
        if self._left <= 0:
            raise self.exhausted()

    def exhausted(self) -> DetectorError:
        """The error of a scan that ran out of time."""
        return DetectorError(self._detector, "pattern matching exceeded its time budget")


def create(options: Mapping[str, object], context: DetectorContext) -> RegexDetector:
    """Entry point ``regex``: validate ``options`` and build the detector."""
    rules, reader, labels = scan_plan(options, context)
    return RegexDetector(context.name, rules, reader, labels)
