"""Every why on screen: inspecting enemies and tiles, refusals, a destination preview."""

from __future__ import annotations

from dataclasses import replace

import pygame

from laser_flag.engine.events import Shot
from laser_flag.engine.game import NO_LOS, Game
from laser_flag.play.refusals import NOT_YOURS, PICK_A_TARGET
from laser_flag.ui.game.game_scene import GameScene
from laser_flag.ui.game.panel import LOG_SIZE, log_rows, panel_layout
from laser_flag.ui.learn.rules_layout import PAGE_NAMES
from laser_flag.ui.learn.rules_scene import RulesScene
from laser_flag.ui.widgets import font

from .conftest import (
    SMALL_MAP,
    WALLED,
    Dice,
    card,
    centre,
    click,
    end_turn,
    frames,
    open_menu,
    panel_button,
    press,
    run_until,
    settle,
    small_session,
    start_game,
)


def hover(app, scene, pos) -> None:
    xy = centre(scene, pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=xy, rel=(0, 0), buttons=(0, 0, 0)))
    frames(app)


# ----- 1. inspect anything -------------------------------------------------------------------


def test_hovering_an_enemy_shows_its_card_and_its_sight(app):
    scene = start_game(app, small_session())
    before = app.screen.get_at(centre(scene, (4, 1)))
    hover(app, scene, (1, 5))  # Bob's Scout
    title, lines = card(scene)
    assert title == "Bob's Scout (enemy)"
    assert "Speed 5 · to-hit 8+ · cover defense +1" in lines
    assert "Laser charged · snap shots 2 of 2" in lines
    assert "AP 3/3 left from its turn" in lines
    assert any(line.startswith("Sees: Alice's Sniper") for line in lines)
    assert app.screen.get_at(centre(scene, (4, 1))) != before  # its sight is shaded
    wall = centre(scene, (3, 3))
    assert app.screen.get_at(wall) == scene_without_marks(app, scene, wall)


