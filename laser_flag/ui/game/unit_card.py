"""The panel's words about the selected unit, its target and a move's risk (exact odds)."""

from __future__ import annotations

from ...board.forecast import Arrival
from ...engine.actions import Fire
from ...engine.cover import cover_sides
from ...engine.game import Game
from ...engine.game_map import other_team
from ...engine.ruleset import ALL_AP, class_label
from ...play.log_text import Roster
from ...play.odds_text import chance, outcomes
from .inspect import cover_against, sides_text

FOG_RISK = "Fog of war: only watchers in sight are counted; hidden ones may fire too."


def unit_lines(game: Game, uid: int) -> list[str]:
    """Class, AP, laser, snap shots, movement and cover of one unit."""
    unit = game.unit(uid)
    rules = game.rules[unit.unit_class]
    cost = "all AP" if rules.firing_costs == ALL_AP else f"{rules.firing_costs} AP"
    cover = sides_text(game.cover_sides(uid))
    height = "on cover (elevated)" if unit.elevated else "on the ground"
    return [
        f"AP {unit.ap}/{game.rules.ap_per_turn} · speed {rules.speed} · to-hit {rules.to_hit}+",
        f"Laser {unit.laser} · snap shots {unit.snap_shots}",
        f"{'Can move' if game.can_move(uid) else 'Cannot move'} · "
        f"{'can fire' if game.can_fire(uid) else 'cannot fire'} (costs {cost})",
        f"{height} · cover: {cover}",
    ]


def target_lines(game: Game, shooter: int, target: int, roster: Roster) -> list[str]:
    """The needed roll with every modifier named, and the exact chance to hit."""
    odds = game.to_hit(shooter, target)
    enemy = game.unit(target)
    lines = [f"Target: {roster.unit(target)} · laser {enemy.laser} · "
             f"snap shots {enemy.snap_shots}"]
    for i, (label, value) in enumerate(odds.modifiers):
        sign = "" if i == 0 else ("+" if value >= 0 else "-")
        lines.append(f"   {sign}{abs(value) if i else value}  {label}")
    dice, hit = str(game.dice).upper(), chance(odds.probability, outcomes(game.dice))
    lines.append(f"Needed {odds.needed} on {dice}: hit chance {hit}")
    why = game.why_not(Fire(shooter, target))
    lines.append(f"Cannot fire now: {why}" if why else "Click the target again or press F to fire.")
    return lines


def move_lines(game: Game, uid: int, move: Arrival, roster: Roster) -> list[str]:
    """Where a move goes and what the unit would have there: cover against whom, elevation,
    recharging, the shots it could take next; who could snap-shoot it; the exact odds."""
    steps = len(move.path) - 1
    lines = [f"Move to {move.dest}: {steps} step{'s' if steps != 1 else ''}, 1 AP",
             *arrival_lines(game, uid, move, roster)]
    hidden = [FOG_RISK] if game.fog else []  # `game` holds only the enemies in sight
    if not move.watchers:
        return [*lines, "No enemy snap shot can reach it there.", *hidden]
    names = ", ".join(class_label(game.unit(w.unit).unit_class) for w in move.watchers)
    count = len(move.watchers)
    lines.append(f"{count} snap shot{'s' if count > 1 else ''} could fire ({names})")
    lines.append(f"Chance to arrive unhit: {chance(move.p_unhit, outcomes(game.dice, count))}")
    return [*lines, *hidden]


def arrival_lines(game: Game, uid: int, move: Arrival, roster: Roster) -> list[str]:
    """The unit as the move would leave it: height and cover there, a recharge, its shots."""
    unit, after, dest = game.unit(uid), move.after, move.dest
    height = "elevated (on cover)" if after.elevated else "on the ground"
    lines = [f"There: {height} · cover {sides_text(cover_sides(game.map, dest, after.elevated))}",
             *cover_against(game, dest, other_team(unit.team), roster)]
    if after.laser != unit.laser:
        lines.append(f"Its laser starts {after.laser} there (a base).")
    shots = [f"{roster.unit(shot.unit)} {chance(shot.odds.probability, outcomes(game.dice))}"
             for shot in move.shots]
    if shots:
        lines.append("Then fire at: " + "; ".join(shots))
    return lines
