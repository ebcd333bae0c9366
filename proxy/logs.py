"""Structured logs: configured once at start-up, one line per request (docs/design.md C8).

:func:`configure_logging` is called by the CLI's ``main`` (every command logs to
standard error, never to standard output) and again by ``serve`` and ``demo`` with the
config's level and format; never at import.  :class:`RequestRecord` collects what a
request's log line may say, by construction: the route, the client's configured name,
the model name (only if it is a plain identifier), detector names, labels with counts,
the number of placeholders issued, timings, the provider's token counts, status and
outcome.  It has no field that could hold a prompt, a reply or a value, so the access
line cannot leak one; the same holds for its evidence record (:mod:`proxy.evidence`).
The request id is
bound with :mod:`structlog.contextvars`, so any other line logged while the request is
handled (a fail-open detector warning, say) carries it too.
"""

from __future__ import annotations

import logging
import re
import sys
import time
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final, Literal, final

import structlog

from proxy.usage import Usage

if TYPE_CHECKING:
    from pipelines.chain import Finding
    from proxy.metrics import Metrics

__all__ = ["ACCESS_EVENT", "RequestRecord", "configure_logging", "get_logger", "model_name"]

ACCESS_EVENT: Final = "request"
# A model name the log may carry: a short identifier ("gpt-4o-mini", "claude-3-5-haiku-
# 20241022", "org/model:tag").  Anything else is client text and is not logged.
_MODEL: Final = re.compile(r"[A-Za-z0-9][A-Za-z0-9._:/@-]{0,99}")
_LEVELS: Final = {
    "debug": logging.DEBUG,
    "info": logging.INFO,
    "warning": logging.WARNING,
    "error": logging.ERROR,
}


def configure_logging(
    level: str = "info",
    fmt: Literal["console", "json"] | str = "console",
    *,
    worker: int | None = None,
) -> None:
    """Configure structlog (and the stdlib root logger it shares a level with) once.

    ``worker`` (``serve --workers``: 0 the supervisor, 1..N the workers) is added to
    every line, so the workers' lines on their shared stderr tell who wrote them.
    """
    numeric = _LEVELS.get(level.lower())
    if numeric is None:
        raise ValueError(f"unknown log level {level!r}")
    renderer: structlog.typing.Processor = (
        structlog.processors.JSONRenderer()
        if fmt == "json"
        else structlog.dev.ConsoleRenderer(colors=False)
    )
    tagged: list[structlog.typing.Processor] = [] if worker is None else [_WorkerTag(worker)]
    structlog.configure(
        processors=[
            structlog.contextvars.merge_contextvars,
            *tagged,
            structlog.processors.add_log_level,
            structlog.processors.TimeStamper(fmt="iso", utc=True),
            renderer,
        ],
        wrapper_class=structlog.make_filtering_bound_logger(numeric),
        # Always standard error (standard output carries a command's own output, such
        # as ``eval --json``), looked up per line so a redirected stderr is honoured.
        logger_factory=_stderr_logger,
        cache_logger_on_first_use=False,
    )
    # aiohttp and asyncio log through the stdlib; keep their level in step but never
    # let aiohttp's access logger run (it prints request lines with query strings).
    prefix = "" if worker is None else f"worker={worker} "
    logging.basicConfig(
        level=numeric, stream=sys.stderr,
        format=prefix + "%(levelname)s %(name)s %(message)s",
    )
    logging.getLogger("aiohttp.access").disabled = True
    # HTTP clients of dependencies (huggingface_hub's httpx) log every request URL at
    # info: not ours to report, and a URL may carry a query string.
    for noisy in ("httpx", "httpcore", "huggingface_hub", "filelock"):
        logging.getLogger(noisy).setLevel(max(numeric, logging.WARNING))


def _stderr_logger(*_args: object) -> structlog.PrintLogger:
    return structlog.PrintLogger(sys.stderr)


@final
class _WorkerTag:
    """A structlog processor adding ``worker=<n>`` to every event."""

    __slots__ = ("_worker",)

    def __init__(self, worker: int) -> None:
        self._worker = worker

    def __call__(
        self, logger: object, method: str, event: structlog.typing.EventDict
    ) -> structlog.typing.EventDict:
        event["worker"] = self._worker
        return event


def get_logger(name: str = "pseudogate") -> structlog.typing.FilteringBoundLogger:
    """The gateway's logger."""
    logger: structlog.typing.FilteringBoundLogger = structlog.get_logger(name)
    return logger


