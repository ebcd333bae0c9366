"""Ingress slots: references to every string of a request body that must be sanitised.

A :class:`Slot` is ``container[key]`` (a string value), the key itself (a key of
free-form data, renamed in place), or a long integer read as its digits.  The walkers
here are the building blocks the shape modules compose: :func:`walk_generic` for
free-form data (text all the way down, keys and long numbers included),
:func:`walk_field` for one member of an API object, :func:`walk_config` for
configuration whose structure is described, :func:`walk_schema` for JSON Schema.
Structure is only ever skipped at a position the API defines, and only when it is one
token (:func:`is_token`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, MutableMapping, MutableSequence
from dataclasses import dataclass
from typing import Final, Literal, final

from pipelines.errors import RequestError

__all__ = [
    "COMMON_STRUCTURAL",
    "JSON",
    "NUMBER_SLOT_MIN",
    "Slot",
    "SlotKind",
    "Structure",
    "is_token",
    "read_slots",
    "require_mapping",
    "slot_string",
    "walk_config",
    "walk_field",
    "walk_generic",
    "walk_schema",
    "write_slots",
]

JSON = object

# Keys whose string values are protocol structure *at the positions the API defines*
# (a message, a content block, a tool call): changing them would break the request,
# and there they carry identifiers, not personal data.  Inside free-form data (an
# unknown field, ``metadata``) the same names are text like any other key.
COMMON_STRUCTURAL: Final = frozenset(
    {
        "type",
        "role",
        "id",
        "tool_call_id",
        "tool_use_id",
        "object",
        "model",
        "signature",
        "media_type",
        "detail",
        "cache_control",
        "index",
    }
)

# JSON Schema keywords whose values are subschemas, mappings of subschemas, or lists of
# them.  Property *names* are mapping keys and are never touched (the model must emit
# them verbatim); descriptions, titles, enum/const/default/examples are text.
_SCHEMA_ONE: Final = frozenset(
    {"items", "additionalProperties", "not", "if", "then", "else", "contains",
     "propertyNames", "unevaluatedItems", "unevaluatedProperties", "additionalItems"}
)
_SCHEMA_MAP: Final = frozenset(
    {"properties", "$defs", "definitions", "patternProperties", "dependentSchemas"}
)
_SCHEMA_LIST: Final = frozenset({"anyOf", "oneOf", "allOf", "prefixItems"})
_SCHEMA_TEXT: Final = frozenset({"description", "title", "$comment"})
_SCHEMA_VALUES: Final = frozenset({"enum", "const", "default", "examples", "example"})


# What a slot points at: a string value, a non-structural dict key (renamed in place,
# order kept), or a long integer in free-form data (read as its digits, written back as
# the same number when nothing was found, else as the sanitised string).
SlotKind = Literal["text", "key", "number"]
# Integers with at least this many digits in free-form data are read as text: card,
# phone and account numbers are 9+ digits, counts and limits are not.
NUMBER_SLOT_MIN: Final = 10**8
# Keys at the API's own positions that look like field names are structure; anything
# else there (an e-mail, a name with a space) is read as text.
_FIELD_NAME: Final = re.compile(r"[a-z][a-z0-9_]{0,63}")
# What a structural string looks like (a model, a type, an id, a tool name): one token.
# A value at a structural position that is not one (``"jane@corp.example"``, a name
# with a space) is not the API's structure and is read as text.
_TOKEN: Final = re.compile(r"[A-Za-z0-9_.:/+=-]{1,1024}")


@final
@dataclass(frozen=True, slots=True)
class Slot:
    """One string inside the request body: ``container[key]`` (or the key itself)."""

    container: MutableMapping[str, JSON] | MutableSequence[JSON]
    key: str | int
    kind: SlotKind = "text"

    def get(self) -> str:
        """The string currently in the slot."""
        if self.kind == "key":
            return str(self.key)
        value = self.container[self.key]  # type: ignore[index]
        if self.kind == "number":
            return str(value)
        assert isinstance(value, str)
        return value

    def set(self, value: str) -> None:
        """Replace the string in the slot."""
        if self.kind == "key":
            _rename(self.container, str(self.key), value)
        elif self.kind == "number":
            # An untouched number stays a number; a found value becomes its placeholder.
            if value != str(self.container[self.key]):  # type: ignore[index]
                self.container[self.key] = value  # type: ignore[index]
        else:
            self.container[self.key] = value  # type: ignore[index]


def _rename(container: object, old: str, new: str) -> None:
    """Rename ``old`` to ``new`` in a dict, keeping the order of its keys."""
    assert isinstance(container, dict)
    if new == old:
        return
    if new in container:
        # Two keys that normalise to one value (``A@x.org`` and ``a@x.org``) would merge.
        raise RequestError(
            400, "invalid_request", "two object keys in the request map to the same placeholder"
        )
    items = list(container.items())
    container.clear()
    for name, item in items:
        container[new if name == old else name] = item


def is_token(value: JSON) -> bool:
    """Whether ``value`` may be structure: a non-string scalar or a one-token string."""
    if isinstance(value, str):
        return _TOKEN.fullmatch(value) is not None
    return not isinstance(value, dict | list)


def read_slots(slots: Iterable[Slot]) -> list[str]:
    """The texts of ``slots``, in order."""
    return [slot.get() for slot in slots]


def write_slots(slots: Iterable[Slot], texts: Iterable[str]) -> None:
    """Write ``texts`` back into ``slots``, pairwise, insisting on equal lengths.

    Values are written before keys are renamed: a value slot names its key.
    """
    keys: list[tuple[Slot, str]] = []
    for slot, text in zip(slots, texts, strict=True):
        if slot.kind == "key":
            keys.append((slot, text))
        else:
            slot.set(text)
    for slot, text in keys:
        slot.set(text)


def require_mapping(body: object) -> MutableMapping[str, JSON]:
    """The request body as a JSON object, or a 400 in the caller's shape."""
    if not isinstance(body, dict):
        raise RequestError(400, "invalid_request", "request body must be a JSON object")
    return body


