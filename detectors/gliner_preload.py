"""Imported by the GLiNER workers' forkserver: torch and gliner, once, quietly.

Missing extras are not an error here (the detector's options check reports them).
"""

from __future__ import annotations

import contextlib
import warnings

with warnings.catch_warnings(), contextlib.suppress(ImportError):
    warnings.simplefilter("ignore")
    import gliner  # noqa: F401 - imported for the forked workers
    import torch  # noqa: F401
