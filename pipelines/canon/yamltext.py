"""YAML documents inside texts (config files, onboarding records, pasted manifests).

A text is a YAML document here when it parses (``yaml.compose``: no object is built,
no tag acted on) into a block mapping or sequence that holds a mapping inside it: a
pasted record such as ``employee:`` with indented ``home_address:`` / ``line1: …``
lines, or a list of records.  A flat run of ``Name: value`` lines is a form and a
label over a bulleted list is a note, which the label reader reads as such; prose is a
plain scalar and stays text.  :func:`yaml_scalars` lists the
document's scalar values with the key path above each, so each can be read as a text
of its own with that path as context, as a JSON document's strings are
(:mod:`pipelines.canon.jsontext`); the text itself is read as a whole as well.

Only scalars whose characters are the source's own are listed: plain scalars on one
line and quoted ones without an escape (the span inside the quotes).  A folded or
literal block, or a scalar over several lines, is left to the text's own view.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final, final

import yaml

__all__ = ["YamlScalar", "yaml_scalars"]

_LOADER: Final = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
# A text can hold a nested block collection only if some line ending with ":" (a key
# whose value follows) is followed by an indented line or a list item.
_NESTED: Final = re.compile(r":[ \t]*\r?\n(?:[ \t]+\S|-[ \t])")
_MAX_NODES: Final = 20_000  # larger documents are read as text only
_MAX_CHARS: Final = 1_000_000


@final
@dataclass(frozen=True, slots=True)
class YamlScalar:
    """A scalar's span in the text (its characters, inside any quotes), the member
    names above it, outermost first (an item of a sequence has its sequence's path), and
    the number of the collection holding it (in the order they are read), so that a
    mapping's members can be told from namesakes in other mappings of a list."""

    start: int
    end: int
    path: tuple[str, ...]
    container: int


def yaml_scalars(text: str) -> list[YamlScalar] | None:
    """The scalars of ``text`` if it is a nested YAML block document, else None."""
    if len(text) > _MAX_CHARS or _NESTED.search(text) is None:
        return None
    # (a byte-order mark is read but not counted in the parser's offsets)
    bom = 1 if text.startswith("\ufeff") else 0
    try:
        root = yaml.compose(text[bom:], Loader=_LOADER)
    except (yaml.YAMLError, ValueError, RecursionError):
        return None
    if not isinstance(root, yaml.CollectionNode) or root.flow_style:
        return None
    found: list[YamlScalar] = []
    nested = False
    seen: set[int] = set()
    stack: list[tuple[yaml.Node, tuple[str, ...], int]] = [(root, (), -1)]
    collections = 0
    while stack:
        node, path, holder = stack.pop()
        if id(node) in seen:  # an alias: its node was read where it was anchored
            continue
        seen.add(id(node))
        if len(seen) > _MAX_NODES:
            return None
        if isinstance(node, yaml.MappingNode):
            nested |= holder >= 0
            for key, value in reversed(node.value):
                name = key.value if isinstance(key, yaml.ScalarNode) else ""
                stack.append((value, (*path, name), collections))
            collections += 1
        elif isinstance(node, yaml.SequenceNode):
            stack.extend((item, path, collections) for item in reversed(node.value))
            collections += 1
        elif isinstance(node, yaml.ScalarNode) and path:
            span = _own_span(text, node, bom)
            if span is not None:
                found.append(YamlScalar(span[0], span[1], path, holder))
    return found if nested else None


def _own_span(text: str, node: yaml.ScalarNode, shift: int) -> tuple[int, int] | None:
    """Where the scalar's value is written character for character (past an anchor or
    a tag written before it: ``&home``, ``!!str``), else None."""
    start, end = node.start_mark.index + shift, node.end_mark.index + shift
    if node.style in ("'", '"'):
        end -= 1
        start = end - len(node.value)
        if text[start - 1 : start] != node.style:
            return None
    elif node.style:  # "|" or ">": a block
        return None
    else:
        start = max(start, end - len(node.value))
    if end <= start or text[start:end] != node.value:
        return None
    return start, end
