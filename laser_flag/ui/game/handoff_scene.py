"""The hand-off between two players of a fog game: the board covered by 'Pass to <team>' in that
team's colours until they press Ready, then what happened to their units while they waited."""

from __future__ import annotations

import pygame

from ...board.draw import team_disc
from ...i18n import _
from ...play.handoff import handoff_report
from ...play.session import Session
from ..ending.team_tint import mix, team_tint
from ..routes import AskUnsaved
from ..scene import Pop, PopToRoot, Push, Scene, Transition
from ..scroll import HINT, Scroll, draw_bar, overflows
from ..widgets import (
    DIM,
    TEXT,
    Button,
    clicked,
    draw_box,
    draw_buttons,
    draw_lines,
    draw_text,
    fit,
    font,
    largest_fitting,
    wrap,
)

READY_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
REPORT_W = 760  # the report's box, at most
REPORT_SIZE = 20
COVER_SIZE = 28
COVER_STEP = 36
TITLE_SIZES = (80, 64, 48, 36)  # the title's, largest first: the first that fits the window


class HandOffScene(Scene):
    """Over the game screen: nothing of the board shows until the next player says Ready."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.team = session.game.active_team
        self.ready = False  # Ready pressed: the report shows, then the board
        # The latest lines matter most (what is in sight now comes last): a report longer than
        # the window opens at its end, and scrolls back.
        self.scroll = Scroll.at_end()

    @property
    def name(self) -> str:
        return self.session.names[self.team]

    def report_lines(self) -> list[str]:
        """What this team was told while the other played, and who it sees now."""
        return handoff_report(self.session, self.team)

    def buttons(self) -> list[Button]:
        w, h = self.app.screen.get_size()
        px = self.px
        label = _("Show the board") if self.ready else _("Ready")
        go = pygame.Rect(w // 2 - px(120), h - px(120), px(240), px(52))
        menu = pygame.Rect(px(24), h - px(64), px(120), px(40))
        return [Button("go", label, go), Button("menu", _("Menu"), menu)]

    def report_view(self) -> tuple[list[str], pygame.Rect, int]:
        """The report's lines wrapped to the window (a blank line between entries), the part
        of the window they are drawn in (as tall as they need, if there is room) and their
        height, which scrolls in it."""
        w, h = self.app.screen.get_size()
        px, size = self.px, self.px(REPORT_SIZE)
        width = min(px(REPORT_W), w - px(48))
        wrapped = [part for line in self.report_lines()
                   for part in [*wrap(line, size, width - px(32)), ""]][:-1]
        line_h = font(size).get_linesize()
        fits = max(1, (h - px(170 + 150 + 32)) // line_h)
        view = pygame.Rect(0, px(186), width - px(32), min(fits, len(wrapped)) * line_h)
        view.centerx = w // 2
        return wrapped, view, len(wrapped) * line_h

    def process_event(self, event: pygame.event.Event) -> Transition | None:
        if self.ready:
            __, view, content_h = self.report_view()
            if self.scroll.handle(event, content_h, view.h):
                return None
        if event.type == pygame.KEYDOWN and event.key in READY_KEYS:
            return self.go_on()
        name = clicked(self.buttons(), event)
        if name is None:
            return None
        return self.go_on() if name == "go" else self.to_menu()

    def to_menu(self) -> Transition:
        """Menu: the game is saved as it stands; if its last save failed, the player is asked."""
        if self.session.game.history and self.session.keeper.problem is not None:
            return Push(AskUnsaved(self.session, quitting=False))
        return PopToRoot()

    def go_on(self) -> Transition | None:
        """Ready shows the report; the next press shows the board."""
        if self.ready:
            return Pop()
        self.ready = True
        return None

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        palette = self.session.palette(self.app.settings.alternate_palette)
        background, title = team_tint(palette.team(self.team))
        surface.fill(background)
        for i in range(4):  # the title band, brightest at its middle, as on the victory screen
            band = mix(background, title, 0.12 + 0.08 * i)
            pygame.draw.rect(surface, band, (0, self.px(60 + 12 * i), w, self.px(96 - 24 * i)))
        if self.ready:
            self.draw_report(surface, title)
        else:
            self.draw_cover(surface, title)
        draw_buttons(surface, self.buttons(), self.px(26))

    def draw_title(self, surface: pygame.Surface, text: str, color: tuple[int, int, int]) -> None:
        """Big, in the team's colour, with a shadow that keeps it readable on its tint, and the
        team's disc as its units wear it before it."""
        x, px = surface.get_width() // 2, self.px
        sizes = [px(size) for size in TITLE_SIZES]
        size = largest_fitting(text, sizes, x * 2 - px(48) - sizes[-1], bold=True)
        draw_text(surface, fit(text, size, x * 2 - px(48) - sizes[-1], True),
                  (x + px(3), px(73)), size, (0, 0, 0), bold=True, anchor="midtop")
        title = draw_text(surface, fit(text, size, x * 2 - px(48) - sizes[-1], True),
                          (x, px(70)), size, color, bold=True, anchor="midtop")
        palette = self.session.palette(self.app.settings.alternate_palette)
        radius = size * 3 // 8
        team_disc(surface, (title.x - radius - px(16), title.centery), radius,
                  palette.team(self.team))

    def draw_cover(self, surface: pygame.Surface, title: tuple[int, int, int]) -> None:
        w, h = surface.get_size()
        self.draw_title(surface, _("Pass to {name}").format(name=self.name), title)
        game = self.session.game
        lines = [
            _("Round {round} · turn {turn} · {name} to play, with fog of war").format(
                round=game.round, turn=game.turn, name=self.name),
            _("Only {name} should look now: the board shows what {name}'s units see.").format(
                name=self.name),
            _("Press Ready (Enter or Space) when you are at the keyboard."),
        ]
        px, size = self.px, self.px(COVER_SIZE)
        step = max(px(COVER_STEP), font(size).get_linesize())
        wrapped = [part for line in lines for part in wrap(line, size, w - px(48))]
        room = max(1, (h - px(170 + 130)) // step)  # above the Ready button
        wrapped = wrapped[:room]
        y = max(px(170), h // 2 - px(40) - (len(wrapped) - len(lines)) * step // 2)  # names wrap
        for i, line in enumerate(wrapped):
            draw_text(surface, line, (w // 2, y + i * step), size, TEXT, anchor="midtop")

    def draw_report(self, surface: pygame.Surface, title: tuple[int, int, int]) -> None:
        w, h = surface.get_size()
        self.draw_title(surface, _("{name}: while you waited").format(name=self.name), title)
        wrapped, view, content_h = self.report_view()
        top = self.scroll.top(content_h, view.h)
        px = self.px
        draw_box(surface, view.inflate(px(32), px(32)))
        surface.set_clip(view)
        draw_lines(surface, wrapped, (view.x, view.y - top), px(REPORT_SIZE), TEXT)
        surface.set_clip(None)
        draw_bar(surface, view.inflate(px(20), 0), top, content_h)
        if overflows(content_h, view.h):
            draw_text(surface, HINT, (view.right + px(16), view.bottom + px(20)), px(18), DIM,
                      anchor="topright")
        draw_text(surface, _("Enter or Space: the board"), (w // 2, h - px(60)), px(20), DIM,
                  anchor="midtop")
