"""Snap shots (RULES.md §6): who may snap-shoot a unit left on a tile, and in which order."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Protocol

from .game_map import GameMap, Pos
from .units import CHARGED


class Watcher(Protocol):
    id: int
    team: str
    pos: Pos
    laser: str
    snap_shots: int


def eligible(gm: GameMap, watchers: Iterable[Watcher], team: str, tile: Pos) -> list[Watcher]:
    """Enemies of `team` holding a snap shot, with a charged laser and LOS to `tile`, by id."""
    vis = gm.visibility
    found = [w for w in watchers if w.team != team and w.snap_shots > 0 and w.laser == CHARGED
             and vis.sees(w.pos, tile)]
    found.sort(key=_by_id)
    return found


def _by_id(watcher: Watcher) -> int:
    return watcher.id


def firing_order(shooters: list[Watcher], rng: random.Random) -> list[Watcher]:
    """The order the eligible units shoot in, drawn from the game's generator."""
    order = list(shooters)
    rng.shuffle(order)
    return order
