"""The chooser's balance badges: the words for each verdict, who measured it (this machine, or
the map's own claim), each drawn on its map's card, and Measure here measuring it here."""

from __future__ import annotations

import json

import pygame
import pytest

from laser_flag import __version__
from laser_flag.engine.mapfile import load_map, parse_map
from laser_flag.lab import badge, measured, new_plan
from laser_flag.lab.here import MeasureHere
from laser_flag.lab.stats import wilson
from laser_flag.ui.measuring import Measuring
from laser_flag.ui.menu.map_badge import (
    CHANGED_TONE,
    FAIR_TONE,
    LEANS_TONE,
    UNDECIDED_TONE,
    UNMEASURED_TONE,
    badge_view,
    pace_text,
)
from laser_flag.ui.menu.menu_scene import BADGE_SIZE, MenuScene, draw_badge
from laser_flag.ui.settings import LaunchOptions
from laser_flag.ui.widgets import font
from tests.lab.lopsided import lopsided_data
from tests.pixels import colours_in
from tests.waits import wait_until

from .badges import badge_value, badged_map, walled_after_measuring
from .conftest import SMALL_MAP, click, frames


def _pct(share: float) -> str:
    return f"{share:.0%}"


def test_a_map_measured_fair_says_fair_and_whose_claim_it_is(tmp_path):
    view = badge_view(load_map(badged_map(tmp_path / "m.json", 260, 240)))
    assert (view.word, view.tone, view.here) == ("fair", FAIR_TONE, False)
    assert view.detail.startswith("Balance, the map's claim: fair. In 500 bot-against-bot games "
                                  "(greedy)")
    assert view.detail.endswith("Games last 12.0 rounds, 1.5 shots a round; none ended by the "
                                "round limit.")


def test_the_pace_says_how_many_games_ended_undecided_and_where_they_stall():
    pace = {"games": 80, "mean_rounds": 24.5, "shots_per_round": 0.8, "round_limit": 9,
            "limit_draws": 5, "stalls": [["turtle", "turtle"]]}
    assert pace_text(pace) == ("Games last 24.5 rounds, 0.8 shots a round; 9 of 80 ended by the "
                               "round limit, 5 of them undecided. Games stall in turtle-turtle.")
    assert pace_text({**pace, "mean_rounds": None, "shots_per_round": None, "round_limit": None,
                      "limit_draws": None}) == "Games stall in turtle-turtle."


def test_too_few_games_say_undecided_with_their_count(tmp_path):
    """52% of 100 games was "fair" once: its interval, 42-62%, reaches past the band."""
    view = badge_view(load_map(badged_map(tmp_path / "m.json", 52, 48)))
    assert (view.word, view.tone) == ("undecided (100 games)", UNDECIDED_TONE)
    assert view.detail.startswith("Balance, the map's claim: undecided (100 games): too few")


def test_a_forged_claim_is_shown_as_the_maps_claim_until_measured_here(tmp_path):
    """Four units against one, its file claiming "fair" over 1,000,000 games: the chooser says
    whose claim that is, and once measured here shows what this machine found."""
    path = tmp_path / "forged.json"
    path.write_text(json.dumps(lopsided_data()), encoding="utf-8")
    badge.write(path, badge_value(path, 500_000, 500_000))
    view = badge_view(load_map(path))
    assert (view.word, view.here) == ("fair", False)
    assert view.detail.startswith("Balance, the map's claim: fair. In 1,000,000 ")
    measured.keep(badge_value(path, 180, 20))  # what 200 games here found
    view = badge_view(load_map(path))
    assert (view.word, view.tone, view.here) == ("leans team 1 · 90%", LEANS_TONE, True)
    assert view.detail.startswith("Balance, measured here: leans team 1 (")
    assert view.detail.endswith("The map's file claims: fair.")


def test_a_measurement_here_by_older_bots_gives_way_to_the_maps_claim(tmp_path):
    """After an upgrade that changed how the bots decide, what this machine measured before
    no longer speaks for the map: the map's own badge does, as if never measured here."""
    path = tmp_path / "forged.json"
    path.write_text(json.dumps(lopsided_data()), encoding="utf-8")
    badge.write(path, badge_value(path, 500_000, 500_000))
    measured.keep({**badge_value(path, 180, 20), "game_version": "0.1.0"})
    view = badge_view(load_map(path))
    assert (view.word, view.here) == ("fair", False)
    measured.keep({**badge_value(path, 180, 20), "game_version": __version__})
    assert badge_view(load_map(path)).here


def test_a_lean_to_team_1_gives_its_rate_and_interval(tmp_path):
    gm = load_map(badged_map(tmp_path / "m.json", 70, 30))
    view = badge_view(gm)
    low, high = wilson(70, 100)
    assert (view.word, view.tone) == ("leans team 1 · 70%", LEANS_TONE)
    assert view.detail.startswith(
        f"Balance, the map's claim: leans team 1 ({gm.teams['1'].name}), which won 70% "
        f"[95%: {_pct(low)}-{_pct(high)}] of the decided games of 100 (greedy).")


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
    assert "Measure here" in view.detail


@pytest.fixture
def chooser(app, tmp_path):
    """The menu over four maps: fair, leaning to team 1, changed since measured, unmeasured."""
    folder = tmp_path / "maps"
    folder.mkdir()
    badged_map(folder / "a_fair.json", 260, 240, name="Fair one")
    badged_map(folder / "b_leans.json", 80, 20, name="A long name that runs on and on and on")
    walled_after_measuring(badged_map(folder / "c_changed.json", 260, 240, name="Changed"))
    (folder / "d_plain.json").write_text(json.dumps(SMALL_MAP), encoding="utf-8")
    app.options = LaunchOptions(seed=3)
    menu = MenuScene(maps_dir=folder, own_dir=tmp_path / "none")
    app.push(menu)
    frames(app)
    return menu


