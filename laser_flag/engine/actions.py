"""What a player can do on a turn (RULES.md §3): small frozen values holding ids only.

`ACTIONS` declares every action type once, under the name a save writes it with; the saves'
JSON (`action_to_json`), the save schema and `apply()`'s dispatch all read it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from .game_map import Pos


@dataclass(frozen=True)
class Move:
    """Spend 1 AP to walk `unit_id` to `to` along a legal path."""

    unit_id: int
    to: Pos

    ARITY: ClassVar[int] = 3  # ["move", unit, row, col]

    def well_formed(self) -> bool:
        to = self.to
        return (type(self.unit_id) is int and type(to) is tuple and len(to) == 2
                and type(to[0]) is int and type(to[1]) is int)

    def args(self) -> tuple[int, ...]:
        return (self.unit_id, *self.to)

    @classmethod
    def from_args(cls, args: list[int]) -> Move:
        return cls(args[0], (args[1], args[2]))


@dataclass(frozen=True)
class Fire:
    """Fire `unit_id`'s laser at the enemy `target_id`."""

    unit_id: int
    target_id: int

    ARITY: ClassVar[int] = 2  # ["fire", unit, target]

    def well_formed(self) -> bool:
        return type(self.unit_id) is int and type(self.target_id) is int

    def args(self) -> tuple[int, ...]:
        return (self.unit_id, self.target_id)

    @classmethod
    def from_args(cls, args: list[int]) -> Fire:
        return cls(args[0], args[1])


@dataclass(frozen=True)
class EndTurn:
    """Hand the board to the other team."""

    ARITY: ClassVar[int] = 0  # ["end_turn"]

    def well_formed(self) -> bool:
        return True

    def args(self) -> tuple[int, ...]:
        return ()

    @classmethod
    def from_args(cls, args: list[int]) -> EndTurn:
        return cls()


Action = Move | Fire | EndTurn

# Every action type by its name in a save; nothing else is an action.
ACTIONS: dict[str, type[Action]] = {"move": Move, "fire": Fire, "end_turn": EndTurn}
NAMES: dict[type[Action], str] = {kind: name for name, kind in ACTIONS.items()}


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
    kind = type(action)
    if kind not in NAMES:
        raise IllegalAction(f"Not an action: a {kind.__name__}.")
    if not action.well_formed():  # type: ignore[union-attr]
        # the values are not shown: repr() of a huge int raises
        raise IllegalAction(f"A malformed {kind.__name__}: ids and rows must be integers.")
