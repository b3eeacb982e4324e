"""`laser-flag --version`, `--list-maps` and `--map NAME`: one version, the menu's maps by name."""

from __future__ import annotations

import json

import pytest

from laser_flag import __version__
from laser_flag.app import main, parse_args
from laser_flag.engine import load_map
from laser_flag.lab import badge
from laser_flag.resources import bundled_maps, readable_map
from laser_flag.tools import balance, rolls
from map_editor import app as editor_app

BUNDLED = sorted(p.stem for p in bundled_maps().glob("*.json"))


def test_version_prints_the_package_version(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out.strip() == f"laser-flag {__version__}"


def test_list_maps_prints_every_bundled_map_with_its_facts(capsys):
    assert main(["--list-maps"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["name", "file", "size", "mode", "limits", "badge"]
    files = [line.split()[1] for line in lines[1:]]
    assert sorted(files) == [f"{stem}.json" for stem in BUNDLED]
    duel = next(line for line in lines if "duel.json" in line)
    assert duel.split()[:8] == ["Duel", "duel.json", "11x11", "Elimination", "score", "4/4,",
                                "40", "rounds"]


def test_map_accepts_a_bundled_name_as_well_as_a_path(tmp_path):
    assert parse_args(["--map", "duel"]).map == bundled_maps() / "duel.json"
    own = tmp_path / "duel"  # a file of that name wins over the bundled map
    own.write_text("{}", encoding="utf-8")
    assert parse_args(["--map", str(own)]).map == own


def test_an_unknown_map_name_is_one_line_naming_the_bundled_ones(capsys):
    assert main(["--map", "nosuch"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "'nosuch'" in err and "duel" in err and "Traceback" not in err


def test_readable_map_refuses_a_broken_file_naming_it_and_the_place(tmp_path):
    assert readable_map("duel") == bundled_maps() / "duel.json"
    broken = tmp_path / "broken.json"
    broken.write_text('{"tiles": [', encoding="utf-8")
    with pytest.raises(ValueError, match=r"broken\.json.*line 1"):
        readable_map(str(broken))
    with pytest.raises(ValueError, match="no map file 'nosuch'"):
        readable_map("nosuch")


def test_help_names_the_replay_command(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "laser-flag replay" in capsys.readouterr().out


def own_map(data_dir, stem: str, name: str):
    """A copy of the bundled duel saved in the player's maps folder as `stem`.json."""
    folder = data_dir / "maps"
    folder.mkdir(parents=True, exist_ok=True)
    data = json.loads((bundled_maps() / "duel.json").read_text(encoding="utf-8"))
    path = folder / f"{stem}.json"
    path.write_text(json.dumps(dict(data, name=name)), encoding="utf-8")
    return path


def test_list_maps_prints_the_players_maps_after_the_bundled_ones_marked(data_dir, capsys):
    own_map(data_dir, "mine", "Mine")
    (data_dir / "maps" / "broken.json").write_text("{", encoding="utf-8")
    assert main(["--list-maps"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[1] for line in lines[-2:]] == ["broken.json", "mine.json"]
    assert "cannot load" in lines[-2]
    assert all(line.endswith("[yours]") for line in lines[-2:])
    assert not any("[yours]" in line for line in lines[:-2])


def test_map_finds_a_players_map_by_name_after_the_bundled_ones(data_dir):
    mine = own_map(data_dir, "mine", "Mine")
    own_map(data_dir, "duel", "My duel")
    assert parse_args(["--map", "mine"]).map == mine
    assert parse_args(["--map", "duel"]).map == bundled_maps() / "duel.json"  # bundled first


def test_a_bad_replay_option_is_one_line_naming_the_command(capsys):
    assert main(["replay", "--nosuch"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("laser-flag replay: error: ")


def test_list_maps_prints_each_maps_badge(data_dir, capsys):
    mine = own_map(data_dir, "mine", "Mine")
    assert balance.main([str(mine), "--badge", "--bots", "rusher,rusher", "--games", "2"]) == 0
    stale = own_map(data_dir, "stale", "Stale")
    edited = json.loads(mine.read_text(encoding="utf-8"))
    edited["score_limit"] = {"1": 9, "2": 9}
    stale.write_text(json.dumps(edited), encoding="utf-8")
    capsys.readouterr()
    assert main(["--list-maps"]) == 0
    lines = capsys.readouterr().out.splitlines()
    expected = badge.status(load_map(mine)).text
    assert next(line for line in lines if "mine.json" in line).endswith(f"{expected}  [yours]")
    assert "changed since measured" in next(line for line in lines if "stale.json" in line)


def test_every_tool_takes_a_maps_name_as_the_game_does(data_dir, capsys):
    mine = own_map(data_dir, "mine", "Mine")
    duel = bundled_maps() / "duel.json"
    assert balance.main(["duel", "mine", "--bots", "rusher,rusher", "--games", "2"]) == 0
    table = capsys.readouterr().out
    assert f"{duel}  " in table and f"{mine}  " in table  # a row each, named by its file
    assert rolls.main(["--map", "duel"]) == 0
    assert f"map rules from {duel}" in capsys.readouterr().out
    assert editor_app.parse_args(["duel"]).file == duel
    assert editor_app.parse_args(["mine"]).file == mine


@pytest.mark.parametrize(("tool", "argv"), [
    (balance.main, ["nosuch"]),
    (rolls.main, ["--map", "nosuch"]),
    (editor_app.main, ["nosuch"]),
])
def test_every_tool_refuses_an_unknown_name_in_one_line_naming_the_maps(tool, argv, capsys):
    assert tool(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "no map file 'nosuch', and no map of that name" in err and "duel" in err
