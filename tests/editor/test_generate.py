"""Map > Generate, in the real editor window under Xvfb with xdotool clicks: the current map's
unsaved work asked about first, the dialog making a map on its worker thread while Tk goes on,
the map made opened unsaved under its own name, and Cancel stopping the worker's games."""

from __future__ import annotations

import re

import pytest

from laser_flag import i18n
from laser_flag.engine.game_map import WALL
from laser_flag.engine.ruleset import CLASSES
from laser_flag.lab import verdict
from laser_flag.lab.badge import BadgeStatus
from laser_flag.lab.fair_maps import Candidate, Made, make
from laser_flag.lab.generator import KEY, Knobs, build
from map_editor.generate_dialog import GenerateDialog
from map_editor.generate_run import GenerateRun
from map_editor.typed import whole
from map_editor.window import APP_NAME

from .xdo import (
    answer_dialog,
    centre_of,
    click,
    find_window,
    row_on_screen,
    tile_on_screen,
    wait_for,
)

SEED = 4242


def dialog_of(editor) -> GenerateDialog:
    return next(w for w in editor.root.winfo_children() if isinstance(w, GenerateDialog))


def open_dialog(editor, seconds: int) -> GenerateDialog:
    editor.generate_map()
    dialog = dialog_of(editor)
    wait_for(editor.root, dialog.winfo_viewable, what="the Generate dialog on screen")
    dialog.vars["seed"].set(str(SEED))
    dialog.vars["seconds"].set(str(seconds))
    return dialog


def test_the_dialog_makes_a_map_that_opens_unsaved_after_the_old_one_is_asked_about(editor):
    click(editor.root, tile_on_screen(editor, (2, 2)))  # unsaved work: a wall painted
    wait_for(editor.root, lambda: editor.doc.tiles[2][2] == WALL)
    answer = answer_dialog("Unsaved changes", "d")
    dialog = open_dialog(editor, 0)  # no games: the first candidate as it is
    answer.join(30)
    assert answer.found
    dialog.vars["grunt"].set("0")
    click(editor.root, centre_of(dialog.button["generate"]))
    wait_for(editor.root, lambda: dialog.made is not None, 60, "the map made")
    assert dialog._image is not None  # previewed
    click(editor.root, centre_of(dialog.button["edit"]))
    wait_for(editor.root, lambda: not dialog.winfo_exists(), what="the dialog closed")
    data = editor.doc.data
    knobs = Knobs(units=("basic", "scout", "sniper"))
    assert data == build(SEED, knobs) and data[KEY]["seed"] == SEED
    assert editor.doc.path is None and editor.doc.modified
    assert f"generated from seed {SEED}" in editor.status.cget("text")
    find_window("^" + re.escape(f"{data['name']}* - {APP_NAME}") + "$", editor.root)


@pytest.mark.parametrize("language", ["en", "de", "zh_CN"])
def test_the_results_sentences_wrap_inside_their_column(editor, language):
    """Tk clips a label's line at its edge: each sentence of the results column (the preview's
    placeholder, the verdict, the status, a problem) wraps no wider than the column."""
    i18n.use_language(language)
    dialog = open_dialog(editor, 0)
    editor.root.update_idletasks()
    column = dialog.preview.winfo_width()
    for label in (dialog.preview, dialog.said, dialog.status, dialog.error):
        assert 0 < int(str(label.cget("wraplength"))) <= column, (label, column)


def test_a_bad_knob_is_named_and_nothing_starts(editor):
    dialog = open_dialog(editor, 0)
    for cls in CLASSES:
        dialog.vars[cls].set("0")
    click(editor.root, centre_of(dialog.button["generate"]))
    assert dialog.job is None
    assert dialog.error.cget("text") == "0 units a team: must be 1 to 8 on a board of 13"
    dialog.vars["size"].set("big")
    dialog.generate()
    assert dialog.error.cget("text") == "Size: type a whole number from 9 to 21, not 'big'"


FAIR = BadgeStatus(verdict.FAIR)
LEANING = BadgeStatus(verdict.LEANS["2"], 0.3, (0.2, 0.4), 200)  # team 2 wins 70% [60%-80%]
CUT_SHORT = {"budget": "steps:10", "stalls": False, "verdict": "undecided (6 games)",
             "planned": 16, "cut_short": True, "games": 6}


def scripted(seed, knobs, effort, say, stop) -> Made:
    """make's stand-in: candidate 0 leans and is dropped, candidate 1 is fair but dropped when
    the time cuts Hard's look short, candidate 2 is kept."""
    hard = build(seed, knobs, 1)
    hard[KEY] = {**hard[KEY], "hard": CUT_SHORT}
    tried = [Candidate(0, build(seed, knobs, 0), "confirmed", LEANING, False),
             Candidate(1, hard, "hard", FAIR, False),
             Candidate(2, build(seed, knobs, 2), "confirmed", FAIR, True)]
    for candidate in tried:
        say(candidate)
    return Made(tried[2].data, FAIR, {}, tried)


