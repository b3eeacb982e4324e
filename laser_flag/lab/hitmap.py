"""Where hits happen: per tile, how many hitting shots were fired from it and how many hit a
unit standing on it, snap shots included, summed over the games of a run."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from laser_flag.engine import GameMap, Pos
from laser_flag.engine.events import Event, Moved, Shot


@dataclass
class HitMap:
    """Two layers of counts per tile: hits fired from it, and hits on a unit standing on it."""

    fired_from: Counter[Pos] = field(default_factory=Counter)
    target_at: Counter[Pos] = field(default_factory=Counter)

    def add(self, other: HitMap) -> None:
        self.fired_from.update(other.fired_from)
        self.target_at.update(other.target_at)

    def to_json(self) -> dict[str, list[list[int]]]:
        """Each layer as `[row, col, hits]` triples in reading order; no hit, no triple."""
        return {name: [[r, c, n] for (r, c), n in sorted(layer.items())]
                for name, layer in (("fired_from", self.fired_from),
                                    ("target_at", self.target_at))}


class HitRecorder:
    """Follows one game's events: where every unit stands, the tiles of every hit, and how many
    shots were fired (the pace of the game)."""

    def __init__(self, gm: GameMap) -> None:
        self.standing = {uid: spec.pos for uid, spec in enumerate(gm.units)}
        self.hits = HitMap()
        self.shots = 0

    def __call__(self, events: Sequence[Event]) -> None:
        for event in events:
            if isinstance(event, Moved):
                self.standing[event.unit] = event.path[-1]
            elif isinstance(event, Shot):
                self.shots += 1
                if event.hit:
                    self.hits.fired_from[self.standing[event.shooter]] += 1
                    self.hits.target_at[self.standing[event.target]] += 1

