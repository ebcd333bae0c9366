"""``pseudogate check-config FILE``: everything ``serve`` would build, without serving.

The config is validated with every error collected (every invalid field of every entry;
checks that combine fields once those fields are valid), then each detector is built and
*started* on its own (list files are read and parsed, models loaded), then each route's
response policy is compiled against the started detectors, egress literals and
look-behind checks included, and what serve builds besides is built too: the TLS
context, each upstream's CA bundle, the evidence signing key (and the end of an
existing evidence file), the session store and key ring.  Every error is printed on
one line with its file and dotted path, warnings too (``$NAME`` without braces, an env
var left unset under ``--allow-missing-env``); the exit code is 0 when nothing is
wrong, 2 otherwise.
Upstreams are not contacted.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from pipelines.errors import ConfigError

if TYPE_CHECKING:
    from proxy.config import Config

__all__ = ["add_command", "check_config"]


def add_command(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``check-config``."""
    check = subparsers.add_parser(
        "check-config", help="validate a config file as serve would build it",
        description=__doc__.split("\n\n")[1] if __doc__ else None,
    )
    check.add_argument("config_file", type=Path, metavar="FILE")
    check.add_argument("--allow-missing-env", action="store_true",
                       help="an unset ${NAME} is a warning, not an error (lint without secrets)")
    from proxy.commands.serve import positive

    check.add_argument("--workers", type=positive, default=1, metavar="N",
                       help="check for serve --workers N (state the processes would not "
                            "share is refused)")
    check.set_defaults(handler=_check_config)


async def check_config(path: Path, *, allow_missing_env: bool = False, workers: int = 1
                       ) -> tuple[list[ConfigError], list[str], str]:
    """(errors, warnings, summary) of what ``serve [--workers N]`` would make of ``path``."""
    from pipelines.spans import Detector, Lifecycle
    from proxy.assembly import build_detectors
    from proxy.commands.serve import check_workers
    from proxy.config import load_config
    from proxy.policies import build_policy
    from proxy.scrubber import check_scrubbers

    problems: list[ConfigError] = []
    try:
        # With ``problems`` the config of every entry that validated comes back, so the
        # detectors and routes that are fine are still built and checked below.
        config = load_config(path, allow_missing_env=allow_missing_env, problems=problems)
    except ConfigError as exc:  # the file itself: missing, not YAML, empty
        return [*problems, exc], [], ""
    warnings = [f"{config.source}: {w.path}: {w.message}" for w in config.warnings]
    detectors: dict[str, Detector] = {}
    started: list[Lifecycle] = []
    try:
        for name in config.detectors:
            try:
                built = build_detectors(config, only=[name])[name]
                if isinstance(built, Lifecycle):
                    await built.start()
                    started.append(built)
            except ConfigError as exc:
                problems.append(exc)
                continue
            detectors[name] = built
        problems.extend(check_scrubbers(config, detectors))
        for route in config.routes:
            if not all(name in detectors for name in route.pipeline):
                continue  # its detector's error is reported already
            try:
                policy = build_policy(config, route, detectors)
                await asyncio.to_thread(policy.refresh)
            except ConfigError as exc:
                problems.append(exc)
    finally:
        for opened in reversed(started):
            with contextlib.suppress(Exception):
                await opened.aclose()
    problems.extend(await _serving_parts(config, problems))
    try:
        check_workers(config, workers)
    except ConfigError as exc:
        problems.append(exc)
    summary = (f"{len(config.routes)} routes, {len(config.detectors)} detectors, "
               f"{len(config.upstreams)} upstreams")
    return problems, warnings, summary


async def _serving_parts(config: Config, problems: list[ConfigError]) -> list[ConfigError]:
    """Build what serve builds beyond detectors and policies; the errors (file, path).

    A part whose config has an error already, or a stand-in for a secret left out
    under --allow-missing-env, is not built (it would only report that again).
    """
    from proxy.evidence import check_tail, load_private_key
    from proxy.sessions import SessionService, build_sessions
    from proxy.tls import client_context, server_context

    unknown = [warning.path for warning in config.warnings if warning.stand_in]
    unknown += [problem.path for problem in problems if problem.path]

    def known(where: str) -> bool:
        return not any(p == where or p.startswith((where + ".", where + "["))
                       for p in unknown)

    checks: list[Callable[[], object]] = []
    if config.server.tls is not None and known("server.tls"):
        tls = config.server.tls
        checks.append(lambda: server_context(tls))
    for name, upstream in config.upstreams.items():
        if known(f"upstreams.{name}.ca_bundle"):
            checks.append(lambda u=upstream, n=name: client_context(  # type: ignore[misc]
                u.ca_bundle, path=f"upstreams.{n}.ca_bundle"))
    if config.evidence is not None:
        evidence = config.evidence
        if known("evidence.key_file"):
            checks.append(lambda: load_private_key(evidence.key_file))
        if "{pid}" not in evidence.path and known("evidence.path"):
            # (with {pid} each process appends to a file of its own)
            checks.append(lambda: check_tail(Path(evidence.path)))
    if known("sessions.redis.url"):
        checks.append(lambda: build_sessions(config))
    errors: list[ConfigError] = []
    for check in checks:
        try:
            built = check()
        except ConfigError as exc:
            errors.append(exc if exc.source else ConfigError(
                exc.message, source=config.source, path=exc.path, expected=exc.expected))
        else:
            if isinstance(built, SessionService):
                await built.aclose()
    return errors


def _check_config(args: argparse.Namespace) -> int:
    errors, warnings, summary = asyncio.run(
        check_config(args.config_file, allow_missing_env=args.allow_missing_env,
                     workers=args.workers))
    for warning in warnings:
        print(f"warning: {warning}", file=sys.stderr)
    for error in errors:
        print(f"error: {' '.join(str(error).split())}", file=sys.stderr)
    if errors:
        print(f"{args.config_file}: {len(errors)} error{'s' if len(errors) != 1 else ''}",
              file=sys.stderr)
        return 2
    print(f"{args.config_file}: ok ({summary})")
    return 0
