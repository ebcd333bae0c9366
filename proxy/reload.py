"""Reloading the whole config on SIGHUP, atomically.

:func:`reload_config` re-reads the config file and builds and starts a complete new
:class:`~proxy.runtime.Generation` beside the one in force: routes, client keys,
upstreams, detectors (entity lists are re-read, unchanged detectors that read no
files are handed over).  Only when all of it started is it put in force, in one swap;
the previous generation finishes its requests and is then closed.  On any error (the
file does not parse, a key is unknown, a list file is bad, a model does not load) the
running config stays in force untouched and the log says why: ``config.reload_failed``
with the file, the dotted path and the problem (never a value from the file).

``server`` settings (host, port, body limit, logging) are bound to the listening socket
and the process: a reload that changes them is applied without them and logs
``config.reload_needs_restart`` naming the keys.  Reloads run one at a time, in order;
one asked for while the gateway is still starting runs as soon as it serves.
"""

from __future__ import annotations

import asyncio
import dataclasses
import time
from collections.abc import Callable

from aiohttp import web

from pipelines.errors import ConfigError
from proxy.app import EVIDENCE, METRICS, RUNTIME
from proxy.config import Config
from proxy.logs import get_logger
from proxy.runtime import Generation

__all__ = ["reload_config"]


def _problem(exc: BaseException) -> dict[str, object]:
    if isinstance(exc, ConfigError):
        return {"file": exc.source, "where": exc.path, "problem": exc.message,
                "expected": exc.expected}
    # Not a config error: the type only (a dependency's message may quote a file).
    return {"error": type(exc).__name__}


async def reload_config(app: web.Application, load: Callable[[], Config],
                        lock: asyncio.Lock) -> bool:
    """Load the config again and put it in force if everything builds and starts."""
    log = get_logger("pseudogate")
    runtime = app[RUNTIME]
    metrics = app[METRICS]
    async with lock:
        previous = runtime.current
        startup = runtime.startup
        if previous is None and startup is not None and not startup.done():
            # A SIGHUP while the first generation starts (detectors loading): it may
            # have read the file before the change, so reload once it serves.
            # ``wait`` does not cancel the start-up if this reload is cancelled.
            await asyncio.wait([startup])
            previous = runtime.current
        started = time.perf_counter()
        if previous is None:
            log.warning("config.reload_skipped", reason="the gateway is still starting")
            metrics.config_reloads.labels("skipped").inc()
            return False
        generation: Generation | None = None
        try:
            # Parsing and building run off the loop: patterns compile, lists are checked.
            config = await asyncio.to_thread(load)
            changed = [f"server.{f.name}" for f in dataclasses.fields(config.server)
                       if getattr(config.server, f.name) != getattr(previous.config.server,
                                                                   f.name)]
            # The evidence log is the process's (one open file, one chain): a new path
            # or key would otherwise be ignored without a word.
            if config.evidence != previous.config.evidence:
                changed.append("evidence")
            generation = await asyncio.to_thread(Generation.build, config, metrics, previous,
                                                   evidence=app[EVIDENCE])
            await generation.start()
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            log.error("config.reload_failed", outcome="kept_previous", **_problem(exc))
            metrics.config_reloads.labels("failed").inc()
            return False
        runtime.swap(generation)
        metrics.config_reloads.labels("reloaded").inc()
        for warning in config.warnings:
            log.warning("config.warning", file=config.source, where=warning.path,
                        problem=warning.message)
        if changed:
            log.warning("config.reload_needs_restart", keys=changed)
        log.info("config.reloaded", outcome="reloaded", routes=len(config.routes),
                 detectors=len(config.detectors), upstreams=len(config.upstreams),
                 reused_detectors=sorted(generation.reused),
                 ms=round((time.perf_counter() - started) * 1000))
        return True
