"""The Rules screen: short pages, each a rule in a few words beside a small board that shows it
(drawn by the game's renderer), then the classes' numbers in words and the tiles and status
marks. Numbered tabs go to any page; a page taller than the window scrolls (scroll.py)."""

from __future__ import annotations

from dataclasses import replace

import pygame

from ...board.draw import UnitLook, draw_tiles, draw_unit
from ...board.icons import STATUS_ICONS
from ...board.palette import Palette
from ...board.tile_labels import TILE_LABELS
from ...engine.game_map import GameMap
from ...engine.ruleset import CLASSES, DEFAULT_RULESET
from ...i18n import _
from ..scale import scaled
from ..scene import Pop, Scene, Transition
from ..scroll import HINT, Scroll, draw_bar, overflows
from ..widgets import (
    ACCENT,
    DIM,
    TEXT,
    Button,
    button_at,
    draw_box,
    draw_buttons,
    draw_lines,
    draw_text,
    draw_tooltip,
    fit,
    font,
    row_of_buttons,
    wrap,
)
from .rules_layout import (
    CLASSES_PAGE,
    PAGE_NAMES,
    ROLE_CAPTION,
    ROLE_HEAD,
    ROLE_TITLE,
    PageLayout,
    TilesLayout,
    class_rows,
    classes_layout,
    sample_map,
    teaching_layout,
    tiles_layout,
)
from .rules_pages import PAGES
from .rules_pictures import draw_picture

TITLE_SIZE = 40
TAB = (34, 30)  # a page's numbered tab, at scale 1
ICON_GREY = (70, 74, 66)  # behind a status mark


