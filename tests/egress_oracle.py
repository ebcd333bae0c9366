"""An independent whole-string egress oracle, written from the definition alone.

It shares no code with :mod:`pipelines.egress` or :mod:`pipelines.canon`: it folds the
whole text with its own implementation of the canonical fold's rules (for the
characters the tests write; :data:`CONFUSABLE` is its own table, each entry checked
against Unicode's confusables data), then at every view position tries every issued
placeholder, every literal and every output pattern by brute force (the patterns in
their original source, not the filter's rewritten ones), with its own echo matcher,
case folding, word-character test and JSON codec, and maps each replacement back to
the raw span it came from.  The stream filter's one-chunk output is checked against it;
every chunking is checked against the one-chunk output.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

import regex

from pipelines.egress import OutputPattern

_WORD_CATEGORIES = frozenset({"Lu", "Ll", "Lt", "Lm", "Lo", "Mn", "Mc", "Me", "Nd", "Nl", "Pc"})
_NOSPACE_NAMES = (
    "CJK UNIFIED",
    "CJK COMPATIBILITY IDEOGRAPH",
    "HIRAGANA",
    "KATAKANA",
    "HANGUL",
    "THAI",
    "LAO",
    "KHMER",
    "MYANMAR",
)


def word_char(char: str) -> bool:
    """A word character of a spaced script, by Unicode category and character name."""
    if unicodedata.category(char) not in _WORD_CATEGORIES:
        return False
    return not unicodedata.name(char, "").startswith(_NOSPACE_NAMES)


# Letters the tests write that Unicode's confusables data lists as confusable with one
# ASCII letter (``tests/unit/pipelines/test_egress_fold.py`` checks each against it).
CONFUSABLE = {
    "σ": "o", "ο": "o", "ι": "i", "ı": "i", "ν": "v", "Ν": "N", "Ζ": "Z", "Α": "A",
    "Ο": "O", "Κ": "K", "а": "a", "е": "e", "о": "o", "р": "p", "с": "c", "х": "x",
    "А": "A", "В": "B", "Е": "E",
}
# One letter, spelled with two where it is not at hand (German sharp s).
_SPELLED = {"\u00df": "ss", "\u1e9e": "SS"}
_MINUS = "\u2212\u02d7\u2796\ufe63\uff0d"
# Default-ignorable characters outside Cf the tests write (variation selectors, CGJ).
_IGNORABLE = frozenset("\ufe0e\ufe0f\u034f\u180b")
_MARK_STRIPPING_SCRIPTS = ("LATIN", "GREEK", "CYRILLIC")


def _removed(char: str) -> bool:
    """Format and control characters and other default-ignorables: they fold to nothing."""
    if char.isspace():
        return False
    return unicodedata.category(char) in ("Cf", "Cc") or char in _IGNORABLE


def _mark(char: str) -> bool:
    return unicodedata.category(char) in ("Mn", "Me") and char not in _IGNORABLE


def _strips_marks(base: str) -> bool:
    """Marks after ``base`` (as it folds) are noise: a Latin, Greek or Cyrillic letter,
    or anything that is not a letter."""
    if not base.isalpha():
        return True
    return unicodedata.name(base, "").startswith(_MARK_STRIPPING_SCRIPTS)


def _fold_other(char: str) -> str:
    """One character that is not whitespace, invisible or a mark, folded."""
    out: list[str] = []
    for part in unicodedata.normalize("NFKC", char):
        if part.isspace():
            out.append(" ")
        elif part in _SPELLED:
            out.extend(_SPELLED[part])
        elif part in _MINUS or unicodedata.category(part) == "Pd":
            out.append("-")
        elif part.isascii():
            out.append(part)
        elif unicodedata.category(part) == "Nd":
            out.append(str(unicodedata.decimal(part)))
        elif _mark(part):
            out.append(part)
        else:
            parts = unicodedata.normalize("NFD", part)
            if len(parts) > 1 and _strips_marks(parts[0]):
                part = unicodedata.normalize("NFC", "".join(p for p in parts if not _mark(p)))
            out.extend(CONFUSABLE.get(p, p) for p in part)
    # Marks NFKC produced (a compatibility form with an accent) follow the same rule.
    kept: list[str] = []
    for part in out:
        if _mark(part) and (not kept or _strips_marks(kept[-1])):
            continue
        kept.append(part)
    return "".join(kept)


def fold_units(text: str) -> list[tuple[int, int, str]]:
    """The canonical fold of ``text`` as units ``(raw_start, raw_end, folded)`` covering
    it in order: a whitespace run (with what is invisible inside it) is one space,
    invisible characters and noise marks fold to nothing, dashes to ``-``, every other
    character to its NFKC form with digits, diacritics and confusables folded."""
    units: list[tuple[int, int, str]] = []
    i = 0
    base = ""
    while i < len(text):
        char = text[i]
        if char.isspace():
            j = last = i
            while j + 1 < len(text) and (
                text[j + 1].isspace() or _removed(text[j + 1]) or _mark(text[j + 1])
            ):
                j += 1
                if text[j].isspace():
                    last = j
            units.append((i, last + 1, " "))
            i = last + 1
            base = " "
            continue
        if _removed(char):
            units.append((i, i + 1, ""))
        elif _mark(char):
            units.append((i, i + 1, "" if _strips_marks(base) else char))
        else:
            folded = _fold_other(char)
            units.append((i, i + 1, folded))
            base = folded[-1:] or base
        i += 1
    return units


def lower(text: str) -> str:
    """Simple lower case one character for one: ``İ`` is ``i``, final sigma sigma."""
    out: list[str] = []
    for char in text:
        if char == "\u0130":
            out.append("i")
            continue
        low = char.lower()
        low = low if len(low) == 1 else char
        out.append("σ" if low == "ς" else low)
    return "".join(out)


def fold_text(text: str) -> str:
    """The view: every unit's folded form."""
    return "".join(folded for _start, _end, folded in fold_units(text))


