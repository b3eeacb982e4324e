"""Who may import whom: the board package is shared, so it reaches into neither screen layer;
the play model is a floor below the screens, so it draws nothing and reaches into none."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from .import_graph import ROOT, imported, module_name, syntax
from .purity import ui_libraries_loaded_by


def imported_modules(path: Path) -> set[str]:
    """Every module a source file imports, relative imports resolved, wherever they stand."""
    name, tree = module_name(path), syntax(path)
    return {target for node in ast.walk(tree) if isinstance(node, ast.Import | ast.ImportFrom)
            for target in imported(name, path, node)}


def reaches(package: str, forbidden: tuple[str, ...]) -> list[str]:
    """`file: module` for each import from `package` into one of the `forbidden` packages."""
    hits = []
    for path in sorted((ROOT / package.replace(".", "/")).rglob("*.py")):
        for name in sorted(imported_modules(path)):
            if any(name == f or name.startswith(f + ".") for f in forbidden):
                hits.append(f"{path.relative_to(ROOT)}: {name}")
    return hits


@pytest.mark.parametrize(
    ("package", "forbidden"),
    [
        ("map_editor", ("laser_flag.ui",)),
        ("laser_flag.board", ("laser_flag.ui", "map_editor")),
        ("laser_flag.ui", ("map_editor",)),
        ("laser_flag.remote", ("laser_flag.bots", "laser_flag.play", "laser_flag.ui")),
        ("laser_flag.bots", ("laser_flag.play", "laser_flag.ui")),
        ("laser_flag.play", ("laser_flag.ui", "map_editor", "pygame", "tkinter", "tktooltip")),
    ],
)
def test_package_does_not_import_the_other_screens(package, forbidden):
    assert reaches(package, forbidden) == []


def test_the_scan_sees_relative_and_absolute_imports():
    draw = imported_modules(ROOT / "laser_flag/board/draw.py")
    assert {"laser_flag.board.art", "laser_flag.engine.game_map", "pygame"} <= draw
    render = imported_modules(ROOT / "map_editor/render.py")
    assert "laser_flag.board.draw" in render


def test_the_play_model_loads_without_pygame():
    """Every module of the play floor, imported in a fresh interpreter, loads no UI library."""
    modules = sorted(module_name(path) for path in (ROOT / "laser_flag/play").rglob("*.py"))
    assert len(modules) > 20
    assert ui_libraries_loaded_by(*modules) == []
