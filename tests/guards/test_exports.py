"""``__all__`` is complete and true, and the plugin protocol is documented.

Every public module lists its public names in ``__all__`` (httpx's
test_exported_members): each listed name exists, and every public function or class
defined in the module itself is listed.  Every member of the detector protocols that a
third-party plugin implements appears in the plugin guide (Datasette's test_docs).
"""

from __future__ import annotations

import importlib
import inspect
import re
from pathlib import Path

import pytest

from pipelines import spans

ROOT = Path(__file__).resolve().parents[2]


def _modules() -> list[str]:
    names = []
    for package in ("pipelines", "detectors", "proxy"):
        for path in sorted((ROOT / package).rglob("*.py")):
            if path.name != "__init__.py":
                names.append(".".join(path.relative_to(ROOT).with_suffix("").parts))
    return names


@pytest.mark.parametrize("module_name", _modules())
def test_all_is_complete_and_true(module_name: str) -> None:
    """``__all__`` names exist, and public classes/functions defined here are listed."""
    module = importlib.import_module(module_name)
    exported = getattr(module, "__all__", None)
    assert exported is not None, f"{module_name} has no __all__"
    missing = [name for name in exported if not hasattr(module, name)]
    assert not missing, f"{module_name}.__all__ lists undefined names {missing}"
    defined_here = {
        name
        for name, value in vars(module).items()
        if not name.startswith("_")
        and (inspect.isclass(value) or inspect.isfunction(value))
        and getattr(value, "__module__", None) == module_name
    }
    unlisted = sorted(defined_here - set(exported))
    assert not unlisted, f"{module_name} defines public {unlisted} but does not export them"


@pytest.mark.parametrize(
    "protocol", [spans.Detector, spans.Lifecycle, spans.DetectorFactory, spans.DetectorContext]
)
def test_plugin_protocol_members_are_documented(protocol: type) -> None:
    """Each member a plugin author implements or receives is named in docs/plugins.md."""
    guide = (ROOT / "docs" / "plugins.md").read_text(encoding="utf-8")
    members = [
        name
        for name in vars(protocol)
        if not name.startswith("_") and name not in {"length"}
    ]
    if protocol is spans.DetectorContext:
        members = list(spans.DetectorContext.__dataclass_fields__)
    undocumented = [name for name in members if not re.search(rf"\b{name}\b", guide)]
    assert protocol.__name__ in guide, f"{protocol.__name__} is not mentioned in docs/plugins.md"
    assert not undocumented, f"{protocol.__name__} members not in docs/plugins.md: {undocumented}"
