"""A new game never throws an unfinished one away, through the real main loop: two games in a
row, both listed with everything a row shows and both resumed exactly; Load deletes only after
asking; another copy's game is left alone; a long save opens with its progress shown."""

from __future__ import annotations

import subprocess
import sys
import threading
from pathlib import Path

import pygame

from laser_flag import save_index, saves
from laser_flag.engine.record import state_digest
from laser_flag.save_slot import SaveSlot
from laser_flag.ui import saved_games
from laser_flag.ui.game.game_scene import GameScene
from laser_flag.ui.menu import opening
from laser_flag.ui.menu.loading_scene import LoadingScene
from laser_flag.ui.menu.menu_scene import MenuScene, continue_note
from laser_flag.ui.menu.save_words import players, standing, when
from laser_flag.ui.menu.saves_scene import SavesScene

from ..test_save_slots import HOLDER, MAPS
from .conftest import (
    WALLED,
    centre,
    click,
    frames,
    menu_button,
    open_menu,
    panel_button,
    press,
    run_until,
    saves_read,
    settle,
)

SECOND = {**WALLED, "name": "Second"}


def move(app, scene: GameScene, unit_at, to) -> None:
    click(app, centre(scene, unit_at))
    click(app, centre(scene, to))
    settle(app, scene)


def play_and_leave(app, menu: MenuScene, moves: list) -> tuple[str, list[str], Path]:
    """Play from the chooser's map as chosen, leave for the menu; the state, log and file."""
    click(app, menu_button(menu, "play").rect.center)
    scene = app.top
    assert isinstance(scene, GameScene)
    for unit_at, to in moves:
        move(app, scene, unit_at, to)
    kept = state_digest(scene.game), list(scene.session.log), scene.session.keeper.path
    click(app, panel_button(scene, "menu").rect.center)
    assert app.top is menu
    return kept


def two_games(app, tmp_path) -> tuple[MenuScene, tuple, tuple]:
    """Walled, hot-seat, two moves; then Second against an Easy bot with fog of war, one move."""
    menu = open_menu(app, tmp_path, seed=8, maps={"a_walled": WALLED, "b_second": SECOND})
    first = play_and_leave(app, menu, [((5, 1), (4, 1)), ((6, 2), (5, 3))])
    press(app, pygame.K_DOWN)  # the second map
    press(app, pygame.K_2)  # team 2: Human -> Easy
    press(app, pygame.K_f)  # fog of war on
    second = play_and_leave(app, menu, [((5, 1), (4, 1))])
    return menu, first, second


def resume(app, menu: MenuScene, path: Path, digest: str, log: list[str]) -> GameScene:
    click(app, menu_button(menu, "load").rect.center)
    chooser = app.top
    assert isinstance(chooser, SavesScene)
    chooser.chosen = [info.path for info in chooser.infos].index(path)
    press(app, pygame.K_RETURN)
    scene = app.top
    assert isinstance(scene, GameScene) and scene.session.keeper.path == path
    assert state_digest(scene.game) == digest and scene.session.log == log
    return scene


def test_two_games_in_a_row_are_both_listed_and_both_resume_exactly(app, tmp_path):
    menu, (digest_a, log_a, path_a), (digest_b, log_b, path_b) = two_games(app, tmp_path)
    assert path_a != path_b and path_a.exists() and path_b.exists()
    assert "(Second, round 1" in continue_note(app.saves)  # the last played
    click(app, menu_button(menu, "load").rect.center)
    rows = app.top.infos
    assert [row.path for row in rows] == [path_b, path_a]  # newest first
    second, first = rows
    assert (second.map_name, second.fog, first.map_name, first.fog) == (
        "Second", True, "a_walled", False)  # a map without a name: its file's
    assert players(second) == "Alice vs Bob (Easy bot)" and players(first) == "Alice vs Bob"
    assert standing(first) == "round 1 · score 0-0" and when(first.saved_at).startswith("today")
    press(app, pygame.K_ESCAPE)
    scene = resume(app, menu, path_a, digest_a, log_a)
    press(app, pygame.K_z, pygame.KMOD_LCTRL)  # this turn's moves still undo, one by one
    assert scene.turns.message == "Undone." and len(scene.game.history) == 1
    click(app, panel_button(scene, "menu").rect.center)
    scene = resume(app, menu, path_b, digest_b, log_b)
    assert scene.game.fog and scene.session.levels == {"1": "Human", "2": "Easy"}


def test_continue_takes_the_last_played_and_a_game_left_unplayed_keeps_its_place(app, tmp_path):
    menu, (_, _, path_a), (digest_b, _, path_b) = two_games(app, tmp_path)
    click(app, menu_button(menu, "continue").rect.center)
    assert app.top.session.keeper.path == path_b and state_digest(app.top.game) == digest_b
    click(app, panel_button(app.top, "menu").rect.center)
    assert app.saves.to_continue().path == path_b
    assert sorted(p.name for p in path_a.parent.glob("[!.]*.json")) == sorted(
        [path_a.name, path_b.name])  # continuing wrote no new file


def test_load_deletes_a_save_only_after_asking(app, tmp_path):
    menu, (_, _, path_a), (_, _, path_b) = two_games(app, tmp_path)
    click(app, menu_button(menu, "load").rect.center)
    chooser = app.top
    press(app, pygame.K_DELETE)
    assert chooser.deleting.path == path_b and path_b.exists()
    press(app, pygame.K_n)
    assert chooser.deleting is None and path_b.exists()
    click(app, next(b for b in chooser.buttons() if b.name == "delete").rect.center)
    click(app, next(b for b in chooser.buttons() if b.name == "yes").rect.center)
    assert not path_b.exists() and [i.path for i in chooser.infos] == [path_a]
    assert chooser.message == f"Deleted {path_b.name}."
    press(app, pygame.K_ESCAPE)
    assert app.saves.to_continue().path == path_a


