"""The gateway side of the scrubber: config checks across sections, the review file."""

from __future__ import annotations

import stat
from pathlib import Path
from typing import Any

import pytest

from pipelines.errors import ConfigError
from proxy.commands.check import check_config
from proxy.config import parse_config
from proxy.metrics import Metrics
from proxy.runtime import Generation
from proxy.scrubber import ReviewFile, findings_digest


def _data(**options: Any) -> dict[str, Any]:
    return {
        "upstreams": {"demo": {"type": "demo"}},
        "detectors": {"regex": {"type": "regex"}, "scrubber": {
            "type": "llm_scrubber", "options": {"upstream": "demo", "model": "m", **options}}},
        "routes": [{"name": "chat", "path": "/v1/chat/completions", "api": "openai_chat",
                    "upstream": "demo", "pipeline": ["scrubber", "regex"]}],
    }


@pytest.mark.parametrize(("data", "path"), [
    (_data(upstream="nowhere"), "detectors.scrubber.options.upstream"),
    (_data(sample_rates={"chat": 1, "chta": 0.5}), "detectors.scrubber.options.sample_rates.chta"),
    ({**_data(), "routes": [{**_data()["routes"][0], "fail_open": ["scrubber"]}]},
     "routes[0].fail_open[0]"),
    ({**_data(), "routes": [{**_data()["routes"][0], "check_detectors": ["regex", "scrubber"]}]},
     "routes[0].check_detectors[1]"),
])
def test_cross_section_mistakes_are_config_errors(data: dict[str, Any], path: str) -> None:
    """An unknown upstream or route, a fail-open or checking scrubber stops the build, named."""
    config = parse_config(data, source="cfg.yaml", base_dir=Path.cwd(), environ={})
    with pytest.raises(ConfigError) as caught:
        Generation.build(config, Metrics())
    assert caught.value.path == path and caught.value.source == "cfg.yaml"


async def test_check_config_reports_them_too(tmp_path: Path) -> None:
    """check-config lists the same problem with its path."""
    import json

    file = tmp_path / "cfg.yaml"
    file.write_text(json.dumps(_data(upstream="nowhere")), encoding="utf-8")
    errors, _warnings, _summary = await check_config(file)
    assert [e.path for e in errors] == ["detectors.scrubber.options.upstream"]


def test_the_chain_runs_without_the_scrubber() -> None:
    """A scrubber listed first is still not part of the route's chain."""
    config = parse_config(_data(), source="cfg.yaml", base_dir=Path.cwd(), environ={})
    generation = Generation.build(config, Metrics())
    chain, _policy = generation.compiled["/v1/chat/completions"]
    assert [d.name for d in chain.detectors] == ["regex"]


def test_review_file_is_private_and_writes_each_value_once(tmp_path: Path) -> None:
    """Mode 0600 (also when the file was wider), one line per new (label, value)."""
    path = tmp_path / "review.jsonl"
    path.write_text("", encoding="utf-8")
    path.chmod(0o644)
    review = ReviewFile(path)
    key = b"k" * 32
    entry = ("chat", "scrubber", "PERSON", "Ann Lee", findings_digest(key, "Ann Lee"))
    assert review.add([entry, entry]) == 1
    assert review.add([entry, ("chat", "scrubber", "PERSON", "Bo", findings_digest(key, "Bo"))]
                      ) == 1
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert path.read_text(encoding="utf-8").count("\n") == 2
