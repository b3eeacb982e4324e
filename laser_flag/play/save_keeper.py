"""One game's saving in the client: its own file after every action (save_slot.py, written
off the frame thread by save_writer.py), a copy on Ctrl+S, another place when the player picks
one, and whether the last save worked. The client says "saved" only when it did: the questions
that decide it (`problem`, the closing words) wait for the writes handed over. No pygame here.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from ..engine.game import Game
from ..i18n import N_, _
from ..save_slot import SaveSlot, SlotTaken
from ..save_writer import SaveWriter
from ..saves import SaveError, new_save_paths, saves_dir, write_new_save


def _why(err: Exception) -> str:
    """A failed save in a few words: the system's reason and the file, or the save's limit."""
    if isinstance(err, OSError) and err.strerror:
        where = f" ({err.filename})" if err.filename else ""
        return f"{err.strerror}{where}"
    return " ".join(str(err).split())


NOT_KEPT = N_("A play-test is not saved: Continue and Load game keep to your own games.")


class SaveKeeper:
    """Where one game is saved: its own file (`slot`, None until its first action is saved) and
    the thread writing it. A game not `kept` (the editor's play-test) is written nowhere, and
    says so when asked to save."""

    def __init__(self, slot: SaveSlot | None = None, kept: bool = True) -> None:
        self.writer = None if slot is None else SaveWriter(slot)
        self.kept = kept
        self._failed: str | None = None  # why a write made here failed (the first one, say)
        self._told: Exception | None = None  # the writer's failure last said
        self.rescued: str | None = None  # why the game was saved out of its place at the end

    @property
    def slot(self) -> SaveSlot | None:
        return None if self.writer is None else self.writer.slot

    @property
    def problem(self) -> str | None:
        """Why the game as it stands is not saved; None when every game handed over is. It
        waits for the writes under way."""
        if self._failed is not None or self.writer is None:
            return self._failed
        self.wait()
        return None if self.writer.failure is None else _why(self.writer.failure)

    def wait(self) -> None:
        """Until every game handed over is written (or its write failed)."""
        if self.writer is not None:
            self.writer.wait()

    @property
    def path(self) -> Path | None:
        return None if self.slot is None else self.slot.path

    @property
    def in_saves_folder(self) -> bool:
        """Whether the game's file is where Continue and Load game find it."""
        return self.slot is not None and self.slot.path.parent == saves_dir()

    def autosave(self, game: Game, teams: dict[str, Any]) -> str | None:
        """Save the game as it stands to its own file: made here at its first action (a game
        that short saves at once), then handed to the writer, in constant time. What the
        player should be told, if anything (`news`)."""
        if not self.kept:
            return None
        if self.writer is not None:
            said = self.news()
            self.writer.hand(game, teams)
            return said
        try:
            slot = SaveSlot.new(game, teams)
        except (OSError, SaveError) as err:
            self._failed = _why(err)
            return _("Not saved: {problem}").format(problem=self._failed)
        self.writer, self._failed = SaveWriter(slot), None
        return None

    def news(self) -> str | None:
        """What the writes done since the last news say, without waiting: that one failed, or
        that the game moved to a new file because another program changed its own."""
        writer = self.writer
        if writer is None:
            return None
        failure = writer.failure
        if failure is not None and failure is not self._told:
            self._told = failure
            return _("Not saved: {problem}").format(problem=_why(failure))
        moved = writer.take_moved()
        if moved is not None:
            return _("{name} was changed by another program: this game goes on as "
                     "{name2}.").format(name=moved.name, name2=writer.slot.path.name)
        return None

    def save_copy(self, game: Game, teams: dict[str, Any]) -> str:
        """Ctrl+S: a copy of the game as it stands, under a new name (Load game lists it)."""
        if not self.kept:
            return _(NOT_KEPT)
        try:
            path = write_new_save(game, teams)
        except (OSError, SaveError) as err:
            return _("Could not save a copy: {why}").format(why=_why(err))
        return _("Saved a copy as {name}; the game itself is saved after every action.").format(
            name=path.name)

    def save_elsewhere(self, path: Path, game: Game, teams: dict[str, Any]) -> str | None:
        """The game to `path` (the player chose it), and there from now on; None when it was
        saved, else why not (the game stays where it was)."""
        try:
            slot = SaveSlot.at(path, game, teams)
        except (OSError, SaveError, SlotTaken) as err:
            return _why(err)
        self.release()
        self.writer, self._failed = SaveWriter(slot), None
        return None

    def rescue(self, game: Game, teams: dict[str, Any], folder: Path | None = None) -> None:
        """The client is ending without asking (a signal): save the game where it can be, once
        more to its own file if the last save failed, else as a new file in `folder` (the
        system's temporary folder unless given), which holds the game from then on. `problem`
        stays set only when neither took it; `rescued` says why the game is out of its place."""
        if self.problem is None or not game.history:
            return
        self._failed = None
        self.autosave(game, teams)
        why = self.problem
        if why is None:
            return
        try:
            folder = Path(tempfile.gettempdir()) if folder is None else folder
        except OSError as err:  # no usable temporary folder at all
            self._failed = _("{why}; nor in a temporary folder: {why2}").format(
                why=why, why2=_why(err))
            return
        failed = self.save_elsewhere(next(new_save_paths(game.map.name, folder)), game, teams)
        if failed is None:
            self.rescued = why
        else:
            self._failed = _("{why}; nor in {folder}: {failed}").format(
                why=why, folder=folder, failed=failed)

    def release(self) -> None:
        """The game is left or over: what was handed over is written, and its file no longer
        held (another copy may continue it)."""
        if self.writer is not None:
            self.writer.close()
            self.writer.slot.release()

    @property
    def worrying(self) -> bool:
        """The game is not where the player will look for it: not saved, or saved elsewhere."""
        return self.problem is not None or self.rescued is not None

    def closing_words(self) -> str | None:
        """What the terminal is told when the window closes mid-game; None when nothing was
        ever to be saved (the lesson)."""
        if self.problem is not None:
            return _("Not saved: {problem}").format(problem=self.problem)
        if self.slot is None:
            return None
        if self.rescued is not None:
            return _("Not saved where it belongs: {rescued}. The game is saved as {path}.").format(
                rescued=self.rescued, path=self.path)
        if self.in_saves_folder:
            return _("Saved: Continue (in the menu of laser-flag) resumes this turn.")
        return _("Saved as {path}.").format(path=self.path)
