"""The replay's side panel: the scores as the game's panel draws them, where the replay stands,
the view (under fog), the rolls of the action shown, the log up to it, and the controls to play
on from here, change the speed and go back. Laid out at any size and text scale."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import pygame

from ...board.palette import Palette
from ...bots import LEVELS
from ...engine.game_map import TEAMS
from ...i18n import N_, _
from ...play.log_text import LogLine
from ..game.layout import Layout
from ..game.panel import LOG_SIZE, MIN_LOG_LINES, SCORE_H, draw_log, draw_score, score_boxes
from ..game.roll_view import RollView, draw_rolls, rolls_height
from ..menu.player_picker import level_button_name
from ..scale import scaled
from ..widgets import (
    ACCENT,
    DIM,
    TEXT,
    Button,
    draw_buttons,
    draw_lines,
    draw_squeezed,
    draw_text,
    fit,
    font,
    row_of_buttons,
    text_size,
    wrap,
)

BUTTON_H = 34  # px at scale 1, as every size below
GAP = 6
TITLE_H = 34
LINE_SIZE = 19
HINT_SIZE = 16
HINT = (N_("Space play/pause · Left/Right one action · Up/Down one turn · PgUp/PgDn one round · "
           "Home/End · click or drag the timeline · V view · H watchers · G coordinates · A speed "
           "· Esc back"))
PLAY_ON_HINT = (N_("A new game from this moment, with its own save, played by the players above; "
                   "this replay and its file stay as they are"))


@dataclass(frozen=True)
class ReplayView:
    """What the replay's panel shows this frame, as plain values (ScoresView for the boxes)."""

    names: dict[str, str]
    scores: dict[str, int]
    limits: dict[str, int]
    active: str
    levels: dict[str, str]  # who played each team
    source: str  # the file watched, or the game just played
    turn_line: str
    status: str  # where the replay stands: action, playing or paused
    next_line: str  # the next action, as the board marks it
    views: tuple[tuple[str, str, bool], ...]  # (name, label, chosen); none without fog
    rolls: tuple[RollView, ...]
    log: Sequence[LogLine]
    play_on_levels: Mapping[str, str]  # who plays each team in a game played on from here
    why_no_play_on: str | None
    speed_label: str
    log_hover: int | None = None
    renames: bool = field(default=False)


@dataclass(frozen=True)
class ReplayPanelLayout:
    """Top down: title, scores, the turn and the status lines, the views, the rolls, the log,
    the key hint; the play-on controls and the buttons from the foot up."""

    title: pygame.Rect
    scores: dict[str, pygame.Rect]
    lines_top: int
    views: pygame.Rect | None
    rolls: pygame.Rect
    log: pygame.Rect
    hint_top: int | None
    players: pygame.Rect
    play_on: pygame.Rect
    bottom_row: pygame.Rect


def replay_panel_layout(lay: Layout, view: ReplayView) -> ReplayPanelLayout:
    panel, s = lay.panel, lay.scale
    button_h, gap = scaled(BUTTON_H, s), scaled(GAP, s)
    title = pygame.Rect(panel.x, panel.y, panel.w, scaled(TITLE_H, s))
    scores = {t: box.move(0, title.h) for t, box in score_boxes(lay).items()}
    lines_top = title.bottom + scaled(SCORE_H, s) + gap
    line_h = font(scaled(LINE_SIZE, s)).get_linesize()
    top = lines_top + 3 * line_h + gap
    views = None
    if view.views:
        views = pygame.Rect(panel.x, top, panel.w, button_h)
        top = views.bottom + gap
    bottom_row = pygame.Rect(panel.x, panel.bottom - button_h, panel.w, button_h)
    play_on = bottom_row.move(0, -(button_h + gap))
    players = play_on.move(0, -(button_h + gap))
    heading_h = font(scaled(HINT_SIZE, s)).get_linesize()
    room = players.y - heading_h - gap - top
    log_min = scaled(10, s) + MIN_LOG_LINES * font(scaled(LOG_SIZE, s)).get_linesize()
    rolls = fitting_rolls(view.rolls, s, panel.w, room - log_min)
    rolls_rect = pygame.Rect(panel.x, top, panel.w, rolls_height(rolls, s, panel.w))
    log_top = rolls_rect.bottom + (gap if rolls else 0)
    hint_h = len(hint_lines(panel.w, s)) * font(scaled(HINT_SIZE, s)).get_linesize() + gap
    foot = players.y - heading_h - gap  # the log and the hint end over the play-on heading
    hint = foot - log_top - hint_h >= log_min
    log = pygame.Rect(panel.x, log_top, panel.w, max(0, foot - log_top - (hint_h if hint else 0)))
    return ReplayPanelLayout(title, scores, lines_top, views, rolls_rect, log,
                             log.bottom + gap if hint else None, players, play_on, bottom_row)


