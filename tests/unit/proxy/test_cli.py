"""Tests of the ``pseudogate`` CLI's offline commands: scan, check-config, detectors."""

from __future__ import annotations

import io
import shutil
import textwrap
from importlib.metadata import entry_points
from pathlib import Path

import pytest

from detectors.registry import GROUP
from proxy.cli import main

_ROOT = Path(__file__).resolve().parents[3]

pytestmark = pytest.mark.skipif(
    not any(ep.name == "regex" for ep in entry_points(group=GROUP)),
    reason="needs the package's entry points: run `pip install -e . --no-deps` once",
)

_SAMPLE = "Mail jane.roe@example.com, then JANE.ROE@example.com; card 4111 1111 1111 1111.\n"

_CONFIG = """\
upstreams:
  demo: {type: demo}
detectors:
  builtin: {type: regex, options: {entities: [EMAIL]}}
  tickets:
    type: regex
    options:
      entities: []
      custom: [{label: TICKET, pattern: 'TCK-[0-9]{4}'}]
routes:
  - {name: mail, path: /mail, api: openai_chat, upstream: demo, pipeline: [builtin]}
  - {name: tickets, path: /tickets, api: openai_chat, upstream: demo, pipeline: [tickets]}
"""


@pytest.fixture
def workdir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty current directory (no config.example.yaml) with a sample text in it."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "sample.txt").write_text(_SAMPLE, encoding="utf-8")
    (tmp_path / "gw.yaml").write_text(_CONFIG, encoding="utf-8")
    return tmp_path


def test_scan_with_builtin_default(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Without a config the regex built-ins run; values are masked and listed, exit 1."""
    assert main(["scan", "sample.txt"]) == 1
    out = capsys.readouterr().out
    first_line = out.splitlines()[0]
    assert first_line == "Mail [EMAIL_1], then [EMAIL_1]; card [CREDIT_CARD_1]."
    assert "3 findings (route scan)" in out
    assert "LABEL" in out and "DETECTOR" in out and "PLACEHOLDER" in out
    assert "jane.roe" not in out.lower() and "4111" not in out


def test_scan_show_values(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``--show-values`` adds each occurrence's raw text to the table."""
    assert main(["scan", "--show-values", "sample.txt"]) == 1
    out = capsys.readouterr().out
    assert "VALUE" in out
    assert "jane.roe@example.com" in out and "JANE.ROE@example.com" in out


def test_scan_clean_text_exits_zero(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Nothing found: the text comes back unchanged and the exit code is 0."""
    (workdir / "clean.txt").write_text("nothing to see here", encoding="utf-8")
    assert main(["scan", "clean.txt"]) == 0
    assert capsys.readouterr().out.startswith("nothing to see here\n\n0 findings")


def test_scan_stdin(workdir: Path, monkeypatch: pytest.MonkeyPatch,
                    capsys: pytest.CaptureFixture[str]) -> None:
    """``-`` (the default) reads standard input as UTF-8."""
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO("名前 a@b.de".encode())))
    assert main(["scan"]) == 1
    assert capsys.readouterr().out.startswith("名前 [EMAIL_1]\n")


def test_scan_route_selection(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``--route`` picks the pipeline, by name or by path."""
    (workdir / "t.txt").write_text("see TCK-1234 and a@b.de", encoding="utf-8")
    assert main(["scan", "--config", "gw.yaml", "--route", "tickets", "t.txt"]) == 1
    assert capsys.readouterr().out.startswith("see [TICKET_1] and a@b.de\n")
    assert main(["scan", "--config", "gw.yaml", "--route", "/mail", "t.txt"]) == 1
    assert capsys.readouterr().out.startswith("see TCK-1234 and [EMAIL_1]\n")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["scan", "missing.txt"], "cannot read missing.txt"),
        (["scan", "binary.bin"], "not valid UTF-8"),
        (["scan", "--config", "gw.yaml", "--route", "nope", "sample.txt"], "no route named"),
        (["scan", "--config", "nope.yaml", "sample.txt"], "file not found"),
    ],
    ids=["missing", "binary", "route", "config"],
)
def test_scan_errors_exit_two(workdir: Path, capsys: pytest.CaptureFixture[str],
                              args: list[str], message: str) -> None:
    """Unreadable input, bad UTF-8, an unknown route or config: exit 2 with a message."""
    (workdir / "binary.bin").write_bytes(b"ok \xff\xfe")
    assert main(args) == 2
    assert message in capsys.readouterr().err


