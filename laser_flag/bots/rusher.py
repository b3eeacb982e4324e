"""Rusher: a plain scripted aggressive style, the kind a player who never plans would use.

Each decision, in this order:
1. **Fire** when some unit may fire at a visible enemy with a hit chance of at least
   `FIRE_THRESHOLD` (a third: with the default dice a needed roll of 8 or less, 15 of 36);
   the best chance of all such shots is taken.
2. **Recharge**: a unit whose laser is deactivated walks toward the nearest base its team may
   use (to the reachable tile fewest steps from one, if that is nearer than where it stands).
3. **Advance**: a unit with a live laser walks toward the enemy nearest to it by path. Of the
   reachable tiles nearer (in steps) to that enemy than where it stands, it takes one IN COVER
   against the enemy (RULES §5) if there is any, the nearest to the enemy among them.
4. Otherwise it ends the turn (its units keep their snap shots).

Units act in id order within steps 2 and 3. It ignores snap-shot risk and threats on purpose:
it is the style a map must stay fair for, not a strong player. Ties between equal tiles are
broken by the bot's own generator, so a mirror map favours neither side.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from laser_flag.engine import DEACTIVATED, Action, EndTurn, Fire, Game, Move, Pos, Unit
from laser_flag.engine.cover import in_cover

from .base import Bot
from .distances import UNREACHABLE, base_distance, walking_distance

FIRE_THRESHOLD = Fraction(1, 3)  # the least hit chance the rusher fires at


class RusherBot(Bot):
    """Shoots at a third or better, else walks its units toward the enemy by covered tiles."""

    name = "rusher"

    def choose(self, game: Game) -> Action:
        legal = game.legal_actions()
        return self._shot(game, legal) or self._walk(game, legal) or EndTurn()

    def _shot(self, game: Game, legal: list[Action]) -> Fire | None:
        """The legal shot with the best hit chance, if that chance reaches the threshold."""
        shots = [(game.to_hit(a.unit_id, a.target_id).probability, a)
                 for a in legal if isinstance(a, Fire)]
        chance, best = max(shots, key=lambda pair: pair[0], default=(Fraction(0), None))
        return best if chance >= FIRE_THRESHOLD else None

    def _walk(self, game: Game, legal: list[Action]) -> Move | None:
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
        dist = base_distance(game.map, unit.team)
        return self._nearer(unit, tiles, dist, lambda _: False)

    def _advance(self, game: Game, unit: Unit, tiles: list[Pos]) -> Pos | None:
        enemies = [e.pos for e in game.units if e.team != unit.team]
        if not enemies:
            return None
        from_me = walking_distance(game.map, [unit.pos])
        enemy = min(enemies, key=lambda pos: from_me.get(pos, UNREACHABLE))
        dist = walking_distance(game.map, [enemy])
        gm = game.map
        return self._nearer(unit, tiles, dist,
                            lambda to: in_cover(gm, to, gm.is_cover(to), enemy))

    def _nearer(self, unit: Unit, tiles: list[Pos], dist: dict[Pos, int],
                covered: Callable[[Pos], bool]) -> Pos | None:
        """Of the tiles nearer than the unit's own by `dist`, a covered one if any, nearest
        first; ties at random."""
        here = dist.get(unit.pos, UNREACHABLE)
        nearer = [t for t in tiles if dist.get(t, UNREACHABLE) < here]
        if not nearer:
            return None
        self.rng.shuffle(nearer)
        return min(nearer, key=lambda t: (not covered(t), dist[t]))
