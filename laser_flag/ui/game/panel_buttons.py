"""The game screen's buttons: which there are, how they are labelled at each width, whether each
may be pressed now, and what its tooltip says (why it is greyed, else what it does and its key)."""

from __future__ import annotations

from collections.abc import Mapping

import pygame

from ...i18n import N_, _
from ..widgets import Button, row_of_buttons

# name: (label, compact label for a narrow panel, what it does, its key)
BUTTONS: dict[str, tuple[str, str, str, str]] = {
    "fire": (N_("Fire (F)"), N_("Fire"), N_("Fire at the target"), "F"),
    "end": (N_("End turn (E)"), N_("End turn"), N_("End the turn"), "E"),
    "undo": (N_("Undo (^Z)"), N_("Undo"), N_("Take back the last action"), N_("Ctrl+Z")),
    "watch": (N_("Watch (H)"), N_("Watch"), N_("Shade what the enemy's watchers see (hold)"), "H"),
    "rules": (N_("Rules (R)"), N_("Rules"), N_("The rules, with this map's numbers"), "R"),
    "save": (N_("Save (^S)"), N_("Save"), N_("Save the game under a new name"), N_("Ctrl+S")),
    "speed": (N_("Anim: {speed}"), N_("Anim {speed}"), N_("Animation speed"), "A"),
    "settings": (N_("Settings (O)"), N_("Settings"), N_("Sound, look and play preferences"), "O"),
    "menu": (N_("Menu"), N_("Menu"), "", ""),  # what it does: the game's (Table.leaving)
    "pause": (N_("Pause (P)"), N_("Pause"), N_("Pause the bots"), "P"),
    "skip": (N_("Skip bot turn (S)"), N_("Skip bot"), N_("Finish the bot's turn at once"), "S"),
    "drawer": (N_("Panel (I)"), N_("Panel"), N_("Show or hide the panel: the unit card, the log"),
               "I"),
}
ROWS = (("fire", "end", "undo"), ("watch", "rules", "save"), ("speed", "settings", "menu"))
BOT_ROW = ("pause", "skip")
BAR = ("end", "undo", "drawer")  # what the drawer's bar keeps in reach


def label(name: str, compact: bool, speed: str, paused: bool) -> str:
    if name == "pause" and paused:
        return _("Go on") if compact else _("Go on (P)")
    text = BUTTONS[name][1 if compact else 0]
    return text.format(speed=speed)


def tooltip(name: str, enabled: bool, why: Mapping[str, str], does: Mapping[str, str]) -> str:
    """What a button's tooltip says: why it cannot be pressed, else what it does (`does`, where
    this game's differs from BUTTONS') and its key."""
    if not enabled and why.get(name):
        return why[name]
    __, __, usually, key = BUTTONS[name]
    said = _(does.get(name, usually))
    return f"{said} ({_(key)})" if key else said


def rows_for(bots: bool) -> list[tuple[str, ...]]:
    return [*ROWS, BOT_ROW] if bots else list(ROWS)


def laid_out(rows: list[tuple[str, ...]], area: pygame.Rect, height: int, gap: int
             ) -> list[tuple[str, pygame.Rect]]:
    """The buttons of `rows`, each row `height` px, stacked from the top of `area`."""
    placed = []
    for i, names in enumerate(rows):
        row = pygame.Rect(area.x, area.y + i * (height + gap), area.w, height)
        placed += [(b.name, b.rect) for b in row_of_buttons([(n, n) for n in names], row, gap)]
    return placed


def make(placed: list[tuple[str, pygame.Rect]], state: Mapping[str, tuple[bool, bool]],
         tips: tuple[Mapping[str, str], Mapping[str, str]], compact: bool, speed: str,
         paused: bool) -> list[Button]:
    """Buttons at their places, each enabled and lit as `state` says (default: enabled);
    `tips`: why each greyed one cannot be pressed, and what each does where it differs from
    BUTTONS'."""
    why, does = tips
    result = []
    for name, rect in placed:
        enabled, toggled = state.get(name, (True, False))
        result.append(Button(name, label(name, compact, speed, paused), rect, enabled, toggled,
                             tooltip(name, enabled, why, does)))
    return result
