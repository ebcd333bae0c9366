"""``pseudogate serve --workers N``: N gateway processes on one port (SO_REUSEPORT).

Why SO_REUSEPORT and not gunicorn's aiohttp worker: every worker is the same
``serve`` code path (start-up checks, SIGHUP reload of entity lists, graceful stop)
with no second server stack or import-string app factory to keep in step, and gunicorn
uses SIGHUP for itself.  Each worker binds its own listening socket with
``SO_REUSEPORT``; the Linux kernel spreads new connections over them, so a busy worker
does not take connections from an idle one's queue (no thundering herd), and a worker
that dies takes only its own queue with it.  The price: Linux (or another system with
load-balancing ``SO_REUSEPORT``) is required, which is checked at start.

The supervisor (this module, the process ``serve`` runs in):

* holds a bound, non-listening socket on the port (so ``--port 0`` picks one port for
  all workers, and no other program can take it between worker restarts);
* starts the workers as fresh interpreters (``spawn``): each loads the config file
  itself, logs with ``worker=<n>`` (1..N) on the inherited stderr, which is the one log
  stream (the supervisor's own lines say ``worker=0``), and answers ``/readyz`` for
  itself (the body names the worker and its pid);
* forwards SIGHUP to every worker (each reloads its whole config).  Only a worker that
  is ready gets it at once: before its handler is installed a SIGHUP would kill it (the
  default action), and a worker still starting could have read the config before it
  changed, so it gets the signal as soon as it is ready (the poll loop forwards it);
* on SIGTERM or SIGINT asks every worker to stop: a worker stops accepting, finishes
  its requests in flight (aiohttp's graceful shutdown), closes its store and upstream
  pools and exits; whoever is still running after ``grace_s`` is killed;
* sums the workers' metrics: ``PROMETHEUS_MULTIPROC_DIR`` is set for them (a fresh
  directory, unless the operator set one) and a worker that exits is marked dead;
* restarts a worker that dies after start-up, with a back-off (1 s doubling to 30 s);
  a worker that fails *during* start-up (a port taken, a detector that cannot load)
  stops the whole gateway with exit code 1, since its siblings would fail alike.
"""

from __future__ import annotations

import argparse
import contextlib
import multiprocessing
import os
import signal
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from multiprocessing.context import SpawnProcess
from multiprocessing.synchronize import Event
from typing import Final, final

__all__ = ["GRACE_S", "Supervisor", "reserve_port"]

GRACE_S: Final = 75.0  # aiohttp's 60 s graceful shutdown, plus closing pools
_START_S: Final = 120.0  # a cold interpreter loading detectors on a busy machine
_RESTART_FIRST: Final = 1.0
_RESTART_MAX: Final = 30.0
_POLL_S: Final = 0.2


def reserve_port(host: str, port: int) -> socket.socket:
    """A bound (not listening) ``SO_REUSEPORT`` socket holding ``(host, port)``."""
    if not hasattr(socket, "SO_REUSEPORT"):
        raise OSError("serve --workers needs SO_REUSEPORT (Linux)")
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    holder = socket.socket(family, socket.SOCK_STREAM)
    try:
        holder.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
        holder.bind((host, port))
    except OSError:
        holder.close()
        raise
    return holder


@final
@dataclass(slots=True, eq=False)
class _Worker:
    """One worker slot (mutable; the supervisor's own bookkeeping)."""

    number: int
    process: SpawnProcess | None = None
    ready: Event | None = None
    restarts: int = 0
    restart_at: float = 0.0
    started: bool = False
    reload_pending: bool = False  # a SIGHUP came while it was not ready yet
    exits: list[int | None] = field(default_factory=list)


