"""A game at a table: the engine's Game and what only the players' side keeps of it."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..board.palette import Palette
from ..engine.game import Game
from ..engine.game_map import TEAMS, GameMap
from .log_text import Roster
from .seats import all_human


@dataclass
class GameAtTable:
    """A game and its players' side of it: the teams' names, who plays each (Human or a bot
    level, bots.LEVELS), whose colours each wears, and the log. All a screen shows of a game:
    the guest's side of a network game is this alone (the host keeps the saves, and there is
    no undo); a local game's `Session` adds its saves, its undo and its debug dump."""

    game: Game
    names: dict[str, str]
    levels: dict[str, str] = field(default_factory=all_human)
    # Whose colours (the map's team looks) each team wears: a rematch with sides swapped hands
    # the players the other team and each keeps their colours with their name.
    looks: dict[str, str] = field(default_factory=lambda: {t: t for t in TEAMS})
    log: list[str] = field(default_factory=list)
    roster: Roster = field(init=False)

    def __post_init__(self) -> None:
        self.roster = Roster(self.gm, self.names)

    @property
    def gm(self) -> GameMap:
        return self.game.map

    @property
    def seed(self) -> int:
        """The game's seed: the seats' bots are seeded from it."""
        return self.game.seed

    def palette(self, alternate: bool = False) -> Palette:
        """The board's colours for this game: each team in the colours it wears."""
        return Palette.from_map(self.gm, alternate, self.looks)
