"""The side panel of the game screen: scores, turn, the selected unit, buttons, log, key hint."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from ..board.palette import Palette
from ..bots import HUMAN
from .widgets import (
    ACCENT,
    DIM,
    TEXT,
    Button,
    draw_box,
    draw_buttons,
    draw_lines,
    draw_progress,
    draw_squeezed,
    draw_text,
    fit,
    font,
    row_of_buttons,
    wrap,
)

SCORE_H = 64
TURN_H = 46
CARD_H = 290
MIN_CARD_H = 150  # on the smallest window the card gives way so buttons and keys still fit
BUTTON_H = 34
HINT = (
    "Click a unit, then a lit tile to move or an enemy to target. Tab next unit · "
    "Esc deselect · F fire · E end turn · Ctrl+Z undo · Ctrl+S save · hold H enemy watch · "
    "R rules · O settings · G coordinates · D dim unseen (fog) · A anim speed · C palette · "
    "S skip (animations, a bot's turn) · P pause bots · M mute · F11 fullscreen"
)
HINT_SIZE = 17
LOG_SIZE = 17
THINKING_BAR_H = 14


@dataclass(frozen=True)
class PanelView:
    """Everything the panel shows this frame, as plain values."""

    names: dict[str, str]
    scores: dict[str, int]
    limits: dict[str, int]
    active: str
    turn_line: str
    card_title: str
    card_lines: Sequence[str]
    log: Sequence[str]
    can_fire: bool
    can_end: bool
    can_undo: bool
    watching: bool
    speed_label: str
    levels: dict[str, str]  # Human or a bot level per team
    bots: bool = False  # some team is a bot: the Pause and Skip buttons show
    paused: bool = False
    can_skip: bool = False
    log_hover: int | None = None  # the log entry under the mouse: its tiles and units are marked
    thinking: float | None = None  # share of a bot's thinking budget used: a bar on the card


@dataclass(frozen=True)
class PanelLayout:
    """Where the card, the buttons, the log and the key hint go in a panel of some height."""

    card: pygame.Rect
    buttons_top: int
    log: pygame.Rect
    hint_top: int


def score_rects(panel: pygame.Rect) -> dict[str, pygame.Rect]:
    """The two score boxes; clicking one renames its team."""
    half = (panel.w - 8) // 2
    return {
        "1": pygame.Rect(panel.x, panel.y, half, SCORE_H),
        "2": pygame.Rect(panel.x + half + 8, panel.y, half, SCORE_H),
    }


def button_rows(view: PanelView) -> list[list[tuple[str, str]]]:
    rows = [
        [("fire", "Fire (F)"), ("end", "End turn (E)"), ("undo", "Undo (^Z)")],
        [("watch", "Watch (H)"), ("rules", "Rules (R)"), ("save", "Save (^S)")],
        [("speed", f"Anim: {view.speed_label}"), ("settings", "Settings (O)"), ("menu", "Menu")],
    ]
    if view.bots:
        rows.append([("pause", "Go on (P)" if view.paused else "Pause (P)"),
                     ("skip", "Skip bot turn (S)")])  # fmt: skip
    return rows


def panel_layout(panel: pygame.Rect, view: PanelView) -> PanelLayout:
    """Top to bottom: scores, turn line, card, buttons, log, hint; the log takes what is left."""
    hint_h = len(wrap(HINT, HINT_SIZE, panel.w - 4)) * font(HINT_SIZE).get_linesize() + 4
    buttons_h = len(button_rows(view)) * (BUTTON_H + 6)
    spare = panel.h - (SCORE_H + TURN_H + 16 + buttons_h + 6 + hint_h)
    card = pygame.Rect(
        panel.x, panel.y + SCORE_H + TURN_H, panel.w, max(MIN_CARD_H, min(CARD_H, spare))
    )
    top = card.bottom + 16 + buttons_h
    log = pygame.Rect(panel.x, top, panel.w, max(0, panel.bottom - top - hint_h - 6))
    return PanelLayout(card, card.bottom + 16, log, max(top, panel.bottom - hint_h))


def buttons(panel: pygame.Rect, view: PanelView) -> list[Button]:
    """The panel's buttons, in rows under the unit card."""
    top = panel_layout(panel, view).buttons_top
    result: list[Button] = []
    for i, specs in enumerate(button_rows(view)):
        area = pygame.Rect(panel.x, top + i * (BUTTON_H + 6), panel.w, BUTTON_H)
        result.extend(row_of_buttons(specs, area))
    state = {
        "fire": (view.can_fire, False),
        "end": (view.can_end, False),
        "undo": (view.can_undo, False),
        "watch": (True, view.watching),
        "pause": (True, view.paused),
        "skip": (view.can_skip, False),
    }
    return [Button(b.name, b.label, b.rect, *state.get(b.name, (True, False))) for b in result]


