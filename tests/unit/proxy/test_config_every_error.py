"""check-config reports every error of a file, each once, with its dotted path (#15).

The property generates the class: any subset of independent mistakes, spread over every
section and several inside one entry, planted in a valid config.  The oracle is the set
of paths planted, written here from the mistakes themselves (not from the parser).
"""

from __future__ import annotations

import copy
import subprocess
import sys
from pathlib import Path
from typing import Final

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pipelines.errors import ConfigError
from proxy.cli import main
from proxy.config import parse_config

_ROOT = Path(__file__).resolve().parents[3]

_VALID: Final[dict[str, object]] = {
    "server": {"port": 8080, "log_level": "info", "max_body_bytes": 1000},
    "clients": {"app": {"key": "gateway-key"}},
    "upstreams": {"up": {"base_url": "https://api.example", "api_key": "sk-up",
                         "timeouts": {"connect": 5}, "retries": {"attempts": 1},
                         "max_connections": 5, "proxy_from_env": True}},
    "detectors": {"d": {"type": "regex", "timeout_s": 5}},
    "routes": [
        {"path": "/a", "api": "openai_chat", "upstream": "up", "pipeline": ["d"],
         "response": {"max_held_chars": 100, "relink": True},
         "session": {"enabled": True, "idle_ttl_s": 60, "optional": False}},
        {"path": "/b", "api": "anthropic_messages", "upstream": "up", "clients": ["app"]},
    ],
    "sessions": {"idle_ttl_s": 600, "header": "x-s", "call_timeout_s": 1,
                 "memory": {"max_sessions": 10}},
}

# (where, the wrong value, the path the error must name): each one wrong on its own.
_MISTAKES: Final[tuple[tuple[tuple[str | int, ...], object, str], ...]] = (
    (("server", "port"), 70000, "server.port"),
    (("server", "log_level"), "loud", "server.log_level"),
    (("server", "max_body_bytes"), 0, "server.max_body_bytes"),
    (("server", "colour"), "blue", "server.colour"),
    (("clients", "app", "key"), "", "clients.app.key"),
    (("upstreams", "up", "base_url"), "ftp://x", "upstreams.up.base_url"),
    (("upstreams", "up", "max_connections"), 0, "upstreams.up.max_connections"),
    (("upstreams", "up", "timeouts", "connect"), -1, "upstreams.up.timeouts.connect"),
    (("upstreams", "up", "retries", "attempts"), 11, "upstreams.up.retries.attempts"),
    (("upstreams", "up", "proxy_from_env"), "yes", "upstreams.up.proxy_from_env"),
    (("upstreams", "up", "colour"), "blue", "upstreams.up.colour"),
    (("detectors", "d", "timeout_s"), 0, "detectors.d.timeout_s"),
    (("detectors", "d", "colour"), "blue", "detectors.d.colour"),
    (("routes", 0, "colour"), "blue", "routes[0].colour"),
    (("routes", 0, "api"), "nope", "routes[0].api"),
    (("routes", 0, "path"), "relative", "routes[0].path"),
    (("routes", 0, "pipeline"), ["missing"], "routes[0].pipeline[0]"),
    (("routes", 0, "response", "max_held_chars"), 0, "routes[0].response.max_held_chars"),
    (("routes", 0, "response", "relink"), "no", "routes[0].response.relink"),
    (("routes", 0, "response", "bogus"), 1, "routes[0].response.bogus"),
    (("routes", 0, "session", "idle_ttl_s"), -1, "routes[0].session.idle_ttl_s"),
    (("routes", 0, "session", "optional"), "x", "routes[0].session.optional"),
    (("routes", 1, "upstream"), "nowhere", "routes[1].upstream"),
    (("routes", 1, "clients"), ["app", "ghost"], "routes[1].clients[1]"),
    (("sessions", "idle_ttl_s"), 0, "sessions.idle_ttl_s"),
    (("sessions", "header"), "bad header!", "sessions.header"),
    (("sessions", "call_timeout_s"), 0, "sessions.call_timeout_s"),
    (("sessions", "memory", "max_sessions"), 0, "sessions.memory.max_sessions"),
    (("extra_section",), 1, "extra_section"),
)


