"""Status icons, drawn by code at any size: the board and the Rules screen share them."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from functools import partial

import pygame

from ..i18n import N_
from .palette import RGB
from .text import rendered

INK: RGB = (20, 20, 20)
PIP_ON: RGB = (255, 222, 60)
PIP_OFF: RGB = (90, 90, 90)
MOVE: RGB = (60, 215, 90)
CHARGE: RGB = (255, 214, 40)
OFF: RGB = (240, 55, 40)
COVER: RGB = (110, 215, 255)
EYE: RGB = (250, 250, 250)
SHADOW = (0, 0, 0, 120)

SIDES = ("N", "S", "W", "E")

IconDraw = Callable[[pygame.Surface, pygame.Rect], None]


def _line_px(rect: pygame.Rect, fraction: float) -> int:
    """A stroke width that scales with the icon but never vanishes."""
    return max(1, round(min(rect.w, rect.h) * fraction))


def _points(rect: pygame.Rect, shape: Iterable[tuple[float, float]]) -> list[tuple[float, float]]:
    """A shape given in 0..1 units placed into `rect`."""
    return [(rect.x + x * rect.w, rect.y + y * rect.h) for x, y in shape]


def _outlined_polygon(surface: pygame.Surface, color: RGB, points: list, rect: pygame.Rect) -> None:
    pygame.draw.polygon(surface, color, points)
    pygame.draw.polygon(surface, INK, points, _line_px(rect, 0.1))


def draw_ap_pips(surface: pygame.Surface, rect: pygame.Rect, ap: int, max_ap: int) -> None:
    """One pip per action point in a centred row on a dark strip (so they read on any tile,
    hazard stripes too): filled while left, hollow once spent."""
    if max_ap <= 0:
        return
    pygame.draw.rect(surface, INK, rect, border_radius=rect.h // 2)
    inner = rect.inflate(-2, -2)
    diameter = min(inner.h, inner.w / (max_ap * 1.35))
    radius = max(1.5, diameter / 2)
    gap = (inner.w - max_ap * 2 * radius) / (max_ap + 1)
    for i in range(max_ap):
        centre = (inner.x + gap * (i + 1) + radius * (2 * i + 1), inner.centery)
        if i < ap:
            pygame.draw.circle(surface, PIP_ON, centre, radius)
        else:
            pygame.draw.circle(surface, PIP_OFF, centre, radius, max(1, round(radius / 2)))


def draw_can_move(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A green 'go' arrow: the unit may still make a move."""
    arrow = ((0.08, 0.1), (0.92, 0.5), (0.08, 0.9), (0.3, 0.5))
    _outlined_polygon(surface, MOVE, _points(rect, arrow), rect)


