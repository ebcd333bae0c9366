"""Calendar dates as people write them, and the days one may mean.

One birth date is written many ways in one request (``Apr 27, 2007`` in a form,
``April 27, 2007`` in the reply that confirms it, ``27/04/2007`` in a log): the vault
keys a ``DATE_OF_BIRTH`` by the day it means, and repeat matching
(:mod:`pipelines.surface`) finds the same day however it is written.  A numeric date
with a slash or a hyphen may mean two days (``09/04/2000``: the 4th of September in the
US, the 9th of April elsewhere; with dots only the day comes first) and a two-digit
year two centuries: :func:`readings` gives them all, in order, and two spellings are
one date only when their readings are the same.  So a spelling that may mean another
day is never merged with one that may not: ``03/04/1990`` and ``04/03/1990`` are two
people's dates, and ``Python 3.11.04`` is no ``2004-11-03``.
"""

from __future__ import annotations

import datetime
import re
from typing import Final

from pipelines.canon.fold import fold

__all__ = ["DATE_RUN", "MONTHS", "readings"]

# Month names and abbreviations in English and German, as written and as the canonical
# view spells them ("märz" and "marz").
MONTHS: Final = {
    name: number
    for number, names in enumerate(
        (
            ("january", "jan", "januar", "jänner", "jän"),
            ("february", "feb", "februar", "febr"),
            ("march", "mar", "märz", "mär", "maerz", "mrz"),
            ("april", "apr"),
            ("may", "mai"),
            ("june", "jun", "juni"),
            ("july", "jul", "juli"),
            ("august", "aug"),
            ("september", "sep", "sept"),
            ("october", "oct", "oktober", "okt"),
            ("november", "nov"),
            ("december", "dec", "dezember", "dez"),
        ),
        start=1,
    )
    for written in names
    for name in (written, fold(written)[0])
}

_MONTH: Final = "|".join(sorted(MONTHS, key=len, reverse=True))
_DAY: Final = r"[0-9]{1,2}(?:st|nd|rd|th)?\.?"
# A date as written in a text: numeric (day, month and year in either order, or ISO),
# or with the month's name before or after the day.
DATE_RUN: Final = re.compile(
    r"(?<![\w.,/\-])(?:[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}"
    r"|[0-9]{1,2}[./\-][0-9]{1,2}[./\-](?:[0-9]{4}|[0-9]{2})"
    rf"|{_DAY}[ \-]?(?:of[ ])?(?:{_MONTH})\.?[ \-]?,?[ ]?[0-9]{{4}}"
    rf"|(?:{_MONTH})\.?[ ]{_DAY},?[ ][0-9]{{4}})"
    r"(?![\w/\-]|[.,][0-9])",
    re.IGNORECASE,
)
_WORD: Final = re.compile(r"[^\W\d_]+")
_NUMBER: Final = re.compile(r"[0-9]+")
_ORDINAL: Final = frozenset({"st", "nd", "rd", "th", "of"})


def _years(written: str) -> tuple[int, ...]:
    year = int(written)
    return (1900 + year, 2000 + year) if len(written) == 2 else (year,)


def _day(year: int, month: int, day: int) -> tuple[int, int, int] | None:
    try:
        datetime.date(year, month, day)
    except (ValueError, OverflowError):
        return None
    return (year, month, day)


def readings(text: str) -> tuple[tuple[int, int, int], ...]:
    """Every (year, month, day) ``text`` may mean, in a fixed order (the day first
    before the month first, the 1900s before the 2000s), written as :data:`DATE_RUN`
    writes a date; empty when it is no date.  Two spellings are one date when their
    readings are the same: ``09/04/2000`` and ``09-04-2000`` are, ``04/09/2000`` and
    ``4 September 2000`` are not (each may mean another day than the other)."""
    folded = text.lower()
    words = [w for w in _WORD.findall(folded) if w not in _ORDINAL]
    numbers = _NUMBER.findall(folded)
    if len(numbers) != (2 if words else 3):
        return ()
    found: list[tuple[int, int, int] | None] = []
    if words:
        if len(words) != 1 or words[0] not in MONTHS:
            return ()
        day, year = numbers if len(numbers[1]) == 4 else numbers[::-1]
        if len(year) != 4 or len(day) > 2:
            return ()
        found.append(_day(int(year), MONTHS[words[0]], int(day)))
    elif len(numbers[0]) == 4:  # ISO: year, month, day
        if max(len(numbers[1]), len(numbers[2])) > 2:
            return ()
        found.append(_day(int(numbers[0]), int(numbers[1]), int(numbers[2])))
    elif len(numbers[2]) in (2, 4) and max(len(numbers[0]), len(numbers[1])) <= 2:
        first, second = int(numbers[0]), int(numbers[1])
        dotted = "." in folded
        for year in _years(numbers[2]):
            found.append(_day(year, second, first))  # day first
            if not dotted:  # month first: the US, with a slash or a hyphen, never dots
                found.append(_day(year, first, second))
    return tuple(dict.fromkeys(day for day in found if day is not None))
