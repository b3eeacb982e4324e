"""The main loop and the scene stack: input -> top scene -> draw, one frame at a time.

Tests drive it headless: post real pygame events, then `run(app, max_frames=n, clock=...)`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import pygame

from .settings import Settings
from .version import window_title

FPS = 60
MIN_SIZE = (800, 560)
DEFAULT_SIZE = (1280, 860)
BACKGROUND = (24, 26, 32)


class Clock(Protocol):
    def tick(self, framerate: int = 0) -> int: ...


class Scene:
    """A screen on the stack. Life cycle: resume, (process_event, update, draw)*, pause."""

    app: App

    def resume(self) -> None:
        """Called when the scene becomes the top of the stack."""

    def pause(self) -> None:
        """Called when another scene covers this one or it is removed."""

    def process_event(self, event: pygame.event.Event) -> None:
        """React to one input event; the only place (with update) that changes state."""

    def update(self, dt_ms: int) -> None:
        """Advance timers by `dt_ms` milliseconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the whole screen; never changes state."""


class App:
    """The window, the scene stack and the settings shared by every scene."""

    def __init__(self, size: tuple[int, int] = DEFAULT_SIZE, settings: Settings | None = None):
        self.settings = settings or Settings()
        self.scenes: list[Scene] = []
        self.running = True
        self.windowed_size = size
        self.fullscreen = False
        self.on_quit: list[Callable[[], None]] = []
        pygame.display.set_caption(window_title())
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        if self.top:
            self.top.pause()
        scene.app = self
        self.scenes.append(scene)
        scene.resume()

    def pop(self) -> None:
        """Remove the top scene; the app ends when the last one goes."""
        self.scenes.pop().pause()
        if self.top:
            self.top.resume()
        else:
            self.quit()

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for `scene` (e.g. game -> victory)."""
        self.scenes.pop().pause()
        self.push(scene)

    def reset(self, scene: Scene) -> None:
        """Clear the stack down to `scene` (e.g. back to the main menu)."""
        while self.scenes:
            self.scenes.pop().pause()
        self.push(scene)

    def quit(self) -> None:
        self.running = False

    def toggle_fullscreen(self) -> None:
        """F11: desktop-sized fullscreen, or back to the last window size."""
        self.fullscreen = not self.fullscreen
        if self.fullscreen:
            self.windowed_size = self.screen.get_size()
            self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)

    def handle(self, event: pygame.event.Event) -> None:
        """Window-level events here; everything else goes to the top scene."""
        if event.type == pygame.QUIT:
            self.quit()
        elif event.type == pygame.VIDEORESIZE and not self.fullscreen:
            size = (max(event.w, MIN_SIZE[0]), max(event.h, MIN_SIZE[1]))
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
        elif self.top:
            self.top.process_event(event)

    def frame(self, dt_ms: int) -> None:
        """One frame: all pending input, timers, then the picture."""
        for event in pygame.event.get():
            self.handle(event)
            if not self.running:
                return
        if self.top:
            self.top.update(dt_ms)
            self.screen.fill(BACKGROUND)
            self.top.draw(self.screen)
        pygame.display.flip()


def run(app: App, max_frames: int | None = None, clock: Clock | None = None) -> int:
    """Run frames until the app quits or `max_frames` have passed; returns the frame count."""
    clock = clock or pygame.time.Clock()
    frames = 0
    while app.running and (max_frames is None or frames < max_frames):
        app.frame(clock.tick(FPS))
        frames += 1
    if not app.running:
        for hook in app.on_quit:
            hook()
    return frames
