"""Pattern source for a stream window: end-sensitive assertions made visible, start tests.

Two rewrites of an output pattern's ``regex`` source, both exact on a whole string:

* :func:`settleable_source` turns assertions that look at the end without consuming it
  (``\\b``, ``\\B``, ``\\Z``, ``^``, ``$``) into equivalent look-arounds that do consume,
  so a ``partial=True`` probe sees that more text could change them;
* :func:`starter_source` drops leading look-behinds, giving a pattern that can begin
  wherever the original can, for the one- and two-character start test.
"""

from __future__ import annotations

from typing import Final

import regex

__all__ = ["FLAGS", "settleable_source", "starter_source"]

# Every output pattern is compiled with VERSION1 (nested sets, scoped inline flags), the
# same dialect the built-in entity library is written in.
FLAGS: Final = regex.VERSION1

_WORD_BOUNDARY: Final = r"(?:(?<=\w)(?!\w)|(?<!\w)(?=\w))"
_NOT_WORD_BOUNDARY: Final = r"(?:(?<=\w)(?=\w)|(?<!\w)(?!\w))"
_TEXT_END: Final = r"(?![\s\S])"
_TEXT_START: Final = r"(?<![\s\S])"
_MULTILINE_FLAG: Final = regex.compile(r"\(\?[a-zA-Z]*m")


def settleable_source(source: str) -> str:
    """``source`` with end-sensitive zero-width assertions made visible to probes.

    Rewrites ``\\b``, ``\\B``, ``\\Z``, ``\\z``, ``\\A``, ``^`` and ``$`` outside character
    classes into consuming look-arounds with the same meaning on a whole string.  Escapes
    and (nested) character classes are copied unchanged.
    """
    multiline = _MULTILINE_FLAG.search(source) is not None
    out: list[str] = []
    depth = 0  # character-class nesting (VERSION1 sets nest)
    i, n = 0, len(source)
    while i < n:
        char = source[i]
        if char == "\\" and i + 1 < n:
            escaped = source[i + 1]
            if depth == 0 and escaped == "b":
                out.append(_WORD_BOUNDARY)
            elif depth == 0 and escaped == "B":
                out.append(_NOT_WORD_BOUNDARY)
            elif depth == 0 and escaped in "Zz":
                out.append(_TEXT_END)
            elif depth == 0 and escaped == "A":
                out.append(_TEXT_START)
            else:
                out.append(source[i : i + 2])
            i += 2
            continue
        if char == "[":
            depth += 1
            out.append(char)
            i += 1
            # A "]" right after "[" or "[^" is a literal member, not the end of the set.
            if i < n and source[i] == "^":
                out.append("^")
                i += 1
            if i < n and source[i] == "]":
                out.append("]")
                i += 1
            continue
        if char == "]" and depth > 0:
            depth -= 1
        elif depth == 0 and char == "^":
            out.append(r"(?<![^\n])" if multiline else _TEXT_START)
            i += 1
            continue
        elif depth == 0 and char == "$":
            out.append(r"(?![^\n])" if multiline else r"(?=\n?(?![\s\S]))")
            i += 1
            continue
        out.append(char)
        i += 1
    return "".join(out)


def _group_end(source: str, start: int) -> int:
    """Index just past the group opened at ``source[start]`` (escapes, classes aware)."""
    depth = 0
    in_class = 0
    i = start
    while i < len(source):
        char = source[i]
        if char == "\\":
            i += 2
            continue
        if in_class:
            if char == "[":
                in_class += 1
            elif char == "]":
                in_class -= 1
        elif char == "[":
            in_class = 1
            if source.startswith("^", i + 1):
                i += 1
            if source.startswith("]", i + 1):
                i += 1
        elif char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    raise ValueError("unbalanced group")


def starter_source(settled: str) -> str | None:
    """A pattern that can begin wherever ``settled`` can, judged on a short string.

    Leading look-behinds only narrow where a match may begin, so without them the
    pattern begins (matches or runs into the end) at a superset of positions.  Tried
    with ``partial=True`` on the one or two characters at a position, it tells whether
    a match can begin there at all: every path consumes them first or runs into the
    end of the short string (open, so accepted).  None when that test would not be
    sound: a positive look-behind later in the pattern (it fails without context) or
    an unparsable start.
    """
    rest = settled
    try:
        while rest.startswith(("(?<!", "(?<=")):
            rest = rest[_group_end(rest, 0) :]
    except ValueError:
        return None
    if "(?<=" in rest or not rest:
        return None
    return f"(?:{rest})(*PRUNE)(*FAIL)"
