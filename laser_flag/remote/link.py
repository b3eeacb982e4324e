"""A connection's own thread and its inbox, as a guest's link (to a host, or to a server's
game) and a server's lobby link both keep one: the messages read from a socket are handed to
the main loop through `inbox`, sends take a few hundred bytes at once and never wait for the
other side to read, and `close` wakes the thread, which closes the socket itself."""

from __future__ import annotations

import contextlib
import queue
import socket
import threading
import traceback
from collections.abc import Callable, Iterator
from typing import Any

from . import protocol, reasons
from .tls import Tls


class Link:
    """A connection to `address` (TLS with `tls`), read on a thread running `_run`."""

    bye_reason = "left"  # what the other side is told on `close`

    def __init__(self, address: tuple[str, int], tls: Tls | None, name: str) -> None:
        self.address, self.tls = address, tls
        self.inbox: queue.Queue[dict[str, Any]] = queue.Queue()
        self.bytes_received = 0
        # Called on the link's thread after a message is queued: wakes an idle main loop.
        self.notify: Callable[[], None] = lambda: None
        self._sock: socket.socket | None = None
        self._lock = threading.Lock()
        self._closed = threading.Event()
        self._thread = threading.Thread(target=self._guarded, name=name, daemon=True)

    def start(self) -> None:
        self._thread.start()

    def send(self, message: dict[str, Any]) -> bool:
        """Send now; False when there is no connection (yet, or any more)."""
        with self._lock:
            sock = self._sock
            if sock is None:
                return False
            try:
                sock.sendall(protocol.encode(message))
            except OSError:
                return False
        return True

    def close(self) -> None:
        """Say bye and stop."""
        self._closed.set()
        self.send(protocol.bye(self.bye_reason))
        with self._lock:
            if self._sock is not None:
                # Shut, not closed: the link's thread, reading it, wakes and closes it. Closed
                # here, its number could go to a new connection while that thread still reads.
                with contextlib.suppress(OSError):
                    self._sock.shutdown(socket.SHUT_RDWR)
                self._sock = None

    def _run(self) -> None:
        raise NotImplementedError

    def _guarded(self) -> None:
        """`_run`; should it fail on a fault of this program's own (the network's failures
        `_run` tells itself), the trace goes to stderr and the inbox says the connection ended,
        with the fault's words: every screen takes a bye as the end, so none waits for ever on
        a link whose thread is gone."""
        try:
            self._run()
        except Exception as exc:
            traceback.print_exc()
            self._put({"type": "bye", "reason": reasons.FAULT.format(
                error=str(exc) or type(exc).__name__)})

    def _hold(self, sock: socket.socket | None) -> None:
        """The socket `send` writes to (None: none now)."""
        with self._lock:
            self._sock = sock

    def _messages(self, sock: socket.socket, sender: str) -> Iterator[dict[str, Any]]:
        """Each message `sock` brings, until it ends; a line that is no message is put in the
        inbox as an `error` from `sender` ("host", "server")."""
        lines = protocol.Lines(protocol.GAME_LINE_BYTES)
        while True:
            try:
                data = sock.recv(1 << 20)
            except OSError:
                return
            if not data:
                return
            self.bytes_received += len(data)
            for line in lines.feed(data):
                try:
                    if line is None:
                        raise protocol.ProtocolError(f"the {sender} sent a line too long")
                    yield protocol.read_line(line)
                except protocol.ProtocolError as err:
                    self._put({"type": "error", "message": f"from the {sender}: {err}"})

    def _put(self, message: dict[str, Any]) -> None:
        if not self._closed.is_set():
            self.inbox.put(message)
            self.notify()