def draw_charging(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A lightning bolt: the laser recharges at the end of this turn."""
    bolt = ((0.6, 0.0), (0.18, 0.58), (0.46, 0.58), (0.34, 1.0), (0.84, 0.36), (0.55, 0.36))
    _outlined_polygon(surface, CHARGE, _points(rect, bolt), rect)


def draw_charging_ring(surface: pygame.Surface, disc: pygame.Rect) -> None:
    """A dashed yellow ring around a disc: its laser is charging (ready at the end of the turn)."""
    width = max(2, disc.w // 8)
    ring = disc.inflate(width, width)
    dashes = 6
    for i in range(dashes):
        start = 2 * math.pi * i / dashes
        pygame.draw.arc(surface, INK, ring, start, start + math.pi / dashes, width + 2)
        pygame.draw.arc(surface, CHARGE, ring, start, start + math.pi / dashes, width)


def draw_laser_off(surface: pygame.Surface, disc: pygame.Rect) -> None:
    """A red 'no' sign over a disc (a ring and a slash): the laser is out until it reaches a
    base."""
    width = max(2, disc.w // 8)
    ring = disc.inflate(-width // 2, -width // 2)
    inset = round(ring.w * 0.15)
    ends = ((ring.x + inset, ring.y + inset), (ring.right - inset, ring.bottom - inset))
    for color, w in ((INK, width + 2), (OFF, width)):
        pygame.draw.circle(surface, color, ring.center, ring.w // 2, w)
        pygame.draw.line(surface, color, *ends, w)


def draw_charging_unit(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A disc in its dashed yellow ring, the bolt by it, as a charging unit is drawn (for the
    legend)."""
    disc = rect.inflate(-rect.w // 4, -rect.h // 4)
    pygame.draw.circle(surface, PIP_OFF, disc.center, disc.w // 2)
    draw_charging_ring(surface, disc)
    draw_charging(surface, pygame.Rect(rect.right - rect.w // 3, rect.y, rect.w // 3, rect.h // 3))


def draw_deactivated(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A grey disc under the red 'no' sign, as a deactivated unit is drawn (for the legend)."""
    pygame.draw.circle(surface, PIP_OFF, rect.center, rect.w // 2)
    draw_laser_off(surface, rect)


def draw_elevated(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A token raised on a pedestal, as a unit standing on cover is drawn (for the legend)."""
    radius = rect.w // 3
    lift = rect.h // 4
    ground = (rect.centerx, rect.bottom - radius - 1)
    top = (ground[0], ground[1] - lift)
    pygame.draw.circle(surface, INK, ground, radius)
    pygame.draw.rect(surface, INK, (ground[0] - radius, top[1], 2 * radius, lift))
    pygame.draw.circle(surface, INK, top, radius)
    pygame.draw.circle(surface, EYE, top, radius - max(1, radius // 5))


def cover_bar_px(size: int) -> int:
    """Thickness of the cover bars on a tile of `size` px (the AP pips sit just above them)."""
    return max(3, round(size * 0.08))


def draw_cover_bars(surface: pygame.Surface, rect: pygame.Rect, sides: Iterable[str]) -> None:
    """Bars along the edges of `rect` where the unit has cover (RULES §5 'in cover')."""
    thick = cover_bar_px(min(rect.w, rect.h))
    across, down = round(rect.w * 0.8), round(rect.h * 0.8)
    shapes = {"N": (across, thick), "S": (across, thick), "W": (thick, down), "E": (thick, down)}
    anchors = {"N": "midtop", "S": "midbottom", "W": "midleft", "E": "midright"}
    for side in sides:
        bar = pygame.Rect((0, 0), shapes[side])
        setattr(bar, anchors[side], getattr(rect, anchors[side]))
        pygame.draw.rect(surface, COVER, bar)
        if thick >= 4:
            pygame.draw.rect(surface, INK, bar, 1)


def draw_eye(surface: pygame.Surface, rect: pygame.Rect) -> None:
    pygame.draw.ellipse(surface, INK, rect)
    pygame.draw.ellipse(surface, EYE, rect.inflate(-2, -2))
    pupil = max(1.5, rect.h * 0.28)
    pygame.draw.circle(surface, INK, rect.center, pupil)


SMALL_EYE_PX = 12  # below this height the eye is left out: the count alone stays legible


def draw_snap_shots(surface: pygame.Surface, rect: pygame.Rect, count: int) -> None:
    """An eye with the number of snap shots held (the count alone when small): on watch."""
    digit = rendered(str(count), max(8, round((rect.h - 2) * 1.45)), EYE, True)
    box = digit.get_rect().inflate(4, 2)
    box.topright = rect.topright
    if rect.h >= SMALL_EYE_PX:
        width = min(box.left - rect.x - 1, round(rect.h * 1.5))
        eye = pygame.Rect(0, 0, width, min(rect.h, round(width / 1.5)))
        eye.midright = (box.left - 1, rect.centery)
        draw_eye(surface, eye)
    pygame.draw.rect(surface, INK, box, border_radius=2)
    pygame.draw.rect(surface, COVER, box, 1, border_radius=2)
    surface.blit(digit, digit.get_rect(center=box.center))


STATUS_ICONS: list[tuple[str, str, IconDraw]] = [
    (N_("AP left"), N_("a pip per action point left; grey pips are spent"),
     partial(draw_ap_pips, ap=2, max_ap=3)),
    (N_("Can move"), N_("the unit may still make a move this turn"), draw_can_move),
    (N_("Charging"), N_("the laser is recharging (a dashed yellow ring): ready at the end of this "
                        "turn"),
     draw_charging_unit),
    (N_("Deactivated"), N_("the laser is out (a grey disc, struck through): reach a base of your "
                           "team"),
     draw_deactivated),
    (N_("Elevated"), N_("the unit stands on cover: its disc raised on a pedestal"), draw_elevated),
    (N_("Cover"), N_("a bar on each tile edge the unit has cover on"),
     partial(draw_cover_bars, sides=("N", "E"))),
    (N_("Snap shots"), N_("on watch: the number of snap shots held"),
     partial(draw_snap_shots, count=2)),
]
