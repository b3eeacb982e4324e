"""The bundled maps' LOS answers ship with the game: present for every bundled map, exactly what
a fresh build gives, read without building or writing anything, and carried by the wheel."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from laser_flag import sight_files
from laser_flag.engine import los, sight
from laser_flag.engine.los import Visibility
from laser_flag.engine.mapfile import load_map
from laser_flag.tools.ship_sight import bundled_walls

ROOT = Path(__file__).resolve().parents[1]
REMAKE = "run .venv/bin/python -m laser_flag.tools.ship_sight"
WALLS = bundled_walls()


def shipped(digest: str) -> list[int]:
    return sight_files.read(sight_files.SHIPPED / sight_files.file_name(digest), digest)


def test_every_bundled_map_has_its_answers_and_nothing_else_is_shipped():
    names = {p.name for p in sight_files.SHIPPED.glob("*.json")}
    assert names == {sight_files.file_name(d) for d in WALLS}, REMAKE


@pytest.mark.parametrize("digest", sorted(WALLS))
def test_the_shipped_answers_are_a_fresh_builds(digest):
    assert shipped(digest) == Visibility(WALLS[digest]).bitsets(), REMAKE


def test_a_bundled_map_is_read_from_them_without_building_or_writing(monkeypatch, tmp_path):
    monkeypatch.setenv("LASER_FLAG_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(sight, "_installed", [sight_files.SightFiles()])

    def no_building(*_args):
        raise AssertionError("built although the game ships the answers")

    monkeypatch.setattr(los, "_seen_bitsets", no_building)
    vis = load_map(ROOT / "maps" / "gridlock.json").visibility
    assert vis.visible_from((10, 10))
    assert not any(tmp_path.rglob("*.json"))


def test_a_damaged_shipped_file_is_refused_and_the_answers_built(tmp_path):
    digest, tiles = next(iter(WALLS.items()))
    name = sight_files.file_name(digest)
    (tmp_path / name).write_text((sight_files.SHIPPED / name).read_text()[:-40])
    store = sight_files.SightFiles(tmp_path / "data", shipped=tmp_path)
    assert sight.visibility(tiles, store).bitsets() == Visibility(tiles).bitsets()
    assert (tmp_path / "data" / name).is_file()  # built, then kept in the data folder


def test_the_wheel_carries_them():
    setuptools = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]
    assert "sight/*.json" in setuptools["setuptools"]["package-data"]["laser_flag"]
