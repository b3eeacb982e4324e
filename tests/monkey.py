"""The monkey: random input through the client's real main loop, from a seed, in every place a
player reaches: hot-seat games with and without fog of war (their hand-offs too), games against
bots, replays, lessons, and a network guest's board. Clicks, keys, the mouse wheel and window
resizes come at random; the engine's invariants are checked after every frame.

The same seed posts the same events: each bot's decision is awaited before the next frame, so
what the monkey meets does not hang on thread timing. (A guest's board also waits on the
network, whose timing can still differ.) A failure names its seed and place, and
`benchmarks/monkey.py --seed N --place P` plays it again.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pygame

from laser_flag import saves
from laser_flag.board.draw import tile_rect
from laser_flag.bots import HUMAN
from laser_flag.engine import Game
from laser_flag.engine.game_map import TEAMS
from laser_flag.engine.mapfile import load_map
from laser_flag.engine.units import CHARGED, CHARGING, DEACTIVATED
from laser_flag.play.lesson import Lesson
from laser_flag.play.lessons import CHAPTERS
from laser_flag.play.session import Session
from laser_flag.ui import tk_dialogs
from laser_flag.ui.game.game_scene import GameScene
from laser_flag.ui.learn.lesson_scene import LessonScene
from laser_flag.ui.loop import App, run
from laser_flag.ui.menu import editor_launch
from laser_flag.ui.menu.menu_scene import MenuScene
from laser_flag.ui.network.network_scene import NetworkScene
from laser_flag.ui.network.network_start import Joining
from laser_flag.ui.replay.replay_scene import ReplayScene
from laser_flag.ui.scene import Scene

MAPS = Path(__file__).resolve().parents[1] / "maps"
PLACES = ("hot_seat", "fog", "bots", "replay", "lesson", "guest")
KEYS = [
    pygame.K_TAB, pygame.K_ESCAPE, pygame.K_e, pygame.K_f, pygame.K_h, pygame.K_a, pygame.K_c,
    pygame.K_s, pygame.K_d, pygame.K_w, pygame.K_t, pygame.K_z, pygame.K_SPACE, pygame.K_RETURN,
    pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END,
    pygame.K_1, pygame.K_2, pygame.K_5, pygame.K_r, pygame.K_PAGEDOWN, pygame.K_PAGEUP,
    pygame.K_p, pygame.K_BACKSPACE, pygame.K_F1,
]  # fmt: skip
SIZES = [(800, 560), (1024, 700), (1280, 860), (1600, 1000), (900, 1300), (2200, 900)]
MODS = (0, 0, 0, pygame.KMOD_SHIFT, pygame.KMOD_CTRL)
AIMED = 0.15  # the share of events that are clicks on a unit or a tile it can reach
FRAME_EVERY = 3  # events posted between two frames: some share a frame, as real input does
THOUGHT_S = 60  # the longest a bot's decision is awaited (a busy machine is only slower)


def random_event(rng: random.Random, size: tuple[int, int],
                 board: pygame.Rect | None = None) -> pygame.event.Event:
    """One input event in a window of `size`, mostly on the `board` when there is one: a click,
    a drag, the wheel, a key, or the window resized."""
    roll = rng.random()
    area = board if board is not None and rng.random() < 0.7 else pygame.Rect((0, 0), size)
    xy = (rng.randrange(area.left, area.right), rng.randrange(area.top, area.bottom))
    if roll < 0.5:
        kind = rng.choice((pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION))
        if kind == pygame.MOUSEMOTION:
            return pygame.event.Event(kind, pos=xy, rel=(0, 0), buttons=(0, 0, 0))
        return pygame.event.Event(kind, pos=xy, button=rng.choice((1, 1, 1, 2, 3)))
    if roll < 0.6:
        return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-1, 1)), flipped=False,
                                  precise_x=0.0, precise_y=float(rng.choice((-1, 1))))
    if roll < 0.63:
        w, h = rng.choice(SIZES)
        return pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h))
    kind = pygame.KEYDOWN if roll < 0.92 else pygame.KEYUP
    key = rng.choice(KEYS)
    return pygame.event.Event(kind, key=key, mod=rng.choice(MODS), unicode="", scancode=0)


def no_dialogs(setattr_: Callable[[object, str, object], None]) -> None:
    """No file dialog waits for a person and no editor opens (`setattr_`: pytest's
    monkeypatch.setattr, or setattr for good in a script)."""
    setattr_(tk_dialogs, "ask_map_file", lambda folder: None)
    setattr_(editor_launch, "launch_editor", lambda: (None, "no editor here"))


def check_valid(game: Game) -> None:
    """The invariants of RULES.md no input may break."""
    gm = game.map
    positions = [u.pos for u in game.units]
    assert len(positions) == len(set(positions)), "two units on one tile"
    for unit in game.units:
        assert gm.in_bounds(unit.pos) and not gm.is_wall(unit.pos), unit
        assert 0 <= unit.ap <= game.rules.ap_per_turn, unit
        assert unit.laser in (CHARGED, CHARGING, DEACTIVATED), unit
        assert 0 <= unit.snap_shots <= game.rules[unit.unit_class].max_snap_shots, unit
        assert unit.elevated == gm.is_cover(unit.pos), unit
    assert game.active_team in TEAMS
    for team in TEAMS:
        assert 0 <= game.scores[team] <= gm.score_limit[team]


class Monkey:
    """Random input in one place (PLACES), from `seed`. Leaving that place (the menu, Quit)
    starts it again, so every event lands where it was meant to."""

    def __init__(self, app: App, place: str, seed: int, folder: Path) -> None:
        self.app, self.place, self.seed, self.folder = app, place, seed, folder
        self.rng = random.Random(f"{place}/{seed}")
        self.hosting = None  # the guest's host, in this process
        self.actions = 0  # the most actions any game here reached
        self.screens: set[str] = set()  # the kinds of screen the monkey was on
        self.starts = 0

    def run(self, events: int) -> None:
        """Post `events` events, a frame every FRAME_EVERY; AssertionError names the seed."""
        self.start()
        for i in range(events):
            pygame.event.post(self.aimed_click() if self.rng.random() < AIMED else
                              random_event(self.rng, self.app.screen.get_size(), self.board()))
            if i % FRAME_EVERY == FRAME_EVERY - 1:
                try:
                    self.frame()
                except Exception as err:
                    raise AssertionError(f"monkey {self.place} seed {self.seed}, event {i}: "
                                         f"{type(err).__name__}: {err}") from err

    def frame(self) -> None:
        self.await_bots()
        run(self.app, 1, _FixedClock())
        if self.hosting is not None:  # the game is the host's: a guest holds what it is told
            self.hosting.tick(16, 0.0)
            self.actions = max(self.actions, len(self.hosting.game.history))
        self.screens.add(type(self.app.top).__name__)
        session = self.session()
        if session is not None:
            check_valid(session.game)
            self.actions = max(self.actions, len(session.game.history))
        if not self.app.running or isinstance(self.app.top, MenuScene):
            self.start()

    def aimed_click(self) -> pygame.event.Event:
        """A click on a tile where a click does something: a unit, or where the unit picked
        could go (else anywhere on the board or window)."""
        top = self.app.top
        if not isinstance(top, GameScene):
            return random_event(self.rng, self.app.screen.get_size(), self.board())
        sel = top.selection
        tiles = sorted(sel.reachable) or [u.pos for u in sel.game.units]
        lay = top.layout()
        xy = tile_rect(lay.origin, lay.tile_px, self.rng.choice(tiles)).center
        return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=xy, button=1)

    def board(self) -> pygame.Rect | None:
        """Where the top screen draws its board, if it has one."""
        layout = getattr(self.app.top, "layout", None)
        return layout().board if callable(layout) and hasattr(layout(), "board") else None

    def await_bots(self) -> None:
        """Every decision being thought out is done before a frame reads it."""
        for scene in self.app.scenes:
            thought = getattr(getattr(getattr(scene, "turns", None), "bots", None), "thought",
                              None)
            if thought is not None:
                assert thought.done.wait(THOUGHT_S), "a bot's decision never came"

    def session(self) -> Session | None:
        return next((s.session for s in reversed(self.app.scenes) if hasattr(s, "session")),
                    None)

    def start(self) -> None:
        """The place afresh over the main menu, as a player reaches it."""
        self.leave_host()
        self.app.running = True
        while len(self.app.scenes) > 1:
            self.app.remove_top()
        if not self.app.scenes:
            self.app.push(MenuScene())
        self.starts += 1
        self.app.push(PLACE_SCENES[self.place](self))
        run(self.app, 1, _FixedClock())

    def leave_host(self) -> None:
        if self.hosting is not None:
            self.hosting.leave()
            self.hosting = None

    # ----- the places ------------------------------------------------------------------------

    def a_map(self) -> Path:
        return self.rng.choice(sorted(MAPS.glob("*.json")))

    def game(self, levels: dict[str, str], fog: bool) -> Scene:
        gm = load_map(self.a_map())
        return GameScene(Session.start(gm, self.rng.randrange(10**6), levels=levels, fog=fog))

    def replay(self) -> Scene:
        game = Game(load_map(self.a_map()), seed=self.rng.randrange(10**6))
        while len(game.history) < 40 and not game.over:
            game.apply(self.rng.choice(game.legal_actions()))
        path = saves.write_save(self.folder / f"replay{self.starts}.json", game,
                                {"names": {"1": "Ann", "2": "Ben"}})
        return ReplayScene(saves.load_save(path))

    def lesson(self) -> Scene:
        lesson = Lesson(self.rng.choice(CHAPTERS))
        return LessonScene(lesson, lesson.session())

    def guest(self) -> Scene:
        from tests.remote.net import hosted  # a host in this process, on 127.0.0.1

        self.hosting = hosting = hosted(self.a_map().stem, fog=self.rng.random() < 0.5)
        joining = Joining(hosting.host.address, hosting.host.code, "Monkey")
        for _ in range(THOUGHT_S * 100):
            hosting.tick(16, 0.0)
            turns = joining.poll()
            if turns is not None:
                return NetworkScene(turns)
            pygame.time.wait(10)
        raise AssertionError("the guest was never seated")


PLACE_SCENES: dict[str, Callable[[Monkey], Scene]] = {
    "hot_seat": lambda m: m.game({t: HUMAN for t in TEAMS}, fog=False),
    "fog": lambda m: m.game({t: HUMAN for t in TEAMS}, fog=True),
    "bots": lambda m: m.game({"1": HUMAN, "2": m.rng.choice(("Easy", "Normal", "Hard"))},
                             fog=m.rng.random() < 0.5),
    "replay": Monkey.replay,
    "lesson": Monkey.lesson,
    "guest": Monkey.guest,
}


class _FixedClock:
    """Every frame is 16 ms: the same seed meets the same animation steps."""

    def tick(self, framerate: int = 0) -> int:
        return 16
