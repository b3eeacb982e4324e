"""laser_flag.env as PettingZoo checks any environment: its API test and its seed test."""

from __future__ import annotations

import pytest
from pettingzoo.test import api_test, seed_test

from laser_flag.env import env

from ..purity import ui_libraries_loaded_by
from ..test_layers import imported_modules
from .conftest import ROOT


@pytest.mark.parametrize("fog", [False, True])
def test_pettingzoo_api_test_passes(fog):
    api_test(env(map="crossfire", fog=fog), num_cycles=300)


@pytest.mark.parametrize("fog", [False, True])
def test_pettingzoo_seed_test_passes(fog):
    seed_test(lambda: env(map="duel", fog=fog), num_cycles=300)


def test_the_environment_loads_no_ui_library():
    assert ui_libraries_loaded_by("laser_flag.env") == []


def test_the_environment_stands_on_the_engine_alone():
    """Besides the bundled maps' folder, it reads nothing of the project but the engine."""
    project = {m for m in imported_modules(ROOT / "laser_flag/env.py") if m.startswith("laser_")}
    assert "laser_flag.engine.team_view" in project
    assert {m for m in project if not m.startswith("laser_flag.engine")} <= {
        "laser_flag.resources", "laser_flag.resources.bundled_maps"}  # (a name in it)
