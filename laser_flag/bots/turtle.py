"""Turtle: a cautious scripted style that holds cover and watch and fires only at good chances.

Each decision, in this order:
1. **Fire** the best shot on offer if its hit chance reaches `GOOD_CHANCE` (a half: a Plain's
   shot at a unit not in cover). After a standoff the bar drops: once the game has been quiet
   for `2 * PATIENCE` rounds (no point scored by either side) to a third, as the rusher
   fires, and after `3 * PATIENCE` rounds to any chance at all.
2. **Recharge**: a unit whose laser is deactivated walks toward the nearest base its team may
   use, by the tiles armed enemies can hit it from least.
3. **Take cover**: a unit that has not acted this turn and that an armed enemy can hit where
   it stands moves once to the reachable tile that is least exposed (the best chance any armed
   enemy has against it there) among those from which it still sees an enemy, if that is less
   exposed than where it stands (then the nearest to the enemy; ties at random).
4. **Advance**: a unit that has not acted this turn and neither sees an enemy nor is seen by
   one moves once toward the enemy nearest to it, to the least exposed tile nearer to it
   (as the rusher advances). Once the game has been quiet for `PATIENCE` rounds every unit
   that has not acted creeps so, in contact or not, so two turtles cannot wait forever.
5. Otherwise it ends the turn: a unit that moved once keeps 2 AP, two snap shots.

How long the game has been quiet the bot counts itself, from the scores it sees at each of its
decisions (a turtle that starts on a game already under way counts from then).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from laser_flag.engine import DEACTIVATED, Action, EndTurn, Game, Move, Pos, Unit

from .distances import UNREACHABLE
from .scripted import THIRD, ScriptedBot

GOOD_CHANCE = Fraction(1, 2)  # the least hit chance the turtle fires at, until a standoff
PATIENCE = 3  # quiet rounds after which every unit creeps toward the enemy


class TurtleBot(ScriptedBot):
    """Holds covered tiles on watch, fires at a half or better, creeps on after a standoff."""

    name = "turtle"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self._calm: tuple[int, int] | None = None  # (points scored in all, round it was reached)

    def choose(self, game: Game) -> Action:
        quiet = self.quiet_rounds(game)
        legal = game.legal_actions()
        return (self.best_shot(game, legal, self.least_chance(quiet))
                or self._move(game, legal, creep=quiet >= PATIENCE) or EndTurn())

    def quiet_rounds(self, game: Game) -> int:
        """Rounds since a point was last scored by either side (as far as this bot has seen)."""
        total = sum(game.scores.values())
        if self._calm is None or self._calm[0] != total or self._calm[1] > game.round:
            self._calm = (total, game.round)
        return game.round - self._calm[1]

    @staticmethod
    def least_chance(quiet: int) -> Fraction:
        """The least hit chance worth a shot after `quiet` quiet rounds."""
        if quiet < 2 * PATIENCE:
            return GOOD_CHANCE
        return THIRD if quiet < 3 * PATIENCE else Fraction(0)

    def _move(self, game: Game, legal: Sequence[Action], creep: bool) -> Move | None:
        """The first unit's move by rules 2-4, units in id order."""
        full = game.rules.ap_per_turn
        armed = self.armed_enemies(game, game.active_team)
        for uid, tiles in self.moves(legal).items():
            unit = game.unit(uid)
            def exposure(to: Pos, unit: Unit = unit) -> Fraction:
                return self.exposure(game, unit, to, armed)
            if unit.laser == DEACTIVATED:
                to = self.to_base(game, unit, tiles, exposure)
            elif unit.ap < full:
                continue  # it has acted: it keeps its AP for snap shots
            else:
                to = self._cover(game, unit, tiles, exposure) if exposure(unit.pos) else None
                if to is None and (creep or not self._in_contact(game, unit)):
                    to = self._advance(game, unit, tiles, exposure)
            if to is not None:
                return Move(uid, to)
        return None

    def _cover(self, game: Game, unit: Unit, tiles: list[Pos], exposure) -> Pos | None:
        """The least exposed tile still in sight of an enemy, if less exposed than here."""
        enemies = [e.pos for e in game.units if e.team != unit.team]
        watching = [t for t in tiles if any(game.has_los(t, e) for e in enemies)]
        if not watching:
            return None
        near = self._enemy_distance(game, unit)
        self.rng.shuffle(watching)
        best = min(watching, key=lambda t: (exposure(t), near.get(t, UNREACHABLE)))
        return best if exposure(best) < exposure(unit.pos) else None

    def _advance(self, game: Game, unit: Unit, tiles: list[Pos], exposure) -> Pos | None:
        enemy = self.nearest_enemy(game, unit)
        if enemy is None:
            return None
        return self.nearer(unit, tiles, self.path_distance(game, enemy.pos), exposure)

    @staticmethod
    def _in_contact(game: Game, unit: Unit) -> bool:
        """Whether the unit and some enemy see each other (line of sight is symmetric)."""
        return any(game.has_los(unit.pos, e.pos) for e in game.units if e.team != unit.team)

    def _enemy_distance(self, game: Game, unit: Unit) -> dict[Pos, int]:
        enemy = self.nearest_enemy(game, unit)
        return self.path_distance(game, enemy.pos) if enemy is not None else {}
