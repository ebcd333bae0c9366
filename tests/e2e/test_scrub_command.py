"""``pseudogate scrub`` on a 1,000-record file, as a real subprocess.

The fake scrubber (a loopback model server in the test process) reports a name no
detector of the route knows wherever it occurs.  One uninterrupted run and one run that
is killed part-way (``SIGKILL``: the last line may be torn) and then resumed must write
the same bytes; the resumed run sends only the records that were not written.  Checked
against what the test generated: every record is there once, in order; no seeded value
or residual name is anywhere in the output; each finding's placeholder stands at its
position in the sanitised text; lines that are not JSON are refused, not written.  On a
terminal (a pty on standard error) a progress bar is drawn; standard output stays empty.
"""

from __future__ import annotations

import asyncio
import json
import os
import pty
import random
import signal
import sys
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import pytest
from aiohttp.test_utils import TestServer

from tests.e2e.fake_scrubber import Behaviour, FakeScrubber

ROOT = Path(__file__).resolve().parents[2]
AnyServer = Callable[..., Awaitable[TestServer]]
RESIDUAL = "Priya Raman"
SEEDS = ("jane.doe@example.com", "+1 415 555 0132", "DE89 3704 0044 0532 0130 00")
RECORDS = 1000
BROKEN = {17, 404}  # line numbers that are not JSON


@pytest.fixture
async def scrubber(aiohttp_server: AnyServer) -> AsyncIterator[FakeScrubber]:
    """A fake model server that finds the residual name, a little slowly."""
    fake = FakeScrubber(default=Behaviour(finds=[("PERSON", RESIDUAL)], delay=0.002))
    server = await aiohttp_server(fake.app())
    fake.url = str(server.make_url("")).rstrip("/")
    yield fake


def _dataset(path: Path) -> None:
    rng = random.Random(14)
    lines = []
    for number in range(1, RECORDS + 1):
        if number in BROKEN:
            lines.append('{"messages": [')
            continue
        seed = SEEDS[number % len(SEEDS)]
        user = f"Record {number}: write to {seed} about the order."
        if number % 3 == 0:
            user += f" Ask {RESIDUAL} first; {RESIDUAL} knows."
        messages = [{"role": "system", "content": f"You help with ticket {rng.randint(1, 99)}."},
                    {"role": "user", "content": user}]
        if number % 5 == 0:
            echo = f" {RESIDUAL.upper()} will reply." if number % 3 == 0 else ""
            messages.append({"role": "assistant", "content": f"Noted.{echo}"})
        lines.append(json.dumps({"messages": messages}))
        if number == 500:
            lines.append("")  # a blank line is skipped, not a record
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def _config(path: Path, scrubber_url: str) -> None:
    path.write_text(json.dumps({
        "upstreams": {"demo": {"type": "demo"},
                      "local_llm": {"base_url": scrubber_url, "auth": "passthrough"}},
        "detectors": {
            "regex": {"type": "regex"},
            "scrubber": {"type": "llm_scrubber", "options": {
                "upstream": "local_llm", "model": "qwen", "concurrency": 4}},
        },
        "routes": [{"name": "chat", "path": "/v1/chat/completions", "api": "openai_chat",
                    "upstream": "demo", "pipeline": ["regex", "scrubber"]}],
    }), encoding="utf-8")


def _command(tmp_path: Path, out: Path) -> list[str]:
    return [sys.executable, "-m", "proxy.cli", "scrub", "--config", str(tmp_path / "cfg.yaml"),
            "--route", "chat", "--data", str(tmp_path / "in.jsonl"), "--out", str(out)]


async def _run(command: list[str], *, kill_after_lines: int | None = None,
               out: Path | None = None) -> tuple[int, bytes, bytes]:
    """(exit code, stdout, what standard error, a terminal, showed)."""
    leader, follower = pty.openpty()
    process = await asyncio.create_subprocess_exec(
        *command, cwd=ROOT, stdout=asyncio.subprocess.PIPE, stderr=follower,
        env={**os.environ, "PYTHONPATH": str(ROOT)})
    os.close(follower)
    screen = bytearray()
    loop = asyncio.get_running_loop()
    done = asyncio.Event()

    def readable() -> None:
        try:
            chunk = os.read(leader, 65536)
        except OSError:
            chunk = b""
        if chunk:
            screen.extend(chunk)
        else:
            loop.remove_reader(leader)
            done.set()

    loop.add_reader(leader, readable)
    try:
        if kill_after_lines is not None:
            assert out is not None
            deadline = time.monotonic() + 120
            while not (out.exists() and out.read_bytes().count(b"\n") >= kill_after_lines):
                assert process.returncode is None and time.monotonic() < deadline
                await asyncio.sleep(0.005)
            process.send_signal(signal.SIGKILL)
        stdout, _ = await asyncio.wait_for(process.communicate(), 300)
        await asyncio.wait_for(done.wait(), 30)
    finally:
        loop.remove_reader(leader)
        os.close(leader)
    assert process.returncode is not None
    return process.returncode, stdout, bytes(screen)


