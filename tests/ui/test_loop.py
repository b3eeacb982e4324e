"""The main loop and scene stack: life cycle order, window events, frame stepping."""

from __future__ import annotations

import os
import sys

import pygame
import pytest

from laser_flag.ui.learn.rules_scene import RulesScene
from laser_flag.ui.loop import MIN_SIZE, App, run
from laser_flag.ui.routes import ShowRules
from laser_flag.ui.scene import Pop, PopToRoot, Push, Quit, Replace, Scene

from .conftest import FakeClock, frames, press


class Recorder(Scene):
    def __init__(self, name: str, log: list[str]) -> None:
        self.name, self.log = name, log

    def resume(self) -> None:
        self.log.append(f"{self.name}.resume")

    def pause(self) -> None:
        self.log.append(f"{self.name}.pause")

    def process_event(self, event) -> None:
        if event.type == pygame.KEYDOWN:
            self.log.append(f"{self.name}.key")

    def update(self, dt_ms: int) -> None:
        self.log.append(f"{self.name}.update {dt_ms}")


def test_stack_life_cycle_and_only_the_top_gets_input(app):
    log: list[str] = []
    app.push(Recorder("menu", log))
    app.push(Recorder("game", log))
    press(app, pygame.K_x)
    app.pop()
    assert log == [
        "menu.resume", "menu.pause", "game.resume", "game.key", "game.update 16",
        "game.pause", "menu.resume",
    ]  # fmt: skip


def test_run_stops_at_max_frames_or_on_quit(app):
    app.push(Recorder("menu", []))
    assert run(app, 5, FakeClock()) == 5
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert run(app, 5, FakeClock()) == 1
    assert not app.running


def test_popping_the_last_scene_ends_the_app(app):
    app.push(Recorder("menu", []))
    app.pop()
    assert not app.running


def test_resize_keeps_a_minimum_and_f11_toggles_fullscreen(app):
    app.push(Recorder("menu", []))
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=300, h=200, size=(300, 200)))
    frames(app)
    assert app.screen.get_size() == MIN_SIZE
    press(app, pygame.K_F11)
    assert app.fullscreen
    press(app, pygame.K_F11)
    assert not app.fullscreen and app.windowed_size == MIN_SIZE  # the dummy driver keeps its size



def test_f11_returns_to_the_window_left_and_settings_keep_the_windowed_size(app):
    app.push(Recorder("menu", []))
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1000, h=700, size=(1000, 700)))
    frames(app)
    pygame.display.set_window_position((120, 90))
    press(app, pygame.K_F11)
    desktop = app.screen.get_size()
    assert app.fullscreen and desktop != (1000, 700)
    assert app.settings.window_size == (1000, 700) and app.settings.fullscreen
    # a window manager's word about the fullscreen window, late: neither the window's size
    # while fullscreen, nor, once back, a size for the window
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=desktop[0], h=desktop[1],
                                         size=desktop))
    press(app, pygame.K_F11)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=desktop[0], h=desktop[1],
                                         size=desktop))
    frames(app)
    assert not app.fullscreen and app.screen.get_size() == (1000, 700)
    assert pygame.display.get_window_position() == (120, 90)
    app.quit()
    assert app.settings.window_size == (1000, 700) and not app.settings.fullscreen


class Going(Scene):
    """Returns the transition a test hands it on the next key press."""

    def __init__(self) -> None:
        self.next = None

    def process_event(self, event):
        return self.next if event.type == pygame.KEYDOWN else None


def test_the_loop_applies_the_transition_a_scene_returns(app):
    root = Going()
    app.push(root)
    root.next = Push(ShowRules())
    press(app, pygame.K_x)
    assert isinstance(app.top, RulesScene) and len(app.scenes) == 2
    press(app, pygame.K_ESCAPE)  # the rules scene returns Pop
    assert app.scenes == [root]
    middle = Going()
    app.push(middle)
    middle.next = Replace(ShowRules())
    press(app, pygame.K_x)
    assert app.scenes[0] is root and isinstance(app.top, RulesScene) and len(app.scenes) == 2
    top = Going()
    app.push(top)
    top.next = PopToRoot()
    press(app, pygame.K_x)
    assert app.scenes == [root]
    root.next = Pop()
    press(app, pygame.K_x)  # the last scene goes: the app ends
    assert not app.running and app.scenes == []
    app.running = True
    app.push(root)
    root.next = Quit()
    press(app, pygame.K_x)
    assert not app.running and app.scenes == [root]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the X11 framebuffer choice")
def test_the_window_uses_the_plain_framebuffer_unless_the_player_chose(monkeypatch):
    """SDL's OpenGL-backed window picture is software GL without a graphics card (14 ms a flip
    against 0.4 ms): the app asks for the plain one, and leaves a player's own choice alone."""
    pygame.display.init()
    try:
        monkeypatch.delenv("SDL_FRAMEBUFFER_ACCELERATION", raising=False)
        App((800, 560))
        assert os.environ["SDL_FRAMEBUFFER_ACCELERATION"] == "0"
        monkeypatch.setenv("SDL_FRAMEBUFFER_ACCELERATION", "opengl")
        App((800, 560))
        assert os.environ["SDL_FRAMEBUFFER_ACCELERATION"] == "opengl"
    finally:
        pygame.display.quit()
