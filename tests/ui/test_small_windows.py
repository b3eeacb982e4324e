"""The text screens on the smallest window the client allows: what does not fit scrolls, with a
hint, instead of running off the window or being cut without a word."""

from __future__ import annotations

import pygame

from laser_flag import saves
from laser_flag.engine.actions import Move
from laser_flag.engine.game import Game
from laser_flag.engine.mapfile import parse_map
from laser_flag.play.session import Session
from laser_flag.ui.ending.victory_scene import VictoryScene
from laser_flag.ui.game.handoff_scene import REPORT_SIZE, HandOffScene
from laser_flag.ui.loop import BACKGROUND, App
from laser_flag.ui.menu.saves_scene import SavesScene
from laser_flag.ui.scale import scaled, text_scale
from laser_flag.ui.scroll import LINE_PX
from laser_flag.ui.settings import MIN_SIZE
from laser_flag.ui.widgets import font
from tests.pixels import colours_in

from .badges import badged_map
from .conftest import (
    SMALL_MAP,
    WALLED,
    Dice,
    centre,
    click,
    end_turn,
    frames,
    open_menu,
    press,
    settle,
    small_session,
    start_game,
)

BOB_MOVES = (Move(3, (1, 4)), Move(3, (2, 4)), Move(3, (2, 5)),
             Move(2, (1, 6)), Move(2, (2, 6)), Move(2, (3, 6)))


def resize(app: App, size: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    frames(app)
    assert app.screen.get_size() == size


def long_report(app: App) -> HandOffScene:
    """Two players under fog, all in sight: Bob walks his units about under Alice's snap shots
    (the dice miss), so Alice's report of his turn is long; it is shown, Ready pressed."""
    session = Session.start(parse_map(SMALL_MAP, "small.json"), seed=1, fog=True)
    session.game = Game(session.gm, seed=1, roll=Dice(), fog=True)
    scene = start_game(app, session)
    end_turn(app)
    press(app, pygame.K_RETURN)
    press(app, pygame.K_RETURN)  # Bob has the board
    for move in BOB_MOVES:
        scene.turns.act(move)
        settle(app, scene)
    press(app, pygame.K_e)  # every AP spent: no question asked
    assert isinstance(app.top, HandOffScene) and app.top.team == "1"
    resize(app, MIN_SIZE)
    press(app, pygame.K_RETURN)
    assert app.top.ready
    return app.top


def report_height(scene: HandOffScene) -> tuple[int, int]:
    """The report's full height and its box's, as drawn now."""
    wrapped, view, content_h = scene.report_view()
    assert content_h == len(wrapped) * font(scaled(REPORT_SIZE, scene.scale)).get_linesize()
    return content_h, view.h


def test_a_long_report_opens_at_its_end_and_scrolls_back_to_its_start(app):
    scene = long_report(app)
    content_h, view_h = report_height(scene)
    end = content_h - view_h
    assert end > 0  # it does not fit: the smallest window, a busy turn
    _, view, _ = scene.report_view()
    assert view.bottom <= app.screen.get_height() - 120  # above the button, inside the window
    latest = pygame.image.tobytes(app.screen.subsurface(view), "RGB")
    assert scene.scroll.top(content_h, view_h) == end  # what is in sight now, last, is shown
    press(app, pygame.K_UP)
    assert scene.scroll.top(content_h, view_h) == end - LINE_PX
    press(app, pygame.K_HOME)
    assert scene.scroll.top(content_h, view_h) == 0
    assert pygame.image.tobytes(app.screen.subsurface(view), "RGB") != latest
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    frames(app)
    assert scene.scroll.top(content_h, view_h) == LINE_PX
    press(app, pygame.K_END)
    assert pygame.image.tobytes(app.screen.subsurface(view), "RGB") == latest
    press(app, pygame.K_SPACE)  # and on to the board, as before
    assert not isinstance(app.top, HandOffScene)


def colours(app: App, rect: pygame.Rect) -> set[tuple[int, ...]]:
    return colours_in(app.screen, rect)


def test_the_saves_list_keeps_its_words_inside_the_smallest_window(app):
    """Its scrolling hint went right of the buttons, past the window's edge; long lines are cut
    short with '...' at the row's end."""
    game = Game(parse_map({**SMALL_MAP, "name": "A map with a name as long as a sentence can be"},
                          "small.json"), seed=1)
    names = {"names": {"1": "W" * 24, "2": "M" * 24}}
    for i in range(20):
        saves.write_save(saves.saves_dir() / f"save-{i:02}.json", game, names)
    (saves.saves_dir() / f"zz-{'x' * 120}.json").write_text("{", encoding="utf-8")
    resize(app, MIN_SIZE)
    app.push(SavesScene())
    frames(app)
    w, h = MIN_SIZE
    margin = scaled(20, text_scale(MIN_SIZE))  # the window's right margin: nothing written there
    edge = pygame.Rect(w - margin, 0, margin, h)
    assert colours(app, edge) == {BACKGROUND}
    s = text_scale(MIN_SIZE)
    above_buttons = pygame.Rect(w // 2, h - scaled(86, s), w // 2 - margin, scaled(18, s))
    assert len(colours(app, above_buttons)) > 1  # the hint, in sight
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-10, flipped=False))
    frames(app)
    assert app.top.top + app.top.rows_shown == app.top.row_count  # down to the unreadable file
    assert colours(app, edge) == {BACKGROUND}