def caseless(text: str) -> str:
    """What known values are compared by: the fold of the lower-cased text, lower-cased."""
    return lower(fold_text(lower(text)))


@dataclass(frozen=True)
class Oracle:
    """The whole-string egress semantics for one request (see pipelines/egress.py)."""

    patterns: Sequence[OutputPattern] = ()
    relink_map: Mapping[str, str] = field(default_factory=dict)
    vault_values: Mapping[str, str] = field(default_factory=dict)
    literals: Mapping[str, str] = field(default_factory=dict)
    relink: bool = True
    mask: str = "[REDACTED:{label}]"

    def run(self, text: str) -> tuple[str, int]:
        """``(output, length of the longest replaced candidate)`` for the whole text."""
        edits, longest = self.edits(text)
        out: list[str] = []
        pos = 0
        for start, stop, output, _is_mask in edits:
            out += [text[pos:start], output]
            pos = stop
        out.append(text[pos:])
        return "".join(out), longest

    def edits(self, text: str) -> tuple[list[tuple[int, int, str, bool]], int]:
        """The replacements of the whole text, ``(raw_start, raw_stop, output, is_mask)``
        each (a ``\\K`` match starts where it keeps), and the longest candidate's raw
        length.

        Candidates are found on the view; a view span's raw span runs from the raw
        character its first view character came from to the one its last came from (a
        whitespace run's first character, every other character itself): what folds to
        nothing before or after it stays as written.
        """
        units = fold_units(text)
        view_chars: list[str] = []
        unit_of: list[int] = []  # view character -> index of its unit
        for index, (_start, _end, folded) in enumerate(units):
            view_chars.extend(folded)
            unit_of.extend([index] * len(folded))
        view = "".join(view_chars)
        low = caseless(text)
        assert len(low) == len(view)

        def source(at: int) -> int:
            return units[unit_of[at]][0]

        def next_unit(at: int) -> int:
            """The view offset just past the unit of view character ``at``."""
            stop = at + 1
            while stop < len(view) and unit_of[stop] == unit_of[at]:
                stop += 1
            return stop

        view_edits = self._view_edits(view, low, next_unit)
        edits: list[tuple[int, int, str, bool]] = []
        longest = 0
        for start, replace_from, stop, output, is_mask in view_edits:
            raw_stop = source(stop - 1) + 1
            longest = max(longest, raw_stop - source(start))
            raw_from = source(replace_from) if replace_from < stop else raw_stop
            if is_mask or output != text[raw_from:raw_stop]:
                edits.append((raw_from, raw_stop, output, is_mask))
        return edits, longest

    def _view_edits(
        self, text: str, low: str, next_unit: Callable[[int], int]
    ) -> list[tuple[int, int, int, str, bool]]:
        """Candidates chosen on the view ``text`` (``low``: :func:`caseless` of the raw
        text, offset for offset): ``(start, replace_from, stop, output, is_mask)``; the
        scan goes on after the unit of a candidate's last character
        (``next_unit``)."""
        compiled = [(p, regex.compile(p.pattern, regex.VERSION1)) for p in self.patterns]
        literal_lists: list[tuple[int, list[tuple[str, str]]]] = []
        if not self.relink:
            vault = [(s, p[1 : p.rindex("_")]) for s, p in self.vault_values.items()]
            vault += [(v, p[1 : p.rindex("_")]) for p, v in self.relink_map.items()]
            literal_lists.append((1, vault))
        literal_lists.append((2, list(self.literals.items())))
        edits: list[tuple[int, int, int, str, bool]] = []
        pos = 0
        while pos < len(text):
            # (length, rank, replaced from, output, is_mask)
            best: tuple[int, int, int, str, bool] | None = None

            def offer(length: int, rank: int, start: int, output: str, is_mask: bool) -> None:
                nonlocal best
                if length <= 0:
                    return
                if best is None or length > best[0] or (length == best[0] and rank < best[1]):
                    best = (length, rank, start, output, is_mask)

            for placeholder, value in self.relink_map.items():
                length = echo_length(text, pos, placeholder)
                if length:
                    offer(length, 0, pos, value if self.relink else text[pos : pos + length], False)
            for rank, pairs in literal_lists:
                seen: set[str] = set()
                for value, label in pairs:
                    key = caseless(value)
                    if not key.strip() or key in seen:
                        continue
                    seen.add(key)
                    if literal_at(text, low, pos, key):
                        offer(len(key), rank, pos, self.mask.format(label=label), True)
            for index, (pattern, rx) in enumerate(compiled):
                match = rx.match(text, pos)
                if match is None or match.end() <= match.start():
                    continue
                if pattern.validator is not None and not pattern.validator(match.group()):
                    continue
                offer(
                    match.end() - pos,
                    3 + index,
                    match.start(),
                    self.mask.format(label=pattern.label),
                    True,
                )
            if best is None:
                pos += 1
                continue
            length, _rank, start, output, is_mask = best
            edits.append((pos, start, pos + length, output, is_mask))
            pos = next_unit(pos + length - 1)
        return edits

    def run_json(self, text: str) -> str:
        """The JSON-source semantics (pipelines/egress/jsonstream.py's docstring).

        Each string literal's content is decoded and filtered on its own; the text
        around the literals, each literal standing there as its two quotes, is filtered
        as one more text, its masks written as JSON strings; a literal whose opening
        quote a replacement covers goes with it.
        """
        view: list[str] = []
        contents: dict[int, str] = {}  # opening quote's view offset -> literal output
        ascii_seen = False
        for token in lex_json(text):
            if isinstance(token, str):
                view.append(token)
                continue
            raw, closed = token
            quote = sum(map(len, view))
            view.append('"' + ('"' if closed else ""))
            decoded, wide_escape = decode_json_string(raw)
            contents[quote] = encode(self.run(decoded)[0], ascii_seen)
            ascii_seen = ascii_seen or wide_escape
        whole = "".join(view)
        out: list[str] = []

        def copy(start: int, stop: int) -> None:
            for at in range(start, stop):
                out.append(whole[at])
                out.append(contents.get(at, ""))

        pos = 0
        for start, stop, output, is_mask in self.edits(whole)[0]:
            copy(pos, start)
            out.append('"' + encode(output, True) + '"' if is_mask else output)
            pos = stop
        copy(pos, len(whole))
        return "".join(out)


