"""The replay's buttons and timeline through the real loop: scrubbing by click and drag, jumping
to a round, the controls, the next action marked on the board, zoom on a big board, and Play on
from here: a new game from the moment shown, saved at once in a file of its own, the watched
file left byte for byte as it was. Load game's W opens a save to watch through the loading
screen."""

from __future__ import annotations

import random

import pygame
import pytest

from laser_flag import saves
from laser_flag.engine import Game
from laser_flag.engine.actions import EndTurn, Move
from laser_flag.engine.mapfile import parse_map
from laser_flag.engine.record import state_digest
from laser_flag.save_index import list_saves
from laser_flag.ui.game.game_scene import GameScene
from laser_flag.ui.menu.menu_scene import MenuScene
from laser_flag.ui.replay.replay_scene import ReplayScene
from laser_flag.ui.routes import WatchReplay
from laser_flag.ui.screens import build
from laser_flag.ui.settings import MIN_SIZE

from .conftest import SMALL_MAP, centre, click, frames, panel_button, press, run_until, settle

BIG_MAP = {  # 21 x 21: its tiles would be under the legible size in the smallest window
    "tiles": [["level"] * 21 for _ in range(21)],
    "units": [["1", "basic", 20, 0], ["2", "basic", 0, 20]],
}


def recorded(tmp_path, steps: int = 40, data: dict | None = None, seed: int = 21):
    """A seeded random game of `steps` actions saved to a file: (path, its bytes)."""
    game = Game(parse_map(data or SMALL_MAP, "small.json"), seed=seed)
    rng = random.Random(seed)
    while len(game.history) < steps and not game.over:
        game.apply(rng.choice(game.legal_actions()))
    path = saves.write_save(tmp_path / "watched.json", game, {"names": {"1": "Ann", "2": "Ben"}})
    return path, path.read_bytes()


def open_replay(app, path) -> ReplayScene:
    app.push(MenuScene())
    app.push(build(WatchReplay(saves.load_save(path))))
    frames(app)
    return app.top


def button(scene: ReplayScene, name: str):
    return next(b for b in scene.buttons() if b.name == name)


def drag(app, start: tuple[int, int], end: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    for i in range(1, 5):
        x = start[0] + (end[0] - start[0]) * i // 4
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, end[1]), rel=(0, 0),
                                             buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    frames(app)


def test_a_click_on_the_timeline_goes_there_and_a_drag_scrubs(app, tmp_path):
    path, _ = recorded(tmp_path)
    scene = open_replay(app, path)
    line = scene.timeline(scene.layout())
    y = line.bar.centery
    click(app, (line.x_of(17), y))
    assert scene.player.index == 17 and scene.player.playback is None
    before = pygame.image.tobytes(app.screen, "RGB")
    drag(app, (line.x_of(3), y), (line.x_of(30), y))
    assert scene.player.index == 30 and not scene.player.playing
    assert not scene.scrubbing
    assert pygame.image.tobytes(app.screen, "RGB") != before  # the board followed
    assert state_digest(scene.player.game) == state_digest(scene.player.replay.game_at(30))


def test_a_click_on_the_rounds_strip_jumps_to_that_rounds_start(app, tmp_path):
    path, _ = recorded(tmp_path)
    scene = open_replay(app, path)
    line = scene.timeline(scene.layout())
    round_two = next(m for m in scene.player.turn_marks if m.round == 2)
    round_three = next(m for m in scene.player.turn_marks if m.round == 3)
    x = line.x_of((round_two.at + round_three.at) // 2)
    click(app, (x, line.rounds.centery))
    assert scene.player.index == round_two.at
    assert scene.player.game.round == 2 and scene.player.game.turn == 3
    press(app, pygame.K_PAGEDOWN)
    assert scene.player.index == round_three.at
    press(app, pygame.K_PAGEUP)
    assert scene.player.index == round_two.at


@pytest.mark.slow  # plays a replay through
def test_the_controls_step_jump_and_play(app, tmp_path):
    path, _ = recorded(tmp_path)
    scene = open_replay(app, path)
    player = scene.player
    assert not button(scene, "step_back").enabled and not button(scene, "start").enabled
    click(app, button(scene, "step").rect.center)
    assert player.index == 1 and player.playback is not None  # played, not jumped
    run_until(app, lambda: player.playback is None)
    click(app, button(scene, "turn_on").rect.center)
    assert player.index == player.replay.first_of_turn(2)
    click(app, button(scene, "end").rect.center)
    assert player.index == player.last and not button(scene, "step").enabled
    click(app, button(scene, "turn_back").rect.center)
    assert player.index == player.replay.first_of_turn(player.game.turn)
    click(app, button(scene, "start").rect.center)
    assert player.index == 0
    assert button(scene, "play").label == "Play"
    click(app, button(scene, "play").rect.center)
    assert player.playing and button(scene, "play").label == "Pause"
    run_until(app, lambda: player.index >= 3)
    click(app, button(scene, "play").rect.center)
    stopped = player.index
    frames(app, 100)
    assert not player.playing and player.index == stopped
    speed = app.settings.speed_label
    click(app, button(scene, "speed").rect.center)
    assert app.settings.speed_label != speed
    click(app, button(scene, "back").rect.center)
    assert isinstance(app.top, MenuScene)


def test_the_next_action_is_named_and_marked_on_the_board(app, tmp_path):
    path, _ = recorded(tmp_path)
    scene = open_replay(app, path)
    player = scene.player
    index = next(i for i, a in enumerate(player.replay.actions) if isinstance(a, Move))
    player.jump(index)
    frames(app)
    action = player.replay.actions[index]
    assert scene.panel_view().next_line == (
        f"Next: {player.roster.unit(action.unit_id)} moves to {action.to}.")
    marks = scene.plan.marks
    assert marks.unit == action.unit_id and marks.hover == action.to  # the path is drawn
    assert action.to in marks.reachable
    end_turn = next(i for i, a in enumerate(player.replay.actions) if a == EndTurn())
    player.jump(end_turn)
    frames(app)
    assert scene.panel_view().next_line.endswith("ends the turn.")
    assert scene.plan.marks.unit is None


def test_coordinates_are_numbered_along_the_board_and_g_hides_them(app, tmp_path):
    path, _ = recorded(tmp_path)
    scene = open_replay(app, path)
    lay = scene.layout()
    labels = pygame.Rect(lay.board.x, lay.board.y - 16, lay.board.w, 14)
    shown = pygame.image.tobytes(app.screen.subsurface(labels), "RGB")
    press(app, pygame.K_g)
    assert not app.settings.coordinates
    assert pygame.image.tobytes(app.screen.subsurface(labels), "RGB") != shown


def test_a_big_board_keeps_legible_tiles_in_a_small_window_and_the_wheel_zooms(app, tmp_path):
    path, _ = recorded(tmp_path, 12, BIG_MAP)
    scene = open_replay(app, path)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=MIN_SIZE[0], h=MIN_SIZE[1],
                                         size=MIN_SIZE))
    frames(app)
    lay = scene.layout()
    assert lay.tile_px >= 26 and lay.board.w > lay.area.w  # it pans instead of shrinking
    assert lay.panel.right <= MIN_SIZE[0]  # the panel is never folded away
    pygame.mouse.set_pos(lay.area.center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False))
    frames(app)
    assert scene.layout().tile_px > lay.tile_px


