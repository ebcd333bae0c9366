"""The egress stream filter (DESIGN C5): relink placeholders and redact, chunk by chunk.

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
(:mod:`pipelines.egress_regex` decides exactly when a regex result is final); all text
before it is emitted at once, decided candidates are replaced, and the first open
position and everything after it is held.  Holding more than ``max_held_chars`` raises
:class:`~pipelines.errors.EgressRefused` and releases nothing; so does a regex timeout.

Speed: each item is searched only where it may begin or is still open, with one partial
search in the common case.  Output patterns that carry a speed hint (``anchors``,
``lead``: :class:`~pipelines.egress_regex.AnchorHint`) need no search at all while the
pending text holds none of their anchors; when every pending item has a hint, a feed is
settled without the scan loop (the quiet path) and holds at most each item's hinted
tail (an e-mail's possible local part), a little more than the exact hold at worst.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final, final

import regex

from pipelines.egress_literals import LiteralScanner, fold
from pipelines.egress_regex import AnchorHint, RegexItem, RegexScanner, compile_item
from pipelines.errors import ConfigError, EgressRefused
from pipelines.jsonstream import JsonStringChannel
from pipelines.placeholders import (
    LABEL_RE,
    canonical_placeholder,
    echoed_placeholder_pattern,
    parse_placeholder,
)

__all__ = ["EgressFilter", "EgressPolicy", "EgressRules", "OutputPattern"]

DEFAULT_MASK: Final = "[REDACTED:{label}]"
_RANK_PLACEHOLDER: Final = 0
_RANK_VAULT: Final = 1
_RANK_LITERAL: Final = 2
_RANK_PATTERN: Final = 3


@final
@dataclass(frozen=True, slots=True)
class OutputPattern:
    """One pattern to redact in replies (built from ``detectors.library.EntityPattern``).

    ``pattern`` is ``regex``-module source (VERSION1); ``validator``, if given, must
    accept the matched text for it to count.  ``anchors``, ``lead`` and ``lead_max`` are
    an optional speed hint, a promise about the pattern that lets most chunks pass
    without a regex search (:class:`~pipelines.egress_regex.AnchorHint`); a wrong one
    is a leak, so only the tested entity library should give them.
    """

    name: str
    label: str
    pattern: str
    validator: Callable[[str], bool] | None = None
    anchors: tuple[str, ...] = ()
    lead: str | None = None
    lead_max: int = 0


@final
class EgressPolicy:
    """A route's response policy, compiled once at start-up.

    ``literals`` are known raw values to mask: a mapping value -> label, or plain values
    (labelled ``literal_label``).  ``max_label_length``/``max_index`` bound the echoed
    placeholders the filter recognises (and so how long it holds one).  Every regex call
    is bounded by ``regex_timeout_s``; ``context_chars`` is the settled input kept for
    look-behind.  Bad values raise :class:`ConfigError` naming the ``response`` key.
    """

    __slots__ = (
        "context_chars",
        "literals",
        "mask",
        "max_held_chars",
        "regex",
        "relink",
        "timeout",
    )

    def __init__(
        self,
        *,
        patterns: Sequence[OutputPattern],
        mask: str = DEFAULT_MASK,
        max_held_chars: int = 16384,
        relink: bool = True,
        literals: Mapping[str, str] | Iterable[str] = (),
        literal_label: str = "PERSON",
        max_label_length: int = 32,
        max_index: int = 99999,
        regex_timeout_s: float = 1.0,
        context_chars: int = 128,
    ) -> None:
        try:
            mask.format(label="LABEL")
        except (KeyError, IndexError, ValueError) as exc:
            raise ConfigError(
                "invalid mask", path="response.mask", expected="a string using only {label}"
            ) from exc
        if max_held_chars < 1:
            raise ConfigError(
                "must be positive", path="response.max_held_chars", expected="an int > 0"
            )
        if regex_timeout_s <= 0 or context_chars < 1:
            raise ValueError("regex_timeout_s and context_chars must be positive")
        self.mask = mask
        self.max_held_chars = max_held_chars
        self.relink = relink
        self.timeout = regex_timeout_s
        self.context_chars = context_chars
        items = [
            compile_item(
                name="placeholder",
                label="PLACEHOLDER",
                kind="placeholder",
                rank=_RANK_PLACEHOLDER,
                source=echoed_placeholder_pattern(max_label_length, max_index),
                validator=None,
            )
        ]
        for position, pattern in enumerate(patterns):
            if not LABEL_RE.match(pattern.label):
                raise ConfigError(
                    f"output pattern {pattern.name!r} has an invalid label",
                    path=f"response.redact[{position}]",
                    expected="a label matching [A-Z][A-Z0-9_]*",
                )
            try:
                items.append(
                    compile_item(
                        name=pattern.name,
                        label=pattern.label,
                        kind="output",
                        rank=_RANK_PATTERN + position,
                        source=pattern.pattern,
                        validator=pattern.validator,
                        hint=_hint(pattern, position, max_held_chars),
                    )
                )
            except regex.error as exc:
                raise ConfigError(
                    f"output pattern {pattern.name!r} does not compile",
                    path=f"response.redact[{position}]",
                    expected="regex-module source",
                ) from exc
            except ValueError as exc:
                raise ConfigError(
                    f"output pattern {pattern.name!r} has a hint its pattern refutes",
                    path=f"response.redact[{position}]",
                    expected="anchors and a lead covering every start of a match",
                ) from exc
        self.regex = RegexScanner(items, regex_timeout_s)
        pairs = (
            literals.items()
            if isinstance(literals, Mapping)
            else ((value, literal_label) for value in literals)
        )
        self.literals = LiteralScanner(pairs, _RANK_LITERAL)

    def for_request(
        self,
        relink_map: Mapping[str, str],
        vault_values: Mapping[str, str] | Iterable[str] = (),
    ) -> EgressRules:
        """The rules for one request: its issued placeholders and raw vault values.

        ``relink_map`` maps each issued placeholder to its value; ``vault_values`` maps
        raw surface forms to their placeholder (plain forms: looked up in
        ``relink_map``).  Raw vault values are masked only when the route does not relink.
        """
        return EgressRules(self, relink_map, vault_values)


@final
class EgressRules:
    """One request's view of a policy; shared by all channels of the reply."""

    __slots__ = ("policy", "relink_map", "scanners", "vault")

    def __init__(
        self,
        policy: EgressPolicy,
        relink_map: Mapping[str, str],
        vault_values: Mapping[str, str] | Iterable[str],
    ) -> None:
        self.policy = policy
        self.relink_map = dict(relink_map)
        pairs: list[tuple[str, str]] = []
        if not policy.relink:
            forms = (
                vault_values.items()
                if isinstance(vault_values, Mapping)
                else _forms_of(vault_values, self.relink_map)
            )
            for surface, placeholder in forms:
                parsed = parse_placeholder(placeholder)
                if parsed is not None:
                    pairs.append((surface, parsed[0]))
            # Issued values themselves, in case the caller passed only the relink map.
            for placeholder, value in self.relink_map.items():
                parsed = parse_placeholder(placeholder)
                if parsed is not None:
                    pairs.append((value, parsed[0]))
        self.vault = LiteralScanner(pairs, _RANK_VAULT)
        self.scanners = tuple(s for s in (self.vault, policy.literals) if s)