class RulesScene(Scene):
    """The pages in order; Left/Right, the buttons or a tab turn them, Up/Down, PgUp/PgDn or the
    wheel scroll a page taller than the window, Esc or R goes back."""

    def __init__(self, gm: GameMap | None = None) -> None:
        self.page = 0
        self.rules = gm.rules if gm else DEFAULT_RULESET
        self.tiles_map = sample_map(gm)
        self.palette = Palette.from_map(self.tiles_map)
        self.scroll = Scroll()

    # ----- layout ----------------------------------------------------------------------------

    def title_height(self) -> int:
        return 14 + font(scaled(TITLE_SIZE, self.scale), True).get_linesize()

    def tabs(self) -> list[Button]:
        """One numbered tab per page under the title, the page shown lit, its name the hint."""
        s = self.scale
        w, h = scaled(TAB[0], s), scaled(TAB[1], s)
        y = self.title_height()
        return [Button(f"tab{i}", str(i + 1), pygame.Rect(24 + i * (w + 6), y, w, h),
                       toggled=i == self.page, hint=name)
                for i, name in enumerate(PAGE_NAMES)]

    def buttons(self) -> list[Button]:
        w, h = self.app.screen.get_size()
        s = self.scale
        width, height = min(w - 48, scaled(420, s)), scaled(40, s)
        area = pygame.Rect(w - 24 - width, h - 24 - height, width, height)
        specs = [("prev", _("< Previous")), ("next", _("Next >")), ("back", _("Back (Esc)"))]
        ends = {"prev": self.page > 0, "next": self.page < len(PAGE_NAMES) - 1}
        hints = {"prev": _("The page before (Left)"), "next": _("The next page (Right)"),
                 "back": _("Back to where you were (Esc or R)")}
        return [replace(b, enabled=ends.get(b.name, True), hint=hints[b.name])
                for b in row_of_buttons(specs, area)] + self.tabs()

    def box(self) -> pygame.Rect:
        w, h = self.app.screen.get_size()
        top = self.tabs()[0].rect.bottom + 10
        bottom = self.buttons()[0].rect.y - 12
        return pygame.Rect(24, top, w - 48, bottom - top)

    def view(self) -> pygame.Rect:
        """The part of the box the page is drawn in; what does not fit scrolls."""
        return self.box().inflate(-32, -24)

    def layout(self) -> PageLayout | TilesLayout:
        view, s = self.view(), self.scale
        if self.page < len(PAGES):
            return teaching_layout(PAGES[self.page], view.w, view.h, s)
        if PAGE_NAMES[self.page] == CLASSES_PAGE:
            return classes_layout(self.rules, view.w, s)
        return tiles_layout([TILE_LABELS[k] for k in self.tiles_map.tiles[0]], view.w, s)

    def content_height(self) -> int:
        return self.layout().height

    # ----- input -----------------------------------------------------------------------------

    def process_event(self, event: pygame.event.Event) -> Transition | None:
        if self.scroll.handle(event, self.content_height(), self.view().h):
            return None
        if event.type == pygame.KEYDOWN:
            keys = {
                pygame.K_LEFT: "prev",
                pygame.K_RIGHT: "next",
                pygame.K_ESCAPE: "back",
                pygame.K_r: "back",
            }
            if event.key in keys:
                return self.act(keys[event.key])
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = button_at(self.buttons(), event.pos)
            if hit:
                return self.act(hit.name)
        return None

    def act(self, name: str) -> Transition | None:
        if name == "back":
            return Pop()
        if name.startswith("tab"):
            page = int(name.removeprefix("tab"))
        else:  # the pages stop at either end: no wrapping round
            page = self.page + (1 if name == "next" else -1)
        page = min(len(PAGE_NAMES) - 1, max(0, page))
        if page != self.page:
            self.page, self.scroll = page, Scroll()  # a new page opens at its top
        return None

    # ----- drawing ---------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        s = self.scale
        title = fit(_("Rules · {page}").format(page=_(PAGE_NAMES[self.page])),
                    scaled(TITLE_SIZE, s), w - 200, True)
        draw_text(surface, title, (24, 12), scaled(TITLE_SIZE, s), ACCENT, bold=True)
        draw_text(surface, _("page {value} of {count}").format(
            value=self.page + 1, count=len(PAGE_NAMES)), (w - 24, 22),
                  scaled(20, s), DIM, anchor="topright")
        draw_box(surface, self.box())
        view, layout = self.view(), self.layout()
        top = self.scroll.top(layout.height, view.h)
        surface.set_clip(view)
        origin = view.move(0, -top)
        if isinstance(layout, TilesLayout):
            self.draw_tiles_page(surface, origin, layout)
        elif PAGE_NAMES[self.page] == CLASSES_PAGE:
            self.draw_units_column(surface, origin)
        elif layout.picture is not None:
            picture = layout.picture.move(origin.topleft)
            draw_picture(surface, PAGES[self.page].picture, picture.topleft, layout.tile_px,
                         self.app.settings.theme, self.app.settings.alternate_palette)
        draw_placed(surface, origin, layout.lines)
        surface.set_clip(None)
        draw_bar(surface, view.inflate(20, 0), top, layout.height)
        buttons = self.buttons()
        draw_buttons(surface, buttons, scaled(20, s))
        if overflows(layout.height, view.h):
            room = buttons[0].rect.x - 24 - 16
            draw_lines(surface, wrap(HINT, scaled(18, s), room), (24, h - scaled(58, s)),
                       scaled(18, s), DIM)
        draw_tooltip(surface, buttons, pygame.mouse.get_pos(), scaled(17, s))

    def draw_units_column(self, surface: pygame.Surface, origin: pygame.Rect) -> None:
        """Each class's unit, in the two teams' colours by turns, left of its row."""
        s = self.scale
        size = scaled(34, s)
        for i, (unit_class, y) in enumerate(zip(CLASSES, class_rows(self.rules, origin.w, s),
                                                strict=True)):
            look = UnitLook("1" if i % 2 == 0 else "2", unit_class, (0, 0))
            draw_unit(surface, look, pygame.Rect(origin.x, origin.y + y - scaled(6, s), size, size),
                      self.palette)

    def draw_tiles_page(self, surface: pygame.Surface, origin: pygame.Rect,
                        layout: TilesLayout) -> None:
        """The row of tiles as the board draws them, and each status mark in its grey box."""
        draw_tiles(surface, self.tiles_map, (origin.x, origin.y + layout.tiles_top),
                   layout.tile_px, self.palette, self.app.settings.theme)
        for mark, (__, __, draw_icon) in zip(layout.marks, STATUS_ICONS, strict=True):
            icon = mark.move(origin.topleft)
            pygame.draw.rect(surface, ICON_GREY, icon, border_radius=4)
            draw_icon(surface, icon.inflate(-28, -8).move(-10, 0))


COLORS = {ROLE_TITLE: TEXT, ROLE_HEAD: TEXT, ROLE_CAPTION: DIM}


def draw_placed(surface: pygame.Surface, origin: pygame.Rect, lines) -> None:
    """Every laid-out line at its place, in its role's colour (section titles in the accent)."""
    for line in lines:
        color = ACCENT if line.role == ROLE_TITLE and line.size >= 24 else COLORS.get(line.role,
                                                                                      TEXT)
        draw_text(surface, line.text, line.rect.move(origin.topleft).topleft, line.size, color,
                  bold=line.bold or line.role == ROLE_HEAD)
