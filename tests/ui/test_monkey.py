"""Thousands of random clicks and keys through the real loop: no crash, the state stays valid."""

from __future__ import annotations

import random
from pathlib import Path

import pygame
import pytest

from laser_flag.engine.game_map import TEAMS
from laser_flag.engine.mapfile import load_map
from laser_flag.engine.units import CHARGED, CHARGING, DEACTIVATED
from laser_flag.ui import editor_launch, tk_dialogs
from laser_flag.ui.session import Session

from .conftest import SIZE, frames, start_game

MAPS = Path(__file__).resolve().parents[2] / "maps"
KEYS = [
    pygame.K_TAB, pygame.K_ESCAPE, pygame.K_e, pygame.K_f, pygame.K_h, pygame.K_a, pygame.K_c,
    pygame.K_s, pygame.K_SPACE, pygame.K_RETURN, pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT,
    pygame.K_RIGHT, pygame.K_1, pygame.K_2, pygame.K_5, pygame.K_r, pygame.K_PAGEDOWN, pygame.K_p,
]  # fmt: skip
EVENTS_PER_MAP = 3000


def monkey_maps() -> list[Path]:
    """The smallest, the largest and one more bundled map."""
    paths = sorted(MAPS.glob("*.json"))
    by_size = sorted(paths, key=lambda p: load_map(p).rows * load_map(p).cols)
    return sorted({by_size[0], by_size[-1], by_size[len(by_size) // 2]})


def random_event(rng: random.Random, board: pygame.Rect) -> pygame.event.Event:
    roll = rng.random()
    if roll < 0.55:
        inside = rng.random() < 0.8
        area = board if inside else pygame.Rect((0, 0), SIZE)
        xy = (rng.randrange(area.left, area.right), rng.randrange(area.top, area.bottom))
        kind = rng.choice((pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION))
        if kind == pygame.MOUSEMOTION:
            return pygame.event.Event(kind, pos=xy, rel=(0, 0), buttons=(0, 0, 0))
        return pygame.event.Event(kind, pos=xy, button=rng.choice((1, 1, 1, 3, 4)))
    kind = pygame.KEYDOWN if roll < 0.9 else pygame.KEYUP
    mod = pygame.KMOD_SHIFT if rng.random() < 0.1 else 0
    return pygame.event.Event(kind, key=rng.choice(KEYS), mod=mod, unicode="", scancode=0)


def check_valid(session: Session) -> None:
    """The invariants of RULES.md a click must never break."""
    game = session.game
    gm = game.map
    positions = [u.pos for u in game.units]
    assert len(positions) == len(set(positions)), "two units on one tile"
    for unit in game.units:
        assert gm.in_bounds(unit.pos) and not gm.is_wall(unit.pos), unit
        assert 0 <= unit.ap <= game.rules.ap_per_turn, unit
        assert unit.laser in (CHARGED, CHARGING, DEACTIVATED), unit
        assert 0 <= unit.snap_shots <= game.rules[unit.unit_class].max_snap_shots, unit
        assert unit.elevated == gm.is_cover(unit.pos), unit
    assert game.active_team in TEAMS
    for team in TEAMS:
        assert 0 <= game.scores[team] <= gm.score_limit[team]


def current_session(app) -> Session | None:
    return next((s.session for s in reversed(app.scenes) if hasattr(s, "session")), None)


HOT_SEAT = {"1": "Human", "2": "Human"}
CASES = [pytest.param(path, HOT_SEAT, id=path.stem) for path in monkey_maps()] + [
    pytest.param(MAPS / "duel.json", {"1": "Human", "2": "Easy"}, id="duel-vs-bot")
]


@pytest.mark.slow
@pytest.mark.parametrize(("path", "levels"), CASES)
def test_random_input_never_breaks_the_game(app, monkeypatch, path, levels):
    monkeypatch.setattr(tk_dialogs, "ask_map_file", lambda folder: None)
    monkeypatch.setattr(editor_launch, "launch_editor", lambda: (None, "no editor in tests"))
    rng = random.Random(path.stem)
    scene = start_game(app, Session.start(load_map(path), rng.randrange(1000), levels=levels))
    board = scene.layout().board
    actions = 0
    for i in range(EVENTS_PER_MAP):
        pygame.event.post(random_event(rng, board))
        if i % 3 == 2:
            frames(app)
        if not app.running:  # the menu's Quit button: carry on in a fresh game
            app.running = True
            scene = start_game(app, Session.start(load_map(path), seed=i, levels=levels))
        session = current_session(app)
        if session is not None:
            check_valid(session)
            actions = max(actions, len(session.log))
    assert actions > 0, "the monkey never got an action through"
