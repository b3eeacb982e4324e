"""The whole import graph of laser_flag and map_editor: no circle, and no import hidden in a
function to dodge one. The floors' own rules are in test_layers.py and the packages'
test_imports.py."""

from __future__ import annotations

from .import_graph import circles, graph, hidden_imports, project_modules

# Imports left inside a function on purpose, none of them to dodge a circle.
LAZY_ON_PURPOSE = {
    ("laser_flag.ui.tk_dialogs", "tkinter"): "Tk may be missing, and starting it is slow",
    ("laser_flag.tools.plotting", "matplotlib"): "optional: only --plot needs it",
    ("laser_flag.tools.plotting", "matplotlib.pyplot"): "after matplotlib.use('Agg')",
    ("map_editor.app", "map_editor.window"): "after the environment pygame reads on import",
    ("laser_flag.lab.cluster", "distributed"): "optional: only the Dask executor needs it",
    ("laser_flag.app", "laser_flag.window"): "pygame: only the commands with a window load it",
    ("laser_flag.app", "laser_flag.server.cli"): "asyncio, websockets: only `laser-flag server`",
}


def test_no_import_hides_inside_a_function_anywhere():
    hidden = hidden_imports(project_modules())
    unexplained = [f"{m}:{line} imports {t}" for m, t, line in hidden
                   if (m, t) not in LAZY_ON_PURPOSE]
    assert unexplained == []
    assert {(m, t) for m, t, _ in hidden} == set(LAZY_ON_PURPOSE)  # no stale excuse


def test_no_import_circle_anywhere():
    modules = project_modules()
    edges = graph(modules)
    assert {"laser_flag.ui.loop", "map_editor.window", "laser_flag.sound.mixer"} <= set(modules)
    assert "laser_flag.ui.screens" in edges["laser_flag.ui.loop"]  # the reader sees edges
    assert "map_editor.commands" in edges["map_editor.window"]  # `from . import x` names x
    assert circles(edges) == []


def test_a_lazy_import_may_not_close_a_circle():
    """The excused imports are not in the load-time graph: adding them still makes no circle."""
    edges = graph(project_modules())
    for module, target in LAZY_ON_PURPOSE:
        if target in edges:
            edges[module] = edges[module] | {target}
    assert circles(edges) == []


def test_the_circle_finder_finds_a_circle():
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == [["a", "b", "c", "a"]]
    assert circles({"a": {"b"}, "b": set()}) == []
