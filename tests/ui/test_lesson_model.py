"""The lessons' model, without a window: every step of every chapter refuses a wrong action with
its hint and takes its own; each chapter's trainer and set dice play the same every time, roll
no die the script did not set, and end in the learner's win."""

from __future__ import annotations

import pytest

from laser_flag import saves
from laser_flag.engine.actions import EndTurn, Fire, Move
from laser_flag.engine.mapfile import load_map
from laser_flag.play.lesson import LESSON_MAPS, NEXT, WATCH, Lesson, LessonTurns
from laser_flag.play.lessons import CHAPTERS
from laser_flag.play.lessons.basics import BASICS, TRAINER, YOU
from laser_flag.play.refusals import Refused
from laser_flag.resources import bundled_maps
from laser_flag.ui.menu.map_catalog import MAPS_DIR, catalog


def start(chapter=BASICS) -> tuple[Lesson, LessonTurns]:
    lesson = Lesson(chapter)
    return lesson, LessonTurns(lesson.session())


def play_step(lesson: Lesson, turns: LessonTurns) -> LessonTurns:
    """The step's own action (or signal), its events played, then the trainer's answer; a new
    driver when the chapter moves on to its next board."""
    step, board = lesson.step, lesson.board
    if step.signal:
        lesson.signal(step.signal)
    else:
        assert isinstance(lesson.act(turns, step.action), list), lesson.hint
    while turns.playback is not None or lesson.replying:
        if turns.playback is not None:
            turns.skip_playback()
        lesson.tick(turns)
    return LessonTurns(lesson.session()) if lesson.board != board else turns


def wrong_action(lesson: Lesson, turns: LessonTurns):
    """Something other than the step: E, or where the step is E a move of a unit of ours."""
    if lesson.step.action != EndTurn():
        return EndTurn()
    ours = next(u for u in turns.game.units if u.team == "1")
    return Move(ours.id, ours.pos)


@pytest.mark.parametrize("chapter", CHAPTERS, ids=lambda c: c.key)
def test_every_step_refuses_a_wrong_action_with_its_hint_then_takes_its_own(chapter):
    lesson, turns = start(chapter)
    for index, step in enumerate(lesson.steps):
        assert lesson.index == index
        played = len(turns.game.history)
        assert lesson.act(turns, wrong_action(lesson, turns)) == Refused(step.hint)
        assert lesson.hint == step.hint  # said beside the prompt, not in the panel
        assert turns.message == ""
        assert len(turns.game.history) == played  # nothing was applied
        turns = play_step(lesson, turns)
        assert lesson.index == index + 1, f"step {index + 1}'s check did not hold"
        assert lesson.hint == ""
    assert lesson.complete and turns.game.winner == "1"
    assert lesson.dice.unplanned == 0 and lesson.dice.queued == [], "a die the script did not set"


@pytest.mark.parametrize("chapter", CHAPTERS, ids=lambda c: c.key)
def test_each_step_rings_tiles_of_its_board_and_says_what_to_do(chapter):
    for board in chapter.boards:
        gm = load_map(bundled_maps() / LESSON_MAPS / board.map_file)
        assert gm.fog_of_war == board.fog  # the map says so too, for the editor and the chooser
        for step in board.steps:
            assert step.prompt and step.hint
            assert (step.action is None) != (step.signal is None)
            assert step.highlight or step.signal or step.action == EndTurn()
            assert all(gm.in_bounds(pos) for pos in step.highlight)


def test_the_hold_h_step_takes_no_action_and_only_its_signal():
    lesson, turns = start()
    while lesson.step.signal is None:
        lesson.signal(WATCH)  # no other step is done by H
        turns = play_step(lesson, turns)
    index = lesson.index
    lesson.signal(NEXT)
    assert lesson.index == index
    lesson.signal(WATCH)
    assert lesson.index == index + 1


