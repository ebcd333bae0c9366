"""Validation of the ``type: gliner`` options, and installability without the extra.

Building a detector must be cheap and must not import torch or gliner: options are
checked, a relative model path is resolved against the config file's directory, and a
missing ``[ner]`` extra is a ConfigError that says what to install.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from detectors.gliner import GlinerDetector, create
from detectors.gliner_options import DEFAULT_LABELS, parse_options
from pipelines.errors import ConfigError
from pipelines.spans import Detector, DetectorContext

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def model_dir(tmp_path: Path) -> Path:
    """A directory standing in for a local model (validation only checks it exists)."""
    folder = tmp_path / "models" / "tiny"
    folder.mkdir(parents=True)
    (folder / "model.onnx").write_bytes(b"")
    return folder


def _context(base: Path) -> DetectorContext:
    return DetectorContext(name="ner", source="cfg.yaml", path="detectors.ner.options",
                           base_dir=base)


def test_defaults_with_a_relative_model_path(model_dir: Path, tmp_path: Path) -> None:
    """A relative path resolves against the config directory; defaults are sensible."""
    opts = parse_options({"model": "models/tiny"}, _context(tmp_path))
    assert opts.model == str(model_dir.resolve()) and opts.model_is_local
    assert dict(opts.labels) == dict(DEFAULT_LABELS)
    assert set(opts.thresholds.values()) == {0.5}
    assert (opts.backend, opts.threads, opts.device, opts.allow_download) == (
        "torch", 1, "cpu", False)
    assert opts.overlap_words < opts.window_words


def test_full_options(model_dir: Path) -> None:
    """Every option is accepted in range, per-label thresholds override the global one."""
    opts = parse_options(
        {
            "model": str(model_dir),
            "labels": {"person": "PERSON", "full name": "PERSON", "company": "ORGANIZATION"},
            "threshold": 0.4,
            "thresholds": {"PERSON": 0.7},
            "backend": "onnx",
            "onnx_file": "model.onnx",
            "threads": 2,
            "torch_threads": 3,
            "queue_size": 5,
            "window_words": 100,
            "overlap_words": 20,
            "batch_size": 4,
            "device": "cpu",
            "allow_download": False,
        },
        _context(model_dir),
    )
    assert dict(opts.thresholds) == {"ORGANIZATION": 0.4, "PERSON": 0.7}
    assert opts.min_threshold == 0.4
    assert (opts.backend, opts.threads, opts.torch_threads, opts.queue_size) == ("onnx", 2, 3, 5)


def test_hub_id_is_kept_as_is(tmp_path: Path) -> None:
    """A name that is not a local directory but looks like owner/name is a hub id."""
    opts = parse_options({"model": "urchade/gliner_multi_pii-v1"}, _context(tmp_path))
    assert opts.model == "urchade/gliner_multi_pii-v1" and not opts.model_is_local


BAD = [
    ({}, "model", "directory or a Hugging Face hub id"),
    ({"model": 3}, "model", "hub id"),
    ({"model": "./missing"}, "model", "existing directory"),
    ({"model": "/no/such/dir"}, "model", "existing directory"),
    ({"model": "not a hub id"}, "model", "owner/name"),
    ({"model": "M", "colour": 1}, "colour", "one of"),
    ({"model": "M", "labels": {}}, "labels", "non-empty mapping"),
    ({"model": "M", "labels": ["person"]}, "labels", "non-empty mapping"),
    ({"model": "M", "labels": {"person": "person"}}, "labels.person", "[A-Z]"),
    ({"model": "M", "labels": {"": "PERSON"}}, "labels", "non-empty prompts"),
    ({"model": "M", "threshold": 0}, "threshold", "greater than 0"),
    ({"model": "M", "threshold": 1.5}, "threshold", "at most 1"),
    ({"model": "M", "threshold": True}, "threshold", "number"),
    ({"model": "M", "thresholds": {"EMAIL": 0.5}}, "thresholds.EMAIL", "one of"),
    ({"model": "M", "thresholds": {"PERSON": "high"}}, "thresholds.PERSON", "number"),
    ({"model": "M", "thresholds": [0.5]}, "thresholds", "mapping"),
    ({"model": "M", "backend": "tensorflow"}, "backend", "torch or onnx"),
    ({"model": "M", "onnx_file": "model.onnx"}, "onnx_file", "backend: onnx"),
    ({"model": "M", "backend": "onnx", "onnx_file": "../x.onnx"}, "onnx_file", ".onnx"),
    ({"model": "M", "backend": "onnx", "onnx_file": "other.onnx"}, "onnx_file", "export"),
    ({"model": "M", "backend": "onnx", "device": "cuda"}, "device", "cpu"),
    ({"model": "M", "device": "tpu"}, "device", "cuda:N"),
    ({"model": "M", "threads": 0}, "threads", "from 1"),
    ({"model": "M", "threads": "2"}, "threads", "integer"),
    ({"model": "M", "threads": True}, "threads", "integer"),
    ({"model": "M", "queue_size": -1}, "queue_size", "from 1"),
    ({"model": "M", "window_words": 8}, "window_words", "from 16"),
    ({"model": "M", "window_words": 40, "overlap_words": 21}, "overlap_words", "to 20"),
    ({"model": "M", "batch_size": 0}, "batch_size", "from 1"),
    ({"model": "M", "allow_download": "yes"}, "allow_download", "true or false"),
]


@pytest.mark.parametrize(("options", "path", "expected"), BAD)
def test_bad_options_name_the_path_and_what_was_expected(
    options: dict[str, object], path: str, expected: str, model_dir: Path
) -> None:
    """Each bad option is a ConfigError naming the file, the dotted path and the fix."""
    if options.get("model") == "M":
        options = {**options, "model": str(model_dir)}
    with pytest.raises(ConfigError) as info:
        parse_options(options, _context(model_dir.parent))
    err = info.value
    assert err.source == "cfg.yaml"
    assert err.path == f"detectors.ner.options.{path}"
    assert expected in str(err)
    assert "ner" in str(err)


@pytest.mark.parametrize("module", ["gliner", "torch"])
def test_missing_extra_is_a_config_error_naming_the_extra(
    module: str, model_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without gliner/torch installed, a gliner config says which extra to install."""
    monkeypatch.setitem(sys.modules, module, None)  # how Python spells "not importable"
    with pytest.raises(ConfigError, match=r"pip install 'pseudogate\[ner\]'") as info:
        create({"model": str(model_dir)}, _context(model_dir))
    assert module in str(info.value)


