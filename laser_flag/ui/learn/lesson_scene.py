"""A lesson's screen: the game screen, with the step's prompt under the board, its target ringed
and any refusal said right under the prompt; only the step's action is played, the trainer's
answers are shown before they play and play slowly, and Esc leaves at any moment."""

from __future__ import annotations

import pygame

from ...engine.actions import Action, EndTurn, Fire
from ...i18n import N_, _
from ...play.lesson import LEARNER, NEXT, NO_UNDO, TRAINER_SPEED, WATCH, Lesson, LessonTurns
from ...play.lessons import CHAPTERS
from ...play.refusals import Refused
from ...play.session import Session
from ..game import overlays
from ..game.game_scene import GameScene
from ..game.layout import MARGIN, Layout
from ..game.selection import Selection
from ..routes import HandOff, PlayLesson
from ..scene import Pop, Push, Replace, Transition
from ..widgets import ACCENT, BAD, DIM, TEXT, Button, draw_box, draw_buttons, draw_lines, font, wrap

PROMPT_SIZE = 24
HINT_LINES = 2  # room kept under every prompt for a refusal
LEAVE = N_("Esc leaves the lesson.")
GAP = 12  # between the board and the prompt box
NEXT_W, NEXT_H = 220, 36  # the prompt box's Next button
ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)


def wrap_beside(text: str, width: int, beside: int) -> list[str]:
    """`text` wrapped `width` px wide, its first `beside` lines short of the Next button that
    stands beside them (at the box's top right)."""
    lines: list[str] = []
    while beside > 0 and text:
        first = wrap(text, PROMPT_SIZE, width - NEXT_W - 12)[0]
        lines.append(first)
        text = text[len(first):].lstrip(" ")
        beside -= 1
    return lines + (wrap(text, PROMPT_SIZE, width) if text else [])


