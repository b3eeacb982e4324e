"""legal_actions() as a lazy sequence (engine/legal.py): it reads exactly as its list would."""

import random

import pytest

from laser_flag.engine import EndTurn, Fire, Game, IllegalAction, Move
from laser_flag.engine.legal import LegalActions

from .conftest import make_map, play_randomly

ART = ["..^...", ".#..2.", "...^..", "u..#..", "..1..^", "......"]
UNITS = [("1", "basic", 5, 0), ("1", "sniper", 4, 1), ("1", "grunt", 5, 3),
         ("2", "scout", 0, 5), ("2", "grunt", 0, 0), ("2", "basic", 1, 3)]


def states(count: int = 40) -> list[Game]:
    """Games at many moments of seeded random play, shots on offer among them."""
    game, found = Game(make_map(ART, UNITS), seed=5), []
    for step in range(count):
        found.append(game.copy())
        play_randomly(game, 1, seed=step)
        if game.over:
            game = Game(make_map(ART, UNITS), seed=step)
    return found


def test_every_index_reads_the_entry_of_the_listed_actions() -> None:
    fired = 0
    for game in states():
        legal = game.legal_actions()
        listed = list(legal)
        assert isinstance(legal, LegalActions) and len(legal) == len(listed)
        # fresh sequences, so that no index is read after the whole list was made
        assert [game.legal_actions()[i] for i in range(len(listed))] == listed
        assert [game.legal_actions()[-i] for i in range(1, len(listed) + 1)] == listed[::-1]
        fired += any(isinstance(a, Fire) for a in listed)
    assert fired  # the states offer shots as well as moves


def test_the_order_is_per_unit_moves_then_shots_and_end_turn_last() -> None:
    for game in states():
        legal = list(game.legal_actions())
        assert legal[-1] == EndTurn() and legal.count(EndTurn()) == 1
        keys = [(a.unit_id, isinstance(a, Fire)) for a in legal[:-1]]
        assert keys == sorted(keys)
        for uid in {a.unit_id for a in legal[:-1]}:  # a unit's moves in reading order
            tiles = [a.to for a in legal if isinstance(a, Move) and a.unit_id == uid]
            assert tiles == sorted(tiles)


def test_it_equals_its_list_prints_as_it_and_answers_in_and_slices() -> None:
    game = states()[7]
    legal, listed = game.legal_actions(), list(game.legal_actions())
    assert legal == listed and listed == legal and legal == game.legal_actions()
    assert legal != listed[:-1] and legal != "not a list"
    assert repr(legal) == repr(listed)
    assert all(a in legal for a in listed) and Move(0, (99, 99)) not in legal
    assert legal[1:3] == listed[1:3] and legal.index(EndTurn()) == len(listed) - 1
    with pytest.raises(IndexError):
        legal[len(listed)]
    with pytest.raises(IndexError):
        legal[-len(listed) - 1]


def test_it_is_a_snapshot_the_game_going_on_leaves_as_it_was() -> None:
    game = states()[3]
    legal = game.legal_actions()
    before = list(game.copy().legal_actions())
    play_randomly(game, 6, seed=1)
    assert list(legal) == before


def test_a_random_choice_picks_what_it_picks_from_the_list() -> None:
    for game in states():
        legal = game.legal_actions()
        assert random.Random(3).choice(legal) == random.Random(3).choice(list(legal))


def test_a_game_over_offers_nothing() -> None:
    game = Game(make_map(ART, UNITS, score_limit={"1": 1, "2": 1}), seed=2)
    play_randomly(game, 5000, seed=2)
    assert game.over and len(game.legal_actions()) == 0 and game.legal_actions() == []


def test_the_shots_offered_are_the_targets_as_units_move_and_leave_at_every_step() -> None:
    """legal_actions() keeps the enemies' tiles between calls: they must follow every move
    and every unit leaving the board (on a map whose teams have no bases a hit disqualifies)."""
    no_bases = ["......", ".#..^.", "...^..", "...#..", ".....^", "......"]
    left = 0
    for art, seed in [(a, s) for a in (ART, no_bases) for s in range(8)]:
        game = Game(make_map(art, UNITS), seed=seed)
        rng = random.Random(seed)
        for _ in range(150):
            if game.over:
                break
            # team 2 asks a copy: the game's own kept enemies are then team 1's, and must
            # follow team 2's moves
            legal = (game if game.active_team == "1" else game.copy()).legal_actions()
            fires = {(a.unit_id, a.target_id) for a in legal if isinstance(a, Fire)}
            assert fires == {(u.id, t) for u in game.units for t in game.what_if.targets(u)}
            shots = [a for a in legal if isinstance(a, Fire)]
            before = len(game.units)
            game.apply(rng.choice(shots) if shots and rng.random() < 0.3 else rng.choice(legal))
            left += len(game.units) < before
    assert left > 5


def test_an_action_read_from_another_moments_list_is_still_checked() -> None:
    """An action read by index is known legal in the state it was listed for, and only there:
    the same action (the map's one Move object) applied at a later moment is checked anew."""
    game = Game(make_map(ART, UNITS), seed=5)
    actions = game.legal_actions()
    first = actions[0]  # unit 0's first move, read as a random player reads it
    later = game.copy()
    later.apply(first)  # legal where it was read
    with pytest.raises(IllegalAction):  # unit 0 stands there now: the tile is its own
        later.apply(first)
    assert later.why_not(first) is not None
