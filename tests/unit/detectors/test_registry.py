"""Unit tests of the detector plugin registry, on fake ``*.dist-info`` distributions."""

from __future__ import annotations

import sys
import textwrap
import uuid
from importlib.metadata import PathDistribution
from pathlib import Path

import pytest

from detectors.registry import GROUP, Registry, entry_points_of
from pipelines.errors import ConfigError, PluginLoadError
from pipelines.spans import DetectorContext

_DETECTOR_MODULE = '''\
"""A fake detector plugin written by the registry tests."""
from pipelines.errors import ConfigError
from pipelines.spans import Span

LOADED = True


class Upper:
    def __init__(self, name, labels=frozenset({"SHOUT"})):
        self._name = name
        self._labels = labels

    @property
    def name(self):
        return self._name

    @property
    def labels(self):
        return self._labels

    async def detect(self, texts):
        return [[] for _ in texts]


def create(options, context):
    if "bad" in options:
        raise ConfigError("bad option", source=context.source, path=context.path + ".bad")
    if "crash" in options:
        raise ValueError("sk-secret-in-options")
    return Upper(options.get("rename", context.name))


def create_wrong_labels(options, context):
    return Upper(context.name, labels=frozenset({"lower"}))


def create_not_detector(options, context):
    return object()


NOT_CALLABLE = 42
'''


