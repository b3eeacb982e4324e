"""The listening server: accepts connections within the limits, runs each as a `Client`, and
sweeps idle games. Everything runs on one event loop in one thread."""

from __future__ import annotations

import asyncio
import contextlib
import ssl
from collections import Counter
from typing import Any

from ..remote import reasons
from . import limits
from .connection import Client
from .lobby import Lobby

FULL = reasons.SERVER_FULL
STOP_SECONDS = 2.0  # connections that have not closed by then are cut
TOO_MANY = reasons.TOO_MANY_CONNECTIONS


class Service:
    """A server for `lobby`'s games on one port; TLS with `tls` (a server context)."""

    def __init__(self, lobby: Lobby, bounds: limits.Limits,
                 tls: ssl.SSLContext | None = None) -> None:
        self.lobby, self.bounds, self.tls = lobby, bounds, tls
        self.clients: set[Client] = set()
        self.per_address: Counter[str] = Counter()
        self._server: asyncio.Server | None = None
        self._sweeper: asyncio.Task[None] | None = None

    async def start(self, bind: str, port: int) -> tuple[str, int]:
        """Listen; the address and port listened on. OSError when the port cannot be had."""
        self._server = await asyncio.start_server(
            self.accept, bind, port, ssl=self.tls, limit=limits.READ_BYTES,
            ssl_handshake_timeout=self.bounds.handshake if self.tls else None)
        self._sweeper = asyncio.create_task(self.sweep())
        host, bound = self._server.sockets[0].getsockname()[:2]
        return host, bound

    async def accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        client = Client(self, reader, writer)
        refusal = self.refusal(client.address)
        if refusal:
            client.turn_away(refusal)
            return
        self.clients.add(client)
        self.per_address[client.address] += 1
        try:
            await client.run()
        except asyncio.CancelledError:
            pass  # the server is stopping and this connection did not close in time
        finally:
            self.clients.discard(client)
            self.per_address[client.address] -= 1
            if not self.per_address[client.address]:
                del self.per_address[client.address]
            client.gone()

    def refusal(self, address: str) -> str:
        """Why a new connection from `address` is turned away ("": it is welcome)."""
        if len(self.clients) >= self.bounds.connections:
            return FULL
        if self.per_address[address] >= self.bounds.per_address:
            return TOO_MANY
        return ""

    def lobby_chat(self, line: dict[str, Any]) -> None:
        """A line of the lobby's chat, to everyone in the lobby."""
        for client in self.clients:
            if client.stage == "lobby":
                client.post(line)

    async def sweep(self) -> None:
        while True:
            await asyncio.sleep(limits.SWEEP_SECONDS)
            self.lobby.sweep()

    async def stop(self, reason: str) -> None:
        """Tell everyone `reason` and stop listening."""
        if self._sweeper is not None:
            self._sweeper.cancel()
        if self._server is not None:
            self._server.close()
        for client in list(self.clients):
            client.close(reason)
        with contextlib.suppress(TimeoutError):  # each connection's task ends as it closes
            async with asyncio.timeout(STOP_SECONDS):
                while self.clients:
                    await asyncio.sleep(0.01)
