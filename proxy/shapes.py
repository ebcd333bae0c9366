"""What every API shape module shares: text slots, the JSON walkers, the shape protocol.

Ingress works on *slots*: references to every string in the parsed request body that
the upstream will see and that must be sanitised, in the canonical order of DESIGN C4.
A shape module (one per provider API) decides which strings are structural (model,
role, type, ids, tool names, JSON-schema keywords, binary ``data``) *at the positions
the API defines them* and skips them; everything else becomes a slot.  Free-form data
(unknown fields, ``metadata``, tool inputs) is text all the way down: string values,
object keys (renamed in place) and long integers (:data:`NUMBER_SLOT_MIN`).  The handler reads the
texts, runs the chain over all of them at once and writes the results back.

Egress works on *channels*: one :class:`TextFilter` per text stream of the reply (a
choice's content, a tool call's arguments, a content block's text), created by a
:data:`FilterFactory` so the shape modules never see the vault or the policy.
"""

from __future__ import annotations

import json
import json.decoder
import json.scanner
import re
from collections.abc import (
    Callable,
    Iterable,
    Mapping,
    MutableMapping,
    MutableSequence,
    Sequence,
)
from dataclasses import dataclass
from typing import Final, Literal, Protocol, final

from pipelines.errors import RequestError
from pipelines.vault import Vault
from proxy.sse import Event

