"""Detector plugins through the ``pseudogate.detectors`` entry-point group (docs/design.md C2).

Built-ins and third-party detectors are found the same way, in phases, and only what a
config names is ever imported:

1. **find** - read entry-point metadata of installed distributions (no import);
2. **select** - keep only the types the config names; an unknown type is a
   :class:`~pipelines.errors.ConfigError` listing the installed ones;
3. **load** - import the entry point; failure is a
   :class:`~pipelines.errors.PluginLoadError` naming the plugin and its distribution;
4. **check** - what it loads to must be callable (a :class:`DetectorFactory`);
5. **build** - call ``factory(options, DetectorContext(...))``; the result must satisfy
   :class:`~pipelines.spans.Detector`, declare valid labels, and carry the config name.

The entry-point source is injectable, so tests run on fake ``*.dist-info`` directories.
"""

from __future__ import annotations

import importlib.metadata
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Final, final

from pipelines.errors import ConfigError, PluginLoadError
from pipelines.placeholders import LABEL_RE
from pipelines.spans import Detector, DetectorContext, DetectorFactory

__all__ = ["GROUP", "Plugin", "Registry", "entry_points_of"]

GROUP: Final = "pseudogate.detectors"

EntryPointSource = Callable[[], Iterable[importlib.metadata.EntryPoint]]


def _installed_entry_points() -> Iterable[importlib.metadata.EntryPoint]:
    return importlib.metadata.entry_points(group=GROUP)


def entry_points_of(
    distributions: Iterable[importlib.metadata.Distribution],
) -> EntryPointSource:
    """An entry-point source over given distributions (tests: ``PathDistribution``)."""
    dists = tuple(distributions)

    def source() -> list[importlib.metadata.EntryPoint]:
        return [ep for dist in dists for ep in dist.entry_points if ep.group == GROUP]

    return source


@final
@dataclass(frozen=True, slots=True)
class Plugin:
    """One installed detector type, known from metadata only (nothing imported)."""

    type: str
    value: str
    distribution: str
    version: str
    entry_point: importlib.metadata.EntryPoint = field(repr=False, compare=False)


@final
class Registry:
    """Finds, loads and builds detectors; loaded factories are cached per type."""

    __slots__ = ("_factories", "_plugins", "_source")

    def __init__(self, entry_points: EntryPointSource | None = None) -> None:
        self._source = entry_points or _installed_entry_points
        self._plugins: dict[str, list[Plugin]] | None = None
        self._factories: dict[str, DetectorFactory] = {}

    def find(self) -> Mapping[str, Plugin]:
        """Every installed detector type (the first distribution of each name)."""
        return {name: plugins[0] for name, plugins in sorted(self._found().items())}

    def factory(self, type_name: str, *, source: str = "<config>", path: str = "type"
                ) -> DetectorFactory:
        """Select and load the factory of ``type_name`` (errors name ``source``/``path``)."""
        cached = self._factories.get(type_name)
        if cached is not None:
            return cached
        plugin = self._select(type_name, source=source, path=path)
        where = f"plugin {plugin.type!r} ({plugin.value}) from distribution " \
                f"{plugin.distribution} {plugin.version}"
        try:
            loaded = plugin.entry_point.load()
        except ImportError as exc:
            # The missing module's name helps ("No module named 'gliner'": install the
            # extra); import errors do not carry user data.
            raise PluginLoadError(f"{where} could not be imported: {exc}", source=source,
                                  path=path) from exc
        except Exception as exc:
            raise PluginLoadError(f"{where} failed while loading ({type(exc).__name__})",
                                  source=source, path=path) from exc
        if not callable(loaded):
            raise PluginLoadError(f"{where} is not a detector factory", source=source,
                                  path=path, expected="a callable (options, context) -> Detector")
        factory: DetectorFactory = loaded
        self._factories[type_name] = factory
        return factory

    def build(self, type_name: str, options: Mapping[str, object], context: DetectorContext
              ) -> Detector:
        """Build the detector ``context.name`` of type ``type_name`` from its options."""
        type_path = context.path.rsplit(".", 1)[0] + ".type" if context.path else "type"
        factory = self.factory(type_name, source=context.source, path=type_path)
        try:
            detector = factory(options, context)
        except ConfigError:
            raise
        except Exception as exc:
            # Only the exception type: options may hold secrets the message could echo.
            raise ConfigError(
                f"detector type {type_name!r} rejected its options ({type(exc).__name__})",
                source=context.source, path=context.path,
                expected="options this detector type accepts",
            ) from exc
        self._check(type_name, detector, context)
        return detector

    def _found(self) -> dict[str, list[Plugin]]:
        if self._plugins is None:
            plugins: dict[str, list[Plugin]] = {}
            for ep in self._source():
                dist = getattr(ep, "dist", None)
                plugin = Plugin(
                    type=ep.name,
                    value=ep.value,
                    distribution=dist.metadata["Name"] if dist is not None else "<unknown>",
                    version=dist.version if dist is not None else "",
                    entry_point=ep,
                )
                same = plugins.setdefault(ep.name, [])
                # One distribution can be visible twice (an editable install next to a
                # build directory): identical entries are one plugin.
                if all((p.value, p.distribution) != (plugin.value, plugin.distribution)
                       for p in same):
                    same.append(plugin)
            self._plugins = plugins
        return self._plugins

    def _select(self, type_name: str, *, source: str, path: str) -> Plugin:
        found = self._found()
        candidates = found.get(type_name)
        if not candidates:
            installed = ", ".join(sorted(found)) or "none"
            raise ConfigError(f"unknown detector type {type_name!r}", source=source, path=path,
                              expected=f"an installed type: {installed}")
        if len(candidates) > 1:
            names = ", ".join(f"{p.distribution} ({p.value})" for p in candidates)
            raise PluginLoadError(f"detector type {type_name!r} is provided by several "
                                  f"distributions: {names}", source=source, path=path,
                                  expected="one distribution per detector type")
        return candidates[0]

    @staticmethod
    def _check(type_name: str, detector: object, context: DetectorContext) -> None:
        where = f"detector type {type_name!r}"
        if not isinstance(detector, Detector):
            raise PluginLoadError(f"{where} built an object that is not a Detector",
                                  source=context.source, path=context.path,
                                  expected="an object with name, labels and async detect()")
        if detector.name != context.name:
            raise PluginLoadError(f"{where} built a detector named {detector.name!r}",
                                  source=context.source, path=context.path,
                                  expected=f"the config name {context.name!r}")
        labels = detector.labels
        if not isinstance(labels, frozenset) or not all(
            isinstance(label, str) and LABEL_RE.match(label) for label in labels
        ):
            raise PluginLoadError(f"{where} declares invalid labels", source=context.source,
                                  path=context.path,
                                  expected="a frozenset of labels matching [A-Z][A-Z0-9_]*")
