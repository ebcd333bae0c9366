"""What a library entry is, and the boundaries its patterns share.

:class:`EntityPattern` is one entry of the entity library (:mod:`detectors.library`,
:mod:`detectors.library_secrets`, :mod:`detectors.library_personal`);
:func:`compile_pattern` compiles any entry or custom pattern with the flags the library
is written for.  The boundary look-arounds below are shared by every numeric entry, so
that each decides the same way where a value may start and stop.  :func:`keyword` spells
a context word the way people type it (lower case, capitalised, upper case): patterns
name those forms exactly rather than matching case-insensitively, so the literal
anchors an egress scanner skips text by are every form a match can contain.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final, final

import regex

from detectors.validators import Validator
from pipelines.canon.fold import fold
from pipelines.textrules import NOSPACE_SCRIPTS as _NOSPACE

__all__ = [
    "DIGITS",
    "NUM_AFTER",
    "NUM_BEFORE",
    "TOKEN_AFTER",
    "TOKEN_BEFORE",
    "WORD",
    "EntityPattern",
    "compile_pattern",
    "keyword",
    "keyword_forms",
]

# Flags every library and custom pattern is compiled with.  VERSION1 gives nested sets
# and scoped inline flags; patterns are written without relying on IGNORECASE.
_FLAGS: Final = regex.VERSION1

DIGITS: Final = tuple("0123456789")


@final
@dataclass(frozen=True, slots=True)
class EntityPattern:
    """One kind of structured value: how to find it and how to confirm it.

    ``name`` is the library key (``CREDIT_CARD``), ``label`` the label of emitted spans
    (``CREDIT_CARD``; several secrets share ``API_KEY``).  ``validator`` sees the exact
    matched text.  ``max_length`` is ``None`` for unbounded patterns.  ``anchors``: every
    match contains one of these literals (empty: no such literal); the ingress scanner
    skips a pattern on text that holds none of them.
    ``starts_at_anchor``: every match starts with one of ``anchors`` (a keyword), so the
    ingress detector tries the pattern only at the anchors' positions.  ``by_label``:
    ``response.redact`` naming the label takes this entry too; ``False`` for an entry a
    reply filter would pay for on every chunk (a match may start at any word, so the
    filter would hold each chunk's last word): it is redacted only by its own name.
    """

    name: str
    label: str
    pattern: str
    validator: Validator | None
    score: float
    description: str
    max_length: int | None
    anchors: tuple[str, ...] = ()
    starts_at_anchor: bool = False
    by_label: bool = True

    def __post_init__(self) -> None:
        if not (0.0 <= self.score <= 1.0):
            raise ValueError(f"entity {self.name}: score must be within 0..1")
        if self.max_length is not None and self.max_length < 1:
            raise ValueError(f"entity {self.name}: max_length must be positive")


def compile_pattern(p: EntityPattern) -> regex.Pattern[str]:
    """Compile ``p.pattern`` with the flags the library is written for."""
    return regex.compile(p.pattern, _FLAGS)


# --- boundaries ------------------------------------------------------------------
# Word characters of scripts written with spaces.  Values written right next to Han,
# kana, Hangul or Thai text ("番号4111 1111 1111 1111です") have no space before them,
# so those scripts do not count as a word the value would be part of.
# (The one list of such scripts, shared with ingress repeats and egress literals.)
WORD: Final = rf"[\w--[{_NOSPACE}]]"
# A number must not start inside a longer token (a word, a decimal, a path, a
# dashed reference) and must not stop where a digit group continues.
NUM_BEFORE: Final = rf"(?<![[\w\-./#+]--[{_NOSPACE}]])"
NUM_AFTER: Final = rf"(?!{WORD}|[\-./][0-9])"
TOKEN_BEFORE: Final = r"(?<![\w\-])"
# What separates the digit groups of a number in the canonical view: a space (every
# Unicode space and whitespace run folds to one), a dash (every dash and minus folds
# to "-") or a dot ("4111.1111.1111.1111", "536.22.1234", "030.1234.5678"), mixed
# freely: a value is found however its groups are written (docs/design.md C9).
GROUP_SEP: Final = r"[ \-.]"
TOKEN_AFTER: Final = r"(?![\w\-])"


def keyword_forms(words: Iterable[str]) -> tuple[str, ...]:
    """Each word lower case, capitalised and upper case (``born``, ``Born``, ``BORN``),
    spelled as the canonical view spells it (``für`` → ``fur``, ``Straße`` →
    ``Strasse``): patterns run over the view, in prompts and in replies alike."""
    forms: list[str] = []
    for word in words:
        for spelled in (word, word[:1].upper() + word[1:], word.upper()):
            form = fold(spelled)[0]
            if form not in forms:
                forms.append(form)
    return tuple(forms)


def keyword(words: Iterable[str]) -> str:
    """A pattern matching any form of ``words`` (:func:`keyword_forms`), longest first."""
    forms = sorted(keyword_forms(words), key=len, reverse=True)
    return "(?:" + "|".join(regex.escape(form) for form in forms) + ")"
