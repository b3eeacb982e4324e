"""The Balance panel in a real window under Xvfb: opened by its key, driven by real clicks;
the editor keeps running while games are played in background processes, the verdict stays
"undecided" while the games cannot tell, and a tweak is listed only when measurably better."""

from __future__ import annotations

import multiprocessing
import re
import tkinter as tk
from pathlib import Path

import pytest

from laser_flag.engine.mapfile import write_json_atomic
from laser_flag.i18n import use_language
from map_editor import balance_panel, commands, editor_settings, suggestions
from map_editor.balance_run import TARGET_AT
from map_editor.storage import new_map_data
from map_editor.window import APP_NAME

from .xdo import click, find_window, key, wait_for, wm_close

pytestmark = pytest.mark.slow  # real Tk windows, and bots playing games

UNITS = [["1", "scout", 5, 1], ["2", "grunt", 5, 9], ["1", "basic", 8, 2], ["2", "basic", 2, 8]]
RUN_S = 180  # a busy 2-core machine may be slow to start the worker processes


@pytest.fixture
def panel(editor, tmp_path: Path):
    """The editor on a small four-unit map, its Balance panel opened with Ctrl+B and set to
    one quick pairing (the scripted rusher against itself)."""
    path = tmp_path / "tiny.json"
    write_json_atomic(path, {**new_map_data(11, 11), "units": UNITS})
    assert editor.open_path(path)
    window = find_window("^" + re.escape(f"tiny.json - {APP_NAME}") + "$", editor.root)
    key(editor.root, window, "ctrl+b")
    find_window("^Balance$", editor.root)
    found = editor.balance
    wait_for(editor.root, found.winfo_viewable, what="the Balance panel on screen")
    for pairing, var in found.chosen.items():
        var.set(pairing == ("rusher", "rusher"))
    yield found
    if found.winfo_exists():
        found.close()


