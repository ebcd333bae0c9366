"""Unit tests of the config loader: valid files, every kind of broken file, the docs."""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

import pytest

from pipelines.errors import ConfigError
from proxy.config import SCHEMA, Config, load_config, parse_config

_ROOT = Path(__file__).resolve().parents[3]

_BASE = """\
upstreams:
  demo: {type: demo}
  openai:
    base_url: https://api.openai.com/
    api_key: ${OPENAI_KEY}
detectors:
  regex: {type: regex}
  names: {type: known_entities, options: {values: {PERSON: [Jane Doe]}}}
clients:
  team: {key: '${TEAM_KEY:-local-secret}'}
routes:
  - path: /v1/chat/completions
    api: openai_chat
    upstream: openai
    pipeline: [regex, names]
    clients: [team]
    fail_open: [names]
"""
_ENV = {"OPENAI_KEY": "sk-test-123"}


def _load(tmp_path: Path, text: str, environ: dict[str, str] | None = None) -> Config:
    path = tmp_path / "gateway.yaml"
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return load_config(path, environ=_ENV if environ is None else environ)


def test_valid_config_has_defaults_and_interpolation(tmp_path: Path) -> None:
    """A minimal file gets every documented default; env references are resolved."""
    config = _load(tmp_path, _BASE)
    assert config.server.port == 8080 and config.server.max_placeholder_index == 99999
    openai = config.upstreams["openai"]
    assert openai.base_url == "https://api.openai.com"
    assert openai.auth == "inject" and openai.api_key == "sk-test-123"
    assert openai.timeouts.first_byte == 120.0
    assert config.upstreams["demo"].type == "demo"
    assert config.clients["team"].key == "local-secret"
    route = config.routes[0]
    assert route.name == route.path == "/v1/chat/completions"
    assert route.pipeline == ("regex", "names") and route.fail_open == frozenset({"names"})
    assert route.response.relink and route.response.max_held_chars == 16384
    assert config.detectors["names"].options == {"values": {"PERSON": ["Jane Doe"]}}
    assert config.detectors["names"].path == "detectors.names.options"
    assert config.base_dir == tmp_path.resolve()
    assert config.route("/v1/chat/completions") is route


def test_secrets_stay_out_of_repr(tmp_path: Path) -> None:
    """Keys are hidden in the config's repr (it may end up in a traceback)."""
    text = repr(_load(tmp_path, _BASE))
    assert "sk-test-123" not in text and "local-secret" not in text


def test_config_is_frozen(tmp_path: Path) -> None:
    """Nothing can be mutated after start-up."""
    config = _load(tmp_path, _BASE)
    with pytest.raises(AttributeError):
        config.server.port = 1  # type: ignore[misc]
    with pytest.raises(TypeError):
        config.detectors["names"].options["values"] = {}  # type: ignore[index]
    with pytest.raises(TypeError):
        config.upstreams["x"] = config.upstreams["demo"]  # type: ignore[index]


def test_interpolation_forms(tmp_path: Path) -> None:
    """Defaults apply when unset or empty; ``$${`` is a literal; numbers may come from env."""
    text = _BASE + "server:\n  port: ${PORT:-9000}\n  host: '$${HOST}'\n"
    config = _load(tmp_path, text, {"OPENAI_KEY": "k", "TEAM_KEY": "", "PORT": "9001"})
    assert config.server.port == 9001
    assert config.server.host == "${HOST}"
    assert config.clients["team"].key == "local-secret"
    assert _load(tmp_path, text, {"OPENAI_KEY": "k"}).server.port == 9000


