"""The replay scene steps back and forth through a saved game headless, through the real loop."""

from __future__ import annotations

import random

import pygame

from laser_flag import saves
from laser_flag.engine import Game
from laser_flag.engine.mapfile import parse_map
from laser_flag.engine.record import state_digest
from laser_flag.ui.replay.replay_scene import ReplayScene

from .conftest import SMALL_MAP, frames, press


def saved_game(tmp_path, steps: int = 30) -> tuple[Game, list[str]]:
    game = Game(parse_map(SMALL_MAP, "small.json"), seed=21)
    rng = random.Random(21)
    digests = [state_digest(game)]
    while len(game.history) < steps and not game.over:
        game.apply(rng.choice(game.legal_actions()))
        digests.append(state_digest(game))
    path = saves.write_save(tmp_path / "r.json", game, {"names": {"1": "Ann", "2": "Ben"}})
    return saves.load_save(path), digests


def test_replay_steps_forward_and_back_and_jumps_by_turn(app, tmp_path):
    loaded, digests = saved_game(tmp_path)
    scene = ReplayScene(loaded)
    app.push(scene)
    frames(app)
    assert scene.player.last == len(digests) - 1
    for i in range(1, 6):
        press(app, pygame.K_RIGHT)
        assert state_digest(scene.player.game) == digests[i]
    for i in (4, 3):
        press(app, pygame.K_LEFT)
        assert state_digest(scene.player.game) == digests[i]
    press(app, pygame.K_END)
    assert state_digest(scene.player.game) == digests[-1] == state_digest(loaded.game)
    press(app, pygame.K_RIGHT)
    assert scene.player.index == scene.player.last
    turn = scene.player.game.turn
    press(app, pygame.K_DOWN)  # first to the start of the turn shown, as a player's "back" does
    assert scene.player.index == scene.player.replay.first_of_turn(turn)
    press(app, pygame.K_DOWN)
    assert scene.player.game.turn == turn - 1
    assert scene.player.index == scene.player.replay.first_of_turn(turn - 1)


def test_play_advances_on_its_own_and_pause_stops(app, tmp_path):
    loaded, digests = saved_game(tmp_path)
    scene = ReplayScene(loaded)
    app.push(scene)
    press(app, pygame.K_SPACE)
    assert scene.player.playing
    frames(app, 200)  # 16 ms frames: several actions at any speed
    moved = scene.player.index
    assert moved > 0
    press(app, pygame.K_SPACE)
    frames(app, 200)
    assert scene.player.index == moved and not scene.player.playing
    press(app, pygame.K_ESCAPE)
    assert scene not in app.scenes


def test_shots_show_their_dice_as_they_happened(app, tmp_path):
    loaded, _ = saved_game(tmp_path, 60)
    player = ReplayScene(loaded).player
    assert any("needed" in line for i in range(player.last + 1) for line in player.lines(i))
