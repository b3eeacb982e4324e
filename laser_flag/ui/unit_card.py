"""The panel's words about the selected unit, its target and a move's risk (exact odds)."""

from __future__ import annotations

from fractions import Fraction

from ..engine.game import Game
from ..engine.ruleset import ALL_AP, CLASS_LABELS
from .log_text import Roster

SIDE_WORDS = {"N": "north", "S": "south", "W": "west", "E": "east"}


def chance(p: Fraction, outcomes: int) -> str:
    """'15/36 = 41.7%': the exact count of the dice's `outcomes` and its percentage."""
    count = p * outcomes
    text = f"{count}/{outcomes}" if count.denominator == 1 else f"{p.numerator}/{p.denominator}"
    return f"{text} = {float(p) * 100:.1f}%"


def outcomes(game: Game, rolls: int = 1) -> int:
    """How many equally likely results `rolls` rolls of the game's dice have (36 for 2D6)."""
    return (game.dice.sides**game.dice.count) ** rolls


def unit_lines(game: Game, uid: int) -> list[str]:
    """Class, AP, laser, snap shots, movement and cover of one unit."""
    unit = game.unit(uid)
    rules = game.rules[unit.unit_class]
    cost = "all AP" if rules.firing_costs == ALL_AP else f"{rules.firing_costs} AP"
    cover = ", ".join(SIDE_WORDS[s] for s in sorted(game.cover_sides(uid))) or "none"
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
    lines = [f"Target: {roster.unit(target)}"]
    for i, (label, value) in enumerate(odds.modifiers):
        sign = "" if i == 0 else ("+" if value >= 0 else "-")
        lines.append(f"   {sign}{abs(value) if i else value}  {label}")
    dice = str(game.dice).upper()
    lines.append(
        f"Needed {odds.needed} on {dice}: hit chance {chance(odds.probability, outcomes(game))}"
    )
    if not game.can_fire(shooter):
        lines.append("This unit cannot fire now.")
    return lines


def move_lines(game: Game, path: tuple, risk) -> list[str]:
    """Where a move goes and who could snap-shoot it there; exact chance to arrive unhit."""
    dest = path[-1]
    steps = len(path) - 1
    lines = [f"Move to {dest}: {steps} step{'s' if steps != 1 else ''}, 1 AP"]
    if not risk.shooters:
        lines.append("No enemy snap shot can reach it there.")
        return lines
    names = ", ".join(CLASS_LABELS[game.unit(s).unit_class] for s in risk.shooters)
    count = len(risk.shooters)
    lines.append(f"{count} snap shot{'s' if count > 1 else ''} could fire ({names})")
    lines.append(f"Chance to arrive unhit: {chance(risk.p_unhit, outcomes(game, count))}")
    return lines
