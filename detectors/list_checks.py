"""Warnings about an entity list that loads but is probably not what its owner meant.

A list is the customer's data, so each warning names the file, the problem and a count
(and the first line when the format has lines), never a value.  Checked:

* ``empty``: the file holds no value at all (a truncated export, a wrong path);
* ``semicolon_csv``: a ``.csv`` whose values hold a ``;`` (exported with ``;`` as the
  delimiter, so ``Jane Doe;PERSON`` became one value that never matches);
* ``one_character``: values of one character (``a`` masks every lone ``a``);
* ``stop_word``: values that are common words of English or German (``the`` would
  become ``[PERSON_1]`` in every prompt).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final, final

from detectors.entity_lists import ListEntry

__all__ = ["STOP_WORDS", "ListWarning", "check_list"]

# Short function words: never a customer's name, id or term on their own.
STOP_WORDS: Final = frozenset({
    "a", "an", "and", "are", "as", "at", "be", "but", "by", "for", "from", "has", "have", "he",
    "her", "his", "i", "if", "in", "is", "it", "its", "me", "my", "no", "not", "of", "on", "or",
    "our", "she", "so", "that", "the", "their", "them", "there", "they", "this", "to", "us",
    "was", "we", "were", "what", "when", "which", "who", "will", "with", "you", "your", "aber",
    "als", "am", "auch", "auf", "aus", "bei", "bin", "bis", "das", "dass", "dem", "den",
    "der", "des", "die", "du", "ein", "eine", "einem", "einen", "einer", "eines", "er", "es",
    "für", "hat", "ich", "ihr", "im", "ist", "ja", "mit", "nach", "nicht", "noch", "nur",
    "oder", "sie", "sind", "um", "und", "uns", "von", "vor", "war", "wie", "wir",
    "zu", "zum", "zur"
})


@final
@dataclass(frozen=True, slots=True)
class ListWarning:
    """One problem with a list file: ``kind``, how many values, and a message."""

    kind: str
    count: int
    message: str


def check_list(path: Path, entries: Sequence[ListEntry]) -> Iterator[ListWarning]:
    """The warnings for ``entries`` read from ``path``."""
    if not entries:
        yield ListWarning("empty", 0, "the list holds no values")
        return
    if path.suffix.lower() == ".csv":
        count = sum(1 for entry in entries if ";" in entry.value)
        if count:
            yield ListWarning("semicolon_csv", count,
                              f"{count} values hold ';': the CSV delimiter is ','")
    short = sum(1 for entry in entries if len(entry.value) == 1)
    if short:
        yield ListWarning("one_character", short, f"{short} values have one character")
    common = sum(1 for entry in entries if entry.value.casefold() in STOP_WORDS)
    if common:
        yield ListWarning("stop_word", common, f"{common} values are common words")
