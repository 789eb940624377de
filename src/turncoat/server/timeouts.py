"""Time limits for slow clients.

A client that opens a connection and sends its request head a byte at a time (or not at all),
or announces a body and never finishes it, would otherwise hold a connection and a task for as
long as it likes.  Two limits, each logged as one quiet line when it strikes:

* the request head (request line and headers) must arrive within ``header_timeout_s`` of the
  connection opening, or of the previous response on a kept-alive connection: enforced in the
  HTTP protocol (:func:`protocol_with_head_timeout`), since the app never sees a request before
  its head is complete;
* a body must arrive within ``body_timeout_s`` once the head has (:class:`BodyDeadline`, ASGI
  middleware), which also reads it whole, so a client that goes away half-way through leaves one
  log line instead of a traceback from the handler that was reading it.
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send
from uvicorn.protocols.http.h11_impl import H11Protocol

# uvicorn's own log (its "error" logger is its general one): these lines belong with its
# connection messages, and it is the log `turncoat serve` prints.
log = logging.getLogger("uvicorn.error")


class _HeadTimeout:
    """Mixed into uvicorn's HTTP/1.1 protocols (httptools or h11, whichever uvicorn would use):
    a connection whose request head is not complete ``head_timeout_s`` after it could have
    started is closed.  Both protocols set ``cycle`` when a request's head is complete."""

    head_timeout_s: float = 10.0
    cycle: Any
    client: tuple[str, int] | None
    transport: asyncio.Transport
    loop: asyncio.AbstractEventLoop

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)  # type: ignore[misc]
        self._head_timer: asyncio.TimerHandle | None = None
        self._waiting_after: Any = None  # the finished cycle after which a new head is awaited
        self._await_head()

    def _await_head(self) -> None:
        self._cancel_head_timer()
        self._waiting_after = self.cycle
        self._head_timer = self.loop.call_later(self.head_timeout_s, self._head_too_slow)

    def _cancel_head_timer(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _check_head(self) -> None:
        if self._head_timer is not None and self.cycle is not self._waiting_after:
            self._cancel_head_timer()  # a new request's head arrived

    def data_received(self, data: bytes) -> None:
        super().data_received(data)  # type: ignore[misc]
        self._check_head()

    def handle_websocket_upgrade(self, *args: Any) -> None:
        self._cancel_head_timer()  # the websocket protocol takes the connection over
        super().handle_websocket_upgrade(*args)  # type: ignore[misc]

    def on_response_complete(self) -> None:
        super().on_response_complete()  # type: ignore[misc]
        if not self.transport.is_closing():
            self._await_head()
            self._check_head()  # a pipelined request may have started already

    def connection_lost(self, exc: Exception | None) -> None:
        self._cancel_head_timer()
        super().connection_lost(exc)  # type: ignore[misc]

    def _head_too_slow(self) -> None:
        self._head_timer = None
        if self.transport.is_closing() or self.cycle is not self._waiting_after:
            return
        who = self.client[0] if self.client else "?"
        log.info("closed a connection from %s: no complete request within %g s", who, self.head_timeout_s)
        self.transport.close()


class H11HeadTimeout(_HeadTimeout, H11Protocol):
    pass


def protocol_with_head_timeout(seconds: float) -> type[asyncio.Protocol]:
    """The HTTP protocol uvicorn would choose (httptools when installed, else h11), closing
    connections whose request head is too slow."""
    base: type[asyncio.Protocol] = H11HeadTimeout
    try:
        from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
    except ImportError:  # httptools is optional: uvicorn then speaks HTTP through h11
        pass
    else:

        class HttpToolsHeadTimeout(_HeadTimeout, HttpToolsProtocol):
            pass

        base = HttpToolsHeadTimeout
    return type("HeadTimeoutProtocol", (base,), {"head_timeout_s": seconds})


class BodyDeadline:
    """Reads a request body whole, within ``seconds``, before the app sees the request.

    Only bodies that declare a Content-Length of at most ``max_body`` are read here; anything
    else goes on to the app unread, which refuses it without reading."""

    def __init__(self, app: ASGIApp, seconds: float, max_body: int) -> None:
        self.app, self.seconds, self.max_body = app, seconds, max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not 0 < _declared_length(scope) <= self.max_body:
            await self.app(scope, receive, send)
            return
        chunks: list[bytes] = []
        try:
            async with asyncio.timeout(self.seconds):
                while True:
                    message = await receive()
                    if message["type"] == "http.disconnect":
                        log.info("%s went away before sending its whole request body", _client(scope))
                        return
                    chunks.append(message.get("body", b""))
                    if not message.get("more_body", False):
                        break
        except TimeoutError:
            log.info("%s sent its request body too slowly (over %g s)", _client(scope), self.seconds)
            await _send_error(send, 408, "timeout", "the request body came too slowly")
            return
        body = b"".join(chunks)
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()  # after the body: wait for the disconnect, as usual

        await self.app(scope, replay, send)


def _declared_length(scope: Scope) -> int:
    for key, value in scope["headers"]:
        if key == b"content-length":
            text = value.decode("latin-1").strip()
            return int(text) if text.isascii() and text.isdigit() and len(text) <= 12 else -1
    return -1


def _client(scope: Scope) -> str:
    client = scope.get("client")
    return f"client {client[0]}" if client else "a client"


async def _send_error(send: Send, status: int, code: str, message: str) -> None:
    body = json.dumps({"type": "error", "code": code, "message": message}).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    headers.append((b"connection", b"close"))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
