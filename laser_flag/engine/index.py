"""Everything worked out once about one map, for every game on it and every thread.

A `MapIndex` holds the map's tables, each typed and read-only once built (or, for the kept
move searches and the few answers below, changed only under a lock or by one atomic step):
the LOS answers, the tiles as bitsets and the kept move searches (movement.py), each class's
walk, each team's unit ids, every Move and Fire a game on the map could offer (made once: a
frozen dataclass is slow to build, and legal_actions() only lists them), and the to-hit and
cover answers bots ask for by the thousand. Game states hold their map's index; threads that
think on copies of one game share it.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from types import MappingProxyType

from . import movement
from .actions import Fire, Move
from .cover import cover_sides, sides_facing
from .game_map import GameMap, Pos
from .rolls import TWO_D6, Dice, ToHit, to_hit
from .terms import TEAMS, Team

ToHitKey = tuple[str, bool, str, bool, bool, bool]


class MapIndex:
    """One map's tables; build it with `index_of`, which keeps one per map."""

    def __init__(self, gm: GameMap, dice: Dice = TWO_D6) -> None:
        self.map, self.rules, self.dice = gm, gm.rules, dice
        self.visibility = gm.visibility
        self.grid = movement.grid_of(gm)
        self.searches = movement.kept_searches(gm)
        self.bit = self.grid.bit  # each tile's bit, as the searches read the units' tiles
        self.walks = {name: movement.walk_of(gm, c.speed, c.climbs_freely)
                      for name, c in gm.rules.classes.items()}
        # Each class's searches by start tile, as the kept searches are keyed: made once, so
        # that a search asked again hashes the same key and finds it by identity
        self.search_keys: dict[str, Mapping[Pos, tuple[Pos, int, bool, int]]] = {
            name: MappingProxyType({pos: (pos, *walk) for pos in self.bit})
            for name, walk in self.walks.items()}
        # legal_actions() looks at the team to play only, and picks its actions from these
        self.team_ids: dict[Team, list[int]] = {
            team: [uid for uid, spec in enumerate(gm.units) if spec.team == team]
            for team in TEAMS}
        self.move_tables: tuple[tuple[Move | None, ...], ...] = tuple(
            tuple(movement.tile_table(gm, partial(Move, uid))) for uid in range(len(gm.units)))
        self.fire_table: Mapping[tuple[int, int], Fire] = MappingProxyType({
            (a, b): Fire(a, b) for a, spec in enumerate(gm.units)
            for b, other in enumerate(gm.units) if spec.team != other.team})
        # Only a few distinct answers: kept as asked (a dict's single store is one atomic
        # step, and two threads asking at once put the same answer).
        self._to_hit: dict[ToHitKey, ToHit] = {}
        self._cover: dict[tuple[Pos, bool], frozenset[str]] = {}

    def to_hit(self, shooter_class: str, shooter_elevated: bool, target_class: str,
               target_elevated: bool, target_in_cover: bool, snap: bool) -> ToHit:
        """The to-hit of a shot so described (RULES §5)."""
        key = (shooter_class, shooter_elevated, target_class, target_elevated, target_in_cover,
               snap)
        odds = self._to_hit.get(key)
        if odds is None:
            rules = self.rules
            odds = self._to_hit[key] = to_hit(
                rules[shooter_class], rules[target_class], shooter_class=shooter_class,
                shooter_elevated=shooter_elevated, target_elevated=target_elevated,
                target_in_cover=target_in_cover, snap=snap, dice=self.dice)
        return odds

    def cover_sides(self, pos: Pos, elevated: bool) -> frozenset[str]:
        """The sides on which a unit on `pos` has cover (cover.cover_sides)."""
        sides = self._cover.get((pos, elevated))
        if sides is None:
            sides = self._cover[pos, elevated] = cover_sides(self.map, pos, elevated)
        return sides

    def in_cover(self, target: Pos, elevated: bool, shooter: Pos) -> bool:
        """cover.in_cover, from the sides kept here: asked for every shot."""
        return bool(self.cover_sides(target, elevated) & sides_facing(target, shooter))


def index_of(gm: GameMap) -> MapIndex:
    """The map's index, built on first use and kept with the map (one however many ask)."""
    return gm.memo(MapIndex)
