"""Helpers for engine tests: tiny maps drawn in ASCII, forced dice, state snapshots."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

from laser_flag.engine import Game, GameMap, parse_map
from laser_flag.engine.events import Shot

# One character per tile kind (RULES.md §1).
TILE_CHARS = {
    ".": "level",
    "^": "elevated",  # cover
    "#": "wall",
    "1": "base_1",
    "2": "base_2",
    "u": "base_u",
}

UnitRow = tuple[str, str, int, int]  # (team, class, row, col), as in the map file


def make_map(art: Sequence[str], units: Iterable[UnitRow], **keys: Any) -> GameMap:
    """A GameMap from rows of ASCII art (see TILE_CHARS) and `[team, class, row, col]` units.

    Extra keyword arguments become top-level map keys (score_limit, turn_limit, rules, ...).
    """
    data = {
        "tiles": [[TILE_CHARS[ch] for ch in row] for row in art],
        "units": [list(u) for u in units],
        **keys,
    }
    return parse_map(data, "<test map>")


class Scripted:
    """A dice source that returns the given rolls in order and fails the test if it runs out."""

    def __init__(self, *rolls: tuple[int, ...]) -> None:
        self.rolls = list(rolls)
        self.used = 0

    def __call__(self, rng: random.Random) -> tuple[int, ...]:
        assert self.used < len(self.rolls), (
            f"dice rolled {self.used + 1} times, only scripted for {len(self.rolls)}"
        )
        roll = self.rolls[self.used]
        self.used += 1
        return roll

    @property
    def left(self) -> int:
        return len(self.rolls) - self.used


def game_on(
    art: Sequence[str],
    units: Iterable[UnitRow],
    *rolls: tuple[int, ...],
    seed: int = 7,
    **keys: Any,
) -> tuple[Game, Scripted]:
    """A game on an ASCII map whose dice are exactly `rolls`, plus the roller to check usage."""
    dice = Scripted(*rolls)
    return Game(make_map(art, units, **keys), seed=seed, roll=dice), dice


# Dice that always hit / always miss with any needed number the default table can produce.
HIT = (6, 6)
MISS = (1, 1)


def play_randomly(game: Game, steps: int, seed: int) -> Game:
    """`game` after up to `steps` uniformly random legal actions (fewer if it ends first)."""
    rng = random.Random(seed)
    for _ in range(steps):
        if game.over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


def snapshot(game: Game) -> dict[str, Any]:
    """Everything an action could change, as plain comparable values."""
    return {
        "units": [(u.id, u.team, u.unit_class, u.pos, u.ap, u.laser, u.snap_shots, u.elevated,
                   u.fired) for u in game.units],
        "active_team": game.active_team,
        "turn": game.turn,
        "round": game.round,
        "scores": dict(game.scores),
        "stats": {t: dict(s) for t, s in game.stats.items()},
        "winner": game.winner,
        "victory": game.victory,
        "rng": game.rng.getstate(),
        "legal": game.legal_actions(),
    }


def shots(events: Iterable[object]) -> list[Shot]:
    return [e for e in events if isinstance(e, Shot)]


def kinds(events: Iterable[object]) -> list[str]:
    """Event class names in order, to read event sequences at a glance."""
    return [type(e).__name__ for e in events]


def always(roll: tuple[int, ...]):
    """Dice that come up the same every time, for tests where the dice do not matter."""
    return lambda rng: roll
