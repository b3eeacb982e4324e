"""The side panel of the game screen: scores, turn, the last rolls, the selected unit, buttons,
log and key hint, at any width and text scale; in a small window it is a drawer (drawer_bar.py).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

import pygame

from ...board.draw import team_disc
from ...board.palette import Palette
from ...bots import HUMAN
from ...bots.program import seat_words
from ...i18n import N_, _
from ..scale import scaled
from ..widgets import (
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
    text_size,
    wrap,
)
from . import panel_buttons
from .layout import Layout
from .roll_view import RollView, draw_rolls, rolls_height

SCORE_H = 64  # px at scale 1, as every size below
TURN_H = 34
CARD_H = 290
MIN_CARD_LINES = 2  # the card's words are room for at least this many lines
BUTTON_H = 34
GAP = 6
COMPACT_W = 330  # a panel narrower than this labels its buttons without their keys
CARD_SIZE = 19
LOG_SIZE = 17
HINT_SIZE = 16
MIN_LOG_LINES = 5  # the log keeps at least this many lines; the key hint goes first
HINT = (
    N_("Click a unit, then a lit tile to move or an enemy to target. Tab next unit · Esc deselect "
       "· F fire · E end turn · Ctrl+Z undo · Ctrl+S save · hold H enemy watch · V firing "
       "positions · wheel zoom, right-drag pan · R rules · O settings · G coordinates · D dim "
       "unseen (fog) · A anim speed · C palette · S skip (animations, a bot's turn) · P pause bots "
       "· M mute · I panel · F11 fullscreen")
)
THINKING_BAR_H = 14


class ScoresView(Protocol):
    """What a team's score box reads: the game panel's view, or the replay's."""

    names: dict[str, str]
    scores: dict[str, int]
    limits: dict[str, int]
    active: str
    levels: dict[str, str]
    renames: bool  # a click on the box renames the team (the game, not a replay)


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
    rolls: tuple[RollView, ...] = ()  # the last action's rolls
    why: Mapping[str, str] = field(default_factory=dict)  # why a greyed button cannot be pressed
    # What a button does in this game, where it differs from panel_buttons.BUTTONS' (the Menu
    # button: what leaving does to the game).
    does: Mapping[str, str] = field(default_factory=dict)
    drawer_open: bool = False
    renames: bool = True


@dataclass(frozen=True)
class PanelLayout:
    """Where the parts go in a panel of some height. The buttons keep their place at the
    foot; the card is as tall as its words (up to CARD_H); the log takes what is left; the key
    hint only shows when the log keeps MIN_LOG_LINES beside it."""

    scores: dict[str, pygame.Rect]
    turn_top: int
    rolls: pygame.Rect
    card: pygame.Rect
    buttons: list[tuple[str, pygame.Rect]]
    log: pygame.Rect
    hint_top: int | None


def hint_lines(lay: Layout) -> list[str]:
    return wrap(HINT, scaled(HINT_SIZE, lay.scale), lay.panel.w - 4)


def score_boxes(lay: Layout) -> dict[str, pygame.Rect]:
    """The two score boxes along the panel's top."""
    panel, score_h, gap = lay.panel, scaled(SCORE_H, lay.scale), scaled(GAP, lay.scale)
    half = (panel.w - gap) // 2
    return {"1": pygame.Rect(panel.x, panel.y, half, score_h),
            "2": pygame.Rect(panel.x + half + gap, panel.y, half, score_h)}


def card_height(view: PanelView, scale: float, width: int) -> int:
    """What the card's title, words and a bot's thinking bar need."""
    size = scaled(CARD_SIZE, scale)
    lines = sum(len(wrap(line, size, width - 20)) for line in view.card_lines)
    bar = 0 if view.thinking is None else THINKING_BAR_H + 12
    return scaled(44, scale) + max(MIN_CARD_LINES, lines) * font(size).get_linesize() + bar


