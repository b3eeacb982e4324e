"""The first lesson's model, without a window: each step refuses what it does not teach, with its
hint, and takes its own action; the trainer's script and the set dice play the same every time."""

from __future__ import annotations

from laser_flag import saves
from laser_flag.engine.actions import EndTurn, Move
from laser_flag.ui.lesson import STEPS, TRAINER, WATCH, YOU, Lesson, LessonTurns
from laser_flag.ui.map_catalog import MAPS_DIR, catalog
from laser_flag.ui.refusals import Refused


def start() -> tuple[Lesson, LessonTurns]:
    lesson = Lesson()
    return lesson, LessonTurns(lesson.session())


def play_step(lesson: Lesson, turns: LessonTurns) -> None:
    """The step's own action (or signal), its events played, then the trainer's answer."""
    step = lesson.step
    if step.signal:
        lesson.signal(step.signal)
    else:
        assert isinstance(lesson.act(turns, step.action), list)
    while turns.playback is not None or lesson.replying:
        if turns.playback is not None:
            turns.skip_playback()
        lesson.tick(turns)


def wrong_action(lesson: Lesson):
    return Move(YOU, (0, 0)) if lesson.step.action == EndTurn() else EndTurn()


def test_every_step_refuses_a_wrong_action_with_its_hint_then_takes_its_own():
    lesson, turns = start()
    for index, step in enumerate(STEPS):
        assert lesson.index == index
        played = len(turns.game.history)
        assert lesson.act(turns, wrong_action(lesson)) == Refused(step.hint)
        assert turns.message == step.hint
        assert len(turns.game.history) == played  # nothing was applied
        play_step(lesson, turns)
        assert lesson.index == index + 1  # its check held: done, as the state shows
    assert lesson.finished and turns.game.winner == "1"


def test_the_hold_h_step_takes_no_action_and_only_its_signal():
    lesson, turns = start()
    while lesson.step.signal is None:
        lesson.signal(WATCH)  # no other step is done by H
        play_step(lesson, turns)
    index = lesson.index
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


def test_the_lesson_is_not_saved_nor_autosaved_for_continue():
    lesson, turns = start()
    for _ in range(4):  # to the end of the first turn, where a game autosaves
        play_step(lesson, turns)
    assert turns.game.turn == 3 and not saves.saves_dir().exists()
    turns.save()
    assert "not saved" in turns.message and not saves.saves_dir().exists()


def test_the_lesson_map_is_not_offered_in_the_chooser():
    titles = [entry.title for entry in catalog(MAPS_DIR)]
    assert titles and "First lesson" not in titles
