"""The bundled maps' LOS answers ship with the engine: present for every bundled map, exactly what
a fresh build gives, read without building or writing anything, and carried by the wheel."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from laser_flag.engine import los, sight_cache
from laser_flag.engine.los import Visibility
from laser_flag.engine.mapfile import load_map
from laser_flag.tools.ship_sight import bundled_walls

ROOT = Path(__file__).resolve().parents[2]
REMAKE = "run .venv/bin/python -m laser_flag.tools.ship_sight"
WALLS = bundled_walls()


def shipped(digest: str, tiles) -> list[int]:
    rows, cols = len(tiles), len(tiles[0])
    path = sight_cache.SHIPPED / sight_cache.file_name(digest)
    return sight_cache.read(path, digest, rows * cols, Visibility.size(rows, cols))


def test_every_bundled_map_has_its_answers_and_nothing_else_is_shipped():
    names = {p.name for p in sight_cache.SHIPPED.glob("*.json")}
    assert names == {sight_cache.file_name(d) for d in WALLS}, REMAKE


@pytest.mark.parametrize("digest", sorted(WALLS))
def test_the_shipped_answers_are_a_fresh_builds(digest):
    tiles = WALLS[digest]
    assert shipped(digest, tiles) == Visibility(tiles).bitsets(), REMAKE


def test_a_bundled_map_is_read_from_them_without_building_or_writing(monkeypatch, tmp_path):
    monkeypatch.setenv("LASER_FLAG_DATA_DIR", str(tmp_path))

    def no_building(*_args):
        raise AssertionError("built although the engine ships the answers")

    monkeypatch.setattr(los, "_seen_bitsets", no_building)
    vis = load_map(ROOT / "maps" / "gridlock.json").visibility
    assert vis.visible_from((10, 10))
    assert not any(tmp_path.rglob("*.json"))


def test_a_damaged_shipped_file_is_refused_and_the_answers_built(monkeypatch, tmp_path):
    digest, tiles = next(iter(WALLS.items()))
    name = sight_cache.file_name(digest)
    (tmp_path / name).write_text((sight_cache.SHIPPED / name).read_text()[:-40])
    monkeypatch.setattr(sight_cache, "SHIPPED", tmp_path)
    monkeypatch.setenv("LASER_FLAG_DATA_DIR", str(tmp_path / "data"))
    assert sight_cache.visibility(tiles).bitsets() == Visibility(tiles).bitsets()
    assert sight_cache.cache_path(digest).is_file()  # built, then kept in the data folder


def test_the_wheel_carries_them():
    setuptools = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]
    assert "sight/*.json" in setuptools["setuptools"]["package-data"]["laser_flag.engine"]
