"""Game: a game state with its history, for the client, the bots and tests (RULES.md).

The rules are functions of an immutable `GameState` (rules.py, legal.py, refusals.py,
what_if.py, team_view.py); a Game holds the state a game has reached, the actions that led there
and the dice it was started with, and asks those functions on its behalf.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterable, Mapping
from dataclasses import replace
from fractions import Fraction
from types import MappingProxyType
from typing import Any, Generic, TypeVar

from . import rules
from .actions import Action
from .chance import Drawn, Roller
from .events import Event
from .game_map import GameMap
from .history import History
from .index import MapIndex, index_of
from .legal import LegalActions, legal
from .mapfile import MapError, team_without_units
from .refusals import NO_LOS, why_not
from .rolls import TWO_D6
from .state import GameState, check_units, looked, start
from .team_view import TeamView, known_state, told, view
from .terms import Team, Victory, Winner
from .units import Unit
from .what_if import SnapRisk, WhatIf

# NO_LOS, Roller: imported from here too
__all__ = ["NO_LOS", "Game", "Roller", "SnapRisk", "WhatIf", "known_game"]
T = TypeVar("T")


def known_game(gm: GameMap, seen: TeamView, *, seed: int = 0, units: Iterable[Unit] | None = None,
               fog: bool | None = None) -> Game:
    """A game on `gm` holding what a team's view shows (team_view.known_state: its units, or
    `units`, a guess that adds to them; with fog, by default as the view's game), to look and
    plan on: its dice are not the game's. `seed` is only remembered (a bot's search reads it).
    Made straight from the view, without a start state; ValueError if a unit is not the map's."""
    index = _index(gm)
    state = known_state(seen, index, units, fog)
    check_units(gm, state)
    game = object.__new__(Game)
    game._hold(index, seed, None, looked(state))
    return game


def _index(gm: GameMap) -> MapIndex:
    """The map's index for a game on it; MapError if a team has no units to start with."""
    missing = team_without_units(gm)
    if missing:
        raise MapError(f"{gm.source}: units: team {missing} has no units, so no game can start")
    return index_of(gm)


class _Shown(Generic[T]):
    """A read-only attribute of a game: its state's field of the same name."""

    def __set_name__(self, owner: type, name: str) -> None:
        self._name = name

    def __get__(self, game: Any, owner: type | None = None) -> T:
        return getattr(game._state, self._name)

    def __set__(self, game: Any, value: T) -> None:
        raise AttributeError(f"a game's {self._name} changes only by apply()")


