"""The entity-list watcher in production: warnings, backoff, literals built at reload.

* a list that loads but is probably wrong (empty, ``;``-delimited CSV, one-character
  values, common words) is a warning naming file, kind and count, never a value;
* a file that fails to reload is not parsed again until it changes, and then only
  after a pause that doubles (the old watcher re-parsed it every second forever);
* through a running :class:`~proxy.runtime.Generation`: a reload recompiles the
  route's egress literals on the reloading thread (the first request after it finds
  them built) and updates the list metrics.
"""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest
from structlog.testing import capture_logs

import detectors.known_entities as known_entities
from detectors.known_entities import create
from pipelines.spans import DetectorContext
from pipelines.vault import Vault
from proxy.config import parse_config
from proxy.metrics import Metrics
from proxy.runtime import Generation
from proxy.shapes import filter_whole


async def test_suspicious_lists_are_warned_about_without_values(tmp_path: Path) -> None:
    """Empty file, ';' CSV, one-character and stop-word values: one warning each."""
    (tmp_path / "empty.txt").write_text("# nothing yet\n", encoding="utf-8")
    (tmp_path / "semi.csv").write_text("Jane Doe;PERSON\nJohn Roe;PERSON\n", encoding="utf-8")
    (tmp_path / "words.txt").write_text("Quentin Marsh\nthe\nX\nund\n", encoding="utf-8")
    detector = create({"files": ["empty.txt", "semi.csv", "words.txt"], "reload": False},
                      DetectorContext(name="people", base_dir=tmp_path))
    with capture_logs() as logs:
        await detector.start()
    warnings = [(e["file"].rsplit("/", 1)[-1], e["kind"], e["count"]) for e in logs
                if e["event"] == "known_entities.list_warning"]
    assert sorted(warnings) == [("empty.txt", "empty", 0), ("semi.csv", "semicolon_csv", 2),
                                ("words.txt", "one_character", 1),
                                ("words.txt", "stop_word", 2)]
    text = repr(logs)
    assert "Jane" not in text and "Quentin" not in text and "'the'" not in text
    await detector.aclose()


async def test_a_failed_reload_backs_off(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                         ) -> None:
    """An unchanged bad file is parsed once; a changed bad one after a doubling pause."""
    monkeypatch.setattr(known_entities, "_POLL_INTERVAL_S", 0.01)
    path = tmp_path / "people.csv"
    path.write_text("value,label\nAnna Berg,PERSON\n", encoding="utf-8")
    detector = create({"files": ["people.csv"]}, DetectorContext(name="p", base_dir=tmp_path))
    await detector.start()
    with capture_logs() as logs:
        path.write_text("value,label\nAnna Berg,not a label\n", encoding="utf-8")
        os.utime(path, (1_000_000, 1_000_000))
        await asyncio.sleep(0.4)  # 40 polls
        failures = [e for e in logs if e["event"] == "known_entities.reload_failed"]
        assert len(failures) == 1
        os.utime(path, (2_000_000, 2_000_000))  # changed again, still bad
        await asyncio.sleep(0.4)
        assert len([e for e in logs if e["event"] == "known_entities.reload_failed"]) == 2
        path.write_text("value,label\nAnna Berg,PERSON\nBo Lind,PERSON\n", encoding="utf-8")
        os.utime(path, (3_000_000, 3_000_000))
        for _ in range(100):
            if detector.entry_count == 2:
                break
            await asyncio.sleep(0.02)
    assert detector.entry_count == 2
    await detector.aclose()


async def test_reload_rebuilds_egress_literals_before_the_next_request(tmp_path: Path
                                                                       ) -> None:
    """After a list reload the route policy is already compiled for the new list."""
    path = tmp_path / "people.csv"
    path.write_text("value,label\nAnna Berg,PERSON\n", encoding="utf-8")
    config = parse_config({
        "upstreams": {"demo": {"type": "demo"}},
        "detectors": {"people": {"type": "known_entities",
                                 "options": {"files": ["people.csv"], "reload": False}}},
        "routes": [{"name": "r", "path": "/r", "api": "openai_chat", "upstream": "demo",
                    "pipeline": ["people"], "response": {"relink": False}}],
    }, source="<t>", base_dir=tmp_path, environ={})
    metrics = Metrics()
    generation = Generation.build(config, metrics)
    await generation.start()
    try:
        detector = generation.detectors["people"]
        _chain, policy = generation.compiled["/r"]
        path.write_text("value,label\nAnna Berg,PERSON\nBo Lind,PERSON\n", encoding="utf-8")
        assert await detector.areload()  # type: ignore[attr-defined]
        values = detector.values_by_label()  # type: ignore[attr-defined]
        key, _compiled = policy._current  # type: ignore[attr-defined]
        assert key == (id(values),)  # compiled on the reloading thread, not on a request
        factory = policy.factory_for(Vault())
        assert filter_whole(factory, "ask Bo Lind") == "ask [REDACTED:PERSON]"
        assert metrics.list_reloads.labels("people", "reloaded")._value.get() == 1
        assert metrics.list_entries.labels("people")._value.get() == 2
    finally:
        await generation.aclose()