def lex_json(text: str) -> list[str | tuple[str, bool]]:
    """JSON source as runs outside string literals (``str``) and literals
    (``(raw content, closed)``); a literal runs from an unescaped quote to the next one,
    or to the end."""
    tokens: list[str | tuple[str, bool]] = []
    i = 0
    while i < len(text):
        if text[i] != '"':
            j = text.find('"', i)
            j = len(text) if j < 0 else j
            tokens.append(text[i:j])
            i = j
            continue
        j = i + 1
        while j < len(text) and text[j] != '"':
            j += 2 if text[j] == "\\" else 1
        tokens.append((text[i + 1 : min(j, len(text))], j < len(text)))
        i = j + 1
    return tokens


_UNESCAPE = {'"': '"', "\\": "\\", "/": "/", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}
_HEX_DIGITS = "0123456789abcdefABCDEF"


def decode_json_string(raw: str) -> tuple[str, bool]:
    """A literal's raw content decoded, and whether a ``\\u`` escape wrote a non-ASCII
    character.  Escapes JSON does not define are kept as written (``\\q``, ``\\u12``, a
    backslash cut off by the end); surrogate escapes pair when adjacent."""
    out: list[str] = []
    wide = False
    high = ""
    i = 0
    while i < len(raw):
        char = raw[i]
        if char == "\\" and i + 1 < len(raw) and raw[i + 1] == "u":
            digits = ""
            while len(digits) < 4 and i + 2 + len(digits) < len(raw):
                if raw[i + 2 + len(digits)] not in _HEX_DIGITS:
                    break
                digits += raw[i + 2 + len(digits)]
            if len(digits) < 4:
                out += [high, "\\u" + digits]
                high = ""
                i += 2 + len(digits)
                continue
            code = int(digits, 16)
            wide = wide or code >= 0x80
            i += 6
            if 0xDC00 <= code <= 0xDFFF and high:
                out.append(chr(0x10000 + ((ord(high) - 0xD800) << 10) + (code - 0xDC00)))
                high = ""
            elif 0xD800 <= code <= 0xDBFF:
                out.append(high)
                high = chr(code)
            else:
                out += [high, chr(code)]
                high = ""
            continue
        if char == "\\" and i + 1 < len(raw):
            escaped = raw[i + 1]
            out += [high, _UNESCAPE.get(escaped, "\\" + escaped)]
            i += 2
        else:
            out += [high, char]
            i += 1
        high = ""
    out.append(high)
    return "".join(out), wide


