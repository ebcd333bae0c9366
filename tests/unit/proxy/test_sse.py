"""The SSE codec: whole, byte by byte, trailing data, CR/LF/CRLF splits, any chunking."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pipelines.errors import StreamProtocolError
from proxy.sse import Event, SSEDecoder, encode_event, encode_json_event

RECORDED = Path(__file__).resolve().parents[2] / "fixtures" / "recorded"


def decode_all(chunks: list[bytes]) -> list[Event]:
    """Feed every chunk, then close; return all events."""
    decoder = SSEDecoder()
    events: list[Event] = []
    for chunk in chunks:
        events.extend(decoder.feed(chunk))
    events.extend(decoder.close())
    return events


def test_whole_stream_of_two_events() -> None:
    """A named event and an unnamed one parse with their fields and raw text."""
    raw = b"event: ping\ndata: {}\n\ndata: a\ndata: b\n\n"
    events = decode_all([raw])
    assert [(e.event, e.data) for e in events] == [("ping", "{}"), (None, "a\nb")]
    assert "".join(e.raw for e in events).encode() == raw


def test_byte_by_byte_equals_whole() -> None:
    """One byte per feed gives the same events as one feed."""
    raw = "event: x\r\ndata: héllo ☃\r\n\r\n: keep-alive\n\ndata: [DONE]\n\n".encode()
    whole = decode_all([raw])
    single = decode_all([raw[i : i + 1] for i in range(len(raw))])
    assert whole == single
    assert whole[0].data == "héllo ☃"
    assert whole[1].comments == ("keep-alive",) and whole[1].data is None
    assert whole[2].is_done


@pytest.mark.parametrize("terminator", ["\n", "\r", "\r\n"])
def test_every_line_terminator(terminator: str) -> None:
    """CR, LF and CRLF each end lines and events."""
    raw = f"event: a{terminator}data: 1{terminator}{terminator}".encode()
    (event,) = decode_all([raw])
    assert (event.event, event.data) == ("a", "1")
    assert event.raw == raw.decode()


def test_crlf_split_across_chunks_is_one_terminator() -> None:
    """A CR at the end of a chunk followed by LF in the next is one line end, not two."""
    decoder = SSEDecoder()
    assert decoder.feed(b"data: 1\r") == []
    assert decoder.feed(b"\n\r") == []
    events = decoder.feed(b"\ndata: 2\n\n")
    assert [e.data for e in events] == ["1", "2"]
    assert events[0].raw == "data: 1\r\n\r\n"


def test_cr_then_cr_ends_event() -> None:
    """Two bare CRs are a line end and a blank line even when split.

    A CR at the end of a chunk is decided by the next byte (or by close), so the event
    is handed over one feed later; that keeps ``raw`` independent of the chunking.
    """
    decoder = SSEDecoder()
    assert decoder.feed(b"data: x\r") == []
    assert decoder.feed(b"\r") == []
    assert [e.data for e in decoder.feed(b"data: y")] == ["x"]
    decoder = SSEDecoder()
    decoder.feed(b"data: x\r\r")
    assert [e.raw for e in decoder.close()] == ["data: x\r\r"]


def test_trailing_data_is_kept_until_completed() -> None:
    """An incomplete event after a complete one waits for its blank line."""
    decoder = SSEDecoder()
    events = decoder.feed(b"data: 1\n\ndata: 2")
    assert [e.data for e in events] == ["1"]
    assert [e.data for e in decoder.feed(b"3\n\n")] == ["23"]


def test_close_dispatches_unterminated_event() -> None:
    """close() hands over a last event the server did not end with a blank line."""
    decoder = SSEDecoder()
    assert decoder.feed(b"data: [DONE]\n") == []
    (event,) = decoder.close()
    assert event.is_done


def test_close_on_empty_stream() -> None:
    """Nothing in, nothing out."""
    assert SSEDecoder().close() == []


def test_field_without_space_and_unknown_fields() -> None:
    """``data:x`` keeps ``x``; unknown fields and a bad retry are ignored, id/retry parsed."""
    (event,) = decode_all([b"data:x\nfoo: bar\nid: 7\nretry: 100\n\n"])
    assert (event.data, event.id, event.retry) == ("x", "7", 100)
    (event,) = decode_all([b"data\nretry: soon\n\n"])
    assert event.data == "" and event.retry is None


def test_leading_blank_lines_stay_in_raw() -> None:
    """Blank lines before an event do not dispatch an event, but stay byte-faithful."""
    raw = b"\n\ndata: 1\n\n"
    (event,) = decode_all([raw])
    assert event.data == "1" and event.raw.encode() == raw


def test_utf8_split_across_chunks() -> None:
    """A multi-byte character cut between chunks decodes once whole."""
    raw = "data: ≥√\n\n".encode()
    events = decode_all([raw[:7], raw[7:8], raw[8:]])
    assert events[0].data == "≥√"


def test_invalid_utf8_is_a_protocol_error() -> None:
    """Bytes that are not UTF-8 raise StreamProtocolError, never echoing them."""
    with pytest.raises(StreamProtocolError, match="invalid UTF-8"):
        SSEDecoder().feed(b"data: \xff\xfe\n\n")


def test_truncated_utf8_at_close_is_a_protocol_error() -> None:
    """A stream ending inside a character is an error at close."""
    decoder = SSEDecoder()
    decoder.feed("data: ☃".encode()[:-1])
    with pytest.raises(StreamProtocolError):
        decoder.close()


def test_oversized_event_is_refused() -> None:
    """A peer that never ends its event cannot make the decoder buffer without bound."""
    decoder = SSEDecoder(max_event_bytes=64)
    with pytest.raises(StreamProtocolError, match="larger than 64"):
        for _ in range(10):
            decoder.feed(b"data: " + b"x" * 20 + b"\n")


def test_json_of_bad_data_is_a_protocol_error() -> None:
    """Event.json() maps a parse failure without echoing the payload."""
    event = Event(data="{not json secret@example.com")
    with pytest.raises(StreamProtocolError) as info:
        event.json()
    assert "secret" not in str(info.value)
    with pytest.raises(StreamProtocolError):
        Event().json()


def test_encode_roundtrip() -> None:
    """encode_event output decodes back to the same fields; multi-line data splits."""
    raw = encode_event("a\nb\r\nc", event="message_start", event_id="9")
    (event,) = decode_all([raw])
    assert (event.event, event.id, event.data) == ("message_start", "9", "a\nb\nc")
    raw = encode_json_event({"text": "ü"}, event="x")
    assert raw == 'event: x\ndata: {"text":"ü"}\n\n'.encode()


@pytest.mark.parametrize(
    "name", sorted(p.name for p in RECORDED.glob("*.sse")) if RECORDED.exists() else []
)
def test_recorded_transcripts_roundtrip_byte_for_byte(name: str) -> None:
    """Every recorded provider stream parses and its raw texts rebuild it exactly."""
    raw = (RECORDED / name).read_bytes()
    events = decode_all([raw])
    assert "".join(e.raw for e in events).encode() == raw
    assert all(e.data is not None for e in events)


_LINES = st.lists(
    st.one_of(
        st.sampled_from(["data: x", "data:[DONE]", "event: e", ": c", "", "id: 1", "data: é☃"]),
        st.text(alphabet="ab:é ", max_size=6),
    ),
    max_size=12,
)


@settings(max_examples=150, deadline=None)
@given(
    lines=_LINES,
    terminators=st.lists(st.sampled_from(["\n", "\r", "\r\n"]), min_size=12, max_size=12),
    cuts=st.lists(st.integers(min_value=0, max_value=400), max_size=8),
)
def test_any_chunking_equals_whole(
    lines: list[str], terminators: list[str], cuts: list[int]
) -> None:
    """Property: splitting the bytes anywhere yields exactly the events of one feed."""
    raw = "".join(line + term for line, term in zip(lines, terminators, strict=False)).encode()
    points = sorted({min(c, len(raw)) for c in cuts})
    chunks = [raw[a:b] for a, b in zip([0, *points], [*points, len(raw)], strict=True)]
    whole = decode_all([raw])
    assert decode_all(chunks) == whole
    assert "".join(e.raw for e in whole).encode() == raw


def _decode(chunks: list[bytes], limit: int) -> list[Event] | str:
    """The events of ``chunks``, or the refusal message if the decoder refused."""
    decoder = SSEDecoder(max_event_bytes=limit)
    events: list[Event] = []
    try:
        for chunk in chunks:
            events.extend(decoder.feed(chunk))
        events.extend(decoder.close())
    except StreamProtocolError as exc:
        return exc.message
    return events


@settings(max_examples=200, deadline=None)
@given(
    lines=st.lists(st.one_of(
        st.sampled_from(["data: x", "data:y", "data:  two", "data", "event: e", ": c", "",
                         "id: 1", "retry: 5", "data: é☃", "data: [DONE]", "x: y"]),
        st.text(alphabet="ab:é ", max_size=6)), max_size=14),
    limit=st.integers(min_value=4, max_value=40),
    cuts=st.lists(st.integers(min_value=0, max_value=300), max_size=4),
)
def test_whole_event_fast_path_equals_line_by_line(
    lines: list[str], limit: int, cuts: list[int]
) -> None:
    """Property: LF streams read whole events at once (the fast path) exactly as the
    byte-by-byte decoder (never the fast path) does, refusals at the size limit included."""
    raw = "".join(line + "\n" for line in lines).encode()
    points = sorted({min(c, len(raw)) for c in cuts})
    chunks = [raw[a:b] for a, b in zip([0, *points], [*points, len(raw)], strict=True)]
    byte_by_byte = _decode([raw[i : i + 1] for i in range(len(raw))], limit)
    assert _decode([raw], limit) == byte_by_byte
    assert _decode(chunks, limit) == byte_by_byte


def test_whole_events_in_one_read() -> None:
    """Several whole events in one read: single data lines, fields, comments, a rest."""
    raw = b'data: {"a":1}\n\ndata:[DONE]\n\nevent: ping\nid: 7\ndata: x\n\n: keep\n\ndata: par'
    decoder = SSEDecoder()
    events = decoder.feed(raw)
    assert [(e.data, e.event, e.id, e.comments) for e in events] == [
        ('{"a":1}', None, None, ()), ("[DONE]", None, None, ()),
        ("x", "ping", "7", ()), (None, None, None, ("keep",))]
    assert events[1].is_done
    assert "".join(e.raw for e in events).encode() == raw[: raw.rindex(b"\n\n") + 2]
    (last,) = decoder.feed(b"tial\n\n")
    assert last.data == "partial" and last.raw == "data: partial\n\n"


def test_oversized_whole_event_is_refused() -> None:
    """An event over the limit that arrives whole in one read is refused too."""
    with pytest.raises(StreamProtocolError, match="larger than 64"):
        SSEDecoder(max_event_bytes=64).feed(b"data: " + b"x" * 100 + b"\n\n")


@pytest.mark.parametrize(("data", "expected"), [
    ('{"a":[1,"é"]}', {"a": [1, "é"]}),
    (' {"a":1}\t', {"a": 1}),  # surrounding whitespace: the json.loads path
    ("1", 1),
    ('"s"', "s"),
])
def test_json_accepts_what_json_loads_accepts(data: str, expected: object) -> None:
    """The scanner fast path and its json.loads fallback agree with json.loads."""
    assert Event(data=data).json() == expected


@pytest.mark.parametrize("data", ['{"a":1} x', '{"a":1}{}', "[1", "", '{"a":"\x01"}', "nul"])
def test_json_refuses_what_json_loads_refuses(data: str) -> None:
    """Trailing garbage, truncation, raw control characters: a protocol error."""
    with pytest.raises(StreamProtocolError):
        Event(data=data).json()


def test_json_nested_too_deeply_is_a_protocol_error() -> None:
    """A hostile upstream's deeply nested JSON is refused, not a RecursionError."""
    for data in ("[" * 100_000 + "]" * 100_000, " " + "[" * 100_000):
        with pytest.raises(StreamProtocolError, match="nested too deeply"):
            Event(data=data).json()


def test_json_events_are_one_data_line() -> None:
    """encode_json_event writes one data line even for text with newlines and CRs."""
    raw = encode_json_event({"t": "a\nb\r\u2028c"})
    assert raw.count(b"\n") == 2 and raw.startswith(b"data: {")
    (event,) = decode_all([raw])
    assert event.json() == {"t": "a\nb\r\u2028c"}
