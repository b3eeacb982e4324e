"""The map chooser's say in who plays each team: a person, or a bot at Easy, Normal or Hard."""

from __future__ import annotations

import pygame

from ...board.palette import Palette
from ...bots import LEVEL_NOTES
from ...engine.game_map import TEAMS, GameMap
from ...i18n import N_, _
from ..scale import scaled
from ..widgets import ACCENT, DIM, TEXT, Button, draw_lines, draw_text, fit, text_size, wrap_cut

HEADER_H = 28
LEVEL_W = 84  # the level button: "Normal" with room to spare
LEVEL_H = 30
NOTE_SIZE = 18
NOTE_LINES = 2
ROW_H = LEVEL_H + 4 + NOTE_LINES * 14 + 6  # button, then the level's note under it
PICKER_H = HEADER_H + len(TEAMS) * ROW_H
# The header's hint, the longest that fits beside "Players".
HINTS = (N_("keys 1, 2 · Shift or right click: back"), N_("1, 2 · right click: back"), N_("keys 1, "
                                                                                          "2"))


def level_button_name(team: str) -> str:
    return f"level{team}"


def row_rect(area: pygame.Rect, team: str, s: float) -> pygame.Rect:
    """One team's row in `area`, the picker's box (PICKER_H high at scale 1, at its top), in
    a window of scale `s`."""
    top = area.y + scaled(HEADER_H + TEAMS.index(team) * ROW_H, s)
    return pygame.Rect(area.x, top, area.w, scaled(ROW_H, s))


def level_buttons(area: pygame.Rect, levels: dict[str, str], s: float) -> list[Button]:
    """One button per team showing its level; a click on it steps to the next level (a right
    click or Shift-click to the one before)."""
    result = []
    for team in TEAMS:
        row = row_rect(area, team, s)
        rect = pygame.Rect(row.right - scaled(LEVEL_W, s), row.y, scaled(LEVEL_W, s),
                           scaled(LEVEL_H, s))
        result.append(Button(level_button_name(team), levels[team], rect))
    return result


def draw_picker(
    surface: pygame.Surface,
    area: pygame.Rect,
    gm: GameMap,
    levels: dict[str, str],
    palette: Palette,
    s: float,
) -> None:
    """'Players', then per team its colour, name, level button and what the level means."""
    title, small, note_size = scaled(22, s), scaled(17, s), scaled(NOTE_SIZE, s)
    draw_text(surface, _("Players"), (area.x, area.y), title, ACCENT, bold=True)
    room = area.w - text_size(_("Players"), title, True)[0] - scaled(12, s)
    hint = next((h for h in HINTS if text_size(h, small)[0] <= room), "")
    draw_text(surface, hint, (area.right, area.y + scaled(3, s)), small, DIM, anchor="topright")
    for team in TEAMS:
        row = row_rect(area, team, s)
        colors = palette.team(team)
        dot = (row.x + scaled(11, s), row.y + scaled(LEVEL_H, s) // 2)
        pygame.draw.circle(surface, colors.outline, dot, scaled(10, s))
        pygame.draw.circle(surface, colors.main, dot, scaled(8, s))
        left = row.x + scaled(28, s)
        name = fit(gm.teams[team].name, scaled(20, s), row.w - scaled(LEVEL_W + 36, s), bold=True)
        draw_text(surface, name, (left, dot[1]), scaled(20, s), TEXT, bold=True,
                  anchor="midleft")
        note = wrap_cut(LEVEL_NOTES[levels[team]], note_size, row.right - left, NOTE_LINES)
        draw_lines(surface, note, (left, row.y + scaled(LEVEL_H + 4, s)), note_size, DIM)
