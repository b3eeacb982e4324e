"""The saves list: kept in an index so that known files are not read again, any index it cannot
trust ignored; the oldest finished games deleted when there are many, never an unfinished one
nor earlier versions' autosave; a save deleted only when nobody plays it."""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from laser_flag import save_index, saves
from laser_flag.engine import EndTurn, Fire, Game, load_map
from laser_flag.save_index import INDEX_NAME, Shelf, list_saves
from laser_flag.save_slot import SaveSlot
from laser_flag.saves import LEGACY_AUTOSAVE, write_save
from laser_flag.ui.menu.save_words import summary

from .test_save_slots import HOLDER, MAPS

OLD_SAVES = Path(__file__).resolve().parent / "data" / "old_saves"
TEAMS = {"names": {"1": "Ann", "2": "Ben"}}


def unfinished(seed: int) -> Game:
    game = Game(load_map(MAPS / "duel.json"), seed=seed)
    game.apply(EndTurn())
    return game


def finished(seed: int = 4) -> Game:
    game, rng = Game(load_map(MAPS / "duel.json"), seed=seed), random.Random(seed)
    while not game.over:
        legal = game.legal_actions()
        game.apply(rng.choice([a for a in legal if isinstance(a, Fire)] or legal))
    return game


def as_version_1(path: Path, minute: int) -> None:
    """The save as an earlier version wrote it (no digest), last played `minute` minutes into
    2026 (its header and its file)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    del data["digest"]
    data["saved_at"] = f"2026-01-01T{minute // 60:02}:{minute % 60:02}:00+00:00"
    path.write_text(json.dumps(data | {"version": 1}), encoding="utf-8")
    os.utime(path, (1_767_225_600 + 60 * minute,) * 2)


def shelf_read() -> Shelf:
    shelf = Shelf()
    shelf.look()
    shelf.read_all()
    return shelf


def test_a_second_look_reads_no_file_the_index_knows(data_dir, monkeypatch):
    paths = [saves.write_new_save(unfinished(seed), TEAMS) for seed in range(3)]
    assert {i.path for i in shelf_read().infos()} == set(paths)
    assert (data_dir / "saves" / INDEX_NAME).is_file()
    read = []
    real = save_index.save_info
    monkeypatch.setattr(save_index, "save_info", lambda path: (read.append(path), real(path))[1])
    again = shelf_read()
    assert read == [] and {i.path for i in again.infos()} == set(paths)
    changed = write_save(paths[0], finished(), TEAMS)  # rewritten: read again, and only it
    newer = shelf_read()
    assert read == [changed] and next(i for i in newer.infos() if i.path == changed).over
    paths[1].unlink()
    assert {i.path for i in shelf_read().infos()} == {paths[0], paths[2]}


def test_the_list_is_newest_first_with_everything_a_row_shows(data_dir):
    old = write_save(saves.saves_dir() / "old.json", unfinished(1), TEAMS)
    as_version_1(old, 10)
    fog = Game(load_map(MAPS / "duel.json"), seed=2, fog=True)
    fog.apply(EndTurn())
    new = write_save(saves.saves_dir() / "new.json", fog,
                     {"names": {"1": "Ann", "2": "Ben"}, "levels": {"1": "Human", "2": "Hard"}})
    infos, problems = list_saves()
    assert [i.path for i in infos] == [new, old] and problems == []
    row = infos[0]
    assert (row.map_name, row.round, row.turn, row.scores, row.fog, row.actions) == (
        "Duel", 1, 2, {"1": 0, "2": 0}, True, 1)
    assert row.levels == {"1": "Human", "2": "Hard"} and row.names == {"1": "Ann", "2": "Ben"}


def test_earlier_versions_autosave_is_listed_continued_and_never_pruned(data_dir):
    folder = saves.saves_dir()
    folder.mkdir(parents=True)
    shutil.copy(OLD_SAVES / "autosave.json", folder / LEGACY_AUTOSAVE)
    shelf = shelf_read()
    assert shelf.newest_unfinished().path == folder / LEGACY_AUTOSAVE
    assert shelf.newest_unfinished().levels == {"1": "Human", "2": "Hard"}
    shutil.copy(OLD_SAVES / "duel-finished.json", folder / LEGACY_AUTOSAVE)  # finished, old
    assert shelf_read().prune(keep=0) == [] and (folder / LEGACY_AUTOSAVE).exists()


def test_the_oldest_finished_games_go_first_and_no_unfinished_one(data_dir):
    folder = saves.saves_dir()
    done = write_save(folder / "done-0.json", finished(), TEAMS)
    for i in range(1, 6):
        shutil.copy(done, folder / f"done-{i}.json")
    write_save(folder / "open-0.json", unfinished(1), TEAMS)
    shutil.copy(folder / "open-0.json", folder / "open-1.json")
    for minute, name in enumerate(["open-0", "done-0", "done-1", "open-1", "done-2", "done-3",
                                   "done-4", "done-5"]):
        as_version_1(folder / f"{name}.json", minute)
    shelf = shelf_read()
    gone = shelf.prune(keep=3)
    assert sorted(p.name for p in gone) == ["done-0.json", "done-1.json", "done-2.json"]
    left = sorted(p.name for p in folder.glob("[!.]*.json"))
    assert left == ["done-3.json", "done-4.json", "done-5.json", "open-0.json", "open-1.json"]
    assert [i.path.name for i in shelf.infos()] == ["done-5.json", "done-4.json", "done-3.json",
                                                    "open-1.json", "open-0.json"]


def test_nothing_is_pruned_while_some_files_are_still_unread(data_dir):
    folder = saves.saves_dir()
    write_save(folder / "done.json", finished(), TEAMS)
    shelf = Shelf()
    shelf.look()
    assert shelf.unread == 1 and shelf.prune(keep=0) == [] and (folder / "done.json").exists()


def test_a_game_played_in_another_copy_is_not_continued_nor_deleted_here(data_dir):
    mine = saves.write_new_save(unfinished(1), TEAMS)
    as_version_1(mine, 1)  # played before the other copy's game
    process = subprocess.Popen([sys.executable, "-c", HOLDER, str(MAPS / "duel.json"), "new"],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        theirs = Path(process.stdout.readline().strip())
        shelf = shelf_read()
        assert shelf.playing == {theirs.name}
        assert shelf.infos()[0].path == theirs  # the last played, listed first
        assert shelf.newest_unfinished().path == mine  # but Continue takes the one not played
        assert "being played in another" in shelf.delete(theirs) and theirs.exists()
    finally:
        process.stdin.close()
        process.wait(30)
    assert shelf.delete(theirs) is None and not theirs.exists()


def test_delete_takes_the_file_and_its_entry(data_dir):
    path = saves.write_new_save(unfinished(1), TEAMS)
    shelf = shelf_read()
    assert shelf.delete(path) is None
    assert shelf.infos() == [] and not path.exists()
    assert shelf_read().infos() == []


def test_unreadable_files_are_listed_as_such_and_remembered(data_dir, monkeypatch):
    folder = saves.saves_dir()
    folder.mkdir(parents=True)
    (folder / "junk.json").write_text("{", encoding="utf-8")
    assert "junk.json" in shelf_read().problems()[0]
    monkeypatch.setattr(save_index, "save_info", lambda path: 1 / 0)  # not read again
    assert "junk.json" in shelf_read().problems()[0]


def test_orphan_temporary_files_and_stray_locks_are_cleaned_when_looking(data_dir):
    slot = SaveSlot.new(unfinished(1), TEAMS)
    slot.release()
    folder = slot.path.parent
    orphan = folder / f".{slot.path.name}.abcd1234.tmp"
    orphan.write_text("half", encoding="utf-8")
    os.utime(orphan, (0, 0))
    (folder / ".gone.json.lock").write_text("", encoding="utf-8")  # a crashed copy's
    shelf_read()
    assert sorted(p.name for p in folder.iterdir()) == sorted([INDEX_NAME, slot.path.name])


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=4),
    max_leaves=20,
)


@pytest.mark.slow  # sixty generated indexes, each in a folder of its own
@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(entry=JSON, info=st.dictionaries(st.sampled_from(
    ["map_name", "saved_at", "turn", "round", "scores", "over", "levels", "names", "winner",
     "victory", "fog", "actions"]), JSON))
def test_an_index_spoiled_anyhow_never_breaks_the_list(data_dir, entry, info):
    """Whatever an index says of a file, the list shows that file once, in words the screen
    can always make: an entry that is not well formed is dropped and the file read again."""
    path = saves.write_new_save(unfinished(3), TEAMS)
    shelf_read()  # a good index first, to spoil
    index = saves.saves_dir() / INDEX_NAME
    data = json.loads(index.read_text(encoding="utf-8"))
    good = data["saves"][path.name]
    for value in (entry, {"file": good["file"], "info": info},
                  {"file": good["file"], "info": {**good["info"], **info}}):
        data["saves"] = {path.name: value, "other.json": value}
        index.write_text(json.dumps(data), encoding="utf-8")
        infos = shelf_read().infos()
        assert [i.path for i in infos] == [path]
        assert summary(infos[0])  # every field of a kind the words are made of
        if value is entry or "file" not in value:
            assert infos[0] == saves.save_info(path)
    path.unlink()
    index.unlink()
