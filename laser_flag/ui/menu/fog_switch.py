"""The map chooser's Fog of war switch: on or off for the next game, first as the map says."""

from __future__ import annotations

import pygame

from ...i18n import N_, _
from ..widgets import ACCENT, DIM, Button, draw_text, fit, text_size
from .player_picker import LEVEL_H, LEVEL_W

FOG_H = 30 + 6 + 16  # the switch's row, then one line saying where its setting came from
FOG_BUTTON = "fog"
KEY_HINT = N_("key F")


def fog_rect(picker: pygame.Rect) -> pygame.Rect:
    """The switch's row, just under the Players box `picker`."""
    return pygame.Rect(picker.x, picker.bottom + 6, picker.w, FOG_H)


def fog_button(area: pygame.Rect, on: bool) -> Button:
    """On or Off, lined up with the level buttons above it; a click switches it."""
    rect = pygame.Rect(area.right - LEVEL_W, area.y, LEVEL_W, LEVEL_H)
    return Button(FOG_BUTTON, _("On") if on else _("Off"), rect, toggled=on)


def fog_note(on: bool, chosen: bool) -> str:
    """Where the switch's position comes from, and what fog means, in one short line."""
    what = _("each team sees only what its units see") if on else _("both teams see everything")
    whose = _("your choice") if chosen else _("as the map says")
    return f"{what} · {whose}"


def draw_fog_switch(surface: pygame.Surface, area: pygame.Rect, on: bool, chosen: bool) -> None:
    """'Fog of war' and its key; the button itself is drawn with the chooser's others."""
    mid = area.y + LEVEL_H // 2
    title = draw_text(surface, _("Fog of war"), (area.x, mid), 22, ACCENT, bold=True,
                      anchor="midleft")
    if title.right + 20 + text_size(KEY_HINT, 17)[0] <= area.right - LEVEL_W - 10:
        draw_text(surface, KEY_HINT, (area.right - LEVEL_W - 10, mid), 17, DIM, anchor="midright")
    draw_text(surface, fit(fog_note(on, chosen), 17, area.w), (area.x, area.y + LEVEL_H + 4), 17,
              DIM)
