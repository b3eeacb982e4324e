"""The guest's seat at the host: a bot whose decisions come over the network.

The host's client asks it `decide(game)` on a worker thread, as any bot: it sends the guest
`your_turn` (the team's view and legal actions) and waits, for as long as it takes, for an
answer that is one of those actions; anything else is refused with one `error` line and the
wait goes on. While the guest is away the wait simply lasts: the game is paused.
"""

from __future__ import annotations

import queue
import threading
from typing import Any

from laser_flag.engine import Action, EndTurn, Game, view

from ..bots.base import Bot
from . import protocol
from .host import Host


class RemoteSeat(Bot):
    """Team `team` played by the guest of `host`."""

    name = "remote"

    def __init__(self, host: Host, team: str) -> None:
        super().__init__(0)
        self.host, self.team = host, team
        self._asks = 0
        self._turn: dict[str, Any] | None = None  # the open your_turn, sent again on a rejoin
        self._closed = threading.Event()

    def decide(self, game: Game) -> Action:
        """The guest's answer (legal in `game`); EndTurn only once the seat is closed, when
        nobody uses the answer."""
        self._asks += 1
        ask = self._asks
        self._turn = protocol.your_turn(ask, view(game.state(), self.team), game.index)
        self.host.ask(ask, self._turn)
        while not self._closed.is_set():
            try:
                message = self.host.actions.get(timeout=0.2)
            except queue.Empty:
                continue
            action = self._accepted(game, ask, message)
            if action is not None:
                self.host.open_ask, self._turn = None, None
                return action
        return EndTurn()

    def choose(self, game: Game) -> Action:
        return self.decide(game)

    def _accepted(self, game: Game, ask: int, message: dict[str, Any]) -> Action | None:
        if message["ask"] != ask:
            return None  # an answer to an ask before a rejoin: the host thread let it by
        try:
            action = protocol.action_from_json(message["action"])
        except protocol.ProtocolError as err:
            self.host.send(protocol.error(str(err)))
            return None
        if action not in game.legal_actions():  # the team's own units, in its turn, legal
            self.host.send(protocol.error("refused: not one of the legal actions you were sent"))
            return None
        return action

    def seen(self, game: Game) -> None:
        """After every action: the events as the guest's team saw them."""
        self.host.send(protocol.events(view(game.state(), self.team)))

    def seat(self, game: Game, names: dict[str, str], looks: dict[str, str]) -> None:
        """The guest (re)joined: where the game stands, and its open turn if it has one."""
        self.host.send(protocol.welcome(game.map, self.team, names,
                                        view(game.state(), self.team), looks))
        if self._turn is not None:
            self.host.send(self._turn)

    def close(self) -> None:
        self._closed.set()
