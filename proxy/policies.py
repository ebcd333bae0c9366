"""Each route's egress policy, compiled once at start-up from ``routes[].response``.

``response.redact`` names built-in entities (their patterns and validators come from
:data:`detectors.library.BUILTIN_ENTITIES`) or custom labels of the route's regex
detectors; ``response.redact_known`` adds the raw values of the route's
``known_entities`` detectors as literals to mask.  What would break the stream contract
(a look-behind past the filter's context window, a ``max_held_chars`` below a bounded
pattern) is a ConfigError of :class:`~pipelines.egress.EgressPolicy` itself, reported
here with the route's path.

**The provider key is always masked.**  The key the gateway injects for the route's
upstream (``upstreams.*.api_key``) is an output pattern of every route in front of that
upstream, whatever ``response`` says: matched exactly, anywhere (inside a word too), it
is masked (``[REDACTED:API_KEY]`` with the default mask) in every channel, envelope and
error body the client receives; a response header holding it is dropped.

Per request, :meth:`RoutePolicy.factory_for` turns the request's vault into the channel
factory the shape modules use: one fresh :class:`~pipelines.egress.EgressFilter` per
text channel, and for signed text (thinking) one that redacts without relinking.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Protocol, final, runtime_checkable

import regex

from detectors.library import BUILTIN_ENTITIES
from pipelines.egress import EgressFilter, EgressPolicy, EgressRules, OutputPattern
from pipelines.errors import ConfigError
from pipelines.spans import Detector
from pipelines.vault import Vault
from proxy.config import Config, RouteConfig
from proxy.shapes import FilterFactory, TextFilter

__all__ = ["PROVIDER_KEY_LABEL", "RoutePolicy", "build_policy"]

# The label the injected provider key is masked with.
PROVIDER_KEY_LABEL = "API_KEY"


@runtime_checkable
class _CustomPatterns(Protocol):
    """What a regex detector offers egress: its operator patterns (``custom[]``)."""

    @property
    def output_patterns(self) -> Sequence[OutputPattern]:
        """One output pattern per custom rule, in config order."""
        ...


class _KnownValues(Protocol):
    """What a known-entities detector offers egress: its current values per label."""

    def values_by_label(self) -> Mapping[str, tuple[str, ...]]:
        """The raw listed values (aliases included) per label."""
        ...


@final
class RoutePolicy:
    """A route's compiled :class:`EgressPolicy`, handing out per-request channel filters.

    With ``redact_known`` the policy also masks the raw values of the route's
    known-entity lists.  Those lists load in the detectors' ``start`` and may reload
    while serving.  :meth:`refresh` compiles the policy for the lists in force; the
    gateway calls it off the event loop when a generation starts and whenever a list
    reloads (compiling a million literals takes seconds).  While a refresh runs,
    requests keep the previous policy; :attr:`policy` compiles on the calling thread
    only if the lists changed and nobody refreshes (a caller that never refreshes).
    """

    __slots__ = ("_build", "_current", "_refreshing", "_sources")

    def __init__(
        self,
        build: Callable[[Mapping[str, str]], EgressPolicy],
        sources: Sequence[_KnownValues] = (),
    ) -> None:
        self._build = build
        self._sources = tuple(sources)
        self._refreshing = False
        # (identity of each source's values, the policy compiled for them): one tuple,
        # replaced in one assignment, so a reader never pairs a key with another policy.
        self._current: tuple[tuple[int, ...], EgressPolicy] = ((), build({}))

    @property
    def policy(self) -> EgressPolicy:
        """The policy in force for the lists as last seen."""
        key, policy = self._current
        if self._refreshing or not self._sources:
            return policy
        current = [source.values_by_label() for source in self._sources]
        if tuple(id(values) for values in current) != key:
            self._current = self._compile(current)
        return self._current[1]

    def lists_changing(self) -> None:
        """A list is about to be replaced: keep serving the current policy until refresh."""
        if self._sources:
            self._refreshing = True

    def lists_changed(self, ok: bool, entries: int) -> None:
        """A list reload ended (on the reloading thread): compile for the new lists."""
        if ok:
            self.refresh()
        else:
            self._refreshing = False

    @property
    def sources(self) -> tuple[object, ...]:
        """The known-entity detectors whose values this policy masks."""
        return self._sources

    def refresh(self) -> None:
        """Compile the policy for the lists in force now (call it off the event loop)."""
        if not self._sources:
            return
        self._refreshing = True
        try:
            self._current = self._compile([source.values_by_label() for source in self._sources])
        finally:
            self._refreshing = False

    def _compile(self, current: Sequence[Mapping[str, tuple[str, ...]]]
                 ) -> tuple[tuple[int, ...], EgressPolicy]:
        literals: dict[str, str] = {}
        for values in current:
            for label, listed in values.items():
                for value in listed:
                    literals.setdefault(value, label)
        return tuple(id(values) for values in current), self._build(literals)

    def factory_for(self, vault: Vault) -> FilterFactory:
        """Channel filters for one request: relink its placeholders, redact its values."""
        policy = self.policy
        return _Channels(policy, policy.for_request(vault.relink_map, vault.surface_forms))


@final
class _Channels:
    """One request's channel factory (see :class:`~proxy.shapes.FilterFactory`)."""

    __slots__ = ("_policy", "_rules", "_signed")

    def __init__(self, policy: EgressPolicy, rules: EgressRules) -> None:
        self._policy = policy
        self._rules = rules
        self._signed: EgressRules | None = None

    def __call__(self, json_string: bool, /) -> TextFilter:
        """A text channel (JSON source when ``json_string``)."""
        return EgressFilter(self._rules, json_string=json_string)

    def signed(self) -> TextFilter:
        """A channel that redacts but never relinks.

        Without relinking, the request's rules already relink nothing; with it, the
        rules of a request that issued no placeholder: patterns and literals only.
        """
        if not self._policy.relink:
            return EgressFilter(self._rules)
        if self._signed is None:
            self._signed = self._policy.for_request({}, ())
        return EgressFilter(self._signed)


