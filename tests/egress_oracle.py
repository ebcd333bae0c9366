"""An independent whole-string egress oracle, written from the definition alone.

It shares no code with :mod:`pipelines.egress`: at every scan position it tries every
issued placeholder, every literal and every output pattern by brute force (the
patterns in their original source, not the filter's rewritten ones), with its own
echo matcher, case folding, word-character test and JSON codec.  The stream filter's
one-chunk output is checked against it; every chunking is checked against the
one-chunk output.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence
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


_WIDE_MARKS = "＠．＿－＇"


def fold_char(char: str) -> str:
    """Simple lower case of one character, as pipelines.textrules defines the fold.

    ``İ`` is ``i``, final sigma is sigma, any whitespace is a space, and full-width
    letters, digits and ``＠．＿－＇`` are their ASCII forms.
    """
    if char.isspace():
        return " "
    if char == "\u0130":
        return "i"
    if ("\uff10" <= char <= "\uff5a" and char.isalnum()) or char in _WIDE_MARKS:
        char = chr(ord(char) - 0xFEE0)
    low = char.lower()
    if len(low) != 1:
        return char
    return "σ" if low == "ς" else low


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
        """The replacements of the whole text, ``(start, stop, output, is_mask)`` each
        (a ``\\K`` match starts where it keeps), and the longest candidate's length."""
        compiled = [(p, regex.compile(p.pattern, regex.VERSION1)) for p in self.patterns]
        literal_lists: list[tuple[int, list[tuple[str, str]]]] = []
        if not self.relink:
            vault = [(s, p[1 : p.rindex("_")]) for s, p in self.vault_values.items()]
            vault += [(v, p[1 : p.rindex("_")]) for p, v in self.relink_map.items()]
            literal_lists.append((1, vault))
        literal_lists.append((2, list(self.literals.items())))
        edits: list[tuple[int, int, str, bool]] = []
        longest = 0
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
                    key = "".join(fold_char(c) for c in value)
                    if not key.strip() or key in seen:
                        continue
                    seen.add(key)
                    if literal_at(text, pos, key):
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
            if is_mask or output != text[start : pos + length]:
                edits.append((start, pos + length, output, is_mask))
            longest = max(longest, length)
            pos += length
        return edits, longest

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
    """Length of ``placeholder`` echoed at ``pos`` (escapes before []_ and any case), or 0."""
    i = pos
    for char in placeholder:
        if char in "[]_" and text.startswith("\\", i):
            i += 1
        if i >= len(text):
            return 0
        got = text[i]
        if not got.isascii() or got.upper() != char:
            return 0
        i += 1
    return i - pos


def literal_at(text: str, pos: int, key: str) -> bool:
    """Whether folded ``key`` occurs at ``pos`` without splitting a word at either edge."""
    stop = pos + len(key)
    if stop > len(text):
        return False
    if any(fold_char(text[pos + k]) != key[k] for k in range(len(key))):
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
