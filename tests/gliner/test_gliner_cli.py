"""The CLI with GLiNER loaded: standard output carries only the command's output.

gliner, transformers and the detector log while a model loads; those lines belong on
standard error.  Captured at the file-descriptor level (``capfd``), so a write that
bypasses ``sys.stdout`` would show too.  A detector that fails at run time makes
``scan`` exit 2 with one line (1 means "found something").
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from proxy.cli import main

TEXT = "Anna Schmidt from Example Corp moved to Berlin last May; mail anna@example.com.\n"


def _config(tmp_path: Path, tiny_model: Path, timeout_s: float = 30.0) -> Path:
    path = tmp_path / "gliner.yaml"
    path.write_text(json.dumps({
        "upstreams": {"demo": {"type": "demo"}},
        "detectors": {"ner": {"type": "gliner", "timeout_s": timeout_s,
                              "options": {"model": str(tiny_model), "torch_threads": 1}},
                      "regex": {"type": "regex"}},
        "routes": [{"name": "scan", "path": "/scan", "api": "openai_chat",
                    "upstream": "demo", "pipeline": ["ner", "regex"]}],
    }), encoding="utf-8")
    (tmp_path / "in.txt").write_text(TEXT, encoding="utf-8")
    return path


def test_scan_output_is_clean(tmp_path: Path, tiny_model: Path,
                              capfd: pytest.CaptureFixture[str]) -> None:
    """stdout: the sanitised text, then the findings table; the model's logs go to stderr."""
    config = _config(tmp_path, tiny_model)
    assert main(["scan", "--config", str(config), str(tmp_path / "in.txt")]) == 1
    out, err = capfd.readouterr()
    lines = out.splitlines()
    assert "anna@example.com" not in lines[0] and "[EMAIL_1]" in lines[0]
    assert lines[1] == "" and lines[2].endswith("(route scan)")
    assert lines[3].split() == ["LABEL", "DETECTOR", "PLACEHOLDER", "AT"]
    for row in lines[4:]:
        label, detector, placeholder, at = row.split()
        assert placeholder == f"[{placeholder[1:-1]}]" and placeholder[1:].startswith(label)
        assert detector in ("ner", "regex", "(repeat)") and "-" in at
    assert "gliner_ready" in err


def test_eval_json_is_parseable(tmp_path: Path, tiny_model: Path,
                                capfd: pytest.CaptureFixture[str]) -> None:
    """``eval --json`` to stdout is one JSON document, whatever the model logged."""
    config = _config(tmp_path, tiny_model)
    assert main(["eval", "--config", str(config), "--limit", "4", "--json"]) == 0
    out, err = capfd.readouterr()
    document = json.loads(out)
    assert "structured_leak_rate" in document
    assert "gliner_ready" in err


def test_scan_detector_failure_exits_two(tmp_path: Path, tiny_model: Path,
                                         capfd: pytest.CaptureFixture[str]) -> None:
    """A detector that times out: exit 2, one line on stderr, nothing on stdout."""
    config = _config(tmp_path, tiny_model, timeout_s=0.001)
    assert main(["scan", "--config", str(config), str(tmp_path / "in.txt")]) == 2
    out, err = capfd.readouterr()
    assert out == ""
    plain = [line for line in err.splitlines() if line.startswith("pseudogate:")]
    assert plain == ["pseudogate: detector 'ner': no answer within 0.001 s"]
    assert "Traceback" not in err and "Anna" not in err
