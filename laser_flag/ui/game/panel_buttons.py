"""The game screen's buttons: which there are, how they are labelled at each width, whether each
may be pressed now, and what its tooltip says (why it is greyed, else what it does and its key)."""

from __future__ import annotations

from collections.abc import Mapping

import pygame

from ..widgets import Button, row_of_buttons

# name: (label, compact label for a narrow panel, what it does, its key)
BUTTONS: dict[str, tuple[str, str, str, str]] = {
    "fire": ("Fire (F)", "Fire", "Fire at the target", "F"),
    "end": ("End turn (E)", "End turn", "End the turn", "E"),
    "undo": ("Undo (^Z)", "Undo", "Take back the last action", "Ctrl+Z"),
    "watch": ("Watch (H)", "Watch", "Shade what the enemy's watchers see (hold)", "H"),
    "rules": ("Rules (R)", "Rules", "The rules, with this map's numbers", "R"),
    "save": ("Save (^S)", "Save", "Save the game under a new name", "Ctrl+S"),
    "speed": ("Anim: {speed}", "Anim {speed}", "Animation speed", "A"),
    "settings": ("Settings (O)", "Settings", "Sound, look and play preferences", "O"),
    "menu": ("Menu", "Menu", "Back to the menu (this game is kept: Continue resumes it)", ""),
    "pause": ("Pause (P)", "Pause", "Pause the bots", "P"),
    "skip": ("Skip bot turn (S)", "Skip bot", "Finish the bot's turn at once", "S"),
    "drawer": ("Panel (I)", "Panel", "Show or hide the panel: the unit card, the log", "I"),
}
ROWS = (("fire", "end", "undo"), ("watch", "rules", "save"), ("speed", "settings", "menu"))
BOT_ROW = ("pause", "skip")
BAR = ("end", "undo", "drawer")  # what the drawer's bar keeps in reach


def label(name: str, compact: bool, speed: str, paused: bool) -> str:
    if name == "pause" and paused:
        return "Go on" if compact else "Go on (P)"
    text = BUTTONS[name][1 if compact else 0]
    return text.format(speed=speed)


def tooltip(name: str, enabled: bool, why: Mapping[str, str]) -> str:
    """What a button's tooltip says: why it cannot be pressed, else what it does and its key."""
    if not enabled and why.get(name):
        return why[name]
    _, _, does, key = BUTTONS[name]
    return f"{does} ({key})" if key else does


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
         why: Mapping[str, str], compact: bool, speed: str, paused: bool) -> list[Button]:
    """Buttons at their places, each enabled and lit as `state` says (default: enabled)."""
    result = []
    for name, rect in placed:
        enabled, toggled = state.get(name, (True, False))
        result.append(Button(name, label(name, compact, speed, paused), rect, enabled, toggled,
                             tooltip(name, enabled, why)))
    return result
