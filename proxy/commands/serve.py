"""``pseudogate serve`` and ``pseudogate demo``: run the gateway.

``serve`` loads and validates the config, configures logging once, builds the app and
binds the port at once (``/healthz`` answers while detectors load; ``/readyz`` and the
routes say 503 until they are ready), then serves until SIGINT/SIGTERM.  A port in use
is a one-line error (exit 2), and so is a detector that fails to start.  SIGHUP reloads
the whole config atomically (:mod:`proxy.reload`): on any error the running config
stays in force and the log says why.  ``serve --workers N`` (N > 1) runs N such
processes on one port under a supervisor (:mod:`proxy.workers`: ``SO_REUSEPORT``, one log
stream with a worker id, graceful stop, SIGHUP forwarded); it refuses sessions in a
per-process (memory) store and an evidence log without ``{pid}`` in its path, since
the processes would not share them.  ``demo`` starts the same app in-process (the
embedded demo upstream answers on loopback), sends one OpenAI-style and one
Anthropic-style streamed request with seeded personal data, prints what the client
sent, what the upstream received and what the client got back, and then keeps serving
unless ``--once``.

Heavy imports (aiohttp's server, the detectors) happen inside the handlers so that
``pseudogate --help`` stays fast.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import os
import signal
import ssl
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, final

from proxy.commands import CommandError

__all__ = ["add_command", "apply_overrides", "check_workers", "positive", "start_site"]

if TYPE_CHECKING:
    from multiprocessing.synchronize import Event

    from aiohttp import web

    from proxy.config import Config


def add_command(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``pseudogate serve`` and ``pseudogate demo``."""
    serve = subparsers.add_parser(
        "serve",
        help="run the gateway",
        description="Run the privacy gateway with the routes of a YAML config.",
    )
    _common(serve)
    serve.add_argument(
        "--workers", type=positive, default=1, metavar="N",
        help="run N gateway processes on one port (SO_REUSEPORT; sessions need redis)",
    )
    serve.set_defaults(handler=_serve)

    demo = subparsers.add_parser(
        "demo",
        help="show one round trip through the gateway, then keep serving",
        description=(
            "Start the gateway in-process, send one OpenAI-style and one Anthropic-style "
            "streamed request with seeded personal data, and print what the client sent, "
            "what the upstream received and what the client got back."
        ),
    )
    _common(demo)
    demo.add_argument(
        "--once", action="store_true", help="exit after the demonstration instead of serving"
    )
    demo.set_defaults(handler=_demo)


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--config", required=True, type=Path, help="the gateway's YAML config")
    parser.add_argument("--host", help="interface to bind (overrides server.host)")
    parser.add_argument("--port", type=int, help="port to bind (overrides server.port)")
    parser.add_argument(
        "--log-level", choices=("debug", "info", "warning", "error"),
        help="overrides server.log_level",
    )
    parser.add_argument(
        "--log-format", choices=("console", "json"), help="overrides server.log_format"
    )


def positive(text: str) -> int:
    """An argparse type: an integer of at least 1."""
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def check_workers(config: Config, workers: int) -> None:
    """Refuse ``workers`` > 1 with state the processes would not share."""
    from pipelines.errors import ConfigError

    if workers < 2:
        return
    # A Responses route always keeps sessions (its follow-ups continue them).
    keeping = [route.name for route in config.routes
               if route.session.enabled or route.api == "openai_responses"]
    if keeping and config.sessions.store == "memory":
        raise ConfigError(
            f"{workers} workers would each keep their own sessions of route "
            f"{keeping[0]!r} in memory",
            source=config.source, path="sessions.store",
            expected="store: redis (shared by every worker and host)",
        )
    if config.evidence is not None and "{pid}" not in config.evidence.path:
        raise ConfigError(
            f"{workers} workers would write one evidence file at once",
            source=config.source, path="evidence.path",
            expected="a path with {pid} (one hash chain per process)",
        )


def apply_overrides(config: Config, args: argparse.Namespace) -> Config:
    """The config with the command-line overrides applied (a new frozen object)."""
    changes = {
        key: value
        for key, value in (
            ("host", args.host),
            ("port", args.port),
            ("log_level", args.log_level),
            ("log_format", args.log_format),
        )
        if value is not None
    }
    if not changes:
        return config
    return dataclasses.replace(config, server=dataclasses.replace(config.server, **changes))


