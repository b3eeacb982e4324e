"""Builds the screen a route names: the one module that knows every scene class."""

from __future__ import annotations

from .routes import (
    HandOff,
    HostSetup,
    JoinSetup,
    ListSaves,
    PlayGame,
    PlayLesson,
    PlayNetwork,
    Route,
    ShowRules,
    ShowSettings,
    ShowVictory,
    WatchReplay,
)
from .scene import Scene
from .scenes.game_scene import GameScene
from .scenes.handoff_scene import HandOffScene
from .scenes.host_scene import HostScene
from .scenes.join_scene import JoinScene
from .scenes.lesson_scene import LessonScene
from .scenes.network_scene import NetworkScene
from .scenes.replay_scene import ReplayScene
from .scenes.rules_scene import RulesScene
from .scenes.saves_scene import SavesScene
from .scenes.settings_scene import SettingsScene
from .scenes.victory_scene import VictoryScene


def build(route: Route) -> Scene:
    """The scene for `route`, not yet on the stack."""
    match route:
        case PlayGame(session):
            return GameScene(session)
        case PlayLesson(lesson, session):
            return LessonScene(lesson, session)
        case PlayNetwork(turns):
            return NetworkScene(turns)
        case HostSetup(gm, fog):
            return HostScene(gm, fog)
        case JoinSetup():
            return JoinScene()
        case ShowVictory(session):
            return VictoryScene(session)
        case HandOff(session):
            return HandOffScene(session)
        case ShowRules(gm):
            return RulesScene(gm)
        case ListSaves(open_save):
            return SavesScene(open_save)
        case WatchReplay(loaded):
            return ReplayScene(loaded)
        case ShowSettings():
            return SettingsScene()
    raise TypeError(f"no screen for {route!r}")