def box_text(title: str, text: str, width: int, button: bool) -> tuple[list[str], list[str]]:
    """The title's lines and the prompt's in a box `width` px wide: with the Next button shown,
    the lines beside it (the title's, then the prompt's first) wrap short of it."""
    room = width - 24
    beside = -(-NEXT_H // font(PROMPT_SIZE).get_linesize()) if button else 0
    titled = wrap_beside(title, room, beside)
    return titled, wrap_beside(text, room, beside - len(titled))


def box_height(lines: int) -> int:
    """`lines` of title and prompt, the room for a refusal and the line on leaving, with the
    box's padding."""
    step = font(PROMPT_SIZE).get_linesize()
    return 16 + step * (lines + HINT_LINES) + font(20).get_linesize()


def next_chapter(lesson: Lesson):
    """The chapter after this one, if any."""
    at = next((i for i, c in enumerate(CHAPTERS) if c.key == lesson.chapter.key), None)
    return CHAPTERS[at + 1] if at is not None and at + 1 < len(CHAPTERS) else None


class LessonScene(GameScene):
    """A GameScene whose actions go through the lesson, and whose trainer plays its script."""

    def __init__(self, lesson: Lesson, session: Session) -> None:
        super().__init__(session)
        self.lesson = lesson
        self.board = lesson.board  # the chapter's board this game is played on
        self.turns = LessonTurns(session)
        self.selection = Selection(self.turns.view.known)
        self.room = (0, 0)  # (prompt width, the height kept for the prompt under the board)
        self.hinted = ("", self.picks())  # the refusal said, and the picks when it was said

    def layout(self) -> Layout:
        """The game's layout with the board lifted clear of the prompt box; the panel as ever."""
        size = self.app.screen.get_size()
        full = super().layout()
        return self.pointer.layout(size, self.prompt_room(full.panel.x - 2 * MARGIN))

    def prompt_room(self, width: int) -> int:
        """Room for the longest step's prompt (or the chapter's last words), so that the board
        keeps still from step to step."""
        if self.room[0] != width:
            lesson = self.lesson
            shown = [(self.title(i), _(step.prompt)) for i, step in enumerate(lesson.steps)]
            shown.append((self.title(len(lesson.steps)), _(lesson.chapter.done)))
            longest = max(sum(map(len, box_text(*words, width, True))) for words in shown)
            self.room = (width, box_height(longest) + GAP)
        return self.room[1]

    def prompt_box(self, lay: Layout) -> pygame.Rect:
        """Where the prompt goes: under the board (under the part shown, when it pans), as
        wide as the room left of the panel, down to the window's foot."""
        top = min(lay.board.bottom, lay.area.bottom) + GAP
        height = self.app.screen.get_height() - top - MARGIN
        return pygame.Rect(MARGIN, top, lay.panel.x - 2 * MARGIN, height)

    # ----- acting ------------------------------------------------------------------------

    def act(self, action: Action | Refused | None) -> None:
        """The step's action is played; anything else is refused, said beside the prompt."""
        if isinstance(action, Refused):
            self.turns.on_refused()
            self.lesson.refused(action.reason)
        elif action is not None:
            if isinstance(self.lesson.act(self.turns, action), Refused):
                self.turns.on_refused()
            elif isinstance(action, Fire):
                self.selection.target = None  # the shot is taken: its odds are old news
            self.selection.refresh()

    def picks(self) -> tuple[int | None, int | None]:
        return self.selection.unit, self.selection.target

    def forget_stale_hint(self) -> None:
        """A refusal stays said until the player's picks change: a unit selected or a target
        aimed at was accepted, so the refusal before it is old news."""
        if self.lesson.hint != self.hinted[0]:
            self.hinted = (self.lesson.hint, self.picks())
        elif self.lesson.hint and self.picks() != self.hinted[1]:
            self.lesson.forget_hint()

    def end_turn(self) -> None:
        """E goes through the lesson like any action, and never asks: the step said to end it."""
        self.act(EndTurn())

    def undo(self) -> None:
        """The lesson only goes forward: a step taken back would leave the trainer's script."""
        self.lesson.refused(NO_UNDO)

    def shown(self) -> Selection:
        """While the trainer's next action waits, it is marked as a bot's plan is."""
        if self.lesson.next_reply(self.turns) is not None:
            return self.plan.marks
        return super().shown()

    def update(self, dt_ms: int) -> Transition | None:
        """Events play on and the trainer answers, slowly; a chapter won is kept in the settings
        (and stays on screen, saying so); the hand-off covers the board between turns under fog;
        the chapter's next board starts once this one is done."""
        lesson, turns = self.lesson, self.turns
        speed = TRAINER_SPEED if lesson.trainer_acting else self.app.settings.speed
        turns.tick(dt_ms, speed)
        if lesson.tick(turns, dt_ms):
            self.selection.refresh()
        self.selection.follow(turns.view.known)
        self.forget_stale_hint()
        self.plan.follow(self.selection.game, lesson.next_reply(turns))
        self.pointer.follow(self.layout(), self.shown())
        if lesson.complete and turns.game.winner == LEARNER:
            self.app.settings.finish_lesson(lesson.chapter.key)
        if turns.take_handoff():
            return Push(HandOff(self.session))
        if lesson.board != self.board and turns.playback is None:
            return Replace(PlayLesson(lesson, lesson.session(self.app.options.state_file)))
        return None

    def animating(self) -> bool:
        return super().animating() or self.lesson.replying  # the trainer's pause before it acts

    # ----- input -------------------------------------------------------------------------

    def process_event(self, event: pygame.event.Event) -> Transition | None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.turns.leave()
            return Pop()
        if event.type == pygame.KEYDOWN and event.key in ENTER_KEYS and self.next_label():
            return self.command("lesson_next")
        transition = super().process_event(event)
        if self.watching:  # H pressed, or the Watch button: the step asking for it is done
            self.lesson.signal(WATCH)
        return transition

    def next_label(self) -> str | None:
        """What Enter (or the prompt's button) does now: the chapter's next board, the next
        chapter; None when it does nothing here."""
        lesson = self.lesson
        if lesson.step is not None and lesson.step.signal == NEXT:
            return _("Next board (Enter)")
        if lesson.complete and self.turns.playback is None and next_chapter(lesson):
            return _("Next chapter (Enter)")
        return None

    def buttons(self) -> list[Button]:
        label = self.next_label()
        if label is None:
            return super().buttons()
        box = self.prompt_box(self.layout())
        rect = pygame.Rect(0, 0, NEXT_W, NEXT_H)
        rect.topright = (box.right - 10, box.y + 8)
        return [*super().buttons(), Button("lesson_next", label, rect)]

    def command(self, name: str) -> Transition | None:
        if name != "lesson_next":
            return super().command(name)
        if self.lesson.step is not None:
            self.lesson.signal(NEXT)
            return None
        chapter = next_chapter(self.lesson)
        if chapter is None:
            return None
        lesson = Lesson(chapter)
        return Replace(PlayLesson(lesson, lesson.session(self.app.options.state_file)))

    # ----- drawing -----------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        lay, step = self.layout(), self.lesson.step
        if self.turns.playback is None and step is not None:
            width = max(3, lay.tile_px // 14)
            for pos in step.highlight:
                overlays.ring(surface, lay.origin, lay.tile_px, pos, ACCENT, width)
        self.draw_prompt(surface)
        draw_buttons(surface, [b for b in self.buttons() if b.name == "lesson_next"], 20)

    def title(self, index: int | None = None) -> str:
        """The box's heading at step `index` (default: the current one; past the last: done)."""
        lesson = self.lesson
        index = lesson.index if index is None else index
        number = next(i for i, c in enumerate(CHAPTERS, 1) if c.key == lesson.chapter.key)
        heading = _("Lesson {number} of {count}: {title}").format(
            number=number, count=len(CHAPTERS), title=_(lesson.chapter.title))
        if index >= len(lesson.steps):
            return _("{heading} · complete").format(heading=heading)
        return _("{heading} · step {value} of {count}").format(
            heading=heading, value=index + 1, count=len(lesson.steps))

    def prompt_words(self) -> tuple[list[str], list[str]]:
        """The title's lines and the step's (or the chapter's last words) in the box."""
        lesson, step = self.lesson, self.lesson.step
        text = _(lesson.chapter.done if step is None else step.prompt)
        width = self.prompt_box(self.layout()).w
        return box_text(self.title(), text, width, self.next_label() is not None)

    def prompt_frame(self) -> pygame.Rect:
        """The prompt's box as drawn: as tall as its words need, in the room under the board."""
        area = self.prompt_box(self.layout())
        height = box_height(sum(map(len, self.prompt_words())))
        return pygame.Rect(area.x, area.y, area.w, min(area.h, height))

    def draw_prompt(self, surface: pygame.Surface) -> None:
        """The step's words in a box under the board, the refusal under them in red."""
        box = self.prompt_frame()
        title, lines = self.prompt_words()
        draw_box(surface, box, edge=ACCENT)
        x, y = box.x + 12, box.y + 8
        y = draw_lines(surface, title, (x, y), PROMPT_SIZE, ACCENT)
        y = draw_lines(surface, lines, (x, y), PROMPT_SIZE, TEXT)
        if self.lesson.hint:
            hint = wrap(_(self.lesson.hint), PROMPT_SIZE, box.w - 24)[:HINT_LINES]
            draw_lines(surface, hint, (x, y), PROMPT_SIZE, BAD)
        y += font(PROMPT_SIZE).get_linesize() * HINT_LINES
        draw_lines(surface, [self.leaving()], (x, y), 20, DIM)

    def leaving(self) -> str:
        if not self.lesson.complete:
            return _(LEAVE)
        if next_chapter(self.lesson) is None:
            return _("That was the last chapter. Esc: back to the lessons.")
        return _("Next: {title} · Esc: the lessons.").format(
            title=_(next_chapter(self.lesson).title))
