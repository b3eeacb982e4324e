"""The result of a shot: who from where, the dice (highest first), total, needed, HIT or MISS,
and why it needed that much."""

from __future__ import annotations

import pygame

from ..engine.events import Shot
from .log_text import Roster, shot_reasons
from .widgets import ACCENT, BAD, DIM, TEXT, draw_box, draw_text, wrap

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
BOX_SIZE = (520, 300)


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


def draw_shot(surface: pygame.Surface, centre: tuple[int, int], shot: Shot, roster: Roster) -> None:
    """The modal result box of one shot, centred on `centre` (the board's centre): who shot
    from where, the dice, and what made up the needed roll with its exact chance."""
    box = pygame.Rect((0, 0), BOX_SIZE)
    box.center = centre
    box.clamp_ip(surface.get_rect())
    draw_box(surface, box, (28, 30, 38), BAD if shot.hit else DIM)
    verb = "snap-shoots at" if shot.snap else "fires at"
    where = f" from {shot.at}" if shot.at is not None else ""
    top = box.y + 14
    draw_text(surface, roster.unit(shot.shooter) + where, (box.centerx, top), 24, TEXT,
              anchor="midtop")
    draw_text(surface, f"{verb} {roster.unit(shot.target)}", (box.centerx, top + 24), 22, DIM,
              anchor="midtop")
    side = 64
    total_w = len(shot.dice) * side + (len(shot.dice) - 1) * 16
    x = box.centerx - total_w // 2
    for value in shot.dice:
        draw_die(surface, pygame.Rect(x, top + 54, side, side), value)
        x += side + 16
    sums = " + ".join(str(d) for d in shot.dice)
    line = f"{sums} = {sum(shot.dice)}    needed {shot.needed}"
    draw_text(surface, line, (box.centerx, top + 128), 28, TEXT, anchor="midtop")
    verdict, color = ("HIT", BAD) if shot.hit else ("MISS", ACCENT)
    draw_text(surface, verdict, (box.centerx, top + 156), 48, color, bold=True, anchor="midtop")
    reasons = [part for text in shot_reasons(shot, roster) for part in wrap(text, 18, box.w - 24)]
    for i, text in enumerate(reasons):
        draw_text(surface, text, (box.centerx, top + 206 + 20 * i), 18, TEXT, anchor="midtop")
    draw_text(
        surface,
        "click or press a key to continue · S skips the rest",
        (box.centerx, box.bottom - 10),
        18,
        DIM,
        anchor="midbottom",
    )
