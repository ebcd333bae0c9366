"""Values typed by their label, wherever the label is written.

A number means nothing alone: ``521616909`` is a passport number where its writer said
so, an order number where they said that.  The library's keyword entries
(:mod:`detectors.library_personal`) read a label only where it stands right before the
value, in the phrasings they list.  People write labels in more places than that, so
this stage of the ``regex`` detector reads the label the way a person does, for every
value the entries left alone:

1. **before the value on its line**, nearest word first, across the value's list
   siblings (``Passnummern: Luis Mäder – V84306675, Fatime Blaser – 117182775``,
   ``phones: 512 246 8396/+16468018639``) and up to ten other words of its sentence
   (``my passport number changed, new one is 521616909``, ``SSN on the credit
   application 450690264``); up to a ``:`` or ``=``, the words before it are the label
   and its head decides (``SSN (last four only requested, full given): …``,
   ``Kreditkarte laut Beleg: …``); a logfmt key is one word (``to=2012185838``); a key
   path is the view's context prefix (:mod:`pipelines.canon.view`);
2. **in a table**, the header of the value's column (Markdown pipes, CSV);
3. **on the line above**, for a value alone on its line: a label line ending in ``:``
   or ``=``, a YAML key above a list of items, a short heading;
4. **after the value**, a phone word (``… 4049224946 (mobile)``);
5. **in a contact block**: a valid phone number alone on its line, an e-mail address,
   phone number or postal address the entries found within two lines of it.

The nearest word that names something decides (:mod:`detectors.label_words`): a kind
(``passport``, ``Telefon``, ``SSN``) types the value if its shape and validator agree;
a word naming another thing with a number of its own (``order``, ``Kundennummer``,
``EAN``, ``Abholcode``) leaves it alone.  Two marks without a word are read too: a BIC
right after an IBAN (``NL31 … / DMKZGBK8XXX``) and a phone number's dial-string or
DIN 5008 tail after a number the entries found (``2012460111,,207``,
``030 44009549-0``); a credential the entries found that ends at a line break is
continued over the lines a terminal wrapped it onto.

What the reader does not do: it never types a value with no label, except the contact
block's phone numbers; it reads the view, so a label is found however it is spelled; it
is a prompt-side reader (the reply filter holds 128 characters of context and no
lines above, so replies are masked by the library's own entries only: a reply is masked
in fewer places than a prompt, never in more).
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Iterable, Sequence
from typing import Final, final

from detectors import id_validators as idv
from detectors import validators as v
from detectors.credential_fields import credential_fields
from detectors.label_words import (
    MAX_PHRASE,
    NEUTRAL,
    OTHER_KIND,
    PARTY_KEYS,
    SECRET_KINDS,
    SIGNATURE_LETTERS,
    classify,
    phrase,
)
from pipelines.spans import Span

__all__ = ["LabelReader"]

Verdict = frozenset[str] | str | None
Check = Callable[[], None]

# --- candidates ------------------------------------------------------------------------
# Digits in groups: a phone, card, SSN, tax or social-insurance number.  Starts at a
# digit, "+" or "(", not glued to a word, an address or a longer number; single
# separators between groups; a phone extension or dial-string tail may follow.
_NUMBER: Final = re.compile(
    r"(?<![\w@.\-+])[+(]?[0-9](?:[0-9]|[ \-./](?=[0-9(])|[()](?=[ 0-9\-]))*[0-9]"
    r"(?:(?:[ ]?(?:x|ext\.?|extension|durchwahl|dw|apparat)[ ]?|,{2,3}|;ext=)[0-9]{1,6}"
    # a single pause ends the value: "07956747604,23 May 2027" is a CSV row
    r"|[,;][0-9]{1,6}(?=$|[ \"')\]}]|\.(?:[ ]|$))(?![ ]?\w))?"
    r"(?![\w@]|[.\-][0-9])"
)
# A code of letters and digits: a passport, an identity card, a NINO, a VAT id, a BIC,
# a pension insurance number; grouped forms too (``DE 822 324 511``, ``AB 12 34 56 C``).
_CODE: Final = re.compile(
    r"(?<![\w@.\-/])(?:"
    r"[A-Za-z]{2}[ ]?[0-9]{2}[ ]?[0-9]{2}[ ]?[0-9]{2}[ ]?[A-Da-d]"  # NINO
    r"|[A-Z]{2,3}[ \-]?U?[0-9]{2,4}(?:[ .\-][0-9]{2,4}){1,4}"  # a VAT id in groups
    r"|[0-9]{2}[ ]?[0-9]{6}[ ]?[A-Z][ ]?[0-9]{2}[ ]?[0-9]"  # a pension insurance number
    r"|[A-Z][ ][0-9]{7}"  # P 1234567
    r"|[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?"  # a BIC
    r"|(?=[A-Za-z]{0,11}[0-9])[A-Za-z0-9]{6,12}"  # letters and digits
    r")(?![\w@]|[\-/.][\w])"
)
# A generated credential: a run of token characters.
_TOKEN: Final = re.compile(
    r"(?<![\w\-+/=.~])(?=[A-Za-z_\-+/.~]{0,254}[0-9])"
    r"[A-Za-z0-9][A-Za-z0-9_\-+/.~]{6,254}[A-Za-z0-9_\-+/~]={0,2}"
    r"(?![A-Za-z0-9_\-+/=~]|\.[A-Za-z0-9])"
)
# Where values are looked for: runs of digits (every value holds one).
_DIGIT_RUN: Final = re.compile(r"[0-9][0-9A-Za-z]*")
# A BIC after its IBAN, with a slash, comma or space between.
_AFTER_IBAN: Final = re.compile(r"[ ]?[/,;]?[ ]?([A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?)(?![\w\-])")
# Characters of a token, read back from a digit to the token's start.
_TOKEN_CHARS: Final = frozenset(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-+/.~"
)
_DOB: Final = frozenset({"DATE_OF_BIRTH"})
# A date (for a date of birth).
_DATE: Final = re.compile(
    r"(?<![\w.\-/])(?:[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}|[0-9]{1,2}[./\-][0-9]{1,2}[./\-][0-9]{2,4}"
    r"|[0-9]{1,2}(?:st|nd|rd|th|\.)?[ ](?:of[ ])?[A-Za-z]{3,9}\.?,?[ ][0-9]{4}"
    r"|[A-Za-z]{3,9}\.?[ ][0-9]{1,2}(?:st|nd|rd|th)?,?[ ][0-9]{4})(?![\w\-/]|\.[0-9])"
)
_DATE_LIKE: Final = re.compile(r"[0-9]{1,4}[./\-][0-9]{1,2}[./\-][0-9]{1,4}")
_DECIMAL: Final = re.compile(r"[0-9]+[.,][0-9]{1,2}")
_EXTENSION: Final = re.compile(
    r"(?:[ ]?(?:x|ext\.?|extension|durchwahl|dw|apparat)[ ]?|,{1,3}|;ext=)[0-9]{1,6}$"
)

# A phone number's tail after a number the entries found: a dial string's pauses
# (",,207", ";ext=12") or a DIN 5008 extension ("-0", "-12"), no digit or word after.
_PHONE_TAIL: Final = re.compile(
    r"(?:(?:,{2,3}|;ext=|-|[ ]?(?:x|ext\.?|extension|durchwahl|dw)[ ]?)[0-9]{1,6}"
    # a single pause ends the value: "07956747604,23 May 2027" is a CSV row
    r"|[,;][0-9]{1,6}(?=$|[ \"')\]}]|\.(?:[ ]|$))(?![ ]?\w))"
    r"(?![0-9\w]|[.,\-/][0-9])"
)
# A line holding only token characters (a wrapped credential's next piece), and the
# shortest line a terminal wraps.
_WRAPPED: Final = re.compile(r"[A-Za-z0-9_\-+/]{4,}={0,2}")
_WRAP_MIN: Final = 40

# --- reading labels ---------------------------------------------------------------------
_CAMEL: Final = re.compile(r"(?<=[a-z])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
# Words after which a full stop ends no sentence.
_ABBREVIATIONS: Final = frozenset(
    {"tel", "nr", "no", "str", "geb", "ca", "bzw", "inkl", "ggf", "vgl", "dr", "mr",
     "mrs", "ms", "prof", "st", "abs", "ref", "fax", "mob", "ph", "b", "ext", "usw",
     "etc", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "okt",
     "nov", "dec", "dez", "vs"}
)  # fmt: skip
# Words that end the head of a label: what follows qualifies it ("Kreditkarte laut Beleg",
# "Phone number of the applicant").
_PREPOSITIONS: Final = frozenset(
    {"of", "for", "on", "from", "per", "via", "with", "in", "at", "to", "laut", "fur",
     "von", "vom", "mit", "zum", "zur", "auf", "bei", "as", "als", "und", "and", "or", "oder"}
)  # fmt: skip
# Words after a phone number that say what line it is ("4049224946 (mobile)").
_PHONE_AFTER: Final = frozenset(
    {"office", "home", "work", "mobile", "cell", "direct", "fax", "mob", "privat",
     "geschaftlich", "dienstlich", "buro", "handy", "mobil", "festnetz", "tel", "phone"}
)  # fmt: skip
# Labels typed only by a label bound to the value (a key, a word or two before it): a
# generated token or a date far after a word for a secret or a birth is something else.
_BOUND: Final = frozenset({"API_KEY", "DATE_OF_BIRTH"})
# Where a label bound to its value ends: a list's or a sentence's separators, another
# value.
_BOUND_ENDS: Final = frozenset({",", ";", "\x00", "(", ")", "&", "0"})
# Labels of the entries' values that a label naming another thing takes back.
_VETOED: Final = frozenset(
    {"PHONE", "CREDIT_CARD", "US_SSN", "US_ITIN", "PASSPORT", "NATIONAL_ID", "DE_TAX_ID"}
)
# The word right after a value: what line a phone number is, a card's expiry or code.
# (the word ends the phrase: no lower-case word after it, "1234567890 work items")
_WORD_AFTER: Final = re.compile(r"[ ]?[(\-–,]?[ ]?([^\W\d_]+)(?![ ]?\(?[^\W\d_A-Z])")
_CARD_AFTER: Final = frozenset(
    {"expiry", "exp", "expires", "expiring", "cvv", "cvc", "cvv2", "valid", "gultig",
     "ablauf", "ablaufdatum"}
)  # fmt: skip
# Contact values: a phone number alone on its line next to one of these is a phone.
_CONTACT_LABELS: Final = frozenset({"EMAIL", "PHONE", "ADDRESS"})
# The most words of a sentence read before a value, and of a label before its colon.
_SENTENCE_WORDS: Final = 10
_LABEL_WORDS: Final = 8
# Characters read back from a value for its label (a label is near its value; a long
# line of values must not cost a read of everything before each).
_READ_BACK: Final = 200
# The fewest characters of a value the reader types (a phone number of seven digits).
_SHORTEST: Final = 7
# The longest line read as a table's row.
_MAX_ROW: Final = 1000
# Lines read upwards past a value's list siblings to their label, and rows of a table.
_LINES_UP: Final = 24
# The order in which the labels a value may carry are tried (the first whose validator
# passes wins): checksummed kinds before unchecked ones.
_PRIORITY: Final = (
    "CREDIT_CARD", "US_ITIN", "US_SSN", "DE_TAX_ID", "VAT_ID", "BIC", "NATIONAL_ID",
    "PASSPORT", "PHONE", "DATE_OF_BIRTH", "API_KEY",
)  # fmt: skip


@final
class _Lines:
    """Where the lines of a view text start and end (from its folded line breaks)."""

    __slots__ = ("breaks", "size")

    def __init__(self, breaks: Sequence[int], size: int) -> None:
        self.breaks = breaks
        self.size = size

    def bounds(self, at: int) -> tuple[int, int]:
        """(start, end) of the line holding offset ``at`` (end: its break or the end)."""
        index = bisect.bisect_right(self.breaks, at - 1)
        start = self.breaks[index - 1] + 1 if index else 0
        end = self.breaks[index] if index < len(self.breaks) else self.size
        return start, end

    def above(self, start: int) -> tuple[int, int] | None:
        """The line before the line starting at ``start``, or None at the top."""
        if start == 0:
            return None
        return self.bounds(start - 1)

    def below(self, end: int) -> tuple[int, int] | None:
        """The line after the line ending at ``end``, or None at the bottom."""
        if end >= self.size:
            return None
        return self.bounds(end + 1)


@final
class LabelReader:
    """The label-reading stage of the ``regex`` detector (see the module docstring).

    ``labels`` are the labels the detector's enabled entries emit (the reader emits no
    other); ``phone`` validates a phone number after a phone word, ``phone_strict`` one
    in a contact block.
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
        checks: dict[str, v.Validator] = {
            "CREDIT_CARD": v.is_card_after_keyword,
            "US_ITIN": idv.is_us_itin,
            "US_SSN": v.is_us_ssn,
            "DE_TAX_ID": v.is_de_tax_id,
            "VAT_ID": _is_vat,
            "BIC": idv.is_bic,
            "NATIONAL_ID": _is_national_id,
            "PASSPORT": _is_passport,
            "PHONE": phone,
            "DATE_OF_BIRTH": idv.is_birth_date,
            "API_KEY": _is_secret,
        }
        self._checks = tuple((label, checks[label]) for label in _PRIORITY if label in self._labels)

    def extend(self, text: str, spans: list[Span], name: str, check: Check) -> list[Span]:
        """``spans`` (sorted, not overlapping) as this stage reads them: the entries'
        values a label names as another thing dropped, their phone numbers and
        credentials completed, the values this stage types added; sorted.

        ``check`` is called now and then, so the detector's time budget bounds this too.
        """
        if not self._checks:
            return spans
        breaks: Sequence[int] = getattr(text, "breaks", ())
        lines = _Lines(breaks, len(text))
        spans = self._complete(text, self._vetted(text, spans, lines), lines, name)
        if "API_KEY" in self._labels:
            spans = self._credentials(text, spans, breaks, name)
        starts = [span.start for span in spans]
        candidates = self._candidates(text, spans, starts)
        if not candidates:
            return spans
        # the values a label may be read across (list siblings): not generated tokens,
        # which are as often the words of a label ("ghs_…" and a key name alike)
        values = sorted(
            [(s.start, s.end, frozenset({s.label})) for s in spans]
            + [(start, end, shapes) for start, end, shapes in candidates if shapes != SECRET_KINDS]
        )
        value_starts = [start for start, _, _ in values]
        added: list[Span] = []
        for count, (start, end, shapes) in enumerate(candidates):
            if count % 16 == 15:
                check()
            label = self._type(text, start, end, shapes, lines, values, value_starts, spans)
            if label is not None:
                added.append(Span(start, end, label, self._score, name))
        if not added:
            return spans
        # a typed value replaces the phone numbers of the entries inside it ("DE 618 057
        # 033" held "057 033"; "+1 808 552 7307" held "808 552 7307")
        kept = [
            span
            for span in spans
            if not any(a.start <= span.start and span.end <= a.end for a in added)
        ]
        return sorted(kept + added, key=lambda span: span.start)

    # -- the entries' values, read again -----------------------------------------------

    def _vetted(self, text: str, spans: list[Span], lines: _Lines) -> list[Span]:
        """The entries' spans without those a label bound to them names as another
        thing with a number of its own (``order 302-8722829-2388129``, ``EAN
        4031904278307``, ``Abholcode 0350359051``): a value is what its label says."""
        if not any(span.label in _VETOED for span in spans):
            return spans
        values = [(span.start, span.end, frozenset({span.label})) for span in spans]
        value_starts = [span.start for span in spans]
        kept = []
        for span in spans:
            if span.label in _VETOED:
                line_start, _ = lines.bounds(span.start)
                verdict, _ = _before(
                    text, line_start, span.start, frozenset(), values, value_starts, 1
                )
                if verdict == OTHER_KIND:
                    continue
                if isinstance(verdict, frozenset) and span.label not in verdict:
                    # labelled as another kind that it is ("NHS No: 693 035 0451" read
                    # as a phone number by its grouping): that kind
                    value = text[span.start : span.end]
                    label = next(
                        (lab for lab, check in self._checks if lab in verdict and check(value)),
                        None,
                    )
                    if label is not None:
                        span = Span(span.start, span.end, label, span.score, span.detector)
            kept.append(span)
        return kept

    def _complete(self, text: str, spans: list[Span], lines: _Lines, name: str) -> list[Span]:
        """Phone numbers with their dial-string or DIN 5008 tail and without what a line
        break cut off; addresses without a number ending the line before; wrapped
        credentials with their next lines."""
        out: list[Span] = []
        breaks = lines.breaks
        for index, span in enumerate(spans):
            start, end = span.start, span.end
            limit = spans[index + 1].start if index + 1 < len(spans) else len(text)
            if span.label == "PHONE":
                if _inside_break(breaks, start, end):
                    pieces = [
                        piece
                        for piece in _within_lines(breaks, start, end)
                        if self._phone(text[piece[0] : piece[1]])
                    ]
                    if not pieces:
                        continue
                    start, end = max(pieces, key=lambda piece: piece[1] - piece[0])
                tail = _PHONE_TAIL.match(text, end, limit)
                if tail is not None and not _inside_break(breaks, end, tail.end()):
                    end = tail.end()
            elif span.label == "ADDRESS" and _inside_break(breaks, start, end):
                first = _within_lines(breaks, start, end)[0]
                if not text[first[0] : first[1]].strip(" 0123456789"):
                    start = first[1] + 1
            elif span.label in SECRET_KINDS:
                end = _unwrapped_end(text, start, end, lines, limit)
            if (start, end) != (span.start, span.end):
                span = Span(start, end, span.label, span.score, name)
            out.append(span)
        return out

    def _credentials(
        self, text: str, spans: list[Span], breaks: Sequence[int], name: str
    ) -> list[Span]:
        """The credentials their syntax holds (:mod:`detectors.credential_fields`), each
        replacing the entries' spans inside it (``URL_PASSWORD`` stops at a password's
        ``@``); one an entry's span straddles is left to the entry."""
        fields = credential_fields(text, breaks)
        if not fields:
            return spans
        added = []
        for start, end in fields:
            inside = [s for s in spans if s.start < end and start < s.end]
            if all(
                s.label == "API_KEY"
                and start <= s.start
                and s.end <= end
                and (s.start, s.end) != (start, end)
                for s in inside
            ):  # (a JWT or an address assigned to a token's key stays what it is)
                added.append(Span(start, end, "API_KEY", self._score, name))
        if not added:
            return spans
        kept = [s for s in spans if not any(a.start <= s.start and s.end <= a.end for a in added)]
        return sorted(kept + added, key=lambda span: span.start)

    # -- candidates ----------------------------------------------------------------------

    def _candidates(
        self, text: str, spans: Sequence[Span], starts: list[int]
    ) -> list[tuple[int, int, frozenset[str]]]:
        """Values of a shape some label may take, outside the entries' spans (or around
        an entry's phone number, which a longer value may replace)."""
        found: list[tuple[int, int, frozenset[str]]] = []
        labels = self._labels

        def add(start: int, end: int, shapes: frozenset[str]) -> None:
            shapes &= labels
            if not shapes:
                return
            at = bisect.bisect_right(starts, end - 1) - 1
            while at >= 0 and spans[at].end > start:
                span = spans[at]
                inside = (
                    start <= span.start
                    and span.end <= end
                    and (start, end)
                    != (
                        span.start,
                        span.end,
                    )
                )
                if not (inside and span.label == "PHONE"):
                    return
                at -= 1
            found.append((start, end, shapes))

        breaks = getattr(text, "breaks", ())
        secrets = "API_KEY" in labels
        dates = "DATE_OF_BIRTH" in labels
        done = 0  # every value holds a digit: each is tried from the digit runs
        for run in _DIGIT_RUN.finditer(text):
            at = run.start()
            if at < done:
                continue
            if at >= 2 and text[at - 1] == "/" and text[at - 2].isalpha():
                done = run.end()
                continue  # a path's or a product's number ("Chrome/110.0.4782.164")
            for start in _starts(text, at):
                number = _NUMBER.match(text, start)
                if number is not None and number.end() - start >= _SHORTEST:
                    for low, high in _pieces(text, breaks, start, number.end()):
                        if text[low] == "(" and ")" not in text[low:high]:
                            low += 1  # "(5004200117" is a number in brackets
                        add(low, high, _number_shapes(text[low:high]))
                code = _CODE.match(text, start)
                if code is not None and not _inside_break(breaks, start, code.end()):
                    add(start, code.end(), _code_shapes(code.group()))
                if dates:
                    date = _DATE.match(text, start)
                    if date is not None:
                        add(start, date.end(), _DOB)
            if secrets:
                token = _TOKEN.match(text, _token_start(text, at))
                if token is not None and _token_like(token.group()):
                    add(*token.span(), SECRET_KINDS)
            done = max([done, run.end(), *(end for _, end, _ in found[-3:])])
        for span in spans:  # a BIC right after an IBAN ("… / DMKZGBK8XXX")
            if span.label == "IBAN":
                bic = _AFTER_IBAN.match(text, span.end)
                if bic is not None:
                    add(*bic.span(1), frozenset({"BIC"}))
        # values that overlap are read once, the longest at each place
        found.sort(key=lambda item: (item[0], -item[1]))
        kept: list[tuple[int, int, frozenset[str]]] = []
        for item in found:
            if kept and item[:2] == kept[-1][:2]:
                kept[-1] = (item[0], item[1], kept[-1][2] | item[2])
            elif not kept or item[0] >= kept[-1][1]:
                kept.append(item)
        return kept

    # -- typing one value ----------------------------------------------------------------

    def _type(
        self,
        text: str,
        start: int,
        end: int,
        shapes: frozenset[str],
        lines: _Lines,
        values: Sequence[tuple[int, int, frozenset[str]]],
        value_starts: list[int],
        spans: Sequence[Span],
    ) -> str | None:
        verdict = self._context(text, start, end, shapes, lines, values, value_starts, spans)
        value = text[start:end]
        if verdict is None:
            # a card number printed in groups of four needs no label: its scheme's
            # prefix and length and the Luhn check are rare enough together
            if "CREDIT_CARD" in shapes and _printed_card(value):
                return "CREDIT_CARD"
            return None
        if verdict == OTHER_KIND:
            return None
        for label, validate in self._checks:
            if label in verdict and label in shapes and validate(value):
                return label
        return None

    def _context(
        self,
        text: str,
        start: int,
        end: int,
        shapes: frozenset[str],
        lines: _Lines,
        values: Sequence[tuple[int, int, frozenset[str]]],
        value_starts: list[int],
        spans: Sequence[Span],
    ) -> Verdict:
        line_start, line_end = lines.bounds(start)
        # a generated token or a date is what its label says only where the label is
        # bound to it (a key, a word or two before it): prose far before it names others
        words = 2 if shapes <= _BOUND else _SENTENCE_WORDS
        verdict, alone = _before(text, line_start, start, shapes, values, value_starts, words)
        if verdict is not None:
            return verdict
        row = _table_header(text, lines, line_start, line_end, start)
        if row is not None:
            return row
        if alone:
            above = _label_above(text, lines, line_start, values, value_starts)
            if above is not None:
                return above
        after = text[end:line_end]
        word = _WORD_AFTER.match(after)
        if word is not None:
            following = word.group(1).lower()
            named = classify(following)
            if "PHONE" in shapes and (
                following in _PHONE_AFTER or (isinstance(named, frozenset) and "PHONE" in named)
            ):
                return frozenset({"PHONE"})
            if "CREDIT_CARD" in shapes and following in _CARD_AFTER:
                return frozenset({"CREDIT_CARD"})
        if (
            "PHONE" in shapes
            and alone
            and not after.strip(" .,;")
            and _near_contact(lines, line_start, line_end, spans)
            and self._phone_in_block(text[start:end])
        ):
            return frozenset({"PHONE"})
        return None

    def _phone_in_block(self, value: str) -> bool:
        """A number alone on its line in a contact block: a valid number, or ten digits
        or more that a configured region could dial."""
        return self._phone_strict(value) or (len(v.digits_only(value)) >= 10 and self._phone(value))


