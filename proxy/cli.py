"""The ``pseudogate`` command line.

Each subcommand lives in its own module under :mod:`proxy.commands` and exposes
``add_command(subparsers)``, which adds its parser and sets ``handler`` to a function
``(argparse.Namespace) -> int``.  Command modules import heavy dependencies (aiohttp's
server, torch, gliner) inside their handlers, so ``pseudogate --help`` stays fast.

Exit codes: 0 success, 1 a finding or a failed check the command reports on, 2 bad
usage or a configuration error.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from pipelines.errors import ConfigError

__all__ = ["build_parser", "main"]

# One module per concern; each contributes one or more subcommands.
_COMMAND_MODULES = (
    "proxy.commands.scan",
    "proxy.commands.evaluate",
    "proxy.commands.serve",
    "proxy.commands.model",
)


def build_parser() -> argparse.ArgumentParser:
    """Return the full argument parser with every subcommand registered."""
    parser = argparse.ArgumentParser(
        prog="pseudogate",
        description="A privacy gateway for LLM APIs.",
    )
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for module_name in _COMMAND_MODULES:
        importlib.import_module(module_name).add_command(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``pseudogate`` console script."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code: int = args.handler(args)
    except ConfigError as exc:
        print(f"pseudogate: configuration error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    return code


if __name__ == "__main__":
    sys.exit(main())
