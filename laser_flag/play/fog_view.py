"""Whose eyes the board is seen through under fog of war, and what the board draws from.

No pygame. What a team sees and is told is the engine's to decide (`view`, `versions`); this
module only chooses whose view the board shows and gathers what drawing it needs: `TeamView.known`,
a game holding what the team's view shows, to preview, inspect and draw on, so that a hidden
enemy cannot leak into a path, a snap-shot risk, a card or a click. Actions still go to the
real game; RULES.md section 9 makes a team's plans independent of hidden units, so both games
agree on every one of them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from ..bots import HUMAN
from ..engine.events import Event, Moved
from ..engine.game import Game, known_game
from ..engine.game_map import TEAMS, Pos
from ..engine.units import Unit


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
    """What `team` knows of `game` now, as the engine's view of it says."""
    if team is None or not game.fog:  # without fog a team knows the game itself, whole
        return TeamView(None, game, None, {})
    seen = game.observe(team)
    known = known_game(game.map, seen, seed=game.seed)
    return TeamView(team, known, seen.seen, dict(seen.last_seen))


def units_before(before: Game, team: str | None, shown: Sequence[Event]) -> list[Unit]:
    """The units an action's playback starts from: as `team` knew them in `before`, and each
    enemy that comes into view in `shown` already where it appears (its walk is not seen), so
    that it can be drawn even if it leaves the board again within the action."""
    known = {u.id: u for u in (before.units if team is None else before.observe(team).units)}
    for event in shown:
        if isinstance(event, Moved) and event.unit not in known:
            known[event.unit] = replace(before.unit(event.unit), pos=event.path[-1])
    return list(known.values())


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
