"""The gateway's configuration: YAML validated at start-up into frozen objects.

The schema is documented key by key in ``docs/configuration.md`` (a test keeps the two
in sync through :data:`SCHEMA`).  :func:`load_config` reads a file; :func:`parse_config`
validates already-loaded data.  Every problem is a :class:`~pipelines.errors.ConfigError`
naming the file, the dotted path (``routes[1].response.max_held_chars``) and what was
expected; unknown keys are errors.  A detector's ``options`` are passed through
untouched (after ``${ENV}`` interpolation): validating them is its factory's job.
"""

from __future__ import annotations

import copy
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Final, Literal, final
from urllib.parse import urlsplit

from pipelines.egress import DEFAULT_MASK
from pipelines.errors import ConfigError
from proxy.config_source import Reader, interpolate, read_yaml

__all__ = [
    "API_SHAPES",
    "SCHEMA",
    "ClientConfig",
    "Config",
    "DetectorConfig",
    "ResponsePolicy",
    "RouteConfig",
    "ServerConfig",
    "Timeouts",
    "UpstreamConfig",
    "load_config",
    "parse_config",
]

API_SHAPES: Final = ("openai_chat", "anthropic_messages", "anthropic_count_tokens")
# The defaults of pipelines.egress.EgressPolicy(max_held_chars) and
# pipelines.vault.Vault(max_index), which do not export them as constants yet;
# tests/unit/proxy/test_config_defaults.py keeps the three in step.
_MAX_HELD_CHARS: Final = 16384
_MAX_PLACEHOLDER_INDEX: Final = 99999

# Every key the parser accepts, per section of docs/configuration.md.
SCHEMA: Final[Mapping[str, frozenset[str]]] = MappingProxyType({
    "top": frozenset({"server", "clients", "upstreams", "detectors", "routes"}),
    "server": frozenset({"host", "port", "max_body_bytes", "log_format", "log_level",
                         "max_placeholder_index"}),
    "clients": frozenset({"key"}),
    "upstreams": frozenset({"type", "base_url", "auth", "api_key", "timeouts.connect",
                            "timeouts.first_byte", "timeouts.idle", "max_connections"}),
    "detectors": frozenset({"type", "options", "timeout_s"}),
    "routes": frozenset({"name", "path", "api", "upstream", "pipeline", "clients", "fail_open",
                         "response.relink", "response.redact", "response.redact_known",
                         "response.mask", "response.max_held_chars"}),
})

_DETECTOR_NAME: Final = re.compile(r"[a-z][a-z0-9_]*\Z")
_NAME: Final = re.compile(r"[A-Za-z][A-Za-z0-9_.-]*\Z")
_REDACT_NAME: Final = re.compile(r"[A-Za-z][A-Za-z0-9_]*\Z")


def _keys(section: str, prefix: str = "") -> frozenset[str]:
    keys = SCHEMA[section]
    if prefix:
        return frozenset(k[len(prefix) + 1:] for k in keys if k.startswith(prefix + "."))
    return frozenset(k.split(".", 1)[0] for k in keys)


@final
@dataclass(frozen=True, slots=True)
class ServerConfig:
    """Where and how the gateway listens."""

    host: str = "127.0.0.1"
    port: int = 8080
    max_body_bytes: int = 10 * 1024 * 1024
    log_format: Literal["console", "json"] = "console"
    log_level: Literal["debug", "info", "warning", "error"] = "info"
    max_placeholder_index: int = _MAX_PLACEHOLDER_INDEX


@final
@dataclass(frozen=True, slots=True)
class ClientConfig:
    """A gateway key a client authenticates with.  ``repr`` hides the key."""

    name: str
    key: str = field(repr=False)


@final
@dataclass(frozen=True, slots=True)
class Timeouts:
    """Upstream time limits in seconds."""

    connect: float = 10.0
    first_byte: float = 120.0
    idle: float = 120.0


