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
    "MAX_LABEL_LENGTH",
    "PLACEHOLDER_RE",
    "canonical_placeholder",
    "echoed_placeholder_pattern",
    "find_placeholders",
    "format_placeholder",
    "max_placeholder_length",
    "parse_placeholder",
]

LABEL_RE: Final = re.compile(r"[A-Z][A-Z0-9_]*\Z")
# The longest label whose echoed forms (``[email_1]``, ``\\[EMAIL\\_1\\]``) are recognised:
# the vault reserves echoes up to this long and the egress filter relinks no longer
# ones, so an echo the filter would relink is always reserved (docs/design.md C4).
MAX_LABEL_LENGTH: Final = 32
# The label part is greedy and backtracks to the last ``_`` followed by digits, so
# ``[CREDIT_CARD_12]`` parses as ("CREDIT_CARD", 12).
PLACEHOLDER_RE: Final = re.compile(r"\[([A-Z][A-Z0-9_]*)_([1-9][0-9]*)\]")


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


def echoed_placeholder_pattern(max_label_length: int, max_index: int) -> str:
    """Regex source for a placeholder the way a model may echo it back.

    Besides the exact form it accepts the two manglings models commonly apply: markdown
    escapes (a backslash before ``]``, any ``_``, and ``[`` when ``]`` has one too:
    ``\\[PERSON\\_1\\]``) and any letter case (``[person_1]``).  Spaces inside, other
    brackets or emphasis markers are not accepted: such text is no longer a
    placeholder.  The length is bounded by ``max_label_length`` and the digits of
    ``max_index``, so a stream filter never holds more than that for a possible
    placeholder.  Every match ends at the first ``]`` after its start, so at one
    position at most one text can match.  Feed a match to
    :func:`canonical_placeholder`.  The source works with :mod:`re` and ``regex``.
    """
    if max_label_length < 1 or max_index < 1:
        raise ValueError("max_label_length and max_index must be positive")
    digits = len(str(max_index))
    label_rest = "{0,%d}" % (max_label_length - 1)  # noqa: UP031 - braces are regex syntax
    more_digits = "{0,%d}" % (digits - 1)  # noqa: UP031 - same
    inner = (
        r"[A-Za-z](?:[A-Za-z0-9]|\\?_)" + label_rest
        + r"\\?_[1-9][0-9]" + more_digits
    )
    # An escaped "[" is an escape only with its escaped "]": in "\\[PERSON_1]" the
    # backslash is the writer's own ("\\Alice" sanitised), the placeholder after it.
    return r"\\\[" + inner + r"\\\]|\[" + inner + r"\\?\]"


def canonical_placeholder(text: str) -> str | None:
    """The placeholder an echoed form stands for (escapes dropped, upper case), or None."""
    if not text.isascii():
        return None
    canonical = text.replace("\\", "").upper()
    return canonical if PLACEHOLDER_RE.fullmatch(canonical) else None
