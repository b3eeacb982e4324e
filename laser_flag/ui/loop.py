"""The main loop and the scene stack: input -> top scene -> draw, one frame at a time.

Scenes say where to go by returning a transition (scene.py); the App applies it here, building
the scene a route names (screens.py). A frame is drawn only when something changed (input, a
new screen) or the top scene is animating; otherwise the loop sleeps until input comes, so an
idle window costs almost no CPU. Tests drive it headless: post real pygame events, then
`run(app, max_frames=n, clock=...)`.
"""

from __future__ import annotations

import os
import signal
import sys
import time
import warnings
from collections.abc import Callable
from typing import Protocol

import pygame

from ..sound.mixer import Mixer
from .measuring import Measuring
from .saved_games import SavedGames
from .scene import Pop, PopToRoot, Push, Quit, Replace, Scene, Transition
from .screens import build
from .settings import DEFAULT_SIZE, MIN_SIZE, LaunchOptions, Settings
from .version import window_title

FPS = 60
IDLE_WAIT_MS = 100  # while nothing moves, scenes still get an update this often
# SDL's own wait with a timeout polls every millisecond, a cost while nothing happens: naps of a
# frame look for input instead, so a click waits at most one frame more to be drawn.
IDLE_NAP_S = 1 / FPS
BACKGROUND = (24, 26, 32)
VEIL = (10, 11, 14, 170)  # over the screen a question is about: still seen, clearly behind
MAX_HANDOVERS = 4  # screens that may give way to the next one within one frame
# SDL (since 2.0.22) shows a window's picture through an OpenGL renderer when it can; with no
# graphics card (a virtual machine, a remote desktop, Xvfb) that is Mesa's software GL, whose
# flip of a window costs many times what X11's shared memory does (docs/BALANCE_LOG.md). A
# player's own SDL_FRAMEBUFFER_ACCELERATION still wins.
PLAIN_FRAMEBUFFER = {"SDL_FRAMEBUFFER_ACCELERATION": "0"}


class Clock(Protocol):
    def tick(self, framerate: int = 0) -> int: ...


