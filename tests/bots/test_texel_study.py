"""benchmarks/texel.py, Texel's method for Hard's valuation: its data set is the same for a seed
whatever the processes, labels each position with its game's result for its team and is
written atomically; the fit splits by game and recovers known weights, or the rest of them with
named ones held at today's price in points, and writes them in points; a file that is not a
data set, or a weight to hold that is not fitted, is refused in one line naming it."""

from __future__ import annotations

import json
import runpy
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from laser_flag.bots.features import LINEAR
from laser_flag.bots.search import HARD_WEIGHTS
from laser_flag.bots.style import held_out, style_number
from laser_flag.bots.weights_file import read_weights

ROOT = Path(__file__).resolve().parents[2]
STUDY = runpy.run_path(str(ROOT / "benchmarks" / "texel.py"))
TINY = ["--games", "4", "--budget", "steps:2", "--max-rounds", "4", "--maps", "duel", "blitz"]


def make_data(out: Path, seed: int = 3, *more: str) -> dict:
    STUDY["main"](["data", "--seed", str(seed), "--out", str(out), *TINY, *more])
    return json.loads(out.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def tiny(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("texel") / "tiny.json"
    make_data(out)
    return out


def run(*argv: str) -> subprocess.CompletedProcess[str]:
    """The script in a process of its own, as a developer runs it."""
    return subprocess.run([sys.executable, str(ROOT / "benchmarks" / "texel.py"), *argv],
                          capture_output=True, text=True, timeout=120)


def test_a_seed_gives_the_same_file_and_another_seed_other_games(tiny, tmp_path):
    assert make_data(tmp_path / "again.json") == json.loads(tiny.read_text(encoding="utf-8"))
    assert (tmp_path / "again.json").read_bytes() == tiny.read_bytes()
    other = make_data(tmp_path / "other.json", 4)
    assert other["rows"] != json.loads(tiny.read_text(encoding="utf-8"))["rows"]


@pytest.mark.slow
def test_two_processes_write_the_file_one_writes(tiny, tmp_path):
    again = tmp_path / "again.json"
    done = run("data", "--seed", "3", "--out", str(again), *TINY, "--jobs", "2")
    assert done.returncode == 0, done.stderr
    assert again.read_bytes() == tiny.read_bytes()


def test_the_file_is_replaced_whole_and_no_temporary_file_is_left(tmp_path):
    out = tmp_path / "data.json"
    out.write_text("old", encoding="utf-8")
    make_data(out)
    assert [p.name for p in tmp_path.iterdir()] == ["data.json"]
    assert json.loads(out.read_text(encoding="utf-8"))["format"] == STUDY["FORMAT"]


def test_each_turns_first_position_is_labelled_with_its_teams_result(tiny):
    doc = json.loads(tiny.read_text(encoding="utf-8"))
    rows = doc["rows"]
    assert doc["linear"] == list(LINEAR) and {len(r) for r in rows} == {7 + len(LINEAR)}
    by_game: dict[int, dict[str, set[float]]] = {}
    for game, map_name, team, _bot, _round, result, *_ in rows:
        assert map_name == ("duel", "blitz")[game % 2]
        by_game.setdefault(game, {}).setdefault(team, set()).add(result)
    assert sorted(by_game) == [0, 1, 2, 3]
    for results in by_game.values():
        (one,), (two,) = results["1"], results["2"]  # one result a team, the two summing to 1
        assert one + two == 1.0
    rounds = [r[4] for r in rows if r[0] == 0]
    assert rounds == sorted(rounds) and len(rounds) == 2 * max(rounds)  # each side each round


def test_hard_meets_tuning_draws_and_the_zoo_on_both_sides():
    seats = [t.bots for t in STUDY["game_tasks"]([Path("a"), Path("b")], 24, 1, "steps:2", 9)]
    assert all("hard" in bots for bots in seats)
    assert {bots.index("hard") for bots in seats} == {0, 1}
    opponents = {b for bots in seats for b in bots if b != "hard"}
    draws = {style_number(b) for b in opponents} - {None}
    assert opponents - {f"style:{n}" for n in draws} == {"rusher", "turtle", "hunter"}
    assert draws and all(n >= 2000 and not held_out(n) for n in draws)


def test_the_split_keeps_every_game_whole():
    games = np.repeat(np.arange(40), 5)
    train = STUDY["training"](games)
    assert set(games[train]).isdisjoint(games[~train])
    assert 10 < len(set(games[train])) < 30


def synthetic(count: int, k: float, weights: np.ndarray, seed: int = 0):
    """A data set whose results are the sigmoid of known weights' values (no fixed part: the
    fit holds K, so a fixed part would keep the scale K was fitted at)."""
    rng = np.random.default_rng(seed)
    terms = rng.normal(size=(count, len(LINEAR)))
    fixed = np.zeros(count)
    results = STUDY["sigmoid"](k * (fixed + terms @ weights))
    return STUDY["Data"](terms, fixed, results, np.arange(count) // 4, np.array(["m"] * count))


def test_the_fit_recovers_known_weights_and_lowers_the_training_error():
    truth = np.array([1.5, 0.2, 3.0, -0.4, 0.7, 0.1, 1.1])
    data = synthetic(2000, 0.8, truth)
    today, fitted, met = STUDY["fit_all"](data)
    assert met == list(range(len(LINEAR)))
    mse = STUDY["mse"]
    assert mse(data, fitted) < mse(data, today) / 100
    # K is held where today's weights put it: the weights found are the truth on its scale
    assert fitted[0] == today[0]
    assert fitted[0] * fitted[1:] == pytest.approx(0.8 * truth, rel=1e-3, abs=1e-3)


def test_the_fit_reports_its_error_on_a_data_set_of_other_seeds(tiny, tmp_path, capsys):
    fresh = tmp_path / "fresh.json"
    make_data(fresh, 4)
    capsys.readouterr()
    STUDY["main"](["fit", str(tiny), "--fresh", str(fresh)])
    count = len(json.loads(fresh.read_text(encoding="utf-8"))["rows"])
    assert f"({count} positions of 4 games)" in capsys.readouterr().out


def test_a_term_never_met_keeps_todays_weight():
    truth = np.array([1.5, 0.2, 3.0, -0.4, 0.7, 0.1, 1.1])
    data = synthetic(500, 0.8, truth)
    data.terms[:, LINEAR.index("deny")] = 0.0
    _, fitted, met = STUDY["fit_all"](data)
    assert LINEAR.index("deny") not in met
    assert fitted[1 + LINEAR.index("deny")] == STUDY["TODAY"][LINEAR.index("deny")]


def test_the_fit_reports_before_and_after_per_map_and_writes_its_weights(tiny, tmp_path, capsys):
    out = tmp_path / "weights.json"
    STUDY["main"](["fit", str(tiny), "--out", str(out)])
    text = capsys.readouterr().out
    assert "held out " in text and "training " in text and "held out duel " in text
    assert "fresh games" not in text
    assert all(f"\n{name} " in text for name in LINEAR)
    weights = json.loads(out.read_text(encoding="utf-8"))
    assert list(weights) == list(LINEAR) and weights["point"] == 1.0  # in points
    assert read_weights(out, HARD_WEIGHTS)  # the file Hard is seated with
    make_data(tmp_path / "again.json", 3, "--fit")  # the data set and its fit in one command
    assert capsys.readouterr().out.split("\n", 1)[1] == text


def test_a_file_that_is_not_a_data_set_is_refused_in_one_line_naming_it(tmp_path):
    bad = tmp_path / "map.json"
    bad.write_text('{"tiles": []}', encoding="utf-8")
    done = run("fit", str(bad))
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr == f"texel.py: error: {bad}: not a data set of this version's terms\n"


def test_held_weights_keep_today_s_price_in_points_and_the_rest_are_fitted():
    truth = np.array([1.5, 0.2, 3.0, -0.4, 0.7, 0.1, 1.1])
    data = synthetic(2000, 0.8, truth)
    today, free, _ = STUDY["fit_all"](data)
    _, held, met = STUDY["fit_all"](data, ("unit", "deny"))
    unit, deny = LINEAR.index("unit"), LINEAR.index("deny")
    assert unit not in met and deny not in met
    points = STUDY["in_points"](held)
    assert points["point"] == 1.0
    assert points["unit"] == pytest.approx(HARD_WEIGHTS.unit / HARD_WEIGHTS.point)
    assert points["deny"] == pytest.approx(HARD_WEIGHTS.deny / HARD_WEIGHTS.point)
    mse = STUDY["mse"]
    assert mse(data, free) < mse(data, held) < mse(data, today)  # held: less free, still better
    assert held[1 + LINEAR.index("laser")] != today[1 + LINEAR.index("laser")]


def test_the_weights_in_points_are_over_the_fitted_point():
    params = np.array([0.5, 2.0, 1.0, 4.0, -0.5, 0.1, 0.2, 0.6])
    assert STUDY["in_points"](params) == dict(zip(LINEAR, [1.0, 0.5, 2.0, -0.25, 0.05, 0.1, 0.3],
                                                  strict=True))
    with pytest.raises(ValueError, match="the fitted point is -1.0000: no weights in points"):
        STUDY["in_points"](np.array([0.5, -1.0, 1, 1, 1, 1, 1, 1]))


def test_the_fit_reports_the_held_weights_and_writes_them_at_today_s_price(tiny, tmp_path, capsys):
    out = tmp_path / "weights.json"
    STUDY["main"](["fit", str(tiny), "--hold", "unit,deny", "--out", str(out)])
    text = capsys.readouterr().out
    assert "(held)" in text.split("\nunit ", 1)[1].split("\n", 1)[0]
    weights = read_weights(out, HARD_WEIGHTS)
    assert (weights.unit, weights.deny) == (HARD_WEIGHTS.unit, HARD_WEIGHTS.deny)


def test_a_weight_to_hold_that_is_not_fitted_is_refused_in_one_line(tiny):
    done = run("fit", str(tiny), "--hold", "unit,shot_ready")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.splitlines()[-1].endswith(
        "argument --hold: 'shot_ready' is not a fitted weight (one of point, laser, unit,"
        " base_step, approach_step, deny, watch)")
