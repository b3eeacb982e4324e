"""A finished game's save: its result in the header (checked by the schema and the replay),
listed as finished, verified with its winner, replayed to the victory."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from laser_flag import saves
from laser_flag.app import main
from laser_flag.engine import Fire, Game, load_map
from laser_flag.engine.events import GameOver
from laser_flag.play.log_text import VICTORY_WORDS
from laser_flag.save_index import Shelf
from laser_flag.save_schema import VICTORIES, SchemaError, check_save
from laser_flag.saves import ReplayMismatch, load_save, write_save
from laser_flag.ui.menu.save_words import result, summary
from tests.save_files import resigned

MAPS = Path(__file__).resolve().parents[1] / "maps"
TEAMS = {"names": {"1": "Ann", "2": "Ben"}}


def finished_game(seed: int = 4) -> Game:
    """A seeded game on the duel map played to its end: a shot whenever one is legal."""
    game = Game(load_map(MAPS / "duel.json"), seed=seed)
    rng = random.Random(seed)
    while not game.over:
        legal = game.legal_actions()
        fire = [a for a in legal if isinstance(a, Fire)]
        game.apply(rng.choice(fire or legal))
    return game


@pytest.fixture(scope="module")
def finished() -> Game:
    return finished_game()


def test_a_finished_game_saves_its_winner_and_why(tmp_path, finished):
    path = write_save(tmp_path / "won.json", finished, TEAMS)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert (data["over"], data["winner"], data["victory"]) == (
        True, finished.winner, finished.victory
    )
    info = saves.save_info(path)
    assert (info.winner, info.victory, info.names) == (finished.winner, finished.victory,
                                                       {"1": "Ann", "2": "Ben"})
    unfinished = Game(finished.map, seed=1)
    assert "winner" not in saves.save_dict(unfinished, TEAMS)


def test_the_saves_list_shows_the_result_winner_first(tmp_path, finished):
    info = saves.save_info(write_save(tmp_path / "won.json", finished, TEAMS))
    line = summary(info)
    winner = finished.winner
    assert winner in ("1", "2")  # this seed ends with a winner, not a draw
    loser = "2" if winner == "1" else "1"
    points = f"{finished.scores[winner]}-{finished.scores[loser]}"
    assert finished.victory == "score"  # this seed's ending, in plain words:
    assert result(info) == f"{info.names[winner]} won {points} on score"
    assert result(info) in line and "round" not in line


def test_verify_prints_actions_score_and_the_winner_with_why(tmp_path, finished, capsys):
    path = write_save(tmp_path / "won.json", finished, TEAMS)
    assert main(["replay", str(path), "--verify"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"{path}: OK, {len(finished.history)} actions reproduce the saved state"
    assert out[1] == f"Score: Ann {finished.scores['1']} - Ben {finished.scores['2']}"
    name = {"1": "Ann", "2": "Ben"}[finished.winner]
    assert out[2] == f"Result: {name} wins by {VICTORY_WORDS[finished.victory]}."


def test_verify_of_an_unfinished_game_says_whose_turn(tmp_path, capsys):
    game = Game(load_map(MAPS / "duel.json"), seed=1)
    path = write_save(tmp_path / "mid.json", game, TEAMS)
    assert main(["replay", str(path), "--verify"]) == 0
    assert capsys.readouterr().out.splitlines()[2] == "Unfinished: round 1, turn 1, Ann to play"


def test_a_replay_of_a_finished_save_ends_on_the_victory(tmp_path, finished):
    loaded = load_save(write_save(tmp_path / "won.json", finished, TEAMS))
    index = loaded.replay
    assert index.game_at(index.last).over
    assert isinstance(index.events[index.last][-1], GameOver)


@pytest.mark.parametrize(
    ("change", "place"),
    [
        ({"winner": "3"}, "winner"),
        ({"victory": "luck"}, "victory"),
        ({"winner": None}, "winner"),
        ({"over": False}, "winner"),  # a result in a game not over
    ],
)
def test_the_schema_checks_the_result(tmp_path, finished, change, place):
    data = saves.save_dict(finished, TEAMS) | change
    with pytest.raises(SchemaError) as err:
        check_save(data)
    assert err.value.place == place


def test_a_winner_without_its_victory_is_refused(finished):
    data = saves.save_dict(finished, TEAMS)
    del data["victory"]
    with pytest.raises(SchemaError, match="come together"):
        check_save(data)


def test_a_result_the_replay_does_not_reach_is_a_mismatch(tmp_path, finished):
    data = saves.save_dict(finished, TEAMS)
    data["winner"] = "2" if finished.winner == "1" else "1"
    path = tmp_path / "lie.json"
    path.write_text(json.dumps(resigned(data)), encoding="utf-8")
    with pytest.raises(ReplayMismatch, match="winner"):
        load_save(path)


def test_the_schema_knows_every_victory_the_game_words():
    assert set(VICTORIES) == set(VICTORY_WORDS)


def test_continue_offers_the_newest_unfinished_game_never_a_finished_one(tmp_path, finished):
    shelf = Shelf()
    shelf.look()
    assert shelf.newest_unfinished() is None
    mid = Game(finished.map, seed=2)
    older = write_save(saves.saves_dir() / "older.json", mid, TEAMS)
    saves.write_new_save(finished, TEAMS)  # written later, but over
    shelf.look()
    shelf.read_all()
    assert shelf.newest_unfinished().path == older
