import json
import os

import pytest

from laser_flag.engine.game_map import LEVEL, WALL
from laser_flag.engine.mapfile import MapError, load_map
from laser_flag.resources import bundled_maps
from map_editor.storage import (
    MAX_STEM_BYTES,
    backup_path,
    copy_path,
    file_stem,
    is_bundled,
    maps_folder,
    new_map_data,
    new_side,
    proposed_path,
    read_map,
    save_folder,
    write_map,
)

from .helpers import blank


@pytest.mark.parametrize(("rows", "cols"), [(11, 11), (21, 21), (11, 21), (17, 12)])
def test_new_maps_are_all_floor_without_units(rows, cols):
    data = new_map_data(rows, cols)
    assert len(data["tiles"]) == rows and {len(r) for r in data["tiles"]} == {cols}
    assert {t for row in data["tiles"] for t in row} == {LEVEL}
    assert data["units"] == []


@pytest.mark.parametrize(("rows", "cols"), [(10, 11), (11, 22), (5, 5)])
def test_new_map_sizes_outside_11_to_21_are_refused(rows, cols):
    with pytest.raises(ValueError):
        new_map_data(rows, cols)


def test_save_keeps_the_previous_version_as_bak(tmp_path):
    path = tmp_path / "m.json"
    first = blank(units=[["1", "basic", 0, 0]]).data
    write_map(first, path)
    assert not backup_path(path).exists()
    old_bytes = path.read_bytes()
    second = {**first, "name": "Second"}
    write_map(second, path)
    assert backup_path(path).name == "m.json.bak"
    assert backup_path(path).read_bytes() == old_bytes
    assert load_map(path).name == "Second"


def test_an_invalid_map_writes_nothing(tmp_path):
    path = tmp_path / "m.json"
    path.write_text('{"keep": "me"}')
    bad = blank(units=[["1", "basic", 0, 0], ["2", "basic", 0, 0]]).data
    with pytest.raises(MapError, match="units\\[1\\]"):
        write_map(bad, path)
    assert path.read_text() == '{"keep": "me"}'
    assert sorted(os.listdir(tmp_path)) == ["m.json"]


def test_read_keeps_unknown_keys_and_refuses_bad_files(tmp_path):
    path = tmp_path / "m.json"
    path.write_text(json.dumps({**blank().data, "future_key": {"x": 1}}))
    assert read_map(path)["future_key"] == {"x": 1}
    path.write_text("not json")
    with pytest.raises(MapError):
        read_map(path)


def test_the_first_bak_of_a_private_map_is_as_private(tmp_path):
    path = tmp_path / "m.json"
    data = blank(units=[["1", "basic", 0, 0]]).data
    write_map(data, path)
    path.chmod(0o600)
    write_map(data, path)
    assert backup_path(path).stat().st_mode & 0o777 == 0o600
    assert path.stat().st_mode & 0o777 == 0o600


def test_saving_through_a_symlink_writes_its_target_and_keeps_the_link(tmp_path):
    real, link = tmp_path / "real.json", tmp_path / "link.json"
    write_map(blank(units=[["1", "basic", 0, 0]]).data, real)
    link.symlink_to(real)
    changed = blank(units=[["1", "basic", 1, 1]]).data
    write_map(changed, link)
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert json.loads(real.read_text())["units"] == changed["units"]


def test_bundled_maps_and_templates_are_known_as_bundled(tmp_path):
    assert is_bundled(bundled_maps() / "duel.json")
    assert is_bundled(bundled_maps() / "templates" / "empty_21x21.json")
    assert not is_bundled(tmp_path / "duel.json")


def test_a_bundled_maps_copy_goes_to_the_players_folder_under_a_free_name(data_dir):
    duel = bundled_maps() / "duel.json"
    assert copy_path(duel) == data_dir / "maps" / "duel.json"  # the folder is made on demand
    assert (data_dir / "maps").is_dir()
    (data_dir / "maps" / "duel.json").write_text("{}", encoding="utf-8")
    (data_dir / "maps" / "duel-2.json").write_text("{}", encoding="utf-8")
    assert copy_path(duel) == data_dir / "maps" / "duel-3.json"  # never over an earlier copy


