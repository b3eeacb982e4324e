"""Fixtures for driving the real client: a headless app, posted events, frames, and Xvfb."""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from laser_flag.board.draw import tile_rect
from laser_flag.bots import HUMAN, Bot
from laser_flag.engine.actions import Action
from laser_flag.engine.game import Game
from laser_flag.engine.mapfile import parse_map
from laser_flag.play import bot_seat
from laser_flag.play.session import Session
from laser_flag.ui.game.game_scene import GameScene
from laser_flag.ui.loop import App, run
from laser_flag.ui.menu.menu_scene import MenuScene
from laser_flag.ui.menu.settings_scene import ROWS, SettingsScene
from laser_flag.ui.settings import LaunchOptions
from laser_flag.ui.widgets import Button

SIZE = (1280, 860)

# A 7x7 board: a wall in the middle, one base per team, two units a side.
SMALL_MAP = {
    "tiles": [
        ["level", "level", "level", "level", "level", "level", "base_2"],
        ["level", "level", "level", "level", "level", "level", "level"],
        ["level", "level", "elevated", "level", "level", "level", "level"],
        ["level", "level", "level", "wall", "level", "level", "level"],
        ["level", "level", "level", "level", "level", "level", "level"],
        ["level", "level", "level", "level", "level", "level", "level"],
        ["base_1", "level", "level", "level", "level", "level", "level"],
    ],
    "units": [
        ["1", "basic", 5, 1],
        ["1", "sniper", 6, 2],
        ["2", "scout", 1, 5],
        ["2", "grunt", 0, 4],
    ],
    "team_names": {"1": "Alice", "2": "Bob"},
    "score_limit": {"1": 3, "2": 3},
}

# SMALL_MAP with a wall across row 3 (and one more in row 2): no unit sees an enemy at first,
# so moves roll no snap shots and stay undoable.
WALLED = {
    **SMALL_MAP,
    "tiles": SMALL_MAP["tiles"][:2]
    + [["level"] * 6 + ["wall"], ["wall"] * 6 + ["level"]]
    + SMALL_MAP["tiles"][4:],
}


class FakeClock:
    """A clock that never sleeps: every frame is 16 ms."""

    def tick(self, framerate: int = 0) -> int:
        return 16


class Dice:
    """Forced dice for Game(roll=...): the queued rolls, then `default` forever."""

    def __init__(self, *rolls: tuple[int, ...], default: tuple[int, int] = (1, 1)) -> None:
        self.rolls = list(rolls)
        self.default = default

    def __call__(self, rng) -> tuple[int, ...]:
        return self.rolls.pop(0) if self.rolls else self.default


@pytest.fixture
def app() -> Iterator[App]:
    pygame.display.init()
    pygame.font.init()
    application = App(SIZE)
    yield application
    pygame.display.quit()


def small_session(dice: Dice | None = None, data: dict | None = None) -> Session:
    """A session on SMALL_MAP (or `data`) whose Game rolls the forced `dice`."""
    session = Session.start(parse_map(data or SMALL_MAP, "small.json"), seed=1)
    session.game = Game(session.gm, seed=1, roll=dice or Dice())
    return session


def start_game(app: App, session: Session) -> GameScene:
    """The game over the main menu, as `--map` opens the client; an existing stack is kept."""
    if not app.scenes:
        app.push(MenuScene())
    scene = GameScene(session)
    app.push(scene)
    run(app, 1, FakeClock())
    return scene


def frames(app: App, n: int = 1) -> None:
    run(app, n, FakeClock())


def open_menu(
    app: App, tmp_path: Path, seed: int | None = 3, maps: dict | None = None
) -> MenuScene:
    """The main menu over a maps folder of its own, holding `maps` (file stem -> map data).

    `seed` is the run's fixed seed, as `--seed` gives it (None: fresh dice for every game).
    """
    folder = tmp_path / "maps"
    folder.mkdir(exist_ok=True)
    for stem, data in (maps or {}).items():
        (folder / f"{stem}.json").write_text(json.dumps(data), encoding="utf-8")
    app.options = LaunchOptions(seed=seed)
    menu = MenuScene(maps_dir=folder)
    app.push(menu)
    frames(app)
    return menu


def menu_button(menu: MenuScene, name: str) -> Button:
    return next(b for b in menu.buttons() if b.name == name)