def test_the_trainer_and_the_dice_play_the_same_lesson_every_time():
    lesson, turns = start()
    for _ in range(4):  # up to the first end of turn: the trainer steps out and hands back
        play_step(lesson, turns)
    assert turns.game.unit(TRAINER).pos == (5, 7) and turns.game.active_team == "1"
    play_step(lesson, turns)  # the set dice hit
    assert turns.game.scores == {"1": 1, "2": 0}
    while not lesson.finished:
        play_step(lesson, turns)
    log = "\n".join(turns.session.log)
    assert "snap-shoots" in log and "6+6 = 12" in log and "1+1 = 2" in log
    assert turns.game.scores == {"1": 2, "2": 1}


def test_the_trainer_waits_before_each_reply_so_that_it_can_be_followed():
    lesson, turns = start()
    for _ in range(3):
        play_step(lesson, turns)
    lesson.act(turns, EndTurn())
    turns.skip_playback()
    reply = lesson.next_reply(turns)
    assert reply == Move(TRAINER, (5, 7))
    assert not lesson.tick(turns, 500) and lesson.next_reply(turns) == reply
    assert lesson.tick(turns, 500) and lesson.trainer_acting
    assert turns.game.unit(TRAINER).pos == (5, 7)


def test_a_chapter_of_several_boards_starts_each_afresh():
    chapter = next(c for c in CHAPTERS if len(c.boards) > 1)
    lesson, turns = start(chapter)
    first = turns.game.map.name
    while lesson.board == 0:
        turns = play_step(lesson, turns)
    assert turns.game.map.name != first and not turns.game.history
    assert lesson.step is chapter.boards[1].steps[0]


def test_the_ways_to_win_board_by_board():
    chapter = next(c for c in CHAPTERS if c.key == "winning")
    lesson, turns = start(chapter)
    games = [turns.game]
    while not lesson.complete:
        turns = play_step(lesson, turns)
        if turns.game is not games[-1]:
            games.append(turns.game)
    assert [(g.victory, g.winner) for g in games] == [
        ("checkmate", "1"), ("elimination", "1"), ("turn_limit", "1")]
    assert games[-1].scores == {"1": 1, "2": 0} and games[-1].round == 1


def test_a_unit_whose_laser_is_off_is_still_a_target_and_its_hit_scores():
    chapter = next(c for c in CHAPTERS if c.key == "winning")
    lesson, turns = start(chapter)
    play_step(lesson, turns)
    trainer = turns.game.unit(3)
    assert trainer.laser == "deactivated" and turns.game.scores["1"] == 1
    assert Fire(1, 3) in turns.game.legal_actions()
    play_step(lesson, turns)
    assert turns.game.scores["1"] == 2


def test_the_fog_chapter_shows_the_learners_view_and_hands_off_between_turns():
    chapter = next(c for c in CHAPTERS if c.key == "fog")
    lesson, turns = start(chapter)
    assert turns.game.fog and turns.viewer == "1"
    assert {u.id for u in turns.view.known.units} == {0}  # the trainer hides at first
    turns = play_step(lesson, turns)
    assert {u.id for u in turns.view.known.units} == {0, 1}
    turns = play_step(lesson, turns)
    lesson.act(turns, EndTurn())
    assert turns.take_handoff()  # the cover comes before the trainer's turn
    while lesson.replying or turns.playback is not None:
        if turns.playback is not None:
            turns.skip_playback()
        lesson.tick(turns)
    assert turns.take_handoff() and turns.viewer == "1"  # and again before the learner's
    assert {u.id for u in turns.view.known.units} == {0}  # the trainer walked out of sight
    assert 1 in turns.view.last_seen


def test_the_lesson_is_not_saved_nor_autosaved_for_continue():
    lesson, turns = start()
    for _ in range(4):  # to the end of the first turn, where a game autosaves
        play_step(lesson, turns)
    assert turns.game.turn == 3 and not saves.saves_dir().exists()
    turns.save()
    assert "not saved" in turns.message and not saves.saves_dir().exists()


def test_no_lesson_map_is_offered_in_the_chooser():
    titles = [entry.title for entry in catalog(MAPS_DIR)]
    assert titles and not any("lesson" in title.lower() for title in titles)


def test_the_chapters_have_distinct_keys_and_the_basics_come_first():
    keys = [chapter.key for chapter in CHAPTERS]
    assert len(set(keys)) == len(keys) and keys[0] == "basics"
    assert YOU == 0
