"""The game state: one immutable value, the only truth about a game (besides how it got there).

Every rule reads a `GameState` and the one that changes things, `apply` (rules.py), returns a
new one, so a copy of a game is the same value and undo is the value before. What follows from a
state (move searches, targets, sight) is worked out when asked and kept with it (`facts`, never
part of its value: not compared, not saved, not in its repr).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from types import MappingProxyType
from typing import Any

from . import fog as fog_of_war
from .events import Event
from .facts import Facts
from .fog import FrozenMemory
from .frozen import remade
from .game_map import GameMap
from .index import MapIndex
from .rng import Rng
from .terms import TEAMS, Team, Victory, Winner
from .units import Unit

# Per event of the action that made a state, with fog: what each team (in TEAMS order) was told
# of it, as it saw it (fog.as_seen), or None where it was not told.
Told = tuple[tuple[Event | None, ...], ...]


@dataclass(frozen=True, slots=True)
class GameState:
    """Everything that decides what happens next, on the map of `index`; then what the action
    that made it did (`events`) and, with fog, what each team was told of it (`told`).

    `rng` is the dice generator's state: it decides every later die and snap shooters' order.
    """

    index: MapIndex
    units: tuple[Unit, ...]  # on the board, in id order
    active_team: Team
    turn: int
    scores: Mapping[str, int]
    stats: Mapping[str, Mapping[str, int]]  # per team: shots and hits
    winner: Winner | None
    victory: Victory | None
    rolls: int  # dice rolled so far; an undo may not take back a roll
    rng: Rng
    last_seen: FrozenMemory = ()  # fog of war: where each team last saw each enemy (RULES §9)
    fog: bool = False
    events: tuple[Event, ...] = ()
    told: Told = ()
    # What follows from this state, worked out as asked and kept with it (see the module).
    facts: Facts = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "facts", Facts(self.index, self.fog,
                                                {u.id: u for u in self.units}))

    @property
    def round(self) -> int:
        """A round is team 1's turn then team 2's."""
        return (self.turn + 1) // 2

    @property
    def over(self) -> bool:
        return self.winner is not None

    def unit(self, uid: int) -> Unit | None:
        return self.facts.units.get(uid)

    def to_json(self) -> dict[str, Any]:
        """Plain JSON values for a debug dump: where the game stands (not the generator)."""
        return {
            "units": [{**asdict(u), "pos": list(u.pos)} for u in self.units],
            "active_team": self.active_team,
            "turn": self.turn,
            "scores": dict(self.scores),
            "stats": {team: dict(stats) for team, stats in self.stats.items()},
            "winner": self.winner,
            "victory": self.victory,
            "rolls": self.rolls,
            **({"last_seen": [[t, uid, list(pos), rnd] for t, uid, pos, rnd in self.last_seen]}
               if self.last_seen else {}),
        }


def start(index: MapIndex, seed: int, fog: bool) -> GameState:
    """A game on the index's map before its first action: team 1 to play, the dice of `seed`;
    with fog each team remembers the enemies it sees from where it starts."""
    gm, rules = index.map, index.rules
    units = tuple(
        # Team 2 starts on watch: it holds its class's max snap shots (RULES §6).
        Unit(uid, spec.team, spec.unit_class, spec.pos, rules.ap_per_turn,
             snap_shots=rules[spec.unit_class].max_snap_shots if spec.team == TEAMS[1] else 0,
             elevated=gm.is_cover(spec.pos))
        for uid, spec in enumerate(gm.units))
    state = GameState(
        index, units, TEAMS[0], 1, MappingProxyType({t: 0 for t in TEAMS}),
        MappingProxyType({t: MappingProxyType({"shots": 0, "hits": 0}) for t in TEAMS}),
        None, None, 0, Rng.seeded(seed), fog=fog)
    return looked(state)


def check_units(gm: GameMap, state: GameState) -> None:
    """ValueError unless every unit of `state` is one of the map's (an id is an index in the
    map's unit list) and its team to play is a team."""
    strangers = [u.id for u in state.units
                 if not (0 <= u.id < len(gm.units) and (gm.units[u.id].team, gm.units[u.id]
                         .unit_class) == (u.team, u.unit_class))]
    if strangers:
        raise ValueError(f"units {strangers} are not this map's")
    if state.active_team not in TEAMS:
        raise ValueError(f"there is no team {state.active_team!r}")


def looked(state: GameState) -> GameState:
    """With fog, `state` with each team remembering the enemies it sees where they stand."""
    if not state.fog:
        return state
    memory = fog_of_war.thaw(state.last_seen)
    fog_of_war.remember(memory, state.facts.units, state.facts.sight(), state.round)
    # the same facts: they do not depend on the memory
    return remade(state, last_seen=fog_of_war.freeze(memory))
