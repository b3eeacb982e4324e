"""One game being played: the engine's Game plus what only the client keeps (names, log, seed)."""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..engine.game import Game
from ..engine.game_map import TEAMS, GameMap
from .log_text import Roster


def new_seed() -> int:
    return secrets.randbelow(2**31)


@dataclass
class Session:
    """A game and its players' side of it; `state_file` is a debug dump for tests."""

    gm: GameMap
    names: dict[str, str]
    seed: int
    game: Game = field(init=False)
    roster: Roster = field(init=False)
    log: list[str] = field(default_factory=list)
    state_file: Path | None = None

    def __post_init__(self) -> None:
        self.game = Game(self.gm, seed=self.seed)
        self.roster = Roster(self.gm, self.names)

    @classmethod
    def start(cls, gm: GameMap, seed: int | None = None, state_file: Path | None = None) -> Session:
        """A fresh game; ValueError (from the engine) if a team has no units."""
        names = {t: gm.teams[t].name for t in TEAMS}
        seed = new_seed() if seed is None else seed
        return cls(gm, names, seed, state_file=state_file)

    def rematch(self, swap_sides: bool) -> Session:
        """A new game on the same map; swapping sides hands each player the other team."""
        names = {"1": self.names["2"], "2": self.names["1"]} if swap_sides else dict(self.names)
        return Session(self.gm, names, new_seed(), state_file=self.state_file)

    def state(self) -> dict[str, Any]:
        game = self.game
        return {
            "map": self.gm.source,
            "seed": self.seed,
            "turn": game.turn,
            "round": game.round,
            "active_team": game.active_team,
            "scores": dict(game.scores),
            "stats": {team: dict(stats) for team, stats in game.stats.items()},
            "names": dict(self.names),
            "winner": game.winner,
            "victory": game.victory,
            "units": [unit_state(u) for u in game.units],
            "log": list(self.log),
        }

    def write_state(self) -> None:
        """Dump the state as JSON when a state file was asked for (`--state-file`)."""
        if self.state_file is not None:
            self.state_file.write_text(json.dumps(self.state(), indent=1), encoding="utf-8")


def unit_state(unit: Any) -> dict[str, Any]:
    return {
        "id": unit.id,
        "team": unit.team,
        "class": unit.unit_class,
        "pos": list(unit.pos),
        "ap": unit.ap,
        "laser": unit.laser,
        "snap_shots": unit.snap_shots,
    }