# --- shapes ---------------------------------------------------------------------------


def _number_shapes(value: str) -> frozenset[str]:
    """The labels a run of digit groups may carry, by its digits and grouping."""
    main = _EXTENSION.sub("", value)
    digits = v.digits_only(main)
    count = len(digits)
    shapes: set[str] = set()
    if _DATE_LIKE.fullmatch(main) or _DECIMAL.fullmatch(main):
        return frozenset()
    separators = {ch for ch in main.strip("+()") if not ch.isdigit()}
    if 7 <= count <= 15:
        shapes.add("PHONE")
    if main == value:
        if count == 9 and separators <= {" ", "-"}:
            shapes.update(("US_SSN", "US_ITIN", "PASSPORT"))
        if 12 <= count <= 19 and separators <= {" ", "-"}:
            shapes.add("CREDIT_CARD")
        if count == 11 and separators <= {" ", "/"}:
            shapes.add("DE_TAX_ID")
        if count in (9, 10, 11, 13) and separators <= {" ", ".", "-"}:
            shapes.add("NATIONAL_ID")  # AT SVNR, CH AHV, NL BSN, PL PESEL
    return frozenset(shapes)


def _code_shapes(value: str) -> frozenset[str]:
    """The labels a code of letters and digits may carry."""
    compact = value.replace(" ", "").replace("-", "").replace(".", "")
    digits = sum(ch.isdigit() for ch in compact)
    letters = len(compact) - digits
    shapes: set[str] = set()
    if not compact.isascii():
        return frozenset()
    if letters == 0:
        return frozenset()  # digits alone are numbers (_NUMBER)
    if compact.isupper() and letters >= 6 and len(compact) in (8, 11) and compact[:6].isalpha():
        shapes.add("BIC")
    if digits >= 2:
        shapes.update(("NATIONAL_ID", "VAT_ID"))
        if (6 <= len(compact) <= 10 and value == compact) or value[1:2] == " ":
            shapes.add("PASSPORT")
    return frozenset(shapes)


