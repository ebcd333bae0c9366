"""JSON documents inside strings (tool-call arguments, tool results, pasted data).

A text is a JSON document when, after optional whitespace, it starts with ``{`` or
``[`` and the whole of it parses as strict JSON (no ``NaN``); anything else, however
much it looks like JSON, stays text.  :func:`json_tokens` then lists the document's
string tokens (member names and values) and its long integers, each with the key path
above it, so each can be read as a text of its own with that path as context.

:func:`decode_string` decodes one string token's body with a map back to it: every
escape (``\\u00fc``, ``\\"``, ``\\\\``, a surrogate pair) is one unit, so a placeholder
written in place of a decoded value replaces whole escapes and the document stays valid
JSON, byte for byte as it was everywhere else (its escaping style, separators, key order
and whitespace untouched).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Final, Literal, final

from pipelines.canon.offsets import IDENTITY, Edit, OffsetMap

__all__ = ["MIN_NUMBER_DIGITS", "JsonToken", "decode_string", "json_tokens"]

# Integers with at least this many digits are read as text (card, phone and account
# numbers); counts and limits are not (the same bound as the request walkers').
MIN_NUMBER_DIGITS: Final = 9
_TOKEN: Final = re.compile(
    r'"(?:[^"\\]|\\.)*"|-?[0-9]+(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?|[{}\[\]:,]|true|false|null|\s+'
)
_ESCAPE: Final = re.compile(
    r"\\u[dD][89abAB][0-9a-fA-F]{2}\\u[dD][c-fC-F][0-9a-fA-F]{2}|\\u[0-9A-Fa-f]{4}|\\.",
    re.DOTALL,
)
_SIMPLE: Final = {
    '"': '"', "\\": "\\", "/": "/", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"
}


def _no_constant(name: str) -> object:
    raise ValueError("not JSON")


@final
@dataclass(frozen=True, slots=True)
class JsonToken:
    """One string token (``start``/``end`` of its body, inside the quotes) or integer.

    ``kind`` is ``key`` (a member name), ``value`` (a string) or ``number``; ``path``
    the member names above it, outermost first (a key's path is its parents');
    ``container`` numbers the innermost object or array holding it (0 for the first
    opened, in document order), so that siblings can be told from namesakes in other
    objects of a list.
    """

    start: int
    end: int
    kind: Literal["key", "value", "number"]
    path: tuple[str, ...]
    container: int = 0


def json_tokens(text: str) -> list[JsonToken] | None:
    """The tokens of ``text`` if it is a JSON object or array document, else None."""
    head = text.lstrip()
    if not head or head[0] not in "{[":
        return None
    try:
        json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        return None
    tokens: list[JsonToken] = []
    # Each open container: [is_object, key of the member being read or None].
    stack: list[list[object]] = []
    numbers: list[int] = []  # (the number of each open container, innermost last)
    path: list[str] = []
    expect_key = False
    opened = 0
    for match in _TOKEN.finditer(text):
        token = match.group()
        first = token[0]
        if first.isspace():
            continue
        if first in "{[":
            stack.append([first == "{", None])
            numbers.append(opened)
            opened += 1
            expect_key = first == "{"
            continue
        if first in "}]":
            # The closed object's last member name leaves the path, and so does the
            # member of the parent whose value it was.
            closed = stack.pop()
            numbers.pop()
            if closed[0] and closed[1] is not None:
                path.pop()
            if stack and stack[-1][0] and stack[-1][1] is not None:
                path.pop()
                stack[-1][1] = None
            expect_key = False
            continue
        if first == ":":
            continue
        if first == ",":
            if stack and stack[-1][0]:
                if stack[-1][1] is not None:
                    path.pop()
                    stack[-1][1] = None
                expect_key = True
            continue
        container = numbers[-1] if numbers else 0  # (a document is a container)
        if first == '"':
            body = (match.start() + 1, match.end() - 1)
            if expect_key:
                tokens.append(JsonToken(*body, "key", tuple(path), container))
                name = json.loads(token)
                stack[-1][1] = name
                path.append(name)
                expect_key = False
            else:
                tokens.append(JsonToken(*body, "value", tuple(path), container))
            continue
        if first == "-" or first.isdigit():
            digits = token.lstrip("-")
            if digits.isdigit() and len(digits) >= MIN_NUMBER_DIGITS:
                tokens.append(
                    JsonToken(match.start(), match.end(), "number", tuple(path), container)
                )
    return tokens


def decode_string(body: str) -> tuple[str, OffsetMap]:
    """The decoded string of a JSON string token's ``body`` and the map back to it."""
    if "\\" not in body:
        return body, IDENTITY
    pieces: list[str] = []
    edits: list[Edit] = []
    cursor = 0
    view = 0
    for match in _ESCAPE.finditer(body):
        start, end = match.span()
        pieces.append(body[cursor:start])
        view += start - cursor
        escape = match.group()
        if escape[1] == "u":
            decoded = json.loads('"' + escape + '"')
        else:
            decoded = _SIMPLE.get(escape[1], escape[1])
        pieces.append(decoded)
        edits.append((view, start, len(decoded), end - start))
        view += len(decoded)
        cursor = end
    pieces.append(body[cursor:])
    return "".join(pieces), OffsetMap(edits)
