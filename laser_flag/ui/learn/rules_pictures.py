"""The Rules screen's small boards, drawn by the game's own renderer and marked by the game's own
overlays: a unit's reach, its sight, the chances over its targets, the cover arc, height, the
watchers of a move, recharging, checkmate and fog. Each board is a real Game, so what a picture
shows is what the engine says."""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

import pygame

from ...board import marks
from ...board.draw import draw_tiles, draw_units, tile_rect
from ...board.icons import draw_cover_bars
from ...board.palette import HIGHLIGHTS, Palette
from ...board.sight_lines import line_between
from ...board.theme import Theme
from ...engine.game import Game
from ...engine.game_map import TEAMS
from ...engine.mapfile import parse_map
from ...i18n import _
from ...play.fog_view import team_view
from ..game import overlays
from ..game.fog_draw import draw_fog
from ..game.game_draw import board_room, draw_choices_over, draw_choices_under
from ..game.layout import Layout
from ..game.selection import Selection
from ..game.unit_looks import unit_looks
from .rules_pages import (
    CHANCE,
    CHECKMATE,
    COVER_ARC,
    FOG,
    HEIGHT,
    REACH,
    RECHARGE,
    SIGHT,
    SNAP,
    Picture,
)

KINDS = {".": "level", "C": "elevated", "W": "wall", "1": "base_1", "2": "base_2",
         "U": "base_u"}
TEAM_NAMES = {"1": "Red", "2": "Blue"}  # names, as a map's teams are: never translated


@lru_cache(maxsize=32)
def picture_game(picture: Picture) -> Game:
    """The picture's board as a game: its units placed, their lasers as the picture says, team 1
    to play (team 2 on watch, as a game starts); with fog for the fog picture."""
    data = {
        "tiles": [[KINDS[ch] for ch in row.split()] for row in picture.rows],
        "units": [[team, cls, r, c] for team, cls, r, c, __ in picture.units],
        "team_names": TEAM_NAMES,
    }
    gm = parse_map(data, _("rules picture ({kind})").format(kind=picture.kind))
    start = Game(gm, seed=1, fog=picture.kind == FOG).state()
    units = tuple(u.changed(laser=spec[4], snap_shots=0 if spec[4] != "charged" else u.snap_shots)
                  for u, spec in zip(start.units, picture.units, strict=True))
    return Game.from_state(gm, replace(start, units=units), seed=1, fog=picture.kind == FOG)


def draw_picture(surface: pygame.Surface, picture: Picture, origin: tuple[int, int],
                 tile_px: int, theme: Theme, alternate: bool) -> None:
    """The picture's board at `origin`, `tile_px` a tile, with what its rule shows."""
    game = picture_game(picture)
    gm = game.map
    board = pygame.Rect(origin, (gm.cols * tile_px, gm.rows * tile_px))
    lay = Layout(origin, tile_px, board, pygame.Rect(0, 0, 0, 0), board)
    palette = Palette.from_map(gm, alternate)
    draw_tiles(surface, gm, origin, tile_px, palette, theme)
    if picture.kind == FOG:
        view = team_view(game, TEAMS[0])
        hidden = next(u.id for u in game.units if u.team != TEAMS[0])
        view = replace(view, last_seen={hidden: (picture.tile, 1)})
        draw_fog(surface, lay, (palette, theme), view, dim=True)
        draw_units(surface, unit_looks(view.known), origin, tile_px, palette)
        return
    sel = picked(game, picture)
    if sel is not None:
        draw_choices_under(surface, lay, sel)
    UNDER.get(picture.kind, lambda *args: None)(surface, lay, game, picture)
    draw_units(surface, unit_looks(game), origin, tile_px, palette)
    if sel is not None:
        draw_choices_over(surface, lay, sel, board_room(lay, unit_looks(game)))
    OVER.get(picture.kind, lambda *args: None)(surface, lay, game, picture)
    overlays.edges(surface, board, board)


def picked(game: Game, picture: Picture) -> Selection | None:
    """The pick a player would make to see the rule on the board: the unit selected, and for a
    move the tile hovered; None where the picture marks the board itself."""
    if picture.kind not in (REACH, CHANCE, SNAP):
        return None
    sel = Selection(game)
    sel.select(picture.unit)
    sel.hover = picture.tile
    return sel


