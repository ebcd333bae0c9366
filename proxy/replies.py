"""Default deny for everything a reply carries outside its text channels (DESIGN C10).

Every string the provider sends back reaches the client through an egress filter, or
not at all.  The stream rewriters route the text channels (a choice's content, a
block's text, a tool call's arguments) through their own filters; everything else a
reply carries — envelopes, ids, usage, unknown members and events, error bodies, server
tool results, whole non-streamed bodies — goes through :meth:`ReplyGuard.scrub` with a
spec that says what is known at each position.

**The rule a spec cannot break: whatever it does not name is text.**  :data:`TEXT` is
the default and what every unknown member gets:

* a string goes through a fresh channel of the reply's filter in one feed (a clean id
  comes out unchanged: that is how structure is proven; one holding a value comes out
  masked or relinked like any text).  A string that is base64 of UTF-8 text (a
  ``text/plain`` document, an encoded note) is that text: decoded, filtered, and
  re-encoded if the filter changed it;
* every key of an object the spec does not describe goes through the filter the same
  way (a key that holds a value is renamed to what the filter makes of it);
* an integer or float with 9 or more digits (a card, phone or account number) goes
  through as its digits and comes back as the filter's string if that changed it;
  shorter numbers, ``true``, ``false`` and ``null`` carry no text and pass.

A spec can only *relax* this where a value provably carries no text, and *specialise*
it where text needs its own filter:

* :class:`Enum`: a value of the API's closed set passes as is (any other value is TEXT);
* :data:`SIGNED`: text the provider signed (Anthropic thinking): the signed channel,
  which redacts like the others but never relinks;
* :data:`SOURCE`: a string of JSON source (tool-call arguments): the JSON channel;
* :data:`PAD`: the provider's padding (OpenAI ``obfuscation``): replaced by the
  gateway's own of the same length (at most :data:`MAX_PAD`), never forwarded;
* :data:`NULL`: replaced by ``null`` (logprobs); :data:`DROP`: removed;
* :class:`Obj`, :class:`Arr`, :class:`Tagged`: the shape around them.  A value of
  another JSON type than the spec expects is TEXT.

Short strings are memoised per reply (ids, models, names and keys repeat in every
chunk), so proving them costs one filter run each.

These reply specs are not the request-spec language of :mod:`proxy.spec`: a request
field that fails its grammar refuses the request, while a reply cannot be refused
field by field once it streams, so here a value is proven, filtered or dropped.
:func:`reply_headers` applies the same rule to response headers, with an allow-list of
the names the SDKs read.
"""

from __future__ import annotations

import base64
import binascii
import re
import secrets
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Final, final

from multidict import CIMultiDict

from pipelines.errors import StreamProtocolError
from proxy.shapes import JSON, FilterFactory, filter_whole, long_number

__all__ = [
    "DROP",
    "ERROR_BODY",
    "ERROR_TYPES",
    "MAX_PAD",
    "NULL",
    "PAD",
    "REPLY_HEADERS",
    "SIGNED",
    "SOURCE",
    "TEXT",
    "Arr",
    "Enum",
    "Obj",
    "ReplyGuard",
    "Spec",
    "Tagged",
    "reply_headers",
]


@final
@dataclass(frozen=True, slots=True)
class _Kind:
    """A leaf spec (see the module docstring for each)."""

    name: str


TEXT: Final = _Kind("text")
SIGNED: Final = _Kind("signed")
SOURCE: Final = _Kind("source")
PAD: Final = _Kind("pad")
NULL: Final = _Kind("null")
DROP: Final = _Kind("drop")


@final
@dataclass(frozen=True, slots=True)
class Enum:
    """A closed set of values (``object``, ``finish_reason``, a block ``type``)."""

    values: frozenset[str]

    def __init__(self, *values: str) -> None:
        object.__setattr__(self, "values", frozenset(values))


@final
@dataclass(frozen=True, slots=True)
class Obj:
    """An object: the named members have their specs, every other member gets ``rest``.

    ``rest`` is :data:`TEXT` (its key and value are filtered) or :data:`DROP`.
    """

    members: Mapping[str, Spec] = field(default_factory=dict)
    rest: _Kind = TEXT


@final
@dataclass(frozen=True, slots=True)
class Arr:
    """A list whose items all have one spec."""

    item: Spec


@final
@dataclass(frozen=True, slots=True)
class Tagged:
    """An object whose spec depends on its ``tag`` member (a block's ``type``).

    The tag of a known case is structure; an object of any other tag gets ``default``.
    """

    cases: Mapping[str, Obj]
    default: Spec = TEXT
    tag: str = "type"
    # Each case with its tag member proven (the tag of a known case is its own value).
    resolved: Mapping[str, Obj] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        resolved = {
            name: Obj({**case.members, self.tag: Enum(name)}, case.rest)
            for name, case in self.cases.items()
        }
        object.__setattr__(self, "resolved", resolved)


