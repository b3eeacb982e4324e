"""The board art and drawing: pixels at known spots have the colours the rules imply."""

from __future__ import annotations

import itertools
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from laser_flag.board import art, icons
from laser_flag.board.draw import (
    UnitLook,
    draw_board,
    draw_tiles,
    draw_unit,
    pos_at,
    thumbnail,
    tile_rect,
)
from laser_flag.board.palette import DARK_BOARD, INKS, Palette, contrast, team_colors
from laser_flag.board.theme import ARENA, DAYLIGHT, DEFAULT_THEME
from laser_flag.engine.game_map import TeamLook, UnitSpec
from laser_flag.engine.mapfile import parse_map

TILE = 48
TEAM_1, TEAM_1_ALT = (200, 30, 30), (250, 250, 250)
TEAM_2, TEAM_2_ALT = (30, 60, 220), (240, 220, 40)
MAP = {
    "tiles": [
        ["level", "elevated", "wall", "wall", "level"],
        ["base_1", "level", "wall", "level", "base_2"],
        ["level", "level", "level", "level", "level"],
        ["level", "level", "base_u", "level", "level"],
        ["level", "level", "level", "level", "level"],
    ],
    "units": [["1", "basic", 2, 0], ["2", "grunt", 2, 4]],
    "team_color": {"1": list(TEAM_1), "2": list(TEAM_2)},
    "alt_team_color": {"1": list(TEAM_1_ALT), "2": list(TEAM_2_ALT)},
}


@pytest.fixture()
def gm():
    return parse_map(MAP, "test.json")


def board(gm, palette=None, units=(), theme=DEFAULT_THEME) -> pygame.Surface:
    surface = pygame.Surface((gm.cols * TILE, gm.rows * TILE))
    draw_board(surface, gm, units, (0, 0), TILE, palette or Palette.from_map(gm), theme)
    return surface


def at(surface: pygame.Surface, pos, dx: float = 0.5, dy: float = 0.5) -> tuple[int, int, int]:
    """The colour at a point of tile `pos`, given as fractions of the tile."""
    rect = tile_rect((0, 0), TILE, pos)
    return tuple(surface.get_at((rect.x + int(dx * TILE), rect.y + int(dy * TILE))))[:3]


def near(a, b, tolerance: int = 8) -> bool:
    """Colours equal up to the smoothing of scaled art."""
    return all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=True))


def test_every_art_file_exists_and_loads():
    for name in art.ART_NAMES:
        assert (art.IMAGES_DIR / f"{name}.png").is_file(), name
        assert art.raw(name).get_size() == (128, 128)
    assert art.image("arena_floor", 24).get_size() == (24, 24)


def test_unknown_art_is_refused():
    with pytest.raises(KeyError, match="no art named"):
        art.raw("lava")


def test_tint_multiplies_a_white_mask():
    tinted = art.image("symbol_grunt", 64, (10, 200, 30))
    assert tuple(tinted.get_at((32, 32)))[:3] == (10, 200, 30)


@pytest.mark.parametrize("theme", [ARENA, DAYLIGHT], ids=lambda t: t.name)
def test_wall_cover_and_floor_look_different(gm, theme):
    surface = board(gm, theme=theme)
    floor, cover, wall = at(surface, (2, 2)), at(surface, (0, 1)), at(surface, (1, 2), dy=0.3)
    assert len({floor, cover, wall}) == 3
    if theme == DAYLIGHT:
        assert sum(wall) < sum(floor)  # walls are the dark blocks on the light floor
    else:
        assert sum(wall) > sum(floor) + 150  # lit steel blocks on the dark floor


@pytest.mark.parametrize("theme", [ARENA, DAYLIGHT], ids=lambda t: t.name)
def test_wall_caps_face_open_ground_only(gm, theme):
    surface = board(gm, theme=theme)
    # (0, 2) has a wall to its east: no cap there; (0, 3) has floor to its east: a cap.
    inner_edge, outer_edge = at(surface, (0, 2), dx=0.98), at(surface, (0, 3), dx=0.98)
    assert inner_edge != outer_edge
    # (1, 2) faces floor to the south: its bottom shows the dark front face.
    assert sum(at(surface, (1, 2), dy=0.95)) < sum(at(surface, (1, 2), dy=0.5))