def echo_length(text: str, pos: int, placeholder: str) -> int:
    """Length of ``placeholder`` echoed at ``pos`` (escapes before []_ and any case), or 0.

    A backslash before ``[`` is an escape only when ``]`` has one too: otherwise it is
    the writer's own backslash (``C:\\Users\\[PERSON_1]``), not part of the echo."""
    i = pos
    opened_escaped = text.startswith("\\", pos)
    for char in placeholder:
        escaped = char in "[]_" and text.startswith("\\", i)
        if escaped:
            i += 1
        elif char == "]" and opened_escaped:
            return 0
        if i >= len(text):
            return 0
        got = text[i]
        if not got.isascii() or got.upper() != char:
            return 0
        i += 1
    return i - pos


def literal_at(text: str, low: str, pos: int, key: str) -> bool:
    """Whether ``key`` occurs in ``low`` at ``pos`` without splitting a word of the view
    ``text`` at either edge."""
    stop = pos + len(key)
    if stop > len(text) or low[pos:stop] != key:
        return False
    if pos > 0 and word_char(text[pos - 1]) and word_char(text[pos]):
        return False
    return not (stop < len(text) and word_char(text[stop - 1]) and word_char(text[stop]))


_SHORT = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b", "\f": "\\f"}


def encode(text: str, ascii_mode: bool) -> str:
    """JSON string content for ``text``, escaping as the filter is specified to."""
    parts: list[str] = []
    for char in text:
        code = ord(char)
        if char in _SHORT:
            parts.append(_SHORT[char])
        elif code < 0x20 or 0xD800 <= code <= 0xDFFF:
            parts.append(f"\\u{code:04x}")
        elif code >= 0x80 and ascii_mode:
            if code >= 0x10000:
                code -= 0x10000
                parts.append(f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}")
            else:
                parts.append(f"\\u{code:04x}")
        else:
            parts.append(char)
    return "".join(parts)
