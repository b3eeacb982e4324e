"""Learn to play: the lesson's chapters, each marked once won, the first not yet won offered
first; one opens with a click or Enter."""

from __future__ import annotations

import pygame

from ...engine.mapfile import MapError
from ..lesson import Chapter, Lesson
from ..lessons import CHAPTERS
from ..routes import PlayLesson
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
)

TOP = 96
ROW_H = (48, 66)  # a chapter's row: at least, at most
BOTTOM = 80  # the buttons' strip
DONE_GREEN = (120, 230, 140)


def progress(done: int) -> str:
    return f"{done} of {len(CHAPTERS)} chapters done"


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
        _, h = self.app.screen.get_size()
        return max(ROW_H[0], min(ROW_H[1], (h - TOP - BOTTOM) // len(CHAPTERS)))

    def row_rect(self, index: int) -> pygame.Rect:
        w, _ = self.app.screen.get_size()
        width = min(w - 48, 900)
        return pygame.Rect((w - width) // 2, TOP + index * self.row_h(), width, self.row_h() - 6)

    def buttons(self) -> list[Button]:
        w, h = self.app.screen.get_size()
        width = min(w - 48, 900)
        x = (w - width) // 2
        return [Button("start", "Start (Enter)", pygame.Rect(x, h - 64, 220, 40)),
                Button("back", "Back (Esc)", pygame.Rect(x + width - 160, h - 64, 160, 40))]

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
        left = self.row_rect(0).x
        draw_text(surface, "Learn to play", (left, 20), 48, ACCENT, bold=True)
        draw_text(surface, progress(self.done_count()), (left + 2, 66), 20, DIM)
        for i, chapter in enumerate(CHAPTERS):
            self.draw_row(surface, i, chapter)
        if self.message:
            draw_text(surface, fit(self.message, 18, w - 48), (24, h - 92), 18, BAD)
        draw_buttons(surface, self.buttons())

    def draw_row(self, surface: pygame.Surface, index: int, chapter: Chapter) -> None:
        rect = self.row_rect(index)
        chosen = index == self.chosen
        draw_box(surface, rect, (60, 66, 86) if chosen else (44, 48, 60),
                 ACCENT if chosen else (70, 76, 92))
        done = self.app.settings.lesson_done(chapter.key)
        status, color = ("done", DONE_GREEN) if done else ("", DIM)
        if status:
            draw_text(surface, status, (rect.right - 12, rect.y + 8), 20, color,
                      anchor="topright", bold=True)
        title = f"{index + 1}. {chapter.title}"
        draw_text(surface, fit(title, 24, rect.w - 100, bold=True), (rect.x + 12, rect.y + 6), 24,
                  TEXT, bold=True)
        if rect.h >= 50:
            draw_text(surface, fit(chapter.summary, 18, rect.w - 24), (rect.x + 14, rect.y + 34),
                      18, DIM)
