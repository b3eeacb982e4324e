"""The server's page for browsers (docs/NETWORK.md, "Watching in a browser"): one static page
that lists the public games and watches one, and a WebSocket (at /ws) over which the page
speaks the server's own messages, as a spectator: `list`, `watch`, `replay`. It is served on a
port of its own (--web-port), with TLS when the server has it; the page is drawn from the same
`board` views a spectator program gets (server/page/index.html, plain JavaScript and a canvas,
no build step)."""

from __future__ import annotations

import asyncio
import contextlib
import ssl
from http import HTTPStatus
from importlib.resources import files
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from ..remote import protocol, reasons
from . import limits, messages
from .limits import Bucket
from .page_words import language_for, page_in, web_tag
from .room import Room
from .service import Service

PAGE = files("laser_flag.server") / "page" / "index.html"
WEB_MESSAGES = ("list", "watch", "replay")  # a browser only watches


def page_response(request: Request) -> Response:
    """The page in the language the browser asks for most (page_words)."""
    language = language_for(request.headers.get("Accept-Language"))
    body = page_in(PAGE.read_text(encoding="utf-8"), language).encode("utf-8")
    headers = Headers([("Content-Type", "text/html; charset=utf-8"),
                       ("Content-Length", str(len(body))), ("Content-Language", web_tag(language)),
                       ("Vary", "Accept-Language"),
                       ("Content-Security-Policy", "default-src 'self' 'unsafe-inline'; "
                                                   "connect-src 'self' ws: wss:"),
                       ("Cache-Control", "no-cache")])
    return Response(HTTPStatus.OK.value, "OK", headers, body)


class Browser:
    """A browser's WebSocket as a room sees a member: it is posted messages and watches."""

    def __init__(self, service: Service, socket: ServerConnection) -> None:
        self.service, self.socket = service, socket
        self.name = "a browser"
        self.address = str((socket.remote_address or ("?",))[0])
        self.room: Room | None = None
        self.messages = Bucket(limits.RATE, limits.BURST)
        self.errors = Bucket(limits.ERROR_RATE, limits.ERROR_BURST)
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue()
        self.queued = 0  # bytes posted and not yet sent

    def post(self, message: dict[str, Any]) -> None:
        self.post_line(protocol.encode(message))

    def post_line(self, encoded: bytes) -> None:
        """Queue a message already encoded; a browser that has fallen 16 MiB behind is
        dropped."""
        line = encoded.decode().rstrip("\n")
        self.queued += len(line)
        if self.queued > limits.MAX_OUTBOX:
            self.close("")
            return
        self.outbox.put_nowait(line)

    def close(self, reason: str) -> None:
        if reason:
            self.post(protocol.bye(reason))
        self.outbox.put_nowait(None)

    async def sending(self) -> None:
        while (line := await self.outbox.get()) is not None:
            self.queued -= len(line)
            await self.socket.send(line)
        await self.socket.close()

    async def receive(self, text: str | bytes) -> None:
        if not self.messages.take():
            self.refuse(reasons.TOO_FAST.format(rate=f"{limits.RATE:g}"))
            return
        try:
            raw = text.encode() if isinstance(text, str) else text
            message = messages.check_client_message(protocol.read_line(raw))
        except protocol.ProtocolError as err:
            self.refuse(str(err))
            return
        kind = message["type"]
        if kind not in WEB_MESSAGES:
            self.refuse(f"a browser may only {', '.join(WEB_MESSAGES)}")
        elif kind == "list":
            self.post(messages.games(self.service.lobby.listing()))
        elif kind == "watch":
            await self.watch(message["code"])
        else:
            self.replay()

    async def watch(self, code: str) -> None:
        room = self.service.lobby.room(code)
        if room is None:  # a guess costs a second, as on a player's connection
            await asyncio.sleep(limits.WRONG_CODE_SECONDS)
            self.refuse(reasons.WRONG_CODE)
            return
        if self.room is not None:
            self.room.left(self)
        self.room = room
        room.watch(self)

    def replay(self) -> None:
        if self.room is None:
            self.refuse(reasons.WATCH_FIRST)
            return
        answer = self.room.replay()
        if isinstance(answer, str):
            self.refuse(answer)
        else:
            self.post(answer)

    def refuse(self, why: str) -> None:
        if self.errors.take():
            self.post(protocol.error(why))


class Web:
    """The page and its WebSocket for `service`'s games."""

    def __init__(self, service: Service, tls: ssl.SSLContext | None = None) -> None:
        self.service, self.tls = service, tls
        self._server: Server | None = None

    async def start(self, bind: str, port: int) -> tuple[str, int]:
        self._server = await serve(
            self.connected, bind, port, ssl=self.tls, process_request=self.request,
            max_size=limits.LINE_BYTES, open_timeout=self.service.bounds.handshake,
            compression=None)
        host, bound = next(iter(self._server.sockets)).getsockname()[:2]
        return host, bound

    def request(self, connection: ServerConnection, request: Request) -> Response | None:
        """The page at /, the WebSocket at /ws, 404 elsewhere; a full server refuses."""
        if request.path == "/":
            return page_response(request)
        if request.path != "/ws":
            return connection.respond(HTTPStatus.NOT_FOUND, "Not found\n")
        address = str((connection.remote_address or ("?",))[0])
        refusal = self.service.refusal(address)
        if refusal:
            return connection.respond(HTTPStatus.SERVICE_UNAVAILABLE, refusal + "\n")
        return None

    async def connected(self, socket: ServerConnection) -> None:
        browser = Browser(self.service, socket)
        self.service.per_address[browser.address] += 1
        sender = asyncio.create_task(browser.sending())
        try:
            browser.post(messages.server_hello())
            async for text in socket:
                await browser.receive(text)
        except ConnectionClosed:
            pass
        finally:
            self.service.per_address[browser.address] -= 1
            if not self.service.per_address[browser.address]:
                del self.service.per_address[browser.address]
            if browser.room is not None:
                browser.room.left(browser)
            browser.close("")
            with contextlib.suppress(ConnectionClosed, asyncio.CancelledError):
                await sender

    async def stop(self) -> None:
        if self._server is not None:
            self._server.close()
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(2):
                    await self._server.wait_closed()
