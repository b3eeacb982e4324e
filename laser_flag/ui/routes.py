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
from .lesson import Lesson
from .recording import Recording
from .session import Session


@dataclass(frozen=True)
class PlayGame:
    session: Session


@dataclass(frozen=True)
class ChooseLesson:
    """Learn to play: the lesson's chapters, to choose one."""


@dataclass(frozen=True)
class PlayLesson:
    """A chapter of the lesson being played, and the game of its board."""

    lesson: Lesson
    session: Session


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
    """A save, or a game just played (a Recording), watched again; `at`: the action played
    first (0: the start)."""

    loaded: LoadedSave | Recording
    at: int = 0


@dataclass(frozen=True)
class ShowSettings:
    """Sound, look and play settings, applied as they change."""


Route = (PlayGame | ChooseLesson | PlayLesson | ShowVictory | HandOff | ShowRules | ListSaves
         | WatchReplay | ShowSettings)
