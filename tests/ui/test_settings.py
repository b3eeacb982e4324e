"""Settings that last: each value checked on the way in, every change written, bad files aside."""

from __future__ import annotations

import json
import os
import stat
import tempfile
import threading
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from laser_flag.settings_file import read_values, write_values
from laser_flag.sound.volumes import Volumes
from laser_flag.ui.settings import (
    DEFAULT_SIZE,
    FILE_NAMES,
    MAX_MAPS,
    MAX_SERVERS,
    Settings,
    from_values,
    load_settings,
)

GOOD = {
    "animation_speed": "Fast",
    "alternate_palette": True,
    "fullscreen": True,
    "muted": True,
    "confirm_end_turn": False,
    "window_size": [1024, 700],
    "players": {"1": "Human", "2": "Hard"},
    "players_by_map": {"duel.json": {"1": "Easy", "2": "Human"}},
    "tutorial_done": True,
    "lessons_done": ["basics", "grunt"],
    "volumes": {"master": 80, "music": 0, "effects": 45},
    "theme": "Daylight",
    "board_coordinates": False,
    "dim_unseen_tiles": False,
    "pause_after_roll": True,
    "language": "de",
    "server_address": "tls://games.example.org:7531",
    "server_fingerprints": {"tls://games.example.org:7531": "", "tls://10.0.0.7:7531": "AB:CD:EF:"
                            "01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:"
                            "EF:01:23:45:67:89"},
}


def test_good_values_read_back_as_written():
    settings, problems = from_values(GOOD)
    assert problems == []
    assert settings.speed_label == "Fast" and settings.alternate_palette and settings.fullscreen
    assert settings.window_size == (1024, 700) and settings.muted and settings.tutorial_done
    assert settings.lesson_done("grunt") and not settings.lesson_done("fog")
    assert settings.theme.name == "Daylight" and not settings.coordinates
    assert not settings.dim_unseen and settings.pause_after_roll and settings.language == "de"
    assert settings.volumes() == Volumes(master=0.8, music=0.0, effects=0.45, muted=True)
    assert settings.to_values() == GOOD


def test_unknown_names_are_ignored():
    settings, problems = from_values({"volume": 3, "themes": {"x": [1]}, "fullscreen": True})
    assert problems == [] and settings.fullscreen


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("animation_speed", "Ludicrous"),
        ("animation_speed", 2),
        ("alternate_palette", 1),
        ("alternate_palette", "yes"),
        ("fullscreen", None),
        ("confirm_end_turn", "no"),
        ("window_size", [10**30, 700]),
        ("window_size", [100, 100]),
        ("window_size", [1024.0, 700]),
        ("window_size", [True, 700]),
        ("window_size", [1024, 700, 3]),
        ("window_size", "1024x700"),
        ("players", {"1": "Hard"}),
        ("players", {"1": "Hard", "2": "Godlike"}),
        ("players", {"1": "Hard", "2": ["Hard"]}),
        ("players", [["1", "Hard"], ["2", "Easy"]]),
        ("players_by_map", {"duel.json": {"1": "Hard", "2": 5}}),
        ("players_by_map", {"": {"1": "Hard", "2": "Hard"}}),
        ("players_by_map", {f"m{i}.json": dict(GOOD["players"]) for i in range(MAX_MAPS + 1)}),
        ("players_by_map", [[[[[]]]]]),
        ("tutorial_done", "yes"),
        ("server_address", 7531),
        ("server_address", "x" * 101),
        ("server_fingerprints", ["AB:CD"]),
        ("server_fingerprints", {"10.0.0.7": "A" * 101}),
        ("server_fingerprints", {"10.0.0.7": "AB\nCD"}),
        ("server_fingerprints", {"x" * 101: ""}),
        ("server_fingerprints", {"10.0.0.7": 5}),
        ("server_fingerprints", {f"10.0.0.{i}": "" for i in range(MAX_SERVERS + 1)}),
        ("lessons_done", "basics"),
        ("lessons_done", ["basics", 7]),
        ("lessons_done", [""]),
        ("lessons_done", ["x"] * 65),
        ("volumes", {"master": 80, "music": 60}),
        ("volumes", {"master": 101, "music": 60, "effects": 100}),
        ("volumes", {"master": -1, "music": 60, "effects": 100}),
        ("volumes", {"master": 0.5, "music": 60, "effects": 100}),
        ("volumes", {"master": True, "music": 60, "effects": 100}),
        ("volumes", {"master": 50, "music": 60, "effects": 100, "voice": 9}),
        ("volumes", 70),
        ("theme", "Neon"),
        ("theme", "arena"),
        ("theme", None),
        ("board_coordinates", "shown"),
        ("dim_unseen_tiles", 1),
        ("pause_after_roll", "yes"),
        ("language", "klingon"),
        ("language", None),
    ],
)
def test_a_bad_value_is_named_and_left_at_its_default(name, value):
    settings, problems = from_values({**GOOD, name: value})
    assert len(problems) == 1 and problems[0].startswith(repr(name))
    defaults, good = Settings().to_values(), dict(GOOD)
    good[name] = defaults[name]
    assert settings.to_values() == good


