"""The bots use only the engine's public API (what `laser_flag.engine` exports).

Circles and imports hidden in functions are checked over the whole tree in tests/test_imports.py.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import laser_flag.engine

from ..import_graph import ROOT, imported, module_name

BOTS = sorted((ROOT / "laser_flag" / "bots").glob("*.py"))
ENGINE = "laser_flag.engine"


def engine_internals(path: Path, source: str | None = None) -> list[str]:
    """The engine modules and names a bots file imports beyond `laser_flag.engine`'s exports."""
    name = module_name(path)
    found = []
    for node in ast.walk(ast.parse(path.read_text() if source is None else source)):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names if a.name.startswith(f"{ENGINE}.")]
        elif isinstance(node, ast.ImportFrom):
            module = imported(name, path, node)[0]
            found += [module] if module.startswith(f"{ENGINE}.") else []
            found += [a.name for a in node.names
                      if module == ENGINE and a.name not in laser_flag.engine.__all__]
    return found


@pytest.mark.parametrize("path", BOTS, ids=lambda p: p.name)
def test_bots_import_only_what_the_engine_package_exports(path):
    assert engine_internals(path) == []


def test_the_check_catches_internal_modules_and_private_names():
    probe = ROOT / "laser_flag" / "bots" / "probe.py"  # only its place matters: never read
    source = ("from ..engine.movement import search\nimport laser_flag.engine.units\n"
              "from laser_flag.engine import Game, _roll\nfrom .odds import Odds\n")
    assert engine_internals(probe, source) == [
        "laser_flag.engine.movement", "laser_flag.engine.units", "_roll"]