class _Env:
    """A temporary site with fake distributions and a uniquely named plugin module."""

    def __init__(self, root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        self.root = root
        self.module = f"pg_fake_{uuid.uuid4().hex}"
        (root / f"{self.module}.py").write_text(_DETECTOR_MODULE, encoding="utf-8")
        monkeypatch.syspath_prepend(str(root))
        self.dists: list[PathDistribution] = []

    def dist(self, name: str, entries: dict[str, str], group: str = GROUP) -> PathDistribution:
        info = self.root / f"{name}-1.2.dist-info"
        info.mkdir()
        (info / "METADATA").write_text(
            f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.2\n", encoding="utf-8")
        lines = "\n".join(f"{key} = {value.format(m=self.module)}"
                          for key, value in entries.items())
        (info / "entry_points.txt").write_text(f"[{group}]\n{lines}\n", encoding="utf-8")
        dist = PathDistribution(info)
        self.dists.append(dist)
        return dist

    def registry(self) -> Registry:
        return Registry(entry_points_of(self.dists))


@pytest.fixture
def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> _Env:
    """A fresh fake site for one test."""
    return _Env(tmp_path, monkeypatch)


def _context(name: str = "shouts") -> DetectorContext:
    return DetectorContext(name=name, source="gw.yaml", path=f"detectors.{name}.options")


def test_find_reads_metadata_without_importing(env: _Env) -> None:
    """Finding lists types with their distribution; nothing is imported yet."""
    env.dist("pg-shout", {"shout": "{m}:create"})
    env.dist("pg-other", {"other": "{m}:create"}, group="some.other.group")
    plugins = env.registry().find()
    assert list(plugins) == ["shout"]
    assert plugins["shout"].distribution == "pg-shout"
    assert plugins["shout"].version == "1.2"
    assert plugins["shout"].value == f"{env.module}:create"
    assert env.module not in sys.modules


def test_build_loads_only_what_is_named(env: _Env) -> None:
    """Building one type imports only its module; a broken unselected plugin is harmless."""
    env.dist("pg-shout", {"shout": "{m}:create", "broken": "no_such_module_xyz:create"})
    detector = env.registry().build("shout", {}, _context())
    assert detector.name == "shouts" and detector.labels == frozenset({"SHOUT"})
    assert env.module in sys.modules
    assert "no_such_module_xyz" not in sys.modules


def test_factories_are_cached_per_type(env: _Env) -> None:
    """Two detectors of one type share one loaded factory."""
    env.dist("pg-shout", {"shout": "{m}:create"})
    registry = env.registry()
    assert registry.factory("shout") is registry.factory("shout")
    registry.build("shout", {}, _context("a"))
    registry.build("shout", {}, _context("b"))


def test_unknown_type_lists_installed(env: _Env) -> None:
    """An unknown type is a ConfigError at the type's path listing what is installed."""
    env.dist("pg-shout", {"shout": "{m}:create", "whisper": "{m}:create"})
    with pytest.raises(ConfigError) as info:
        env.registry().build("shot", {}, _context())
    error = info.value
    assert not isinstance(error, PluginLoadError)
    assert error.path == "detectors.shouts.type" and error.source == "gw.yaml"
    assert error.expected == "an installed type: shout, whisper"


def test_nothing_installed() -> None:
    """With no plugins the message says so."""
    with pytest.raises(ConfigError, match="none"):
        Registry(lambda: []).build("regex", {}, _context())


@pytest.mark.parametrize(
    ("value", "words"),
    [
        ("no_such_module_xyz:create", "could not be imported: No module named"),
        ("{m}:missing_attribute", "failed while loading (AttributeError)"),
        ("{m}:NOT_CALLABLE", "is not a detector factory"),
    ],
    ids=["import", "attribute", "not-callable"],
)
def test_load_failures_name_plugin_and_distribution(env: _Env, value: str, words: str) -> None:
    """A plugin that cannot be loaded is a PluginLoadError naming it and its distribution."""
    env.dist("pg-shout", {"shout": value})
    with pytest.raises(PluginLoadError) as info:
        env.registry().build("shout", {}, _context())
    message = str(info.value)
    assert "'shout'" in message and "pg-shout 1.2" in message and words in message


@pytest.mark.parametrize(
    ("value", "options", "words"),
    [
        ("{m}:create_not_detector", {}, "not a Detector"),
        ("{m}:create_wrong_labels", {}, "invalid labels"),
        ("{m}:create", {"rename": "other"}, "named 'other'"),
    ],
    ids=["not-detector", "labels", "name"],
)
def test_built_objects_are_checked(env: _Env, value: str, options: dict[str, object],
                                   words: str) -> None:
    """What a factory returns must be a Detector with valid labels and the config name."""
    env.dist("pg-shout", {"shout": value})
    with pytest.raises(PluginLoadError) as info:
        env.registry().build("shout", options, _context())
    assert words in str(info.value)
    assert info.value.path == "detectors.shouts.options"


def test_factory_config_errors_pass_through(env: _Env) -> None:
    """A factory's own ConfigError (with its option path) reaches the operator as is."""
    env.dist("pg-shout", {"shout": "{m}:create"})
    with pytest.raises(ConfigError) as info:
        env.registry().build("shout", {"bad": 1}, _context())
    assert info.value.path == "detectors.shouts.options.bad"


def test_factory_crash_is_a_config_error_without_the_message(env: _Env) -> None:
    """Any other exception from a factory becomes a ConfigError that does not echo it."""
    env.dist("pg-shout", {"shout": "{m}:create"})
    with pytest.raises(ConfigError) as info:
        env.registry().build("shout", {"crash": 1}, _context())
    assert "sk-secret" not in str(info.value) and "ValueError" in str(info.value)
    assert isinstance(info.value.__cause__, ValueError)


def test_same_type_from_two_distributions_is_refused(env: _Env) -> None:
    """Two distributions claiming one type name is ambiguous: refuse, naming both."""
    env.dist("pg-shout", {"shout": "{m}:create"})
    env.dist("pg-shout-fork", {"shout": "{m}:create_wrong_labels"})
    with pytest.raises(PluginLoadError) as info:
        env.registry().build("shout", {}, _context())
    assert "pg-shout" in str(info.value) and "pg-shout-fork" in str(info.value)


def test_identical_duplicates_are_one_plugin(env: _Env) -> None:
    """The same distribution seen twice (editable install + build dir) is not ambiguous."""
    dist = env.dist("pg-shout", {"shout": "{m}:create"})
    env.dists.append(dist)
    assert env.registry().build("shout", {}, _context()).name == "shouts"


def test_builtins_are_declared_in_pyproject() -> None:
    """The built-in types are registered through the same entry-point group."""
    text = (Path(__file__).resolve().parents[3] / "pyproject.toml").read_text(encoding="utf-8")
    section = text.split(f'[project.entry-points."{GROUP}"]', 1)[1].split("\n[", 1)[0]
    assert textwrap.dedent(section).strip().splitlines() == [
        'regex = "detectors.regex:create"',
        'known_entities = "detectors.known_entities:create"',
        'gliner = "detectors.gliner:create"',
        'llm_scrubber = "detectors.llm_scrubber:create"',
    ]