class App:
    """The window, the scene stack, and the settings and launch options every scene reads."""

    def __init__(
        self,
        size: tuple[int, int] = DEFAULT_SIZE,
        settings: Settings | None = None,
        options: LaunchOptions | None = None,
        sound: Mixer | None = None,
    ) -> None:
        self.settings = settings or Settings()
        self.options = options or LaunchOptions()
        self.sound = sound or Mixer.silent()
        self.apply_volumes()
        self.scenes: list[Scene] = []
        self.running = True
        self.windowed_size = size
        self.fullscreen = False
        self.fullscreen_size: tuple[int, int] | None = None  # the desktop's, once F11 was used
        self.on_quit: list[Callable[[], None]] = []
        self.saves = SavedGames()  # the saves folder, as the menu and Load game show it
        self.measuring = Measuring()  # the menu's "Measure here": a run outlives the menu scene
        self.held: list[pygame.event.Event] = []  # input that ended an idle wait
        self.changed = True  # the picture is out of date: the next frame draws
        self.stopping = False  # a signal asked the app to end (`stop`)
        if sys.platform.startswith("linux"):
            for name, value in PLAIN_FRAMEBUFFER.items():
                os.environ.setdefault(name, value)  # read when the window is made, just below
        pygame.display.set_caption(window_title())
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        # SDL's text input (TEXTINPUT, an input method's window) only while a field takes
        # text: on by default in SDL, it would open an input method over the board.
        pygame.key.stop_text_input()
        self.text_input: pygame.Rect | None = None  # the box text goes to, while it is on
        if self.settings.fullscreen:
            self.toggle_fullscreen()

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    @property
    def idle(self) -> bool:
        """Nothing to draw until input comes: no change waits, the top scene is still."""
        return not self.changed and not (self.top and self.top.animating())

    def wait_for_input(self, timeout_ms: int) -> None:
        """Sleep until input arrives (kept for the next frame) or the timeout passes.

        The events are taken, not peeked at: pygame's peek frees a posted event's attributes
        while the event stays queued (seen as corrupted memory in a test)."""
        deadline = time.monotonic() + timeout_ms / 1000
        while time.monotonic() < deadline:
            self.held = pygame.event.get()
            if self.held:
                return
            time.sleep(IDLE_NAP_S)

    def push(self, scene: Scene) -> None:
        self.changed = True
        if self.top:
            self.top.pause()
        scene.app = self
        self.scenes.append(scene)
        scene.resume()

    def remove_top(self) -> None:
        scene = self.scenes.pop()
        scene.pause()
        scene.end()

    def pop(self) -> None:
        """Remove the top scene; the app ends when the last one goes."""
        self.remove_top()
        if self.top:
            self.top.resume()
        else:
            self.quit()

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for `scene` (e.g. game -> victory)."""
        self.remove_top()
        self.push(scene)

    def pop_to_root(self) -> None:
        """Back to the bottom scene (the main menu), which resumes as it was left."""
        while len(self.scenes) > 1:
            self.remove_top()
        self.top.resume()

    def go(self, transition: Transition | None) -> None:
        """Apply what a scene returned: where to go next, if anywhere."""
        if transition is not None:
            self.changed = True
        match transition:
            case Push(to):
                self.push(build(to))
            case Replace(to):
                self.replace(build(to))
            case Pop():
                self.pop()
            case PopToRoot():
                self.pop_to_root()
            case Quit():
                self.quit()

    def close(self) -> None:
        """The window's close button: the first screen down the stack that would lose something
        asks first (Scene.closing); with none, the app quits."""
        for scene in reversed(self.scenes):
            transition = scene.closing()
            if transition is not None:
                self.go(transition)
                return
        self.quit()

    def stop(self, signum: int = signal.SIGTERM, _frame: object = None) -> None:
        """A signal handler (SIGTERM at logout, SIGINT from a terminal): the app quits at its
        next frame without asking anything (the quit hooks keep what can be kept). Only a flag
        is set here: a handler runs between any two lines of the main thread."""
        self.stopping = True

    def quit(self) -> None:
        """Stop after this frame; the window's size and mode are kept for the next run."""
        self.running = False
        self.remember_window()

    def remember_window(self) -> None:
        size = self.windowed_size if self.fullscreen else self.screen.get_size()
        self.settings.remember_window(size, self.fullscreen)

    def toggle_fullscreen(self) -> None:
        """F11: desktop-sized fullscreen, or back to the window's own size and place.

        SDL's own switch of the same window: it puts the window back as it was. Making a new
        window of the old size instead (set_mode) left it at the fullscreen size under X11,
        which answers the resize later than pygame asks for the new size."""
        self.fullscreen = not self.fullscreen
        window = display_window()
        if self.fullscreen:
            self.windowed_size = self.screen.get_size()
            window.set_fullscreen(desktop=True)
        else:
            window.set_windowed()
        self.screen = pygame.display.get_surface()
        self.remember_window()

    def resize(self, size: tuple[int, int]) -> None:
        """The window's size changed: the player's new window size is kept at least MIN_SIZE.
        Fullscreen, the size is the desktop's, never the window's; once back in a window, the
        desktop's size is a window manager's late word about the fullscreen window left."""
        if self.fullscreen:
            self.fullscreen_size = size
        elif size != self.fullscreen_size:
            size = (max(size[0], MIN_SIZE[0]), max(size[1], MIN_SIZE[1]))
            pygame.display.set_mode(size, pygame.RESIZABLE)
        self.screen = pygame.display.get_surface()

    @property
    def typing(self) -> bool:
        return self.top is not None and self.top.takes_text

    def follow_typing(self) -> None:
        """SDL's text input on while the top screen takes text, its input method's window by
        the field's box; off again after."""
        box = (self.top.text_box() or pygame.Rect(0, 0, 1, 1)) if self.typing else None
        if box == self.text_input:
            return
        if box is None:
            pygame.key.stop_text_input()
        else:
            pygame.key.start_text_input()
            pygame.key.set_text_input_rect(box)
        self.text_input = box

    def toggle_mute(self) -> None:
        """M, anywhere but in a text field: sound and music off or on, remembered."""
        self.settings.toggle_mute()
        self.apply_volumes()

    def apply_volumes(self) -> None:
        """The settings' volumes and mute, heard from now on (at startup, after every change)."""
        self.sound.set_volumes(self.settings.volumes())

    def handle(self, event: pygame.event.Event) -> None:
        """Window-level events here; everything else goes to the top scene."""
        if event.type == pygame.QUIT:
            self.close()
        elif event.type == pygame.VIDEORESIZE:
            self.resize((event.w, event.h))
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_m and not self.typing:
            self.toggle_mute()
        elif self.top:
            self.go(self.top.process_event(event))

    def handle_late_text(self, key: pygame.event.Event) -> None:
        """A key typed into a field opened by an earlier event of the same frame (T, then "hi"
        at once): SDL read it before its text input was on, so no TEXTINPUT came for it, and
        its character is typed from the key press."""
        char = getattr(key, "unicode", "")
        if char and char.isprintable() and self.typing:
            self.handle(pygame.event.Event(pygame.TEXTINPUT, text=char))

    def update_top(self, dt_ms: int) -> None:
        """Timers of the top scene; a scene it gives way to is updated too before anything is
        drawn (a save opened at once gives way to the game, which may cover its board with the
        hand-off at once: no frame of either may show first)."""
        for _ in range(MAX_HANDOVERS):
            top = self.top
            if top is None:
                return
            self.go(top.update(dt_ms))
            if self.top is top:
                return
            dt_ms = 0

    def frame(self, dt_ms: int) -> bool:
        """One frame: all pending input, timers, then the picture if it changed (True: drawn).

        Any event counts as a change (a hover, an exposed or resized window): redrawing after
        one is cheap, and missing one would leave a stale picture.
        """
        events, self.held = self.held + pygame.event.get(), []
        if self.stopping:
            self.quit()
            return False
        read_typing = self.text_input is not None  # SDL gave these events text input
        for event in events:
            self.changed = True
            typing = self.typing
            self.handle(event)
            if typing and not read_typing and event.type == pygame.KEYDOWN:
                self.handle_late_text(event)
            if not self.running:
                return False
        moving = self.top is not None and self.top.animating()  # its last step is drawn too
        self.update_top(dt_ms)
        self.follow_typing()
        if not self.top or (self.idle and not moving):
            return False
        self.changed = False
        self.draw_top()
        pygame.display.flip()
        return True

    def draw_top(self) -> None:
        """The top scene; a question over another screen (`Scene.over_below`) shows that
        screen behind it, dimmed, so the player sees what the question is about."""
        self.screen.fill(BACKGROUND)
        if self.top.over_below and len(self.scenes) > 1:
            self.scenes[-2].draw(self.screen)
            veil = pygame.Surface(self.screen.get_size(), pygame.SRCALPHA)
            veil.fill(VEIL)
            self.screen.blit(veil, (0, 0))
        self.top.draw(self.screen)