async def start_site(config: Config, *, port: int | None = None,
                     background_start: bool = False, worker: int = 0,
                     reuse_port: bool = False) -> tuple[web.AppRunner, int]:
    """Build the app, start it on the configured (or given) port; return runner and port.

    A port that cannot be bound is a :class:`CommandError` naming host, port and reason.
    ``reuse_port`` binds with ``SO_REUSEPORT`` (a worker of ``serve --workers``).  On
    stop, requests in flight get aiohttp's graceful shutdown (60 s) to finish.
    """
    from aiohttp import web

    from proxy.app import create_app
    from proxy.server import GatewayRunner

    app = create_app(config, background_start=background_start, worker=worker)
    # handler_cancellation: a client that goes away cancels its handler, which closes
    # the upstream connection; aiohttp's own access log is replaced by ours; requests
    # aiohttp's parser rejects are answered and logged without their bytes; a request
    # head must arrive within server.body_timeout (slow headers, idle connections).
    runner = GatewayRunner(app, head_timeout=config.server.body_timeout,
                           handler_cancellation=True, access_log=None)
    host = config.server.host
    wanted = config.server.port if port is None else port
    try:
        await runner.setup()
        site = web.TCPSite(runner, host, wanted, ssl_context=_ssl_context(config),
                           reuse_port=reuse_port or None)
        await site.start()
    except OSError as exc:
        await runner.cleanup()
        reason = os.strerror(exc.errno) if exc.errno else type(exc).__name__
        raise CommandError(f"cannot listen on {host}:{wanted}: {reason}") from exc
    except BaseException:
        await runner.cleanup()
        raise
    return runner, int(runner.addresses[0][1])


def _ssl_context(config: Config) -> ssl.SSLContext | None:
    from proxy.tls import server_context

    return server_context(config.server.tls) if config.server.tls is not None else None


