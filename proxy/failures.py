"""The one mapping from the error tree to what a client is told (docs/design.md C6, C7).

:func:`describe` turns any exception the request path can raise into a
:class:`Failure`: the HTTP status (used before the response started), a short code, a
message safe to show (it never contains user text: every message here is built from
the error's own fields, which by contract hold no values), and the log outcome.  The
app's middleware and the streaming handler both call it, so a refusal looks the same
whether it happens before or during a stream.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import final

from pipelines.errors import (
    DetectorError,
    DetectorOverloaded,
    DetectorTimeout,
    EgressRefused,
    RequestError,
    SessionConflict,
    SessionKeyError,
    SessionUnavailable,
    StreamProtocolError,
    UpstreamError,
    UpstreamTimeout,
    VaultFull,
)

__all__ = ["Failure", "describe"]


@final
@dataclass(frozen=True, slots=True)
class Failure:
    """How one failure reaches the client and the log."""

    status: int
    code: str
    message: str
    outcome: str


def describe(exc: BaseException) -> Failure:
    """Classify ``exc``; anything unexpected is a 500 whose message says nothing more."""
    if isinstance(exc, RequestError):
        return Failure(exc.status, exc.code, exc.message, "bad_request")
    if isinstance(exc, EgressRefused):
        return Failure(502, "response_refused", str(exc), "refused")
    if isinstance(exc, DetectorOverloaded):
        return Failure(
            503, "detector_overloaded", f"detector {exc.detector!r} is overloaded", "detector_error"
        )
    if isinstance(exc, DetectorTimeout):
        return Failure(
            503, "detector_timeout", f"detector {exc.detector!r} timed out", "detector_error"
        )
    if isinstance(exc, DetectorError):
        return Failure(
            502, "detector_failed",
            f"request refused: detector {exc.detector!r} failed, nothing was forwarded",
            "detector_error",
        )
    if isinstance(exc, VaultFull):
        return Failure(
            400, "too_many_values",
            "request refused: more sensitive values than placeholders can number",
            "bad_request",
        )
    if isinstance(exc, SessionUnavailable):
        return Failure(
            503, "session_store_unavailable",
            f"request refused, nothing was forwarded: {exc.message}", "session_error",
        )
    if isinstance(exc, SessionConflict):
        return Failure(409, "session_conflict", f"request refused: {exc.message}; retry",
                       "session_error")
    if isinstance(exc, SessionKeyError):
        # The detail (key ids) goes to the operator's log, not to the client.
        return Failure(
            500, "session_key_error",
            "request refused: the session cannot be opened with the configured root keys",
            "session_error",
        )
    if isinstance(exc, UpstreamTimeout):
        return Failure(504, "upstream_timeout", exc.message, "upstream_error")
    if isinstance(exc, UpstreamError):
        return Failure(exc.status, "upstream_error", exc.message, "upstream_error")
    if isinstance(exc, StreamProtocolError):
        return Failure(exc.status_hint, "upstream_protocol_error", exc.message, "upstream_error")
    return Failure(500, "internal_error", "internal gateway error", "error")
