"""Ending a turn (RULES.md §6), in its order: lasers charge, the team keeps its snap shots, the
turn limit is checked, and the other team gets its AP back."""

from __future__ import annotations

from .actions import EndTurn
from .draft import Draft
from .events import TurnEnded
from .ruleset import Ruleset
from .terms import TEAMS, Victory, other_team
from .units import CHARGED, CHARGING
from .victory import leader


def end_turn(d: Draft, action: EndTurn) -> None:
    """Apply an EndTurn."""
    team = d.active_team
    for u in list(d.units.values()):
        if u.laser == CHARGING:
            d.set_laser(u, CHARGED)
    for u in list(d.units.values()):
        if u.team == team:
            keep = u.laser == CHARGED and not u.fired
            snap = snap_shots_kept(d.index.rules, u.unit_class, u.ap) if keep else 0
            if u.snap_shots != snap:  # a unit left as it was is not copied
                d.put(u.changed(snap_shots=snap))
    limit = d.index.map.turn_limit
    if limit is not None and team == TEAMS[1] and d.round >= limit:
        d.finish(leader(d.scores), Victory.TURN_LIMIT)
    nxt = other_team(team)
    d.turn += 1
    d.active_team = nxt
    fresh = (d.index.rules.ap_per_turn, 0, False)
    for u in list(d.units.values()):
        if u.team == nxt and (u.ap, u.snap_shots, u.fired) != fresh:
            d.put(u.changed(ap=fresh[0], snap_shots=0, fired=False))
    d.emit(TurnEnded(team, nxt, d.turn, d.round))


def snap_shots_kept(rules: Ruleset, unit_class: str, ap: int) -> int:
    """The snap shots a unit with `ap` left holds after its turn if it ends it charged and
    without having fired."""
    return min(ap, rules[unit_class].max_snap_shots)
