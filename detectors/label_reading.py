"""Reading the label of a value the way a person does (:mod:`detectors.labelled`).

A :class:`Page` is one view text as the reader reads it: its lines (from the view's
folded line breaks, :class:`pipelines.canon.view.ViewText`) and the values on it (the
entries' spans and the reader's candidates).  The functions below read one value's
label:

* :func:`before` — back from the value along its line: nearest word first, across list
  siblings (other values) and up to ten words of its sentence and the one before; at a
  ``:`` the label before it (its head decides), at a ``=`` the key, in a key path the
  names; a word naming nothing costs one of the words a reading may take, a word only
  saying "number" none;
* :func:`table_cell` — the header of the value's column (pipes, CSV, tabs) and its cell;
* :func:`label_above` — the label line above a value that starts its line;
* :func:`near_contact` — whether a contact value stands within two lines.

A reading's verdict is the labels a word names (a frozenset), :data:`OTHER_KIND` for a
word naming another thing with a number of its own, or None.
"""

from __future__ import annotations

import bisect
import itertools
import re
from collections.abc import Sequence
from typing import Final, final

from detectors.label_values import Found
from detectors.label_words import (
    ABOUT_A_VALUE,
    MAX_PHRASE,
    NEUTRAL,
    OTHER_KIND,
    PARTY_KEYS,
    SIGNATURE_LETTERS,
    classify,
    phrase,
)
from pipelines.canon.view import OTHER_KINDS
from pipelines.spans import Span

__all__ = [
    "Page", "Verdict", "answer_to_question", "before", "bound_to_another_thing", "label",
    "label_above", "member_names", "near_contact", "row_cuts", "table_cell", "tokens",
]

Verdict = frozenset[str] | str | None