def scene_without_marks(app, scene, xy):
    """The pixel at `xy` once the cursor left the board (nothing inspected)."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(1, 1), rel=(0, 0),
                                         buttons=(0, 0, 0)))
    frames(app)
    return app.screen.get_at(xy)


def test_clicking_an_enemy_with_nothing_selected_keeps_its_card_and_says_it_is_not_yours(app):
    scene = start_game(app, small_session())
    click(app, centre(scene, (0, 4)))  # Bob's Grunt
    title, lines = card(scene)
    assert title == "Bob's Grunt (enemy)" and lines[0] == NOT_YOURS
    hover(app, scene, (4, 4))  # the words were about that tile: they go, the card stays
    title, lines = card(scene)
    assert title == "Bob's Grunt (enemy)" and NOT_YOURS not in lines
    assert "Speed 4 · to-hit 7+ · cover defense +2" in lines


def test_an_enemy_clicked_before_the_turn_ended_is_not_shown_as_an_enemy_after(app):
    scene = start_game(app, small_session())
    click(app, centre(scene, (0, 4)))  # Bob's Grunt, inspected
    end_turn(app)
    settle(app, scene)
    assert scene.game.active_team == "2"
    assert scene.selection.enemy_shown() is None and card(scene)[0] == "Bob to play"


def test_hovering_a_tile_says_what_it_gives(app):
    scene = start_game(app, small_session())
    hover(app, scene, (3, 2))  # west of the wall, south of the crate
    _, lines = card(scene)
    assert "Tile (3, 2): Floor · a unit here is on the ground" in lines
    assert "Cover sides there: north, east" in lines
    hover(app, scene, (2, 2))
    assert "Tile (2, 2): Cover · a unit here is elevated (on cover)" in card(scene)[1]
    hover(app, scene, (6, 0))
    assert card(scene)[1][-3].startswith("Tile (6, 0): Alice's base")


def test_holding_h_leaves_walls_untinted(app):
    scene = start_game(app, small_session())
    wall, seen = centre(scene, (3, 3)), centre(scene, (4, 1))
    before = app.screen.get_at(wall), app.screen.get_at(seen)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h",
                                         scancode=0))
    frames(app)
    assert scene.watching
    assert app.screen.get_at(wall) == before[0]
    assert app.screen.get_at(seen) != before[1]


# ----- 2. every refusal says why -------------------------------------------------------------


def test_a_tile_out_of_reach_keeps_the_selection_and_says_how_far_it_is(app):
    scene = start_game(app, small_session())
    click(app, centre(scene, (5, 1)))
    click(app, centre(scene, (0, 0)))
    assert scene.selection.unit == 0
    assert card(scene)[1][0] == ("That tile cannot be reached in one move: it needs 5 steps "
                                  "and a Plain has speed 4.")


def test_an_enemy_out_of_sight_keeps_the_selection_and_says_no_line_of_sight(app):
    scene = start_game(app, small_session(data=WALLED))
    click(app, centre(scene, (5, 1)))
    click(app, centre(scene, (1, 5)))
    assert scene.selection.unit == 0 and scene.selection.target is None
    assert scene.turns.message == NO_LOS


def test_fire_without_a_target_or_with_the_laser_off_says_why(app):
    scene = start_game(app, small_session(Dice((1, 1), (6, 6))))  # a miss, then a snap hit back
    click(app, centre(scene, (6, 2)))
    press(app, pygame.K_f)
    assert scene.turns.message == PICK_A_TARGET and scene.selection.unit == 1
    click(app, centre(scene, (1, 5)))
    press(app, pygame.K_f)
    settle(app, scene)
    assert scene.game.unit(1).laser == "deactivated"
    click(app, centre(scene, (6, 2)))
    click(app, centre(scene, (1, 5)))
    press(app, pygame.K_f)
    assert scene.turns.message == "Its laser is deactivated." and scene.selection.target == 2
    click(app, centre(scene, (5, 2)))
    assert scene.selection.unit == 1
    assert card(scene)[1][0] == "A Sniper cannot move after firing this turn."


# ----- 4. a destination previewed fully ------------------------------------------------------


def test_hovering_a_destination_shows_cover_height_and_the_shots_from_there(app):
    scene = start_game(app, small_session())
    click(app, centre(scene, (5, 1)))
    hover(app, scene, (2, 2))  # the crate
    lines = card(scene)[1]
    assert "There: elevated (on cover) · cover none" in lines
    assert "Open to: Bob's Scout, Bob's Grunt" in lines
    assert "Then fire at: Bob's Scout 26/36 = 72.2%; Bob's Grunt 26/36 = 72.2%" in lines
    assert "Chance to arrive unhit: 441/1296 = 34.0%" in lines
    hover(app, scene, (3, 2))  # west of the wall, south of the crate
    lines = card(scene)[1]
    assert "There: on the ground · cover north, east" in lines
    assert "In cover from: Bob's Scout, Bob's Grunt" in lines


def test_a_destination_on_a_base_says_the_laser_recharges_there(app):
    session = small_session()
    state = session.game.state()
    units = tuple(replace(u, laser="deactivated") if u.id == 0 else u for u in state.units)
    session.game = Game.from_state(session.gm, replace(state, units=units), seed=1, roll=Dice())
    scene = start_game(app, session)
    click(app, centre(scene, (5, 1)))
    hover(app, scene, (6, 0))
    lines = card(scene)[1]
    assert "Its laser starts charging there (a base)." in lines
    assert not any(line.startswith("Then fire at") for line in lines)  # not charged yet


# ----- 3. snap shots explained like shots ----------------------------------------------------


def test_snap_shots_name_their_tile_modifiers_chance_and_order_in_the_log(app):
    scene = start_game(app, small_session(Dice((1, 1), (6, 6))))  # the first misses, then a hit
    click(app, centre(scene, (5, 1)))
    click(app, centre(scene, (3, 1)))  # in sight of Bob's Grunt and Scout
    run_until(app, lambda: isinstance(scene.turns.playback.current, Shot))
    first = scene.turns.playback.current
    assert first.snap and first.modifiers and len(first.order) == 2
    settle(app, scene)
    miss, hit = scene.session.log[-4:-2]
    order = "(Bob's Grunt, then Bob's Scout)"
    assert miss == ("Bob's Grunt from (0, 4) snap-shoots at Alice's Plain: 1+1 = 2, needed 9: "
                    f"MISS · Grunt to-hit 7, +2 snap shot: 10/36 = 27.8% · watcher 1 of 2 {order}")
    assert hit.startswith("Bob's Scout from (1, 5) snap-shoots at Alice's Plain: 6+6 = 12, "
                          "needed 9: HIT · Scout to-hit 8, +1 snap shot: 10/36 = 27.8%")
    assert hit.endswith(f"watcher 2 of 2 {order}")


# ----- 5. coordinates you can read -----------------------------------------------------------


def label_area(app, scene) -> bytes:
    """The pixels above the board's first column, where its number is drawn."""
    lay = scene.layout()
    strip = pygame.Rect(lay.board.x, lay.board.y - 16, lay.tile_px, 14)
    return pygame.image.tobytes(app.screen.subsurface(strip), "RGB")