def display_window() -> pygame.Window:
    """The window pygame.display draws in, for what only a Window does (fullscreen and back
    as one window). pygame-ce asks new code to make its own Window instead of the display
    module's; the whole client draws through the display module, so the warning is kept quiet."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        return pygame.Window.from_display_module()


def end_on_signals(app: App) -> None:
    """SIGTERM and SIGINT end the app at its next frame (`App.stop`), in Python's hands rather
    than SDL's: SDL turns them into a window close, which asks before losing a game, and the
    question then waits for an answer nobody at a logout can give. The main thread only."""
    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, app.stop)


def run(app: App, max_frames: int | None = None, clock: Clock | None = None) -> int:
    """Run frames until the app quits or `max_frames` have passed; returns the frame count.

    With the real clock an idle app sleeps until input; a clock passed in (a test's) sets the
    pace alone, so posted events and idle frames never wait.
    """
    sleeps = clock is None
    clock = clock or pygame.time.Clock()
    frames = 0
    while app.running and (max_frames is None or frames < max_frames):
        waited = sleeps and app.idle
        if waited:
            app.wait_for_input(IDLE_WAIT_MS)
        dt_ms = clock.tick(FPS)
        app.frame(min(dt_ms, 1000 // FPS) if waited else dt_ms)  # an animation starts at 0
        frames += 1
    if not app.running:
        for hook in app.on_quit:
            hook()
    return frames
