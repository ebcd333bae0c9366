"""A route's egress policy, compiled once at start-up, and one request's view of it.

:class:`OutputPattern` is one pattern to redact (built by the proxy from the entity
library or a detector's custom patterns); :class:`EgressPolicy` compiles a route's
patterns, known literals and limits; :class:`EgressRules` adds one request's issued
placeholders and raw vault values.  The stream filter that applies them is
:mod:`pipelines.egress`, which re-exports these names.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final, final

import regex

from pipelines.egress.literals import LiteralScanner
from pipelines.egress.reach import lookbehind_reach, match_reach
from pipelines.egress.regex import RegexScanner, compile_item
from pipelines.errors import ConfigError
from pipelines.placeholders import (
    LABEL_RE,
    MAX_LABEL_LENGTH,
    echoed_placeholder_pattern,
    parse_placeholder,
)

__all__ = ["DEFAULT_MASK", "EgressPolicy", "EgressRules", "OutputPattern"]

DEFAULT_MASK: Final = "[REDACTED:{label}]"
_RANK_PLACEHOLDER: Final = 0
_RANK_VAULT: Final = 1
_RANK_LITERAL: Final = 2
_RANK_PATTERN: Final = 3


@final
@dataclass(frozen=True, slots=True)
class OutputPattern:
    """One pattern to redact in replies (built from ``detectors.library.EntityPattern``).

    ``pattern`` is ``regex``-module source (VERSION1), matched on the reply's canonical
    fold (:mod:`pipelines.egress`: a pattern sees one space for a whitespace run, ``-``
    for any dash, no invisible characters); ``validator``, if given, must accept the
    matched (folded) text for it to count.
    """

    name: str
    label: str
    pattern: str
    validator: Callable[[str], bool] | None = None


@final
class EgressPolicy:
    """A route's response policy, compiled once at start-up.

    ``literals`` are known raw values to mask: a mapping value -> label, or plain values
    (labelled ``literal_label``).  ``max_label_length``/``max_index`` bound the echoed
    placeholders the filter recognises (and so how long it holds one); ``max_label_length``
    is at most :data:`~pipelines.placeholders.MAX_LABEL_LENGTH`, the bound the vault
    reserves echoes up to.  Every regex call is bounded by ``regex_timeout_s``;
    ``context_chars`` is the settled input kept for look-behind.

    Bad values raise :class:`ConfigError` naming the ``response`` key (a pattern's key is
    ``pattern_paths[i]``, by default ``response.redact[i]``), and so does a
    configuration under which the stream contract could not hold
    (:mod:`pipelines.egress.reach`): a pattern whose look-behind reads further back than
    ``context_chars``, and a ``max_held_chars`` below what a bounded pattern (or the
    longest echoed placeholder) can hold, where refusals would depend on the chunking.
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
        max_label_length: int = MAX_LABEL_LENGTH,
        max_index: int = 99999,
        regex_timeout_s: float = 1.0,
        context_chars: int = 128,
        pattern_paths: Sequence[str] = (),
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
        if max_label_length > MAX_LABEL_LENGTH:
            # The vault reserves echoed forms only up to MAX_LABEL_LENGTH: a longer
            # bound here would relink an echo the user wrote (docs/design.md C4).
            raise ValueError(f"max_label_length must be at most {MAX_LABEL_LENGTH}")
        self.mask = mask
        self.max_held_chars = max_held_chars
        self.relink = relink
        self.timeout = regex_timeout_s
        self.context_chars = context_chars
        echo = echoed_placeholder_pattern(max_label_length, max_index)
        _check_ceiling(
            max_held_chars, match_reach(echo), "an echoed placeholder", "a lower max_index"
        )
        items = [
            compile_item(
                name="placeholder",
                label="PLACEHOLDER",
                kind="placeholder",
                rank=_RANK_PLACEHOLDER,
                source=echo,
                validator=None,
            )
        ]
        for position, pattern in enumerate(patterns):
            path = (
                pattern_paths[position]
                if position < len(pattern_paths)
                else f"response.redact[{position}]"
            )
            if not LABEL_RE.match(pattern.label):
                raise ConfigError(
                    f"output pattern {pattern.name!r} has an invalid label",
                    path=path,
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
                    )
                )
            except regex.error as exc:
                raise ConfigError(
                    f"output pattern {pattern.name!r} does not compile",
                    path=path,
                    expected="regex-module source",
                ) from exc
            back = lookbehind_reach(pattern.pattern)
            if back is None or back > context_chars:
                width = "unbounded" if back is None else f"{back} characters"
                raise ConfigError(
                    f"output pattern {pattern.name!r} has a look-behind of {width}",
                    path=path,
                    expected=f"look-behind of at most {context_chars} characters",
                )
            _check_ceiling(
                max_held_chars,
                match_reach(pattern.pattern),
                f"output pattern {pattern.name!r}",
                "a route without that pattern",
            )
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


def _check_ceiling(ceiling: int, reach: int | None, what: str, remedy: str) -> None:
    """ConfigError when a bounded item can hold more than the ceiling (see reach)."""
    if reach is not None and reach > ceiling:
        raise ConfigError(
            f"max_held_chars {ceiling} is below what {what} can hold ({reach} characters),"
            " so refusals would depend on the chunking",
            path="response.max_held_chars",
            expected=f"an int >= {reach}, or {remedy}",
        )


def _forms_of(forms: Iterable[str], relink_map: Mapping[str, str]) -> Iterable[tuple[str, str]]:
    by_value = {value: placeholder for placeholder, value in relink_map.items()}
    for form in forms:
        placeholder = by_value.get(form)
        if placeholder is not None:
            yield form, placeholder

