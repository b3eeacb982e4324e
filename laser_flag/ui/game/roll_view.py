"""The last action's rolls beside the board: who shot at whom, the dice, the total against the
needed, HIT or MISS and what made up the needed roll with its exact chance. Nothing waits on
it: it stays until the next action."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ...engine.events import Shot
from ...i18n import _
from ...play.log_text import Roster, shot_reasons
from ..widgets import ACCENT, BAD, TEXT, draw_box, draw_text, font, wrap

DIE_FACE = (245, 242, 232)
PIP = (30, 30, 36)
# Pip places on a 3x3 grid (column, row) for each face.
PIPS = {
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
}
DIE = 30  # px at scale 1
TEXT_SIZE = 17
SHOWN = 3  # the last this many rolls of an action (a move can raise several snap shots)


@dataclass(frozen=True)
class RollView:
    """One roll as the panel shows it, in words."""

    heading: str  # "Blue's Scout snap-shoots at Red's Scout"
    dice: tuple[int, ...]
    needed: int
    hit: bool
    reasons: tuple[str, ...]  # the named modifiers and the exact chance; the watchers' order

    @classmethod
    def of(cls, shot: Shot, roster: Roster) -> RollView:
        heading = (_("{unit} snap-shoots at {unit2}") if shot.snap else
                   _("{unit} fires at {unit2}")).format(unit=roster.unit(shot.shooter),
                                                        unit2=roster.unit(shot.target))
        return cls(heading, shot.dice, shot.needed, shot.hit, tuple(shot_reasons(shot, roster)))


def draw_die(surface: pygame.Surface, rect: pygame.Rect, value: int) -> None:
    """One die face; values beyond 6 (maps with other dice) show as a number."""
    pygame.draw.rect(surface, DIE_FACE, rect, border_radius=rect.w // 6)
    pygame.draw.rect(surface, PIP, rect, 2, border_radius=rect.w // 6)
    if value not in PIPS:
        draw_text(surface, str(value), rect.center, rect.h // 2, PIP, bold=True, anchor="center")
        return
    step = rect.w // 4
    for col, row in PIPS[value]:
        centre = (rect.x + step * (col + 1), rect.y + step * (row + 1))
        pygame.draw.circle(surface, PIP, centre, max(2, rect.w // 10))


def roll_lines(roll: RollView, size: int, width: int) -> list[str]:
    """The roll's words wrapped to `width`: the heading, then the reasons."""
    return [part for text in (roll.heading, *roll.reasons) for part in wrap(text, size, width)]


def rolls_height(rolls: tuple[RollView, ...], scale: float, width: int) -> int:
    """The height the box of the last rolls needs at this scale and width (0: no rolls)."""
    if not rolls:
        return 0
    size, die = round(TEXT_SIZE * scale), round(DIE * scale)
    step = font(size).get_linesize()
    return sum(die + 8 + step * len(roll_lines(r, size, width - 16)) + 6
               for r in rolls[-SHOWN:]) + 6


def draw_rolls(surface: pygame.Surface, rect: pygame.Rect, rolls: tuple[RollView, ...],
               scale: float) -> None:
    """The last rolls, oldest first: the dice, 'total / needed' and the verdict on one line,
    the words under it."""
    draw_box(surface, rect, (30, 33, 42))
    size, die = round(TEXT_SIZE * scale), round(DIE * scale)
    step = font(size).get_linesize()
    y = rect.y + 6
    for roll in rolls[-SHOWN:]:
        x = rect.x + 8
        for value in roll.dice:
            draw_die(surface, pygame.Rect(x, y, die, die), value)
            x += die + 6
        total = _("{sum} / {needed} needed").format(sum=sum(roll.dice), needed=roll.needed)
        draw_text(surface, total, (x + 4, y + die // 2), round(19 * scale), TEXT, anchor="midleft")
        verdict, color = (_("HIT"), BAD) if roll.hit else (_("MISS"), ACCENT)
        draw_text(surface, verdict, (rect.right - 8, y + die // 2), round(24 * scale), color,
                  bold=True, anchor="midright")
        y += die + 8
        for line in roll_lines(roll, size, rect.w - 16):
            draw_text(surface, line, (rect.x + 8, y), size, TEXT)
            y += step
        y += 6
