"""The map chooser's say in who plays each team: a person, or a bot at Easy, Normal or Hard."""

from __future__ import annotations

import pygame

from ...board.palette import Palette
from ...bots import LEVEL_NOTES
from ...engine.game_map import TEAMS, GameMap
from ...i18n import N_, _
from ..widgets import ACCENT, DIM, TEXT, Button, draw_lines, draw_text, fit, text_size, wrap

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


def row_rect(area: pygame.Rect, team: str) -> pygame.Rect:
    """One team's row in `area`, the picker's box (PICKER_H high, at its top)."""
    return pygame.Rect(area.x, area.y + HEADER_H + TEAMS.index(team) * ROW_H, area.w, ROW_H)


def level_buttons(area: pygame.Rect, levels: dict[str, str]) -> list[Button]:
    """One button per team showing its level; a click on it steps to the next level (a right
    click or Shift-click to the one before)."""
    result = []
    for team in TEAMS:
        row = row_rect(area, team)
        rect = pygame.Rect(row.right - LEVEL_W, row.y, LEVEL_W, LEVEL_H)
        result.append(Button(level_button_name(team), levels[team], rect))
    return result


def draw_picker(
    surface: pygame.Surface,
    area: pygame.Rect,
    gm: GameMap,
    levels: dict[str, str],
    palette: Palette,
) -> None:
    """'Players', then per team its colour, name, level button and what the level means."""
    draw_text(surface, _("Players"), (area.x, area.y), 22, ACCENT, bold=True)
    room = area.w - text_size(_("Players"), 22, True)[0] - 12
    hint = next((h for h in HINTS if text_size(h, 17)[0] <= room), "")
    draw_text(surface, hint, (area.right, area.y + 3), 17, DIM, anchor="topright")
    for team in TEAMS:
        row = row_rect(area, team)
        colors = palette.team(team)
        dot = (row.x + 11, row.y + LEVEL_H // 2)
        pygame.draw.circle(surface, colors.outline, dot, 10)
        pygame.draw.circle(surface, colors.main, dot, 8)
        name = fit(gm.teams[team].name, 20, row.w - LEVEL_W - 36, bold=True)
        draw_text(surface, name, (row.x + 28, dot[1]), 20, TEXT, bold=True, anchor="midleft")
        note = wrap(LEVEL_NOTES[levels[team]], NOTE_SIZE, row.w - 28)[:NOTE_LINES]
        draw_lines(surface, note, (row.x + 28, row.y + LEVEL_H + 4), NOTE_SIZE, DIM)
