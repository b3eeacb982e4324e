"""The first lesson's screen: the game screen, with the step's prompt under the board and its target
ringed; only the step's action is played, and Esc leaves for the menu at any moment."""

from __future__ import annotations

import pygame

from ...engine.actions import Action, EndTurn
from .. import overlays
from ..layout import MARGIN, Layout
from ..lesson import FINISHED, NO_UNDO, WATCH, Lesson, LessonTurns
from ..refusals import Refused
from ..scene import Transition
from ..session import Session
from ..widgets import ACCENT, DIM, TEXT, draw_box, draw_lines, font, wrap
from .game_scene import GameScene

PROMPT_SIZE = 24
LEAVE = "Esc leaves the lesson."
GAP = 12  # between the board and the prompt box


def prompt_lines(text: str, width: int) -> list[str]:
    return wrap(text, PROMPT_SIZE, width - 24)


def box_height(lines: int) -> int:
    """A title, `lines` of prompt and the line on leaving, with the box's padding."""
    return 16 + font(PROMPT_SIZE).get_linesize() * (lines + 1) + font(20).get_linesize()


class LessonScene(GameScene):
    """A GameScene whose actions go through the lesson, and whose trainer plays its script."""

    def __init__(self, lesson: Lesson, session: Session) -> None:
        super().__init__(session)
        self.lesson = lesson
        self.turns = LessonTurns(session)
        self.room = (0, 0)  # (prompt width, the height kept for the prompt under the board)

    def layout(self) -> Layout:
        """The game's layout with the board lifted clear of the prompt box; the panel as ever."""
        size = self.app.screen.get_size()
        full = super().layout()
        return self.pointer.layout(size, self.prompt_room(full.panel.x - 2 * MARGIN))

    def prompt_room(self, width: int) -> int:
        """Room for the longest step's prompt, so that the board keeps still from step to step."""
        if self.room[0] != width:
            longest = max(len(prompt_lines(step.prompt, width)) for step in self.lesson.steps)
            self.room = (width, box_height(longest) + GAP)
        return self.room[1]

    def act(self, action: Action | Refused | None) -> None:
        """The step's action is played; any other is refused with the step's hint."""
        if action is None or isinstance(action, Refused):
            super().act(action)
        else:
            self.lesson.act(self.turns, action)
            self.selection.refresh()

    def end_turn(self) -> None:
        """E goes through the lesson like any action, and never asks: the step said to end it."""
        self.act(EndTurn())

    def undo(self) -> None:
        """The lesson only goes forward: a step taken back would leave the trainer's script."""
        self.turns.message = NO_UNDO

    def update(self, dt_ms: int) -> Transition | None:
        """Events play on and the trainer answers; a win is kept in the settings (and the lesson
        stays on screen, saying so)."""
        self.turns.tick(dt_ms, self.app.settings.speed)
        if self.lesson.tick(self.turns):
            self.selection.refresh()
        if self.lesson.finished and not self.app.settings.tutorial_done:
            self.app.settings.finish_tutorial()
        return None

    def process_event(self, event: pygame.event.Event) -> Transition | None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return self.command("menu")
        transition = super().process_event(event)
        if self.watching:  # H pressed, or the Watch button: the step asking for it is done
            self.lesson.signal(WATCH)
        return transition

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        lay, step = self.layout(), self.lesson.step
        if self.turns.playback is None and step is not None:
            width = max(3, lay.tile_px // 14)
            for pos in step.highlight:
                overlays.ring(surface, lay.origin, lay.tile_px, pos, ACCENT, width)
        self.draw_prompt(surface, pygame.Rect(MARGIN, 0, lay.panel.x - 2 * MARGIN, 0), lay.board)

    def draw_prompt(
        self, surface: pygame.Surface, area: pygame.Rect, board_rect: pygame.Rect
    ) -> None:
        """The step's words in a box under the board, in the room kept for them."""
        lesson, step = self.lesson, self.lesson.step
        count = f"Step {lesson.index + 1} of {len(lesson.steps)}"
        title = "Lesson complete" if step is None else count
        lines = prompt_lines(FINISHED if step is None else step.prompt, area.w)
        box = pygame.Rect(area.x, board_rect.bottom + GAP, area.w, box_height(len(lines)))
        draw_box(surface, box, edge=ACCENT)
        x, y = box.x + 12, box.y + 8
        y = draw_lines(surface, [title], (x, y), PROMPT_SIZE, ACCENT)
        y = draw_lines(surface, lines, (x, y), PROMPT_SIZE, TEXT)
        if step is not None:
            draw_lines(surface, [LEAVE], (x, y), 20, DIM)