def test_a_game_another_copy_plays_is_shown_so_and_not_continued_here(app, tmp_path):
    menu, (_, _, path_a), _ = two_games(app, tmp_path)
    other = subprocess.Popen([sys.executable, "-c", HOLDER, str(MAPS / "duel.json"), str(path_a)],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert Path(other.stdout.readline().strip()) == path_a
        click(app, menu_button(menu, "load").rect.center)
        chooser = app.top
        assert chooser.app.saves.shelf.playing == {path_a.name}
        chooser.chosen = [info.path for info in chooser.infos].index(path_a)
        frames(app)
        buttons = {b.name: b.enabled for b in chooser.buttons()}
        assert buttons == {"load": False, "watch": True, "delete": False, "back": True}
        press(app, pygame.K_RETURN)
        assert app.top is chooser and "another Laser Flag window" in chooser.message
    finally:
        other.stdin.close()
        other.wait(30)


def test_a_long_save_opens_behind_a_progress_bar_drawn_as_it_moves(app, tmp_path, monkeypatch):
    _, (digest, _, path), _ = two_games(app, tmp_path)
    app.pop_to_root()
    monkeypatch.setattr(opening, "INLINE_BYTES", 0)  # as if the save were huge
    gate, reached = threading.Event(), threading.Event()
    real_load = saves.load_save

    def slow_load(where, progress=None):
        progress("Replaying", 0, 10)
        reached.set()
        gate.wait(30)
        return real_load(where, progress)

    monkeypatch.setattr(opening, "load_save", slow_load)
    app.go(app.top.act("load"))
    chooser = app.top
    chooser.chosen = [info.path for info in chooser.infos].index(path)
    press(app, pygame.K_RETURN)
    loading = app.top
    assert isinstance(loading, LoadingScene) and reached.wait(30)
    frames(app)
    assert loading.shown == ("Replaying", 0, 10)
    drawn = []
    real_draw = loading.draw
    monkeypatch.setattr(loading, "draw", lambda surface: (drawn.append(1), real_draw(surface)))
    frames(app, 5)  # no frame drawn again until the bar moves: the worker gets the time
    assert drawn == [] and app.top is loading
    loading.chore.tell("Replaying", 5, 10)  # as the worker does, every 1,000 actions
    frames(app, 5)
    assert drawn == [1] and loading.shown == ("Replaying", 5, 10)
    gate.set()
    run_until(app, lambda: isinstance(app.top, GameScene))
    assert state_digest(app.top.game) == digest


def test_esc_gives_up_a_long_opening_and_the_game_stays_free(app, tmp_path, monkeypatch):
    _, (_, _, path), _ = two_games(app, tmp_path)
    monkeypatch.setattr(opening, "INLINE_BYTES", 0)
    gate = threading.Event()

    def stuck(where, progress=None):
        gate.wait(30)
        progress("Replaying", 1, 10)  # the next step hears it was cancelled
        raise AssertionError("not cancelled")

    monkeypatch.setattr(opening, "load_save", stuck)
    app.go(app.top.act("continue"))
    loading = app.top
    assert isinstance(loading, LoadingScene)
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.top, MenuScene)
    gate.set()
    assert loading.chore.wait(30)
    SaveSlot.claim(path).release()  # let go: nobody holds it


def test_the_menu_draws_at_once_over_saves_it_has_not_read_and_finds_continue_after(
        app, tmp_path, monkeypatch):
    _, _, (_, _, path) = two_games(app, tmp_path)
    (path.parent / ".index.json").unlink()
    app.saves = saved_games.SavedGames()  # a fresh start of the client: nothing known yet
    monkeypatch.setattr(saved_games, "INLINE_BYTES", 0)  # as if there were thousands
    gate = threading.Event()
    real_info = save_index.save_info
    monkeypatch.setattr(save_index, "save_info", lambda p: (gate.wait(30), real_info(p))[1])
    menu = open_menu(app, tmp_path)  # its first frame is drawn while nothing is read yet
    assert app.saves.busy and not menu_button(menu, "continue").enabled
    assert continue_note(app.saves) == "Looking through your saved games: 0 of 2..."
    notes = []
    real_draw = menu.draw
    monkeypatch.setattr(menu, "draw", lambda surface: (notes.append(continue_note(app.saves)),
                                                       real_draw(surface)))
    gate.set()
    saves_read(app)  # frames, no input
    assert menu_button(menu, "continue").enabled and app.saves.to_continue().path == path
    assert notes[-1].startswith("Saved: Continue resumes")  # drawn once found, unasked


def test_a_folder_of_thousands_is_even_looked_at_off_the_main_loop(app, tmp_path, monkeypatch):
    """Checking the index of thousands of saves takes a while itself: it never holds a frame."""
    _, _, (_, _, path) = two_games(app, tmp_path)
    app.saves = saved_games.SavedGames()
    monkeypatch.setattr(saved_games, "INLINE_FILES", 1)  # as if there were thousands
    gate = threading.Event()
    real_read = save_index.Shelf._read_index
    monkeypatch.setattr(save_index.Shelf, "_read_index",
                        lambda shelf: (gate.wait(30), real_read(shelf))[1])
    menu = open_menu(app, tmp_path)
    assert app.saves.busy and not menu_button(menu, "continue").enabled
    assert continue_note(app.saves) == "Looking through your saved games..."
    gate.set()
    saves_read(app)
    assert app.saves.to_continue().path == path