__all__ = [
    "COMMON_STRUCTURAL",
    "NUMBER_SLOT_MIN",
    "PROBE",
    "ApiShape",
    "FilterFactory",
    "FilterPolicy",
    "Slot",
    "SlotKind",
    "StreamRewriter",
    "StringTemplate",
    "Structure",
    "TextFilter",
    "dumps",
    "filter_strings",
    "filter_whole",
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
# One encoder for every body: ``json.dumps`` with options builds a new one per call.
_ENCODE: Final = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
# typeshed types the argument as a scanner; it is any decoder-like object (its TODO).
_SCAN_ONCE: Final = json.scanner.make_scanner(json.JSONDecoder())  # type: ignore[arg-type]
# ``scanstring(text, after_quote) -> (value, end)``: C when available, as json uses it.
_SCAN_STRING: Final[Callable[[str, int], tuple[str, int]]] = (
    json.decoder.scanstring  # type: ignore[attr-defined]  # typeshed omits it
)
# A string no provider sends (Unicode noncharacters), put in a template to check it.
PROBE: Final = "\ufdd0pseudogate\ufdd1"
_PROBE_LITERAL: Final = _ENCODE(PROBE)

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


class TextFilter(Protocol):
    """One egress channel: the sans-IO filter of DESIGN C5."""

    def feed(self, text: str) -> str:
        """Filter one chunk; return what is settled."""
        ...

    def close(self) -> str:
        """End of the channel; return the held tail."""
        ...


# ``factory(json_string)``: a fresh filter for one channel; ``json_string`` is True for
# channels whose text is JSON source (tool-call arguments, ``partial_json``).
FilterFactory = Callable[[bool], TextFilter]


class FilterPolicy(Protocol):
    """A route's compiled egress policy: gives each request its channel factory."""

    def factory_for(self, vault: Vault) -> FilterFactory:
        """Channel filters that relink/redact for the values in ``vault``."""
        ...


class StreamRewriter(Protocol):
    """Routes the events of one streamed reply through per-channel filters."""

    def on_event(self, event: Event) -> list[bytes]:
        """Bytes to send the client for one upstream event, in order."""
        ...

    def on_events(self, events: Sequence[Event]) -> list[bytes]:
        """Bytes for the events of one upstream read (may merge same-channel text)."""
        ...

    def finish(self) -> list[bytes]:
        """Bytes to send at upstream EOF; raises StreamProtocolError if it was cut."""
        ...


class ApiShape(Protocol):
    """One provider API: how to find its texts, rewrite its replies, shape its errors."""

    name: str
    key_header: str
    streams: bool
    upstream_path: str

    def slots(self, body: MutableMapping[str, JSON]) -> list[Slot]:
        """Every sanitisable string of the request, in canonical order."""
        ...

    def is_streaming(self, body: Mapping[str, JSON]) -> bool:
        """Whether the client asked for an event stream."""
        ...

    def signed_texts(self, body: Mapping[str, JSON]) -> list[str]:
        """Texts forwarded unchanged because the provider signed them (may be empty).

        The gateway cannot rewrite them, so it refuses the request if one holds a value.
        """
        ...

    def rewriter(self, factory: FilterFactory) -> StreamRewriter:
        """A stream rewriter for one reply."""
        ...

    def rewrite_body(self, body: MutableMapping[str, JSON], factory: FilterFactory) -> None:
        """Filter every text channel of a non-streamed reply in place."""
        ...

    def error_body(self, status: int, code: str, message: str) -> dict[str, JSON]:
        """The API's JSON error body."""
        ...

    def error_event(self, status: int, code: str, message: str) -> bytes:
        """The API's in-stream error event."""
        ...

    def is_error_body(self, body: object) -> bool:
        """Whether an upstream JSON body is an error in this API's shape."""
        ...


def dumps(body: object) -> bytes:
    """Compact JSON with raw UTF-8, the way the gateway sends every body it rewrote."""
    return _ENCODE(body).encode("utf-8")


def filter_whole(factory: FilterFactory, text: str, *, json_string: bool = False) -> str:
    """Run ``text`` through a fresh channel in one feed (non-streamed bodies)."""
    channel = factory(json_string)
    return channel.feed(text) + channel.close()


def filter_strings(
    value: JSON, factory: FilterFactory, *, skip: frozenset[str] = frozenset()
) -> JSON:
    """``value`` with every string run through a fresh text channel (whole bodies).

    For reply data outside the text channels (citations, tool results, non-empty tool
    inputs at a block's start): keys in ``skip`` (ids, types, opaque blobs) are kept.
    """
    if isinstance(value, str):
        return filter_whole(factory, value)
    if isinstance(value, list):
        return [filter_strings(item, factory, skip=skip) for item in value]
    if isinstance(value, dict):
        return {
            key: item if key in skip else filter_strings(item, factory, skip=skip)
            for key, item in value.items()
        }
    return value


@final
class StringTemplate:
    """Recognises JSON texts equal to a learnt one except for one string value.

    A provider streams many chunks that differ only in their text (``{...,"delta":
    {"content":"the "},...}``).  Once one chunk's text literal is located, a later chunk
    that has the same bytes before it and after it and exactly one string literal in
    between parses, by the JSON grammar, to the same object with that one string
    changed: its text is read with the decoder's ``scanstring`` instead of a whole parse
    and a walk.  Anything else (:meth:`match` returns None) takes the general path.
    """

    __slots__ = ("_prefix", "_start", "_suffix", "_tail")

    def __init__(self, prefix: str, suffix: str) -> None:
        self._prefix = prefix
        self._suffix = suffix
        self._start = len(prefix)
        self._tail = len(suffix)

    @classmethod
    def learn(
        cls, data: str, value: str, check: Callable[[object], bool]
    ) -> StringTemplate | None:
        """The template of ``data`` around the literal of ``value``, or None.

        ``value`` must be written the way the gateway writes JSON (compact, raw UTF-8)
        for its literal to be found; the first occurrence is taken.  ``check`` receives
        ``data`` parsed with :data:`PROBE` in place of that literal and must confirm the
        probe landed where the caller reads the text (not in an id that happened to be
        equal), so a wrong template is never kept.
        """
        literal = _ENCODE(value)
        at = data.find(literal)
        if at < 0:
            return None
        prefix, suffix = data[:at], data[at + len(literal) :]
        probe = prefix + _PROBE_LITERAL + suffix
        try:
            parsed, end = _SCAN_ONCE(probe, 0)
        except (StopIteration, ValueError, RecursionError):
            return None
        if end != len(probe) or not check(parsed):
            return None
        return cls(prefix, suffix)

    def fill(self, value: str) -> str:
        """The learnt JSON text with ``value`` as its string (the rest byte for byte)."""
        return self._prefix + _ENCODE(value) + self._suffix

    def match(self, data: str | None) -> str | None:
        """The string value of ``data`` if it fits the template, else None."""
        if (
            data is None
            or len(data) < self._start + self._tail + 2
            or not data.startswith(self._prefix)
            or not data.endswith(self._suffix)
            or data[self._start] != '"'
        ):
            return None
        try:
            value, end = _SCAN_STRING(data, self._start + 1)
        except ValueError:
            return None
        return value if end == len(data) - self._tail else None
