"""The gateway side of the ``llm_scrubber`` (issue #14): what goes to it, what findings do.

A route whose pipeline lists an ``llm_scrubber`` gets a :class:`RouteScrub`.  The
gateway calls :meth:`RouteScrub.submit` with the texts it *sent* once the request's
reply has ended (or failed), so the scrubber never delays a reply or changes its
outcome and never sees a vault an egress filter is still reading.  ``submit`` does no
I/O and never waits: per scrubber it samples the request (``sample_rate``,
``sample_rates``), leaves out texts it scrubbed recently for the same route
(``recent_texts``; a conversation resends its history every turn) and queues the rest;
a full queue drops the job and counts it.

When a job is done, each verified finding (a value that occurs verbatim in a text that
was sent, :mod:`detectors.llm_scrubber_answers`), depending on the options:

1. ``audit``: a ``scrubber.finding`` log line and, with the evidence log on, entries of
   one signed ``type: audit`` record for the request (:meth:`proxy.evidence.EvidenceLog.
   audit`): route, request id, detector, label, text index, first position, number of
   occurrences and a keyed hash (HMAC-SHA256, ``hash_key``) of the value: never the
   value;
2. metrics, always (:mod:`proxy.metrics`: findings by route and label, jobs by outcome,
   discards by reason, malformed answers, call errors, queue depth, job latency);
3. ``remember``: on a request with a session, the value is added to the session's vault
   (:meth:`pipelines.sessions.Session.learn`: numbered in the store like any value), so
   every later turn of the session masks it before it leaves;
4. ``review_file``: a JSON line with the label and the *value*, for an operator to
   review as known-entity entries (off by default; file mode 0600; sensitive).

A failing effect (the evidence file cannot be written, the review file's disk is
full, the session store is down or the session ended) is counted in
``pseudogate_scrubber_effect_errors`` and logged by type; it never stops the scrubber.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import random
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Final, final

from detectors.llm_scrubber import JobResult, LlmScrubber
from detectors.llm_scrubber_answers import Verified
from pipelines.errors import ConfigError, GatewayError
from pipelines.sessions import Session
from pipelines.spans import Detector
from proxy.config import Config
from proxy.evidence import EvidenceLog
from proxy.logs import get_logger
from proxy.metrics import Metrics
from proxy.upstream import UpstreamClient

__all__ = [
    "CHAT_PATH",
    "ReviewFile",
    "RouteScrub",
    "ScrubEffects",
    "UpstreamTransport",
    "check_scrubbers",
    "findings_digest",
    "scrubbers_of",
]

# Where an OpenAI-compatible server answers chat completions (vLLM, llama.cpp's
# server, Ollama, OpenAI): relative to the upstream's base_url.
CHAT_PATH: Final = "/v1/chat/completions"
_log = get_logger("pseudogate.scrubber")


def scrubbers_of(pipeline: Sequence[str], detectors: Mapping[str, Detector]
                 ) -> tuple[LlmScrubber, ...]:
    """The out-of-band scrubbers among a route's pipeline, in pipeline order."""
    return tuple(d for name in pipeline
                 if isinstance(d := detectors[name], LlmScrubber))


