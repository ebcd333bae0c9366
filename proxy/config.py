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
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Final, Literal, TypeVar, final
from urllib.parse import urlsplit

from pipelines.egress import DEFAULT_MASK
from pipelines.errors import ConfigError
from proxy.config_sessions import (
    SESSION_KEYS,
    SESSION_ROUTE_KEYS,
    RouteSessionPolicy,
    SessionsConfig,
    parse_route_session,
    parse_sessions,
)
from proxy.config_source import (
    ConfigWarning,
    EntryAbandoned,
    Interpolation,
    Reader,
    interpolate,
    is_stand_in,
    read_yaml,
)
from proxy.upstream import FORBIDDEN_REQUEST_HEADERS, HOP_BY_HOP, REQUEST_ALLOWED

__all__ = [
    "API_SHAPES",
    "SCHEMA",
    "ClientConfig",
    "Config",
    "ConfigWarning",
    "DetectorConfig",
    "EvidenceConfig",
    "ResponsePolicy",
    "Retries",
    "RouteConfig",
    "ServerConfig",
    "Timeouts",
    "TlsConfig",
    "UpstreamConfig",
    "load_config",
    "parse_config",
]

API_SHAPES: Final = ("openai_chat", "openai_responses", "openai_embeddings",
                     "openai_models", "anthropic_messages", "anthropic_count_tokens",
                     "anthropic_models")
# The defaults of pipelines.egress.EgressPolicy(max_held_chars) and
# pipelines.vault.Vault(max_index), which do not export them as constants yet;
# tests/unit/proxy/test_config_defaults.py keeps the three in step.
_MAX_HELD_CHARS: Final = 16384
_MAX_PLACEHOLDER_INDEX: Final = 99999

# Every key the parser accepts, per section of docs/configuration.md.
SCHEMA: Final[Mapping[str, frozenset[str]]] = MappingProxyType({
    "top": frozenset({"server", "clients", "upstreams", "detectors", "routes", "evidence",
                      "sessions"}),
    "evidence": frozenset({"path", "key_file", "key_id"}),
    "server": frozenset({"host", "port", "max_body_bytes", "body_timeout", "log_format",
                         "log_level", "max_placeholder_index", "tls.cert", "tls.key"}),
    "clients": frozenset({"key"}),
    "upstreams": frozenset({"type", "base_url", "auth", "api_key", "timeouts.connect",
                            "timeouts.first_byte", "timeouts.idle", "max_connections",
                            "proxy_from_env", "ca_bundle", "retries.attempts",
                            "retries.backoff_s", "retries.max_backoff_s",
                            "request_headers"}),
    "detectors": frozenset({"type", "options", "timeout_s"}),
    "routes": frozenset({"name", "path", "api", "upstream", "pipeline", "clients", "fail_open",
                         "check_detectors",
                         "priority",
                         "response.relink", "response.redact", "response.redact_known",
                         "response.mask", "response.max_held_chars"}) | SESSION_ROUTE_KEYS,
    "sessions": SESSION_KEYS,
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
class TlsConfig:
    """HTTPS serving: a PEM certificate chain and its private key."""

    cert: Path
    key: Path


@final
@dataclass(frozen=True, slots=True)
class ServerConfig:
    """Where and how the gateway listens."""

    host: str = "127.0.0.1"
    port: int = 8080
    max_body_bytes: int = 10 * 1024 * 1024
    # Seconds a client has to send the whole request body (a trickle is a 408).
    body_timeout: float = 60.0
    log_format: Literal["console", "json"] = "console"
    log_level: Literal["debug", "info", "warning", "error"] = "info"
    max_placeholder_index: int = _MAX_PLACEHOLDER_INDEX
    tls: TlsConfig | None = None


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
class Retries:
    """Retries before the first byte: connect errors, 429 and 5xx (0: never retry)."""

    attempts: int = 0
    backoff_s: float = 0.5
    max_backoff_s: float = 8.0


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
    proxy_from_env: bool = True
    ca_bundle: Path | None = None
    retries: Retries = Retries()
    request_headers: tuple[str, ...] = REQUEST_ALLOWED


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
    api: Literal["openai_chat", "openai_responses", "openai_embeddings", "openai_models",
                 "anthropic_messages", "anthropic_count_tokens", "anthropic_models"]
    upstream: str
    pipeline: tuple[str, ...] = ()
    clients: tuple[str, ...] | None = None
    fail_open: frozenset[str] = frozenset()
    response: ResponsePolicy = ResponsePolicy()
    session: RouteSessionPolicy = field(default_factory=RouteSessionPolicy)
    # Detectors that check what is forwarded unchanged (structure, signed content,
    # relayed headers); None: the whole pipeline.
    check_detectors: tuple[str, ...] | None = None
    # detector name -> resolution tier (pipelines.resolve); absent: the default tiers
    priority: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))


