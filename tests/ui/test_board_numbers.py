"""Numbers on the board through the real loop: a selected unit's chances over its targets, a
destination's watchers and risk, the firing positions against an enemy (hovered, or pinned with
V), and why a tile cannot be reached, at once, at the tile."""

from __future__ import annotations

import pygame

from laser_flag.ui.game import overlays
from tests import pixels

from .conftest import centre, click, hover_tile, move_mouse, press, small_session, start_game


def colours_in(app, rect: pygame.Rect) -> set[tuple[int, int, int]]:
    return pixels.colours_in(app.screen, rect)


def tile_band(scene, pos, top: float, bottom: float) -> pygame.Rect:
    """A horizontal band of tile `pos`, from `top` to `bottom` (fractions of the tile)."""
    lay = scene.layout()
    x, y = centre(scene, pos)
    half = lay.tile_px // 2
    return pygame.Rect(x - half, y - half + round(top * lay.tile_px), lay.tile_px,
                       max(1, round((bottom - top) * lay.tile_px)))


def test_a_selected_unit_shows_its_chance_over_each_enemy_it_could_fire_at(app):
    scene = start_game(app, small_session())
    click(app, centre(scene, (6, 2)))  # the sniper: Bob's scout is in its sight
    shots = scene.selection.chances()
    assert [(s.unit, s.percent) for s in shots] == [(2, "72%")]
    assert overlays.SIGHT_YELLOW in colours_in(app, tile_band(scene, (1, 5), 0.0, 0.3))
    click(app, centre(scene, (1, 5)))  # targeted: its chance turns red
    assert overlays.TARGET_RED in colours_in(app, tile_band(scene, (1, 5), 0.0, 0.3))


def test_a_destination_shows_each_watchers_chance_and_the_risk_there(app):
    scene = start_game(app, small_session())
    click(app, centre(scene, (5, 1)))
    hover_tile(app, scene, (4, 1))
    move = scene.selection.preview()
    assert [w.unit for w in move.watchers] == [2, 3] and move.risk > 0
    for watcher in move.watchers:  # an eye and a chance at the foot of each watcher's tile
        assert overlays.TARGET_RED in colours_in(app, tile_band(scene, watcher.pos, 0.7, 1.0))
    above = tile_band(scene, (4, 1), -0.1, 0.1)  # "NN% hit risk" over the destination
    assert overlays.TARGET_RED in colours_in(app, above)


def test_hovering_an_enemy_lights_the_tiles_it_could_be_fired_at_from(app):
    scene = start_game(app, small_session())
    click(app, centre(scene, (5, 1)))
    hover_tile(app, scene, (0, 4))  # Bob's grunt
    enemy, found = scene.selection.positions_against()
    assert enemy == 3 and found
    pos = next(iter(found))
    rim = tile_band(scene, pos, 0.02, 0.08)
    assert overlays.SHOT_ORANGE in colours_in(app, rim)
    hover_tile(app, scene, (6, 6))  # away from it: the view goes...
    assert scene.selection.positions_against() is None
    press(app, pygame.K_v)  # ...unless pinned with V
    assert scene.selection.positions_against()[0] == 2  # the first enemy, Bob's scout
    press(app, pygame.K_v)
    assert scene.selection.positions_against()[0] == 3
    press(app, pygame.K_ESCAPE)
    assert scene.selection.positions_against() is None and scene.selection.unit == 0


def test_a_tile_out_of_reach_says_why_at_once_on_hover(app):
    scene = start_game(app, small_session())
    click(app, centre(scene, (5, 1)))
    hover_tile(app, scene, (3, 3))  # a wall: no click needed
    assert "wall" in scene.selection.why_not_here()
    assert overlays.TARGET_RED in colours_in(app, tile_band(scene, (3, 3), 0.4, 0.6))
    hover_tile(app, scene, (4, 1))  # a reachable tile says nothing of the kind
    assert scene.selection.why_not_here() is None


def test_a_greyed_button_says_why_in_its_tooltip(app):
    scene = start_game(app, small_session())
    fire = next(b for b in scene.buttons() if b.name == "fire")
    assert not fire.enabled and fire.hint.startswith("Pick a unit of yours first")
    undo = next(b for b in scene.buttons() if b.name == "undo")
    assert undo.hint == "Cannot undo: nothing to undo this turn."
    before = colours_in(app, fire.rect.move(0, -40).inflate(0, -20))
    move_mouse(app, fire.rect.center)
    assert colours_in(app, fire.rect.move(0, -40).inflate(0, -20)) != before  # drawn over it
    click(app, centre(scene, (6, 2)))
    fire = next(b for b in scene.buttons() if b.name == "fire")
    assert fire.hint.startswith("Pick a target first")
    click(app, centre(scene, (1, 5)))
    fire = next(b for b in scene.buttons() if b.name == "fire")
    assert fire.enabled and fire.hint == "Fire at the target (F)"