def check_scrubbers(config: Config, detectors: Mapping[str, Detector]) -> list[ConfigError]:
    """What the scrubbers' options name that the rest of the config does not have.

    ``upstream`` must be a configured upstream, ``sample_rates`` must name routes, and a
    route's ``fail_open`` and ``check_detectors`` must not name a scrubber (it never
    fails a request and never runs in line).
    """
    problems: list[ConfigError] = []
    routes = {route.name for route in config.routes}
    for name, detector in detectors.items():
        if not isinstance(detector, LlmScrubber):
            continue
        base = config.detectors[name].path or f"detectors.{name}.options"
        if detector.options.upstream not in config.upstreams:
            problems.append(ConfigError(
                f"detector {name!r}: unknown upstream", source=config.source,
                path=f"{base}.upstream",
                expected="one of the upstreams: " + ", ".join(config.upstreams)))
        for route_name in detector.options.sample_rates:
            if route_name not in routes:
                problems.append(ConfigError(
                    f"detector {name!r}: unknown route", source=config.source,
                    path=f"{base}.sample_rates.{route_name}",
                    expected="route names: " + ", ".join(sorted(routes))))
    for index, route in enumerate(config.routes):
        for position, name in enumerate(sorted(route.fail_open)):
            if isinstance(detectors.get(name), LlmScrubber):
                problems.append(ConfigError(
                    "an llm_scrubber runs out of band and never fails a request",
                    source=config.source, path=f"routes[{index}].fail_open[{position}]",
                    expected="detectors the route runs in line"))
        for position, name in enumerate(route.check_detectors or ()):
            if isinstance(detectors.get(name), LlmScrubber):
                problems.append(ConfigError(
                    "an llm_scrubber runs out of band and checks nothing in line",
                    source=config.source,
                    path=f"routes[{index}].check_detectors[{position}]",
                    expected="detectors the route runs in line"))
    return problems


@final
class UpstreamTransport:
    """A scrubber's :class:`~detectors.llm_scrubber.ChatTransport` on a configured upstream."""

    __slots__ = ("_client", "_headers")

    def __init__(self, client: UpstreamClient, api_key: str | None) -> None:
        self._client = client
        self._headers = {"Content-Type": "application/json", "Accept": "application/json"}
        if api_key:
            self._headers["Authorization"] = f"Bearer {api_key}"

    async def complete(self, body: bytes, limit: int) -> tuple[int, bytes]:
        """POST to the upstream's chat completions path; (status, body up to ``limit``)."""
        async with self._client.post(CHAT_PATH, body, self._headers) as response:
            return response.status, await response.read(limit)


def findings_digest(key: bytes, value: str) -> str:
    """The keyed hash of a value that audit records carry (HMAC-SHA256, hex)."""
    return hmac.new(key, value.encode("utf-8", "surrogatepass"), hashlib.sha256).hexdigest()


@final
class ReviewFile:
    """Opt-in JSON lines of suggested known-entity entries: these hold *values*.

    Created with mode 0600 (and put back to 0600 if it was wider); each value is
    written once per process.  Every line: ``ts``, ``route``, ``detector``, ``label``,
    ``value``, ``value_hmac``.
    """

    __slots__ = ("_seen", "path")

    def __init__(self, path: Path) -> None:
        self.path = path
        self._seen: set[tuple[str, str]] = set()

    def add(self, entries: Sequence[tuple[str, str, str, str, str]]) -> int:
        """Append ``(route, detector, label, value, value_hmac)`` not written yet."""
        lines = []
        now = datetime.now(UTC).isoformat(timespec="seconds")
        for route, detector, label, value, digest in entries:
            if (label, digest) in self._seen:
                continue
            self._seen.add((label, digest))
            lines.append(json.dumps({"ts": now, "route": route, "detector": detector,
                                     "label": label, "value": value, "value_hmac": digest},
                                    ensure_ascii=False) + "\n")
        if lines:
            fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
            try:
                os.fchmod(fd, 0o600)
                os.write(fd, "".join(lines).encode("utf-8", "surrogatepass"))
            finally:
                os.close(fd)
        return len(lines)


