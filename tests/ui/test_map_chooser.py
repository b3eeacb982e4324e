"""The menu's models without a window: the chooser (maps, the chosen one, its players and fog)
and "Measure here" as the app holds it; neither loads pygame."""

from __future__ import annotations

import json

from laser_flag.engine.mapfile import load_map
from laser_flag.lab import new_plan
from laser_flag.lab.here import MeasureHere
from laser_flag.ui.measuring import Measuring
from laser_flag.ui.menu.map_catalog import catalog, load_entry
from laser_flag.ui.menu.map_chooser import MapChooser
from laser_flag.ui.settings import Settings
from tests.lab.lopsided import lopsided_data
from tests.purity import ui_libraries_loaded_by
from tests.waits import wait_until

from .conftest import SMALL_MAP


def test_the_menus_models_load_no_ui_library():
    models = ("laser_flag.ui.menu.map_chooser", "laser_flag.ui.measuring")
    assert ui_libraries_loaded_by(*models) == []


def _chooser(tmp_path) -> MapChooser:
    for name, fog in (("a", False), ("b", True)):
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps({**SMALL_MAP, "fog_of_war": fog}), encoding="utf-8")
    return MapChooser(catalog(tmp_path, tmp_path / "none"))


def test_stepping_goes_round_the_list_and_an_opened_file_is_chosen_once(tmp_path):
    chooser = _chooser(tmp_path)
    chooser.step(-1)
    assert chooser.entry.path.name == "b.json"
    chooser.step(1)
    assert chooser.entry.path.name == "a.json" and chooser.playable
    opened = load_entry(tmp_path / "b.json")
    chooser.add(opened)
    chooser.add(opened)
    assert [e.path.name for e in chooser.entries] == ["a.json", "b.json"]
    assert chooser.entry is opened


def test_fog_is_the_maps_then_the_launch_options_then_the_players(tmp_path):
    chooser = _chooser(tmp_path)
    assert chooser.fog(None) is False and not chooser.fog_is_chosen(None)
    assert chooser.fog(True) is True and chooser.fog_is_chosen(True)
    chooser.switch_fog(True)
    assert chooser.fog(None) is False and chooser.fog_is_chosen(None)
    chooser.step(1)
    assert chooser.fog(None) is True  # each map its own switch


def test_levels_are_the_settings_for_the_chosen_map_file(tmp_path):
    chooser, settings = _chooser(tmp_path), Settings()
    before = chooser.levels(settings)
    chooser.cycle_level(settings, "2", 1)
    assert chooser.levels(settings)["2"] != before["2"]
    assert chooser.levels(settings) == settings.levels_for("a.json")


def test_a_measuring_run_ends_with_what_it_found_and_a_stopped_one_keeps_nothing(tmp_path):
    path = tmp_path / "lopsided.json"
    path.write_text(json.dumps(lopsided_data()), encoding="utf-8")
    gm = load_map(path)
    measuring = Measuring()
    measuring.measure_here = lambda gm: MeasureHere(
        gm, plan=new_plan(gm, [("rusher", "rusher")], games=40, seed=1, sequential=True))
    assert measuring.follow() is None and not measuring.stop()
    measuring.start(gm, path)
    found: list[str] = []
    wait_until(lambda: found.append(measuring.follow() or "") or found[-1],
               "the measuring done", timeout=120)
    assert found[-1].startswith(f"{gm.name}: measured here: ")
    assert measuring.run is None and measuring.of(path) == ""
    measuring.start(gm, path)
    measuring.follow()
    assert measuring.of(path).startswith("Measuring here:") and measuring.of(tmp_path) == ""
    assert measuring.stop() and measuring.run is None
