"""Random maps as people choose them, in the editor's Generate dialog and the game's Random map
screen: what each knob offers, in words, and a generated map's note of where it came from.
lab.generator makes the maps; no Tk, no pygame here.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import Any

from .engine.game_map import MAX_SIDE
from .engine.ruleset import CLASSES
from .i18n import N_, _
from .lab.generator import (
    KEY,
    MAX_UNITS,
    MIN_SIZE,
    MIRROR,
    ROTATION,
    Knobs,
)

SIZES = tuple(range(MIN_SIZE, MAX_SIDE + 1, 2))  # odd sides: a middle row of its own
SYMMETRY_WORDS = {MIRROR: N_("mirror, top to bottom"), ROTATION: N_("rotation, half a turn")}
UNIT_COUNTS = tuple(range(1, MAX_UNITS + 1))
SEEDS = 1_000_000  # seeds drawn below this: short enough to read out and type again
DEFAULT_KNOBS = Knobs()


def new_seed() -> int:
    """A fresh seed for a new map (the same seed and knobs always give the same map)."""
    return secrets.randbelow(SEEDS)


def squad(count: int) -> tuple[str, ...]:
    """`count` units a team in the default squad's classes, taken in turn: 2 is a Plain and a
    Scout, 6 the four classes and then a Plain and a Scout again."""
    default = DEFAULT_KNOBS.units
    return tuple(default[i % len(default)] for i in range(count))


def squad_of(counts: Mapping[str, int]) -> tuple[str, ...]:
    """A team's classes from how many of each class it has, in the rulebook's order."""
    return tuple(cls for cls in CLASSES for _n in range(counts.get(cls, 0)))


def seed_of(data: Mapping[str, Any]) -> int | None:
    """The seed a generated map was made from, or None for a map drawn by hand."""
    generated = data.get(KEY)
    return generated.get("seed") if isinstance(generated, dict) else None


def origin(data: Mapping[str, Any]) -> str:
    """`generated from seed 7`, or "" for a map drawn by hand."""
    seed = seed_of(data)
    return "" if seed is None else from_seed(seed)


def from_seed(seed: int) -> str:
    """`generated from seed 7`."""
    return _("generated from seed {seed}").format(seed=seed)
