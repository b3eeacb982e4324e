"""The guest's seat at the host: a team whose actions come over the network.

The host's main loop polls it every frame, as any seat (`ui.seats.Seat`): the first poll in a
position sends the guest `your_turn` (the team's view and legal actions, under a new ask
number); each poll then drains the host's `actions` queue without waiting. An answer to an
older ask is dropped; one that is not among the legal actions is refused with one `error`
line, and the polling goes on. While the guest is away (`away`) the game waits for it.

With a time per turn (`seconds`, the headless host's `--turn-seconds`), `your_turn` carries the
seconds left of the turn, a rejoin is told what is left, not a fresh time, and a turn not ended
in time is ended for the guest: a guest that never answers cannot hold the game.
"""

from __future__ import annotations

import queue
import time
from collections.abc import Callable
from typing import Any

from ..engine import Action, EndTurn, Game, view
from ..i18n import _
from ..remote import protocol
from ..remote.host import Host
from .seats import Seat, card_lines


class RemoteSeat(Seat):
    """Team `team` played by the guest of `host`."""

    remote = True

    def __init__(self, host: Host, team: str, seconds: float | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.host, self.team = host, team
        self.seconds, self.clock = seconds, clock
        self.asks = 0
        self.asked: tuple[Game, int] | None = None  # the game and its length when last asked
        self._turn: dict[str, Any] | None = None  # the open your_turn, sent again on a rejoin
        self._started: tuple[Game, int, float] | None = None  # the game and turn asked, and when
        self.closed = False

    def poll(self, game: Game, dt_ms: float, speed: float) -> Action | None:
        """The guest's answer, once it has come and is legal in `game`; the guest's own
        screen showed it, so it plays at once at any speed."""
        if self.closed:
            return None
        if self.asked is None or self.asked[0] is not game or self.asked[1] != len(game.history):
            self._ask(game)
        action = self._answer(game)
        if action is None and self._left() == 0:
            action = EndTurn()  # the time is up: the turn ends as if the guest had ended it
        if action is not None:
            self.host.close_ask()
            self._turn = None
        return action

    def _answer(self, game: Game) -> Action | None:
        """The first legal answer to the open ask in the host's queue, if one has come."""
        while True:
            try:
                message = self.host.actions.get_nowait()
            except queue.Empty:
                return None
            action = self._accepted(game, message)
            if action is not None:
                return action

    def _ask(self, game: Game) -> None:
        self.asks += 1
        self.asked = (game, len(game.history))
        started = self._started
        if started is None or started[0] is not game or started[1] != game.turn:
            self._started = (game, game.turn, self.clock())
        self._turn = protocol.your_turn(self.asks, view(game.state(), self.team), game.index,
                                        self._left())
        self.host.ask(self.asks, self._turn)

    def _left(self) -> float | None:
        """Seconds left of the turn asked (never below 0); None without a time per turn."""
        if self.seconds is None or self._started is None:
            return None
        return max(0.0, round(self._started[2] + self.seconds - self.clock(), 3))

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
            if self.seconds is not None:
                self._turn = {**self._turn, "seconds": self._left()}
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
