"""An independent whole-string egress oracle, written from the definition alone.

It shares no code with :mod:`pipelines.egress`: at every scan position it tries every
issued placeholder, every literal and every output pattern by brute force (the
patterns in their original source, not the filter's rewritten ones), with its own
echo matcher, case folding, word-character test and JSON codec.  The stream filter's
one-chunk output is checked against it; every chunking is checked against the
one-chunk output.
"""

from __future__ import annotations

import json
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
        compiled = [(p, regex.compile(p.pattern, regex.VERSION1)) for p in self.patterns]
        literal_lists: list[tuple[int, list[tuple[str, str]]]] = []
        if not self.relink:
            vault = [(s, p[1 : p.rindex("_")]) for s, p in self.vault_values.items()]
            vault += [(v, p[1 : p.rindex("_")]) for p, v in self.relink_map.items()]
            literal_lists.append((1, vault))
        literal_lists.append((2, list(self.literals.items())))
        out: list[str] = []
        longest = 0
        pos = 0
        while pos < len(text):
            best: tuple[int, int, str] | None = None  # (length, rank, output)

            def offer(length: int, rank: int, output: str) -> None:
                nonlocal best
                if length <= 0:
                    return
                if best is None or length > best[0] or (length == best[0] and rank < best[1]):
                    best = (length, rank, output)

            for placeholder, value in self.relink_map.items():
                length = echo_length(text, pos, placeholder)
                if length:
                    offer(length, 0, value if self.relink else text[pos : pos + length])
            for rank, pairs in literal_lists:
                seen: set[str] = set()
                for value, label in pairs:
                    key = "".join(fold_char(c) for c in value)
                    if not key.strip() or key in seen:
                        continue
                    seen.add(key)
                    if literal_at(text, pos, key):
                        offer(len(key), rank, self.mask.format(label=label))
            for index, (pattern, rx) in enumerate(compiled):
                match = rx.match(text, pos)
                if match is None or match.end() <= match.start():
                    continue
                if pattern.validator is not None and not pattern.validator(match.group()):
                    continue
                offer(
                    match.end() - pos,
                    3 + index,
                    text[pos : match.start()] + self.mask.format(label=pattern.label),
                )
            if best is None:
                out.append(text[pos])
                pos += 1
            else:
                out.append(best[2])
                longest = max(longest, best[0])
                pos += best[0]
        return "".join(out), longest

    def run_json(self, text: str) -> str:
        """The same semantics applied inside every string literal of JSON text."""
        out: list[str] = []
        ascii_seen = False
        for token in regex.finditer(r'"(?:[^"\\]|\\.)*"|[^"]+', text, regex.DOTALL):
            raw = token.group()
            if not raw.startswith('"'):
                out.append(raw)
                continue
            ascii_mode = ascii_seen
            for escape in regex.finditer(r"\\(u[0-9a-fA-F]{4}|.)", raw[1:-1], regex.DOTALL):
                if escape.group(1)[0] == "u" and int(escape.group(1)[1:], 16) >= 0x80:
                    ascii_seen = True
            value = json.loads(raw)
            out.append('"' + encode(self.run(value)[0], ascii_mode) + '"')
        return "".join(out)


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