@final
@dataclass(frozen=True, slots=True)
class EvidenceConfig:
    """The signed evidence log: where to append, the Ed25519 key and its id.

    ``{pid}`` in ``path`` is replaced by the process id (one chain per worker process).
    """

    path: str
    key_file: Path
    key_id: str


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
    evidence: EvidenceConfig | None = None
    sessions: SessionsConfig = field(default_factory=SessionsConfig)
    # Allowed but probably mistaken (``$NAME`` without braces, an env var left unset
    # under --allow-missing-env): serve logs them, check-config prints them.
    warnings: tuple[ConfigWarning, ...] = ()

    def route(self, name_or_path: str) -> RouteConfig:
        """The route with this name or path; ``ConfigError`` listing the known ones."""
        for route in self.routes:
            if name_or_path in (route.name, route.path):
                return route
        known = ", ".join(route.name for route in self.routes)
        raise ConfigError(f"no route named {name_or_path!r}", source=self.source,
                          path="routes", expected=f"one of {known}")


def load_config(path: str | os.PathLike[str], *, environ: Mapping[str, str] | None = None,
                allow_missing_env: bool = False, problems: list[ConfigError] | None = None
                ) -> Config:
    """Read and validate the YAML file at ``path`` (``environ`` defaults to the process's).

    See :func:`parse_config` for ``allow_missing_env`` and ``problems``.
    """
    file = Path(path)
    data = read_yaml(file)
    return parse_config(data, source=str(file), base_dir=file.resolve().parent,
                        environ=os.environ if environ is None else environ,
                        allow_missing_env=allow_missing_env, problems=problems)


def parse_config(data: object, *, source: str, base_dir: Path, environ: Mapping[str, str],
                 allow_missing_env: bool = False, problems: list[ConfigError] | None = None
                 ) -> Config:
    """Validate loaded YAML ``data`` into a :class:`Config`; see the module docstring.

    ``allow_missing_env``: an unset ``${NAME}`` is a warning and a stand-in value, not an
    error.  ``problems``: collect every error there instead of stopping at the first:
    every invalid field of every entry, and the checks that combine an entry's fields
    once those fields are valid (see :class:`~proxy.config_source.Reader`).  The config
    returned then holds only the entries without errors.
    """
    warnings: list[ConfigWarning] = []
    how = Interpolation(environ, allow_missing=allow_missing_env, warnings=warnings,
                        problems=problems)
    data = interpolate(data, source=source, how=how)
    if data is None:
        raise ConfigError("the file is empty", source=source,
                          expected="a mapping with upstreams and routes")
    top = Reader(data, source=source, path="", what="a mapping with upstreams and routes",
                 problems=problems)
    top.only(_keys("top"))
    collect = _Collector(problems)
    server = collect(lambda: _server(top.child("server"), base_dir), ServerConfig())
    # Names declared (valid or not): a route naming a broken entry is not wrong itself.
    declared: dict[str, tuple[str, ...]] = {}
    clients = _section(top, "clients", _NAME, "client", required=False, collect=collect,
                       declared=declared, build=lambda name, item: ClientConfig(
                           name, item.string("key", check=bool, expected="a non-empty string")))
    upstreams = _section(top, "upstreams", _NAME, "upstream", required=True, collect=collect,
                         declared=declared,
                         build=lambda name, item: _upstream(name, item, base_dir))
    detectors = _section(top, "detectors", _DETECTOR_NAME, "detector", required=False,
                         collect=collect, declared=declared, build=_detector)
    routes = _routes(top, declared, upstreams, collect)
    evidence = collect(lambda: _evidence(top.child("evidence"), base_dir), None)
    sessions = collect(lambda: parse_sessions(top, base_dir), SessionsConfig())
    return Config(
        server=server,
        clients=MappingProxyType(clients),
        upstreams=MappingProxyType(upstreams),
        detectors=MappingProxyType(detectors),
        routes=routes,
        source=source,
        base_dir=base_dir,
        evidence=evidence,
        sessions=sessions,
        warnings=tuple(warnings),
    )