def _token_like(value: str) -> bool:
    """A run that could be a generated credential: letters and digits, or 16 characters
    or more of both cases (a key name such as ``DB_PASSWORT`` is neither); not a version
    (``v13.20.22``, ``Chrome/118.0.4610.186``) nor an id whose prefix names a record
    (``req_…``, ``order_…``)."""
    if _VERSION.fullmatch(value) or classify(value.split("_", 1)[0].lower()) == OTHER_KIND:
        return False
    letters = any(ch.isalpha() for ch in value)
    if letters and any(ch.isdigit() for ch in value):
        return True
    return len(value) >= 16 and not value.isupper() and not value.islower()


_VERSION: Final = re.compile(r"(?:[A-Za-z]+/)?v?[0-9]+(?:\.[0-9]+)+(?:[\-+.][A-Za-z0-9.]+)?")


# --- validators the labels take --------------------------------------------------------


def _is_vat(value: str) -> bool:
    compact = value.replace(" ", "").replace(".", "").replace("-", "").upper()
    return idv.is_vat_id(compact) or idv.is_gb_vat(compact) or idv.is_ch_uid(compact)


# A German identity card's serial (ICAO 9303 alphabet), written without its check digit.
_DE_ID_CARD: Final = re.compile(r"[CFGHJKLMNPRTVWXYZ][0-9CFGHJKLMNPRTVWXYZ]{8}")


