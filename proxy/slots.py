"""Ingress slots: references to every string of a request body that must be sanitised.

A :class:`Slot` is ``container[key]`` (a string value), the key itself (a key of
free-form data, renamed in place), or a long number read as its digits.  Slots carry
their *context* (interface I1): the member names on the path above the string inside
free-form data, outermost first, so detectors can read ``{"ssn": "536221234"}`` as an
SSN.  Which strings of a body are slots is declared per API in the request-spec
language (:mod:`proxy.spec`) and found by its interpreter (:mod:`proxy.walk`);
:func:`walk_generic` here is the walk of free-form data (text all the way down, keys
and long numbers included) that the interpreter uses.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, MutableMapping, MutableSequence
from dataclasses import dataclass
from typing import Final, Literal, final

from pipelines.errors import RequestError
from proxy.binary import decode_text, encode_text

__all__ = [
    "JSON",
    "NUMBER_SLOT_DIGITS",
    "Context",
    "Slot",
    "SlotKind",
    "long_number",
    "read_contexts",
    "read_slots",
    "require_mapping",
    "walk_generic",
    "walk_item",
    "write_slots",
]

JSON = object
# The member names above a string inside free-form data, outermost first (I1).
Context = tuple[str, ...]

# What a slot points at: a string value, a non-structural dict key (renamed in place,
# order kept), a long number in free-form data (read as its digits, written back as
# the same number when nothing was found, else as the sanitised string), or a base64
# text document (read decoded, written back re-encoded in its own ``data:`` style).
SlotKind = Literal["text", "key", "number", "base64"]
# Numbers whose JSON text holds at least this many digits are read as text: card,
# phone and account numbers are 9+ digits, whether sent as integers or as floats
# (``-4111111111111111``, ``4111111111111111.0``, ``0.4111111111111111``); counts,
# limits and sampling settings are not.
NUMBER_SLOT_DIGITS: Final = 9
_DIGIT_RUN: Final = re.compile(r"[0-9]+")


def long_number(value: object) -> str | None:
    """The digits of a number holding :data:`NUMBER_SLOT_DIGITS`+ digits, else None.

    The number is read in the JSON text the gateway re-sends (``str`` of an int or a
    float is that text), as its digit runs separated by spaces: the sign, the decimal
    point and the exponent are the number's syntax, not part of a value, and a
    detector reads ``4111111111111111`` in ``-4111111111111111`` or
    ``0.4111111111111111`` only once they are gone.
    """
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    if isinstance(value, int) and -10**8 < value < 10**8:
        return None  # fewer than 9 digits, without building the text
    runs = _DIGIT_RUN.findall(str(value))
    return " ".join(runs) if sum(map(len, runs)) >= NUMBER_SLOT_DIGITS else None


@final
@dataclass(frozen=True, slots=True)
class Slot:
    """One string inside the request body: ``container[key]`` (or the key itself)."""

    container: MutableMapping[str, JSON] | MutableSequence[JSON]
    key: str | int
    kind: SlotKind = "text"
    context: Context = ()

    def get(self) -> str:
        """The string currently in the slot."""
        if self.kind == "key":
            return str(self.key)
        value = self.container[self.key]  # type: ignore[index]
        if self.kind == "number":
            return long_number(value) or str(value)
        assert isinstance(value, str)
        return decode_text(value) if self.kind == "base64" else value

    def set(self, value: str) -> None:
        """Replace the string in the slot."""
        if self.kind == "key":
            _rename(self.container, str(self.key), value)
        elif self.kind == "number":
            # An untouched number stays a number; a found value becomes its placeholder.
            if value != self.get():
                self.container[self.key] = value  # type: ignore[index]
        elif self.kind == "base64":
            # An untouched document keeps its bytes; a changed one is re-encoded.
            original = self.container[self.key]  # type: ignore[index]
            assert isinstance(original, str)
            if value != decode_text(original):
                self.container[self.key] = encode_text(original, value)  # type: ignore[index]
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


def read_slots(slots: Iterable[Slot]) -> list[str]:
    """The texts of ``slots``, in order."""
    return [slot.get() for slot in slots]


def read_contexts(slots: Iterable[Slot]) -> list[Context]:
    """The contexts of ``slots``, in slot order (``contexts=`` of the chain, I2)."""
    return [slot.context for slot in slots]


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


def walk_generic(value: JSON, out: list[Slot], context: Context = ()) -> None:
    """Slot every string, key and long number under ``value``.

    This is the walk for free-form data (``metadata``, unknown fields, tool inputs):
    nothing there is structure, whatever its key is called.  ``context`` is the path of
    member names above ``value``; each string's slot gets its own path.
    """
    if isinstance(value, dict):
        for key, item in list(value.items()):
            out.append(Slot(value, key, "key", context))
            walk_item(value, key, item, out, (*context, key))
    elif isinstance(value, list):
        for position, item in enumerate(value):
            walk_item(value, position, item, out, context)


def walk_item(
    container: MutableMapping[str, JSON] | MutableSequence[JSON],
    key: str | int,
    item: JSON,
    out: list[Slot],
    context: Context = (),
) -> None:
    """Slot ``item`` (``container[key]``) as free-form data."""
    if isinstance(item, str):
        out.append(Slot(container, key, "text", context))
    elif isinstance(item, int | float):
        if long_number(item) is not None:
            out.append(Slot(container, key, "number", context))
    else:
        walk_generic(item, out, context)
