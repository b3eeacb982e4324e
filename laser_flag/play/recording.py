"""A recorded game to watch: a save's or a game's just finished, every state of it on demand, and
a new game taken over from any of them ("Play on from here").

No pygame. The recording is only ever read: playing on builds a new game with a save keeper of
its own (no file yet), which the turn driver saves at once to a new file (save_slot.SaveSlot), so
the file watched is never claimed nor written.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..engine.actions import Action
from ..engine.game import Game
from ..engine.game_map import TEAMS, GameMap
from ..replay_index import ReplayIndex
from ..saves import LoadedSave, team_names
from .session import Session, saved_levels, saved_looks


@dataclass(frozen=True)
class Recording:
    """The map, seed and actions of one game, the players' side of it as a save keeps it
    (`teams`: names, levels, looks) and where it was read from (`path`, None for a game just
    played)."""

    gm: GameMap
    seed: int
    actions: tuple[Action, ...]
    fog: bool
    teams: dict[str, Any]
    path: Path | None = None
    index: ReplayIndex = field(default=None, compare=False)  # type: ignore[assignment]

    def __post_init__(self) -> None:
        if self.index is None:  # a save's loader has replayed it already; a session has not
            object.__setattr__(self, "index", ReplayIndex(self.gm, self.seed, self.actions,
                                                          fog=self.fog))

    @classmethod
    def of(cls, source: LoadedSave | Recording) -> Recording:
        return source if isinstance(source, Recording) else cls.from_save(source)

    @classmethod
    def from_save(cls, loaded: LoadedSave) -> Recording:
        return cls(loaded.gm, loaded.game.seed, tuple(loaded.actions), loaded.game.fog,
                   dict(loaded.teams), loaded.path, loaded.replay)

    @classmethod
    def from_session(cls, session: Session) -> Recording:
        """The game of `session` as it stands (a finished one, from the victory screen)."""
        game = session.game
        return cls(session.gm, game.seed, tuple(game.history), game.fog, session.teams())

    @property
    def names(self) -> dict[str, str]:
        return team_names(self.gm, self.teams)

    @property
    def looks(self) -> dict[str, str]:
        """Whose colours each team wore."""
        return saved_looks(self.teams)

    @property
    def levels(self) -> dict[str, str]:
        """Who played each team (Human where the record does not say)."""
        return saved_levels(self.teams)

    @property
    def last(self) -> int:
        return self.index.last

    def game_at(self, at: int) -> Game:
        """The game after its first `at` actions; read it, never apply to it."""
        return self.index.game_at(at)

    def play_on(self, at: int, levels: dict[str, str], state_file: Path | None = None
                ) -> Session:
        """A new game from the state after `at` actions, `levels` playing it: the same map,
        seed and first actions, so its dice go on as the recorded game's would have (a save is
        map, seed and actions). The recording itself is left as it is."""
        if not 0 <= at <= self.last:
            raise IndexError(f"no state {at}: the game has {self.last} actions")
        branch = ReplayIndex(self.gm, self.seed, self.actions[:at], fog=self.fog)
        teams = {**self.teams, "levels": {t: levels[t] for t in TEAMS}}
        return Session.resume(_Start(self.gm, branch.game_at(at).copy(), teams, branch),
                              state_file)


@dataclass(frozen=True)
class _Start:
    """What Session.resume reads of a loaded save: the map, the game, the players, the replay
    its log is rebuilt from."""

    gm: GameMap
    game: Game
    teams: dict[str, Any]
    replay: ReplayIndex
