"""The ``type: gliner`` detector: zero-shot NER with a GLiNER model (docs/design.md C2).

Life of a detector:

* ``create(options, context)`` (the entry point) validates options, including that the
  ``[ner]`` extra is installed, and builds an idle detector: no torch, no gliner, no
  model, no threads.
* ``start()`` starts ``threads`` worker *processes* (:mod:`detectors.gliner_worker`),
  each loading the model and running it once, caps the window size to the model's
  word limit, and is then ``ready``.  Processes, not threads: gliner's Python pre- and
  post-processing holds the GIL, so a model on a thread of the gateway's process stalls
  every other request and stream for the whole call.  An injected ``loader`` (tests,
  an in-process model client) runs on a thread pool instead, warmed up per thread.
* ``detect(texts)`` cuts every text into overlapping word windows, sends all windows of
  the request to a worker as one batched job, and maps the findings back to exact
  offsets in each text.  At most ``queue_size`` requests may be waiting or running;
  one more raises :class:`~pipelines.errors.DetectorOverloaded` at once (503).
* The chain enforces the per-request timeout by cancelling ``detect``.  A job that has
  not started yet is dropped; one that is running cannot be interrupted, so it keeps
  its queue slot until it really finishes and its result is thrown away.  Nothing is
  shared between jobs except the read-only model, so a timed-out request cannot leak
  into a later one, and the queue bound still bounds the real backlog.
* ``aclose()`` shuts the pool down (worker processes exit).

Logs carry counts and timings only, never text (docs/design.md C8).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import threading
import time
from collections.abc import Mapping, Sequence
from concurrent.futures.process import BrokenProcessPool
from dataclasses import replace
from typing import final

import structlog

from detectors import gliner_worker
from detectors.gliner_options import GlinerOptions, parse_options
from detectors.gliner_runtime import (
    WARMUP_TEXT,
    ModelLoader,
    NerModel,
    max_words,
    predict,
)
from detectors.gliner_windows import Found, Window, merge_windows, plan_windows
from pipelines.errors import DetectorError, DetectorOverloaded
from pipelines.spans import DetectorContext, Span

__all__ = ["GlinerDetector", "create"]

_log = structlog.get_logger(__name__)


@final
class GlinerDetector:
    """A GLiNER model behind the :class:`~pipelines.spans.Detector` protocol.

    Without ``loader`` the model runs in worker processes (production).  An injected
    ``loader`` builds an in-process model on a worker thread (tests inject fakes).
    """

    # The model's tokenizer reads text as written (pipelines.spans.RawReader).
    reads_raw = True

    __slots__ = (
        "_executor",
        "_in_flight",
        "_loader",
        "_model",
        "_name",
        "_options",
        "_ready",
    )

    def __init__(
        self, name: str, options: GlinerOptions, loader: ModelLoader | None = None
    ) -> None:
        self._name = name
        self._options = options
        self._loader = loader
        self._executor: concurrent.futures.Executor | None = None
        self._model: NerModel | None = None
        self._in_flight = 0
        self._ready = False

    @property
    def name(self) -> str:
        """The configured name of this detector."""
        return self._name

    @property
    def labels(self) -> frozenset[str]:
        """Every label this detector can emit (the values of its ``labels`` option)."""
        return frozenset(self._options.labels.values())

    @property
    def options(self) -> GlinerOptions:
        """The validated options (the window size is capped to the model once started)."""
        return self._options

    @property
    def ready(self) -> bool:
        """True once the model is loaded and warmed up, until ``aclose``."""
        return self._ready

    @property
    def in_flight(self) -> int:
        """Requests waiting for or running inference right now."""
        return self._in_flight

    async def start(self) -> None:
        """Start the workers, load the model in each and warm it up."""
        if self._executor is not None:
            return
        started = time.perf_counter()
        if self._loader is None:
            await self._start_processes()
        else:
            await self._start_threads(self._loader)
        self._ready = True
        _log.info(
            "gliner_ready",
            detector=self._name,
            backend=self._options.backend,
            workers=self._options.threads,
            mode="thread" if self._loader is not None else "process",
            load_ms=round((time.perf_counter() - started) * 1000),
        )

    def _cap_windows(self, limit: int | None) -> None:
        options = self._options
        if limit is not None and options.window_words > limit:
            overlap = min(options.overlap_words, limit // 2)
            self._options = replace(options, window_words=limit, overlap_words=overlap)

    async def _start_processes(self) -> None:
        options = gliner_worker.picklable(self._options)
        executor = gliner_worker.new_pool(options, self._name)
        self._executor = executor
        try:
            # One warm-up per worker process: each loads its own copy of the model.
            limits = await asyncio.gather(*(
                asyncio.wrap_future(executor.submit(gliner_worker.warm_up, options))
                for _ in range(options.threads)))
        except BaseException as exc:
            executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
            if isinstance(exc, gliner_worker.WorkerFailure | BrokenProcessPool):
                raise DetectorError(self._name, "the model could not be loaded in its worker "
                                    f"process ({getattr(exc, 'kind', type(exc).__name__)})"
                                    ) from None
            raise
        self._cap_windows(limits[0])
        self._options = gliner_worker.picklable(self._options)

    async def _start_threads(self, loader: ModelLoader) -> None:
        options = self._options
        executor = concurrent.futures.ThreadPoolExecutor(
            max_workers=options.threads, thread_name_prefix=f"gliner-{self._name}"
        )
        self._executor = executor
        loop = asyncio.get_running_loop()
        try:
            model = await loop.run_in_executor(executor, loader, options)
            self._cap_windows(max_words(model))
            self._model = model
            barrier = threading.Barrier(options.threads)
            # One warm-up per worker: the barrier keeps a fast worker from taking two.
            await asyncio.gather(
                *(
                    loop.run_in_executor(executor, self._warm_up, model, barrier)
                    for _ in range(options.threads)
                )
            )
        except BaseException:
            executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
            self._model = None
            raise

    def _warm_up(self, model: NerModel, barrier: threading.Barrier) -> None:
        barrier.wait(timeout=120)
        predict(model, [WARMUP_TEXT], self._options)

    async def aclose(self) -> None:
        """Stop accepting work and shut the pool down (running jobs finish first)."""
        self._ready = False
        executor, self._executor = self._executor, None
        self._model = None
        if executor is not None:
            await asyncio.to_thread(executor.shutdown, True, cancel_futures=True)

    async def detect(self, texts: Sequence[str]) -> list[list[Span]]:
        """Find names, organisations, locations and addresses in each of ``texts``."""
        executor, model = self._executor, self._model
        if executor is None or not self._ready:
            raise DetectorError(self._name, "the model is not loaded (start() was not awaited)")
        if not texts:
            return []
        if self._in_flight >= self._options.queue_size:
            raise DetectorOverloaded(
                self._name, f"inference queue is full ({self._options.queue_size} requests)"
            )
        options = self._options
        plans = [plan_windows(t, options.window_words, options.overlap_words) for t in texts]
        loop = asyncio.get_running_loop()
        self._in_flight += 1
        try:
            if model is None:  # worker processes: only window texts cross the boundary
                window_texts = [text[w.start : w.end]
                                for text, plan in zip(texts, plans, strict=True) for w in plan]
                future: concurrent.futures.Future[list[list[Found]]] = executor.submit(
                    gliner_worker.worker_predict, options, window_texts)
            else:
                future = executor.submit(self._predict_windows, model, texts, plans)
        except (RuntimeError, BrokenProcessPool) as exc:  # the pool was shut down under us
            self._in_flight -= 1
            raise DetectorError(self._name, "the inference pool is closed") from exc
        # The slot is released when the job is really over (done or dropped unstarted),
        # not when the awaiting request gives up: the bound must cover the real backlog.
        future.add_done_callback(lambda _f: self._release_from_worker(loop))
        started = time.perf_counter()
        try:
            found = await asyncio.wrap_future(future)
        except (DetectorError, asyncio.CancelledError):
            raise
        except gliner_worker.WorkerFailure as exc:
            raise DetectorError(self._name, f"inference failed ({exc.kind})") from None
        except Exception as exc:
            # The dependency's message may quote input text: keep it out of ours.
            raise DetectorError(
                self._name, f"inference failed ({type(exc).__name__})"
            ) from exc
        spans = self._spans(plans, found)
        _log.debug(
            "gliner_detect",
            detector=self._name,
            texts=len(texts),
            windows=sum(len(p) for p in plans),
            spans=sum(len(s) for s in spans),
            ms=round((time.perf_counter() - started) * 1000, 1),
        )
        return spans

    def _release(self) -> None:
        self._in_flight -= 1

    def _release_from_worker(self, loop: asyncio.AbstractEventLoop) -> None:
        try:
            loop.call_soon_threadsafe(self._release)
        except RuntimeError:
            # The loop that submitted the job is closed: nobody else can be touching
            # the counter through it any more, so count the slot free here.
            self._release()

    def _predict_windows(
        self, model: NerModel, texts: Sequence[str], plans: Sequence[list[Window]]
    ) -> list[list[Found]]:
        # Runs on a worker thread: only local state and the read-only model.
        window_texts = [text[w.start : w.end] for text, plan in zip(texts, plans, strict=True)
                        for w in plan]
        return predict(model, window_texts, self._options)

    def _spans(self, plans: Sequence[list[Window]], found: Sequence[list[Found]]
               ) -> list[list[Span]]:
        labels = self._options.labels
        result: list[list[Span]] = []
        cursor = 0
        for plan in plans:
            merged = merge_windows(plan, found[cursor : cursor + len(plan)])
            cursor += len(plan)
            result.append(
                [Span(f.start, f.end, labels[f.label], f.score, self._name) for f in merged]
            )
        return result


def create(options: Mapping[str, object], context: DetectorContext) -> GlinerDetector:
    """Entry point ``gliner`` of group ``pseudogate.detectors``: validate, build idle."""
    return GlinerDetector(context.name, parse_options(options, context))