def _check_output(out: Path) -> None:
    text = out.read_text(encoding="utf-8")
    assert RESIDUAL not in text and RESIDUAL.upper() not in text
    assert not any(seed in text for seed in SEEDS)
    entries = [json.loads(line) for line in text.splitlines()]
    assert [e["line"] for e in entries] == [n for n in range(1, RECORDS + 2) if n != 501]
    scrubbed = 0
    for entry in entries:
        if entry["line"] - (entry["line"] > 500) in BROKEN:
            assert entry["refused"]["code"] == "invalid_json" and "record" not in entry
            continue
        texts = [m["content"] for m in entry["record"]["messages"]]
        for finding in entry["findings"]:
            start, end = finding["start"], finding["end"]
            assert texts[finding["text"]][start:end] == finding["placeholder"]
            scrubbed += finding["detector"] == "scrubber"
            assert finding["detector"] in ("regex", "scrubber")
        labels = {(f["detector"], f["label"]) for f in entry["findings"]}
        number = entry["line"] - (entry["line"] > 500)
        assert (("scrubber", "PERSON") in labels) == (number % 3 == 0)
        assert entry["scrubber"]["calls"] == 1 and entry["scrubber"]["malformed"] == 0
    # Twice per record with the name in the user text, and its upper-case echo (which
    # the scrubber did not report: masked as a repeat of the value it did report).
    expected = sum(2 * (n % 3 == 0) + (n % 15 == 0) for n in range(1, RECORDS + 1)
                   if n not in BROKEN)
    assert scrubbed == expected


async def test_scrub_writes_resumes_and_shows_progress(tmp_path: Path,
                                                        scrubber: FakeScrubber) -> None:
    """Uninterrupted and killed-then-resumed runs write the same, value-free output."""
    _dataset(tmp_path / "in.jsonl")
    _config(tmp_path / "cfg.yaml", scrubber.url)
    whole, parts = tmp_path / "whole.jsonl", tmp_path / "parts.jsonl"

    code, stdout, screen = await _run(_command(tmp_path, whole))
    assert (code, stdout) == (0, b""), screen[-2000:]
    assert b"\rscrub [" in screen and b"1000/1000 100%" in screen
    assert b"records written" in screen and RESIDUAL.encode() not in screen
    _check_output(whole)
    calls_whole = len(scrubber.received)
    assert not any(seed in text for text in scrubber.texts() for seed in SEEDS)

    code, _stdout, screen = await _run(_command(tmp_path, parts), kill_after_lines=300,
                                       out=parts)
    assert code == -signal.SIGKILL
    written = parts.read_bytes().count(b"\n")
    before = len(scrubber.received)
    code, stdout, screen = await _run(_command(tmp_path, parts))
    assert (code, stdout) == (0, b""), screen[-2000:]
    assert f"({written} already done)".encode() in screen
    assert parts.read_bytes() == whole.read_bytes()
    # Only the records not written yet are sent again, never the whole file.
    assert len(scrubber.received) - before <= calls_whole - written + len(BROKEN)


async def test_scrub_refuses_an_output_it_did_not_write(tmp_path: Path,
                                                        scrubber: FakeScrubber) -> None:
    """An --out that is not scrub output is not appended to (exit 2, one line)."""
    _dataset(tmp_path / "in.jsonl")
    _config(tmp_path / "cfg.yaml", scrubber.url)
    out = tmp_path / "notes.jsonl"
    out.write_text("my notes\n", encoding="utf-8")
    code, stdout, screen = await _run(_command(tmp_path, out))
    assert code == 2 and stdout == b"" and b"--restart" in screen
    assert out.read_text(encoding="utf-8") == "my notes\n"
