"""The editor's model imports no Tk, directly or through anything it imports: it is tested, and
could be driven, without a display."""

from __future__ import annotations

from functools import cache

import pytest

from tests.import_graph import graph, project_modules
from tests.test_layers import imported_modules

MODEL = ("document", "history", "edits", "validation", "storage", "defaults", "symmetry",
         "pointer", "words", "properties", "overlays", "suggestions", "commands", "overlay_choice")
TK = ("tkinter", "_tkinter")


@cache
def _edges() -> dict[str, set[str]]:
    """The project's import graph, worked out once for every parameter."""
    return graph(project_modules())


def _reached(start: str) -> set[str]:
    edges, seen, todo = _edges(), set(), [start]
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            todo.extend(edges[name])
    return seen


def _tk_users(module: str) -> list[str]:
    """`module: tkinter` for each module reached from `module` that imports Tk itself."""
    modules = project_modules()
    return sorted(f"{name}: {target}" for name in _reached(module)
                  for target in imported_modules(modules[name]) if target.split(".")[0] in TK)


@pytest.mark.parametrize("module", MODEL)
def test_a_model_module_reaches_no_tk(module):
    assert _tk_users(f"map_editor.{module}") == []


def test_the_check_finds_tk_through_an_import():
    # the tooltip module is reached through the info panel's imports, not named by it
    assert "map_editor.tooltip: tkinter" in _tk_users("map_editor.info_panel")
