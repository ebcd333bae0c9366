"""Values typed by their label, wherever the label is written.

A number means nothing alone: ``521616909`` is a passport number where its writer said
so, an order number where they said that.  This stage of the ``regex`` detector (option
``read_labels``, on by default) reads each value's label the way a person does and
types the values the library's entries leave alone; on the prompt side it stands in for
the library's keyword entries, which read a label only right before the value, in the
phrasings they list (:data:`detectors.regex_rules.LABELLED_ENTRIES`).  Where the label
is (:mod:`detectors.label_reading`):

1. **before the value on its line**, nearest word first, across the value's list
   siblings (``Passnummern: Luis Mäder – V84306675, Fatime Blaser – 117182775``,
   ``phones: 512 246 8396/+16468018639``) and the words of its sentence and the one
   before (``my passport number changed, new one is 521616909``); at a ``:`` the label
   before it, whose head decides (``SSN (last four only requested, full given): …``,
   ``Kreditkarte laut Beleg: …``); at a ``=`` the key (``to=2012185838``); in a key path
   the names (:mod:`pipelines.canon.view`);
2. **in a table**, the header of the value's column (pipes, CSV, tabs);
3. **on the line above**, for a value alone on its line: a label line ending in ``:``
   or ``=``, a YAML key over a list of items, a short heading;
4. **after the value**: a phone word (``4049224946 (mobile)``), a card's expiry;
5. **in a contact block**: a valid phone number alone on its line, an e-mail address,
   phone number or postal address within two lines of it;
6. **in an SQL INSERT**: the column the ``VALUES`` give the value;
7. **in a dialogue**: the question on the line above, for a value opening the answer's
   turn (``Agent: Can you confirm your date of birth?`` over ``Caller: 7th January
   1994``).

The nearest word that names something decides (:mod:`detectors.label_words`): a kind
(``passport``, ``Telefon``, ``SSN``) types the value if its shape admits the kind and it
passes the kind's check (:mod:`detectors.label_values`); a word naming another thing
with a number of its own (``order``, ``Kundennummer``, ``EAN``, ``Abholcode``) leaves it
alone — and takes back an entry's value it is bound to, or relabels it when it names
another kind that the value is (``NHS No: 693 035 0451``).  Marks without a word are read
too: a BIC right after an IBAN, a phone number's dial-string or DIN 5008 tail after a
number an entry found (``2012460111,,207``, ``030 44009549-0``), a credential an entry
found that a terminal wrapped over the next lines; a card number printed in groups of
four needs no label.  Credentials are also read by the syntax that holds them, whatever
their characters (:mod:`detectors.credential_fields`).

The reader reads prompts only: the reply filter keeps 128 characters of context and no
lines above, so a reply is masked by the library's entries alone (docs/entities.md).
"""

from __future__ import annotations

import bisect
import itertools
import re
from collections.abc import Callable, Iterable
from typing import Final, final

from detectors import id_validators as idv
from detectors import validators as v
from detectors.credential_fields import credential_fields
from detectors.label_reading import (
    Page,
    Verdict,
    answer_to_question,
    before,
    bound_to_another_thing,
    label_above,
    member_names,
    near_contact,
    row_cuts,
    table_cell,
    tokens,
)
from detectors.label_reading import label as named_by
from detectors.label_values import (
    AFTER_IBAN,
    PRIORITY,
    Found,
    candidates,
    checked_national_id,
    checks,
    inside_break,
    passport_serial,
    printed_card,
    ssn_grouping,
    unwrapped_end,
    within_lines,
)
from detectors.label_words import OTHER_KIND, SECRET_KINDS, classify
from pipelines.spans import Span

__all__ = ["LabelReader"]

Check = Callable[[], None]

