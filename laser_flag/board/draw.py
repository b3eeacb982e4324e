"""Drawing a map and its units, shared by the game client and the map editor.

The static tile layer is rendered once per (tiles, size, palette, theme) and blitted; each unit
is one cached sprite per look and size, so a 21x21 board redraws in well under a frame.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

import pygame

from ..engine.game_map import BASE_1, BASE_2, BASE_U, ELEVATED, WALL, GameMap, Pos, UnitSpec
from ..engine.units import CHARGED, CHARGING, DEACTIVATED
from . import art, icons
from .palette import RGB, RGBA, Palette, TeamColors, ink_on, mix
from .theme import DEFAULT_THEME, Theme

Point = tuple[int, int]

CAP_SIDES = (("n", (-1, 0)), ("s", (1, 0)), ("w", (0, -1)), ("e", (0, 1)))
KIND_ART = {ELEVATED: "cover", WALL: "wall"}  # the art part of a tile kind; others are floor
BASE_TEAMS = {BASE_1: "1", BASE_2: "2"}
DISC_RADIUS = 0.36  # of the tile
DISC_Y = 0.47  # disc centre, from the tile top: room above for a raised one, below for pips
LIFT = 0.1  # how far a unit on cover stands above the tile: a token on a pedestal
SYMBOL_SCALE = 1.3  # symbol side / disc radius...
SMALL_SYMBOL_SCALE = 1.5  # ...and on small tiles, where a thin stroke would blur away
WASH_GREY = (120, 120, 120)
WASH = {CHARGING: 0.45, DEACTIVATED: 0.8}  # how far a disc fades to grey while its laser is out
SMALL_TILE = 40  # below this the charging bolt is left out: it would cover the symbol
SIDE_SHADE = 0.55  # the pedestal's side: the disc's colour this much darker


@dataclass(frozen=True)
class UnitLook:
    """What a unit shows on the board, as plain values (the editor passes map units as is)."""

    team: str
    unit_class: str
    pos: Pos
    ap: int = 0
    max_ap: int = 0  # 0: no AP pips
    can_move: bool = False
    laser: str = CHARGED
    elevated: bool = False
    cover_sides: frozenset[str] = frozenset()
    snap_shots: int = 0

    @classmethod
    def from_spec(cls, spec: UnitSpec, gm: GameMap) -> UnitLook:
        """A map's starting unit with no status marks (elevated when it starts on cover)."""
        return cls(spec.team, spec.unit_class, spec.pos, elevated=gm.is_cover(spec.pos))


def tile_rect(origin: Point, tile_px: int, pos: Pos) -> pygame.Rect:
    """The screen rectangle of tile `pos` on a board drawn at `origin`."""
    return pygame.Rect(origin[0] + pos[1] * tile_px, origin[1] + pos[0] * tile_px, tile_px, tile_px)


