import json
import os

import pytest

from laser_flag.engine.game_map import LEVEL
from laser_flag.engine.mapfile import MapError, load_map
from laser_flag.resources import bundled_maps
from map_editor.storage import (
    backup_path,
    copy_path,
    is_bundled,
    new_map_data,
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


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are a POSIX thing")
def test_saving_over_a_pipe_neither_waits_on_it_nor_replaces_it(tmp_path):
    """The old file is read for its .bak through the bounded reader: open() would wait."""
    path = tmp_path / "pipe.json"
    os.mkfifo(path)
    with pytest.raises(OSError, match="not a regular file"):
        write_map(blank().data, path)
    assert os.path.exists(path) and not os.path.isfile(path)
    assert not backup_path(path).exists()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are a POSIX thing")
def test_the_start_search_refuses_a_pipe_at_once(tmp_path, capsys):
    from map_editor import start_search

    path = tmp_path / "pipe.json"
    os.mkfifo(path)
    assert start_search.main([str(path)]) == 2
    assert "not a regular file" in capsys.readouterr().err
