"""Any state of a recorded game on demand, in time and memory linear in the game's length.

Memory must not grow with the square of a game's length, as a copy of the game per action
would (each copy holds the history so far). So the index keeps a copy every KEYFRAME_EVERY
actions and replays forward from the nearest one before the state asked for; stepping on by
one action from the last state asked for applies just that action.
"""

from __future__ import annotations

from array import array
from bisect import bisect_left
from collections.abc import Callable, Sequence

from .engine.actions import Action, IllegalAction
from .engine.events import Event
from .engine.game import Game
from .engine.game_map import GameMap
from .engine.record import action_to_json
from .engine.team_view import versions
from .engine.terms import TEAMS, Team

KEYFRAME_EVERY = 100  # a step back replays at most 99 actions
PROGRESS_EVERY = 1000  # actions between two calls of a replay's progress callback

Progress = Callable[[int, int], None]  # (actions replayed, actions in all); it may raise to stop


def _apply(game: Game, action: Action, i: int) -> list[Event]:
    try:
        return game.apply(action)
    except IllegalAction as err:
        raise IllegalAction(f"action {i} ({action_to_json(action)}): {err.reason}") from err


class ReplayIndex:
    """The states of one recorded game: `game_at(i)` is the game after its first i actions.

    Building it is the replay that checks a save (IllegalAction names the first bad action),
    so a save is replayed once whether it is continued or watched. A long one takes seconds:
    `progress` hears how far it is (and may raise to stop it).
    """

    def __init__(
        self, gm: GameMap, seed: int, actions: Sequence[Action], every: int = KEYFRAME_EVERY,
        fog: bool = False, progress: Progress | None = None,
    ) -> None:
        self.actions = tuple(actions)
        self.every, self.fog = every, fog
        game = Game(gm, seed=seed, fog=fog)  # a save says whether it had fog: never the map
        self.keyframes = [game.copy()]  # the state after every `every`-th action, from 0
        self.events: list[list[Event]] = [[]]  # what each action made happen, dice included
        self.turns = array("q", [game.turn])  # the turn after each action: never decreasing
        # With fog, each action's events with the version each team was told of (RULES §9),
        # for replays "as seen by" (team_view.versions).
        self._versions: list[list[tuple[Event, dict[Team, Event]]]] = [[]]
        for i, action in enumerate(self.actions, 1):
            self.events.append(_apply(game, action, i - 1))
            if fog:
                self._versions.append(versions(game.state()))
            self.turns.append(game.turn)
            if i % every == 0:
                self.keyframes.append(game.copy())
            if progress is not None and i % PROGRESS_EVERY == 0:
                progress(i, len(self.actions))
        self._at, self._game = len(self.actions), game

    def events_for(self, index: int, team: str) -> list[Event]:
        """The events of action `index` (1-based, as `events`) that `team` was told of."""
        return [e for e, seen in self.versions(index) if team in seen]

    def seen_by(self, index: int, team: str) -> list[Event]:
        """The events of action `index` as `team` was told of them (an enemy's move under fog
        seen where it ended)."""
        return [seen[team] for _, seen in self.versions(index) if team in seen]

    def versions(self, index: int) -> list[tuple[Event, dict[Team, Event]]]:
        """Each event of action `index`, with the version each team told of it saw."""
        if self.fog:
            return self._versions[index]
        return [(e, dict.fromkeys(TEAMS, e)) for e in self.events[index]]

    @property
    def last(self) -> int:
        """The index of the final state (the number of actions)."""
        return len(self.actions)

    def game_at(self, index: int) -> Game:
        """The game after `index` actions; read it, never apply to it (the index moves it)."""
        if not 0 <= index <= self.last:
            raise IndexError(f"no state {index}: the game has {self.last} actions")
        if index < self._at or index // self.every > self._at // self.every:
            start = index // self.every
            self._at, self._game = start * self.every, self.keyframes[start].copy()
        while self._at < index:
            self._game.apply(self.actions[self._at])
            self._at += 1
        return self._game

    def first_of_turn(self, turn: int) -> int:
        """The index of the first state of `turn` (the last turn if `turn` is past it)."""
        return bisect_left(self.turns, min(max(1, turn), self.turns[-1]))
