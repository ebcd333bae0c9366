"""An example pseudogate detector plugin: employee IDs with a Luhn check digit.

An employee ID is ``<PREFIX>-NNNNNN-C``: a prefix (``EMP`` by default), six digits and
the Luhn check digit of those six.  ``EMP-123456-6`` is one; ``EMP-123456-7`` is a typo
and is not reported, which keeps false positives (ticket numbers, SKUs) out.

The plugin is registered in its ``pyproject.toml`` under the entry-point group
``pseudogate.detectors`` as ``employee_id``; pseudogate imports it only when a config
names that type.  It depends on ``pipelines`` (Span, the protocol, ConfigError) only.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Final, final

from pipelines.errors import ConfigError
from pipelines.placeholders import LABEL_RE
from pipelines.spans import DetectorContext, Span

__all__ = ["EmployeeIdDetector", "check_digit", "create"]

_OPTIONS: Final = frozenset({"prefix", "label", "score"})
_PREFIX_RE: Final = re.compile(r"[A-Z]{2,8}\Z")


def check_digit(digits: str) -> int:
    """The Luhn check digit that makes ``digits`` + it pass the Luhn test."""
    total = 0
    # Walk from the right; the digit next to the (future) check digit is doubled.
    for position, char in enumerate(reversed(digits)):
        value = int(char)
        if position % 2 == 0:
            value *= 2
            if value > 9:
                value -= 9
        total += value
    return (10 - total % 10) % 10


@final
class EmployeeIdDetector:
    """Finds ``PREFIX-NNNNNN-C`` with a valid check digit.  Options in ``__init__`` only."""

    __slots__ = ("_label", "_name", "_pattern", "_score")

    def __init__(self, name: str, *, prefix: str = "EMP", label: str = "EMPLOYEE_ID",
                 score: float = 0.95) -> None:
        self._name = name
        self._label = label
        self._score = score
        # Not inside a longer token: no letter/digit right before or after.
        self._pattern = re.compile(
            rf"(?<![A-Za-z0-9]){re.escape(prefix)}-([0-9]{{6}})-([0-9])(?![A-Za-z0-9])"
        )

    @property
    def name(self) -> str:
        """The configured name."""
        return self._name

    @property
    def labels(self) -> frozenset[str]:
        """The one label this detector emits."""
        return frozenset({self._label})

    async def detect(self, texts: Sequence[str]) -> list[list[Span]]:
        """Every well-formed ID with a valid check digit, per text."""
        return [
            [
                Span(match.start(), match.end(), self._label, self._score, self._name)
                for match in self._pattern.finditer(text)
                if check_digit(match.group(1)) == int(match.group(2))
            ]
            for text in texts
        ]


def create(options: Mapping[str, object], context: DetectorContext) -> EmployeeIdDetector:
    """Entry point ``employee_id``: validate ``options`` and build the detector."""

    def fail(key: str, expected: str) -> ConfigError:
        return ConfigError("invalid option", source=context.source,
                           path=f"{context.path}.{key}", expected=expected)

    for key in options:
        if key not in _OPTIONS:
            raise fail(str(key), "one of " + ", ".join(sorted(_OPTIONS)))
    prefix = options.get("prefix", "EMP")
    if not isinstance(prefix, str) or not _PREFIX_RE.match(prefix):
        raise fail("prefix", "2 to 8 upper-case letters")
    label = options.get("label", "EMPLOYEE_ID")
    if not isinstance(label, str) or not LABEL_RE.match(label):
        raise fail("label", "a label matching [A-Z][A-Z0-9_]*")
    score = options.get("score", 0.95)
    if isinstance(score, bool) or not isinstance(score, int | float) or not 0 <= score <= 1:
        raise fail("score", "a number 0..1")
    return EmployeeIdDetector(context.name, prefix=prefix, label=label, score=float(score))
