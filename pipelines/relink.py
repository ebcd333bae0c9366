"""Whole-text relinking: the inverse of sanitisation for non-streaming replies.

:func:`relink` puts the real values back for every placeholder the vault issued and
leaves everything else verbatim: reserved literals (placeholder-shaped text that was in
the input), placeholders the vault never issued, and malformed near-placeholders.
Streaming replies go through the egress filter instead, which holds back at most one
possible placeholder across chunk boundaries and produces the same result.
"""

from __future__ import annotations

import re

from pipelines.placeholders import PLACEHOLDER_RE
from pipelines.vault import Vault

__all__ = ["relink"]


def relink(text: str, vault: Vault) -> str:
    """Replace each placeholder issued by ``vault`` in ``text`` with its value."""
    relink_map = vault.relink_map
    if not relink_map or "[" not in text:
        return text

    def _value(match: re.Match[str]) -> str:
        literal = match.group(0)
        value = relink_map.get(literal)
        return literal if value is None else value

    return PLACEHOLDER_RE.sub(_value, text)
