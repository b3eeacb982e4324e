"""Fog of war (RULES.md §9): what a team sees, what it remembers and what it is told.

A game state keeps one memory per team, {enemy id: (tile, round)}; applying an action updates
it after every event (`remember`, `reveal`) and notes which teams were told of each event, as
they saw it (`told`, `as_seen`). These functions read the units and that memory, and change
nothing else; what a team sees and is told is put together for it by team_view.py.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from types import MappingProxyType

from .events import (
    Disqualified,
    Event,
    GameOver,
    LaserChanged,
    Moved,
    Scored,
    SeenMove,
    Shot,
    TurnEnded,
)
from .game_map import TEAMS, Pos, other_team
from .los import Visibility
from .units import Unit

Memory = dict[str, dict[int, tuple[Pos, int]]]  # team -> enemy id -> (last-seen tile, round)
FrozenMemory = tuple[tuple[str, int, Pos, int], ...]  # (team, enemy id, tile, round), sorted

# Events every team is told of: shots at its units or by them, hits, scores, the turn, the end.
TOLD_TO_ALL = (Shot, Scored, Disqualified, TurnEnded, GameOver)


def in_sight(vis: Visibility, units: Iterable[Unit], team: str) -> frozenset[int]:
    """The enemies of `team` that some unit of `team` on the board has LOS to (any laser)."""
    units = list(units)
    eyes = {u.pos for u in units if u.team == team}
    return frozenset(e.id for e in units
                     if e.team != team and any(vis.sees(p, e.pos) for p in eyes))


def sight(vis: Visibility, units: Iterable[Unit]) -> Mapping[str, frozenset[int]]:
    """`in_sight` for both teams (read-only: states that follow one another share it)."""
    units = list(units)
    return MappingProxyType({t: in_sight(vis, units, t) for t in TEAMS})


def remember(memory: Memory, units: Mapping[int, Unit], seen: Mapping[str, frozenset[int]],
             round_: int) -> None:
    """Every enemy in sight of a team is remembered by it where it stands now."""
    for team, ids in seen.items():
        for uid in ids:
            memory[team][uid] = (units[uid].pos, round_)


def reveal(memory: Memory, event: Event, units: Mapping[int, Unit], round_: int) -> None:
    """A shooter is seen where it fired from; a unit that left the board is forgotten."""
    if isinstance(event, Shot):
        shooter = units.get(event.shooter)
        if shooter is not None and event.at is not None:
            memory[other_team(shooter.team)][shooter.id] = (event.at, round_)
    elif isinstance(event, Disqualified):
        for known in memory.values():
            known.pop(event.unit, None)


def told(event: Event, units: Mapping[int, Unit], seen: Mapping[str, frozenset[int]]
         ) -> frozenset[str]:
    """The teams told of `event` (RULES §9, "What a player is told"), sight taken after it.

    A move or a laser change is told to the unit's own team and to a team that sees the unit
    afterwards: a hidden enemy's move is not reported.
    """
    if isinstance(event, TOLD_TO_ALL):
        return frozenset(TEAMS)
    unit = units.get(event.unit) if isinstance(event, Moved | LaserChanged) else None
    if unit is None:
        return frozenset(TEAMS)
    return frozenset(t for t in TEAMS if t == unit.team or unit.id in seen[t])


def as_seen(event: Event, team: str, mover: str | None, seen_before: frozenset[int]) -> Event:
    """An event as `team` (told of it) saw it: an enemy's move is seen only where it ended (the
    tiles walked through reveal nothing), so the enemy appears there instead of walking; where
    it set out too if it was in the team's sight before the action (`seen_before`). `mover`
    is the moving unit's team."""
    if not isinstance(event, Moved) or mover == team:
        return event  # its own unit: every step is known
    # A blocker is one of the team's own units, never hidden from it: not worth a word.
    end = replace(event, path=event.path[-1:], blocked_by=None)
    if event.unit in seen_before:
        return SeenMove(end.unit, end.path, seen_from=event.path[0])
    return end


def walk(path: tuple[Pos, ...], occupied: Mapping[Pos, int]) -> tuple[tuple[Pos, ...], int | None]:
    """The part of a planned path a unit walks, and the hidden unit it bumps into (or None).

    The unit stops on the tile before the first step into an occupied tile (RULES §9,
    "Moving in the fog"); if that is the first step, it stays where it was.
    """
    for i, pos in enumerate(path[1:], start=1):
        if pos in occupied:
            return path[:i], occupied[pos]
    return path, None


def freeze(memory: Memory) -> FrozenMemory:
    return tuple(sorted((team, uid, pos, rnd)
                        for team, known in memory.items() for uid, (pos, rnd) in known.items()))


def thaw(frozen: FrozenMemory) -> Memory:
    memory: Memory = {t: {} for t in TEAMS}
    for team, uid, pos, rnd in frozen:
        memory[team][uid] = (pos, rnd)
    return memory
