"""The egress stream filter (docs/design.md C5): relink placeholders and redact, chunk by chunk.

Whole-string meaning (the contract every chunking must reproduce)
----------------------------------------------------------------
The reply is read through its *view*, the canonical fold of :mod:`pipelines.canon`
(the fold ingress detectors see: whitespace runs as one space, invisible characters
dropped, dashes as ``-``, compatibility forms, digits and confusable letters as ASCII,
diacritics of Latin, Greek and Cyrillic letters dropped), so a value written with a
zero-width space, a soft hyphen, full-width letters or a no-break space inside is the
same value.  Scan the view left to right.  At each position collect the candidates that
start there:

* an *echoed placeholder* (:func:`~pipelines.placeholders.echoed_placeholder_pattern`:
  exact, markdown-escaped ``\\[PERSON\\_1\\]`` or in another letter case) whose canonical
  form was issued for this request; it becomes the original value when the route
  relinks and stays as written when it does not.  Placeholder-shaped text never issued
  is not a candidate and passes through;
* a *vault value* (a raw surface form of an issued value), only when the route does not
  relink; it is masked with its placeholder's label;
* a *known literal* of the route; masked with its label (vault values and literals
  compare caselessly: :func:`pipelines.egress.window.caseless`);
* an *output pattern* whose ``pattern.match(view, position)`` succeeds and whose
  validator accepts the matched text; masked with its label.  A pattern using ``\\K``
  keeps the text before the reported match start.

The longest candidate wins; on equal length the first kind in the list above, then the
earlier pattern.  It replaces the *raw* span its view span came from (from the raw
character its first view character came from to the one its last came from:
:mod:`pipelines.egress.window`), and the scan continues after it; everything else is
copied raw, as the model wrote it (invisible characters around a value included).
Output is never rescanned, so a mask or a relinked value is never matched again.  A
chosen candidate whose raw span is longer than the ceiling is refused.

End of the reply: what a pattern matches at the end of the text is what its source
says there (``\\Z``, ``$``), and nothing else.  So a value still open when the stream
closes (``bob@corp``, a lone ``-----``) is released as text, unless its pattern lets the
end of the text end it.  The built-in private key block does: it ends at its END line
*or at the end of the text*, so a key cut off by the end of the stream (or of a JSON
string literal) is masked, never released.  A JWT is a value once both dots are there,
so one cut in its signature is masked; cut before the second dot it cannot be
replayed and stays text (the library's decision, docs/entities.md).  The filter holds
such a value while the stream may still continue (``\\Z`` stays open until
:meth:`EgressFilter.close`), so every chunking agrees with the whole string; a cut value
longer than the ceiling is refused like any other.

Streaming
---------
:class:`EgressFilter` keeps the pending text (not yet settled) after a bounded window
of settled input (for look-behind and ``\\b``; never re-emitted).  Each ``feed`` finds
the leftmost position where a candidate starts or may still start
(:mod:`pipelines.egress.regex` decides exactly when a regex result is final); all text
before it is emitted at once, decided candidates are replaced, and the first open
position and everything after it is held.  Holding more than ``max_held_chars`` raw
characters raises :class:`~pipelines.errors.EgressRefused` and releases nothing; so does
a regex timeout.  Each chunk is folded once, continuing the fold of the one before.

Speed: each item is searched only where it may begin or is still open, with one partial
search in the common case, and no search runs past what it has to decide, so the work of
a feed grows with its length (a whole non-streamed reply is one feed).  There is one
settle path.  Speed hints that skipped the regex where a pattern's anchor was absent,
and a "quiet" path built on them, were measured and removed: they saved 7 to 15
microseconds per 4- to 16-character feed with every built-in pattern, and nothing
measurable on the proxy benchmark's route, while tokens arrive every 10 to 50
milliseconds.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import final

import regex

from pipelines.egress.jsonstream import Edit, JsonSourceChannel
from pipelines.egress.policy import DEFAULT_MASK, EgressPolicy, EgressRules, OutputPattern
from pipelines.egress.regex import RegexItem
from pipelines.egress.window import FoldedWindow
from pipelines.errors import EgressRefused
from pipelines.placeholders import canonical_placeholder

__all__ = [
    "DEFAULT_MASK",
    "EgressFilter",
    "EgressPolicy",
    "EgressRules",
    "OutputPattern",
    "TextStream",
]


@final
class TextStream:
    """The filter over plain text: see the module docstring for what it emits.

    Used directly for text channels, and by the JSON channel per string literal and for
    the text around them (``record=True``: it lays out the output itself).
    """

    __slots__ = (
        "_dead",
        "_edits",
        "_fresh",
        "_pos",
        "_raw_pos",
        "_refused",
        "_rules",
        "_scan",
        "_window",
    )

    def __init__(self, rules: EgressRules, *, record: bool = False) -> None:
        self._rules = rules
        # With ``record``, every replacement as ``(start, stop, output, is_mask)`` in
        # absolute offsets of the raw input, for a caller that lays out the output.
        self._edits: list[Edit] | None = [] if record else None
        self._window = FoldedWindow(caseless=bool(rules.scanners))
        self._pos = 0  # absolute view offset where the pending text starts
        self._raw_pos = 0  # absolute raw offset of the first character not emitted
        self._scan = rules.policy.regex.state()
        self._fresh = 0  # absolute view offset of the first character never scanned
        self._refused = False
        self._dead = False  # refused or closed: one flag keeps the hot path to one test

    @property
    def held(self) -> int:
        """Characters received but not yet settled (raw)."""
        return self._window.raw_end - self._raw_pos

    @property
    def settled(self) -> int:
        """How many characters of the raw input are settled (an absolute offset)."""
        return self._raw_pos

    def take_edits(self) -> list[Edit]:
        """The replacements recorded since the last call (``record=True`` only)."""
        edits = self._edits
        if edits is None:
            raise RuntimeError("the stream was not built with record=True")
        self._edits = []
        return edits

    def feed(self, text: str) -> str:
        """Add ``text``; return everything that is now settled."""
        if self._dead:
            self._check()
        if not text:
            return ""
        self._window.append(text)
        try:  # inlined _run: this is the hot path
            return self._settle(False)
        except TimeoutError as exc:
            self._refused = self._dead = True
            raise EgressRefused(self._rules.policy.max_held_chars) from exc
        except EgressRefused:
            self._refused = self._dead = True
            raise

    def close(self) -> str:
        """End of text: settle and return the rest."""
        if self._dead:
            self._check()
        out = self._run(final=True)
        self._dead = True
        return out

    def _check(self) -> None:
        if self._refused:
            raise EgressRefused(self._rules.policy.max_held_chars)
        raise RuntimeError("egress filter used after close()")

    def _run(self, final: bool) -> str:
        try:
            return self._settle(final)
        except TimeoutError as exc:
            self._refused = self._dead = True
            raise EgressRefused(self._rules.policy.max_held_chars) from exc
        except EgressRefused:
            self._refused = self._dead = True
            raise

    def _settle(self, final: bool) -> str:
        policy = self._rules.policy
        window = self._window
        base = window.view_base
        view = window.view
        fresh = self._fresh - base
        if fresh < 0:
            fresh = 0
        starts = policy.regex.starts(view[fresh:])
        self._fresh = window.view_end
        out = self._scan_window(view, self._pos - base, final, fresh, starts)
        if not final and self.held > policy.max_held_chars:
            # Refuse when more than the ceiling is held; the text is kept, never released.
            raise EgressRefused(policy.max_held_chars, self._label_at(view, self._pos - base))
        window.cut(self._pos - policy.context_chars, self._raw_pos)
        return out

    def _scan_window(self, view: str, pos: int, final: bool, fresh: int, starts: int) -> str:
        """Settle ``view[pos:]`` as far as it goes; leave the new positions in ``_pos``
        and ``_raw_pos``; return the raw text settled, replacements in place."""
        rules = self._rules
        policy = rules.policy
        scanners = rules.scanners
        regex_scanner = policy.regex
        state = self._scan
        window = self._window
        base = window.view_base
        raw, raw_base = window.raw, window.raw_base
        low = window.low
        end = len(view)
        out: list[str] = []
        raw_pos = self._raw_pos
        while pos < end:
            at, open_, at_items = regex_scanner.scan(view, pos, final, state, base, fresh, starts)
            starts = 0  # the fresh text has been searched for every item that may begin there
            for scanner in scanners:
                start, still_open = scanner.scan(view, low, pos, final)
                if start < at:
                    at, open_, at_items = start, still_open, 0
                elif start == at and still_open:
                    open_ = True
            if at >= end:
                pos = end
                break
            pos = at
            if open_:
                break
            chosen = self._choose(view, low, pos, final, at_items)
            if chosen is None:
                break  # an item is still open here
            stop, replace_from, replacement, is_mask = chosen
            if stop <= pos:
                pos += 1
                continue
            # The raw span: from the source of the first character to just past the
            # source of the last (:mod:`pipelines.egress.window`).
            raw_start = window.raw_at(base + pos)
            raw_stop = window.raw_at(base + stop - 1) + 1
            if raw_stop - raw_start > policy.max_held_chars:
                raise EgressRefused(policy.max_held_chars, self._label_at(view, pos))
            raw_from = (
                window.raw_at(base + replace_from) if replace_from < stop else raw_stop
            )
            # Characters that share the last one's source go with it (``fi`` of ``ﬁ``).
            stop = window.unit_end(base + stop - 1) - base
            out.append(raw[raw_pos - raw_base : raw_from - raw_base])
            out.append(replacement)
            edits = self._edits
            if edits is not None and (
                is_mask or replacement != raw[raw_from - raw_base : raw_stop - raw_base]
            ):
                edits.append((raw_from, raw_stop, replacement, is_mask))
            raw_pos = raw_stop
            pos = stop
        settled = window.raw_at(base + pos)
        if settled > raw_pos:
            out.append(raw[raw_pos - raw_base : settled - raw_base])
            raw_pos = settled
        self._pos = base + pos
        self._raw_pos = raw_pos
        return "".join(out)

    def _choose(
        self, text: str, low: str, pos: int, final: bool, at_items: int
    ) -> tuple[int, int, str, bool] | None:
        """The winning candidate at ``pos`` as ``(stop, replace_from, output, is_mask)``:
        ``text[pos:replace_from]`` is kept (``\\K``), ``text[replace_from:stop]`` becomes
        ``output``; ``stop == pos`` if there is none.

        ``at_items`` are the regex items that match or are open at ``pos`` (from the
        scan); None when one of them is still open.
        """
        rules = self._rules
        policy = rules.policy
        found = policy.regex.matches_at(text, pos, final, at_items)
        if found is None:
            return None
        best: tuple[int, int, str, bool] = (pos, pos, "", False)
        best_rank = 1 << 30
        for item, match in found:
            chosen = self._output(item, match)
            if chosen is None:
                continue
            stop = match.end()
            if stop > best[0] or (stop == best[0] and item.rank < best_rank):
                best, best_rank = (stop, *chosen), item.rank
        for scanner in rules.scanners:
            for stop, label in scanner.matches_at(text, low, pos):
                if stop > best[0] or (stop == best[0] and scanner.rank < best_rank):
                    best = (stop, pos, policy.mask.format(label=label), True)
                    best_rank = scanner.rank
        return best

    def _output(self, item: RegexItem, match: regex.Match[str]) -> tuple[int, str, bool] | None:
        """What a complete match of ``item`` becomes, as ``(replace_from, output,
        is_mask)``, or None if it does not count."""
        rules = self._rules
        if item.kind == "placeholder":
            canonical = canonical_placeholder(match.group())
            if canonical is None or canonical not in rules.relink_map:
                return None
            value = rules.relink_map[canonical] if rules.policy.relink else match.group()
            return match.start(), value, False
        if item.validator is not None and not _accepts(item.validator, match.group()):
            return None
        return match.start(), rules.policy.mask.format(label=item.label), True

    def _label_at(self, view: str, pos: int) -> str | None:
        label = self._rules.policy.regex.open_label(view, pos)
        if label is None:
            for scanner in self._rules.scanners:
                label = label or scanner.open_label(self._window.low, pos)
        return label


def _accepts(validator: Callable[[str], bool], value: str) -> bool:
    """Run a validator; one that raises counts as accepting, so the value is masked.

    Failing closed here means over-masking a value a buggy validator cannot judge,
    never letting it through.
    """
    try:
        return bool(validator(value))
    except Exception:  # a deliberate fail-closed decision; nothing is logged or lost
        return True


@final
class EgressFilter:
    """One text channel of a reply: ``feed`` chunks, then ``close``.

    With ``json_string=True`` the channel carries JSON source (tool-call arguments):
    all of it is filtered, the contents of string literals decoded first and escaped
    again, the text around them as one more text, so valid JSON stays valid (see
    :mod:`pipelines.egress.jsonstream`).  After a refusal the filter is dead: every
    further call raises again.
    """

    __slots__ = ("_ceiling", "_channel", "_refused")

    def __init__(self, rules: EgressRules, *, json_string: bool = False) -> None:
        self._channel: TextStream | JsonSourceChannel = (
            JsonSourceChannel(
                lambda: TextStream(rules),
                TextStream(rules, record=True),
                rules.policy.max_held_chars,
            )
            if json_string
            else TextStream(rules)
        )
        self._ceiling = rules.policy.max_held_chars
        self._refused = False

    @property
    def held(self) -> int:
        """Characters currently held back."""
        return self._channel.held

    def feed(self, text: str) -> str:
        """Filter one chunk; return what is settled."""
        if self._refused:
            raise EgressRefused(self._ceiling)
        try:
            return self._channel.feed(text)
        except EgressRefused:
            self._refused = True
            raise

    def close(self) -> str:
        """End of the channel; return the settled rest (raises if it cannot settle)."""
        if self._refused:
            raise EgressRefused(self._ceiling)
        try:
            return self._channel.close()
        except EgressRefused:
            self._refused = True
            raise
