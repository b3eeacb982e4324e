"""A client's connection to laser-flag-server's lobby (docs/PROTOCOL.md, "The server"): one
thread that connects and hands every message to the main loop through `inbox`, and sends what
the main loop asks (`list`, `create`). A seat is taken on a connection of its own (GuestLink),
with the code or secret the lobby gave.

A connection that cannot be made or drops is said in the inbox (`{"type": "lost"}`); the lobby
does not connect again by itself (the screen asks again)."""

from __future__ import annotations

from . import reasons
from .link import Link
from .tls import Tls, connect

CONNECT_SECONDS = 5.0


class LobbyLink(Link):
    """The lobby of the server at `address` (TLS with `tls`)."""

    bye_reason = "left the lobby"

    def __init__(self, address: tuple[str, int], tls: Tls | None = None) -> None:
        super().__init__(address, tls, "laser-flag lobby")

    def _run(self) -> None:
        where = f"{self.address[0]}:{self.address[1]}"
        try:
            sock = connect(self.address, CONNECT_SECONDS, self.tls)
        except (OSError, ValueError) as exc:
            self._put({"type": "lost", "message": reasons.failed(where, exc)})
            return
        sock.settimeout(None)
        self._hold(sock)
        try:
            for message in self._messages(sock, "server"):
                self._put(message)
            self._put({"type": "lost", "message": reasons.CLOSED.format(where=where)})
        finally:
            sock.close()
