"""The one character fold: how a text is *spelled* is folded away, what it *says* stays.

:func:`fold` maps a text to its folded form plus an :class:`~pipelines.canon.offsets.
OffsetMap` back to it.  Letter case is kept (detectors need it: ``DE89`` vs ``de89``,
``eyJ``); :func:`fold_case` folds case on top where a comparison ignores it.  The rules,
each one a general Unicode property rather than a list of examples:

1. every run of whitespace (``str.isspace``: no-break, narrow no-break, thin, figure,
   ideographic spaces, tab, line breaks, ...) together with invisible characters inside
   it becomes one space ``" "``;
2. format characters (``Cf``: zero-width space and joiners, soft hyphen, word joiner,
   BOM, bidi controls, tags), other default-ignorable characters (variation selectors,
   Hangul fillers) and control characters (``Cc``, NUL included) are removed;
3. every dash (``Pd``: en and em dash, non-breaking hyphen U+2011, ...) and the minus
   signs (U+2212, U+02D7, U+2796, U+FE63, U+FF0D) become ``-``;
4. each character is NFKC-normalised on its own (full-width forms, mathematical
   letters, ligatures ``ﬁ`` -> ``fi``, superscripts), and ``ß``/``ẞ`` are written
   ``ss``/``SS``: a character that expands maps back to itself as one unit, so offsets
   stay exact; NFKC's composition *across* characters is not done (a base letter and a
   following mark are rule 6);
5. every decimal digit (``Nd``, any script) becomes its ASCII digit, and a non-ASCII
   letter that Unicode's confusables data (the ``confusable-homoglyphs`` package)
   lists as confusable with an ASCII letter or digit becomes that character (Cyrillic
   ``а`` -> ``a``, Greek ``Ο`` -> ``O``; of several the one of the same case, a letter
   before a digit);
6. combining marks (``Mn``, ``Me``): a letter of the Latin, Greek or Cyrillic script
   loses its diacritics (``é`` and ``e`` + U+0301 both become ``e``), and so does
   anything that is not a letter (a mark stacked on a digit or a space is noise); a
   letter of another script keeps them (Devanagari vowel signs, Thai tone marks, kana
   voicing spell the letter).  The base decides: a mark looks back at the last
   character that is not a mark.

The fold is idempotent and *chunk-independent* in the sense the egress filter needs:
rules 2-5 map each character on its own (:func:`fold_char`); rule 1 depends only on
whether the folded text so far ends with a space, and rule 6 only on the last base
character, both carried in a :class:`FoldState`, so ``fold(a + b)`` is
``fold(a)`` continued by ``fold_continue(b, state_after_a)``.

Plain ASCII prose without control characters or doubled whitespace is returned as is
with the identity map (one C scan); other text costs one scan per rule that applies.
"""

from __future__ import annotations

import functools
import json
import re
import unicodedata
from dataclasses import dataclass
from importlib import resources
from typing import Final, final

import regex

from pipelines.canon.offsets import IDENTITY, Edit, OffsetMap

__all__ = ["FoldState", "fold", "fold_case", "fold_char", "fold_continue", "fold_text"]

_DASHES: Final = frozenset("\u2212\u02d7\u2796\ufe63\uff0d")
# ASCII text that folds to itself: printable, single spaces.  Tab and line breaks
# become spaces one for one (a translate), runs and controls need the map.
_ASCII_SPACE: Final = "[\\t\\n\\x0b-\\r\\x1c-\\x1f {}]"
_ASCII_REMOVED: Final = "[\\x00-\\x08\\x0e-\\x1b\\x7f{}]"


def _build_scanner(spaces: str, removed: str) -> re.Pattern[str]:
    """Units: a whitespace run (with removed characters inside it), or removed ones."""
    space = _ASCII_SPACE.format(spaces)
    gone = _ASCII_REMOVED.format(removed)
    return re.compile(f"{space}(?:{space}|{gone})*{space}|{gone}+")


