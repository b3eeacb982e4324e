"""The game screen's board marks: reach, path, target and risk tag; a walk, a beam, the dice.

Drawing only: each function reads the game, a selection or a playback and changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ..board.draw import disc_centre, draw_tiles, draw_unit, draw_units, tile_rect
from ..board.icons import draw_cover_bars
from ..board.palette import HIGHLIGHTS, Palette
from ..board.theme import Theme
from ..engine.actions import Move
from ..engine.cover import cover_sides
from ..engine.events import Shot
from ..engine.game import Game
from ..engine.game_map import other_team
from ..engine.units import Unit
from . import overlays
from .dice_box import draw_shot
from .fog_draw import draw_fog
from .fog_view import TeamView
from .inspect import sight
from .layout import Layout
from .log_text import LogLine, Roster
from .playback import Playback, beam_glow, beam_reach, hit_flash
from .selection import Selection
from .unit_card import shots_from
from .unit_looks import look_of, unit_looks


def draw_choices_under(surface: pygame.Surface, lay: Layout, sel: Selection) -> None:
    """Reach, path and target tints, and an inspected enemy's sight, under the units."""
    origin, px, game = lay.origin, lay.tile_px, sel.game
    enemy = sel.enemy_shown()
    if enemy is not None:
        overlays.shade(surface, origin, px, sight(game, enemy), HIGHLIGHTS.coverage)
    overlays.reach(surface, origin, px, game.map, sel.reachable)
    preview = sel.move_preview()
    if preview is not None:
        tint = HIGHLIGHTS.danger if preview[1].shooters else HIGHLIGHTS.path
        overlays.shade(surface, origin, px, [preview[0][-1]], tint)
        overlays.path_line(surface, origin, px, preview[0])
    if sel.target is not None:
        overlays.shade(surface, origin, px, [sel.game.unit(sel.target).pos], HIGHLIGHTS.target)


def draw_choices_over(surface: pygame.Surface, lay: Layout, sel: Selection) -> None:
    """Selection ring, sight marks on enemies, the hover cursor and a move's risk tag."""
    origin, px, game = lay.origin, lay.tile_px, sel.game
    if sel.hover is not None:
        overlays.ring(surface, origin, px, sel.hover, overlays.HOVER, 1)
    if sel.unit is None:
        return
    overlays.ring(surface, origin, px, game.unit(sel.unit).pos, overlays.SELECT_RING, 3)
    for uid in sel.visible:
        color, width = (overlays.TARGET_RED, 4) if uid == sel.target else (overlays.SIGHT_YELLOW, 2)
        overlays.crosshair(surface, origin, px, game.unit(uid).pos, color, width)
    preview = sel.move_preview()
    if preview is not None:
        risk = preview[1]
        text = (
            f"{len(risk.shooters)} snap · {float(risk.p_unhit) * 100:.0f}% safe"
            if risk.shooters
            else "none seen" if game.fog else "safe"  # fog: hidden watchers may still fire
        )
        color = overlays.TARGET_RED if risk.shooters else overlays.PATH_WHITE
        dest = preview[0][-1]
        draw_arrival(surface, lay, game, game.after(Move(sel.unit, dest)))
        overlays.tag(surface, origin, px, dest, text, color)


def draw_arrival(surface: pygame.Surface, lay: Layout, game: Game, after: Unit) -> None:
    """Small marks for a destination: its cover sides, and the enemies it could fire at then."""
    origin, px = lay.origin, lay.tile_px
    sides = cover_sides(game.map, after.pos, after.elevated)
    draw_cover_bars(surface, tile_rect(origin, px, after.pos), sides)
    for enemy, _ in shots_from(game, after):
        overlays.crosshair(surface, origin, px, enemy.pos, overlays.SHOT_ORANGE, 1)


def draw_watch(surface: pygame.Surface, lay: Layout, game: Game, team: str) -> None:
    """Hold H: every tile a watcher of `team` sees that a unit could stand on."""
    for uid in game.watch_coverage(team):
        overlays.shade(surface, lay.origin, lay.tile_px, sight(game, uid), HIGHLIGHTS.coverage)