# A phone number's tail after a number the entries found: a dial string's pauses
# (",,207", ";ext=12") or a DIN 5008 extension ("-0", "-12"), no digit or word after.
# A postcode alone in an export's cell: capitals and digits, no word ("NW1 6XE", "45595",
# "D-10115", "V09 WHRF").
_POSTCODE_CELL: Final = re.compile(r"(?=[^0-9]{0,4}[0-9])[A-Z0-9]{1,4}(?:[ \-][A-Z0-9]{2,5})?")
_PHONE_TAIL: Final = re.compile(
    r"(?:(?:,{2,3}|;ext=|-|[ ]?(?i:x|ext\.?|extension|durchwahl|dw|apparat|app\.)[ ]?)[0-9]{1,6}"
    # a single pause ends the value: "07956747604,23 May 2027" is a CSV row
    r"|[,;][0-9]{1,6}(?=$|[ \"')\]}]|\.(?:[ ]|$))(?![ ]?\w))"
    r"(?![0-9\w]|[.,\-/][0-9])"
)
# The word right after a value (ending the phrase: no lower-case word after it,
# "1234567890 work items"): what line a phone number is, a card's expiry or code.
_WORD_AFTER: Final = re.compile(r"[ ]?[(\-–,]?[ ]?([^\W\d_]+)(?![ ]?\(?[^\W\d_A-Z])")
# A remark in brackets right after a value, which may name it: words, not a call's
# arguments ("(host=…)").
_REMARK_AFTER: Final = re.compile(r"[ ]?\(([^()=\"'`]{2,60})\)")
_PHONE_AFTER: Final = frozenset(
    {"office", "home", "work", "mobile", "cell", "direct", "fax", "mob", "privat",
     "geschaftlich", "dienstlich", "buro", "handy", "mobil", "festnetz", "tel", "phone"}
)  # fmt: skip
_CARD_AFTER: Final = frozenset(
    {"expiry", "exp", "expires", "expiring", "cvv", "cvc", "cvv2", "valid", "gultig",
     "ablauf", "ablaufdatum"}
)  # fmt: skip
# Words for a secret and for a birth: without one in a text, no token is a credential
# and no date a birth date (the scan skips looking for them).  Each word of the label
# vocabulary that names a secret or a birth holds one (tests/unit/detectors/
# test_labelled.py).
_SECRET_WORDS: Final = re.compile(
    r"pass|pwd|pw\b|secret|token|key|kennwort|credential|geheim|schlussel|auth|cred|bearer"
    r"|zugang|dsn|connection"
)
# The German (and genealogical) birth mark in brackets right before a date, "Wieloch,
# Karl (* 01.08.37)"; a bare "*" is as often a list's bullet, a glob or a product.
_BORN_MARK_SOURCE: Final = r"\([ ]?\*[ ]?"
_BIRTH_WORDS: Final = re.compile(
    # (and "birth" with a letter left out or two swapped: the reader reads such slips)
    rf"born|b(?:irth|rith|itrh|irht|ith|rth|irh|irt)|irth|geb|bday|d[\W_]{{0,2}}o[\W_]{{0,2}}b"
    rf"|{_BORN_MARK_SOURCE}(?=[0-9])"
)
_BORN_MARK: Final = re.compile(_BORN_MARK_SOURCE + r"\Z")
# Labels typed only by a label bound to the value (a key, a word or two before it): a
# token or a date far after a word for a secret or a birth is something else.
_BOUND: Final = frozenset({"API_KEY", "DATE_OF_BIRTH"})
_SENTENCE_WORDS: Final = 10
# Labels of the entries' values that a label naming another thing takes back.
_VETOED: Final = frozenset(
    {"PHONE", "CREDIT_CARD", "US_SSN", "US_ITIN", "PASSPORT", "NATIONAL_ID", "DE_TAX_ID"}
)
_PHONE: Final = frozenset({"PHONE"})
_DOB: Final = frozenset({"DATE_OF_BIRTH"})
# Kinds a label names together with NATIONAL_ID, and how their numbers are written: a
# value written so that fails the kind's check is an invalid number of that kind.  (An
# SSN's label is told from a generic "ID number" by the ITIN it also names; bare nine
# digits, an EIN's 2-7 grouping stay open to other countries' numbers.)
_WRITTEN_AS: Final = (
    ("DE_TAX_ID", re.compile(r"[1-9][0-9]{10}|[1-9][0-9] [0-9]{3} [0-9]{3} [0-9]{3}")),
    ("US_ITIN", re.compile(r"[0-9]{3}-[0-9]{2}-[0-9]{4}|[0-9]{3} [0-9]{2} [0-9]{4}")),
)
# An SSN (or an ITIN) as the SSA writes it: three, two and four digits, hyphenated.
_SSN_WRITTEN: Final = re.compile(r"[0-9]{3}-[0-9]{2}-[0-9]{4}")
_SSN_KINDS: Final = frozenset({"US_SSN", "US_ITIN"})
# A passport number as most countries write it: one to three letters, then digits.
_LETTERS_THEN_DIGITS: Final = re.compile(r"[A-Z]{1,3}[0-9]{6,8}")
# Labels whose values stand in one cell of a table: an entry's span across a column gap
# is two cells.
_ONE_CELL: Final = frozenset(
    {"PHONE", "CREDIT_CARD", "US_SSN", "US_ITIN", "DE_TAX_ID", "NATIONAL_ID", "PASSPORT",
     "DATE_OF_BIRTH"}
)  # fmt: skip
# A phone number dialled with its country code or written with its area code in
# brackets: it is one wherever a line break falls in it.
_DIALLED: Final = re.compile(r"\+|00[1-9]|\(")
# Writings that mark a value's kind whatever word stands before it: a phone number
# dialled with its country code or written with its area code in brackets, a card
# number printed in groups, an SSN in its 3-2-4 groups, a tax id in its groups.
_MARKED: Final = re.compile(
    r"(?:\+|00[1-9]).*|.*\(.*"
    r"|[0-9]{4}([ \-])[0-9]{4}\1[0-9]{4}\1[0-9]{1,7}|[0-9]{4}[ \-][0-9]{6}[ \-][0-9]{4,5}"
    r"|[0-9]{3}([ \-])[0-9]{2}\2[0-9]{4}|[0-9]{2} [0-9]{3} [0-9]{3} [0-9]{3}"
)


