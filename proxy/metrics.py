"""Prometheus metrics: one :class:`Metrics` per app, served as ``GET /metrics``.

Every metric lives in the app's own ``CollectorRegistry`` (no process-global state).
When ``PROMETHEUS_MULTIPROC_DIR`` is set (``serve --workers N`` sets it before forking),
prometheus-client writes each process's values to files in that directory and
:meth:`Metrics.render` aggregates all of them through a ``MultiProcessCollector``,
so a scrape of any worker reports the whole server.

No label value ever comes from request content: ``route`` is a configured route name
(``-`` for an unknown path), ``api`` a shape name, ``status`` the HTTP status,
``outcome`` and ``reason`` fixed codes of :mod:`proxy.failures`, ``detector`` and
``upstream`` configured names, ``label`` an entity label a detector declares.  The
list of metrics and their meaning is in ``docs/operations.md``.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Final, final

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
)
from prometheus_client import multiprocess as _multiprocess

__all__ = ["CONTENT_TYPE", "MULTIPROC_ENV", "Metrics"]

CONTENT_TYPE: Final = CONTENT_TYPE_LATEST
MULTIPROC_ENV: Final = "PROMETHEUS_MULTIPROC_DIR"
# Seconds: from sub-millisecond regex scans to minute-long generations.
_LATENCY: Final = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0,
                   10.0, 30.0, 60.0, 120.0, 300.0)
_LAG: Final = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
_CHARS: Final = (0, 16, 64, 256, 1024, 4096, 16384, 65536)


@final
class Metrics:
    """The gateway's metrics; methods are the only way the code records anything."""

    __slots__ = (
        "config_reloads",
        "detector_blocks",
        "detector_seconds",
        "held_chars",
        "list_entries",
        "list_reloads",
        "loop_lag",
        "open_streams",
        "placeholders",
        "ready",
        "refusals",
        "registry",
        "request_seconds",
        "requests",
        "sanitize_seconds",
        "scrubber_discarded",
        "scrubber_effect_errors",
        "scrubber_errors",
        "scrubber_findings",
        "scrubber_jobs",
        "scrubber_malformed",
        "scrubber_queue",
        "scrubber_seconds",
        "upstream_first_byte",
        "upstream_retries",
        "upstream_seconds",
    )

    def __init__(self) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        r = self.registry
        self.requests = Counter(
            "pseudogate_requests", "Requests answered, by route, API, status and outcome.",
            ("route", "api", "status", "outcome"), registry=r)
        self.request_seconds = Histogram(
            "pseudogate_request_duration_seconds", "Whole request time, by route.",
            ("route",), buckets=_LATENCY, registry=r)
        self.sanitize_seconds = Histogram(
            "pseudogate_sanitize_seconds", "Time to sanitise one request's texts, by route.",
            ("route",), buckets=_LATENCY, registry=r)
        self.detector_seconds = Histogram(
            "pseudogate_detector_seconds", "Time of one detector call, by detector.",
            ("detector",), buckets=_LATENCY, registry=r)
        self.detector_blocks = Counter(
            "pseudogate_detector_loop_blocks",
            "Detector calls that held the event loop longer than the block threshold.",
            ("detector",), registry=r)
        self.placeholders = Counter(
            "pseudogate_placeholders_issued", "Placeholders issued, by entity label.",
            ("label",), registry=r)
        self.refusals = Counter(
            "pseudogate_refusals", "Requests and replies refused, by reason.",
            ("reason",), registry=r)
        self.upstream_first_byte = Histogram(
            "pseudogate_upstream_first_byte_seconds",
            "Request sent upstream to response headers, by upstream.",
            ("upstream",), buckets=_LATENCY, registry=r)
        self.upstream_seconds = Histogram(
            "pseudogate_upstream_duration_seconds",
            "Request sent upstream to the response closed, by upstream.",
            ("upstream",), buckets=_LATENCY, registry=r)
        self.upstream_retries = Counter(
            "pseudogate_upstream_retries",
            "Upstream requests sent again before the first byte, by upstream and reason "
            "(connect, or the HTTP status).", ("upstream", "reason"), registry=r)
        self.open_streams = Gauge(
            "pseudogate_open_streams", "Streamed replies being relayed right now.",
            registry=r, multiprocess_mode="livesum")
        self.held_chars = Histogram(
            "pseudogate_held_chars", "Most characters one reply channel held back at once.",
            buckets=_CHARS, registry=r)
        self.list_reloads = Counter(
            "pseudogate_list_reloads", "Entity list reloads, by detector and outcome.",
            ("detector", "outcome"), registry=r)
        self.list_entries = Gauge(
            "pseudogate_list_entries", "Entries in force, by list detector.",
            ("detector",), registry=r, multiprocess_mode="liveall")
        self.loop_lag = Histogram(
            "pseudogate_event_loop_lag_seconds",
            "How late the event loop woke a 100 ms ticker.", buckets=_LAG, registry=r)
        self.config_reloads = Counter(
            "pseudogate_config_reloads", "SIGHUP config reloads, by outcome.",
            ("outcome",), registry=r)
        # The out-of-band LLM scrubber (proxy/scrubber.py, docs/scrubber.md).
        self.scrubber_jobs = Counter(
            "pseudogate_scrubber_jobs",
            "Requests handed to a scrubber, by detector, route and outcome (scrubbed, "
            "failed, queue_full, shutdown, sampled_out, unchanged).",
            ("detector", "route", "outcome"), registry=r)
        self.scrubber_findings = Counter(
            "pseudogate_scrubber_findings",
            "Verified scrubber findings (values found verbatim in a text sent), by route "
            "and label.", ("route", "label"), registry=r)
        self.scrubber_discarded = Counter(
            "pseudogate_scrubber_discarded",
            "Reported scrubber findings not kept, by detector and reason.",
            ("detector", "reason"), registry=r)
        self.scrubber_malformed = Counter(
            "pseudogate_scrubber_malformed_answers",
            "Scrubber answers that did not parse (dropped whole), by detector.",
            ("detector",), registry=r)
        self.scrubber_errors = Counter(
            "pseudogate_scrubber_errors",
            "Scrubber calls that failed, by detector and reason (timeout, unreachable, "
            "http_<status>).", ("detector", "reason"), registry=r)
        self.scrubber_effect_errors = Counter(
            "pseudogate_scrubber_effect_errors",
            "Findings whose effect failed, by effect (evidence, review, session).",
            ("effect",), registry=r)
        self.scrubber_queue = Gauge(
            "pseudogate_scrubber_queue_depth", "Jobs waiting for a scrubber's workers.",
            ("detector",), registry=r, multiprocess_mode="livesum")
        self.scrubber_seconds = Histogram(
            "pseudogate_scrubber_seconds", "Time of one scrubber job (all its calls), by "
            "detector.", ("detector",), buckets=_LATENCY, registry=r)
        self.ready = Gauge(
            "pseudogate_ready", "1 when detectors are loaded and routes are served.",
            registry=r, multiprocess_mode="liveall")

    def request_done(self, *, route: str, api: str, status: int, outcome: str,
                     code: str | None, seconds: float, sanitize_seconds: float | None,
                     issued: Mapping[str, int]) -> None:
        """Record one answered request (the access log line's figures)."""
        self.requests.labels(route, api, str(status), outcome).inc()
        self.request_seconds.labels(route).observe(seconds)
        if sanitize_seconds is not None:
            self.sanitize_seconds.labels(route).observe(sanitize_seconds)
        for label, count in issued.items():
            self.placeholders.labels(label).inc(count)
        if outcome not in ("ok", "client_gone") and code is not None:
            self.refusals.labels(code).inc()

    def render(self) -> bytes:
        """The text exposition of every metric (all processes' in multi-process mode)."""
        if os.environ.get(MULTIPROC_ENV):
            registry = CollectorRegistry()
            _multiprocess.MultiProcessCollector(registry)  # type: ignore[no-untyped-call]
            return generate_latest(registry)
        return generate_latest(self.registry)
