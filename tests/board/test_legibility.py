"""Units read at a glance at the smallest tile the client draws, in every theme and palette and
with every bundled map's team colours: the four class symbols tell apart and stand out from the
disc; charged, charging and deactivated differ at a look; a unit on cover stands higher; AP pips
and the snap-shot count read on every tile kind."""

from __future__ import annotations

import itertools

import pygame
import pytest

from laser_flag.board import icons
from laser_flag.board.draw import LIFT, UnitLook, draw_tiles, draw_units, tile_rect
from laser_flag.board.palette import Palette, contrast
from laser_flag.board.theme import THEMES
from laser_flag.board.viewport import MIN_TILE
from laser_flag.engine.game_map import BASE_1, BASE_2, BASE_U, ELEVATED, LEVEL, TEAMS
from laser_flag.engine.mapfile import load_map, parse_map
from laser_flag.engine.ruleset import CLASSES
from laser_flag.resources import bundled_maps

TILE = MIN_TILE
KINDS = (LEVEL, ELEVATED, BASE_1, BASE_2, BASE_U)
MAPS = sorted(p.stem for p in bundled_maps().glob("*.json"))
LOOKS = [(name, theme, alternate) for name in MAPS for theme in THEMES.values()
         for alternate in (False, True)]


def ids(look) -> str:
    name, theme, alternate = look
    return f"{name}-{theme.name}-{'alternate' if alternate else 'main'}"


def strip_map(colours_from: str):
    """One tile of each kind in a row, in a bundled map's team colours."""
    teams = load_map(bundled_maps() / f"{colours_from}.json").teams
    data = {  # a map is 5 x 5 at least: the kinds in the first row, floor under them
        "tiles": [list(KINDS)] + [[LEVEL] * len(KINDS)] * 4,
        "units": [["1", "basic", 4, 0], ["2", "basic", 4, 1]],
        "team_color": {t: list(teams[t].color) for t in TEAMS},
        "alt_team_color": {t: list(teams[t].alt_color) for t in TEAMS},
        "b_w_team_color": {t: teams[t].outline for t in TEAMS},
    }
    return parse_map(data, "strip.json")


def drawn(look, units: list[UnitLook]) -> tuple[pygame.Surface, Palette]:
    name, theme, alternate = look
    gm = strip_map(name)
    palette = Palette.from_map(gm, alternate)
    surface = pygame.Surface((gm.cols * TILE, gm.rows * TILE))
    draw_tiles(surface, gm, (0, 0), TILE, palette, theme)
    draw_units(surface, units, (0, 0), TILE, palette)
    return surface, palette


def tile_pixels(surface: pygame.Surface, pos) -> list[tuple[int, int, int]]:
    rect = tile_rect((0, 0), TILE, pos)
    return [tuple(surface.get_at((x, y)))[:3] for y in range(rect.top, rect.bottom)
            for x in range(rect.left, rect.right)]


def near(a, b, tolerance: int = 40) -> bool:
    return sum(abs(x - y) for x, y in zip(a, b, strict=True)) <= tolerance


def differing(a: list, b: list) -> int:
    return sum(1 for x, y in zip(a, b, strict=True) if x != y)


@pytest.mark.parametrize("look", LOOKS, ids=ids)
@pytest.mark.parametrize("team", TEAMS)
def test_the_four_classes_tell_apart_and_their_symbols_stand_out(look, team):
    units = [UnitLook(team, cls, (0, i)) for i, cls in enumerate(CLASSES)]
    surface, palette = drawn(look, units)
    colors = palette.team(team)
    assert contrast(colors.symbol, colors.main) >= 4.5
    pictures = [tile_pixels(surface, (0, i)) for i in range(len(CLASSES))]
    for a, b in itertools.combinations(pictures, 2):
        assert differing(a, b) >= 25, "two class symbols look alike"
    for picture in pictures:  # the symbol is really drawn in its ink on the disc
        assert sum(1 for p in picture if near(p, colors.symbol)) >= 20


@pytest.mark.parametrize("look", LOOKS, ids=ids)
@pytest.mark.parametrize("team", TEAMS)
def test_charged_charging_and_deactivated_differ_at_a_look(look, team):
    states = ("charged", "charging", "deactivated")
    units = [UnitLook(team, "grunt", (1, i), laser=state) for i, state in enumerate(states)]
    surface, _ = drawn(look, units)
    charged, charging, off = (tile_pixels(surface, (1, i)) for i in range(3))
    assert differing(charged, charging) >= 60 and differing(charged, off) >= 60
    assert differing(charging, off) >= 60
    assert sum(1 for p in charging if near(p, icons.CHARGE)) >= 15, "the dashed yellow ring"
    assert sum(1 for p in off if near(p, icons.OFF)) >= 25, "the red 'no' sign"


@pytest.mark.parametrize("look", LOOKS, ids=ids)
def test_a_unit_on_cover_stands_higher_than_on_the_floor(look):
    bare, _ = drawn(look, [])
    floor, _ = drawn(look, [UnitLook("1", "scout", (1, 1))])
    raised, _ = drawn(look, [UnitLook("1", "scout", (0, 1), elevated=True)])

    def top(surface, pos) -> int:
        """The first row of the tile where the unit is drawn over it."""
        rect = tile_rect((0, 0), TILE, pos)
        return next(y - rect.y for y in range(rect.top, rect.bottom)
                    if any(surface.get_at((x, y)) != bare.get_at((x, y))
                           for x in range(rect.left, rect.right)))

    assert top(floor, (1, 1)) - top(raised, (0, 1)) >= round(TILE * LIFT) - 1


def bright(pixel) -> bool:
    return sum(pixel) >= 3 * 170


@pytest.mark.parametrize("look", LOOKS, ids=ids)
@pytest.mark.parametrize("kind", KINDS)
def test_ap_pips_and_snap_shots_read_on_every_tile_kind(look, kind):
    column = KINDS.index(kind)
    pips = UnitLook("1", "sniper", (0, column), ap=2, max_ap=3, elevated=kind == ELEVATED)
    surface, _ = drawn(look, [pips])
    rect = tile_rect((0, 0), TILE, (0, column))
    foot = [tuple(surface.get_at((x, y)))[:3] for x in range(rect.left, rect.right)
            for y in range(rect.bottom - 8, rect.bottom)]
    assert sum(1 for p in foot if near(p, icons.PIP_ON)) >= 6, "two lit pips"
    assert sum(1 for p in foot if near(p, icons.INK, 12)) >= 20, "on their dark strip"
    watcher = UnitLook("2", "sniper", (0, column), snap_shots=2, elevated=kind == ELEVATED)
    surface, _ = drawn(look, [watcher])
    corner = [tuple(surface.get_at((x, y)))[:3] for x in range(rect.right - 11, rect.right)
              for y in range(rect.top, rect.top + 12)]
    assert sum(1 for p in corner if bright(p)) >= 8, "the count, light"
    assert sum(1 for p in corner if near(p, icons.COVER)) >= 8, "in its framed box"