@final
class LabelReader:
    """The label-reading stage of the ``regex`` detector (see the module docstring).

    ``labels`` are the labels the detector's enabled entries emit (the reader emits no
    other); ``phone`` checks a phone number after a phone word, ``phone_strict`` one in
    a contact block.
    """

    __slots__ = ("_checks", "_labels", "_phone", "_phone_strict", "_score")

    def __init__(
        self,
        labels: Iterable[str],
        phone: v.Validator,
        phone_strict: v.Validator,
        score: float = 0.8,
    ) -> None:
        self._labels = frozenset(labels)
        self._phone = phone
        self._phone_strict = phone_strict
        self._score = score
        every = checks(phone)
        self._checks = tuple((label, every[label]) for label in PRIORITY if label in self._labels)

    def extend(self, text: str, spans: list[Span], name: str, check: Check) -> list[Span]:
        """``spans`` (sorted, not overlapping) as this stage reads them: the entries'
        values a label names as another thing dropped or relabelled, their phone
        numbers and credentials completed, the credential fields and the values this
        stage types added; sorted.

        ``check`` is called now and then, so the detector's time budget bounds this too.
        """
        if not self._checks:
            return spans
        lowered = text.lower()
        page = Page(text)
        page.place(spans, [(s.start, s.end, frozenset({s.label})) for s in spans])
        spans = self._complete(page, self._vetted(page, spans), name)
        labels = self._labels
        if "API_KEY" in labels:  # (credential_fields has its own gate: URLs, logins, -u)
            spans = self._credentials(page, lowered, spans, name)
        # (a word glued to "@" is an address's local part, no label: "pw@000.aa-x")
        secrets = [
            hit.end()
            for hit in _SECRET_WORDS.finditer(lowered)
            if not lowered.startswith("@", hit.end())
        ]
        births = [hit.end() for hit in _BIRTH_WORDS.finditer(lowered)]
        found = self._candidates(page, spans, labels, secrets, births, check)
        if not found:
            return spans
        # the values a label may be read across (list siblings): not generated tokens,
        # which are as often the words of a label ("ghs_…" and a key name alike)
        page.place(
            spans,
            sorted(
                [(s.start, s.end, frozenset({s.label})) for s in spans]
                + [item for item in found if item[2] != SECRET_KINDS]
            ),
        )
        added: list[Span] = []
        typed_until = 0
        for count, (start, end, shapes) in enumerate(found):
            if count % 16 == 15:
                check()
            if start < typed_until:
                continue  # inside a longer value already typed
            label = self._type(page, start, end, shapes)
            if label is not None:
                added.append(Span(start, end, label, self._score, name))
                typed_until = end
        if not added:
            return spans
        # a typed value replaces the phone numbers of the entries inside it ("DE 618 057
        # 033" held "057 033"; "+1 808 552 7307" held "808 552 7307")
        return _replaced(spans, added)

    # -- the entries' values, read again -----------------------------------------------

    def _vetted(self, page: Page, spans: list[Span]) -> list[Span]:
        """The entries' spans without those a label bound to them names as another
        thing with a number of its own (``order 302-8722829-2388129``, ``EAN
        4031904278307``), and relabelled where it names another kind they are (``NHS
        No: 693 035 0451``, ``numéro de sécurité sociale: 100084658247906``).  A value
        whose writing marks its kind (:data:`_MARKED`) and a card number of 15 or 16
        digits (an IIN, a length and the Luhn check) are not taken back."""
        kept = []
        text = page.text
        for span in spans:
            if span.label in _VETOED:
                line_start, line_end = page.line(span.start)
                verdict, _ = before(page, line_start, span.start, frozenset(), 1)
                if verdict is None and span.label == "PHONE":
                    # a phone-shaped value in a table's column names what the header
                    # names ("Nat. ID" over "010224-6535"); so does an SQL INSERT's column
                    header, _, in_table = table_cell(page, line_start, line_end, span.start)
                    if in_table and isinstance(header, frozenset):
                        verdict = header
                    else:
                        column = _column_kind(page, span.start, span.end)
                        if isinstance(column, frozenset):
                            verdict = column
                if (
                    verdict == OTHER_KIND
                    and bound_to_another_thing(page, line_start, span.start)
                    and not (
                        _MARKED.fullmatch(text, span.start, span.end)
                        or (span.label == "CREDIT_CARD" and span.end - span.start in (15, 16))
                    )
                ):
                    continue
                if (
                    isinstance(verdict, frozenset)
                    and span.label not in verdict
                    and not (
                        # an SSN or ITIN as written under a word for any national
                        # number stays one (see _type)
                        span.label in ("US_SSN", "US_ITIN")
                        and "NATIONAL_ID" in verdict
                        and _SSN_WRITTEN.fullmatch(text, span.start, span.end)
                    )
                ):
                    value = text[span.start : span.end]
                    label = next(
                        (lab for lab, chk in self._checks if lab in verdict and chk(value)), None
                    )
                    if label is not None:
                        span = Span(span.start, span.end, label, span.score, span.detector)
            kept.append(span)
        return kept

    def _complete(self, page: Page, spans: list[Span], name: str) -> list[Span]:
        """Phone numbers with their dial-string or DIN 5008 tail, and none that runs over
        a line break; no value that runs over a table's column gap, and addresses only
        in their own cell and without a number ending the line before; no card number
        cut out of a longer run of digit groups; wrapped credentials with their next
        lines."""
        text, breaks, gaps = page.text, page.breaks, page.gaps
        out: list[Span] = []
        for index, span in enumerate(spans):
            start, end = span.start, span.end
            limit = spans[index + 1].start if index + 1 < len(spans) else len(text)
            if span.label in _ONE_CELL and inside_break(gaps, start, end):
                # an entry read two cells of a table as one value ("507-683-472" + tab +
                # "450.371.9116"): the reader reads each cell by its column
                continue
            if span.label == "CREDIT_CARD" and _cut_from_a_run(text, start, end):
                continue
            if span.label == "ADDRESS" and inside_break(gaps, start, end):
                last = gaps[bisect.bisect_left(gaps, end) - 1]  # the address's own cell
                if any(ch.isalpha() for ch in text[last + 1 : end]):
                    start = last + 1
            elif span.label == "ADDRESS" and (marks := _marks_inside(page, start, end)):
                # an export row's unit, street and town cells read as one address ("Flat
                # 3,12 Baker Street,NW1 6XE"): each cell is masked for itself, but for a
                # postcode alone in its column, which names no one
                for low, high in itertools.pairwise([start - 1, *marks, end]):
                    cell = text[low + 1 : high]
                    cell_start = low + 1 + len(cell) - len(cell.lstrip(' "'))
                    cell_end = high - (len(cell) - len(cell.rstrip(' "')))
                    if cell_start < cell_end and not _POSTCODE_CELL.fullmatch(
                        text, cell_start, cell_end
                    ):
                        out.append(Span(cell_start, cell_end, span.label, span.score, name))
                continue
            if span.label == "PHONE":
                if inside_break(breaks, start, end) and not _DIALLED.match(text, start):
                    # an entry read the digits of two lines as one number ("0924" + line
                    # break + "0213300" in a CSV): the reader reads each line's value,
                    # or a number a line break wraps, by its label
                    continue
                tail = _PHONE_TAIL.match(text, end, limit)
                if tail is not None and not inside_break(breaks, end, tail.end()):
                    end = tail.end()
            elif span.label == "ADDRESS" and inside_break(breaks, start, end):
                first = within_lines(breaks, start, end)[0]
                if not text[first[0] : first[1]].strip(" 0123456789"):
                    start = first[1] + 1
            elif span.label in SECRET_KINDS:
                end = unwrapped_end(text, start, end, breaks, limit)
            if (start, end) != (span.start, span.end):
                span = Span(start, end, span.label, span.score, name)
            out.append(span)
        return out

    def _credentials(self, page: Page, lowered: str, spans: list[Span], name: str) -> list[Span]:
        """The credentials their syntax holds (:mod:`detectors.credential_fields`), each
        replacing the entries' credentials inside it (``URL_PASSWORD`` stops at a
        password's ``@``); a JWT or an address assigned to a token's key stays what it
        is, and so does a span a field straddles."""
        added = []
        for start, end in credential_fields(page.text, lowered, page.breaks):
            inside = [s for s in spans if s.start < end and start < s.end]
            if all(
                s.label == "API_KEY" and start <= s.start and s.end <= end
                and (s.start, s.end) != (start, end)
                for s in inside
            ):  # fmt: skip
                added.append(Span(start, end, "API_KEY", self._score, name))
        if not added:
            return spans
        return _replaced(spans, added)

    # -- the values this stage types ---------------------------------------------------

    def _candidates(
        self,
        page: Page,
        spans: list[Span],
        labels: frozenset[str],
        secrets: list[int],
        births: list[int],
        check: Check,
    ) -> list[Found]:
        """Values of a shape some label may take, outside the entries' spans (or around
        an entry's phone number, which a longer value may replace), by start and the
        longest first (a number a line break wraps is tried whole, then line by line),
        shapes of equal ones joined."""
        found: list[Found] = []
        starts = [span.start for span in spans]

        def add(start: int, end: int, shapes: frozenset[str]) -> None:
            shapes &= labels
            if not shapes:
                return
            at = bisect.bisect_right(starts, end - 1) - 1
            while at >= 0 and spans[at].end > start:
                span = spans[at]
                inside = start <= span.start and span.end <= end
                if not (
                    inside and span.label == "PHONE" and (start, end) != (span.start, span.end)
                ):
                    return
                at -= 1
            found.append((start, end, shapes))

        # (an entry's phone number a longer value may hold is looked into)
        taken = [(s.start, s.end) for s in spans if s.label != "PHONE"]
        candidates(
            page.text, page.breaks, labels, taken, add,
            secrets=secrets, births=births, gaps=page.gaps, check=check,
        )  # fmt: skip
        for span in spans:  # a BIC right after an IBAN ("… / DMKZGBK8XXX")
            if span.label == "IBAN" and "BIC" in labels:
                bic = AFTER_IBAN.match(page.text, span.end)
                if bic is not None:
                    add(*bic.span(1), frozenset({"BIC"}))
        found.sort(key=lambda item: (item[0], -item[1]))
        kept: list[Found] = []
        for item in found:
            if kept and item[:2] == kept[-1][:2]:
                kept[-1] = (item[0], item[1], kept[-1][2] | item[2])
            else:
                kept.append(item)
        return kept

    def _type(self, page: Page, start: int, end: int, shapes: frozenset[str]) -> str | None:
        verdict = self._context(page, start, end, shapes)
        value = page.text[start:end]
        if verdict is None:
            # without a label: a card number printed in groups of four (its scheme's
            # prefix and length and the Luhn check are rare enough together), a number
            # dialled with 00 and a country code that phonenumbers calls valid
            if "CREDIT_CARD" in shapes and printed_card(value):
                return "CREDIT_CARD"
            if "PHONE" in shapes and value.startswith("00") and self._phone_strict(value):
                return "PHONE"
            return None
        if verdict == OTHER_KIND:
            return None
        for label, validate in self._checks:
            if label in verdict and label in shapes and validate(value):
                if (
                    label in _SSN_KINDS
                    and "NATIONAL_ID" in verdict
                    and "NATIONAL_ID" in shapes
                    and not ssn_grouping(value)
                ):
                    continue  # nine digits in threes: another country's number
                if label in _BOUND and not shapes <= _BOUND:
                    # read as far as the value's other shapes allow: a token or a date
                    # is one of these only by a label bound to it
                    bound = self._context(page, start, end, shapes & _BOUND)
                    if not (isinstance(bound, frozenset) and label in bound):
                        continue
                if (
                    label == "NATIONAL_ID"
                    and any(
                        kind in verdict and written.fullmatch(value)
                        for kind, written in _WRITTEN_AS
                    )
                    and not checked_national_id(value)
                ):
                    # an IdNr or an SSN as written, under its label, that failed its
                    # check is an invalid IdNr or SSN, not some other country's number
                    # (unless it passes that number's own check)
                    return None
                if (
                    label == "NATIONAL_ID"
                    and "PASSPORT" in verdict
                    and "PASSPORT" in self._labels
                    and (
                        passport_serial(value)
                        # under a word for either document ("Travel document no.:"),
                        # letters then digits that pass no national check (nor fit a
                        # German identity card's serial): a passport's
                        or (
                            _LETTERS_THEN_DIGITS.fullmatch(value) is not None
                            and not checked_national_id(value)
                        )
                    )
                ):
                    return "PASSPORT"
                if label == "NATIONAL_ID" and _SSN_WRITTEN.fullmatch(value):
                    # a national number in the SSN's own 3-2-4 groups under a word for
                    # any national number ("national_id: 792-90-6726", "patient
                    # identifier …") is an SSN, or an ITIN, where it passes its check
                    if "US_SSN" in self._labels and v.is_us_ssn(value):
                        return "US_SSN"
                    if "US_ITIN" in self._labels and idv.is_us_itin(value):
                        return "US_ITIN"
                return label
        return None

    def _context(self, page: Page, start: int, end: int, shapes: frozenset[str]) -> Verdict:
        if "DATE_OF_BIRTH" in shapes and _BORN_MARK.search(page.text, max(0, start - 4), start):
            return _DOB
        column = _column_kind(page, start, end)
        if column is not None:  # a value of an SQL INSERT: its column names it
            return column
        line_start, line_end = page.line(start)
        words = 2 if shapes <= _BOUND else _SENTENCE_WORDS
        # a dialogue's answer: its speaker ("Caller:", "Kunde:") names no value (and a
        # transcript's time stamps and speakers' colons are no table's columns)
        asked = answer_to_question(page, (line_start, line_end), start, end, shapes)
        if asked is not None:
            return asked
        row, cell, in_table = table_cell(page, line_start, line_end, start)
        after = page.text[end:line_end]
        if in_table:
            # in a table's row the words of the cells before are other values' (a
            # remark "(DE Steuer-ID)" two cells back): the value's own cell, a remark
            # after it, then its column's header
            verdict, _ = before(page, cell, start, shapes, words)
            if verdict is None:
                verdict = _remark(after, shapes)
            if verdict is None:
                verdict = row
            if verdict is not None:
                return verdict
            # a header that names nothing ("Hi team," over "SSNs: 536221234, …", an
            # aligned form "Name:   Anna" over "Passport:   521616909"): read as a line
        if cell > line_start and not in_table:  # a form's line: its own cell first
            verdict, _ = before(page, cell, start, shapes, words)
            if verdict is not None:
                return verdict
        verdict, alone = before(page, line_start, start, shapes, words)
        if verdict is not None:
            return verdict
        if alone and not in_table:  # (a table's label above is its header)
            above = label_above(page, line_start)
            if above is not None:
                return above
        remark = _remark(after, shapes)
        if remark is not None:
            return remark
        word = _WORD_AFTER.match(after)
        if word is not None:
            following = word.group(1).lower()
            named = classify(following)
            if "PHONE" in shapes and (
                following in _PHONE_AFTER or (isinstance(named, frozenset) and "PHONE" in named)
            ):
                return _PHONE
            if "CREDIT_CARD" in shapes and following in _CARD_AFTER:
                return frozenset({"CREDIT_CARD"})
        if (
            "PHONE" in shapes
            and alone
            # (a number a line break wraps goes on with a group, not a lone digit: "08
            # 8353 2216" + blank line + "2 Mar 2025")
            and (end <= line_end or sum(ch.isdigit() for ch in page.text[line_end:end]) >= 3)
            and not after.strip(" .,;")
            and near_contact(page, line_start, line_end)
            and self._phone_in_block(page.text[start:end])
        ):
            return _PHONE
        return None

    def _phone_in_block(self, value: str) -> bool:
        """A number alone on its line in a contact block: a valid number, or ten digits
        or more that a configured region could dial."""
        return self._phone_strict(value) or (len(v.digits_only(value)) >= 10 and self._phone(value))