def _is_national_id(value: str) -> bool:
    compact = value.replace(" ", "").replace(".", "").replace("-", "")
    upper = compact.upper()
    return (
        idv.is_uk_nino(upper)
        or idv.is_gb_nhs(compact)
        or idv.is_ca_sin(compact)
        or idv.is_at_svnr(compact)
        or idv.is_de_rvnr(upper)
        or idv.is_national_id(compact)
        or _DE_ID_CARD.fullmatch(upper) is not None
    )


_PASSPORT_SHAPE: Final = re.compile(
    r"[0-9]{9}|[A-Z][0-9]{7,8}|[A-Z]{2}[0-9]{7}|[A-Z][ ][0-9]{7}|[A-Z0-9]{8,10}"
)


def _is_passport(value: str) -> bool:
    """A passport number after its label: 9 digits, a letter or two and 7-8 digits, or
    8-10 letters and digits (a German number's 10th character its ICAO check digit)."""
    if _PASSPORT_SHAPE.fullmatch(value) is None:
        return False
    compact = value.replace(" ", "")
    if len(compact) == 10 and idv.is_icao_document(compact):
        return True
    return sum(ch.isdigit() for ch in value) >= 2 and v.is_passport(compact)


def _is_secret(value: str) -> bool:
    """A credential under a word for one: generated-looking (letters and digits mixed,
    high entropy), or a password of 8 characters or more that is no plain word."""
    if len(value) >= 16 and (idv.is_high_entropy(value) or idv.is_random_letters(value)):
        return True
    has_digit = any(ch.isdigit() for ch in value)
    has_upper = any(ch.isupper() for ch in value)
    has_lower = any(ch.islower() for ch in value)
    has_mark = any(not ch.isalnum() for ch in value)
    return len(value) >= 8 and has_lower + has_upper + has_digit + has_mark >= 3


