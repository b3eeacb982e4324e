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

Steps are counted as moves walk them (no diagonal step between two walls' corners). Units act
in id order within steps 2 and 3. It ignores snap-shot risk and threats on purpose:
it is the style a map must stay fair for, not a strong player. Ties between equal tiles are
broken by the bot's own generator, so a mirror map favours neither side.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction

from laser_flag.engine import DEACTIVATED, Action, EndTurn, Fire, Game, Move, Pos, Unit

from .base import Bot
from .distances import UNREACHABLE, walking_distance

FIRE_THRESHOLD = Fraction(1, 3)  # the least hit chance the rusher fires at


class RusherBot(Bot):
    """Shoots at a third or better, else walks its units toward the enemy by covered tiles."""

    name = "rusher"

    def choose(self, game: Game) -> Action:
        legal = game.legal_actions()
        return self._shot(game, legal) or self._walk(game, legal) or EndTurn()

    def _shot(self, game: Game, legal: Sequence[Action]) -> Fire | None:
        """The legal shot with the best hit chance, if that chance reaches the threshold."""
        shots = [(game.to_hit(a.unit_id, a.target_id).probability, a)
                 for a in legal if isinstance(a, Fire)]
        chance, best = max(shots, key=lambda pair: pair[0], default=(Fraction(0), None))
        return best if chance >= FIRE_THRESHOLD else None

    def _walk(self, game: Game, legal: Sequence[Action]) -> Move | None:
        """The first unit's step toward a base (laser off) or toward the enemy (laser live)."""
        moves: dict[int, list[Pos]] = {}
        for a in legal:
            if isinstance(a, Move):
                moves.setdefault(a.unit_id, []).append(a.to)
        for uid, tiles in moves.items():
            unit = game.unit(uid)
            to = (self._to_base(game, unit, tiles) if unit.laser == DEACTIVATED
                  else self._advance(game, unit, tiles))
            if to is not None:
                return Move(uid, to)
        return None

    def _to_base(self, game: Game, unit: Unit, tiles: list[Pos]) -> Pos | None:
        dist = walking_distance(game.map, game.map.usable_bases(unit.team), corners=False)
        return self._nearer(unit, tiles, dist, lambda _: Fraction(0))

    def _advance(self, game: Game, unit: Unit, tiles: list[Pos]) -> Pos | None:
        enemies = [e for e in game.units if e.team != unit.team]
        if not enemies:
            return None
        from_me = walking_distance(game.map, [unit.pos], corners=False)
        enemy = min(enemies, key=lambda e: from_me.get(e.pos, UNREACHABLE))
        dist = walking_distance(game.map, [enemy.pos], corners=False)

        def exposure(to: Pos) -> Fraction:
            """The enemy's chance to hit this unit standing on `to` (0 out of its sight)."""
            if not game.has_los(enemy.pos, to):
                return Fraction(0)
            return game.shot_odds(enemy.unit_class, enemy.pos, unit.unit_class, to).probability

        return self._nearer(unit, tiles, dist, exposure)

    def _nearer(self, unit: Unit, tiles: list[Pos], dist: dict[Pos, int],
                exposure: Callable[[Pos], Fraction]) -> Pos | None:
        """Of the tiles nearer than the unit's own by `dist`, the least exposed, then the
        nearest; ties at random."""
        here = dist.get(unit.pos, UNREACHABLE)
        nearer = [t for t in tiles if dist.get(t, UNREACHABLE) < here]
        if not nearer:
            return None
        self.rng.shuffle(nearer)
        return min(nearer, key=lambda t: (exposure(t), dist[t]))