@final
@dataclass(slots=True)
class RequestRecord:
    """What one request's log line says; filled in as the request proceeds.

    Mutable on purpose (it is a per-request accumulator, never hashed or shared).
    """

    request_id: str
    route: str = "-"
    api: str = "-"
    client: str | None = None
    model: str | None = None
    streamed: bool = False
    status: int = 0
    outcome: str = "ok"
    code: str | None = None
    detectors: set[str] = field(default_factory=set)
    counts: Counter[str] = field(default_factory=Counter)
    placeholders: int = 0
    texts: int = 0
    started: float = field(default_factory=time.perf_counter)
    sanitize_ms: float | None = None
    first_byte_ms: float | None = None
    issued: Counter[str] = field(default_factory=Counter)
    usage: Usage = field(default_factory=Usage)
    upstream: str | None = None
    # Evidence (only filled when the evidence log is on: hashing costs a serialisation).
    keep_evidence: bool = False
    placeholder_names: frozenset[str] = frozenset()
    fired: dict[str, Counter[str]] = field(default_factory=dict)
    ran: tuple[str, ...] = ()
    received_sha256: str | None = None
    forwarded_sha256: str | None = None
    # "new", "continued" or "degraded" on a route with sessions; never the id.
    session: str | None = None

    def elapsed_ms(self) -> float:
        """Milliseconds since the request started."""
        return (time.perf_counter() - self.started) * 1000.0

    def note_findings(
        self, detectors: Iterable[str], counts: Mapping[str, int], placeholders: int
    ) -> None:
        """Record what sanitising found: detector names, per-label counts, vault size."""
        self.detectors.update(detectors)
        self.counts.update(counts)
        self.placeholders = placeholders

    def note_issued(self, findings: Iterable[Finding]) -> None:
        """Count the distinct placeholders of the request's findings per label."""
        issued = {(f.label, f.placeholder) for f in findings}
        self.issued.update(label for label, _ in issued)
        if self.keep_evidence:
            self.placeholder_names = frozenset(placeholder for _, placeholder in issued)
            for finding in findings:
                self.fired.setdefault(finding.detector, Counter())[finding.label] += 1

    def hash_received(self, body: object, ran: Iterable[str]) -> None:
        """Evidence: the request body as received (before any rewrite), and the pipeline."""
        if self.keep_evidence:
            from proxy.evidence import canonical_sha256

            self.received_sha256 = canonical_sha256(body)
            self.ran = tuple(ran)

    def hash_forwarded(self, data: bytes) -> None:
        """Evidence: the exact bytes sent upstream."""
        if self.keep_evidence:
            import hashlib

            self.forwarded_sha256 = hashlib.sha256(data).hexdigest()

    def evidence(self) -> dict[str, object]:
        """The evidence record's body (labels, counts, placeholders and hashes only)."""
        return {
            "type": "call",
            "request_id": self.request_id,
            "route": self.route,
            "api": self.api,
            "client": self.client,
            "upstream": self.upstream,
            "model": self.model,
            "stream": self.streamed,
            "received_sha256": self.received_sha256,
            "forwarded_sha256": self.forwarded_sha256,
            "detectors": list(self.ran),
            "fired": {name: dict(sorted(labels.items()))
                      for name, labels in sorted(self.fired.items())},
            "labels": dict(sorted(self.counts.items())),
            "placeholders": sorted(self.placeholder_names),
            "status": self.status,
            "outcome": self.outcome,
            "code": self.code,
            "timings_ms": {"sanitize": _round(self.sanitize_ms),
                           "upstream_first_byte": _round(self.first_byte_ms),
                           "total": _round(self.elapsed_ms())},
            "usage": self.usage.fields(),
        }

    def observe(self, metrics: Metrics) -> None:
        """Record this request in the metrics (labels: configured names and codes only)."""
        metrics.request_done(
            route=self.route, api=self.api, status=self.status, outcome=self.outcome,
            code=self.code, seconds=self.elapsed_ms() / 1000.0,
            sanitize_seconds=None if self.sanitize_ms is None else self.sanitize_ms / 1000.0,
            issued=self.issued,
        )

    def fields(self) -> dict[str, object]:
        """The log line's key/values."""
        return {
            "route": self.route,
            "api": self.api,
            "client": self.client,
            "model": self.model,
            "stream": self.streamed,
            "status": self.status,
            "outcome": self.outcome,
            "code": self.code,
            "texts": self.texts,
            "detectors": sorted(self.detectors),
            "labels": dict(sorted(self.counts.items())),
            "placeholders": self.placeholders,
            "session": self.session,
            "sanitize_ms": _round(self.sanitize_ms),
            "upstream_first_byte_ms": _round(self.first_byte_ms),
            "total_ms": _round(self.elapsed_ms()),
            **self.usage.fields(),
        }

    def emit(self, logger: structlog.typing.FilteringBoundLogger) -> None:
        """Write the one access line."""
        if self.outcome in ("ok", "client_gone"):
            logger.info(ACCESS_EVENT, **self.fields())
        else:
            logger.warning(ACCESS_EVENT, **self.fields())


def model_name(body: Mapping[str, object]) -> str | None:
    """The request's ``model`` if it is a plain identifier, else None (never client text)."""
    model = body.get("model")
    if isinstance(model, str) and _MODEL.fullmatch(model):
        return model
    return None


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 3)