def _plant(chosen: list[int]) -> tuple[dict[str, object], set[str]]:
    data = copy.deepcopy(_VALID)
    for index in chosen:
        where, value, _ = _MISTAKES[index]
        node: object = data
        for step in where[:-1]:
            node = node[step]  # type: ignore[index]
        node[where[-1]] = value  # type: ignore[index]
    return data, {_MISTAKES[index][2] for index in chosen}


def _problems(data: object) -> list[ConfigError]:
    problems: list[ConfigError] = []
    parse_config(data, source="gw.yaml", base_dir=Path.cwd(), environ={}, problems=problems)
    return problems


def test_a_valid_config_has_no_problem() -> None:
    """The base of the property is valid: every error below is a planted one."""
    assert _problems(copy.deepcopy(_VALID)) == []


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, len(_MISTAKES) - 1), unique=True, min_size=1))
def test_every_planted_mistake_is_reported_once(chosen: list[int]) -> None:
    """Collected: one error per mistake, at its path, none twice, none invented.

    Without collecting, loading stops at one of them (serve refuses the file).
    """
    data, planted = _plant(chosen)
    paths = [problem.path for problem in _problems(data)]
    assert sorted(p or "" for p in paths) == sorted(planted)
    with pytest.raises(ConfigError) as info:
        parse_config(data, source="gw.yaml", base_dir=Path.cwd(), environ={})
    assert info.value.path in planted


def test_checks_of_combined_fields_wait_for_the_fields() -> None:
    """A cross-field check judges valid fields only: no second error from a stand-in.

    ``fail_open`` is not judged against a pipeline that is itself wrong, a route's
    clients are judged once its fields read, and the cross-field check runs when the
    fields are fixed.
    """
    data, _ = _plant([])
    routes = data["routes"]
    assert isinstance(routes, list)
    routes[0]["pipeline"] = "d"  # not a list
    routes[0]["fail_open"] = ["d"]
    assert [p.path for p in _problems(data)] == ["routes[0].pipeline"]
    data, _ = _plant([])
    upstreams = data["upstreams"]
    assert isinstance(upstreams, dict)
    upstreams["up"] = {"base_url": "https://api.example", "auth": "passthrough"}
    assert [p.path for p in _problems(data)] == ["routes[1].upstream"]


