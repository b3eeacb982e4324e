"""Asked before the window closes, or the game is left for the menu, while the game is not saved
(its last save failed): try again, save it elsewhere, go without it, or back to the game."""

from __future__ import annotations

from pathlib import Path

import pygame

from ...i18n import _
from ...play.session import Session
from ...saves import new_save_paths
from .. import tk_dialogs
from ..scene import Pop, PopToRoot, Quit, Scene, Transition
from ..widgets import (
    ACCENT,
    BAD,
    TEXT,
    Button,
    clicked,
    draw_box,
    draw_buttons,
    draw_lines,
    draw_text,
    wrap,
)

BOX_W = 760  # the question's box, at most
KEYS = {pygame.K_ESCAPE: "back", pygame.K_r: "retry", pygame.K_s: "elsewhere"}


class UnsavedScene(Scene):
    """Over the game: its last save failed, and the player is about to lose it. Closing the
    window again while this asks closes it (the player insists)."""

    over_below = True  # the game it is about stays in view

    def __init__(self, session: Session, quitting: bool) -> None:
        self.session = session
        self.quitting = quitting
        self.note = ""  # what the last try came to

    @property
    def problem(self) -> str:
        return self.session.keeper.problem or ""

    def buttons(self) -> list[Button]:
        w, h = self.app.screen.get_size()
        box = self.box()
        go = _("Quit without saving") if self.quitting else _("Leave without saving")
        specs = [("retry", _("Try again (R)")), ("elsewhere", _("Save elsewhere... (S)")),
                 ("discard", go), ("back", _("Back to the game (Esc)"))]
        width = (box.w - 48 - 10) // 2
        return [Button(name, label, pygame.Rect(box.x + 24 + (i % 2) * (width + 10),
                                                box.bottom - 118 + (i // 2) * 52, width, 42))
                for i, (name, label) in enumerate(specs)]

    def box(self) -> pygame.Rect:
        w, h = self.app.screen.get_size()
        rect = pygame.Rect(0, 0, min(BOX_W, w - 48), min(330, h - 48))
        rect.center = (w // 2, h // 2)
        return rect

    def words(self) -> list[str]:
        """Why it asks: what failed, and what going on would lose."""
        going = _("Closing the window") if self.quitting else _("Leaving for the menu")
        path = self.session.keeper.path
        lost = (_("this game: it was never saved") if path is None else
                _("what was played since it was last saved, to {name}").format(name=path.name))
        return [_("Laser Flag could not save it: {problem}.").format(
            problem=self.problem), _("{going} now loses {lost}.").format(going=going, lost=lost)]

    def closing(self) -> Transition | None:
        return Quit()

    def process_event(self, event: pygame.event.Event) -> Transition | None:
        if event.type == pygame.KEYDOWN and event.key in KEYS:
            return self.act(KEYS[event.key])
        name = clicked(self.buttons(), event)
        return None if name is None else self.act(name)

    def act(self, name: str) -> Transition | None:
        if name == "back":
            return Pop()
        if name == "discard":
            return self.go_on()
        if name == "retry":
            session = self.session
            session.keeper.autosave(session.game, session.teams())
            self.note = "" if session.keeper.problem is None else _("Tried again: still not saved.")
        else:
            self.note = self.save_elsewhere()
        return None if self.note else self.go_on()

    def save_elsewhere(self) -> str:
        """Ask where, and save there; "" when saved, else what stopped it."""
        session = self.session
        current = session.keeper.path
        name = current.name if current else next(new_save_paths(session.gm.name)).name
        chosen = tk_dialogs.ask_save_file(str(Path.home()), name)
        if chosen is None:
            return _("No file chosen (cancelled, or no file dialog available).")
        problem = session.keeper.save_elsewhere(Path(chosen), session.game, session.teams())
        return "" if problem is None else _("Not saved there either: {problem}").format(
            problem=problem)

    def go_on(self) -> Transition:
        """What the player was doing when this asked: closing the window, or going to the menu."""
        return Quit() if self.quitting else PopToRoot()

    def draw(self, surface: pygame.Surface) -> None:
        box = self.box()
        draw_box(surface, box, edge=BAD)
        x, width = box.x + 24, box.w - 48
        draw_text(surface, _("This game is not saved"), (x, box.y + 20), 36, ACCENT, bold=True)
        wrapped = [part for line in self.words() for part in wrap(line, 22, width)]
        y = draw_lines(surface, wrapped[:5], (x, box.y + 68), 22, TEXT)
        if self.note:
            draw_lines(surface, wrap(self.note, 20, width)[:1], (x, y + 6), 20, BAD)
        draw_buttons(surface, self.buttons())
