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
from ...i18n import N_, _
from ...play.log_text import Roster

SIDE_WORDS = {"N": N_("north"), "S": N_("south"), "W": N_("west"), "E": N_("east")}


def sides_text(sides: frozenset[str]) -> str:
    """'north, east' in compass order, or 'none'."""
    return ", ".join(_(SIDE_WORDS[s]) for s in "NSWE" if s in sides) or _("none")


def enemy_card(game: Game, uid: int, roster: Roster) -> tuple[str, list[str]]:
    """An enemy's card: its class's numbers, laser, AP left from its turn, snap shots, cover."""
    unit = game.unit(uid)
    rules = game.rules[unit.unit_class]
    cost = _("all its AP") if rules.firing_costs == ALL_AP else _("{firing_costs} AP").format(
        firing_costs=rules.firing_costs)
    height = _("on cover (elevated)") if unit.elevated else _("on the ground")
    sees = [roster.unit(e) for e in game.what_if.visible_enemies(unit)]
    return _("{unit} (enemy)").format(unit=roster.unit(uid)), [
        _("Speed {speed} · to-hit {to_hit}+ · cover defense +{cover_defense}").format(
            speed=rules.speed, to_hit=rules.to_hit, cover_defense=rules.cover_defense),
        _("Elevated: attack {elevated_attack:+d}, defense {elevated_defense:+d} · snap penalty "
          "+{snap_shot_penalty}").format(
            elevated_attack=rules.elevated_attack, elevated_defense=rules.elevated_defense,
            snap_shot_penalty=rules.snap_shot_penalty),
        _("Firing costs {cost}{value}").format(
            cost=cost, value='' if rules.moves_after_firing else '; cannot move after'),
        _("Laser {laser} · snap shots {snap_shots} of {max_snap_shots}").format(
            laser=unit.laser, snap_shots=unit.snap_shots, max_snap_shots=rules.max_snap_shots),
        _("AP {ap}/{ap_per_turn} left from its turn").format(
            ap=unit.ap, ap_per_turn=game.rules.ap_per_turn),
        _("{height} · cover: {sides_text}").format(
            height=height, sides_text=sides_text(game.what_if.cover_sides(unit))),
        _("Sees: {value}").format(value=', '.join(sees) or 'none of yours'),
    ]


def tile_kind_text(game: Game, pos: Pos, names: Mapping[str, str]) -> str:
    """What the tile is, and a base's team in the players' own names."""
    kind = game.map.kind(pos)
    if kind in BASES and kind != BASE_U:
        return _("{possessive} base").format(possessive=possessive(names[kind[-1]]))
    return _(TILE_LABELS[kind])


def tile_lines(game: Game, pos: Pos, names: Mapping[str, str], roster: Roster) -> list[str]:
    """A hovered tile: its kind, and what a unit of the team to play would have there."""
    gm = game.map
    kind = tile_kind_text(game, pos, names)
    if gm.kind(pos) == WALL:
        return [_("Tile {pos}: {kind}: blocks sight and walking.").format(pos=pos, kind=kind)]
    elevated = gm.is_cover(pos)
    gives = _("elevated (on cover)") if elevated else _("on the ground")
    lines = [_("Tile {pos}: {kind} · a unit here is {gives}").format(
        pos=pos, kind=kind, gives=gives),
             _("Cover sides there: {sides_text}").format(
                 sides_text=sides_text(cover_sides(gm, pos, elevated)))]
    lines += cover_against(game, pos, other_team(game.active_team), roster)
    return lines


def cover_against(game: Game, pos: Pos, enemy_team: str, roster: Roster) -> list[str]:
    """For a unit on `pos`: which enemies that see it it has cover from, and which not."""
    elevated = game.map.is_cover(pos)
    watchers = [u for u in game.units
                if u.team == enemy_team and game.what_if.has_los(u.pos, pos) and u.pos != pos]
    if not watchers:  # under fog `game` holds only the enemies in sight
        return [_("No enemy in sight sees it.") if game.fog else _("No enemy sees it.")]
    covered = {u.id for u in watchers if in_cover(game.map, pos, elevated, u.pos)}
    exposed = [u.id for u in watchers if u.id not in covered]
    lines = []
    if covered:
        lines.append(_("In cover from: {units}").format(
            units=", ".join(roster.unit(i) for i in sorted(covered))))
    if exposed:
        lines.append(_("Open to: {units}").format(units=", ".join(roster.unit(i) for i in exposed)))
    return lines


def sight(game: Game, uid: int) -> frozenset[Pos]:
    """The tiles a unit sees that a unit could stand on (walls are never shaded)."""
    gm = game.map
    return gm.visibility.visible_from(game.unit(uid).pos) & gm.memo(open_tiles)


def open_tiles(gm: GameMap) -> frozenset[Pos]:
    """Every tile of the map that is not a wall."""
    return frozenset((r, c) for r in range(gm.rows) for c in range(gm.cols)
                     if not gm.is_wall((r, c)))

