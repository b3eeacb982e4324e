"""Every file of the hostile corpus (tests/data/hostile) ends in the one refusal or loads, and
every reader of maps and saves the client, tools and editor use says so in one line."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from laser_flag import saves
from laser_flag.app import main
from laser_flag.engine.mapfile import MapError, load_map
from laser_flag.lab import executors as lab_executors
from laser_flag.save_index import list_saves
from laser_flag.tools import balance, rolls
from laser_flag.ui.menu.map_catalog import load_entry
from map_editor.storage import read_map

CORPUS = Path(__file__).resolve().parents[1] / "data" / "hostile"
ACCEPTED = None  # the file loads

# Each map file and the words its MapError must hold.
MAPS = {
    "bom.json": ACCEPTED,
    "deep_nesting.json": "nested 1001 deep",
    "deep_nesting_in_name.json": "nested 501 deep",
    "empty.json": "not JSON",
    "huge_class_name.json": "unknown class",
    "huge_float.json": "too large a number",
    "huge_int.json": "5000 digits",
    "infinity.json": "Infinity is not a JSON number",
    "list_as_tile.json": "unknown tile",
    "lone_surrogate.json": "lone surrogate",
    "nan.json": "NaN is not a JSON number",
    "not_utf8.json": "not valid UTF-8",
    "speed_1e12.json": "rules.scout.speed: must be 0 to 99",
    "speed_1e8.json": "rules.basic.speed: must be 0 to 99",
    "top_level_list.json": "must be a JSON object",
    "units_as_string.json": "units: must be an array",
    "huge_team_name.json": 'team_names["1"]: 100,000 characters, at most 40',
    "huge_map_name.json": "name: 100,000 characters, at most 200",
    "nul_in_name.json": "name: character 3 is U+0000, a control character, which cannot be shown",
    "nul_in_team_name.json": 'team_names["2"]: character 2 is U+0000, a control character',
    "utf16.json": "byte 0: not valid UTF-8",
    "huge_badge.json": "balance.pairings: must be a list of 1 to 16 pairings",
    "badge_claims_fair.json": "balance.pairings[0].team1_win_rate: must be team1_wins /",
}

# Each save file, the words of its SaveError, and whether it is a replay mismatch (exit 1).
SAVES = {
    "action_name_list.json": ("actions[0]: malformed action", False),
    "actions_as_object.json": ("actions: must be an array", False),
    "bom.json": (ACCEPTED, False),
    "deep_nesting.json": ("nested 1001 deep", False),
    "digest_mismatch.json": ("digest mismatch", True),
    "digest_not_hex.json": ("final_digest: must be 64 lowercase hex", False),
    "embedded_map_deep.json": ("nested 42 deep", False),
    "embedded_map_speed.json": ("(embedded map): rules.scout.speed: must be 0 to 99", False),
    "huge_int.json": ("5000 digits", False),
    "move_float.json": ("actions[0]: malformed action", False),
    "move_true.json": ("actions[0]: malformed action", False),
    "nan_seed.json": ("NaN is not a JSON number", False),
    "saved_at_list.json": ("saved_at: must be a string", False),
    "scores_not_replayed.json": ("header's scores", True),
    "team_level_unknown.json": ("teams.levels.1: must be one of", False),
    "team_name_too_long.json": ("teams.names.1: must be a string of at most 40", False),
    "teams_as_list.json": ("teams: must be an object", False),
    "teams_names_list.json": ("teams.names: must be an object", False),
    "turn_1e18.json": ("turn: must be an integer 1 to", False),
    "turn_not_replayed.json": ("header's turn 2 is not the replayed game's 3", True),
    "unknown_key.json": ("extra: unknown key", False),
    "embedded_team_name.json": ('(embedded map): team_names["2"]: 100,000 characters', False),
    "empty.json": ("not JSON (corrupt or truncated)", False),
    "not_utf8.json": ("not valid UTF-8", False),
    "utf16.json": ("byte 0: not valid UTF-8", False),
    "v2_signed.json": (ACCEPTED, False),
    "v2_tile_changed.json": ("changed after it was saved", True),
    "v2_no_digest.json": ("digest: missing (required from save version 2)", False),
    "v2_digest_not_hex.json": ("digest: must be 64 lowercase hex", False),
    "v2_nul_in_player_name.json": ("teams.names.1: character 2 is U+0000", False),
    "v2_nul_in_team_name.json": ('(embedded map): team_names["2"]: character 2 is U+0000', False),
}
MESSAGE_LIMIT = 500


def snapshot(path: Path) -> tuple[bytes, int]:
    return path.read_bytes(), path.stat().st_mtime_ns


def check_refusal(message: str, path: Path, words: str) -> None:
    assert os.fspath(path) in message
    assert words in message
    assert "\n" not in message and len(message) < MESSAGE_LIMIT


def test_the_corpus_is_covered_exactly():
    assert {p.name for p in (CORPUS / "maps").iterdir()} == set(MAPS)
    assert {p.name for p in (CORPUS / "saves").iterdir()} == set(SAVES)


@pytest.mark.parametrize("name", sorted(MAPS))
def test_each_hostile_map_is_refused_in_one_line_and_left_untouched(name):
    path = CORPUS / "maps" / name
    before = snapshot(path)
    if MAPS[name] is ACCEPTED:
        assert load_map(path).rows > 0
    else:
        with pytest.raises(MapError) as err:
            load_map(path)
        check_refusal(str(err.value), path, MAPS[name])
    assert snapshot(path) == before


@pytest.mark.parametrize("name", sorted(SAVES))
def test_each_hostile_save_is_refused_in_one_line_and_left_untouched(name):
    path = CORPUS / "saves" / name
    words, mismatch = SAVES[name]
    before = snapshot(path)
    if words is ACCEPTED:
        assert saves.load_save(path).game.turn >= 1
    else:
        with pytest.raises(saves.SaveError) as err:
            saves.load_save(path)
        check_refusal(str(err.value), path, words)
        assert isinstance(err.value, saves.ReplayMismatch) == mismatch
    assert snapshot(path) == before


@pytest.mark.parametrize("name", sorted(SAVES))
def test_replay_verify_exits_2_for_unreadable_and_1_only_for_a_mismatch(name, capsys):
    words, mismatch = SAVES[name]
    status = main(["replay", str(CORPUS / "saves" / name), "--verify"])
    assert status == (0 if words is ACCEPTED else 1 if mismatch else 2)
    if words is not ACCEPTED:
        assert capsys.readouterr().err.count("\n") == 1


def test_the_saves_list_shows_each_hostile_save_as_unreadable(tmp_path):
    folder = tmp_path / "saves"
    folder.mkdir()
    for path in (CORPUS / "saves").iterdir():
        (folder / path.name).write_bytes(path.read_bytes())
    infos, problems = list_saves(folder)
    listed = {info.path.name for info in infos}
    # The list does not replay: a header that the replay contradicts is caught on load (the
    # digest of a version 2 save's file is checked as it is listed).
    assert listed == {"bom.json", "digest_mismatch.json", "scores_not_replayed.json",
                      "turn_not_replayed.json", "v2_signed.json"}
    assert len(problems) == len(SAVES) - len(listed)
    assert all(info.turn < 100 for info in infos)


@pytest.mark.parametrize("name", sorted(n for n, words in MAPS.items() if words))
def test_the_chooser_and_the_editor_refuse_each_hostile_map(name):
    path = CORPUS / "maps" / name
    entry = load_entry(path)
    assert entry.gm is None and MAPS[name] in entry.error
    with pytest.raises(MapError, match="^" + str(path).replace(".", r"\.")):
        read_map(path)


COMMANDS = {
    "laser-flag": lambda path: main(["--map", path]),
    "laser-flag-rolls": lambda path: rolls.main(["--map", path]),
    "laser-flag-balance": lambda path: balance.main([path, "--games", "1"]),
}


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_every_command_refuses_every_hostile_map_in_one_line(command, capsys, monkeypatch):
    monkeypatch.setattr(lab_executors, "play", lambda *_: pytest.fail("a game was played"))
    for name, words in sorted(MAPS.items()):
        if words is ACCEPTED:
            continue  # the client would open its window on it
        path = CORPUS / "maps" / name
        assert COMMANDS[command](str(path)) == 2, name
        out, err = capsys.readouterr()
        assert not out and err.count("\n") == 1 and err.startswith(command), err
        assert "Traceback" not in err and len(err) < MESSAGE_LIMIT and str(path) in err
        assert words in err, err


def test_the_client_refuses_a_hostile_map_in_one_line(capsys):
    path = CORPUS / "maps" / "speed_1e12.json"
    assert main(["--map", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "must be 0 to 99" in err


def finishes(call: Callable[[], object], seconds: float = 30) -> BaseException | None:
    """Run `call` in a thread and return what it raised; fail if it is still running."""
    raised: list[BaseException] = []

    def target() -> None:
        try:
            call()
        except BaseException as err:  # handed back to the test
            raised.append(err)

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), "the reader blocked"
    return raised[0] if raised else None


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are a POSIX thing")
def test_a_fifo_or_a_folder_is_refused_at_once_never_read(tmp_path):
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    folder = tmp_path / "folder.json"
    folder.mkdir()
    for path in (fifo, folder):
        err = finishes(lambda p=path: load_map(p))
        assert isinstance(err, MapError) and "not a regular file" in str(err)
        err = finishes(lambda p=path: saves.load_save(p))
        assert isinstance(err, saves.SaveError) and "not a regular file" in str(err)
    infos, problems = list_saves(tmp_path)
    assert infos == [] and len(problems) == 2


def test_a_file_over_the_cap_is_refused_before_parsing(tmp_path):
    path = tmp_path / "big.json"
    path.write_bytes(b" " * (8 * 1024 * 1024 + 1))
    with pytest.raises(saves.SaveError, match="larger than 8 MiB"):
        saves.load_save(path)
