"""What one team sees and is told (RULES.md §9): the one place that decides it.

`view(state, team)` is all a player of `team` may know now: its own units and the enemies in
its sight, where it last saw the others, which tiles it sees, where the game stands, and each
event of the last action as that team was told of it (an enemy's move seen only where it
ended). Without fog a team sees everything. The client draws a view, a bot's belief guesses
from one, and a remote player is sent one: it is a plain value with a JSON form, never the
dice generator or anything else hidden from the team.

Its JSON form (`to_json`, read back by `TeamView.from_json`, which checks every field) holds
everything but the events, which travel beside it (the seat protocol's `events` message, as
`events.event_to_json` writes them, "seen_move" included): a view is where the game stands, its
events what just happened, and no message carries them twice.

    {"team": "1", "turn": 3, "active_team": "2", "fog": true,
     "scores": {"1": 0, "2": 1}, "stats": {"1": {"shots": 2, "hits": 0}, "2": {...}},
     "winner": null, "victory": null,           (or "1" / "2" / "draw", and "score", ...)
     "units": [{"id": 0, "team": "1", "unit_class": "scout", "pos": [4, 1], "ap": 2,
                "laser": "charged", "snap_shots": 0, "elevated": false, "fired": false}, ...],
     "last_seen": [[5, [0, 2], 1], ...],        (enemy id, tile, round: hidden enemies only)
     "hidden": [5, 6],                          (every enemy on the board not in sight)
     "seen": [[0, 0], [0, 1], ...] or null}     (tiles some unit of the team sees; null: all)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields, replace
from types import MappingProxyType
from typing import Any

from .events import Event, event_from_json, event_to_json
from .game_map import Pos
from .index import MapIndex
from .rng import Rng
from .state import GameState
from .terms import TEAMS, Laser, Team, Victory, Winner, winner_of
from .units import Unit


@dataclass(frozen=True)
class TeamView:
    """What `team` knows now (see the module); `units` in id order, as the game holds them."""

    team: Team
    units: tuple[Unit, ...]
    last_seen: Mapping[int, tuple[Pos, int]]  # hidden enemies seen before: (tile, round)
    hidden: tuple[int, ...]
    seen: frozenset[Pos] | None  # with fog, the tiles some unit of the team sees; None: all
    events: tuple[Event, ...]  # the last action's, as this team was told of them
    turn: int
    active_team: Team
    fog: bool
    scores: Mapping[str, int]
    stats: Mapping[str, Mapping[str, int]]
    winner: Winner | None
    victory: Victory | None

    @property
    def round(self) -> int:
        return (self.turn + 1) // 2

    def whereabouts(self) -> dict[int, Pos]:
        """Where the team knows each enemy to be: in sight now, or where last seen (one that
        only went out of sight is where it was)."""
        shown = {u.id: u.pos for u in self.units if u.team != self.team}
        return {**{uid: pos for uid, (pos, _) in self.last_seen.items()}, **shown}

    def to_json(self) -> dict[str, Any]:
        return {
            "team": self.team, "turn": self.turn, "active_team": self.active_team,
            "fog": self.fog, "scores": dict(self.scores),
            "stats": {t: dict(s) for t, s in self.stats.items()},
            "winner": self.winner, "victory": self.victory,
            "units": [unit_to_json(u) for u in self.units],
            "last_seen": [[uid, list(pos), rnd] for uid, (pos, rnd) in self.last_seen.items()],
            "hidden": list(self.hidden),
            "seen": None if self.seen is None else [list(p) for p in sorted(self.seen)],
        }

    def events_json(self) -> list[dict[str, Any]]:
        """The view's events in their JSON form: what travels beside `to_json`."""
        return [event_to_json(e) for e in self.events]

    @classmethod
    def from_json(cls, data: Any, events: Any = None) -> TeamView:
        """A view from its JSON form and the JSON list of the events told with it (None: no
        events); ValueError names the first field that is wrong."""
        told = () if events is None else tuple(event_from_json(e) for e in _list(events))
        return replace(_read_view(data), events=told)



def view(state: GameState, team: str) -> TeamView:
    """What `team` sees and is told in `state` (see the module)."""
    team = Team(team)
    units = state.units
    if state.fog:
        seen = state.facts.sight()[team]
        shown = tuple(u for u in units if u.team == team or u.id in seen)
        hidden = tuple(u.id for u in units if u.team != team and u.id not in seen)
        memory = {uid: (pos, rnd) for t, uid, pos, rnd in state.last_seen if t == team}
        last_seen = {uid: memory[uid] for uid in hidden if uid in memory}
        vis = state.index.visibility
        tiles = frozenset().union(*(vis.visible_from(u.pos) for u in units if u.team == team))
        side = TEAMS.index(team)
        events = tuple(told[side] for told in state.told if told[side] is not None)
    else:
        shown, hidden, last_seen, tiles, events = units, (), {}, None, state.events
    return TeamView(team, shown, last_seen, hidden, tiles, events, state.turn, state.active_team,
                    state.fog, state.scores, state.stats, state.winner, state.victory)


def versions(state: GameState) -> list[tuple[Event, dict[Team, Event]]]:
    """Each event of the action that made `state`, with the teams told of it and the version
    each saw (fog.as_seen: an enemy's move seen where it ended); without fog, every team is
    told every event as it happened."""
    if not state.fog:
        return [(e, dict.fromkeys(TEAMS, e)) for e in state.events]
    return [(e, {t: seen for t, seen in zip(TEAMS, told, strict=True) if seen is not None})
            for e, told in zip(state.events, state.told, strict=True)]