@final
class ScrubEffects:
    """What findings do, for one generation: metrics, the evidence log, review files."""

    __slots__ = ("evidence", "metrics", "recent", "reviews")

    def __init__(self, metrics: Metrics, evidence: EvidenceLog | None,
                 scrubbers: Sequence[LlmScrubber]) -> None:
        self.metrics = metrics
        self.evidence = evidence
        self.reviews = {s.name: ReviewFile(s.options.review_file) for s in scrubbers
                        if s.options.review_file is not None}
        # Per scrubber: digests of (route, text) scrubbed lately, oldest first.
        self.recent: dict[str, OrderedDict[bytes, None]] = {s.name: OrderedDict()
                                                            for s in scrubbers}

    def seen(self, scrubber: LlmScrubber, digest: bytes) -> bool:
        """Whether ``scrubber`` scrubbed this (route, text) digest lately."""
        recent = self.recent[scrubber.name]
        if digest in recent:
            recent.move_to_end(digest)
            return True
        return False

    def scrubbed(self, scrubber: LlmScrubber, digests: Sequence[bytes]) -> None:
        """Remember digests of texts ``scrubber`` has now scrubbed (bounded, oldest out)."""
        size = scrubber.options.recent_texts
        recent = self.recent[scrubber.name]
        for digest in digests:
            recent[digest] = None
            recent.move_to_end(digest)
        while len(recent) > size:
            recent.popitem(last=False)


@final
@dataclass(frozen=True, slots=True)
class _Job:
    """One request's texts for one scrubber (a :class:`~detectors.llm_scrubber.ScrubJob`)."""

    scrubber: LlmScrubber
    effects: ScrubEffects
    route: str
    request_id: str
    texts: tuple[str, ...]
    # The request's text index of each of ``texts``, and their (route, text) digests.
    indices: tuple[int, ...]
    digests: tuple[bytes, ...]
    # The request's session (its request has ended), where findings are learned.
    session: Session | None

    def dropped(self, reason: str) -> None:
        """Count a job that will not run (``queue_full`` or ``shutdown``)."""
        metrics = self.effects.metrics
        metrics.scrubber_jobs.labels(self.scrubber.name, self.route, reason).inc()
        metrics.scrubber_queue.labels(self.scrubber.name).set(self.scrubber.queue_depth)

    async def done(self, result: JobResult) -> None:
        """Record the outcome and act on every finding (see the module docstring)."""
        name = self.scrubber.name
        metrics = self.effects.metrics
        metrics.scrubber_queue.labels(name).set(self.scrubber.queue_depth)
        metrics.scrubber_seconds.labels(name).observe(result.seconds)
        scrubbed = result.scrubbed
        if scrubbed is None:
            reason = result.error or "failed"
            metrics.scrubber_jobs.labels(name, self.route, "failed").inc()
            metrics.scrubber_errors.labels(name, reason).inc()
            _log.warning("scrubber.failed", detector=name, route=self.route,
                         request_id=self.request_id, reason=reason)
            return
        if scrubbed.malformed:
            metrics.scrubber_malformed.labels(name).inc(scrubbed.malformed)
        for reason, count in scrubbed.discarded.items():
            metrics.scrubber_discarded.labels(name, reason).inc(count)
        learned = await self._act(scrubbed.findings) if scrubbed.findings else True
        if learned and self.scrubber.options.recent_texts:
            # Not when the session could not learn: the texts are read again next time.
            self.effects.scrubbed(self.scrubber, self.digests)
        # Counted last: a job counts as scrubbed once its findings took effect.
        metrics.scrubber_jobs.labels(name, self.route, "scrubbed").inc()

    async def _act(self, findings: Sequence[Verified]) -> bool:
        """Audit, learn and review ``findings``; False if the session could not learn them."""
        name = self.scrubber.name
        learned = True
        for finding in findings:
            self.effects.metrics.scrubber_findings.labels(self.route, finding.label).inc()
        digests = [findings_digest(self.scrubber.hash_key, f.value) for f in findings]
        if self.scrubber.options.audit:
            self._audit(findings, digests)
        if self.session is not None and self.scrubber.options.remember:
            try:
                await self.session.learn([(f.label, f.value) for f in findings])
            except (GatewayError, ValueError) as exc:
                # Unavailable store, session ended meanwhile, labels full: not retried.
                self._effect_failed("session", exc)
                learned = False
        review = self.effects.reviews.get(name)
        if review is not None:
            try:
                review.add([(self.route, name, f.label, f.value, digest)
                            for f, digest in zip(findings, digests, strict=True)])
            except OSError as exc:
                self._effect_failed("review", exc)
        return learned

    def _audit(self, findings: Sequence[Verified], digests: Sequence[str]) -> None:
        entries: list[dict[str, object]] = []
        for finding, digest in zip(findings, digests, strict=True):
            start, end = finding.spans[0]
            entry: dict[str, object] = {
                "route": self.route, "label": finding.label,
                "text": self.indices[finding.text_index], "start": start, "end": end,
                "occurrences": len(finding.spans), "value_hmac": digest,
            }
            entries.append(entry)
            _log.info("scrubber.finding", detector=self.scrubber.name,
                      request_id=self.request_id, **entry)
        evidence = self.effects.evidence
        if evidence is not None:
            try:
                evidence.audit(self.request_id, self.scrubber.name, entries)
            except OSError as exc:
                self._effect_failed("evidence", exc)

    def _effect_failed(self, effect: str, exc: BaseException) -> None:
        self.effects.metrics.scrubber_effect_errors.labels(effect).inc()
        _log.error("scrubber.effect_failed", detector=self.scrubber.name, effect=effect,
                   error=type(exc).__name__)


