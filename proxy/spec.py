"""The request-spec language: an API's request structure, declared once.

A shape module declares its request body as a tree of the nodes below; one interpreter,
:func:`proxy.walk.walk`, reads a parsed body against it.  Every string of the body the
upstream will see ends up in exactly one of three places:

* a **slot** (:class:`~proxy.slots.Slot`): text the chain sanitises and writes back;
* a **check** (:class:`~proxy.walk.Check`): structure the API defines (a model, an id, a
  tool name, a signature) that must match its :class:`Grammar` *and* pass the route's
  detectors; it is forwarded unchanged, and a value that fails either refuses the
  request naming the field;
* nowhere, because it is a constant of the spec (a closed enum such as a role, or the
  tag of a known block type).

The nodes:

``FREE``
    Free-form data: text all the way down.  Strings are slots, object keys are key slots
    (renamed in place), integers of 9+ digits are number slots.  This is what every
    position the spec does not describe gets, and what a value of the wrong JSON type
    at an :class:`Obj`, :class:`Items`, :class:`Map` or :class:`Tagged` position gets.
``REFUSE``
    A member that must not be there (``rest=REFUSE`` closes an object).
:class:`Token`
    A structural scalar: it must match ``grammar``, and a value that is not a constant
    of the spec is a check (the route's check detectors and the vault); ``signed=True``
    marks content the provider signed (thinking, encrypted reasoning), whose refusal
    says so.
:class:`Binary`
    A base64 payload (bare or a ``data:`` URL): binary content is checked and kept, a
    text document is decoded, sanitised and re-encoded, anything else is refused.
:class:`Obj`
    An object of the API: ``fields`` maps member names to nodes; ``rest`` is the node of
    every other member (``FREE``: unknown members are data; ``REFUSE``); ``first`` lists
    members walked before the others (the canonical order of docs/design.md C4), the rest in
    body order.
:class:`Tagged`
    An object discriminated by a member (``type``): the case named by its value, else
    ``default``, whose tag value is a :class:`Token` of ``open``; ``missing`` is the
    case of an object without the tag.
:class:`Items`
    A JSON array whose items are ``item``.
:class:`Map`
    An object whose keys are names chosen by the client (schema properties, logit
    biases): ``key`` is the node of each key (``FREE`` or a :class:`Token`), ``value``
    the node of each value.
:class:`Either`
    The first of ``options`` that fits the value's JSON type (a string or an object).
:class:`Lazy`
    A node defined later (recursive structures: JSON Schema, nested content blocks).

A spec is data: nodes are frozen, hold read-only mappings and compare by identity.
Null is accepted at every position (it carries nothing).
"""

from __future__ import annotations

import binascii
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Final, final

__all__ = [
    "ANY_STRING",
    "BOOLEAN",
    "FREE",
    "ID",
    "INTEGER",
    "MEDIA_TYPE",
    "MODEL",
    "NAME",
    "NUMBER",
    "OPAQUE",
    "REFUSE",
    "SCALAR",
    "TYPE_NAME",
    "Binary",
    "Either",
    "Free",
    "Grammar",
    "Items",
    "Lazy",
    "Map",
    "Node",
    "Obj",
    "Refuse",
    "Tagged",
    "Token",
    "enum",
    "pattern",
]


# -- grammars ----------------------------------------------------------------------------


@final
@dataclass(frozen=True, slots=True, eq=False)
class Grammar:
    """Which JSON scalars a :class:`Token` accepts.

    ``what`` names the expectation in a refusal ("one of user, assistant", "an id");
    ``closed`` marks a fixed set of constants of the spec (an enum): a value that is one
    of them carries no client data, so it needs no detector.  ``strings`` and ``kinds``
    say what is accepted: a string matching ``strings`` (a compiled pattern, matched
    whole; None: no string) that also passes ``test`` when given, or a non-string
    scalar whose JSON type is in ``kinds``.
    """

    what: str
    strings: re.Pattern[str] | None = None
    kinds: frozenset[str] = frozenset()
    closed: bool = False
    values: frozenset[str] = frozenset()
    test: Callable[[str], bool] | None = None

    def accepts(self, value: object) -> bool:
        """Whether ``value`` is in the grammar (null is always accepted)."""
        if value is None:
            return True
        if isinstance(value, str):
            if self.closed:
                return value in self.values
            return (
                self.strings is not None
                and self.strings.fullmatch(value) is not None
                and (self.test is None or self.test(value))
            )
        return _kind(value) in self.kinds

    def __or__(self, other: Grammar) -> Grammar:
        """Either grammar: two enums make one enum, otherwise strings of either pattern.

        Only grammars without a ``test`` combine (a test belongs to its pattern).
        """
        if self.test is not None or other.test is not None:
            raise TypeError("a grammar with a test does not combine")
        if self.closed and other.closed:
            return enum(*self.values, *other.values, kinds=self.kinds | other.kinds)
        strings = [g.strings.pattern for g in (self, other) if g.strings is not None]
        strings += [re.escape(v) for g in (self, other) if g.closed for v in sorted(g.values)]
        return Grammar(
            f"{self.what} or {other.what}",
            re.compile("|".join(f"(?:{s})" for s in strings)) if strings else None,
            self.kinds | other.kinds,
        )


def _kind(value: object) -> str:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    if isinstance(value, dict):
        return "object"
    return "null"


def enum(*values: str, kinds: Iterable[str] = ()) -> Grammar:
    """A closed set of string constants (and optionally non-string kinds)."""
    ordered = sorted(set(values))
    return Grammar(
        "one of " + ", ".join(ordered), closed=True, values=frozenset(ordered),
        kinds=frozenset(kinds),
    )


