"""``pseudogate serve`` and ``pseudogate demo``: run the gateway.

``serve`` loads and validates the config, configures logging once, and serves the app
until SIGINT/SIGTERM.  SIGHUP re-reads the lists of every detector that can reload
(``areload()``, e.g. ``known_entities``), one after the other, logging one line per
detector (name, entries in force, outcome); a bad file keeps the old list in force and
the gateway keeps serving.  ``demo`` starts the same app in-process (the embedded demo
upstream answers on loopback), sends one OpenAI-style and one Anthropic-style streamed
request with seeded personal data, prints what the client sent, what the upstream
received and what the client got back, and then keeps serving unless ``--once``.

Heavy imports (aiohttp's server, the detectors) happen inside the handlers so that
``pseudogate --help`` stays fast.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import signal
from collections.abc import Awaitable, Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

__all__ = ["add_command", "apply_overrides", "reload_detectors", "start_site"]

if TYPE_CHECKING:
    from aiohttp import web
    from structlog.typing import FilteringBoundLogger

    from proxy.config import Config


def add_command(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``pseudogate serve`` and ``pseudogate demo``."""
    serve = subparsers.add_parser(
        "serve",
        help="run the gateway",
        description="Run the privacy gateway with the routes of a YAML config.",
    )
    _common(serve)
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


async def start_site(config: Config, *, port: int | None = None) -> tuple[web.AppRunner, int]:
    """Build the app, start it on the configured (or given) port; return runner and port."""
    from aiohttp import web

    from proxy.app import create_app

    app = create_app(config)
    # handler_cancellation: a client that goes away cancels its handler, which closes
    # the upstream connection; aiohttp's own access log is replaced by ours.
    runner = web.AppRunner(app, handler_cancellation=True, access_log=None)
    try:
        await runner.setup()
        site = web.TCPSite(
            runner, config.server.host, config.server.port if port is None else port
        )
        await site.start()
    except BaseException:
        await runner.cleanup()
        raise
    return runner, int(runner.addresses[0][1])


async def _wait_for_signal() -> None:
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    try:
        await stop.wait()
    finally:
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.remove_signal_handler(sig)


async def reload_detectors(
    detectors: Mapping[str, object], lock: asyncio.Lock, log: FilteringBoundLogger
) -> dict[str, bool]:
    """Reload every detector with an ``areload()``, in config order; name -> in force.

    Runs under ``lock`` so that two quick SIGHUPs reload one after the other and the
    newer files always end up in force.  Logs one line per detector with its name, the
    entries in force afterwards and the outcome; never a value.
    """
    outcomes: dict[str, bool] = {}
    async with lock:
        for name, detector in detectors.items():
            areload: Callable[[], Awaitable[bool]] | None = getattr(detector, "areload", None)
            if not callable(areload):
                continue
            ok = await areload()
            outcomes[name] = ok
            # An error when the previous list stays in force: the operator must look.
            (log.info if ok else log.error)(
                "detector.reload",
                detector=name,
                entries=getattr(detector, "entry_count", None),
                outcome="reloaded" if ok else "kept_previous",
            )
    return outcomes


def _reload_on_sighup(app: web.Application, log: FilteringBoundLogger) -> Callable[[], None]:
    """Install the SIGHUP handler; returns the function that removes it."""
    from proxy.app import DETECTORS

    loop = asyncio.get_running_loop()
    lock = asyncio.Lock()
    # The loop keeps only weak references to tasks: hold each reload until it is done.
    running: set[asyncio.Task[dict[str, bool]]] = set()

    def done(task: asyncio.Task[dict[str, bool]]) -> None:
        running.discard(task)
        if not task.cancelled() and task.exception() is not None:
            # Only the type: a message could quote a list file's content.
            log.error("detector.reload_crashed", error=type(task.exception()).__name__)

    def on_hup() -> None:
        detectors = app[DETECTORS]
        task = loop.create_task(reload_detectors(detectors, lock, log))
        running.add(task)
        task.add_done_callback(done)

    loop.add_signal_handler(signal.SIGHUP, on_hup)

    def remove() -> None:
        loop.remove_signal_handler(signal.SIGHUP)
        for task in running:
            task.cancel()

    return remove


def _load(args: argparse.Namespace) -> Config:
    from proxy.config import load_config
    from proxy.logs import configure_logging

    config = apply_overrides(load_config(args.config), args)
    configure_logging(config.server.log_level, config.server.log_format)
    return config


def _serve(args: argparse.Namespace) -> int:
    from proxy.logs import get_logger

    config = _load(args)

    async def run() -> None:
        runner, port = await start_site(config)
        log = get_logger("pseudogate")
        log.info(
            "listening",
            url=f"http://{config.server.host}:{port}",
            routes=[route.path for route in config.routes],
        )
        remove_sighup = _reload_on_sighup(runner.app, log)
        try:
            await _wait_for_signal()
        finally:
            remove_sighup()
            await runner.cleanup()

    asyncio.run(run())
    return 0


def _demo(args: argparse.Namespace) -> int:
    from proxy.demo_run import run_demo

    config = _load(args)
    return asyncio.run(run_demo(config, serve=not args.once, wait=_wait_for_signal))