def test_example_config_loads() -> None:
    """The shipped example is valid and routes the three documented paths to the demo."""
    config = load_config(_ROOT / "config.example.yaml", environ={})
    assert {route.path for route in config.routes} == {
        "/v1/chat/completions", "/v1/messages", "/v1/messages/count_tokens"}
    assert all(config.upstreams[r.upstream].type == "demo" for r in config.routes)
    assert all(r.clients is None for r in config.routes)
    assert {d.type for d in config.detectors.values()} == {"regex", "known_entities",
                                                         "llm_scrubber"}
    files = config.detectors["customers"].options["files"]
    assert isinstance(files, list)
    assert all((config.base_dir / name).is_file() for name in files)


_ROUTE = "routes:\n  - {path: /a, api: openai_chat, upstream: demo}\n"
_UP = "upstreams:\n  demo: {type: demo}\n"

# (id, yaml text, path the message must name, words the expectation must contain)
_BROKEN = [
    ("empty", "", None, "mapping"),
    ("not-mapping", "- a\n- b\n", None, "mapping"),
    ("bad-yaml", "server: [\n", "line", None),
    ("duplicate-key", _UP + _ROUTE + "server: {port: 1, port: 2}\n", "line 5", None),
    ("unknown-top", _UP + _ROUTE + "servers: {}\n", "servers", "one of"),
    ("no-upstreams", _ROUTE, "upstreams", "upstream"),
    ("no-routes", _UP, "routes", "non-empty list"),
    ("routes-mapping", _UP + "routes: {a: 1}\n", "routes", "list"),
    ("port-range", _UP + _ROUTE + "server: {port: 70000}\n", "server.port", "0..65535"),
    ("port-type", _UP + _ROUTE + "server: {port: '80'}\n", "server.port", "integer"),
    ("port-bool", _UP + _ROUTE + "server: {port: true}\n", "server.port", "integer"),
    ("port-env-junk", _UP + _ROUTE + "server: {port: '${P:-x}'}\n", "server.port", "integer"),
    ("log-level", _UP + _ROUTE + "server: {log_level: loud}\n", "server.log_level", "debug"),
    ("max-index", _UP + _ROUTE + "server: {max_placeholder_index: 0}\n",
     "server.max_placeholder_index", ">= 1"),
    ("unset-env", "upstreams:\n  o: {base_url: 'https://x', api_key: '${NOPE}'}\n"
     "routes:\n  - {path: /a, api: openai_chat, upstream: o}\n", "upstreams.o.api_key", "NOPE"),
    ("bad-env-ref", _UP + _ROUTE + "server: {host: '${1X}'}\n", "server.host", "${NAME}"),
    ("unterminated-env", _UP + _ROUTE + "server: {host: 'a${B'}\n", "server.host", "${NAME}"),
    ("demo-extra", "upstreams:\n  demo: {type: demo, base_url: 'https://x'}\n" + _ROUTE,
     "upstreams.demo.base_url", "only type"),
    ("upstream-type", "upstreams:\n  demo: {type: ftp}\n" + _ROUTE, "upstreams.demo.type",
     "http | demo"),
    ("no-base-url", "upstreams:\n  demo: {api_key: k}\n" + _ROUTE, "upstreams.demo.base_url",
     "URL"),
    ("bad-url", "upstreams:\n  demo: {base_url: 'api.openai.com'}\n" + _ROUTE,
     "upstreams.demo.base_url", "URL"),
    ("inject-no-key", "upstreams:\n  demo: {base_url: 'https://x', auth: inject}\n" + _ROUTE,
     "upstreams.demo.api_key", "api_key"),
    ("passthrough-key", "upstreams:\n  demo: {base_url: 'https://x', auth: passthrough, "
     "api_key: k}\n" + _ROUTE, "upstreams.demo.auth", "inject"),
    ("timeout-zero", "upstreams:\n  demo: {base_url: 'https://x', timeouts: {idle: 0}}\n"
     + _ROUTE, "upstreams.demo.timeouts.idle", "> 0"),
    ("timeout-unknown", "upstreams:\n  demo: {base_url: 'https://x', timeouts: {read: 1}}\n"
     + _ROUTE, "upstreams.demo.timeouts.read", "one of"),
    ("upstream-name", "upstreams:\n  '9x': {type: demo}\n" + _ROUTE, "upstreams.9x", "name"),
    ("detector-name", _UP + _ROUTE + "detectors:\n  Regex: {type: regex}\n",
     "detectors.Regex", "a-z"),
    ("detector-no-type", _UP + _ROUTE + "detectors:\n  r: {options: {}}\n",
     "detectors.r.type", "detector type"),
    ("detector-options", _UP + _ROUTE + "detectors:\n  r: {type: regex, options: [1]}\n",
     "detectors.r.options", "mapping"),
    ("detector-timeout", _UP + _ROUTE + "detectors:\n  r: {type: regex, timeout_s: -1}\n",
     "detectors.r.timeout_s", "> 0"),
    ("client-no-key", _UP + _ROUTE + "clients:\n  team: {}\n", "clients.team.key", "non-empty"),
    ("route-unknown-key", _UP + "routes:\n  - {path: /a, api: openai_chat, upstream: demo, "
     "upstrem: x}\n", "routes[0].upstrem", "one of"),
    ("route-path", _UP + "routes:\n  - {path: a, api: openai_chat, upstream: demo}\n",
     "routes[0].path", "absolute"),
    ("route-api", _UP + "routes:\n  - {path: /a, api: gemini, upstream: demo}\n",
     "routes[0].api", "openai_chat"),
    ("route-upstream", _UP + "routes:\n  - {path: /a, api: openai_chat, upstream: nope}\n",
     "routes[0].upstream", "demo"),
    ("route-item", _UP + "routes:\n  - 3\n", "routes[0]", "mapping"),
    ("pipeline-unknown", _UP + "detectors:\n  r: {type: regex}\nroutes:\n  - {path: /a, "
     "api: openai_chat, upstream: demo, pipeline: [r, x]}\n", "routes[0].pipeline[1]", "r"),
    ("pipeline-dup", _UP + "detectors:\n  r: {type: regex}\nroutes:\n  - {path: /a, "
     "api: openai_chat, upstream: demo, pipeline: [r, r]}\n", "routes[0].pipeline[1]", "once"),
    ("pipeline-type", _UP + "routes:\n  - {path: /a, api: openai_chat, upstream: demo, "
     "pipeline: r}\n", "routes[0].pipeline", "names of detectors"),
    ("fail-open-outside", _UP + "detectors:\n  r: {type: regex}\n  s: {type: regex}\nroutes:"
     "\n  - {path: /a, api: openai_chat, upstream: demo, pipeline: [r], fail_open: [s]}\n",
     "routes[0].fail_open[0]", "pipeline"),
    ("client-unknown", _UP + "routes:\n  - {path: /a, api: openai_chat, upstream: demo, "
     "clients: [team]}\n", "routes[0].clients[0]", "none defined"),
    ("clients-empty", _UP + "routes:\n  - {path: /a, api: openai_chat, upstream: demo, "
     "clients: []}\n", "routes[0].clients", "open route"),
    ("clients-passthrough", "upstreams:\n  o: {base_url: 'https://x'}\nclients:\n  t: {key: k}"
     "\nroutes:\n  - {path: /a, api: openai_chat, upstream: o, clients: [t]}\n",
     "routes[0].upstream", "inject"),
    ("dup-path", _UP + _ROUTE + "  - {path: /a, api: anthropic_messages, upstream: demo}\n",
     "routes[1].path", "once"),
    ("dup-name", _UP + _ROUTE + "  - {name: /a, path: /b, api: openai_chat, upstream: demo}\n",
     "routes[1].name", "once"),
    ("response-unknown", _UP + "routes:\n  - {path: /a, api: openai_chat, upstream: demo, "
     "response: {relinks: true}}\n", "routes[0].response.relinks", "relink"),
    ("relink-string", _UP + "routes:\n  - {path: /a, api: openai_chat, upstream: demo, "
     "response: {relink: 'yes'}}\n", "routes[0].response.relink", "true or false"),
    ("held-chars", _UP + "routes:\n  - {path: /a, api: openai_chat, upstream: demo, "
     "response: {max_held_chars: 0}}\n", "routes[0].response.max_held_chars", ">= 1"),
    ("mask-field", _UP + "routes:\n  - {path: /a, api: openai_chat, upstream: demo, "
     "response: {mask: '[{value}]'}}\n", "routes[0].response.mask", "{label}"),
    ("redact-name", _UP + "routes:\n  - {path: /a, api: openai_chat, upstream: demo, "
     "response: {redact: ['e-mail']}}\n", "routes[0].response.redact[0]", "EMAIL"),
    ("non-string-key", _UP + _ROUTE + "server: {1: 2}\n", "server", "string keys"),
]


