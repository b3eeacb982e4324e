"""Nothing lost, nothing falsely written: new names never taken from another file, names bounded
in bytes, no save the loader would refuse, and a save's digest covering the whole file (old
saves still loading)."""

from __future__ import annotations

import json
import random
from datetime import datetime
from pathlib import Path

import pytest

from laser_flag import save_schema, saves
from laser_flag.engine import EndTurn, Game, atomic_file, load_map, parse_map
from laser_flag.engine.json_reader import MAX_DEPTH
from laser_flag.engine.record import state_digest
from laser_flag.save_schema import MAX_ACTIONS
from laser_flag.saves import (
    MAX_STEM_BYTES,
    ReplayMismatch,
    UnsavableGame,
    file_stem,
    load_save,
    write_new_save,
    write_save,
)
from tests.save_files import resigned

MAPS = Path(__file__).resolve().parents[1] / "maps"
OLD_SAVES = Path(__file__).resolve().parent / "data" / "old_saves"  # as version 0.18.1 wrote them
TEAMS = {"names": {"1": "Ann", "2": "Ben"}}


def duel(seed: int = 1, ends: int = 3) -> Game:
    game = Game(load_map(MAPS / "duel.json"), seed=seed)
    for _ in range(ends):
        game.apply(game.legal_actions()[0])
        game.apply(EndTurn())
    return game


# ----- names ---------------------------------------------------------------------------------


class StoppedClock(datetime):
    """Every save in the same second, however slow the machine."""

    @classmethod
    def now(cls, tz=None):
        return datetime(2027, 3, 12, 14, 15, 2, tzinfo=tz)


def test_two_saves_of_one_map_in_the_same_second_get_two_names(data_dir, monkeypatch):
    monkeypatch.setattr(saves, "datetime", StoppedClock)
    first, second = write_new_save(duel(), TEAMS), write_new_save(duel(2), TEAMS)
    assert (first.name, second.name) == ("Duel-20270312-141502.json",
                                         "Duel-20270312-141502-2.json")
    assert load_save(first).game.seed == 1 and load_save(second).game.seed == 2


def test_a_new_save_never_replaces_a_file_that_took_its_name_meanwhile(data_dir, monkeypatch):
    """Another copy of the game writes the same name between our look and our rename."""
    game = duel()
    taken = next(saves.new_save_paths(game.map.name))
    real_place = atomic_file._place_new

    def race(tmp, target):
        if target == taken:
            target.write_text("another copy's save", encoding="utf-8")
        return real_place(tmp, target)

    monkeypatch.setattr(atomic_file, "_place_new", race)
    path = write_new_save(game, TEAMS)
    assert path != taken and taken.read_text(encoding="utf-8") == "another copy's save"
    assert load_save(path).game.seed == 1
    assert sorted(p.name for p in taken.parent.iterdir()) == sorted([taken.name, path.name])


@pytest.mark.parametrize("name", ["é" * 200, "地图" * 100, "🎯" * 200, "a/b\\c:d*e?f"])
def test_a_save_of_a_map_with_a_long_or_strange_name_is_written_and_listed(data_dir, name):
    data = json.loads((MAPS / "duel.json").read_text(encoding="utf-8")) | {"name": name}
    game = Game(parse_map(data, "strange.json"), seed=4)
    game.apply(EndTurn())
    path = write_new_save(game, TEAMS)
    assert len(path.name.encode("utf-8")) <= MAX_STEM_BYTES + len("-20990101-000000-999.json")
    assert "/" not in path.name and "\\" not in path.name and path.parent == saves.saves_dir()
    assert load_save(path).game.map.name == name


def test_file_stems_are_cut_in_bytes_on_a_character_boundary():
    stem = file_stem("地图" * 100)
    assert len(stem.encode("utf-8")) <= MAX_STEM_BYTES and stem == "地图" * 16
    assert file_stem("") == "game" and file_stem("Cross fire!") == "Cross_fire_"


# ----- never a save that cannot be read back ---------------------------------------------------


@pytest.mark.slow
def test_a_game_past_the_most_actions_a_save_holds_is_not_written(tmp_path):
    ends_past_the_limit(tmp_path, MAX_ACTIONS)


def test_the_action_limit_holds_for_writer_and_reader_alike(tmp_path, monkeypatch):
    """The same as above with a limit of 40 (the real one takes a minute to play)."""
    monkeypatch.setattr(saves, "MAX_ACTIONS", 40)
    monkeypatch.setattr(save_schema, "MAX_ACTIONS", 40)
    ends_past_the_limit(tmp_path, 40)


def ends_past_the_limit(tmp_path: Path, limit: int) -> None:
    """A game of `limit` actions saves and loads; one more, and its save is not written."""
    # Duel without its round limit: ending turns is always legal, and the game never ends
    unending = {**json.loads((MAPS / "duel.json").read_text(encoding="utf-8")), "turn_limit": None}
    game = Game(parse_map(unending, "duel.json"), seed=1)
    for _ in range(limit):
        game.apply(EndTurn())
    path = write_save(tmp_path / "longest.json", game, TEAMS)
    assert load_save(path).actions == list(game.history)  # the longest legal save loads
    before = path.read_bytes()
    game.apply(EndTurn())
    with pytest.raises(UnsavableGame, match=f"past {limit:,} actions"):
        write_save(path, game, TEAMS)
    assert path.read_bytes() == before  # the last good save is kept


