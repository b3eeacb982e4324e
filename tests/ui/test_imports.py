"""The client's own import rules: no scene imports another (they name routes instead), and the
screen families import the frame, not the frame them.

Circles and imports hidden in functions are checked over the whole tree in tests/test_imports.py.
"""

from __future__ import annotations

from ..import_graph import graph, project_modules

# A scene that IS another with more on it (the lesson is the game screen plus its prompt) extends
# it; that import is a base class, not a way to navigate.
EXTENDS = {
    ("laser_flag.ui.learn.lesson_scene", "laser_flag.ui.game.game_scene"),
    ("laser_flag.ui.network.network_scene", "laser_flag.ui.game.game_scene"),
    ("laser_flag.ui.network.network_victory_scene", "laser_flag.ui.ending.victory_scene"),
    ("laser_flag.ui.network.host_scene", "laser_flag.ui.network.form_scene"),
    ("laser_flag.ui.network.join_scene", "laser_flag.ui.network.form_scene"),
    ("laser_flag.ui.menu.random_map_scene", "laser_flag.ui.network.form_scene"),
    ("laser_flag.ui.network.online_scene", "laser_flag.ui.network.join_scene"),
}


def test_no_scene_module_imports_another():
    edges = graph(project_modules("laser_flag.ui"))
    scenes = {name for name in edges if name.endswith("_scene")}
    crossing = {(name, other) for name in scenes for other in edges[name] & scenes}
    assert "laser_flag.ui.game.game_scene" in scenes
    assert "laser_flag.ui.routes" in edges["laser_flag.ui.game.game_scene"]  # it sees edges
    assert crossing - EXTENDS == set()


FAMILIES = ("game", "menu", "network", "ending", "replay", "learn")


def test_every_scene_lives_in_its_family_and_only_screens_builds_them():
    """The frame (the loop, the scene stack, routes, widgets, settings, the app's models) never
    imports a scene: of the frame, only `screens` does, to build the one a route names."""
    edges = graph(project_modules("laser_flag.ui"))
    scenes = {name for name in edges if name.endswith("_scene")}
    assert len(scenes) > 10 and all(name.split(".")[2] in FAMILIES for name in scenes)
    frame = {name for name in edges if name.count(".") == 2}
    assert {"laser_flag.ui.loop", "laser_flag.ui.screens", "laser_flag.ui.widgets"} <= frame
    building = {name for name in frame if edges[name] & scenes}
    assert building == {"laser_flag.ui.screens"}
