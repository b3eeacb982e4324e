"""Victory (RULES.md §7): the first condition met after an event ends the game."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping

from .game_map import GameMap
from .terms import DRAW, TEAMS, Team, Victory, Winner, other_team
from .units import DEACTIVATED, Unit

Result = tuple[Winner, Victory]


def check(units: Collection[Unit], scores: Mapping[str, int], gm: GameMap
          ) -> tuple[Result | None, bool]:
    """The first condition met, as (winner, reason); both teams at once: a draw. Then whether
    both teams were found on the board, armed and under their score limits (`armed`): until
    an event deactivates or removes a unit or scores, none can be met."""
    limit = gm.score_limit
    losers = [other_team(t) for t in TEAMS if scores[t] >= limit[t]]
    if losers:
        return _result(Victory.SCORE, losers), False
    armed = {u.team for u in units if u.laser != DEACTIVATED}  # a laser not deactivated
    if len(armed) == len(TEAMS):  # every team on the board and armed
        return None, True
    present = {u.team for u in units}
    losers = [t for t in TEAMS if t not in present]
    if losers:
        return _result(Victory.ELIMINATION, losers), False
    losers = [t for t in TEAMS if t not in armed and checkmated(units, gm, t)]
    return (_result(Victory.CHECKMATE, losers) if losers else None), False


def _result(reason: Victory, losers: list[Team]) -> Result:
    return (DRAW if len(losers) == 2 else other_team(losers[0]), reason)


def checkmated(units: Iterable[Unit], gm: GameMap, team: Team) -> bool:
    """No laser charged or charging, and every usable base occupied by some unit."""
    units = list(units)
    if any(u.team == team and u.laser != DEACTIVATED for u in units):
        return False
    occupied = {u.pos for u in units}
    return all(b in occupied for b in gm.usable_bases(team))


def leader(scores: Mapping[str, int]) -> Winner:
    """The team ahead on points, or a draw (the turn limit's winner)."""
    one, two = (scores[t] for t in TEAMS)
    return TEAMS[0] if one > two else TEAMS[1] if two > one else DRAW