@pytest.mark.parametrize(("text", "path", "expected"),
                         [case[1:] for case in _BROKEN], ids=[case[0] for case in _BROKEN])
def test_broken_configs(tmp_path: Path, text: str, path: str | None, expected: str | None
                        ) -> None:
    """Each broken file is a ConfigError naming the file, the path and the expectation."""
    with pytest.raises(ConfigError) as info:
        _load(tmp_path, text, {})
    error = info.value
    message = str(error)
    assert error.source is not None and error.source.endswith("gateway.yaml")
    assert message.startswith(error.source)
    if path is not None:
        assert error.path is not None and path in error.path, message
        assert path in message
    if expected is not None:
        assert error.expected is not None and expected in error.expected, message
    assert "Traceback" not in message


def test_errors_do_not_quote_secret_values(tmp_path: Path) -> None:
    """A bad value is never echoed: it may be a key."""
    text = _UP + _ROUTE + "server: {host: 'sk-very-secret-1', port: 'sk-very-secret-2'}\n"
    with pytest.raises(ConfigError) as info:
        _load(tmp_path, text, {})
    assert "very-secret" not in str(info.value)


def test_missing_file(tmp_path: Path) -> None:
    """A missing file is a ConfigError naming it."""
    with pytest.raises(ConfigError, match="not found"):
        load_config(tmp_path / "nope.yaml")