class Game:
    """One game on one map. Change it only through apply(); read it freely: what it hands out
    is read-only (frozen units, read-only scores and stats that follow the game)."""

    def __init__(self, gm: GameMap, seed: int | None = None, roll: Roller | None = None,
                 fog: bool | None = None) -> None:
        index = _index(gm)  # the LOS answers too: now, not in the first turn
        seed = seed if seed is not None else random.SystemRandom().randrange(2**32)
        fog = gm.fog_of_war if fog is None else bool(fog)  # RULES §9
        self._hold(index, seed, roll, start(index, seed, fog))

    def _hold(self, index: MapIndex, seed: int, roll: Roller | None, state: GameState) -> None:
        """Become a game on the index's map standing at `state`, with no history yet."""
        gm = index.map
        self.map, self.rules, self.dice = gm, gm.rules, TWO_D6
        self.index = index
        self.seed = seed
        self._roll = roll  # forced dice (tests, lessons); None: the state's generator
        self.history = History()  # every action applied, in order: the game's record
        self._state = state
        self._what_if: WhatIf | None = None  # the questions of `_state`, once asked
        self._scores: dict[str, int] | None = None  # what `scores` and `stats` show, once
        self._stats: dict[str, dict[str, int]] | None = None  # asked: they follow the game

    @classmethod
    def from_state(cls, gm: GameMap, state: GameState, *, seed: int, roll: Roller | None = None,
                   fog: bool | None = None) -> Game:
        """A game on `gm` that goes on from `state`, with no history (test scenarios, for one).
        `seed` is only remembered (saves record it); the dice follow `state.rng`. With fog (the
        map's unless given), the enemies in sight in `state` are remembered where they stand."""
        index = _index(gm)
        check_units(gm, state)
        fog = gm.fog_of_war if fog is None else bool(fog)
        units = tuple(sorted(state.units, key=lambda u: u.id))
        game = object.__new__(cls)
        game._hold(index, seed, roll, looked(replace(state, index=index, units=units, fog=fog)))
        return game

    def copy(self) -> Game:
        """An independent copy sharing the immutable state and history; forced dice of its own,
        so that a copy's never use up the original's."""
        other = object.__new__(type(self))
        other.__dict__ = self.__dict__.copy()
        other._scores = other._stats = None  # its own, made from its state when asked
        if self._roll is not None:
            other._roll = copy.deepcopy(self._roll, {id(self.dice): self.dice})
        return other

    def state(self) -> GameState:  # where the game stands: one immutable value
        return self._state

    @property
    def units(self) -> list[Unit]:
        """The units on the board, in id order."""
        return list(self._state.units)

    def unit(self, uid: int) -> Unit | None:
        return self._state.unit(uid)

    fog = _Shown[bool]()  # with fog of war (RULES §9); fixed when it starts
    active_team = _Shown[Team]()
    turn = _Shown[int]()
    round = _Shown[int]()  # a round is team 1's turn then team 2's
    winner = _Shown[Winner | None]()  # "1", "2" or "draw" once the game is over
    victory = _Shown[Victory | None]()  # the condition that ended the game (RULES §7)
    rolls = _Shown[int]()  # dice rolled so far; an undo may not take back a roll

    @property
    def over(self) -> bool:  # (asked after every action: a property is a call less)
        return self._state.winner is not None

    @property
    def scores(self) -> Mapping[str, int]:
        """Points per team, read-only (it follows the game as it goes on)."""
        return MappingProxyType(self._shown()[0])

    @property
    def stats(self) -> Mapping[str, Mapping[str, int]]:
        """Shots and hits per team, read-only (as scores)."""
        return MappingProxyType({t: MappingProxyType(s) for t, s in self._shown()[1].items()})

    def _shown(self) -> tuple[dict[str, int], dict[str, dict[str, int]]]:
        """The dicts `scores` and `stats` show, made when first asked (a search's copies of a
        game never are) and kept up to date from then on (`_follow`)."""
        if self._scores is None or self._stats is None:
            state = self._state
            self._scores = dict(state.scores)
            self._stats = {t: dict(s) for t, s in state.stats.items()}
        return self._scores, self._stats

    def _follow(self, state: GameState) -> None:
        """Scores and stats handed out show `state`'s."""
        if self._scores is None or self._stats is None:
            return  # none handed out yet
        self._scores.update(state.scores)
        for team, counts in state.stats.items():
            self._stats[team].update(counts)

    @property
    def rng(self) -> random.Random:
        """A generator where the game's dice stand: drawing from it changes nothing here."""
        return self._state.rng.generator()

    def observe(self, team: str) -> TeamView:
        """What `team` sees and is told now (RULES §9): without fog, everything."""
        return view(self._state, team)

    def events_for(self, team: str) -> list[Event]:
        """The events of the last apply() that `team` was told of (RULES §9); without fog, all."""
        return told(self._state, team)

    def legal_actions(self) -> LegalActions:
        """Every legal action now, in a fixed order: per unit, moves then shots; EndTurn last.
        A read-only sequence equal to the list of them, which makes an action when it is read."""
        return legal(self._state)

    def why_not(self, action: Action) -> str | None:
        """None when apply(action) would be legal now, else the reason it would refuse."""
        return why_not(self._state, action)

    def apply(self, action: Action) -> list[Event]:
        """Carry out a legal action and return what happened; IllegalAction changes nothing."""
        state = self._state
        chance = Drawn(state.rng, self.dice, self._roll) if self._roll is not None else None
        after, events = rules.apply(state, action, chance)
        self.history = self.history.appended(action)
        self._state = after
        if self._scores is not None and (after.scores is not state.scores
                                         or after.stats is not state.stats):
            self._follow(after)
        return events

    def outcomes(self, action: Action) -> list[tuple[Fraction, Game]]:
        """Every distinct chance result of a legal action (rules.outcomes), each with its exact
        probability and the game it would leave; no generator is advanced."""
        results = []
        for p, state in rules.outcomes(self._state, action):
            results.append((p, game := self.copy()))
            game.history, game._state = self.history.appended(action), state
        return results

    @property
    def what_if(self) -> WhatIf:
        """The rules asked about actions not taken, of the game as it stands now (what_if.py):
        the same object while the game stays where it is."""
        asked = self._what_if
        if asked is None or asked.state is not self._state:
            asked = self._what_if = WhatIf(self._state)
        return asked
