"""Fog of war on the board: tiles the viewing team cannot see dimmed (and on a dark theme, those
it sees lit), and where each hidden enemy was last seen, faintly, with the round."""

from __future__ import annotations

import pygame

from ...board.draw import tile_rect
from ...board.palette import Palette
from ...board.theme import UNSEEN, Theme
from ...engine.game_map import Pos
from ...play.fog_view import TeamView
from ..widgets import draw_text
from . import overlays
from .layout import Layout

MARKER_ALPHA = 110  # a last-seen marker: faint, so it never looks like a unit standing there


def draw_fog(surface: pygame.Surface, lay: Layout, look: tuple[Palette, Theme], view: TeamView,
             dim: bool) -> None:
    """Under the units: the unseen tiles dimmed and the seen ones lit as the theme says (when
    `dim`), then the last-seen markers."""
    if view.seen is None:
        return
    palette, theme = look
    gm = view.known.map
    if dim:
        board = [(r, c) for r in range(gm.rows) for c in range(gm.cols)]
        overlays.shade(surface, lay.origin, lay.tile_px,
                       [pos for pos in board if pos not in view.seen], UNSEEN)
        if theme.seen is not None:
            overlays.shade(surface, lay.origin, lay.tile_px, view.seen, theme.seen)
    for uid, (pos, seen_round) in view.last_seen.items():
        draw_last_seen(surface, lay, palette.team(gm.units[uid].team).bright, pos,
                       seen_round)


def draw_last_seen(surface: pygame.Surface, lay: Layout, color, pos: Pos, seen_round: int) -> None:
    """A hollow ring in the enemy's colour (made bright enough for a dark board) and 'r3', the
    round it was seen in."""
    rect = tile_rect(lay.origin, lay.tile_px, pos)
    mark = pygame.Surface(rect.size, pygame.SRCALPHA)
    radius = rect.w // 3
    pygame.draw.circle(mark, (*color[:3], MARKER_ALPHA), mark.get_rect().center, radius,
                       max(2, rect.w // 16))
    surface.blit(mark, rect)
    draw_text(surface, f"r{seen_round}", rect.center, max(14, rect.w // 3), (200, 204, 214),
              anchor="center")