# --- reading the text around a value ---------------------------------------------------

# A token of the text before a value: a word, a number, a mark.  "\x00" stands for
# another value on the line (a list sibling), "\x1f" for the key path's separator.
_TOKEN_RE: Final = re.compile(r"[^\W_]+|[\x00\x1f:=|;,/&()\[\]{}#]|[.!?](?=[ \x00]|$)")
# Marks that end a label read back from its colon.
_LABEL_ENDS: Final = frozenset({":", "=", "|", ";", "\x00", "{", "}"})


def _tokens(segment: str) -> list[str]:
    """Tokens of ``segment``: lower-case words (camelCase split), numbers as "0",
    marks as themselves."""
    out: list[str] = []
    for token in _TOKEN_RE.findall(segment):
        if not token.isalpha():
            # a number, or an id of letters and digits ("50e386b"): no word
            out.append("0" if token[0].isalnum() else token)
        else:
            whole = token.lower()
            parts = _CAMEL.sub(" ", token).lower().split()
            # "USt" is one word, "phoneNumber" two: the whole word if it names something
            if len(parts) == 1 or classify(whole) is not None:
                out.append(whole)
            else:
                out.extend(parts)
    return out


def _is_word(token: str) -> bool:
    return token[0].isalpha() or token == "#"


def _named_at(tokens: Sequence[str], at: int) -> tuple[Verdict, int]:
    """What the words ending at ``tokens[at]`` name (the longest phrase first), and how
    many tokens it took.  "ID" after a word for a kind is that thing's id, another
    thing (``contact_id``, ``card ID``); otherwise it only says "number"
    (``Government ID``, ``ID number``)."""
    for size in range(min(MAX_PHRASE, at + 1), 1, -1):
        run = tokens[at - size + 1 : at + 1]
        if all(_is_word(token) for token in run):
            named = classify(phrase(run))
            if named is not None:
                return named, size
    if tokens[at] in _ID_WORDS:
        if at and _is_word(tokens[at - 1]) and isinstance(classify(tokens[at - 1]), frozenset):
            return OTHER_KIND, 2
        return None, 1
    return classify(tokens[at]), 1


