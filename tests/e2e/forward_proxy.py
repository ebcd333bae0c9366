"""A loopback forward proxy that records what passes: plain HTTP and CONNECT tunnels.

Enough of RFC 9110 for an HTTP client configured through ``HTTP_PROXY`` /
``HTTPS_PROXY``: an absolute-form request (``POST http://127.0.0.1:P/path``) is piped to
its origin as is, a ``CONNECT 127.0.0.1:P`` is answered 200 and tunnelled.  It only
ever connects to 127.0.0.1 (anything else is answered 403).
"""

from __future__ import annotations

import asyncio
import contextlib
from urllib.parse import urlsplit


async def _pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    try:
        while data := await reader.read(65536):
            writer.write(data)
            await writer.drain()
    except (ConnectionError, asyncio.IncompleteReadError):
        pass
    finally:
        with contextlib.suppress(ConnectionError, RuntimeError):
            writer.close()


class ForwardProxy:
    """``await start()``, then point ``HTTP(S)_PROXY`` at :attr:`url`."""

    def __init__(self) -> None:
        self.requests: list[str] = []
        self.url = ""
        self._server: asyncio.Server | None = None
        self._tasks: set[asyncio.Task[None]] = set()

    async def start(self) -> None:
        """Listen on a free loopback port."""
        self._server = await asyncio.start_server(self._handle, "127.0.0.1", 0)
        port = self._server.sockets[0].getsockname()[1]
        self.url = f"http://127.0.0.1:{port}"

    async def close(self) -> None:
        """Stop listening and end every tunnel."""
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        for task in list(self._tasks):
            task.cancel()

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        assert task is not None
        self._tasks.add(task)
        try:
            head = await reader.readuntil(b"\r\n\r\n")
            line = head.split(b"\r\n", 1)[0].decode("ascii")
            self.requests.append(line)
            method, target, _version = line.split(" ")
            if method == "CONNECT":
                host, port = target.rsplit(":", 1)
            else:
                parts = urlsplit(target)
                host, port = parts.hostname or "", str(parts.port or 80)
            if host != "127.0.0.1":
                writer.write(b"HTTP/1.1 403 Forbidden\r\ncontent-length: 0\r\n\r\n")
                await writer.drain()
                writer.close()
                return
            up_reader, up_writer = await asyncio.open_connection(host, int(port))
            if method == "CONNECT":
                writer.write(b"HTTP/1.1 200 Connection established\r\n\r\n")
                await writer.drain()
            else:
                up_writer.write(head)
            await asyncio.gather(_pipe(reader, up_writer), _pipe(up_reader, writer))
        except (ConnectionError, asyncio.IncompleteReadError, asyncio.LimitOverrunError):
            writer.close()
        finally:
            self._tasks.discard(task)
