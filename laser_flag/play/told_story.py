"""A network guest's record of its game: each action's events as its team was told of them.

The guest never holds the game's actions or dice (the host keeps them), so its victory screen
reads the game's story (game_story) from this instead of a replay: the same shape as a
`ReplayIndex` (events per action, the turn after each, the end), built only from the views the
host sent. Under fog it holds nothing the team was not told. No pygame.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.events import Event
from ..engine.game import Game
from ..engine.game_map import TEAMS, GameMap
from ..engine.team_view import TeamView


@dataclass(frozen=True)
class KnownEnd:
    """The end of the game as the guest knows it: who won, the map, and the units still on the
    board (its own, the enemies in sight and the hidden ones it knows exist)."""

    winner: str | None
    map: GameMap
    on_board: frozenset[int]

    def unit(self, uid: int) -> int | None:
        """The unit's id while it is on the board (game_story asks only whether it is)."""
        return uid if uid in self.on_board else None


class ToldRecord:
    """The actions this guest saw played, from the view it was first seated with."""

    def __init__(self, first: TeamView, game: Game) -> None:
        self.events: list[list[Event]] = [[]]
        self.turns: list[int] = [first.turn]
        # Only shots make the story: it is whole when none had been fired before it began.
        self.shots_before = sum(first.stats[t]["shots"] for t in TEAMS)
        self.end = self.known_end(first, game)

    def add(self, seen: TeamView, game: Game) -> None:
        """One action played: its events as told, and the view after it (`game` made from it)."""
        self.events.append(list(seen.events))
        self.turns.append(seen.turn)
        self.end = self.known_end(seen, game)

    @staticmethod
    def known_end(seen: TeamView, game: Game) -> KnownEnd:
        return KnownEnd(seen.winner, game.map, frozenset(u.id for u in seen.units)
                        | frozenset(seen.hidden))

    @property
    def whole(self) -> bool:
        """Whether every shot of the game is in the record (the guest saw it from the first)."""
        return self.shots_before == 0

    @property
    def last(self) -> int:
        return len(self.events) - 1

    def game_at(self, index: int) -> KnownEnd:
        """The end of the game (the only state a victory screen asks of a record)."""
        if index != self.last:
            raise IndexError("a guest's record keeps only the end of its game")
        return self.end

    def units_left(self, team: str) -> int:
        return sum(1 for uid in self.end.on_board if self.end.map.units[uid].team == team)
