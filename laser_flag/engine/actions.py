"""What a player can do on a turn (RULES.md §3): small frozen values holding ids only."""

from __future__ import annotations

from dataclasses import dataclass

from .game_map import Pos


@dataclass(frozen=True)
class Move:
    """Spend 1 AP to walk `unit_id` to `to` along a legal path."""

    unit_id: int
    to: Pos


@dataclass(frozen=True)
class Fire:
    """Fire `unit_id`'s laser at the enemy `target_id`."""

    unit_id: int
    target_id: int


@dataclass(frozen=True)
class EndTurn:
    """Hand the board to the other team."""


Action = Move | Fire | EndTurn


class IllegalAction(Exception):
    """An action the rules forbid now; `reason` is a sentence the UI can show."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def check_action(action: object) -> None:
    """IllegalAction unless `action` is an action holding values of the right types, so that
    apply() can refuse it before anything changes (a Move to (1.0, 1.0) or by unit True).
    Ids and rows are real ints (`type(...) is int`): a bool, float or int subclass would be
    recorded as something else."""
    if isinstance(action, Move):
        to = action.to
        well_formed = (type(action.unit_id) is int and type(to) is tuple and len(to) == 2
                       and type(to[0]) is int and type(to[1]) is int)
    elif isinstance(action, Fire):
        well_formed = type(action.unit_id) is int and type(action.target_id) is int
    elif isinstance(action, EndTurn):
        well_formed = True
    else:
        raise IllegalAction(f"Not an action: a {type(action).__name__}.")
    if not well_formed:  # the values are not shown: repr() of a huge int raises
        raise IllegalAction(f"A malformed {type(action).__name__}: ids and rows must be integers.")
