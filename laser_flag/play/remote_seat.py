"""The guest's seat at the host: a team whose actions come over the network.

The host's main loop polls it every frame, as any seat (`ui.seats.Seat`): the first poll in a
position sends the guest `your_turn` (the team's view and legal actions, under a new ask
number); each poll then drains the host's `actions` queue without waiting. An answer to an
older ask is dropped; one that is not among the legal actions is refused with one `error`
line, and the polling goes on. While the guest is away (`away`) the game waits for it.
"""

from __future__ import annotations

import queue
from typing import Any

from ..engine import Action, Game, view
from ..i18n import _
from ..remote import protocol
from ..remote.host import Host
from .seats import Seat, card_lines


class RemoteSeat(Seat):
    """Team `team` played by the guest of `host`."""

    remote = True

    def __init__(self, host: Host, team: str) -> None:
        self.host, self.team = host, team
        self.asks = 0
        self.asked: tuple[Game, int] | None = None  # the game and its length when last asked
        self._turn: dict[str, Any] | None = None  # the open your_turn, sent again on a rejoin
        self.closed = False

    def poll(self, game: Game, dt_ms: float, speed: float) -> Action | None:
        """The guest's answer, once it has come and is legal in `game`; the guest's own
        screen showed it, so it plays at once at any speed."""
        if self.closed:
            return None
        if self.asked is None or self.asked[0] is not game or self.asked[1] != len(game.history):
            self._ask(game)
        while True:
            try:
                message = self.host.actions.get_nowait()
            except queue.Empty:
                return None
            action = self._accepted(game, message)
            if action is not None:
                self.host.close_ask()
                self._turn = None
                return action

    def _ask(self, game: Game) -> None:
        self.asks += 1
        self.asked = (game, len(game.history))
        self._turn = protocol.your_turn(self.asks, view(game.state(), self.team), game.index)
        self.host.ask(self.asks, self._turn)

    def _accepted(self, game: Game, message: dict[str, Any]) -> Action | None:
        if message["ask"] != self.asks:
            return None  # an answer to an older ask, let by before it closed: stale
        try:
            action = protocol.action_from_json(message["action"])
        except protocol.ProtocolError as err:
            self.host.send(protocol.error(str(err)))
            return None
        if action not in game.legal_actions():  # the team's own units, in its turn, legal
            self.host.send(protocol.error("refused: not one of the legal actions you were sent"))
            return None
        return action

    def fail(self, why: str) -> None:
        """The engine refused an answer the legal actions held: told, and asked again."""
        self.host.send(protocol.error(why))
        self.asked = None

    def seen(self, game: Game) -> None:
        """After every action: the events as the guest's team saw them."""
        self.host.send(protocol.events(view(game.state(), self.team)))

    def seat(self, game: Game, names: dict[str, str], looks: dict[str, str]) -> None:
        """The guest (re)joined: where the game stands, and its open turn if it has one."""
        self.away = ""
        self.host.send(protocol.welcome(game.map, self.team, names,
                                        view(game.state(), self.team), looks))
        if self._turn is not None:
            self.host.send(self._turn)

    def close(self) -> None:
        self.closed = True
        self.host.close_ask()

    @property
    def guest(self) -> str:
        return self.host.guest_name or _("the guest")

    def refusal(self, name: str) -> str:
        return _("It is {guest}'s turn: they play on their computer.").format(guest=self.guest)

    def elsewhere(self, name: str, message: str) -> tuple[str, list[str]] | None:
        line = self.away or _("{guest} plays {name} on their computer.").format(
            guest=self.guest, name=name)
        return _("{name} to play").format(name=name), card_lines(line, message)
