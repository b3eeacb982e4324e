"""Every screen at every window size, from the smallest the client allows to 4K: the text each
one draws (recorded by board/text.py's `drawn`) is big enough to read, inside the window and its
box, never over other text and never cut short; and each screen grows with the window by the
one scale every screen shares."""

from __future__ import annotations

import random
import tempfile
from collections.abc import Callable
from itertools import combinations

import pygame
import pytest

from laser_flag import saves
from laser_flag.board import text
from laser_flag.engine.game import Game
from laser_flag.engine.mapfile import parse_map
from laser_flag.ui.ending.victory_scene import VictoryScene
from laser_flag.ui.game.handoff_scene import HandOffScene
from laser_flag.ui.learn.lessons_scene import LessonsScene
from laser_flag.ui.learn.rules_scene import RulesScene
from laser_flag.ui.loop import App
from laser_flag.ui.menu.menu_scene import MenuScene
from laser_flag.ui.menu.saves_scene import SavesScene
from laser_flag.ui.menu.settings_scene import SettingsScene
from laser_flag.ui.network.host_scene import HostScene
from laser_flag.ui.network.join_scene import JoinScene
from laser_flag.ui.replay.replay_scene import ReplayScene
from laser_flag.ui.scale import text_scale
from laser_flag.ui.scene import Scene
from laser_flag.ui.widgets import CUT

from .conftest import SMALL_MAP, frames, small_session, start_game
from .test_victory_and_app import win_for_alice

SIZES = ((800, 560), (900, 600), (1280, 860), (2560, 1440), (3840, 2160))
READABLE = (900, 600)  # from this size up, no text is lower than...
MIN_HEIGHT = 11  # ...this many pixels


@pytest.fixture(autouse=True)
def short_data_dir(monkeypatch, tmp_path_factory) -> None:
    """A data folder with a short name: the saves screen shows its path in full."""
    monkeypatch.setenv("LASER_FLAG_DATA_DIR", tempfile.mkdtemp(prefix="lf-"))


def a_save() -> None:
    """A game of a few actions in the saves folder, for the saves list and the replay."""
    game = Game(parse_map(SMALL_MAP, "small.json"), seed=21)
    rng = random.Random(21)
    for _ in range(8):
        game.apply(rng.choice(game.legal_actions()))
    saves.write_save(saves.saves_dir() / "a-game.json", game, {"names": {"1": "Ann", "2": "Ben"}})


def replay(app: App) -> Scene:
    a_save()
    return ReplayScene(saves.load_save(saves.saves_dir() / "a-game.json"))


def saves_list(app: App) -> Scene:
    a_save()
    return SavesScene()


def victory(app: App) -> Scene:
    scene = win_for_alice(app)
    assert isinstance(scene, VictoryScene)
    return scene


def handoff(app: App) -> Scene:
    return HandOffScene(start_game(app, small_session()).session)


SCREENS: dict[str, Callable[[App], Scene]] = {
    "menu": lambda app: MenuScene(),
    "settings": lambda app: SettingsScene(),
    "saves": saves_list,
    "victory": victory,
    "host": lambda app: HostScene(parse_map(SMALL_MAP, "small.json"), False),
    "join": lambda app: JoinScene(),
    "game": lambda app: start_game(app, small_session()),
    "rules": lambda app: RulesScene(),
    "lessons": lambda app: LessonsScene(),
    "replay": replay,
    "hand-off": handoff,
}


def resize(app: App, size: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    frames(app)
    assert app.screen.get_size() == size


def shown(app: App, screen: str, size: tuple[int, int]) -> list[text.DrawnLine]:
    """The lines of text `screen` draws in a window of `size`, through the real loop."""
    resize(app, size)
    scene = SCREENS[screen](app)
    if app.top is not scene:
        app.push(scene)
    frames(app, 2)
    text.drawn = []
    try:
        app.changed = True
        frames(app)
        return [line for line in text.drawn if line.on_window]
    finally:
        text.drawn = None


def height(line: text.DrawnLine) -> int:
    return line.rect.h


def shadow(one: text.DrawnLine, other: text.DrawnLine) -> bool:
    """The same line drawn a few pixels off itself: a headline's shadow."""
    off = max(abs(one.rect.x - other.rect.x), abs(one.rect.y - other.rect.y))
    return one.text == other.text and off <= one.rect.h // 8


def cut_across(rect: pygame.Rect, clip: pygame.Rect) -> bool:
    """A line running past its box's left or right edge. A list's rows scroll in and out at its
    top and bottom: they may be cut there."""
    return rect.left < clip.left or rect.right > clip.right


def problems(lines: list[text.DrawnLine], size: tuple[int, int]) -> list[str]:
    window = pygame.Rect((0, 0), size)
    found = []
    for line in lines:
        if not window.contains(line.rect):
            found.append(f"{line.text!r} at {line.rect} is outside the window")
        elif line.clip is not None and cut_across(line.rect, line.clip):
            found.append(f"{line.text!r} at {line.rect} is cut by its box {line.clip}")
        if CUT in line.text:
            found.append(f"{line.text!r} is cut short")
        if size >= READABLE and height(line) < MIN_HEIGHT:
            found.append(f"{line.text!r} is {height(line)} px high")
    for one, other in combinations(lines, 2):
        if shadow(one, other) or not (one.text.strip() and other.text.strip()):
            continue
        if one.rect.colliderect(other.rect):
            found.append(f"{one.text!r} at {one.rect} overlaps {other.text!r} at {other.rect}")
    return found


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("screen", list(SCREENS))
def test_every_screens_text_is_readable_in_sight_and_whole(app, screen, size):
    lines = shown(app, screen, size)
    assert lines, f"the {screen} screen drew no text"
    assert problems(lines, size) == []


def test_every_screen_grows_with_the_window_by_one_scale(app):
    assert text_scale((3840, 2160)) > 1.5 * text_scale((1280, 860))
    for screen in SCREENS:
        tallest = {size: max(height(line) for line in shown(app, screen, size))
                   for size in ((1280, 860), (3840, 2160))}
        assert tallest[(3840, 2160)] > 1.5 * tallest[(1280, 860)], screen