@final
class Supervisor:
    """Starts, watches and stops the worker processes of one ``serve --workers N``.

    ``target(args, worker, port, ready)`` is the worker's entry point (module level, so
    ``spawn`` can import it); ``log(event, **fields)`` writes the supervisor's lines.
    """

    __slots__ = ("_args", "_context", "_log", "_port", "_stop", "_target", "_workers")

    def __init__(
        self,
        args: argparse.Namespace,
        count: int,
        port: int,
        target: Callable[[argparse.Namespace, int, int, Event], None],
        log: Callable[..., None],
    ) -> None:
        self._args = args
        self._port = port
        self._target = target
        self._log = log
        self._context = multiprocessing.get_context("spawn")
        self._workers = [_Worker(number) for number in range(1, count + 1)]
        self._stop = False

    def run(self) -> int:
        """Serve until SIGTERM/SIGINT; the exit code (1 if start-up failed)."""
        previous = {
            sig: signal.signal(sig, self._on_stop) for sig in (signal.SIGTERM, signal.SIGINT)
        }
        previous[signal.SIGHUP] = signal.signal(signal.SIGHUP, self._on_hup)
        try:
            for worker in self._workers:
                self._spawn(worker)
            if not self._await_start():
                self._shutdown()
                return 1
            self._log("workers.ready", workers=len(self._workers), port=self._port)
            while not self._stop:
                time.sleep(_POLL_S)
                self._watch()
            self._shutdown()
            return 0
        finally:
            for sig, handler in previous.items():
                signal.signal(sig, handler)

    def _on_stop(self, signum: int, frame: object) -> None:
        self._stop = True

    def _on_hup(self, signum: int, frame: object) -> None:
        # Only flags here: the poll loop forwards (no locks taken inside a handler).
        for worker in self._workers:
            worker.reload_pending = True

    def _forward_reloads(self) -> None:
        """Send the pending SIGHUP to every worker that is ready for it."""
        for worker in self._workers:
            process, ready = worker.process, worker.ready
            if not (worker.reload_pending and process is not None and ready is not None
                    and ready.is_set() and process.pid is not None):
                continue
            worker.reload_pending = False
            with contextlib.suppress(ProcessLookupError):  # it died meanwhile: restarted
                os.kill(process.pid, signal.SIGHUP)

    def _spawn(self, worker: _Worker) -> None:
        ready = self._context.Event()
        process = self._context.Process(
            target=self._target,
            args=(self._args, worker.number, self._port, ready),
            name=f"pseudogate-worker-{worker.number}",
        )
        process.start()
        # A new process reads the config in force: an earlier SIGHUP is not owed to it.
        worker.process, worker.ready, worker.reload_pending = process, ready, False
        self._log("worker.started", child=worker.number, pid=process.pid)

    def _await_start(self) -> bool:
        deadline = time.monotonic() + _START_S
        while time.monotonic() < deadline and not self._stop:
            pending = False
            for worker in self._workers:
                assert worker.process is not None and worker.ready is not None
                if worker.ready.is_set():
                    worker.started = True
                    continue
                if not worker.process.is_alive():
                    self._log("worker.failed_to_start", child=worker.number,
                              exitcode=worker.process.exitcode, level="error")
                    return False
                pending = True
            self._forward_reloads()
            if not pending:
                return True
            time.sleep(_POLL_S)
        if not self._stop:
            self._log("workers.start_timeout", seconds=_START_S, level="error")
        return False

    def _watch(self) -> None:
        self._forward_reloads()
        now = time.monotonic()
        for worker in self._workers:
            process = worker.process
            if process is not None and not process.is_alive():
                _mark_dead(process.pid)
                worker.exits.append(process.exitcode)
                worker.process = None
                delay = min(_RESTART_MAX, _RESTART_FIRST * 2**worker.restarts)
                worker.restart_at = now + delay
                worker.restarts += 1
                self._log("worker.exited", child=worker.number, exitcode=process.exitcode,
                          restart_in_s=delay, level="error")
            elif process is None and now >= worker.restart_at and not self._stop:
                self._spawn(worker)

    def _shutdown(self) -> None:
        running = [w.process for w in self._workers if w.process is not None]
        for process in running:
            if process.is_alive() and process.pid is not None:
                os.kill(process.pid, signal.SIGTERM)
        deadline = time.monotonic() + GRACE_S
        for process in running:
            process.join(max(0.0, deadline - time.monotonic()))
            if process.is_alive():
                process.kill()
                process.join()
            _mark_dead(process.pid)
        self._log("workers.stopped", workers=len(running))


def _mark_dead(pid: int | None) -> None:
    """Tell the multi-process metrics that ``pid`` is gone (its live gauges drop out)."""
    if pid is not None and "PROMETHEUS_MULTIPROC_DIR" in os.environ:
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(pid)  # type: ignore[no-untyped-call]  # untyped upstream

