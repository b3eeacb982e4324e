"""Exact hit chances as floats, cached per map, for bots that weigh hundreds of tiles a decision.

The numbers come from the engine's own `game.what_if.shot_odds`, so a bot's odds can never disagree
with a game; only the caching (and float, for speed) is the bot's.
"""

from __future__ import annotations

from laser_flag.engine import Game, Pos

_Key = tuple[str, Pos, str, Pos, bool]


class Odds:
    """Chance that a shot from one tile hits a unit standing on another, for one game's map."""

    def __init__(self, game: Game) -> None:
        self._game = game
        self._chance: dict[_Key, float] = {}

    def fits(self, game: Game) -> bool:
        """Whether this cache was built for the game's map, rules and dice."""
        built = self._game
        return game.map is built.map and game.rules is built.rules and game.dice is built.dice

    def hit(self, shooter_class: str, at: Pos, target_class: str, to: Pos, snap: bool) -> float:
        """P(hit) of a shooter standing on `at` against a target standing on `to` (RULES §5)."""
        key = (shooter_class, at, target_class, to, snap)
        chance = self._chance.get(key)
        if chance is None:
            odds = self._game.what_if.shot_odds(shooter_class, at, target_class, to, snap)
            chance = self._chance[key] = float(odds.probability)
        return chance