def test_parse_config_from_data() -> None:
    """Already-loaded data (e.g. from tests or another format) is validated the same way."""
    data = {"upstreams": {"d": {"type": "demo"}},
            "routes": [{"path": "/x", "api": "anthropic_count_tokens", "upstream": "d"}]}
    config = parse_config(data, source="<test>", base_dir=Path("/"), environ={})
    assert config.routes[0].api == "anthropic_count_tokens"
    with pytest.raises(ConfigError) as info:
        config.route("nope")
    assert info.value.source == "<test>" and "/x" in str(info.value)


def _documented_keys() -> dict[str, set[str]]:
    """Section heading -> first-column keys of its table in docs/configuration.md."""
    doc = (_ROOT / "docs" / "configuration.md").read_text(encoding="utf-8")
    sections: dict[str, set[str]] = {}
    current = ""
    for line in doc.splitlines():
        if line.startswith("#"):
            current = line.lstrip("#").strip()
            sections.setdefault(current, set())
        match = re.match(r"\| `([^`]+)` \|", line)
        if match:
            sections[current].add(match.group(1))
    return sections


@pytest.mark.parametrize(("section", "heading"), [
    ("top", "Top level"), ("server", "`server`"), ("clients", "`clients.<name>`"),
    ("upstreams", "`upstreams.<name>`"), ("detectors", "`detectors.<name>`"),
    ("routes", "`routes[]`"), ("evidence", "`evidence`"), ("sessions", "`sessions`"),
])
def test_every_accepted_key_is_documented(section: str, heading: str) -> None:
    """docs/configuration.md lists exactly the keys the parser accepts, section by section."""
    assert _documented_keys()[heading] == set(SCHEMA[section])
