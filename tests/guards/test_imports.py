"""Every module imports cleanly on its own, and the layering holds.

Each module is imported in a fresh interpreter (as aiohttp's test_circular_imports
does), so an import cycle or an import-time side effect that only works because of
import order shows up here.  ``pipelines`` must not pull in aiohttp, torch or gliner,
and ``detectors`` must not import ``proxy`` (``proxy -> detectors -> pipelines``).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("pipelines", "detectors", "proxy")


def _modules() -> list[str]:
    names = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            names.append(".".join(parts))
    return names


_PROBE = """
import json, sys
before = set(sys.modules)
import importlib
importlib.import_module(sys.argv[1])
print(json.dumps(sorted(set(sys.modules) - before)))
"""


def _import_in_fresh_interpreter(module: str) -> set[str]:
    result = subprocess.run(
        [sys.executable, "-c", _PROBE, module],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, f"importing {module} failed:\n{result.stderr[-2000:]}"
    return set(json.loads(result.stdout.strip().splitlines()[-1]))


@pytest.mark.parametrize("module", _modules())
def test_module_imports_alone(module: str) -> None:
    """The module imports in a fresh interpreter and respects the dependency direction."""
    loaded = {name.split(".")[0] for name in _import_in_fresh_interpreter(module)}
    top = module.split(".")[0]
    if top == "pipelines":
        assert not loaded & {"aiohttp", "torch", "gliner", "detectors", "proxy"}, module
    if top == "detectors":
        assert "proxy" not in loaded, module
    # Heavy ML stacks load lazily, when a GLiNER detector starts, never on import.
    assert not loaded & {"torch", "gliner", "onnxruntime", "transformers"}, module
