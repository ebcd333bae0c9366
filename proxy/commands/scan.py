"""``pseudogate scan`` and ``detectors``: the offline commands.

``scan`` runs one route's detector chain over a file (or stdin) and prints the
sanitised text, then a table of what was replaced (label, detector, placeholder; the raw
values only with ``--show-values``).  It exits 1 when something was found, like a
linter, and 0 when the text is clean.  Without ``--config`` it uses
``config.example.yaml`` from the current directory if there is one, else a built-in
configuration with the ``regex`` detector and all its built-in patterns.

``detectors`` lists the installed detector types and their distributions.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, TextIO

if TYPE_CHECKING:
    from pipelines.chain import Sanitized
    from proxy.config import Config

__all__ = ["DEFAULT_CONFIG_FILE", "add_command", "default_config"]

DEFAULT_CONFIG_FILE: Final = "config.example.yaml"

_BUILTIN_CONFIG: Final = {
    "upstreams": {"demo": {"type": "demo"}},
    "detectors": {"regex": {"type": "regex"}},
    "routes": [{"name": "scan", "path": "/scan", "api": "openai_chat", "upstream": "demo",
                "pipeline": ["regex"]}],
}


def add_command(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``scan`` and ``detectors``."""
    scan = subparsers.add_parser(
        "scan",
        help="sanitise a text with a route's detectors and list what was found",
        description=__doc__.split("\n\n")[1] if __doc__ else None,
    )
    scan.add_argument("--config", type=Path, help=f"config file (default: ./{DEFAULT_CONFIG_FILE}"
                      " if present, else the regex detector with all built-in patterns)")
    scan.add_argument("--route", help="route name or path whose pipeline to run "
                      "(default: the first route)")
    scan.add_argument("--show-values", action="store_true",
                      help="also print the raw values found (they are sensitive)")
    scan.add_argument("file", nargs="?", default="-", help="text file to scan, - for stdin")
    scan.set_defaults(handler=_scan)

    listing = subparsers.add_parser("detectors", help="list installed detector types")
    listing.set_defaults(handler=_list_detectors)


def default_config(cwd: Path) -> Config:
    """``config.example.yaml`` in ``cwd`` if present, else the built-in scan config."""
    import os

    from proxy.config import load_config, parse_config

    candidate = cwd / DEFAULT_CONFIG_FILE
    if candidate.is_file():
        return load_config(candidate)
    return parse_config(_BUILTIN_CONFIG, source="<built-in scan config>", base_dir=cwd,
                        environ=os.environ)


def _scan(args: argparse.Namespace) -> int:
    from proxy.config import load_config

    config = load_config(args.config) if args.config else default_config(Path.cwd())
    route = config.route(args.route) if args.route else config.routes[0]
    text = _read_input(args.file)
    if text is None:
        return 2
    result = asyncio.run(_sanitize(config, route.name, text))
    out: TextIO = sys.stdout
    out.write(result.texts[0])
    if not result.texts[0].endswith("\n"):
        out.write("\n")
    _print_findings(out, result, text, route.name, show_values=args.show_values)
    return 1 if result.findings else 0


def _read_input(name: str) -> str | None:
    try:
        data = sys.stdin.buffer.read() if name == "-" else Path(name).read_bytes()
    except OSError as exc:
        print(f"pseudogate scan: cannot read {name}: {exc.strerror}", file=sys.stderr)
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        print(f"pseudogate scan: {name} is not valid UTF-8 (byte {exc.start})", file=sys.stderr)
        return None


async def _sanitize(config: Config, route_name: str, text: str) -> Sanitized:
    from proxy.assembly import build_chain, build_detectors, new_vault, running

    route = config.route(route_name)
    detectors = build_detectors(config, only=route.pipeline)
    async with running(detectors):
        chain = build_chain(config, route, detectors, on_skip=_warn_skip)
        return await chain.sanitize([text], new_vault(config))


def _warn_skip(name: str, error: BaseException) -> None:
    print(f"pseudogate scan: warning: detector {name!r} failed and was skipped "
          f"({type(error).__name__})", file=sys.stderr)


def _print_findings(out: TextIO, result: Sanitized, original: str, route: str, *,
                    show_values: bool) -> None:
    count = len(result.findings)
    out.write(f"\n{count} finding{'s' if count != 1 else ''} (route {route})\n")
    if not count:
        return
    headers = ["LABEL", "DETECTOR", "PLACEHOLDER", "AT"]
    rows: list[list[str]] = []
    for finding in result.findings:
        row = [finding.label, finding.detector, finding.placeholder,
               f"{finding.start}-{finding.end}"]
        if show_values:
            value = original[finding.start : finding.end]
            row.append(value.encode("unicode_escape").decode("ascii"))
        rows.append(row)
    if show_values:
        headers.append("VALUE")
    _table(out, headers, rows)


def _table(out: TextIO, headers: Sequence[str], rows: Sequence[Sequence[str]]) -> None:
    widths = [max(len(str(cell)) for cell in column) for column in zip(headers, *rows,
                                                                         strict=False)]
    for row in [headers, *rows]:
        cells = [cell.ljust(width) for cell, width in zip(row, widths, strict=True)]
        out.write("  ".join(cells).rstrip() + "\n")


def _list_detectors(args: argparse.Namespace) -> int:
    from detectors.registry import Registry

    plugins = Registry().find()
    if not plugins:
        print("no detector types installed (is pseudogate installed? pip install -e .)")
        return 1
    rows: list[Any] = [[p.type, f"{p.distribution} {p.version}", p.value]
                       for p in plugins.values()]
    _table(sys.stdout, ["TYPE", "DISTRIBUTION", "ENTRY POINT"], rows)
    return 0
