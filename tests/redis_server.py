"""A real ``redis-server`` on a free loopback port, for the session store tests.

:class:`RedisServer` starts the Debian package's binary (``scripts/test`` installs it
when missing) with persistence off in a temporary directory, waits until it answers,
and stops it again; :meth:`RedisServer.stop` and :meth:`RedisServer.start` on the same
port simulate an outage and a recovery.  A missing binary is an error, never a skip.
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from pathlib import Path
from typing import final

__all__ = ["RedisServer", "free_port"]


def free_port() -> int:
    """A TCP port on 127.0.0.1 that was free a moment ago."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@final
class RedisServer:
    """One ``redis-server`` process on 127.0.0.1 (``url`` once started)."""

    def __init__(self, directory: Path, *, port: int | None = None) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            raise RuntimeError(
                "redis-server is not installed: the session tests need a real one "
                "(scripts/test installs the Debian package redis-server)"
            )
        self._binary = binary
        self._directory = directory
        self.port = port or free_port()
        self._process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        """``redis://127.0.0.1:<port>/0``."""
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        """Start the server and wait (up to 10 s) until it answers PING."""
        self._directory.mkdir(parents=True, exist_ok=True)
        self._process = subprocess.Popen(
            [
                self._binary, "--port", str(self.port), "--bind", "127.0.0.1",
                "--save", "", "--appendonly", "no", "--dir", str(self._directory),
                "--protected-mode", "yes", "--loglevel", "warning",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 10.0
        while time.monotonic() < deadline:
            if self._process.poll() is not None:
                raise RuntimeError(f"redis-server exited with {self._process.returncode}")
            if self.command("PING") == b"+PONG\r\n":
                return
            time.sleep(0.02)
        self.stop()
        raise RuntimeError("redis-server did not answer within 10 s")

    def stop(self) -> None:
        """Stop the server (SIGTERM, then SIGKILL after 5 s)."""
        process, self._process = self._process, None
        if process is None:
            return
        process.terminate()
        try:
            process.wait(timeout=5.0)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()

    def command(self, *words: str) -> bytes:
        """Send one inline command with a plain socket; its raw reply (b"" if down)."""
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=1.0) as conn:
                conn.sendall(" ".join(words).encode() + b"\r\n")
                return conn.recv(65536)
        except OSError:
            return b""
