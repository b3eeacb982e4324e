"""Bots in the game screen, through the real loop: thinking off the loop, plans, pause, skip."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from laser_flag import saves
from laser_flag.engine import EndTurn, Fire, Move
from laser_flag.engine.events import Shot
from laser_flag.engine.mapfile import load_map, parse_map
from laser_flag.play.bot_seat import BotSeat
from laser_flag.play.session import Session
from laser_flag.ui.ending.victory_scene import VictoryScene
from laser_flag.ui.game.game_scene import GameScene
from laser_flag.ui.learn.rules_scene import RulesScene
from laser_flag.ui.menu.menu_scene import MenuScene

from .conftest import (
    SMALL_MAP,
    WALLED,
    Dice,
    card,
    centre,
    click,
    end_turn,
    frames,
    panel_button,
    press,
    run_until,
    start_game,
)

DUEL = Path(__file__).resolve().parents[2] / "maps" / "duel.json"
HUMAN_VS_BOT = {"1": "Human", "2": "Easy"}
INSTANT = 3  # Settings.speed_index of "Instant"


def duel(levels: dict[str, str], seed: int = 1) -> Session:
    return Session.start(load_map(DUEL), seed=seed, levels=levels)


def small(levels: dict[str, str], data: dict = SMALL_MAP) -> Session:
    return Session.start(parse_map(data, "small.json"), seed=1, levels=levels)


def humans_turn(scene: GameScene):
    return lambda: scene.game.active_team == "1"


@pytest.mark.slow
def test_a_bot_turn_goes_through_the_engine_and_playback_then_hands_back(app, data_dir):
    session = duel(HUMAN_VS_BOT)
    scene = start_game(app, session)
    end_turn(app)
    assert scene.turns.bot_to_move and scene.game.turn == 2
    seen = []  # what each frame showed: a plan, an animation, whether a roll waited

    def watch() -> bool:
        playback, plan = scene.turns.playback, scene.turns.plan
        seen.append((plan, playback and playback.hold_rolls, playback is not None))
        return humans_turn(scene)()

    run_until(app, watch)  # no input at all: the bot's dice must clear by themselves
    bot_actions = session.game.history[1:]
    assert len(bot_actions) > 2 and bot_actions[-1] == EndTurn()
    assert scene.game.turn == 3 and not scene.turns.bot_to_move
    assert {plan for plan, _, _ in seen} >= set(bot_actions[:-1])  # each shown before played
    assert any(animated for _, _, animated in seen)
    assert {held for _, held, animated in seen if animated} == {False}
    assert session.undo_stack == []  # the turn moved on: undo can reach none of them
    assert any(line.startswith("Blue's") for line in session.log)
    session.keeper.wait()
    autosaved = saves.load_save(session.keeper.path)
    assert autosaved.actions == session.game.history  # saved when the turn came back
    assert autosaved.teams["levels"] == HUMAN_VS_BOT


def test_the_loop_draws_and_answers_keys_while_the_bot_thinks(app, gated, monkeypatch):
    bot = gated(EndTurn())
    scene = start_game(app, small(HUMAN_VS_BOT))
    end_turn(app)
    draws = []
    real_draw = scene.draw
    monkeypatch.setattr(scene, "draw", lambda surface: (draws.append(1), real_draw(surface)))
    frames(app, 30)
    assert scene.turns.seat.thinking() and bot.asked == [1]
    assert bot.games[0] is not scene.game  # the worker was handed a copy
    assert len(draws) == 30  # a bot thinking is not idle: every frame is drawn
    assert card(scene)[0] == "Bob is thinking..."
    press(app, pygame.K_a)  # a key handled while the worker is still blocked
    assert app.settings.speed_label == "Fast"
    assert scene.turns.seat.thinking() and len(scene.game.history) == 1
    bot.gate.release()
    run_until(app, humans_turn(scene))
    assert scene.game.history == [EndTurn(), EndTurn()]


def test_the_plan_shows_before_the_shot_and_the_dice_clear_by_themselves(app, gated):
    bot = gated(Fire(2, 1), EndTurn())
    session = small(HUMAN_VS_BOT)
    session.game = type(session.game)(session.gm, seed=1, roll=Dice((6, 6)))
    scene = start_game(app, session)
    end_turn(app)
    bot.gate.release()
    run_until(app, lambda: scene.turns.plan is not None)
    assert scene.turns.plan == Fire(2, 1)
    assert scene.shown().unit == 2 and scene.shown().target == 1  # the board marks the plan
    assert scene.selection.unit is None  # the player's own picks are left alone
    title, lines = card(scene)
    assert title == "Bob's Scout" and any(line.startswith("Needed ") for line in lines)
    assert scene.game.history == [EndTurn()]  # shown, not yet played
    run_until(app, lambda: scene.turns.playback is not None
              and isinstance(scene.turns.playback.current, Shot))
    bot.gate.release()
    run_until(app, humans_turn(scene))  # no click: the shot played by itself
    assert scene.game.scores["2"] == 1
    assert scene.game.history == [EndTurn(), Fire(2, 1), EndTurn()]


def test_input_for_the_bots_team_is_refused_while_it_moves(app, gated):
    bot = gated(EndTurn())
    scene = start_game(app, small(HUMAN_VS_BOT))
    end_turn(app)
    click(app, centre(scene, (1, 5)))  # Bob's Scout
    assert scene.selection.unit is None
    assert "Bob's turn (a bot)" in scene.turns.message
    press(app, pygame.K_TAB)
    press(app, pygame.K_e)
    assert scene.selection.unit is None and scene.game.history == [EndTurn()]
    assert not panel_button(scene, "end").enabled and not panel_button(scene, "undo").enabled
    press(app, pygame.K_z, pygame.KMOD_LCTRL)
    assert scene.turns.message == "Cannot undo: a bot is playing this turn."
    press(app, pygame.K_r)  # the rules screen still opens, and Esc comes back
    assert isinstance(app.top, RulesScene)
    press(app, pygame.K_ESCAPE)
    assert app.top is scene
    bot.gate.release()
    run_until(app, humans_turn(scene))
    click(app, centre(scene, (5, 1)))  # Alice's Plain: her clicks count again
    assert scene.selection.unit == 0


def test_pause_holds_the_bots_answer_until_go_on(app, gated):
    bot = gated(EndTurn())
    scene = start_game(app, small(HUMAN_VS_BOT))
    end_turn(app)
    frames(app)
    assert scene.turns.seat.thinking() and bot.asked == [1]
    press(app, pygame.K_p)
    assert scene.turns.paused
    bot.gate.release()
    run_until(app, lambda: not scene.turns.seat.thinking())  # the thought under way may finish...
    frames(app, 100)
    assert scene.game.history == [EndTurn()]  # ...but nothing is played while paused
    assert card(scene)[0] == "Paused"
    assert panel_button(scene, "pause").label == "Go on (P)"
    click(app, panel_button(scene, "pause").rect.center)
    assert not scene.turns.paused
    run_until(app, humans_turn(scene))
    assert scene.game.history == [EndTurn(), EndTurn()]


def test_pause_before_the_bots_turn_keeps_it_from_even_starting(app, gated):
    bot = gated(EndTurn())
    scene = start_game(app, small(HUMAN_VS_BOT))
    press(app, pygame.K_p)  # on the human's own turn
    end_turn(app)
    frames(app, 20)
    assert bot.asked == [] and card(scene)[0] == "Paused"
    press(app, pygame.K_p)
    bot.gate.release()
    run_until(app, humans_turn(scene))
    assert bot.asked == [1]


def test_skip_finishes_the_bots_turn_without_animation(app):
    session = duel(HUMAN_VS_BOT)
    scene = start_game(app, session)
    end_turn(app)
    press(app, pygame.K_s)
    shown = []  # between frames: no plan and no animation on show

    def watch() -> bool:
        shown.append((scene.turns.playback, scene.turns.plan))
        return scene.game.active_team == "1"

    run_until(app, watch)
    assert shown and set(shown) == {(None, None)}
    assert len(session.game.history) > 3 and session.game.history[-1] == EndTurn()
    assert scene.game.turn == 3


def test_skip_during_an_animation_ends_it_and_the_rest_of_the_turn(app):
    scene = start_game(app, duel(HUMAN_VS_BOT))
    end_turn(app)
    run_until(app, lambda: scene.turns.playback is not None)
    click(app, panel_button(scene, "skip").rect.center)
    assert scene.turns.playback is None
    run_until(app, humans_turn(scene))
    assert scene.game.turn == 3


def test_an_answer_about_an_older_state_is_dropped_and_asked_again(gated):
    """Undo (here at the engine level, as the screen refuses it in a bot's turn) or a load."""
    bot = gated(Move(0, (4, 1)), EndTurn(), Move(1, (5, 2)))
    session = small({"1": "Easy", "2": "Human"}, WALLED)
    seat = BotSeat(bot)

    def answer():
        """Let the bot through, wait for its answer, and poll once (at Instant speed)."""
        thought = seat.thought
        bot.gate.release()
        assert thought.done.wait(10)
        return seat.poll(session.game, 16, 0.0)

    assert seat.poll(session.game, 16, 0.0) is None and bot.asked == [0]
    first = answer()
    session.remember()
    session.game.apply(first)
    assert seat.poll(session.game, 16, 0.0) is None and bot.asked == [0, 1]
    assert session.undo() is None  # the game changes while the bot thinks
    assert answer() is None  # its answer (EndTurn) is about the old state: dropped
    assert bot.asked == [0, 1, 0]  # and the question is put again
    assert answer() == Move(1, (5, 2))
    assert session.game.history == []


def test_leaving_while_the_bot_thinks_drops_its_answer(app, gated, data_dir):
    bot = gated(EndTurn(), EndTurn())
    scene = start_game(app, small(HUMAN_VS_BOT))
    end_turn(app)
    frames(app, 5)
    old_game, thought = scene.game, scene.turns.seat.thought
    assert thought is not None and not thought.done.is_set()
    click(app, panel_button(scene, "menu").rect.center)
    menu = app.top
    assert isinstance(menu, MenuScene)
    bot.gate.release()
    assert thought.done.wait(10)
    frames(app, 10)
    assert old_game.history == [EndTurn()]  # the answer came, and went nowhere
    click(app, next(b for b in menu.buttons() if b.name == "continue").rect.center)
    resumed = app.top
    assert isinstance(resumed, GameScene) and resumed.session.levels == HUMAN_VS_BOT
    bot.gate.release()
    run_until(app, humans_turn(resumed))
    assert resumed.game.history == [EndTurn(), EndTurn()]
    assert old_game.history == [EndTurn()]


@pytest.mark.slow
def test_bot_against_bot_plays_a_whole_game_to_the_victory_screen(app):
    app.settings.speed_index = 2  # Fast: plans, walks, beams and dice all shown
    session = duel({"1": "Hard", "2": "Easy"}, seed=7)
    scene = start_game(app, session)
    run_until(app, lambda: isinstance(app.top, VictoryScene), limit=60_000)
    assert session.game.over and session.game.winner in ("1", "2", "draw")
    assert sum(isinstance(a, EndTurn) for a in session.game.history) >= 1
    assert not scene.turns.bots_here  # its bots stopped as the game ended
    click(app, next(b for b in app.top.buttons() if b.name == "rematch").rect.center)
    assert app.top.session.levels == {"1": "Easy", "2": "Hard"}