def draw_playback(
    surface: pygame.Surface,
    lay: Layout,
    palette: Palette,
    game: Game,
    playback: Playback,
    roster: Roster,
) -> None:
    """A walking unit, a recharging glow, or a shot: its beam, a hit's flash, its dice."""
    origin, px = lay.origin, lay.tile_px
    walk = playback.walk()
    if walk is not None:
        uid, path, steps = walk
        look = look_of(game, playback, uid, path[0], playback.lasers[uid])
        draw_unit(surface, look, overlays.walking_rect(origin, px, path, steps), palette)
    glowing = playback.glowing()
    if glowing is not None:
        uid, strength = glowing
        overlays.halo(surface, origin, px, playback.positions[uid], overlays.RECHARGE_CYAN,
                      strength)
    if isinstance(playback.current, Shot):
        draw_shot_playing(surface, lay, palette, game, playback, roster)


def draw_shot_playing(surface: pygame.Surface, lay: Layout, palette: Palette, game: Game,
                      playback: Playback, roster: Roster) -> None:
    """A shot being played: a snap shot's watcher marked, the beam, a hit's flash, the dice."""
    origin, px, shot, elapsed = lay.origin, lay.tile_px, playback.current, playback.elapsed
    # A hidden watcher is not on the board as the viewer knew it: its beam starts where it fired.
    a, b = playback.positions.get(shot.shooter, shot.at), playback.positions[shot.target]
    if shot.snap:
        overlays.ring(surface, origin, px, a, overlays.SHOT_ORANGE, max(3, px // 8))
        overlays.tag(surface, origin, px, a, "snap shot!", overlays.SHOT_ORANGE)
    team = palette.team(roster.team_of(shot.shooter))
    start = disc_centre(tile_rect(origin, px, a), game.map.is_cover(a))
    end = disc_centre(tile_rect(origin, px, b), game.map.is_cover(b))
    overlays.laser(surface, start, end, px, team.bright, beam_reach(elapsed), beam_glow(elapsed))
    if shot.hit:
        overlays.burst(surface, origin, px, b, overlays.FLASH, hit_flash(elapsed))
    if playback.showing_dice():
        draw_shot(surface, lay.board.center, shot, roster)


def draw_log_marks(surface: pygame.Surface, lay: Layout, game: Game, line: str) -> None:
    """A hovered log line's tiles ringed, and its units ringed where they stand now."""
    if not isinstance(line, LogLine):
        return  # a note, not an event: it names nothing on the board
    units = [game.unit(uid) for uid in line.units]
    tiles = [*line.tiles, *(u.pos for u in units if u is not None)]
    for pos in tiles:
        overlays.ring(surface, lay.origin, lay.tile_px, pos, overlays.SIGHT_YELLOW, 3)


@dataclass(frozen=True)
class BoardMarks:
    """What the game screen lays over the board this frame besides the units and their picks."""

    shown: Selection  # the player's picks, or in a bot's turn the bot's plan
    coordinates: bool  # row and column numbers along the edges (G)
    watching: bool  # the enemy watchers' sight (H)
    log_line: LogLine | None  # the hovered log entry, whose tiles and units are ringed
    paused: bool  # the bots are paused (P)
    view: TeamView  # the game as the viewing team knows it: fog of war
    dim: bool  # under fog, the tiles the viewing team cannot see are dimmed (D)


def draw_game_board(surface: pygame.Surface, lay: Layout, look: tuple[Palette, Theme],
                    playback: Playback | None, roster: Roster, marks: BoardMarks) -> None:
    """The board of a game in progress as the viewing team knows it, bottom layer first, in the
    chosen colours and theme."""
    palette, theme, game = *look, marks.view.known
    draw_tiles(surface, game.map, lay.origin, lay.tile_px, palette, theme)
    draw_fog(surface, lay, palette, marks.view, marks.dim)
    if marks.coordinates:
        overlays.coordinates(surface, lay.board, game.map.rows, game.map.cols, lay.tile_px)
    if marks.watching:
        draw_watch(surface, lay, game, other_team(game.active_team))
    if playback is None:
        draw_choices_under(surface, lay, marks.shown)
    draw_units(surface, unit_looks(game, playback), lay.origin, lay.tile_px, palette)
    if playback is None:
        draw_choices_over(surface, lay, marks.shown)
    else:
        draw_playback(surface, lay, palette, game, playback, roster)
    if marks.log_line is not None:
        draw_log_marks(surface, lay, game, marks.log_line)
    if marks.paused:
        overlays.banner(surface, lay.board, "Paused · P to go on")