_ID_WORDS: Final = frozenset({"id", "ids", "identifier"})
_PASS: Final = frozenset({"PASSPORT", "API_KEY"})


def _nearest(tokens: Sequence[str], limit: int) -> Verdict:
    """The first thing the words name, reading from the last one back; marks skipped."""
    at = len(tokens) - 1
    counted = 0
    while at >= 0 and counted < limit:
        if not _is_word(tokens[at]):
            at -= 1
            continue
        named, size = _named_at(tokens, at)
        if named is not None:
            return named
        at -= size
        counted += 1
    return None


def _label(tokens: Sequence[str]) -> Verdict:
    """What a label names: its head (the words before its first preposition, read from
    the last back), then the rest.  Bracketed remarks are left out."""
    kept: list[str] = []
    depth = 0
    for token in tokens:
        if token in "([{":
            depth += 1
        elif token in ")]}":
            depth = max(0, depth - 1)
        elif not depth:
            kept.append(token)
    words = [token for token in kept if _is_word(token) or token == "0"]
    if len(words) == 1 and (words[0] in SIGNATURE_LETTERS or words[0] in PARTY_KEYS):
        return frozenset({"PHONE"})
    if words and words[-1] == "pass":
        # a key "Pass:" or "DB_PASS=": a passport (German) or a password, by shape;
        # in prose "pass" is a verb
        return _PASS
    cut = next((i for i, word in enumerate(words) if i and word in _PREPOSITIONS), len(words))
    head = _nearest(words[:cut], _LABEL_WORDS)
    if isinstance(head, frozenset):
        # a label naming several kinds names each ("SSN/ITIN", "Telefon/Fax")
        return head.union(*_kinds(words[:cut]))
    return head if head is not None else _nearest(words[cut:], _LABEL_WORDS)


def _kinds(words: Sequence[str]) -> list[frozenset[str]]:
    """Every kind the words name."""
    found = []
    for at in range(len(words)):
        named, _ = _named_at(words, at)
        if isinstance(named, frozenset):
            found.append(named)
    return found


def _masked(
    text: str,
    low: int,
    high: int,
    values: Sequence[tuple[int, int, frozenset[str]]],
    value_starts: list[int],
) -> tuple[str, frozenset[str] | None]:
    """``text[low:high]`` with every value in it written as "\x00", and the labels of
    the value right before ``high`` if only separators stand between them."""
    index = max(0, bisect.bisect_left(value_starts, low) - 1)
    parts: list[str] = []
    at = low
    last: tuple[int, frozenset[str]] | None = None
    for start, end, labels in values[index:]:
        if start >= high:
            break
        if end <= at:
            continue
        parts.append(text[at : max(at, start)])
        parts.append(" \x00 ")
        at = min(end, high)
        last = (at, labels)
    parts.append(text[at:high])
    near = last[1] if last is not None and not text[last[0] : high].strip(" /,;:-|") else None
    return "".join(parts), near