@final
@dataclass(frozen=True, slots=True)
class UpstreamConfig:
    """A provider requests are forwarded to (``demo``: the embedded fake provider).

    ``auth`` is ``inject`` (send ``api_key``, never the client's credentials; a demo
    upstream needs none) or ``passthrough`` (forward the client's provider key).
    """

    name: str
    type: Literal["http", "demo"] = "http"
    base_url: str | None = None
    auth: Literal["inject", "passthrough"] = "passthrough"
    api_key: str | None = field(default=None, repr=False)
    timeouts: Timeouts = Timeouts()
    max_connections: int = 100


@final
@dataclass(frozen=True, slots=True)
class DetectorConfig:
    """A named detector instance: its entry-point ``type`` and its factory's options.

    ``options`` is a read-only mapping (nested lists and mappings are private copies);
    ``path`` is where the options sit in the file, for the factory's error messages.
    """

    name: str
    type: str
    options: Mapping[str, object] = field(default_factory=lambda: MappingProxyType({}))
    timeout_s: float = 10.0
    path: str = ""


@final
@dataclass(frozen=True, slots=True)
class ResponsePolicy:
    """What a route does to replies."""

    relink: bool = True
    redact: tuple[str, ...] = ()
    redact_known: bool = True
    mask: str = DEFAULT_MASK
    max_held_chars: int = _MAX_HELD_CHARS


@final
@dataclass(frozen=True, slots=True)
class RouteConfig:
    """One exact path: its API shape, upstream, detector pipeline and reply policy.

    ``clients`` is None for an open route (no gateway key required).
    """

    name: str
    path: str
    api: Literal["openai_chat", "anthropic_messages", "anthropic_count_tokens"]
    upstream: str
    pipeline: tuple[str, ...] = ()
    clients: tuple[str, ...] | None = None
    fail_open: frozenset[str] = frozenset()
    response: ResponsePolicy = ResponsePolicy()


@final
@dataclass(frozen=True, slots=True)
class Config:
    """The whole validated configuration.  Mappings are read-only views."""

    server: ServerConfig
    clients: Mapping[str, ClientConfig]
    upstreams: Mapping[str, UpstreamConfig]
    detectors: Mapping[str, DetectorConfig]
    routes: tuple[RouteConfig, ...]
    source: str = "<config>"
    base_dir: Path = field(default_factory=Path.cwd)

    def route(self, name_or_path: str) -> RouteConfig:
        """The route with this name or path; ``ConfigError`` listing the known ones."""
        for route in self.routes:
            if name_or_path in (route.name, route.path):
                return route
        known = ", ".join(route.name for route in self.routes)
        raise ConfigError(f"no route named {name_or_path!r}", source=self.source,
                          path="routes", expected=f"one of {known}")


def load_config(path: str | os.PathLike[str], *, environ: Mapping[str, str] | None = None
                ) -> Config:
    """Read and validate the YAML file at ``path`` (``environ`` defaults to the process's)."""
    file = Path(path)
    data = read_yaml(file)
    return parse_config(data, source=str(file), base_dir=file.resolve().parent,
                        environ=os.environ if environ is None else environ)


def parse_config(data: object, *, source: str, base_dir: Path, environ: Mapping[str, str]
                 ) -> Config:
    """Validate loaded YAML ``data`` into a :class:`Config`; see the module docstring."""
    data = interpolate(data, source=source, environ=environ)
    if data is None:
        raise ConfigError("the file is empty", source=source,
                          expected="a mapping with upstreams and routes")
    top = Reader(data, source=source, path="", what="a mapping with upstreams and routes")
    top.only(_keys("top"))
    server = _server(top.child("server"))
    clients = {name: ClientConfig(name, item.string("key", check=bool,
                                                    expected="a non-empty string"))
               for name, item in _named(top, "clients", _NAME, "client", required=False)}
    upstreams = {name: _upstream(name, item)
                 for name, item in _named(top, "upstreams", _NAME, "upstream", required=True)}
    detectors = {name: _detector(name, item)
                 for name, item in _named(top, "detectors", _DETECTOR_NAME, "detector",
                                          required=False)}
    routes = _routes(top, clients, upstreams, detectors)
    return Config(
        server=server,
        clients=MappingProxyType(clients),
        upstreams=MappingProxyType(upstreams),
        detectors=MappingProxyType(detectors),
        routes=routes,
        source=source,
        base_dir=base_dir,
    )