def test_allow_missing_env_lints_the_documented_redis_config(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every secret through ``${ENV}`` (keys, password, key file): lint passes without them.

    Reproduced before the fix: ``root_keys[0].secret: not a valid key`` and
    ``evidence.key_file: file not found`` for the stand-ins.  Without the flag each unset
    variable is one error at its path.
    """
    names = ("PGT_UP_KEY", "PGT_REDIS_PASSWORD", "PGT_ROOT_KEY", "PGT_NAME_KEY", "PGT_EVKEY")
    for name in names:
        monkeypatch.delenv(name, raising=False)
    (tmp_path / "gw.yaml").write_text(
        "upstreams:\n"
        "  up: {base_url: 'https://api.example', api_key: '${PGT_UP_KEY}'}\n"
        "routes:\n"
        "  - {path: /v1/chat/completions, api: openai_chat, upstream: up,"
        " session: {enabled: true}}\n"
        "sessions:\n"
        "  store: redis\n"
        "  redis: {url: 'redis://127.0.0.1:6379', password: '${PGT_REDIS_PASSWORD}'}\n"
        "  root_keys: [{id: k1, secret: '${PGT_ROOT_KEY}'}]\n"
        "  name_key: {secret: '${PGT_NAME_KEY}'}\n"
        "evidence: {path: ev.jsonl, key_file: '${PGT_EVKEY}', key_id: k1}\n",
        encoding="utf-8",
    )
    assert main(["check-config", "--allow-missing-env", str(tmp_path / "gw.yaml")]) == 0
    captured = capsys.readouterr()
    assert "ok (1 routes" in captured.out
    assert sum(line.startswith("warning: ") for line in captured.err.splitlines()) == 5
    assert main(["check-config", str(tmp_path / "gw.yaml")]) == 2
    errors = [line for line in capsys.readouterr().err.splitlines()
              if line.startswith("error: ")]
    assert len(errors) == len(names)
    assert all(any(name in line for line in errors) for name in names)


_SERVE_PARTS = """\
upstreams:
  demo: {type: demo}
  up: {base_url: 'https://api.example', api_key: k, ca_bundle: junk.pem}
routes:
  - {path: /v1/chat/completions, api: openai_chat, upstream: demo, session: {enabled: true}}
server: {port: 0, tls: {cert: junk.pem, key: junk.pem}}
evidence: {path: ev.jsonl, key_file: public.pem, key_id: k1}
sessions:
  store: redis
  redis: {url: 'redis://127.0.0.1:99999/0'}
  root_keys: [{id: k1, secret: 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8='}]
  name_key: {secret: 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8='}
"""


def test_check_config_builds_what_serve_builds_besides_detectors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A TLS pair, a CA bundle, the evidence key and file, the Redis URL: each refused
    by serve, each reported by check-config at its path (reproduced before the fix:
    ``ok`` for all five, and serve died with ``internal error (ValueError)`` on the
    Redis port)."""
    (tmp_path / "junk.pem").write_text("not a certificate\n", encoding="utf-8")
    assert main(["evidence", "keygen", str(tmp_path / "private.pem"),
                 str(tmp_path / "public.pem")]) == 0
    (tmp_path / "ev.jsonl").write_text('{"seq": 1}\n{"half a reco', encoding="utf-8")
    (tmp_path / "gw.yaml").write_text(_SERVE_PARTS, encoding="utf-8")
    capsys.readouterr()
    assert main(["check-config", str(tmp_path / "gw.yaml")]) == 2
    errors = [line for line in capsys.readouterr().err.splitlines()
              if line.startswith("error: ")]
    for where in ("junk.pem: server.tls:", "junk.pem: upstreams.up.ca_bundle:",
                  "public.pem: evidence.key_file:", "ev.jsonl: evidence.path:",
                  "gw.yaml: sessions.redis.url:"):
        assert sum(where in line for line in errors) == 1, (where, errors)
    assert len(errors) == 5
    # serve refuses the Redis URL with the same one line, not an internal error.
    (tmp_path / "redis.yaml").write_text(
        _SERVE_PARTS.split("server:")[0].replace(", ca_bundle: junk.pem", "")
        + "sessions:" + _SERVE_PARTS.split("sessions:")[1], encoding="utf-8")
    served = subprocess.run(
        [sys.executable, "-m", "proxy.cli", "serve", "--config", str(tmp_path / "redis.yaml")],
        capture_output=True, text=True, timeout=60, check=False, cwd=_ROOT)
    assert served.returncode == 2, served.stderr
    assert "sessions.redis.url: invalid value" in served.stderr
    assert "internal error" not in served.stderr


def test_check_config_for_several_workers_refuses_what_serve_refuses(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--workers 2``: memory sessions are refused as ``serve --workers 2`` refuses them;
    one worker is fine."""
    (tmp_path / "gw.yaml").write_text(
        "upstreams:\n  demo: {type: demo}\nroutes:\n"
        "  - {path: /v1/chat/completions, api: openai_chat, upstream: demo,"
        " session: {enabled: true}}\n", encoding="utf-8")
    assert main(["check-config", str(tmp_path / "gw.yaml")]) == 0
    capsys.readouterr()
    assert main(["check-config", "--workers", "2", str(tmp_path / "gw.yaml")]) == 2
    assert "sessions.store: 2 workers would each keep their own sessions" in \
        capsys.readouterr().err
