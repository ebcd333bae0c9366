"""Subcommands of the ``pseudogate`` CLI, one module per concern (see :mod:`proxy.cli`)."""
