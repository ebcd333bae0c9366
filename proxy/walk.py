"""The one interpreter of request specs: a parsed body in, its slots and checks out.

:func:`walk` reads a request body against an API's spec (:mod:`proxy.spec`) and returns
a :class:`Walk`: the text slots in the canonical order of docs/design.md C4 (members in the
order the spec's ``first`` and the body give them, arrays in order), and the checks —
values forwarded unchanged that the gateway must run through detectors first (signed
content).  The body is not changed; slots are written back by the caller.

Rules that hold at every position, so no spec has to repeat them:

* null carries nothing and is accepted anywhere;
* a value of a JSON type the node does not describe is free-form data (text all the
  way down), never skipped;
* a member an :class:`~proxy.spec.Obj` does not declare is free-form data, its key
  included when it does not look like a field name (``[a-z][a-z0-9_]*``);
* inside free-form data the member names above a string are its context (I1).
"""

from __future__ import annotations

import re
from collections.abc import MutableMapping, MutableSequence
from dataclasses import dataclass, field
from typing import Final, final

from proxy.slots import JSON, Context, Slot, walk_item
from proxy.spec import (
    ANY_STRING,
    FREE,
    Binary,
    Either,
    Free,
    Items,
    Lazy,
    Map,
    Node,
    Obj,
    Refuse,
    Tagged,
    Token,
)

__all__ = ["Check", "Walk", "field_name", "is_token", "walk"]

Path = tuple[str | int, ...]
Container = MutableMapping[str, JSON] | MutableSequence[JSON]

# Keys at the API's own positions that look like field names are structure; anything
# else there (an e-mail, a name with a space) is read as text.
_FIELD_NAME: Final = re.compile(r"[a-z][a-z0-9_]{0,63}")
# What a structural string looks like (a model, a type, an id, a tool name): one token.
_TOKEN: Final = re.compile(r"[A-Za-z0-9_.:/+=-]{1,1024}")


@final
@dataclass(frozen=True, slots=True)
class Check:
    """A value forwarded unchanged that must pass detectors: its text and where it is.

    ``field`` is the member's path (``messages[1].content[0].thinking``), for the
    refusal message; ``signed`` marks content the provider signed.
    """

    text: str
    field: str
    signed: bool = False


@final
@dataclass(slots=True)
class Walk:
    """What :func:`walk` found: text slots in canonical order, and checks."""

    slots: list[Slot] = field(default_factory=list)
    checks: list[Check] = field(default_factory=list)


def field_name(path: Path) -> str:
    """``("messages", 1, "content")`` as ``messages[1].content``."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else part
    return out or "the request body"


def walk(spec: Node, body: MutableMapping[str, JSON]) -> Walk:
    """Every string of ``body`` the upstream will see, sorted by ``spec``."""
    found = Walk()
    _Walker(found).node(spec, {"": body}, "", ())
    return found


def is_token(value: JSON) -> bool:
    """Whether ``value`` may be structure: a non-string scalar or a one-token string."""
    if isinstance(value, str):
        return _TOKEN.fullmatch(value) is not None
    return not isinstance(value, dict | list)


@final
class _Walker:
    __slots__ = ("_found",)

    def __init__(self, found: Walk) -> None:
        self._found = found

    def _free(self, holder: Container, key: str | int, context: Context) -> None:
        walk_item(holder, key, holder[key], self._found.slots, context)  # type: ignore[index]

    def node(self, node: Node, holder: Container, key: str | int, path: Path,
             context: Context = ()) -> None:
        """Walk ``holder[key]`` as ``node``."""
        value = holder[key]  # type: ignore[index]
        if value is None:
            return
        while isinstance(node, Lazy):
            node = node.target()
        if isinstance(node, Either):
            node = next((option for option in node.options if _fits(option, value)), FREE)
        if isinstance(node, Free | Refuse) or not _fits(node, value):
            self._free(holder, key, context)
        elif isinstance(node, Token):
            self._token(node, holder, key, path, context)
        elif isinstance(node, Binary):
            if node.url and not str(value).startswith("data:"):
                self._found.slots.append(Slot(holder, key, "text", context))
        elif isinstance(node, Obj):
            self._obj(node, value, path, context)  # type: ignore[arg-type]
        elif isinstance(node, Tagged):
            self._tagged(node, value, path, context)  # type: ignore[arg-type]
        elif isinstance(node, Items):
            for position in range(len(value)):  # type: ignore[arg-type]
                self.node(node.item, value, position, (*path, position), context)  # type: ignore[arg-type]
        elif isinstance(node, Map):
            self._map(node, value, path, context)  # type: ignore[arg-type]

    def _token(self, node: Token, holder: Container, key: str | int, path: Path,
               context: Context) -> None:
        value = holder[key]  # type: ignore[index]
        if node.signed and node.grammar is ANY_STRING and isinstance(value, str):
            self._found.checks.append(Check(value, field_name(path), signed=True))
        elif not is_token(value):
            self._free(holder, key, context)

    def _obj(self, node: Obj, value: MutableMapping[str, JSON], path: Path,
             context: Context, tag: str | None = None, tag_node: Node | None = None) -> None:
        names = [name for name in node.first if name in value]
        names += [name for name in value if name not in node.first]
        for name in names:
            if name == tag:
                if tag_node is not None:
                    self.node(tag_node, value, name, (*path, name), context)
                continue
            child = node.fields.get(name)
            if child is not None:
                self.node(child, value, name, (*path, name), context)
                continue
            if not _FIELD_NAME.fullmatch(name):
                self._found.slots.append(Slot(value, name, "key", context))
            self._free(value, name, (*context, name))

    def _tagged(self, node: Tagged, value: MutableMapping[str, JSON], path: Path,
                context: Context) -> None:
        if node.tag not in value:
            self._obj(node.missing or node.default, value, path, context)
            return
        tag = value[node.tag]
        case = node.cases.get(tag) if isinstance(tag, str) else None
        if case is not None:
            self._obj(case, value, path, context, node.tag)
        else:
            self._obj(node.default, value, path, context, node.tag, Token(node.open))

    def _map(self, node: Map, value: MutableMapping[str, JSON], path: Path,
             context: Context) -> None:
        for name in list(value):
            if isinstance(node.key, Free) or not is_token(name):
                self._found.slots.append(Slot(value, name, "key", context))
            self.node(node.value, value, name, (*path, name), context)


def _fits(node: Node, value: JSON) -> bool:
    """Whether ``value``'s JSON type is one ``node`` describes."""
    while isinstance(node, Lazy):
        node = node.target()
    if isinstance(node, Obj | Tagged | Map):
        return isinstance(value, dict)
    if isinstance(node, Items):
        return isinstance(value, list)
    if isinstance(node, Binary):
        return isinstance(value, str)
    if isinstance(node, Token):
        return not isinstance(value, dict | list)
    if isinstance(node, Either):
        return any(_fits(option, value) for option in node.options)
    return True
