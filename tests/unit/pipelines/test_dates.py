"""Dates as people write them (:mod:`pipelines.dates`), against an oracle that renders
a day with the standard library's ``strftime`` and month tables written out here."""

from __future__ import annotations

import calendar
import datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pipelines.dates import DATE_RUN, readings
from pipelines.vault import Vault

_EN = ("January", "February", "March", "April", "May", "June", "July", "August",
       "September", "October", "November", "December")  # fmt: skip
_DE = ("Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September",
       "Oktober", "November", "Dezember")  # fmt: skip
_SUFFIX = {1: "st", 2: "nd", 3: "rd", 21: "st", 22: "nd", 23: "rd", 31: "st"}


def _spellings(day: datetime.date) -> list[str]:
    """Ways people write ``day`` (the oracle: no code of the product)."""
    en, de = _EN[day.month - 1], _DE[day.month - 1]
    nth = f"{day.day}{_SUFFIX.get(day.day, 'th')}"
    return [
        day.isoformat(),
        day.strftime("%d.%m.%Y"),
        f"{day.day}.{day.month}.{day.year}",
        day.strftime("%m/%d/%Y"),
        day.strftime("%d/%m/%Y"),
        f"{day.day}/{day.month}/{day.year}",
        day.strftime("%d/%m/%y"),
        day.strftime("%d-%m-%Y"),
        f"{en} {day.day}, {day.year}",
        f"{en[:3]} {day.day}, {day.year}",
        f"{day.day} {en} {day.year}",
        f"{nth} {en} {day.year}",
        f"{nth} of {en} {day.year}",
        f"{day.day:02d}-{en[:3]}-{day.year}",
        f"{day.day} {en[:3].upper()} {day.year}",
        f"{day.day}. {de} {day.year}",
        f"{day.day:02d}. {de[:3]}. {day.year}",
    ]


_DAYS = st.dates(min_value=datetime.date(1901, 1, 1), max_value=datetime.date(2030, 12, 31))


@settings(max_examples=150)
@given(
    _DAYS,
    st.sampled_from(["", "born ", "(", "DOB: ", "> "]),
    st.sampled_from(["", ".", ")", " is right", ","]),
)
def test_every_spelling_of_a_day_is_found_whole_and_means_that_day(
    day: datetime.date, before: str, after: str
) -> None:
    key = (day.year, day.month, day.day)
    for written in _spellings(day):
        text = before + written + after
        runs = [run.group() for run in DATE_RUN.finditer(text)]
        assert runs == [written], text
        assert key in readings(written), written


@settings(max_examples=100)
@given(_DAYS, _DAYS)
def test_two_spellings_are_one_birth_date_exactly_when_they_mean_the_same_days(
    first: datetime.date, second: datetime.date
) -> None:
    """The vault numbers spellings of one day as one value and finds them as repeats;
    a slashed spelling that may also mean another day (day and month swapped) is
    another value, found only as written."""
    written, other = _spellings(first)[8], _spellings(second)[4]  # "March 5, 1985", "05/03/1985"
    vault = Vault()
    placeholder = vault.issue("DATE_OF_BIRTH", written)
    one_reading = second.day > 12 or second.day == second.month
    same = first == second and one_reading
    found = vault.surface_index.find(f"confirmed: {other}.")
    assert bool(found) is same
    if same:
        assert found[0].placeholder == placeholder
    if first == second:
        assert vault.issue("DATE_OF_BIRTH", _spellings(second)[1]) == placeholder  # dotted
        assert (vault.issue("DATE_OF_BIRTH", other) == placeholder) is one_reading


@settings(max_examples=100)
@given(_DAYS)
def test_readings_of_a_numeric_date_are_the_days_it_may_mean(day: datetime.date) -> None:
    slashed = day.strftime("%d/%m/%Y")
    expected = {(day.year, day.month, day.day)}
    if day.day <= 12:
        expected.add((day.year, day.day, day.month))
    assert set(readings(slashed)) == expected
    assert readings(day.strftime("%d.%m.%Y")) == ((day.year, day.month, day.day),)
    short = day.strftime("%d.%m.%y")
    assert set(readings(short)) == {
        (century + day.year % 100, day.month, day.day)
        for century in (1900, 2000)
        if (day.month, day.day) != (2, 29) or calendar.isleap(century + day.year % 100)
    }


@pytest.mark.parametrize(
    "text",
    ["1.2.3", "12/13/14/15", "2024-13-01", "31.02.1990", "May 2020", "Apr 5",
     "99999999999999999999.1.1990", "1/99999999999999999999/1990", "123.4.1990"],
)  # fmt: skip
def test_what_is_no_date_has_no_reading(text: str) -> None:
    assert readings(text) == ()