_ASCII_IRREGULAR: Final = _build_scanner("", "")
# Printable ASCII has no removed character: only runs of spaces are units.
_ASCII_RUNS: Final = re.compile("  +")
# Units the map must record in any text: whitespace runs (with what is invisible inside
# them), removed characters, combining marks.  Single whitespace characters fold one
# for one.
_IRREGULAR_CHAR: Final = regex.compile(r"[\s\p{Cc}\p{Cf}\p{DI}\p{Mn}\p{Me}]", regex.VERSION1)
# What a continued text may start with that looks back at the base before it.
_LEADING_MARKS: Final = regex.compile(r"[\p{Cc}\p{Cf}\p{DI}\p{Mn}\p{Me}]", regex.VERSION1)
_STRIP_SCRIPTS: Final = regex.compile(r"[\p{Latin}\p{Greek}\p{Cyrillic}]", regex.VERSION1)
_REMOVED: Final = regex.compile(r"[\p{Cc}\p{Cf}\p{DI}]", regex.VERSION1)
_MARK: Final = regex.compile(r"[\p{Mn}\p{Me}]", regex.VERSION1)
_ASCII_ALNUM: Final = re.compile(r"[0-9A-Za-z]")
_BYTES_ASCII: Final = bytes(range(128))


@functools.cache
def _confusables() -> dict[str, str]:
    """Non-ASCII character -> the ASCII letter or digit it is confusable with.

    Read once, on first use, from the ``confusable-homoglyphs`` package's copy of
    Unicode's confusables data (it lists, for every character, the characters it can
    be confused with).
    """
    data = json.loads(
        resources.files("confusable_homoglyphs").joinpath("confusables.json").read_text("utf-8")
    )
    def ascii_alnum(char: str) -> set[str]:
        return {
            entry["c"]
            for entry in data.get(char, ())
            if len(entry["c"]) == 1 and _ASCII_ALNUM.match(entry["c"])
        }

    table: dict[str, str] = {}
    for char in data:
        if len(char) != 1 or char.isascii() or not char.isalpha():
            continue
        direct = ascii_alnum(char)
        # The data lists look-alike pairs, so ``І`` is listed with ``l`` and ``1``; the
        # ASCII characters confusable with those (``I``) are candidates too.
        targets = direct.union(*(ascii_alnum(target) for target in direct))
        if not targets:
            continue
        table[char] = min(targets, key=lambda target: _preference(char, target))
    return table


def _preference(source: str, target: str) -> tuple[int, str]:
    """Order of candidate prototypes: same case first, letters before digits."""
    if target.isdigit():
        return (2 if source.isalpha() else 0, target)
    same_case = (source.isupper() and target.isupper()) or (source.islower() and target.islower())
    return (0 if same_case else 1, target)


def _keeps_marks(base: str) -> bool:
    """Whether combining marks after ``base`` spell the letter (see rule 6).

    The base is judged as it folds (a mathematical ``𝐀`` is a Latin ``A``).
    """
    if not base.isascii() and not _MARK.match(base):
        base = fold_char(base)[-1:] or base
    return base.isalpha() and _STRIP_SCRIPTS.match(base) is None


@functools.cache
def fold_char(char: str) -> str:
    """Rules 2-6 for one character that is not a combining mark (may be empty or longer).

    Whitespace becomes one space; a combining mark is returned unchanged (rule 6 is
    decided by :func:`fold` from the base before it).
    """
    if char.isspace():
        return " "
    if _REMOVED.match(char):
        return ""
    if _MARK.match(char):
        return char
    out: list[str] = []
    for part in unicodedata.normalize("NFKC", char):
        out.append(_fold_part(part))
    folded = "".join(out)
    if len(folded) > 1 or folded != char:
        # NFKC may give marks (a compatibility form with an accent): rule 6 on them.
        folded = _strip_marks(folded)
    return folded


# Spellings of one letter that differ in length: German sharp s is written ss where
# the letter is not at hand (Switzerland, capitals, ASCII keyboards).
_SPELLED: Final = {"\u00df": "ss", "\u1e9e": "SS"}


def _fold_part(part: str) -> str:
    if part.isspace():
        return " "
    spelled = _SPELLED.get(part)
    if spelled is not None:
        return spelled
    if part in _DASHES or unicodedata.category(part) == "Pd":
        return "-"
    if part.isascii():
        return part
    if unicodedata.category(part) == "Nd":
        return str(unicodedata.decimal(part))
    decomposed = unicodedata.normalize("NFD", part)
    if len(decomposed) > 1 and not _keeps_marks(decomposed[0]):
        part = "".join(ch for ch in decomposed if not _MARK.match(ch))
        part = unicodedata.normalize("NFC", part)
        if len(part) != 1:
            return "".join(_fold_part(ch) for ch in part)
    return _confusables().get(part, part)