@pytest.mark.parametrize("theme", [ARENA, DAYLIGHT], ids=lambda t: t.name)
def test_team_bases_are_tinted_with_their_team_colour(gm, theme):
    surface = board(gm, theme=theme)
    ring = (0.5, 0.5 - 54 / 128)  # the pad's ring, as drawn by images/make_art.py
    assert near(at(surface, (1, 0), *ring), TEAM_1)
    assert near(at(surface, (1, 4), *ring), TEAM_2)
    assert not near(at(surface, (3, 2), *ring), TEAM_1)
    assert not near(at(surface, (3, 2), *ring), TEAM_2)


def test_alternate_palette_changes_bases_and_units(gm):
    units = [UnitLook.from_spec(spec, gm) for spec in gm.units]
    normal = board(gm, Palette.from_map(gm), units)
    alternate = board(gm, Palette.from_map(gm, alternate=True), units)
    disc = (0.5, 0.2)
    assert at(normal, (2, 0), *disc) == TEAM_1
    assert at(alternate, (2, 0), *disc) == TEAM_1_ALT
    ring = (0.5, 0.5 - 54 / 128)
    assert near(at(alternate, (1, 0), *ring), TEAM_1_ALT)


@pytest.mark.parametrize("disc, ink", [
    ((214, 48, 48), INKS[0]),  # Duel's red: white, not the map's green second colour
    ((160, 255, 130), INKS[1]),  # its alternate light green: black
    ((30, 30, 30), INKS[0]),
    ((0, 200, 200), INKS[1]),
])
def test_symbols_are_black_or_white_whichever_reads_on_the_disc(disc, ink):
    look = TeamLook("Alice", disc, (110, 100, 100), "white")
    assert team_colors(look).symbol == ink
    assert contrast(ink, disc) >= 4.5


def test_a_dark_teams_bright_colour_reads_on_the_dark_board():
    colors = team_colors(TeamLook("Downtown", (30, 30, 30), (180, 20, 20), "white"))
    assert contrast(colors.bright, DARK_BOARD) >= 4.5
    assert colors.main == (30, 30, 30)


def unit_tile(look: UnitLook, palette: Palette) -> pygame.Surface:
    surface = pygame.Surface((TILE, TILE))
    surface.fill((0, 0, 0))
    draw_unit(surface, look, pygame.Rect(0, 0, TILE, TILE), palette)
    return surface