def _press(root: tk.Misc, widget: tk.Widget) -> None:
    """A real click on the middle of a widget."""
    root.update()
    click(root, (widget.winfo_rootx() + widget.winfo_width() // 2,
                 widget.winfo_rooty() + widget.winfo_height() // 2))


def _finished(panel) -> bool:
    """The run ended and the panel has shown its end (Measure offered again)."""
    return panel.run is not None and not panel.run.running and panel.measure_button.instate(
        ["!disabled"])


def test_measure_shows_the_table_the_hit_map_and_stores_the_badge(editor, panel):
    root = editor.root
    panel.games.set(6)
    _press(root, panel.measure_button)
    wait_for(root, lambda: _finished(panel), timeout=RUN_S, what="the run to finish")
    rows = [panel.table.item(i, "values") for i in panel.table.get_children()]
    assert len(rows) == 1 and rows[0][:2] == ("rusher-rusher", "6")
    assert rows[0][3] == "undecided"  # six games tell nothing
    assert panel.count.cget("text") == "6 of at most 6 games"
    assert panel.verdict.cget("text") == "This map: undecided (6 games)"
    assert not multiprocessing.active_children()

    target_layer = next(b for b in panel.layer_buttons if b.cget("value") == TARGET_AT)
    _press(root, target_layer)
    wait_for(root, lambda: editor.overlay.hit_layer == TARGET_AT, what="the hit map on the board")
    assert editor.overlay.hit_counts and editor.info.legend.cget("text").startswith("Hit map")

    tiles = [list(row) for row in editor.doc.tiles]
    tiles[0][0] = "wall"
    editor.doc.history.change("Paint", {"tiles": tiles})
    editor.refresh()
    assert panel.verdict.cget("text").endswith("(measured before your last edits)")
    editor.run(commands.undo)
    assert not panel.verdict.cget("text").endswith("edits)")

    _press(root, panel.badge_button)
    wait_for(root, lambda: "balance" in editor.doc.data, what="the badge in the document")
    assert panel.badge.cget("text") == "Badge: undecided (6 games)"
    key(root, find_window(f"tiny.json\\* - {APP_NAME}", root), "ctrl+z")
    wait_for(root, lambda: "balance" not in editor.doc.data, what="the badge undone")
    assert panel.badge.cget("text") == "Badge: not measured"

    wm_close(find_window("^Balance$", root))
    wait_for(root, lambda: not panel.winfo_exists(), what="the panel closed")
    assert editor.overlay.hit_layer == "" and not editor.info.legend.winfo_ismapped()


def test_stop_ends_the_run_and_keeps_the_games_played(editor, panel):
    """Hard against the rusher, a pairing that is not a mirror, never tells the map's verdict
    early: the run could only end by itself at the cap, which these games are hours from (the
    rusher's mirror played a thousand games in under a second, before Stop was pressed)."""
    root = editor.root
    for pairing, var in panel.chosen.items():
        var.set(pairing == ("hard", "rusher"))
    panel.games.set(100000)
    panel.steps.set(400)
    _press(root, panel.measure_button)
    wait_for(root, lambda: panel.run.progress().done >= 2, timeout=RUN_S, what="two games")
    assert panel.stop_button.instate(["!disabled"])
    _press(root, panel.stop_button)
    wait_for(root, lambda: _finished(panel), timeout=RUN_S, what="the run stopped and shown so")
    assert not multiprocessing.active_children()
    assert panel.count.cget("text").endswith("games (stopped)")
    played = int(panel.count.cget("text").split()[0].replace(",", ""))
    assert 2 <= played < 100000 and panel.badge_button.instate(["disabled"])


class Unending:
    """A run whose thread has not ended yet, and that fails a caller who waits for it."""

    running = True
    asked = False

    def request_stop(self) -> None:
        self.asked = True

    def stop(self) -> None:
        raise AssertionError("the window's thread waited for the run's thread to end")


def test_stop_and_close_ask_the_run_to_end_and_never_wait_for_it(editor, panel):
    """The run's thread may need the window's thread before it ends (a Tk variable collected
    there hands its Tcl call over and waits): a window waiting in a join for the run deadlocked
    once in a full test run. Stop asks, greys itself out, and the next poll shows the end."""
    run = panel.run = Unending()
    panel.stop_button.state(["!disabled"])
    panel.stop()
    assert run.asked and panel.stop_button.instate(["disabled"])
    run.asked = False
    panel.close()
    assert run.asked and not panel.winfo_exists()


def test_a_bad_scheduler_address_is_refused_and_a_good_one_kept(editor, panel):
    root = editor.root
    assert panel.scheduler.get() == balance_panel.THIS_MACHINE
    panel.scheduler.set("somewhere:8786")
    _press(root, panel.measure_button)
    assert panel.count.cget("text").startswith("Cannot measure: 'somewhere:8786'")
    assert panel.run is None and editor_settings.scheduler() == ""
    panel.scheduler.set("tcp://127.0.0.1:1")  # kept, though nothing listens there
    panel.games.set(4)
    _press(root, panel.measure_button)
    assert editor_settings.scheduler() == "tcp://127.0.0.1:1"
    wait_for(root, lambda: _finished(panel), timeout=RUN_S, what="the run to fail")
    assert "cannot reach the scheduler at tcp://127.0.0.1:1" in panel.count.cget("text")
    assert panel.badge_button.instate(["disabled"])


def test_suggest_lists_only_tweaks_told_apart_from_the_map_as_it_is(editor, panel,
                                                                     monkeypatch):
    monkeypatch.setattr(balance_panel, "SUGGEST_GAMES", 8)  # a quick run: too few to tell
    root = editor.root
    _press(root, panel.suggest_button)
    wait_for(root, lambda: _finished(panel), timeout=RUN_S, what="the tweaks measured")
    assert panel.run.plan.maps[0].name == "the map as it is" and len(panel.run.plan.maps) == 7
    assert panel.tweak_list.get_children() == ()
    assert panel.tweak_note.cget("text").startswith("No tweak measurably better (8 games each")
    assert panel.apply_button.instate(["disabled"])


def test_a_suggestion_is_applied_in_one_click_and_undone_in_one(editor, panel):
    root = editor.root
    before = [list(u) for u in editor.doc.units], [list(r) for r in editor.doc.tiles]
    tweak = suggestions.sample(editor.doc, 1)[0]
    panel.found = [suggestions.Measured(tweak, 40, 40)]
    panel.apply_button.state(["!disabled"])
    _press(root, panel.apply_button)
    wait_for(root, lambda: editor.doc.modified, what="the suggestion applied")
    assert editor.status.cget("text").startswith(f"Applied: {tweak.label}")
    assert editor.doc.history.undo() == f"Suggestion: {tweak.label}"
    assert (editor.doc.units, editor.doc.tiles) == before and not editor.doc.modified


def test_the_verdict_line_names_the_mirror_pairings_whose_games_stall():
    """3 of 40 turtle games drawn at the round limit is more than 5%; Hard's 2 of 40 is not."""
    def row(pairing, limit_draws):
        return {"pairing": pairing, "games": 40, "team1_wins": 19, "team2_wins": 21 - limit_draws,
                "draws": limit_draws, "capped": 0, "limit_draws": limit_draws}
    rows = [row(["hard", "hard"], 2), row(["turtle", "turtle"], 3), row(["hard", "turtle"], 9)]
    assert balance_panel.verdict_text(rows).endswith("; games stall in turtle-turtle")
    assert "stall" not in balance_panel.verdict_text(rows[:1])


def test_the_verdict_line_is_in_the_designer_s_language():
    rows = [{"pairing": ["rusher", "rusher"], "games": 200, "team1_wins": 40, "team2_wins": 160,
             "draws": 0}]
    use_language("de")
    assert balance_panel.verdict_text(rows) == "Diese Karte: neigt zu Team 2"
    assert balance_panel.verdict_text([{**rows[0], "team1_wins": 4, "team2_wins": 4,
                                        "games": 8}]).endswith("unentschieden (8 Partien)")
    table_row = {**rows[0], "team1_win_rate": 0.2, "team1_interval": [0.15, 0.26],
                 "verdict": "leans team 2", "mean_rounds": 3.0, "shots_per_round": 2.0,
                 "round_limit": 0, "capped": 0, "victories": {}}
    assert balance_panel.row_values(table_row)[3] == "neigt zu Team 2"
    del table_row["verdict"]  # a pairing of two bots, not a mirror: it measures bots
    assert balance_panel.row_values(table_row)[3] == "(Bots)"
