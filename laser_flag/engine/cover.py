"""Who is IN COVER against whom (RULES.md §5)."""

from __future__ import annotations

from .game_map import ELEVATED, WALL, GameMap, Pos

# Side names and the orthogonal step toward them.
SIDES = {"N": (-1, 0), "S": (1, 0), "W": (0, -1), "E": (0, 1)}


def cover_sides(gm: GameMap, pos: Pos, elevated: bool) -> frozenset[str]:
    """Sides on which a unit at `pos` has cover: a wall there, or cover while it is not on cover.

    Outside the grid gives no cover.
    """
    sides = []
    for side, (dr, dc) in SIDES.items():
        n = (pos[0] + dr, pos[1] + dc)
        if not gm.in_bounds(n):
            continue
        kind = gm.tile(*n)
        if kind == WALL or (kind == ELEVATED and not elevated):
            sides.append(side)
    return frozenset(sides)


def sides_facing(target: Pos, shooter: Pos) -> frozenset[str]:
    """The sides of `target` toward which `shooter` lies strictly (north-east gives N and E)."""
    return _FACING[(shooter[0] > target[0]) - (shooter[0] < target[0]),
                   (shooter[1] > target[1]) - (shooter[1] < target[1])]


# sides_facing by the signs of the shooter's row and column less the target's (asked per shot)
_FACING = {
    (dr, dc): frozenset(side for side, step in SIDES.items()
                        if step[0] and step[0] == dr or step[1] and step[1] == dc)
    for dr in (-1, 0, 1) for dc in (-1, 0, 1)}


def in_cover(gm: GameMap, target: Pos, target_elevated: bool, shooter: Pos) -> bool:
    """Whether a target at `target` has cover on a side facing a shooter at `shooter`."""
    return bool(cover_sides(gm, target, target_elevated) & sides_facing(target, shooter))
