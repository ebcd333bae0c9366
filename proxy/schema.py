"""JSON Schema (tool parameters, structured outputs), declared in the spec language.

Every API that takes a schema (``tools[].function.parameters``,
``response_format.json_schema.schema``, Anthropic ``input_schema``, Responses
``text.format.schema``) uses :data:`JSON_SCHEMA`.  Keywords are structure; the text a
model reads (``description``, ``title``, ``$comment``, ``enum``, ``const``,
``default``, ``examples``) is sanitised; subschemas recurse; an unknown keyword is
free-form data.
"""

from __future__ import annotations

from typing import Final

from proxy.spec import BOOLEAN, FREE, SCALAR, Either, Items, Lazy, Map, Node, Obj, Token

__all__ = ["JSON_SCHEMA"]

JSON_SCHEMA: Final[Node] = Lazy(lambda: _SCHEMA)
_STRUCTURE: Final = Token(SCALAR)
_NAME: Final = Token(SCALAR)
# A subschema where JSON Schema also allows ``true``/``false``.
_SUB: Final = Either(Token(BOOLEAN), JSON_SCHEMA)
_SUBS: Final = Items(JSON_SCHEMA)
_NAMED: Final = Map(_NAME, JSON_SCHEMA)

_SCHEMA: Final[Obj] = Obj({
    # text the model reads
    "description": FREE, "title": FREE, "$comment": FREE,
    "enum": FREE, "const": FREE, "default": FREE, "examples": FREE, "example": FREE,
    # subschemas
    "items": Either(Token(BOOLEAN), JSON_SCHEMA, _SUBS),
    "additionalProperties": _SUB, "not": _SUB, "if": _SUB, "then": _SUB, "else": _SUB,
    "contains": _SUB, "propertyNames": _SUB, "unevaluatedItems": _SUB,
    "unevaluatedProperties": _SUB, "additionalItems": _SUB,
    "properties": _NAMED, "$defs": _NAMED, "definitions": _NAMED,
    "patternProperties": _NAMED, "dependentSchemas": _NAMED,
    "anyOf": _SUBS, "oneOf": _SUBS, "allOf": _SUBS, "prefixItems": _SUBS,
    # structure
    "type": Either(_STRUCTURE, Items(_STRUCTURE)),
    "required": Items(_NAME),
    "format": _STRUCTURE, "pattern": _STRUCTURE, "$ref": _STRUCTURE,
    "$schema": _STRUCTURE, "$id": _STRUCTURE, "$anchor": _STRUCTURE,
    "minimum": _STRUCTURE, "maximum": _STRUCTURE, "exclusiveMinimum": _STRUCTURE,
    "exclusiveMaximum": _STRUCTURE, "multipleOf": _STRUCTURE,
    "minLength": _STRUCTURE, "maxLength": _STRUCTURE, "minItems": _STRUCTURE,
    "maxItems": _STRUCTURE, "minProperties": _STRUCTURE, "maxProperties": _STRUCTURE,
    "uniqueItems": _STRUCTURE, "strict": _STRUCTURE, "nullable": _STRUCTURE,
})