def test_play_on_from_here_is_a_new_game_saved_apart_and_the_file_is_untouched(app, tmp_path):
    path, original = recorded(tmp_path)
    scene = open_replay(app, path)
    player = scene.player
    at = next(i for i in range(10, player.last)
              if isinstance(player.replay.actions[i], Move)
              and player.replay.game_at(i).active_team == "1")
    line = scene.timeline(scene.layout())
    click(app, (line.x_of(at), line.bar.centery))
    assert player.index == at
    shown = state_digest(player.game)
    recorded_next = player.replay.actions[at]
    recorded_after = state_digest(player.replay.game_at(at + 1))
    assert button(scene, "play_on").enabled
    click(app, button(scene, "play_on").rect.center)
    game_scene = app.top
    assert isinstance(game_scene, GameScene)
    assert state_digest(game_scene.game) == shown
    # Saved at once in a file of its own, in the saves folder: Continue and Load game list it.
    own = game_scene.session.keeper.path
    assert own is not None and own.parent == saves.saves_dir() and own != path
    infos, problems = list_saves()
    assert [(i.path, i.over) for i in infos] == [(own, False)] and not problems
    assert len(saves.load_save(own).actions) == at
    assert list(game_scene.game.history) == list(player.replay.actions[:at])
    assert game_scene.session.names == {"1": "Ann", "2": "Ben"}
    assert any("moves" in line for line in game_scene.session.log)  # the log up to here
    unit = game_scene.game.unit(recorded_next.unit_id)
    click(app, centre(game_scene, unit.pos))
    click(app, centre(game_scene, recorded_next.to))
    settle(app, game_scene)
    # The dice go on as the recorded game's: the same action leaves the same state.
    assert game_scene.game.history[-1] == recorded_next
    assert state_digest(game_scene.game) == recorded_after
    assert len(saves.load_save(own).actions) == at + 1  # the same file, after every action
    assert [i.path for i in list_saves()[0]] == [own]
    click(app, panel_button(game_scene, "menu").rect.center)
    assert isinstance(app.top, MenuScene) and app.saves.to_continue().path == own
    assert path.read_bytes() == original  # the file watched was never written


def test_who_plays_on_is_chosen_in_the_panel(app, tmp_path):
    path, _ = recorded(tmp_path)
    scene = open_replay(app, path)
    assert button(scene, "level2").label == "Ben: Human"
    click(app, button(scene, "level2").rect.center)
    assert button(scene, "level2").label == "Ben: Easy"
    click(app, button(scene, "play_on").rect.center)
    assert app.top.session.levels == {"1": "Human", "2": "Easy"}


def test_a_finished_game_cannot_be_played_on_from_its_end(app, tmp_path):
    data = dict(SMALL_MAP, score_limit={"1": 1, "2": 1})
    path, _ = recorded(tmp_path, 400, data, seed=5)
    scene = open_replay(app, path)
    assert saves.load_save(path).game.over
    press(app, pygame.K_END)
    play_on = button(scene, "play_on")
    assert not play_on.enabled and "game is over" in play_on.hint
    click(app, play_on.rect.center)
    assert app.top is scene
    press(app, pygame.K_LEFT)
    assert button(scene, "play_on").enabled


def test_load_lists_a_save_and_w_watches_it(app, tmp_path):
    path, original = recorded(tmp_path)
    folder = saves.saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    mine = folder / "mine.json"
    mine.write_bytes(original)
    menu = MenuScene()
    app.push(menu)
    frames(app)
    click(app, next(b for b in menu.buttons() if b.name == "load").rect.center)
    listed = app.top
    assert [info.path for info in listed.infos] == [mine]
    press(app, pygame.K_w)
    replay = app.top
    assert isinstance(replay, ReplayScene) and replay.recording.path == mine
    assert replay.player.index == 0 and replay.player.last == len(saves.load_save(mine).actions)
    press(app, pygame.K_ESCAPE)
    assert app.top is listed  # back to the list, to watch or continue another
    press(app, pygame.K_ESCAPE)
    assert app.top is menu
    assert mine.read_bytes() == original