def row_xy(scene: SettingsScene, name: str) -> tuple[int, int]:
    """The middle of the settings screen's row called `name` (a click there switches it)."""
    index = [row for row, _ in ROWS].index(name)
    return scene.row_rect(index).center


def panel_button(scene: GameScene, name: str) -> Button:
    """The game screen's button called `name`, as drawn this frame."""
    return next(b for b in scene.buttons() if b.name == name)


def card(scene: GameScene) -> tuple[str, list[str]]:
    """The unit card's title and lines, as the panel shows them this frame."""
    view = scene.panel_view()
    return view.card_title, list(view.card_lines)


def centre(scene: GameScene, pos: tuple[int, int]) -> tuple[int, int]:
    lay = scene.layout()
    return tile_rect(lay.origin, lay.tile_px, pos).center


def move_mouse(app: App, xy: tuple[int, int]) -> None:
    """The pointer moves to `xy` (the real mouse follows, for tooltips), then one frame."""
    pygame.mouse.set_pos(xy)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=xy, rel=(0, 0), buttons=(0, 0, 0)))
    frames(app)


def hover_tile(app: App, scene: GameScene, pos: tuple[int, int]) -> None:
    move_mouse(app, centre(scene, pos))


def click(app: App, xy: tuple[int, int], button: int = 1) -> None:
    """A real press and release at `xy`, then one frame."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=xy, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=xy, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=xy, button=button))
    frames(app)


def press(app: App, key: int, mod: int = 0) -> None:
    """A key down and up, then one frame."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0))
    frames(app)


def end_turn(app: App) -> None:
    """E ends the turn; the game asks first while a unit could still act, so E again answers."""
    press(app, pygame.K_e)
    if app.top.turns.confirming_end:
        press(app, pygame.K_e)


def settle(app: App, scene: GameScene, limit: int = 400) -> None:
    """Play out the current events: frames pass (a roll held by "pause after each roll" is
    let go with Space); then wait for the game's save writer, so its file holds the game."""
    for _ in range(limit):
        if scene.turns.playback is None:
            keeper = getattr(scene.turns.session, "keeper", None)  # a guest's game has none
            if keeper is not None:
                keeper.wait()
            return
        if scene.turns.playback.waiting():
            press(app, pygame.K_SPACE)
        else:
            frames(app)
    raise AssertionError("events did not finish playing")


def run_until(app: App, done: Callable[[], bool], limit: int | None = None,
              seconds: float = 120.0) -> int:
    """Frames until `done()`, yielding between them so a bot's worker thread gets its turn; how
    many. Within `limit` frames when one is given (each frame is a fixed step of the fake clock,
    so what the screen does by itself is done by a count of frames on any machine); otherwise
    within `seconds`, a timeout a loaded machine does not reach while a bot thinks on its
    thread."""
    deadline = time.monotonic() + seconds
    n = 0
    while not done():
        if n == limit or time.monotonic() > deadline:
            raise AssertionError(f"not done after {n} frames")
        frames(app)
        time.sleep(0.001)
        n += 1
    return n


def saves_read(app: App) -> None:
    """Frames until the saves folder has been read (a big one is read on a worker thread)."""
    run_until(app, lambda: not app.saves.busy)
    frames(app)


class GatedBot(Bot):
    """A stand-in bot: answers from a script, each answer only once the test lets it through.

    `asked` records the history length of every game it was handed and `games` the games
    themselves, so a test can see the worker got a copy and which question each answer was for.
    """

    def __init__(self, *answers: Action | Callable[[Game], Action]) -> None:
        super().__init__()
        self.answers = list(answers)
        self.gate = threading.Semaphore(0)
        self.asked: list[int] = []
        self.games: list[Game] = []

    def choose(self, game: Game) -> Action:
        self.asked.append(len(game.history))
        self.games.append(game)
        self.gate.acquire(timeout=30)
        answer = self.answers.pop(0)
        return answer(game) if callable(answer) else answer


@pytest.fixture
def gated(monkeypatch) -> Callable[..., GatedBot]:
    """Make every bot level a GatedBot with these answers (one shared bot for both teams)."""

    def install(*answers: Action | Callable[[Game], Action]) -> GatedBot:
        bot = GatedBot(*answers)
        pick = lambda level, seed: None if level == HUMAN else bot  # noqa: E731
        monkeypatch.setattr(bot_seat, "bot_for_level", pick)
        return bot

    return install
