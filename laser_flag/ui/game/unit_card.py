"""The panel's words about the selected unit, its target and a move's risk (exact odds)."""

from __future__ import annotations

from ...board.forecast import Arrival
from ...engine.actions import Fire
from ...engine.cover import cover_sides
from ...engine.game import Game
from ...engine.game_map import other_team
from ...engine.ruleset import ALL_AP, class_label
from ...i18n import N_, _, ngettext
from ...play.log_text import Roster
from ...play.odds_text import chance, modifier_label, outcomes
from .inspect import cover_against, sides_text

FOG_RISK = N_("Fog of war: only watchers in sight are counted; hidden ones may fire too.")


def unit_lines(game: Game, uid: int) -> list[str]:
    """Class, AP, laser, snap shots, movement and cover of one unit."""
    unit = game.unit(uid)
    rules = game.rules[unit.unit_class]
    cost = _("all AP") if rules.firing_costs == ALL_AP else _("{firing_costs} AP").format(
        firing_costs=rules.firing_costs)
    cover = sides_text(game.what_if.cover_sides(unit))
    height = _("on cover (elevated)") if unit.elevated else _("on the ground")
    return [
        _("AP {ap}/{ap_per_turn} · speed {speed} · to-hit {to_hit}+").format(
            ap=unit.ap, ap_per_turn=game.rules.ap_per_turn, speed=rules.speed, to_hit=rules.to_hit),
        _("Laser {laser} · snap shots {snap_shots}").format(
            laser=unit.laser, snap_shots=unit.snap_shots),
        (_("Can move") if game.what_if.can_move(unit) else _("Cannot move")) + " · "
        + (_("can fire (costs {cost})") if game.what_if.can_fire(unit) else
           _("cannot fire (costs {cost})")).format(cost=cost),
        _("{height} · cover: {cover}").format(height=height, cover=cover),
    ]


def target_lines(game: Game, shooter: int, target: int, roster: Roster) -> list[str]:
    """The needed roll with every modifier named, and the exact chance to hit."""
    odds = game.what_if.to_hit(game.unit(shooter), game.unit(target))
    enemy = game.unit(target)
    lines = [_("Target: {unit} · laser {laser} · snap shots {snap_shots}").format(
        unit=roster.unit(target), laser=_(enemy.laser), snap_shots=enemy.snap_shots)]
    for i, (label, value) in enumerate(odds.modifiers):
        sign = "" if i == 0 else ("+" if value >= 0 else "-")
        lines.append(f"   {sign}{abs(value) if i else value}  {modifier_label(label)}")
    dice, hit = str(game.dice).upper(), chance(odds.probability, outcomes(game.dice))
    lines.append(_("Needed {needed} on {dice}: hit chance {hit}").format(
        needed=odds.needed, dice=dice, hit=hit))
    why = game.why_not(Fire(shooter, target))
    lines.append(_("Cannot fire now: {why}").format(
        why=why) if why else _("Click the target again or press F to fire."))
    return lines


def move_lines(game: Game, uid: int, move: Arrival, roster: Roster) -> list[str]:
    """Where a move goes and what the unit would have there: cover against whom, elevation,
    recharging, the shots it could take next; who could snap-shoot it; the exact odds."""
    steps = len(move.path) - 1
    lines = [ngettext("Move to {dest}: {steps} step, 1 AP", "Move to {dest}: {steps} steps, 1 AP",
                      steps).format(dest=move.dest, steps=steps),
             *arrival_lines(game, uid, move, roster)]
    hidden = [FOG_RISK] if game.fog else []  # `game` holds only the enemies in sight
    if not move.watchers:
        return [*lines, _("No enemy snap shot can reach it there."), *hidden]
    names = ", ".join(class_label(game.unit(w.unit).unit_class) for w in move.watchers)
    count = len(move.watchers)
    lines.append(ngettext("{count} snap shot could fire ({names})",
                          "{count} snap shots could fire ({names})", count).format(
        count=count, names=names))
    lines.append(_("Chance to arrive unhit: {chance}").format(
        chance=chance(move.p_unhit, outcomes(game.dice, count))))
    return [*lines, *hidden]


def arrival_lines(game: Game, uid: int, move: Arrival, roster: Roster) -> list[str]:
    """The unit as the move would leave it: height and cover there, a recharge, its shots."""
    unit, after, dest = game.unit(uid), move.after, move.dest
    height = _("elevated (on cover)") if after.elevated else _("on the ground")
    lines = [_("There: {height} · cover {sides_text}").format(
        height=height, sides_text=sides_text(cover_sides(game.map, dest, after.elevated))),
             *cover_against(game, dest, other_team(unit.team), roster)]
    if after.laser != unit.laser:
        lines.append(_("Its laser starts {laser} there (a base).").format(laser=after.laser))
    shots = [f"{roster.unit(shot.unit)} {chance(shot.odds.probability, outcomes(game.dice))}"
             for shot in move.shots]
    if shots:
        lines.append(_("Then fire at: {shots}").format(shots="; ".join(shots)))
    return lines
