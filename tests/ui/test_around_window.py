"""Around the game in a real client window (Xvfb, xdotool), at the smallest size the client
allows: a save loaded and watched, scrubbed on its timeline to the moment before the winning
shot, played on from there as a new game; the shot fired by hand wins it, the victory screen
shows, and W watches the new game again. The watched file is never written."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pygame
import pytest

from laser_flag import saves
from laser_flag.engine import Game
from laser_flag.engine.actions import Fire, Move
from laser_flag.engine.mapfile import parse_map
from laser_flag.ui.menu.menu_scene import MenuScene
from laser_flag.ui.routes import WatchReplay
from laser_flag.ui.screens import build
from tests.waits import wait_until

from .conftest import SMALL_MAP, centre, click, frames, open_menu
from .test_real_window import TIMEOUT_S, client_window, read_state, start_client, xdotool
from .test_rules_window import SMALL, screen, settled

pytestmark = [
    pytest.mark.slow,  # a real X server and a client process
    pytest.mark.skipif(shutil.which("import") is None, reason="needs ImageMagick's import"),
]

FIRST_TO_ONE = dict(SMALL_MAP, score_limit={"1": 1, "2": 1})


def won_by_a_shot(folder: Path) -> Path:
    """A seeded random game that team 1 wins with a shot fired in its turn, saved in `folder`
    (the first seed that plays one: the search is itself seeded, so always the same game)."""
    for seed in range(200):
        game = Game(parse_map(FIRST_TO_ONE, "small.json"), seed=seed)
        rng = random.Random(seed)
        while not game.over:
            game.apply(rng.choice(game.legal_actions()))
        last = game.history[-1]
        if game.winner == "1" and isinstance(last, Fire) and game.unit(last.unit_id) is not None:
            folder.mkdir(parents=True, exist_ok=True)
            return saves.write_save(folder / "watched.json", game,
                                    {"names": {"1": "Ann", "2": "Ben"}})
    raise AssertionError("no seed under 200 plays a game won by a shot")


def where_to_click(app, path: Path) -> dict:
    """Where the client draws what the test clicks, at SMALL: measured through the same scenes
    headless (the same code lays out the same window size the same way)."""
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=SMALL[0], h=SMALL[1], size=SMALL))
    app.push(MenuScene())
    frames(app)
    load = next(b for b in app.top.buttons() if b.name == "load").rect.center
    replay = build(WatchReplay(saves.load_save(path)))
    app.push(replay)
    frames(app)
    at = replay.player.last - 1  # the moment before the winning shot
    line = replay.timeline(replay.layout())
    scrub = (line.x_of(at), line.bar.centery)
    click(app, scrub)
    assert replay.player.index == at
    play_on = next(b for b in replay.buttons() if b.name == "play_on").rect.center
    click(app, play_on)
    game_scene = app.top
    shot = replay.player.replay.actions[at]
    shooter = game_scene.game.unit(shot.unit_id).pos
    target = game_scene.game.unit(shot.target_id).pos
    return {"load": load, "scrub": scrub, "play_on": play_on, "at": at,
            "shooter": centre(game_scene, shooter), "target": centre(game_scene, target)}


def click_at(display: str, window: str, xy: tuple[int, int]) -> None:
    xdotool(display, "mousemove", "--window", window, str(xy[0]), str(xy[1]), "click", "1")


def test_watch_scrub_play_on_win_and_watch_again(xvfb, tmp_path, app):
    data = tmp_path / "client-data"
    watched = won_by_a_shot(data / "saves")
    original = watched.read_bytes()
    spots = where_to_click(app, watched)
    state_file = tmp_path / "state.json"
    client = start_client(xvfb, "--size", "x".join(map(str, SMALL)), "--state-file",
                          str(state_file), data=data)
    try:
        window = client_window(xvfb, client)
        menu = settled(xvfb, tmp_path, unlike=b"")
        click_at(xvfb, window, spots["load"])
        saves_list = settled(xvfb, tmp_path, unlike=menu)
        xdotool(xvfb, "key", "--window", window, "w")  # Watch replay (W)
        replay = settled(xvfb, tmp_path, unlike=saves_list)
        click_at(xvfb, window, spots["scrub"])
        scrubbed = settled(xvfb, tmp_path, unlike=replay)
        click_at(xvfb, window, spots["play_on"])
        settled(xvfb, tmp_path, unlike=scrubbed)  # the game, at the moment shown
        click_at(xvfb, window, spots["shooter"])
        click_at(xvfb, window, spots["target"])
        xdotool(xvfb, "key", "--window", window, "f")
        xdotool(xvfb, "key", "--window", window, "s")  # skip the dice's roll
        state = wait_until(lambda: (s := read_state(state_file)) and s["winner"] and s,
                           "the winning shot in the state file", TIMEOUT_S)
        xdotool(xvfb, "key", "--window", window, "s")  # the shot's last frames skipped too
        victory = settled(xvfb, tmp_path, unlike=scrubbed)
        xdotool(xvfb, "key", "--window", window, "w")  # the victory screen's Watch replay
        settled(xvfb, tmp_path, unlike=victory)
        xdotool(xvfb, "key", "--window", window, "Escape")
        wait_until(lambda: screen(xvfb, tmp_path) == victory, "the victory screen again",
                   TIMEOUT_S)
        assert client.poll() is None, client.stderr.read().decode()
    finally:
        client.terminate()
        client.wait(10)
    assert state["winner"] == "1" and state["scores"]["1"] == 1
    assert state["names"] == {"1": "Ann", "2": "Ben"}
    assert watched.read_bytes() == original  # watched, never written
    played = [p for p in (data / "saves").glob("[!.]*.json") if p != watched]  # not the index
    assert len(played) == 1, "the game played on was saved apart, in one file of its own"
    finished = saves.load_save(played[0])
    assert len(finished.actions) == spots["at"] + 1 and finished.game.winner == "1"
    assert saves.load_save(watched).game.winner == "1"


def test_a_lesson_chapter_refuses_a_wrong_action_and_takes_the_right_one(xvfb, tmp_path, app):
    menu = open_menu(app, tmp_path)  # headless at SMALL: where the client draws what is clicked
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=SMALL[0], h=SMALL[1], size=SMALL))
    frames(app)
    learn = next(b for b in menu.buttons() if b.name == "learn").rect.center
    click(app, learn)
    chapters = app.top
    row = chapters.row_rect(1).center  # the Scout's chapter
    click(app, row)
    lesson = app.top
    step = lesson.lesson.step
    assert isinstance(step.action, Move)  # its first step is a move
    unit, to = step.action.unit_id, step.action.to
    spots = [centre(lesson, lesson.game.unit(unit).pos), centre(lesson, to)]
    state_file = tmp_path / "state.json"
    client = start_client(xvfb, "--size", "x".join(map(str, SMALL)), "--state-file",
                          str(state_file), data=tmp_path / "client-data")
    try:
        window = client_window(xvfb, client)
        shown = settled(xvfb, tmp_path, unlike=b"")
        click_at(xvfb, window, learn)
        shown = settled(xvfb, tmp_path, unlike=shown)
        click_at(xvfb, window, row)
        shown = settled(xvfb, tmp_path, unlike=shown)  # the chapter's board
        xdotool(xvfb, "key", "--window", window, "e")  # not what the step asks
        settled(xvfb, tmp_path, unlike=shown)  # the hint, beside the prompt
        assert read_state(state_file) is None  # and nothing played: no action, no state
        for xy in spots:
            click_at(xvfb, window, xy)
        state = wait_until(lambda: (s := read_state(state_file))
                           and tuple(s["units"][unit]["pos"]) == to and s,
                           "the step's move in the state file", TIMEOUT_S)
        assert client.poll() is None, client.stderr.read().decode()
    finally:
        client.terminate()
        client.wait(10)
    assert state["turn"] == 1 and state["active_team"] == "1"  # E did not end the turn
