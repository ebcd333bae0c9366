"""GLiNER inference in worker processes, so the model never holds the gateway's GIL.

A thread pool does not protect the event loop from a model: gliner's pre- and
post-processing is Python that holds the GIL, so every other request and stream of the
process stalls while it runs (bench/gliner.py measures it).  Here each worker is its
own process with its own GIL, loading the model once (on its first task) and keeping it
for its lifetime; the gateway's process only plans windows, sends their texts and maps
the findings back.

Workers come from a ``forkserver`` that has imported torch and gliner once
(:data:`PRELOAD`; this module itself imports neither), so a worker starts in
milliseconds, not seconds, and no worker is forked from the threaded gateway process
itself.  The forkserver is one per process
(multiprocessing's own); it inherits the environment it was started with.

Everything that crosses the process boundary is plain data: the options (as a
picklable copy), window texts in, :class:`~detectors.gliner_windows.Found` tuples out.
An exception in a worker comes back as :class:`WorkerFailure` carrying the original
type's name only (a dependency's message may quote input text).
"""

from __future__ import annotations

import concurrent.futures
import dataclasses
import multiprocessing
import warnings
from collections.abc import Sequence
from typing import Final

from detectors.gliner_options import GlinerOptions
from detectors.gliner_runtime import WARMUP_TEXT, NerModel, load_model, max_words, predict
from detectors.gliner_windows import Found

__all__ = ["PRELOAD", "WorkerFailure", "new_pool", "picklable", "warm_up", "worker_predict"]

# Imported once by the forkserver (which ignores an ImportError: a missing extra is the
# options check's to report), inherited by every worker it forks.
PRELOAD: Final = ["torch", "gliner"]

_model: NerModel | None = None  # this worker process's model (one per process)


class WorkerFailure(RuntimeError):
    """A worker's inference or load failed; ``kind`` is the original exception's type."""

    def __init__(self, kind: str) -> None:
        super().__init__(kind)
        self.kind = kind


def picklable(options: GlinerOptions) -> GlinerOptions:
    """``options`` with plain dicts instead of read-only mapping views."""
    return dataclasses.replace(options, labels=dict(options.labels),
                               thresholds=dict(options.thresholds))


def new_pool(options: GlinerOptions, name: str) -> concurrent.futures.ProcessPoolExecutor:
    """A pool of ``options.threads`` worker processes forked from the forkserver."""
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(PRELOAD)
    return concurrent.futures.ProcessPoolExecutor(max_workers=options.threads,
                                                  mp_context=context)


def _loaded(options: GlinerOptions) -> NerModel:
    global _model
    if _model is None:
        _model = load_model(options)
    return _model


def warm_up(options: GlinerOptions) -> int | None:
    """In a worker: load the model, run it once; the model's word limit."""
    try:
        model = _loaded(options)
        predict(model, [WARMUP_TEXT], options)
        return max_words(model)
    except Exception as exc:
        raise WorkerFailure(type(exc).__name__) from None


def worker_predict(options: GlinerOptions, texts: Sequence[str]) -> list[list[Found]]:
    """In a worker: the findings of each window text."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return predict(_loaded(options), texts, options)
    except Exception as exc:
        raise WorkerFailure(type(exc).__name__) from None
