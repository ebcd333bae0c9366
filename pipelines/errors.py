"""The one exception tree of pseudogate.

Every error pseudogate raises on purpose derives from :class:`GatewayError`::

    GatewayError
    ├── ConfigError            start-up: a bad config file, option or value
    │   └── PluginLoadError    start-up: a detector plugin could not be found or loaded
    ├── DetectorError          request time: a detector raised or misbehaved
    │   ├── DetectorTimeout    request time: a detector did not answer in time
    │   └── DetectorOverloaded request time: a detector's queue is full (503)
    ├── VaultFull              request time: more values than placeholders can number
    ├── SessionError           request time: the session store cannot serve the session
    │   ├── SessionUnavailable the store is down or slow (503, nothing forwarded)
    │   ├── SessionKeyError    a session does not open with the configured root keys
    │   └── SessionConflict    the session changed under the request (ended, renumbered)
    ├── EgressRefused          response time: a sensitive value could not be settled
    │                          within the tail ceiling; the stream is refused
    ├── RequestError           bad client input (a 4xx with the API's error shape)
    ├── UpstreamError          the provider failed: refused, timed out, 5xx, cut
    │   └── UpstreamTimeout
    └── StreamProtocolError    malformed SSE or JSON from the upstream

Messages never contain user text or a sensitive value: they name detectors, labels,
config paths, counts and limits.  Chain dependency errors with ``raise ... from exc``
so the cause stays available to a debugger but is never echoed to a client.
"""

from __future__ import annotations

__all__ = [
    "ConfigError",
    "DetectorError",
    "DetectorOverloaded",
    "DetectorTimeout",
    "EgressRefused",
    "GatewayError",
    "PluginLoadError",
    "RequestError",
    "SessionConflict",
    "SessionError",
    "SessionKeyError",
    "SessionUnavailable",
    "StreamProtocolError",
    "UpstreamError",
    "UpstreamTimeout",
    "VaultFull",
]


class GatewayError(Exception):
    """Root of every error pseudogate raises on purpose."""


class ConfigError(GatewayError):
    """A configuration problem found at start-up.

    ``source`` is the file (or other origin) the value came from, ``path`` the dotted
    path inside it (``detectors.emails.options.threshold``), ``expected`` what would
    have been valid.  ``str()`` renders all three into one line for operators.
    """

    def __init__(
        self,
        message: str,
        *,
        source: str | None = None,
        path: str | None = None,
        expected: str | None = None,
    ) -> None:
        self.message = message
        self.source = source
        self.path = path
        self.expected = expected
        super().__init__(self._render())

    def _render(self) -> str:
        where = ": ".join(part for part in (self.source, self.path) if part)
        text = f"{where}: {self.message}" if where else self.message
        if self.expected:
            text += f" (expected {self.expected})"
        return text


class PluginLoadError(ConfigError):
    """A detector plugin's entry point could not be imported or is not a factory."""


class DetectorError(GatewayError):
    """A detector failed while handling a request.  ``detector`` is its config name."""

    def __init__(self, detector: str, message: str) -> None:
        self.detector = detector
        self.message = message
        super().__init__(f"detector {detector!r}: {message}")


class DetectorTimeout(DetectorError):
    """A detector did not answer within its time limit."""


class DetectorOverloaded(DetectorError):
    """A detector's bounded queue is full; the request is turned away at once (503)."""


class VaultFull(GatewayError):
    """A label ran out of placeholder numbers (the configured bound was reached)."""


class SessionError(GatewayError):
    """The session of a request cannot be served; nothing is forwarded.

    ``message`` names the store, the key id or the reason, never a session id, a tenant
    or a value (the store only ever sees keyed hashes and sealed bytes anyway).
    """

    def __init__(self, message: str) -> None:
        self.message = message
        super().__init__(message)


class SessionUnavailable(SessionError):
    """The session store did not answer in time or refused the connection (503)."""


class SessionKeyError(SessionError):
    """A session's data key or a record does not open: an unknown or wrong root key, or
    sealed data moved from another session (associated data mismatch)."""


class SessionConflict(SessionError):
    """The session was ended or recreated while the request used it, or the store's
    numbering disagrees with the vault (409: the client may retry)."""


class EgressRefused(GatewayError):
    """The egress filter could not settle a possibly sensitive value within its ceiling.

    Nothing of the held tail has been released.  ``label`` names the pattern still open
    (never its text) and ``ceiling`` the configured bound in characters.
    """

    def __init__(self, ceiling: int, label: str | None = None) -> None:
        self.ceiling = ceiling
        self.label = label
        super().__init__(
            f"response refused: a sensitive value could not be settled within "
            f"{ceiling} characters"
        )


class RequestError(GatewayError):
    """The client's request is bad; ``status`` is the 4xx to answer with.

    ``code`` is a short machine-readable reason (``invalid_json``, ``body_too_large``,
    ``unknown_route``, ``invalid_api_key``, ...).
    """

    def __init__(self, status: int, code: str, message: str) -> None:
        self.status = status
        self.code = code
        self.message = message
        super().__init__(message)


class UpstreamError(GatewayError):
    """The upstream provider failed.  ``status`` is what the gateway answers (502/504)."""

    def __init__(self, message: str, *, status: int = 502) -> None:
        self.message = message
        self.status = status
        super().__init__(message)


class UpstreamTimeout(UpstreamError):
    """The upstream did not connect, send its first byte, or keep streaming in time."""

    def __init__(self, message: str) -> None:
        super().__init__(message, status=504)


class StreamProtocolError(GatewayError):
    """The upstream sent bytes that are not valid SSE or JSON of the expected shape.

    ``status_hint`` is the HTTP status the gateway should answer with if the response
    has not started yet.
    """

    def __init__(self, message: str, *, status_hint: int = 502) -> None:
        self.message = message
        self.status_hint = status_hint
        super().__init__(message)
