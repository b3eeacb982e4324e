"""Game: units, turn flow, legal_actions(), apply() -> events, victory (RULES.md §3, §6, §7)."""

from __future__ import annotations

import contextlib
import copy
import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from fractions import Fraction

from . import movement, overwatch
from .actions import Action, EndTurn, Fire, IllegalAction, Move, check_action
from .cover import cover_sides, in_cover
from .events import Disqualified, Event, GameOver, LaserChanged, Moved, Scored, Shot, TurnEnded
from .game_map import TEAMS, GameMap, Pos, other_team, possessive
from .mapfile import MapError, team_without_units
from .rolls import TWO_D6, ToHit, to_hit
from .ruleset import CLASS_LABELS
from .units import CHARGED, CHARGING, DEACTIVATED, Unit

Roller = Callable[[random.Random], tuple[int, ...]]


@dataclass(frozen=True)
class SnapRisk:
    """Who could snap-shoot a unit ending a move on a tile, and its exact chance to arrive unhit."""

    shooters: tuple[int, ...]
    p_unhit: Fraction


class _GameEnded(Exception):
    """Raised inside apply() when a victory condition is met: nothing after it resolves."""


class Game:
    """One game on one map. Change it only through apply(); read it freely."""

    def __init__(self, gm: GameMap, seed: int | None = None, roll: Roller | None = None) -> None:
        missing = team_without_units(gm)
        if missing:
            raise MapError(f"{gm.source}: units: team {missing} has no units, so no game can start")
        self.map = gm
        self.rules = gm.rules
        self.seed = seed if seed is not None else random.SystemRandom().randrange(2**32)
        self.rng = random.Random(self.seed)
        self.dice = TWO_D6
        self._roll: Roller = roll or self.dice.roll
        self._units = {i: self._starting_unit(i) for i in range(len(gm.units))}
        self.active_team = "1"
        self.turn = 1
        self.scores = {t: 0 for t in TEAMS}
        self.stats = {t: {"shots": 0, "hits": 0} for t in TEAMS}
        self.winner: str | None = None
        self.victory: str | None = None
        self._reach: dict[int, movement.Reach] = {}
        self._events: list[Event] = []
        self.history: list[Action] = []  # every action applied, in order: the game's record
        self.rolls = 0  # dice rolled so far; an undo may not take back a roll
        gm.visibility  # noqa: B018 -- build the LOS cache now, not during the first turn

    def _starting_unit(self, uid: int) -> Unit:
        spec = self.map.units[uid]
        # Team 2 starts on watch: it holds its class's max snap shots (RULES §6).
        snap = self.rules[spec.unit_class].max_snap_shots if spec.team == "2" else 0
        return Unit(uid, spec.team, spec.unit_class, spec.pos, self.rules.ap_per_turn,
                    snap_shots=snap, elevated=self.map.is_cover(spec.pos))

    # ----- reading the state -------------------------------------------------------------

    @property
    def units(self) -> list[Unit]:
        """The units on the board, in id order."""
        return list(self._units.values())

    def unit(self, uid: int) -> Unit | None:
        return self._units.get(uid)

    @property
    def round(self) -> int:
        """A round is team 1's turn then team 2's."""
        return (self.turn + 1) // 2

    @property
    def over(self) -> bool:
        return self.winner is not None

    def label(self, uid: int) -> str:
        """"Alice's Scout": the unit's team name and class, for messages."""
        u = self._units.get(uid) or self.map.units[uid]
        return f"{possessive(self.map.teams[u.team].name)} {CLASS_LABELS[u.unit_class]}"

    def has_los(self, a: Pos, b: Pos) -> bool:
        return self.map.visibility.sees(a, b)

    def cover_sides(self, uid: int) -> frozenset[str]:
        u = self._units[uid]
        return cover_sides(self.map, u.pos, u.elevated)

    def can_move(self, uid: int) -> bool:
        return self._why_not_move(self._units.get(uid)) is None

    def can_fire(self, uid: int) -> bool:
        return self._why_not_fire(self._units.get(uid)) is None

    def reachable(self, uid: int) -> set[Pos]:
        """Every tile one move action of this unit can end on now."""
        return set(self._search(uid)) if self.can_move(uid) else set()

    def path(self, uid: int, to: Pos) -> tuple[Pos, ...]:
        """The path a Move of this unit to `to` walks, start first."""
        unit = self._units.get(uid)
        self._check_move(unit, to)
        return self._search(uid).path(to)

    def visible_enemies(self, uid: int) -> list[int]:
        """Enemies in this unit's line of sight, whether or not it can fire now."""
        me = self._units[uid]
        vis = self.map.visibility
        return [e.id for e in self._units.values() if e.team != me.team and vis.sees(me.pos, e.pos)]

    def targets(self, uid: int) -> list[int]:
        """Enemies this unit may fire at now."""
        return self.visible_enemies(uid) if self.can_fire(uid) else []

    def to_hit(self, shooter_id: int, target_id: int, snap: bool = False) -> ToHit:
        """The needed roll of a shot, its named modifiers and exact chance (RULES §5)."""
        target = self._units[target_id]
        return self._to_hit(self._units[shooter_id], target, target.pos, target.elevated, snap)

    def _to_hit(self, shooter: Unit, target: Unit, at: Pos, elevated: bool, snap: bool) -> ToHit:
        return to_hit(
            self.rules[shooter.unit_class],
            self.rules[target.unit_class],
            shooter_class=shooter.unit_class,
            shooter_elevated=shooter.elevated,
            target_elevated=elevated,
            target_in_cover=in_cover(self.map, at, elevated, shooter.pos),
            snap=snap,
            dice=self.dice,
        )

    def snap_risk(self, uid: int, dest: Pos) -> SnapRisk:
        """Who could snap-shoot this unit ending a move on `dest`; its chance to arrive unhit."""
        unit = self._units[uid]
        if unit.laser == DEACTIVATED and not self.map.base_serves(dest, unit.team):
            return SnapRisk((), Fraction(1))  # still deactivated there: nobody may shoot
        elevated = self.map.is_cover(dest)
        shooters = overwatch.eligible(self.map, self._units.values(), unit.team, dest)
        p_unhit = Fraction(1)
        for w in shooters:
            p_unhit *= 1 - self._to_hit(w, unit, dest, elevated, snap=True).probability
        return SnapRisk(tuple(w.id for w in shooters), p_unhit)

    def watch_coverage(self, team: str) -> dict[int, frozenset[Pos]]:
        """For each unit of `team` on watch (snap shots and a charged laser): every tile it sees."""
        vis = self.map.visibility
        return {u.id: vis.visible_from(u.pos) for u in self._units.values()
                if u.team == team and u.snap_shots > 0 and u.laser == CHARGED}

    def legal_actions(self) -> list[Action]:
        """Every legal action now, in a fixed order: per unit, moves then shots; EndTurn last."""
        if self.over:
            return []
        actions: list[Action] = []
        for u in self._units.values():
            if u.team != self.active_team:
                continue
            actions.extend(Move(u.id, to) for to in sorted(self.reachable(u.id)))
            actions.extend(Fire(u.id, t) for t in self.targets(u.id))
        actions.append(EndTurn())
        return actions

    def copy(self) -> Game:
        """An independent copy (units, scores and generator), sharing the immutable map."""
        other = copy.copy(self)
        other._units = {i: replace(u) for i, u in self._units.items()}
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other.scores = dict(self.scores)
        other.stats = {t: dict(s) for t, s in self.stats.items()}
        other._reach = dict(self._reach)
        other.history = list(self.history)
        return other

    # ----- legality ----------------------------------------------------------------------

    def _why_not_act(self, unit: Unit | None) -> str | None:
        if self.over:
            return "The game is over."
        if unit is None:
            return "There is no such unit on the board."
        if unit.team != self.active_team:
            return f"It is {possessive(self.map.teams[self.active_team].name)} turn."
        if unit.ap < 1:
            return "This unit has no action points left."
        return None

    def _why_not_move(self, unit: Unit | None) -> str | None:
        reason = self._why_not_act(unit)
        if reason is None and unit.fired and not self.rules[unit.unit_class].moves_after_firing:
            reason = f"A {CLASS_LABELS[unit.unit_class]} cannot move after firing this turn."
        return reason

    def _why_not_fire(self, unit: Unit | None) -> str | None:
        reason = self._why_not_act(unit)
        if reason is None and unit.laser != CHARGED:
            reason = f"Its laser is {unit.laser}."
        return reason

    def _check_move(self, unit: Unit | None, to: Pos) -> None:
        reason = self._why_not_move(unit)
        if reason is None and to not in self._search(unit.id):
            reason = "That tile cannot be reached in one move."
        if reason:
            raise IllegalAction(reason)

    def _check_fire(self, unit: Unit | None, target_id: int) -> None:
        reason = self._why_not_fire(unit)
        target = self._units.get(target_id)
        if reason is None and (target is None or target.team == unit.team):
            reason = "Only an enemy unit on the board can be fired at."
        if reason is None and not self.has_los(unit.pos, target.pos):
            reason = "There is no line of sight to that unit."
        if reason:
            raise IllegalAction(reason)

    def _forget_reach(self, *changed: Pos) -> None:
        """Drop the cached searches that a unit arriving at or leaving `changed` may alter."""
        for uid in list(self._reach):
            u = self._units.get(uid)
            speed = self.rules[u.unit_class].speed if u else 0
            if u is None or any(max(abs(u.pos[0] - p[0]), abs(u.pos[1] - p[1])) <= speed
                                for p in changed):
                del self._reach[uid]

    def _search(self, uid: int) -> movement.Reach:
        """The move search of a unit, cached until some unit moves or leaves the board."""
        if uid not in self._reach:
            u = self._units[uid]
            cls = self.rules[u.unit_class]
            occupied = {o.pos for o in self._units.values()}
            self._reach[uid] = movement.search(
                self.map, u.pos, cls.speed, cls.climbs_freely, occupied
            )
        return self._reach[uid]

    # ----- applying actions --------------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        """Carry out a legal action and return what happened; IllegalAction changes nothing."""
        check_action(action)
        if isinstance(action, Move):
            unit = self._units.get(action.unit_id)
            self._check_move(unit, action.to)
            do = lambda: self._move(unit, action.to)  # noqa: E731
        elif isinstance(action, Fire):
            unit = self._units.get(action.unit_id)
            self._check_fire(unit, action.target_id)
            do = lambda: self._fire(unit, self._units[action.target_id])  # noqa: E731
        elif isinstance(action, EndTurn):
            if self.over:
                raise IllegalAction("The game is over.")
            do = self._end_turn
        else:
            raise IllegalAction(f"Not an action: {action!r}")
        self._events = []
        self.history.append(action)
        with contextlib.suppress(_GameEnded):
            do()
        return self._events

    def _emit(self, event: Event) -> None:
        """Record an event, then check victory (RULES §7: after every event)."""
        self._events.append(event)
        result = self._victory()
        if result:
            self._finish(*result)

    def _finish(self, winner: str, victory: str) -> None:
        self.winner, self.victory = winner, victory
        self._events.append(GameOver(winner, victory))
        raise _GameEnded

    def _move(self, unit: Unit, to: Pos) -> None:
        path = self._search(unit.id).path(to)
        unit.ap -= 1
        unit.pos = to
        unit.elevated = self.map.is_cover(to)
        self._forget_reach(path[0], to)
        # Recharging is part of ending the move: no victory check may fall between the two,
        # or walking the last deactivated unit onto its base would lose by checkmate.
        recharges = unit.laser == DEACTIVATED and self.map.base_serves(to, unit.team)
        if recharges:
            unit.laser = CHARGING
        self._emit(Moved(unit.id, path))
        if recharges:
            self._emit(LaserChanged(unit.id, CHARGING))
        self._snap_shots_at(unit)

    def _fire(self, unit: Unit, target: Unit) -> None:
        unit.ap -= self.rules[unit.unit_class].fire_cost(unit.ap)
        unit.fired = True
        self._shoot(unit, target, snap=False)
        self._snap_shots_at(unit)

    def _shoot(self, shooter: Unit, target: Unit, snap: bool) -> bool:
        needed = self._to_hit(shooter, target, target.pos, target.elevated, snap).needed
        dice = tuple(self._roll(self.rng))
        self.rolls += 1
        hit = sum(dice) >= needed
        self.stats[shooter.team]["shots"] += 1
        self._emit(Shot(shooter.id, target.id, dice, needed, hit, snap))
        if hit:
            self._hit(shooter, target)
        return hit

    def _hit(self, shooter: Unit, target: Unit) -> None:
        """RULES §5, a hit: a point, and the target's laser off (or the target out)."""
        self.scores[shooter.team] += 1
        self.stats[shooter.team]["hits"] += 1
        target.snap_shots = 0
        self._emit(Scored(shooter.team, self.scores[shooter.team]))
        if not self.map.usable_bases(target.team):
            del self._units[target.id]
            self._forget_reach(target.pos)
            self._emit(Disqualified(target.id))
            return
        # On a usable base the laser "starts charging at once": one change, straight to it.
        on_base = self.map.base_serves(target.pos, target.team)
        self._set_laser(target, CHARGING if on_base else DEACTIVATED)

    def _set_laser(self, unit: Unit, laser: str) -> None:
        unit.laser = laser
        self._emit(LaserChanged(unit.id, laser))

    def _snap_shots_at(self, unit: Unit) -> None:
        """Enemies on watch that see the unit's tile shoot one at a time until one hits."""
        if unit.laser == DEACTIVATED:
            return
        watchers = overwatch.eligible(self.map, self._units.values(), unit.team, unit.pos)
        for watcher in overwatch.firing_order(watchers, self.rng):
            watcher.snap_shots -= 1
            if self._shoot(watcher, unit, snap=True):
                return

    def _end_turn(self) -> None:
        """RULES §6, end of turn, in its order."""
        team = self.active_team
        for u in self._units.values():
            if u.laser == CHARGING:
                self._set_laser(u, CHARGED)
        for u in self._units.values():
            if u.team == team:
                keep = u.laser == CHARGED and not u.fired
                u.snap_shots = min(u.ap, self.rules[u.unit_class].max_snap_shots) if keep else 0
        limit = self.map.turn_limit
        if limit is not None and team == "2" and self.round >= limit:
            self._finish(self._leader(), "turn_limit")
        nxt = other_team(team)
        self.turn += 1
        self.active_team = nxt
        for u in self._units.values():
            if u.team == nxt:
                u.ap = self.rules.ap_per_turn
                u.snap_shots = 0
                u.fired = False
        self._reach.clear()
        self._emit(TurnEnded(team, nxt, self.turn, self.round))

    def _leader(self) -> str:
        one, two = self.scores["1"], self.scores["2"]
        return "1" if one > two else "2" if two > one else "draw"

    # ----- victory -----------------------------------------------------------------------

    def _victory(self) -> tuple[str, str] | None:
        """The first condition of RULES §7 met, as (winner, reason); both teams at once: a draw."""
        for reason, losers in (
            ("score", [other_team(t) for t in TEAMS if self.scores[t] >= self.map.score_limit[t]]),
            ("elimination", [t for t in TEAMS if not any(u.team == t for u in self.units)]),
            ("checkmate", [t for t in TEAMS if self._checkmated(t)]),
        ):
            if losers:
                return ("draw" if len(losers) == 2 else other_team(losers[0]), reason)
        return None

    def _checkmated(self, team: str) -> bool:
        """No laser charged or charging, and every usable base occupied by some unit."""
        if any(u.team == team and u.laser != DEACTIVATED for u in self._units.values()):
            return False
        occupied = {u.pos for u in self._units.values()}
        return all(b in occupied for b in self.map.usable_bases(team))
