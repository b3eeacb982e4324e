"""The client's own import rule: no scene imports another (they name routes instead).

Circles and imports hidden in functions are checked over the whole tree in tests/test_imports.py.
"""

from __future__ import annotations

from ..import_graph import graph, project_modules

# A scene that IS another with more on it (the lesson is the game screen plus its prompt) extends
# it; that import is a base class, not a way to navigate.
EXTENDS = {
    ("laser_flag.ui.scenes.lesson_scene", "laser_flag.ui.scenes.game_scene"),
    ("laser_flag.ui.scenes.network_scene", "laser_flag.ui.scenes.game_scene"),
    ("laser_flag.ui.scenes.network_victory_scene", "laser_flag.ui.scenes.victory_scene"),
    ("laser_flag.ui.scenes.host_scene", "laser_flag.ui.scenes.form_scene"),
    ("laser_flag.ui.scenes.join_scene", "laser_flag.ui.scenes.form_scene"),
}


def test_no_scene_module_imports_another():
    edges = graph(project_modules("laser_flag.ui"))
    scenes = {name for name in edges if name.startswith("laser_flag.ui.scenes.")}
    crossing = {(name, other) for name in scenes for other in edges[name] & scenes}
    assert "laser_flag.ui.scenes.game_scene" in scenes
    assert "laser_flag.ui.routes" in edges["laser_flag.ui.scenes.game_scene"]  # it sees edges
    assert crossing - EXTENDS == set()