def walk_generic(
    value: JSON, out: list[Slot], *, structural: frozenset[str] = frozenset()
) -> None:
    """Slot every string, key and long integer under ``value``.

    This is the walk for free-form data (``metadata``, unknown fields, tool inputs):
    nothing there is structure, whatever its key is called, so ``structural`` is
    empty unless a caller knows the object (only the top level of it is exempted).
    """
    if isinstance(value, dict):
        for key, item in list(value.items()):
            if key in structural:
                continue
            out.append(Slot(value, key, "key"))
            _walk_item(value, key, item, out)
    elif isinstance(value, list):
        for position, item in enumerate(value):
            _walk_item(value, position, item, out)


def _walk_item(
    container: MutableMapping[str, JSON] | MutableSequence[JSON],
    key: str | int,
    item: JSON,
    out: list[Slot],
) -> None:
    if isinstance(item, str):
        out.append(Slot(container, key))
    elif isinstance(item, int) and not isinstance(item, bool):
        if abs(item) >= NUMBER_SLOT_MIN:
            out.append(Slot(container, key, "number"))
    else:
        walk_generic(item, out)


def walk_field(container: MutableMapping[str, JSON], key: str, out: list[Slot]) -> None:
    """Slot ``container[key]`` (a string, a long number or everything under it).

    ``container`` is an object of the API; ``key`` one of its text or unknown fields.
    A key that does not look like a field name is read as text too.
    """
    if not _FIELD_NAME.fullmatch(key):
        out.append(Slot(container, key, "key"))
    _walk_item(container, key, container[key], out)


# A description of where an API's configuration object keeps structure: ``None`` marks
# a position whose scalar is structure (``"auto"``, a tool name, a number); a dict
# names the structural members of an object; a one-item list describes each item.
Structure = Mapping[str, "Structure | None"] | list["Structure | None"] | None


def walk_config(
    container: MutableMapping[str, JSON], key: str, spec: Structure, out: list[Slot]
) -> None:
    """Slot what ``spec`` does not mark as structure under ``container[key]``.

    A scalar at a described position is structure (``tool_choice: "auto"`` as well as
    ``{"type": "auto"}``); an object or list where the API puts a scalar, and any
    member the description does not name, is free-form data.
    """
    value = container[key]
    if not isinstance(value, dict | list):
        if not is_token(value):
            walk_field(container, key, out)
        return
    if isinstance(value, dict) and isinstance(spec, Mapping):
        for name in list(value):
            if name in spec:
                walk_config(value, name, spec[name], out)
            else:
                walk_field(value, name, out)
    elif isinstance(value, list) and isinstance(spec, list):
        for position in range(len(value)):
            item = value[position]
            if isinstance(item, dict | list):
                holder: dict[str, JSON] = {"item": item}
                walk_config(holder, "item", spec[0], out)
            elif not is_token(item):
                out.append(Slot(value, position))  # a string that is not one token
    else:
        walk_generic(value, out)


def walk_schema(schema: JSON, out: list[Slot]) -> None:
    """Slot the free text of a JSON Schema, leaving its keywords and names intact."""
    if isinstance(schema, list):
        # Draft-4 style tuple ``items``.
        for item in schema:
            walk_schema(item, out)
        return
    if not isinstance(schema, dict):
        return
    for key, item in schema.items():
        if key in _SCHEMA_TEXT and isinstance(item, str):
            out.append(Slot(schema, key))
        elif key in _SCHEMA_VALUES:
            if isinstance(item, str):
                out.append(Slot(schema, key))
            else:
                walk_generic(item, out, structural=frozenset())
        elif key in _SCHEMA_ONE:
            walk_schema(item, out)
        elif key in _SCHEMA_MAP and isinstance(item, dict):
            for sub in item.values():
                walk_schema(sub, out)
        elif key in _SCHEMA_LIST and isinstance(item, list):
            for sub in item:
                walk_schema(sub, out)
        # Everything else (type, required, format, pattern, $ref, bounds) is structure.


def slot_string(container: MutableMapping[str, JSON], key: str, out: list[Slot]) -> None:
    """Slot ``container[key]`` if it is a string."""
    if isinstance(container.get(key), str):
        out.append(Slot(container, key))