def test_players_per_map_fall_back_to_the_last_chosen():
    settings = Settings()
    settings.cycle_level("duel.json", "2")  # Easy on duel
    assert settings.levels_for("duel.json") == {"1": "Human", "2": "Easy"}
    assert settings.levels_for("blitz.json") == {"1": "Human", "2": "Easy"}  # the last pair
    settings.cycle_level("blitz.json", "1", step=-1)  # Hard on blitz
    assert settings.levels_for("blitz.json") == {"1": "Hard", "2": "Easy"}
    assert settings.levels_for("duel.json") == {"1": "Human", "2": "Easy"}  # its own pair


def test_only_the_latest_maps_are_remembered():
    settings = Settings()
    for i in range(MAX_MAPS + 5):
        settings.cycle_level(f"m{i}.json", "1")
    assert len(settings.map_levels) == MAX_MAPS
    assert "m0.json" not in settings.map_levels and f"m{MAX_MAPS + 4}.json" in settings.map_levels


def test_only_the_latest_servers_are_remembered_each_with_its_fingerprint(tmp_path):
    path = tmp_path / "settings.json"
    settings = load_settings(path)
    for i in range(MAX_SERVERS + 5):
        settings.use_server(f"10.0.0.{i}", f"PIN{i}")
    settings.use_server("10.0.0.6", "")  # used again: the latest, its fingerprint taken away
    pins = read_values(path)["server_fingerprints"]
    assert len(pins) == MAX_SERVERS and "10.0.0.4" not in pins and "10.0.0.5" in pins
    assert list(pins)[-2:] == [f"10.0.0.{MAX_SERVERS + 4}", "10.0.0.6"] and pins["10.0.0.6"] == ""
    assert read_values(path)["server_address"] == "10.0.0.6"


def test_every_change_is_written_to_the_store(tmp_path):
    path = tmp_path / "settings.json"
    settings = load_settings(path)
    assert not path.exists()  # nothing changed yet
    settings.cycle_speed()
    assert read_values(path)["animation_speed"] == "Fast"
    settings.toggle_palette()
    settings.cycle_level("duel.json", "1")
    settings.remember_window((900, 650), fullscreen=True)
    settings.set_volume("music", 35)
    settings.cycle_theme()
    settings.flip("coordinates")
    assert read_values(path)["volumes"]["music"] == 35 and read_values(path)["theme"] == "Daylight"
    again = load_settings(path)
    assert again == settings and again.notice is None


def test_a_volume_stays_within_0_and_100_and_is_written_only_when_it_changes(tmp_path):
    path = tmp_path / "settings.json"
    settings = load_settings(path)
    settings.set_volume("effects", 130)
    assert not path.exists()  # already at 100: nothing changed, nothing written
    settings.set_volume("master", -20)
    assert settings.volumes_percent == {"master": 0, "music": 60, "effects": 100}
    assert read_values(path)["volumes"]["master"] == 0


def test_a_settings_object_without_a_store_writes_nothing(data_dir):
    Settings().cycle_speed()
    assert not data_dir.exists()


