"""The egress stream filter (docs/design.md C5): relink placeholders and redact, chunk by chunk.

Whole-string meaning (the contract every chunking must reproduce)
----------------------------------------------------------------
Scan the reply left to right.  At each position collect the candidates that start
there:

* an *echoed placeholder* (:func:`~pipelines.placeholders.echoed_placeholder_pattern`:
  exact, markdown-escaped ``\\[PERSON\\_1\\]`` or in another letter case) whose canonical
  form was issued for this request; it becomes the original value when the route
  relinks and stays as written when it does not.  Placeholder-shaped text never issued
  is not a candidate and passes through;
* a *vault value* (a raw surface form of an issued value), only when the route does not
  relink; it is masked with its placeholder's label;
* a *known literal* of the route; masked with its label;
* an *output pattern* whose ``pattern.match(text, position)`` succeeds and whose
  validator accepts the matched text; masked with its label.  A pattern using ``\\K``
  keeps the text before the reported match start.

The longest candidate wins; on equal length the first kind in the list above, then the
earlier pattern.  Its output is written and the scan continues after it; without a
candidate the character is copied.  Output is never rescanned, so a mask or a relinked
value is never matched again.  A chosen candidate longer than the ceiling is refused.

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
position and everything after it is held.  Holding more than ``max_held_chars`` raises
:class:`~pipelines.errors.EgressRefused` and releases nothing; so does a regex timeout.

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
from pipelines.egress.literals import fold
from pipelines.egress.policy import DEFAULT_MASK, EgressPolicy, EgressRules, OutputPattern
from pipelines.egress.regex import RegexItem
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
        "_base",
        "_dead",
        "_edits",
        "_fresh",
        "_low",
        "_pos",
        "_refused",
        "_rules",
        "_scan",
        "_text",
    )

    def __init__(self, rules: EgressRules, *, record: bool = False) -> None:
        self._rules = rules
        # With ``record``, every replacement as ``(start, stop, output, is_mask)`` in
        # absolute input offsets, for a caller that lays out the output itself.
        self._edits: list[Edit] | None = [] if record else None
        self._text = ""  # settled context window + pending text
        # fold() of a prefix of _text, for the literal scanners: fold maps each character
        # on its own, so the window is folded once per character, not once per feed
        # (always _low == fold(_text[: len(_low)]); sliced where _text is sliced).
        self._low = ""
        self._pos = 0  # where the pending text starts in _text
        self._base = 0  # absolute stream offset of _text[0]
        self._scan = rules.policy.regex.state()
        self._fresh = 0  # absolute offset of the first character never scanned
        self._refused = False
        self._dead = False  # refused or closed: one flag keeps the hot path to one test

    @property
    def held(self) -> int:
        """Characters received but not yet settled."""
        return len(self._text) - self._pos

    @property
    def settled(self) -> int:
        """How many characters of the input are settled (an absolute offset)."""
        return self._base + self._pos

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
        self._text += text
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
        regex_scanner = policy.regex
        text, pos, base = self._text, self._pos, self._base
        end = len(text)
        fresh = self._fresh - base
        if fresh < 0:
            fresh = 0
        starts = regex_scanner.starts(text[fresh:])
        self._fresh = base + end
        out = self._scan_window(text, pos, end, final, fresh, starts)
        pos = self._pos
        if not final and end - pos > policy.max_held_chars:
            # Refuse when more than the ceiling is held; the text is kept, never released.
            raise EgressRefused(policy.max_held_chars, self._label_at(text, pos))
        keep = pos - policy.context_chars
        if keep > 0:
            self._text = text[keep:]
            if self._low:
                self._low = self._low[keep:]
            self._pos = pos - keep
            self._base = base + keep
        else:
            self._pos = pos
        return out

    def _scan_window(
        self, text: str, pos: int, end: int, final: bool, fresh: int, starts: int
    ) -> str:
        """Settle ``text[pos:]`` as far as it goes; leave the new position in ``_pos``."""
        rules = self._rules
        policy = rules.policy
        scanners = rules.scanners
        regex_scanner = policy.regex
        state = self._scan
        base = self._base
        low = ""
        if scanners:
            low = self._low
            if len(low) < end:
                low += fold(text[len(low) :])
            self._low = low
        out: list[str] = []
        while pos < end:
            at, open_, at_items = regex_scanner.scan(text, pos, final, state, base, fresh, starts)
            starts = 0  # the fresh text has been searched for every item that may begin there
            for scanner in scanners:
                start, still_open = scanner.scan(text, low, pos, final)
                if start < at:
                    at, open_, at_items = start, still_open, 0
                elif start == at and still_open:
                    open_ = True
            if at >= end:
                out.append(text[pos:])
                pos = end
                break
            if at > pos:
                out.append(text[pos:at])
                pos = at
            if open_:
                break
            chosen = self._choose(text, low, pos, final, at_items)
            if chosen is None:
                break  # an item is still open here
            stop, replace_from, replacement, is_mask = chosen
            if stop <= pos:
                out.append(text[pos])
                pos += 1
                continue
            if stop - pos > policy.max_held_chars:
                raise EgressRefused(policy.max_held_chars, self._label_at(text, pos))
            out.append(text[pos:replace_from])
            out.append(replacement)
            if self._edits is not None and (is_mask or replacement != text[replace_from:stop]):
                self._edits.append((base + replace_from, base + stop, replacement, is_mask))
            pos = stop
        self._pos = pos
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

    def _label_at(self, text: str, pos: int) -> str | None:
        label = self._rules.policy.regex.open_label(text, pos)
        if label is None and self._rules.scanners:
            low = fold(text)
            for scanner in self._rules.scanners:
                label = label or scanner.open_label(low, pos)
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