def generated_by_the_stand_in(editor) -> tuple[GenerateDialog, list[tuple[str, ...]]]:
    """The dialog after a click on Generate made `scripted`'s map; the list's rows."""
    dialog = GenerateDialog(editor.root, lambda data: None, scripted)
    dialog.show()
    wait_for(editor.root, dialog.winfo_viewable, what="the Generate dialog on screen")
    dialog.vars["seed"].set(str(SEED))
    click(editor.root, centre_of(dialog.button["generate"]))
    wait_for(editor.root, lambda: dialog.made is not None, what="the map made")
    return dialog, [dialog.tree.item(iid, "values") for iid in dialog.tree.get_children()]


def test_each_candidate_is_listed_with_its_verdict_and_shown_again_when_clicked(editor):
    dialog, rows = generated_by_the_stand_in(editor)
    assert [row[3] for row in rows] == [
        "leans team 2 (70% [60%-80%]), dropped",
        "fair; Hard's look cut short by the time (6 of 16 games), dropped", "fair"]
    assert [row[2] for row in rows] == ["confirmed", "by Hard", "confirmed"]
    assert dialog.status.cget("text").startswith(f"Made {rows[2][1]} from seed {SEED}, "
                                                 "candidate 2 of 3: fair")
    click(editor.root, row_on_screen(dialog.tree, "0"))
    wait_for(editor.root, lambda: "dropped" in dialog.said.cget("text"))
    assert dialog.said.cget("text") == (f"Candidate 0, {rows[0][1]}: leans team 2 (70% [60%-80%]), "
                                        "dropped")
    dialog.cancel()


def test_the_verdicts_are_in_the_designer_s_language(editor):
    i18n.use_language("de")
    dialog, rows = generated_by_the_stand_in(editor)
    assert [row[3] for row in rows] == [
        "neigt zu Team 2 (70% [60%-80%]), verworfen",
        "fair; Schwers Blick aus Zeitmangel abgebrochen (6 von 16 Partien), verworfen", "fair"]
    assert dialog.status.cget("text").endswith("Kandidat 2 von 3: fair")
    dialog.cancel()


@pytest.mark.slow  # bots play a candidate on worker processes until Cancel
def test_cancel_stops_the_worker_and_keeps_the_editor_s_map(editor):
    before = editor.doc.data
    dialog = open_dialog(editor, 600)
    click(editor.root, centre_of(dialog.button["generate"]))
    run = dialog.job
    assert run.running and "Candidate 0" in dialog.status.cget("text")
    click(editor.root, centre_of(dialog.button["cancel"]))
    assert run.stop.is_set()
    wait_for(editor.root, lambda: not run.running, 120, "the worker to stop")
    wait_for(editor.root, lambda: not dialog.winfo_exists(), what="the dialog closed")
    assert editor.doc.data is before and not editor.doc.modified


def test_the_worker_reports_each_candidate_and_the_map_made():
    """The run's own thread calls `say`; Tk's thread takes the news in order."""
    said: list[int] = []

    def maker(seed, knobs, effort, say, stop) -> Made:
        data = build(seed, knobs)
        for number in range(3):
            say(Candidate(number, build(seed, knobs, number), "screened", FAIR, number == 2))
            said.append(number)
        return Made(data, FAIR, {})

    run = GenerateRun(7, Knobs(size=9, units=("scout",)), 5, maker)
    run.start()
    run.join(30)
    assert [c.number for c in run.news()] == said == [0, 1, 2]
    assert run.news() == [] and run.made.verdict == "fair" and run.error is None


def test_a_failing_run_says_why_in_one_line():
    def maker(*args) -> Made:
        raise OSError("no room for the workers\nsecond line")

    run = GenerateRun(7, Knobs(), 5, maker)
    run.start()
    run.join(30)
    assert run.made is None and run.error == "no room for the workers"


def test_the_real_make_ends_at_once_when_stopped_before_it_starts():
    run = GenerateRun(7, Knobs(size=9, units=("scout",)), 600, make)
    run.cancel()
    run.start()
    run.join(60)
    assert not run.running and run.made is not None and run.made.data == build(7, run.knobs)


def test_whole_numbers_name_their_field():
    assert whole(" 12 ", "Size", 9, 21) == 12
    with pytest.raises(ValueError, match="^Seed: type a whole number from 0 to 5, not '-1'$"):
        whole("-1", "Seed", 0, 5)
