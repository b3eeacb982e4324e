"""Game: units, turn flow, legal_actions(), apply() -> events, victory (RULES.md §3, §6, §7)."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import partial
from types import MappingProxyType
from typing import Any, NamedTuple

from . import fog as fog_of_war
from . import legal, movement, overwatch
from .actions import Action, EndTurn, Fire, IllegalAction, Move, check_action
from .cover import cover_sides, in_cover, sides_facing
from .events import Disqualified, Event, GameOver, LaserChanged, Moved, Scored, Shot, TurnEnded
from .game_map import TEAMS, GameMap, Pos, other_team, possessive
from .history import History
from .legal import LegalActions
from .mapfile import MapError, team_without_units
from .outcomes import ChanceScript, explore
from .rolls import TWO_D6, Dice, ToHit, to_hit
from .ruleset import CLASS_LABELS
from .state import GameState
from .terms import DRAW, Team, Victory
from .units import CHARGED, CHARGING, DEACTIVATED, Unit

NO_LOS = "There is no line of sight to that unit."
MOVE_COST = 1  # AP (RULES §3)
Roller = Callable[[random.Random], tuple[int, ...]]


class _Targets(NamedTuple):
    """The units a team may fire at, and their tiles as LOS bits (`Visibility.tile_bits`)."""

    team: str
    units: list[Unit]
    tiles: int


# What a unit offers to legal_actions(), kept while the unit, its search and the targets are the
# same objects (all three are replaced when they change): the unit, its search (None if it may
# not move), the targets, and its runs of actions with their lengths.
_Offer = tuple[Unit, "movement.Reach | None", "_Targets | None", list[tuple[int, legal.Part]]]


@dataclass(frozen=True)
class SnapRisk:
    """Who could snap-shoot a unit ending a move on a tile, and its exact chance to arrive unhit."""

    shooters: tuple[int, ...]
    p_unhit: Fraction


# Events after which a game whose last victory check found both teams on the board, armed and
# under their score limits stays so: they raise no score, and deactivate or remove no unit.
_KEEP_ARMED = frozenset({Moved, Shot, TurnEnded})


class _GameEnded(Exception):
    """Raised inside apply() when a victory condition is met: nothing after it resolves."""


def _on_map(gm: GameMap, unit: Unit) -> bool:
    """Whether `unit` is one of the map's units (an id is an index in the map's unit list)."""
    if not 0 <= unit.id < len(gm.units):
        return False
    spec = gm.units[unit.id]
    return (spec.team, spec.unit_class) == (unit.team, unit.unit_class)


class Game:
    """One game on one map. Change it only through apply(); read it freely.

    What it hands out is read-only: frozen units, read-only views of scores and stats.
    """

    def __init__(self, gm: GameMap, seed: int | None = None, roll: Roller | None = None,
                 fog: bool | None = None) -> None:
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
        self._bit = movement.bit_of_tile(gm)
        self._occupied = self._tiles_of(self._units.values())  # kept up to date by every move
        self._targets: _Targets | None = None  # kept until one of them moves or leaves
        self._active_team = TEAMS[0]
        self._turn = 1
        self._scores = {t: 0 for t in TEAMS}
        self._stats = {t: {"shots": 0, "hits": 0} for t in TEAMS}
        self._winner: str | None = None
        self._victory_reason: str | None = None
        self._armed = False  # the last victory check found both teams armed, under their limits
        self._reach: dict[int, movement.Reach] = {}
        # by unit id (an index: faster to read than a dict), for legal_actions()
        self._offers: list[_Offer | None] = [None] * len(gm.units)
        self._searches = movement.kept_searches(gm)
        self._walks = {name: movement.walk_of(gm, c.speed, c.climbs_freely)
                       for name, c in self.rules.classes.items()}  # each class's, for _search
        self._team_ids = gm.memo(_team_ids)  # legal_actions() looks at the team to play only
        self._move_tables = gm.memo(_move_tables)  # legal_actions() picks its Moves from these
        self._fire_table = gm.memo(_fires_of)  # and its Fires from this
        self._events: list[Event] = []
        self.history = History()  # every action applied, in order: the game's record
        self._rolls = 0
        self._fog = gm.fog_of_war if fog is None else bool(fog)  # RULES §9
        self._last_seen: fog_of_war.Memory = {t: {} for t in TEAMS}
        self._told: dict[int, frozenset[str]] = {}  # index in _events -> teams told of it
        self._seen: dict[str, frozenset[int]] = {}  # with fog, each team's enemies in sight now
        if self.fog:
            self._look()
        gm.visibility  # noqa: B018 -- build the LOS cache now, not during the first turn

    @classmethod
    def from_state(
        cls, gm: GameMap, state: GameState, *, seed: int, roll: Roller | None = None,
        fog: bool | None = None,
    ) -> Game:
        """A game on `gm` that goes on from `state`, with no history (test scenarios, for one).

        `seed` is only remembered (saves record it); the dice follow `state.rng`. With fog, the
        enemies in sight in `state` are remembered where they stand.
        """
        game = cls(gm, seed=seed, roll=roll, fog=fog)
        strangers = [u.id for u in state.units if not _on_map(gm, u)]
        if strangers:
            raise ValueError(f"units {strangers} are not this map's")
        if state.active_team not in TEAMS:
            raise ValueError(f"there is no team {state.active_team!r}")
        game._load(state)
        if game.fog:
            game._look()
        return game

    def _starting_unit(self, uid: int) -> Unit:
        spec = self.map.units[uid]
        # Team 2 starts on watch: it holds its class's max snap shots (RULES §6).
        snap = self.rules[spec.unit_class].max_snap_shots if spec.team == Team.TWO else 0
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
    def fog(self) -> bool:
        """Whether this game is played with fog of war (RULES §9); fixed when it starts."""
        return self._fog

    @property
    def active_team(self) -> str:
        return self._active_team

    @property
    def turn(self) -> int:
        return self._turn

    @property
    def scores(self) -> Mapping[str, int]:
        """Points per team, read-only (it follows the game as it goes on)."""
        return MappingProxyType(self._scores)

    @property
    def stats(self) -> Mapping[str, Mapping[str, int]]:
        """Shots and hits per team, read-only."""
        return MappingProxyType({t: MappingProxyType(s) for t, s in self._stats.items()})

    @property
    def winner(self) -> str | None:
        """"1", "2" or "draw" once the game is over."""
        return self._winner

    @property
    def victory(self) -> str | None:
        """The condition that ended the game (RULES §7)."""
        return self._victory_reason

    @property
    def rolls(self) -> int:
        """Dice rolled so far; an undo may not take back a roll."""
        return self._rolls

    def state(self) -> GameState:
        """The whole state as one frozen record: the save digest, debug dumps and tests use it."""
        return GameState(
            units=tuple(self._units.values()),
            active_team=self._active_team,
            turn=self._turn,
            scores=MappingProxyType(dict(self._scores)),
            stats=MappingProxyType({t: MappingProxyType(dict(s)) for t, s in self._stats.items()}),
            winner=self._winner,
            victory=self._victory_reason,
            rolls=self._rolls,
            rng=self._rng.getstate(),
            last_seen=fog_of_war.freeze(self._last_seen),
        )

    def _load(self, state: GameState) -> None:
        """Take every field of `state`, into containers of this game's own."""
        self._units = {u.id: u for u in sorted(state.units, key=lambda u: u.id)}  # in id order
        self._occupied = self._tiles_of(self._units.values())
        self._targets = None
        self._armed = False  # `state` may meet a condition: the next event checks them all
        self._active_team, self._turn = state.active_team, state.turn
        self._scores = dict(state.scores)
        self._stats = {t: dict(s) for t, s in state.stats.items()}
        self._winner, self._victory_reason, self._rolls = state.winner, state.victory, state.rolls
        self.rng = random.Random(0)  # any seed (not os.urandom, which is slow): replaced at once
        self.rng.setstate(state.rng)
        self._last_seen = fog_of_war.thaw(state.last_seen)

    @property
    def round(self) -> int:
        """A round is team 1's turn then team 2's."""
        return (self._turn + 1) // 2

    @property
    def over(self) -> bool:
        return self._winner is not None

    def observe(self, team: str) -> fog_of_war.Observation:
        """What `team` knows now (RULES §9): without fog, everything."""
        vis = self.map.visibility if self.fog else None
        return fog_of_war.observe(self._units.values(), team, self._last_seen, vis)

    def events_for(self, team: str) -> list[Event]:
        """The events of the last apply() that `team` was told of (RULES §9); without fog, all."""
        return [e for i, e in enumerate(self._events) if team in self._told.get(i, TEAMS)]

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
        """The to-hit of a shot, from the few distinct answers kept on the map (as shot_odds)."""
        covered = in_cover(self.map, at, elevated, shooter.pos)
        return self.map.memo(_shot_to_hit, shooter.unit_class, shooter.elevated,
                             target.unit_class, elevated, covered, snap, self.dice)

    def snap_risk(self, uid: int, dest: Pos) -> SnapRisk:
        """Who could snap-shoot this unit ending a move on `dest`; its chance to arrive unhit."""
        unit = self._units[uid]
        if self.laser_on_arrival(unit, dest) == DEACTIVATED:
            return SnapRisk((), Fraction(1))  # still deactivated there: nobody may shoot
        elevated = self.map.is_cover(dest)
        shooters = overwatch.eligible(self.map, self._known_to(unit.team), unit.team, dest)
        p_unhit = Fraction(1)
        for w in shooters:
            p_unhit *= 1 - self._to_hit(w, unit, dest, elevated, snap=True).probability
        return SnapRisk(tuple(w.id for w in shooters), p_unhit)

    def watch_coverage(self, team: str) -> dict[int, frozenset[Pos]]:
        """For each unit of `team` on watch (snap shots and a charged laser): every tile it sees."""
        vis = self.map.visibility
        return {u.id: vis.visible_from(u.pos) for u in self._units.values()
                if u.team == team and u.snap_shots > 0 and u.laser == CHARGED}

    def legal_actions(self) -> LegalActions:
        """Every legal action now, in a fixed order: per unit, moves then shots; EndTurn last.
        A read-only sequence equal to the list of them, which makes an action when it is read."""
        if self._winner is not None:
            return legal.NONE
        ends: list[int] = []
        parts: list[legal.Part] = []
        size = 0
        units, reaches, offers = self._units, self._reach, self._offers
        for uid in self._team_ids[self._active_team]:
            u = units.get(uid)
            if u is None or u.ap < 1:  # out of the game, or done for this turn
                continue
            offer = offers[uid]
            if (offer is None or offer[0] is not u or offer[1] is not reaches.get(uid)
                    or offer[2] is not self._targets):
                offer = offers[uid] = self._offer(u)
            for count, part in offer[3]:
                size += count
                ends.append(size)
                parts.append(part)
        ends.append(size + 1)
        parts.append(legal.END_TURN)
        return LegalActions(ends, parts)

    def _offer(self, u: Unit) -> _Offer:
        """The runs of actions a unit with AP left offers now: its moves, then its shots."""
        runs: list[tuple[int, legal.Part]] = []
        reach = None
        if not u.fired or self.rules[u.unit_class].moves_after_firing:
            reach = self._search(u.id)
            if reach.size:
                runs.append((reach.size, legal.Moves(reach, self._move_tables[u.id])))
        if u.laser == CHARGED:
            vis, targets = self.map.visibility, self._targets_of(u.team)
            seen = vis.seen_bits(u.pos) & targets.tiles  # most units see no enemy
            if seen:  # one unit a tile
                runs.append((seen.bit_count(),
                             legal.Fires(u, targets.units, vis, self._fire_table)))
        return u, reach, self._targets, runs

    def _targets_of(self, team: str) -> _Targets:
        """The enemies of `team` on the board, kept while they stand where they are: the units
        of the team to play move far more often."""
        targets = self._targets
        if targets is None or targets.team != team:
            units = [e for e in self._units.values() if e.team != team]
            tiles = self.map.visibility.tile_bits([e.pos for e in units])
            targets = self._targets = _Targets(team, units, tiles)
        return targets

    def copy(self) -> Game:
        """An independent copy; it shares the map and the history (both immutable), the frozen
        units and the kept move searches, so it costs the same after ten actions or ten
        thousand. The dice generator is shared until either game rolls (copy on write); a
        roller with state of its own (scripted dice) is copied, so that a copy's dice never
        use up the original's."""
        other = object.__new__(type(self))
        other.__dict__ = self.__dict__.copy()  # one copy of the whole dict: no growing it
        other._units = dict(self._units)
        other._scores = dict(self._scores)
        other._stats = {t: dict(s) for t, s in self._stats.items()}
        if self._fog:  # memories are updated in place, and only with fog
            other._last_seen = {t: dict(m) for t, m in self._last_seen.items()}
        self._rng_shared = other._rng_shared = True
        if self._roll != self.dice.roll:  # the dice table is frozen and shared
            other._roll = copy.deepcopy(self._roll, {id(self.dice): self.dice})
        other._reach = dict(self._reach)
        other._offers = list(self._offers)
        other._events = []
        other._told = {}
        return other

    @property
    def rng(self) -> random.Random:
        """The game's generator: every die and every snap shooters' order comes from it."""
        if self._rng_shared:  # a copy holds the same generator: take one of our own first
            own = random.Random(0)  # any seed (not os.urandom, which is slow): replaced at once
            own.setstate(self._rng.getstate())
            self._rng, self._rng_shared = own, False
        return self._rng

    @rng.setter
    def rng(self, rng: random.Random) -> None:
        self._rng, self._rng_shared = rng, False

    # ----- legality ----------------------------------------------------------------------

    def _why_not_act(self, unit: Unit | None) -> str | None:
        if self.over:
            return "The game is over."
        if unit is None:
            return "There is no such unit on the board."
        if unit.team != self._active_team:
            return f"It is {possessive(self.map.teams[self._active_team].name)} turn."
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

    def why_not(self, action: Action) -> str | None:
        """None when apply(action) would be legal now, else the reason it would refuse."""
        try:
            self._check(action)
        except IllegalAction as exc:
            return exc.reason
        return None

    def _check(self, action: Action) -> None:
        check_action(action)  # the types first: nothing below may trip over a malformed action
        if isinstance(action, Move):
            self._check_move(self._units.get(action.unit_id), action.to)
        elif isinstance(action, Fire):
            self._check_fire(self._units.get(action.unit_id), action.target_id)
        elif not isinstance(action, EndTurn):
            raise IllegalAction(f"Not an action: {action!r}")
        elif self.over:
            raise IllegalAction("The game is over.")

    def _check_move(self, unit: Unit | None, to: Pos) -> None:
        reason = self._why_not_move(unit)
        if reason is None and to not in self._search(unit.id):
            reason = self._why_out_of_reach(unit, to)
        if reason:
            raise IllegalAction(reason)

    def _check_fire(self, unit: Unit | None, target_id: int) -> None:
        reason = self._why_not_fire(unit)
        target = self._units.get(target_id)
        if reason is None and (target is None or target.team == unit.team):
            reason = "Only an enemy unit on the board can be fired at."
        if reason is None and not self.has_los(unit.pos, target.pos):
            reason = NO_LOS
        if reason:
            raise IllegalAction(reason)

    def _why_out_of_reach(self, unit: Unit, to: Pos) -> str:
        """Why one move cannot end on `to`: how far it is against the unit's speed, if it is."""
        return f"That tile cannot be reached in one move: {self._how_far(unit, to)}."

    def _how_far(self, unit: Unit, to: Pos) -> str:
        if not self.map.in_bounds(to) or self.map.is_wall(to):
            return "it is a wall"
        if any(o.pos == to for o in self._known_to(self._active_team)):
            return "another unit stands there"
        steps = self.steps_to(unit, to)
        if steps is None:
            return "no path leads there"
        label, speed = CLASS_LABELS[unit.unit_class], self.rules[unit.unit_class].speed
        return f"it needs {steps} steps and a {label} has speed {speed}"

    def _forget_reach(self, tiles: int) -> None:
        """Drop the cached searches that a unit arriving at or leaving `tiles` (a bitset of
        `movement.tile_bits`) may alter."""
        for uid in [uid for uid, reach in self._reach.items() if reach.depends & tiles]:
            del self._reach[uid]

    def _tiles_of(self, units: Iterable[Unit]) -> int:
        """The bitset of the tiles these units stand on."""
        bit = self._bit
        return sum(bit[u.pos] for u in units)  # one unit a tile: a sum is a union

    def _search(self, uid: int) -> movement.Reach:
        """The move search of a unit, kept until a unit arrives at or leaves a tile it asked
        about (the end of a turn changes no search: reach depends on where units stand only)."""
        reach = self._reach.get(uid)
        if reach is None:
            u = self._units[uid]
            occupied = self._tiles_of(self._known_to(u.team)) if self._fog else self._occupied
            reach = self._reach[uid] = self._searches.reach((u.pos, *self._walks[u.unit_class]),
                                                            occupied)
        return reach

    # ----- applying actions --------------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        """Carry out a legal action and return what happened; IllegalAction changes nothing."""
        self._check(action)
        self._events, self._told = [], {}
        self.history = self.history.appended(action)
        try:
            if isinstance(action, Move):
                self._move(self._units[action.unit_id], action)
            elif isinstance(action, Fire):
                self._fire(self._units[action.unit_id], self._units[action.target_id])
            else:
                self._end_turn()
        except _GameEnded:
            pass
        if self._fog:
            # What the next team knows decides its searches, and sight changes without a move.
            self._reach.clear()
        return self._events

    def _emit(self, event: Event) -> None:
        """Record an event, then check victory (RULES §7: after every event)."""
        self._events.append(event)
        if self._fog:
            self._see(event)
        if self._armed and (type(event) in _KEEP_ARMED or type(event) is LaserChanged
                            and event.laser != DEACTIVATED):
            return  # nothing the event changed can meet a condition: the usual case, made cheap
        result = self._victory()
        if result:
            self._finish(*result)

    def _look(self) -> dict[str, frozenset[int]]:
        """Sight now (RULES §9): each team remembers the enemies it sees where they stand, and
        what it sees is kept for the searches until the next event."""
        seen = self._seen = fog_of_war.sight(self.map.visibility, self._units.values())
        fog_of_war.remember(self._last_seen, self._units, seen, self.round)
        return seen

    def _see(self, event: Event) -> None:
        """Sight after an event: the memories, a shooter revealed, and who is told of it."""
        fog_of_war.reveal(self._last_seen, event, self._units, self.round)
        self._told[len(self._events) - 1] = fog_of_war.told(event, self._units, self._look())

    def _known_to(self, team: str) -> list[Unit]:
        """The units `team` knows of on the board: with fog, its own and the enemies in sight."""
        if not self.fog:
            return list(self._units.values())
        seen = self._seen[team]  # sight changes only with an event, and each event looks again
        return [u for u in self._units.values() if u.team == team or u.id in seen]

    def _finish(self, winner: str, victory: str) -> None:
        self._winner, self._victory_reason = winner, victory
        self._events.append(GameOver(winner, victory))
        raise _GameEnded

    def _change(self, uid: int, **fields: Any) -> Unit:
        """Replace a unit with a copy with `fields` changed (units are frozen); return it."""
        unit = self._units[uid] = self._units[uid].changed(**fields)
        return unit

    def _move(self, unit: Unit, action: Move) -> None:
        reach, start = self._search(unit.id), unit.pos
        if self._fog:  # the planned path may run into a hidden enemy (RULES §9)
            path, blocker = fog_of_war.walk(reach.path(action.to),
                                            {u.pos: u.id for u in self._units.values()})
            if path[-1] != action.to:
                action = Move(unit.id, path[-1])
            event = Moved(unit.id, path, blocked_by=blocker)
        else:  # the path is read back only if someone reads the event's: most are never read
            event = Moved.along(unit.id, partial(reach.path, action.to))
        # Recharging is part of ending the move: no victory check may fall between the two,
        # or walking the last deactivated unit onto its base would lose by checkmate.
        moved = self._moved(unit, action.to)
        recharges = moved.laser != unit.laser
        unit = self._units[unit.id] = moved
        left, arrived = self._bit[start], self._bit[moved.pos]  # the same if it stayed (fog)
        self._occupied = self._occupied ^ left | arrived  # (`left` is occupied; `~` is slow)
        if self._targets is not None and self._targets.team != unit.team:
            self._targets = None  # one of them moved
        self._forget_reach(left | arrived)
        self._emit(event)
        if recharges:
            self._emit(LaserChanged(unit.id, CHARGING))
        self._snap_shots_at(unit.id)

    def _fire(self, unit: Unit, target: Unit) -> None:
        unit = self._units[unit.id] = self.after(Fire(unit.id, target.id), unit)
        self._shoot(unit, target, snap=False)
        self._snap_shots_at(unit.id)

    def _shoot(self, shooter: Unit, target: Unit, snap: bool, order: tuple[int, ...] = ()) -> bool:
        odds = self._to_hit(shooter, target, target.pos, target.elevated, snap)
        dice = tuple(self._roll(self.rng))
        self._rolls += 1
        hit = sum(dice) >= odds.needed
        self._stats[shooter.team]["shots"] += 1
        self._emit(Shot(shooter.id, target.id, dice, odds.needed, hit, snap,
                        at=shooter.pos, modifiers=odds.modifiers, probability=odds.probability,
                        order=order))
        if hit:
            self._hit(shooter, target)
        return hit

    def _hit(self, shooter: Unit, target: Unit) -> None:
        """RULES §5, a hit: a point, and the target's laser off (or the target out)."""
        self._scores[shooter.team] += 1
        self._stats[shooter.team]["hits"] += 1
        target = self._change(target.id, snap_shots=0)
        self._emit(Scored(shooter.team, self._scores[shooter.team]))
        laser = self.laser_after_hit(target.team, target.pos)
        if laser is None:
            del self._units[target.id]
            self._occupied &= ~self._bit[target.pos]
            self._targets = None
            self._forget_reach(self._bit[target.pos])
            self._emit(Disqualified(target.id))
            return
        self._set_laser(target, laser)

    def _set_laser(self, unit: Unit, laser: str) -> None:
        self._change(unit.id, laser=laser)
        self._emit(LaserChanged(unit.id, laser))

    def _snap_shots_at(self, uid: int) -> None:
        """Enemies on watch that see the unit's tile shoot one at a time until one hits."""
        unit = self._units[uid]
        if unit.laser == DEACTIVATED:
            return
        if not self.map.visibility.seen_bits(unit.pos) & self._targets_of(unit.team).tiles:
            return  # no enemy sees the tile (sight is symmetric): the usual case, made cheap
        watchers = overwatch.eligible(self.map, self._units.values(), unit.team, unit.pos)
        if not watchers:  # shuffling nobody draws nothing: the generator is left alone
            return
        order = overwatch.firing_order(watchers, self.rng)
        ids = tuple(w.id for w in order)
        for watcher in order:
            watcher = self._change(watcher.id, snap_shots=watcher.snap_shots - 1)
            if self._shoot(watcher, unit, snap=True, order=ids):
                return

    def _end_turn(self) -> None:
        """RULES §6, end of turn, in its order."""
        team = self._active_team
        for u in self.units:
            if u.laser == CHARGING:
                self._set_laser(u, CHARGED)
        for u in self.units:
            if u.team == team:
                keep = u.laser == CHARGED and not u.fired
                snap = self.snap_shots_kept(u.unit_class, u.ap) if keep else 0
                if u.snap_shots != snap:  # a unit left as it was is not copied
                    self._change(u.id, snap_shots=snap)
        limit = self.map.turn_limit
        if limit is not None and team == Team.TWO and self.round >= limit:
            self._finish(self._leader(), Victory.TURN_LIMIT)
        nxt = other_team(team)
        self._turn += 1
        self._active_team = nxt
        fresh = (self.rules.ap_per_turn, 0, False)
        for u in self.units:
            if u.team == nxt and (u.ap, u.snap_shots, u.fired) != fresh:
                self._change(u.id, ap=fresh[0], snap_shots=0, fired=False)
        self._emit(TurnEnded(team, nxt, self._turn, self.round))

    def _leader(self) -> str:
        one, two = (self._scores[t] for t in TEAMS)
        return TEAMS[0] if one > two else TEAMS[1] if two > one else DRAW

    # ----- victory -----------------------------------------------------------------------

    def _victory(self) -> tuple[str, str] | None:
        """The first condition of RULES §7 met, as (winner, reason); both teams at once: a draw."""
        scores, limit = self._scores, self.map.score_limit
        losers = [other_team(t) for t in TEAMS if scores[t] >= limit[t]]
        if losers:
            return self._result(Victory.SCORE, losers)
        units = self._units.values()
        armed = {u.team for u in units if u.laser != DEACTIVATED}  # a laser not deactivated
        self._armed = len(armed) == len(TEAMS)  # every team on the board and armed
        if self._armed:
            return None
        present = {u.team for u in units}
        losers = [t for t in TEAMS if t not in present]
        if losers:
            return self._result(Victory.ELIMINATION, losers)
        losers = [t for t in TEAMS if t not in armed and self._checkmated(t)]
        return self._result(Victory.CHECKMATE, losers) if losers else None

    @staticmethod
    def _result(reason: str, losers: list[str]) -> tuple[str, str]:
        return (DRAW if len(losers) == 2 else other_team(losers[0]), reason)

    def _checkmated(self, team: str) -> bool:
        """No laser charged or charging, and every usable base occupied by some unit."""
        if any(u.team == team and u.laser != DEACTIVATED for u in self._units.values()):
            return False
        occupied = {u.pos for u in self._units.values()}
        return all(b in occupied for b in self.map.usable_bases(team))

    # ----- what if: the rules asked about actions not taken (bots price these) -----------
    # A `unit` argument stands in for the game's own unit of that id, so a bot can ask about a
    # unit in a state it is only planning (the second action of a plan).

    def outcomes(self, action: Action) -> list[tuple[Fraction, Game]]:
        """Every distinct chance result of a legal action (which shots are fired, which hit),
        each with its exact probability (they sum to 1) and the game it would leave; the
        generators are left unadvanced."""
        return explore(self.dice, lambda script: self._play_scripted(action, script))

    def _play_scripted(self, action: Action, script: ChanceScript) -> tuple[Game, list[Event]]:
        game = self.copy()
        kept = game._rng, game._rng_shared, game._roll
        game.rng, game._roll = script, script.roll
        events = game.apply(action)
        game._rng, game._rng_shared, game._roll = kept
        return game, events

    def cost(self, action: Action, unit: Unit | None = None) -> int:
        """The AP an action spends (RULES §3): 1 to move, the class's fire cost to fire."""
        if isinstance(action, EndTurn):
            return 0
        if isinstance(action, Move):
            return MOVE_COST
        unit = unit if unit is not None else self._units[action.unit_id]
        return self.rules[unit.unit_class].fire_cost(unit.ap)

    def after(self, action: Move | Fire, unit: Unit | None = None) -> Unit:
        """The acting unit as the action leaves it if no shot hits it: place, AP, laser
        (recharging on arrival at a base), elevation, whether it fired."""
        unit = unit if unit is not None else self._units[action.unit_id]
        if isinstance(action, Fire):
            return unit.changed(ap=unit.ap - self.cost(action, unit), fired=True)
        return self._moved(unit, action.to)

    def _moved(self, unit: Unit, to: Pos) -> Unit:
        """after() of a Move of `unit` to `to`."""
        return unit.moved(to, unit.ap - MOVE_COST, self.laser_on_arrival(unit, to),
                          self.map.is_cover(to))

    def laser_on_arrival(self, unit: Unit, to: Pos) -> str:
        """A deactivated laser starts charging when its unit ends a move on a base serving it."""
        if unit.laser == DEACTIVATED and self.map.base_serves(to, unit.team):
            return CHARGING
        return unit.laser

    def laser_after_hit(self, team: str, at: Pos) -> str | None:
        """The laser of a unit of `team` hit on `at` (RULES §5); None: it is disqualified.
        On a usable base it "starts charging at once": one change, straight to charging."""
        if not self.map.usable_bases(team):
            return None
        return CHARGING if self.map.base_serves(at, team) else DEACTIVATED

    def snap_shots_kept(self, unit_class: str, ap: int) -> int:
        """The snap shots a unit with `ap` left holds after its turn if it ends it charged and
        without having fired (RULES §6)."""
        return min(ap, self.rules[unit_class].max_snap_shots)

    def may_move(self, unit: Unit) -> bool:
        """Whether this unit, as it stands or as a plan would leave it, may move now."""
        return self._why_not_move(unit) is None

    def may_fire(self, unit: Unit) -> bool:
        """Whether this unit, as it stands or as a plan would leave it, may fire now."""
        return self._why_not_fire(unit) is None

    def reachable_from(self, unit: Unit) -> movement.Reach:
        """Every tile one move of this unit could end on from where it stands, the other units
        standing where they are (with fog, those the active team knows of), whether or not it
        may move now (an enemy's next turn)."""
        cls = self.rules[unit.unit_class]
        occupied = {o.pos for o in self._known_to(self._active_team) if o.id != unit.id}
        return movement.search(self.map, unit.pos, cls.speed, cls.climbs_freely, occupied)

    def steps_to(self, unit: Unit, to: Pos) -> int | None:
        """The fewest steps a walk of this unit to `to` takes with its own diagonal allowance and
        no limit on length, the other units standing where they are; None: no walk gets there."""
        cls = self.rules[unit.unit_class]
        occupied = {o.pos for o in self._known_to(self._active_team) if o.id != unit.id}
        walk = movement.search(self.map, unit.pos, self.map.rows * self.map.cols, cls.climbs_freely,
                               occupied, max_diagonal=cls.speed // 2)
        return len(walk.path(to)) - 1 if to in walk else None

    def shot_odds(self, shooter_class: str, at: Pos, target_class: str, to: Pos,
                  snap: bool = False) -> ToHit:
        """The to-hit of a shot by a unit of one class standing on `at` at a unit of another
        class standing on `to` (RULES §5), whoever stands there now. Bots ask this for
        thousands of tile pairs a turn, so the few distinct answers are kept on the map."""
        gm = self.map
        elevated = gm.is_cover(to)
        covered = bool(gm.memo(cover_sides, to, elevated) & sides_facing(to, at))
        return gm.memo(_shot_to_hit, shooter_class, gm.is_cover(at), target_class, elevated,
                       covered, snap, self.dice)


def _team_ids(gm: GameMap) -> dict[str, list[int]]:
    """Each team's unit ids, ascending."""
    return {team: [uid for uid, spec in enumerate(gm.units) if spec.team == team]
            for team in TEAMS}


def _move_tables(gm: GameMap) -> list[list[Move | None]]:
    """Every Move each unit could make on the map, made once, as tables a search picks from
    (per unit id): legal_actions() lists these objects (a frozen dataclass is slow to build,
    and they are only read)."""
    return [movement.tile_table(gm, partial(Move, uid))
            for uid in range(len(gm.units))]


def _fires_of(gm: GameMap) -> dict[tuple[int, int], Fire]:
    """Every Fire between two units of different teams on the map, made once (as _move_tables)."""
    units = gm.units
    return {(a, b): Fire(a, b) for a in range(len(units)) for b in range(len(units))
            if units[a].team != units[b].team}


def _shot_to_hit(gm: GameMap, shooter_class: str, shooter_elevated: bool, target_class: str,
                 target_elevated: bool, target_in_cover: bool, snap: bool, dice: Dice) -> ToHit:
    return to_hit(gm.rules[shooter_class], gm.rules[target_class], shooter_class=shooter_class,
                  shooter_elevated=shooter_elevated, target_elevated=target_elevated,
                  target_in_cover=target_in_cover, snap=snap, dice=dice)