def _evidence(item: Reader, base_dir: Path) -> EvidenceConfig | None:
    if not item.data:
        return None
    item.only(_keys("evidence"))
    path = item.string("path", check=bool, expected="a file path; {pid} is the process id")
    if not Path(path).is_absolute():
        path = str(base_dir / path)
    return EvidenceConfig(
        path=path,
        key_file=_file(item, "key_file", base_dir),
        key_id=item.string("key_id", check=lambda v: _NAME.match(v) is not None,
                           expected="a key id such as k2026a"),
    )


T = TypeVar("T")


@final
class _Collector:
    """Runs one entry's validation; with a problems list, records its error and goes on."""

    __slots__ = ("problems",)

    def __init__(self, problems: list[ConfigError] | None) -> None:
        self.problems = problems

    def __call__(self, build: Callable[[], T], default: T) -> T:
        if self.problems is None:
            return build()
        before = len(self.problems)
        try:
            built = build()
        except EntryAbandoned:  # its errors are recorded
            return default
        except ConfigError as exc:
            self.problems.append(exc)
            return default
        # An entry with an invalid field was read to its end (every error recorded) but
        # holds stand-ins: it is not part of the config.
        return built if len(self.problems) == before else default


def _named(top: Reader, key: str, pattern: re.Pattern[str], what: str, *, required: bool,
           collect: _Collector) -> list[tuple[str, Reader]]:
    def section_of() -> Reader:
        section = top.child(key, what=f"a mapping of {what} names")
        if required and not section.data:
            top.fail(f"at least one {what} is required", expected=f"a mapping of {what} names",
                     at=section.path)
        return section

    section = collect(section_of, None)
    if section is None:
        return []
    entries: list[tuple[str, Reader]] = []
    for name in section.data:

        def entry(name: str = name) -> tuple[str, Reader]:
            if not pattern.match(name):
                section.fail(f"invalid {what} name",
                             expected=f"a name matching {pattern.pattern}", at=section.at(name))
            return name, section.child(name)

        found = collect(entry, None)
        if found is not None:
            entries.append(found)
    return entries


def _section(top: Reader, key: str, pattern: re.Pattern[str], what: str, *, required: bool,
             collect: _Collector, declared: dict[str, tuple[str, ...]],
             build: Callable[[str, Reader], T]) -> dict[str, T]:
    """The valid entries of a named section (every error collected); names into declared."""
    entries = _named(top, key, pattern, what, required=required, collect=collect)
    declared[key] = tuple(name for name, _ in entries)
    built: dict[str, T] = {}
    for name, item in entries:

        def one(name: str = name, item: Reader = item) -> T:
            item.only(_keys(key))
            return build(name, item)

        value = collect(one, None)
        if value is not None:
            built[name] = value
    return built


def _file(item: Reader, key: str, base_dir: Path) -> Path:
    """An existing file (relative paths against the config's directory)."""
    text = item.string(key, check=bool, expected="a file path")
    value = Path(text)
    path = value if value.is_absolute() else base_dir / value
    if not is_stand_in(text) and not path.is_file():
        item.invalid("file not found", expected="an existing file", at=item.at(key))
    return path


