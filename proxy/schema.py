"""JSON Schema (tool parameters, structured outputs), declared in the spec language.

Every API that takes a schema (``tools[].function.parameters``,
``response_format.json_schema.schema``, Anthropic ``input_schema``, Responses
``text.format.schema``) uses :data:`JSON_SCHEMA`.  Three kinds of position:

* text the model reads or writes back, sanitised: ``description``, ``title``,
  ``$comment``, ``enum``, ``const``, ``default``, ``examples``; property names and
  the names in ``required``, ``$defs`` and ``$ref`` (a name that holds a value becomes
  its placeholder everywhere alike, so the schema stays consistent, and the model's
  arguments are relinked on the way back);
* structure with a grammar, checked: ``type``, ``format``, ``pattern`` and
  ``patternProperties`` keys (a regex cannot be rewritten: one that holds a value is
  refused), numeric bounds, booleans;
* subschemas, which recurse.  An unknown keyword is free-form data.
"""

from __future__ import annotations

from typing import Final

from proxy.spec import (
    BOOLEAN,
    FREE,
    NUMBER,
    Either,
    Items,
    Lazy,
    Map,
    Node,
    Obj,
    Token,
    enum,
    pattern,
)

__all__ = ["JSON_SCHEMA"]

JSON_SCHEMA: Final[Node] = Lazy(lambda: _SCHEMA)
_TYPE: Final = Token(enum("string", "number", "integer", "boolean", "object", "array", "null"))
_NUMBER: Final = Token(NUMBER)
_BOOLEAN: Final = Token(BOOLEAN)
_REGEX: Final = Token(pattern(r"(?s:.{1,4096})", "a regular expression"))
_WORD: Final = Token(pattern(r"[A-Za-z0-9_.:+/-]{1,64}", "a keyword value"))
# A subschema where JSON Schema also allows ``true``/``false``.
_SUB: Final = Either(_BOOLEAN, JSON_SCHEMA)
_SUBS: Final = Items(JSON_SCHEMA)
_NAMED: Final = Map(FREE, JSON_SCHEMA)

_SCHEMA: Final[Obj] = Obj({
    # text the model reads
    "description": FREE, "title": FREE, "$comment": FREE,
    "enum": FREE, "const": FREE, "default": FREE, "examples": FREE, "example": FREE,
    # names: text, renamed alike wherever they occur
    "properties": _NAMED, "$defs": _NAMED, "definitions": _NAMED,
    "dependentSchemas": _NAMED, "required": FREE, "dependentRequired": FREE,
    "propertyOrdering": FREE, "$ref": FREE, "$dynamicRef": FREE, "$anchor": FREE,
    "$dynamicAnchor": FREE, "$id": FREE, "$schema": FREE,
    # subschemas
    "items": Either(_BOOLEAN, JSON_SCHEMA, _SUBS),
    "additionalProperties": _SUB, "not": _SUB, "if": _SUB, "then": _SUB, "else": _SUB,
    "contains": _SUB, "propertyNames": _SUB, "unevaluatedItems": _SUB,
    "unevaluatedProperties": _SUB, "additionalItems": _SUB,
    "anyOf": _SUBS, "oneOf": _SUBS, "allOf": _SUBS, "prefixItems": _SUBS,
    "patternProperties": Map(_REGEX, JSON_SCHEMA),
    # structure
    "type": Either(_TYPE, Items(_TYPE)),
    "format": _WORD, "pattern": _REGEX, "contentEncoding": _WORD,
    "contentMediaType": _WORD,
    "minimum": _NUMBER, "maximum": _NUMBER, "multipleOf": _NUMBER,
    "exclusiveMinimum": Token(NUMBER | BOOLEAN), "exclusiveMaximum": Token(NUMBER | BOOLEAN),
    "minLength": _NUMBER, "maxLength": _NUMBER, "minItems": _NUMBER, "maxItems": _NUMBER,
    "minProperties": _NUMBER, "maxProperties": _NUMBER, "minContains": _NUMBER,
    "maxContains": _NUMBER,
    "uniqueItems": _BOOLEAN, "nullable": _BOOLEAN, "readOnly": _BOOLEAN,
    "writeOnly": _BOOLEAN, "deprecated": _BOOLEAN, "strict": _BOOLEAN,
})
