"""The Rules screen teaches: short pages, each with a small board drawn by the game's renderer
that shows its rule as the engine plays it, modifiers said as what the shooter needs, and every
page fitting any window the client allows with no two lines overlapping."""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest

from laser_flag.engine.ruleset import CLASSES, DEFAULT_RULESET
from laser_flag.ui.learn.rules_layout import COLUMNS, PAGE_NAMES, cell, needs
from laser_flag.ui.learn.rules_pages import (
    CHECKMATE,
    COVER_ARC,
    HEIGHT,
    PAGES,
    RECHARGE,
    SIGHT,
    SNAP,
)
from laser_flag.ui.learn.rules_pictures import picture_game
from laser_flag.ui.learn.rules_scene import RulesScene
from laser_flag.ui.loop import BACKGROUND, App
from laser_flag.ui.settings import MIN_SIZE
from tests.pixels import colours_in

from .conftest import click, frames, press

SIZES = [MIN_SIZE, (1024, 700), (1400, 1000), (2560, 1440)]
RULES_MD = Path(__file__).parents[2] / "docs" / "RULES.md"


def open_rules(app: App, size: tuple[int, int], page: int = 0) -> RulesScene:
    """The Rules screen in a window resized to `size`, turned to `page` by the Right key."""
    app.push(RulesScene())
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    frames(app)
    assert app.screen.get_size() == size
    for _ in range(page):
        press(app, pygame.K_RIGHT)
    assert app.top.page == page
    return app.top


def grab(app: App, rect: pygame.Rect) -> bytes:
    return pygame.image.tobytes(app.screen.subsurface(rect), "RGB")


def colours(app: App, rect: pygame.Rect) -> set[tuple[int, ...]]:
    return colours_in(app.screen, rect)


def page_of(kind: str):
    return next(p.picture for p in PAGES if p.picture.kind == kind)


@pytest.mark.parametrize("size", SIZES)
def test_every_page_fits_the_window_with_no_line_overlapping_another_or_the_picture(app, size):
    rules = open_rules(app, size)
    for page in range(len(PAGE_NAMES)):
        rules.act(f"tab{page}")
        frames(app)
        view, layout = rules.view(), rules.layout()
        assert layout.height <= view.h, (size, PAGE_NAMES[page])  # nothing to scroll
        lines = layout.lines
        for i, line in enumerate(lines):
            assert line.rect.x >= 0 and line.rect.right <= view.w, (size, line.text)
            assert line.rect.bottom <= layout.height, (size, line.text)
            for other in lines[i + 1:]:
                assert not line.rect.colliderect(other.rect), (size, line.text, other.text)
            picture = getattr(layout, "picture", None)
            assert picture is None or not line.rect.colliderect(picture), (size, line.text)
        under = pygame.Rect(24, rules.box().bottom + 2, rules.buttons()[0].rect.x - 40,
                            size[1] - rules.box().bottom - 2)
        assert colours(app, under) == {BACKGROUND}  # no "scroll" hint: nothing is hidden


@pytest.mark.parametrize("page", range(len(PAGES)))
def test_each_teaching_page_draws_its_board_beside_its_words(app, page):
    rules = open_rules(app, MIN_SIZE, page)
    layout, view = rules.layout(), rules.view()
    picture = layout.picture.move(view.topleft)
    assert view.contains(picture) and layout.tile_px >= 24  # a board big enough to read
    assert len(colours(app, picture)) > 20  # tiles, units and marks, not an empty box
    words = [line for line in layout.lines if line.role == "text"]
    assert words and all(line.rect.x >= layout.picture.right for line in words)  # beside it


def test_pages_turn_by_tab_key_and_button_and_stop_at_either_end(app):
    rules = open_rules(app, MIN_SIZE)
    title = pygame.Rect(0, 0, MIN_SIZE[0], rules.title_height())
    first = grab(app, title)
    tab = next(b for b in rules.buttons() if b.name == "tab8")
    assert tab.hint == PAGE_NAMES[8]
    click(app, tab.rect.center)
    assert rules.page == 8 and grab(app, title) != first
    assert next(b for b in rules.buttons() if b.name == "tab8").toggled
    press(app, pygame.K_END)
    press(app, pygame.K_PAGEDOWN)
    assert rules.scroll.offset == 0  # nothing to scroll
    last = len(PAGE_NAMES) - 1
    click(app, next(b for b in rules.buttons() if b.name == f"tab{last}").rect.center)
    press(app, pygame.K_RIGHT)
    assert rules.page == last
    assert not next(b for b in rules.buttons() if b.name == "next").enabled
    click(app, next(b for b in rules.buttons() if b.name == "prev").rect.center)
    assert rules.page == last - 1
    press(app, pygame.K_ESCAPE)
    assert app.top is not rules


