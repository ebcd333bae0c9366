"""The example plugin in ``examples/detector-plugin``, installed and used from YAML.

The package is pip-installed (``--target``) into a throwaway directory of this test
module, never into the developer's environment, and found there through its real
entry-point metadata: configured from YAML, built by the registry and run in a Chain,
the path a third-party plugin takes.  Afterwards the environment's own registry still
does not list it.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import subprocess
import sys
import sysconfig
from collections.abc import Iterator
from pathlib import Path

import pytest

from detectors.registry import Registry, entry_points_of
from pipelines.errors import ConfigError
from pipelines.relink import relink
from pipelines.vault import Vault
from proxy.assembly import build_chain, build_detectors
from proxy.config import parse_config

_PLUGIN_DIR = Path(__file__).resolve().parents[3] / "examples" / "detector-plugin"
_DIST = "pseudogate-employee-id"
_MODULE = "pseudogate_employee_id"


@pytest.fixture(scope="module")
def plugin_registry(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Registry]:
    """A registry over the plugin pip-installed into a throwaway ``--target`` directory."""
    target = tmp_path_factory.mktemp("plugin-env")
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps",
         "--no-build-isolation", "--disable-pip-version-check", "--no-cache-dir",
         "--target", str(target), str(_PLUGIN_DIR)],
        check=True, capture_output=True, timeout=300,
    )
    dists = list(importlib.metadata.distributions(path=[str(target)]))
    assert [d.metadata["Name"] for d in dists] == [_DIST]
    with pytest.MonkeyPatch.context() as patch:
        patch.syspath_prepend(str(target))
        yield Registry(entry_points_of(dists))
        sys.modules.pop(_MODULE, None)
    importlib.invalidate_caches()


_YAML = {
    "upstreams": {"demo": {"type": "demo"}},
    "detectors": {"staff": {"type": "employee_id", "options": {"prefix": "EMP"}}},
    "routes": [{"path": "/v1/chat/completions", "api": "openai_chat", "upstream": "demo",
                "pipeline": ["staff"]}],
}


def test_registry_finds_the_installed_plugin(plugin_registry: Registry) -> None:
    """The plugin's entry point is listed with its distribution; the environment's is not."""
    plugin = plugin_registry.find()["employee_id"]
    assert plugin.distribution == _DIST
    assert plugin.value == "pseudogate_employee_id:create"
    # The developer's environment never got it.
    site = [sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]]
    assert _DIST not in {d.metadata["Name"] for d in importlib.metadata.distributions(path=site)}


async def test_plugin_from_yaml_through_the_chain(plugin_registry: Registry) -> None:
    """Configured in YAML, built by the registry, run in a Chain: valid IDs only."""
    config = parse_config(_YAML, source="<test>", base_dir=Path.cwd(), environ={})
    detectors = build_detectors(config, plugin_registry)
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
def test_plugin_validates_its_options(plugin_registry: Registry, options: dict[str, object],
                                      path: str) -> None:
    """Bad options are ConfigErrors at the option's path, at start-up."""
    data = {**_YAML, "detectors": {"staff": {"type": "employee_id", "options": options}}}
    config = parse_config(data, source="gw.yaml", base_dir=Path.cwd(), environ={})
    with pytest.raises(ConfigError) as info:
        build_detectors(config, plugin_registry)
    assert info.value.path == f"detectors.staff.options.{path}"
    assert info.value.source == "gw.yaml"


def test_check_digit_matches_luhn(plugin_registry: Registry) -> None:
    """The plugin's check digit is the Luhn check digit (cross-checked with python-stdnum)."""
    from stdnum import luhn

    module = importlib.import_module(_MODULE)
    for digits in ("123456", "000000", "792002", "999999", "314159"):
        assert luhn.is_valid(digits + str(module.check_digit(digits)))
