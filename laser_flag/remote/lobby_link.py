"""A client's connection to laser-flag-server's lobby (docs/PROTOCOL.md, "The server"): one
thread that connects, hands every message to the main loop through `inbox`, and sends what the
main loop asks (`list`, `create`). A seat is taken on a connection of its own (GuestLink), with
the code or secret the lobby gave.

A connection that cannot be made or drops is said in the inbox (`{"type": "lost"}`); the lobby
does not connect again by itself (the screen asks again)."""

from __future__ import annotations

import contextlib
import queue
import socket
import ssl
import threading
from typing import Any

from . import protocol
from .tls import Tls, connect

CONNECT_SECONDS = 5.0


class LobbyLink:
    """The lobby of the server at `address` (TLS with `tls`)."""

    def __init__(self, address: tuple[str, int], tls: Tls | None = None) -> None:
        self.address, self.tls = address, tls
        self.inbox: queue.Queue[dict[str, Any]] = queue.Queue()
        self._sock: socket.socket | None = None
        self._lock = threading.Lock()
        self._closed = threading.Event()
        self._thread = threading.Thread(target=self._run, name="laser-flag lobby", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def send(self, message: dict[str, Any]) -> bool:
        """Send now; False when there is no connection (yet, or any more)."""
        with self._lock:
            if self._sock is None:
                return False
            try:
                self._sock.sendall(protocol.encode(message))
            except OSError:
                return False
        return True

    def close(self) -> None:
        self._closed.set()
        self.send(protocol.bye("left the lobby"))
        with self._lock:
            if self._sock is not None:
                # Shut, not closed: the link's thread, reading it, wakes and closes it. Closed
                # here, its number could go to a new connection while that thread still reads.
                with contextlib.suppress(OSError):
                    self._sock.shutdown(socket.SHUT_RDWR)
                self._sock = None

    def _run(self) -> None:
        where = f"{self.address[0]}:{self.address[1]}"
        try:
            sock = connect(self.address, CONNECT_SECONDS, self.tls)
        except (OSError, ValueError) as exc:
            why = exc.strerror if isinstance(exc, OSError) and not isinstance(
                exc, ssl.SSLError) and exc.strerror else exc
            self._put({"type": "lost", "message": f"Cannot reach {where} ({why})"})
            return
        sock.settimeout(None)
        with self._lock:
            self._sock = sock
        try:
            self._listen(sock, where)
        finally:
            sock.close()

    def _listen(self, sock: socket.socket, where: str) -> None:
        lines = protocol.Lines(protocol.GAME_LINE_BYTES)
        while not self._closed.is_set():
            try:
                data = sock.recv(1 << 20)
            except OSError:
                data = b""
            if not data:
                self._put({"type": "lost", "message": f"The connection to {where} closed"})
                return
            for line in lines.feed(data):
                try:
                    if line is None:
                        raise protocol.ProtocolError("the server sent a line too long")
                    self._put(protocol.read_line(line))
                except protocol.ProtocolError as err:
                    self._put({"type": "error", "message": f"from the server: {err}"})

    def _put(self, message: dict[str, Any]) -> None:
        if not self._closed.is_set():
            self.inbox.put(message)
