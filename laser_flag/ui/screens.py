"""Builds the screen a route names: the one module that knows every scene class."""

from __future__ import annotations

from .ending.victory_scene import VictoryScene
from .game.game_scene import GameScene
from .game.handoff_scene import HandOffScene
from .game.unsaved_scene import UnsavedScene
from .learn.lesson_scene import LessonScene
from .learn.lessons_scene import LessonsScene
from .learn.rules_scene import RulesScene
from .menu.loading_scene import LoadingScene
from .menu.random_map_scene import RandomMapScene
from .menu.saves_scene import SavesScene
from .menu.settings_scene import SettingsScene
from .network.host_scene import HostScene
from .network.join_scene import JoinScene
from .network.network_scene import NetworkScene
from .network.network_victory_scene import NetworkVictoryScene
from .network.online_scene import OnlineScene
from .network.watch_scene import WatchScene
from .replay.replay_scene import ReplayScene
from .routes import (
    AskUnsaved,
    ChooseLesson,
    ChooseRandomMap,
    HandOff,
    HostSetup,
    JoinSetup,
    ListSaves,
    OpenSave,
    PlayGame,
    PlayLesson,
    PlayNetwork,
    PlayOnline,
    Route,
    ShowNetworkVictory,
    ShowRules,
    ShowSettings,
    ShowVictory,
    WatchOnline,
    WatchReplay,
)
from .scene import Scene


def build(route: Route) -> Scene:
    """The scene for `route`, not yet on the stack."""
    match route:
        case PlayGame(session):
            return GameScene(session)
        case ChooseLesson():
            return LessonsScene()
        case ChooseRandomMap():
            return RandomMapScene()
        case PlayLesson(lesson, session):
            return LessonScene(lesson, session)
        case PlayNetwork(turns):
            return NetworkScene(turns)
        case HostSetup(gm, fog):
            return HostScene(gm, fog)
        case JoinSetup():
            return JoinScene()
        case PlayOnline(gm, fog):
            return OnlineScene(gm, fog)
        case WatchOnline(address, tls, code):
            return WatchScene(address, code, tls)
        case ShowVictory(session):
            return VictoryScene(session)
        case ShowNetworkVictory(turns):
            return NetworkVictoryScene(turns)
        case HandOff(session):
            return HandOffScene(session)
        case ShowRules(gm):
            return RulesScene(gm)
        case ListSaves():
            return SavesScene()
        case OpenSave(path, watch):
            return LoadingScene(path, watch)
        case WatchReplay(loaded, at):
            return ReplayScene(loaded, at)
        case ShowSettings():
            return SettingsScene()
        case AskUnsaved(session, quitting):
            return UnsavedScene(session, quitting)
    raise TypeError(f"no screen for {route!r}")
