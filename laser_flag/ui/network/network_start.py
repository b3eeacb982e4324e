"""Starting a network game, from the command line or the menu (no pygame here).

`host_game` opens the port and seats the host's side; `Joining` connects a guest and waits,
without blocking, for the host's welcome or refusal (the menu polls it every frame; the command
line waits on it).
"""

from __future__ import annotations

import queue
import time
from typing import Any

from ...engine.game_map import GameMap, other_team
from ...engine.mapfile import MapError, load_map
from ...i18n import _
from ...play.guest_turns import GuestTurns
from ...play.host_turns import HostTurns
from ...play.seats import all_human
from ...play.session import Session
from ...remote import protocol
from ...remote.guest import GuestLink
from ...remote.host import DEFAULT_PORT, Host
from ...remote.reasons import told
from ...remote.tls import Tls
from ..menu.map_catalog import map_named

JOIN_SECONDS = 15.0  # the command line's wait for a welcome


def host_game(gm: GameMap, fog: bool | None, host_team: str = "1", player: str = "Human",
              bind: str = "127.0.0.1", port: int = DEFAULT_PORT, seed: int | None = None,
              state_file: Any = None) -> HostTurns:
    """A game on `gm` hosted on `bind`:`port`, the host's `player` on `host_team`, the guest
    on the other; OSError when the port cannot be had."""
    session, host = open_host(gm, fog, host_team, player, bind, port, seed, state_file)
    return HostTurns(session, host, other_team(host_team))


def open_host(gm: GameMap, fog: bool | None, host_team: str, player: str, bind: str, port: int,
              seed: int | None, state_file: Any) -> tuple[Session, Host]:
    """The host's game, `player` on `host_team` (a person on the guest's), and the port open
    for the guest (`Host.start`); OSError when the port cannot be had."""
    session = Session.start(gm, seed, state_file, {**all_human(), host_team: player}, fog)
    host = Host(protocol.hello(gm, other_team(host_team), session.game.fog), bind, port)
    host.start()
    return session, host


def local_map(name: str) -> GameMap | None:
    """The map a host names, if this computer has it (bundled or the player's)."""
    path = map_named(name)
    if path is None:
        return None
    try:
        return load_map(path)
    except MapError:
        return None


class Joining:
    """A guest connecting: `poll()` gives the turn driver once welcomed, or raises
    ConnectionRefusedError with the host's reason (or why the host cannot be reached)."""

    def __init__(self, address: tuple[str, int], code: str, name: str = "Guest",
                 player: str = "Human", tls: Tls | None = None) -> None:
        self.link = GuestLink(address, code, name, local_map, tls)
        self.player = player
        self.status = _("Connecting to {address}:{address2}...").format(
            address=address[0], address2=address[1])
        self.link.start()

    def poll(self) -> GuestTurns | None:
        while True:
            try:
                message = self.link.inbox.get_nowait()
            except queue.Empty:
                return None
            kind = message.get("type")
            if kind == "welcome":
                try:
                    return GuestTurns(self.link, message, self.player)
                except (KeyError, TypeError, ValueError) as err:  # the host's map or view
                    self.link.close()
                    raise ConnectionRefusedError(_("the host's welcome is unreadable: "
                                                   "{err}").format(
                        err=err)) \
                        from err
            if kind in ("refused", "bye"):
                self.link.close()
                raise ConnectionRefusedError(told(message))
            if kind == "error":
                self.status = _("The host says: {get}").format(get=told(message))
            elif kind == "lost":
                self.status = _("{get}: trying again...").format(get=told(message))
            elif kind == "hello" and "lobby" in message:  # a server's, before the game's
                self.status = _("At the server: asking for the game...")
            elif kind == "hello":
                self.status = _("Joining {value}...").format(
                    value=message.get('map_title') or message.get('map'))

    def wait(self, seconds: float = JOIN_SECONDS) -> GuestTurns:
        """The command line's join: block until welcomed; ConnectionRefusedError otherwise."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            turns = self.poll()
            if turns is not None:
                return turns
            time.sleep(0.02)
        self.link.close()
        raise ConnectionRefusedError(_("no game joined in {seconds:g} s ({status})").format(
            seconds=seconds, status=self.status))

    def cancel(self) -> None:
        self.link.close()
