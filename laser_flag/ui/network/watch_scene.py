"""Watch a game on a server: the board its spectators are shown, drawn as the game screen draws
a board, and beside it who plays, the score, whose turn it is and how many watch; under fog,
what the board holds back. Once the game is over its replay can be saved and watched.

Esc or Back returns to the server's games.
"""

from __future__ import annotations

import pygame

from ...board.draw import draw_tiles
from ...board.palette import Palette
from ...i18n import _
from ...play.fog_view import TeamView
from ...play.log_text import Roster
from ...play.spectating import Spectating
from ...remote.lobby_link import LobbyLink
from ...remote.tls import Tls
from ..game import overlays
from ..game.game_draw import BoardMarks, draw_game_board
from ..game.layout import Layout, game_layout
from ..game.plan_marks import PlanMarks
from ..routes import OpenSave
from ..scale import scaled
from ..scene import Pop, Push, Scene, Transition
from ..widgets import (
    ACCENT,
    BAD,
    DIM,
    TEXT,
    Button,
    clicked,
    draw_box,
    draw_buttons,
    draw_lines,
    draw_text,
    fit,
    wrap_cut,
)
from .network_wake import wake

BUTTON_H = 40  # at scale 1


class WatchScene(Scene):
    """The game `code` on the server at `address`, watched on a connection of its own (over
    TLS with `tls`)."""

    def __init__(self, address: tuple[str, int], code: str, tls: Tls | None = None) -> None:
        self.address, self.tls = address, tls
        self.watched = Spectating(code)
        self.link: LobbyLink | None = None
        self.saved = ""  # the replay's file name once saved
        self.marks: PlanMarks | None = None  # no picks on a watched board: an empty selection

    def resume(self) -> None:
        if self.link is None:
            self.link = LobbyLink(self.address, self.tls)
            self.link.notify = wake  # a message draws a frame at once
            self.link.start()

    def end(self) -> None:
        if self.link is not None:
            self.link.close()

    # ----- input -----------------------------------------------------------------------------

    def buttons(self) -> list[Button]:
        panel = self.panel()
        height, gap = self.px(BUTTON_H), self.px(10)
        rect = pygame.Rect(panel.x + gap, panel.bottom - gap - height, panel.w - 2 * gap, height)
        back = Button("back", _("Back"), rect)
        save = Button("save", _("Save the replay"), rect.move(0, -(height + gap)),
                      enabled=self.watched.replay is not None and not self.saved,
                      hint=_("Once the game is over: a replay in your saves folder"))
        found = [save, back]
        if self.saved:
            found.append(Button("open", _("Watch the replay"), save.rect.move(0, -(height + gap))))
        return found

    def process_event(self, event: pygame.event.Event) -> Transition | None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return Pop()
        name = clicked(self.buttons(), event)
        return None if name is None else self.act(name)

    def act(self, name: str) -> Transition | None:
        if name == "back":
            return Pop()
        if name == "save":
            try:
                self.saved = self.watched.save_replay(self.app.saves.folder).name
            except OSError as err:
                self.watched.problem = _("The replay could not be saved: {why}").format(
                    why=err.strerror or err)
        elif name == "open":
            return Push(OpenSave(self.app.saves.folder / self.saved, watch=True))
        return None

    def update(self, dt_ms: int) -> Transition | None:
        link = self.link
        while link is not None and not link.inbox.empty():
            answer = self.watched.heard(link.inbox.get_nowait())
            if answer is not None:
                link.send(answer)
        return None

    # ----- drawing ---------------------------------------------------------------------------

    def layout(self) -> Layout | None:
        gm = self.watched.gm
        if gm is None:
            return None
        return game_layout(self.app.screen.get_size(), gm.rows, gm.cols, fold=False)

    def panel(self) -> pygame.Rect:
        lay = self.layout()
        if lay is not None:
            return lay.panel
        width, height = self.app.screen.get_size()
        return pygame.Rect(self.px(16), self.px(16), width - self.px(32), height - self.px(32))

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.layout()
        if lay is not None:
            self.draw_board(surface, lay)
        self.draw_panel(surface)

    def draw_board(self, surface: pygame.Surface, lay: Layout) -> None:
        """The last board shown, as the game screen draws one seen whole; before one comes,
        the map's tiles alone, and across its top why."""
        watched, settings = self.watched, self.app.settings
        gm = watched.gm
        assert gm is not None
        palette = Palette.from_map(gm, settings.alternate_palette, watched.looks)
        game = watched.board
        if game is None:
            surface.set_clip(lay.area)
            draw_tiles(surface, gm, lay.origin, lay.tile_px, palette, settings.theme)
            surface.set_clip(None)
        else:
            if self.marks is None or self.marks.marks.game is not game:
                self.marks = PlanMarks(game)
            marks = BoardMarks(self.marks.marks, settings.coordinates, False, None, False,
                               TeamView(None, game, None, {}), False)
            draw_game_board(surface, lay, (palette, settings.theme), None,
                            Roster(gm, watched.names), marks)
        if game is None and watched.notice():  # a board shown is never covered: said aside
            overlays.banner(surface, lay.area, watched.notice())

    def draw_panel(self, surface: pygame.Surface) -> None:
        """Whose game it is, where it stands, and the buttons; the server's last word."""
        watched, panel = self.watched, self.panel()
        draw_box(surface, panel)
        inset, size = self.px(14), self.px(22)
        width = panel.w - 2 * inset
        x, y = panel.x + inset, panel.y + inset
        title = _("Watching {code}").format(code=watched.code)
        draw_text(surface, fit(title, self.px(26), width, bold=True), (x, y), self.px(26),
                  ACCENT, bold=True)
        y += self.px(40)
        if watched.gm is not None:
            draw_text(surface, fit(watched.gm.name, size, width), (x, y), size, DIM)
            y += self.px(32)
        elif not watched.gone:
            draw_text(surface, _("Connecting…"), (x, y), size, DIM)
        for line in watched.standing():
            draw_text(surface, fit(line, size, width), (x, y), size, TEXT)
            y += self.px(32)
        words, color = (watched.problem, BAD) if watched.problem else (watched.notice(), DIM)
        if self.saved:
            words, color = _("Saved as {name}").format(name=self.saved), ACCENT
        small = self.px(19)
        buttons = self.buttons()
        room = max(0, (min(b.rect.y for b in buttons) - y) // max(1, scaled(24, self.scale)))
        draw_lines(surface, wrap_cut(words, small, width, room), (x, y + self.px(8)), small,
                   color)
        draw_buttons(surface, buttons, self.px(20))
