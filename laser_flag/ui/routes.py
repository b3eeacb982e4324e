"""Where a scene may send the player: each screen named with what it needs to be built.

Plain values, so a scene names its next screen without importing that screen's module;
screens.py builds them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ..engine.game_map import GameMap
from ..saves import LoadedSave
from .guest_turns import GuestTurns
from .host_turns import HostTurns
from .lesson import Lesson
from .session import Session


@dataclass(frozen=True)
class PlayGame:
    session: Session


@dataclass(frozen=True)
class PlayLesson:
    """The first lesson: its steps and the game they are played in."""

    lesson: Lesson
    session: Session


@dataclass(frozen=True)
class PlayNetwork:
    """A game against another computer: the host's or the guest's turn driver."""

    turns: HostTurns | GuestTurns


@dataclass(frozen=True)
class HostSetup:
    """Host a game on `gm`: choose sides and who may join, then wait for the guest."""

    gm: GameMap
    fog: bool


@dataclass(frozen=True)
class JoinSetup:
    """Join a game: the host's address and code."""


@dataclass(frozen=True)
class ShowVictory:
    session: Session


@dataclass(frozen=True)
class HandOff:
    """The cover between two players' turns of a fog game, then what the next one was told."""

    session: Session


@dataclass(frozen=True)
class ShowRules:
    """The rules; `gm` colours the tiles like the map being played (None: the default look)."""

    gm: GameMap | None = None


@dataclass(frozen=True)
class ListSaves:
    """The saved games; `open_save(path, watch)` says where a chosen one goes (None: nowhere)."""

    open_save: Callable[[Path, bool], Route | None]


@dataclass(frozen=True)
class WatchReplay:
    loaded: LoadedSave


@dataclass(frozen=True)
class ShowSettings:
    """Sound, look and play settings, applied as they change."""


Route = (PlayGame | PlayLesson | PlayNetwork | HostSetup | JoinSetup | ShowVictory | HandOff
         | ShowRules | ListSaves | WatchReplay | ShowSettings)