@final
class RouteScrub:
    """A route's scrubbers and where their findings go; :meth:`submit` per request."""

    __slots__ = ("_effects", "_route", "_scrubbers")

    def __init__(self, route: str, scrubbers: Sequence[LlmScrubber], effects: ScrubEffects
                 ) -> None:
        self._route = route
        self._scrubbers = tuple(scrubbers)
        self._effects = effects

    @property
    def scrubbers(self) -> tuple[LlmScrubber, ...]:
        """The route's scrubbers, in pipeline order."""
        return self._scrubbers

    def submit(self, request_id: str, texts: Sequence[str], session: Session | None = None
               ) -> None:
        """Queue the texts a request sent for each scrubber (sampled, recent ones left out).

        ``session``: the request's session, if it had one; call this once the request
        has ended.
        """
        metrics = self._effects.metrics
        for scrubber in self._scrubbers:
            name = scrubber.name
            rate = scrubber.options.rate_for(self._route)
            if rate < 1.0 and random.random() >= rate:
                metrics.scrubber_jobs.labels(name, self._route, "sampled_out").inc()
                continue
            indices, digests = self._fresh(scrubber, texts, session)
            if not indices:
                metrics.scrubber_jobs.labels(name, self._route, "unchanged").inc()
                continue
            job = _Job(scrubber, self._effects, self._route, request_id,
                       tuple(texts[i] for i in indices), tuple(indices), tuple(digests),
                       session)
            if scrubber.submit(job):
                metrics.scrubber_queue.labels(name).set(scrubber.queue_depth)

    def _fresh(self, scrubber: LlmScrubber, texts: Sequence[str], session: Session | None
               ) -> tuple[list[int], list[bytes]]:
        """Indices (and digests) of the non-empty texts not scrubbed lately on this route.

        With a session, "lately" is per session (what is learned goes to that session's
        vault).  A text counts as scrubbed once a job with it has finished; a dropped or
        failed job's texts are sent again with the next request that has them.
        """
        remember = bool(scrubber.options.recent_texts)
        route = self._route.encode() + b"\x00" + (session.name.encode() if session else b"")
        indices: list[int] = []
        digests: list[bytes] = []
        for index, text in enumerate(texts):
            if not text:
                continue
            digest = b""
            if remember:
                digest = hashlib.sha256(
                    route + b"\x00" + text.encode("utf-8", "surrogatepass")).digest()
                if self._effects.seen(scrubber, digest):
                    continue
            indices.append(index)
            digests.append(digest)
        return indices, digests
