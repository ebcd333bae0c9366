"""One generation of the running gateway, and the holder that swaps generations.

A :class:`Generation` is everything one validated config produces: its detectors, each
route's chain and egress policy, one upstream client per upstream (and the embedded
demo servers), and the compiled :class:`~proxy.gateway.RouteRuntime` per path.  It is
built in two steps so that a bad config never disturbs a running one:

1. :meth:`Generation.build` (synchronous, cheap): builds the detectors through the
   registry and compiles chains and policies.  Every config mistake is a
   :class:`~pipelines.errors.ConfigError` here, before anything is opened.
2. :meth:`Generation.start`: starts the detectors (lists are read, models loaded),
   opens the upstream clients, builds each route's egress literals off the loop, and
   only then compiles the routes.  A failure closes what it opened and raises.

:class:`Runtime` holds the generation in force.  ``swap`` puts a started generation in
force in one reference assignment (a request takes the generation once, at its start,
and finishes on it) and retires the previous one: it is closed when its last request
has finished (or after :data:`DRAIN_LIMIT_S`).  A detector whose config did not change
and that reads no files is handed over to the new generation instead of being built
and loaded again (a GLiNER model is not reloaded by a SIGHUP that changed a route).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable, Iterator, Mapping
from typing import Final, Generic, TypeVar, final

from detectors.llm_scrubber import LlmScrubber
from pipelines.chain import Chain
from pipelines.spans import Detector, Lifecycle
from pipelines.vault import Vault
from proxy.assembly import build_chain, build_detectors
from proxy.config import Config, UpstreamConfig
from proxy.demo import DemoServer
from proxy.evidence import EvidenceLog
from proxy.gateway import API_SHAPES, RouteRuntime, route_key
from proxy.logs import get_logger
from proxy.looplag import MonitoredDetector
from proxy.metrics import Metrics
from proxy.policies import build_policy
from proxy.scrubber import (
    RouteScrub,
    ScrubEffects,
    UpstreamTransport,
    check_scrubbers,
    scrubbers_of,
)
from proxy.sessions import SessionService, build_sessions
from proxy.shapes import FilterFactory, FilterPolicy, TextFilter
from proxy.tls import client_context
from proxy.upstream import HeaderAllowList, Network, UpstreamClient, UpstreamTimeouts

__all__ = ["DRAIN_LIMIT_S", "Generation", "LiveMapping", "Runtime", "connect_scrubber",
           "open_upstream"]

DRAIN_LIMIT_S: Final = 600.0
Compiled = dict[str, tuple[Chain, FilterPolicy]]


def _on_skip(name: str, error: BaseException) -> None:
    # A fail-open detector failed: the route allows it, but an operator must know.
    get_logger("pseudogate.chain").warning(
        "detector_skipped", detector=name, error=type(error).__name__
    )


def _reusable(name: str, config: Config, previous: Generation | None) -> Detector | None:
    """The previous generation's detector ``name`` if it can serve ``config`` unchanged."""
    if previous is None or previous.config.base_dir != config.base_dir:
        return None
    before = previous.config.detectors.get(name)
    detector = previous.detectors.get(name)
    if before is None or detector is None or before != config.detectors[name]:
        return None
    # A detector that reads files (an entity list) is built again: re-reading its files
    # is what a reload is for.
    return None if callable(getattr(detector, "areload", None)) else detector


