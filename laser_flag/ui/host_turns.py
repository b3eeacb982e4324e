"""The host's turn driver: a game against a guest on another computer (docs/PROTOCOL.md).

The host holds the game: it plays as any game here (saves, autosaves, the engine checking
every action) with the guest's team seated as a bot whose answers come over the network
(`remote.seat.RemoteSeat`). The board shows the host's team's view throughout. While the guest
is away the game waits: the host's own actions are refused until the guest is back.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from ..bots import HUMAN
from ..engine.actions import Action
from ..engine.events import Event
from ..engine.game_map import TEAMS
from ..remote import protocol
from ..remote.host import Host, Note
from ..remote.seat import RemoteSeat
from .log_text import LogLine
from .refusals import Refused
from .session import Session
from .turns import Turns, card_lines


class HostTurns(Turns):
    """One game hosted for a guest who plays `guest_team` over `host`."""

    def __init__(self, session: Session, host: Host, guest_team: str) -> None:
        super().__init__(session)
        self.host, self.guest_team = host, guest_team
        self.seat = RemoteSeat(host, guest_team)
        self.bots.bots[guest_team] = self.seat
        self.handoff_due = False
        self.rematch_asked = {"host": False, "guest": False}
        self.away = self.message = self.waiting_line()

    @property
    def team(self) -> str:
        return next(t for t in TEAMS if t != self.guest_team)

    @property
    def viewer(self) -> str | None:
        return None if self.game.over else self.team

    @property
    def guest(self) -> str:
        return self.host.guest_name or "the guest"

    def waiting_line(self) -> str:
        host, port = self.host.address
        return (f"Waiting for the guest: join {host}:{port} with code {self.host.code}.")

    def wake_with(self, wake: Callable[[], None]) -> None:
        """`wake` is called from the network thread when a message arrives."""
        self.host.notify = wake

    def thinking_here(self) -> bool:
        """A bot of this computer's is to move (the host's own seat)."""
        return (self.bot_to_move and self.game.active_team != self.guest_team
                and not self.away and not self.bots.paused)

    @property
    def bots_here(self) -> bool:
        return self.session.levels[self.team] != HUMAN  # the guest's seat is no bot here

    def take_handoff(self) -> bool:
        return False

    def act(self, action: Action) -> Refused | list[Event]:
        if self.away and not self.bot_to_move:
            return self.refuse(self.away)
        return super().act(action)

    def end_turn(self, ask: bool) -> None:
        if self.away:
            self.refuse(self.away)  # not "End the turn?" first: the game waits either way
            return
        super().end_turn(ask)

    def refuse_for_bot(self) -> Refused:
        if self.game.active_team == self.guest_team:
            return self.refuse(f"It is {self.guest}'s turn: they play on their computer.")
        return super().refuse_for_bot()

    def other_side(self) -> tuple[str, list[str]] | None:
        if self.game.active_team != self.guest_team:
            return None
        name = self.session.names[self.guest_team]
        line = self.away or f"{self.guest} plays {name} on their computer."
        return f"{name} to play", card_lines(line, self.message)

    def toggle_pause(self) -> None:
        if self.game.active_team != self.guest_team:
            super().toggle_pause()

    def bot_step(self, dt_ms: float, speed: float) -> None:
        """The guest's answer is played as it arrives (it was shown on their screen); the
        host's own bot waits, as the host's player does, while the guest is away."""
        guest = self.game.active_team == self.guest_team
        if self.away and not guest:
            return
        super().bot_step(dt_ms, 0.0 if guest else speed)

    def tick(self, dt_ms: float, speed: float) -> None:
        self.poll()
        super().tick(dt_ms, speed)

    def poll(self) -> None:
        """What the network thread has for us: joins, departures, chat, rematch."""
        while not self.host.inbox.empty():
            self.noted(self.host.inbox.get_nowait())

    def noted(self, note: Note) -> None:
        if note.kind == "joined":
            self.guest_seated(f"{note.text} joined: {self.session.names[self.guest_team]} is "
                              "theirs.")
        elif note.kind == "left":
            self.away = self.gone_line(note.text)
            self.rematch_asked["guest"] = False  # whoever joins next asks for themselves
            self.say(self.away)
        elif note.kind == "chat":
            self.say(f"{self.guest}: {note.text}")
        elif note.kind == "rematch":
            self.rematch_asked["guest"] = True
            self.say(f"{self.guest} asks for a rematch, sides swapped: press N to accept.")
        elif note.kind == "refused":
            print(f"laser-flag host: refused {note.text}", file=sys.stderr, flush=True)

    def guest_seated(self, line: str) -> None:
        """The guest is in its seat: it is told the game as it stands, and `line` says so here."""
        self.away = ""
        self.seat.seat(self.game, self.session.names, self.session.looks)
        self.say(line)

    def gone_line(self, why: str) -> str:
        """What the host's player is told when the guest goes: mid-game the game waits."""
        again = f"join again with code {self.host.code}"
        if self.game.over:
            return f"{self.guest} has left the game: no rematch unless they {again}."
        return f"{self.guest} is away ({why}): the game waits for them to {again}."

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
            self.say(f"Rematch asked: waiting for {self.guest} to accept.")
        return self.rematch_asked["guest"]

    @property
    def rematch_ready(self) -> bool:
        return self.game.over and all(self.rematch_asked.values())

    def rematch(self, seed: int | None = None) -> HostTurns:
        """The next game on the same map, sides swapped as in a hot-seat rematch (each name
        and its colours go with their player), the same guest seated; its dice `seed` when the
        player fixed one (`--seed`), else fresh ones."""
        self.bots.stop()  # the old seat stops waiting
        session = self.session.rematch(swap_sides=True, seed=seed)
        self.host.greeting["team"] = self.team
        turns = HostTurns(session, self.host, self.team)
        if self.host.seated:
            turns.guest_seated(f"Rematch with {turns.guest}, sides swapped: "
                               f"{session.names[turns.guest_team]} is theirs.")
        return turns

    def leave(self) -> None:
        super().leave()
        self.host.close()

