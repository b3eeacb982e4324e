"""What one side faces during its turn: enemy threat, shots on offer, bases, as expected values.

Values are in points: a point scored is worth `Weights.point`, and everything else (a laser
kept charged, a step nearer a base) is priced against it. The enemy side does not change during
our turn except through hits and spent snap shots, so a Situation is reused across the turn's
decisions while the enemy looks the same (see `enemy_signature`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from laser_flag.engine import CHARGED, DEACTIVATED, Game, Pos, Unit, other_team

from .distances import UNREACHABLE, base_distance, walking_distance
from .odds import Odds


@dataclass(frozen=True)
class Weights:
    """The price of each thing a bot weighs, in points."""

    point: float = 1.0  # a point scored or conceded
    laser: float = 0.6  # a live (charged or charging) laser over a deactivated one
    unit: float = 2.0  # a unit kept on the board, where every hit disqualifies
    shot_ready: float = 0.8  # share of a shot's value credited before it is fired
    base_step: float = 0.05  # per step a deactivated unit is from its nearest base
    approach_step: float = 0.02  # per step a live unit is from the nearest enemy
    urgency_rounds: int = 8  # urgency grows with (round / this) squared, from nothing
    urgency_steps: int = 3  # urgency prices only the last steps into sight of an enemy
    deny: float = 0.12  # standing on a base only the enemy can use, per enemy laser that needs it
    eager_rounds: int = 0  # quiet rounds per point scored at which a hit is worth double (0: off)
    reply: float = 0.0  # share of the threat of enemies that must first move to see a tile
    watch: float = 0.0  # per snap shot a unit would hold on a tile enemies can walk into view of
    # The way to a base cuts wall corners, as the planner's weights assume, though no move may:
    # a deactivated unit can stall in a pocket it seems to walk out of. False: as moves walk.
    # (The way to the enemy keeps the estimate: urgency's window, `urgency_steps`, assumes it,
    # and walked steps would put a whole side outside it, so that both sides stall.)
    base_cuts_corners: bool = True
    braved: float = 1.0  # share of a walk-in (`reply`) threat kept where our snap shots watch


def enemy_signature(game: Game) -> tuple:
    """Everything about the enemy side that a Situation depends on."""
    team = game.active_team
    return (game.map, game.rules, team, game.round, tuple(
        (u.id, u.pos, u.laser, u.snap_shots) for u in game.units if u.team != team))


class Situation:
    """Threats, shots and base values for the active team of one game, cached per tile."""

    def __init__(self, game: Game, odds: Odds, weights: Weights, root: Game | None = None) -> None:
        """`root`: the position a search started from (by default `game` itself). Where its
        enemies stood is what approach and urgency walk toward, and its score sets how keen a
        hit is (`eager`), so that every line of one search is priced on one scale: an enemy a
        line took off the board still counts as seen where it stood (late in a game urgency
        made such a hit look worse than a miss), and a point scored by either side does not
        make the units on the board look cheaper."""
        gm = game.map
        self.w = weights
        self.odds = odds
        self.team = game.active_team
        enemy = other_team(self.team)
        self.enemies = [u for u in game.units if u.team == enemy]
        self.shooters = [u for u in self.enemies if u.laser != DEACTIVATED]
        self.sees = gm.visibility.sees
        self.map = gm
        what_if = game.what_if
        self.laser_after_hit = what_if.laser_after_hit
        self.can_fire = what_if.can_fire
        self.snap_shots_kept = what_if.snap_shots_kept
        self.has_base = bool(gm.usable_bases(self.team))
        self.base_dist = base_distance(gm, self.team, weights.base_cuts_corners)
        root = root or game
        self.marks = [u.pos for u in root.units if u.team == enemy]
        self.enemy_dist = walking_distance(gm, self.marks)
        self.deny_tiles = frozenset(gm.usable_bases(enemy)) - frozenset(gm.usable_bases(self.team))
        self.base_to_enemy = min(
            (self.enemy_dist.get(b, UNREACHABLE) for b in gm.usable_bases(self.team)), default=0)
        self.enemy_down = sum(1 for u in self.enemies if u.laser == DEACTIVATED)
        # A standoff must end: the longer the game, the more the last steps into sight are worth.
        self.urgency = weights.approach_step * (game.round / weights.urgency_rounds) ** 2
        quiet = root.round / (1 + sum(root.scores.values()))
        self.eager = 1.0 + (quiet / weights.eager_rounds) ** 2 if weights.eager_rounds else 1.0
        self.watched = frozenset().union(*game.what_if.watch_coverage(enemy).values())
        self._reach: dict[int, frozenset[Pos]] = {}
        self._ways_in: dict[tuple[int, Pos], frozenset[Pos]] = {}
        self.reply_seen = self._reply_seen(game) if weights.reply or weights.watch else {}
        self.enemy_view = frozenset().union(*self.reply_seen.values())
        self._threat: dict[tuple[str, Pos, int], float] = {}
        self._reply_hit: dict[tuple[int, str, Pos], float] = {}
        self._shot: dict[tuple[str, Pos], float] = {}
        self._engage: dict[Pos, int] = {}
        self._armed: dict[tuple[str, int, str], bool] = {}

    def _reply_seen(self, game: Game) -> dict[int, frozenset[Pos]]:
        """Every tile each live enemy could see after one move of its next turn."""
        visible_from = self.map.visibility.visible_from
        seen = {}
        for e in self.shooters:
            reach = self._reach[e.id] = frozenset(game.what_if.reachable(e))
            seen[e.id] = frozenset().union(visible_from(e.pos), *map(visible_from, reach))
        return seen

    def ways_in(self, enemy: Unit, at: Pos) -> frozenset[Pos]:
        """The tiles one move of this enemy can end on from which it sees `at`."""
        key = (enemy.id, at)
        tiles = self._ways_in.get(key)
        if tiles is None:
            tiles = self._ways_in[key] = self._reach.get(enemy.id, frozenset()).intersection(
                self.map.visibility.visible_from(at))
        return tiles

    def threat(self, unit_class: str, at: Pos, ignore: int = -1) -> float:
        """Chance that some live enemy hits a unit on `at` on its next turn.

        An enemy that sees `at` now counts fully; with `Weights.reply`, one that must first
        walk into view counts for that share (it braves our snap shots and spends an AP).
        """
        key = (unit_class, at, ignore)
        value = self._threat.get(key)
        if value is None:
            safe = 1.0
            for e in self.shooters:
                if e.id != ignore:
                    safe *= 1.0 - self.reply_hit(e, unit_class, at)
            value = self._threat[key] = 1.0 - safe
        return value

    def reply_hit(self, enemy: Unit, unit_class: str, at: Pos) -> float:
        """Chance that this enemy's shot next turn hits a unit on `at`: the full odds where it
        sees `at` now, the `Weights.reply` share where it must first walk into view, else 0."""
        key = (enemy.id, unit_class, at)
        p = self._reply_hit.get(key)
        if p is None:
            p = 0.0
            if self.sees(enemy.pos, at):
                p = self.odds.hit(enemy.unit_class, enemy.pos, unit_class, at, False)
            elif at in self.reply_seen.get(enemy.id, ()):
                p = self.w.reply * self.odds.hit(enemy.unit_class, enemy.pos, unit_class, at, False)
            self._reply_hit[key] = p
        return p

    def team_reply(self, units: list[Unit], covered: frozenset[Pos] = frozenset()) -> float:
        """What the enemy's reply is expected to take from our `units`, in points, each live
        enemy taking its one best shot (the one whose odds times our loss is highest): units
        clumped in one enemy's sight cost one expected hit, not one each as `threat` counts.

        `covered`: the tiles our snap shots will watch. An enemy that must walk into view of a
        unit, and can do so only onto one of them, braves a snap shot first (`Weights.braved`)."""
        return sum(max((self.reply_chance(e, u, covered) * self.loss(u.pos, u.laser)
                        for u in units), default=0.0)
                   for e in self.shooters)

    def any_hit(self, units: list[Unit], covered: frozenset[Pos] = frozenset()) -> float:
        """Chance that the enemy's reply hits at least one of our `units`, each live enemy
        firing once at the unit it is likeliest to hit (priced as `team_reply` prices it)."""
        safe = 1.0
        for e in self.shooters:
            safe *= 1.0 - max((self.reply_chance(e, u, covered) for u in units), default=0.0)
        return 1.0 - safe

    def reply_chance(self, enemy: Unit, unit: Unit, covered: frozenset[Pos]) -> float:
        """Chance that this enemy's reply hits `unit` (`reply_hit`), a walk-in onto ground
        only our snap shots (`covered`) watch cut to the `Weights.braved` share."""
        p = self.reply_hit(enemy, unit.unit_class, unit.pos)
        if (p and covered and not self.sees(enemy.pos, unit.pos)
                and self.ways_in(enemy, unit.pos) <= covered):
            p *= self.w.braved
        return p

    def best_shot(self, unit_class: str, at: Pos) -> float:
        """The expected value of the best shot a unit on `at` could fire now."""
        key = (unit_class, at)
        value = self._shot.get(key)
        if value is None:
            value = max((self.odds.hit(unit_class, at, e.unit_class, e.pos, False) * self.gain(e)
                         for e in self.enemies if self.sees(at, e.pos)), default=0.0)
            self._shot[key] = value
        return value

    def engage_distance(self, at: Pos) -> int:
        """Steps to the nearest enemy, or 0 where some enemy is in sight: what urgency closes."""
        dist = self._engage.get(at)
        if dist is None:
            seen = any(self.sees(at, mark) for mark in self.marks)
            dist = self._engage[at] = 0 if seen else self.enemy_dist.get(at, UNREACHABLE)
        return dist

    def armed(self, unit: Unit, ap: int, laser: str) -> bool:
        """Whether the unit, with `ap` left and this laser, may fire (the engine's rule, asked
        once per class, AP and laser: a value is priced for hundreds of tiles a decision)."""
        key = (unit.unit_class, ap, laser)
        armed = self._armed.get(key)
        if armed is None:
            armed = self._armed[key] = self.can_fire(replace(unit, ap=ap, laser=laser))
        return armed

    def gain(self, target: Unit) -> float:
        """What hitting this enemy is worth: a point, and its laser or the unit itself."""
        worth = self.w.point
        after = self.laser_after_hit(target.team, target.pos)
        if after is None:
            worth += self.w.unit
        elif target.laser == CHARGED and after == DEACTIVATED:
            worth += self.w.laser
        return worth * self.eager

    def value(self, unit: Unit, at: Pos, ap: int, laser: str, ignore: int = -1) -> float:
        """A unit's worth standing on `at` with `ap` left and this laser, threats priced in."""
        return (self.worth(unit, at, ap, laser)
                - self.threat(unit.unit_class, at, ignore) * self.loss(at, laser))

    def worth(self, unit: Unit, at: Pos, ap: int, laser: str) -> float:
        """A unit's worth standing on `at` with `ap` left and this laser, before any threat."""
        w = self.w
        live = laser != DEACTIVATED
        v = 0.0
        if live:
            dist = self.engage_distance(at)
            v += w.laser - w.approach_step * dist - self.urgency * min(dist, w.urgency_steps)
        elif self.has_base:
            # It must reach a base before it counts again: its way to the enemy leads there.
            steps = self.base_dist.get(at, UNREACHABLE)
            v -= (w.base_step * steps + w.approach_step * (steps + self.base_to_enemy)
                  + self.urgency * w.urgency_steps)
        if self.armed(unit, ap, laser):
            v += w.shot_ready * self.best_shot(unit.unit_class, at)
            if at in self.enemy_view:  # snap shots held over ground the enemy must cross
                v += w.watch * self.snap_shots_kept(unit.unit_class, ap)
        if at in self.deny_tiles:
            v += w.deny * (1 + self.enemy_down)
        return v

    def loss(self, at: Pos, laser: str) -> float:
        """What a hit on our unit standing on `at` costs."""
        after = self.laser_after_hit(self.team, at)
        if after is None:
            return self.w.point + self.w.unit + self.w.laser
        if laser != DEACTIVATED and after == DEACTIVATED:
            return self.w.point + self.w.laser
        return self.w.point

    def hurt(self, unit: Unit, at: Pos, ap: int) -> float:
        """A unit's worth right after a snap shot hit it on `at`."""
        laser = self.laser_after_hit(self.team, at)
        if laser is None:
            return -(self.w.point + self.w.unit)  # disqualified: nothing left on the board
        return self.value(unit, at, ap, laser) - self.w.point