def panel_layout(lay: Layout, view: PanelView) -> PanelLayout:
    """Top down: scores, turn line, the last rolls, card, log; the key hint and the buttons
    from the foot up."""
    panel, s = lay.panel, lay.scale
    score_h, gap = scaled(SCORE_H, s), scaled(GAP, s)
    rows = panel_buttons.rows_for(view.bots)
    buttons_h = len(rows) * (scaled(BUTTON_H, s) + gap) - gap
    area = pygame.Rect(panel.x, panel.bottom - buttons_h, panel.w, buttons_h)
    placed = panel_buttons.laid_out(rows, area, scaled(BUTTON_H, s), gap)
    top = panel.y + score_h + scaled(TURN_H, s)
    rolls = pygame.Rect(panel.x, top, panel.w, rolls_height(view.rolls, s, panel.w))
    card_top = rolls.bottom + (gap if view.rolls else 0)
    room = area.y - gap - card_top  # for the card, the log and the hint
    log_min = scaled(10, s) + MIN_LOG_LINES * font(scaled(LOG_SIZE, s)).get_linesize()
    card_h = min(card_height(view, s, panel.w), scaled(CARD_H, s), max(0, room - log_min))
    card = pygame.Rect(panel.x, card_top, panel.w, card_h)
    hint_h = len(hint_lines(lay)) * font(scaled(HINT_SIZE, s)).get_linesize() + gap
    hint = room - card_h - gap - hint_h >= log_min
    log_top = card.bottom + gap
    log = pygame.Rect(panel.x, log_top, panel.w,
                      max(0, area.y - gap - log_top - (hint_h if hint else 0)))
    return PanelLayout(score_boxes(lay), panel.y + score_h + scaled(8, s), rolls, card, placed,
                       log, log.bottom + gap if hint else None)


def buttons(lay: Layout, view: PanelView) -> list[Button]:
    """The panel's buttons, in rows under the unit card, each enabled or greyed with why."""
    state = {
        "fire": (view.can_fire, False),
        "end": (view.can_end, False),
        "undo": (view.can_undo, False),
        "watch": (True, view.watching),
        "pause": (True, view.paused),
        "skip": (view.can_skip, False),
    }
    compact = lay.panel.w < COMPACT_W
    return panel_buttons.make(panel_layout(lay, view).buttons, state, (view.why, view.does),
                              compact,
                              view.speed_label, view.paused)


def draw_panel(surface: pygame.Surface, lay: Layout, view: PanelView, palette: Palette) -> None:
    parts, panel, s = panel_layout(lay, view), lay.panel, lay.scale
    for team, rect in parts.scores.items():
        draw_score(surface, rect, team, view, palette, s)
    draw_squeezed(surface, view.turn_line, (panel.x + 4, parts.turn_top),
                  (scaled(22, s), scaled(18, s)), panel.w - 8)
    if view.rolls:
        draw_rolls(surface, parts.rolls, view.rolls, s)
    draw_card(surface, parts.card, view, s)
    draw_buttons(surface, buttons(lay, view), scaled(20 if panel.w >= COMPACT_W else 18, s))
    draw_log(surface, parts.log, view.log, s, view.log_hover)
    if parts.hint_top is not None:
        draw_lines(surface, hint_lines(lay), (panel.x + 2, parts.hint_top),
                   scaled(HINT_SIZE, s), DIM)


def draw_card(surface: pygame.Surface, card: pygame.Rect, view: PanelView, scale: float) -> None:
    """The unit card: its title, the lines that fit, and a bot's thinking bar."""
    size = scaled(CARD_SIZE, scale)
    draw_box(surface, card)
    draw_squeezed(surface, view.card_title, (card.x + 10, card.y + 8),
                  (scaled(24, scale), size), card.w - 20, ACCENT, bold=True)
    lines = [part for line in view.card_lines for part in wrap(line, size, card.w - 20)]
    bar_h = 0 if view.thinking is None else THINKING_BAR_H + 12
    fits = (card.h - scaled(40, scale) - bar_h) // font(size).get_linesize()
    draw_lines(surface, lines[:fits], (card.x + 10, card.y + scaled(34, scale)), size, TEXT)
    if view.thinking is not None:
        draw_progress(surface, thinking_bar_rect(card), view.thinking)  # its budget used


