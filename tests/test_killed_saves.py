"""A game's own file survives `kill -9` at any moment: a real client process plays on while the
writer thread saves after every action, and is killed at random (seeded) moments; each time
the file reads back whole (its digests, the replay) and holds at least what it held before,
and the next process continues it from there."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

from laser_flag.data_folder import DATA_DIR_ENV
from laser_flag.engine.ruleset import CLASSES
from laser_flag.saves import load_save

ROOT = Path(__file__).resolve().parents[1]

PLAYER = """
import random, sys
from pathlib import Path
from laser_flag.engine import load_map
from laser_flag.play.save_keeper import SaveKeeper
from laser_flag.play.session import Session
from laser_flag.play.turns import Turns
from laser_flag.save_slot import SaveSlot
from laser_flag.saves import load_save
map_path, seed, save, stop_at = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
if save == "-":
    session = Session.start(load_map(map_path), seed=seed)
else:
    keeper = SaveKeeper(SaveSlot.claim(Path(save)))  # claimed before it is read
    session = Session.resume(load_save(save), keeper=keeper)
turns, rng = Turns(session), random.Random(seed)
while not turns.game.over:
    turns.act(rng.choice(turns.game.legal_actions()))
    turns.skip_playback()
    if len(turns.game.history) == stop_at:  # stop there once the writer has written it all
        turns.session.keeper.wait()
        print(stop_at, turns.session.keeper.path, flush=True)
        sys.stdin.read()  # until killed
    print(len(turns.game.history), turns.session.keeper.path, flush=True)
"""


def lasting_map(folder: Path) -> Path:
    """The commons map made to last: no score ends it, only aimed shots."""
    data = json.loads((ROOT / "maps" / "commons.json").read_text(encoding="utf-8"))
    data["score_limit"] = {"1": 100_000, "2": 100_000}
    data["turn_limit"] = None
    data["rules"] = {c: {"max_snap_shots": 0} for c in CLASSES}
    path = folder / "lasting.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def play_until_killed(map_path: Path, seed: int, save: str, actions: int, env: dict,
                      stop: bool = False) -> tuple[int, Path]:
    """Run a client that plays on (from `save`, or a new game) and kill -9 it once it has
    played `actions` actions (`stop`: it stops there, its writer done): the most it may have
    played when the kill landed, and its file. Without `stop` it plays on while the kill is
    on its way: every action it said it played counts, and the one after it, whose line the
    kill may have cut off once its writer had it."""
    child = subprocess.Popen([sys.executable, "-c", PLAYER, str(map_path), str(seed), save,
                              str(actions if stop else 0)],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env, text=True)
    said = []
    try:
        for line in child.stdout:
            said.append(line)
            if int(line.split(" ", 1)[0]) >= actions:
                break
    finally:
        child.kill()  # SIGKILL: no atexit, no flush, no lock released by hand
        said += child.communicate(timeout=60)[0].splitlines(keepends=True)
    assert child.returncode == -9
    played = max(int(line.split(" ", 1)[0]) for line in said if line.endswith("\n"))
    path = Path(said[0].rstrip("\n").split(" ", 1)[1])
    return played if stop else played + 1, path


def test_a_save_killed_at_any_moment_reads_back_whole(tmp_path):
    rng, env = random.Random(11), {**os.environ, DATA_DIR_ENV: str(tmp_path / "data")}
    map_path, save, held = lasting_map(tmp_path), "-", 0
    for round_ in range(6):
        # The first client stops once its writer has caught up, so that there is a file; after
        # that a kill may land at any moment, the writer any number of actions behind.
        played, path = play_until_killed(map_path, round_, save, held + rng.randint(20, 400),
                                         env, stop=round_ == 0)
        loaded = load_save(path)  # whole: both digests, the replay, the header
        assert held <= len(loaded.actions) <= played and len(loaded.actions) >= 1
        save, held = str(path), len(loaded.actions)
    # Killed at any moment the writer may lag by any number of actions; once it has caught
    # up, the file holds every action played, the resumed ones too.
    played, path = play_until_killed(map_path, 6, save, held + 50, env, stop=True)
    assert played == held + 50 and len(load_save(path).actions) == played
