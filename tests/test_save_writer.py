"""The game's own file written by a thread of its own (save_writer.py, through the keeper):
the newest game handed over is the one on disk once the keeper waits; a failed write and a
file another program changed are each said once, as the game goes on."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

from laser_flag.engine import Game, load_map
from laser_flag.play.save_keeper import SaveKeeper
from laser_flag.saves import load_save

MAPS = Path(__file__).resolve().parents[1] / "maps"
TEAMS = {"names": {"1": "Ann", "2": "Ben"}}


def played(game: Game, rng: random.Random, actions: int, keeper: SaveKeeper) -> list[str]:
    """Apply `actions` random actions, autosaving after each as the turn driver does: what the
    keeper said."""
    said = []
    for _ in range(actions):
        game.apply(rng.choice(game.legal_actions()))
        said.append(keeper.autosave(game, TEAMS))
    return [words for words in said if words is not None]


def test_the_file_holds_the_newest_game_handed_over_once_the_keeper_waits(data_dir):
    rng, keeper = random.Random(3), SaveKeeper()
    game = Game(load_map(MAPS / "gridlock.json"), seed=3)
    assert played(game, rng, 300, keeper) == []
    keeper.wait()
    assert keeper.problem is None and load_save(keeper.path).actions == list(game.history)
    keeper.release()  # what was handed over is written, then the file is let go
    assert keeper.writer is not None and not keeper.writer._thread.is_alive()


def test_a_failed_write_is_said_once_and_the_next_that_works_clears_it(data_dir):
    rng, game, keeper = random.Random(4), Game(load_map(MAPS / "duel.json"), seed=4), SaveKeeper()
    played(game, rng, 1, keeper)
    folder = keeper.path.parent
    moved_away = folder.with_name("elsewhere")
    folder.rename(moved_away)
    folder.write_text("a file where the saves folder was", encoding="utf-8")
    played(game, rng, 1, keeper)
    assert keeper.problem is not None  # it waited for the write: it failed
    said = played(game, rng, 3, keeper)
    keeper.wait()
    said.append(keeper.news())  # the last write's, if not said yet
    said = [words for words in said if words is not None]
    assert said and all(words.startswith("Not saved: Not a directory") for words in said)
    assert keeper.news() is None  # each failed write is said once
    folder.unlink()
    moved_away.rename(folder)
    played(game, rng, 1, keeper)
    assert keeper.problem is None and load_save(keeper.path).actions == list(game.history)
    keeper.release()


def test_a_file_another_program_changed_is_said_and_the_game_goes_on_in_a_new_one(data_dir):
    rng, game, keeper = random.Random(5), Game(load_map(MAPS / "duel.json"), seed=5), SaveKeeper()
    played(game, rng, 2, keeper)
    keeper.wait()
    first = keeper.path
    shutil.copy(first, first.with_name("copy.json"))
    data = json.loads(first.read_text(encoding="utf-8"))
    first.with_name("copy.json").replace(first)  # another program wrote it: a new file
    played(game, rng, 1, keeper)
    keeper.wait()
    assert keeper.news() == (f"{first.name} was changed by another program: this game goes on "
                             f"as {keeper.path.name}.")
    assert keeper.path != first and json.loads(first.read_text(encoding="utf-8")) == data
    assert load_save(keeper.path).actions == list(game.history)
    keeper.release()