@final
class Generation:
    """One config's running parts; see the module docstring."""

    __slots__ = ("_owned", "_requests", "compiled", "config", "demos", "detectors",
                 "drained", "metrics", "reused", "routes", "scrub_effects",
                 "scrub_upstreams", "sessions", "upstreams")

    def __init__(self, config: Config, detectors: dict[str, Detector], compiled: Compiled,
                 reused: frozenset[str], metrics: Metrics,
                 sessions: SessionService | None = None,
                 evidence: EvidenceLog | None = None) -> None:
        self.config = config
        # The session store (and, for random keys, the key ring) outlives a reload when
        # its settings did not change: sessions must survive a SIGHUP.
        self.sessions = sessions or build_sessions(config)
        self.detectors = detectors
        self.compiled = compiled
        self.metrics = metrics
        self.scrub_effects = ScrubEffects(
            metrics, evidence, [d for d in detectors.values() if isinstance(d, LlmScrubber)])
        self.upstreams: dict[str, UpstreamClient] = {}
        # The scrubbers' own clients, by upstream name (see _open_upstreams).
        self.scrub_upstreams: dict[str, UpstreamClient] = {}
        self.demos: dict[str, DemoServer] = {}
        self.routes: dict[str, RouteRuntime] = {}
        self.reused = reused  # detectors taken over from the previous generation
        self._owned = [name for name in detectors if name not in reused]  # it closes these
        self._requests = 0
        self.drained = asyncio.Event()
        self.drained.set()

    @classmethod
    def build(cls, config: Config, metrics: Metrics, previous: Generation | None = None, *,
              evidence: EvidenceLog | None = None) -> Generation:
        """Build detectors, chains and policies for ``config`` (ConfigError on a mistake).

        ``evidence``: the app's evidence log, where scrubber findings are audited.
        """
        reused = {name: d for name in config.detectors
                  if (d := _reusable(name, config, previous)) is not None}
        fresh = build_detectors(config, only=[n for n in config.detectors if n not in reused])
        detectors = {name: reused.get(name) or fresh[name] for name in config.detectors}
        problems = check_scrubbers(config, detectors)
        if problems:
            raise problems[0]
        # A scrubber is not run by the chain, so it is not timed on the loop either.
        monitored: dict[str, Detector] = {
            name: detector if isinstance(detector, LlmScrubber)
            else MonitoredDetector(detector, metrics)
            for name, detector in detectors.items()
        }
        compiled: Compiled = {
            route_key(route): (
                build_chain(config, route, monitored, on_skip=_on_skip),
                build_policy(config, route, detectors),
            )
            for route in config.routes
        }
        sessions = build_sessions(config, previous.sessions if previous else None)
        return cls(config, detectors, compiled, frozenset(reused), metrics, sessions, evidence)

    def hand_over(self, names: frozenset[str]) -> None:
        """Stop owning ``names``: the next generation closes them."""
        self._owned = [name for name in self._owned if name not in names]

    # -- start and close ------------------------------------------------------------

    async def start(self) -> None:
        """Start detectors, open upstreams, build egress literals, compile the routes."""
        started: list[Lifecycle] = []
        try:
            for name in list(self._owned):
                detector = self.detectors[name]
                if isinstance(detector, Lifecycle):
                    began = time.perf_counter()
                    await detector.start()
                    started.append(detector)
                    self._log_started(name, detector, time.perf_counter() - began)
                self._watch_lists(name, detector)
            await self._open_upstreams()
            # Egress literals of the entity lists are compiled here, in a worker thread,
            # not by the first request that would find them stale.
            await asyncio.to_thread(self._refresh_policies)
            self._compile_routes()
            # Last, when nothing can fail any more: a scrubber this generation took over
            # keeps its previous connection until then.
            self._connect_scrubbers()
        except BaseException:
            await self._close_upstreams()
            for opened in reversed(started):
                with contextlib.suppress(Exception):
                    await opened.aclose()
            raise

    def _log_started(self, name: str, detector: Detector, seconds: float) -> None:
        entries = getattr(detector, "entry_count", None)
        get_logger("pseudogate").info(
            "detector.started", detector=name, type=self.config.detectors[name].type,
            entries=entries if isinstance(entries, int) else None,
            load_ms=round(seconds * 1000, 1),
        )

    def _watch_lists(self, name: str, detector: Detector) -> None:
        add = getattr(detector, "add_reload_listener", None)
        if not callable(add):
            return
        entries = getattr(detector, "entry_count", 0)
        self.metrics.list_entries.labels(name).set(entries if isinstance(entries, int) else 0)
        add(_ListMetrics(name, self.metrics))
        for _chain, policy in self.compiled.values():
            if detector in getattr(policy, "sources", ()):
                add(policy)

    def _refresh_policies(self) -> None:
        for _chain, policy in self.compiled.values():
            refresh = getattr(policy, "refresh", None)
            if callable(refresh):
                refresh()

    def _connect_scrubbers(self) -> None:
        for detector in self.detectors.values():
            if isinstance(detector, LlmScrubber):
                connect_scrubber(detector, self.config, self.scrub_upstreams)

    async def _open_upstreams(self) -> None:
        for name, upstream in self.config.upstreams.items():
            client, demo = await open_upstream(upstream, self.metrics)
            self.upstreams[name] = client
            if demo is not None:
                self.demos[name] = demo
        # Scrubbers call through clients of their own, even on an upstream routes use:
        # their calls never hold a connection a request waits for, and never count in
        # the upstream's request metrics (a scrubber job is timed in its own).
        for name in sorted({d.options.upstream for d in self.detectors.values()
                            if isinstance(d, LlmScrubber)}):
            demo = self.demos.get(name)
            self.scrub_upstreams[name], _ = await open_upstream(
                self.config.upstreams[name], None,
                base_url=demo.base_url if demo is not None else None)

    def _compile_routes(self) -> None:
        config = self.config
        for route in config.routes:
            chain, policy = self.compiled[route_key(route)]
            upstream = config.upstreams[route.upstream]
            names = route.clients or ()
            check_chain = chain if route.check_detectors is None else build_chain(
                config, route, {d.name: d for d in chain.detectors},
                names=route.check_detectors, on_skip=_on_skip,
            )
            scrubbers = scrubbers_of(route.pipeline, self.detectors)
            self.routes[route_key(route)] = RouteRuntime(
                route=route,
                shape=API_SHAPES[route.api],
                chain=chain,
                check_chain=check_chain,
                policy=_MeteredPolicy(policy, self.metrics),
                upstream=self.upstreams[route.upstream],
                auth="inject" if upstream.auth == "inject" else "passthrough",
                api_key=upstream.api_key,
                client_keys=frozenset(config.clients[name].key.encode() for name in names),
                open_route=route.clients is None,
                max_placeholder_index=config.server.max_placeholder_index,
                client_names=tuple((config.clients[name].key.encode(), name)
                                   for name in names),
                # A Responses route always keeps sessions: follow-ups need the vault of
                # the response they continue (proxy/openai_responses/sessions.py).
                sessions=self.sessions
                if route.session.enabled or route.api == "openai_responses" else None,
                session_policy=route.session,
                scrub=RouteScrub(route.name, scrubbers, self.scrub_effects)
                if scrubbers else None,
            )

    async def _close_upstreams(self) -> None:
        for client in (*self.scrub_upstreams.values(), *self.upstreams.values()):
            await client.aclose()
        for demo in self.demos.values():
            await demo.aclose()

    async def aclose(self) -> None:
        """Close the routes, upstreams and the detectors this generation owns."""
        self.routes.clear()
        # Scrubbers first: their calls in flight use this generation's upstream clients,
        # and are dropped (and counted) as shutdown, not as failed calls.
        owned = list(reversed(self._owned))
        scrubbers = [d for n in owned if isinstance(d := self.detectors[n], LlmScrubber)]
        for scrubber in scrubbers:
            await scrubber.aclose()
        await self._close_upstreams()
        await self.sessions.aclose()
        for name in owned:
            detector = self.detectors[name]
            if isinstance(detector, Lifecycle) and not isinstance(detector, LlmScrubber):
                with contextlib.suppress(Exception):
                    await detector.aclose()
        self._owned = []

    # -- requests in flight ---------------------------------------------------------

    @contextlib.contextmanager
    def serving(self) -> Iterator[None]:
        """Count one request in flight on this generation."""
        self._requests += 1
        self.drained.clear()
        try:
            yield
        finally:
            self._requests -= 1
            if not self._requests:
                self.drained.set()


