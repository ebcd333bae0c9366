"""The ``llm_scrubber`` detector: a second opinion from an LLM, out of the request path.

Listed in a route's pipeline like any detector, it is not run by the chain: the gateway
hands it the *sanitised* texts of a request once the request has been forwarded and
its reply has ended (:mod:`proxy.scrubber`), so it sees placeholders where the chain
found values and never a value the chain masked.  It asks an OpenAI-compatible chat
completions server (a local vLLM, llama.cpp or Ollama server, or a provider) for
personal data still written out, and keeps only what :func:`~detectors.
llm_scrubber_answers.verify` accepts: values that occur verbatim in the text sent.

Out of band: :meth:`LlmScrubber.submit` puts a job on a bounded queue and returns at
once (``False``, the job told ``dropped("queue_full")``, when the queue is full); the
detector's own worker tasks (``concurrency`` of them, started in :meth:`start`) run the
jobs and hand each :class:`JobResult` to the job.  What findings *do* (audit records,
metrics, the session's vault, the review file) is the job's business, i.e. the proxy's:
this module does no logging of values, holds no metrics and knows no sessions.
:meth:`aclose` stops the workers at once; the jobs still queued are told
``dropped("shutdown")``.

In line: :meth:`LlmScrubber.scrub` (and :meth:`detect`, the protocol's form) scrubs
texts now and returns the verified findings; ``pseudogate scrub`` uses it, where latency
does not matter.  A large answer over long texts is parsed and verified in a worker
thread, off the event loop the requests share.  Every call is bounded by ``timeout_s``;
a failure raises :class:`ScrubberFailed` (a :class:`~pipelines.errors.DetectorError`)
whose ``reason`` is a fixed code; a malformed answer is not a failure: it is counted and dropped.

The server is reached through a :class:`ChatTransport` the proxy connects
(:meth:`connect`), built on the configured upstream the ``upstream`` option names, so
proxies, CA bundles, retries and keys work as for any upstream.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import os
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Final, Protocol, final

import structlog

from detectors.llm_scrubber_answers import (
    Piece,
    Reported,
    Verified,
    answer_schema,
    batches,
    parse_answer,
    request_body,
    verify,
)
from detectors.llm_scrubber_options import ScrubberOptions, parse_options
from pipelines.errors import DetectorError, GatewayError, UpstreamTimeout
from pipelines.spans import DetectorContext, Span

__all__ = [
    "MAX_ANSWER_BYTES",
    "SCORE",
    "ChatTransport",
    "JobResult",
    "LlmScrubber",
    "ScrubJob",
    "Scrubbed",
    "ScrubberFailed",
    "create",
]

_log = structlog.get_logger(__name__)
# An answer larger than this is a failure, not something to parse.
MAX_ANSWER_BYTES: Final = 1024 * 1024
# Reading answers on the loop when (answer bytes) x (text characters) is at most this,
# about a millisecond of searching: a worker thread's hand-off costs more than that
# (measured: ~0.6 ms CPU per job on the bench's answers, see the commit).
_INLINE_WORK: Final = 1 << 24
# The score of the scrubber's spans: a model's judgement, verified only as text.
SCORE: Final = 0.8


class ChatTransport(Protocol):
    """How the detector reaches its server (the proxy builds it on an upstream)."""

    async def complete(self, body: bytes, limit: int) -> tuple[int, bytes]:
        """POST ``body`` to the server's chat completions path; (status, response body).

        Raises :class:`~pipelines.errors.GatewayError` (``UpstreamError``) when the
        server cannot be reached or the body exceeds ``limit`` bytes.
        """
        ...


class ScrubberFailed(DetectorError):
    """A scrub call failed; ``reason`` is a fixed code (``timeout``, ``http_502``, ...)."""

    def __init__(self, detector: str, reason: str, message: str) -> None:
        super().__init__(detector, message)
        self.reason = reason


@final
@dataclass(frozen=True, slots=True)
class Scrubbed:
    """What scrubbing some texts gave: verified findings, and what was not kept.

    ``discarded`` counts reported items by reason (:data:`~detectors.
    llm_scrubber_answers.DISCARD_REASONS`); ``malformed`` the calls whose answer did
    not parse; ``calls`` the calls made (0 when no text had anything to read).
    """

    findings: tuple[Verified, ...]
    discarded: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    malformed: int = 0
    calls: int = 0


@final
@dataclass(frozen=True, slots=True)
class JobResult:
    """The outcome of one queued job: ``scrubbed``, or the ``error`` code; its duration."""

    scrubbed: Scrubbed | None
    error: str | None
    seconds: float


class ScrubJob(Protocol):
    """A request's texts to scrub out of band, and what to do with the outcome."""

    @property
    def texts(self) -> Sequence[str]:
        """The texts as they were sent."""
        ...

    async def done(self, result: JobResult) -> None:
        """Act on the outcome (called by a worker; must not raise for expected failures)."""
        ...

    def dropped(self, reason: str) -> None:
        """The job will not run: ``queue_full`` or ``shutdown``."""
        ...


