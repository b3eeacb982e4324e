"""The turn driver alone, no window: act, undo and why not, saves, bot turns, pause, skip."""

from __future__ import annotations

import random

from laser_flag import saves
from laser_flag.engine import EndTurn, Fire, Move
from laser_flag.engine.mapfile import parse_map
from laser_flag.engine.record import state_digest
from laser_flag.play.bot_seat import PLAN_MS
from laser_flag.play.session import Session, UndoRefusal
from laser_flag.play.turns import Refused, Turns
from tests.engine.scenario import scenario
from tests.purity import ui_libraries_loaded_by

from .conftest import SMALL_MAP, WALLED, Dice, GatedBot, small_session

HUMAN_VS_BOT = {"1": "Human", "2": "Easy"}
NORMAL, INSTANT = 1.0, 0.0


def test_importing_the_turn_driver_loads_no_pygame():
    assert ui_libraries_loaded_by("laser_flag.play.turns", "laser_flag.ui.routes") == []


def walled(levels: dict[str, str] | None = None) -> Turns:
    """A driver on WALLED: nobody sees an enemy at first, so moves roll nothing."""
    return Turns(Session.start(parse_map(WALLED, "walled.json"), seed=4, levels=levels))


def play_out(turns: Turns) -> None:
    """Let the events of the last action play to the end, as a player clicking through would."""
    for _ in range(100):
        if turns.playback is None:
            return
        turns.playback.proceed()
        if turns.playback.done:
            turns.settle()
    raise AssertionError("events did not finish playing")


def test_act_plays_the_events_and_a_refusal_changes_nothing():
    turns = walled()
    events = turns.act(Move(0, (4, 1)))
    assert not isinstance(events, Refused) and events
    assert turns.playback is not None and turns.session.log == []  # logged as each one plays
    play_out(turns)
    assert any("moves (5, 1) -> (4, 1)" in line for line in turns.session.log)
    before, stack = state_digest(turns.game), len(turns.session.undo_stack)
    refused = turns.act(Move(0, (0, 0)))
    assert isinstance(refused, Refused) and refused.reason
    assert turns.message == refused.reason
    assert state_digest(turns.game) == before and len(turns.session.undo_stack) == stack


def test_undo_takes_back_a_move_then_says_why_not():
    turns = walled()
    start = state_digest(turns.game)
    turns.act(Move(0, (4, 1)))
    play_out(turns)
    assert turns.why_no_undo() is None
    assert turns.undo() is None and turns.message == "Undone."
    assert state_digest(turns.game) == start and turns.game.history == []
    assert turns.undo() is UndoRefusal.NOTHING_THIS_TURN
    assert turns.message == "Cannot undo: nothing to undo this turn."


def test_undo_is_refused_after_a_die_in_a_bots_turn_and_once_the_game_is_over():
    data = dict(SMALL_MAP, score_limit={"1": 1, "2": 1})
    turns = Turns(small_session(Dice((6, 6)), data))
    turns.act(Fire(1, 2))
    assert turns.undo() is UndoRefusal.GAME_OVER  # the hit won the game
    shot = Turns(small_session(Dice((2, 1))))
    shot.act(Fire(1, 2))
    assert shot.undo() is UndoRefusal.DIE_ROLLED
    assert shot.message == "Cannot undo: a die was rolled since."
    bots = walled({"1": "Easy", "2": "Human"})
    assert bots.undo() is UndoRefusal.BOT_PLAYING


def test_every_action_and_every_undo_saves_the_game_as_it_stands_in_its_own_file(data_dir):
    turns = walled()
    assert turns.session.keeper.path is None and not (data_dir / "saves").exists()
    keeper = turns.session.keeper
    turns.act(Move(0, (4, 1)))
    path = keeper.path
    assert path.parent == data_dir / "saves" and path.name.startswith("walled-")
    assert saves.load_save(path).actions == [Move(0, (4, 1))]  # made at once
    turns.act(Move(1, (5, 3)))
    turns.undo()
    keeper.wait()  # the writer has written what it was handed
    assert saves.load_save(path).actions == [Move(0, (4, 1))]
    turns.act(EndTurn())
    keeper.wait()
    loaded = saves.load_save(path)
    assert loaded.actions == [Move(0, (4, 1)), EndTurn()]
    assert state_digest(loaded.game) == state_digest(turns.game)
    assert [p.name for p in path.parent.glob("*.json")] == [path.name]  # one file a game


