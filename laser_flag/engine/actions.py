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
