"""The request log record and logging set-up: fields, levels, JSON output, no values."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
import structlog
from structlog.testing import capture_logs

from proxy.logs import ACCESS_EVENT, RequestRecord, configure_logging, get_logger


@pytest.fixture(autouse=True)
def _reset_structlog() -> Iterator[None]:
    """Every test leaves structlog as it found it (configuration is process-wide)."""
    yield
    structlog.reset_defaults()
    structlog.contextvars.clear_contextvars()


def test_record_fields_are_counts_names_and_timings() -> None:
    """The line has exactly the documented keys; labels are sorted counts."""
    record = RequestRecord(request_id="r1", route="openai", api="openai_chat")
    record.note_findings({"regex", "(repeat)"}, {"EMAIL": 2, "IBAN": 1}, 3)
    record.note_findings((), {"EMAIL": 1}, 3)
    record.sanitize_ms = 1.23456
    fields = record.fields()
    assert set(fields) == {"route", "api", "client", "model", "stream", "status", "outcome",
                           "code", "texts", "detectors", "labels", "placeholders",
                           "sanitize_ms", "upstream_first_byte_ms", "total_ms", "session"}
    assert fields["labels"] == {"EMAIL": 3, "IBAN": 1}
    assert fields["detectors"] == ["(repeat)", "regex"]
    assert fields["sanitize_ms"] == 1.235 and fields["upstream_first_byte_ms"] is None
    assert isinstance(fields["total_ms"], float)


@pytest.mark.parametrize(("outcome", "level"), [
    ("ok", "info"), ("client_gone", "info"), ("refused", "warning"),
    ("upstream_error", "warning"), ("bad_request", "warning"),
])
def test_emit_level_follows_outcome(outcome: str, level: str) -> None:
    """Failures log at warning, successes and departures at info, one line each."""
    record = RequestRecord(request_id="r", outcome=outcome)
    with capture_logs() as logs:
        record.emit(get_logger("pseudogate.access"))
    assert [(entry["event"], entry["log_level"]) for entry in logs] == [(ACCESS_EVENT, level)]


def test_configure_json_binds_request_id(capsys: pytest.CaptureFixture[str]) -> None:
    """JSON output is one parseable line with the contextvar-bound request id."""
    configure_logging("info", "json")
    structlog.contextvars.bind_contextvars(request_id="abc")
    RequestRecord(request_id="abc", route="r").emit(get_logger("x"))
    get_logger("x").debug("hidden")
    line = capsys.readouterr().err.strip().splitlines()[-1]
    parsed = json.loads(line)
    assert parsed["request_id"] == "abc" and parsed["event"] == "request"
    assert parsed["level"] == "info" and "timestamp" in parsed


def test_configure_console_and_bad_level(capsys: pytest.CaptureFixture[str]) -> None:
    """Console output renders key=value; an unknown level is refused."""
    configure_logging("debug", "console")
    get_logger("x").debug("hello", count=2)
    assert "count=2" in capsys.readouterr().err
    with pytest.raises(ValueError):
        configure_logging("verbose")
