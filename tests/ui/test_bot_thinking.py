"""A searching bot in the game screen, through the real loop: its thinking bar fills while the
window stays live, P still pauses, and S makes it answer now with its best so far."""

from __future__ import annotations

import pygame

from laser_flag.bots import HUMAN
from laser_flag.bots.budget import Budget
from laser_flag.bots.search import SearchBot
from laser_flag.engine.mapfile import parse_map
from laser_flag.play import bot_seat
from laser_flag.play.session import Session

from .conftest import SMALL_MAP, card, press, run_until, start_game

LONG_TURN_S = 600.0  # a budget no test waits out: only "answer now" ends a decision early


class Recorded(SearchBot):
    """The Hard bot, noting how much of its budget each decision had used when it answered."""

    def __init__(self, seed: int, budget: Budget) -> None:
        super().__init__(seed, budget)
        self.used: list[float] = []

    def choose(self, game):
        try:
            return super().choose(game)
        finally:
            self.used.append(self.progress() or 0.0)


def hard_moves_first(app, monkeypatch, turn_s: float = LONG_TURN_S):
    bots: list[Recorded] = []

    def pick(level: str, seed: int):
        if level == HUMAN:
            return None
        bots.append(Recorded(seed, Budget.seconds(turn_s)))
        return bots[-1]

    monkeypatch.setattr(bot_seat, "bot_for_level", pick)
    session = Session.start(parse_map(SMALL_MAP, "small.json"), seed=1,
                            levels={"1": "Hard", "2": HUMAN})
    scene = start_game(app, session)
    return scene, bots


def bar(scene) -> float | None:
    """The share the panel's thinking bar shows this frame (None: no bar)."""
    return scene.panel_view().thinking


def test_the_thinking_bar_fills_and_s_makes_the_bot_answer_now(app, monkeypatch):
    scene, bots = hard_moves_first(app, monkeypatch)
    run_until(app, lambda: (bar(scene) or 0) > 0)
    first = bar(scene)
    run_until(app, lambda: bar(scene) > first)  # it fills as time goes by
    title, lines = card(scene)
    assert title == "Alice is thinking..." and any("S: answer now" in line for line in lines)
    press(app, pygame.K_p)  # P still works while the bot thinks
    assert scene.turns.paused and card(scene)[0] == "Paused"
    press(app, pygame.K_p)
    assert not scene.turns.paused and scene.turns.seat.thinking()
    press(app, pygame.K_s)
    run_until(app, lambda: scene.game.active_team == "2")
    assert scene.game.turn == 2 and len(scene.game.history) > 1
    assert bots[0].used and max(bots[0].used) < 0.5  # every decision cut short, none waited out


SHORT_TURN_S = 1.0  # a budget the bot spends by itself: each decision half of what is left


def test_the_thinking_bar_never_goes_back_in_a_turn_paused_or_not(app, monkeypatch):
    """A Hard turn of several decisions, paused (P) while it thinks and let go once the
    decision under way has finished: the bar only ever fills, from one decision to the next."""
    scene, bots = hard_moves_first(app, monkeypatch, SHORT_TURN_S)
    shown: list[float] = []

    def note() -> bool:
        if bar(scene) is not None:
            shown.append(bar(scene))
        return scene.game.active_team == "2"

    run_until(app, lambda: note() or (bar(scene) or 0) > 0.1)
    press(app, pygame.K_p)
    run_until(app, lambda: note() or not scene.turns.seat.thinking())
    press(app, pygame.K_p)
    run_until(app, note, limit=20_000)
    assert len(bots[0].used) >= 2  # more than one decision in the turn
    assert shown == sorted(shown), "the bar went back"