async def open_upstream(upstream: UpstreamConfig, metrics: Metrics | None, *,
                        base_url: str | None = None
                        ) -> tuple[UpstreamClient, DemoServer | None]:
    """A started client for ``upstream`` (and, for ``type: demo``, its started server).

    ``base_url``: where a demo upstream's server already listens (no new one started).
    """
    demo = None
    base_url = base_url or upstream.base_url or ""
    if upstream.type == "demo" and base_url == "":
        demo = DemoServer()
        await demo.start()
        base_url = demo.base_url
    timeouts = upstream.timeouts
    client = UpstreamClient(
        upstream.name,
        base_url,
        timeouts=UpstreamTimeouts(
            connect=timeouts.connect, first_byte=timeouts.first_byte, idle=timeouts.idle
        ),
        max_connections=upstream.max_connections,
        metrics=metrics,
        network=Network(
            proxy_from_env=upstream.proxy_from_env and upstream.type != "demo",
            ssl_context=client_context(upstream.ca_bundle,
                                       path=f"upstreams.{upstream.name}.ca_bundle"),
            retries=upstream.retries.attempts,
            backoff_s=upstream.retries.backoff_s,
            max_backoff_s=upstream.retries.max_backoff_s,
        ),
        allowed_headers=HeaderAllowList.parse(upstream.request_headers),
    )
    try:
        await client.start()
    except BaseException:
        if demo is not None:
            await demo.aclose()
        raise
    return client, demo


def connect_scrubber(detector: LlmScrubber, config: Config,
                     upstreams: Mapping[str, UpstreamClient]) -> None:
    """Connect ``detector`` to the client of the upstream its options name."""
    upstream = config.upstreams[detector.options.upstream]
    key = upstream.api_key if upstream.auth == "inject" else None
    detector.connect(UpstreamTransport(upstreams[upstream.name], key))