Spec = _Kind | Enum | Obj | Arr | Tagged

# Strings up to this long are memoised per reply: ids, models, names, keys, enum-like
# values repeat in every chunk, and each costs a filter run the first time only.
_MEMO_CHARS: Final = 128
_MEMO_ENTRIES: Final = 4096
# Nesting beyond this is refused rather than walked (the walk is recursive).
_MAX_DEPTH: Final = 128
MAX_PAD: Final = 64
# Base64 of text, as a document source or an encoded note would carry it: only strings
# that look like it are decoded (the filter then sees the text).
_BASE64: Final = re.compile(r"(?:[A-Za-z0-9+/]{4})+(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?")
_DROPPED: Final = object()


@final
class ReplyGuard:
    """One reply's default-deny walker over the filters of ``factory``.

    Not thread-safe and not shared: one per reply (its memo holds that reply's results).
    """

    __slots__ = ("_factory", "_memo", "_pad")

    def __init__(self, factory: FilterFactory) -> None:
        self._factory = factory
        self._memo: dict[str, str] = {}
        self._pad = ""

    def text(self, value: str) -> str:
        """``value`` through a fresh text channel (memoised when short)."""
        if len(value) > _MEMO_CHARS:
            return self._filter(value)
        memo = self._memo
        found = memo.get(value)
        if found is None:
            found = self._filter(value)
            if len(memo) >= _MEMO_ENTRIES:
                memo.clear()
            memo[value] = found
        return found

    def _filter(self, value: str, *, json_string: bool = False) -> str:
        out = filter_whole(self._factory, value, json_string=json_string)
        recoded = self.recoded(value)
        return out if recoded is None else recoded

    def recoded(self, value: str) -> str | None:
        """If ``value`` is base64 of UTF-8 text the filter changes: the base64 of the
        filtered text; else None."""
        if len(value) >= 8 and _BASE64.fullmatch(value):
            decoded = _text_of_base64(value)
            if decoded is not None:
                filtered = filter_whole(self._factory, decoded)
                if filtered != decoded:
                    return base64.b64encode(filtered.encode()).decode("ascii")
        return None

    def signed(self, value: str) -> str:
        """Signed text through the signed channel: redacted, never relinked."""
        channel = self._factory.signed()
        return channel.feed(value) + channel.close()

    def source(self, value: str) -> str:
        """A string of JSON source through a JSON channel (base64 of text as text)."""
        return self._filter(value, json_string=True)

    def pad(self, value: str) -> str:
        """The gateway's padding in place of the provider's (same length, at most MAX_PAD)."""
        if not self._pad:
            self._pad = secrets.token_hex(MAX_PAD // 2)
        return self._pad[: len(value)]

    def key(self, name: str) -> str:
        """An object key the spec does not describe (filtered like any text)."""
        return self.text(name)

    def member(self, name: str, value: JSON, spec: Obj) -> tuple[str, JSON] | None:
        """One member of an object described by ``spec``: ``(key, value)``, or None if
        dropped (for rewriters that handle some members themselves)."""
        sub = spec.members.get(name)
        if sub is not None:
            out = self._scrub(value, sub, 1)
            return None if out is _DROPPED else (name, out)
        if spec.rest is TEXT:
            return self.key(name), self._text_value(value, 1)
        return None

    def scrub(self, value: JSON, spec: Spec) -> JSON:
        """``value`` with every string filtered except what ``spec`` proves (a new value)."""
        out = self._scrub(value, spec, 0)
        return None if out is _DROPPED else out

    def _scrub(self, value: JSON, spec: Spec, depth: int) -> JSON:
        if depth > _MAX_DEPTH:
            raise StreamProtocolError("upstream sent JSON nested too deeply")
        if value is None:
            return None if spec is not DROP else _DROPPED
        kind = type(spec)
        if kind is Obj:
            assert isinstance(spec, Obj)
            if isinstance(value, dict):
                return self._object(value, spec.members, spec.rest, depth)
            return self._text_value(value, depth)
        if kind is Enum:
            assert isinstance(spec, Enum)
            if isinstance(value, str) and value in spec.values:
                return value
            return self._text_value(value, depth)
        if kind is Tagged:
            assert isinstance(spec, Tagged)
            if isinstance(value, dict):
                tag = value.get(spec.tag)
                case = spec.resolved.get(tag) if isinstance(tag, str) else None
                if case is not None:
                    return self._object(value, case.members, case.rest, depth)
            return self._scrub(value, spec.default, depth)
        if kind is Arr:
            assert isinstance(spec, Arr)
            if isinstance(value, list):
                items = (self._scrub(item, spec.item, depth + 1) for item in value)
                return [item for item in items if item is not _DROPPED]
            return self._text_value(value, depth)
        if spec is TEXT:
            return self._text_value(value, depth)
        if spec is DROP:
            return _DROPPED
        if spec is NULL:
            return None
        if spec is PAD:
            return self.pad(value) if isinstance(value, str) else self._text_value(value, depth)
        if spec is SIGNED:
            return self.signed(value) if isinstance(value, str) else self._text_value(value, depth)
        if spec is SOURCE:
            return self.source(value) if isinstance(value, str) else self._text_value(value, depth)
        raise AssertionError(f"unknown spec {spec!r}")

    def _object(
        self, value: dict[str, JSON], members: Mapping[str, Spec], rest: _Kind, depth: int
    ) -> dict[str, JSON]:
        out: dict[str, JSON] = {}
        for name, item in value.items():
            spec = members.get(name)
            if spec is not None:
                scrubbed = self._scrub(item, spec, depth + 1)
                if scrubbed is not _DROPPED:
                    out[name] = scrubbed
            elif rest is TEXT:
                out[self.key(name)] = self._text_value(item, depth + 1)
        return out

    def _text_value(self, value: JSON, depth: int) -> JSON:
        """TEXT: every string, key and long number of ``value``, at any depth."""
        if depth > _MAX_DEPTH:
            raise StreamProtocolError("upstream sent JSON nested too deeply")
        if isinstance(value, str):
            return self.text(value)
        if isinstance(value, bool) or value is None:
            return value
        if isinstance(value, int | float):
            # A number is read as its digit runs, as ingress reads one (proxy.slots).
            digits = long_number(value)
            if digits is None:
                return value
            filtered = self.text(digits)
            return value if filtered == digits else filtered
        if isinstance(value, list):
            return [self._text_value(item, depth + 1) for item in value]
        if isinstance(value, dict):
            return {self.key(name): self._text_value(item, depth + 1)
                    for name, item in value.items()}
        raise StreamProtocolError("upstream sent a value that is not JSON")


def _text_of_base64(value: str) -> str | None:
    """The UTF-8 text ``value`` is the base64 of, or None (binary, or not base64)."""
    try:
        raw = base64.b64decode(value, validate=True)
        return raw.decode("utf-8")
    except (binascii.Error, ValueError):
        return None


# A generic error body: the OpenAI (``{"error": {...}}``) and Anthropic
# (``{"type": "error", "error": {...}, "request_id"}``) shapes.  Messages, params and
# codes are text; error types of the APIs' closed sets pass.
ERROR_TYPES: Final = Enum(
    "invalid_request_error", "authentication_error", "permission_error", "not_found_error",
    "request_too_large", "rate_limit_error", "api_error", "overloaded_error", "server_error",
    "billing_error", "timeout_error", "insufficient_quota",
)
ERROR_BODY: Final = Obj({
    "type": Enum("error"),
    "error": Obj({"type": ERROR_TYPES, "message": TEXT, "code": TEXT, "param": TEXT,
                  "details": TEXT}),
    "request_id": TEXT,
})


# -- response headers ----------------------------------------------------------------------

# The response headers the official SDKs read (request ids, retry hints) and the
# providers' rate-limit and version headers; every other upstream header is dropped.
_RATE: Final = ("requests", "tokens", "input-tokens", "output-tokens")
REPLY_HEADERS: Final = frozenset(
    {
        "retry-after", "retry-after-ms", "x-should-retry",
        "x-request-id", "openai-processing-ms", "openai-version", "openai-organization",
        "openai-project",
        "request-id", "anthropic-organization-id",
        *(f"x-ratelimit-{part}-{rate}" for part in ("limit", "remaining", "reset")
          for rate in ("requests", "tokens")),
        *(f"anthropic-ratelimit-{rate}-{part}" for part in ("limit", "remaining", "reset")
          for rate in _RATE),
    }
)
# Values that carry no text: numbers, durations (``6m0s``, ``20ms``), timestamps.
_NO_TEXT: Final = re.compile(
    r"\d{1,8}(?:\.\d{1,6})?|(?:\d{1,6}(?:\.\d{1,6})?(?:ms|h|m|s)){1,4}"
    r"|\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,9})?(?:Z|[+-]\d\d:\d\d)"
)
_PRINTABLE: Final = re.compile(r"[\x20-\x7e]{1,256}")


def reply_headers(pairs: Iterable[tuple[str, str]], guard: ReplyGuard) -> CIMultiDict[str]:
    """The upstream response headers the client may see.

    Only :data:`REPLY_HEADERS` names; a value passes if it is a number, duration or
    timestamp, or a short printable string the filter leaves unchanged.  A value the
    filter would change is not the provider's metadata: the header is dropped.
    """
    out: CIMultiDict[str] = CIMultiDict()
    for name, value in pairs:
        if name.lower() not in REPLY_HEADERS or not _PRINTABLE.fullmatch(value):
            continue
        if _NO_TEXT.fullmatch(value) or guard.text(value) == value:
            out.add(name, value)
    return out