def test_unit_disc_has_its_team_colour(gm):
    palette = Palette.from_map(gm)
    surface = unit_tile(UnitLook("2", "basic", (0, 0)), palette)
    assert tuple(surface.get_at((TILE // 2, int(TILE * 0.2))))[:3] == TEAM_2


def test_class_symbols_differ(gm):
    palette = Palette.from_map(gm)
    pictures = {
        c: pygame.image.tobytes(unit_tile(UnitLook("1", c, (0, 0)), palette), "RGB")
        for c in ("basic", "scout", "sniper", "grunt")
    }
    assert len(set(pictures.values())) == 4


def test_deactivated_and_charging_units_look_different_from_charged(gm):
    palette = Palette.from_map(gm)
    disc = (TILE // 2, int(TILE * 0.2))
    looks = {
        laser: tuple(unit_tile(UnitLook("1", "sniper", (0, 0), laser=laser), palette).get_at(disc))
        for laser in ("charged", "charging", "deactivated")
    }
    assert len(set(looks.values())) == 3


def test_status_marks_change_the_picture(gm):
    palette = Palette.from_map(gm)
    plain = UnitLook("1", "scout", (0, 0), ap=3, max_ap=3)
    variants = [
        UnitLook("1", "scout", (0, 0), ap=1, max_ap=3),
        UnitLook("1", "scout", (0, 0), ap=3, max_ap=3, can_move=True),
        UnitLook("1", "scout", (0, 0), ap=3, max_ap=3, elevated=True),
        UnitLook("1", "scout", (0, 0), ap=3, max_ap=3, cover_sides=frozenset("N")),
        UnitLook("1", "scout", (0, 0), ap=3, max_ap=3, snap_shots=2),
    ]
    base = pygame.image.tobytes(unit_tile(plain, palette), "RGB")
    for look in variants:
        assert pygame.image.tobytes(unit_tile(look, palette), "RGB") != base, look


def test_cover_bar_sits_on_the_side_with_cover(gm):
    palette = Palette.from_map(gm)
    surface = unit_tile(UnitLook("1", "grunt", (0, 0), cover_sides=frozenset("E")), palette)
    assert tuple(surface.get_at((TILE - 2, TILE // 2)))[:3] == icons.COVER
    assert tuple(surface.get_at((1, TILE // 2)))[:3] == (0, 0, 0)


@pytest.mark.parametrize("tile_px", [24, 37, 64])
def test_pos_at_and_tile_rect_round_trip(gm, tile_px):
    origin = (13, 7)
    for pos in gm.positions():
        rect = tile_rect(origin, tile_px, pos)
        assert pos_at(origin, tile_px, gm, rect.topleft) == pos
        assert pos_at(origin, tile_px, gm, (rect.right - 1, rect.bottom - 1)) == pos
    assert pos_at(origin, tile_px, gm, (origin[0] - 1, origin[1])) is None
    assert pos_at(origin, tile_px, gm, (origin[0] + 5 * tile_px, origin[1])) is None


def test_thumbnail_is_the_requested_size_with_units_as_dots(gm):
    picture = thumbnail(gm, 100)
    assert picture.get_size() == (100, 100)
    unit = tile_rect((0, 0), 20, (2, 4)).center  # 100 // 5 = 20 px tiles, no margin
    assert tuple(picture.get_at(unit))[:3] == TEAM_2


def test_drawing_does_not_change_the_map(gm):
    before = gm.to_json_dict()
    units = [UnitLook.from_spec(spec, gm) for spec in gm.units]
    board(gm, units=units)
    thumbnail(gm, 64)
    assert gm.to_json_dict() == before
    assert gm.units == (UnitSpec("1", "basic", (2, 0)), UnitSpec("2", "grunt", (2, 4)))


def test_tiles_layer_follows_tile_size(gm):
    small = pygame.Surface((5 * 24, 5 * 24))
    draw_tiles(small, gm, (0, 0), 24, Palette.from_map(gm))
    assert tuple(small.get_at((12, 12)))[:3] != tuple(small.get_at((2 * 24 + 12, 24 + 8)))[:3]


def test_every_status_icon_draws_something():
    for name, description, draw in icons.STATUS_ICONS:
        surface = pygame.Surface((32, 32))
        surface.fill((80, 80, 80))
        draw(surface, surface.get_rect())
        assert pygame.transform.average_color(surface) != (80, 80, 80, 255), name
        assert description


@pytest.mark.parametrize("size", [24, 96])
def test_class_symbols_are_told_apart_at_small_and_large_tiles(gm, size):
    """Any two classes differ in a good share of the disc, not in a pixel or two."""
    palette = Palette.from_map(gm)
    pictures = {}
    for unit_class in ("basic", "scout", "sniper", "grunt"):
        surface = pygame.Surface((size, size))
        draw_unit(surface, UnitLook("1", unit_class, (0, 0)), surface.get_rect(), palette)
        pictures[unit_class] = surface
    for a, b in itertools.combinations(pictures, 2):
        differing = sum(
            1
            for x in range(size)
            for y in range(size)
            if sum(abs(p - q) for p, q in zip(pictures[a].get_at((x, y))[:3],
                                              pictures[b].get_at((x, y))[:3], strict=True)) > 90
        )
        assert differing >= 0.06 * size * size, (a, b, differing)


@pytest.mark.parametrize("size", [24, 48, 96])
def test_the_snap_shot_count_is_drawn_whole_at_every_size(size):
    """The count's framed box sits inside the badge, so no digit is cut off at the tile edge."""
    surface = pygame.Surface((size, size))
    surface.fill((80, 80, 80))
    badge = pygame.Rect(0, 0, round(size * 0.46), max(11, round(size * 0.24)))
    badge.topright = (size, 0)
    icons.draw_snap_shots(surface, badge, 2)
    framed = [x for x in range(size) if tuple(surface.get_at((x, badge.top)))[:3] == icons.COVER]
    assert framed and max(framed) < size and min(framed) >= badge.left
    assert max(framed) - min(framed) >= 5  # a box wide enough for a digit
