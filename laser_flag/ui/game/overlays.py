"""Marks laid over the board: reach, path, sight, targets, cover sides, laser beams."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable, Sequence
from functools import lru_cache

import pygame

from ...board.art import fast
from ...board.draw import Point, Tiles, shade_tiles, tile_rect
from ...board.palette import HIGHLIGHTS
from ...board.sight_lines import ScreenPoint, off_walls, on_screen
from ...engine.game_map import LEVEL, GameMap, Pos
from ...engine.sight_line import Segment
from ..widgets import draw_text, text_size

SELECT_RING = (255, 255, 255)
TARGET_RED = (255, 70, 50)
SIGHT_YELLOW = (255, 225, 90)
LASER_CORE = (255, 250, 240)
PATH_WHITE = (255, 255, 255)
HOVER = (255, 255, 255)
SHOT_ORANGE = (255, 160, 60)
FLASH = (255, 200, 120)
RECHARGE_CYAN = (110, 230, 255)
LABEL_GREY = (150, 156, 170)
ASK = (255, 196, 64)  # the end-turn question and the units it is about


def shade(surface: pygame.Surface, origin: Point, tile_px: int, tiles: Iterable[Pos], rgba) -> None:
    shade_tiles(surface, origin, tile_px, tiles, rgba)


_LAYERS: OrderedDict[Hashable, pygame.Surface] = OrderedDict()  # the last few, by what they show
LAYERS_KEPT = 4


def shade_counted(surface: pygame.Surface, origin: Point, tile_px: int, key: Hashable,
                  counts: Callable[[], frozenset[tuple[Pos, int]]], rgba) -> None:
    """Each tile shaded once per count (overlaps deepen), drawn as one layer. The layer is kept
    under `key` (what decides the counts: the enemy's watch while H is held), so `counts` is
    asked only when the key is new."""
    full = (key, tile_px, rgba)
    if full not in _LAYERS:
        _LAYERS[full] = _counted_layer(counts(), tile_px, rgba)
        while len(_LAYERS) > LAYERS_KEPT:
            _LAYERS.popitem(last=False)
    _LAYERS.move_to_end(full)
    surface.blit(_LAYERS[full], origin)


def _counted_layer(counts: frozenset[tuple[Pos, int]], tile_px: int, rgba) -> pygame.Surface:
    rows = 1 + max((r for (r, _), _ in counts), default=0)
    cols = 1 + max((c for (_, c), _ in counts), default=0)
    layer = pygame.Surface((cols * tile_px, rows * tile_px), pygame.SRCALPHA)
    for (r, c), n in counts:
        alpha = round(255 * (1 - (1 - rgba[3] / 255) ** n))  # n shades of alpha a, laid once
        layer.fill((*rgba[:3], alpha), (c * tile_px, r * tile_px, tile_px, tile_px))
    return fast(layer)


def reach(surface: pygame.Surface, origin: Point, tile_px: int, gm: GameMap,
          tiles: Iterable[Pos]) -> None:
    """The tiles a move can end on: floor tinted; cover and bases only framed, so that each
    tile kind stays recognisable under the tint."""
    tiles = list(tiles)
    plain = [p for p in tiles if gm.kind(p) == LEVEL]
    shade(surface, origin, tile_px, plain, HIGHLIGHTS.reach)
    for pos in tiles:
        if gm.kind(pos) != LEVEL:
            ring(surface, origin, tile_px, pos, HIGHLIGHTS.reach[:3], max(2, tile_px // 12))


def path_line(surface: pygame.Surface, origin: Point, tile_px: int, path: Sequence[Pos]) -> None:
    """The walk of a move: a line through tile centres with a dot per step."""
    points = [tile_rect(origin, tile_px, p).center for p in path]
    width = max(2, tile_px // 12)
    if len(points) > 1:
        pygame.draw.lines(surface, PATH_WHITE, False, points, width)
    for point in points[1:]:
        pygame.draw.circle(surface, PATH_WHITE, point, max(3, tile_px // 9))


def ring(surface: pygame.Surface, origin: Point, tile_px: int, pos: Pos, color, width: int) -> None:
    rect = tile_rect(origin, tile_px, pos).inflate(-2, -2)
    pygame.draw.rect(surface, color, rect, width, border_radius=max(2, tile_px // 8))


def crosshair(
    surface: pygame.Surface, origin: Point, tile_px: int, pos: Pos, color, width: int
) -> None:
    """A sight mark around an enemy: circle with four ticks."""
    rect = tile_rect(origin, tile_px, pos)
    cx, cy = rect.center
    radius = int(tile_px * 0.44)
    pygame.draw.circle(surface, color, (cx, cy), radius, width)
    tick = max(3, tile_px // 7)
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        start = (cx + dx * (radius - tick), cy + dy * (radius - tick))
        end = (cx + dx * (radius + tick // 2), cy + dy * (radius + tick // 2))
        pygame.draw.line(surface, color, start, end, width)


def cross(surface: pygame.Surface, rect: pygame.Rect, color) -> None:
    """A tile that cannot be reached: framed, with a cross through its middle."""
    width = max(2, rect.w // 14)
    pygame.draw.rect(surface, color, rect.inflate(-2, -2), width, border_radius=max(2, rect.w // 8))
    inner = rect.inflate(-rect.w // 2, -rect.h // 2)
    pygame.draw.line(surface, color, inner.topleft, inner.bottomright, width)
    pygame.draw.line(surface, color, inner.topright, inner.bottomleft, width)


def sight_dashes(surface: pygame.Surface, origin: Point, tile_px: int, gm: GameMap,
                 line: Segment, color, width: int) -> None:
    """A dashed line along a sight line (a watcher's sight of a tile)."""
    layer, box = _dashes_layer(line, tile_px, tuple(color[:3]), width, gm.tiles)
    surface.blit(layer, box.move(origin))


@lru_cache(maxsize=16)  # a hovered tile's lines show frame after frame: drawn once each
def _dashes_layer(line: Segment, tile_px: int, color: tuple[int, int, int], width: int,
                  tiles: Tiles) -> tuple[pygame.Surface, pygame.Rect]:
    ends = tuple(on_screen((0, 0), tile_px, p) for p in line)
    layer, box = _line_layer(ends, width, (tiles, tile_px),
                             lambda layer, s, t: _dashes(layer, s, t, (*color, 255), width))
    return fast(layer), box


def _dashes(layer: pygame.Surface, a: ScreenPoint, b: ScreenPoint, color, width: int) -> None:
    length = max(1.0, ((b[0] - a[0]) ** 2 + (b[1] - a[1]) ** 2) ** 0.5)
    dash = max(6, width * 4)
    for start in range(0, int(length), 2 * dash):
        t0, t1 = start / length, min(1.0, (start + dash) / length)
        p = (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0)
        q = (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1)
        pygame.draw.line(layer, color, p, q, width)


def laser(surface: pygame.Surface, origin: Point, tile_px: int, gm: GameMap, line: Segment,
          color, reach: float, glow: float) -> None:
    """The beam along a sight line from the shooter's tile to the target's, drawn out to `reach`
    (0..1), its halo and core as bright as `glow` (0..1)."""
    start, end = (on_screen((0, 0), tile_px, p) for p in line)
    tip = (start[0] + (end[0] - start[0]) * reach, start[1] + (end[1] - start[1]) * reach)
    alpha = round(255 * min(1.0, max(0.0, glow)))

    def paint(layer: pygame.Surface, s: ScreenPoint, t: ScreenPoint) -> None:
        pygame.draw.line(layer, (*color, alpha // 3), s, t, max(8, tile_px // 3))  # the halo
        pygame.draw.line(layer, (*color, alpha), s, t, max(4, tile_px // 6))
        pygame.draw.line(layer, (*LASER_CORE, alpha), s, t, max(1, tile_px // 18))
        pygame.draw.circle(layer, (*LASER_CORE, alpha), t, max(3, tile_px // 10))

    layer, box = _line_layer((start, tip), max(6, tile_px // 3), (gm.tiles, tile_px), paint)
    surface.blit(layer, box.move(origin))


def _line_layer(ends: tuple[ScreenPoint, ...], pad: int, board: tuple[Tiles, int],
                paint: Callable[[pygame.Surface, ScreenPoint, ScreenPoint], None]
                ) -> tuple[pygame.Surface, pygame.Rect]:
    """A line between `ends` (on a board drawn at (0, 0)) `paint`ed on a layer the size of the
    line, so it stays cheap, with `pad` pixels around it; whatever would fall on a wall's
    square is left out (a wall hides it). The layer, and where it goes on that board."""
    (x0, y0), (x1, y1) = ends
    box = pygame.Rect(int(min(x0, x1)), int(min(y0, y1)), int(abs(x1 - x0)) + 2,
                      int(abs(y1 - y0)) + 2).inflate(2 * pad, 2 * pad)
    layer = pygame.Surface(box.size, pygame.SRCALPHA)
    paint(layer, (x0 - box.x, y0 - box.y), (x1 - box.x, y1 - box.y))
    off_walls(layer, box, *board)
    return layer, box


def burst(surface: pygame.Surface, origin: Point, tile_px: int, pos: Pos, color,
          strength: float) -> None:
    """A round flash over a tile (a hit), as opaque and as wide as `strength` (0..1) says."""
    if strength <= 0:
        return
    rect = tile_rect(origin, tile_px, pos)
    radius = max(4, round(tile_px * (0.35 + 0.35 * (1.0 - strength))))
    layer = pygame.Surface((2 * radius, 2 * radius), pygame.SRCALPHA)
    pygame.draw.circle(layer, (*color, round(200 * strength)), (radius, radius), radius)
    pygame.draw.circle(layer, (*LASER_CORE, round(255 * strength)), (radius, radius), radius // 2)
    surface.blit(layer, layer.get_rect(center=rect.center))


def halo(surface: pygame.Surface, origin: Point, tile_px: int, pos: Pos, color,
         strength: float) -> None:
    """A soft ring of light around a tile's unit (a laser recharging), `strength` 0..1."""
    rect = tile_rect(origin, tile_px, pos).inflate(tile_px // 3, tile_px // 3)
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    centre, radius = (rect.w // 2, rect.h // 2), rect.w // 2
    pygame.draw.circle(layer, (*color, round(90 * strength)), centre, radius)
    rim = max(2, tile_px // 10)
    pygame.draw.circle(layer, (*color, round(255 * strength)), centre, radius, rim)
    surface.blit(layer, rect)


def walking_rect(origin: Point, tile_px: int, path: Sequence[Pos], steps: float) -> pygame.Rect:
    """Where a walking unit is drawn after `steps` of its path."""
    i = min(int(steps), len(path) - 2)
    t = min(1.0, steps - i)
    a, b = tile_rect(origin, tile_px, path[i]), tile_rect(origin, tile_px, path[i + 1])
    return a.move(round((b.x - a.x) * t), round((b.y - a.y) * t))


def banner(surface: pygame.Surface, area: pygame.Rect, text: str, second: str = "",
           color=SIGHT_YELLOW) -> pygame.Rect:
    """A boxed notice along the top of the board, a second line under it if given; the board
    stays seen around it."""
    size = max(18, min(28, area.w // 26))
    small = max(15, size * 3 // 4)
    widest = max(text_size(text, size, True)[0], text_size(second, small)[0] if second else 0)
    height = size + 16 + (small + 4 if second else 0)
    box = pygame.Rect(0, 0, min(area.w - 16, widest + 36), height)
    box.midtop = (area.centerx, area.y + 8)
    pygame.draw.rect(surface, (20, 20, 26), box, border_radius=8)
    pygame.draw.rect(surface, color, box, 2, border_radius=8)
    draw_text(surface, text, (box.centerx, box.y + 8), size, color, bold=True, anchor="midtop")
    if second:
        draw_text(surface, second, (box.centerx, box.y + size + 12), small, PATH_WHITE,
                  anchor="midtop")
    return box


def edges(surface: pygame.Surface, area: pygame.Rect, board: pygame.Rect) -> None:
    """Where the board goes on past the part shown: that edge fades, with an arrow (drag or the
    wheel to see more)."""
    depth = 22
    sides = {"top": board.top < area.top, "bottom": board.bottom > area.bottom,
             "left": board.left < area.left, "right": board.right > area.right}
    for side, more in sides.items():
        if more:
            _fade(surface, area, side, depth)


def _fade(surface: pygame.Surface, area: pygame.Rect, side: str, depth: int) -> None:
    across = side in ("top", "bottom")
    strip = pygame.Surface((area.w, depth) if across else (depth, area.h), pygame.SRCALPHA)
    for i in range(depth):  # darkest at the edge
        alpha = 200 * (depth - i) // depth
        at = i if side in ("top", "left") else depth - 1 - i
        ends = ((0, at), (area.w, at)) if across else ((at, 0), (at, area.h))
        pygame.draw.line(strip, (10, 11, 16, alpha), *ends)
    place = {"top": area.topleft, "left": area.topleft,
             "bottom": (area.x, area.bottom - depth), "right": (area.right - depth, area.y)}
    surface.blit(strip, place[side])
    cx, cy = {"top": (area.centerx, area.top + 6), "bottom": (area.centerx, area.bottom - 6),
              "left": (area.left + 6, area.centery), "right": (area.right - 6, area.centery)}[side]
    tip = {"top": (0, -1), "bottom": (0, 1), "left": (-1, 0), "right": (1, 0)}[side]
    a, b = (tip[1] * 7, tip[0] * 7), (-tip[1] * 7, -tip[0] * 7)
    arrow = [(cx + tip[0] * 4, cy + tip[1] * 4), (cx + a[0], cy + a[1]), (cx + b[0], cy + b[1])]
    pygame.draw.polygon(surface, LABEL_GREY, arrow)


def coordinates(surface: pygame.Surface, board: pygame.Rect, area: pygame.Rect,
                tile_px: int) -> None:
    """Row numbers left of the board and column numbers above it, as the log counts them: those
    of the rows and columns in sight, along the edges of the part of the board shown."""
    size = max(11, min(22, tile_px // 2))
    left, top = max(area.x, board.x) - 4, max(area.y, board.y) - 2
    for c in range(board.w // tile_px):
        x = board.x + c * tile_px + tile_px // 2
        if area.left <= x <= area.right:
            draw_text(surface, str(c), (x, top), size, LABEL_GREY, anchor="midbottom")
    for r in range(board.h // tile_px):
        y = board.y + r * tile_px + tile_px // 2
        if area.top <= y <= area.bottom:
            draw_text(surface, str(r), (left, y), size, LABEL_GREY, anchor="midright")