def _hint(pattern: OutputPattern, position: int, ceiling: int) -> AnchorHint | None:
    """The pattern's speed hint, if it has one that cannot change when the filter refuses.

    A hint holds at most ``reach`` characters more than the exact answer would; it is
    dropped where that could reach the ceiling, so refusals never depend on it.
    """
    if not pattern.anchors:
        return None
    try:
        hint = AnchorHint(pattern.anchors, pattern.lead, pattern.lead_max)
    except (ValueError, regex.error) as exc:
        raise ConfigError(
            f"output pattern {pattern.name!r} has an invalid hint",
            path=f"response.redact[{position}]",
            expected="non-empty anchors; a character class lead with a positive lead_max",
        ) from exc
    return hint if 2 * hint.reach < ceiling else None


def _forms_of(forms: Iterable[str], relink_map: Mapping[str, str]) -> Iterable[tuple[str, str]]:
    by_value = {value: placeholder for placeholder, value in relink_map.items()}
    for form in forms:
        placeholder = by_value.get(form)
        if placeholder is not None:
            yield form, placeholder


@final
class TextStream:
    """The filter over plain text: see the module docstring for what it emits.

    Used directly for text channels and per string literal by the JSON channel.
    """

    __slots__ = ("_base", "_dead", "_fresh", "_pos", "_refused", "_rules", "_scan", "_text")

    def __init__(self, rules: EgressRules) -> None:
        self._rules = rules
        self._text = ""  # settled context window + pending text
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
        rules = self._rules
        policy = rules.policy
        scanners = rules.scanners
        regex_scanner = policy.regex
        state = self._scan
        text, pos, base = self._text, self._pos, self._base
        end = len(text)
        fresh = self._fresh - base
        if fresh < 0:
            fresh = 0
        starts = regex_scanner.starts(text[fresh:])
        self._fresh = base + end
        todo = starts | state.unsettled
        if not todo and not scanners:
            # Fast path: nothing is open and no item can begin in the new text.
            out = text[pos:]
            pos = end
        elif (
            not final
            and not scanners
            and (hold := regex_scanner.quiet_hold(text, pos, todo, state, base)) is not None
        ):
            # Quiet path: only hinted items, no anchor; they hold at most their tails.
            out = text[pos:hold]
            pos = hold
        else:
            out = self._scan_window(text, pos, end, final, fresh, starts)
            pos = self._pos
        if not final and end - pos > policy.max_held_chars:
            # Refuse when more than the ceiling is held; the text is kept, never released.
            raise EgressRefused(policy.max_held_chars, self._label_at(text, pos))
        keep = pos - policy.context_chars
        if keep > 0:
            self._text = text[keep:]
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
        low = fold(text) if scanners else ""
        out: list[str] = []
        while pos < end:
            at, open_, at_items = regex_scanner.scan(
                text, pos, final, state, base, fresh, starts
            )
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
            stop, replacement = chosen
            if stop <= pos:
                out.append(text[pos])
                pos += 1
                continue
            if stop - pos > policy.max_held_chars:
                raise EgressRefused(policy.max_held_chars, self._label_at(text, pos))
            out.append(replacement)
            pos = stop
        self._pos = pos
        return "".join(out)

    def _choose(
        self, text: str, low: str, pos: int, final: bool, at_items: int
    ) -> tuple[int, str] | None:
        """The winning candidate at ``pos`` as ``(stop, output)``; ``(pos, "")`` if none.

        ``at_items`` are the regex items that match or are open at ``pos`` (from the
        scan); None when one of them is still open.
        """
        rules = self._rules
        policy = rules.policy
        found = policy.regex.matches_at(text, pos, final, at_items)
        if found is None:
            return None
        best_stop, best_rank, best_out = pos, 1 << 30, ""
        for item, match in found:
            output = self._output(item, match, text, pos)
            if output is None:
                continue
            stop = match.end()
            if stop > best_stop or (stop == best_stop and item.rank < best_rank):
                best_stop, best_rank, best_out = stop, item.rank, output
        for scanner in rules.scanners:
            for stop, label in scanner.matches_at(text, low, pos):
                if stop > best_stop or (stop == best_stop and scanner.rank < best_rank):
                    best_stop, best_rank = stop, scanner.rank
                    best_out = policy.mask.format(label=label)
        return best_stop, best_out

    def _output(
        self, item: RegexItem, match: regex.Match[str], text: str, pos: int
    ) -> str | None:
        """What a complete match of ``item`` at ``pos`` becomes, or None if it does not count."""
        rules = self._rules
        if item.kind == "placeholder":
            canonical = canonical_placeholder(match.group())
            if canonical is None or canonical not in rules.relink_map:
                return None
            return rules.relink_map[canonical] if rules.policy.relink else match.group()
        if item.validator is not None and not _accepts(item.validator, match.group()):
            return None
        return text[pos : match.start()] + rules.policy.mask.format(label=item.label)

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

    With ``json_string=True`` the channel carries JSON text (tool-call arguments): the
    values inside its string literals are filtered (escapes decoded first) and the
    output is re-escaped, so it stays valid JSON (see :mod:`pipelines.jsonstream`).
    After a refusal the filter is dead: every further call raises again.
    """

    __slots__ = ("_ceiling", "_channel", "_refused")

    def __init__(self, rules: EgressRules, *, json_string: bool = False) -> None:
        self._channel: TextStream | JsonStringChannel = (
            JsonStringChannel(lambda: TextStream(rules)) if json_string else TextStream(rules)
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