def test_check_config_ok(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A valid config (detector options included) exits 0 with a summary."""
    assert main(["check-config", "gw.yaml"]) == 0
    assert "gw.yaml: ok (2 routes, 2 detectors, 1 upstreams)" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("text", "path"),
    [
        (_CONFIG.replace("api: openai_chat, upstream: demo, pipeline: [tickets]",
                         "api: openai_chat, upstream: demo, pipeline: [ticket]"),
         "routes[1].pipeline[0]"),
        (_CONFIG.replace("entities: [EMAIL]", "entities: [EMIAL]"),
         "detectors.builtin.options.entities"),
        (_CONFIG.replace("type: regex, options", "type: regexp, options"),
         "detectors.builtin.type"),
    ],
    ids=["route", "detector-option", "detector-type"],
)
def test_check_config_errors(workdir: Path, capsys: pytest.CaptureFixture[str], text: str,
                             path: str) -> None:
    """A bad config exits 2; the message names file and path (options: the factory's)."""
    (workdir / "bad.yaml").write_text(text, encoding="utf-8")
    assert main(["check-config", "bad.yaml"]) == 2
    err = capsys.readouterr().err
    assert "bad.yaml" in err and path in err


def test_detectors_lists_builtins(capsys: pytest.CaptureFixture[str]) -> None:
    """``detectors`` lists the built-in types with their distribution."""
    assert main(["detectors"]) == 0
    out = capsys.readouterr().out
    for name in ("regex", "known_entities", "gliner"):
        assert any(line.split()[:2] == [name, "pseudogate"] for line in out.splitlines())


def test_scan_uses_example_config_from_cwd(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    """With config.example.yaml in the current directory, scan runs its first route."""
    pytest.importorskip("detectors.known_entities",
                        reason="the known_entities detector is not in this tree yet")
    shutil.copy(_ROOT / "config.example.yaml", tmp_path)
    shutil.copytree(_ROOT / "examples" / "entities", tmp_path / "examples" / "entities")
    monkeypatch.chdir(tmp_path)
    text = "Jane Doe (jane@example.com) of Acme Logistics GmbH wrote; jane doe agreed."
    (tmp_path / "in.txt").write_text(text, encoding="utf-8")
    assert main(["scan", "in.txt"]) == 1
    out = capsys.readouterr().out
    first = out.splitlines()[0]
    assert "Jane Doe" not in first and "jane@example.com" not in first
    assert "Acme" not in first and "jane doe" not in first
    assert "route openai-chat" in out
    assert textwrap.dedent(first).count("[PERSON_1]") == 2


_BROKEN = """\
upstreams:
  demo: {type: demo}
detectors:
  builtin: {type: regex, options: {entities: [EMIAL]}}
  tickets: {type: regex, options: {entities: [], custom: [{label: TICKET, pattern: 'TCK'}]}}
  people: {type: known_entities, options: {files: [people.csv]}}
routes:
  - {name: a, path: /a, api: openai_chat, upstream: nowhere}
  - {name: b, path: /b, api: not_an_api, upstream: demo}
  - {name: c, path: /c, api: openai_chat, upstream: demo, pipeline: [people]}
  - {name: d, path: /d, api: openai_chat, upstream: demo, pipeline: [tickets],
     response: {redact: [NOTHING]}}
unknown_section: 1
"""


def test_check_config_reports_every_error(workdir: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    """Every broken entry is one line with file and path: config, options, lists, policies."""
    (workdir / "people.csv").write_text("value,label\nAnna Berg,PERSON\nBo,lower case\n",
                                        encoding="utf-8")
    (workdir / "broken.yaml").write_text(_BROKEN, encoding="utf-8")
    assert main(["check-config", "broken.yaml"]) == 2
    err = capsys.readouterr().err.splitlines()
    errors = [line for line in err if line.startswith("error: ")]
    expected = [("broken.yaml", "unknown_section"), ("broken.yaml", "routes[0].upstream"),
                ("broken.yaml", "routes[1].api"), ("broken.yaml", "detectors.builtin.options"),
                ("people.csv", "line 3"), ("broken.yaml", "routes[d].response.redact[0]")]
    for source, path in expected:
        assert any(source in line and path in line for line in errors), (source, path, errors)
    assert len(errors) == len(expected)
    assert err[-1] == f"broken.yaml: {len(expected)} errors"
    assert "Anna" not in "\n".join(err) and "Bo," not in "\n".join(err)


def test_check_config_look_behind_and_list_are_built(
    workdir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A look-behind the egress filter cannot decide is found without serving."""
    text = _CONFIG.replace("pattern: 'TCK-[0-9]{4}'", "pattern: '(?<=ref.*)TCK-[0-9]{4}'")
    text = text.replace("pipeline: [tickets]}", "pipeline: [tickets], "
                        "response: {redact: [TICKET]}}")
    (workdir / "lb.yaml").write_text(text, encoding="utf-8")
    assert main(["check-config", "lb.yaml"]) == 2
    err = capsys.readouterr().err
    assert "routes[tickets].response.redact[0]" in err and "look-behind" in err


def test_check_config_env_references(workdir: Path, monkeypatch: pytest.MonkeyPatch,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    """An unset ${VAR} is an error unless --allow-missing-env; bare $VAR is a warning."""
    monkeypatch.delenv("PG_TEST_SECRET", raising=False)
    text = _CONFIG.replace("  demo: {type: demo}\n", "  demo: {type: demo}\n"
                           "  real: {base_url: 'https://api.example', api_key: "
                           "'${PG_TEST_SECRET}', max_connections: '${PG_TEST_POOL}'}\n"
                           "clients:\n  app: {key: '$PG_APP_KEY'}\n")
    (workdir / "env.yaml").write_text(text, encoding="utf-8")
    assert main(["check-config", "env.yaml"]) == 2
    err = capsys.readouterr().err
    assert "upstreams.real.api_key" in err and "PG_TEST_SECRET is not set" in err
    assert "upstreams.real.max_connections" in err  # every unset reference, not the first
    assert main(["check-config", "--allow-missing-env", "env.yaml"]) == 0
    captured = capsys.readouterr()
    assert "env.yaml: ok" in captured.out
    warnings = [line for line in captured.err.splitlines() if line.startswith("warning: ")]
    assert any("upstreams.real.api_key" in w and "PG_TEST_SECRET" in w for w in warnings)
    assert any("clients.app.key" in w and "$PG_APP_KEY is not interpolated" in w
               for w in warnings)


@pytest.mark.parametrize("args", [["serve"], ["scan", "--nope"], ["frobnicate"],
                                  ["serve", "--config", "x", "--port", "eighty"]])
def test_usage_errors_are_one_line(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """A bad command line is one line on stderr naming the command, exit 2."""
    with pytest.raises(SystemExit) as info:
        main(args)
    assert info.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("pseudogate") and "--help" in lines[0]
