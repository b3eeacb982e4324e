"""Generate the board art beside this script with pygame.draw: deterministic, reproducible PNGs.

Run `python images/make_art.py` and commit the PNGs. Every shape is drawn at four times
its size and smooth-scaled down, which gives anti-aliased edges without any font or file.
Masks (the pads and the class symbols) are white on transparent: the game tints them.
Tile art comes once per theme of laser_flag/board/theme.py (`arena_*`, `daylight_*`).
"""

from __future__ import annotations

import os
import random
import sys
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402  (the prompt setting must come before import)

SIZE = 128  # px of one tile in the files; the game scales down (and up) from here
SUPER = 4  # drawing scale before the smooth-scale down
S = SIZE * SUPER
OUT = Path(__file__).resolve().parent  # images/, where laser_flag.board.art reads them

# Daylight: the light board
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
# Arena: a dark laser-tag hall
ARENA_FLOOR = (33, 36, 46)
ARENA_SEAM = (20, 22, 29)
ARENA_BEVEL = (46, 50, 63)
ARENA_STUD = (58, 64, 80)
ARENA_COVER_TOP = (170, 162, 142)
ARENA_COVER_LIGHT = (214, 208, 190)
ARENA_COVER_FACE = (222, 120, 30)
ARENA_COVER_STRIPE = (26, 24, 22)
ARENA_COVER_GRIP = (120, 113, 98)
ARENA_WALL_TOP = (92, 100, 124)
ARENA_WALL_LINE = (78, 85, 106)
ARENA_WALL_LIT = (196, 214, 246)
ARENA_WALL_SIDE = (128, 138, 164)
ARENA_WALL_FACE = (14, 16, 22)
ARENA_SHADOW = (0, 0, 0, 150)
ARENA_NEON = (70, 225, 205)
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


def draw_brackets(surf: pygame.Surface) -> None:
    """Corner brackets that frame a pad, in white."""
    for sx in (0, 1):
        for sy in (0, 1):
            x = u(6) if sx == 0 else S - u(6) - u(26)
            y = u(6) if sy == 0 else S - u(6) - u(26)
            pygame.draw.rect(surf, WHITE, (x, y + (u(19) if sy else 0), u(26), u(7)))
            pygame.draw.rect(surf, WHITE, (x + (u(19) if sx else 0), y, u(7), u(26)))


def daylight_draw_floor(surf: pygame.Surface) -> None:
    """Open ground: a flat plate with a bevelled seam so tiles can be counted."""
    surf.fill(FLOOR)
    pygame.draw.rect(surf, FLOOR_LIGHT, box(0, 0, SIZE, 3))
    pygame.draw.rect(surf, FLOOR_LIGHT, box(0, 0, 3, SIZE))
    pygame.draw.rect(surf, FLOOR_DARK, box(0, SIZE - 3, SIZE, 3))
    pygame.draw.rect(surf, FLOOR_DARK, box(SIZE - 3, 0, 3, SIZE))
    for x, y in ((10, 10), (SIZE - 10, 10), (10, SIZE - 10), (SIZE - 10, SIZE - 10)):
        pygame.draw.circle(surf, FLOOR_DARK, (u(x), u(y)), u(2.5))


def daylight_floor() -> pygame.Surface:
    surf = canvas()
    daylight_draw_floor(surf)
    return surf


def daylight_cover() -> pygame.Surface:
    """A low crate on the floor: a drop shadow and a bevelled top read as 'raised'."""
    surf = daylight_floor()
    pygame.draw.rect(surf, COVER_SHADOW, box(20, 22, 100, 100), border_radius=u(8))
    pygame.draw.rect(surf, COVER_DARK, box(12, 12, 100, 100), border_radius=u(8))
    pygame.draw.rect(surf, COVER_LIGHT, box(12, 12, 94, 94), border_radius=u(8))
    pygame.draw.rect(surf, COVER_TOP, box(19, 19, 87, 87), border_radius=u(5))
    for y in (44, 70):
        pygame.draw.rect(surf, COVER_DARK, box(19, y, 87, 3))
    return surf


