"""The board's labels never cover a unit, a status mark or what they label, through the real
loop: on every bundled map, over positions reached by seeded random play, every label drawn (a
chance, a firing position's number, a watcher's eye, a destination's risk, why a tile cannot be
reached, a shot's HIT or MISS, a snap shot's name) is measured against every unit's disc and
badges on the board, the top row and the edges included."""

from __future__ import annotations

import random

import pygame
import pytest

from laser_flag.board import marks
from laser_flag.board.draw import tile_rect, unit_parts
from laser_flag.engine.actions import EndTurn, Fire, Move
from laser_flag.engine.mapfile import load_map
from laser_flag.play.session import Session
from laser_flag.resources import bundled_maps
from laser_flag.ui.game.game_scene import GameScene
from laser_flag.ui.game.unit_looks import unit_looks
from tests.fast import fast_unless

from .conftest import centre, click, frames, hover_tile, start_game

POSITIONS = 3  # per map: random play between them
PLIES = 8  # actions played from one position to the next
FAST = 2  # the animation speed "Fast": the quickest that still plays a shot out


@pytest.fixture
def placed(monkeypatch) -> list[tuple[pygame.Rect, pygame.Rect]]:
    """Every label placed this frame, with the board as seen it had to stay in."""
    boxes: list[tuple[pygame.Rect, pygame.Rect]] = []
    original = marks.Room.place

    def place(room, size, spots, keep=None) -> pygame.Rect:
        box = original(room, size, spots, keep)
        boxes.append((box, room.bounds))
        return box

    monkeypatch.setattr(marks.Room, "place", place)
    return boxes


def check_frame(scene: GameScene, placed: list, what: str) -> int:
    """This frame's labels, inside the board as seen and clear of every unit's disc and badges
    as drawn (walking units aside); how many there were."""
    lay = scene.layout()
    looks = unit_looks(scene.turns.view.known, scene.turns.playback)
    parts = [part for look in looks for part in unit_parts(
        look, tile_rect(lay.origin, lay.tile_px, look.pos))]
    for box, bounds in placed:
        assert bounds.contains(box), (what, box, bounds)
        hit = box.collidelist(parts)
        assert hit == -1, (what, box, parts[hit])
    count = len(placed)
    placed.clear()
    return count


def look_around(app, scene: GameScene, placed: list, rng: random.Random) -> int:
    """As a player would: each unit of the side to play selected, each enemy hovered, a few
    destinations and a wall hovered, a target aimed at; the labels checked at each frame."""
    game, seen = scene.game, 0
    for unit in [u for u in game.units if u.team == game.active_team]:
        click(app, centre(scene, unit.pos))
        seen += check_frame(scene, placed, f"{unit} selected")
        for enemy in [u for u in game.units if u.team != game.active_team]:
            hover_tile(app, scene, enemy.pos)
            seen += check_frame(scene, placed, f"{unit} hovering {enemy}")
        reach = sorted(scene.selection.reachable)
        for pos in rng.sample(reach, min(2, len(reach))):
            hover_tile(app, scene, pos)
            seen += check_frame(scene, placed, f"{unit} to {pos}")
        for enemy in scene.selection.targets[:1]:
            click(app, centre(scene, game.unit(enemy).pos))
            seen += check_frame(scene, placed, f"{unit} aiming at {enemy}")
    walls = [(r, c) for r in range(game.map.rows) for c in range(game.map.cols)
             if game.map.tiles[r][c] == "wall"]
    if walls and scene.selection.unit is not None:
        hover_tile(app, scene, rng.choice(walls))
        seen += check_frame(scene, placed, "a wall hovered")
    return seen


def play_on(app, scene: GameScene, placed: list, rng: random.Random) -> int:
    """Random legal actions, shots preferred so that results and snap shots show; every frame
    of their playing checked."""
    seen = 0
    for _ in range(PLIES):
        game = scene.game
        if game.over:
            break
        actions = list(game.legal_actions())
        shots = [a for a in actions if isinstance(a, Fire)]
        moves = [a for a in actions if isinstance(a, Move)]
        action = rng.choice(shots or moves or [EndTurn()])
        if not shots and rng.random() < 0.25:
            action = EndTurn()
        scene.act(action)
        scene.selection.select(None)
        for _ in range(400):
            if scene.turns.playback is None:
                break
            frames(app)
            seen += check_frame(scene, placed, f"playing {action}")
    frames(app, 40)  # the results fade
    placed.clear()
    return seen


@pytest.mark.parametrize("path", [pytest.param(p, id=p.stem, marks=fast_unless(p.stem != "duel"))
                                  for p in sorted(bundled_maps().glob("*.json"))])
def test_no_label_covers_a_unit_or_a_badge_on_a_bundled_map(app, placed, path):
    session = Session.start(load_map(path), seed=7)
    scene = start_game(app, session)
    app.settings.pause_after_roll = False
    app.settings.speed_index = FAST
    rng = random.Random(path.stem)
    seen = 0
    for _ in range(POSITIONS):
        if scene.game.over:
            break
        seen += look_around(app, scene, placed, rng)
        seen += play_on(app, scene, placed, rng)
    assert seen > 20  # labels were drawn and measured