def _named(top: Reader, key: str, pattern: re.Pattern[str], what: str, *, required: bool
           ) -> list[tuple[str, Reader]]:
    section = top.child(key, what=f"a mapping of {what} names")
    if required and not section.data:
        top.fail(f"at least one {what} is required", expected=f"a mapping of {what} names",
                 at=section.path)
    entries: list[tuple[str, Reader]] = []
    for name in section.data:
        if not pattern.match(name):
            section.fail(f"invalid {what} name", expected=f"a name matching {pattern.pattern}",
                         at=section.at(name))
        item = section.child(name)
        item.only(_keys(key))
        entries.append((name, item))
    return entries


def _server(server: Reader) -> ServerConfig:
    server.only(_keys("server"))
    return ServerConfig(
        host=server.string("host", "127.0.0.1", check=bool, expected="a host name or address"),
        port=server.integer("port", 8080, low=0, high=65535),
        max_body_bytes=server.integer("max_body_bytes", 10 * 1024 * 1024, low=1),
        log_format=server.string("log_format", "console", choices=("console", "json")),  # type: ignore[arg-type]
        log_level=server.string("log_level", "info",  # type: ignore[arg-type]
                                choices=("debug", "info", "warning", "error")),
        max_placeholder_index=server.integer(
            "max_placeholder_index", _MAX_PLACEHOLDER_INDEX, low=1
        ),
    )


def _is_http_url(value: str) -> bool:
    parts = urlsplit(value)
    return parts.scheme in ("http", "https") and bool(parts.hostname) and not parts.query \
        and not parts.fragment


def _upstream(name: str, item: Reader) -> UpstreamConfig:
    kind = item.string("type", "http", choices=("http", "demo"))
    if kind == "demo":
        extra = sorted(set(item.data) - {"type"})
        if extra:
            item.fail("a demo upstream takes no other keys", expected="only type: demo",
                      at=item.at(extra[0]))
        return UpstreamConfig(name, type="demo", auth="inject")
    base_url = item.string("base_url", check=_is_http_url,
                           expected="an http(s) URL such as https://api.openai.com")
    api_key = item.optional_string("api_key")
    auth = item.string("auth", "inject" if api_key else "passthrough",
                       choices=("inject", "passthrough"))
    if auth == "inject" and api_key is None:
        item.fail("auth: inject needs an api_key", expected="api_key set",
                  at=item.at("api_key"))
    if auth == "passthrough" and api_key is not None:
        item.fail("auth: passthrough forwards the client's key; api_key would be unused",
                  expected="auth: inject, or no api_key", at=item.at("auth"))
    timeouts = item.child("timeouts")
    timeouts.only(_keys("upstreams", "timeouts"))
    return UpstreamConfig(
        name,
        type="http",
        base_url=base_url.rstrip("/"),
        auth=auth,  # type: ignore[arg-type]
        api_key=api_key,
        timeouts=Timeouts(
            connect=timeouts.seconds("connect", 10.0),
            first_byte=timeouts.seconds("first_byte", 120.0),
            idle=timeouts.seconds("idle", 120.0),
        ),
        max_connections=item.integer("max_connections", 100, low=1),
    )


