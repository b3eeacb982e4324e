"""Positions for tests, built through Game.from_state instead of poking a live game's fields."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from laser_flag.engine import Game, GameMap
from laser_flag.engine.game import Roller
from laser_flag.engine.units import Unit


def scenario(
    gm: GameMap,
    *,
    seed: int = 7,
    roll: Roller | None = None,
    units: Mapping[int, Mapping[str, Any]] | None = None,
    **fields: Any,
) -> Game:
    """A game on `gm` from its starting state, with some unit fields and state fields changed.

    `units` maps a unit id to its changed fields, e.g. `{1: {"snap_shots": 0}}`; a unit given
    a new `pos` stands elevated where the map has cover. `fields` are GameState fields, e.g.
    `turn=39, scores={"1": 2, "2": 1}`.
    """
    start = Game(gm, seed=seed).state()
    changes = units or {}
    placed = tuple(_changed(gm, u, changes.get(u.id, {})) for u in start.units)
    return Game.from_state(gm, replace(start, units=placed, **fields), seed=seed, roll=roll)


def _changed(gm: GameMap, unit: Unit, fields: Mapping[str, Any]) -> Unit:
    pos = fields.get("pos", unit.pos)
    return replace(unit, **{"elevated": gm.is_cover(pos), **fields})
