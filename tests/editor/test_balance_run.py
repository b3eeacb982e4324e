"""The Balance panel's model without Tk: the lab on the unsaved document, counts that add up,
Stop that stops, the CLI lab's numbers for the same seed, hit layers, the badge (kept as
measured here too), and the scheduler kept in the editor's settings."""

from __future__ import annotations

import json
import multiprocessing
from pathlib import Path

import pytest

from laser_flag.engine.game_map import ELEVATED, WALL
from laser_flag.engine.mapfile import write_json_atomic
from laser_flag.lab import measured
from laser_flag.lab.here import badge_value
from laser_flag.tools import balance
from map_editor import balance_run as model
from map_editor import editor_settings
from map_editor.document import MapDocument
from map_editor.storage import read_map, write_map
from tests.waits import wait_until

from .helpers import blank

MAPS = Path(__file__).resolve().parents[2] / "maps"
PAIRINGS = [("rusher", "rusher"), ("greedy", "rusher")]


def _duel_edited() -> MapDocument:
    """The duel map with an unsaved change: the run must play this, not the file."""
    data = json.loads((MAPS / "duel.json").read_text())
    data.pop("balance", None)  # measured from scratch, whatever badge the bundled map has
    doc = MapDocument(data, MAPS / "duel.json")
    tiles = [list(row) for row in doc.tiles]
    tiles[0][0] = ELEVATED
    doc.history.change("Paint", {"tiles": tiles})
    return doc


@pytest.fixture(scope="module")
def finished():
    """A small run on the edited duel map, played to the end by two background processes."""
    doc = _duel_edited()
    run = model.measure(doc, PAIRINGS, games=4, seed=3, minutes=None)
    assert run.wait(timeout=180), "the run did not finish"
    return doc, run


@pytest.mark.slow
def test_the_counts_add_up(finished):
    _, run = finished
    progress = run.progress()
    assert (progress.done, progress.total, progress.running) == (8, 8, False)
    assert sum(row["games"] for row in progress.rows) == 8
    for row in progress.rows:
        assert row["team1_wins"] + row["team2_wins"] + row["draws"] == 4
    assert not multiprocessing.active_children()


@pytest.mark.slow
def test_the_result_equals_the_command_line_lab_on_the_same_map_and_seed(finished, tmp_path,
                                                                          capsys):
    doc, run = finished
    path = tmp_path / "edited.json"
    write_json_atomic(path, doc.data)
    bots = [arg for p in PAIRINGS for arg in ("--bots", ",".join(p))]
    steps = model.budget(model.DEFAULT_STEPS)
    argv = [str(path), "--games", "4", "--seed", "3", "--budget", steps, "--json", *bots]
    assert balance.main(argv) == 0
    cli = json.loads(capsys.readouterr().out)
    ours = run.result()
    for doc_ in (cli, ours):  # the map's name differs: a file path against the document's
        for row in doc_["maps"]:
            row.pop("map")
        doc_["verdicts"][0].pop("map")
    assert ours == cli


@pytest.mark.slow
def test_stop_ends_the_workers_and_keeps_the_games_played():
    doc = MapDocument(json.loads((MAPS / "gridlock.json").read_text()))
    run = model.measure(doc, [("planner", "planner")], games=400, minutes=None)
    wait_until(lambda: run.progress().done >= 1, "a first game", timeout=120)
    run.stop()
    assert not run.running and not multiprocessing.active_children()
    kept = run.progress().done
    assert 1 <= kept < 400 and run.result()["partial"] is True


def test_a_map_the_game_would_refuse_is_not_measured():
    with pytest.raises(model.NotPlayable, match="team 2 has no units"):
        model.playable_map(blank(units=[["1", "scout", 0, 0]]).data, "one-sided")
    with pytest.raises(model.NotPlayable):
        model.playable_map(blank(units=[["1", "scout", 0, 0], ["2", "scout", 0, 0]]).data, "x")


def _row(hits: dict, t1: int, t2: int) -> dict:
    return {"hits": hits, "team1_wins": t1, "team2_wins": t2}


def test_hit_layers_add_up_every_row():
    rows = [_row({"fired_from": [[0, 1, 2]], "target_at": [[3, 3, 1]]}, 0, 0),
            _row({"fired_from": [[0, 1, 1], [2, 2, 5]], "target_at": []}, 0, 0)]
    assert model.hit_layers(rows) == {model.FIRED_FROM: {(0, 1): 3, (2, 2): 5},
                                      model.TARGET_AT: {(3, 3): 1}}


def test_pooled_rate_counts_decided_games_of_every_row():
    rate, interval = model.pooled([_row({}, 3, 1), _row({}, 1, 3)])
    assert rate == 0.5 and interval[0] < 0.5 < interval[1]
    assert model.pooled([_row({}, 0, 0)]) == (None, None)
    assert model.map_rows(["a1", "a2", "b1", "b2"], 2, 1) == ["b1", "b2"]


@pytest.mark.slow
def test_the_badge_is_one_undoable_edit_saved_with_the_map_and_goes_stale(finished, tmp_path):
    _, run = finished
    doc = _duel_edited()
    value = badge_value(run)
    assert model.badge_text(doc) == "not measured"
    model.store_badge(doc, value)
    stored = model.badge_text(doc)
    assert stored == "undecided (4 games)"  # 4 games a pairing tell nothing
    assert measured.find(model.playable_map(doc.data, "x")) == value
    path = tmp_path / "duel.json"
    write_map(doc.data, path)
    again = MapDocument(read_map(path), path)
    assert again.data["balance"] == value and model.badge_text(again) == stored
    again.history.change("Rename", {"name": "Duel II"})
    assert model.badge_text(again) == stored  # the name does not change how a game plays
    tiles = [list(row) for row in again.tiles]
    tiles[5][0] = WALL
    again.history.change("Paint", {"tiles": tiles})
    assert model.badge_text(again) == "changed since measured"
    doc.history.undo()
    assert "balance" not in doc.data and model.badge_text(doc) == "not measured"


@pytest.mark.slow
def test_a_run_knows_when_the_document_plays_differently_since(finished):
    doc, run = finished
    assert not model.changed_since(run, doc)
    doc.history.change("Rename", {"name": "Another name"})
    assert not model.changed_since(run, doc)
    doc.history.change("Score", {"score_limit": {"1": 5, "2": 4}})
    assert model.changed_since(run, doc)
    doc.history.undo()
    doc.history.undo()


def test_the_scheduler_is_kept_in_the_editors_settings(data_dir):
    assert editor_settings.scheduler() == ""
    editor_settings.set_scheduler("tcp://10.0.0.5:8786")
    assert editor_settings.scheduler() == "tcp://10.0.0.5:8786"
    editor_settings.set_scheduler("")
    assert editor_settings.scheduler() == ""
    with pytest.raises(ValueError, match="tcp://HOST:PORT"):
        editor_settings.set_scheduler("10.0.0.5")
    (data_dir / "editor.json").write_text("{not json")
    assert editor_settings.scheduler() == ""  # a bad file is passed over


def test_the_scheduler_chooses_where_games_play():
    assert model.where("") == model.where() and model.where("").scheduler is None
    assert model.where("tcp://10.0.0.5:8786").scheduler == "tcp://10.0.0.5:8786"
