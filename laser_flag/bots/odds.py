"""Exact hit chances as floats, cached per map, for bots that weigh hundreds of tiles a decision.

The numbers come from the engine's own `to_hit` and `in_cover`, so a bot's odds can never
disagree with a game; only the caching (and float, for speed) is the bot's.
"""

from __future__ import annotations

from laser_flag.engine import Game, Pos
from laser_flag.engine.cover import cover_sides, sides_facing
from laser_flag.engine.rolls import to_hit

_Key = tuple[str, bool, str, bool, bool, bool]


class Odds:
    """Chance that a shot from one tile hits a unit standing on another, for one game's map."""

    def __init__(self, game: Game) -> None:
        self.map = game.map
        self._rules = game.rules
        self._dice = game.dice
        self._chance: dict[_Key, float] = {}
        self._sides: dict[Pos, frozenset[str]] = {}

    def fits(self, game: Game) -> bool:
        """Whether this cache was built for the game's map, rules and dice."""
        return game.map is self.map and game.rules is self._rules and game.dice is self._dice

    def hit(self, shooter_class: str, at: Pos, target_class: str, to: Pos, snap: bool) -> float:
        """P(hit) of a shooter standing on `at` against a target standing on `to` (RULES §5)."""
        covered = bool(self._cover_sides(to) & sides_facing(to, at))
        key = (shooter_class, self.map.is_cover(at), target_class, self.map.is_cover(to),
               covered, snap)
        chance = self._chance.get(key)
        if chance is None:
            chance = self._chance[key] = float(to_hit(
                self._rules[shooter_class], self._rules[target_class],
                shooter_class=shooter_class, shooter_elevated=key[1],
                target_elevated=key[3], target_in_cover=covered, snap=snap, dice=self._dice,
            ).probability)
        return chance

    def _cover_sides(self, pos: Pos) -> frozenset[str]:
        sides = self._sides.get(pos)
        if sides is None:
            sides = self._sides[pos] = cover_sides(self.map, pos, self.map.is_cover(pos))
        return sides