def test_a_save_larger_than_the_reader_takes_is_not_written(tmp_path, monkeypatch):
    monkeypatch.setattr(saves, "MAX_SAVE_BYTES", 1024)
    with pytest.raises(UnsavableGame, match="MiB a save may be"):
        write_save(tmp_path / "big.json", duel(), TEAMS)
    assert list(tmp_path.iterdir()) == []


def test_a_map_nested_as_deep_as_a_map_may_be_cannot_be_embedded(tmp_path):
    """A map may nest 32 deep; inside a save it would be 33, which the save reader refuses."""
    data = json.loads((MAPS / "duel.json").read_text(encoding="utf-8"))
    deep: list = []
    for _ in range(MAX_DEPTH - 2):
        deep = [deep]
    gm = parse_map({**data, "notes": deep}, "deep.json")  # a key of the designer's own
    with pytest.raises(UnsavableGame, match="nests deeper"):
        write_save(tmp_path / "deep.json", Game(gm, seed=1), TEAMS)
    shallower = parse_map({**data, "notes": deep[0]}, "deep.json")
    load_save(write_save(tmp_path / "ok.json", Game(shallower, seed=1), TEAMS))


def test_a_name_too_long_for_the_reader_is_not_written(tmp_path):
    with pytest.raises(UnsavableGame, match="teams.names.1"):
        write_save(tmp_path / "n.json", duel(), {"names": {"1": "x" * 41, "2": "Ben"}})


# ----- the digest covers the whole file ----------------------------------------------------


def test_a_tile_changed_in_the_embedded_map_is_refused_though_the_replay_agrees(tmp_path):
    """An elevated tile nobody stands on or shoots across, made level: the replay reaches the
    same state, so only a digest of the file itself can tell."""
    game = duel()
    path = write_save(tmp_path / "s.json", game, TEAMS)
    data = json.loads(path.read_text(encoding="utf-8"))
    row, col = next((r, c) for r, tiles in enumerate(data["map"]["tiles"])
                    for c, kind in enumerate(tiles) if kind == "elevated")
    data["map"]["tiles"][row][col] = "level"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ReplayMismatch, match="changed after it was saved"):
        load_save(path)
    as_before = {key: value for key, value in data.items() if key != "digest"} | {"version": 1}
    path.write_text(json.dumps(as_before), encoding="utf-8")
    assert state_digest(load_save(path).game) == state_digest(game)  # what the state alone says


def test_an_action_removed_or_a_name_changed_is_refused(tmp_path):
    path = write_save(tmp_path / "s.json", duel(), TEAMS)
    data = json.loads(path.read_text(encoding="utf-8"))
    for edit in ({"teams": {"names": {"1": "Eve", "2": "Ben"}}}, {"saved_at": "2020-01-01"}):
        path.write_text(json.dumps(data | edit), encoding="utf-8")
        with pytest.raises(ReplayMismatch, match="changed after"):
            load_save(path)
    path.write_text(json.dumps(resigned(data | edit)), encoding="utf-8")
    load_save(path)  # signed anew, the edit reads: the digest is a check, not a seal


@pytest.mark.parametrize("name", sorted(p.name for p in OLD_SAVES.glob("*.json")))
def test_every_save_of_earlier_versions_still_loads_and_verifies(name, capsys):
    from laser_flag.app import main

    path = OLD_SAVES / name
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["version"] == 1 and "digest" not in data
    loaded = load_save(path)
    assert state_digest(loaded.game) == data["final_digest"]
    assert main(["replay", str(path), "--verify"]) == 0


# ----- the file made again after every action ------------------------------------------------


def defined_file(game: Game, teams: dict) -> bytes:
    """A save's file as the format defines it: the canonical text of the whole object, then
    its digest."""
    text = saves.canonical(saves.save_dict(game, teams))
    return (text[:-1] + f',"digest":"{saves.record_digest(text)}"}}\n').encode("utf-8")


def test_a_kept_save_text_makes_the_defined_file_after_every_action_undo_and_fork(monkeypatch):
    """SaveText keeps the actions' text and hash between files: byte for byte the file the
    format defines, as a game goes on, goes back (undo) and goes on differently."""
    monkeypatch.setattr(saves, "datetime", StoppedClock)
    rng = random.Random(5)
    game = Game(load_map(MAPS / "gridlock.json"), seed=5)
    text, earlier, went_back = saves.SaveText(), [], 0
    for _ in range(400):
        if earlier and rng.random() < 0.1:
            game, went_back = earlier.pop(), went_back + 1
        else:
            earlier.append(game.copy())
            game.apply(rng.choice(game.legal_actions()))
        assert text.file(game, TEAMS) == defined_file(game, TEAMS)
        if game.over:
            break
    assert went_back > 10 and len(game.history) > 100


def test_a_finished_game_and_another_map_are_the_defined_file(monkeypatch):
    monkeypatch.setattr(saves, "datetime", StoppedClock)
    rng, game = random.Random(2), Game(load_map(MAPS / "duel.json"), seed=2)
    while not game.over:
        game.apply(rng.choice(game.legal_actions()))
    assert saves.save_bytes(game, TEAMS) == defined_file(game, TEAMS)
    assert load_save_bytes(saves.save_bytes(game, TEAMS), game)


def load_save_bytes(raw: bytes, game: Game) -> bool:
    """Whether the file reads back as `game` (the loader's own checks, digest included)."""
    data = json.loads(raw)
    body = {key: value for key, value in data.items() if key != "digest"}
    return (saves.record_digest(saves.canonical(body)) == data["digest"]
            and data["final_digest"] == state_digest(game))