def test_save_as_starts_in_the_players_folder_unless_the_map_has_its_own(data_dir, tmp_path):
    assert save_folder(None) == data_dir / "maps"
    assert save_folder(bundled_maps() / "duel.json") == data_dir / "maps"
    assert save_folder(tmp_path / "elsewhere" / "m.json") == tmp_path / "elsewhere"


def test_read_opens_a_map_whose_units_stand_where_none_may_so_it_can_be_mended(tmp_path):
    path = tmp_path / "m.json"
    data = blank(units=[["1", "basic", 0, 0], ["2", "basic", 4, 7], ["2", "scout", 0, 0]]).data
    data["tiles"][4][7] = WALL
    path.write_text(json.dumps(data))
    before = path.read_bytes()
    assert read_map(path) == data
    with pytest.raises(MapError, match="units\\[1\\]: \\(4, 7\\) is a wall"):
        write_map(data, path)  # saving still refuses it, and writes nothing
    assert path.read_bytes() == before


def test_read_refuses_a_map_it_could_not_show(tmp_path):
    path = tmp_path / "m.json"
    for bad in ({**blank().data, "score_limit": {"1": 0}}, [1, 2], {**blank().data, "units": 3}):
        path.write_text(json.dumps(bad))
        with pytest.raises(MapError, match=f"^{path}: "):
            read_map(path)


@pytest.mark.parametrize(("name", "stem"), [
    ("Twin Peaks", "twin_peaks"), ("Duel II: the Return!", "duel_ii_the_return"),
    ("../../etc/passwd", "etc_passwd"), ("C:\\maps\\x", "c_maps_x"), ("...", ""),
    ("Crème Brûlée", "crème_brûlée"), ("e\u0301te", "\u00e9te"), ("CON", "con_map"),
    ("nul", "nul_map"), ("a\x00b\nc", "a_b_c"), ("  -x-  ", "x"), ("", ""),
])
def test_a_maps_name_becomes_a_file_name_any_system_takes(name, stem):
    assert file_stem(name) == stem


def test_a_long_name_is_cut_between_characters_within_the_byte_bound():
    for name in ("x" * 500, "地図" * 200, "é" * 300):
        stem = file_stem(name)
        assert 0 < len(stem.encode()) <= MAX_STEM_BYTES
        assert name.startswith(stem)


def test_save_as_proposes_the_name_in_the_players_folder_numbered_when_taken():
    data = {**blank().data, "name": "Twin Peaks"}
    assert proposed_path(data, None) == maps_folder() / "twin_peaks.json"
    (maps_folder() / "twin_peaks.json").write_text("{}")
    (maps_folder() / "twin_peaks-2.json").write_text("{}")
    assert proposed_path(data, None) == maps_folder() / "twin_peaks-3.json"
    bundled = bundled_maps() / "duel.json"
    assert proposed_path({**data, "name": ""}, bundled) == maps_folder() / "duel.json"
    assert proposed_path({**data, "name": ""}, None) == maps_folder() / "untitled.json"


def test_save_as_proposes_the_maps_own_file_or_its_folder(tmp_path):
    own = tmp_path / "twin_peaks.json"
    own.write_text("{}")
    data = {**blank().data, "name": "Twin Peaks"}
    assert proposed_path(data, own) == own  # the file it came from: saving over it is fine
    assert proposed_path({**data, "name": "Valley"}, own) == tmp_path / "valley.json"
    assert proposed_path({**data, "name": ""}, tmp_path / "old.txt") == tmp_path / "old.json"


def test_typed_sides_of_a_new_map():
    assert new_side(" 13 ", "Rows") == 13
    for bad in ("9", "22", "", "abc", "1.5", "²", "-11", "١٢"):
        with pytest.raises(ValueError, match="Rows: type a whole number from 11 to 21"):
            new_side(bad, "Rows")