def test_the_hand_off_cover_wraps_long_team_names_inside_the_smallest_window(app):
    data = {**SMALL_MAP, "team_names": {"1": "W" * 24, "2": "M" * 24}}
    session = Session.start(parse_map(data, "small.json"), seed=1, fog=True)
    session.game = Game(session.gm, seed=1, roll=Dice(), fog=True)
    start_game(app, session)
    resize(app, MIN_SIZE)
    end_turn(app)
    assert isinstance(app.top, HandOffScene) and not app.top.ready
    w, h = MIN_SIZE
    for x in (0, w - 20):  # the margins beside the words hold the team's tint alone
        assert len(colours(app, pygame.Rect(x, 170, 20, h - 300))) == 1
    assert len(colours(app, pygame.Rect(20, 170, w - 40, h - 300))) > 1  # the words are there


def test_the_chooser_cuts_a_long_balance_note_above_the_players(app, tmp_path):
    """On the smallest window a badge's note ran over the Players header; it now stops above
    it, its last line ending in '...'. The players look the same with a long note as with a
    short one."""
    (tmp_path / "maps").mkdir()
    badged_map(tmp_path / "maps" / "a.json", 80, 20, name="A badged map")
    menu = open_menu(app, tmp_path, maps={"b": {**WALLED, "name": "B plain map"}})
    resize(app, MIN_SIZE)
    looks = {}
    for _ in range(2):
        frames(app)
        looks[menu.chooser.entry.path.stem] = pygame.image.tobytes(
            app.screen.subsurface(menu.picker_rect()), "RGB")
        press(app, pygame.K_DOWN)
    assert looks["a"] == looks["b"]  # a long note measured, a one-line one not measured


def one_colour_rows(app: App, x: int, width: int) -> bool:
    """Each row of the strip `width` wide from `x` down the window is one colour: no words
    cross it."""
    strip = app.screen.subsurface(pygame.Rect(x, 0, width, app.screen.get_height()))
    return all(len({tuple(strip.get_at((i, y))) for i in range(width)}) == 1
               for y in range(strip.get_height()))


def test_the_game_panel_keeps_long_team_names_inside_the_smallest_window(app):
    """Score boxes cut a long name with '...'; the turn line and the card's title shrink first."""
    data = {**SMALL_MAP, "team_names": {"1": "W" * 24, "2": "M" * 24}}
    start_game(app, small_session(data=data))
    resize(app, MIN_SIZE)
    assert one_colour_rows(app, MIN_SIZE[0] - 14, 14)


def test_the_victory_screen_keeps_long_team_names_inside_the_smallest_window(app):
    """The headline, the reason and the table's team names shrink or are cut to fit."""
    data = {**SMALL_MAP, "score_limit": {"1": 1, "2": 1},
            "team_names": {"1": "W" * 24, "2": "M" * 24}}
    scene = start_game(app, small_session(Dice((6, 6)), data))
    resize(app, MIN_SIZE)
    click(app, centre(scene, (6, 2)))  # Alice's Sniper fires at Bob's Scout: a hit wins
    click(app, centre(scene, (1, 5)))
    click(app, centre(scene, (1, 5)))
    settle(app, scene)
    assert isinstance(app.top, VictoryScene)
    w, margin = MIN_SIZE[0], scaled(20, text_scale(MIN_SIZE))  # margins scale with the window
    assert one_colour_rows(app, 0, margin) and one_colour_rows(app, w - margin, margin)
