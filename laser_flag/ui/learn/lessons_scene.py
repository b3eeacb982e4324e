"""Learn to play: the lesson's chapters, each marked once won, the first not yet won offered
first; one opens with a click or Enter."""

from __future__ import annotations

import pygame

from ...engine.mapfile import MapError
from ...i18n import _
from ...play.lesson import Chapter, Lesson
from ...play.lessons import CHAPTERS
from ..routes import PlayLesson
from ..scale import scaled
from ..scene import Pop, Push, Scene, Transition
from ..widgets import (
    ACCENT,
    BAD,
    DIM,
    TEXT,
    Button,
    button_at,
    draw_box,
    draw_buttons,
    draw_text,
    fit,
    font,
)

# Sizes at text scale 1, scaled with the window (layout.text_scale) as the Rules screen is.
TOP = 96
ROW_H = (48, 66)  # a chapter's row: at least, at most
BOTTOM = 80  # the buttons' strip
WIDTH = 900  # the list's width at most
TITLE, PROGRESS, NAME, SUMMARY = 48, 20, 24, 18  # the text's sizes
DONE_GREEN = (120, 230, 140)


def progress(done: int) -> str:
    return _("{done} of {count} chapters done").format(done=done, count=len(CHAPTERS))


class LessonsScene(Scene):
    """The chapters in order; `chosen` is the one Enter opens."""

    def __init__(self) -> None:
        self.chosen: int | None = None  # set when first shown: the first chapter not yet won
        self.message = ""

    def resume(self) -> None:
        """Shown again after a chapter: the next one to do is offered."""
        self.chosen = self.first_to_do()
        self.app.sound.play_music("music_menu")

    def first_to_do(self) -> int:
        done = self.app.settings.lesson_done
        return next((i for i, c in enumerate(CHAPTERS) if not done(c.key)), 0)

    def done_count(self) -> int:
        return sum(self.app.settings.lesson_done(c.key) for c in CHAPTERS)

    def row_h(self) -> int:
        __, h = self.app.screen.get_size()
        s = self.scale
        room = (h - scaled(TOP, s) - scaled(BOTTOM, s)) // len(CHAPTERS)
        return max(scaled(ROW_H[0], s), min(scaled(ROW_H[1], s), room))

    def list_x(self) -> tuple[int, int]:
        """The list's left edge and width: centred, never wider than WIDTH (scaled)."""
        w, __ = self.app.screen.get_size()
        width = min(w - 48, scaled(WIDTH, self.scale))
        return (w - width) // 2, width

    def row_rect(self, index: int) -> pygame.Rect:
        x, width = self.list_x()
        top = scaled(TOP, self.scale)
        return pygame.Rect(x, top + index * self.row_h(), width, self.row_h() - 6)

    def buttons(self) -> list[Button]:
        __, h = self.app.screen.get_size()
        x, width = self.list_x()
        s = self.scale
        bh, y = scaled(40, s), h - scaled(64, s)
        start_w, back_w = scaled(220, s), scaled(160, s)
        return [Button("start", _("Start (Enter)"), pygame.Rect(x, y, start_w, bh)),
                Button("back", _("Back (Esc)"), pygame.Rect(x + width - back_w, y, back_w, bh))]

    def process_event(self, event: pygame.event.Event) -> Transition | None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = button_at(self.buttons(), event.pos)
            if hit is not None:
                return Pop() if hit.name == "back" else self.start(self.chosen)
            rows = [i for i in range(len(CHAPTERS)) if self.row_rect(i).collidepoint(event.pos)]
            if rows:
                row = rows[0]
                self.chosen = row
                return self.start(row)
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                return Pop()
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                return self.start(self.chosen)
            if event.key in (pygame.K_UP, pygame.K_DOWN):
                step = 1 if event.key == pygame.K_DOWN else -1
                self.chosen = (self.chosen + step) % len(CHAPTERS)
        return None

    def start(self, index: int) -> Transition | None:
        """The chapter at `index`, on its first board with its dice set."""
        lesson = Lesson(CHAPTERS[index])
        try:
            session = lesson.session(self.app.options.state_file)
        except MapError as exc:
            self.message = str(exc)
            return None
        return Push(PlayLesson(lesson, session))

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        left, s = self.row_rect(0).x, self.scale
        draw_text(surface, _("Learn to play"), (left, scaled(20, s)), scaled(TITLE, s), ACCENT,
                  bold=True)
        draw_text(surface, progress(self.done_count()), (left + 2, scaled(66, s)),
                  scaled(PROGRESS, s), DIM)
        for i, chapter in enumerate(CHAPTERS):
            self.draw_row(surface, i, chapter)
        if self.message:
            size = scaled(SUMMARY, s)
            draw_text(surface, fit(self.message, size, w - 48), (24, h - scaled(92, s)), size,
                      BAD)
        draw_buttons(surface, self.buttons(), scaled(20, s))

    def draw_row(self, surface: pygame.Surface, index: int, chapter: Chapter) -> None:
        rect = self.row_rect(index)
        chosen = index == self.chosen
        draw_box(surface, rect, (60, 66, 86) if chosen else (44, 48, 60),
                 ACCENT if chosen else (70, 76, 92))
        s = self.scale
        name, summary = scaled(NAME, s), scaled(SUMMARY, s)
        if self.app.settings.lesson_done(chapter.key):
            draw_text(surface, "done", (rect.right - 12, rect.y + scaled(8, s)),
                      scaled(PROGRESS, s), DONE_GREEN, anchor="topright", bold=True)
        title = f"{index + 1}. {_(chapter.title)}"
        lines_h = font(name, True).get_linesize() + font(summary).get_linesize()
        fits = lines_h <= rect.h - 4  # room for its summary under its name
        top = rect.y + (rect.h - (lines_h if fits else font(name, True).get_linesize())) // 2
        draw_text(surface, fit(title, name, rect.w - scaled(100, s), bold=True),
                  (rect.x + 12, top), name, TEXT, bold=True)
        below = top + font(name, True).get_linesize()
        if fits:
            draw_text(surface, fit(_(chapter.summary), summary, rect.w - 24), (rect.x + 14, below),
                      summary, DIM)
