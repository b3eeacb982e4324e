"""One game played here: the game at the table (game_at_table.py) with its saves and undo."""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import Any

from ..bots import HUMAN, LEVELS
from ..bots.program import is_program
from ..engine.game import Game
from ..engine.game_map import TEAMS, GameMap
from ..engine.team_view import told_versions
from ..i18n import N_
from ..replay_index import ReplayIndex
from ..saves import Progress
from .game_at_table import GameAtTable
from .log_text import log_line
from .save_keeper import SaveKeeper
from .seats import all_human
from .state_dump import StateDump

LOG_PROGRESS_EVERY = 1000  # actions between two progress reports while a long log is rebuilt
WRITING_LOG = N_("Writing the log")  # what resume() is doing after the load, for the progress bar


def new_seed() -> int:
    return secrets.randbelow(2**31)


class UndoRefusal(Enum):
    """Why undo is refused; the value is the end of the sentence the player reads."""

    GAME_OVER = N_("the game is over")
    NOTHING_THIS_TURN = N_("nothing to undo this turn")
    DIE_ROLLED = N_("a die was rolled since")
    REVEALED = N_("the fog of war showed you something since")
    BOT_PLAYING = N_("a bot is playing this turn")


@dataclass(kw_only=True)
class Session(GameAtTable):
    """A game played here (GameAtTable) with its saves, its undo and its debug dump
    (`state_file`, for tests).

    `keeper` saves it (its own file from its first action); `undo_stack` holds only the states
    undo can still go back to: none before the last die rolled, the last thing the fog showed,
    or the start of this turn, so a long game's memory does not grow with it.
    """

    state_file: Path | None = None
    dump: StateDump | None = field(init=False, default=None, compare=False)  # of state_file
    # Snapshots taken before each action undo can still take back: (the game as it was, the
    # log's length then).
    undo_stack: list[tuple[Game, int]] = field(default_factory=list)
    # Why undo stops below the stack, in which turn: what it said of the states forgotten.
    undo_stop: tuple[int, UndoRefusal] = (0, UndoRefusal.NOTHING_THIS_TURN)
    keeper: SaveKeeper = field(default_factory=SaveKeeper)

    def __post_init__(self) -> None:
        super().__post_init__()
        self.dump = None if self.state_file is None else StateDump(self.state_file)

    @classmethod
    def start(
        cls,
        gm: GameMap,
        seed: int | None = None,
        state_file: Path | None = None,
        levels: dict[str, str] | None = None,
        fog: bool | None = None,
    ) -> Session:
        """A fresh game; ValueError (from the engine) if a team has no units."""
        names = {t: gm.teams[t].name for t in TEAMS}
        seed = new_seed() if seed is None else seed
        return cls(Game(gm, seed=seed, fog=fog), names, dict(levels or all_human()),
                   state_file=state_file)

    def rematch(self, swap_sides: bool, seed: int | None = None) -> Session:
        """A new game on the same map; swapping sides hands each player (or bot) the other team,
        with their name and their colours: the team called Blue is blue on every screen.
        Fog of war stays as it was.

        Its dice: `seed` when the player fixed one (`--seed`), else a fresh seed.
        """
        names, levels, looks = dict(self.names), dict(self.levels), dict(self.looks)
        if swap_sides:
            names, levels, looks = (swapped(names), swapped(levels), swapped(looks))
        seed = new_seed() if seed is None else seed
        return Session(Game(self.gm, seed=seed, fog=self.game.fog), names, levels, looks,
                       state_file=self.state_file)

    # ----- undo: a snapshot stack; a die once rolled stands (boardgame.io style) ----------

    def remember(self) -> None:
        """Keep the state before an action, so that the action can be taken back."""
        self.undo_stack.append((self.game.copy(), len(self.log)))

    def forget_last(self) -> None:
        """Drop the snapshot of an action the engine refused: nothing happened to take back."""
        self.undo_stack.pop()

    def forget_unreachable(self) -> None:
        """After an action: when undo could not take it back, it can reach none of the states
        kept before it either, so they go (undo's memory stays bounded by one turn); why undo
        stops there is kept, for the player."""
        reason = self.why_no_undo()
        if reason is not None:
            self.forget_undo(reason)

    def forget_undo(self, reason: UndoRefusal) -> None:
        self.undo_stack.clear()
        self.undo_stop = (self.game.turn, reason)

    def why_no_undo(self) -> UndoRefusal | None:
        """None when undo is possible, else why not."""
        if self.game.over:
            return UndoRefusal.GAME_OVER
        if not self.undo_stack:
            turn, reason = self.undo_stop
            return reason if turn == self.game.turn else UndoRefusal.NOTHING_THIS_TURN
        return may_go_back(self.undo_stack[-1][0], self.game)

    def undo(self) -> UndoRefusal | None:
        """Take back the last action of this turn; None if done, else why it cannot be."""
        reason = self.why_no_undo()
        if reason is None:
            self.game, log_len = self.undo_stack.pop()
            del self.log[log_len:]
        return reason

    def teams(self) -> dict[str, Any]:
        """The players' settings kept in a save. A program's seat (`exec:...`) is kept as a
        person's: a program is not started again by opening a file (docs/PROTOCOL.md)."""
        levels = {t: HUMAN if is_program(level) else level for t, level in self.levels.items()}
        return {"names": dict(self.names), "levels": levels, "looks": dict(self.looks)}

    @classmethod
    def resume(cls, loaded: Any, state_file: Path | None = None,
               progress: Progress | None = None, keeper: SaveKeeper | None = None) -> Session:
        """A session continuing a loaded save (saves.LoadedSave): its game, names, players, seed;
        `keeper` holds its file. A long game's log takes a while: `progress` hears how far."""
        names = {t: loaded.gm.teams[t].name for t in TEAMS}
        saved = loaded.teams.get("names", {})
        names.update({t: str(saved[t]) for t in TEAMS if isinstance(saved.get(t), str)})
        levels = saved_levels(loaded.teams)
        session = cls(loaded.game, names, levels, saved_looks(loaded.teams),
                      state_file=state_file, keeper=keeper or SaveKeeper())
        if loaded.replay is not None:
            session.replay_log(loaded.replay, progress)
        return session

    def replay_log(self, index: ReplayIndex, progress: Progress | None = None) -> None:
        """The log and this turn's undo steps as they were when the game was saved, rebuilt
        from the events of the loader's replay in the words the game uses. The states before
        each action are stepped through only for this turn's undo (the index keeps what each
        team was told): a long game's replay is not done twice."""
        first = index.first_of_turn(self.game.turn)  # this turn's actions follow that state
        for done in range(index.last):
            if done >= first:
                before = index.game_at(done)
                last = self.undo_stack[-1][0] if self.undo_stack else None
                if last is not None and (reason := may_go_back(last, before)) is not None:
                    self.forget_undo(reason)  # as forget_unreachable did while it was played
                self.undo_stack.append((before.copy(), len(self.log)))
            for _, seen_by in index.versions(done + 1):
                self.log.extend(log_line(seen, self.roster, index.turns[done], who)
                                for seen, who in told_versions(seen_by))
            if progress is not None and done % LOG_PROGRESS_EVERY == 0:
                progress(WRITING_LOG, done, index.last)
        self.forget_unreachable()

    def write_state(self) -> None:
        """The debug dump (state_dump.py), when a state file was asked for (`--state-file`):
        the engine's state record plus what only the client keeps, and the log."""
        if self.dump is None:
            return
        self.dump.write({
            "map": self.gm.source,
            "seed": self.seed,
            "round": self.game.round,
            **self.game.state().to_json(),
            "names": dict(self.names),
            "levels": dict(self.levels),
        }, self.log)