def _server(server: Reader, base_dir: Path) -> ServerConfig:
    server.only(_keys("server"))
    tls = server.child("tls")
    tls.only(_keys("server", "tls"))
    return ServerConfig(
        tls=TlsConfig(_file(tls, "cert", base_dir), _file(tls, "key", base_dir))
        if tls.data else None,
        host=server.string("host", "127.0.0.1", check=bool, expected="a host name or address"),
        port=server.integer("port", 8080, low=0, high=65535),
        max_body_bytes=server.integer("max_body_bytes", 10 * 1024 * 1024, low=1),
        body_timeout=server.seconds("body_timeout", 60.0),
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


def _upstream(name: str, item: Reader, base_dir: Path) -> UpstreamConfig:
    kind = item.string("type", "http", choices=("http", "demo"))
    if kind == "demo":
        extra = sorted(set(item.data) - {"type"})
        if extra:
            item.fail("a demo upstream takes no other keys", expected="only type: demo",
                      at=item.at(extra[0]))
        return UpstreamConfig(name, type="demo", auth="inject", proxy_from_env=False)
    base_url = item.string("base_url", check=_is_http_url,
                           expected="an http(s) URL such as https://api.openai.com")
    api_key = item.optional_string("api_key")
    auth = item.string("auth", "inject" if api_key else "passthrough",
                       choices=("inject", "passthrough"))
    timeouts = item.child("timeouts")
    timeouts.only(_keys("upstreams", "timeouts"))
    retries = item.child("retries")
    retries.only(_keys("upstreams", "retries"))
    upstream = UpstreamConfig(
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
        proxy_from_env=item.boolean("proxy_from_env", True),
        ca_bundle=_file(item, "ca_bundle", base_dir) if item.has("ca_bundle") else None,
        retries=Retries(
            attempts=retries.integer("attempts", 0, low=0, high=10),
            backoff_s=retries.seconds("backoff_s", 0.5),
            max_backoff_s=retries.seconds("max_backoff_s", 8.0),
        ),
        request_headers=_request_headers(item),
    )
    item.settle()
    if auth == "inject" and api_key is None:
        item.fail("auth: inject needs an api_key", expected="api_key set",
                  at=item.at("api_key"))
    if auth == "passthrough" and api_key is not None:
        item.fail("auth: passthrough forwards the client's key; api_key would be unused",
                  expected="auth: inject, or no api_key", at=item.at("auth"))
    return upstream


_HEADER_NAME: Final = re.compile(r"[a-z0-9][a-z0-9-]*\*?\Z")


def _request_headers(item: Reader) -> tuple[str, ...]:
    """``request_headers``: header names (``x-stainless-*`` a prefix), no credentials."""
    names = item.names("request_headers", expected="a list of header names")
    if names is None:
        return REQUEST_ALLOWED
    for position, name in enumerate(names):
        at = f"{item.at('request_headers')}[{position}]"
        lowered = name.lower()
        if not _HEADER_NAME.match(lowered):
            item.fail("invalid header name", expected="a name such as x-stainless-* or accept",
                      at=at)
        if lowered in FORBIDDEN_REQUEST_HEADERS or lowered in HOP_BY_HOP:
            item.fail("this header is never relayed from the client",
                      expected="a header that carries no credential or connection state",
                      at=at)
    return tuple(name.lower() for name in names)


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


def _routes(top: Reader, declared: Mapping[str, tuple[str, ...]],
            upstreams: Mapping[str, UpstreamConfig], collect: _Collector
            ) -> tuple[RouteConfig, ...]:
    raw = top.data.get("routes")
    if not isinstance(raw, list) or not raw:
        collect(lambda: top.fail("at least one route is required" if raw is None or raw == []
                                 else "must be a list", expected="a non-empty list of routes",
                                 at="routes"), None)
        return ()
    routes: list[RouteConfig] = []
    # An anthropic_models route may share its path with one other route (/v1/models):
    # requests carrying anthropic-version take it.
    by_path: dict[tuple[str, bool], int] = {}
    by_name: dict[str, int] = {}
    for index, entry in enumerate(raw):

        def one(index: int = index, entry: object = entry) -> RouteConfig:
            item = Reader(entry, source=top.source, path=f"routes[{index}]",
                          problems=top.problems)
            route = _route(item, declared, upstreams)
            path_key = (route.path, route.api == "anthropic_models")
            if path_key in by_path:
                item.fail(f"path also used by routes[{by_path[path_key]}]",
                          expected="each path once (an anthropic_models route may share one)",
                          at=item.at("path"))
            if route.name in by_name:
                item.fail(f"name also used by routes[{by_name[route.name]}]",
                          expected="each route name once", at=item.at("name"))
            by_path[path_key] = by_name[route.name] = index
            return route

        route = collect(one, None)
        if route is not None:
            routes.append(route)
    return tuple(routes)


def _route(item: Reader, declared: Mapping[str, tuple[str, ...]],
           upstreams: Mapping[str, UpstreamConfig]) -> RouteConfig:
    item.only(_keys("routes"))
    path = item.string("path", check=lambda v: v.startswith("/") and " " not in v,
                       expected="an absolute request path such as /v1/chat/completions")
    name = item.string("name", path, check=bool, expected="a non-empty string")
    api = item.string("api", choices=API_SHAPES)
    upstream = item.string("upstream", check=lambda v: v in declared["upstreams"],
                           expected="one of the upstreams: " + ", ".join(declared["upstreams"]))
    pipeline = _references(item, "pipeline", declared["detectors"], "detectors") or ()
    route_clients = _references(item, "clients", declared["clients"], "clients")
    # fail_open and check_detectors name the pipeline's detectors: judged only against
    # a pipeline that read.
    fail_open = _references(item, "fail_open",
                            None if item.failed("pipeline") else pipeline,
                            "this route's pipeline")
    checked = _references(item, "check_detectors",
                          None if item.failed("pipeline") else pipeline,
                          "this route's pipeline")
    ranks = item.child("priority")
    if not item.failed("pipeline"):  # judged against a pipeline that read
        for key in ranks.data:
            if key not in pipeline:
                ranks.invalid("not in this route's pipeline",
                              expected="one of " + ", ".join(pipeline), at=ranks.at(key))
    priority = {key: ranks.integer(key, 0, low=-100, high=100) for key in ranks.data}
    response = item.child("response")
    response.only(_keys("routes", "response"))
    redact = response.names("redact", expected="built-in entity names or custom labels") or ()
    for position, label in enumerate(redact):
        if not _REDACT_NAME.match(label):
            response.invalid("invalid entity name", expected="a name such as EMAIL or email",
                             at=f"{response.at('redact')}[{position}]")
    route = RouteConfig(
        name=name,
        path=path,
        api=api,  # type: ignore[arg-type]
        upstream=upstream,
        pipeline=pipeline,
        clients=route_clients,
        fail_open=frozenset(fail_open or ()),
        check_detectors=checked,
        priority=MappingProxyType(priority),
        response=ResponsePolicy(
            relink=response.boolean("relink", True),
            redact=redact,
            redact_known=response.boolean("redact_known", True),
            mask=response.string("mask", DEFAULT_MASK, check=_valid_mask,
                                 expected="a non-empty string; {label} is the only field"),
            max_held_chars=response.integer("max_held_chars", _MAX_HELD_CHARS, low=1),
        ),
        session=parse_route_session(item),
    )
    item.settle()
    if route_clients == ():
        item.fail("an empty clients list locks everyone out", at=item.at("clients"),
                  expected="at least one client name, or no clients key for an open route")
    # An upstream that did not build has its own error; the route is judged on the rest.
    target = upstreams.get(upstream)
    if route_clients is not None and target is not None and target.auth != "inject":
        item.fail("a route with clients must not forward the client's key upstream",
                  expected="an upstream with auth: inject", at=item.at("upstream"))
    return route


def _references(item: Reader, key: str, known: tuple[str, ...] | None, what: str
                ) -> tuple[str, ...] | None:
    """A list of names, each one of ``known`` (None: not judged, its basis is invalid)."""
    expected = f"names of {what}: " + (", ".join(known or ()) or "(none defined)")
    names = item.names(key, expected=expected)
    if known is None:
        return names
    raw = item.data.get(key)
    for name in names or ():
        if name not in known:
            # The position in the file (names() skipped the items it refused).
            position = raw.index(name) if isinstance(raw, list) else 0
            item.invalid("unknown name", expected=expected, at=f"{item.at(key)}[{position}]")
    return names


def _valid_mask(mask: str) -> bool:
    try:
        mask.format(label="EMAIL")
    except (KeyError, IndexError, ValueError):
        return False
    return bool(mask)