def pos_at(origin: Point, tile_px: int, gm: GameMap, xy: Point) -> Pos | None:
    """The tile under screen point `xy`, or None off the board."""
    pos = ((xy[1] - origin[1]) // tile_px, (xy[0] - origin[0]) // tile_px)
    return pos if gm.in_bounds(pos) else None


def board_size(gm: GameMap, tile_px: int) -> tuple[int, int]:
    """Width and height in px of the whole board."""
    return gm.cols * tile_px, gm.rows * tile_px


Tiles = tuple[tuple[str, ...], ...]


def _is_wall(tiles: Tiles, r: int, c: int) -> bool:
    """Inside the grid and a wall (the board's edge shows caps, so outside is not)."""
    return 0 <= r < len(tiles) and 0 <= c < len(tiles[0]) and tiles[r][c] == WALL


def _wall_caps(tiles: Tiles, r: int, c: int) -> Iterable[str]:
    """Sides of a wall facing a non-wall tile or the board's edge: they show an edge strip."""
    for side, (dr, dc) in CAP_SIDES:
        if not _is_wall(tiles, r + dr, c + dc):
            yield f"wall_cap_{side}"


def _tile_parts(tiles: Tiles, r: int, c: int, palette: Palette) -> Iterable[tuple[str, RGB | None]]:
    """The art parts of one tile, bottom first, each with its tint.

    A team pad is a rim in the team's outline shade under a glow in its main colour, so a
    dark team's pad still shows on a dark floor.
    """
    kind = tiles[r][c]
    yield KIND_ART.get(kind, "floor"), None
    if kind == WALL:
        yield from ((name, None) for name in _wall_caps(tiles, r, c))
    elif kind == BASE_U:
        yield "base_u", None
    elif kind in BASE_TEAMS:
        colors = palette.team(BASE_TEAMS[kind])
        yield "base_rim", colors.outline
        yield "base_mask", colors.main


def _render_layer(tiles: Tiles, tile_px: int, palette: Palette, theme: Theme) -> pygame.Surface:
    """The whole static board as one surface."""
    layer = pygame.Surface((len(tiles[0]) * tile_px, len(tiles) * tile_px))
    for r, row in enumerate(tiles):
        for c in range(len(row)):
            for part, tint in _tile_parts(tiles, r, c, palette):
                image = art.image(art.tile_name(theme, part), tile_px, tint)
                layer.blit(image, (c * tile_px, r * tile_px))
    return layer.convert() if pygame.display.get_surface() is not None else layer


# Cached on content, so an undo in the editor finds its board again; thumbnails bypass it.
_tile_layer = lru_cache(maxsize=8)(_render_layer)


def draw_tiles(surface: pygame.Surface, gm: GameMap, origin: Point, tile_px: int,
               palette: Palette, theme: Theme = DEFAULT_THEME) -> None:
    """Floor, cover, walls with caps and team-tinted bases, from the cached tile layer."""
    surface.blit(_tile_layer(gm.tiles, tile_px, palette, theme), origin)


def _washed(color: RGB, amount: float) -> RGB:
    """`color` faded toward grey: works for dark and bright team colours alike."""
    return mix(color, WASH_GREY, amount)


def team_disc(surface: pygame.Surface, centre: Point, radius: int, colors: TeamColors) -> None:
    """A team's disc as its units wear it (its colour in its rim), where a screen names the
    team: score boxes, banners, the hand-off and victory screens."""
    pygame.draw.circle(surface, colors.outline, centre, radius)
    pygame.draw.circle(surface, colors.main, centre, radius - max(2, radius // 6))


def disc_centre(rect: pygame.Rect, elevated: bool) -> Point:
    """Where a unit's disc is drawn in its tile's `rect`: lifted when it stands on cover."""
    lift = round(rect.h * LIFT) if elevated else 0
    return rect.x + rect.w // 2, rect.y + round(rect.h * DISC_Y) - lift


def _pedestal(sprite: pygame.Surface, ground: Point, radius: int, lift: int,
              colors: TeamColors) -> None:
    """The side of a raised token: a shadow on the tile, then a dark band as tall as the lift
    under the disc, so a unit on cover plainly stands higher than one on the floor."""
    shadow = pygame.Rect(0, 0, 2 * radius + 4, radius + 2)
    shadow.midbottom = (ground[0] + 2, ground[1] + radius + 3)
    pygame.draw.ellipse(sprite, icons.SHADOW, shadow)
    side = mix(colors.main, (0, 0, 0), SIDE_SHADE)
    pygame.draw.circle(sprite, colors.outline, ground, radius)
    pygame.draw.rect(sprite, colors.outline, (ground[0] - radius, ground[1] - lift, 2 * radius,
                                              lift))
    inner = radius - max(1, radius // 10)
    pygame.draw.circle(sprite, side, ground, inner)
    pygame.draw.rect(sprite, side, (ground[0] - inner, ground[1] - lift, 2 * inner, lift))


def _disc(sprite: pygame.Surface, look: UnitLook, size: int, colors: TeamColors) -> None:
    """The team disc with its outline and class symbol (black or white, whichever reads on the
    disc as drawn), raised on a pedestal when elevated, greyed while the laser is out."""
    radius = round(size * DISC_RADIUS)
    box = pygame.Rect(0, 0, size, size)
    centre = disc_centre(box, look.elevated)
    if look.elevated:
        _pedestal(sprite, disc_centre(box, False), radius, round(size * LIFT), colors)
    pygame.draw.circle(sprite, colors.outline, centre, radius)
    fill = _washed(colors.main, WASH.get(look.laser, 0.0))
    pygame.draw.circle(sprite, fill, centre, radius - max(1, round(size / 20)))
    side = round(radius * (SMALL_SYMBOL_SCALE if size < SMALL_TILE else SYMBOL_SCALE))
    symbol = art.image(art.symbol_name(look.unit_class), side, ink_on(fill))
    sprite.blit(symbol, symbol.get_rect(center=centre))
    ring = pygame.Rect(0, 0, 2 * radius, 2 * radius)
    ring.center = centre
    if look.laser == CHARGING:
        icons.draw_charging_ring(sprite, ring)
    elif look.laser == DEACTIVATED:
        icons.draw_laser_off(sprite, ring)


def badge_rects(look: UnitLook, size: int) -> dict[str, pygame.Rect]:
    """Where each status mark of `look` goes on a sprite `size` px square (cover bars aside):
    the AP pips, the move arrow, the charging bolt, the snap shots held. The labels on the
    board keep clear of them."""
    badge = max(9, round(size * 0.32))  # the laser and move marks stay readable on small tiles
    rects: dict[str, pygame.Rect] = {}
    if look.max_ap > 0:
        pips = pygame.Rect(0, 0, round(size * 0.56), max(6, round(size * 0.15)))
        # Small tiles: the pips sit on the south cover bar's middle, to stay clear of the symbol.
        above = icons.cover_bar_px(size) if size >= SMALL_TILE else 0
        pips.midbottom = (size // 2, size - above - 1)
        rects["pips"] = pips
    if look.can_move:
        inset = round(size * 0.03)
        rects["move"] = pygame.Rect(inset, inset, badge, badge)
    if look.laser == CHARGING and size >= SMALL_TILE:  # small: the dashed ring says it alone
        rects["charging"] = pygame.Rect(size - badge - round(size * 0.02), round(size * 0.02),
                                        badge, badge)
    elif look.snap_shots > 0 and look.laser == CHARGED:
        snap = pygame.Rect(0, 0, round(size * 0.5), max(11, round(size * 0.26)))
        snap.topright = (size, 0)
        rects["snap"] = snap
    return rects


def disc_rect(look: UnitLook, size: int) -> pygame.Rect:
    """The square around a unit's disc (and its pedestal, raised on cover) on its sprite."""
    radius = round(size * DISC_RADIUS)
    box = pygame.Rect(0, 0, size, size)
    top = disc_centre(box, look.elevated)[1] - radius
    bottom = disc_centre(box, False)[1] + radius + (3 if look.elevated else 0)
    return pygame.Rect(size // 2 - radius, top, 2 * radius, bottom - top)


def unit_parts(look: UnitLook, rect: pygame.Rect) -> list[pygame.Rect]:
    """A unit drawn in `rect`: its disc and each status mark, in screen pixels."""
    size = min(rect.w, rect.h)
    left, top = rect.centerx - size // 2, rect.centery - size // 2
    parts = [disc_rect(look, size), *badge_rects(look, size).values()]
    return [part.move(left, top) for part in parts]


def _badges(sprite: pygame.Surface, look: UnitLook, size: int) -> None:
    """Status marks around the disc: AP pips, move arrow, laser state, snap shots, cover."""
    icons.draw_cover_bars(sprite, sprite.get_rect(), look.cover_sides)
    rects = badge_rects(look, size)
    if "pips" in rects:
        icons.draw_ap_pips(sprite, rects["pips"], look.ap, look.max_ap)
    if "move" in rects:
        icons.draw_can_move(sprite, rects["move"])
    if "charging" in rects:
        icons.draw_charging(sprite, rects["charging"])
    if "snap" in rects:
        icons.draw_snap_shots(sprite, rects["snap"], look.snap_shots)


@lru_cache(maxsize=512)
def _unit_sprite(look: UnitLook, size: int, colors: TeamColors) -> pygame.Surface:
    """One unit drawn on a transparent tile; `look` has its position zeroed so sprites share."""
    sprite = pygame.Surface((size, size), pygame.SRCALPHA)
    _disc(sprite, look, size, colors)
    _badges(sprite, look, size)
    return sprite.convert_alpha() if pygame.display.get_surface() is not None else sprite


def draw_unit(surface: pygame.Surface, look: UnitLook, rect: pygame.Rect, palette: Palette) -> None:
    """A team disc with its class symbol and status marks, filling the square `rect`."""
    size = min(rect.w, rect.h)
    sprite = _unit_sprite(replace(look, pos=(0, 0)), size, palette.team(look.team))
    surface.blit(sprite, sprite.get_rect(center=rect.center))


def draw_units(surface: pygame.Surface, units: Iterable[UnitLook], origin: Point, tile_px: int,
               palette: Palette) -> None:
    """Every unit on its tile (for callers that lay overlays between tiles and units)."""
    for look in units:
        draw_unit(surface, look, tile_rect(origin, tile_px, look.pos), palette)


def draw_board(surface: pygame.Surface, gm: GameMap, units: Iterable[UnitLook], origin: Point,
               tile_px: int, palette: Palette, theme: Theme = DEFAULT_THEME) -> None:
    """The tiles, then the units on them."""
    draw_tiles(surface, gm, origin, tile_px, palette, theme)
    draw_units(surface, units, origin, tile_px, palette)


@lru_cache(maxsize=32)
def _shade(tile_px: int, rgba: RGBA) -> pygame.Surface:
    square = pygame.Surface((tile_px, tile_px), pygame.SRCALPHA)
    square.fill(rgba)
    return square


def shade_tiles(surface: pygame.Surface, origin: Point, tile_px: int, positions: Iterable[Pos],
                rgba: RGBA) -> None:
    """A translucent overlay on each tile of `positions` (reach, sight, coverage...)."""
    square = _shade(tile_px, rgba)
    surface.blits([(square, tile_rect(origin, tile_px, pos)) for pos in positions], False)


def thumbnail(gm: GameMap, size_px: int, palette: Palette | None = None,
              theme: Theme = DEFAULT_THEME) -> pygame.Surface:
    """A size_px square picture of the map, units as team dots, for choosers and the editor."""
    palette = palette or Palette.from_map(gm)
    tile_px = max(1, size_px // max(gm.rows, gm.cols))
    picture = pygame.Surface((size_px, size_px), pygame.SRCALPHA)
    width, height = board_size(gm, tile_px)
    origin = ((size_px - width) // 2, (size_px - height) // 2)
    picture.blit(_render_layer(gm.tiles, tile_px, palette, theme), origin)
    _draw_dots(picture, gm.units, origin, tile_px, palette)
    return picture


def _draw_dots(surface: pygame.Surface, units: Sequence[UnitSpec], origin: Point, tile_px: int,
               palette: Palette) -> None:
    radius = max(1, tile_px * 0.42)
    for unit in units:
        colors = palette.team(unit.team)
        centre = tile_rect(origin, tile_px, unit.pos).center
        pygame.draw.circle(surface, colors.outline, centre, radius)
        pygame.draw.circle(surface, colors.main, centre, max(1, radius - max(1, tile_px // 6)))
