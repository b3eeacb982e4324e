"""Everything of the game screen around the board: the side panel, or in a small window the bar
along the top and the drawer opened over the board; the name being typed; the tooltip of the
button under the pointer. The scene asks here which buttons and score boxes are where."""

from __future__ import annotations

import pygame

from ...board.palette import Palette
from ..scale import scaled
from ..widgets import BACKGROUND_EDGE, Button, draw_tooltip
from .drawer_bar import bar_buttons, draw_bar
from .layout import DRAWER, Layout
from .name_field import NameField, draw_name_field
from .panel import PanelView, buttons, draw_panel, log_entry_at, panel_layout, score_boxes

SHADOW_PX = 10  # the drawer's shadow over the board


def frame_buttons(lay: Layout, view: PanelView) -> list[Button]:
    """The buttons shown: the bar's in drawer mode, and the panel's when it is shown."""
    bar = bar_buttons(lay, view) if lay.mode == DRAWER else []
    return bar + (buttons(lay, view) if lay.panel_shown else [])


def frame_scores(lay: Layout) -> dict[str, pygame.Rect]:
    """The score boxes a click renames a team in (none while the drawer is shut)."""
    return score_boxes(lay) if lay.panel_shown else {}


def log_entry_under(lay: Layout, view: PanelView, xy: tuple[int, int]) -> int | None:
    """The log entry under the pointer, where the log is shown."""
    if not lay.panel_shown:
        return None
    return log_entry_at(panel_layout(lay, view).log, view.log, xy, lay.scale)


def draw_frame(surface: pygame.Surface, lay: Layout, view: PanelView, palette: Palette,
               naming: NameField | None) -> None:
    """The bar, the panel (beside the board, or as the drawer over it), a name being typed and
    the tooltip under the pointer, over the board already drawn."""
    if lay.mode == DRAWER:
        draw_bar(surface, lay, view, palette)
    if lay.panel_shown:
        if lay.mode == DRAWER:
            draw_drawer_back(surface, lay.panel)
        draw_panel(surface, lay, view, palette)
    if naming is not None and lay.panel_shown:
        draw_name_field(surface, score_boxes(lay)[naming.team], naming,
                        size=scaled(22, lay.scale))
    draw_tooltip(surface, frame_buttons(lay, view), pygame.mouse.get_pos(),
                 scaled(17, lay.scale))


def draw_drawer_back(surface: pygame.Surface, panel: pygame.Rect) -> None:
    """The drawer's own background over the board, with a shadow down its left edge."""
    shade = pygame.Surface((SHADOW_PX, panel.h), pygame.SRCALPHA)
    for x in range(SHADOW_PX):
        pygame.draw.line(shade, (0, 0, 0, 12 * (x + 1)), (x, 0), (x, panel.h))
    surface.blit(shade, (panel.x - SHADOW_PX, panel.y))
    pygame.draw.rect(surface, BACKGROUND_EDGE, panel)
