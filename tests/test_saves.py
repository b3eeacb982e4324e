"""Saves continue exactly (RULES §8), unreadable ones are refused untouched, writes are atomic."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from laser_flag import saves
from laser_flag.engine import Game, load_map
from laser_flag.engine.json_reader import MESSAGE_CHARS, ReadError
from laser_flag.engine.record import action_to_json, state_digest
from laser_flag.save_index import list_saves
from laser_flag.save_schema import SchemaError
from laser_flag.saves import SaveError, load_save, write_save
from tests.engine.conftest import play_randomly
from tests.save_files import resigned

MAPS = Path(__file__).resolve().parents[1] / "maps"
TEAMS = {"names": {"1": "Ann", "2": "Ben"}}


def choices(seed: int, steps: int, map_name: str = "duel.json") -> list:
    """The actions of a seeded random game, and the events (dice included) each produced."""
    game = Game(load_map(MAPS / map_name), seed=seed)
    rng = random.Random(seed)
    played = []
    for _ in range(steps):
        if game.over:
            break
        action = rng.choice(game.legal_actions())
        played.append((action, game.apply(action)))
    return played


@pytest.mark.parametrize("seed", [3, *(pytest.param(s, marks=pytest.mark.slow) for s in (11, 29))])
def test_save_at_every_point_then_continue_equals_the_uninterrupted_game(tmp_path, seed):
    gm = load_map(MAPS / "duel.json")
    played = choices(seed, 45)
    whole = Game(gm, seed=seed)
    for action, _ in played:
        whole.apply(action)
    assert whole.rolls > 0  # the continued part has dice to get right
    for cut in range(len(played) + 1):
        game = Game(gm, seed=seed)
        for action, _ in played[:cut]:
            game.apply(action)
        path = write_save(tmp_path / f"cut{cut}.json", game, TEAMS)
        loaded = load_save(path)
        assert state_digest(loaded.game) == state_digest(game)
        assert loaded.teams == TEAMS
        for action, events in played[cut:]:
            assert loaded.game.apply(action) == events  # the same dice, the same outcome
        assert state_digest(loaded.game) == state_digest(whole)


def test_a_save_embeds_the_map_so_a_later_edit_of_the_file_cannot_break_it(tmp_path):
    map_file = tmp_path / "m.json"
    map_file.write_bytes((MAPS / "duel.json").read_bytes())
    game = Game(load_map(map_file), seed=5)
    for action, _ in choices(5, 10):
        game.apply(action)
    path = write_save(tmp_path / "s.json", game, TEAMS)
    map_file.write_text("broken", encoding="utf-8")
    assert state_digest(load_save(path).game) == state_digest(game)


def saved_game(tmp_path: Path) -> tuple[Path, dict]:
    game = Game(load_map(MAPS / "duel.json"), seed=7)
    for action, _ in choices(7, 20):
        game.apply(action)
    path = write_save(tmp_path / "good.json", game, TEAMS)
    return path, json.loads(path.read_text(encoding="utf-8"))


def refused(path: Path, *words: str) -> None:
    before = path.read_bytes()
    with pytest.raises(SaveError) as err:
        load_save(path)
    message = str(err.value)
    assert str(path) in message
    for word in words:
        assert word in message
    assert "\n" not in message
    assert path.read_bytes() == before


def test_corrupt_truncated_foreign_and_future_saves_are_refused_unchanged(tmp_path):
    path, data = saved_game(tmp_path)
    text = path.read_text(encoding="utf-8")
    cases = {
        "truncated.json": (text[: len(text) // 2], "truncated"),
        "garbage.json": ("\x00\x01 not json at all", "not JSON"),
        "foreign.json": (json.dumps({"tiles": [], "units": []}), "not a Laser Flag save"),
        "list.json": ("[1, 2, 3]", "not a Laser Flag save"),
        "future.json": (json.dumps({**data, "version": 99}), "newer"),
        "noseed.json": (json.dumps({**data, "seed": "x"}), "seed: must be an integer"),
        "badmap.json": (json.dumps(resigned({**data, "map": {"tiles": 3}})), "embedded map"),
        "badaction.json": (json.dumps({**data, "actions": [["jump"]]}), "malformed"),
        "digest.json": (json.dumps(resigned({**data, "final_digest": "0" * 64})), "digest"),
        "edited.json": (json.dumps({**data, "seed": data["seed"] + 1}), "changed after"),
        "unsigned.json": (json.dumps({k: v for k, v in data.items() if k != "digest"}),
                          "digest: missing"),
    }
    for name, (content, word) in cases.items():
        bad = tmp_path / name
        bad.write_text(content, encoding="utf-8")
        refused(bad, word)


def test_an_action_no_longer_legal_is_refused_naming_it(tmp_path):
    path, data = saved_game(tmp_path)
    actions = [["end_turn"]] * 2 + [["fire", 0, 0]] + data["actions"]
    bad = tmp_path / "illegal.json"
    bad.write_text(json.dumps(resigned({**data, "actions": actions})), encoding="utf-8")
    refused(bad, "cannot be replayed", "action 2")


def test_saves_live_in_the_data_folder_and_are_listed_newest_first(data_dir):
    game = Game(load_map(MAPS / "duel.json"), seed=2)
    first = saves.write_new_save(game, TEAMS)
    assert first.parent == data_dir / "saves"
    for action, _ in choices(2, 12):
        game.apply(action)
    second = saves.write_new_save(game, TEAMS)
    (data_dir / "saves" / "junk.json").write_text("{", encoding="utf-8")
    infos, problems = list_saves()
    assert {info.path for info in infos} == {first, second}
    entry = next(info for info in infos if info.path == second)
    assert (entry.map_name, entry.turn, entry.scores) == (game.map.name, game.turn, game.scores)
    assert entry.saved_at
    assert len(problems) == 1 and "junk.json" in problems[0]


def test_the_list_says_who_played_and_older_saves_name_nobody(data_dir):
    game = Game(load_map(MAPS / "duel.json"), seed=2)
    bots = write_save(saves.saves_dir() / "bots.json", game, {**TEAMS, "levels": {"1": "Hard"}})
    older = write_save(saves.saves_dir() / "older.json", game, TEAMS)
    infos = {info.path: info for info in list_saves()[0]}
    assert infos[bots].levels == {"1": "Hard"} and infos[older].levels == {}


KILLED_WRITE = """
import os, sys
from laser_flag import saves
from laser_flag.engine import Game, load_map
game = Game(load_map(sys.argv[1]), seed=1)
game.apply(game.legal_actions()[0])
setattr(os, sys.argv[3], lambda *args, **kwargs: os._exit(9))  # killed at this step
saves.write_save(sys.argv[2], game, {})
"""


@pytest.mark.parametrize("killed_at", ["fsync", "replace"])
def test_a_process_killed_mid_save_leaves_the_previous_file_intact(tmp_path, killed_at):
    path, _ = saved_game(tmp_path)
    before = path.read_bytes()
    done = subprocess.run(
        [sys.executable, "-c", KILLED_WRITE, str(MAPS / "duel.json"), str(path), killed_at],
        capture_output=True,
        timeout=60,
    )
    assert done.returncode == 9, done.stderr
    assert path.read_bytes() == before
    load_save(path)


def test_the_save_records_actions_as_json(tmp_path):
    path, data = saved_game(tmp_path)
    loaded = load_save(path)
    assert data["actions"] == [action_to_json(a) for a in loaded.actions]
    assert (data["format"], data["version"]) == ("laser-flag-save", 2)


def test_replay_verify_exit_status_says_whether_the_save_reproduces(tmp_path, capsys):
    from laser_flag.app import main

    path, data = saved_game(tmp_path)
    assert main(["replay", str(path), "--verify"]) == 0
    assert "OK, 20 actions" in capsys.readouterr().out
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps(resigned({**data, "final_digest": "0" * 64})), encoding="utf-8")
    assert main(["replay", str(wrong), "--verify"]) == 1
    assert "digest mismatch" in capsys.readouterr().err
    wrong.write_text(json.dumps({**data, "seed": 1}), encoding="utf-8")  # edited, not signed
    assert main(["replay", str(wrong), "--verify"]) == 1
    assert "changed after it was saved" in capsys.readouterr().err
    for bad in (tmp_path / "missing.json", tmp_path / "half.json"):
        if bad.name == "half.json":
            bad.write_text(path.read_text(encoding="utf-8")[:100], encoding="utf-8")
        assert main(["replay", str(bad), "--verify"]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and str(bad) in err


def test_replay_verify_runs_as_a_command(tmp_path):
    path, _ = saved_game(tmp_path)
    done = subprocess.run(
        [sys.executable, "-m", "laser_flag", "replay", str(path), "--verify"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert str(path) in done.stdout


def test_a_schema_refusal_is_one_clipped_line_like_a_read_refusal():
    err = SchemaError("actions[3]", "x" * 5000 + "\nmore")
    assert isinstance(err, ReadError) and err.place == "actions[3]"
    assert str(err).startswith("actions[3]: xxx") and str(err).endswith("...")
    assert "\n" not in str(err) and len(str(err)) <= len("actions[3]: ") + MESSAGE_CHARS


# ----- fog of war (RULES §9) -----------------------------------------------------------------


def fog_game(seed: int, steps: int) -> Game:
    return play_randomly(Game(load_map(MAPS / "duel.json"), seed=seed, fog=True), steps, seed)


def test_a_fog_game_saves_its_flag_and_continues_exactly(tmp_path):
    game = fog_game(4, 40)
    path = write_save(tmp_path / "fog.json", game, TEAMS)
    assert json.loads(path.read_text(encoding="utf-8"))["fog"] is True
    loaded = load_save(path)
    assert loaded.game.fog and state_digest(loaded.game) == state_digest(game)
    assert loaded.game.observe("1") == game.observe("1")
    assert loaded.game.observe("2") == game.observe("2")
    rng = random.Random(99)
    for _ in range(20):
        if game.over:
            break
        action = rng.choice(game.legal_actions())
        assert loaded.game.legal_actions() == game.legal_actions()
        assert loaded.game.apply(action) == game.apply(action)
        assert loaded.game.events_for("1") == game.events_for("1")


def test_replay_verify_covers_fog_games(tmp_path, capsys):
    from laser_flag.app import main

    path = write_save(tmp_path / "fog.json", fog_game(8, 30), TEAMS)
    assert main(["replay", str(path), "--verify"]) == 0
    data = json.loads(path.read_text(encoding="utf-8"))
    data["fog"] = False  # the same actions without fog: another game, another digest
    wrong = tmp_path / "nofog.json"
    wrong.write_text(json.dumps(resigned(data)), encoding="utf-8")
    assert main(["replay", str(wrong), "--verify"]) == 1


def test_a_save_without_the_fog_key_loads_as_fog_off_whatever_its_map_says(tmp_path):
    game = Game(load_map(MAPS / "duel.json"), seed=3)
    for action, _ in choices(3, 15):
        game.apply(action)
    data = {**saves.save_dict(game, TEAMS), "version": 1}  # as earlier versions wrote them
    del data["fog"]
    data["map"]["fog_of_war"] = True  # a map key an older game ignored
    old = tmp_path / "old.json"
    old.write_text(json.dumps(data), encoding="utf-8")
    loaded = load_save(old)
    assert not loaded.game.fog and state_digest(loaded.game) == state_digest(game)


def test_the_fog_flag_must_be_true_or_false(tmp_path):
    path, data = saved_game(tmp_path)
    data["fog"] = "yes"
    path.write_text(json.dumps(data), encoding="utf-8")
    refused(path, "fog", "true or false")