async def _wait_for_stop(startup: asyncio.Task[None] | None) -> None:
    """Until SIGINT/SIGTERM, or until a background start-up fails (then raise)."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    waiter = asyncio.ensure_future(stop.wait())
    try:
        if startup is not None:
            await asyncio.wait({waiter, startup}, return_when=asyncio.FIRST_COMPLETED)
            error = None if waiter.done() else startup.exception()
            if error is not None:
                raise CommandError(f"start-up failed: {_describe(error)}") from error
        await waiter
    finally:
        waiter.cancel()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.remove_signal_handler(sig)


def _describe(error: BaseException) -> str:
    from pipelines.errors import GatewayError

    return str(error) if isinstance(error, GatewayError) else type(error).__name__


async def _wait_for_signal() -> None:
    await _wait_for_stop(None)


@final
class _EarlyHangup:
    """Remembers a SIGHUP that comes before the reload handler is installed.

    SIGHUP's default action ends the process: from the first line of ``serve`` (and of a
    worker) it is caught here instead, and the reload it asks for runs once the loop's
    own handler is in place.
    """

    __slots__ = ("seen",)

    def __init__(self) -> None:
        self.seen = False
        signal.signal(signal.SIGHUP, self._note)

    def _note(self, signum: int, frame: object) -> None:
        self.seen = True


def _reload_on_sighup(app: web.Application, load: Callable[[], Config],
                      early: _EarlyHangup | None = None) -> Callable[[], None]:
    """Install the SIGHUP handler; returns the function that removes it.

    A SIGHUP ``early`` caught before this point is acted on now.
    """
    from proxy.logs import get_logger
    from proxy.reload import reload_config

    loop = asyncio.get_running_loop()
    lock = asyncio.Lock()
    # The loop keeps only weak references to tasks: hold each reload until it is done.
    running: set[asyncio.Task[bool]] = set()

    def done(task: asyncio.Task[bool]) -> None:
        running.discard(task)
        if not task.cancelled() and task.exception() is not None:
            # Only the type: a message could quote a file's content.
            get_logger("pseudogate").error("config.reload_crashed",
                                           error=type(task.exception()).__name__)

    def on_hup() -> None:
        task = loop.create_task(reload_config(app, load, lock))
        running.add(task)
        task.add_done_callback(done)

    loop.add_signal_handler(signal.SIGHUP, on_hup)
    if early is not None and early.seen:
        on_hup()

    def remove() -> None:
        loop.remove_signal_handler(signal.SIGHUP)
        # Stopping (requests drain for up to a minute): a reload now is moot, and the
        # default action would end the process in the middle of the drain.
        signal.signal(signal.SIGHUP, signal.SIG_IGN)
        for task in running:
            task.cancel()

    return remove


def _load(args: argparse.Namespace, *, worker: int | None = None) -> Config:
    from proxy.config import load_config
    from proxy.logs import configure_logging, get_logger

    config = apply_overrides(load_config(args.config), args)
    configure_logging(config.server.log_level, config.server.log_format, worker=worker)
    for warning in config.warnings:
        get_logger("pseudogate").warning("config.warning", file=config.source,
                                         where=warning.path, problem=warning.message)
    return config


def _serve(args: argparse.Namespace) -> int:
    workers: int = getattr(args, "workers", 1)
    if workers > 1:
        return _supervise(args, workers)
    early = _EarlyHangup()
    asyncio.run(_run(args, _load(args), early=early))
    return 0


async def _run(
    args: argparse.Namespace, config: Config, *, port: int | None = None, worker: int = 0,
    on_ready: Callable[[], None] | None = None, early: _EarlyHangup | None = None,
) -> None:
    """Serve ``config`` until SIGINT/SIGTERM; ``on_ready`` once the generation serves."""
    from proxy.app import RUNTIME
    from proxy.config import load_config
    from proxy.logs import get_logger

    def reload() -> Config:
        reloaded = apply_overrides(load_config(args.config), args)
        # What start-up refuses for several workers, a reload refuses too (a worker
        # switching to memory sessions would stop sharing them with its siblings).
        check_workers(reloaded, getattr(args, "workers", 1))
        return reloaded

    runner, bound = await start_site(config, port=port, background_start=True, worker=worker,
                                     reuse_port=bool(worker))
    scheme = "https" if config.server.tls is not None else "http"
    get_logger("pseudogate").info(
        "listening",
        url=f"{scheme}://{config.server.host}:{bound}",
        routes=[route.path for route in config.routes],
    )
    remove_sighup = _reload_on_sighup(runner.app, reload, early)
    startup = runner.app[RUNTIME].startup
    if on_ready is not None and startup is not None:
        ready = on_ready
        startup.add_done_callback(
            lambda task: ready() if not task.cancelled() and task.exception() is None else None
        )
    try:
        await _wait_for_stop(startup)
    finally:
        remove_sighup()
        await runner.cleanup()


def _supervise(args: argparse.Namespace, workers: int) -> int:
    import tempfile

    from proxy.logs import get_logger
    from proxy.workers import Supervisor, reserve_port

    config = _load(args, worker=0)
    check_workers(config, workers)
    log = get_logger("pseudogate.workers")
    try:
        holder = reserve_port(config.server.host, config.server.port)
    except OSError as exc:
        reason = os.strerror(exc.errno) if exc.errno else type(exc).__name__
        raise CommandError(
            f"cannot listen on {config.server.host}:{config.server.port}: {reason}"
        ) from exc
    # Metrics of several processes are summed from one directory (proxy/metrics.py);
    # the workers inherit it from here, before any of them imports prometheus_client.
    metrics_dir = None
    if "PROMETHEUS_MULTIPROC_DIR" not in os.environ:
        metrics_dir = tempfile.TemporaryDirectory(prefix="pseudogate-metrics-")
        os.environ["PROMETHEUS_MULTIPROC_DIR"] = metrics_dir.name
    try:
        with holder:
            port = int(holder.getsockname()[1])

            def emit(event: str, level: str = "info", **fields: object) -> None:
                getattr(log, level)(event, **fields)

            return Supervisor(args, workers, port, _worker_main, emit).run()
    finally:
        if metrics_dir is not None:
            del os.environ["PROMETHEUS_MULTIPROC_DIR"]
            metrics_dir.cleanup()


def _worker_main(args: argparse.Namespace, worker: int, port: int, ready: Event) -> None:
    """A worker process of ``serve --workers`` (the spawn target; module level)."""
    import sys

    from pipelines.errors import GatewayError

    early = _EarlyHangup()
    try:
        config = _load(args, worker=worker)
        asyncio.run(_run(args, config, port=port, worker=worker, on_ready=ready.set,
                         early=early))
    except (CommandError, GatewayError) as exc:
        # What the single-process command would print (messages hold no values).
        print(f"pseudogate: worker {worker}: {' '.join(str(exc).split())}", file=sys.stderr)
        raise SystemExit(2) from exc


def _demo(args: argparse.Namespace) -> int:
    from proxy.demo_run import run_demo

    config = _load(args)
    return asyncio.run(run_demo(config, serve=not args.once, wait=_wait_for_signal))
