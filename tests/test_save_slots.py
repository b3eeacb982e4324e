"""Each game its own file, held while it is played: two copies of the game on one data folder
(real processes here) never take or overwrite each other's games; a lock dies with its process;
a file another program changed is left to it, the game going on under a new name."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from laser_flag import saves
from laser_flag.engine import EndTurn, Game, load_map
from laser_flag.file_lock import held_elsewhere
from laser_flag.save_slot import SaveSlot, SlotTaken, lock_path
from laser_flag.saves import load_save

MAPS = Path(__file__).resolve().parents[1] / "maps"
TEAMS = {"names": {"1": "Ann", "2": "Ben"}}

# Another copy of the game: takes a slot (a new game, or the save named), says where, then holds
# it until its stdin closes (or it is killed).
HOLDER = """
import sys
from pathlib import Path
from laser_flag.engine import EndTurn, Game, load_map
from laser_flag.save_slot import SaveSlot
if sys.argv[2] == "new":
    game = Game(load_map(sys.argv[1]), seed=9)
    game.apply(EndTurn())
    slot = SaveSlot.new(game, {})
else:
    slot = SaveSlot.claim(Path(sys.argv[2]))
print(slot.path, flush=True)
sys.stdin.read()
"""

# Another copy of the game starting new games as fast as it can, all in the same few seconds.
MAKER = """
import sys
from laser_flag.engine import EndTurn, Game, load_map
from laser_flag.save_slot import SaveSlot
from laser_flag.saves import write_new_save
for i in range(int(sys.argv[2])):
    game = Game(load_map(sys.argv[1]), seed=i)
    game.apply(EndTurn())
    SaveSlot.new(game, {}).release()
    write_new_save(game, {})
"""


def game(seed: int = 1) -> Game:
    played = Game(load_map(MAPS / "duel.json"), seed=seed)
    played.apply(played.legal_actions()[0])
    return played


def holder(what: str) -> tuple[subprocess.Popen, Path]:
    process = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(MAPS / "duel.json"), what],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=os.environ.copy(),
    )
    line = process.stdout.readline().strip()
    assert line, f"the other copy did not start: {process.wait(30)}"
    return process, Path(line)


def release(process: subprocess.Popen) -> None:
    process.stdin.close()
    assert process.wait(30) == 0


def test_each_new_game_gets_its_own_file_and_a_second_slot_never_takes_it(data_dir):
    first, second = SaveSlot.new(game(1), TEAMS), SaveSlot.new(game(2), TEAMS)
    assert first.path != second.path and first.path.parent == data_dir / "saves"
    with pytest.raises(SlotTaken, match="being played in another Laser Flag window"):
        SaveSlot.claim(first.path)
    first.release()
    again = SaveSlot.claim(first.path)
    assert load_save(again.path).game.seed == 1 and load_save(second.path).game.seed == 2


def test_another_process_playing_a_game_keeps_it_and_lets_go_when_it_ends(data_dir):
    process, path = holder("new")
    try:
        assert held_elsewhere(lock_path(path))
        with pytest.raises(SlotTaken):
            SaveSlot.claim(path)
    finally:
        release(process)
    assert not held_elsewhere(lock_path(path)) and not lock_path(path).exists()
    SaveSlot.claim(path).release()


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="kill -9 is a POSIX thing")
def test_a_lock_dies_with_a_killed_process(data_dir):
    mine = SaveSlot.new(game(), TEAMS)
    mine.release()
    process, path = holder(str(mine.path))
    assert path == mine.path and held_elsewhere(lock_path(path))
    process.send_signal(signal.SIGKILL)
    process.wait(30)
    assert not held_elsewhere(lock_path(path))  # its lock file is left, but held by nobody
    SaveSlot.claim(path).release()


@pytest.mark.slow  # processes racing for names
def test_two_copies_starting_games_at_once_never_share_a_name(data_dir):
    count = 15
    makers = [subprocess.Popen([sys.executable, "-c", MAKER, str(MAPS / "duel.json"), str(count)],
                               env=os.environ.copy()) for _ in range(2)]
    for maker in makers:
        assert maker.wait(120) == 0
    files = sorted(saves.saves_dir().glob("*.json"))
    assert len(files) == 2 * 2 * count  # a slot and a copy each time, in each process
    seeds = sorted(load_save(path).game.seed for path in files)
    assert seeds == sorted(list(range(count)) * 4)


def test_a_file_another_program_changed_is_left_to_it_and_the_game_moves(data_dir):
    played = game()
    slot = SaveSlot.new(played, TEAMS)
    first = slot.path
    other = Game(load_map(MAPS / "duel.json"), seed=77)  # an older Laser Flag's game, say
    saves.write_save(first, other, {})
    played.apply(EndTurn())
    left = slot.write(played, TEAMS)
    assert left == first and slot.path != first
    assert load_save(first).game.seed == 77  # not overwritten
    assert load_save(slot.path).actions == list(played.history)
    played.apply(EndTurn())
    assert slot.write(played, TEAMS) is None  # its own file now: written in place
    assert not held_elsewhere(lock_path(first))


def test_a_game_whose_file_was_deleted_writes_it_again(data_dir):
    played = game()
    slot = SaveSlot.new(played, TEAMS)
    slot.path.unlink()
    played.apply(EndTurn())
    assert slot.write(played, TEAMS) is None and load_save(slot.path).actions == played.history


def test_a_slot_at_a_chosen_file_writes_there(tmp_path):
    played = game()
    slot = SaveSlot.at(tmp_path / "elsewhere.json", played, TEAMS)
    assert json.loads(slot.path.read_text(encoding="utf-8"))["seed"] == played.seed
    assert held_elsewhere(lock_path(slot.path))  # to another open of it, as to another copy
    slot.release()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["elsewhere.json"]