def _replaced(spans: list[Span], added: list[Span]) -> list[Span]:
    """``spans`` without those inside one of ``added``, and ``added``, in order: one
    bisect per span, not a pair test (a dump of thousands of rows adds thousands).  A
    span lies inside one of them iff the farthest end among those starting at or
    before it reaches its end."""
    added = sorted(added, key=_start)
    starts = [a.start for a in added]
    farthest = list(itertools.accumulate((a.end for a in added), max))
    kept = []
    for span in spans:
        index = bisect.bisect_right(starts, span.start) - 1
        if index >= 0 and span.end <= farthest[index]:
            continue
        kept.append(span)
    return sorted(kept + added, key=_start)


def _marks_inside(page: Page, start: int, end: int) -> list[int]:
    """The cell marks inside ``[start, end)`` of a table row with pipes, semicolons or
    commas under a header, when the span lies on one line."""
    line_start, line_end = page.line(start)
    if end > line_end:
        return []
    return [at for at in row_cuts(page, line_start, line_end, start) if start < at < end]


def _column_kind(page: Page, start: int, end: int) -> Verdict:
    """What the column of an SQL INSERT's value ``[start, end)`` names, read as a key
    (``national_id``, ``dob``, ``order_no``), or None (not a whole value of one)."""
    column = page.column(start, end)
    if column is None:
        return None
    return member_names([token for token in tokens(column) if token[0].isalpha()])