@final
class LlmScrubber:
    """The detector; see the module docstring."""

    __slots__ = ("_closed", "_labels", "_name", "_queue", "_schema", "_system", "_transport",
                 "_workers", "hash_key", "options")

    def __init__(self, name: str, options: ScrubberOptions) -> None:
        self._name = name
        self.options = options
        self._labels = frozenset(options.labels)
        self._schema = answer_schema(options.labels)
        self._system = options.prompt.format(
            labels=", ".join(options.labels),
            schema=json.dumps(self._schema, separators=(",", ":")))
        self._transport: ChatTransport | None = None
        self._queue: asyncio.Queue[ScrubJob] = asyncio.Queue(options.queue_size)
        self._workers: set[asyncio.Task[None]] = set()
        self._closed = False
        # The key audit records hash values with: configured, or random for this
        # detector's lifetime (a reload that keeps the detector keeps the key).
        self.hash_key = options.hash_key or os.urandom(32)

    @property
    def name(self) -> str:
        """The configured name of this detector."""
        return self._name

    @property
    def labels(self) -> frozenset[str]:
        """The labels the scrubber may report (``labels`` option)."""
        return self._labels

    @property
    def queue_depth(self) -> int:
        """Jobs waiting for a worker."""
        return self._queue.qsize()

    def connect(self, transport: ChatTransport) -> None:
        """Use ``transport`` for every call from now on (the proxy, at each start-up)."""
        self._transport = transport

    # -- lifecycle -------------------------------------------------------------------

    async def start(self) -> None:
        """Start the worker tasks (``concurrency`` of them)."""
        if self._workers:
            return
        self._closed = False
        for number in range(self.options.concurrency):
            task = asyncio.get_running_loop().create_task(
                self._work(), name=f"pseudogate-{self._name}-{number}")
            self._workers.add(task)

    async def aclose(self) -> None:
        """Stop the workers now (a running call is cancelled); drop what is queued."""
        self._closed = True
        workers, self._workers = self._workers, set()
        for task in workers:
            task.cancel()
        for task in workers:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        while not self._queue.empty():
            self._queue.get_nowait().dropped("shutdown")

    # -- out of band -----------------------------------------------------------------

    def submit(self, job: ScrubJob) -> bool:
        """Queue ``job`` without waiting; False (and ``job.dropped``) if it cannot be."""
        if self._closed or not self._workers:
            job.dropped("shutdown")
            return False
        try:
            self._queue.put_nowait(job)
        except asyncio.QueueFull:
            job.dropped("queue_full")
            return False
        return True

    async def _work(self) -> None:
        queue = self._queue
        while True:
            job = await queue.get()
            started = time.perf_counter()
            try:
                scrubbed: Scrubbed | None = await self.scrub(job.texts)
                error = None
            except ScrubberFailed as exc:
                scrubbed, error = None, exc.reason
            except asyncio.CancelledError:
                job.dropped("shutdown")  # taken from the queue, never finished
                raise
            result = JobResult(scrubbed, error, time.perf_counter() - started)
            try:
                await job.done(result)
            except Exception as exc:
                # A job reports its own expected failures (a store that is down, a
                # full disk); anything else is a bug in one job's handling, and must
                # not stop the scrubber for every later job.  The type only.
                _log.error("llm_scrubber.job_failed", detector=self._name,
                           error=type(exc).__name__)

    # -- in line -----------------------------------------------------------------------

    async def detect(self, texts: Sequence[str]) -> list[list[Span]]:
        """Scrub ``texts`` now: one list of spans per text (every verified occurrence)."""
        frozen = tuple(texts)
        scrubbed = await self.scrub(frozen)
        spans: list[list[Span]] = [[] for _ in frozen]
        for finding in scrubbed.findings:
            spans[finding.text_index].extend(
                Span(start, end, finding.label, SCORE, self._name)
                for start, end in finding.spans)
        for per_text in spans:
            per_text.sort()
        return spans

    async def scrub(self, texts: Sequence[str]) -> Scrubbed:
        """Ask the server about ``texts`` (several calls for long ones); verify the answers."""
        frozen = tuple(texts)
        answers = [(await self._call(pieces), pieces)
                   for pieces in batches(frozen, self.options.max_chars)]
        read = functools.partial(_read, answers, frozen, self._labels)
        # Reading costs about one search of the texts per reported item: a large answer
        # over long texts is read in a worker thread, off the loop the requests share.
        work = sum(len(raw) for raw, _ in answers) * sum(map(len, frozen))
        return read() if work <= _INLINE_WORK else await asyncio.to_thread(read)

    async def _call(self, pieces: list[Piece]) -> bytes:
        transport = self._transport
        if transport is None:
            raise ScrubberFailed(self._name, "not_connected", "scrubber has no upstream yet")
        options = self.options
        body = request_body(model=options.model, system=self._system, pieces=pieces,
                            schema=self._schema, response_format=options.response_format,
                            temperature=options.temperature, max_tokens=options.max_tokens)
        try:
            async with asyncio.timeout(options.timeout_s):
                status, raw = await transport.complete(body, MAX_ANSWER_BYTES)
        except TimeoutError as exc:
            late = ScrubberFailed(self._name, "timeout",
                                  f"scrubber gave no answer within {options.timeout_s:g} s")
            raise late from exc
        except UpstreamTimeout as exc:
            raise ScrubberFailed(self._name, "timeout", "scrubber upstream timed out") from exc
        except GatewayError as exc:
            # The type only: a dependency's message may echo a URL or the payload.
            raise ScrubberFailed(self._name, "unreachable",
                                 f"scrubber upstream failed ({type(exc).__name__})") from exc
        if status >= 400:
            raise ScrubberFailed(self._name, f"http_{status}",
                                 f"scrubber upstream answered HTTP {status}")
        return raw


def _read(answers: Sequence[tuple[bytes, Sequence[Piece]]], texts: Sequence[str],
          labels: frozenset[str]) -> Scrubbed:
    """Parse each call's answer (counting malformed ones) and verify what they report."""
    reported: list[Reported] = []
    malformed = 0
    for raw, pieces in answers:
        items = parse_answer(raw, pieces)
        if items is None:
            malformed += 1
        else:
            reported.extend(items)
    findings, discarded = verify(reported, texts, labels)
    return Scrubbed(tuple(findings), MappingProxyType(dict(discarded)), malformed,
                    len(answers))


def create(options: Mapping[str, object], context: DetectorContext) -> LlmScrubber:
    """Entry point ``llm_scrubber``: validate ``options`` and build the detector."""
    return LlmScrubber(context.name, parse_options(options, context))
