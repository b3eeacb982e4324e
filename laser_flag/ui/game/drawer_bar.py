"""The bar along the top of a small window, where the panel folds into a drawer: each team's disc,
name and score, whose turn it is, and the buttons a turn needs (End turn, Undo, Panel)."""

from __future__ import annotations

import pygame

from ...board.draw import team_disc
from ...board.palette import Palette
from ...engine.game_map import TEAMS
from ..scale import scaled
from ..widgets import ACCENT, PANEL, PANEL_EDGE, TEXT, Button, draw_squeezed, draw_text, fit
from . import panel_buttons
from .layout import Layout
from .panel import PanelView

BUTTON_W = 96  # px at scale 1


def bar_buttons(lay: Layout, view: PanelView) -> list[Button]:
    """End turn, Undo and the drawer's handle, at the right end of the bar."""
    bar, s = lay.bar, lay.scale
    height = bar.h - scaled(8, s)
    width, gap = scaled(BUTTON_W, s), scaled(6, s)
    right = bar.right - gap
    placed = []
    for name in reversed(panel_buttons.BAR):
        placed.insert(0, (name, pygame.Rect(right - width, bar.y + (bar.h - height) // 2,
                                            width, height)))
        right -= width + gap
    state = {"end": (view.can_end, False), "undo": (view.can_undo, False),
             "drawer": (True, view.drawer_open)}
    return panel_buttons.make(placed, state, (view.why, view.does), True, view.speed_label,
                              view.paused)


def draw_bar(surface: pygame.Surface, lay: Layout, view: PanelView, palette: Palette) -> None:
    """The bar: a chip per team (the one to play framed), the turn line, the buttons."""
    bar, s = lay.bar, lay.scale
    pygame.draw.rect(surface, PANEL, bar)
    pygame.draw.line(surface, PANEL_EDGE, bar.bottomleft, (bar.right, bar.bottom - 1))
    buttons = bar_buttons(lay, view)
    x, size = scaled(8, s), scaled(20, s)
    for team in TEAMS:
        x = draw_chip(surface, (x, bar.centery), team, view, palette, size) + scaled(14, s)
    room = buttons[0].rect.x - x - scaled(8, s)
    if room > 40:
        draw_squeezed(surface, view.turn_line, (x, bar.centery - size // 2), (size, scaled(16, s)),
                      room)
    for button in buttons:
        button.draw(surface, pygame.mouse.get_pos(), scaled(18, s))


def draw_chip(surface: pygame.Surface, at: tuple[int, int], team: str, view: PanelView,
              palette: Palette, size: int) -> int:
    """A team's disc, name and score starting at `at` (its left middle); returns its right."""
    colors = palette.team(team)
    radius = size // 2
    centre = (at[0] + radius, at[1])
    team_disc(surface, centre, radius, colors)
    text = f"{fit(view.names[team], size, size * 6, bold=True)} {view.scores[team]}/" \
           f"{view.limits[team]}"
    color = ACCENT if team == view.active else TEXT
    rect = draw_text(surface, text, (centre[0] + radius + 6, at[1]), size, color, bold=True,
                     anchor="midleft")
    if team == view.active:
        underline = rect.bottom + 2
        pygame.draw.line(surface, ACCENT, (at[0], underline), (rect.right, underline), 2)
    return rect.right