def _strip_marks(text: str) -> str:
    out: list[str] = []
    base = ""
    for ch in text:
        if _MARK.match(ch):
            if _keeps_marks(base):
                out.append(ch)
            continue
        base = ch
        out.append(ch)
    return "".join(out)


@final
@dataclass(frozen=True, slots=True)
class FoldState:
    """What the fold of a text's end tells the fold of what follows it.

    ``space``: the folded text ends with a space (a whitespace run continues);
    ``base``: the last character that is not a combining mark (rule 6 looks back to it).
    """

    space: bool = False
    base: str = ""


START: Final = FoldState()


def _non_ascii(text: str) -> set[str]:
    rest = text.encode("utf-8", "surrogatepass").translate(None, _BYTES_ASCII)
    return set(rest.decode("utf-8", "surrogatepass"))


def fold(text: str) -> tuple[str, OffsetMap]:
    """``text`` folded (rules 1-6) and the map back to it."""
    folded, offsets, _ = fold_continue(text, START)
    return folded, offsets


def fold_text(text: str) -> str:
    """Only the folded text of :func:`fold`."""
    return fold_continue(text, START)[0]


def fold_continue(text: str, state: FoldState) -> tuple[str, OffsetMap, FoldState]:
    """Fold ``text`` as the continuation of a text whose fold ended in ``state``.

    ``fold(a + b)`` equals ``fold(a)`` followed by ``fold_continue(b, s)`` where ``s``
    is the state after ``a`` (offsets of the second part relative to ``b``).
    """
    if not text:
        return "", IDENTITY, state
    first = text[0]
    looks_back = (not first.isprintable() or not first.isascii()) and bool(
        _LEADING_MARKS.match(first)
    )
    if (state.space and (first.isspace() or looks_back)) or (state.base and looks_back):
        return _continued(text, state)
    folded, offsets = _fold(text)
    return folded, offsets, _state_after(folded, text, state)


def _continued(text: str, state: FoldState) -> tuple[str, OffsetMap, FoldState]:
    """Fold ``text`` after the character the state stands for, then cut that off.

    The whole fold of ``p + text`` is computed and ``p``'s own output removed, so the
    result is by construction what folding the concatenation gives.
    """
    lead = " " if state.space else state.base
    folded, offsets = _fold(lead + text)
    lead_out = len(fold_char(lead)) if not _MARK.match(lead) else 1
    edits: list[Edit] = []
    for view_start, raw_start, view_len, raw_len in offsets.edits:
        if raw_start == 0:
            # The unit holding the lead character (a whitespace run): its output
            # begins with the lead's own.
            edits.append((0, 0, max(0, view_len - lead_out), raw_len - 1))
        else:
            edits.append((view_start - lead_out, raw_start - 1, view_len, raw_len))
    result = folded[lead_out:]
    return result, OffsetMap(edits), _state_after(result, text, state)


def _fold(text: str) -> tuple[str, OffsetMap]:
    printable = text.isprintable()
    if text.isascii():
        if _ASCII_IRREGULAR.search(text) is None:
            return (text if printable else _ascii_spaces(text)), IDENTITY
        ones: dict[str, str] = {}
        scanner = _ASCII_RUNS if printable else _ASCII_IRREGULAR
    else:
        ones = {}
        special: list[str] = []
        for ch in _non_ascii(text):
            if _IRREGULAR_CHAR.match(ch):
                special.append(ch)
                if not _REMOVED.match(ch) and _MARK.match(ch):
                    continue
            folded_ch = fold_char(ch)
            if folded_ch != ch:
                ones[ch] = folded_ch
        scanner = _scanner(frozenset(special), printable)
    # Characters that fold to one other character are replaced in the whole text first
    # (same length, so offsets hold; one C scan per distinct character); the units
    # (runs, removed characters, marks, expansions) are found by one scan and laid out
    # over it.
    expanding = [ch for ch, value in ones.items() if len(value) > 1]
    replaced = text if printable else _ascii_spaces(text)
    for ch, value in ones.items():
        if len(value) == 1:
            replaced = replaced.replace(ch, value)
    units = _units(text, expanding, scanner)
    if not units:
        return replaced, IDENTITY
    pieces: list[str] = []
    edits: list[Edit] = []
    cursor = 0
    view = 0
    for raw_start, raw_end, out in units:
        if raw_start > cursor:
            pieces.append(replaced[cursor:raw_start])
            view += raw_start - cursor
        pieces.append(out)
        edits.append((view, raw_start, len(out), raw_end - raw_start))
        view += len(out)
        cursor = raw_end
    if cursor < len(text):
        pieces.append(replaced[cursor:])
    return "".join(pieces), OffsetMap(edits)


