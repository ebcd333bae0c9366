"""Each route's egress policy, compiled once at start-up from ``routes[].response``.

``response.redact`` names built-in entities (their patterns and validators come from
:data:`detectors.library.BUILTIN_ENTITIES`) or custom labels of the route's regex
detectors; ``response.redact_known`` adds the raw values of the route's
``known_entities`` detectors as literals to mask.  Per request,
:meth:`RoutePolicy.factory_for` turns the request's vault into the channel factory the
shape modules use: one fresh :class:`~pipelines.egress.EgressFilter` per text channel.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import final

from pipelines.egress import EgressFilter, EgressPolicy, OutputPattern

from detectors.library import BUILTIN_ENTITIES
from pipelines.errors import ConfigError
from pipelines.spans import Detector
from pipelines.vault import Vault
from proxy.config import Config, RouteConfig
from proxy.shapes import FilterFactory, TextFilter

__all__ = ["RoutePolicy", "build_policy"]


@final
class RoutePolicy:
    """A route's compiled :class:`EgressPolicy`, handing out per-request channel filters."""

    __slots__ = ("policy",)

    def __init__(self, policy: EgressPolicy) -> None:
        self.policy = policy

    def factory_for(self, vault: Vault) -> FilterFactory:
        """Channel filters for one request: relink its placeholders, redact its values."""
        rules = self.policy.for_request(vault.relink_map, tuple(vault.surface_forms))

        def factory(json_string: bool) -> TextFilter:
            return EgressFilter(rules, json_string=json_string)

        return factory


def _custom_patterns(route: RouteConfig, detectors: Mapping[str, Detector]) -> dict[str, object]:
    """Custom output patterns the route's detectors expose, by label."""
    found: dict[str, object] = {}
    for name in route.pipeline:
        for pattern in getattr(detectors.get(name), "output_patterns", ()) or ():
            found.setdefault(pattern.label, pattern)
    return found


def _known_literals(route: RouteConfig, detectors: Mapping[str, Detector]) -> tuple[str, ...]:
    values: list[str] = []
    for name in route.pipeline:
        known: Iterable[str] = getattr(detectors.get(name), "known_values", ()) or ()
        values.extend(known)
    return tuple(dict.fromkeys(values))


def build_policy(
    config: Config, route: RouteConfig, detectors: Mapping[str, Detector]
) -> RoutePolicy:
    """Compile ``route.response`` into a :class:`RoutePolicy` (ConfigError on a bad name)."""
    response = route.response
    custom = _custom_patterns(route, detectors)
    patterns: list[OutputPattern] = []
    for position, name in enumerate(response.redact):
        # A built-in entity name (``PEM_PRIVATE_KEY``) or a label several built-ins
        # share (``API_KEY``: AWS, GitHub, Slack, OpenAI, Anthropic, bearer tokens).
        entities = [e for e in BUILTIN_ENTITIES.values() if name in (e.name, e.label)]
        if entities:
            patterns.extend(
                OutputPattern(
                    name=entity.name,
                    label=entity.label,
                    pattern=entity.pattern,
                    validator=entity.validator,
                )
                for entity in entities
            )
        elif name in custom:
            patterns.append(custom[name])  # type: ignore[arg-type]
        else:
            raise ConfigError(
                f"unknown entity or custom label {name!r}",
                source=config.source,
                path=f"routes[{route.name}].response.redact[{position}]",
                expected="a built-in entity name or a custom label of the route's detectors",
            )
    literals = _known_literals(route, detectors) if response.redact_known else ()
    policy = EgressPolicy(
        patterns=tuple(patterns),
        mask=response.mask,
        max_held_chars=response.max_held_chars,
        relink=response.relink,
        literals=literals,
    )
    return RoutePolicy(policy)
