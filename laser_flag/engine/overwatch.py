"""Snap shots (RULES.md §6): who may snap-shoot a unit left on a tile, in which order, and the
shots themselves."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from . import shots
from .draft import Draft
from .game_map import GameMap, Pos
from .terms import Laser
from .units import CHARGED, DEACTIVATED


class Watcher(Protocol):
    """A unit as eligible() reads it: its laser a `Laser` member, compared by identity."""

    id: int
    team: str
    pos: Pos
    laser: Laser
    snap_shots: int


def eligible(gm: GameMap, watchers: Iterable[Watcher], team: str, tile: Pos) -> list[Watcher]:
    """Enemies of `team` holding a snap shot, with a charged laser and LOS to `tile`, by id."""
    vis = gm.visibility
    # snap shots first: the team moving holds none in its turn, and ints compare fastest
    found = [w for w in watchers if w.snap_shots > 0 and w.team != team and w.laser is CHARGED
             and vis.sees(w.pos, tile)]
    found.sort(key=_by_id)
    return found


def _by_id(watcher: Watcher) -> int:
    return watcher.id


def snap_shots_at(d: Draft, uid: int) -> None:
    """Enemies on watch that see the unit's tile shoot, in an order chance draws, one at a time
    until one hits."""
    unit = d.units[uid]
    if unit.laser is DEACTIVATED:
        return
    if not d.index.visibility.seen_bits(unit.pos) & d.facts.targets_of(unit.team).tiles:
        return  # no enemy sees the tile (sight is symmetric): the usual case, made cheap
    watchers = eligible(d.index.map, d.units.values(), unit.team, unit.pos)
    if not watchers:  # ordering nobody draws nothing: the generator is left alone
        return
    order = d.chance.order(watchers)
    ids = tuple(w.id for w in order)
    for watcher in order:
        watcher = d.put(watcher.changed(snap_shots=watcher.snap_shots - 1))
        if shots.shoot(d, watcher, unit, snap=True, order=ids):
            return