def _before(
    text: str,
    line_start: int,
    start: int,
    shapes: frozenset[str],
    values: Sequence[tuple[int, int, frozenset[str]]],
    value_starts: list[int],
    most_words: int,
) -> tuple[Verdict, bool]:
    """Read back from the value along its line (see the module docstring, 1), at most
    ``most_words`` words that name nothing.

    Returns the verdict and whether nothing but marks and list siblings stood before the
    value (its label may then be on the line above).
    """
    low = max(line_start, start - _READ_BACK)
    segment, near = _masked(text, low, start, values, value_starts)
    if near is not None and "IBAN" in near and "BIC" in shapes:
        return frozenset({"BIC"}), False
    tokens = _tokens(segment)
    alone = low == line_start and not any(_is_word(token) for token in tokens)
    counted = 0
    sentences = 1  # a value may stand in the sentence after the one naming it
    at = len(tokens) - 1
    while at >= 0:
        token = tokens[at]
        if token in (":", "\x1f"):
            label = _label_tokens(tokens, at)
            verdict = _label(label)
            before = at - len(label) - 1
            for _ in range(3):
                if verdict is not None or before < 0 or tokens[before] not in ("=", ";"):
                    break
                # a label that names nothing may be a parameter of one that does
                # ("TEL;TYPE=WORK:5126877727"): the key before it
                label = _label_tokens(tokens, before)
                verdict = _label(label)
                before -= len(label) + 1
            return verdict, False
        if token == "=":
            return _key(segment), False
        if token == "|" or (most_words <= 2 and token in _BOUND_ENDS):
            break
        if token in ".!?" and _ends_sentence(tokens, at):
            if not sentences or counted > 8:
                break
            sentences -= 1
        if _is_word(token):
            if (
                counted == 0
                and token in SIGNATURE_LETTERS
                and "PHONE" in shapes
                and not any(_is_word(t) for t in tokens[at + 1 :])
            ):
                return frozenset({"PHONE"}), False
            named, size = _named_at(tokens, at)
            if named == OTHER_KIND:
                # "the passport number on the booking is …": the thing a preposition
                # attaches the other word to is what the value is
                named = _attached(tokens, at - size) or named
            if named is not None:
                return named, False
            if token not in NEUTRAL:
                counted += 1
                if counted >= most_words:
                    break
            at -= size
            continue
        at -= 1
    return None, alone


def _attached(tokens: Sequence[str], at: int) -> frozenset[str] | None:
    """The kind named right before a preposition that ends at ``tokens[at]`` (after a
    neutral word or two: "passport number on the"), if any."""
    while at >= 0 and tokens[at] in NEUTRAL:
        at -= 1
    if at < 1 or tokens[at] not in _PREPOSITIONS:
        return None
    at -= 1
    for _ in range(3):
        while at >= 0 and tokens[at] in NEUTRAL:
            at -= 1
        if at < 0 or not _is_word(tokens[at]):
            return None
        named, size = _named_at(tokens, at)
        if isinstance(named, frozenset):
            return named
        if named is not None:
            return None
        at -= size
    return None


def _label_tokens(tokens: Sequence[str], at: int) -> list[str]:
    """The tokens of the label that ends at the colon or key separator ``tokens[at]``:
    back to the line's start, a sentence's end or another label's mark (a key path
    reads through its separators)."""
    key_path = tokens[at] == "\x1f" or "\x1f" in tokens[:at]
    start = at - 1
    while start >= 0:
        token = tokens[start]
        if token in _LABEL_ENDS and not (key_path and token == "\x1f"):
            break
        if token in ".!?" and _ends_sentence(tokens, start):
            break
        start -= 1
    return [token for token in tokens[start + 1 : at] if token != "\x1f"]


def _key(segment: str) -> Verdict:
    """What the key before a ``=`` names (``to=``, ``contact.phone=``, ``sv=``)."""
    head = segment.rstrip()
    head = head[: head.rfind("=")].rstrip()
    key = head.split()[-1] if head.split() else ""
    words = [token for token in _tokens(key) if _is_word(token)]
    if not words:
        return None
    if len(words) == 1 and words[0] in PARTY_KEYS:
        return frozenset({"PHONE"})
    if words[-1] == "pass":
        return _PASS
    return _nearest(words, 4)


def _ends_sentence(tokens: Sequence[str], at: int) -> bool:
    """A full stop at ``tokens[at]`` ends a sentence (no abbreviation before it)."""
    if tokens[at] != ".":
        return True
    if (at and tokens[at - 1] == ".") or tokens[at + 1 : at + 2] == ["."]:
        return False  # dot leaders of a form ("Personalausweis-Nr. ...... ")
    if not at or not _is_word(tokens[at - 1]):
        return True
    before = tokens[at - 1]
    return not (before in _ABBREVIATIONS or len(before) <= 2)


def _table_header(text: str, lines: _Lines, line_start: int, line_end: int, start: int) -> Verdict:
    """The header of the value's column, if its line is a row of a table (cells
    between pipes, or a CSV row under a header row without digits)."""
    if line_end - line_start > _MAX_ROW:
        return None
    tabs = getattr(text, "tabs", ())
    if tabs:
        named = _tab_header(text, tabs, lines, line_start, line_end, start)
        if named is not None:
            return named
    line = text[line_start:line_end]
    for mark in ("|", ";", ","):
        if line.count(mark) < 2:
            continue
        column = text[line_start:start].count(mark)
        header: tuple[int, int] | None = None
        up = lines.above(line_start)
        seen = 0
        while up is not None and seen < _LINES_UP:
            if text.count(mark, up[0], up[1]) < 2:
                break
            header = up
            up = lines.above(up[0])
            seen += 1
        if header is None:
            continue
        cells = text[header[0] : header[1]].split(mark)
        if column >= len(cells) or sum(ch.isdigit() for ch in cells[column]) > 2:
            continue
        return _label(_tokens(cells[column]))
    return None


def _tab_header(
    text: str, tabs: Sequence[int], lines: _Lines, line_start: int, line_end: int, start: int
) -> Verdict:
    """The header of the value's column in a table whose cells tabs separate (a sheet
    pasted as TSV): the first row of the block of rows holding tabs."""
    first = bisect.bisect_left(tabs, line_start)
    if first == len(tabs) or tabs[first] >= line_end:
        return None
    column = bisect.bisect_left(tabs, start) - first
    header: tuple[int, int] | None = None
    up = lines.above(line_start)
    seen = 0
    while up is not None and seen < _LINES_UP:
        index = bisect.bisect_left(tabs, up[0])
        if index == len(tabs) or tabs[index] >= up[1]:
            break
        header = up
        up = lines.above(up[0])
        seen += 1
    if header is None:
        return None
    index = bisect.bisect_left(tabs, header[0])
    cuts = [header[0] - 1]
    while index < len(tabs) and tabs[index] < header[1]:
        cuts.append(tabs[index])
        index += 1
    cuts.append(header[1])
    if column + 1 >= len(cuts):
        return None
    cell = text[cuts[column] + 1 : cuts[column + 1]]
    if sum(ch.isdigit() for ch in cell) > 2:
        return None
    return _label(_tokens(cell))


