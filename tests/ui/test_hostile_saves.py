"""The Load screen over every hostile save: each is listed or marked unreadable,
and continuing or watching one the replay contradicts says why, then goes back to the list."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from laser_flag import saves
from laser_flag.ui.game.game_scene import GameScene
from laser_flag.ui.menu.loading_scene import LoadingScene
from laser_flag.ui.menu.saves_scene import SavesScene

from .conftest import click, frames, menu_button, open_menu, press

CORPUS = Path(__file__).resolve().parents[1] / "data" / "hostile" / "saves"
MISMATCHES = ("digest_mismatch.json", "scores_not_replayed.json", "turn_not_replayed.json")


def fill_saves_folder() -> int:
    """The corpus, a folder, a symlink loop and (on POSIX) a FIFO, all named *.json."""
    folder = saves.saves_dir()
    folder.mkdir(parents=True)
    for path in CORPUS.iterdir():
        (folder / path.name).write_bytes(path.read_bytes())
    (folder / "a_folder.json").mkdir()
    (folder / "loop.json").symlink_to("loop.json")
    if hasattr(os, "mkfifo"):
        os.mkfifo(folder / "pipe.json")
    return len(list(folder.iterdir()))


def open_load(app, tmp_path) -> SavesScene:
    menu = open_menu(app, tmp_path)
    click(app, menu_button(menu, "load").rect.center)
    assert isinstance(app.top, SavesScene)
    return app.top


def choose(app, chooser: SavesScene, name: str) -> None:
    chooser.chosen = next(i for i, info in enumerate(chooser.infos) if info.path.name == name)


def test_every_hostile_save_is_listed_or_marked_unreadable_and_the_list_draws(app, tmp_path):
    files = fill_saves_folder()
    chooser = open_load(app, tmp_path)
    listed = {info.path.name for info in chooser.infos}
    assert listed == {"bom.json", "v2_signed.json", *MISMATCHES}
    assert chooser.row_count == files
    for _ in range(files):  # scroll over every row: each one draws
        press(app, pygame.K_DOWN)
        chooser.scroll(1)
        frames(app)
    assert app.top is chooser


@pytest.mark.parametrize("key", [pygame.K_RETURN, pygame.K_w], ids=["continue", "watch"])
@pytest.mark.parametrize("name", MISMATCHES)
def test_a_save_the_replay_contradicts_says_why_then_back_to_the_list(app, tmp_path, name, key):
    fill_saves_folder()
    chooser = open_load(app, tmp_path)
    choose(app, chooser, name)
    press(app, key)
    assert isinstance(app.top, LoadingScene)
    assert name in app.top.problem and "\n" not in app.top.problem
    press(app, pygame.K_ESCAPE)
    assert app.top is chooser


def test_the_honest_save_of_the_corpus_continues(app, tmp_path):
    fill_saves_folder()
    chooser = open_load(app, tmp_path)
    choose(app, chooser, "bom.json")
    press(app, pygame.K_RETURN)
    assert isinstance(app.top, GameScene)
