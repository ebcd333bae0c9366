"""A frame: one payload's texts with slots, and the locales it is written for."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

SLOT: Final = re.compile(r"\[\[(#?)(\w+)(\|j)?\]\]")


@dataclass(frozen=True, slots=True)
class Frame:
    """``texts`` hold ``[[slot]]`` / ``[[#negative]]`` markers; ``only`` limits locales."""

    texts: tuple[str, ...]
    only: tuple[str, ...] | None = None


def f(*texts: str, only: tuple[str, ...] | None = None) -> Frame:
    """A frame of one or more texts (several texts: one payload, e.g. a chat's turns)."""
    return Frame(texts, only)
