"""The map chooser's Fog of war switch: on or off for the next game, first as the map says."""

from __future__ import annotations

import pygame

from ...i18n import N_, _
from ..scale import scaled
from ..widgets import ACCENT, DIM, Button, draw_text, fit, text_size
from .player_picker import LEVEL_H, LEVEL_W

FOG_H = 30 + 6 + 16  # the switch's row, then one line saying where its setting came from
FOG_BUTTON = "fog"
KEY_HINT = N_("key F")


def fog_rect(picker: pygame.Rect, s: float) -> pygame.Rect:
    """The switch's row, just under the Players box `picker`, in a window of scale `s`."""
    return pygame.Rect(picker.x, picker.bottom + scaled(6, s), picker.w, scaled(FOG_H, s))


def fog_button(area: pygame.Rect, on: bool, s: float) -> Button:
    """On or Off, lined up with the level buttons above it; a click switches it."""
    width = scaled(LEVEL_W, s)
    rect = pygame.Rect(area.right - width, area.y, width, scaled(LEVEL_H, s))
    return Button(FOG_BUTTON, _("On") if on else _("Off"), rect, toggled=on)


def fog_note(on: bool, chosen: bool) -> str:
    """Where the switch's position comes from, and what fog means, in one short line."""
    what = _("each team sees only what its units see") if on else _("both teams see everything")
    whose = _("your choice") if chosen else _("as the map says")
    return f"{what} · {whose}"


def draw_fog_switch(surface: pygame.Surface, area: pygame.Rect, on: bool, chosen: bool,
                    s: float) -> None:
    """'Fog of war' and its key; the button itself is drawn with the chooser's others."""
    mid, small = area.y + scaled(LEVEL_H, s) // 2, scaled(17, s)
    title = draw_text(surface, _("Fog of war"), (area.x, mid), scaled(22, s), ACCENT, bold=True,
                      anchor="midleft")
    key_right = area.right - scaled(LEVEL_W + 10, s)
    if title.right + scaled(20, s) + text_size(KEY_HINT, small)[0] <= key_right:
        draw_text(surface, KEY_HINT, (key_right, mid), small, DIM, anchor="midright")
    note = fog_note(on, chosen)
    if text_size(note, small)[0] > area.w:  # a narrow window: the note's first half alone
        note = note.split(" · ")[0]
    draw_text(surface, fit(note, small, area.w), (area.x, area.y + scaled(LEVEL_H + 4, s)),
              small, DIM)
