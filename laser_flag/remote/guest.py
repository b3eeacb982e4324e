"""The guest's network side: one thread that connects to a host, answers its `hello` and
hands every message to the main loop through `inbox` (docs/PROTOCOL.md).

The connection is kept: when it drops, the thread says so (`{"type": "lost"}` in the inbox)
and connects again every `RETRY_SECONDS` with the same code, until `close()`; the host then
welcomes the guest back with the game as it stands. At laser-flag-server the code becomes the
seat's secret once the server tells it (`seat`): only the secret takes a seat again there.
With `tls`, the connection is TLS and the server checked (tls.py); one that fails the check
is refused, not tried again. A refusal (`error` then `bye` during the handshake) ends the
tries: a wrong code does not get better by trying again.

The host's lines are cut at `protocol.GAME_LINE_BYTES` and must be JSON objects with a type;
what they hold is checked where it is used (`TeamView.from_json` checks a view whole).
"""

from __future__ import annotations

import socket
import ssl
from collections.abc import Callable
from typing import Any

from ..engine.game_map import GameMap
from ..i18n import N_
from . import protocol, reasons
from .host import DEFAULT_PORT
from .link import Link
from .tls import Tls, connect, scheme

RETRY_SECONDS = 1.0
CONNECT_SECONDS = 5.0


ADDRESS_FORM = N_("{text}: give HOST or HOST:PORT, a port from 1 to 65535")


def parse_address(text: str) -> tuple[str, int]:
    """`HOST[:PORT]` (an IPv6 address in brackets); ValueError (ADDRESS_FORM) for anything
    else."""
    host, sep, port = text.strip().rpartition(":")
    if not sep or host.count(":") and not host.startswith("["):
        host, port = text.strip(), str(DEFAULT_PORT)
    host = host.strip("[]")
    if (not host or "/" in host or any(c.isspace() for c in host) or not port.isdigit()
            or not 0 < int(port) < 65536):  # a host name has no slash (http://...) nor space
        raise ValueError(ADDRESS_FORM.format(text=repr(text)))
    return host, int(port)


def parse_server(text: str) -> tuple[tuple[str, int], bool]:
    """`[tls://]HOST[:PORT]`: the address, and whether it asks for TLS; ValueError
    (ADDRESS_FORM) for anything else."""
    bare, secure = scheme(text)
    return parse_address(bare), secure


class GuestLink(Link):
    """A guest's connection to `address`, answering hellos with `code` and the map
    `find_map(name)` finds (None: the guest has no map of that name). `gm` is that map when it
    is the same as the host's, else None: the game is then played on the host's copy."""

    bye_reason = reasons.GUEST_LEFT

    def __init__(self, address: tuple[str, int], code: str, name: str,
                 find_map: Callable[[str], GameMap | None], tls: Tls | None = None) -> None:
        super().__init__(address, tls, "laser-flag guest")
        self.code, self.name = code.strip().upper(), name
        self.find_map = find_map
        self.gm: GameMap | None = None  # our copy of the host's map, when it is the same
        self.at_server = False  # a laser-flag-server's seat (it gave a secret), not a host's

    # ----- the thread -------------------------------------------------------------------

    def _run(self) -> None:
        first = True
        while not self._closed.is_set():
            if not first and self._closed.wait(RETRY_SECONDS):
                return
            first = False
            try:
                sock = connect(self.address, CONNECT_SECONDS, self.tls)
            except OSError as exc:
                # TLS's refusal (not the server expected) is final: trying again would not help
                final = isinstance(exc, ssl.SSLError)
                where = f"{self.address[0]}:{self.address[1]}"
                self._put({"type": "refused" if final else "lost",
                           "message": reasons.failed(where, exc)})
                if final:
                    return
                continue
            sock.settimeout(None)
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            self._hold(sock)
            ended = self._listen(sock)
            self._hold(None)
            sock.close()
            if ended or self._closed.is_set():
                return
            self._put({"type": "lost", "message": reasons.HOST_LOST})

    def _listen(self, sock: socket.socket) -> bool:
        """Read until the connection ends; True when the host said bye for good."""
        seated = False
        for message in self._messages(sock, "host"):
            kind = message["type"]
            if kind == "hello":
                self._answer(message)
            elif kind == "bye":
                if not seated:  # refused: trying again would not help
                    self._put({"type": "refused", "message": str(message.get("reason"))})
                    return True
                self._put(message)
                return True
            else:
                seated = seated or kind == "welcome"
                if kind == "seat" and isinstance(message.get("secret"), str):
                    self.code = message["secret"]  # a server's: it takes the seat again
                    self.at_server = True
                self._put(message)
        return False

    def _answer(self, hello: dict[str, Any]) -> None:
        name = hello.get("map")
        found = self.find_map(name) if isinstance(name, str) else None
        # Our own copy only when it is the host's; otherwise the game is played on the copy
        # the host's welcome carries.
        same = found is not None and protocol.map_digest(found) == hello.get("map_digest")
        self.gm = found if same else None
        self._put(hello)
        self.send(protocol.guest_hello(self.gm, self.code, self.name))