def _label_above(
    text: str,
    lines: _Lines,
    line_start: int,
    values: Sequence[tuple[int, int, frozenset[str]]],
    value_starts: list[int],
) -> Verdict:
    """The label on a line above a value that starts its line: up past the value's list
    siblings (lines that hold a value and no word before it) to a line ending in ``:``
    or ``=`` (a label line, a YAML key), or a short line of words (a heading)."""
    up = lines.above(line_start)
    seen = 0
    while up is not None and seen < _LINES_UP:
        seen += 1
        row = text[up[0] : up[1]].strip()
        segment, _ = _masked(text, up[0], up[1], values, value_starts)
        tokens = _tokens(segment)
        if not row:
            up = lines.above(up[0])
            continue
        if "\x00" in tokens and not any(_is_word(t) for t in tokens[: tokens.index("\x00")]):
            up = lines.above(up[0])  # a sibling: another value alone on its line
            continue
        words = [token for token in tokens if _is_word(token)]
        if row.endswith((":", "=")) or (0 < len(words) <= 4 and "0" not in tokens):
            if len(words) == 1 and words[0] in SIGNATURE_LETTERS:
                return None
            return _label(tokens[-_LABEL_WORDS * 2 :])
        return None
    return None


def _near_contact(lines: _Lines, line_start: int, line_end: int, spans: Sequence[Span]) -> bool:
    """An entry found an e-mail address, phone number or postal address within two
    lines of the line ``[line_start, line_end)``."""
    low, high = line_start, line_end
    for _ in range(2):
        up = lines.above(low)
        if up is not None:
            low = up[0]
        down = lines.below(high)
        if down is not None:
            high = down[1]
    low, high = max(low, line_start - _READ_BACK), min(high, line_end + _READ_BACK)
    first = bisect.bisect_left(spans, low, key=_end)
    for span in spans[first:]:
        if span.start >= high:
            break
        if span.label in _CONTACT_LABELS and not line_start <= span.start < line_end:
            return True
    return False


def _end(span: Span) -> int:
    return span.end


def _inside_break(breaks: Sequence[int], start: int, end: int) -> bool:
    """A line break lies in ``[start, end)``."""
    index = bisect.bisect_left(breaks, start)
    return index < len(breaks) and breaks[index] < end


def _starts(text: str, at: int) -> list[int]:
    """Where a value holding the digit run at ``at`` may start: the run, a ``+`` or
    ``(`` before it, the letters glued before it (``AB123456C``), a short upper-case
    prefix and a space (``DE 298 722 007``, ``AB 12 34 56 C``, ``P 1234567``), a month
    name and a space (``March 5, 1985``)."""
    starts = [at]
    begin = at
    while begin > 0 and begin > at - 12 and text[begin - 1].isalpha():
        begin -= 1
    if begin < at:
        starts.append(begin)
    elif at and text[at - 1] in "+(":
        starts.append(at - 1)
    if begin >= 2 and text[begin - 1] == " ":
        word = begin - 1
        while word > 0 and word > begin - 11 and text[word - 1].isalpha():
            word -= 1
        head = text[word : begin - 1]
        if head and ((len(head) <= 3 and head.isupper()) or head.lower() in idv.MONTHS):
            starts.append(word)
    return starts


def _token_start(text: str, at: int) -> int:
    """The start of the run of token characters holding offset ``at``."""
    start = at
    while start > 0 and at - start < 255 and text[start - 1] in _TOKEN_CHARS:
        start -= 1
    return start


def _within_lines(breaks: Sequence[int], start: int, end: int) -> list[tuple[int, int]]:
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


def _pieces(text: str, breaks: Sequence[int], start: int, end: int) -> list[tuple[int, int]]:
    """A run of digit groups as values: cut at line breaks, and at a ``/`` between two
    numbers of six digits or more each (``512 246 8396/+16468018639`` is a list;
    ``030/1234567`` one number)."""
    out: list[tuple[int, int]] = []
    for low, high in _within_lines(breaks, start, end):
        at = low
        for slash in [m.start() for m in re.finditer("/", text[low:high])]:
            cut = low + slash
            if _digit_count(text, at, cut) >= 6 and _digit_count(text, cut + 1, high) >= 6:
                out.append((at, cut))
                at = cut + 1
        out.append((at, high))
    return out


def _digit_count(text: str, start: int, end: int) -> int:
    return sum(ch.isdigit() for ch in text[start:end])


def _printed_card(value: str) -> bool:
    """A card number printed in groups of four (the last may be shorter: 19 digits as
    4-4-4-4-3, 15 as 4-4-4-3) with a scheme's prefix and length and the Luhn check."""
    groups = re.split(r"[ \-]", value)
    if len(groups) < 3 or len({ch for ch in value if not ch.isdigit()}) != 1:
        return False
    if any(len(group) != 4 for group in groups[:-1]) or not 1 <= len(groups[-1]) <= 4:
        return False
    return v.is_card_after_keyword(value)


def _is_break(breaks: Sequence[int], at: int) -> bool:
    index = bisect.bisect_left(breaks, at)
    return index < len(breaks) and breaks[index] == at


def _unwrapped_end(text: str, start: int, end: int, lines: _Lines, limit: int) -> int:
    """The end of a credential a terminal wrapped at a fixed width: it ends its line,
    which is at least :data:`_WRAP_MIN` characters long, and the next lines are runs of
    token characters, each as long as that line, the last no longer."""
    line_start, _ = lines.bounds(start)
    width = end - line_start
    if width < _WRAP_MIN:
        return end
    while end < limit and _is_break(lines.breaks, end):
        following = lines.below(end)
        if following is None or following[1] > limit:
            break
        if _WRAPPED.fullmatch(text, *following) is None or following[1] - following[0] > width:
            break
        end = following[1]
        if end - following[0] < width:
            break
    return end
