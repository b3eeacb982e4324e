"""The host's turn driver: a game against a guest on another computer (docs/PROTOCOL.md).

The host holds the game: it plays as any game here (saves, autosaves, the engine checking
every action) with the guest's team in a seat whose answers come over the network
(`remote_seat.RemoteSeat`, polled on the main loop as any seat). The board shows the host's
team's view throughout. While the guest is away the game waits: the host's own actions are
refused until the guest is back.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from ..engine.game_map import TEAMS
from ..i18n import N_, _
from ..remote import protocol
from ..remote.host import Host, Note
from ..remote.reasons import shown
from .bot_seat import seats_for
from .log_text import LogLine
from .remote_seat import RemoteSeat
from .session import Session
from .turns import Turns

HOST_ON_LEAVING = N_("Leave the network game for the menu (this computer keeps it: Continue "
                     "resumes it here, without the connection)")


class HostTurns(Turns):
    """One game hosted for a guest who plays `guest_team` over `host`: a game as any here,
    the guest's team in a `RemoteSeat`; this adds the network's own part (joins, departures,
    chat, the rematch handshake)."""

    def __init__(self, session: Session, host: Host, guest_team: str) -> None:
        self.host, self.guest_team = host, guest_team
        self.guest_seat = RemoteSeat(host, guest_team)
        self.guest_seat.away = self.waiting_line()
        super().__init__(session, {**seats_for(session.levels, session.seed),
                                   guest_team: self.guest_seat})
        self.rematch_asked = {"host": False, "guest": False}
        self.message = self.away

    @property
    def leaving(self) -> str:
        return HOST_ON_LEAVING

    @property
    def away(self) -> str:
        """Why the guest is not playing (not come yet, or gone): the game waits for them."""
        return self.guest_seat.away

    @property
    def team(self) -> str:
        return next(t for t in TEAMS if t != self.guest_team)

    @property
    def viewer(self) -> str | None:
        return None if self.game.over else self.team

    @property
    def guest(self) -> str:
        return self.guest_seat.guest

    def waiting_line(self) -> str:
        host, port = self.host.address
        return (_("Waiting for the guest: join {host}:{port} with code {code}.").format(
            host=host, port=port, code=self.host.code))

    def wake_with(self, wake: Callable[[], None]) -> None:
        """`wake` is called from the network thread when a message arrives."""
        super().wake_with(wake)
        self.host.notify = wake

    def tick(self, dt_ms: float, speed: float) -> None:
        self.poll()
        super().tick(dt_ms, speed)

    def poll(self) -> None:
        """What the network thread has for us: joins, departures, chat, rematch."""
        while not self.host.inbox.empty():
            self.noted(self.host.inbox.get_nowait())

    def noted(self, note: Note) -> None:
        if note.kind == "joined":
            self.guest_seated(_("{text} joined: {names} is theirs.").format(
                text=note.text, names=self.session.names[self.guest_team]))
        elif note.kind == "left":
            self.guest_seat.away = self.gone_line(shown(note.text))
            self.rematch_asked["guest"] = False  # whoever joins next asks for themselves
            self.say(self.away)
        elif note.kind == "chat":
            self.say(f"{self.guest}: {note.text}")
        elif note.kind == "rematch":
            self.rematch_asked["guest"] = True
            self.say(_("{guest} asks for a rematch, sides swapped: press N to accept.").format(
                guest=self.guest))
        elif note.kind == "refused":
            print(f"laser-flag host: refused {note.text}", file=sys.stderr, flush=True)

    def guest_seated(self, line: str) -> None:
        """The guest is in its seat: it is told the game as it stands, and `line` says so here."""
        self.guest_seat.seat(self.game, self.session.names, self.session.looks)
        self.say(line)

    def gone_line(self, why: str) -> str:
        """What the host's player is told when the guest goes: mid-game the game waits."""
        again = _("join again with code {code}").format(code=self.host.code)
        if self.game.over:
            return _("{guest} has left the game: no rematch unless they {again}.").format(
                guest=self.guest, again=again)
        return _("{guest} is away ({why}): the game waits for them to {again}.").format(
            guest=self.guest, why=why, again=again)

    def say(self, line: str) -> None:
        """A line for the host's player: the message line and the log."""
        self.message = line
        self.session.log.append(LogLine(line))

    def chat(self, text: str) -> None:
        """A line to the guest, under the name the host's team has (it goes with the host's
        player to the other side in a rematch): the same words on both screens."""
        name = self.session.names[self.team]
        self.host.send(protocol.chat(text, name))
        self.say(f"{name}: {text}")

    def ask_rematch(self) -> bool:
        """N after the game: ask (or accept); True once both have."""
        if not self.game.over:
            return False
        self.rematch_asked["host"] = True
        self.host.send({"type": "rematch"})
        if self.away:
            self.message = self.away  # the log said it once, when they went
        elif not self.rematch_asked["guest"]:
            self.say(_("Rematch asked: waiting for {guest} to accept.").format(guest=self.guest))
        return self.rematch_asked["guest"]

    @property
    def rematch_ready(self) -> bool:
        return self.game.over and all(self.rematch_asked.values())

    def rematch(self, seed: int | None = None) -> HostTurns:
        """The next game on the same map, sides swapped as in a hot-seat rematch (each name
        and its colours go with their player), the same guest seated; its dice `seed` when the
        player fixed one (`--seed`), else fresh ones."""
        self.close_seats()  # the old seat stops waiting
        session = self.session.rematch(swap_sides=True, seed=seed)
        self.host.greeting["team"] = self.team
        turns = HostTurns(session, self.host, self.team)
        if self.host.seated:
            turns.guest_seated(_("Rematch with {guest}, sides swapped: {names} is theirs.").format(
                guest=turns.guest, names=session.names[turns.guest_team]))
        return turns

    def leave(self) -> None:
        super().leave()
        self.host.close()

