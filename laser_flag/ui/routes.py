"""Where a scene may send the player: each screen named with what it needs to be built.

Plain values, so a scene names its next screen without importing that screen's module;
screens.py builds them.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..engine.game_map import GameMap
from ..saves import LoadedSave
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
    """The saved games, finished and unfinished: continue, watch or delete one."""


@dataclass(frozen=True)
class OpenSave:
    """A save read and replayed, showing how far it is, then continued (or watched: `watch`)."""

    path: Path
    watch: bool = False


@dataclass(frozen=True)
class AskUnsaved:
    """The game's last save failed: asked before the window closes (`quitting`) or the game is
    left for the menu."""

    session: Session
    quitting: bool


@dataclass(frozen=True)
class WatchReplay:
    loaded: LoadedSave


@dataclass(frozen=True)
class ShowSettings:
    """Sound, look and play settings, applied as they change."""


Route = (PlayGame | PlayLesson | ShowVictory | HandOff | ShowRules | ListSaves | OpenSave
         | WatchReplay | ShowSettings | AskUnsaved)
