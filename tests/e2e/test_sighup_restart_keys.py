"""What a SIGHUP cannot change is named, not ignored (#15 reload semantics).

``pseudogate serve`` in a subprocess with an evidence log; the config is edited in a
``server`` key and in ``evidence`` (a rotated key) and the gateway reloaded: the reload
succeeds and ``config.reload_needs_restart`` names both (before the fix a changed
``evidence`` section was ignored without a word, so a rotated key kept signing with
the old one).
"""

from __future__ import annotations

import json
import signal
from pathlib import Path

from proxy.cli import main
from tests.e2e.fake_upstream import FakeUpstream
from tests.e2e.serve_process import start_serve


async def test_a_reload_names_the_keys_that_need_a_restart(
    fake: FakeUpstream, tmp_path: Path
) -> None:
    """server.max_body_bytes and evidence changed: reloaded, both named."""
    for name in ("k1", "k2"):
        assert main(["evidence", "keygen", str(tmp_path / f"{name}.pem"),
                     str(tmp_path / f"{name}.pub")]) == 0
    config: dict[str, object] = {
        "upstreams": {"fake": {"base_url": fake.url, "auth": "passthrough"}},
        "routes": [{"path": "/v1/chat/completions", "api": "openai_chat",
                    "upstream": "fake"}],
        "evidence": {"path": str(tmp_path / "ev.jsonl"), "key_file": str(tmp_path / "k1.pem"),
                     "key_id": "k1"},
    }
    server = await start_serve(config, tmp_path)
    try:
        await server.wait_for("ready")
        path = tmp_path / "gateway.yaml"
        data = json.loads(path.read_text())
        data["server"]["max_body_bytes"] = 1234
        data["evidence"] = {**data["evidence"], "key_file": str(tmp_path / "k2.pem"),
                            "key_id": "k2"}
        path.write_text(json.dumps(data), encoding="utf-8")
        server.process.send_signal(signal.SIGHUP)
        line = await server.wait_for("config.reload_needs_restart")
        assert line["keys"] == ["server.max_body_bytes", "evidence"]
        assert (await server.wait_for("config.reloaded"))["outcome"] == "reloaded"
        assert await server.close() == 0
    finally:
        server.kill()
        await server.process.wait()