_CAMEL: Final = re.compile(r"(?<=[a-z])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
_WORD_THEN_NUMBER: Final = re.compile(r"([^\W\d_]{2,})[0-9]+")
# A token of the text before a value: a word, a number, a mark.  "\x00" stands for
# another value on the line (a list sibling), "\x1f" for the key path's separator.
_TOKEN: Final = re.compile(r"[^\W_]+|[\x00\x1f:=|;,/&()\[\]{}#]|[.!?](?=[ \x00]|$)")
# The start of a turn in a dialogue or transcript, up to where its answer may begin: a
# time stamp and a speaker's name with its colon ("Caller:", "Kunde:", "Dr. Lee:"),
# each optional.
_SPEAKER_TURN: Final = re.compile(
    r"[ \t>*-]*"
    # a time stamp: bracketed ("[00:00:18]", "(14:02)"), a chat export's ("29.05.24,
    # 08:50 - ", "5/29/24, 8:50 PM - ") or a clock time ("00:00:18 ")
    r"(?:(?:[\[(][0-9./\-, ]{0,12}[0-9]{1,2}:[0-9]{2}[0-9:.APMapm ]{0,9}[\])]"
    r"|[0-9]{1,4}[./\-][0-9]{1,2}[./\-][0-9]{2,4},?[ ][0-9]{1,2}:[0-9]{2}(?::[0-9]{2})?"
    r"(?:[ ]?[AaPp][Mm])?[ ]?[-\u2013]"
    r"|[0-9]{1,2}:[0-9]{2}(?::[0-9]{2})?)[ \t]*)?"
    # the speaker: up to three words, a number ("Speaker 2"), a remark ("Caller (John)")
    r"(?:([^\W\d_][\w.'\-]*(?:[ ][^\W\d_][\w.'\-]*){0,2})(?:[ ][0-9]{1,2})?"
    r"(?:[ ]\([^)\n]{1,30}\))?:[ \t]*)?"
)
# Words an answer may open with before its value ("sure, it's", "ja, das ist"), and the
# farthest into its line the value may start; what may follow it (its clause ends).
_ANSWER_WORDS: Final = 4
_ANSWER_REACH: Final = 100
# A request: a sentence with a word for "please", or one that names what it asks for
# as the other's ("Zur Identifizierung noch Ihre Ausweisnummer.", "And your date of
# birth."), ending in a full stop or an exclamation mark.
_REQUEST: Final = re.compile(
    r"\b(?:please|bitte|kindly|your|ihre?|deine?)\b[^.!?]*[.!]$", re.IGNORECASE
)
_FIRST_PERSON: Final = re.compile(r"[^\w]*(?:i|ich|we|wir)\b", re.IGNORECASE)
_SENTENCE_END: Final = re.compile(r"[.!?][\"')\]]*[ \t]+(?=[\"'(]?[A-ZÄÖÜ])")
_CLOCK_AFTER: Final = re.compile(r",?[ ]?[0-9]{1,2}:[0-9]{2}")
_CLAUSE_END: Final = re.compile(r"[ \t]*(?:$|[,.;!)]|(?:and|und|or|oder)\b|-[ ])")
# Marks that end a label read back from its colon.
_LABEL_ENDS: Final = frozenset({":", "=", "|", ";", "\x00", "{", "}"})
# Where a label bound to its value ends: a list's or a sentence's separators, another
# value, a number.
_BOUND_ENDS: Final = frozenset({",", ";", "\x00", "(", ")", "&", "0"})
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
_ID_WORDS: Final = frozenset({"id", "ids", "identifier"})
# Words for "number" between a word and the number it binds ("order no. 4711").
_NUMBER_WORDS: Final = frozenset(
    {"number", "numbers", "no", "nos", "nr", "num", "nummer", "#",
     # the verb between a word and its value ("Order number is …", "Kundennummer lautet …")
     "is", "was", "are", "were", "be", "ist", "war", "sind", "lautet", "lauten", "lautete"}
)  # fmt: skip
# Words that attach a noun to one before it ("Telefonnummer des Vertrags", "Handynummer
# im Auftrag"): after a word for a kind, that noun is no value's own name.
_ATTACHING: Final = frozenset(
    {"der", "des", "im", "zur", "zum", "vom", "von", "fur", "of", "for", "on", "in"}
)
# Characters read back for a word bound to a value.
_BOUND_READ: Final = 60
# In a schema, the party a value belongs to qualifies it ("ssn.customer").
_PARTIES: Final = frozenset(
    {"customer", "customers", "kunde", "kunden", "client", "clients", "member", "members",
     "mitglied", "user", "users"}
)  # fmt: skip
# Words kept whole although written with capitals inside ("IDs").
_WHOLE: Final = OTHER_KINDS | _ID_WORDS
_PASS: Final = frozenset({"PASSPORT", "API_KEY"})
_PHONE: Final = frozenset({"PHONE"})
_CONTACT_LABELS: Final = frozenset({"EMAIL", "PHONE", "ADDRESS"})
# Characters read back from a value for its label (a label is near its value; a long
# line of values must not cost a read of everything before each).
_READ_BACK: Final = 200
# Words of a label read before its colon; words that may stand between a value and
# the sentence end before it, for the sentence before to be read too.
_LABEL_WORDS: Final = 8
# What joins the fields of a label naming several ("number/expiry", "DOB, name").
_LISTS: Final = frozenset({"/", ",", "&", ";", "and", "und", "or", "oder"})
# Kinds of identity documents, whose "ID" is their number ("Passport ID"; an
# "ssn_id" is a record's id).
_DOCUMENTS: Final = frozenset({"PASSPORT", "NATIONAL_ID"})
_SENTENCE_TAIL: Final = 8
# The longest line read as a table's row; lines read upwards to a header or a label.
_MAX_ROW: Final = 4000
# How a sentence or an intro over a table ends.
_SENTENCE_ENDS: Final = frozenset({".", "!", "?", ":"})
# A cell mark or a double quote (a mark inside quotes is a cell's character).
_CELL_MARKS: Final = {mark: re.compile(f'["{re.escape(mark)}]') for mark in ",;|"}
# A pipe table's rule line ("|---|:--:|", "+------+------+").
_RULE: Final = re.compile(r"[ |+\-=:]*")


@final
class Page:
    """One view text as the reader reads it (see the module docstring)."""

    __slots__ = (
        "_columns", "_cuts", "_tops", "breaks", "gaps", "labels_above", "size", "spans",
        "text", "value_starts", "values",
    )  # fmt: skip

    def __init__(self, text: str) -> None:
        self.text = text
        self.breaks: Sequence[int] = getattr(text, "breaks", ())
        self.gaps: Sequence[int] = getattr(text, "gaps", ())
        self.size = len(text)
        self.spans: Sequence[Span] = ()
        self.values: list[Found] = []
        self.value_starts: list[int] = []
        # what was read of each line once (a table's rows, a list's items share it)
        self._cuts: dict[tuple[str, int], list[int]] = {}
        self._tops: dict[tuple[str, int], int] = {}
        self.labels_above: dict[int, Verdict] = {}
        self._columns: tuple[list[int], list[tuple[int, str]]] | None = None

    def column(self, start: int, end: int) -> str | None:
        """The column an SQL ``INSERT``'s ``VALUES`` give the value ``[start, end)``
        (``INSERT INTO customers (id, name, dob, national_id) VALUES (…, '933 001
        6650')``: ``national_id``), if it is one of them whole (a number inside a free
        text cell is read by its own label); the statements are read once per page, a
        text without "insert" not at all."""
        if self._columns is None:
            self._columns = _insert_columns(self.text)
        starts, cells = self._columns
        index = bisect.bisect_right(starts, start) - 1
        if index < 0 or starts[index] != start:
            return None
        cell_end, name = cells[index]
        return name if end == cell_end else None

    def cuts(self, mark: str, low: int, high: int) -> list[int]:
        """Offsets of ``mark`` in the line ``[low, high)`` outside double quotes (a CSV
        cell ``"Weber, Anna"`` is one cell); ``"\t"`` for the line's column gaps."""
        key = (mark, low)
        found = self._cuts.get(key)
        if found is None:
            if mark == "\t":
                gaps = self.gaps
                found = list(gaps[bisect.bisect_left(gaps, low) : bisect.bisect_left(gaps, high)])
            else:
                found, quoted = [], False
                for hit in _CELL_MARKS[mark].finditer(self.text, low, high):
                    if hit.group() == '"':
                        quoted = not quoted
                    elif not quoted:
                        found.append(hit.start())
            self._cuts[key] = found
        return found

    def top(self, mark: str, line_start: int) -> int:
        """The first line of the block of lines above and at ``line_start`` that have
        as many ``mark`` cells as it (a pipe table's rule lines included; for column
        gaps, lines with any)."""
        count = self._marks(mark, self.line(line_start))
        passed = [line_start]
        top = line_start
        while top:
            known = self._tops.get((mark, top))
            if known is not None and top != line_start:
                top = known
                break
            up = self.line(top - 1)
            if not self._in_block(mark, up, count):
                # one irregular row ("Weber, Tom" unquoted, a stray trailing comma: more
                # cells, a value in them) in a table goes on above it
                if not (mark != "\t" and up[0] and self._marks(mark, up) > count
                        and any(ch.isdigit() for ch in self.text[up[0] : up[1]])
                        and self._in_block(mark, self.line(up[0] - 1), count)):
                    break
                up = self.line(up[0] - 1)
            top = up[0]
            passed.append(top)
        for line in passed:
            self._tops[(mark, line)] = top
        return top

    def _marks(self, mark: str, line: tuple[int, int]) -> int:
        """How many cell marks the line has, one ending it not counted (a sheet's
        export writes "Anna,521616909," on some rows)."""
        count = len(self.cuts(mark, *line))
        if count and mark != "\t" and self.text[line[0] : line[1]].rstrip().endswith(mark):
            count -= 1
        return count

    def _in_block(self, mark: str, line: tuple[int, int], count: int) -> bool:
        """The line belongs to a block of rows of ``count`` cell marks (a pipe table's
        rule line does; a sheet's rows may drop their empty last cells: for column gaps
        any gap makes a row)."""
        cells = self._marks(mark, line)
        if cells == count or (mark == "\t" and cells > 0):
            return True
        return mark == "|" and line[1] > line[0] and _RULE.fullmatch(self.text, *line) is not None

    def place(self, spans: Sequence[Span], values: list[Found]) -> None:
        """Set the entries' spans and every value on the page (spans and candidates)."""
        self.spans = spans
        self.values = values
        self.value_starts = [start for start, _, _ in values]

    def line(self, at: int) -> tuple[int, int]:
        """(start, end) of the line holding offset ``at`` (end: its break or the end)."""
        index = bisect.bisect_right(self.breaks, at - 1)
        start = self.breaks[index - 1] + 1 if index else 0
        end = self.breaks[index] if index < len(self.breaks) else self.size
        return start, end

    def above(self, start: int) -> tuple[int, int] | None:
        """The line before the line starting at ``start``, or None at the top."""
        return self.line(start - 1) if start else None

    def below(self, end: int) -> tuple[int, int] | None:
        """The line after the line ending at ``end``, or None at the bottom."""
        return self.line(end + 1) if end < self.size else None

    def masked(self, low: int, high: int) -> tuple[str, frozenset[str] | None]:
        """``text[low:high]`` with every value in it written as "\\x00", and the labels
        of the value right before ``high`` if only separators stand between them."""
        values = self.values
        index = max(0, bisect.bisect_left(self.value_starts, low) - 1)
        parts: list[str] = []
        at = low
        last: tuple[int, frozenset[str]] | None = None
        text = self.text
        for position in range(index, len(values)):
            start, end, labels = values[position]
            if start >= high:
                break
            if end <= at or end > high:
                continue  # (a value overlapping the one read is no sibling of it)
            parts.append(text[at : max(at, start)])
            parts.append(" \x00 ")
            at = min(end, high)
            last = (at, labels)
        parts.append(text[at:high])
        near = last[1] if last is not None and not text[last[0] : high].strip(" /,;:-|(") else None
        return "".join(parts), near


# --- words ------------------------------------------------------------------------------


_INSERT: Final = re.compile(
    r"\b(?:insert(?:\s+ignore)?|replace)\s+into\s+[\w.`\"\[\]]{1,100}\s*\(([^()]{1,2000})\)"
    r"\s*values\s*",
    re.IGNORECASE,
)
# One value of a VALUES tuple: a quoted string ('' or \' inside; a prefix such as N or
# E, a cast after it), or a bare token (a function's call with its brackets), then the
# comma or bracket after it.
_SQL_VALUE: Final = re.compile(
    r"\s*(?:[A-Za-z]{1,4}[ ]?)?(?:'((?:[^'\\]|''|\\.){0,2000})'"
    r"|\"((?:[^\"\\]|\"\"|\\.){0,2000})\"|([^,()'\s]{1,100}(?:\([^()]{0,200}\))?))"
    r"(?:::[\w ]{1,30})?\s*([,)])"
)


def _insert_columns(text: str) -> tuple[list[int], list[tuple[int, str]]]:
    """Every value of every ``INSERT … (columns) VALUES (…), (…)`` in ``text``: their
    starts, and per value its end and its column's name (tuples of another length than
    the column list are not read)."""
    starts: list[int] = []
    cells: list[tuple[int, str]] = []
    if "insert" not in text.lower():
        return starts, cells
    for statement in _INSERT.finditer(text):
        names = [name.strip(" `\"[]") for name in statement.group(1).split(",")]
        at = statement.end()
        while at < len(text) and text[at] == "(":
            row: list[tuple[int, int]] = []
            at += 1
            while True:
                value = _SQL_VALUE.match(text, at)
                if value is None:
                    break
                group = next(g for g in (1, 2, 3) if value.group(g) is not None)
                row.append(value.span(group))
                at = value.end()
                if value.group(4) == ")":
                    break
            if value is None:
                break
            if len(row) == len(names):
                for (start, end), name in zip(row, names, strict=True):
                    if end > start:
                        starts.append(start)
                        cells.append((end, name))
            while at < len(text) and text[at] in " ,\t\r\n":
                at += 1
    return starts, cells


def tokens(segment: str) -> list[str]:
    """Tokens of ``segment``: lower-case words (camelCase split unless the whole word
    names something: "USt" is one word, "phoneNumber" two), numbers and ids of letters
    and digits as "0", marks as themselves."""
    out: list[str] = []
    for token in _TOKEN.findall(segment):
        if not token.isalpha():
            if not token[0].isalnum():
                out.append(token)
                continue
            word = _WORD_THEN_NUMBER.fullmatch(token)
            if word is None:
                out.append("0")  # a number, or an id of letters and digits ("50e386b")
                continue
            token = word.group(1)  # a word and its number: "ssn2", "phone_e164", "last4"
            out.append(token.lower())
            out.append("0")
            continue
        whole = token.lower()
        if token[1:] == whole[1:]:  # no capital after the first letter: one word
            out.append(whole)
            continue
        parts = _CAMEL.sub(" ", token).lower().split()
        if any(classify(part) is not None for part in parts) or not (
            classify(whole) is not None or whole in _WHOLE
        ):
            out.extend(parts)  # "ssnCustomer", "phoneNumber"
        else:
            out.append(whole)  # "USt", "IdNr", "IDs"
    return out


def _is_word(token: str) -> bool:
    return token[0].isalpha() or token == "#"


def _named_at(words: Sequence[str], at: int) -> tuple[Verdict, int]:
    """What the words ending at ``words[at]`` name (the longest phrase first), and how
    many tokens it took.  "ID" after a word that names something is that thing's id,
    another thing (``contact_id``, ``order ID number``); otherwise it only says
    "number" (``Government ID``)."""
    for size in range(min(MAX_PHRASE, at + 1), 1, -1):
        run = words[at - size + 1 : at + 1]
        if all(_is_word(token) for token in run):
            named = classify(phrase(run))
            if named is not None:
                if run[0] in _ID_WORDS and _names_a_thing(words, at - size):
                    return OTHER_KIND, size + 1
                return named, size
    if words[at] in _ID_WORDS:
        if not _names_a_thing(words, at - 1):
            return None, 1
        named = classify(words[at - 1])
        if isinstance(named, frozenset) and named <= _DOCUMENTS:
            return named, 2  # "Passport ID", "Ausweis-ID": the document's number
        return OTHER_KIND, 2
    return classify(words[at]), 1


def _names_a_thing(words: Sequence[str], at: int) -> bool:
    return at >= 0 and _is_word(words[at]) and classify(words[at]) is not None


def _nearest(words: Sequence[str], limit: int) -> Verdict:
    """The first thing the words name, reading from the last one back; marks skipped."""
    at = len(words) - 1
    counted = 0
    while at >= 0 and counted < limit:
        if not _is_word(words[at]):
            at -= 1
            continue
        named, size = _named_at(words, at)
        if named is not None:
            return named
        at -= size
        counted += 1
    return None


def label(label_tokens: Sequence[str]) -> Verdict:
    """What a label names: its head (the words before its first preposition, read from
    the last back; every kind it names: "SSN/ITIN"), then the rest.  Bracketed remarks
    are left out; one letter or a party key alone is a phone's label ("M:", "to:")."""
    kept: list[str] = []
    depth = 0
    for token in label_tokens:
        if token in "([{":
            depth += 1
        elif token in ")]}":
            depth = max(0, depth - 1)
        elif not depth:
            kept.append(token)
    words = [token for token in kept if _is_word(token) or token == "0"]
    if len(words) == 1 and (words[0] in SIGNATURE_LETTERS or words[0] in PARTY_KEYS):
        return _PHONE
    if words and words[-1] == "pass":
        # a key "Pass:" or "DB_PASS=": a passport (German) or a password, by its shape;
        # in prose "pass" is a verb
        return _PASS
    cut = _head_end(words)
    if cut > 1 and words[cut - 1] in ABOUT_A_VALUE and not _LISTS.intersection(kept):
        # "secret name", "token expiry": about a value, not it (but "Passport
        # number/expiry" names two fields, the passport's first)
        return OTHER_KIND
    head = _nearest(words[:cut], _LABEL_WORDS)
    if isinstance(head, frozenset):
        return head.union(*_kinds(words[:cut]))
    return head if head is not None else _nearest(words[cut:], _LABEL_WORDS)


def _head_end(words: Sequence[str]) -> int:
    """Where a label's head ends: at its first preposition outside a phrase of the
    vocabulary ("SSN on file", but "date of birth")."""
    return next(
        (
            i
            for i, word in enumerate(words)
            if i and word in _PREPOSITIONS and not _in_phrase(words, i)
        ),
        len(words),
    )


def _in_phrase(words: Sequence[str], at: int) -> bool:
    """``words[at]`` is inside a phrase of the vocabulary ("date of birth", "card on
    file"): a preposition there does not end a label's head."""
    for size in range(2, MAX_PHRASE + 1):
        for start in range(max(0, at - size + 1), min(at, len(words) - size) + 1):
            run = words[start : start + size]
            if all(_is_word(word) for word in run) and classify(phrase(run)) is not None:
                return True
    return False


def _kinds(words: Sequence[str]) -> list[frozenset[str]]:
    found = []
    for at in range(len(words)):
        named, _ = _named_at(words, at)
        if isinstance(named, frozenset):
            found.append(named)
    return found


# --- before the value ---------------------------------------------------------------------


def before(
    page: Page, line_start: int, start: int, shapes: frozenset[str], most_words: int
) -> tuple[Verdict, bool]:
    """Read back from the value at ``start`` along its line, at most ``most_words``
    words that name nothing.  Returns the verdict and whether nothing but marks and list
    siblings stand before the value on its line (its label may be on the line above)."""
    low = max(line_start, start - _READ_BACK)
    segment, near = page.masked(low, start)
    if near is not None and "IBAN" in near and "BIC" in shapes:
        return frozenset({"BIC"}), False  # a BIC right after its IBAN
    found = tokens(segment)
    alone = low == line_start and not any(_is_word(token) for token in found)
    return _walk(found, segment, shapes, most_words), alone


def bound_to_another_thing(page: Page, line_start: int, start: int) -> bool:
    """The word bound to the value at ``start`` (right before it, past marks and words
    for "number": ``order 302-…``, ``Kundennummer: …``, ``EAN 4031…``) names another
    thing with a number of its own; a party ("Customer: …", "Kunde: …") only says
    whose value it is, and a word further back ("Order for Jane Doe: …") is no bond."""
    segment, _ = page.masked(max(line_start, start - _BOUND_READ), start)
    found = tokens(segment)
    at = len(found) - 1
    while at >= 0 and (not _is_word(found[at]) or found[at] in _NUMBER_WORDS):
        if found[at] in ("\x00", "0", "|"):
            return False  # another value or cell stands between
        at -= 1
    if at < 0 or found[at] in _PARTIES:
        return False
    named, size = _named_at(found, at)
    head = at - size - 1
    if head >= 0 and found[head + 1] in _ATTACHING and _is_word(found[head]):
        kind, _ = _named_at(found, head)
        if isinstance(kind, frozenset):
            return False  # "Telefonnummer der Bestellung ist …": the order's phone number
    return named == OTHER_KIND


def _walk(found: list[str], segment: str, shapes: frozenset[str], most_words: int) -> Verdict:
    """The walk of :func:`before` over the tokens ``found`` of ``segment``."""
    counted = 0
    sentences = 1  # a value may stand in the sentence after the one naming it
    at = len(found) - 1
    while at >= 0:
        token = found[at]
        if token == "\x1f":
            return _colon(found, at)
        if token == ":":
            verdict = _colon(found, at)
            if verdict is not None:
                return verdict
            # a label that names nothing: the words before it are read on ("per
            # Kreditkarte zahlen und hat die Nummer genannt: …")
            at -= 1
            continue
        if token == "=":
            return _key(segment)
        if token == "(" and at == len(found) - 1:
            at -= 1  # the value in brackets after its label ("birth date (5 May 1961)")
            continue
        if token == "|" or (most_words <= 2 and token in _BOUND_ENDS):
            break
        if token in ".!?" and _ends_sentence(found, at):
            if not sentences or counted > _SENTENCE_TAIL:
                break
            sentences -= 1
        if token == "\x00" and not sentences:
            break  # the sentence before ends with a value: its label was for that one
        if not _is_word(token):
            at -= 1
            continue
        if (
            counted == 0
            and token in SIGNATURE_LETTERS
            and "PHONE" in shapes
            and not any(_is_word(t) for t in found[at + 1 :])
        ):
            return _PHONE
        named, size = _named_at(found, at)
        if named == OTHER_KIND:
            # "the passport number on the booking is …": the thing a preposition
            # attaches the other word to is what the value is
            named = _attached(found, at - size) or named
        if named is not None:
            return named
        if token not in NEUTRAL:
            counted += 1
            if counted >= most_words:
                break
        at -= size
    return None


def _colon(found: Sequence[str], at: int) -> Verdict:
    """The verdict of the label ending at the colon or key separator ``found[at]``; a
    label that names nothing may be a parameter of a key that does (the words before a
    ``=`` or ``;``: "TEL;TYPE=WORK:5126877727")."""
    label_tokens = _label_tokens(found, at)
    if found[at] == "\x1f" or "\x1f" in found[:at]:
        return member_names([t for t in label_tokens if _is_word(t) or t == "\x1f"])
    verdict = label(label_tokens)
    if verdict == OTHER_KIND and sum(map(_is_word, label_tokens)) > _LABEL_WORDS:
        # a sentence before its colon, no label, its subject another thing: read on
        # as prose, the nearest word first ("Kunde wollte … per Kreditkarte zahlen und
        # hat die Nummer genannt: …")
        return None
    mark = at - len(label_tokens) - 1
    for _ in range(3):
        if verdict is not None or mark < 0 or found[mark] not in ("=", ";"):
            break
        label_tokens = _label_tokens(found, mark)
        verdict = label(label_tokens)
        mark -= len(label_tokens) + 1
    return verdict


def member_names(words: Sequence[str]) -> Verdict:
    """What a key names, read as a schema's member names are (the innermost word
    first): a word that names something decides, and a word of a schema that names
    another kind of thing than a value (``id``, ``type``, ``verified_at``, ``count``,
    ``holder``: :data:`pipelines.canon.view.OTHER_KINDS`) names another thing; the word
    after ``by`` or ``per`` names a map's index, not its values (``ssn_by_customer``).
    A party key alone (``to``, ``an``) names a phone number, ``pass`` a password or a
    German passport.  ``words`` may hold "\x1f" between member names: a phrase does not
    run across two names (``{"id": {"number": …}}`` is no "ID number")."""
    plain = [word for word in words if word != "\x1f"]
    if len(plain) == 1 and plain[0] in PARTY_KEYS:
        return _PHONE
    if plain and plain[-1] == "pass":
        return _PASS
    at = len(words) - 1
    while at >= 0:
        if words[at] == "\x1f":
            at -= 1
            continue
        if at and words[at - 1] in ("by", "per"):
            at -= 2
            continue
        if words[at] in _PARTIES:
            if at + 1 < len(words) and all(w in _NUMBER_WORDS for w in words[at + 1 :]):
                return OTHER_KIND  # the party's own number ("customer_no")
            at -= 1  # whose value it is ("ssn.customer", "phone_member")
            continue
        named, size = _named_at(words, at)
        if named is not None:
            return named
        if words[at] in OTHER_KINDS:
            return OTHER_KIND
        at -= size
    return None


def _attached(found: Sequence[str], at: int) -> frozenset[str] | None:
    """The kind named right before a preposition that ends at ``found[at]`` (after a
    neutral word or two: "passport number on the"), if any."""
    while at >= 0 and found[at] in NEUTRAL:
        at -= 1
    if at < 1 or found[at] not in _PREPOSITIONS:
        return None
    at -= 1
    for _ in range(3):
        while at >= 0 and found[at] in NEUTRAL:
            at -= 1
        if at < 0 or not _is_word(found[at]):
            return None
        named, size = _named_at(found, at)
        if isinstance(named, frozenset):
            return named
        if named is not None:
            return None
        at -= size
    return None


def _label_tokens(found: Sequence[str], at: int) -> list[str]:
    """The tokens of the label that ends at the colon or key separator ``found[at]``:
    back to the line's start, a sentence's end or another label's mark (a key path
    reads through its separators)."""
    key_path = found[at] == "\x1f" or "\x1f" in found[:at]
    start = at - 1
    while start >= 0:
        token = found[start]
        if token in _LABEL_ENDS and not (key_path and token == "\x1f"):
            break
        if token in ".!?" and _ends_sentence(found, start):
            break
        start -= 1
    return list(found[start + 1 : at])


def _key(segment: str) -> Verdict:
    """What the key before a ``=`` names (``to=``, ``contact.phone=``, ``ausweis.pruefung
    nummer=``: its last word, and the one before when that names nothing)."""
    head = segment.rstrip()
    parts = head[: head.rfind("=")].split()
    words = [token for token in tokens(parts[-1]) if _is_word(token)] if parts else []
    if not words:
        return None
    named = member_names(words)
    if named is None and len(parts) > 1 and "=" not in parts[-2]:
        return member_names([token for token in tokens(parts[-2]) if _is_word(token)])
    return named


def _ends_sentence(found: Sequence[str], at: int) -> bool:
    """A full stop at ``found[at]`` ends a sentence (no abbreviation before it, no dot
    leaders of a form: "Personalausweis-Nr. ...... ")."""
    if found[at] != ".":
        return True
    if (at and found[at - 1] == ".") or found[at + 1 : at + 2] == ["."]:
        return False
    if not at or not _is_word(found[at - 1]):
        return True
    word = found[at - 1]
    return not (word in _ABBREVIATIONS or len(word) <= 2)


# --- elsewhere on the page ----------------------------------------------------------------


def table_cell(
    page: Page, line_start: int, line_end: int, start: int
) -> tuple[Verdict, int, bool]:
    """The header of the value's column, if its line is a row of a table (cells between
    pipes, CSV under a header row with commas or semicolons, or tabs and runs of
    blanks), where the value's cell begins (the line's start when it is no row), and
    whether the line is a row under a header.
    A table is a block of lines with the same number of cells (marks inside double
    quotes are text; a pipe table's rule lines belong to it); its first line is the
    header, however long the table."""
    if line_end - line_start > _MAX_ROW:
        return None, line_start, False
    gaps = page.gaps
    first = bisect.bisect_left(gaps, line_start)
    if first < len(gaps) and gaps[first] < line_end:
        index = bisect.bisect_left(gaps, start) - 1
        cell = gaps[index] + 1 if index >= first else line_start
        top = page.top("\t", line_start)
        if top == line_start:
            return None, cell, False  # a form's line ("Phone:<tab>…"), no table
        return _gap_header(page, top, line_start, start), cell, True
    row = _marked_row(page, line_start, line_end, start)
    if row is None:
        return None, line_start, False
    cuts, names = row
    column = bisect.bisect_left(cuts, start)
    return _header(names[column]), cuts[column - 1] + 1 if column else line_start, True


def row_cuts(page: Page, line_start: int, line_end: int, start: int) -> list[int]:
    """The cell marks of the line ``[line_start, line_end)`` if it is a row of an export:
    a table with pipes, semicolons or commas under a header (as :func:`table_cell` reads
    it) of three columns or more, each named by one to three words without digits or a
    colon ("customer_id,full_name,street,postcode"; not a list of sentences: "Driver:
    Max McKay, partner since 2025, payout …"), else none."""
    if line_end - line_start > _MAX_ROW:
        return []
    row = _marked_row(page, line_start, line_end, start)
    if row is None or len(row[1]) < 3 or not all(map(_column_name, row[1])):
        return []
    return row[0]


def _column_name(cell: str) -> bool:
    name = cell.strip().strip('"')
    return 0 < len(name) <= 30 and len(name.split()) <= 3 and not any(
        ch.isdigit() or ch == ":" for ch in name
    )


def _marked_row(
    page: Page, line_start: int, line_end: int, start: int
) -> tuple[list[int], list[str]] | None:
    """The cell marks of a row of a table with pipes, semicolons or commas under a header
    and the header's names, if the line is such a row and the header names the column
    of ``start``."""
    text = page.text
    for mark in ("|", ";", ","):
        if mark not in text[line_start:line_end]:
            continue
        cuts = page.cuts(mark, line_start, line_end)
        if not cuts:
            continue
        column = bisect.bisect_left(cuts, start)
        top = page.top(mark, line_start)
        header = _header_line(page, top, line_start, mark)
        if header is None or _prose(text[header[0] : header[1]], mark):
            continue  # (a sentence or a greeting over a line: "Hi team," "as follows:")
        bounds = [header[0] - 1, *page.cuts(mark, *header), header[1]]
        names = [text[a + 1 : b] for a, b in itertools.pairwise(bounds)]
        if column >= len(names) or sum(ch.isdigit() for ch in names[column]) > 2:
            continue
        if len(cuts) == 1 and any(len(name.split()) > 4 for name in names):
            continue  # one mark a line: a header's cells are names, not sentences
        return cuts, names
    return None


def _prose(line: str, mark: str) -> bool:
    """A line over others that is no table's header: a sentence (its last cell of two
    words or more ends with ".", "!", "?" or ":" after a word of four letters or more:
    "Hi Anna; quick note.", not "Passport No.") or a greeting ("Hi team,": one cell and
    the mark)."""
    stripped = line.rstrip()
    if stripped.endswith(mark) and stripped.count(mark) == 1:
        return True
    last = stripped.rsplit(mark, 1)[-1].split()
    return (
        len(last) >= 2
        and last[-1][-1:] in _SENTENCE_ENDS
        and len(last[-1].rstrip(".!?:")) >= 4
    )


def _header_line(page: Page, top: int, line_start: int, mark: str) -> tuple[int, int] | None:
    """The header of the table whose block starts at ``top``: its first line that is no
    rule line, above the row at ``line_start``."""
    line = page.line(top)
    while line[0] < line_start:
        if not (mark == "|" and _RULE.fullmatch(page.text, line[0], line[1])):
            return line
        line = page.line(line[1] + 1)
    return None


def _gap_header(page: Page, top: int, line_start: int, start: int) -> Verdict:
    """The header of the value's column in a table whose cells tabs or runs of blanks
    separate (a sheet pasted as TSV, a fixed-width listing): the first row of the block
    of rows holding gaps (``top``), when it has a cell for the column."""
    gaps = page.gaps
    column = bisect.bisect_left(gaps, start) - bisect.bisect_left(gaps, line_start)
    header = page.line(top)
    low = bisect.bisect_left(gaps, header[0])
    high = bisect.bisect_left(gaps, header[1])
    cuts = [header[0] - 1, *gaps[low:high], header[1]]
    if column + 1 >= len(cuts):
        return None
    cell = page.text[cuts[column] + 1 : cuts[column + 1]]
    if sum(ch.isdigit() for ch in cell) > 2 or len(cell.split()) > 4:
        return None
    return _header(cell)


def _header(cell: str) -> Verdict:
    """What a column's header names: a field's name, read as a schema's member names
    are ("id", "phone", "date_of_birth", "Passport number"), its head before a
    preposition first ("SSN on file"), every kind of a list ("SSN/ITIN"); remarks in
    brackets left out."""
    cell = re.sub(r"\([^()]*\)|\[[^\[\]]*\]", " ", cell)
    if "/" in cell:
        named = [_header_words(part) for part in cell.split("/")]
        kinds = [verdict for verdict in named if isinstance(verdict, frozenset)]
        if kinds:
            return frozenset().union(*kinds)
        return next((verdict for verdict in named if verdict is not None), None)
    return _header_words(cell)


def _header_words(cell: str) -> Verdict:
    found = tokens(cell)
    words = [token for token in found if _is_word(token)]
    cut = _head_end(words)
    head = member_names(words[:cut])
    return head if head is not None else member_names(words[cut:])


def label_above(page: Page, line_start: int) -> Verdict:
    """The label on a line above a value that starts its line: up past the value's list
    siblings (lines that hold a value and no word before it) to a label line ending in
    ``:`` or ``=`` (a YAML key over its items), or a short line of words (a heading).
    Each line is read once per page: a list's items share their label."""
    memo = page.labels_above
    passed: list[int] = []
    verdict: Verdict = None
    up = page.above(line_start)
    while up is not None:
        if up[0] in memo:
            verdict = memo[up[0]]
            break
        row = page.text[up[0] : up[1]].strip()
        if not row:
            passed.append(up[0])
            up = page.above(up[0])
            continue
        segment, _ = page.masked(up[0], up[1])
        found = tokens(segment)
        if "\x00" in found and not any(_is_word(t) for t in found[: found.index("\x00")]):
            passed.append(up[0])  # a sibling: another value alone on its line
            up = page.above(up[0])
            continue
        words = [token for token in found if _is_word(token)]
        heading = (row.endswith((":", "=")) and len(words) <= _LABEL_WORDS) or (
            0 < len(words) <= 4 and "0" not in found
        )
        if heading and not (len(words) == 1 and words[0] in SIGNATURE_LETTERS):
            verdict = label(found[-_LABEL_WORDS * 2 :])
        break
    for line in passed:
        memo[line] = verdict
    return verdict


def answer_to_question(
    page: Page, line: tuple[int, int], start: int, end: int, shapes: frozenset[str]
) -> Verdict:
    """The kinds the question on the line above asks for that the value ``[start, end)``
    may be, when it is the answer on its ``line`` (start, end): a dialogue or a
    transcript ("Agent: Can you confirm your date of birth and postcode?" over
    "[00:00:18] Caller: 7th January 1994, …", "Wie lautet Ihre Passnummer?" over
    "Kunde: ja, C01X00T47").

    The line before (past a blank line or two) ends with ``?`` or is a request
    ("… your ID number please."), and only its last sentence counts (the question);
    before the value on its own line stand at most a time stamp, a speaker's name and
    its colon (a name that names no kind and no other thing: not "Created:", "Last
    login:"; a party, "Kunde:", is a speaker here), and a few words that name nothing
    (``sure, it's``): no number, mark or other value; and the value ends its clause (the
    line's end, a comma, a full stop, "and"): not "A: 123456789 is not accepted".  The
    speaker's word never types the value ("Caller:" is no phone label here); one naming
    another thing in the answer ("my order number is") gives no verdict.
    """
    line_start, line_end = line
    if start - line_start > _ANSWER_REACH:
        return None
    question = _question_above(page, line_start)
    if (
        not question
        or not (end >= line_end or _CLAUSE_END.match(page.text, end, line_end))
        or _CLOCK_AFTER.match(page.text, end, line_end)  # a time stamp's date, no answer
    ):
        return None
    prefix = _SPEAKER_TURN.match(page.text, line_start, start)
    assert prefix is not None  # (every part of it is optional)
    speaker = (prefix.group(1) or "").lower()
    if speaker:
        named = [t for t in tokens(speaker) if _is_word(t)]
        if any(t in OTHER_KINDS or (classify(t) is not None and t not in _PARTIES) for t in named):
            return None  # a field's label ("Created:", "Last login:"), not a speaker
    found = tokens(page.text[prefix.end() : start])
    words = [t for t in found if _is_word(t)]
    if (
        len(words) > _ANSWER_WORDS
        or not all(_is_word(t) or t == "," for t in found)
        or any(_named_at(words, at)[0] is not None for at in range(len(words)))
    ):
        return None  # (a number, another value, a bracket, a word naming something)
    kinds = _kinds([t for t in tokens(question) if _is_word(t)])
    asked = frozenset().union(*kinds) & shapes if kinds else frozenset()
    return asked or None


def _question_above(page: Page, line_start: int) -> str:
    """The last sentence of the line above ``line_start`` (past a blank line or two),
    if that line ends with a question mark (closing quotes and brackets after it
    allowed) or is a request ("… your ID number on file please."), else ""."""
    up = page.above(line_start)
    for _ in range(3):
        if up is None:
            return ""
        line = page.text[max(up[0], up[1] - _READ_BACK) : up[1]].rstrip()
        if line:
            break
        up = page.above(up[0])
    else:
        return ""
    line = line.rstrip("\"'\u201d)]")
    asks = line.endswith("?")
    if not (asks or (line.endswith((".", "!")) and _REQUEST.search(line))):
        return ""
    # the question: after the last sentence's end before its mark (a mark, a space and
    # a capital: "passport no.?" is one sentence)
    ends = [found.end() for found in _SENTENCE_END.finditer(line, 0, len(line) - 1)]
    question = line[ends[-1] :] if ends else line
    if not asks and _FIRST_PERSON.match(question):
        return ""  # "I will renew my passport please." says, not asks
    return question


def near_contact(page: Page, line_start: int, line_end: int) -> bool:
    """An entry found an e-mail address, phone number or postal address within two
    lines of the line ``[line_start, line_end)``."""
    low, high = line_start, line_end
    for _ in range(2):
        up = page.above(low)
        if up is not None:
            low = up[0]
        down = page.below(high)
        if down is not None:
            high = down[1]
    low, high = max(low, line_start - _READ_BACK), min(high, line_end + _READ_BACK)
    spans = page.spans
    first = bisect.bisect_left(spans, low, key=_end)
    for span in spans[first:]:
        if span.start >= high:
            break
        if span.label in _CONTACT_LABELS and not line_start <= span.start < line_end:
            return True
    return False


def _end(span: Span) -> int:
    return span.end

