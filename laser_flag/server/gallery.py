"""What spectators see of a game (docs/PROTOCOL.md, "Spectators").

Without fog nothing is secret: spectators see the whole board after every action. With fog a
spectator could tell a player where a hidden enemy is, so the game's creator chooses:
- "end": nothing of the board until the game is over, then the whole of it (and the replay);
- "delay": the whole board as it stood at the start of the turn before the last, so what is
  shown is always at least a full round old; and the whole of it once the game is over.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from ..engine.events import event_to_json
from ..engine.state import GameState
from ..engine.team_view import TeamView

DELAY_TURNS = 2  # a full round: both teams have played a whole turn since what is shown


def whole_view(state: GameState) -> TeamView:
    """Everything on the board, as a view of team 1 that sees it all (every unit, every tile),
    its events the last action's as they happened."""
    return TeamView("1", state.units, {}, (), None, state.events, state.turn,
                    state.active_team, state.fog, state.scores, state.stats, state.winner,
                    state.victory)


def board(state: GameState, delayed: bool) -> dict[str, Any]:
    """A spectator's board: the whole view of `state` and its events; `delayed`, when it is
    not the game as it stands now."""
    seen = whole_view(state)
    return {"type": "board", "view": seen.to_json(),
            "events": [event_to_json(e) for e in seen.events], "delayed": delayed}


class Gallery:
    """The boards spectators are shown under one policy ("live", "end" or "delay")."""

    def __init__(self, policy: str) -> None:
        self.policy = policy
        self._turn_starts: deque[GameState] = deque(maxlen=DELAY_TURNS + 1)

    def start(self, state: GameState) -> None:
        """A game begins (a rematch too): nothing of an earlier one is kept."""
        self._turn_starts.clear()
        self._turn_starts.append(state)

    def shown(self, state: GameState) -> dict[str, Any] | None:
        """The board to show now that the game stands at `state` (None: nothing new)."""
        if self.policy == "live" or state.winner is not None:
            return board(state, delayed=False)
        if self.policy == "end":
            return None
        if state.turn == self._turn_starts[-1].turn:
            return None  # the same turn: what it shows has not changed
        self._turn_starts.append(state)
        return board(self._turn_starts[0], delayed=True)

    def current(self, state: GameState) -> dict[str, Any] | None:
        """The board a spectator who comes in now is shown (None: none yet)."""
        if self.policy == "live" or state.winner is not None:
            return board(state, delayed=False)
        if self.policy == "end":
            return None
        return board(self._turn_starts[0], delayed=True)
