"""Responses API replies: one text, many copies.

A Responses reply repeats every text it streams.  The text of one output position (a
message part's ``text``, a function call's ``arguments``, a reasoning summary) arrives as
deltas and then again, whole, in ``*.done``, ``response.content_part.done``,
``response.output_item.done`` and ``response.completed``'s ``output``; the item or part
that opens it (``output_item.added``, ``content_part.added``) may already carry a first
piece.  The rule here makes every copy the client sees equal to what it assembled from
the deltas:

* A **channel** is one text position, :class:`ChannelKey` (the output index and the path
  inside the item, ``(0, ("content", 1, "text"))``).  The positions that stream are
  listed once, in :data:`CHANNELS`; each has one :class:`TextFilter`.
* An **opening copy** (an ``added`` item or part) feeds its text to the channel as the
  first piece and carries what the filter settled.
* A **snapshot** (``response.created`` / ``in_progress`` / ``queued``) carries what the
  client has assembled so far.
* A **closing copy** (``*.done``, ``output_item.done``, the terminal response) closes the
  channel: if the copy's raw text extends what the channel received, the missing rest is
  fed first; the settled rest and the held tail go out in one synthetic delta *before*
  the closing event; the copy then carries the channel's whole output.  A copy whose
  raw text disagrees with the deltas gets the deltas' text all the same.
* A string that is **not a channel** (ids, names, statuses, echoed instructions, tool
  schemas, error messages, object keys) passes a fresh filter whole, by the default-deny
  rules of :class:`~proxy.replies.ReplyGuard` (base64 of text decoded, numbers of 9 or
  more digits filtered as their digits); equal raw strings give equal output, so every
  copy of an id agrees.  A text position that never streamed (an item that arrives
  whole) is filtered whole, JSON-source positions as JSON.
* **Reasoning** texts (summaries, reasoning text) travel with the provider's
  ``encrypted_content`` and come back to it unchanged in later turns (the request side
  checks them, never rewrites them): their channels are the *signed* kind, which
  redacts like the others but never relinks, so a client that sends a reasoning item
  back sends the provider's placeholders, not the values.

Dropped rather than filtered: ``obfuscation`` padding, ``logprobs`` (token strings can
spell a value across tokens: always ``[]``), ``annotations`` (offsets into text the
filter changed: always ``[]``), and binary payloads no filter can read (generated
images); see :mod:`proxy.openai_responses.stream` for the events.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Final, Literal, final

from pipelines.errors import StreamProtocolError
from proxy.replies import TEXT, ReplyGuard
from proxy.shapes import JSON, FilterFactory, TextFilter

__all__ = [
    "ANY",
    "CHANNELS",
    "ChannelKey",
    "ChannelSpec",
    "Copier",
    "Mode",
    "Path",
    "channel_spec",
    "concrete",
]

# What a copy does to the channels it holds (see the module docstring).
Mode = Literal["open", "peek", "close"]
# A path element standing for the index an event names (``content_index``, ...).
ANY: Final = -1
Path = tuple[str | int, ...]
# Members always emptied, and members never forwarded (see the module docstring).
_EMPTIED: Final = frozenset({"logprobs", "annotations"})
_DROPPED: Final = frozenset({"obfuscation"})
# Members holding binary data no filter can read, per item type.
_BINARY: Final = {"image_generation_call": frozenset({"result"})}


@final
@dataclass(frozen=True, slots=True)
class ChannelKey:
    """One streamed text position: the output index and the path inside its item."""

    output: int
    path: Path


@final
@dataclass(frozen=True, slots=True)
class ChannelSpec:
    """A text position that streams: where it sits and the events that stream it.

    ``path`` is inside an item of one of ``item_types``; :data:`ANY` in it is the value
    of the event's ``index_field``.  ``delta_member`` names the member of an object
    delta (shell output's ``{"stdout": ...}``); ``json_source`` marks JSON text.
    """

    item_types: frozenset[str]
    path: Path
    delta: str
    done: str
    done_field: str | None
    index_field: str | None = None
    json_source: bool = False
    delta_member: str | None = None
    added: str | None = None
    signed: bool = False


def _spec(types: str, path: Path, delta: str, done: str, done_field: str | None,
          index_field: str | None = None, **options: object) -> ChannelSpec:
    return ChannelSpec(frozenset(types.split()), path, delta, done, done_field, index_field,
                       **options)  # type: ignore[arg-type]


CHANNELS: Final = (
    _spec("message", ("content", ANY, "text"), "response.output_text.delta",
          "response.output_text.done", "text", "content_index"),
    _spec("message", ("content", ANY, "refusal"), "response.refusal.delta",
          "response.refusal.done", "refusal", "content_index"),
    _spec("function_call", ("arguments",), "response.function_call_arguments.delta",
          "response.function_call_arguments.done", "arguments", json_source=True),
    _spec("mcp_call", ("arguments",), "response.mcp_call_arguments.delta",
          "response.mcp_call_arguments.done", "arguments", json_source=True),
    _spec("custom_tool_call", ("input",), "response.custom_tool_call_input.delta",
          "response.custom_tool_call_input.done", "input"),
    _spec("reasoning", ("summary", ANY, "text"), "response.reasoning_summary_text.delta",
          "response.reasoning_summary_text.done", "text", "summary_index", signed=True),
    _spec("reasoning", ("content", ANY, "text"), "response.reasoning_text.delta",
          "response.reasoning_text.done", "text", "content_index", signed=True),
    _spec("code_interpreter_call", ("code",), "response.code_interpreter_call_code.delta",
          "response.code_interpreter_call_code.done", "code"),
    _spec("shell_call", ("action", "commands", ANY), "response.shell_call_command.delta",
          "response.shell_call_command.done", "command", "command_index",
          added="response.shell_call_command.added"),
    _spec("shell_call_output", ("output", ANY, "stdout"),
          "response.shell_call_output_content.delta",
          "response.shell_call_output_content.done", None, "command_index",
          delta_member="stdout"),
    _spec("shell_call_output", ("output", ANY, "stderr"),
          "response.shell_call_output_content.delta",
          "response.shell_call_output_content.done", None, "command_index",
          delta_member="stderr"),
    # Audio transcripts belong to no output item: output index -1, path ("transcript",).
    _spec("", ("transcript",), "response.audio.transcript.delta",
          "response.audio.transcript.done", None),
)


_OUTPUT_TEXT: Final = CHANNELS[0]


def _matches(pattern: Path, path: Path) -> bool:
    return len(pattern) == len(path) and all(
        want == got or (want == ANY and isinstance(got, int))
        for want, got in zip(pattern, path, strict=True)
    )


def channel_spec(item_type: str | None, path: Path) -> ChannelSpec | None:
    """The channel at ``path`` of an item of ``item_type`` (any type if unknown)."""
    for spec in CHANNELS:
        if (item_type is None or item_type in spec.item_types) and _matches(spec.path, path):
            return spec
    return None


def concrete(spec: ChannelSpec, index: object) -> Path:
    """``spec.path`` with :data:`ANY` replaced by the event's index."""
    if spec.index_field is None:
        return spec.path
    if not isinstance(index, int) or isinstance(index, bool) or index < 0:
        raise StreamProtocolError(f"upstream sent an event without an integer {spec.index_field}")
    return tuple(index if part == ANY else part for part in spec.path)


@dataclass(slots=True, eq=False)
class _Channel:
    spec: ChannelSpec
    filter: TextFilter
    # The synthetic delta's members besides ``type``, ``delta`` and the sequence number.
    envelope: dict[str, JSON]
    raw: list[str] = field(default_factory=list)
    out: list[str] = field(default_factory=list)
    closed: bool = False

    def feed(self, text: str) -> str:
        self.raw.append(text)
        output = self.filter.feed(text)
        self.out.append(output)
        return output

    def text(self) -> str:
        joined = "".join(self.out)
        self.out = [joined]
        return joined

    def received(self) -> str:
        joined = "".join(self.raw)
        self.raw = [joined]
        return joined


@final
class Copier:
    """The channels of one reply and the copy rule of the module docstring.

    Synthetic deltas (a channel's rest and held tail, sent when it closes) collect in
    :attr:`pending` as payloads without a sequence number; the stream rewriter sends
    them before the event being rewritten.
    """

    __slots__ = ("_channels", "_factory", "_guard", "_json_text", "_types", "pending")

    def __init__(self, factory: FilterFactory) -> None:
        self._factory = factory
        # Structured outputs: the reply's ``text.format`` asks for JSON, so its output
        # text is JSON source (a relinked value with a quote stays valid JSON).
        self._json_text = False
        self._channels: dict[ChannelKey, _Channel] = {}
        self._types: dict[int, str] = {}  # output index -> item type, from added items
        self._guard = ReplyGuard(factory)
        self.pending: list[dict[str, JSON]] = []

    # -- strings that are not channels -----------------------------------------------

    def whole(self, text: str, *, json_source: bool = False, signed: bool = False) -> str:
        """``text`` through a fresh filter in one feed (equal inputs, equal outputs)."""
        guard = self._guard
        if signed:
            return guard.signed(text)
        return guard.source(text) if json_source else guard.text(text)

    def free(self, value: JSON) -> JSON:
        """Free-form reply data: every key and string filtered whole, long numbers as
        their digits (:data:`proxy.replies.TEXT`), padding dropped."""
        if isinstance(value, list):
            return [self.free(item) for item in value]
        if isinstance(value, dict):
            return {self.whole(key): self.free(item) for key, item in value.items()
                    if key not in _DROPPED}
        return self._guard.scrub(value, TEXT)

    # -- channels --------------------------------------------------------------------

    def item_type(self, output: int) -> str | None:
        """The type of the item at ``output``, once an added or done copy named it."""
        return self._types.get(output)

    def delta(self, spec: ChannelSpec, key: ChannelKey, text: str,
              envelope: dict[str, JSON]) -> str:
        """Feed one upstream delta to its channel; what the client gets now."""
        channel = self._channels.get(key)
        if channel is None:
            channel = self._open(spec, key, envelope)
        elif channel.closed:
            raise StreamProtocolError("upstream sent a delta for text it had already finished")
        return channel.feed(text)

    def _json(self, spec: ChannelSpec) -> bool:
        return spec.json_source or (self._json_text and spec is _OUTPUT_TEXT)

    def _open(self, spec: ChannelSpec, key: ChannelKey, envelope: dict[str, JSON]) -> _Channel:
        made = self._factory.signed() if spec.signed else self._factory(self._json(spec))
        channel = _Channel(spec, made, envelope)
        self._channels[key] = channel
        return channel

    def text(self, spec: ChannelSpec, key: ChannelKey, raw: str, mode: Mode,
             envelope: dict[str, JSON]) -> str:
        """A copy of channel ``key``'s text whose upstream value is ``raw``.

        Closing copies call :meth:`close` first (with ``raw``, for the rest rule).
        """
        channel = self._channels.get(key)
        if channel is None:
            if mode != "open":
                return self.whole(raw, json_source=self._json(spec), signed=spec.signed)
            return self._open(spec, key, envelope).feed(raw)
        # Open, peek or closed: what the client has assembled (the whole output once
        # closed); a second opening copy of an open channel adds nothing.
        return channel.text()

    def close(self, key: ChannelKey, raw: str | None = None) -> None:
        """Close channel ``key``: queue its rest and held tail as one synthetic delta."""
        channel = self._channels.get(key)
        if channel is None or channel.closed:
            return
        rest = ""
        if raw is not None:
            received = channel.received()
            if len(raw) > len(received) and raw.startswith(received):
                rest = channel.feed(raw[len(received):])
        tail = channel.filter.close()
        channel.closed = True
        channel.out.append(tail)
        if rest or tail:
            self.pending.append(self._synthetic(channel, rest + tail))

    def close_output(self, output: int) -> None:
        """Close every channel of the item at ``output`` (its done copy arrived)."""
        for key in [key for key in self._channels if key.output == output]:
            self.close(key)

    def close_all(self) -> None:
        """Close every open channel (a terminal event), in output order."""
        for key in sorted(self._channels, key=lambda key: (key.output, repr(key.path))):
            self.close(key)

    def drop_all(self) -> None:
        """Forget every channel without releasing a held tail (the stream failed)."""
        self._channels.clear()
        self.pending.clear()

    def open_channels(self) -> bool:
        """Whether a channel is still open."""
        return any(not channel.closed for channel in self._channels.values())

    @staticmethod
    def _synthetic(channel: _Channel, text: str) -> dict[str, JSON]:
        spec = channel.spec
        delta: JSON = {spec.delta_member: text} if spec.delta_member else text
        payload: dict[str, JSON] = {"type": spec.delta, **channel.envelope, "delta": delta}
        if spec.delta == "response.output_text.delta":
            payload["logprobs"] = []
        return payload

    # -- items, parts, responses -----------------------------------------------------

    def item(self, item: JSON, output: int, mode: Mode, *, item_id: str | None = None) -> JSON:
        """An output item at ``output``: channels by the copy rule, the rest whole."""
        if not isinstance(item, dict):
            return self.free(item)
        kind = item.get("type")
        if isinstance(kind, str):
            self._types.setdefault(output, kind)
        raw_id = item.get("id")
        envelope: dict[str, JSON] = {"output_index": output}
        if isinstance(raw_id, str):
            envelope["item_id"] = self.whole(raw_id)
        elif item_id is not None:
            envelope["item_id"] = item_id
        return self._walk(item, output, (), mode, envelope)

    def part(self, part: JSON, output: int, prefix: Path, mode: Mode,
             envelope: dict[str, JSON]) -> JSON:
        """A part (content or summary) of the item at ``output``, at ``prefix``."""
        return self._walk(part, output, prefix, mode, envelope)

    def _walk(self, value: JSON, output: int, path: Path, mode: Mode,
              envelope: dict[str, JSON]) -> JSON:
        if isinstance(value, str):
            spec = channel_spec(self._types.get(output), path)
            if spec is None:
                return self.whole(value)
            key = ChannelKey(output, path)
            channel_envelope = dict(envelope)
            if spec.index_field is not None:
                channel_envelope[spec.index_field] = next(
                    part for want, part in zip(spec.path, path, strict=True) if want == ANY
                )
            if mode == "close":
                self.close(key, value)
            return self.text(spec, key, value, mode, channel_envelope)
        if isinstance(value, list):
            return [self._walk(item, output, (*path, position), mode, envelope)
                    for position, item in enumerate(value)]
        if not isinstance(value, dict):
            return self.free(value)
        binary = _BINARY.get(self._types.get(output, ""), frozenset()) if not path else frozenset()
        out: dict[str, JSON] = {}
        for name, item in value.items():
            if name in _DROPPED:
                continue
            if name in _EMPTIED:
                out[name] = []
            elif name in binary:
                out[name] = None
            else:
                out[self.whole(name)] = self._walk(item, output, (*path, name), mode, envelope)
        return out

    def response(self, response: JSON, mode: Mode) -> JSON:
        """A response object: its ``output`` items by position, the rest whole."""
        if not isinstance(response, dict):
            return self.free(response)
        text = response.get("text")
        form = text.get("format") if isinstance(text, dict) else None
        if isinstance(form, dict) and form.get("type") in ("json_schema", "json_object") \
                and not self._channels:
            self._json_text = True
        out: dict[str, JSON] = {}
        for name, value in response.items():
            if name == "output" and isinstance(value, list):
                out[name] = [self.item(item, position, mode)
                             for position, item in enumerate(value)]
            elif name in _DROPPED:
                continue
            else:
                out[self.whole(name)] = self.free(value)
        return out

    def keys(self) -> Iterator[ChannelKey]:
        """The channels seen so far."""
        return iter(list(self._channels))