def tile_of(lay: Layout, pos: tuple[int, int]) -> pygame.Rect:
    return tile_rect(lay.origin, lay.tile_px, pos)


def sight_under(surface: pygame.Surface, lay: Layout, game: Game, picture: Picture) -> None:
    """The tiles the unit sees, lit."""
    pos = game.unit(picture.unit).pos
    seen = game.map.visibility.visible_from(pos)
    overlays.shade(surface, lay.origin, lay.tile_px, seen, HIGHLIGHTS.sight)


def sight_over(surface: pygame.Surface, lay: Layout, game: Game, picture: Picture) -> None:
    """A line to each enemy it sees; a red cross on each it does not."""
    unit = game.unit(picture.unit)
    for enemy in game.units:
        if enemy.team == unit.team:
            continue
        line = line_between(game.map, unit.pos, enemy.pos)
        if line is not None:
            overlays.sight_dashes(surface, lay.origin, lay.tile_px, game.map, line,
                                  overlays.SIGHT_YELLOW, max(2, lay.tile_px // 16))
        else:
            overlays.cross(surface, tile_of(lay, enemy.pos), overlays.TARGET_RED)


def cover_arc(surface: pygame.Surface, lay: Layout, game: Game, picture: Picture) -> None:
    """From every tile that sees the target, what a Plain shooting from there needs: orange
    where the target is in cover against it; the cover bars on the target."""
    target = game.unit(picture.unit)
    gm = game.map
    for r in range(gm.rows):
        for c in range(gm.cols):
            pos = (r, c)
            if (pos == target.pos or gm.tile(*pos) == "wall"
                    or not game.what_if.has_los(pos, target.pos)):
                continue
            odds = game.what_if.shot_odds("basic", pos, target.unit_class, target.pos)
            covered = any(label == "target in cover" for label, __ in odds.modifiers)
            color = overlays.SHOT_ORANGE if covered else overlays.PATH_WHITE
            marks.tile_number(surface, tile_of(lay, pos), str(odds.needed), color)
    draw_cover_bars(surface, tile_of(lay, target.pos), game.what_if.cover_sides(target))


def height_numbers(surface: pygame.Surface, lay: Layout, game: Game, picture: Picture) -> None:
    """Over each unit, what the other needs to hit it."""
    a, b = game.units
    room = board_room(lay, unit_looks(game))
    for shooter, target in ((a, b), (b, a)):
        needed = game.what_if.to_hit(shooter, target).needed
        marks.chance(surface, tile_of(lay, target.pos), _("needs {needed}").format(needed=needed),
                     overlays.SHOT_ORANGE, room)


def recharge_marks(surface: pygame.Surface, lay: Layout, game: Game, picture: Picture) -> None:
    """The deactivated unit's way to the base, and the base glowing where it will charge."""
    walker = game.unit(picture.unit)
    overlays.path_line(surface, lay.origin, lay.tile_px, game.what_if.path(walker, picture.tile))
    overlays.halo(surface, lay.origin, lay.tile_px, picture.tile, overlays.RECHARGE_CYAN, 1.0)


def checkmate_marks(surface: pygame.Surface, lay: Layout, game: Game, picture: Picture) -> None:
    """The enemy's laser off, and its one base taken."""
    loser = next(u for u in game.units if u.laser == "deactivated")
    on_base = game.unit(picture.unit)
    overlays.ring(surface, lay.origin, lay.tile_px, on_base.pos, overlays.ASK, 3)
    room = board_room(lay, unit_looks(game))
    marks.footnote(surface, tile_of(lay, loser.pos), _("laser off"), overlays.TARGET_RED, room)
    marks.footnote(surface, tile_of(lay, on_base.pos), _("base taken"), overlays.ASK, room)


UNDER = {SIGHT: sight_under, RECHARGE: recharge_marks}
OVER = {SIGHT: sight_over, COVER_ARC: cover_arc, HEIGHT: height_numbers,
        CHECKMATE: checkmate_marks}
