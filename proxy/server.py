"""The HTTP layer below the app: requests aiohttp's parser rejects, answered safely.

A request line or header the parser cannot read never reaches the app (its middleware
and routes): aiohttp answers it itself, with a plain-text 400 that quotes the offending
bytes, and logs an ERROR with a traceback that holds them too.  Those bytes are client
input and may be personal data.  :class:`GatewayRunner` (an ``AppRunner``) serves the
app through a request handler that instead

* answers with a JSON error body both official SDKs read (the API cannot be known when
  the request line itself is unreadable, so the body is the OpenAI and the Anthropic
  error object at once: ``{"type": "error", "error": {"type", "message", "param",
  "code"}}``), never quoting the request;
* logs one warning line with the status and the exception's type, never its message.

It also bounds the time a request head may take: a connection that has not delivered
a whole request line and headers ``head_timeout`` seconds after it opened, or after
its previous response (an idle keep-alive connection), is closed.  Without it a
client sending its headers a byte at a time (slowloris) holds a connection for
aiohttp's default of an hour; the body has its own deadline
(:func:`proxy.body.read_json`).

It uses aiohttp's documented request-handler hook points (``handle_error``,
``log_exception``) on a subclass, and builds its ``Server`` from the one aiohttp made.
"""

from __future__ import annotations

from typing import Any, Final, final

from aiohttp import web
from aiohttp.web_protocol import RequestHandler
from aiohttp.web_request import BaseRequest

from proxy.anthropic_messages.stream import error_body as anthropic_error_body
from proxy.logs import get_logger
from proxy.openai_chat.stream import error_body as openai_error_body
from proxy.shapes import JSON, dumps

__all__ = ["GatewayRunner", "unknown_api_error_body"]

_MESSAGES: Final = {
    400: "malformed HTTP request",
    413: "request entity too large",
    431: "request header fields too large",
}


def unknown_api_error_body(status: int, code: str, message: str) -> dict[str, JSON]:
    """An error body in both APIs' shapes, for a request whose API cannot be known."""
    openai = openai_error_body(status, code, message)["error"]
    anthropic = anthropic_error_body(status, code, message)["error"]
    assert isinstance(openai, dict) and isinstance(anthropic, dict)
    return {"type": "error", "error": {**openai, **anthropic}}


@final
class _Handler(RequestHandler):
    """aiohttp's request handler with errors answered and logged without content."""

    __slots__ = ()

    def handle_error(
        self,
        request: BaseRequest,
        status: int = 500,
        exc: BaseException | None = None,
        message: str | None = None,
    ) -> web.StreamResponse:
        """The error as JSON in both APIs' shapes; ``message`` (it quotes input) unused."""
        get_logger("pseudogate.http").warning(
            "bad_http_request", status=status, error=type(exc).__name__ if exc else None
        )
        if request.writer.output_size > 0:
            raise ConnectionError("response already started; the connection is closed")
        text = _MESSAGES.get(status, "malformed HTTP request" if status < 500 else
                             "internal gateway error")
        code = "bad_http_request" if status < 500 else "internal_error"
        response = web.Response(
            status=status,
            body=dumps(unknown_api_error_body(status, code, text)),
            content_type="application/json",
        )
        response.force_close()
        return response

    def log_exception(self, *args: Any, **kw: Any) -> None:
        """One line with the exception's type; never its message or traceback."""
        error = kw.get("exc_info")
        get_logger("pseudogate.http").error(
            "http_error",
            error=type(error).__name__ if isinstance(error, BaseException) else None,
        )


@final
class _Server(web.Server):
    """aiohttp's low-level server, making :class:`_Handler` protocols."""

    def __call__(self) -> RequestHandler:
        return _Handler(self, loop=self._loop, **self._kwargs)


@final
class GatewayRunner(web.AppRunner):
    """An ``AppRunner`` whose connections answer parser errors without content, and
    are closed when a request head does not arrive within ``head_timeout`` seconds."""

    __slots__ = ()

    def __init__(self, app: web.Application, *, head_timeout: float, **kwargs: Any) -> None:
        # aiohttp's keep-alive timer starts when the connection opens and again after
        # each response, and closes the connection if no whole request head came.
        super().__init__(app, keepalive_timeout=head_timeout, **kwargs)

    async def _make_server(self) -> web.Server:
        made = await super()._make_server()
        return _Server(
            made.request_handler,
            request_factory=made.request_factory,
            handler_cancellation=made.handler_cancellation,
            loop=made._loop,
            **made._kwargs,
        )