def wall_top(top: tuple[int, int, int], line: tuple[int, int, int]) -> pygame.Surface:
    """The top of a wall block laid in slabs (each theme its colours); caps add the edges."""
    surf = canvas(top)
    for y in (0, 64):
        pygame.draw.rect(surf, line, box(0, y, SIZE, 2))
    for x, y in ((40, 0), (104, 0), (8, 64), (72, 64)):
        pygame.draw.rect(surf, line, box(x, y, 2, 64))
    return surf


def daylight_wall() -> pygame.Surface:
    """Dark slate with faint slabs."""
    return wall_top(WALL_TOP, WALL_LINE)


def daylight_cap(side: str) -> pygame.Surface:
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


def arena_floor() -> pygame.Surface:
    """Dark rubber matting: a faint speckle, a recessed seam and corner studs to count tiles by."""
    surf = canvas(ARENA_FLOOR)
    speckle = random.Random(16)  # fixed seed: the same file on every run
    for _ in range(260):
        shade = speckle.randint(-7, 7)
        color = tuple(max(0, c + shade) for c in ARENA_FLOOR)
        size = speckle.choice((1, 1, 2))
        x, y = speckle.randrange(SIZE), speckle.randrange(SIZE)
        pygame.draw.rect(surf, color, box(x, y, size, size))
    pygame.draw.rect(surf, ARENA_BEVEL, box(3, 3, SIZE - 6, 2))
    pygame.draw.rect(surf, ARENA_BEVEL, box(3, 3, 2, SIZE - 6))
    pygame.draw.rect(surf, ARENA_SEAM, box(0, 0, SIZE, SIZE), u(3))
    for x, y in ((11, 11), (SIZE - 11, 11), (11, SIZE - 11), (SIZE - 11, SIZE - 11)):
        pygame.draw.circle(surf, ARENA_STUD, (u(x), u(y)), u(2.5))
    return surf


def arena_cover() -> pygame.Surface:
    """A low block you can climb: shadow, a striped front face under a bevelled, gripped top."""
    surf = arena_floor()
    pygame.draw.rect(surf, ARENA_SHADOW, box(18, 20, 104, 104), border_radius=u(8))
    face = box(12, 84, 104, 30)
    pygame.draw.rect(surf, ARENA_COVER_FACE, face, border_radius=u(6))
    for x in range(0, 104, 18):
        stripe = [(12 + x, 114), (21 + x, 114), (33 + x, 90), (24 + x, 90)]
        pygame.draw.polygon(surf, ARENA_COVER_STRIPE, [(u(px), u(py)) for px, py in stripe])
    pygame.draw.rect(surf, ARENA_COVER_STRIPE, face, u(3), border_radius=u(6))
    pygame.draw.rect(surf, ARENA_COVER_LIGHT, box(12, 10, 104, 80), border_radius=u(8))
    pygame.draw.rect(surf, ARENA_COVER_TOP, box(17, 15, 94, 70), border_radius=u(5))
    for x in (36, 52, 68, 84, 100):
        for y in (32, 50, 68):
            pygame.draw.circle(surf, ARENA_COVER_GRIP, (u(x - 4), u(y)), u(2.5))
    return surf


def arena_wall() -> pygame.Surface:
    """Steel plates catching the light; the caps add the lit edges and the dark front face."""
    return wall_top(ARENA_WALL_TOP, ARENA_WALL_LINE)


def arena_cap(side: str) -> pygame.Surface:
    """A wall's lit edge toward open ground; the south side shows the dark front face."""
    surf = canvas()
    strips = {
        "n": [(ARENA_WALL_LIT, box(0, 0, SIZE, 6))],
        "w": [(ARENA_WALL_SIDE, box(0, 0, 6, SIZE))],
        "e": [(ARENA_WALL_SIDE, box(SIZE - 6, 0, 6, SIZE))],
        "s": [
            (ARENA_WALL_FACE, box(0, SIZE - 28, SIZE, 28)),
            (ARENA_WALL_LIT, box(0, SIZE - 31, SIZE, 4)),
            (ARENA_NEON, box(0, SIZE - 12, SIZE, 3)),
        ],
    }
    for color, rect in strips[side]:
        pygame.draw.rect(surf, color, rect)
    return surf


