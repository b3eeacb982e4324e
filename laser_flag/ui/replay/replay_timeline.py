"""The replay's timeline: the whole game as one bar, each turn in its team's colour, every shot
marked over it (a hit tall and bright, a miss a dot), the rounds numbered under it and the
moment shown as a handle. A click or a drag on the bar scrubs; a click on the rounds' strip
jumps to that round's start."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ...board.palette import Palette, mix
from ...i18n import _
from ...play.replay_player import ReplayPlayer, TurnMark
from ..scale import scaled
from ..widgets import ACCENT, DIM, PANEL, TEXT, draw_box, draw_text, text_size

MARKS_H = 12  # px at scale 1: the shots' strip over the bar
BAR_H = 18
ROUNDS_H = 20  # the rounds' numbers under the bar
HEIGHT = MARKS_H + BAR_H + ROUNDS_H
LABEL_SIZE = 15
MISS_GREY = (120, 124, 136)


@dataclass(frozen=True)
class Timeline:
    """Where the timeline is (`rect`, its three strips stacked) for a game of `last` actions."""

    rect: pygame.Rect
    last: int
    scale: float = 1.0

    @property
    def marks(self) -> pygame.Rect:
        return pygame.Rect(self.rect.x, self.rect.y, self.rect.w, scaled(MARKS_H, self.scale))

    @property
    def bar(self) -> pygame.Rect:
        return pygame.Rect(self.rect.x, self.marks.bottom, self.rect.w, scaled(BAR_H, self.scale))

    @property
    def rounds(self) -> pygame.Rect:
        return pygame.Rect(self.rect.x, self.bar.bottom, self.rect.w,
                           self.rect.bottom - self.bar.bottom)

    def x_of(self, index: int) -> int:
        """The x of the state after `index` actions."""
        return self.bar.x + round(index * (self.bar.w - 1) / max(1, self.last))

    def index_at(self, x: int) -> int:
        """The state nearest to `x`, within the game."""
        index = round((x - self.bar.x) * self.last / max(1, self.bar.w - 1))
        return min(max(0, index), self.last)

    def on_rounds(self, xy: tuple[int, int]) -> bool:
        return self.rounds.collidepoint(xy)


def timeline_height(scale: float) -> int:
    return scaled(HEIGHT, scale)


def round_of(marks: list[TurnMark], index: int) -> int:
    """The round the state after `index` actions is in."""
    return next((m.round for m in reversed(marks) if m.at <= index), 1)


def draw_timeline(surface: pygame.Surface, line: Timeline, player: ReplayPlayer,
                  palette: Palette, hover: tuple[int, int] | None) -> None:
    """The bar of turns, the shots over it, the rounds under it, the handle where the replay
    stands, and what the pointer is over."""
    bar = line.bar
    draw_box(surface, bar.inflate(4, 4), PANEL)
    marks = player.turn_marks
    for i, mark in enumerate(marks):
        end = marks[i + 1].at if i + 1 < len(marks) else line.last
        left, right = line.x_of(mark.at), max(line.x_of(end), line.x_of(mark.at) + 1)
        tone = mix(PANEL, palette.team(mark.team).main, 0.55)
        pygame.draw.rect(surface, tone, (left, bar.y, right - left, bar.h))
        if mark.turn % 2 == 1 and mark.at:  # a round starts: a line across the bar
            pygame.draw.line(surface, DIM, (left, bar.y), (left, bar.bottom - 1))
    draw_shots(surface, line, player, palette)
    draw_rounds(surface, line, marks)
    played = pygame.Rect(bar.x, bar.y, line.x_of(player.index) - bar.x, bar.h)
    shade = pygame.Surface(played.size, pygame.SRCALPHA)
    shade.fill((255, 255, 255, 40))  # the part already played, lighter
    surface.blit(shade, played)
    x = line.x_of(player.index)
    pygame.draw.rect(surface, ACCENT, (x - 2, line.marks.y, 5, bar.bottom - line.marks.y),
                     border_radius=2)
    if hover is not None and line.rect.collidepoint(hover):
        draw_hover(surface, line, player, hover)


def draw_shots(surface: pygame.Surface, line: Timeline, player: ReplayPlayer,
               palette: Palette) -> None:
    """A hit as a bar in the shooter's colour over the timeline, a miss as a grey dot."""
    strip = line.marks
    for shot in player.shot_marks:
        x = line.x_of(shot.at)
        if shot.hit:
            color = palette.team(shot.team).bright
            pygame.draw.rect(surface, color, (x - 1, strip.y, 3, strip.h))
        else:
            pygame.draw.circle(surface, MISS_GREY, (x, strip.bottom - 3), 2)


def draw_rounds(surface: pygame.Surface, line: Timeline, marks: list[TurnMark]) -> None:
    """Round numbers under the bar, as many as fit without touching."""
    size = scaled(LABEL_SIZE, line.scale)
    room = text_size("r000", size)[0]
    right = line.rounds.x - room
    for mark in marks:
        if mark.turn % 2 == 0:
            continue
        x = line.x_of(mark.at)
        if x - right >= room:
            label = f"r{mark.round}"
            draw_text(surface, label, (x, line.rounds.y + 1), size, DIM, anchor="midtop")
            right = x


def draw_hover(surface: pygame.Surface, line: Timeline, player: ReplayPlayer,
               xy: tuple[int, int]) -> None:
    """Over the timeline: a thin line where a click would go and, over it, which moment."""
    at = line.index_at(xy[0])
    if line.on_rounds(xy):
        at = next(m.at for m in player.turn_marks if m.round == round_of(player.turn_marks, at))
        text = _("round {round_of}: click to jump to its start").format(
            round_of=round_of(player.turn_marks, at))
    else:
        text = _("round {round_of} · action {at} of {last}").format(
            round_of=round_of(player.turn_marks, at), at=at, last=line.last)
    x = line.x_of(at)
    pygame.draw.line(surface, TEXT, (x, line.bar.y), (x, line.bar.bottom - 1))
    size = scaled(LABEL_SIZE, line.scale)
    width, height = text_size(text, size)
    tip = pygame.Rect(0, 0, width + 12, height + 6)
    tip.midbottom = (x, line.rect.y - 4)
    tip.clamp_ip(surface.get_rect())
    draw_box(surface, tip, (20, 22, 28), ACCENT)
    draw_text(surface, text, tip.center, size, TEXT, anchor="center")
