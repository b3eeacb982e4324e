"""The tiles of a team's approach to the enemy: where a tile of cover, or one taken away,
changes what the team's walkers meet on their first moves more than what a side that stays in
its cover meets (no Tk)."""

from __future__ import annotations

from laser_flag.bots.distances import walking_distance
from laser_flag.engine import GameMap, Pos, other_team
from laser_flag.engine.game_map import ELEVATED, LEVEL


def approach_tiles(gm: GameMap, team: str) -> frozenset[Pos]:
    """Floor and cover tiles on some shortest walk (the moves' corner rule, units ignored) from a
    unit of `team` to the nearest enemy's starting tile, in that walk's first half (the team's
    own side, its first moves), and seen from an enemy's starting tile (where the enemy's watch
    fires first). No unit's starting tile: cover under a unit changes its start, not its way."""
    enemies = [u.pos for u in gm.units if u.team == other_team(team)]
    to_enemy = walking_distance(gm, enemies, corners=False)
    starts = {u.pos for u in gm.units}
    found: set[Pos] = set()
    for unit in gm.units:
        if unit.team != team or unit.pos not in to_enemy:
            continue
        length = to_enemy[unit.pos]
        walked = walking_distance(gm, [unit.pos], corners=False)
        found |= {p for p, d in walked.items()
                  if 0 < d <= length // 2 and d + to_enemy.get(p, length + 1) == length}
    return frozenset(p for p in found - starts
                     if gm.kind(p) in (LEVEL, ELEVATED)
                     and any(gm.visibility.sees(e, p) for e in enemies))
