"""Structured logs: configured once at start-up, one line per request (DESIGN C8).

:func:`configure_logging` is called only by the ``serve`` and ``demo`` commands, never
at import.  :class:`RequestRecord` collects what a request's log line may say, by
construction: the route, detector names, labels with counts, the number of
placeholders issued, timings, status and outcome.  It has no field that could hold a
prompt, a reply or a value, so the access line cannot leak one.  The request id is
bound with :mod:`structlog.contextvars`, so any other line logged while the request is
handled (a fail-open detector warning, say) carries it too.
"""

from __future__ import annotations

import logging
import sys
import time
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Final, Literal, final

import structlog

__all__ = ["ACCESS_EVENT", "RequestRecord", "configure_logging", "get_logger"]

ACCESS_EVENT: Final = "request"
_LEVELS: Final = {
    "debug": logging.DEBUG,
    "info": logging.INFO,
    "warning": logging.WARNING,
    "error": logging.ERROR,
}


def configure_logging(
    level: str = "info", fmt: Literal["console", "json"] | str = "console"
) -> None:
    """Configure structlog (and the stdlib root logger it shares a level with) once."""
    numeric = _LEVELS.get(level.lower())
    if numeric is None:
        raise ValueError(f"unknown log level {level!r}")
    renderer: structlog.typing.Processor = (
        structlog.processors.JSONRenderer()
        if fmt == "json"
        else structlog.dev.ConsoleRenderer(colors=False)
    )
    structlog.configure(
        processors=[
            structlog.contextvars.merge_contextvars,
            structlog.processors.add_log_level,
            structlog.processors.TimeStamper(fmt="iso", utc=True),
            renderer,
        ],
        wrapper_class=structlog.make_filtering_bound_logger(numeric),
        logger_factory=structlog.PrintLoggerFactory(sys.stderr),
        cache_logger_on_first_use=True,
    )
    # aiohttp and asyncio log through the stdlib; keep their level in step but never
    # let aiohttp's access logger run (it prints request lines with query strings).
    logging.basicConfig(
        level=numeric, stream=sys.stderr, format="%(levelname)s %(name)s %(message)s"
    )
    logging.getLogger("aiohttp.access").disabled = True


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

    def fields(self) -> dict[str, object]:
        """The log line's key/values."""
        return {
            "route": self.route,
            "api": self.api,
            "stream": self.streamed,
            "status": self.status,
            "outcome": self.outcome,
            "code": self.code,
            "texts": self.texts,
            "detectors": sorted(self.detectors),
            "labels": dict(sorted(self.counts.items())),
            "placeholders": self.placeholders,
            "sanitize_ms": _round(self.sanitize_ms),
            "upstream_first_byte_ms": _round(self.first_byte_ms),
            "total_ms": _round(self.elapsed_ms()),
        }

    def emit(self, logger: structlog.typing.FilteringBoundLogger) -> None:
        """Write the one access line."""
        if self.outcome in ("ok", "client_gone"):
            logger.info(ACCESS_EVENT, **self.fields())
        else:
            logger.warning(ACCESS_EVENT, **self.fields())


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 3)