def thinking_bar_rect(card: pygame.Rect) -> pygame.Rect:
    """Where the bot's thinking bar goes: along the bottom of the unit card."""
    return pygame.Rect(card.x + 10, card.bottom - THINKING_BAR_H - 10, card.w - 20,
                       THINKING_BAR_H)


def draw_score(surface: pygame.Surface, rect: pygame.Rect, team: str, view: ScoresView,
               palette: Palette, scale: float) -> None:
    """A team's box: its disc in its colours, its name, its score, who plays it."""
    colors = palette.team(team)
    active = team == view.active
    draw_box(surface, rect, edge=ACCENT if active else (70, 76, 92))
    if active:
        pygame.draw.rect(surface, ACCENT, rect, 3, border_radius=8)
    disc, radius = (rect.x + scaled(18, scale), rect.y + scaled(20, scale)), scaled(11, scale)
    team_disc(surface, disc, radius, colors)
    size = scaled(22, scale)
    name = fit(view.names[team], size, rect.w - scaled(44, scale), bold=True)
    draw_text(surface, name, (rect.x + scaled(36, scale), rect.y + scaled(10, scale)), size, TEXT,
              bold=True)
    score = f"{view.scores[team]} / {view.limits[team]}"
    draw_text(surface, score, (rect.x + 12, rect.bottom - 8), scaled(28, scale), TEXT,
              anchor="bottomleft")
    level = view.levels[team]
    note, color = (_("click: rename"), DIM) if level == HUMAN else (seat_words(level), ACCENT)
    note_size = scaled(15, scale)
    room = rect.w - 24 - text_size(score, scaled(28, scale))[0]
    if level == HUMAN and not view.renames:
        return
    if text_size(note, note_size)[0] <= room:  # a narrow box leaves the note out
        draw_text(surface, note, (rect.right - 8, rect.bottom - 8), note_size, color,
                  anchor="bottomright")


def log_rows(rect: pygame.Rect, log: Sequence[str], scale: float = 1.0) -> list[tuple[int, str]]:
    """The wrapped rows the log box shows, newest at the bottom, each with its entry's index."""
    size = scaled(LOG_SIZE, scale)
    if rect.h < 30:
        return []
    fits = (rect.h - 10) // font(size).get_linesize()
    rows: list[tuple[int, str]] = []
    for i in range(len(log) - 1, -1, -1):
        rows[:0] = [(i, part) for part in wrap(log[i], size, rect.w - 16)]
        if len(rows) >= fits:
            break
    return rows[-fits:] if fits > 0 else []


def log_entry_at(rect: pygame.Rect, log: Sequence[str], xy: tuple[int, int],
                 scale: float = 1.0) -> int | None:
    """The index of the log entry under `xy`, if any."""
    if not rect.collidepoint(xy):
        return None
    row = (xy[1] - rect.y - 5) // font(scaled(LOG_SIZE, scale)).get_linesize()
    rows = log_rows(rect, log, scale)
    return rows[row][0] if 0 <= row < len(rows) else None


def draw_log(surface: pygame.Surface, rect: pygame.Rect, log: Sequence[str], scale: float,
             hovered: int | None = None) -> None:
    """The newest log lines that fit, newest at the bottom; the hovered entry lit."""
    if rect.h < 30:
        return
    draw_box(surface, rect, (28, 31, 38))
    size = scaled(LOG_SIZE, scale)
    step = font(size).get_linesize()
    for n, (i, text) in enumerate(log_rows(rect, log, scale)):
        top = rect.y + 5 + n * step
        if i == hovered:
            pygame.draw.rect(surface, (60, 66, 84), (rect.x + 4, top, rect.w - 8, step))
        draw_text(surface, text, (rect.x + 8, top), size, TEXT)
