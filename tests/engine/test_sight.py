"""LOS answers from a store are checked before they are used: a forged store never changes the
rules (RULES.md §4), and the engine itself keeps them in memory unless the app says otherwise."""

from __future__ import annotations

import random
from itertools import product
from pathlib import Path

import pytest

from laser_flag.engine import Game, load_map, los, sight
from laser_flag.engine.los import Visibility

MAPS = Path(__file__).resolve().parents[2] / "maps"


class Forged:
    """A store that hands back whatever answers it was given, for any walls, and notes what it
    was told to keep."""

    def __init__(self, answers: list[int]) -> None:
        self.answers, self.kept = answers, {}

    def load(self, digest: str) -> list[int]:
        return self.answers

    def keep(self, digest: str, answers) -> None:
        self.kept[digest] = list(answers)


def board(gm) -> list[tuple[int, int]]:
    return list(product(range(gm.rows), range(gm.cols)))


def everything_visible(gm) -> list[int]:
    every = Visibility.from_bitsets(gm.rows, gm.cols, [0] * (gm.rows * gm.cols))
    return [every.tile_bits(board(gm))] * (gm.rows * gm.cols)


def checked(gm, answers: list[int]) -> tuple[Visibility, Forged]:
    store = Forged(answers)
    return sight.visibility(gm.tiles, store), store


@pytest.fixture
def gridlock():
    return load_map(MAPS / "gridlock.json")


def test_a_store_that_says_everything_is_visible_is_refused_and_the_answers_built(gridlock):
    vis, store = checked(gridlock, everything_visible(gridlock))
    true = Visibility(gridlock.tiles).bitsets()
    assert vis.bitsets() == true
    assert store.kept == {sight.walls_digest(gridlock.tiles): true}  # told the true answers


def test_bits_in_the_padding_columns_are_refused(gridlock):
    true = Visibility(gridlock.tiles).bitsets()
    padded = list(true)
    padded[0] |= 1 << gridlock.cols  # the first padding column of the first row
    assert sight.problem(gridlock.tiles, padded) == "an answer names a tile off the board"
    assert checked(gridlock, padded)[0].bitsets() == true
    assert sight.problem(gridlock.tiles, [-1] + true[1:]) == "an answer names a tile off the board"


def test_a_one_sided_answer_is_refused(gridlock):
    vis = Visibility(gridlock.tiles)
    a = (10, 10)
    b = next(t for t in board(gridlock) if not vis.sees(a, t))
    one_sided = vis.bitsets()
    one_sided[board(gridlock).index(a)] |= vis.tile_bits([b])
    assert sight.problem(gridlock.tiles, one_sided) == (
        "one tile sees another that does not see it")
    assert checked(gridlock, one_sided)[0].bitsets() == vis.bitsets()  # built again


def test_a_tile_blind_to_itself_or_its_neighbour_is_refused(gridlock):
    answers = Visibility(gridlock.tiles).bitsets()
    assert sight.problem(gridlock.tiles, [0] + answers[1:]) == (
        "a tile that does not see itself or its neighbours")
    assert sight.problem(gridlock.tiles, answers[:-1]) == "not one answer per tile"
    assert checked(gridlock, [0] + answers[1:])[0].bitsets() == answers  # built again


class Drawing:
    """A sample that draws the given tiles whenever it may (else the first it is offered)."""

    def __init__(self, *tiles: tuple[int, int]) -> None:
        self.tiles = tiles

    def choice(self, seq):
        return next((t for t in self.tiles if t in seq), seq[0])


def test_a_symmetric_lie_about_one_pair_is_refused_when_the_sample_draws_it(gridlock):
    """A pair claimed blocked both ways that exact LOS sees: the sample's pairs are checked
    against has_los_exact, so drawing it refuses the answers (which pairs it draws, no file can
    foresee: an unseeded generator)."""
    vis = Visibility(gridlock.tiles)
    a = (10, 10)
    b = next(t for t in board(gridlock) if vis.sees(a, t) and abs(t[0] - 10) > 3)
    answers = vis.bitsets()
    answers[board(gridlock).index(a)] ^= vis.tile_bits([b])
    answers[board(gridlock).index(b)] ^= vis.tile_bits([a])
    assert sight.problem(gridlock.tiles, answers, Drawing(a, b)) == (
        f"{a} does not see {b}, against the rules")
    assert sight.problem(gridlock.tiles, vis.bitsets(), Drawing(a, b)) is None


def test_true_answers_pass_every_check_on_every_bundled_map():
    for path in sorted(MAPS.glob("*.json")):
        tiles = load_map(path).tiles
        assert sight.problem(tiles, Visibility(tiles).bitsets(), random.Random(0)) is None


def test_a_forged_store_changes_no_rule_of_a_game(monkeypatch):
    """With "everything is visible" installed, no one can fire through a wall on turn 1."""
    true_game = Game(load_map(MAPS / "gridlock.json"), seed=1)
    monkeypatch.setattr(sight, "_installed", [Forged(everything_visible(true_game.map))])
    forged_game = Game(load_map(MAPS / "gridlock.json"), seed=1)
    assert forged_game.legal_actions() == true_game.legal_actions()
    assert forged_game.map.visibility.bitsets() == true_game.map.visibility.bitsets()


def test_by_default_answers_are_kept_in_memory_and_no_file_is_written(monkeypatch, data_dir):
    monkeypatch.setattr(sight, "_installed", [sight.MemoryStore()])
    first = load_map(MAPS / "duel.json").visibility
    builds = []
    monkeypatch.setattr(los, "_seen_bitsets", lambda *a: builds.append(a))
    again = load_map(MAPS / "duel.json").visibility  # another map object, the same walls
    assert again.bitsets() == first.bitsets() and builds == []
    assert not data_dir.exists() or not any(data_dir.rglob("*"))
