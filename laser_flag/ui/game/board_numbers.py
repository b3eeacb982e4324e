"""The numbers on the board for a player's picks, Into the Breach style: the chance of each shot
the selected unit could take, what a hovered destination brings (the shots from there, each
watcher that could snap-shoot it and the risk), where it could fire at an enemy from, and why
a tile cannot be reached. The answers come from the selection (the engine's what-if API)."""

from __future__ import annotations

import pygame

from ...board import marks
from ...board.draw import tile_rect
from ...board.forecast import Arrival, percent
from ...board.marks import Room
from ...board.sight_lines import line_between
from ...engine.game import Game
from ...engine.game_map import Pos
from ...engine.rolls import ToHit
from ...i18n import _
from . import overlays
from .layout import Layout
from .selection import Selection

SAFE_GREEN = (120, 230, 140)


def draw_numbers_under(surface: pygame.Surface, lay: Layout, sel: Selection) -> None:
    """Under the units: the tiles the selected unit could fire at an enemy from, framed."""
    against = sel.positions_against()
    if against is not None:
        for pos in against[1]:
            overlays.ring(surface, lay.origin, lay.tile_px, pos, overlays.SHOT_ORANGE,
                          max(2, lay.tile_px // 14))


def draw_numbers_over(surface: pygame.Surface, lay: Layout, sel: Selection, room: Room) -> None:
    """Over the units: chances, a destination's shots and watchers, firing positions, and why
    the hovered tile cannot be reached; each where `room` leaves it clear of units and badges."""
    if sel.unit is None:
        return
    preview = sel.preview()
    if preview is not None:
        draw_arrival_numbers(surface, lay, sel.game, preview, room)
    else:
        draw_chances(surface, lay, sel, room)
    against = sel.positions_against()
    if against is not None:
        draw_firing_positions(surface, lay, sel.game.unit(against[0]).pos, against[1], room)
    reason = sel.why_not_here()
    if reason is not None:
        tile = tile_at(lay, sel.hover)
        overlays.cross(surface, tile, overlays.TARGET_RED)
        marks.bubble(surface, tile, reason, overlays.TARGET_RED, room)


def draw_firing_positions(surface: pygame.Surface, lay: Layout, enemy: Pos,
                          found: dict[Pos, ToHit], room: Room) -> None:
    """The chance from each tile the selected unit could fire at `enemy` from (beside the tile
    when a unit stands on it: its own); by the enemy, the best of them, or that no tile in
    reach will do this turn."""
    for pos, odds in sorted(found.items(), key=lambda item: _stands_on(lay, room, item[0])):
        marks.tile_number(surface, tile_at(lay, pos), percent(odds.probability),
                          overlays.SHOT_ORANGE, room)
    if found:
        best = percent(max(odds.probability for odds in found.values()))
        marks.footnote(surface, tile_at(lay, enemy), _("best {best}").format(best=best),
                       overlays.SHOT_ORANGE, room)
    else:
        marks.footnote(surface, tile_at(lay, enemy), _("no shot this turn"), overlays.LABEL_GREY,
                       room)


def draw_chances(surface: pygame.Surface, lay: Layout, sel: Selection, room: Room) -> None:
    """Each enemy the selected unit could fire at now, with its chance; the target in red. An
    enemy in sight it cannot fire at now is marked without a number."""
    shots = sel.chances()
    for shot in shots:
        color = overlays.TARGET_RED if shot.unit == sel.target else overlays.SIGHT_YELLOW
        overlays.crosshair(surface, lay.origin, lay.tile_px, shot.pos, color,
                           4 if shot.unit == sel.target else 2)
        marks.chance(surface, tile_at(lay, shot.pos), shot.percent, color, room)
    numbered = {shot.unit for shot in shots}
    for uid in sel.visible:
        if uid not in numbered:
            overlays.crosshair(surface, lay.origin, lay.tile_px, sel.game.unit(uid).pos,
                               overlays.SIGHT_YELLOW, 1)


def draw_arrival_numbers(surface: pygame.Surface, lay: Layout, game: Game,
                         move: Arrival, room: Room) -> None:
    """A hovered destination: the shots from there (orange), the watchers that could
    snap-shoot the unit there (an eye and its chance, a line to the tile) and the risk."""
    dest = tile_at(lay, move.dest)
    for shot in move.shots:
        overlays.crosshair(surface, lay.origin, lay.tile_px, shot.pos, overlays.SHOT_ORANGE, 2)
        marks.chance(surface, tile_at(lay, shot.pos), shot.percent, overlays.SHOT_ORANGE, room)
    for watcher in move.watchers:
        line = line_between(game.map, watcher.pos, move.dest)
        if line is not None:
            overlays.sight_dashes(surface, lay.origin, lay.tile_px, game.map, line,
                                  overlays.TARGET_RED, max(2, lay.tile_px // 16))
        marks.watcher(surface, tile_at(lay, watcher.pos), watcher.percent, overlays.TARGET_RED,
                      room)
    if move.watchers:
        text, color = _("{percent} hit risk").format(
            percent=percent(move.risk)), overlays.TARGET_RED
    else:  # under fog, hidden watchers may still fire
        text, color = (_("none seen"), overlays.PATH_WHITE) if game.fog else (_("safe"), SAFE_GREEN)
    marks.chance(surface, dest, text, color, room, inside=True)  # the tile is empty


def _stands_on(lay: Layout, room: Room, pos: Pos) -> bool:
    """Whether something taken (a unit) is on tile `pos`: its number is placed last, beside."""
    return tile_at(lay, pos).collidelist(room.taken) != -1


def tile_at(lay: Layout, pos: Pos) -> pygame.Rect:
    return tile_rect(lay.origin, lay.tile_px, pos)
