"""Turning a validated :class:`~proxy.config.Config` into running parts.

:func:`build_detectors` builds every configured detector through the plugin registry
(only the types the config names are imported); :func:`build_chain` assembles one
route's :class:`~pipelines.chain.Chain`; :func:`running` starts the detectors that
implement :class:`~pipelines.spans.Lifecycle` and closes them again in reverse order,
also when a later one fails to start.  The CLI uses these directly and the aiohttp app
from its ``cleanup_ctx``.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Iterable, Mapping, Sequence
from contextlib import AsyncExitStack, asynccontextmanager

from detectors.llm_scrubber import LlmScrubber
from detectors.registry import Registry
from pipelines.chain import Chain
from pipelines.spans import Detector, DetectorContext, Lifecycle
from pipelines.vault import Vault
from proxy.config import Config, RouteConfig

__all__ = ["build_chain", "build_detectors", "new_vault", "running"]


def build_detectors(
    config: Config,
    registry: Registry | None = None,
    *,
    only: Iterable[str] | None = None,
) -> dict[str, Detector]:
    """Build the config's detectors by name (``only``: just these names), in file order.

    Raises :class:`~pipelines.errors.ConfigError` for an unknown type or bad options and
    :class:`~pipelines.errors.PluginLoadError` for a plugin that cannot be loaded.
    """
    registry = registry or Registry()
    wanted = None if only is None else frozenset(only)
    detectors: dict[str, Detector] = {}
    for name, detector_config in config.detectors.items():
        if wanted is not None and name not in wanted:
            continue
        context = DetectorContext(
            name=name,
            source=config.source,
            path=detector_config.path or f"detectors.{name}.options",
            base_dir=config.base_dir,
        )
        detectors[name] = registry.build(detector_config.type, detector_config.options, context)
    return detectors


def build_chain(
    config: Config,
    route: RouteConfig,
    detectors: Mapping[str, Detector],
    *,
    names: Sequence[str] | None = None,
    on_skip: Callable[[str, BaseException], None] | None = None,
) -> Chain:
    """The chain of ``route``: its pipeline in order, each detector's time limit.

    ``names``: only these detectors of the pipeline, in pipeline order (the chain that
    checks signed content).  An ``llm_scrubber`` is never part of a chain: it runs out
    of band, on the texts the chain sanitised (:mod:`proxy.scrubber`).
    """
    chosen = [name for name in route.pipeline if (names is None or name in names)
              and not isinstance(detectors[name], LlmScrubber)]
    return Chain(
        [detectors[name] for name in chosen],
        timeouts={name: config.detectors[name].timeout_s for name in chosen},
        fail_open=route.fail_open & frozenset(chosen),
        on_skip=on_skip,
        priorities=route.priority,
    )


def new_vault(config: Config) -> Vault:
    """A fresh vault bounded by the config's ``server.max_placeholder_index``."""
    return Vault(max_index=config.server.max_placeholder_index)


@asynccontextmanager
async def running(detectors: Mapping[str, Detector]) -> AsyncIterator[Mapping[str, Detector]]:
    """Start every :class:`Lifecycle` detector in order; close them in reverse on exit."""
    async with AsyncExitStack() as stack:
        for detector in detectors.values():
            if isinstance(detector, Lifecycle):
                await detector.start()
                stack.push_async_callback(detector.aclose)
        yield detectors
