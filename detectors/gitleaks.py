"""Operator rules in gitleaks' TOML format: the ``regex`` detector's ``gitleaks`` option.

``gitleaks: path/to/rules.toml`` (relative to the config file) loads every
``[[rules]]`` table of a gitleaks configuration as one more custom rule of label
``API_KEY``: its ``regex`` (Go RE2 syntax, which the ``regex`` module reads; ``\\z``
is translated), ``secretGroup`` (the span is that group; default the whole match),
``entropy`` (minimum Shannon entropy of the secret), ``keywords`` (at least one must
occur in the text, any case) and ``allowlists[].regexes`` / ``stopwords`` (a secret
matching one is not reported).  Tables other than ``[[rules]]`` (``[extend]``, global
allowlists on paths and commits) are about repositories and are ignored.  A rule that
does not compile, or a file that is not TOML, is a :class:`ConfigError` naming the rule.

In replies (``response.redact`` naming ``API_KEY`` custom rules), a gitleaks rule masks
its whole match, which covers the secret group: more, never less, than the prompt side.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from typing import Any

import regex

from detectors.id_validators import shannon_entropy
from pipelines.errors import ConfigError
from pipelines.spans import DetectorContext

__all__ = ["GitleaksCheck", "gitleaks_rules", "load_gitleaks"]


class GitleaksCheck:
    """The secret-group, entropy, keyword and allowlist conditions of one rule."""

    __slots__ = ("allow", "entropy", "group", "keywords", "stopwords")

    def __init__(
        self,
        group: int,
        entropy: float,
        keywords: tuple[str, ...],
        allow: tuple[regex.Pattern[str], ...],
        stopwords: tuple[str, ...],
    ) -> None:
        self.group = group
        self.entropy = entropy
        self.keywords = keywords
        self.allow = allow
        self.stopwords = stopwords

    def secret(self, match: regex.Match[str]) -> tuple[int, int] | None:
        """The span to report for ``match``, or None when a condition rejects it."""
        try:
            start, end = match.span(self.group)
        except IndexError:
            return None
        if start < 0 or end <= start:
            return None
        value = match.string[start:end]
        if self.entropy and shannon_entropy(value) < self.entropy:
            return None
        lowered = value.lower()
        if any(word in lowered for word in self.stopwords):
            return None
        if any(pattern.search(value, timeout=1.0) for pattern in self.allow):
            return None
        return start, end

    def keyword_in(self, lowered_text: str) -> bool:
        """At least one keyword occurs (rules without keywords always run)."""
        return not self.keywords or any(word in lowered_text for word in self.keywords)


def _error(context: DetectorContext, field: str, message: str, expected: str) -> ConfigError:
    path = f"{context.path}.{field}" if context.path else field
    return ConfigError(message, source=context.source, path=path, expected=expected)


def _compile(source: str, context: DetectorContext, field: str) -> regex.Pattern[str]:
    # RE2 spells the end of text \z; the regex module spells it \Z.
    translated = source.replace(r"\z", r"\Z")
    try:
        return regex.compile(translated, regex.VERSION1)
    except (regex.error, ValueError, OverflowError) as exc:
        raise _error(context, field, "pattern does not compile", "a valid pattern") from exc


def _strings(value: object) -> tuple[str, ...]:
    if isinstance(value, list):
        return tuple(str(item) for item in value if isinstance(item, str))
    return ()


def load_gitleaks(
    value: object, context: DetectorContext
) -> list[tuple[str, regex.Pattern[str], GitleaksCheck]]:
    """Read the TOML file named by the option: ``(field, compiled, check)`` per rule."""
    if not isinstance(value, str) or not value:
        raise _error(context, "gitleaks", "not a file name", "a path to a gitleaks TOML file")
    path = context.base_dir / value
    try:
        document: Mapping[str, Any] = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise _error(
            context,
            "gitleaks",
            f"cannot read the file ({exc.strerror})",
            "a readable gitleaks TOML file",
        ) from exc
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise _error(context, "gitleaks", "not valid TOML", "a gitleaks TOML file") from exc
    rules = document.get("rules", [])
    if not isinstance(rules, list):
        raise _error(context, "gitleaks", "[[rules]] is not a list of tables", "[[rules]]")
    loaded = []
    for index, rule in enumerate(rules):
        if not isinstance(rule, Mapping):
            continue
        name = str(rule.get("id", index))
        field = f"gitleaks.rules[{name}]"
        source = rule.get("regex")
        if not isinstance(source, str) or not source:
            continue  # path-only rules (file names) have nothing to match in a prompt
        compiled = _compile(source, context, f"{field}.regex")
        group = rule.get("secretGroup", 0)
        entropy = rule.get("entropy", 0.0)
        if isinstance(group, bool) or not isinstance(group, int) or group < 0:
            raise _error(context, f"{field}.secretGroup", "invalid group", "an int >= 0")
        if isinstance(entropy, bool) or not isinstance(entropy, int | float):
            raise _error(context, f"{field}.entropy", "invalid entropy", "a number")
        allow: list[regex.Pattern[str]] = []
        stopwords: list[str] = []
        lists = list(rule.get("allowlists", [])) + (
            [rule["allowlist"]] if isinstance(rule.get("allowlist"), Mapping) else []
        )
        for number, allowlist in enumerate(lists):
            if not isinstance(allowlist, Mapping):
                continue
            for position, pattern in enumerate(_strings(allowlist.get("regexes"))):
                allow.append(
                    _compile(pattern, context, f"{field}.allowlists[{number}].regexes[{position}]")
                )
            stopwords.extend(word.lower() for word in _strings(allowlist.get("stopwords")))
        check = GitleaksCheck(
            group,
            float(entropy),
            tuple(word.lower() for word in _strings(rule.get("keywords"))),
            tuple(allow),
            tuple(stopwords),
        )
        loaded.append((field, compiled, check))
    return loaded


def gitleaks_rules(value: object, context: DetectorContext) -> list[Any]:
    """The option's rules as :class:`~detectors.regex_rules.Rule` values (label API_KEY)."""
    from detectors.regex_rules import Rule

    return [
        Rule("API_KEY", compiled, None, 0.9, (), None, field=field, gitleaks=check)
        for field, compiled, check in load_gitleaks(value, context)
    ]
