"""A real ``pseudogate serve`` subprocess on a free loopback port, and its JSON log.

:func:`start_serve` writes a config, starts ``python -m proxy.cli serve`` with JSON logs
on standard error and returns a :class:`Server` that collects the log lines as they
come, so a test can wait for an event (``listening``, ``ready``, ``config.reloaded``...).
:func:`gated_plugin` writes a throwaway detector plugin (a module and its
``*.dist-info`` with the entry point, found through ``PYTHONPATH``) whose ``start``
waits until a gate file exists: a detector that takes as long to load as the test
wants, with no model.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
STARTUP_S = 60.0  # a cold interpreter on a busy 2-core machine
EVENT_S = 30.0


def free_port() -> int:
    """A port nothing listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Server:
    """The gateway subprocess and the JSON log lines it has written so far."""

    def __init__(self, process: asyncio.subprocess.Process, url: str) -> None:
        self.process = process
        self.url = url
        self.lines: list[dict[str, object]] = []
        self.raw: list[str] = []
        self._new = asyncio.Condition()
        self._reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        assert self.process.stderr is not None
        async for raw in self.process.stderr:
            text = raw.decode("utf-8", "replace").strip()
            async with self._new:
                self.raw.append(text)
                try:
                    line = json.loads(text)
                except ValueError:
                    line = None
                if isinstance(line, dict):
                    self.lines.append(line)
                self._new.notify_all()

    def events(self, event: str) -> list[dict[str, object]]:
        """Every log line with this event so far."""
        return [line for line in self.lines if line.get("event") == event]

    async def wait_for(self, event: str, count: int = 1) -> dict[str, object]:
        """The ``count``-th log line with this event (waits for it)."""
        async with asyncio.timeout(EVENT_S if self.lines else STARTUP_S), self._new:
            await self._new.wait_for(
                lambda: len(self.events(event)) >= count or self._reader.done())
        found = self.events(event)
        assert len(found) >= count, f"no {event!r} log line; stderr: {self.raw[-8:]}"
        return found[count - 1]

    async def exit_code(self) -> int:
        """Wait for the process to end by itself."""
        async with asyncio.timeout(STARTUP_S):
            code = await self.process.wait()
            await self._reader
        return code

    async def close(self) -> int:
        """SIGTERM, then the exit code."""
        if self.process.returncode is None:
            self.process.send_signal(signal.SIGTERM)
        async with asyncio.timeout(EVENT_S):
            code = await self.process.wait()
            await self._reader
        return code

    def kill(self) -> None:
        """Make sure the process is gone (fixture teardown)."""
        if self.process.returncode is None:
            self.process.kill()


async def start_serve(config: dict[str, object], directory: Path, *, port: int | None = None,
                      pythonpath: tuple[Path, ...] = ()) -> Server:
    """Write ``config`` to ``directory`` and start serving it (JSON logs on stderr)."""
    port = port or free_port()
    server_section = dict(config.get("server") or {})  # type: ignore[call-overload]
    server_section.update(host="127.0.0.1", port=port, log_format="json")
    path = directory / "gateway.yaml"
    path.write_text(json.dumps({**config, "server": server_section}), encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), *map(str, pythonpath)]))
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "proxy.cli", "serve", "--config", str(path),
        cwd=directory, env=env, stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE,
    )
    scheme = "https" if "tls" in server_section else "http"
    return Server(process, f"{scheme}://127.0.0.1:{port}")


def gated_plugin(directory: Path, gate: Path) -> Path:
    """A plugin dir with detector type ``gated``: ``start`` waits for ``gate`` to exist.

    If the gate file says ``fail``, ``start`` raises a ConfigError instead.
    """
    directory.mkdir(parents=True, exist_ok=True)
    (directory / "gated_detector.py").write_text(textwrap.dedent(f'''
        """A test detector whose start-up waits for a gate file."""
        import asyncio
        from pathlib import Path

        from pipelines.errors import ConfigError

        GATE = Path({str(gate)!r})


        class Gated:
            name = "gated"
            labels = frozenset({{"TICKET"}})

            def __init__(self, name):
                self.name = name

            async def start(self):
                while not GATE.exists():
                    await asyncio.sleep(0.05)
                if GATE.read_text() == "fail":
                    raise ConfigError("the gate says fail", source=str(GATE))

            async def aclose(self):
                pass

            async def detect(self, texts):
                return [[] for _ in texts]


        def create(options, context):
            return Gated(context.name)
        '''), encoding="utf-8")
    info = directory / "gated_detector-1.0.dist-info"
    info.mkdir(exist_ok=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: gated-detector\n"
                                   "Version: 1.0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(
        "[pseudogate.detectors]\ngated = gated_detector:create\n", encoding="utf-8")
    return directory
