"""A population of scripted players: one set of rules, its knobs (`Style`) drawn from a seed.

`style:N` names the player whose knobs `draw(N)` gives; the rusher and the turtle are two fixed
points of the same rules (`rusher.RUSHER`, `turtle.TURTLE`). Each decision, in this order:
1. **Fire** the best legal shot whose hit chance reaches `fire_at`, or, with `focus`, the shot at
   the enemy the most of our units can fire at (at that chance or better), then the best chance.
   After a standoff the bar drops: once the game has been quiet for `2 * patience` rounds (no
   point scored by either side) to a third at most, after `3 * patience` rounds to any chance.
2. Then the first unit, in id order, with a move to make:
   - **Recharge** (`recharge`): a unit whose laser is off walks toward the nearest base its team
     may use; without it such a unit stands where it is.
   - **Leave a watched base** (`leave_watched_base`): a unit with a live laser standing on a base
     its team uses, in an armed enemy's sight, moves to the least exposed tile it reaches (against
     every armed enemy), if that is less exposed than the base.
   - A unit with a live laser that has already made `moves` moves this turn holds (the AP it
     keeps are its snap shots).
   - **Strike** (`strike`): a unit with no shot worth taking where it stands, but AP enough to
     move once and still fire, moves to the least exposed tile one move away from which it
     has one (at the squad's mark with `focus`, else at any enemy), the better chance
     breaking ties; it fires from there at its next decision.
   - **Take cover** (`take_cover`): an exposed unit moves to the least exposed tile from which it
     still sees an enemy, if that is less exposed than where it stands.
   - **Advance**: a unit walks toward its mark (the enemy nearest to it, or with `focus` the enemy
     nearest to the squad) if it is out of contact (it and no enemy see each other), or always
     with `press`, or once the game has been quiet for `patience` rounds.
3. Otherwise it ends the turn.

Where a unit may go, it weighs each reachable tile by its exposure (the best chance an enemy has
to hit it there: every armed enemy if `wary`, else only its mark, and no enemy while it walks to
a base) against its steps to where it is going: `cover` times the exposure plus `1 - cover`
times `STEP_PRICE` a step, the fewer steps breaking ties (`cover` 1: the least exposed tile
first; 0: the nearest). Ties left are broken by the bot's own generator.

**The draw** (`draw(n)`, the same on every machine: only `random.Random(n).random()` is used,
whose sequence Python keeps across versions): eleven numbers u0..u10 in [0, 1), in this order,
give fire_at = (6 + floor(13 u0)) / 36 (a sixth to a half), cover = u1, take_cover = u2 < 1/2,
moves = 1 + floor(3 u3), press = u4 < 1/2, focus = u5 < 1/2, wary = u6 < 1/2,
recharge = u7 < 3/4, leave_watched_base = u8 < 1/2, patience = 2 + floor(7 u9) rounds,
strike = u10 < 1/2 (drawn last, so a draw's first ten knobs are what they were without it).
**The split** (`held_out`, the one place it is decided): even N are the tuning half, odd N the
held-out half, which no tuning may look at.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from laser_flag.engine import DEACTIVATED, Action, EndTurn, Fire, Game, Move, Pos, Unit

from .distances import UNREACHABLE, base_distance
from .scripted import STRIKE_AP, THIRD, ScriptedBot

PREFIX = "style:"
MAX_N = 10**9  # style:N takes 0 <= N < MAX_N
STEP_PRICE = 1 / 12  # a step weighed as a twelfth of a hit chance (at `cover` 1/2)


@dataclass(frozen=True)
class Style:
    """The knobs of the population's rules (the module's docstring says what each does)."""

    fire_at: Fraction  # the least hit chance worth a shot, until a standoff lowers it
    cover: float  # 0 to 1: how much a tile's exposure counts against its steps
    take_cover: bool  # an exposed unit first moves to a less exposed tile that still sees
    moves: int | None  # the moves a unit with a live laser makes a turn (None: any)
    press: bool  # a unit in contact with the enemy still advances
    focus: bool  # fire at, and walk toward, one enemy as a squad
    wary: bool  # exposure against every armed enemy (else only the unit's mark)
    recharge: bool  # a unit whose laser is off walks to a base
    leave_watched_base: bool  # a live unit steps off a base an armed enemy sees
    patience: int | None  # quiet rounds before every unit creeps on (None: never)
    strike: bool = False  # a unit moves once to a tile it can fire from at the bar, then fires


def draw(n: int) -> Style:
    """The knobs of `style:n` (the module's recipe)."""
    u = random.Random(n)
    r = [u.random() for _ in range(11)]
    return Style(fire_at=Fraction(6 + int(13 * r[0]), 36), cover=r[1], take_cover=r[2] < 0.5,
                 moves=1 + int(3 * r[3]), press=r[4] < 0.5, focus=r[5] < 0.5, wary=r[6] < 0.5,
                 recharge=r[7] < 0.75, leave_watched_base=r[8] < 0.5, patience=2 + int(7 * r[9]),
                 strike=r[10] < 0.5)


def held_out(n: int) -> bool:
    """Whether `style:n` is in the held-out half (odd n), never used for tuning."""
    return n % 2 == 1


def style_number(name: str) -> int | None:
    """N of a `style:N` name (N written plainly: digits, no leading zero, below MAX_N); None for
    any other name."""
    digits = name.removeprefix(PREFIX)
    if (digits == name or not digits.isdigit() or not digits.isascii()
            or (len(digits) > 1 and digits[0] == "0") or int(digits) >= MAX_N):
        return None
    return int(digits)


def draws(count: int, held: bool = True, start: int = 0) -> list[str]:
    """The names of the first `count` draws from `start` on in the held-out half (or the tuning
    half), in order of N."""
    first = start + (start % 2 != int(held))
    return [f"{PREFIX}{n}" for n in range(first, first + 2 * count, 2)]


class StyleBot(ScriptedBot):
    """A player of the population's rules with the given knobs."""

    name = "style"

    def __init__(self, style: Style, seed: int = 0, name: str | None = None) -> None:
        super().__init__(seed)
        self.style = style
        if name is not None:
            self.name = name
        self._calm: tuple[int, int] | None = None  # (points scored in all, round it was reached)

    def choose(self, game: Game) -> Action:
        quiet = self.quiet_rounds(game)
        least = self.least_chance(quiet)
        legal = game.legal_actions()
        return self._shot(game, legal, least) or self._move(game, legal, quiet, least) or EndTurn()

    def quiet_rounds(self, game: Game) -> int:
        """Rounds since a point was last scored by either side (as far as this bot has seen: one
        that starts on a game under way counts from then)."""
        total = sum(game.scores.values())
        if self._calm is None or self._calm[0] != total or self._calm[1] > game.round:
            self._calm = (total, game.round)
        return game.round - self._calm[1]

    def least_chance(self, quiet: int) -> Fraction:
        """The least hit chance worth a shot after `quiet` quiet rounds."""
        fire_at, patience = self.style.fire_at, self.style.patience
        if patience is None or quiet < 2 * patience:
            return fire_at
        return min(fire_at, THIRD) if quiet < 3 * patience else Fraction(0)

    def _shot(self, game: Game, legal: Sequence[Action], least: Fraction) -> Fire | None:
        if not self.style.focus:
            return self.best_shot(game, legal, least)
        shots = [(chance, a) for chance, a in self.shots(game, legal) if chance >= least]
        support: dict[int, set[int]] = {}
        for _, a in shots:
            support.setdefault(a.target_id, set()).add(a.unit_id)
        best = max(shots, key=lambda pair: (len(support[pair[1].target_id]), pair[0]),
                   default=None)
        return best[1] if best is not None else None

    def _move(self, game: Game, legal: Sequence[Action], quiet: int,
              least: Fraction) -> Move | None:
        """The first unit's move by rule 2, units in id order."""
        patience = self.style.patience
        creep = patience is not None and quiet >= patience
        mark = self._squad_mark(game) if self.style.focus else None
        for uid, tiles in self.moves(legal).items():
            to = self._destination(game, game.unit(uid), tiles, creep, mark, least)
            if to is not None:
                return Move(uid, to)
        return None

    def _destination(self, game: Game, unit: Unit, tiles: list[Pos], creep: bool,
                     mark: Unit | None, least: Fraction) -> Pos | None:
        s = self.style
        if unit.laser == DEACTIVATED:
            return self._to_base(game, unit, tiles) if s.recharge else None
        if s.leave_watched_base and self._on_watched_base(game, unit):
            to = self._leave_base(game, unit, tiles)
            if to is not None:
                return to
        if s.moves is not None and game.rules.ap_per_turn - unit.ap >= s.moves:
            return None  # it has made its moves: the AP left are its snap shots
        targets = [mark] if mark is not None else [e for e in game.units if e.team != unit.team]
        mark = mark or self.nearest_enemy(game, unit)
        exposure = self._exposure(game, unit, mark)
        to = self._strike(game, unit, tiles, targets, least, exposure) if s.strike else None
        if to is None and s.take_cover and exposure(unit.pos):
            to = self._cover(game, unit, tiles, exposure)
        if to is None and (s.press or creep or not self._in_contact(game, unit)):
            to = self._advance(game, unit, tiles, mark, exposure)
        return to

    def _exposure(self, game: Game, unit: Unit, mark: Unit | None) -> Callable[[Pos], Fraction]:
        """How exposed a tile is for the unit: to every armed enemy if wary, else to its mark."""
        if self.style.wary:
            enemies = self.armed_enemies(game, unit.team)
        else:
            enemies = [mark] if mark is not None else []
        return lambda to: self.exposure(game, unit, to, enemies)

    def _weigh(self, exposure: Callable[[Pos], Fraction],
               steps: dict[Pos, int]) -> Callable[[Pos], float]:
        """A tile's price by the style's `cover`: its exposure against its steps to the goal."""
        cover = self.style.cover
        return lambda to: (cover * exposure(to)
                           + (1 - cover) * STEP_PRICE * steps.get(to, UNREACHABLE))

    def _to_base(self, game: Game, unit: Unit, tiles: list[Pos]) -> Pos | None:
        """A step toward the nearest usable base (exposure counted only by a wary style)."""
        dist = base_distance(game.map, unit.team, corners=False)
        if self.style.wary:
            exposure = self._exposure(game, unit, None)
        else:
            def exposure(_: Pos) -> Fraction:
                return Fraction(0)
        return self.nearer(unit, tiles, dist, self._weigh(exposure, dist))

    def _advance(self, game: Game, unit: Unit, tiles: list[Pos], mark: Unit | None,
                 exposure: Callable[[Pos], Fraction]) -> Pos | None:
        if mark is None:
            return None
        dist = self.path_distance(game, mark.pos)
        return self.nearer(unit, tiles, dist, self._weigh(exposure, dist))

    def _strike(self, game: Game, unit: Unit, tiles: list[Pos], targets: list[Unit],
                least: Fraction, exposure: Callable[[Pos], Fraction]) -> Pos | None:
        """The least exposed tile one move away with a shot at `targets` of at least `least`
        (then the best chance; None: there is none, or the unit could not fire after moving).
        Only a unit with no such shot where it stands gets here: it would have fired."""
        if unit.ap < STRIKE_AP or not game.what_if.can_fire(unit):
            return None

        def best(at: Pos) -> Fraction:
            return max((self.chance(game, unit, at, e) for e in targets), default=Fraction(0))
        chances = {t: c for t in tiles if (c := best(t)) and c >= least}
        if not chances:
            return None
        good = list(chances)
        self.rng.shuffle(good)
        return min(good, key=lambda t: (exposure(t), -chances[t]))

    def _cover(self, game: Game, unit: Unit, tiles: list[Pos],
               exposure: Callable[[Pos], Fraction]) -> Pos | None:
        """The best-priced tile still in sight of an enemy, if less exposed than here."""
        enemies = [e.pos for e in game.units if e.team != unit.team]
        watching = [t for t in tiles if any(game.what_if.has_los(t, e) for e in enemies)]
        return self._safer(unit, watching, self._enemy_distance(game, unit), exposure)

    def _leave_base(self, game: Game, unit: Unit, tiles: list[Pos]) -> Pos | None:
        """The best-priced tile against every armed enemy, if less exposed than the base."""
        armed = self.armed_enemies(game, unit.team)
        return self._safer(unit, list(tiles), self._enemy_distance(game, unit),
                           lambda to: self.exposure(game, unit, to, armed))

    def _safer(self, unit: Unit, tiles: list[Pos], steps: dict[Pos, int],
               exposure: Callable[[Pos], Fraction]) -> Pos | None:
        if not tiles:
            return None
        price = self._weigh(exposure, steps)
        self.rng.shuffle(tiles)
        best = min(tiles, key=lambda t: (price(t), steps.get(t, UNREACHABLE)))
        return best if exposure(best) < exposure(unit.pos) else None

    def _on_watched_base(self, game: Game, unit: Unit) -> bool:
        return (game.map.base_serves(unit.pos, unit.team)
                and any(game.what_if.has_los(e.pos, unit.pos)
                        for e in self.armed_enemies(game, unit.team)))

    def _squad_mark(self, game: Game) -> Unit | None:
        """The enemy fewest steps from any of our units (then the lowest id)."""
        team = game.active_team
        ours = [u for u in game.units if u.team == team]
        enemies = [e for e in game.units if e.team != team]

        def distance(enemy: Unit) -> tuple[int, int]:
            steps = self.path_distance(game, enemy.pos)
            return min((steps.get(u.pos, UNREACHABLE) for u in ours), default=UNREACHABLE), enemy.id
        return min(enemies, key=distance, default=None)

    @staticmethod
    def _in_contact(game: Game, unit: Unit) -> bool:
        """Whether the unit and some enemy see each other (line of sight is symmetric)."""
        return any(game.what_if.has_los(unit.pos, e.pos) for e in game.units if e.team != unit.team)

    def _enemy_distance(self, game: Game, unit: Unit) -> dict[Pos, int]:
        enemy = self.nearest_enemy(game, unit)
        return self.path_distance(game, enemy.pos) if enemy is not None else {}
