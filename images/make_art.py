"""Generate the board art beside this script with pygame.draw: deterministic, reproducible PNGs.

Run `python images/make_art.py` and commit the PNGs. Every shape is drawn at four times
its size and smooth-scaled down, which gives anti-aliased edges without any font or file.
Masks (the base and the class symbols) are white on transparent: the game tints them.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402  (the prompt setting must come before import)

SIZE = 128  # px of one tile in the files; the game scales down (and up) from here
SUPER = 4  # drawing scale before the smooth-scale down
S = SIZE * SUPER
OUT = Path(__file__).resolve().parent  # images/, where laser_flag.board.art reads them

FLOOR = (178, 182, 172)
FLOOR_LIGHT = (194, 198, 188)
FLOOR_DARK = (150, 154, 145)
COVER_TOP = (198, 150, 86)
COVER_LIGHT = (232, 192, 130)
COVER_DARK = (128, 90, 48)
COVER_SHADOW = (120, 124, 116)
WALL_TOP = (70, 76, 92)
WALL_LINE = (62, 67, 82)
WALL_RIM = (132, 140, 160)
WALL_SIDE = (104, 110, 128)
WALL_FACE = (36, 39, 49)
GOLD = (240, 196, 48)
INK = (28, 28, 28)
WHITE = (255, 255, 255)
CLEAR = (0, 0, 0, 0)


def canvas(fill: tuple[int, ...] = CLEAR) -> pygame.Surface:
    """A supersampled drawing surface with alpha."""
    surf = pygame.Surface((S, S), pygame.SRCALPHA)
    surf.fill(fill)
    return surf


def u(value: float) -> int:
    """A length given in file pixels, in supersampled pixels."""
    return round(value * SUPER)


def box(x: float, y: float, w: float, h: float) -> pygame.Rect:
    return pygame.Rect(u(x), u(y), u(w), u(h))


def draw_floor(surf: pygame.Surface) -> None:
    """Open ground: a flat plate with a bevelled seam so tiles can be counted."""
    surf.fill(FLOOR)
    pygame.draw.rect(surf, FLOOR_LIGHT, box(0, 0, SIZE, 3))
    pygame.draw.rect(surf, FLOOR_LIGHT, box(0, 0, 3, SIZE))
    pygame.draw.rect(surf, FLOOR_DARK, box(0, SIZE - 3, SIZE, 3))
    pygame.draw.rect(surf, FLOOR_DARK, box(SIZE - 3, 0, 3, SIZE))
    for x, y in ((10, 10), (SIZE - 10, 10), (10, SIZE - 10), (SIZE - 10, SIZE - 10)):
        pygame.draw.circle(surf, FLOOR_DARK, (u(x), u(y)), u(2.5))


def floor() -> pygame.Surface:
    surf = canvas()
    draw_floor(surf)
    return surf


def cover() -> pygame.Surface:
    """A low crate on the floor: a drop shadow and a bevelled top read as 'raised'."""
    surf = floor()
    pygame.draw.rect(surf, COVER_SHADOW, box(20, 22, 100, 100), border_radius=u(8))
    pygame.draw.rect(surf, COVER_DARK, box(12, 12, 100, 100), border_radius=u(8))
    pygame.draw.rect(surf, COVER_LIGHT, box(12, 12, 94, 94), border_radius=u(8))
    pygame.draw.rect(surf, COVER_TOP, box(19, 19, 87, 87), border_radius=u(5))
    for y in (44, 70):
        pygame.draw.rect(surf, COVER_DARK, box(19, y, 87, 3))
    return surf


def wall() -> pygame.Surface:
    """The top of a wall block: dark slate with faint slabs; caps add the exposed edges."""
    surf = canvas(WALL_TOP)
    for y in (0, 64):
        pygame.draw.rect(surf, WALL_LINE, box(0, y, SIZE, 2))
    for x, y in ((40, 0), (104, 0), (8, 64), (72, 64)):
        pygame.draw.rect(surf, WALL_LINE, box(x, y, 2, 64))
    return surf


def cap(side: str) -> pygame.Surface:
    """The edge strip a wall shows on a side that faces open ground (south is the front face)."""
    surf = canvas()
    strips = {
        "n": [(WALL_RIM, box(0, 0, SIZE, 7))],
        "w": [(WALL_SIDE, box(0, 0, 7, SIZE))],
        "e": [(WALL_SIDE, box(SIZE - 7, 0, 7, SIZE))],
        "s": [(WALL_FACE, box(0, SIZE - 26, SIZE, 26)), (WALL_RIM, box(0, SIZE - 29, SIZE, 4))],
    }
    for color, rect in strips[side]:
        pygame.draw.rect(surf, color, rect)
    return surf


def base_mask() -> pygame.Surface:
    """A recharge pad: a ring, a faint fill and corner brackets, white to be tinted per team."""
    surf = canvas()
    centre = (S // 2, S // 2)
    pygame.draw.circle(surf, (255, 255, 255, 90), centre, u(54))
    pygame.draw.circle(surf, WHITE, centre, u(56), u(9))
    for sx in (0, 1):
        for sy in (0, 1):
            x = u(6) if sx == 0 else S - u(6) - u(26)
            y = u(6) if sy == 0 else S - u(6) - u(26)
            pygame.draw.rect(surf, WHITE, (x, y + (u(19) if sy else 0), u(26), u(7)))
            pygame.draw.rect(surf, WHITE, (x + (u(19) if sx else 0), y, u(7), u(26)))
    return surf


def base_u() -> pygame.Surface:
    """The universal pad, for both teams: a gold ring with a four-point star, not tinted."""
    surf = canvas()
    centre = (S // 2, S // 2)
    pygame.draw.circle(surf, (*GOLD, 80), centre, u(54))
    pygame.draw.circle(surf, INK, centre, u(59), u(15))
    pygame.draw.circle(surf, GOLD, centre, u(56), u(9))
    star = [(64, 20), (74, 54), (108, 64), (74, 74), (64, 108), (54, 74), (20, 64), (54, 54)]
    points = [(u(x), u(y)) for x, y in star]
    pygame.draw.polygon(surf, GOLD, points)
    pygame.draw.polygon(surf, INK, points, u(3))
    return surf


def symbol_basic() -> pygame.Surface:
    """Plain: a bold ring around a dot."""
    surf = canvas()
    pygame.draw.circle(surf, WHITE, (S // 2, S // 2), u(50), u(18))
    pygame.draw.circle(surf, WHITE, (S // 2, S // 2), u(14))
    return surf


def symbol_scout() -> pygame.Surface:
    """Scout: a fast upward chevron."""
    surf = canvas()
    chevron = [(64, 14), (118, 76), (118, 112), (64, 58), (10, 112), (10, 76)]
    pygame.draw.polygon(surf, WHITE, [(u(x), u(y)) for x, y in chevron])
    return surf


def symbol_sniper() -> pygame.Surface:
    """Sniper: a crosshair."""
    surf = canvas()
    centre = (S // 2, S // 2)
    pygame.draw.circle(surf, WHITE, centre, u(44), u(13))
    for rect in (box(57, 2, 14, 42), box(57, 84, 14, 42), box(2, 57, 42, 14), box(84, 57, 42, 14)):
        pygame.draw.rect(surf, WHITE, rect)
    pygame.draw.circle(surf, WHITE, centre, u(10))
    return surf


def symbol_grunt() -> pygame.Surface:
    """Grunt: a solid shield."""
    surf = canvas()
    shield = [(12, 8), (116, 8), (116, 78), (64, 122), (12, 78)]
    pygame.draw.polygon(surf, WHITE, [(u(x), u(y)) for x, y in shield])
    return surf


ART: dict[str, Callable[[], pygame.Surface]] = {
    "floor": floor,
    "cover": cover,
    "wall": wall,
    "wall_cap_n": lambda: cap("n"),
    "wall_cap_s": lambda: cap("s"),
    "wall_cap_w": lambda: cap("w"),
    "wall_cap_e": lambda: cap("e"),
    "base_mask": base_mask,
    "base_u": base_u,
    "symbol_basic": symbol_basic,
    "symbol_scout": symbol_scout,
    "symbol_sniper": symbol_sniper,
    "symbol_grunt": symbol_grunt,
}


def main(out: Path = OUT) -> int:
    """Write every PNG of ART into `out`."""
    out.mkdir(parents=True, exist_ok=True)
    for name, make in ART.items():
        image = pygame.transform.smoothscale(make(), (SIZE, SIZE))
        pygame.image.save(image, str(out / f"{name}.png"))
        print(f"wrote {out / name}.png")
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]) if len(sys.argv) > 1 else OUT))