def glow(surf: pygame.Surface, radius: float, width: float, peak: int, color=WHITE) -> None:
    """A soft halo around a ring of `radius`: alpha falls from `peak` to nothing over `width`."""
    steps = 12
    for i in range(steps):
        alpha = round(peak * (i + 1) / steps)
        reach = u(radius + width * (1 - i / steps))
        pygame.draw.circle(surf, (*color, alpha), (S // 2, S // 2), reach)


def pad(halo: int) -> pygame.Surface:
    """A recharge pad (white, tinted per team): ring, faint fill, inner ring, core, brackets."""
    surf = canvas()
    centre = (S // 2, S // 2)
    if halo:
        glow(surf, 56, 8, halo)
    pygame.draw.circle(surf, (255, 255, 255, 80), centre, u(56))
    pygame.draw.circle(surf, WHITE, centre, u(56), u(9))
    pygame.draw.circle(surf, WHITE, centre, u(30), u(5))
    pygame.draw.circle(surf, WHITE, centre, u(14))
    draw_brackets(surf)
    return surf


def base_rim() -> pygame.Surface:
    """The pad's rings edged in the team's outline shade, so a dark team's pad still shows."""
    surf = canvas()
    centre = (S // 2, S // 2)
    pygame.draw.circle(surf, WHITE, centre, u(59), u(15))
    pygame.draw.circle(surf, WHITE, centre, u(33), u(11))
    pygame.draw.circle(surf, WHITE, centre, u(17))
    return surf


def universal_pad(halo: int) -> pygame.Surface:
    """The pad of both teams, never tinted: a gold ring and four-point star on a dark disc."""
    surf = canvas()
    centre = (S // 2, S // 2)
    if halo:
        glow(surf, 56, 8, halo, GOLD)
    pygame.draw.circle(surf, (*INK, 210), centre, u(54))
    pygame.draw.circle(surf, INK, centre, u(59), u(15))
    pygame.draw.circle(surf, GOLD, centre, u(56), u(9))
    star = [(64, 16), (75, 53), (112, 64), (75, 75), (64, 112), (53, 75), (16, 64), (53, 53)]
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
    """Sniper: the four bold ticks of a scope's crosshair and its centre dot (a '+', not an 'O')."""
    surf = canvas()
    for rect in (box(51, 2, 26, 42), box(51, 84, 26, 42), box(2, 51, 42, 26), box(84, 51, 42, 26)):
        pygame.draw.rect(surf, WHITE, rect)
    pygame.draw.circle(surf, WHITE, (S // 2, S // 2), u(13))
    return surf


def symbol_grunt() -> pygame.Surface:
    """Grunt: a solid shield."""
    surf = canvas()
    shield = [(12, 8), (116, 8), (116, 78), (64, 122), (12, 78)]
    pygame.draw.polygon(surf, WHITE, [(u(x), u(y)) for x, y in shield])
    return surf


ARENA_ART: dict[str, Callable[[], pygame.Surface]] = {
    "floor": arena_floor,
    "cover": arena_cover,
    "wall": arena_wall,
    "wall_cap_n": lambda: arena_cap("n"),
    "wall_cap_s": lambda: arena_cap("s"),
    "wall_cap_w": lambda: arena_cap("w"),
    "wall_cap_e": lambda: arena_cap("e"),
    "base_rim": base_rim,
    "base_mask": lambda: pad(halo=120),
    "base_u": lambda: universal_pad(halo=110),
}
ART: dict[str, Callable[[], pygame.Surface]] = {
    **{f"arena_{part}": make for part, make in ARENA_ART.items()},
    "daylight_floor": daylight_floor,
    "daylight_cover": daylight_cover,
    "daylight_wall": daylight_wall,
    "daylight_wall_cap_n": lambda: daylight_cap("n"),
    "daylight_wall_cap_s": lambda: daylight_cap("s"),
    "daylight_wall_cap_w": lambda: daylight_cap("w"),
    "daylight_wall_cap_e": lambda: daylight_cap("e"),
    "daylight_base_rim": base_rim,
    "daylight_base_mask": lambda: pad(halo=0),
    "daylight_base_u": lambda: universal_pad(halo=0),
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