def draw_panel(
    surface: pygame.Surface, panel: pygame.Rect, view: PanelView, palette: Palette
) -> None:
    lay = panel_layout(panel, view)
    for team, rect in score_rects(panel).items():
        draw_score(surface, rect, team, view, palette)
    draw_squeezed(surface, view.turn_line, (panel.x + 4, panel.y + SCORE_H + 10), (22, 18),
                  panel.w - 8)
    card = lay.card
    draw_box(surface, card)
    draw_squeezed(surface, view.card_title, (card.x + 10, card.y + 8), (24, 19), card.w - 20,
                  ACCENT, bold=True)
    lines = [part for line in view.card_lines for part in wrap(line, 19, card.w - 20)]
    bar_h = 0 if view.thinking is None else THINKING_BAR_H + 12
    fits = (card.h - 40 - bar_h) // font(19).get_linesize()
    draw_lines(surface, lines[:fits], (card.x + 10, card.y + 34), 19, TEXT)
    if view.thinking is not None:
        draw_progress(surface, thinking_bar_rect(card), view.thinking)  # its budget used
    draw_buttons(surface, buttons(panel, view), 20)
    draw_log(surface, lay.log, view.log, view.log_hover)
    hint = wrap(HINT, HINT_SIZE, panel.w - 4)
    draw_lines(surface, hint, (panel.x + 2, lay.hint_top), HINT_SIZE, DIM)


def thinking_bar_rect(card: pygame.Rect) -> pygame.Rect:
    """Where the bot's thinking bar goes: along the bottom of the unit card."""
    return pygame.Rect(card.x + 10, card.bottom - THINKING_BAR_H - 10, card.w - 20,
                       THINKING_BAR_H)


def draw_score(
    surface: pygame.Surface, rect: pygame.Rect, team: str, view: PanelView, palette: Palette
) -> None:
    colors = palette.team(team)
    active = team == view.active
    draw_box(surface, rect, edge=ACCENT if active else (70, 76, 92))
    if active:
        pygame.draw.rect(surface, ACCENT, rect, 3, border_radius=8)
    pygame.draw.circle(surface, colors.outline, (rect.x + 18, rect.y + 20), 11)
    pygame.draw.circle(surface, colors.main, (rect.x + 18, rect.y + 20), 9)
    name = fit(view.names[team], 22, rect.w - 44, bold=True)
    draw_text(surface, name, (rect.x + 36, rect.y + 10), 22, TEXT, bold=True)
    score = f"{view.scores[team]} / {view.limits[team]}"
    draw_text(surface, score, (rect.x + 12, rect.bottom - 8), 28, TEXT, anchor="bottomleft")
    level = view.levels[team]
    note, color = ("click: rename", DIM) if level == HUMAN else (f"{level} bot", ACCENT)
    draw_text(surface, note, (rect.right - 8, rect.bottom - 8), 15, color, anchor="bottomright")


def log_rows(rect: pygame.Rect, log: Sequence[str]) -> list[tuple[int, str]]:
    """The wrapped rows the log box shows, newest at the bottom, each with its entry's index."""
    if rect.h < 30:
        return []
    fits = (rect.h - 10) // font(LOG_SIZE).get_linesize()
    rows: list[tuple[int, str]] = []
    for i in range(len(log) - 1, -1, -1):
        rows[:0] = [(i, part) for part in wrap(log[i], LOG_SIZE, rect.w - 16)]
        if len(rows) >= fits:
            break
    return rows[-fits:] if fits > 0 else []


def log_entry_at(rect: pygame.Rect, log: Sequence[str], xy: tuple[int, int]) -> int | None:
    """The index of the log entry under `xy`, if any."""
    if not rect.collidepoint(xy):
        return None
    row = (xy[1] - rect.y - 5) // font(LOG_SIZE).get_linesize()
    rows = log_rows(rect, log)
    return rows[row][0] if 0 <= row < len(rows) else None


def draw_log(surface: pygame.Surface, rect: pygame.Rect, log: Sequence[str],
             hovered: int | None = None) -> None:
    """The newest log lines that fit, newest at the bottom; the hovered entry lit."""
    if rect.h < 30:
        return
    draw_box(surface, rect, (28, 31, 38))
    step = font(LOG_SIZE).get_linesize()
    for n, (i, text) in enumerate(log_rows(rect, log)):
        top = rect.y + 5 + n * step
        if i == hovered:
            pygame.draw.rect(surface, (60, 66, 84), (rect.x + 4, top, rect.w - 8, step))
        draw_text(surface, text, (rect.x + 8, top), LOG_SIZE, TEXT)