def may_go_back(before: Game, after: Game) -> UndoRefusal | None:
    """Whether undo may return from `after` to `before`, a state of the same game before it:
    None if so, else why not. A die once rolled stands (boardgame.io style)."""
    if before.turn != after.turn:
        return UndoRefusal.NOTHING_THIS_TURN
    if before.rolls != after.rolls:
        return UndoRefusal.DIE_ROLLED
    team = after.active_team  # what a look showed cannot be unseen: no free scouting
    if after.fog and before.observe(team).whereabouts() != after.observe(team).whereabouts():
        return UndoRefusal.REVEALED
    return None


def swapped(per_team: dict[str, str]) -> dict[str, str]:
    """Team 1's value for team 2 and team 2's for team 1."""
    return {"1": per_team["2"], "2": per_team["1"]}


def saved_looks(teams: dict[str, Any]) -> dict[str, str]:
    """Whose colours each team of a save wears (checked whole when the save was read); its own
    when the save does not say (older saves)."""
    return dict(teams.get("looks") or {t: t for t in TEAMS})


def saved_levels(teams: dict[str, Any]) -> dict[str, str]:
    """The players of a save; Human where it names none or an unknown level (older saves)."""
    saved = teams.get("levels")
    saved = saved if isinstance(saved, dict) else {}
    return {t: saved[t] if saved.get(t) in LEVELS else HUMAN for t in TEAMS}
