"""A screen on the app's stack, and the transitions by which it says where to go next.

A scene never builds another scene: it returns a transition naming a route (routes.py), and the
loop builds the scene (screens.py) and changes the stack. So no scene module imports another.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import pygame

from ..sound.mixer import Mixer
from .routes import Route
from .saved_games import SavedGames
from .scale import scaled, text_scale
from .settings import LaunchOptions, Settings


class Host(Protocol):
    """What a scene reads of the app: the window, the player's settings, the launch options,
    the sound (a silent mixer when there is no audio device) and the saves folder; and the
    few app-wide switches the settings screen turns."""

    screen: pygame.Surface
    settings: Settings
    options: LaunchOptions
    sound: Mixer
    saves: SavedGames
    fullscreen: bool

    def toggle_fullscreen(self) -> None: ...

    def toggle_mute(self) -> None: ...

    def apply_volumes(self) -> None: ...


@dataclass(frozen=True)
class Push:
    """Open the screen `to` over this one; popping it comes back here."""

    to: Route


@dataclass(frozen=True)
class Replace:
    """Swap this screen for `to` (e.g. game -> victory)."""

    to: Route


@dataclass(frozen=True)
class Pop:
    """Close this screen (back); the app ends when the last one goes."""


@dataclass(frozen=True)
class PopToRoot:
    """Back to the one main menu at the bottom of the stack, as the player left it."""


@dataclass(frozen=True)
class Quit:
    """End the app."""


Transition = Push | Replace | Pop | PopToRoot | Quit


class Scene:
    """A screen on the stack. Life cycle: resume, (process_event, update, draw)*, pause, and
    end once it leaves the stack for good.

    `process_event` and `update` return a transition when the player goes elsewhere.
    """

    app: Host
    takes_text = False  # True while a text field has the keys: M then types, it does not mute
    over_below = False  # a question over the screen under it: that one is drawn too, dimmed

    @property
    def scale(self) -> float:
        """How big this screen is drawn in the window as it is now (scale.py): every screen by
        the same rule."""
        return text_scale(self.app.screen.get_size())

    def px(self, size: int) -> int:
        """A size designed at scale 1 (a font, a row, a margin), in the window as it is now."""
        return scaled(size, self.scale)

    def resume(self) -> None:
        """Called when the scene becomes the top of the stack."""

    def pause(self) -> None:
        """Called when another scene covers this one or it is removed."""

    def end(self) -> None:
        """Called once, after pause, when the scene is removed from the stack (not when the
        app quits: the process ends then)."""

    def process_event(self, event: pygame.event.Event) -> Transition | None:
        """React to one input event; the only place (with update) that changes state."""
        return None

    def update(self, dt_ms: int) -> Transition | None:
        """Advance timers by `dt_ms` milliseconds."""
        return None

    def closing(self) -> Transition | None:
        """The window is being closed: a screen that would lose something asks first, by
        returning where to go instead (None: close). Asked from the top of the stack down."""
        return None

    def text_box(self) -> pygame.Rect | None:
        """Where the text being typed is shown while `takes_text` (None: nowhere in
        particular): an input method's window opens beside it."""
        return None

    def animating(self) -> bool:
        """The picture changes with no input (an animation, a timer shown, a bot thinking):
        while True the loop draws every frame; while False only after input."""
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the whole screen; never changes state."""
