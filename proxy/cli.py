"""The ``pseudogate`` command line.

Each subcommand lives in its own module under :mod:`proxy.commands` and exposes
``add_command(subparsers)``, which adds its parser and sets ``handler`` to a function
``(argparse.Namespace) -> int``.  Command modules import heavy dependencies (aiohttp's
server, torch, gliner) inside their handlers, so ``pseudogate --help`` stays fast.

Exit codes: 0 success, 1 a finding or a failed check the command reports on, 2 bad
usage or any error.  Every error is one line on standard error, never a traceback
(``PSEUDOGATE_TRACEBACK=1`` re-raises an unexpected one for a developer); logs go to
standard error too, so standard output carries only the command's own output.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence
from typing import NoReturn

from pipelines.errors import ConfigError, GatewayError
from proxy.commands import CommandError

__all__ = ["build_parser", "main"]

# One module per concern; each contributes one or more subcommands.
_COMMAND_MODULES = (
    "proxy.commands.scan",
    "proxy.commands.check",
    "proxy.commands.evaluate",
    "proxy.commands.serve",
    "proxy.commands.model",
    "proxy.commands.evidence",
    "proxy.commands.scrub",
)


class _Parser(argparse.ArgumentParser):
    """argparse with usage errors as one line (``pseudogate serve: ...``), exit 2."""

    def error(self, message: str) -> NoReturn:
        """Print one line naming the command and the problem, then exit 2."""
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")


def build_parser() -> argparse.ArgumentParser:
    """Return the full argument parser with every subcommand registered."""
    parser = _Parser(
        prog="pseudogate",
        description="A privacy gateway for LLM APIs.",
    )
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for module_name in _COMMAND_MODULES:
        importlib.import_module(module_name).add_command(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``pseudogate`` console script."""
    from proxy.logs import configure_logging

    parser = build_parser()
    args = parser.parse_args(argv)
    configure_logging("info", "console")  # serve and demo reconfigure from the config
    try:
        code: int = args.handler(args)
    except KeyboardInterrupt:
        return 130
    except ConfigError as exc:
        return _fail(f"configuration error: {_one_line(str(exc))}")
    except (CommandError, GatewayError) as exc:
        # Messages of the error tree never hold a value (docs/design.md C8), by contract.
        return _fail(_one_line(str(exc)))
    except OSError as exc:
        return _fail(f"{exc.strerror or type(exc).__name__}"
                     + (f": {exc.filename}" if exc.filename else ""))
    except Exception as exc:
        if os.environ.get("PSEUDOGATE_TRACEBACK") == "1":
            raise
        # The type only: a dependency's message may quote the text being processed.
        return _fail(f"internal error ({type(exc).__name__}); "
                     "PSEUDOGATE_TRACEBACK=1 shows the traceback")
    return code


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _fail(message: str) -> int:
    print(f"pseudogate: {message}", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
