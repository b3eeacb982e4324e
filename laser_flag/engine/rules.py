"""The rules as functions of a game state: `apply` an action, and every chance `outcome` of one.

`apply(state, action, chance=None) -> (state, events)` checks the action (IllegalAction, with
the sentence why, changes nothing), then lets the rule of its kind resolve it on a draft of the
state and returns the next state and what happened. Chance (dice, snap shooters' order) is
drawn from the state's generator unless given (chance.py). Each kind of action declared in
actions.ACTIONS has its rule here, and nothing else is dispatched.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from .actions import Action, EndTurn, Fire, Move
from .chance import Chance, explore
from .draft import Draft, GameEnded
from .end_turn import end_turn
from .events import Event
from .fire import fire
from .move import move
from .refusals import check
from .state import GameState

# The rule of each kind of action (every kind actions.ACTIONS declares: a test checks).
RULES: dict[type[Action], Callable[[Draft, Any], None]] = {
    Move: move, Fire: fire, EndTurn: end_turn,
}


def apply(state: GameState, action: Action, chance: Chance | None = None
          ) -> tuple[GameState, list[Event]]:
    """The state after a legal action, and the events it made, in order."""
    if action is not state.facts.read:  # one read from legal(state) is legal (a random pick)
        check(state, action)
    draft = Draft(state, chance)
    try:
        RULES[type(action)](draft, action)
    except GameEnded:  # a victory ended the game: nothing after it resolves
        pass
    finally:  # whatever happens, a generator the draws took is handed back
        after = draft.frozen()
    return after, draft.events


def outcomes(state: GameState, action: Action) -> list[tuple[Fraction, GameState]]:
    """Every distinct chance result of a legal action (which shots are fired, which hit), each
    with its exact probability (they sum to 1) and the state it leaves; the generator is left
    where it was in each."""
    dice = state.index.dice
    return explore(dice, lambda branch: apply(state, action, branch))
