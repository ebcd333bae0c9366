"""The placeholder grammar, in one place.

A placeholder is ``[LABEL_N]``: ``LABEL`` matches ``[A-Z][A-Z0-9_]*`` and ``N`` is a
positive integer written without leading zeros.  Everything that needs to know what a
placeholder looks like (the vault, the whole-text relink, the egress stream filter)
asks this module; nothing else spells the grammar out.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

__all__ = [
    "LABEL_RE",
    "PLACEHOLDER_RE",
    "find_placeholders",
    "format_placeholder",
    "max_placeholder_length",
    "parse_placeholder",
]

LABEL_RE: Final = re.compile(r"[A-Z][A-Z0-9_]*\Z")
# The label part is greedy and backtracks to the last ``_`` followed by digits, so
# ``[CREDIT_CARD_12]`` parses as ("CREDIT_CARD", 12).
PLACEHOLDER_RE: Final = re.compile(r"\[([A-Z][A-Z0-9_]*)_([1-9][0-9]*)\]")

OPEN: Final = "["
CLOSE: Final = "]"


def format_placeholder(label: str, index: int) -> str:
    """Return the placeholder for the ``index``-th value (1-based) of ``label``."""
    if not LABEL_RE.match(label):
        raise ValueError(f"invalid placeholder label {label!r}")
    if index < 1:
        raise ValueError(f"placeholder index must be positive, got {index}")
    return f"[{label}_{index}]"


def parse_placeholder(text: str) -> tuple[str, int] | None:
    """Return ``(label, index)`` if ``text`` is exactly one placeholder, else None."""
    match = PLACEHOLDER_RE.fullmatch(text)
    if match is None:
        return None
    return match.group(1), int(match.group(2))


def find_placeholders(text: str) -> Iterator[re.Match[str]]:
    """Yield every placeholder-shaped substring of ``text``, left to right."""
    return PLACEHOLDER_RE.finditer(text)


def max_placeholder_length(max_label_length: int, max_index: int) -> int:
    """The longest placeholder any label of ``max_label_length`` characters can get.

    Brackets, the underscore and the digits of ``max_index`` included; the egress
    filter uses it to bound how much of a possible placeholder it may hold back.
    """
    return max_label_length + len(str(max_index)) + 3