def fitting_rolls(rolls: tuple[RollView, ...], scale: float, width: int, room: int
                  ) -> tuple[RollView, ...]:
    """The last rolls that fit in `room` px (the latest first kept), none if even it does not."""
    while rolls and rolls_height(rolls, scale, width) > room:
        rolls = rolls[1:]
    return rolls


def hint_lines(width: int, scale: float) -> list[str]:
    return wrap(HINT, scaled(HINT_SIZE, scale), width - 4)


def replay_buttons(lay: Layout, view: ReplayView) -> list[Button]:
    """The views (under fog), who plays on, Play on from here, Speed and Back."""
    parts, gap = replay_panel_layout(lay, view), scaled(GAP, lay.scale)
    result: list[Button] = []
    if parts.views is not None:
        specs = [(name, label) for name, label, __ in view.views]
        chosen = {name for name, __, on in view.views if on}
        result += [Button(b.name, b.label, b.rect, toggled=b.name in chosen,
                          hint=_("See the game as this team saw it (V)") if b.name != "view"
                          else _("See everything (V)"))
                   for b in row_of_buttons(specs, parts.views, gap)]
    levels = view.play_on_levels
    specs = [(level_button_name(t), _("{name}: {level}").format(name=view.names[t],
                                                                level=_(levels[t])))
             for t in TEAMS]
    result += [Button(b.name, b.label, b.rect, hint=_("Who plays {names} in a game played on from "
                                                      "here: click for the next ({join})").format(
        names=view.names[t], join=', '.join(LEVELS)))
               for t, b in zip(TEAMS, row_of_buttons(specs, parts.players, gap), strict=True)]
    why = view.why_no_play_on
    result.append(Button("play_on", _("Play on from here"), parts.play_on, why is None,
                         hint=why or PLAY_ON_HINT))
    specs = [("speed", _("Speed: {speed_label}").format(
        speed_label=view.speed_label)), ("back", _("Back (Esc)"))]
    hints = {"speed": _("Animation speed (A)"), "back": _("Leave the replay (Esc)")}
    result += [Button(b.name, b.label, b.rect, hint=hints[b.name])
               for b in row_of_buttons(specs, parts.bottom_row, gap)]
    return result


def draw_replay_panel(surface: pygame.Surface, lay: Layout, view: ReplayView,
                      palette: Palette) -> None:
    parts, panel, s = replay_panel_layout(lay, view), lay.panel, lay.scale
    size = scaled(26, s)
    draw_text(surface, _("Replay"), (panel.x + 2, parts.title.y), size, ACCENT, bold=True)
    room = panel.w - text_size(_("Replay"), size, True)[0] - scaled(16, s)
    source = fit(view.source, scaled(16, s), room)
    draw_text(surface, source, (panel.right - 2, parts.title.y + scaled(8, s)), scaled(16, s),
              DIM, anchor="topright")
    for team, rect in parts.scores.items():
        draw_score(surface, rect, team, view, palette, s)
    line_size = scaled(LINE_SIZE, s)
    sizes = (line_size, scaled(16, s))
    y = parts.lines_top
    draw_squeezed(surface, view.turn_line, (panel.x + 4, y), sizes, panel.w - 8)
    y += font(line_size).get_linesize()
    draw_squeezed(surface, view.status, (panel.x + 4, y), sizes, panel.w - 8, DIM)
    y += font(line_size).get_linesize()
    draw_squeezed(surface, view.next_line, (panel.x + 4, y), sizes, panel.w - 8, ACCENT)
    if view.rolls and parts.rolls.h:
        draw_rolls(surface, parts.rolls, fitting_rolls(view.rolls, s, panel.w, parts.rolls.h), s)
    draw_log(surface, parts.log, view.log, s, view.log_hover)
    if parts.hint_top is not None:
        draw_lines(surface, hint_lines(panel.w, s), (panel.x + 2, parts.hint_top),
                   scaled(HINT_SIZE, s), DIM)
    heading = fit(_("Play on from here, with these players:"), scaled(HINT_SIZE, s), panel.w)
    draw_text(surface, heading, (panel.x + 2, parts.players.y - 2), scaled(HINT_SIZE, s), DIM,
              anchor="bottomleft")
    draw_buttons(surface, replay_buttons(lay, view), scaled(18, s))
    if not view.log:
        draw_text(surface, _("The game's first moment: Space plays it."),
                  (parts.log.x + 8, parts.log.y + 6), scaled(LOG_SIZE, s), TEXT)
