"""Every tile kind stays recognisable under every overlay, in every theme and palette.

Each kind is drawn alone on a floor; the mean colour of its tile's centre must differ from
every other kind's under the same overlay, the way the client lays the overlay.
"""

from __future__ import annotations

import itertools
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from laser_flag.board.draw import draw_tiles, tile_rect
from laser_flag.board.palette import HIGHLIGHTS, Palette
from laser_flag.board.theme import THEMES
from laser_flag.engine.game_map import BASE_1, BASE_2, BASE_U, ELEVATED, LEVEL, TEAMS, WALL
from laser_flag.engine.mapfile import load_map, parse_map
from laser_flag.resources import bundled_maps
from laser_flag.ui.game import overlays

TILE = 48
KINDS = (LEVEL, ELEVATED, WALL, BASE_1, BASE_2, BASE_U)
ROW = 2  # the kinds sit in the middle row, one column each, floor all around
MIN_DISTANCE = 20  # RGB distance between two kinds' tile centres


def kinds_map(colours_from: str):
    """One tile of each kind in a row, with the team colours of a bundled map."""
    teams = load_map(bundled_maps() / f"{colours_from}.json").teams
    floor = [LEVEL] * (2 * len(KINDS) + 1)
    middle = [LEVEL] + [k for kind in KINDS for k in (kind, LEVEL)]
    data = {
        "tiles": [floor, floor, middle, floor, floor],
        "units": [["1", "basic", 0, 0], ["2", "basic", 4, 0]],
        "team_color": {t: list(teams[t].color) for t in TEAMS},
        "alt_team_color": {t: list(teams[t].alt_color) for t in TEAMS},
        "b_w_team_color": {t: teams[t].outline for t in TEAMS},
    }
    return parse_map(data, "kinds.json")


def kind_pos(kind: str) -> tuple[int, int]:
    return ROW, 1 + 2 * KINDS.index(kind)


def shade(rgba):
    def lay(surface, positions):
        overlays.shade(surface, (0, 0), TILE, positions, rgba)

    return lay


def coverage_twice(surface, positions):
    """Two watchers seeing the same tiles: H shades once per watcher, so overlaps darken."""
    for _ in range(2):
        overlays.shade(surface, (0, 0), TILE, positions, HIGHLIGHTS.coverage)


def path(surface, positions):
    for pos in positions:
        overlays.shade(surface, (0, 0), TILE, [pos], HIGHLIGHTS.path)
        overlays.path_line(surface, (0, 0), TILE, [(pos[0], pos[1] - 1), pos, (pos[0], pos[1] + 1)])


OVERLAYS = {
    "none": lambda surface, positions: None,
    "reach": shade(HIGHLIGHTS.reach),
    "sight": shade(HIGHLIGHTS.sight),
    "coverage": shade(HIGHLIGHTS.coverage),
    "coverage x2": coverage_twice,
    "danger": shade(HIGHLIGHTS.danger),
    "target": shade(HIGHLIGHTS.target),
    "path": path,
}


def centre_colour(surface: pygame.Surface, pos) -> tuple[int, int, int]:
    """The mean colour of the middle of a tile (what the eye takes the tile to be)."""
    middle = tile_rect((0, 0), TILE, pos).inflate(-TILE // 2, -TILE // 2)
    return tuple(pygame.transform.average_color(surface, middle))[:3]


def distance(a, b) -> float:
    return sum((x - y) ** 2 for x, y in zip(a, b, strict=True)) ** 0.5


@pytest.mark.parametrize("overlay", OVERLAYS)
@pytest.mark.parametrize("alternate", [False, True], ids=["main", "alternate"])
@pytest.mark.parametrize("colours_from", ["duel", "bastion"])
@pytest.mark.parametrize("theme", THEMES.values(), ids=lambda t: t.name)
def test_tile_kinds_differ_under_each_overlay(theme, colours_from, alternate, overlay):
    gm = kinds_map(colours_from)
    surface = pygame.Surface((gm.cols * TILE, gm.rows * TILE))
    draw_tiles(surface, gm, (0, 0), TILE, Palette.from_map(gm, alternate), theme)
    OVERLAYS[overlay](surface, [kind_pos(kind) for kind in KINDS])
    colours = {kind: centre_colour(surface, kind_pos(kind)) for kind in KINDS}
    for a, b in itertools.combinations(KINDS, 2):
        gap = distance(colours[a], colours[b])
        assert gap >= MIN_DISTANCE, f"{a} and {b} look alike: {colours[a]} vs {colours[b]}"


def test_every_theme_has_a_different_look():
    gm = kinds_map("duel")
    pictures = set()
    for theme in THEMES.values():
        surface = pygame.Surface((gm.cols * TILE, gm.rows * TILE))
        draw_tiles(surface, gm, (0, 0), TILE, Palette.from_map(gm), theme)
        pictures.add(centre_colour(surface, kind_pos(LEVEL)))
    assert len(pictures) == len(THEMES)
