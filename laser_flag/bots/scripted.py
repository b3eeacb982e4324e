"""What the scripted styles share: rules of thumb over the legal actions, no search.

The styles (`rusher`, `turtle`, `hunter`, and the population `style:N` of `style.py`) are the
kinds of player a map must stay fair for and Hard must beat, each a few plain rules a person
could follow at the board. They read the
engine's answers (`to_hit`, `shot_odds`, `has_los`, moves as `legal_actions()` lists them) and
break ties between equal tiles with their own generator, so a mirror map favours neither side.
Steps are counted as moves walk them (no diagonal step between two walls' corners).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction

from laser_flag.engine import DEACTIVATED, Action, Fire, Game, GameMap, Move, Pos, Unit

from .base import Bot
from .distances import UNREACHABLE, walking_distance

THIRD = Fraction(1, 3)  # the rusher's least chance to fire at (a needed roll of 8 or less)
STRIKE_AP = 2  # the AP a unit needs to move once and still fire


class ScriptedBot(Bot):
    """A bot that follows a fixed list of rules; the helpers each style's rules are made of."""

    @staticmethod
    def shots(game: Game, legal: Sequence[Action]) -> list[tuple[Fraction, Fire]]:
        """Every legal shot with its hit chance."""
        return [(game.what_if.to_hit(game.unit(a.unit_id), game.unit(a.target_id)).probability, a)
                for a in legal if isinstance(a, Fire)]

    def best_shot(self, game: Game, legal: Sequence[Action], least: Fraction) -> Fire | None:
        """The legal shot with the best hit chance, if that chance reaches `least`."""
        chance, best = max(self.shots(game, legal), key=lambda pair: pair[0],
                           default=(Fraction(0), None))
        return best if chance >= least else None

    @staticmethod
    def firing_tiles(game: Game, unit: Unit) -> list[Pos]:
        """Where the unit could fire from this turn: where it stands, and with enough AP every
        tile one move away (none: it may not fire)."""
        if not game.what_if.can_fire(unit):
            return []
        if unit.ap >= STRIKE_AP and game.what_if.can_move(unit):
            return [unit.pos, *sorted(game.what_if.reachable(unit))]
        return [unit.pos]

    @staticmethod
    def chance(game: Game, unit: Unit, at: Pos, enemy: Unit) -> Fraction:
        """The unit's hit chance at `enemy` from `at` (0 out of sight)."""
        if not game.what_if.has_los(at, enemy.pos):
            return Fraction(0)
        return game.what_if.shot_odds(unit.unit_class, at, enemy.unit_class, enemy.pos).probability

    @staticmethod
    def moves(legal: Sequence[Action]) -> dict[int, list[Pos]]:
        """Each unit's legal destinations, units in id order."""
        tiles: dict[int, list[Pos]] = {}
        for a in legal:
            if isinstance(a, Move):
                tiles.setdefault(a.unit_id, []).append(a.to)
        return tiles

    @staticmethod
    def exposure(game: Game, unit: Unit, to: Pos, enemies: Iterable[Unit]) -> Fraction:
        """The best chance any of `enemies` has to hit `unit` standing on `to` (0 where none
        sees it): how exposed the tile is."""
        return max((game.what_if.shot_odds(e.unit_class, e.pos, unit.unit_class, to).probability
                    for e in enemies if game.what_if.has_los(e.pos, to)), default=Fraction(0))

    def to_base(self, game: Game, unit: Unit, tiles: list[Pos],
                exposure: Callable[[Pos], Fraction] = lambda _: Fraction(0)) -> Pos | None:
        """A step toward the nearest base the unit's team may use: of the reachable tiles
        nearer to one, the least exposed, then the nearest (None: no tile is nearer)."""
        dist = walking_distance(game.map, game.map.usable_bases(unit.team), corners=False)
        return self.nearer(unit, tiles, dist, exposure)

    @staticmethod
    def path_distance(game: Game, to: Pos) -> dict[Pos, int]:
        """Steps from every tile to `to`, as moves walk them (kept on the map)."""
        return game.map.memo(_steps_to, to)

    def nearest_enemy(self, game: Game, unit: Unit) -> Unit | None:
        """The enemy fewest steps from the unit (None: no enemy on the board)."""
        enemies = [e for e in game.units if e.team != unit.team]
        if not enemies:
            return None
        from_me = self.path_distance(game, unit.pos)
        return min(enemies, key=lambda e: from_me.get(e.pos, UNREACHABLE))

    def nearer(self, unit: Unit, tiles: list[Pos], dist: dict[Pos, int],
               exposure: Callable[[Pos], Fraction]) -> Pos | None:
        """Of the tiles nearer than the unit's own by `dist`, the least exposed, then the
        nearest; ties at random (None: no tile is nearer)."""
        here = dist.get(unit.pos, UNREACHABLE)
        nearer = [t for t in tiles if dist.get(t, UNREACHABLE) < here]
        if not nearer:
            return None
        self.rng.shuffle(nearer)
        return min(nearer, key=lambda t: (exposure(t), dist[t]))

    @staticmethod
    def armed_enemies(game: Game, team: str) -> list[Unit]:
        """The enemies of `team` whose lasers are not deactivated (they can shoot next turn)."""
        return [e for e in game.units if e.team != team and e.laser != DEACTIVATED]


def _steps_to(gm: GameMap, to: Pos) -> dict[Pos, int]:
    return walking_distance(gm, [to], corners=False)
