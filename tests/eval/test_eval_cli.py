"""``pseudogate eval`` end to end through the CLI: table, JSON, baseline gate, errors.

Runs the real command (``proxy.cli.main``) on small corpora so every test takes well
under a second of detection time: the example config on a 20-payload slice, and a
config whose route has an empty pipeline (everything leaks, deterministically) for the
regression gate.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from proxy.cli import main
from proxy.commands.evaluate import _Progress
from proxy.config import load_config

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = str(ROOT / "config.example.yaml")
SECRET = "ada.lovelace@example.org"

EMPTY_PIPELINE = """\
upstreams:
  demo:
    type: demo
routes:
  - name: bare
    path: /v1/chat/completions
    api: openai_chat
    upstream: demo
    pipeline: []
"""


@pytest.fixture
def tiny(tmp_path: Path) -> tuple[Path, Path]:
    """A one-payload corpus with one e-mail and one hard negative, and a bare config."""
    text = f"Write to {SECRET} about release v2.3.1."
    start = text.index(SECRET)
    payload = {
        "id": "t1",
        "lang": "en",
        "kind": "email",
        "texts": [text],
        "entities": [
            {
                "text": 0,
                "start": start,
                "end": start + len(SECRET),
                "label": "EMAIL",
                "value": SECRET,
            }
        ],
        "negatives": [
            {
                "text": 0,
                "start": text.index("v2"),
                "end": text.index("v2") + 6,
                "kind": "version",
                "value": "v2.3.1",
            }
        ],
    }
    corpus = tmp_path / "tiny.jsonl"
    corpus.write_text(json.dumps(payload) + "\n", encoding="utf-8")
    config = tmp_path / "bare.yaml"
    config.write_text(EMPTY_PIPELINE, encoding="utf-8")
    return corpus, config


def test_table_on_the_example_config(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """The default corpus, 20 payloads: a table with the structured row, negatives and
    latency on stdout; the same figures as JSON in the file; nothing on stderr (no TTY)."""
    out = tmp_path / "report.json"
    assert main(["eval", "--config", EXAMPLE, "--limit", "20", "--json", str(out)]) == 0
    captured = capsys.readouterr()
    assert "STRUCTURED" in captured.out
    assert "hard negatives over-masked" in captured.out
    assert "latency per payload" in captured.out
    assert captured.err == ""
    document = json.loads(out.read_text())
    assert document["payloads"] == 20
    assert document["route"] == load_config(EXAMPLE).routes[0].name
    for key in ("structured_recall", "structured_precision", "negatives_overmask_rate"):
        assert 0.0 <= document[key] <= 1.0
    for lang in ("en", "de"):
        for row in document["per_language"][lang]["per_label"].values():
            assert {"precision", "recall", "leak_rate"} <= set(row)


def test_json_to_stdout_replaces_the_table(
    capsys: pytest.CaptureFixture[str], tiny: tuple[Path, Path]
) -> None:
    """``--json`` without a path prints only JSON; an empty pipeline leaks everything."""
    corpus, config = tiny
    assert main(["eval", "--config", str(config), "--data", str(corpus), "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["structured_recall"] == 0.0
    assert document["structured_leak_rate"] == 1.0
    assert document["negatives_overmask_rate"] == 0.0
    assert document["pipeline"] == []


def test_show_misses_prints_shapes_never_values(
    capsys: pytest.CaptureFixture[str], tiny: tuple[Path, Path]
) -> None:
    """The miss list names label, payload and shape; the raw value never appears."""
    corpus, config = tiny
    assert main(["eval", "--config", str(config), "--data", str(corpus), "--show-misses", "5"]) == 0
    out = capsys.readouterr().out
    assert "leak  EMAIL" in out
    assert "aaa.aaaaaaaa@aaaaaaa.aaa" in out
    assert SECRET not in out


def test_baseline_gate_fails_on_regression_and_passes_after_update(
    capsys: pytest.CaptureFixture[str], tiny: tuple[Path, Path], tmp_path: Path
) -> None:
    """A leak above the baseline exits 1 naming the rate; ``--update-baseline`` records
    the current rates, after which the same run passes."""
    corpus, config = tiny
    baseline = tmp_path / "baseline.json"
    baseline.write_text(
        json.dumps(
            {
                "tolerance": 0.0,
                "slices": {
                    "all": {
                        "structured_leak_rate": 0.0,
                        "negatives_overmask_rate": 0.0,
                        "per_label_leak_rate": {"EMAIL": 0.0},
                    }
                },
            }
        )
    )
    args = ["eval", "--config", str(config), "--data", str(corpus), "--baseline", str(baseline)]
    assert main(args) == 1
    err = capsys.readouterr().err
    assert "structured_leak_rate regressed" in err
    assert "EMAIL leak_rate regressed" in err
    assert main([*args, "--update-baseline"]) == 0
    assert json.loads(baseline.read_text())["slices"]["all"]["structured_leak_rate"] == 1.0
    assert main(args) == 0


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--route", "nope"], "no route named 'nope'"),
        (["--update-baseline"], "--update-baseline needs --baseline"),
        (["--data", "/nonexistent/corpus.jsonl"], "cannot read the corpus"),
        (["--limit", "0"], "limit must be positive"),
        (["--baseline", "/nonexistent/baseline.json"], "cannot read the baseline"),
    ],
)
def test_usage_errors_exit_2(
    capsys: pytest.CaptureFixture[str], tiny: tuple[Path, Path], extra: list[str], message: str
) -> None:
    """Bad routes, files and flags are configuration errors (exit 2), not tracebacks."""
    corpus, config = tiny
    code = main(["eval", "--config", str(config), "--data", str(corpus), *extra])
    assert code == 2
    assert message in capsys.readouterr().err


def test_progress_bar_draws_only_on_a_terminal() -> None:
    """On a TTY the bar redraws in place and ends with a newline; otherwise silence."""

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    screen, pipe = Terminal(), io.StringIO()
    for stream in (screen, pipe):
        bar = _Progress(3, stream)
        for _ in range(3):
            bar.advance()
        bar.close()
    assert screen.getvalue().startswith("\reval [")
    assert "3/3" in screen.getvalue() and screen.getvalue().endswith("\n")
    assert pipe.getvalue() == ""
