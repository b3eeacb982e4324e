"""The game screen's keys: what the arrows and number keys mean, and what a watcher may press."""

from __future__ import annotations

import pygame

from ...play.table_play import GO_ON, OTHER, SKIP

ARROWS = {
    pygame.K_UP: (-1, 0),
    pygame.K_DOWN: (1, 0),
    pygame.K_LEFT: (0, -1),
    pygame.K_RIGHT: (0, 1),
}
NUMBER_KEYS = {getattr(pygame, f"K_{n}"): n - 1 for n in range(1, 10)}
# What a watcher may still do while a bot is to move: nothing here acts for the bot's team.
WATCHER_KEYS = {
    pygame.K_p, pygame.K_s, pygame.K_r, pygame.K_a, pygame.K_c, pygame.K_h, pygame.K_g, pygame.K_o,
    pygame.K_d, pygame.K_i,
}
WATCHER_CTRL_KEYS = {pygame.K_s, pygame.K_z}  # save; undo, which says why it cannot
YES_KEYS = {pygame.K_e, pygame.K_RETURN, pygame.K_KP_ENTER}  # "End the turn?": yes
GO_ON_KEYS = {pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER}  # hurry what is playing
# Keys that do what a panel button does (GameScene.command), with Ctrl and without.
CTRL_COMMANDS = {pygame.K_z: "undo", pygame.K_s: "save"}
KEY_COMMANDS = {
    pygame.K_f: "fire",
    pygame.K_e: "end",
    pygame.K_r: "rules",
    pygame.K_a: "speed",
    pygame.K_c: "palette",
    pygame.K_p: "pause",
    pygame.K_s: "skip",
    pygame.K_g: "coordinates",
    pygame.K_o: "settings",
    pygame.K_d: "dim",
    pygame.K_v: "positions",
    pygame.K_i: "drawer",
}


# The commands that change a setting only (the game screen's keys and buttons).
SETTING_COMMANDS = {
    "coordinates": lambda settings: settings.flip("coordinates"),
    "dim": lambda settings: settings.flip("dim_unseen"),
    "speed": lambda settings: settings.cycle_speed(),
    "palette": lambda settings: settings.toggle_palette(),
}


def while_playing(key: int) -> str:
    """What a key does while an action plays (Turns.input_while_playing)."""
    return SKIP if key == pygame.K_s else GO_ON if key in GO_ON_KEYS else OTHER


def command_of(key: int, ctrl: bool) -> str | None:
    """The panel command a key gives (Ctrl+S saves, S alone skips a bot's turn), if any."""
    return (CTRL_COMMANDS.get(key) if ctrl else None) or KEY_COMMANDS.get(key)


def watcher_may_press(key: int, ctrl: bool) -> bool:
    """Whether a key does something while a bot plays (pause, skip, rules, views, save)."""
    return key in (WATCHER_CTRL_KEYS if ctrl else WATCHER_KEYS)
