"""Known raw values (literals) over a stream window, with an Aho-Corasick automaton.

A literal matches where the reply's view equals it after
:func:`pipelines.egress.window.caseless` on both sides: the canonical fold of the
lower-cased text (:mod:`pipelines.canon`), so ``SARAH CHEN``, ``Sarah\nChen``,
``Sarah  Chen``, ``Sa\u200brah Chen``, ``Ｓａｒａｈ Ｃｈｅｎ`` and ``Sаrah Chen`` with a
Cyrillic ``а`` are all found for ``Sarah Chen``.  It matches only at word edges of the
view: not where a word character (:func:`pipelines.textrules.is_word_char`) sits on both
sides of its start or of its end, so ``Ann`` is not found in ``Annual``.  Characters of
scripts written without spaces (Han, kana, Thai, ...) are not word characters for this
rule, so a name inside Chinese text is still found.  At one position the longest literal
wins.

``regex`` named lists (``\\L<name>``) were measured first and rejected: with 10^5 values
and case folding, one search over 12 characters took milliseconds.  pyahocorasick finds
complete occurrences in one C pass, and ``Automaton.match`` tells whether the open tail
of the window is still the prefix of some value.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import final

import ahocorasick

from pipelines.egress.window import caseless
from pipelines.textrules import is_word_char

__all__ = ["LiteralScanner", "caseless", "is_word_char"]


@final
class LiteralScanner:
    """Finds known values in a window; built once per literal list, shared read-only.

    ``rank`` orders this list against other matchers on equally long candidates.
    """

    __slots__ = ("_automaton", "_max_length", "_words", "rank", "size")

    def __init__(self, values: Iterable[tuple[str, str]], rank: int) -> None:
        self.rank = rank
        # character -> is_word_char, filled lazily (a dict write is atomic; bounded by
        # the characters seen, at most Unicode's)
        self._words: dict[str, bool] = {}
        automaton = ahocorasick.Automaton()
        longest = 0
        size = 0
        for value, label in values:
            key = caseless(value)
            if not key.strip() or automaton.exists(key):
                continue  # blank, or a case variant of a value already listed: first wins
            automaton.add_word(key, (len(key), label, is_word_char(key[0]), is_word_char(key[-1])))
            longest = max(longest, len(key))
            size += 1
        self.size = size
        self._max_length = longest
        if size:
            automaton.make_automaton()
        self._automaton = automaton

    def __bool__(self) -> bool:
        return self.size > 0

    def _word(self, char: str) -> bool:
        known = self._words.get(char)
        if known is None:
            known = self._words[char] = is_word_char(char)
        return known

    def scan(self, text: str, low: str, pos: int, final: bool) -> tuple[int, bool]:
        """The leftmost position ``>= pos`` where a literal matches or may still match.

        ``text`` is the view, ``low`` :func:`caseless` of it.  Returns ``(len(text),
        False)`` when none.  The flag is True when the result there is still open (more
        text could change it).
        """
        end = len(text)
        best, open_ = end, False
        longest = self._max_length
        for last, (length, _label, word_first, word_last) in self._automaton.iter(low, pos):
            start = last - length + 1
            if last - longest + 1 > best:
                break  # later occurrences all start after the best one
            if start > best or (start == best and open_):
                continue
            if word_first and start > 0 and self._word(text[start - 1]):
                continue
            stop = last + 1
            if word_last and stop < end and self._word(text[stop]):
                continue
            best, open_ = start, (word_last and stop == end and not final)
        if final:
            return best, open_
        # A tail that is still the prefix of a longer value keeps its start open.
        automaton = self._automaton
        for start in range(max(pos, end - longest + 1), min(best + 1, end)):
            if start > 0 and self._word(text[start - 1]) and self._word(text[start]):
                continue
            if automaton.match(low[start:]):
                return start, True
        return best, open_

    def matches_at(self, text: str, low: str, pos: int) -> list[tuple[int, str]]:
        """Every literal matching at ``pos`` (decided there): ``(end, label)`` pairs."""
        end = len(text)
        found: list[tuple[int, str]] = []
        for last, (length, label, word_first, word_last) in self._automaton.iter(
            low, pos, min(end, pos + self._max_length)
        ):
            if last - length + 1 != pos:
                continue
            if word_first and pos > 0 and self._word(text[pos - 1]):
                continue
            if word_last and last + 1 < end and self._word(text[last + 1]):
                continue
            found.append((last + 1, label))
        return found

    def open_label(self, low: str, pos: int) -> str | None:
        """A label of a value the open tail at ``pos`` may still become."""
        for _key, (_length, label, _first, _last) in self._automaton.items(low[pos:]):
            return str(label)
        return None
