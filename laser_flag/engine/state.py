"""The game's state as one frozen record: the save digest, debug dumps and from_state read it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

from .fog import FrozenMemory
from .terms import Team, Victory, Winner
from .units import Unit


@dataclass(frozen=True, slots=True)
class GameState:
    """Everything that decides what happens next, besides the map (and the history that led here).

    `rng` is the generator's state (random.Random.getstate()): it decides every later die.
    """

    units: tuple[Unit, ...]
    active_team: Team
    turn: int
    scores: Mapping[str, int]
    stats: Mapping[str, Mapping[str, int]]  # per team: shots and hits
    winner: Winner | None
    victory: Victory | None
    rolls: int  # dice rolled so far; an undo may not take back a roll
    rng: tuple[Any, ...]
    last_seen: FrozenMemory = ()  # fog of war: where each team last saw each enemy (RULES §9)

    def to_json(self) -> dict[str, Any]:
        """Plain JSON values for a debug dump: every field but the generator's 625 numbers."""
        return {
            "units": [{**asdict(u), "pos": list(u.pos)} for u in self.units],
            "active_team": self.active_team,
            "turn": self.turn,
            "scores": dict(self.scores),
            "stats": {team: dict(stats) for team, stats in self.stats.items()},
            "winner": self.winner,
            "victory": self.victory,
            "rolls": self.rolls,
            **({"last_seen": [[t, uid, list(pos), rnd] for t, uid, pos, rnd in self.last_seen]}
               if self.last_seen else {}),
        }
