"""The values the label reader types: where they are looked for, the labels their shape
admits, and the checks a label's value must pass (:mod:`detectors.labelled`).

Every value holds a digit, except a code in capitals (a BIC, a German document serial),
so values are looked for from the runs of digits and the runs of capitals of a text,
each found by a pattern the engine can skip to (no look-behind before its first
character); the boundaries are checked in Python.  From each run the reader tries the
value shapes that can hold it:

* a number in groups (a phone, card, SSN, tax or social-insurance number), a phone
  extension or a dial string's tail included; cut at line breaks and at a ``/`` between
  two numbers of six digits or more (``512 246 8396/+16468018639`` is a list);
* a code of letters and digits (passport, identity card, NINO, VAT id, BIC, pension
  insurance number), grouped forms too (``DE 822 324 511``, ``AB 12 34 56 C``);
* a date (for a date of birth);
* a run of token characters (for a credential).

A value's *shapes* are the labels it may carry by its digits, letters and grouping; the
label a reader finds must be one of them, and the value must pass that label's check
(:data:`CHECKS`, checksummed kinds first).
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Sequence
from typing import Final, final

from stdnum.au import tfn as au_tfn
from stdnum.be import nn as be_nn
from stdnum.br import cpf as br_cpf
from stdnum.dk import cpr as dk_cpr
from stdnum.ie import pps as ie_pps
from stdnum.in_ import pan as in_pan
from stdnum.no import fodselsnummer as no_fnr
from stdnum.nz import ird as nz_ird
from stdnum.tr import tckimlik as tr_tckimlik
from stdnum.za import idnr as za_idnr

from detectors import id_validators as idv
from detectors import validators as v
from detectors.label_words import OTHER_KIND, SECRET_KINDS, classify

__all__ = [
    "AFTER_IBAN",
    "EXTENSION",
    "PRIORITY",
    "SSH_PUBLIC_KEY",
    "Found",
    "candidates",
    "checked_national_id",
    "checks",
    "inside_break",
    "line_end",
    "passport_serial",
    "printed_card",
    "ssn_grouping",
    "unwrapped_end",
    "within_lines",
]

# (start, end, shapes) of a value, and what is called with one.
Found = tuple[int, int, frozenset[str]]
Add = Callable[[int, int, frozenset[str]], None]

# Digits in groups: starts at a digit, "+" or "(", single separators between groups; a
# phone extension or dial-string tail may follow.
_NUMBER: Final = re.compile(
    r"(?<![\w@.\-+])[+(]?[0-9](?:[0-9]|[ \-./](?=[0-9(])|[()](?=[ 0-9\-]))*[0-9]"
    r"(?:(?:[ ]?(?i:x|ext\.?|extension|durchwahl|dw|apparat|app\.)[ ]?|,{2,3}|;ext=)[0-9]{1,6}"
    # a single pause ends the value: "07956747604,23 May 2027" is a CSV row
    r"|[,;][0-9]{1,6}(?=$|[ \"')\]}]|\.(?:[ ]|$))(?![ ]?\w))?"
    r"(?![\w@]|[.\-][0-9])"
)
# The same, right after a label glued to it.
_NUMBER_GLUED: Final = re.compile(_NUMBER.pattern.removeprefix(r"(?<![\w@.\-+])"))
# A code of letters and digits.
_CODE: Final = re.compile(
    r"(?<![\w@.\-/])(?:"
    r"[A-Za-z]{2}[ ]?[0-9]{2}[ ]?[0-9]{2}[ ]?[0-9]{2}[ ]?[A-Da-d]"  # NINO
    r"|(?:[A-Z]{2}|CHE)[ \-]?(?:U[ \-]?)?[0-9]{2,12}(?:[ .\-][0-9]{2,9}){0,4}"  # a VAT id in groups
    r"|[0-9]{2}[ ]?[0-9]{6}[ ]?[A-Z][ ]?[0-9]{2}[ ]?[0-9]"  # a pension insurance number
    r"|[A-Z][ ][0-9]{7}"  # P 1234567
    r"|[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?"  # a BIC
    r"|(?=[A-Za-z]{0,11}[0-9])[A-Za-z0-9]{6,12}"  # letters and digits
    # ... and such a code in hyphenated groups ("Y-4108010-V", "100997-776S")
    r"|(?=[A-Za-z0-9\-]{0,15}[0-9])(?=[0-9\-]{0,15}[A-Za-z])[A-Za-z0-9]{1,10}(?:-[A-Za-z0-9]{1,10}){1,3}"
    r")(?![\w@]|[\-/.][\w])"
)
# A generated credential: a run of token characters holding a digit.
_TOKEN: Final = re.compile(
    r"(?<![\w\-+/=.~])(?=[A-Za-z_\-+/.~]{0,254}[0-9])"
    r"[A-Za-z0-9][A-Za-z0-9_\-+/.~]{6,254}[A-Za-z0-9_\-+/~]={0,2}"
    r"(?![A-Za-z0-9_\-+/=~]|\.[A-Za-z0-9])"
)
# A date.
_DATE: Final = re.compile(
    r"(?<![\w.\-/])(?:[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}|[0-9]{1,2}[./\-][0-9]{1,2}[./\-][0-9]{2,4}"
    r"|[0-9]{1,2}(?:st|nd|rd|th|\.)?[ ](?:of[ ])?[A-Za-z]{3,9}\.?,?[ ][0-9]{4}"
    r"|[A-Za-z]{3,9}\.?[ ][0-9]{1,2}(?:st|nd|rd|th)?,?[ ][0-9]{4}"
    r"|[0-9]{1,2}[\-/.][A-Za-z]{3,9}[\-/.](?:[0-9]{4}|[0-9]{2})"
    r"|[0-9]{2}[A-Za-z]{3}(?:[0-9]{4}|[0-9]{2}))(?![\w\-/]|\.[0-9])"
)
# Where values are looked for (each pattern starts with a character class, so that the
# engine skips to it): runs of digits and separators of seven characters or more, runs
# of digits (for codes), dates written with digits first, codes in capitals.
_NUMBER_CLUSTER: Final = re.compile(r"[0-9][0-9 \-./()]{5,}[0-9]")  # (7 characters or more)
_DIGIT_RUN: Final = re.compile(r"[0-9][0-9A-Za-z]*")
_DIGITS: Final = re.compile(r"[0-9]+")
_A_DIGIT: Final = re.compile(r"[0-9]")
_DIGIT_DATE: Final = re.compile(
    r"[0-9](?:[0-9]{0,3}[./\-][0-9]{1,2}[./\-][0-9]{2,4}"
    r"|[0-9]?(?:st|nd|rd|th|\.)?[ ](?:of[ ])?[A-Za-z]{3,9}\.?,?[ ](?:[0-9]{4}|[0-9]{2})"
    r"|[0-9]?[\-/.][A-Za-z]{3,9}[\-/.](?:[0-9]{4}|[0-9]{2})"
    r"|[0-9][A-Za-z]{3}(?:[0-9]{4}|[0-9]{2}))"
    r"(?![\w\-/]|\.[0-9])"
)
# A date written with its month's name first ("Jun 20, 1998", "October 4, 2003"), read
# back from its year (the digit runs are visited anyway; a search of the whole text
# for month names costs more than all of them).
_MONTH_BEFORE_YEAR: Final = re.compile(
    r"(?<![\w.\-/])(?i:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]{0,6}\.?[ ]"
    r"[0-9]{1,2}(?:st|nd|rd|th)?,?[ ]\Z"
)
_MONTH_REACH: Final = 24
_YEAR_END: Final = re.compile(r"[\-/_]|\.[0-9]")
# A run of printable characters a password may be: not ending in a sentence's mark.
_WORD_RUN: Final = re.compile(r"(?<![^\s\"'`(\[{<,;=:])[^\s\"'`<>()\[\]{},;]{8,64}(?<![.,;:!?])")
# How far after a word for a secret or a birth the value it labels may start.
_BOUND_REACH: Final = 160
# Longer than any _TOKEN match and the character its end looks at.
_LONGEST_TOKEN: Final = 300
_CAPS: Final = re.compile(r"[A-Z][A-Z0-9]{7,10}(?![A-Za-z0-9_@]|[\-/.][A-Za-z0-9])")
_GLUED: Final = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_@.-/")
# A BIC right after its IBAN, with a slash, comma or space between, or in brackets.
AFTER_IBAN: Final = re.compile(
    r"[ ]?[/,;]?[ ]?(?:\([ ]?)?([A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?)(?![\w\-])"
)
# A phone number's extension or dial-string tail, at the end of a value.
EXTENSION: Final = re.compile(
    r"(?:[ ]?(?:x|ext\.?|extension|durchwahl|dw|apparat)[ ]?|,{1,3}|;ext=)[0-9]{1,6}$"
)
# An OpenSSH public key (RFC 4253 6.6 key type, then its base64 blob): public, no
# credential, whatever word stands before it.
SSH_PUBLIC_KEY: Final = re.compile(
    r"(?:ssh-(?:rsa|dss|ed25519|ed448)|ecdsa-sha2-nistp(?:256|384|521)"
    r"|sk-(?:ssh-ed25519|ecdsa-sha2-nistp256)@openssh\.com)[ ](AAAA[A-Za-z0-9+/]+=*)"
)
# A date: day, month and a year of two or four digits, or the year first; an ISO date
# with its time after it ("2026-06-25 01:44:34") too.
_DATE_LIKE: Final = re.compile(
    r"[0-9]{1,2}[./\-][0-9]{1,2}[./\-](?:[0-9]{2}|[0-9]{4})|[0-9]{4}[./\-][0-9]{1,2}[./\-][0-9]{1,2}"
)
_ISO_DATE_TIME: Final = re.compile(r"(?:19|20)[0-9]{2}-[01][0-9]-[0-3][0-9][ T][0-9]")
# A decimal number: two decimals, or a point after 0 or an integer without leading
# zero ("0.84147098", "3.14159"; "030.1234567" is a phone number written with a dot).
_DECIMAL: Final = re.compile(r"[0-9]+[.,][0-9]{1,2}|(?:0|[1-9][0-9]*)\.[0-9]+")
_VERSION: Final = re.compile(r"(?:[A-Za-z]+/)?v?[0-9]+(?:\.[0-9]+)+(?:[\-+.][A-Za-z0-9.]+)?")
_ICAO: Final = re.compile(r"[0-9CFGHJKLMNPRTVWXYZ]+")
# The fewest characters of a number the reader types (a phone number of seven digits).
_SHORTEST: Final = 7
_DOB: Final = frozenset({"DATE_OF_BIRTH"})

# The order in which the labels a value may carry are tried (the first whose check
# passes wins): checksummed kinds before unchecked ones.
PRIORITY: Final = (
    "CREDIT_CARD", "US_ITIN", "US_SSN", "DE_TAX_ID", "VAT_ID", "BIC", "NATIONAL_ID",
    "PASSPORT", "PHONE", "DATE_OF_BIRTH", "API_KEY",
)  # fmt: skip


def candidates(
    text: str,
    breaks: Sequence[int],
    labels: frozenset[str],
    taken: Sequence[tuple[int, int]],
    add: Add,
    *,
    secrets: Sequence[int] = (),
    births: Sequence[int] = (),
    gaps: Sequence[int] = (),
    check: Callable[[], None] = lambda: None,
) -> None:
    """Call ``add(start, end, shapes)`` for each value of ``text`` whose shapes meet
    ``labels`` (see the module docstring); nothing inside ``taken`` (sorted spans: the
    entries' values) is looked at, and no value runs over a column gap at ``gaps`` (a
    table's cells are values of their own; ``check`` is called now and then: the
    detector's time budget).  Credentials are looked for only after the
    words for one at ``secrets``, dates only in a text with a word for a birth (at
    ``births``; every label naming one holds such a word), and those written with a
    month's name only after one (a label bound to them stands right before them)."""
    inside = _Taken(taken)
    at = 0
    cluster_end = 0
    steps = 0
    while True:
        steps += 1
        if steps % 64 == 0:
            check()
        # a digit inside the cluster read last, seven characters or more before its
        # end, starts a cluster running to that end: only past it is the text searched
        # again (a page of numbers is one cluster)
        digit = _A_DIGIT.search(text, at, cluster_end - 6) if at < cluster_end else None
        if digit is not None:
            at = digit.start()
        else:
            cluster = _NUMBER_CLUSTER.search(text, at)
            if cluster is None:
                break
            at, cluster_end = cluster.span()
        taken_end = inside.end(at)
        if taken_end:  # the rest of the run after an entry's value
            at = taken_end
            continue
        group = _DIGITS.match(text, at)
        digits_end = group.end() if group is not None else at + 1
        before = text[at - 1] if at else ""
        if before.isalpha():
            begin = at
            while begin > 0 and at - begin < 12 and text[begin - 1].isalpha():
                begin -= 1
            if isinstance(classify(text[begin:at].lower()), frozenset):
                # a label glued to its value ("SSN536221234")
                number = _NUMBER_GLUED.match(text, at)
                if number is not None and number.end() - at >= _SHORTEST:
                    add(at, number.end(), _number_shapes(number.group()))
                    at = number.end()
                    continue
            at = digits_end  # a code's digits ("E1001"): the run goes on after it
            continue
        if before == "/" and at >= 2 and text[at - 2].isalpha():
            at = digits_end  # a path's or a product's number ("Chrome/110.0.4782.164")
            continue
        number = _NUMBER.match(text, at - 1 if before in ("+", "(") else at)
        if number is None and before in ("+", "("):
            number = _NUMBER.match(text, at)
        if number is None or number.end() - number.start() < _SHORTEST:
            at = digits_end
            continue
        at = number.end()  # (the cluster may hold more values: "5552345678 - 5552345679")
        for cell in within_lines(gaps, *number.span()):
            pieces = _pieces(text, breaks, *cell)
            if (
                len(pieces) > 1
                and "/" not in text[cell[0] : cell[1]]
                and not _in_a_table(breaks, gaps, *cell)
            ):
                # wrapped over lines ("phone 201 200" + line break + "0000"): whole too
                add(*cell, _number_shapes(text[cell[0] : cell[1]]))
            for low, high in pieces:
                if text[low] == "(" and ")" not in text[low:high]:
                    low += 1  # "(5004200117" is a number in brackets
                add(low, high, _number_shapes(text[low:high]))
    month_dates = "DATE_OF_BIRTH" in labels and bool(births)
    for run in _DIGIT_RUN.finditer(text):  # codes of letters and digits
        at, run_end = run.span()
        if (
            month_dates
            and run_end - at == 4
            and text[at - 1 : at] == " "
            and _YEAR_END.match(text, run_end) is None
        ):
            # a year: the month's name and the day before it ("Jun 20, 1998"; a table's
            # column, a form's field)
            date = _MONTH_BEFORE_YEAR.search(text, max(0, at - _MONTH_REACH), at)
            if date is not None and not inside(date.start()):
                add(date.start(), run_end, _DOB)
        elif (
            month_dates
            and run_end - at == 8
            and text[at : at + 2] in ("19", "20")
            and _YEAR_END.match(text, run_end) is None
            and not (at and text[at - 1].isalnum())
            and not inside(at)
        ):
            add(at, run_end, _DOB)  # an ISO 8601 basic date ("BDAY:19781001")
        glued = at and text[at - 1].isalpha()
        spaced = at > 1 and text[at - 1] == " " and text[at - 2].isupper()
        if run_end - at < 6 and not glued and not spaced:
            continue
        if inside(at):
            continue
        begin = at
        while begin > 0 and at - begin < 12 and text[begin - 1].isalpha():
            begin -= 1
        for start in _code_starts(text, at, begin):
            code = _CODE.match(text, start)
            if code is not None and not (
                inside_break(breaks, start, code.end()) or inside_break(gaps, start, code.end())
            ):
                add(start, code.end(), _code_shapes(code.group()))
    for match in _CAPS.finditer(text):  # codes in capitals without a digit run
        start = match.start()
        if not (start and text[start - 1] in _GLUED) and not inside(start):
            add(start, match.end(), _code_shapes(match.group()))
    if "DATE_OF_BIRTH" in labels and births:
        for match in _DIGIT_DATE.finditer(text):
            start = match.start()
            if not (start and text[start - 1] in _GLUED) and not inside(start):
                add(start, match.end(), _DOB)
        for at in births:  # "born March 5, 1985"
            date = _DATE.search(text, at, min(len(text), at + _BOUND_REACH))
            if date is not None and not inside(date.start()):
                add(*date.span(), _DOB)
    if "API_KEY" in labels:
        for at in secrets:  # "password: …", "mit dem Schlüssel …", a key's value
            reach = min(len(text), at + _BOUND_REACH)
            # (a token starting in reach is whole before ``seen``: each search stops there)
            seen = min(len(text), reach + _LONGEST_TOKEN)
            token = _TOKEN.search(text, at, seen)
            while token is not None and token.start() < reach:
                value = token.group()
                public = SSH_PUBLIC_KEY.match(text, token.start())
                if public is not None:  # a public key's type and blob
                    token = _TOKEN.search(text, public.end(), seen)
                    continue
                if len(value) >= 8 and _token_like(value) and not inside(token.start()):
                    add(*token.span(), SECRET_KINDS)
                token = _TOKEN.search(text, token.end(), seen)
            # a password is any run of printable characters ("Tugsoq19@PB"), on the
            # line of the word for it and not an assignment of its own
            reach = min(reach, line_end(breaks, at, len(text)))
            word = _WORD_RUN.search(text, at, reach)
            while word is not None:
                value = word.group()
                if (_password_like(value) and not _ASSIGNED.match(value)
                        and not inside(word.start())):
                    add(*word.span(), SECRET_KINDS)
                word = _WORD_RUN.search(text, word.end(), reach)


@final
class _Taken:
    """Whether an offset lies inside one of sorted, non-overlapping spans, asked in any
    order (a bisect)."""

    __slots__ = ("_ends", "_starts")

    def __init__(self, spans: Sequence[tuple[int, int]]) -> None:
        self._starts = [start for start, _ in spans]
        self._ends = [end for _, end in spans]

    def __call__(self, at: int) -> bool:
        return self.end(at) > 0

    def end(self, at: int) -> int:
        """The end of the span holding ``at``, or 0."""
        index = bisect.bisect_right(self._starts, at) - 1
        return self._ends[index] if index >= 0 and self._ends[index] > at else 0


def _code_starts(text: str, at: int, begin: int) -> list[int]:
    """Where a code holding the digit run at ``at`` may start: the letters glued before
    it, or a short upper-case prefix and a space (``DE 298 722 007``, ``AB 12 34 56 C``,
    ``P 1234567``) or a hyphen (``Y-4108010-V``)."""
    starts = [begin]
    if begin >= 2 and text[begin - 1] == " ":
        word = begin - 1
        while word > 0 and begin - 1 - word < 3 and text[word - 1].isupper():
            word -= 1
        if word < begin - 1 and not (word and text[word - 1].isalnum()):
            starts.append(word)
    elif begin >= 2 and text[begin - 1] == "-" and text[begin - 2].isupper():
        word = begin - 2  # a letter and a hyphen ("Y-4108010-V")
        while word > 0 and begin - 1 - word < 3 and text[word - 1].isupper():
            word -= 1
        if not (word and (text[word - 1].isalnum() or text[word - 1] in "-@./")):
            starts.append(word)
    return starts


# --- shapes -----------------------------------------------------------------------------


# New Zealand's IRD number of eight digits as it is written ("42-220-825"); eight digits
# alone are as often an order's or a ticket's.
_IRD_LAYOUT: Final = re.compile(r"[0-9]{2}-[0-9]{3}-[0-9]{3}")


def _number_shapes(value: str) -> frozenset[str]:
    """The labels a run of digit groups may carry, by its digits and grouping."""
    main = EXTENSION.sub("", value)
    if _DATE_LIKE.fullmatch(main) or _DECIMAL.fullmatch(main) or _ISO_DATE_TIME.match(main):
        return frozenset()
    count = len(v.digits_only(main))
    separators = {ch for ch in main.strip("+()") if not ch.isdigit()}
    shapes: set[str] = set()
    if 7 <= count <= 15:
        shapes.add("PHONE")
    if main == value:
        if count == 9 and separators <= {" ", "-"}:
            shapes.update(("US_SSN", "US_ITIN", "PASSPORT"))
        if 12 <= count <= 19 and separators <= {" ", "-"}:
            shapes.add("CREDIT_CARD")
        if count == 11 and separators <= {" ", "/"}:
            shapes.add("DE_TAX_ID")
        if (count in (9, 10, 11, 13) and separators <= {" ", ".", "-"}) or (
            count == 8 and _IRD_LAYOUT.fullmatch(main)
        ):
            # AT SVNR, CH AHV, NL BSN, PL PESEL, NHS, NZ IRD
            shapes.add("NATIONAL_ID")
    return frozenset(shapes)


def _code_shapes(value: str) -> frozenset[str]:
    """The labels a code of letters and digits may carry."""
    compact = value.replace(" ", "").replace("-", "").replace(".", "")
    if not compact.isascii():
        return frozenset()
    digits = sum(ch.isdigit() for ch in compact)
    letters = len(compact) - digits
    if letters == 0:
        return frozenset()  # digits alone are numbers
    shapes: set[str] = set()
    if compact.isupper() and letters >= 6 and len(compact) in (8, 11) and compact[:6].isalpha():
        shapes.add("BIC")
    if digits >= 2:
        shapes.update(("NATIONAL_ID", "VAT_ID"))
        if (6 <= len(compact) <= 10 and value == compact) or value[1:2] == " ":
            shapes.add("PASSPORT")
    elif len(compact) in (9, 10) and _ICAO.fullmatch(compact):
        shapes.update(("NATIONAL_ID", "PASSPORT"))  # a German document's serial
    return frozenset(shapes)


def _token_like(value: str) -> bool:
    """A run that could be a generated credential: letters and digits, or 16 characters
    or more of both cases (a key name such as ``DB_PASSWORT`` is neither); not a version
    (``v13.20.22``) nor an id whose prefix names a record (``req_…``, ``order_…``)."""
    if _VERSION.fullmatch(value) or classify(value.split("_", 1)[0].lower()) == OTHER_KIND:
        return False
    if any(ch.isalpha() for ch in value) and any(ch.isdigit() for ch in value):
        return True
    return len(value) >= 16 and not value.isupper() and not value.islower()


# A key and its assignment at the start of a run ("APP_VERSION=10.0.2", "port=6379").
_ASSIGNED: Final = re.compile(r"[A-Za-z_][\w.\-]*[=:]")


def line_end(breaks: Sequence[int], at: int, size: int) -> int:
    """The end of the line holding ``at`` (its break's offset, or ``size``)."""
    index = bisect.bisect_left(breaks, at)
    return breaks[index] if index < len(breaks) else size


def _password_like(value: str) -> bool:
    """A run that could be a password a person chose: letters, digits and marks, at least
    three of lower case, upper case, digits and marks, and a mark a token has not (a
    token is looked for as one)."""
    classes = (
        any(ch.isdigit() for ch in value)
        + any(ch.isupper() for ch in value)
        + any(ch.islower() for ch in value)
        + any(not ch.isalnum() for ch in value)
    )
    return classes >= 3 and any(ch in _PASSWORD_MARKS for ch in value) and "://" not in value


_PASSWORD_MARKS: Final = frozenset("!#$%&*?@^§+=~|\\")


def printed_card(value: str) -> bool:
    """A card number printed in groups of four (the last may be shorter: 19 digits as
    4-4-4-4-3, 15 as 4-4-4-3) with a scheme's prefix and length and the Luhn check."""
    groups = re.split(r"[ \-]", value)
    if len(groups) < 3 or len({ch for ch in value if not ch.isdigit()}) != 1:
        return False
    if any(len(group) != 4 for group in groups[:-1]) or not 1 <= len(groups[-1]) <= 4:
        return False
    return v.is_card_after_keyword(value)


# --- the checks a label's value must pass ------------------------------------------------


def _is_vat(value: str) -> bool:
    compact = value.replace(" ", "").replace(".", "").replace("-", "").upper()
    return idv.is_vat_id(compact) or idv.is_gb_vat(compact) or idv.is_ch_uid(compact)


# A German identity card's or passport's serial (ICAO 9303 alphabet), no check digit.
_DE_ID_CARD: Final = re.compile(r"[CFGHJKLMNPRTVWXYZ][0-9CFGHJKLMNPRTVWXYZ]{8}")
_DE_PASSPORT: Final = re.compile(r"[CFGHJK][0-9CFGHJKLMNPRTVWXYZ]{8}")
_PASSPORT_SHAPE: Final = re.compile(
    r"[0-9]{9}|[A-Z][0-9]{7,8}|[A-Z]{2}[0-9]{7}|[A-Z][ ][0-9]{7}|[A-Z0-9]{8,10}"
)


# After its label a national number whose issuer's rule is not written out here (a
# Medicare, PHN or KV number, a TFN) is taken by its shape: 8 to 12 digits, with a
# letter or two before them or not.
_LABELLED_ID: Final = re.compile(r"[A-Z]{0,2}[0-9]{8,12}")


def _is_national_id(value: str) -> bool:
    return checked_national_id(value) or _LABELLED_ID.fullmatch(
        value.replace(" ", "").replace(".", "").replace("-", "").upper()
    ) is not None


# National numbers with a check digit that only a label makes worth checking (alone, a
# run of digits passes one of them often enough): python-stdnum's modules.
_LABELLED_CHECKS: Final = (
    au_tfn.is_valid, dk_cpr.is_valid, be_nn.is_valid, no_fnr.is_valid, tr_tckimlik.is_valid,
    br_cpf.is_valid, za_idnr.is_valid, ie_pps.is_valid, nz_ird.is_valid, in_pan.is_valid,
)  # fmt: skip


def checked_national_id(value: str) -> bool:
    """A national number that passes its issuer's check (not only a labelled shape)."""
    compact = value.replace(" ", "").replace(".", "").replace("-", "")
    upper = compact.upper()
    return (
        any(_checked(check, compact) for check in _LABELLED_CHECKS)
        or idv.is_uk_nino(upper)
        or idv.is_gb_nhs(compact)
        or idv.is_ca_sin(compact)
        or idv.is_at_svnr(compact)
        or idv.is_de_rvnr(upper)
        or idv.is_national_id(compact)
        or idv.is_national_id(value.replace(" ", "").upper())  # (FI: "100997-776S")
        or _DE_ID_CARD.fullmatch(upper) is not None
    )


def _checked(check: Callable[[str], bool], value: str) -> bool:
    try:
        return value.isascii() and check(value)
    except Exception:  # (a third-party check that trips over odd input)
        return False


def _is_passport(value: str) -> bool:
    """A passport number after its label: 9 digits, a letter or two and 7-8 digits, or
    8-10 letters and digits (a German number's 10th character its ICAO check digit)."""
    if _PASSPORT_SHAPE.fullmatch(value) is None:
        return False
    compact = value.replace(" ", "")
    if len(compact) == 10 and idv.is_icao_document(compact):
        return True
    if len(compact) == 9 and _DE_PASSPORT.fullmatch(compact):
        return True
    return sum(ch.isdigit() for ch in value) >= 2 and v.is_passport(compact)


def passport_serial(value: str) -> bool:
    """A German passport's serial (first letter C, F, G, H, J or K; an identity card's is
    one of L, M, N, P, R, T, V, W, X, Y), with or without its check digit: under a label
    that names both documents ("Dokument", "Ausweis"), the letter says which."""
    compact = value.replace(" ", "")
    return _DE_PASSPORT.fullmatch(compact[:9]) is not None and (
        len(compact) == 9 or (len(compact) == 10 and idv.is_icao_document(compact))
    )


def _is_secret(value: str) -> bool:
    """A credential under a word for one: generated-looking (letters and digits mixed,
    high entropy), or a password of 8 characters or more that is no plain word."""
    if len(value) >= 16 and (idv.is_high_entropy(value) or idv.is_random_letters(value)):
        return True
    classes = (
        any(ch.isdigit() for ch in value)
        + any(ch.isupper() for ch in value)
        + any(ch.islower() for ch in value)
        + any(not ch.isalnum() for ch in value)
    )
    return len(value) >= 8 and classes >= 3


# Nine digits grouped as an SSN or an ITIN is written (3-2-4) or not grouped: "154 051
# 742" in threes is a Canadian SIN's or an Australian TFN's grouping.
_SSN_GROUPS: Final = re.compile(r"[0-9]{9}|[0-9]{3}([ \-]?)[0-9]{2}\1[0-9]{4}")


def ssn_grouping(value: str) -> bool:
    """``value`` is grouped as an SSN or an ITIN is written, or not grouped."""
    return _SSN_GROUPS.fullmatch(value) is not None


def checks(phone: v.Validator) -> dict[str, v.Validator]:
    """The check of each label, ``phone`` for phone numbers after a phone word."""
    return {
        "CREDIT_CARD": v.is_card_after_keyword,
        "US_ITIN": idv.is_us_itin,
        "US_SSN": v.is_us_ssn,
        "DE_TAX_ID": v.is_de_tax_id,
        "VAT_ID": _is_vat,
        "BIC": idv.is_bic,
        "NATIONAL_ID": _is_national_id,
        "PASSPORT": _is_passport,
        "PHONE": lambda value: phone(EXTENSION.sub("", value)),
        "DATE_OF_BIRTH": idv.is_birth_date,
        "API_KEY": _is_secret,
    }


# --- lines --------------------------------------------------------------------------------


def inside_break(breaks: Sequence[int], start: int, end: int) -> bool:
    """A line break lies in ``[start, end)``."""
    index = bisect.bisect_left(breaks, start)
    return index < len(breaks) and breaks[index] < end


def within_lines(breaks: Sequence[int], start: int, end: int) -> list[tuple[int, int]]:
    """``[start, end)`` cut at the line breaks inside it (a number does not run on over
    a line's end: "… PW 13330" + line break + "2023804371" are two values)."""
    pieces = []
    index = bisect.bisect_left(breaks, start)
    while index < len(breaks) and breaks[index] < end:
        if breaks[index] > start:
            pieces.append((start, breaks[index]))
        start = breaks[index] + 1
        index += 1
    if start < end:
        pieces.append((start, end))
    return pieces


def _in_a_table(breaks: Sequence[int], gaps: Sequence[int], start: int, end: int) -> bool:
    """A column gap stands on a line ``[start, end)`` touches: its line breaks end a
    table's rows, no wrapped value ("536221234" + line break + "2" is two cells)."""
    if not gaps:
        return False
    first = bisect.bisect_left(breaks, start)
    low = breaks[first - 1] + 1 if first else 0
    last = bisect.bisect_left(breaks, end)
    high = breaks[last] if last < len(breaks) else end
    index = bisect.bisect_left(gaps, low)
    return index < len(gaps) and gaps[index] < high


def _pieces(text: str, breaks: Sequence[int], start: int, end: int) -> list[tuple[int, int]]:
    """A run of digit groups as values: cut at line breaks, and at a ``/`` between two
    numbers of six digits or more each (``030/1234567`` is one number)."""
    out: list[tuple[int, int]] = []
    for low, high in within_lines(breaks, start, end):
        at = low
        slash = text.find("/", low, high)
        while slash != -1:
            if _digits(text, at, slash) >= 6 and _digits(text, slash + 1, high) >= 6:
                out.append((at, slash))
                at = slash + 1
            slash = text.find("/", slash + 1, high)
        out.append((at, high))
    return out


def _digits(text: str, start: int, end: int) -> int:
    return sum(ch.isdigit() for ch in text[start:end])


# A line holding only token characters (a wrapped credential's next piece), and the
# shortest line a terminal wraps.
_WRAPPED: Final = re.compile(r"[A-Za-z0-9_\-+/]{4,}={0,2}")
_WRAP_MIN: Final = 40


def unwrapped_end(text: str, start: int, end: int, breaks: Sequence[int], limit: int) -> int:
    """The end of a credential a terminal wrapped at a fixed width: it ends its line,
    which is at least :data:`_WRAP_MIN` characters long, and the next lines are runs of
    token characters, each as long as that line, the last no longer."""
    index = bisect.bisect_left(breaks, start)
    line_start = breaks[index - 1] + 1 if index else 0
    width = end - line_start
    if width < _WRAP_MIN:
        return end
    while end < limit:
        index = bisect.bisect_left(breaks, end)
        if index == len(breaks) or breaks[index] != end:
            break
        following_end = breaks[index + 1] if index + 1 < len(breaks) else len(text)
        following = (end + 1, following_end)
        if following_end > limit or following_end - following[0] > width:
            break
        if _WRAPPED.fullmatch(text, *following) is None:
            break
        end = following_end
        if end - following[0] < width:
            break
    return end
