"""The one interpreter of request specs: a parsed body in, its slots and checks out.

:func:`walk` reads a request body against an API's spec (:mod:`proxy.spec`) and returns
a :class:`Walk`: the text slots in the canonical order of docs/design.md C4 (members in the
order the spec's ``first`` and the body give them, arrays in order), and the checks —
values forwarded unchanged that the gateway must run through detectors first
(structure and signed content).  A value that breaks its grammar raises
:class:`~pipelines.errors.RequestError` (400, naming the field, never the value).  The
body is not changed; slots are written back by the caller.

Rules that hold at every position, so no spec has to repeat them:

* null carries nothing and is accepted anywhere;
* a :class:`~proxy.spec.Token` value must match its grammar; one of a closed set is a
  constant of the spec (nothing to check), any other is a check, numbers included when
  their JSON text has 9+ digits (a card number sent as ``seed`` or as the digits of a
  ``temperature``);
* a value of a JSON type an :class:`~proxy.spec.Obj`, ``Items``, ``Map`` or ``Tagged``
  does not describe is free-form data (text all the way down), never skipped;
* a member an ``Obj`` does not declare is free-form data; its name is a check when it
  looks like a field name (``[a-z][a-z0-9_]*``) and a key slot otherwise;
* inside free-form data the member names above a string are its context (I1);
* field paths in messages name declared members and positions only: a key the client
  chose (a schema property) is written as its position (``properties[key #2]``).
"""

from __future__ import annotations

import re
from collections.abc import MutableMapping, MutableSequence
from dataclasses import dataclass, field
from typing import Final, NoReturn, final

from pipelines.errors import RequestError
from proxy.binary import is_data_url, read_payload
from proxy.slots import JSON, Context, Slot, long_number, walk_item
from proxy.spec import (
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

__all__ = ["Check", "Walk", "field_name", "walk"]


@final
class _Key(int):
    """The position of a client-chosen key in a field path (never the key itself)."""

    __slots__ = ()


Path = tuple[str | int, ...]
Container = MutableMapping[str, JSON] | MutableSequence[JSON]

# Undeclared member names that look like field names are checked, others are text.
_FIELD_NAME: Final = re.compile(r"[a-z][a-z0-9_]{0,63}")


@final
@dataclass(frozen=True, slots=True)
class Check:
    """A value forwarded unchanged that must pass detectors: its text and where it is.

    ``field`` names the member (``messages[1].tool_call_id``) for the refusal message;
    ``signed`` marks content the provider signed (thinking, encrypted reasoning): the
    refusal says it cannot be rewritten.  Every check runs through one path, the
    route's check detectors and the vault (:mod:`proxy.ingress`).
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
        if isinstance(part, _Key):
            out += f"[key #{int(part)}]"
        elif isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else part
    return out or "the request body"


def walk(spec: Node, body: MutableMapping[str, JSON]) -> Walk:
    """Every string of ``body`` the upstream will see, sorted by ``spec``."""
    found = Walk()
    _Walker(found).node(spec, {"": body}, "", ())
    return found


def _refuse(message: str) -> NoReturn:
    raise RequestError(400, "invalid_field", f"request refused: {message}")


@final
class _Walker:
    __slots__ = ("_found",)

    def __init__(self, found: Walk) -> None:
        self._found = found

    def node(self, node: Node, holder: Container, key: str | int, path: Path,
             context: Context = ()) -> None:
        """Walk ``holder[key]`` as ``node``."""
        value = holder[key]  # type: ignore[index]
        if value is None:
            return
        node = _select(node, value)
        if isinstance(node, Token):
            self._token(node, value, path)
        elif isinstance(node, Binary):
            self._binary(node, holder, key, path, context)
        elif isinstance(node, Refuse):
            _refuse(f"{field_name(path)} is not allowed here")
        elif isinstance(node, Free) or not _fits(node, value):
            walk_item(holder, key, value, self._found.slots, context)
        elif isinstance(node, Obj):
            self._obj(node, value, path, context)  # type: ignore[arg-type]
        elif isinstance(node, Tagged):
            self._tagged(node, value, path, context)  # type: ignore[arg-type]
        elif isinstance(node, Items):
            for position in range(len(value)):  # type: ignore[arg-type]
                self.node(node.item, value, position,  # type: ignore[arg-type]
                          (*path, position), context)
        elif isinstance(node, Map):
            self._map(node, value, path, context)  # type: ignore[arg-type]
        else:  # every node kind is handled above: a new one must not be skipped silently
            raise TypeError(f"no walk for {type(node).__name__}")

    def _token(self, node: Token, value: JSON, path: Path) -> None:
        grammar = node.grammar
        if not grammar.accepts(value):
            _refuse(f"{field_name(path)} is not {grammar.what}")
        if isinstance(value, str):
            if not (grammar.closed and value in grammar.values):
                self._found.checks.append(Check(value, field_name(path), node.signed))
        elif (digits := long_number(value)) is not None:
            self._found.checks.append(Check(digits, field_name(path), node.signed))

    def _binary(self, node: Binary, holder: Container, key: str | int, path: Path,
                context: Context) -> None:
        value = holder[key]  # type: ignore[index]
        if not isinstance(value, str):
            _refuse(f"{field_name(path)} is not base64")
        if node.url and not is_data_url(value):
            self._found.slots.append(Slot(holder, key, "text", context))  # a link
            return
        media = holder.get(node.media) if node.media and isinstance(holder, dict) else None
        try:
            payload = read_payload(value, media if isinstance(media, str) else None)
        except ValueError as exc:
            _refuse(f"{field_name(path)} {exc}")
        if payload.text is not None:
            self._found.slots.append(Slot(holder, key, "base64", context))

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
            elif isinstance(node.rest, Refuse):
                _refuse(f"{field_name(path)} has a member the API does not define there")
            else:
                if _FIELD_NAME.fullmatch(name):
                    self._found.checks.append(
                        Check(name, f"a member name of {field_name(path)}")
                    )
                else:
                    self._found.slots.append(Slot(value, name, "key", context))
                walk_item(value, name, value[name], self._found.slots, (*context, name))

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
        for position, name in enumerate(list(value)):
            where = (*path, _Key(position))
            if isinstance(node.key, Token):
                holder: dict[str, JSON] = {"": name}
                self.node(node.key, holder, "", where, context)
            else:
                self._found.slots.append(Slot(value, name, "key", context))
            self.node(node.value, value, name, where, context)


def _resolve(node: Node) -> Node:
    while isinstance(node, Lazy):
        node = node.target()
    return node


def _select(node: Node, value: JSON) -> Node:
    """The node ``value`` is walked as: Lazy resolved, Either's option chosen (an
    option may itself be Lazy, as a JSON Schema subschema is, or an Either)."""
    while True:
        node = _resolve(node)
        if not isinstance(node, Either):
            return node
        node = next((option for option in node.options if _fits(option, value)), FREE)


def _fits(node: Node, value: JSON) -> bool:
    """Whether ``value``'s JSON type is one ``node`` describes."""
    node = _resolve(node)
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