def test_onnx_backend_needs_onnxruntime(model_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The torch backend does not need onnxruntime; the onnx backend does."""
    monkeypatch.setitem(sys.modules, "onnxruntime", None)
    create({"model": str(model_dir)}, _context(model_dir))
    with pytest.raises(ConfigError, match="onnxruntime"):
        create({"model": str(model_dir), "backend": "onnx"}, _context(model_dir))


def test_create_builds_an_idle_detector(model_dir: Path) -> None:
    """The factory returns a Detector with the mapped labels that is not ready yet."""
    detector = create({"model": str(model_dir)}, _context(model_dir))
    assert isinstance(detector, GlinerDetector) and isinstance(detector, Detector)
    assert detector.name == "ner"
    assert detector.labels == frozenset({"PERSON", "ORGANIZATION", "LOCATION", "ADDRESS"})
    assert not detector.ready and detector.in_flight == 0


def test_create_imports_no_ml_stack(model_dir: Path) -> None:
    """Validating and building a detector never imports torch, gliner or transformers."""
    probe = (
        "import sys\nfrom pathlib import Path\nfrom detectors.gliner import create\n"
        "from pipelines.spans import DetectorContext\n"
        f"create({{'model': {str(model_dir)!r}}}, DetectorContext(name='n'))\n"
        "print(sorted({'torch', 'gliner', 'transformers', 'onnxruntime'} & set(sys.modules)))\n"
    )
    out = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True,
                         text=True, timeout=60, check=True)
    assert out.stdout.strip() == "[]"