def _custom_patterns(
    route: RouteConfig, detectors: Mapping[str, Detector]
) -> dict[str, list[OutputPattern]]:
    """Custom output patterns the route's detectors expose, by label, in pipeline order.

    Several custom rules may share a label (two spellings of one ticket format); a
    label named in ``response.redact`` masks all of them.
    """
    found: dict[str, list[OutputPattern]] = {}
    for name in route.pipeline:
        detector = detectors.get(name)
        if not isinstance(detector, _CustomPatterns):
            continue
        for pattern in detector.output_patterns:
            # A third-party detector's attribute of that name is not trusted blindly.
            if isinstance(pattern, OutputPattern):
                found.setdefault(pattern.label, []).append(pattern)
    return found


def _provider_key(config: Config, route: RouteConfig) -> tuple[OutputPattern, ...]:
    """The injected provider key as an output pattern (matched anywhere, even inside a word)."""
    upstream = config.upstreams.get(route.upstream)
    if upstream is None or upstream.auth != "inject" or not upstream.api_key:
        return ()
    return (OutputPattern(name="provider_key", label=PROVIDER_KEY_LABEL,
                          pattern=regex.escape(upstream.api_key)),)


def build_policy(
    config: Config, route: RouteConfig, detectors: Mapping[str, Detector]
) -> RoutePolicy:
    """Compile ``route.response`` into a :class:`RoutePolicy` (ConfigError on a bad name)."""
    response = route.response
    custom = _custom_patterns(route, detectors)
    patterns: list[tuple[int, OutputPattern]] = []
    for position, name in enumerate(response.redact):
        # A built-in entity name (``PEM_PRIVATE_KEY``) or a label several built-ins
        # share (``API_KEY``: AWS, GitHub, Slack, OpenAI, Anthropic, bearer tokens),
        # but for the entries only their own name selects (``by_label``).
        entities = [
            e
            for e in BUILTIN_ENTITIES.values()
            if name == e.name or (name == e.label and e.by_label)
        ]
        if entities:
            patterns.extend(
                (
                    position,
                    OutputPattern(
                        name=entity.name,
                        label=entity.label,
                        pattern=entity.pattern,
                        validator=entity.validator,
                    ),
                )
                for entity in entities
            )
        elif name in custom:
            patterns.extend((position, pattern) for pattern in custom[name])
        else:
            raise ConfigError(
                f"unknown entity or custom label {name!r}",
                source=config.source,
                path=f"routes[{route.name}].response.redact[{position}]",
                expected="a built-in entity name or a custom label of the route's detectors",
            )
    sources: list[_KnownValues] = []
    if response.redact_known:
        for name in route.pipeline:
            detector = detectors.get(name)
            if callable(getattr(detector, "values_by_label", None)):
                sources.append(detector)  # type: ignore[arg-type]

    key = _provider_key(config, route)

    def build(literals: Mapping[str, str]) -> EgressPolicy:
        try:
            policy = EgressPolicy(
                patterns=(*(pattern for _, pattern in patterns), *key),
                mask=response.mask,
                max_held_chars=response.max_held_chars,
                relink=response.relink,
                literals=literals,
                max_index=config.server.max_placeholder_index,
                pattern_paths=[*(f"response.redact[{position}]" for position, _ in patterns),
                               *("upstream.api_key" for _ in key)],
            )
        except ConfigError as exc:
            raise ConfigError(
                exc.message, source=config.source,
                path=f"routes[{route.name}].{exc.path}" if exc.path else None,
                expected=exc.expected,
            ) from exc
        return policy

    return RoutePolicy(build, sources)
