"""How the game screen is arranged by hand: the wheel zooms around the pointer, a drag with the
right or middle button pans, + and - zoom around the board's middle, and in a small window the
panel's drawer opens (I, or its button) and shuts (I, Esc, a click beside it). A right click
that did not drag is still a right click (the game screen deselects with it)."""

from __future__ import annotations

import pygame

from ...board.viewport import BoardView
from ...i18n import N_
from .layout import Layout, game_layout
from .selection import Selection

DRAG_BUTTONS = (2, 3)  # middle and right: the left button acts on tiles
DRAG_PX = 5  # moved further than this with a button down: a drag, not a click
ZOOM_KEYS = {pygame.K_PLUS: 1, pygame.K_EQUALS: 1, pygame.K_KP_PLUS: 1,
             pygame.K_MINUS: -1, pygame.K_KP_MINUS: -1}
RIGHT_CLICK = N_("right click")


class BoardPointer:
    """The player's view of the board (`view`), the drag in progress and the drawer."""

    def __init__(self, rows: int, cols: int) -> None:
        self.rows, self.cols = rows, cols  # the board's
        self.view = BoardView()
        self.pressed: tuple[int, int] | None = None  # where a drag button went down
        self.dragging = False
        self.drawer_open = False
        self.followed: tuple[int | None, int | None] = (None, None)  # (turn, unit) last shown

    def layout(self, size: tuple[int, int], below: int = 0, fold: bool = True) -> Layout:
        """The game screen's layout in a window of `size`, `below` px kept under the board;
        without `fold` the panel never becomes a drawer (the replay)."""
        return game_layout(size, self.rows, self.cols, self.view, self.drawer_open, below, fold)

    def show(self, lay: Layout, pos: tuple[int, int] | None) -> None:
        """Pan just enough to bring tile `pos` into sight (the keyboard's cursor), if any."""
        if pos is not None:
            self.view.show(lay.area, self.rows, self.cols, pos)

    def follow(self, lay: Layout, sel: Selection) -> None:
        """On a board bigger than its window, bring into sight one of the team to play's units
        when a turn starts, and the unit picked (or a bot's plan's) when it changes."""
        game, (turn, unit) = sel.game, self.followed
        self.followed = (game.turn, sel.unit)
        if turn != game.turn:
            ours = [u.pos for u in game.units if u.team == game.active_team]
            if ours:
                self.show(lay, ours[0])
        elif sel.unit is not None and sel.unit != unit:
            self.show(lay, game.unit(sel.unit).pos)

    def toggle_drawer(self) -> None:
        self.drawer_open = not self.drawer_open

    def handle(self, event: pygame.event.Event, lay: Layout) -> str | bool:
        """True when `event` zoomed, panned or shut the drawer; RIGHT_CLICK for a right button
        let go without a drag; False when it is not this one's to handle."""
        area, rows, cols = lay.area, self.rows, self.cols
        if event.type == pygame.MOUSEWHEEL:
            xy = pygame.mouse.get_pos()
            if area.collidepoint(xy) and not self.over_drawer(lay, xy):
                self.view.zoom_at(area, rows, cols, xy, event.y)
            return True
        if event.type == pygame.KEYDOWN:
            return self.key(event.key, lay)
        if event.type == pygame.MOUSEBUTTONDOWN:
            return self.press(event, lay)
        if event.type == pygame.MOUSEMOTION and self.pressed is not None:
            return self.drag(event, lay)
        if event.type == pygame.MOUSEBUTTONUP and event.button in DRAG_BUTTONS:
            clicked = self.pressed is not None and not self.dragging
            self.pressed, self.dragging = None, False
            return RIGHT_CLICK if clicked and event.button == 3 else True
        return False

    def key(self, key: int, lay: Layout) -> bool:
        if key in ZOOM_KEYS:
            self.view.zoom_at(lay.area, self.rows, self.cols, lay.area.center, ZOOM_KEYS[key])
            return True
        if key == pygame.K_ESCAPE and self.drawer_open:
            self.drawer_open = False
            return True
        return False

    def press(self, event: pygame.event.Event, lay: Layout) -> bool:
        """A drag button starts a drag on the board; a left click beside the open drawer (and
        not on the bar) shuts it."""
        if event.button in DRAG_BUTTONS:
            if lay.area.collidepoint(event.pos):
                self.pressed, self.dragging = event.pos, False
            return True
        beside = self.drawer_open and not lay.panel.collidepoint(event.pos)
        if event.button == 1 and beside and not (lay.bar and lay.bar.collidepoint(event.pos)):
            self.drawer_open = False
            return True
        return event.button != 1  # the wheel's own button events: handled as MOUSEWHEEL

    def over_drawer(self, lay: Layout, xy: tuple[int, int]) -> bool:
        return self.drawer_open and lay.panel.collidepoint(xy)

    def drag(self, event: pygame.event.Event, lay: Layout) -> bool:
        """The board follows the pointer once it has moved far enough to be a drag."""
        x, y = event.pos
        if not self.dragging and max(abs(x - self.pressed[0]), abs(y - self.pressed[1])) > DRAG_PX:
            self.dragging = True
            dx, dy = x - self.pressed[0], y - self.pressed[1]
        else:
            dx, dy = event.rel
        if self.dragging:
            self.view.pan(lay.area, self.rows, self.cols, dx, dy)
        return False  # the hover still follows the pointer