def _colours_in(surface: pygame.Surface, rect: pygame.Rect) -> set[tuple[int, int, int]]:
    return colours_in(surface, rect)


def test_each_card_shows_its_badge_in_its_tone(app, chooser):
    words = [e.badge.word for e in chooser.chooser.entries]
    assert words == ["fair", "leans team 1 · 80%", "changed", "not measured"]
    screen = app.screen
    tones = [FAIR_TONE, LEANS_TONE, CHANGED_TONE, UNMEASURED_TONE]
    for i, tone in enumerate(tones):
        card = chooser.card_rect(i)
        corner = pygame.Rect(card.centerx, card.top, card.w // 2, 28)  # where the tag goes
        found = _colours_in(screen, corner)
        assert tone in found, chooser.chooser.entries[i].path.name
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


def test_measure_here_measures_the_chosen_map_and_keeps_what_it_found(app, tmp_path,
                                                                      monkeypatch):
    """One click on Measure here: the games play in the background while the menu stays live,
    the detail pane counts them, and the card then shows this machine's verdict, filled."""
    folder = tmp_path / "maps"
    folder.mkdir()
    path = folder / "forged.json"
    path.write_text(json.dumps(lopsided_data()), encoding="utf-8")
    badge.write(path, badge_value(path, 500_000, 500_000))  # "fair", claims the file
    quick = [("rusher", "rusher")]  # the standard styles take minutes: one quick style here
    monkeypatch.setattr(Measuring, "measure_here", lambda self, gm: MeasureHere(
        gm, plan=new_plan(gm, quick, games=200, seed=1, sequential=True)))
    menu = MenuScene(maps_dir=folder, own_dir=tmp_path / "none")
    app.push(menu)
    frames(app)
    button = next(b for b in menu.buttons() if b.name == "measure")
    assert button.label == "Measure here" and menu.chooser.entries[0].badge.word == "fair"
    click(app, button.rect.center)
    assert app.measuring.run is not None
    assert next(b for b in menu.buttons() if b.name == "measure").label == "Stop measuring"
    wait_until(lambda: frames(app, 1) or app.measuring.run is None, "the measuring done",
               timeout=120)
    view = menu.chooser.entries[0].badge
    assert view.here and view.word.startswith("leans team 1")
    assert measured.find(load_map(path))["pairings"][0]["games"] == 16
    assert "measured here: leans team 1" in menu.message
    pane = menu.card_rect(0)
    corner = pygame.Rect(pane.centerx, pane.top, pane.w // 2, 28)
    frames(app)
    assert LEANS_TONE in _colours_in(app.screen, corner)  # the filled tag


def _plain_menu(app, tmp_path) -> MenuScene:
    """A menu on one small map of its own folder, drawn once."""
    folder = tmp_path / "maps"
    folder.mkdir(exist_ok=True)
    (folder / "plain.json").write_text(json.dumps(SMALL_MAP), encoding="utf-8")
    menu = MenuScene(maps_dir=folder, own_dir=tmp_path / "none")
    app.push(menu)
    frames(app)
    return menu


def test_starting_a_game_stops_measuring(app, tmp_path, monkeypatch):
    menu = _plain_menu(app, tmp_path)
    folder = tmp_path / "maps"
    menu.act("measure")
    assert app.measuring.run is not None and app.measuring.run.running
    running = app.measuring.run
    menu.act("play")
    assert app.measuring.run is None and not running.running
    assert not measured.find(load_map(folder / "plain.json"))


def test_a_narrow_card_keeps_room_for_the_maps_name(tmp_path):
    """On a small window the badge gives way to the name: "undecided" without its count (the
    detail pane keeps it), "leans 1 · 80%"; on a wide card the full words."""
    undecided = badge_view(load_map(badged_map(tmp_path / "a.json", 52, 48)))
    leaning = badge_view(load_map(badged_map(tmp_path / "b.json", 80, 20)))
    assert (undecided.short, leaning.short) == ("undecided", "leans 1 · 80%")
    surface = pygame.Surface((600, 100))
    for view in (undecided, leaning):
        wide = draw_badge(surface, view, (590, 5), room=500, s=1.0)
        narrow = draw_badge(surface, view, (590, 5), room=240, s=1.0)
        assert wide.w == font(BADGE_SIZE).size(view.word)[0] + 10
        assert narrow.w == font(BADGE_SIZE).size(view.short)[0] + 10 < wide.w


def test_a_measurement_the_data_folder_cannot_keep_is_said_not_raised(data_dir):
    data_dir.write_text("a file where the data folder goes", encoding="utf-8")
    gm = parse_map(SMALL_MAP, "plain.json")
    here = MeasureHere(gm, plan=new_plan(gm, [("rusher", "rusher")], games=8, seed=1,
                                         sequential=True))
    here.start()
    wait_until(here.poll, "the measuring done", timeout=120)
    assert here.kept is None and here.problem == "not kept: Not a directory"


def test_a_measuring_run_outlives_the_menu_that_started_it(app, tmp_path):
    _plain_menu(app, tmp_path).act("measure")
    running = app.measuring.run
    app.remove_top()  # the first menu ends
    again = _plain_menu(app, tmp_path)
    assert app.measuring.run is running and running.running
    assert next(b for b in again.buttons() if b.name == "measure").label == "Stop measuring"
    again.act("measure")
    assert app.measuring.run is None and not running.running