def told_versions(seen_by: Mapping[Team, Event]) -> list[tuple[Event, frozenset[Team]]]:
    """The distinct versions of one event (`versions`), each with the teams that saw it so."""
    teams: dict[Event, set[Team]] = {}
    for team, seen in seen_by.items():
        teams.setdefault(seen, set()).add(team)
    return [(seen, frozenset(told)) for seen, told in teams.items()]


def told(state: GameState, team: str) -> list[Event]:
    """The events of the action that made `state` that `team` was told of, as they happened
    (not as it saw them: `view` has those)."""
    if not state.fog:
        return list(state.events)
    side = TEAMS.index(team)
    return [e for e, versions in zip(state.events, state.told, strict=True)
            if versions[side] is not None]


def known_state(seen: TeamView, index: MapIndex, units: Iterable[Unit] | None = None,
                fog: bool | None = None) -> GameState:
    """A state to ask the rules about what a view shows: its units (or `units`, a guess that
    adds to them), turn, scores and result; with fog (by default as the view's game) each
    team's sight worked out from those units alone. Its dice are not the game's (a view never
    holds them): it is for looking and planning, never for playing on."""
    shown = tuple(sorted(seen.units if units is None else units, key=lambda u: u.id))
    memory = tuple(sorted((seen.team, uid, pos, rnd) for uid, (pos, rnd) in seen.last_seen.items()))
    fog = seen.fog if fog is None else fog
    return GameState(index, shown, seen.active_team, seen.turn, seen.scores, seen.stats,
                     seen.winner, seen.victory, 0, Rng.seeded(0), memory if fog else (), fog)


def unit_to_json(unit: Unit) -> dict[str, Any]:
    return {f.name: list(unit.pos) if f.name == "pos" else getattr(unit, f.name)
            for f in fields(Unit)}


def unit_from_json(data: Any) -> Unit:
    """A unit from its JSON form; ValueError for anything else."""
    kinds = {"id": int, "team": Team, "unit_class": str, "pos": list, "ap": int, "laser": Laser,
             "snap_shots": int, "elevated": bool, "fired": bool}
    if not isinstance(data, dict) or sorted(data) != sorted(kinds):
        raise ValueError(f"a unit has the fields {', '.join(kinds)}")
    for name, kind in kinds.items():
        value = data[name]
        if kind in (Team, Laser):
            kind(value)  # ValueError unless it names one
        elif type(value) is not kind or name == "pos" and not _tile(value):
            raise ValueError(f"unit {name}: not a {kind.__name__}: {value!r}"[:80])
    return Unit(data["id"], Team(data["team"]), data["unit_class"], tuple(data["pos"]),
                data["ap"], Laser(data["laser"]), data["snap_shots"], data["elevated"],
                data["fired"])


def _tile(value: Any) -> bool:
    return (isinstance(value, list) and len(value) == 2
            and all(type(n) is int for n in value))


def _read_view(data: Any) -> TeamView:
    if not isinstance(data, dict):
        raise ValueError("a view is a JSON object")
    keys = ("team", "turn", "active_team", "fog", "scores", "stats", "winner", "victory",
            "units", "last_seen", "hidden", "seen")
    if sorted(data) != sorted(keys):
        raise ValueError(f"a view has the keys {', '.join(keys)}")
    if type(data["turn"]) is not int or type(data["fog"]) is not bool:
        raise ValueError("turn must be an integer, fog true or false")
    if not _per_team(data["scores"], lambda n: type(n) is int) or not _per_team(
            data["stats"], lambda s: isinstance(s, dict) and sorted(s) == ["hits", "shots"]
            and all(type(n) is int for n in s.values())):
        raise ValueError("scores and stats must give both teams' numbers")
    if not all(isinstance(e, list) and len(e) == 3 and type(e[0]) is int and _tile(e[1])
               and type(e[2]) is int for e in _list(data["last_seen"])):
        raise ValueError("last_seen holds [id, [row, col], round] entries")
    if not all(type(uid) is int for uid in _list(data["hidden"])):
        raise ValueError("hidden holds unit ids")
    seen = data["seen"]
    if seen is not None and not all(_tile(p) for p in _list(seen)):
        raise ValueError("seen holds [row, col] tiles, or is null")
    winner, victory = data["winner"], data["victory"]
    return TeamView(
        Team(data["team"]), tuple(unit_from_json(u) for u in _list(data["units"])),
        {uid: (tuple(pos), rnd) for uid, pos, rnd in data["last_seen"]}, tuple(data["hidden"]),
        None if seen is None else frozenset(tuple(p) for p in seen), (), data["turn"],
        Team(data["active_team"]), data["fog"],
        MappingProxyType({Team(t): n for t, n in data["scores"].items()}),
        MappingProxyType({Team(t): MappingProxyType(dict(s)) for t, s in data["stats"].items()}),
        None if winner is None else winner_of(winner),
        None if victory is None else Victory(victory))


def _list(value: Any) -> list[Any]:
    if not isinstance(value, list):
        raise ValueError(f"not a list: {value!r}"[:80])
    return value


def _per_team(value: Any, ok: Any) -> bool:
    return isinstance(value, dict) and sorted(value) == sorted(TEAMS) and all(
        ok(v) for v in value.values())

