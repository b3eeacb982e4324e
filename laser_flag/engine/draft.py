"""One action being resolved: its state's units, scores and memory as the rules change them.

`apply` (rules.py) makes a `Draft` of the state it is given, lets the rule of the action change
the draft, and freezes it into the next state: the state given is never changed, so `apply` is a
function of its arguments. Every change goes through here, and so does every event (`emit`):
after each one the teams look (with fog) and victory is checked (RULES §7: after every event).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from . import fog as fog_of_war
from . import victory
from .chance import Chance, Drawn
from .events import Event, GameOver, LaserChanged, Moved, Shot, TurnEnded
from .frozen import maker
from .state import GameState, Told
from .terms import TEAMS, Laser, Team, Victory, Winner
from .units import DEACTIVATED, Unit

# Events after which a game whose last victory check found both teams on the board, armed and
# under their score limits stays so: they raise no score, and deactivate or remove no unit.
_KEEP_ARMED = frozenset({Moved, Shot, TurnEnded})
_make_state = maker(GameState)  # a state made fast (frozen.py), its facts the draft's


class GameEnded(Exception):
    """Raised while an action is resolved when a victory condition is met: nothing after it
    resolves."""


class Draft:
    """The next state in the making (see the module); `units` by id, in id order."""

    __slots__ = ("before", "_chance", "index", "fog", "facts", "units", "active_team", "turn",
                 "scores", "stats", "winner", "victory", "rolls", "memory", "events", "_told")

    def __init__(self, state: GameState, chance: Chance | None = None) -> None:
        self.before = state
        self._chance = chance
        self.index = state.index
        self.fog = fog = state.fog
        self.facts = facts = state.facts.carried()
        self.units = facts.units
        self.active_team = state.active_team
        self.turn = state.turn
        self.scores = state.scores  # copied when a shot changes them, as the stats
        self.stats = state.stats
        self.winner = self.victory = None  # a game over takes no action
        self.rolls = state.rolls
        self.events: list[Event] = []
        if fog:  # (without, neither is ever read)
            self.memory = fog_of_war.thaw(state.last_seen)
            self._told: list[frozenset[str]] = []  # the teams told of each event

    @property
    def round(self) -> int:
        return (self.turn + 1) // 2

    @property
    def chance(self) -> Chance:
        """Where the action's dice and orders come from: as given, or the state's generator."""
        if self._chance is None:
            self._chance = Drawn(self.before.rng, self.index.dice)
        return self._chance


    def put(self, unit: Unit) -> Unit:
        """Put a changed copy of a unit (units are frozen) in the place of the unit of its id;
        return it."""
        self.units[unit.id] = unit
        return unit

    def set_laser(self, unit: Unit, laser: Laser) -> None:
        self.put(unit.changed(laser=laser))
        self.emit(LaserChanged(unit.id, laser))

    def count(self, team: Team, what: str) -> None:
        """One more of `team`'s "shots" or "hits" (the state's stats are copied, not changed)."""
        stats = dict(self.stats)
        counts = stats[team] = dict(stats[team])
        counts[what] += 1
        self.stats = stats

    def score(self, team: Team) -> int:
        """A point for `team`; its score now."""
        self.scores = {**self.scores, team: self.scores[team] + 1}
        return self.scores[team]

    def emit(self, event: Event) -> None:
        """Record an event; the teams look (with fog); then check victory."""
        self.events.append(event)
        if self.fog:
            fog_of_war.reveal(self.memory, event, self.units, self.round)
            self._told.append(fog_of_war.told(event, self.units, self._look()))
        if self.facts.armed and (type(event) in _KEEP_ARMED or type(event) is LaserChanged
                                 and event.laser is not DEACTIVATED):
            return  # nothing the event changed can meet a condition: the usual case, made cheap
        result, self.facts.armed = victory.check(self.units.values(), self.scores,
                                                self.index.map)
        if result:
            self.finish(*result)

    def finish(self, winner: Winner, reason: Victory) -> None:
        """The game ends here: told to every team."""
        self.winner, self.victory = winner, reason
        self.events.append(GameOver(winner, reason))
        raise GameEnded

    def _look(self) -> Mapping[Team, frozenset[int]]:
        """Sight now (RULES §9): each team remembers the enemies it sees where they stand."""
        seen = self.facts.seen = fog_of_war.sight(self.index.visibility, self.units.values())
        fog_of_war.remember(self.memory, self.units, seen, self.round)
        return seen

    def frozen(self) -> GameState:
        """The next state: this draft as it stands, with the generator where the dice left it
        (and a generator the draws took handed back)."""
        before = self.before
        fog = self.fog
        scores = self.scores
        stats = self.stats
        chance = self._chance
        facts = self.facts
        if fog:  # what the next team knows decides its searches, and sight changes
            facts.reach = {}
        elif facts.reach is before.facts.reach:  # no unit arrived or left: a copy of its own
            facts.reach = facts.reach.copy()
        return _make_state(
            self.index, tuple(self.units.values()), self.active_team, self.turn,
            scores if scores is before.scores else _read_only(scores),
            stats if stats is before.stats else _read_only(stats),
            self.winner, self.victory, self.rolls,
            before.rng if chance is None else chance.after(before.rng),
            fog_of_war.freeze(self.memory) if fog else (), fog, tuple(self.events),
            self._seen_versions() if fog else (), facts)

    def _seen_versions(self) -> Told:
        """Per event, each team's version of it, or None where it was not told (fog.as_seen):
        sight is the sight before the action; the game's end is told to everyone."""
        before = self.before.facts
        seen_before = before.sight()
        versions = []
        for i, event in enumerate(self.events):
            teams = self._told[i] if i < len(self._told) else frozenset(TEAMS)
            mover = before.units[event.unit].team if isinstance(event, Moved) else None
            versions.append(tuple(
                fog_of_war.as_seen(event, team, mover, seen_before[team]) if team in teams
                else None for team in TEAMS))
        return tuple(versions)


def _read_only(value: Any) -> Any:
    """A dict the draft made (and those in it), behind read-only views; a view it was handed
    stays as it was."""
    if not isinstance(value, dict):
        return value
    return MappingProxyType({k: _read_only(v) for k, v in value.items()})
