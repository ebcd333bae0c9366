"""Options of the ``llm_scrubber`` detector: defaults, every bad option, the docs table."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from detectors.llm_scrubber import LlmScrubber, create
from detectors.llm_scrubber_options import DEFAULT_LABELS, OPTION_KEYS, parse_options
from pipelines.errors import ConfigError
from pipelines.spans import DetectorContext

_ROOT = Path(__file__).resolve().parents[3]
_PATH = "detectors.scrubber.options"


def _context(tmp_path: Path | None = None) -> DetectorContext:
    return DetectorContext("scrubber", "cfg.yaml", _PATH, tmp_path or Path.cwd())


def test_defaults() -> None:
    """Only upstream and model are required; everything else has a documented default."""
    options = parse_options({"upstream": "local", "model": "qwen"}, _context())
    assert options.labels == DEFAULT_LABELS and options.response_format == "json_schema"
    assert (options.concurrency, options.queue_size, options.sample_rate) == (2, 256, 1.0)
    assert options.audit and options.remember and options.review_file is None
    assert options.hash_key is None and options.rate_for("any") == 1.0
    detector = create({"upstream": "local", "model": "qwen"}, _context())
    assert isinstance(detector, LlmScrubber) and detector.name == "scrubber"
    assert detector.labels == frozenset(DEFAULT_LABELS) and len(detector.hash_key) == 32


@pytest.mark.parametrize(("options", "path"), [
    ({}, "upstream"),
    ({"upstream": "local"}, "model"),
    ({"upstream": "local", "model": ""}, "model"),
    ({"upstream": "bad name", "model": "m"}, "upstream"),
    ({"upstream": "local", "model": "m", "colour": "red"}, "colour"),
    ({"upstream": "local", "model": "m", "labels": []}, "labels"),
    ({"upstream": "local", "model": "m", "labels": ["person"]}, "labels[0]"),
    ({"upstream": "local", "model": "m", "labels": ["PERSON", "PERSON"]}, "labels"),
    ({"upstream": "local", "model": "m", "prompt": "find {things}"}, "prompt"),
    ({"upstream": "local", "model": "m", "prompt": "unpaired {"}, "prompt"),
    ({"upstream": "local", "model": "m", "prompt": "  "}, "prompt"),
    ({"upstream": "local", "model": "m", "response_format": "xml"}, "response_format"),
    ({"upstream": "local", "model": "m", "timeout_s": 0}, "timeout_s"),
    ({"upstream": "local", "model": "m", "timeout_s": "5"}, "timeout_s"),
    ({"upstream": "local", "model": "m", "concurrency": 0}, "concurrency"),
    ({"upstream": "local", "model": "m", "concurrency": True}, "concurrency"),
    ({"upstream": "local", "model": "m", "queue_size": 0}, "queue_size"),
    ({"upstream": "local", "model": "m", "max_chars": 10}, "max_chars"),
    ({"upstream": "local", "model": "m", "max_tokens": 1}, "max_tokens"),
    ({"upstream": "local", "model": "m", "temperature": -1}, "temperature"),
    ({"upstream": "local", "model": "m", "sample_rate": 1.5}, "sample_rate"),
    ({"upstream": "local", "model": "m", "sample_rates": [1]}, "sample_rates"),
    ({"upstream": "local", "model": "m", "sample_rates": {"chat": 2}}, "sample_rates.chat"),
    ({"upstream": "local", "model": "m", "recent_texts": -1}, "recent_texts"),
    ({"upstream": "local", "model": "m", "audit": "yes"}, "audit"),
    ({"upstream": "local", "model": "m", "remember": 1}, "remember"),
    ({"upstream": "local", "model": "m", "hash_key": "short"}, "hash_key"),
    ({"upstream": "local", "model": "m", "review_file": "/no/such/dir/review.jsonl"},
     "review_file"),
])
def test_bad_option_names_its_path(options: dict[str, Any], path: str) -> None:
    """Each bad option is a ConfigError naming the file, the detector and the dotted path."""
    with pytest.raises(ConfigError) as caught:
        parse_options(options, _context())
    assert caught.value.path == f"{_PATH}.{path}"
    assert caught.value.source == "cfg.yaml" and "'scrubber'" in caught.value.message


def test_secret_and_prompt_never_in_the_message() -> None:
    """A rejected hash_key or prompt is not quoted back."""
    for options in ({"hash_key": "tiny-secret"}, {"prompt": "Acme's {secret_field}"}):
        with pytest.raises(ConfigError) as caught:
            parse_options({"upstream": "local", "model": "m", **options}, _context())
        assert "tiny-secret" not in str(caught.value) and "Acme" not in str(caught.value)


def test_review_file_resolves_against_the_config_directory(tmp_path: Path) -> None:
    """A relative review_file is relative to the config file's directory."""
    options = parse_options({"upstream": "local", "model": "m", "review_file": "r.jsonl",
                             "sample_rates": {"chat": 0.25}, "sample_rate": 0.5},
                            _context(tmp_path))
    assert options.review_file == tmp_path / "r.jsonl"
    assert (options.rate_for("chat"), options.rate_for("other")) == (0.25, 0.5)


def test_every_option_is_documented() -> None:
    """docs/configuration.md's ``type: llm_scrubber`` table lists exactly OPTION_KEYS."""
    doc = (_ROOT / "docs" / "configuration.md").read_text(encoding="utf-8")
    section = doc.split("### `type: llm_scrubber` options", 1)[1].split("\n#", 1)[0]
    documented = set(re.findall(r"^\| `([^`]+)` \|", section, flags=re.MULTILINE))
    assert documented == set(OPTION_KEYS)