def _remark(after: str, shapes: frozenset[str]) -> Verdict:
    """The kinds a remark in brackets right after a value names, if the value may be one
    ("601 798 451 35 (DE Steuer-ID, seconded)")."""
    remark = _REMARK_AFTER.match(after)
    if remark is None:
        return None
    named = named_by(tokens(remark.group(1)))
    return named if isinstance(named, frozenset) and named & shapes else None


def _cut_from_a_run(text: str, start: int, end: int) -> bool:
    """A card number an entry cut out of a longer run of digit groups: groups go on
    before it ("Gutscheinkarte 9276 5900 7664 9656", a tracking number), or after a
    number of fewer than 16 digits ("6011 4974 0636 0872" failed the Luhn check whole;
    a card of 16 digits and its code after it stay a card).  The groups before are the
    run's only when grouped like the card ("0 4111111111111111", "Zimmer 204 4111 1111
    1111 1111": a number of its own before the card)."""
    separator = text[start - 1 : start]
    if separator and separator in " -":
        first = start
        while first < end and text[first].isdigit():
            first += 1
        size = first - start
        group = start - 1
        while group > 0 and text[group - 1].isdigit():
            group -= 1
        if first < end and text[first] == separator and start - 1 - group == size and (
            group == 0 or not text[group - 1].isalnum()
        ):
            return True
    after = text[end : end + 2]
    return (
        len(after) == 2
        and after[0] in " -"
        and after[1].isdigit()
        and len(v.digits_only(text[start:end])) < 16
    )


def _start(span: Span) -> int:
    return span.start