def test_a_corrupt_file_gives_defaults_is_kept_as_bad_and_says_so(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text('{"format": "laser-flag-settings", "ver', encoding="utf-8")
    settings = load_settings(path)
    assert settings == Settings()
    assert (tmp_path / "settings.json.bad").read_text(encoding="utf-8").endswith('"ver')
    assert not path.exists()
    notice = settings.take_notice()
    assert "settings.json: not JSON" in notice and "settings.json.bad" in notice
    assert "\n" not in notice and settings.take_notice() is None  # said once


def test_a_bad_value_keeps_the_good_ones_and_the_file_aside(tmp_path):
    path = tmp_path / "settings.json"
    write_values(path, {**GOOD, "window_size": [1, 1], "fullscreen": "yes"})
    settings = load_settings(path)
    # the file's language is spoken from then on: the speed's name is German
    assert settings.speed_label == "Schnell" and settings.window_size == DEFAULT_SIZE
    assert not settings.fullscreen
    assert "(and 1 more)" in settings.notice
    kept = json.loads((tmp_path / "settings.json.bad").read_text(encoding="utf-8"))
    assert kept["settings"]["fullscreen"] == "yes"


def test_a_failed_write_becomes_a_notice(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    settings = load_settings(tmp_path / "settings.json")
    settings.store = blocker / "settings.json"  # its folder cannot be made
    settings.toggle_palette()
    assert settings.alternate_palette
    assert "Settings not saved" in settings.take_notice()


# ----- any value of any type: never a crash, a bad file always moved aside ---------------------

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner,
                                                                max_size=3),
    max_leaves=12,
)


@pytest.mark.parametrize(("name", "value"), [("theme", ["Arena"]), ("theme", {"a": 1}),
                                             ("animation_speed", ["Fast"]),
                                             ("players", {"1": ["Hard"], "2": "Easy"})])
def test_a_list_or_an_object_where_a_name_goes_is_a_bad_value_not_a_crash(tmp_path, name,
                                                                          value):
    """A list as "theme" once stopped the client from ever starting (unhashable type)."""
    path = tmp_path / "settings.json"
    write_values(path, {**GOOD, name: value})
    settings = load_settings(path)
    assert settings.notice.startswith(f"settings.json: {name!r} must be one of")
    assert (tmp_path / "settings.json.bad").is_file() and not path.exists()


@pytest.mark.slow  # hundreds of generated examples
@hypothesis_settings(max_examples=300, deadline=None)
@given(values=st.dictionaries(st.sampled_from(sorted(FILE_NAMES)) | st.text(max_size=6), JSON,
                              max_size=6))
def test_any_values_load_as_valid_settings_and_a_bad_file_is_moved_aside(values):
    """Every value of any JSON type: the client starts, each good value is taken, each bad one
    left at its default, and a file with any bad value is kept aside as settings.json.bad."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "settings.json"
        write_values(path, values)
        loaded = load_settings(path)
        bad = [name for name in FILE_NAMES if name in values and not _reads(name, values[name])]
        assert (Path(folder) / "settings.json.bad").is_file() == bool(bad)
        assert path.exists() == (not bad) and (loaded.notice is not None) == bool(bad)
        for name, way in FILE_NAMES.items():
            taken = name in values and name not in bad
            expected = way.read(values[name]) if taken else getattr(Settings(), way.attribute)
            assert getattr(loaded, way.attribute) == expected
        loaded.save()  # what it holds is written back whole and reads back the same
        assert from_values(read_values(path)) == (loaded, [])
        assert loaded.theme.name == loaded.theme_name and loaded.volumes().master <= 1


def _reads(name: str, value: object) -> bool:
    try:
        FILE_NAMES[name].read(value)
    except ValueError:
        return False
    return True


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are a POSIX thing")
def test_a_fifo_as_settings_json_is_refused_at_once_and_moved_aside(tmp_path):
    path = tmp_path / "settings.json"
    os.mkfifo(path)
    done: list[Settings] = []
    reader = threading.Thread(target=lambda: done.append(load_settings(path)), daemon=True)
    reader.start()
    reader.join(10)
    assert done, "reading settings.json waited on a pipe"
    assert "not a regular file" in done[0].notice
    assert stat.S_ISFIFO(os.lstat(tmp_path / "settings.json.bad").st_mode)
