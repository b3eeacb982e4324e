"""Where a scene may send the player: each screen named with what it needs to be built.

Plain values, so a scene names its next screen without importing that screen's module;
screens.py builds them.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..engine.game_map import GameMap
from ..play.guest_turns import GuestTurns
from ..play.host_turns import HostTurns
from ..play.lesson import Lesson
from ..play.recording import Recording
from ..play.session import Session
from ..remote.tls import Tls
from ..saves import LoadedSave


@dataclass(frozen=True)
class PlayGame:
    session: Session


@dataclass(frozen=True)
class ChooseRandomMap:
    """Random map: a board made from a seed and knobs, to play or host at once."""


@dataclass(frozen=True)
class ChooseLesson:
    """Learn to play: the lesson's chapters, to choose one."""


@dataclass(frozen=True)
class PlayLesson:
    """A chapter of the lesson being played, and the game of its board."""

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
class PlayOnline:
    """Play online: a server's games, to make one on `gm` (None: no playable map chosen) or
    join one."""

    gm: GameMap | None
    fog: bool


@dataclass(frozen=True)
class WatchOnline:
    """Watch the game `code` on the server at `address` (over TLS with `tls`), as its
    spectators are shown it."""

    address: tuple[str, int]
    tls: Tls | None
    code: str


@dataclass(frozen=True)
class ShowVictory:
    session: Session


@dataclass(frozen=True)
class ShowNetworkVictory:
    """The end of a network game, on the host's or the guest's window: its turn driver keeps
    the connection for a rematch."""

    turns: HostTurns | GuestTurns


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
    """A save, or a game just played (a Recording), watched again; `at`: the action played
    first (0: the start)."""

    loaded: LoadedSave | Recording
    at: int = 0


@dataclass(frozen=True)
class ShowSettings:
    """Sound, look and play settings, applied as they change."""


Route = (PlayGame | ChooseRandomMap | ChooseLesson | PlayLesson | PlayNetwork | HostSetup
         | JoinSetup | PlayOnline | WatchOnline | ShowVictory | ShowNetworkVictory | HandOff
         | ShowRules | ListSaves | OpenSave | WatchReplay | ShowSettings | AskUnsaved)