def _plain(value: object) -> object:
    """A private deep copy with interpolated strings turned back into plain ``str``."""
    if isinstance(value, str):
        return str(value)
    if isinstance(value, dict):
        return {str(key): _plain(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_plain(item) for item in value]
    return copy.deepcopy(value)


def _detector(name: str, item: Reader) -> DetectorConfig:
    kind = item.string("type", check=lambda v: bool(re.fullmatch(r"[A-Za-z0-9_.-]+", v)),
                       expected="an installed detector type such as regex")
    options = item.child("options")
    plain = _plain(options.data)
    assert isinstance(plain, dict)
    return DetectorConfig(
        name=name,
        type=kind,
        options=MappingProxyType(plain),
        timeout_s=item.seconds("timeout_s", 10.0),
        path=options.path,
    )


def _routes(top: Reader, clients: Mapping[str, ClientConfig],
            upstreams: Mapping[str, UpstreamConfig], detectors: Mapping[str, DetectorConfig]
            ) -> tuple[RouteConfig, ...]:
    raw = top.data.get("routes")
    if not isinstance(raw, list) or not raw:
        top.fail("at least one route is required" if raw is None or raw == [] else
                 "must be a list", expected="a non-empty list of routes", at="routes")
    routes: list[RouteConfig] = []
    by_path: dict[str, int] = {}
    by_name: dict[str, int] = {}
    for index, entry in enumerate(raw):
        item = Reader(entry, source=top.source, path=f"routes[{index}]")
        route = _route(item, clients, upstreams, detectors)
        if route.path in by_path:
            item.fail(f"path also used by routes[{by_path[route.path]}]",
                      expected="each path once", at=item.at("path"))
        if route.name in by_name:
            item.fail(f"name also used by routes[{by_name[route.name]}]",
                      expected="each route name once", at=item.at("name"))
        by_path[route.path] = by_name[route.name] = index
        routes.append(route)
    return tuple(routes)


def _route(item: Reader, clients: Mapping[str, ClientConfig],
           upstreams: Mapping[str, UpstreamConfig], detectors: Mapping[str, DetectorConfig]
           ) -> RouteConfig:
    item.only(_keys("routes"))
    path = item.string("path", check=lambda v: v.startswith("/") and " " not in v,
                       expected="an absolute request path such as /v1/chat/completions")
    name = item.string("name", path, check=bool, expected="a non-empty string")
    api = item.string("api", choices=API_SHAPES)
    upstream = item.string("upstream", check=lambda v: v in upstreams,
                           expected="one of the upstreams: " + ", ".join(upstreams))
    pipeline = _references(item, "pipeline", detectors, "detectors") or ()
    route_clients = _references(item, "clients", clients, "clients")
    fail_open = _references(item, "fail_open", dict.fromkeys(pipeline), "this route's pipeline")
    if route_clients == ():
        item.fail("an empty clients list locks everyone out", at=item.at("clients"),
                  expected="at least one client name, or no clients key for an open route")
    if route_clients is not None and upstreams[upstream].auth != "inject":
        item.fail("a route with clients must not forward the client's key upstream",
                  expected="an upstream with auth: inject", at=item.at("upstream"))
    response = item.child("response")
    response.only(_keys("routes", "response"))
    redact = response.names("redact", expected="built-in entity names or custom labels") or ()
    for position, label in enumerate(redact):
        if not _REDACT_NAME.match(label):
            response.fail("invalid entity name", expected="a name such as EMAIL or email",
                          at=f"{response.at('redact')}[{position}]")
    return RouteConfig(
        name=name,
        path=path,
        api=api,  # type: ignore[arg-type]
        upstream=upstream,
        pipeline=pipeline,
        clients=route_clients,
        fail_open=frozenset(fail_open or ()),
        response=ResponsePolicy(
            relink=response.boolean("relink", True),
            redact=redact,
            redact_known=response.boolean("redact_known", True),
            mask=response.string("mask", DEFAULT_MASK, check=_valid_mask,
                                 expected="a non-empty string; {label} is the only field"),
            max_held_chars=response.integer("max_held_chars", _MAX_HELD_CHARS, low=1),
        ),
    )


def _references(item: Reader, key: str, known: Mapping[str, object], what: str
                ) -> tuple[str, ...] | None:
    expected = f"names of {what}: " + (", ".join(known) or "(none defined)")
    names = item.names(key, expected=expected)
    for position, name in enumerate(names or ()):
        if name not in known:
            item.fail("unknown name", expected=expected, at=f"{item.at(key)}[{position}]")
    return names


def _valid_mask(mask: str) -> bool:
    try:
        mask.format(label="EMAIL")
    except (KeyError, IndexError, ValueError):
        return False
    return bool(mask)