def _ascii_spaces(text: str) -> str:
    """ASCII whitespace other than the space, as spaces (C scans, mostly none)."""
    for ch in "\n\t\r\x0b\x0c\x1c\x1d\x1e\x1f":
        if ch in text:
            text = text.replace(ch, " ")
    return text


@functools.lru_cache(maxsize=256)
def _scanner(special: frozenset[str], printable: bool) -> re.Pattern[str]:
    """The unit scanner for a text whose non-ASCII whitespace, removed characters and
    marks are ``special`` (the standard ``re``, several times faster than a property
    class scan; compiled once per set, and most texts have none)."""
    if not special:
        return _ASCII_RUNS if printable else _ASCII_IRREGULAR
    spaces = "".join(re.escape(ch) for ch in sorted(special) if ch.isspace())
    others = "".join(re.escape(ch) for ch in sorted(special) if not ch.isspace())
    return _build_scanner(spaces, others)


def _units(
    text: str, expanding: list[str], scanner: re.Pattern[str]
) -> list[tuple[int, int, str]]:
    """``(raw_start, raw_end, folded)`` of every unit that is not one character for one."""
    units: list[tuple[int, int, str]] = []
    for match in scanner.finditer(text):
        start, end = match.span()
        run = match.group()
        if run[0].isspace():
            # A whitespace run and whatever invisible sits inside it: one space.
            units.append((start, end, " "))
        else:
            out = _marks_and_removed(text, start, run)
            if not out and start > 0 and _MARK.search(run):
                # Removed marks belong to the character they stand on: one unit, so
                # a span ending at that character covers its marks too.
                if units and units[-1][1] == start:
                    before = units.pop()
                    units.append((before[0], end, before[2]))
                else:
                    units.append((start - 1, end, fold_char(text[start - 1])))
                continue
            units.append((start, end, out))
    if expanding:
        for ch in expanding:
            value = fold_char(ch)
            at = text.find(ch)
            while at != -1:
                units.append((at, at + 1, value))
                at = text.find(ch, at + 1)
        units.sort(key=lambda unit: (unit[0], -unit[1]))
        # A letter that expands and carries removed marks is one unit (the longer).
        units = [unit for i, unit in enumerate(units) if i == 0 or unit[0] >= units[i - 1][1]]
    return units


def _marks_and_removed(text: str, start: int, run: str) -> str:
    """Fold a run of marks and removed characters (rule 2 and rule 6)."""
    keep = start > 0 and _keeps_marks(text[start - 1])
    return "".join(ch for ch in run if keep and _MARK.match(ch) and not _REMOVED.match(ch))


def _state_after(folded: str, raw: str, state: FoldState) -> FoldState:
    base = state.base
    for ch in reversed(raw):
        if not (_MARK.match(ch) or _REMOVED.match(ch)):
            base = ch
            break
    space = folded.endswith(" ") if folded else state.space
    return FoldState(space, base)


# -- case ---------------------------------------------------------------------------

_DOTTED_I: Final = "\u0130"
_FINAL_SIGMA: Final = "\u03c2"


def fold_case(folded: str) -> str:
    """Letter case folded one character for one (offsets stay valid).

    Simple lower case per character; ``İ`` becomes ``i`` and final ``ς`` becomes ``σ``
    (``str.lower`` chooses by context, which a chunk cut would change).  For comparing
    views (repeats, list names, egress literals) where case does not matter.
    """
    if folded.isascii():
        return folded.lower()
    if _DOTTED_I in folded:
        folded = folded.replace(_DOTTED_I, "I")
    lowered = folded.lower()
    if _FINAL_SIGMA in lowered:
        lowered = lowered.replace(_FINAL_SIGMA, "\u03c3")
    return lowered
