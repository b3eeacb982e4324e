"""Names from every Unicode category, through every screen that shows a map's or a team's name:
the map is refused with its place named exactly when a name holds a character no screen can
show, and otherwise it is listed, played, won, saved, loaded and joined with no exception."""

from __future__ import annotations

import itertools
import json
import shutil
from pathlib import Path

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from laser_flag import saves
from laser_flag.bots import HUMAN
from laser_flag.engine import Game, view
from laser_flag.engine.actions import Fire
from laser_flag.engine.mapfile import MapError, load_map
from laser_flag.engine.shown_text import why_unshowable
from laser_flag.play.guest_turns import GuestTurns
from laser_flag.play.session import Session
from laser_flag.remote import protocol
from laser_flag.remote.guest import GuestLink
from laser_flag.ui.ending.victory_scene import VictoryScene
from laser_flag.ui.game.game_scene import GameScene
from laser_flag.ui.menu.menu_scene import MenuScene
from laser_flag.ui.menu.saves_scene import SavesScene
from laser_flag.ui.network.network_scene import NetworkScene

from .conftest import SMALL_MAP, Dice, click, frames, menu_button, press, settle

# Formats, private use, unassigned, marks, letters of every script (right-to-left ones among
# them), spaces and separators: a screen shows them, if only as boxes.
SHOWN = st.characters(categories=("Cf", "Co", "Cn", "Mn", "Me", "Mc", "Lo", "Lu", "Ll", "Zs",
                                  "Zl", "Zp", "So", "Nd"))
RIGHT_TO_LEFT = st.sampled_from("\u05d0\u05e9\u0627\u0644\u202e\u202b\u200f\u061c")
GOOD = st.text(SHOWN | RIGHT_TO_LEFT, min_size=1, max_size=12)
# Controls and lone surrogates: no screen shows them.
BAD = st.characters(categories=("Cc", "Cs"))
WITH_BAD = st.builds(lambda before, bad, after: before + bad + after,
                     st.text(SHOWN, max_size=6), BAD, st.text(SHOWN, max_size=6))
NAME = st.one_of(GOOD, GOOD, GOOD, WITH_BAD)  # most examples get as far as the last screen
QUICK = settings(max_examples=20, deadline=None, derandomize=True,
                 suppress_health_check=[HealthCheck.function_scoped_fixture,
                                        HealthCheck.too_slow])
LONG = settings(QUICK, max_examples=300)
EXAMPLES = itertools.count()
HIT = (6, 6)  # every shot hits


def map_file(folder: Path, title: str, teams: tuple[str, str]) -> Path:
    """SMALL_MAP under `title`, its teams named `teams`, won by the first hit; written as a
    JSON file escapes what it cannot hold as UTF-8 (a lone surrogate as \\ud800)."""
    data = {**SMALL_MAP, "name": title, "team_names": {"1": teams[0], "2": teams[1]},
            "score_limit": {"1": 1, "2": 1}}
    folder.mkdir(parents=True)
    path = folder / "named.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def through_the_menu(app, folder: Path) -> MenuScene:
    """The menu over the one map, chosen: its card, thumbnail and detail pane drawn."""
    menu = MenuScene(maps_dir=folder, own_dir=folder / "none")
    app.push(menu)
    menu.chooser.chosen = 0
    frames(app, 2)
    return menu


def play_to_the_end(app, gm, names: dict[str, str]) -> Game:
    """A game on the map: a unit picked and a tile hovered, then the first shot wins it and
    the victory screen shows."""
    session = Session.start(gm, seed=1)
    session.game = Game(gm, seed=1, roll=Dice(default=HIT))
    scene = GameScene(session)
    app.push(scene)
    press(app, pygame.K_TAB)
    frames(app, 2)
    shot = next(a for a in session.game.legal_actions() if isinstance(a, Fire))
    scene.act(shot)
    settle(app, scene)
    frames(app, 2)
    assert isinstance(app.top, VictoryScene), app.top
    assert session.names == names
    return session.game


