"""Rusher: a plain scripted aggressive style, the kind a player who never plans would use.

Each decision, in this order:
1. **Fire** when some unit may fire at a visible enemy with a hit chance of at least
   `FIRE_THRESHOLD` (a third: with the default dice a needed roll of 8 or less, 15 of 36);
   the best chance of all such shots is taken.
2. **Recharge**: a unit whose laser is deactivated walks toward the nearest base its team may
   use (to the reachable tile fewest steps from one, if that is nearer than where it stands).
3. **Advance**: a unit with a live laser walks toward the enemy nearest to it by path. Of the
   reachable tiles nearer (in steps) to that enemy than where it stands, it takes the one where
   that enemy's chance to hit it is lowest (out of its sight, or IN COVER against it: RULES §5),
   the nearest to the enemy among those.
4. Otherwise it ends the turn (its units keep their snap shots).

Units act in id order within steps 2 and 3. It ignores snap-shot risk and threats on purpose:
it is the style a map must stay fair for, not a strong player (`scripted.py` says what the
styles share).
"""

from __future__ import annotations

from collections.abc import Sequence

from laser_flag.engine import DEACTIVATED, Action, EndTurn, Game, Move, Pos, Unit

from .scripted import THIRD, ScriptedBot

FIRE_THRESHOLD = THIRD  # the least hit chance the rusher fires at


class RusherBot(ScriptedBot):
    """Shoots at a third or better, else walks its units toward the enemy by covered tiles."""

    name = "rusher"

    def choose(self, game: Game) -> Action:
        legal = game.legal_actions()
        return self.best_shot(game, legal, FIRE_THRESHOLD) or self._walk(game, legal) or EndTurn()

    def _walk(self, game: Game, legal: Sequence[Action]) -> Move | None:
        """The first unit's step toward a base (laser off) or toward the enemy (laser live)."""
        for uid, tiles in self.moves(legal).items():
            unit = game.unit(uid)
            to = (self.to_base(game, unit, tiles) if unit.laser == DEACTIVATED
                  else self._advance(game, unit, tiles))
            if to is not None:
                return Move(uid, to)
        return None

    def _advance(self, game: Game, unit: Unit, tiles: list[Pos]) -> Pos | None:
        enemy = self.nearest_enemy(game, unit)
        if enemy is None:
            return None
        dist = self.path_distance(game, enemy.pos)
        return self.nearer(unit, tiles, dist, lambda to: self.exposure(game, unit, to, [enemy]))
