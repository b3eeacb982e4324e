"""Whose eyes the board is seen through under fog of war, and what that team knows.

No pygame. The client previews, inspects and draws from `TeamView.known`: a Game holding the
team's own units and only the enemies in its sight, so a hidden enemy cannot leak into a path,
a snap-shot risk, a card or a click. Actions still go to the real game; RULES.md section 9 makes
a team's plans independent of hidden units, so both games agree on every one of them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from ..bots import HUMAN
from ..engine.events import Event, Moved
from ..engine.game import Game
from ..engine.game_map import TEAMS, Pos
from ..engine.units import Unit
from ..replay_index import ReplayIndex


def viewer(game: Game, levels: Mapping[str, str]) -> str | None:
    """The team whose view is shown; None: everything (no fog, the game over, or bots only).

    Two humans see the active team's view; one human sees their own team's throughout, the
    bot's turn included.
    """
    humans = [team for team in TEAMS if levels[team] == HUMAN]
    if not game.fog or game.over or not humans:
        return None
    return game.active_team if len(humans) == 2 else humans[0]


def hot_seat_fog(game: Game, levels: Mapping[str, str]) -> bool:
    """Two humans share the screen under fog: each turn is handed over behind a cover."""
    return game.fog and not game.over and all(levels[team] == HUMAN for team in TEAMS)


@dataclass(frozen=True)
class TeamView:
    """The board as `team` knows it (`team` None: everything, and `known` is the game itself).

    `seen`: the tiles some unit of the team sees (None: no tile is dimmed);
    `last_seen`: each hidden enemy seen before, with its tile and the round it was seen in.
    """

    team: str | None
    known: Game
    seen: frozenset[Pos] | None
    last_seen: Mapping[int, tuple[Pos, int]]


def team_view(game: Game, team: str | None) -> TeamView:
    """What `team` knows of `game` now, from the engine's observation of it."""
    if team is None:
        return TeamView(None, game, None, {})
    obs = game.observe(team)
    known = Game.from_state(game.map, replace(game.state(), units=tuple(obs.units)),
                            seed=game.seed, fog=True)
    return TeamView(team, known, seen_tiles(game, team), dict(obs.last_seen))


def knowledge(game: Game, team: str) -> dict[int, Pos]:
    """Where `team` knows each enemy to be: in sight now, or last seen (an enemy that only went
    out of sight is where it was)."""
    obs = game.observe(team)
    seen = {u.id: u.pos for u in obs.units if u.team != team}
    return {**{uid: pos for uid, (pos, _) in obs.last_seen.items()}, **seen}


def seen_tiles(game: Game, team: str) -> frozenset[Pos]:
    """Every tile some unit of `team` on the board sees (section 9's 'in sight', per tile)."""
    vis = game.map.visibility
    return frozenset().union(*(vis.visible_from(u.pos) for u in game.units if u.team == team))


def told_teams(game: Game, events: Sequence[Event]) -> list[frozenset[str]]:
    """For each event of `game`'s last apply(), the teams it told of it (all, without fog)."""
    told = {team: {id(e) for e in game.events_for(team)} for team in TEAMS}
    return [frozenset(t for t in TEAMS if id(e) in told[t]) for e in events]


def told_in_replay(index: ReplayIndex, i: int) -> list[frozenset[str]]:
    """For each event of action `i` of a recorded game, the teams told of it."""
    told = {team: {id(e) for e in index.events_for(i, team)} for team in TEAMS}
    return [frozenset(t for t in TEAMS if id(e) in told[t]) for e in index.events[i]]


@dataclass(frozen=True, kw_only=True)
class SeenMove(Moved):
    """An enemy's move as a team under fog saw it: setting out from `seen_from`, then at its
    `path`'s one tile. The tiles walked between are never seen (RULES.md section 9), so the
    move is neither drawn nor told as a walk."""

    seen_from: Pos


def as_seen_by(event: Event, team: str | None, before: Game) -> Event:
    """An event of the action taken in `before` as `team` saw it: an enemy's move is seen only
    where it ended (the tiles walked through reveal nothing, RULES.md section 9), so the enemy
    appears there instead of walking; where it set out too if it was in sight then."""
    if team is None or not before.fog or not isinstance(event, Moved):
        return event
    if before.unit(event.unit).team == team:
        return event  # its own unit: every step is known
    # A blocker is one of the team's own units, never hidden from it: not worth a word.
    end = replace(event, path=event.path[-1:], blocked_by=None)
    if any(u.id == event.unit for u in before.observe(team).units):
        return SeenMove(end.unit, end.path, seen_from=event.path[0])
    return end


def units_before(before: Game, team: str | None, shown: Sequence[Event]) -> list[Unit]:
    """The units an action's playback starts from: as `team` knew them in `before`, and each
    enemy that comes into view in `shown` already where it appears (its walk is not seen), so
    that it can be drawn even if it leaves the board again within the action."""
    known = {u.id: u for u in team_view(before, team).known.units}
    for event in shown:
        if isinstance(event, Moved) and event.unit not in known:
            known[event.unit] = replace(before.unit(event.unit), pos=event.path[-1])
    return list(known.values())


def told_versions(event: Event, told: frozenset[str], before: Game
                  ) -> list[tuple[Event, frozenset[str]]]:
    """An event of the action taken in `before` as each team told of it saw it (`as_seen_by`),
    with those teams: under fog the two teams may have been told different things."""
    if not before.fog:
        return [(event, told)]
    versions: dict[Event, set[str]] = {}
    for team in sorted(told):
        versions.setdefault(as_seen_by(event, team, before), set()).add(team)
    return [(seen, frozenset(teams)) for seen, teams in versions.items()]


class ViewCache:
    """The view made again only when the game, its length or the viewing team changed."""

    def __init__(self) -> None:
        self.key: tuple | None = None
        self.view: TeamView | None = None

    def of(self, game: Game, team: str | None) -> TeamView:
        key = (game, len(game.history), game.turn, team)
        if key != self.key:
            self.key, self.view = key, team_view(game, team)
        return self.view