def load_it(app, tmp_path: Path, game: Game, names: dict[str, str]) -> None:
    """The game's save in the Load list, drawn, then watched from there."""
    shutil.rmtree(saves.saves_dir(), ignore_errors=True)
    saves.write_new_save(game, {"names": names})
    menu = through_the_menu(app, tmp_path / f"menu{next(EXAMPLES)}")
    click(app, menu_button(menu, "load").rect.center)
    assert isinstance(app.top, SavesScene)
    frames(app, 2)
    assert [info.names for info in app.top.infos] == [names]
    press(app, pygame.K_w)  # watch its replay
    frames(app, 3)


def join_it(app, gm, names: dict[str, str]) -> None:
    """A guest seated by a host whose welcome carries the map and these player names, over
    the wire's encoding: the guest's board and panel drawn."""
    app.push(guest_scene(protocol.welcome(gm, "2", names, view(Game(gm, seed=1).state(), "2"))))
    frames(app, 3)


def guest_scene(welcome: dict) -> NetworkScene:
    """A guest's game screen seated by `welcome` as it comes over the wire (never connected:
    nothing more arrives)."""
    link = GuestLink(("127.0.0.1", 9), "ABCDEF", "Ann", lambda name: None)
    return NetworkScene(GuestTurns(link, json.loads(protocol.encode(welcome)), HUMAN))


def every_screen(app, tmp_path: Path, title: str, teams: tuple[str, str]) -> None:
    app.scenes.clear()
    folder = tmp_path / f"maps{next(EXAMPLES)}"
    path = map_file(folder, title, teams)
    places = {"name": title, 'team_names["1"]': teams[0], 'team_names["2"]': teams[1]}
    refused_at = [place for place, text in places.items() if why_unshowable(text)]
    through_the_menu(app, folder)
    if refused_at:
        with pytest.raises(MapError, match="cannot be shown|no file can hold") as refused:
            load_map(path)
        assert any(str(refused.value).startswith(f"{path}: {place}: character ")
                   for place in refused_at), refused.value
        return
    gm = load_map(path)
    names = {"1": teams[0], "2": teams[1]}
    game = play_to_the_end(app, gm, names)
    load_it(app, tmp_path, game, names)
    join_it(app, gm, names)


@QUICK
@given(title=NAME, teams=st.tuples(NAME, NAME))
def test_any_name_is_refused_at_its_place_or_shown_on_every_screen(app, tmp_path, title, teams):
    every_screen(app, tmp_path, title, teams)


@pytest.mark.slow
@LONG
@given(title=NAME, teams=st.tuples(NAME, NAME))
def test_any_name_many_more(app, tmp_path, title, teams):
    every_screen(app, tmp_path, title, teams)


@pytest.mark.parametrize("teams", [("Ann\x00", "Ben"), ("Ann", "B\ud800en"),
                                   ("\u202eAnn", "\u05d0\u05d1"), ("Z\u0301\u0302\u0303", "名前")])
def test_the_names_that_crashed_the_client_or_nearly(app, tmp_path, teams):
    every_screen(app, tmp_path, "Named", teams)


@pytest.mark.parametrize("names", [{"1": "Ann\x00", "2": "Ben"}, {"1": "Ann", "2": "B" * 41},
                                   {"1": "Ann", "2": 7}, {"1": "Ann"}])
def test_a_host_s_player_names_no_screen_could_show_leave_the_map_s(app, names):
    gm = load_map(Path(__file__).resolve().parents[2] / "maps" / "duel.json")
    welcome = protocol.welcome(gm, "2", {}, view(Game(gm, seed=1).state(), "2"))
    welcome["names"] = names
    scene = guest_scene(welcome)
    app.push(scene)
    frames(app, 2)
    assert scene.session.names == {team: gm.teams[team].name for team in ("1", "2")}
