"""Opening a save: a long one is replayed on a worker thread while this screen shows how far it
is (Esc gives up); a short one opens before the next frame, so this screen never shows."""

from __future__ import annotations

from pathlib import Path

import pygame

from ...i18n import _
from ...play.chore import Cancelled, Chore
from ...save_slot import SlotTaken
from ...saves import SaveError
from ..routes import Route
from ..scene import Pop, Replace, Scene, Transition
from ..widgets import (
    ACCENT,
    BAD,
    DIM,
    TEXT,
    Button,
    button_at,
    draw_buttons,
    draw_lines,
    draw_progress,
    draw_text,
    fit,
    wrap,
)
from .opening import in_background, opening, share_done

BACK_KEYS = (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_BACKSPACE)
PROBLEMS = (SaveError, SlotTaken, OSError)  # said on this screen; anything else is a bug


class LoadingScene(Scene):
    """Opens `path` (to continue it, or to watch it: `watch`), then gives way to that screen;
    if it cannot be opened, says why until the player goes back."""

    def __init__(self, path: Path, watch: bool) -> None:
        self.path = path
        self.watch = watch
        self.chore: Chore[Route] | None = None
        self.problem: str | None = None
        self.shown: tuple[str, int, int] | None = None  # the progress the bar shows

    def resume(self) -> None:
        if self.chore is None:  # on the stack: the app's options are known now
            work = opening(self.path, self.watch, self.app.options.state_file)
            self.chore = Chore(work, background=in_background(self.path))

    def update(self, dt_ms: int) -> Transition | None:
        chore = self.chore
        if chore is None or self.problem is not None:
            return None
        self.shown = chore.progress
        if not chore.done:
            return None
        if chore.error is None:
            return Replace(chore.result)
        if isinstance(chore.error, Cancelled):
            return Pop()
        if not isinstance(chore.error, PROBLEMS):
            raise chore.error
        self.problem = str(chore.error)
        return None

    def animating(self) -> bool:
        """A frame only when the bar has moved or the outcome is in: the worker replaying the
        game shares one interpreter with this loop, and frames it does not need slow it."""
        chore = self.chore
        return self.problem is None and (chore.done or chore.progress != self.shown)

    def back_button(self) -> Button:
        w, h = self.app.screen.get_size()
        label = _("Back") if self.problem is not None else _("Cancel (Esc)")
        return Button("back", label, pygame.Rect(w // 2 - 100, h // 2 + 90, 200, 44))

    def process_event(self, event: pygame.event.Event) -> Transition | None:
        back = (event.type == pygame.KEYDOWN and event.key in BACK_KEYS) or (
            event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
            and button_at([self.back_button()], event.pos) is not None
        )
        if not back:
            return None
        if self.problem is None:
            self.chore.cancel()  # the worker stops at its next step and lets the game go
        return Pop()

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        title = _("Opening the replay") if self.watch else _("Opening the game")
        draw_text(surface, title, (w // 2, h // 2 - 110), 40, ACCENT, bold=True, anchor="midtop")
        name = fit(self.path.name, 20, w - 48)
        draw_text(surface, name, (w // 2, h // 2 - 64), 20, DIM, anchor="midtop")
        if self.problem is not None:
            lines = wrap(self.problem, 22, min(760, w - 48))[:6]
            left = w // 2 - min(760, w - 48) // 2
            draw_lines(surface, lines, (left, h // 2 - 24), 22, BAD)
        else:
            self.draw_progress(surface)
        draw_buttons(surface, [self.back_button()])

    def draw_progress(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        words, done, total = self.shown or ("", 0, 0)
        bar = pygame.Rect(0, 0, min(600, w - 96), 18)
        bar.center = (w // 2, h // 2 + 10)
        draw_progress(surface, bar, share_done(words, done, total))
        said = _("{words}: {done:,} of {total:,} actions").format(
            words=words, done=done, total=total) if total > 1 else words or _("Reading")
        draw_text(surface, said, (w // 2, h // 2 - 24), 22, TEXT, anchor="midtop")
