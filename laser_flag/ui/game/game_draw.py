"""The game screen's board marks: reach, path, target and the numbers; a walk, a beam, results.

Drawing only: each function reads the game, a selection or a playback and changes nothing.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import pygame

from ...board.draw import UnitLook, draw_tiles, draw_unit, draw_units, tile_rect, unit_parts
from ...board.forecast import percent
from ...board.icons import draw_cover_bars
from ...board.marks import Room, around, pill, text_px
from ...board.marks import note as note_mark
from ...board.palette import HIGHLIGHTS, Palette
from ...board.sight_lines import line_between
from ...board.theme import Theme
from ...engine.cover import cover_sides
from ...engine.events import Shot
from ...engine.game import Game
from ...engine.game_map import Pos, other_team
from ...i18n import _
from ...play.fog_view import TeamView
from ...play.log_text import LogLine, Roster
from ...play.playback import Playback, beam_glow, beam_reach, hit_flash
from ...play.shot_notes import ShotNotes
from ...play.turns import END_TURN_ANSWERS, END_TURN_QUESTION, Turns
from ..settings import Settings
from . import overlays
from .board_numbers import draw_numbers_over, draw_numbers_under
from .fog_draw import draw_fog
from .inspect import sight
from .layout import Layout
from .selection import Selection
from .unit_looks import look_of, unit_looks


def draw_choices_under(surface: pygame.Surface, lay: Layout, sel: Selection) -> None:
    """Reach, firing positions, path and target tints, and an inspected enemy's sight, under the
    units."""
    origin, px, game = lay.origin, lay.tile_px, sel.game
    enemy = sel.enemy_shown()
    if enemy is not None and sel.positions_against() is None:  # else the firing view says more
        overlays.shade(surface, origin, px, sight(game, enemy), HIGHLIGHTS.coverage)
    overlays.reach(surface, origin, px, game.map, sel.reachable)
    draw_numbers_under(surface, lay, sel)
    preview = sel.preview()
    if preview is not None:
        tint = HIGHLIGHTS.danger if preview.watchers else HIGHLIGHTS.path
        overlays.shade(surface, origin, px, [preview.dest], tint)
        overlays.path_line(surface, origin, px, preview.path)
        sides = cover_sides(game.map, preview.dest, preview.after.elevated)
        draw_cover_bars(surface, tile_rect(origin, px, preview.dest), sides)
    if sel.target is not None:
        overlays.shade(surface, origin, px, [sel.game.unit(sel.target).pos], HIGHLIGHTS.target)


def draw_choices_over(surface: pygame.Surface, lay: Layout, sel: Selection, room: Room) -> None:
    """The hover cursor, the selection ring and the numbers on the board, clear of the units."""
    origin, px, game = lay.origin, lay.tile_px, sel.game
    if sel.hover is not None:
        overlays.ring(surface, origin, px, sel.hover, overlays.HOVER, 1)
    if sel.unit is not None:
        overlays.ring(surface, origin, px, game.unit(sel.unit).pos, overlays.SELECT_RING, 3)
    draw_numbers_over(surface, lay, sel, room)


def draw_watch(surface: pygame.Surface, lay: Layout, game: Game, team: str) -> None:
    """Hold H: every tile a watcher of `team` sees that a unit could stand on, the deeper the
    more watchers see it."""
    watchers = tuple(sorted(game.unit(uid).pos for uid in game.what_if.watch_coverage(team)))

    def counts() -> frozenset[tuple[Pos, int]]:
        seen: Counter[Pos] = Counter()
        for uid in game.what_if.watch_coverage(team):
            seen.update(sight(game, uid))
        return frozenset(seen.items())

    overlays.shade_counted(surface, lay.origin, lay.tile_px, (game.map.tiles, watchers),
                           counts, HIGHLIGHTS.coverage)


def draw_playback(
    surface: pygame.Surface,
    lay: Layout,
    palette: Palette,
    game: Game,
    playback: Playback,
    roster: Roster,
    room: Room,
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
        draw_shot_playing(surface, lay, palette, game, playback, (roster, room))


def draw_shot_playing(surface: pygame.Surface, lay: Layout, palette: Palette, game: Game,
                      playback: Playback, who: tuple[Roster, Room]) -> None:
    """A shot being played: a snap shot's watcher marked, the beam, a hit's flash, the dice.
    `who`: who each unit is, and the room the labels leave clear."""
    origin, px, shot, elapsed = lay.origin, lay.tile_px, playback.current, playback.elapsed
    roster, room = who
    # A hidden watcher is not on the board as the viewer knew it: its beam starts where it fired.
    a, b = playback.positions.get(shot.shooter, shot.at), playback.positions[shot.target]
    if shot.snap:  # the watcher marked, its snap-shot count left in sight
        tile = tile_rect(origin, px, a)
        overlays.ring(surface, origin, px, a, overlays.SHOT_ORANGE, max(2, px // 16))
        label = [(_("snap shot"), text_px(px, 0.28), overlays.SHOT_ORANGE, True)]
        spots = around(tile)
        pill(surface, label, [spots[1], spots[0], *spots[2:]], overlays.SHOT_ORANGE, room,
             keep=tile)
    line = line_between(game.map, a, b)  # a shot had sight: None only for a stale board
    if line is not None:
        team = palette.team(roster.team_of(shot.shooter))
        overlays.laser(surface, origin, px, game.map, line, team.bright, beam_reach(elapsed),
                       beam_glow(elapsed))
    if shot.hit:
        overlays.burst(surface, origin, px, b, overlays.FLASH, hit_flash(elapsed))


def draw_notes(surface: pygame.Surface, lay: Layout, notes: ShotNotes, room: Room) -> None:
    """Each shot's result by its target: HIT or MISS, the roll against the needed, the
    chance; fading by itself."""
    for note in notes.notes:
        shot = note.shot
        verdict = (_("HIT"), overlays.TARGET_RED) if shot.hit else (_("MISS"), overlays.PATH_WHITE)
        detail = _("{value}rolled {sum}, needed {needed}").format(
            value='snap · ' if shot.snap else '', sum=sum(shot.dice), needed=shot.needed)
        if shot.probability is not None:
            detail += f" · {percent(shot.probability)}"
        note_mark(surface, tile_rect(lay.origin, lay.tile_px, note.pos), verdict, detail,
                   note.strength, note.rise, room)


def draw_log_marks(surface: pygame.Surface, lay: Layout, game: Game, line: str) -> None:
    """A hovered log line's tiles ringed, and its units ringed where they stand now."""
    if not isinstance(line, LogLine):
        return  # a note, not an event: it names nothing on the board
    units = [game.unit(uid) for uid in line.units]
    tiles = [*line.tiles, *(u.pos for u in units if u is not None)]
    for pos in tiles:
        overlays.ring(surface, lay.origin, lay.tile_px, pos, overlays.SIGHT_YELLOW, 3)