def pattern(
    regex: str, what: str, *, kinds: Iterable[str] = (), test: Callable[[str], bool] | None = None
) -> Grammar:
    """Strings matching ``regex`` whole (and ``test``; optionally non-string kinds)."""
    return Grammar(what, re.compile(regex), frozenset(kinds), test=test)


def _opaque(value: str) -> bool:
    """Strict base64 whose bytes are not text (a signature, an encrypted blob)."""
    try:
        data = binascii.a2b_base64(value, strict_mode=True)
    except binascii.Error:
        return False
    if not data:
        return True
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return True
    return False


# A number: JSON numbers, or a string that spells one (clients sometimes send "0.7").
NUMBER: Final = pattern(
    r"-?(?:0|[1-9][0-9]{0,30})(?:\.[0-9]{1,30})?(?:[eE][+-]?[0-9]{1,3})?", "a number",
    kinds=("number",),
)
INTEGER: Final = pattern(r"-?(?:0|[1-9][0-9]{0,30})", "an integer", kinds=("number",))
BOOLEAN: Final = Grammar("true or false", kinds=frozenset({"boolean"}))
# Any scalar a configuration member may hold (the loosest structural grammar).
SCALAR: Final = pattern(r"[A-Za-z0-9_.:/+=-]{1,1024}", "a scalar",
                        kinds=("number", "boolean"))
ANY_STRING: Final = pattern(r"(?s:.*)", "a string")
# The tag of a block type the spec does not know (``type``: ``web_fetch_tool_result``).
TYPE_NAME: Final = pattern(r"[a-z][a-z0-9_]{0,63}", "a type name")
# Provider ids (``call_...``, ``toolu_...``, ``fc_...``, ``file-...``) and the ids that
# compatible providers and agent frameworks write: one token of word characters.
ID: Final = pattern(r"[A-Za-z0-9_-]{1,128}", "an id")
# Function and tool names: the model must write them back exactly.
NAME: Final = pattern(r"[A-Za-z0-9_.:-]{1,128}", "a tool name")
# Model names as the providers and their hosts spell them (``gpt-4o``,
# ``ft:gpt-4o-mini:org::id``, ``accounts/x/models/y``, ``claude-3-5-sonnet@20240620``).
MODEL: Final = pattern(r"[A-Za-z0-9][A-Za-z0-9._:/@+-]{0,255}", "a model name")
# A signature or an encrypted blob the provider issued: strict base64, not text.
OPAQUE: Final = pattern(r"[A-Za-z0-9+/]*={0,2}", "opaque base64", test=_opaque)
MEDIA_TYPE: Final = pattern(r"[a-z]+/[a-z0-9.+-]{1,64}", "a media type")


# -- nodes -------------------------------------------------------------------------------


class Node:
    """A position of a request body (see the module docstring)."""

    __slots__ = ()


@final
class Free(Node):
    """Free-form data: text all the way down."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "FREE"


@final
class Refuse(Node):
    """A member that must not be there."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "REFUSE"


FREE: Final = Free()
REFUSE: Final = Refuse()


@final
@dataclass(frozen=True, slots=True, eq=False)
class Token(Node):
    """A structural scalar matching ``grammar``; ``signed``: content the provider signed
    (its refusal says so; every check runs through the route's check detectors)."""

    grammar: Grammar
    signed: bool = False


@final
@dataclass(frozen=True, slots=True, eq=False)
class Binary(Node):
    """A base64 payload, bare or as a ``data:`` URL.

    ``media`` names the sibling member holding its media type (``media_type``,
    ``format``) when it is not in a ``data:`` URL; ``url=True``: the value is a URL,
    binary only when it is a ``data:`` URL (an http(s) link is text).
    """

    media: str | None = None
    url: bool = False


def _frozen(mapping: Mapping[str, Node]) -> Mapping[str, Node]:
    return MappingProxyType(dict(mapping))


@final
@dataclass(frozen=True, slots=True, eq=False)
class Obj(Node):
    """An object of the API: declared members, the node of the others, walk order."""

    fields: Mapping[str, Node] = field(default_factory=dict)
    rest: Node = FREE
    first: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "fields", _frozen(self.fields))
        if not isinstance(self.rest, Free | Refuse):
            raise TypeError("Obj.rest is FREE or REFUSE")

    def extend(self, **fields: Node) -> Obj:
        """This object with more (or replaced) members."""
        return Obj({**self.fields, **fields}, self.rest, self.first)


@final
@dataclass(frozen=True, slots=True, eq=False)
class Tagged(Node):
    """An object discriminated by its ``tag`` member."""

    cases: Mapping[str, Obj]
    default: Obj = Obj()
    tag: str = "type"
    open: Grammar = TYPE_NAME
    missing: Obj | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "cases", MappingProxyType(dict(self.cases)))


@final
@dataclass(frozen=True, slots=True, eq=False)
class Items(Node):
    """A JSON array of ``item``."""

    item: Node


@final
@dataclass(frozen=True, slots=True, eq=False)
class Map(Node):
    """An object with client-chosen keys: each key is ``key``, each value ``value``."""

    key: Node
    value: Node

    def __post_init__(self) -> None:
        if not isinstance(self.key, Free | Token):
            raise TypeError("Map.key is FREE or a Token")


@final
@dataclass(frozen=True, slots=True, eq=False)
class Either(Node):
    """The first option that fits the value's JSON type."""

    options: tuple[Node, ...]

    def __init__(self, *options: Node) -> None:
        object.__setattr__(self, "options", options)


@final
@dataclass(frozen=True, slots=True, eq=False)
class Lazy(Node):
    """A node defined later: ``target()`` returns it (recursive structures)."""

    target: Callable[[], Node]
