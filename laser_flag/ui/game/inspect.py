"""Inspecting what is not yours to command: an enemy's card and sight, and what a tile gives.

Words only, from the engine's answers (cover_sides, in_cover, visibility), so the panel shows
the same facts the rules use.
"""

from __future__ import annotations

from collections.abc import Mapping

from ...board.tile_labels import TILE_LABELS
from ...engine.cover import cover_sides, in_cover
from ...engine.game import Game
from ...engine.game_map import BASE_U, BASES, WALL, GameMap, Pos, other_team, possessive
from ...engine.ruleset import ALL_AP
from ...play.log_text import Roster

SIDE_WORDS = {"N": "north", "S": "south", "W": "west", "E": "east"}


def sides_text(sides: frozenset[str]) -> str:
    """'north, east' in compass order, or 'none'."""
    return ", ".join(SIDE_WORDS[s] for s in "NSWE" if s in sides) or "none"


def enemy_card(game: Game, uid: int, roster: Roster) -> tuple[str, list[str]]:
    """An enemy's card: its class's numbers, laser, AP left from its turn, snap shots, cover."""
    unit = game.unit(uid)
    rules = game.rules[unit.unit_class]
    cost = "all its AP" if rules.firing_costs == ALL_AP else f"{rules.firing_costs} AP"
    height = "on cover (elevated)" if unit.elevated else "on the ground"
    sees = [roster.unit(e) for e in game.visible_enemies(uid)]
    return f"{roster.unit(uid)} (enemy)", [
        f"Speed {rules.speed} · to-hit {rules.to_hit}+ · cover defense +{rules.cover_defense}",
        f"Elevated: attack {rules.elevated_attack:+d}, defense {rules.elevated_defense:+d} · "
        f"snap penalty +{rules.snap_shot_penalty}",
        f"Firing costs {cost}{'' if rules.moves_after_firing else '; cannot move after'}",
        f"Laser {unit.laser} · snap shots {unit.snap_shots} of {rules.max_snap_shots}",
        f"AP {unit.ap}/{game.rules.ap_per_turn} left from its turn",
        f"{height} · cover: {sides_text(game.cover_sides(uid))}",
        f"Sees: {', '.join(sees) or 'none of yours'}",
    ]


def tile_kind_text(game: Game, pos: Pos, names: Mapping[str, str]) -> str:
    """What the tile is, and a base's team in the players' own names."""
    kind = game.map.kind(pos)
    if kind in BASES and kind != BASE_U:
        return f"{possessive(names[kind[-1]])} base"
    return TILE_LABELS[kind]


def tile_lines(game: Game, pos: Pos, names: Mapping[str, str], roster: Roster) -> list[str]:
    """A hovered tile: its kind, and what a unit of the team to play would have there."""
    gm = game.map
    kind = tile_kind_text(game, pos, names)
    if gm.kind(pos) == WALL:
        return [f"Tile {pos}: {kind}: blocks sight and walking."]
    elevated = gm.is_cover(pos)
    gives = "elevated (on cover)" if elevated else "on the ground"
    lines = [f"Tile {pos}: {kind} · a unit here is {gives}",
             f"Cover sides there: {sides_text(cover_sides(gm, pos, elevated))}"]
    lines += cover_against(game, pos, other_team(game.active_team), roster)
    return lines


def cover_against(game: Game, pos: Pos, enemy_team: str, roster: Roster) -> list[str]:
    """For a unit on `pos`: which enemies that see it it has cover from, and which not."""
    elevated = game.map.is_cover(pos)
    watchers = [u for u in game.units
                if u.team == enemy_team and game.has_los(u.pos, pos) and u.pos != pos]
    if not watchers:  # under fog `game` holds only the enemies in sight
        return ["No enemy in sight sees it." if game.fog else "No enemy sees it."]
    covered = {u.id for u in watchers if in_cover(game.map, pos, elevated, u.pos)}
    exposed = [u.id for u in watchers if u.id not in covered]
    lines = []
    if covered:
        lines.append("In cover from: " + ", ".join(roster.unit(i) for i in sorted(covered)))
    if exposed:
        lines.append("Open to: " + ", ".join(roster.unit(i) for i in exposed))
    return lines


def sight(game: Game, uid: int) -> frozenset[Pos]:
    """The tiles a unit sees that a unit could stand on (walls are never shaded)."""
    gm = game.map
    return gm.visibility.visible_from(game.unit(uid).pos) & gm.memo(open_tiles)


def open_tiles(gm: GameMap) -> frozenset[Pos]:
    """Every tile of the map that is not a wall."""
    return frozenset((r, c) for r in range(gm.rows) for c in range(gm.cols)
                     if not gm.is_wall((r, c)))