def test_the_board_shows_row_and_column_numbers_and_g_hides_them(app):
    scene = start_game(app, small_session())
    shown = label_area(app, scene)
    assert len(set(shown)) > 2  # a number drawn over the background
    press(app, pygame.K_g)
    assert not app.settings.coordinates and label_area(app, scene) != shown
    press(app, pygame.K_g)
    assert label_area(app, scene) == shown


def test_hovering_a_log_line_rings_the_tiles_and_units_it_names(app):
    scene = start_game(app, small_session())
    click(app, centre(scene, (5, 1)))
    click(app, centre(scene, (4, 1)))  # any snap shots at it miss (dice 1+1)
    settle(app, scene)
    press(app, pygame.K_ESCAPE)
    moved = next(i for i, line in enumerate(scene.session.log) if "moves (5, 1) -> (4, 1)" in line)
    start = centre(scene, (5, 1))
    corner = (start[0] - scene.layout().tile_px // 2 + 2, start[1])  # the tile's left edge
    before = app.screen.get_at(corner)
    box = panel_layout(scene.layout(), scene.panel_view()).log
    rows = log_rows(box, scene.session.log)
    row = next(n for n, (i, _) in enumerate(rows) if i == moved)
    step = font(LOG_SIZE).get_linesize()
    xy = (box.x + 20, box.y + 5 + row * step + step // 2)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=xy, rel=(0, 0), buttons=(0, 0, 0)))
    frames(app)
    assert scene.log_hover == moved and scene.panel_view().log_hover == moved
    assert app.screen.get_at(corner) != before  # the walk's start tile is ringed


# ----- 7. small things -----------------------------------------------------------------------


def test_the_rules_pages_stop_at_either_end(app):
    app.push(RulesScene())
    frames(app)
    rules = app.top
    last = len(PAGE_NAMES) - 1
    assert not rule_button(rules, "prev").enabled
    for _ in range(last + 1):
        press(app, pygame.K_RIGHT)
    assert rules.page == last and not rule_button(rules, "next").enabled
    click(app, rule_button(rules, "next").rect.center)
    assert rules.page == last
    for _ in range(last + 1):
        press(app, pygame.K_LEFT)
    assert rules.page == 0


def rule_button(rules, name):
    return next(b for b in rules.buttons() if b.name == name)


def test_the_chooser_keeps_its_map_after_a_game(app, tmp_path):
    menu = open_menu(app, tmp_path, maps={"a": SMALL_MAP, "b": WALLED})
    press(app, pygame.K_DOWN)
    assert menu.chooser.entry.path.stem == "b"
    click(app, next(b for b in menu.buttons() if b.name == "play").rect.center)
    assert isinstance(app.top, GameScene)
    click(app, panel_button(app.top, "menu").rect.center)
    assert app.top is menu and menu.chooser.entry.path.stem == "b"


def test_cover_in_reach_stays_a_crate_only_framed(app):
    scene = start_game(app, small_session())
    crate, floor = centre(scene, (2, 2)), centre(scene, (3, 1))
    before = app.screen.get_at(crate), app.screen.get_at(floor)
    click(app, centre(scene, (5, 1)))
    assert {(2, 2), (3, 1)} <= scene.selection.reachable
    assert app.screen.get_at(crate) == before[0]  # the crate's middle is not tinted
    assert app.screen.get_at(floor) != before[1]  # the floor is
