"""The signed evidence log, written by the real server and checked by ``evidence verify``.

Calls go through the gateway (streamed, whole, refused) with the evidence log on; the
file is then verified with the CLI.  Oracles independent of the product: the
``forwarded_sha256`` of each record is the SHA-256 of the bytes the fake upstream
received, its ``placeholders`` are those found in that body, and no seeded value
appears anywhere in the file.  Tampering with any record, deleting any record but the
last, or swapping any two neighbours is reported at exactly that record.  A restart
with a rotated key continues the same chain; verification needs both key ids.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from aiohttp.test_utils import TestServer
from structlog.testing import capture_logs

from proxy.app import create_app
from proxy.cli import main
from proxy.config import parse_config
from proxy.evidence import load_public_key, verify
from tests.e2e.conftest import PROMPT, SEED_FORMS, config_data
from tests.e2e.fake_upstream import FakeUpstream, Reply

AnyServer = Callable[..., Awaitable[TestServer]]
_PLACEHOLDER = re.compile(r"\[[A-Z][A-Z0-9_]*_[0-9]+\]")
OPENAI_BODY = {"model": "gpt-4o", "stream": True,
               "messages": [{"role": "user", "content": PROMPT}]}
ANTHROPIC_BODY = {"model": "claude-x", "max_tokens": 64,
                  "messages": [{"role": "user", "content": f"again: {PROMPT}"}]}


def _keys(directory: Path, name: str) -> tuple[Path, Path]:
    private, public = directory / f"{name}.pem", directory / f"{name}.pub"
    assert main(["evidence", "keygen", str(private), str(public)]) == 0
    return private, public


async def _serve(aiohttp_server: AnyServer, fake: FakeUpstream, log: Path, key: Path,
                 key_id: str) -> tuple[str, TestServer]:
    data = config_data(fake.url)
    data["evidence"] = {"path": str(log), "key_file": str(key), "key_id": key_id}
    config = parse_config(data, source="<evidence>", base_dir=Path.cwd(), environ={})
    server = await aiohttp_server(create_app(config))
    return str(server.make_url("")).rstrip("/"), server


async def _calls(url: str, fake: FakeUpstream) -> None:
    fake.script.append(Reply.recorded("openai_chat_stream_text.sse"))
    fake.script.append(Reply.recorded("anthropic_messages_nonstream_text_after_tool_results"
                                      ".response.json"))
    async with aiohttp.ClientSession() as session:
        async with session.post(f"{url}/v1/chat/completions", json=OPENAI_BODY) as response:
            assert response.status == 200
            await response.read()
        async with session.post(f"{url}/v1/messages", json=ANTHROPIC_BODY,
                                headers={"anthropic-version": "2023-06-01"}) as response:
            assert response.status == 200
        async with session.post(f"{url}/masked/v1/chat/completions", json=OPENAI_BODY,
                                headers={"Authorization": "Bearer wrong"}) as response:
            assert response.status == 401


def _lines(log: Path) -> list[bytes]:
    return log.read_bytes().splitlines()


@pytest.fixture
async def written(aiohttp_server: AnyServer, fake: FakeUpstream, tmp_path: Path
                  ) -> tuple[Path, Path, FakeUpstream]:
    """(log, public key, fake) after three calls through a gateway with evidence on."""
    private, public = _keys(tmp_path, "k1")
    log = tmp_path / "evidence" / "calls.jsonl"
    url, server = await _serve(aiohttp_server, fake, log, private, "k1")
    await _calls(url, fake)
    await server.close()
    return log, public, fake


async def test_records_hold_hashes_and_placeholders_only(
    written: tuple[Path, Path, FakeUpstream], capsys: pytest.CaptureFixture[str]
) -> None:
    """Each call is one record; hashes and placeholders match what the upstream got."""
    log, public, fake = written
    assert main(["evidence", "verify", str(log), "--public-key", str(public)]) == 0
    assert "ok, 3 records verified" in capsys.readouterr().out
    records = [json.loads(line) for line in _lines(log)]
    assert [(r["seq"], r["route"], r["status"], r["outcome"]) for r in records] == [
        (1, "openai", 200, "ok"), (2, "anthropic", 200, "ok"), (3, "masked", 401, "bad_request")]
    for record, received in zip(records[:2], fake.received, strict=True):
        assert record["forwarded_sha256"] == hashlib.sha256(received.body).hexdigest()
        assert record["placeholders"] == sorted(set(_PLACEHOLDER.findall(
            received.body.decode())))
        assert record["detectors"] == ["regex"] and record["upstream"] == "fake"
        assert record["fired"]["regex"]["EMAIL"] == 1 and record["key_id"] == "k1"
    sent = json.dumps(OPENAI_BODY, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    assert records[0]["received_sha256"] == hashlib.sha256(sent.encode()).hexdigest()
    assert records[2]["code"] == "invalid_api_key" and records[2]["forwarded_sha256"] is None
    text = log.read_text(encoding="utf-8")
    assert not any(seed in text for seed in SEED_FORMS)


def _write(log: Path, lines: list[bytes]) -> None:
    log.write_bytes(b"".join(line + b"\n" for line in lines))


def _first_broken(log: Path, public: Path) -> tuple[int, str]:
    _count, broken = verify(log, {None: load_public_key(public)})
    assert broken is not None
    return broken.line, broken.reason


def test_tampering_deleting_and_reordering_are_found_where_they_happen(
    written: tuple[Path, Path, FakeUpstream]
) -> None:
    """Any record edited, any record but the last deleted, any two swapped: found there."""
    log, public, _fake = written
    original = _lines(log)
    for index, line in enumerate(original):
        record: dict[str, Any] = json.loads(line)
        for field, new in (("status", 599), ("placeholders", ["[EMAIL_9]"]), ("seq", 7)):
            edited = dict(record, **{field: new})
            forged = json.dumps(edited, sort_keys=True, separators=(",", ":")).encode()
            _write(log, [*original[:index], forged, *original[index + 1:]])
            assert _first_broken(log, public) == (index + 1, "signature does not match the "
                                                             "record")
        if index < len(original) - 1:
            _write(log, [*original[:index], *original[index + 1:]])
            where, reason = _first_broken(log, public)
            assert where == index + 1 and reason.startswith("chain broken")
            swapped = list(original)
            swapped[index], swapped[index + 1] = swapped[index + 1], swapped[index]
            _write(log, swapped)
            where, reason = _first_broken(log, public)
            assert where == index + 1 and reason.startswith("chain broken")
    _write(log, original)
    assert verify(log, {None: load_public_key(public)}) == (3, None)


async def test_rotated_key_continues_the_chain(
    written: tuple[Path, Path, FakeUpstream], aiohttp_server: AnyServer, tmp_path: Path,
    capsys: pytest.CaptureFixture[str]
) -> None:
    """A restart with key id k2 appends to the same chain; verifying needs both ids."""
    log, public1, fake = written
    private2, public2 = _keys(tmp_path, "k2")
    url, server = await _serve(aiohttp_server, fake, log, private2, "k2")
    await _calls(url, fake)
    await server.close()
    assert main(["evidence", "verify", str(log), "--public-key", f"k1={public1}",
                 "--public-key", f"k2={public2}"]) == 0
    assert "ok, 6 records verified" in capsys.readouterr().out
    assert main(["evidence", "verify", str(log), "--public-key", f"k1={public1}"]) == 1
    out = capsys.readouterr().out
    assert "line 4 (seq 4)" in out and "no public key for key id 'k2'" in out


async def test_a_value_in_the_model_field_reaches_neither_log_nor_evidence(
    aiohttp_server: AnyServer, fake: FakeUpstream, tmp_path: Path
) -> None:
    """``model`` is structure forwarded unchanged (#10): an e-mail there fits the model
    grammar, so the check detectors refuse the request (400 naming ``model``), nothing
    is forwarded, and the access line and the evidence record name no model rather than
    the raw value; a plain model name is forwarded and recorded."""
    private, _public = _keys(tmp_path, "k1")
    log = tmp_path / "calls.jsonl"
    url, server = await _serve(aiohttp_server, fake, log, private, "k1")
    seeded = SEED_FORMS[0]
    assert "@" in seeded
    statuses: list[int] = []
    with capture_logs() as logs:
        async with aiohttp.ClientSession() as session:
            fake.script.append(Reply.recorded("openai_chat_stream_text.sse"))
            for model in (seeded, "gpt-4o"):
                async with session.post(f"{url}/v1/chat/completions",
                                        json={**OPENAI_BODY, "model": model}) as response:
                    statuses.append(response.status)
                    body = await response.text()
                    if response.status == 400:
                        assert "model" in body and seeded not in body
    await server.close()
    assert statuses == [400, 200]
    assert [received.json()["model"] for received in fake.received] == ["gpt-4o"]
    access = [entry for entry in logs if entry["event"] == "request"]
    assert [entry["model"] for entry in access] == [None, "gpt-4o"]
    records = [json.loads(line) for line in _lines(log)]
    assert [record["model"] for record in records][-1] == "gpt-4o"
    assert all(record["model"] in (None, "gpt-4o") for record in records)
    assert seeded not in json.dumps(logs, default=str)
    assert seeded.encode() not in log.read_bytes()
