"""The example plugin in ``examples/detector-plugin``, installed and used from YAML.

The package is pip-installed into the test environment once (again only when its
source changed), then found through the real entry points, configured from YAML, built
by the registry and run in a Chain: the same path a third-party plugin takes.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

from detectors.registry import Registry
from pipelines.errors import ConfigError
from pipelines.relink import relink
from pipelines.vault import Vault
from proxy.assembly import build_chain, build_detectors
from proxy.config import parse_config

_PLUGIN_DIR = Path(__file__).resolve().parents[3] / "examples" / "detector-plugin"
_SOURCE = _PLUGIN_DIR / "src" / "pseudogate_employee_id" / "__init__.py"
_DIST = "pseudogate-employee-id"


def _installed_current() -> bool:
    """Whether the installed copy exists and matches the source (so installing is a no-op)."""
    try:
        dist = importlib.metadata.distribution(_DIST)
    except importlib.metadata.PackageNotFoundError:
        return False
    installed = [f for f in dist.files or () if f.name == "__init__.py"]
    if not installed:
        return False
    return Path(str(dist.locate_file(installed[0]))).read_bytes() == _SOURCE.read_bytes()


@pytest.fixture(scope="module")
def plugin_installed() -> None:
    """pip-install the example plugin unless the same version of it is already there."""
    if not _installed_current():
        subprocess.run(
            [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps",
             "--no-build-isolation", "--disable-pip-version-check", str(_PLUGIN_DIR)],
            check=True, capture_output=True, timeout=300,
        )
        importlib.invalidate_caches()
    assert _installed_current()


_YAML = {
    "upstreams": {"demo": {"type": "demo"}},
    "detectors": {"staff": {"type": "employee_id", "options": {"prefix": "EMP"}}},
    "routes": [{"path": "/v1/chat/completions", "api": "openai_chat", "upstream": "demo",
                "pipeline": ["staff"]}],
}


def test_registry_finds_the_installed_plugin(plugin_installed: None) -> None:
    """The plugin's entry point is listed with its distribution."""
    plugin = Registry().find()["employee_id"]
    assert plugin.distribution == _DIST
    assert plugin.value == "pseudogate_employee_id:create"


async def test_plugin_from_yaml_through_the_chain(plugin_installed: None) -> None:
    """Configured in YAML, built by the registry, run in a Chain: valid IDs only."""
    config = parse_config(_YAML, source="<test>", base_dir=Path.cwd(), environ={})
    detectors = build_detectors(config)
    chain = build_chain(config, config.routes[0], detectors)
    text = "EMP-123456-6 reports to EMP-000000-0; EMP-123456-7 is a typo; XEMP-123456-6."
    vault = Vault()
    result = await chain.sanitize([text, "again: EMP-123456-6"], vault)
    assert result.texts == (
        "[EMPLOYEE_ID_1] reports to [EMPLOYEE_ID_2]; EMP-123456-7 is a typo; XEMP-123456-6.",
        "again: [EMPLOYEE_ID_1]",
    )
    assert {f.detector for f in result.findings} == {"staff"}
    assert relink(result.texts[0], vault) == text


@pytest.mark.parametrize(
    ("options", "path"),
    [({"prefix": "emp"}, "prefix"), ({"label": "staff id"}, "label"), ({"score": 2}, "score"),
     ({"prefixes": ["EMP"]}, "prefixes")],
)
def test_plugin_validates_its_options(plugin_installed: None, options: dict[str, object],
                                      path: str) -> None:
    """Bad options are ConfigErrors at the option's path, at start-up."""
    data = {**_YAML, "detectors": {"staff": {"type": "employee_id", "options": options}}}
    config = parse_config(data, source="gw.yaml", base_dir=Path.cwd(), environ={})
    with pytest.raises(ConfigError) as info:
        build_detectors(config)
    assert info.value.path == f"detectors.staff.options.{path}"
    assert info.value.source == "gw.yaml"


def test_check_digit_matches_luhn(plugin_installed: None) -> None:
    """The plugin's check digit is the Luhn check digit (cross-checked with python-stdnum)."""
    from stdnum import luhn

    module = importlib.import_module("pseudogate_employee_id")
    for digits in ("123456", "000000", "792002", "999999", "314159"):
        assert luhn.is_valid(digits + str(module.check_digit(digits)))
