"""A set of weights kept as data (bots/weights_file.py), and Hard seated with one,
`hard:weights=FILE`: the file's fields over the base set, a bad file refused in one line naming
it, and Hard with today's weights in a file choosing what the shipped Hard chooses."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from laser_flag.bots import make_bot
from laser_flag.bots.budget import Budget
from laser_flag.bots.registry import WEIGHTED, bot_name
from laser_flag.bots.search import HARD_WEIGHTS, SearchBot
from laser_flag.bots.situation import Weights
from laser_flag.bots.weights_file import read_weights, weights_text
from laser_flag.engine import Game, load_map
from laser_flag.lab.pairings import parse_pairing

ROOT = Path(__file__).resolve().parents[2]


def written(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "weights.json"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_file_s_fields_are_set_over_the_base_and_the_rest_kept(tmp_path):
    path = written(tmp_path, weights_text({"laser": 1.25, "watch": 0.4, "urgency_rounds": 6}))
    weights = read_weights(path, HARD_WEIGHTS)
    assert weights == replace(HARD_WEIGHTS, laser=1.25, watch=0.4, urgency_rounds=6)
    assert read_weights(path, Weights()).braved == Weights().braved  # the base's, not Hard's


@pytest.mark.parametrize("text, says", [
    ("{", "cannot read weights"),
    ("[1, 2]", "must be a JSON object"),
    ("{}", "must be a JSON object"),
    ('{"lazer": 1.0}', "'lazer' is not a weight (one of approach_step, base_step, braved"),
    ('{"base_cuts_corners": 0}', "'base_cuts_corners' is not a weight"),
    ('{"laser": "high"}', "weight 'laser' must be a number, not 'high'"),
    ('{"laser": true}', "weight 'laser' must be a number, not True"),
    ('{"laser": NaN}', "NaN is not a JSON number"),
    ("[" * 40 + "]" * 40, "cannot read weights"),  # nested deeper than any file of ours
    (" " * 70_000 + "{}", "cannot read weights"),  # larger than a set of weights could be
])
def test_a_bad_file_is_refused_in_one_line_naming_it(tmp_path, text, says):
    path = written(tmp_path, text)
    with pytest.raises(ValueError) as err:
        read_weights(path, HARD_WEIGHTS)
    message = str(err.value)
    assert message.startswith(f"{path}: ") and says in message and "\n" not in message


def test_a_missing_file_is_named():
    with pytest.raises(ValueError, match=r"^nowhere\.json: cannot read weights"):
        read_weights("nowhere.json", HARD_WEIGHTS)


def test_hard_with_a_weights_file_prices_with_it(tmp_path):
    path = written(tmp_path, weights_text({"point": 1.0, "laser": 1.3, "watch": 0.35}))
    bot = make_bot(f"{WEIGHTED}{path}", 5, Budget.steps(7))
    assert isinstance(bot, SearchBot) and bot.budget == Budget.steps(7)
    wanted = replace(HARD_WEIGHTS, laser=1.3, watch=0.35)
    assert bot.turn_value.weights == wanted and bot.planner.appraiser.weights == wanted
    assert make_bot("hard", 5).turn_value.weights == HARD_WEIGHTS


def test_hard_with_today_s_weights_in_a_file_chooses_as_hard_does(tmp_path):
    path = written(tmp_path, weights_text({"point": 1.0, "laser": HARD_WEIGHTS.laser}))
    game = Game(load_map(ROOT / "maps" / "commons.json"), seed=4)
    hard, same = make_bot("hard", 4, Budget.steps(20)), make_bot(f"{WEIGHTED}{path}", 4,
                                                                 Budget.steps(20))
    for _ in range(40):
        action = hard.decide(game)
        assert same.decide(game) == action
        game.apply(action)
        if game.over:
            break


def test_a_bad_weights_file_is_named_where_bots_are_named(tmp_path):
    path = written(tmp_path, '{"lazer": 1.0}')
    name = f"{WEIGHTED}{path}"
    with pytest.raises(ValueError, match=f"^{path}: 'lazer' is not a weight"):
        bot_name(name)
    with pytest.raises(ValueError, match=f"^'{name},planner': {path}: 'lazer' is not a weight"):
        parse_pairing(f"{name},planner")
    good = written(tmp_path, '{"laser": 1.0}')
    assert parse_pairing(f"{WEIGHTED}{good},planner") == (f"{WEIGHTED}{good}", "planner")