def test_the_class_table_says_what_the_shooter_needs_never_a_sign(app):
    assert needs(1) == "1 more" and needs(-2) == "2 less" and needs(0) == "the same"
    for unit_class in CLASSES:
        for _, column in COLUMNS:
            words = cell(DEFAULT_RULESET, unit_class, column)
            assert not re.search(r"[+-]\d", words), (unit_class, column, words)
    # a unit on cover shoots better: the ruleset's -1 is "1 less" to hit
    assert DEFAULT_RULESET["basic"].elevated_attack == -1
    assert cell(DEFAULT_RULESET, "basic", "elevated_attack") == "1 less"
    assert cell(DEFAULT_RULESET, "grunt", "cover_defense") == "2 more"
    assert cell(DEFAULT_RULESET, "sniper", "firing_costs") == "1 AP"


def test_the_pages_say_what_docs_rules_md_says():
    doc = " ".join(RULES_MD.read_text(encoding="utf-8").split())
    for page in PAGES:
        assert f"**{page.title}.**" in doc
        for paragraph in page.paragraphs:
            assert paragraph in doc, paragraph


def test_the_fog_page_explains_the_last_seen_rings_and_the_dim_key():
    fog = next(p for p in PAGES if p.title.startswith("Fog of war"))
    assert any("last seen" in part and "dimmed (D)" in part for part in fog.paragraphs)


# ----- each picture shows what the engine says ----------------------------------------------


def test_the_sight_picture_has_one_enemy_in_sight_and_one_behind_a_wall():
    picture = page_of(SIGHT)
    game = picture_game(picture)
    eye = game.unit(picture.unit)
    seen = [game.what_if.has_los(eye.pos, u.pos) for u in game.units if u.team != eye.team]
    assert sorted(seen) == [False, True]


def test_the_cover_picture_has_tiles_where_the_target_is_in_cover_and_tiles_where_not():
    picture = page_of(COVER_ARC)
    game = picture_game(picture)
    target = game.unit(picture.unit)
    needed = {game.what_if.shot_odds("basic", (r, c), target.unit_class, target.pos).needed
              for r in range(game.map.rows) for c in range(game.map.cols)
              if game.map.tile(r, c) != "wall" and (r, c) != target.pos
              and game.what_if.has_los((r, c), target.pos)}
    rules = DEFAULT_RULESET["basic"]
    assert {rules.to_hit, rules.to_hit + rules.cover_defense} <= needed


def test_the_height_picture_needs_one_less_both_ways():
    game = picture_game(page_of(HEIGHT))
    up, down = game.units
    assert game.map.is_cover(up.pos) and not game.map.is_cover(down.pos)
    to_hit = DEFAULT_RULESET["basic"].to_hit
    assert game.what_if.to_hit(up, down).needed == to_hit - 1  # it shoots better
    assert game.what_if.to_hit(down, up).needed == to_hit - 1  # and is easier to hit


def test_the_snap_picture_move_is_watched_by_two_units():
    picture = page_of(SNAP)
    game = picture_game(picture)
    mover = game.unit(picture.unit)
    watchers = [u for u in game.units if u.team != mover.team and u.snap_shots > 0
                and game.what_if.has_los(u.pos, picture.tile)]
    assert len(watchers) == 2
    assert picture.tile in game.what_if.path(mover, picture.tile)


def test_the_recharge_picture_walks_to_a_base_its_team_can_use():
    picture = page_of(RECHARGE)
    game = picture_game(picture)
    walker = game.unit(picture.unit)
    assert walker.laser == "deactivated"
    assert picture.tile in game.map.usable_bases(walker.team)
    assert game.what_if.path(walker, picture.tile)[-1] == picture.tile


def test_the_checkmate_picture_is_a_checkmate():
    picture = page_of(CHECKMATE)
    game = picture_game(picture)
    loser = next(u for u in game.units if u.laser == "deactivated")
    team = [u for u in game.units if u.team == loser.team]
    assert all(u.laser == "deactivated" for u in team)
    taken = {u.pos for u in game.units}
    assert game.map.usable_bases(loser.team) and all(
        b in taken for b in game.map.usable_bases(loser.team))