def board_room(lay: Layout, looks: list[UnitLook]) -> Room:
    """Where this frame's labels may go: the board as seen, clear of every unit drawn and its
    status marks."""
    return Room(lay.area, [part for look in looks for part in unit_parts(
        look, tile_rect(lay.origin, lay.tile_px, look.pos))])


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
    notes: ShotNotes | None = None  # shots' results fading at their targets
    asking: tuple[int, ...] | None = None  # "End the turn?": the units that could still act


def board_marks(turns: Turns, shown: Selection, settings: Settings, watching: bool,
                log_hover: int | None) -> BoardMarks:
    """The marks of this frame: the picks shown, the views switched on, the log line hovered,
    the results fading, the end-turn question."""
    log = turns.shown_log()
    line = log[log_hover] if log_hover is not None and log_hover < len(log) else None
    asking = turns.could_still_act if turns.confirming_end else None
    return BoardMarks(shown, settings.coordinates, watching, line, turns.paused,
                      turns.view, settings.dim_unseen, turns.notes, asking)


def draw_game_board(surface: pygame.Surface, lay: Layout, look: tuple[Palette, Theme],
                    playback: Playback | None, roster: Roster, marks: BoardMarks) -> None:
    """The board of a game in progress as the viewing team knows it, bottom layer first, in the
    chosen colours and theme, inside the part of the window it is seen in."""
    palette, theme, game = *look, marks.view.known
    if marks.coordinates:
        overlays.coordinates(surface, lay.board, lay.area, lay.tile_px)
    surface.set_clip(lay.area)
    draw_tiles(surface, game.map, lay.origin, lay.tile_px, palette, theme)
    draw_fog(surface, lay, look, marks.view, marks.dim)
    if marks.watching:
        draw_watch(surface, lay, game, other_team(game.active_team))
    if playback is None:
        draw_choices_under(surface, lay, marks.shown)
    looks = unit_looks(game, playback)
    draw_units(surface, looks, lay.origin, lay.tile_px, palette)
    room = board_room(lay, looks)
    if playback is None:
        draw_choices_over(surface, lay, marks.shown, room)
    else:
        draw_playback(surface, lay, palette, game, playback, roster, room)
    if marks.log_line is not None:
        draw_log_marks(surface, lay, game, marks.log_line)
    if marks.notes is not None:
        draw_notes(surface, lay, marks.notes, room)
    overlays.edges(surface, lay.area, lay.board)
    surface.set_clip(None)
    draw_banners(surface, lay, game, playback, marks)


def draw_banners(surface: pygame.Surface, lay: Layout, game: Game, playback: Playback | None,
                 marks: BoardMarks) -> None:
    """What the board asks or says along its top: the end-turn question (the units that could
    still act ringed), a roll that waits for a key, the bots paused."""
    if marks.asking is not None:
        for uid in marks.asking:
            overlays.ring(surface, lay.origin, lay.tile_px, game.unit(uid).pos, overlays.ASK,
                          max(3, lay.tile_px // 10))
        overlays.banner(surface, lay.area, END_TURN_QUESTION, END_TURN_ANSWERS, overlays.ASK)
    elif playback is not None and playback.waiting():
        overlays.banner(surface, lay.area, _("Next roll: Space or Enter"),
                        _("S plays the rest at once"), overlays.SIGHT_YELLOW)
    elif marks.paused:
        overlays.banner(surface, lay.area, _("Paused · P to go on"))
