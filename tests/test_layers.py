"""Who may import whom: the board package is shared, so it reaches into neither screen layer."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from .import_graph import ROOT, imported, module_name, syntax


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
    ],
)
def test_package_does_not_import_the_other_screens(package, forbidden):
    assert reaches(package, forbidden) == []


def test_the_scan_sees_relative_and_absolute_imports():
    draw = imported_modules(ROOT / "laser_flag/board/draw.py")
    assert {"laser_flag.board.art", "laser_flag.engine.game_map", "pygame"} <= draw
    render = imported_modules(ROOT / "map_editor/render.py")
    assert "laser_flag.board.draw" in render
