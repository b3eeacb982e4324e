"""The chooser's balance badges: the words for each verdict, and each drawn on its map's card."""

from __future__ import annotations

import json

import pygame
import pytest

from laser_flag.engine.mapfile import load_map
from laser_flag.lab import badge
from laser_flag.lab.stats import wilson
from laser_flag.ui.map_badge import (
    CHANGED_TONE,
    FAIR_TONE,
    LEANS_TONE,
    UNMEASURED_TONE,
    badge_view,
)
from laser_flag.ui.scenes.menu_scene import MenuScene
from laser_flag.ui.settings import LaunchOptions

from .badges import badged_map, walled_after_measuring
from .conftest import SMALL_MAP, click, frames


def _pct(share: float) -> str:
    return f"{share:.0%}"


def test_a_map_measured_fair_says_fair(tmp_path):
    view = badge_view(load_map(badged_map(tmp_path / "m.json", 52, 48)))
    assert (view.word, view.tone) == ("fair", FAIR_TONE)
    assert view.detail.startswith("Balance: fair.")


def test_a_lean_to_team_1_gives_its_rate_and_interval(tmp_path):
    gm = load_map(badged_map(tmp_path / "m.json", 70, 30))
    view = badge_view(gm)
    low, high = wilson(70, 100)
    assert (view.word, view.tone) == ("leans team 1 · 70%", LEANS_TONE)
    assert view.detail == (f"Balance: leans team 1 ({gm.teams['1'].name}), which won 70% "
                           f"[95%: {_pct(low)}-{_pct(high)}] of the decided bot-against-bot "
                           "games.")


def test_a_lean_to_team_2_gives_team_2s_own_rate(tmp_path):
    gm = load_map(badged_map(tmp_path / "m.json", 25, 75))
    view = badge_view(gm)
    low, high = wilson(25, 100)  # team 1's: team 2's is the mirror image
    assert view.word == "leans team 2 · 75%"
    assert f"({gm.teams['2'].name}), which won 75% [95%: {_pct(1 - high)}-{_pct(1 - low)}]" in (
        view.detail)


def test_list_maps_and_the_chooser_give_the_same_rate_for_a_lean_to_team_2(tmp_path):
    """The badge's one-line text (--list-maps, the lab, the editor) names the leaning team's own
    rate, as the chooser's card does, never team 1's."""
    gm = load_map(badged_map(tmp_path / "m.json", 25, 75))
    low, high = wilson(25, 100)
    assert badge.status(gm).text == f"leans team 2 (75% [{_pct(1 - high)}-{_pct(1 - low)}])"


def test_an_edited_map_reads_changed_and_an_unmeasured_one_not_measured(tmp_path):
    changed = walled_after_measuring(badged_map(tmp_path / "m.json", 52, 48))
    view = badge_view(load_map(changed))
    assert (view.word, view.tone) == ("changed", CHANGED_TONE)
    assert "changed since measured" in view.detail
    plain = tmp_path / "plain.json"
    plain.write_text(json.dumps(SMALL_MAP), encoding="utf-8")
    view = badge_view(load_map(plain))
    assert (view.word, view.tone) == ("not measured", UNMEASURED_TONE)


@pytest.fixture
def chooser(app, tmp_path):
    """The menu over four maps: fair, leaning to team 1, changed since measured, unmeasured."""
    folder = tmp_path / "maps"
    folder.mkdir()
    badged_map(folder / "a_fair.json", 50, 50, name="Fair one")
    badged_map(folder / "b_leans.json", 80, 20, name="A long name that runs on and on and on")
    walled_after_measuring(badged_map(folder / "c_changed.json", 50, 50, name="Changed"))
    (folder / "d_plain.json").write_text(json.dumps(SMALL_MAP), encoding="utf-8")
    app.options = LaunchOptions(seed=3)
    menu = MenuScene(maps_dir=folder, own_dir=tmp_path / "none")
    app.push(menu)
    frames(app)
    return menu


def _colours_in(surface: pygame.Surface, rect: pygame.Rect) -> set[tuple[int, int, int]]:
    return {tuple(surface.get_at((x, y)))[:3] for x in range(rect.left, rect.right)
            for y in range(rect.top, rect.bottom)}


def test_each_card_shows_its_badge_in_its_tone(app, chooser):
    words = [e.badge.word for e in chooser.entries]
    assert words == ["fair", "leans team 1 · 80%", "changed", "not measured"]
    screen = app.screen
    tones = [FAIR_TONE, LEANS_TONE, CHANGED_TONE, UNMEASURED_TONE]
    for i, tone in enumerate(tones):
        card = chooser.card_rect(i)
        corner = pygame.Rect(card.centerx, card.top, card.w // 2, 28)  # where the tag goes
        found = _colours_in(screen, corner)
        assert tone in found, chooser.entries[i].path.name
        assert {t for t in tones if t != tone}.isdisjoint(found)


def test_a_long_name_stops_short_of_the_badge(app, chooser):
    card = chooser.card_rect(1)
    tag_band = pygame.Rect(card.right - 100, card.top + 8, 90, 16)  # inside the tag
    assert (232, 234, 240) not in _colours_in(app.screen, tag_band)  # no title text there


def test_the_detail_pane_says_the_chosen_maps_balance(app, chooser):
    pane = chooser.detail_rect()
    assert LEANS_TONE not in _colours_in(app.screen, pane)
    click(app, chooser.card_rect(1).center)
    assert LEANS_TONE in _colours_in(app.screen, pane)  # the sentence with rate and interval