@final
class _MeteredFilter:
    """A reply channel's filter that reports the most characters it held at once."""

    __slots__ = ("_inner", "_metrics", "_most")

    def __init__(self, inner: TextFilter, metrics: Metrics) -> None:
        self._inner = inner
        self._metrics = metrics
        self._most = 0

    def feed(self, text: str) -> str:
        """The inner filter's ``feed``; notes how much it holds afterwards."""
        out = self._inner.feed(text)
        held = getattr(self._inner, "held", 0)
        if held > self._most:
            self._most = held
        return out

    def close(self) -> str:
        """The inner filter's ``close``; records the channel's high-water mark."""
        try:
            return self._inner.close()
        finally:
            self._metrics.held_chars.observe(self._most)


@final
class _MeteredPolicy:
    """A route's egress policy whose channel filters are metered (``pseudogate_held_chars``)."""

    __slots__ = ("_inner", "_metrics")

    def __init__(self, inner: FilterPolicy, metrics: Metrics) -> None:
        self._inner = inner
        self._metrics = metrics

    @property
    def inner(self) -> FilterPolicy:
        """The policy being metered."""
        return self._inner

    def factory_for(self, vault: Vault) -> FilterFactory:
        """The inner policy's channel factory, each filter metered."""
        return _MeteredFactory(self._inner.factory_for(vault), self._metrics)


@final
class _MeteredFactory:
    """A channel factory whose filters (signed ones too) are metered."""

    __slots__ = ("_make", "_metrics")

    def __init__(self, make: FilterFactory, metrics: Metrics) -> None:
        self._make = make
        self._metrics = metrics

    def __call__(self, json_string: bool, /) -> TextFilter:
        """A metered text channel."""
        return _MeteredFilter(self._make(json_string), self._metrics)

    def signed(self) -> TextFilter:
        """A metered signed channel."""
        return _MeteredFilter(self._make.signed(), self._metrics)


@final
class _ListMetrics:
    """Counts a list detector's reloads and keeps its entry gauge (a ReloadListener)."""

    __slots__ = ("_metrics", "_name")

    def __init__(self, name: str, metrics: Metrics) -> None:
        self._name = name
        self._metrics = metrics

    def lists_changing(self) -> None:
        """Nothing to do before a reload."""

    def lists_changed(self, ok: bool, entries: int) -> None:
        """Count the outcome; the gauge holds the entries in force."""
        self._metrics.list_reloads.labels(self._name, "reloaded" if ok else "kept_previous").inc()
        self._metrics.list_entries.labels(self._name).set(entries)


@final
class Runtime:
    """The generation in force (None until the first one started) and retiring ones."""

    __slots__ = ("_retiring", "current", "first", "startup")

    def __init__(self, first: Generation) -> None:
        self.first = first
        self.current: Generation | None = None
        self.startup: asyncio.Task[None] | None = None
        self._retiring: set[asyncio.Task[None]] = set()

    @property
    def ready(self) -> bool:
        """True once a generation serves."""
        return self.current is not None

    def swap(self, generation: Generation) -> None:
        """Put a started generation in force; retire the previous one after its drain."""
        previous, self.current = self.current, generation
        if previous is not None:
            previous.hand_over(generation.reused)
            if previous.sessions.store is generation.sessions.store:
                previous.sessions.hand_over()
            task = asyncio.get_running_loop().create_task(_retire(previous))
            self._retiring.add(task)
            task.add_done_callback(self._retiring.discard)

    async def aclose(self) -> None:
        """Close every generation (shutdown)."""
        if self.startup is not None:
            self.startup.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.startup
        for task in list(self._retiring):
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        current, self.current = self.current, None
        if current is not None:
            await current.aclose()


async def _retire(generation: Generation) -> None:
    try:
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(DRAIN_LIMIT_S):
                await generation.drained.wait()
    finally:
        await generation.aclose()


V = TypeVar("V")


@final
class LiveMapping(Mapping[str, V], Generic[V]):
    """A read-only view of one mapping of the generation in force (empty before)."""

    __slots__ = ("_runtime", "_select")

    def __init__(self, runtime: Runtime, select: Callable[[Generation], Mapping[str, V]]
                 ) -> None:
        self._runtime = runtime
        self._select = select

    def _target(self) -> Mapping[str, V]:
        current = self._runtime.current
        return {} if current is None else self._select(current)

    def __getitem__(self, key: str) -> V:
        return self._target()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._target())

    def __len__(self) -> int:
        return len(self._target())

