"""Scanners behind :class:`pipelines.surface.SurfaceIndex`: literal keys and digit groups.

:class:`KeyScanner` finds literal keys (``str.find`` per key while few are new, an
Aho-Corasick automaton once there are more), optionally letting any run of whitespace
stand between a key's words.  :class:`GroupScanner` finds keys written as digit (or
letter-and-digit) groups joined by separators.  Both report candidates only; the index
applies boundaries, blocked intervals and the leftmost-longest rule.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence
from typing import Any, Final, final

import ahocorasick
import regex

__all__ = [
    "AUTOMATON_FROM",
    "Candidate",
    "Entry",
    "GroupScanner",
    "KeyScanner",
    "alnum_key",
    "digit_key",
    "national_keys",
]

# ASCII digits: the text scan is twice as fast as with \d; a value written in other
# digits (the vault keeps them apart from ASCII ones) is matched as text instead.
_DIGIT_CLASS: Final = "[0-9]"
_ALNUM_CLASS: Final = "[0-9A-Za-z]"
_DIGIT_GROUP: Final = re.compile(_DIGIT_CLASS + "+")
_ALNUM_GROUP: Final = re.compile(_ALNUM_CLASS + "+")
_ALNUM_CHAR: Final = re.compile(_ALNUM_CLASS)
# Between two groups of one number: one to three separator characters, each whitespace
# or one of "-./()" ("(415) 555-0132", "030/1234567", "4111 - 1111").
_GAP: Final = r"[\s\-./()]{1,3}"
_IS_GAP: Final = re.compile(_GAP)
# For scanning whole texts: the regex module scans a long non-ASCII text several times
# faster than re.
_DIGIT_SCAN: Final = regex.compile(_DIGIT_CLASS + "+")
_ALNUM_SCAN: Final = regex.compile(_ALNUM_CLASS + "+")
_NEXT_DIGITS: Final = regex.compile(f"{_GAP}({_DIGIT_CLASS}+)").match
_NEXT_ALNUM: Final = regex.compile(f"{_GAP}({_ALNUM_CLASS}+)").match
# A phone number's country code is one to three digits; its national number at least
# this many (the shortest national numbers in use have 5 to 7 digits).
_MIN_NATIONAL: Final = 6


# (surface form, placeholder, label, rank): rank 0 for the value's own key, 1 for a
# derived one (a phone number's national form), which yields to any rank-0 entry.
Entry = tuple[str, str, str, int]
# (start, end, entries sharing the key found there)
Candidate = tuple[int, int, list[Entry]]

# With fewer new keys than this, one ``str.find`` pass per key over the text is cheaper
# than (re)building an automaton; from this many on, the automaton is.
AUTOMATON_FROM: Final = 24


@final
class KeyScanner:
    """Literal keys found by ``str.find`` while few are new, by an automaton otherwise.

    With ``flexible`` a key's words may be separated by any run of whitespace: the
    first word is what is searched for, the others are followed from each hit.
    """

    __slots__ = ("automaton", "automaton_from", "entries", "flexible", "heads", "pending")

    def __init__(self, automaton_from: int, *, flexible: bool) -> None:
        self.automaton_from = automaton_from
        self.flexible = flexible
        self.entries: dict[str, list[Entry]] = {}
        # Searched literal (a key's first word, or the whole key) -> (key, other words).
        self.heads: dict[str, list[tuple[str, tuple[str, ...]]]] = {}
        self.automaton: Any = None
        # Heads added since the automaton was built: scanned with str.find.
        self.pending: list[str] = []

    def add(self, key: str, entry: Entry) -> None:
        entries = self.entries.get(key)
        if entries is not None:
            if entry not in entries:
                entries.append(entry)
            return
        self.entries[key] = [entry]
        words = key.split(" ") if self.flexible else [key]
        targets = self.heads.get(words[0])
        if targets is None:
            self.heads[words[0]] = targets = []
            self.pending.append(words[0])
        targets.append((key, tuple(words[1:])))

    def find(self, view: str) -> list[tuple[int, int, str]]:
        if len(self.pending) >= self.automaton_from:
            automaton = ahocorasick.Automaton()
            for head in self.heads:
                automaton.add_word(head, head)
            automaton.make_automaton()
            self.automaton = automaton
            self.pending = []
        hits: list[tuple[int, int, str]] = []
        if self.automaton is not None:
            for last, head in self.automaton.iter(view):
                hits.append((last - len(head) + 1, last + 1, head))
        for head in self.pending:
            at = view.find(head)
            while at != -1:
                hits.append((at, at + len(head), head))
                at = view.find(head, at + 1)
        found: list[tuple[int, int, str]] = []
        for start, end, head in hits:
            for key, rest in self.heads[head]:
                stop = _follow(view, end, rest) if rest else end
                if stop is not None:
                    found.append((start, stop, key))
        return found


def _follow(view: str, at: int, words: Sequence[str]) -> int | None:
    """Where ``words`` end if each follows a run of whitespace from ``at``, else None."""
    size = len(view)
    for word in words:
        if at >= size or not view[at].isspace():
            return None
        at += 1
        while at < size and view[at].isspace():
            at += 1
        if not view.startswith(word, at):
            return None
        at += len(word)
    return at


@final
class GroupScanner:
    """Keys that are digit (or letter-and-digit) groups joined by any separators.

    Digits: every digit group outside the blocked intervals may start an occurrence,
    so the scan runs only when some key's digits occur there at all (one C pass).
    Letters and digits (IBANs): an occurrence starts with the key's first two
    characters written together (the country code), found with ``str.find``.
    """

    __slots__ = ("entries", "group", "heads", "next_group", "ordered", "upper")

    def __init__(self, *, upper: bool) -> None:
        self.group, self.next_group = (
            (_ALNUM_SCAN, _NEXT_ALNUM) if upper else (_DIGIT_SCAN, _NEXT_DIGITS)
        )
        self.upper = upper
        self.entries: dict[str, list[Entry]] = {}
        # The keys in order: a run of groups is followed only while it starts one.
        self.ordered: list[str] = []
        self.heads: set[str] = set()

    def add(self, key: str, entry: Entry) -> None:
        entries = self.entries.get(key)
        if entries is None:
            self.entries[key] = [entry]
            bisect.insort(self.ordered, key)
        elif entry not in entries:
            entries.append(entry)
        if self.upper:
            self.heads.add(key[:2].lower())

    def find(self, text: str, folded: str, blocked: Sequence[tuple[int, int]]) -> list[Candidate]:
        """Candidates in ``text`` (``folded`` is its :func:`fold_case`)."""
        found: list[Candidate] = []
        starts = self._heads(text, folded) if self.upper else self._digit_starts(text, blocked)
        # A start inside a blocked interval (most often the detected value itself)
        # cannot give a kept occurrence: skip it before following its groups.
        cursor, count = 0, len(blocked)
        entries, ordered, upper, next_group = (
            self.entries,
            self.ordered,
            self.upper,
            self.next_group,
        )
        for start in starts:
            while cursor < count and blocked[cursor][1] <= start:
                cursor += 1
            if cursor < count and blocked[cursor][0] <= start:
                continue
            first = self.group.match(text, start)
            if first is None:
                continue
            first_end = end = first.end()
            joined = first.group()
            while True:
                if upper:
                    joined = joined.upper()
                at = bisect.bisect_left(ordered, joined)
                if at == len(ordered) or not ordered[at].startswith(joined):
                    break
                matched = entries.get(joined)
                if matched is not None:
                    found.append((_widen(text, start, first_end), end, matched))
                following = next_group(text, end)
                if following is None:
                    break
                joined += following.group(1)
                end = following.end()
        return found

    def _digit_starts(self, text: str, blocked: Sequence[tuple[int, int]]) -> list[int]:
        # Every occurrence's digits are a substring of the digits outside the blocked
        # intervals read in a row: when no key is, there is nothing to follow.
        outside = text
        if blocked:
            cuts = [0] + [edge for interval in blocked for edge in interval] + [len(text)]
            outside = "\x00".join(text[cuts[i] : cuts[i + 1]] for i in range(0, len(cuts), 2))
        digits = "".join(self.group.findall(outside))
        if not any(key in digits for key in self.entries):
            return []
        return [match.start() for match in self.group.finditer(text)]

    def _heads(self, text: str, folded: str) -> list[int]:
        starts: list[int] = []
        for head in self.heads:
            at = folded.find(head)
            while at != -1:
                if at == 0 or not _ALNUM_CHAR.match(text, at - 1):
                    starts.append(at)
                at = folded.find(head, at + 1)
        return sorted(starts)


def _widen(text: str, start: int, first_end: int) -> int:
    """Take in a leading ``+`` (``+1 415…``) or the ``(`` of ``(415) 555…``."""
    if start > 0:
        before = text[start - 1]
        if before == "+" or (before == "(" and text[first_end : first_end + 1] == ")"):
            return start - 1
    return start


def national_keys(surface: str, digits: str) -> tuple[str, ...]:
    """National forms of an international phone number, if its country code stands apart.

    ``+1 415 555 0132`` gives ``4155550132`` and ``04155550132``; ``+44 (0)20 7946 0958``
    gives ``2079460958`` and ``02079460958``.  Without a separator after the country
    code (``+14155550132``) it cannot be told apart from the number: none.
    """
    head = surface.lstrip()
    if head.startswith("+"):
        head = head[1:]
    elif head.startswith("00"):
        head = head[2:]
    else:
        return ()
    match = _DIGIT_GROUP.match(head)
    if match is None or len(match.group()) > 3 or match.end() == len(head):
        return ()
    if _IS_GAP.match(head, match.end()) is None:
        return ()
    national = digits[len(match.group()) :]
    if national.startswith("0"):
        national = national[1:]
    if len(national) < _MIN_NATIONAL:
        return ()
    return national, "0" + national


_NON_DIGIT: Final = re.compile(r"\D+")


def digit_key(surface: str) -> str:
    """The digits of ``surface`` as the vault normalises them; empty unless all ASCII.

    A value written with other digits (the vault keeps ``４`` apart from ``4``) is left
    to the text matcher rather than matched by its ASCII digits alone.
    """
    digits = _NON_DIGIT.sub("", surface)
    return digits if digits.isascii() else ""


def alnum_key(surface: str) -> str:
    """The ASCII letters and digits of ``surface``, upper case (the IBAN normalisation)."""
    return "".join(_ALNUM_GROUP.findall(surface)).upper()