def test_a_failed_save_is_told_not_raised(data_dir):
    data_dir.mkdir(parents=True)
    (data_dir / "saves").write_text("a file where the folder should be", encoding="utf-8")
    turns = walled()
    turns.save()
    assert turns.message.startswith("Could not save a copy: ")
    assert turns.unsaved is None  # nothing played yet: nothing to lose
    turns.act(Move(0, (4, 1)))
    assert turns.message.startswith("Not saved: ") and turns.unsaved is not None


def run_playback(turns: Turns) -> None:
    """Frames of a bot's turn until its events have played by themselves (no clicks)."""
    for _ in range(1000):
        if turns.playback is None:
            return
        turns.tick(16, NORMAL)
    raise AssertionError("a bot's events did not play by themselves")


def answer(turns: Turns, bot: GatedBot, speed: float = NORMAL) -> None:
    """Let the bot's thought through and wait (with a timeout) until its answer is in."""
    turns.tick(16, speed)  # asks the question, if not asked yet
    thought = turns.seat.thought
    bot.gate.release()
    assert thought is not None and thought.done.wait(10)


def test_a_bots_plan_shows_on_its_own_field_then_plays(gated):
    bot = gated(Move(2, (2, 5)), EndTurn())
    turns = walled(HUMAN_VS_BOT)
    turns.act(EndTurn())
    play_out(turns)
    assert turns.bot_to_move and turns.plan is None
    answer(turns, bot)
    turns.tick(16, NORMAL)
    assert turns.plan == Move(2, (2, 5)) and len(turns.game.history) == 1  # shown, not played
    turns.tick(PLAN_MS - 1, NORMAL)
    assert turns.plan == Move(2, (2, 5)) and len(turns.game.history) == 1
    turns.tick(1, NORMAL)
    assert turns.game.history[-1] == Move(2, (2, 5)) and turns.plan is None
    assert turns.playback is not None and not turns.playback.hold_rolls
    run_playback(turns)
    answer(turns, bot)
    for _ in range(200):
        turns.tick(PLAN_MS, NORMAL)
    assert turns.game.history[-1] == EndTurn() and not turns.bot_to_move


def test_pause_holds_the_answer_and_skip_plays_the_turn_without_a_plan(gated):
    bot = gated(Move(2, (2, 5)), EndTurn())
    turns = walled(HUMAN_VS_BOT)
    turns.act(EndTurn())
    play_out(turns)
    answer(turns, bot)
    turns.toggle_pause()
    for _ in range(50):
        turns.tick(PLAN_MS, NORMAL)
    assert turns.plan is None and len(turns.game.history) == 1  # nothing shown or played
    turns.toggle_pause()
    turns.skip_bot_turn()
    turns.tick(16, NORMAL)
    assert turns.game.history[-1] == Move(2, (2, 5)) and turns.playback is None
    answer(turns, bot)
    turns.tick(16, NORMAL)
    assert turns.game.history[-1] == EndTurn() and turns.playback is None
    assert turns.plan is None and not turns.bot_to_move


def test_an_answer_about_an_older_state_is_dropped(gated):
    bot = gated(Move(0, (4, 1)), Move(0, (4, 1)))
    turns = walled({"1": "Easy", "2": "Human"})
    turns.tick(16, INSTANT)  # the bot is asked about the game as it starts
    turns.act(Move(1, (5, 2)))  # the game changes while it thinks (as a load would)
    play_out(turns)
    answer(turns, bot, INSTANT)
    turns.tick(16, INSTANT)
    assert turns.game.history == [Move(1, (5, 2))]  # its answer was about the old state
    answer(turns, bot, INSTANT)
    assert bot.asked == [0, 1]  # the question was put again, about the game as it is
    turns.tick(16, INSTANT)
    assert turns.game.history == [Move(1, (5, 2)), Move(0, (4, 1))]


def test_leaving_the_game_stops_listening_to_the_bot(gated):
    bot = gated(EndTurn())
    turns = walled({"1": "Easy", "2": "Human"})
    turns.tick(16, INSTANT)
    thought = turns.seat.thought
    turns.leave()
    bot.gate.release()
    assert thought.done.wait(10)
    for _ in range(20):
        turns.tick(16, INSTANT)
    assert turns.game.history == [] and not turns.bot_to_move


