"""Subcommands of the ``pseudogate`` CLI, one module per concern (see :mod:`proxy.cli`).

A handler that cannot do its job raises :class:`CommandError` (or an error of the
gateway's tree); :func:`proxy.cli.main` prints it as one line and exits 2.
"""

from __future__ import annotations

__all__ = ["CommandError"]


class CommandError(Exception):
    """A command failed for a reason its message states in one line (exit code 2)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message