def test_ending_the_turn_asks_only_while_a_unit_could_still_act():
    turns = walled()
    turns.end_turn(ask=True)
    assert turns.confirming_end and turns.could_still_act == (0, 1)
    assert turns.game.turn == 1
    turns.keep_turn()
    assert not turns.confirming_end and turns.could_still_act == ()
    turns.end_turn(ask=True)
    turns.end_turn(ask=True)  # asked, then confirmed
    assert turns.game.turn == 2
    turns.end_turn(ask=False)  # the setting is off: at once
    assert turns.game.turn == 3
    spent = Turns(Session.start(parse_map(WALLED, "walled.json"), seed=4))
    spent.session.game = scenario(spent.game.map, seed=4, units={0: {"ap": 0}, 1: {"ap": 0}})
    spent.end_turn(ask=True)  # nothing left to do: no question
    assert spent.game.turn == 2 and not spent.confirming_end


# ----- undo keeps only what it can reach ---------------------------------------------------------


# A wall with one gap: the sniper at (4, 3) shoots through it, the basic unit at (4, 0) moves
# behind the wall unseen (to (3, 0), (3, 1) or (4, 1)), so its moves roll nothing.
GAP = {
    "tiles": [["level"] * 4 + ["base_2"], ["level"] * 5, ["wall"] * 3 + ["level", "wall"],
              ["level"] * 5, ["base_1"] + ["level"] * 4],
    "units": [["1", "sniper", 4, 3], ["1", "basic", 4, 0], ["2", "scout", 0, 3],
              ["2", "grunt", 0, 0]],
    "score_limit": {"1": 3, "2": 3},
}
SHOT, QUIET = Fire(0, 2), Move(1, (3, 0))


def shot_then_quiet_move() -> Turns:
    """Real dice (seeded), so that the game's save replays: the shot's roll, whatever it is."""
    turns = Turns(Session.start(parse_map(GAP, "gap.json"), seed=1))
    turns.act(SHOT)
    play_out(turns)
    rolls = turns.game.rolls
    turns.act(QUIET)
    play_out(turns)
    assert turns.game.rolls == rolls > 0
    return turns


def test_undo_forgets_what_it_can_no_longer_reach_and_still_says_why():
    turns = Turns(Session.start(parse_map(GAP, "gap.json"), seed=1))
    turns.act(SHOT)
    play_out(turns)
    assert turns.session.undo_stack == []  # the die stands: nothing before it is reachable
    assert turns.why_no_undo() is UndoRefusal.DIE_ROLLED
    turns.act(QUIET)
    play_out(turns)
    assert len(turns.session.undo_stack) == 1 and turns.undo() is None
    assert turns.undo() is UndoRefusal.DIE_ROLLED  # as before the die's states were forgotten
    turns.act(EndTurn())
    assert turns.session.undo_stack == [] and turns.undo() is UndoRefusal.NOTHING_THIS_TURN


def test_a_long_game_keeps_no_more_undo_states_than_its_turn_has_actions():
    turns = Turns(Session.start(parse_map(SMALL_MAP, "small.json"), seed=3))
    rng, this_turn, most = random.Random(3), 0, 0
    while len(turns.game.history) < 600 and not turns.game.over:
        action = rng.choice(turns.game.legal_actions())
        this_turn = 0 if isinstance(action, EndTurn) else this_turn + 1
        turns.act(action)
        turns.skip_playback()
        assert len(turns.session.undo_stack) <= this_turn
        most = max(most, len(turns.session.undo_stack))
    assert 0 < most < 40


def test_a_resumed_game_can_undo_exactly_what_the_left_one_could(data_dir):
    turns = shot_then_quiet_move()
    turns.session.keeper.wait()
    loaded = saves.load_save(turns.session.keeper.path)
    resumed = Turns(Session.resume(loaded))
    assert len(resumed.session.undo_stack) == 1
    assert resumed.undo() is None and resumed.undo() is UndoRefusal.DIE_ROLLED
    assert state_digest(resumed.game) == state_digest(turns.session.undo_stack[0][0])
