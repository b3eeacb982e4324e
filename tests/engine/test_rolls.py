"""RULES.md §5 (the needed roll, exact chances) and §8 (dice highest first, seeded).

The expected numbers below are copied from the rulebook's table, not from the ruleset
module, so a wrong cell in the code fails here.
"""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import product

import pytest

from laser_flag.engine import Game, ToHit
from laser_flag.engine.rolls import TWO_D6, Dice, hit_probability, to_hit, total_counts
from laser_flag.engine.ruleset import DEFAULT_RULESET
from tests.engine.conftest import make_map

# RULES.md §2: to-hit, cover defense, elevated defense, elevated attack, snap-shot penalty.
TABLE = {
    "basic": (7, 1, -1, -1, 1),
    "scout": (8, 1, -1, -1, 1),
    "sniper": (6, 1, -1, -1, 1),
    "grunt": (7, 2, -2, -2, 2),
}
LABEL = {"basic": "Plain", "scout": "Scout", "sniper": "Sniper", "grunt": "Grunt"}

# Of the 36 ordered outcomes of 2D6, how many total at least n (counted by hand).
AT_LEAST = {2: 36, 3: 35, 4: 33, 5: 30, 6: 26, 7: 21, 8: 15, 9: 10, 10: 6, 11: 3, 12: 1, 13: 0}


def expected(shooter: str, target: str, shooter_up: bool, target_up: bool, cover: bool,
             snap: bool) -> tuple[int, list[tuple[str, int]]]:
    """The needed roll and its modifiers, straight from the formula of RULES.md §5."""
    s_hit, _, _, s_elev_atk, s_snap = TABLE[shooter]
    _, t_cover, t_elev_def, _, _ = TABLE[target]
    mods = [(f"{LABEL[shooter]} to-hit", s_hit)]
    if shooter_up:
        mods.append(("shooter elevated", s_elev_atk))
    if cover:
        mods.append(("target in cover", t_cover))
    if target_up:
        mods.append(("target elevated", t_elev_def))
    if snap:
        mods.append(("snap shot", s_snap))
    return sum(v for _, v in mods), mods


def odds(game: Game, shooter: int, target: int, snap: bool = False) -> ToHit:
    """The to-hit of a shot between two of the game's units, by their ids."""
    return game.what_if.to_hit(game.unit(shooter), game.unit(target), snap)


def test_two_d6_chances_are_counts_of_36() -> None:
    for needed, count in AT_LEAST.items():
        assert hit_probability(needed) == Fraction(count, 36), needed
    assert hit_probability(1) == 1
    assert hit_probability(0) == 1
    assert hit_probability(-3) == 1
    assert hit_probability(14) == 0


def test_chance_counts_match_brute_force_of_ordered_outcomes() -> None:
    for needed in range(0, 15):
        hits = sum(1 for a, b in product(range(1, 7), repeat=2) if a + b >= needed)
        assert hit_probability(needed, TWO_D6) == Fraction(hits, 36)


@pytest.mark.parametrize("dice", [Dice(1, 2), Dice(2, 6), Dice(3, 6), Dice(1, 20), Dice(4, 7)])
def test_total_counts_match_listing_every_ordered_outcome(dice: Dice) -> None:
    faces = range(1, dice.sides + 1)
    listed: dict[int, int] = {}
    for outcome in product(faces, repeat=dice.count):
        listed[sum(outcome)] = listed.get(sum(outcome), 0) + 1
    assert dict(total_counts(dice)) == listed


def test_the_largest_dice_accepted_are_counted_exactly() -> None:
    dice = Dice(10, 100)  # 10**20 outcomes: far too many to list one by one
    counts = total_counts(dice)
    assert sum(counts.values()) == 100**10
    assert (min(counts), max(counts)) == (10, 1000)
    assert counts[10] == counts[1000] == 1 and counts[11] == 10  # one die shows a 2
    assert hit_probability(1000, dice) == Fraction(1, 100**10)
    assert hit_probability(505, dice) == Fraction(1, 2) + Fraction(counts[505], 2 * 100**10)


def test_dice_are_listed_highest_first_and_come_from_the_given_generator() -> None:
    rng_a, rng_b = random.Random(3), random.Random(3)
    rolls_a = [TWO_D6.roll(rng_a) for _ in range(200)]
    rolls_b = [TWO_D6.roll(rng_b) for _ in range(200)]
    assert rolls_a == rolls_b
    assert all(r[0] >= r[1] and r[1] >= 1 and r[0] <= 6 and len(r) == 2 for r in rolls_a)
    assert any(r[0] > r[1] for r in rolls_a)  # the sort is not vacuous
    three = Dice(3, 6).roll(random.Random(1))
    assert list(three) == sorted(three, reverse=True)


CASES = list(product(TABLE, TABLE, (False, True), (False, True), (False, True), (False, True)))


@pytest.mark.parametrize(("shooter", "target", "shooter_up", "target_up", "cover", "snap"), CASES)
def test_needed_roll_formula_every_class_and_modifier(
    shooter: str, target: str, shooter_up: bool, target_up: bool, cover: bool, snap: bool
) -> None:
    result = to_hit(
        DEFAULT_RULESET[shooter],
        DEFAULT_RULESET[target],
        shooter_class=shooter,
        shooter_elevated=shooter_up,
        target_elevated=target_up,
        target_in_cover=cover,
        snap=snap,
    )
    needed, mods = expected(shooter, target, shooter_up, target_up, cover, snap)
    assert result.needed == needed
    assert list(result.modifiers) == mods
    assert result.probability == Fraction(AT_LEAST[needed], 36)


# Board positions for the game-level check: the shooter stands at S (floor) or on the cover
# tile at S; the target at T, with a wall or cover tile at W just south of it, facing S.
#   row 0  . . . . .
#   row 1  . . . T .      T = (1, 3)
#   row 2  . . . X .      X = (2, 3): floor, cover or wall
#   row 3  . . . . .
#   row 4  S . . . .      S = (4, 0)
TARGET_SPOTS = {
    # name: (tile under the target, tile south of it, target elevated, target in cover)
    "level": (".", ".", False, False),
    "elevated": ("^", ".", True, False),
    "cover": (".", "^", False, True),
    "elevated_cover": ("^", "#", True, True),
}


def _board(shooter_up: bool, spot: str) -> list[str]:
    under, south, _, _ = TARGET_SPOTS[spot]
    rows = [list("....."), list("....."), list("....."), list("....."), list(".....")]
    rows[1][3] = under
    rows[2][3] = south
    rows[4][0] = "^" if shooter_up else "."
    return ["".join(r) for r in rows]


@pytest.mark.parametrize("spot", TARGET_SPOTS)
@pytest.mark.parametrize("shooter_up", [False, True])
@pytest.mark.parametrize(("shooter", "target"), list(product(TABLE, TABLE)))
def test_game_to_hit_reads_positions_from_the_board(
    shooter: str, target: str, shooter_up: bool, spot: str
) -> None:
    gm = make_map(_board(shooter_up, spot), [("1", shooter, 4, 0), ("2", target, 1, 3)])
    game = Game(gm, seed=1)
    assert game.what_if.has_los((4, 0), (1, 3))
    _, _, target_up, cover = TARGET_SPOTS[spot]
    for snap in (False, True):
        got = odds(game, 0, 1, snap=snap)
        needed, mods = expected(shooter, target, shooter_up, target_up, cover, snap)
        assert (got.needed, list(got.modifiers)) == (needed, mods)
        assert got.probability == Fraction(AT_LEAST[needed], 36)


def test_examples_readable_by_hand() -> None:
    """A few rows worked out on paper, as a designer would check them."""
    gm = make_map(["..^..", ".....", ".....", ".....", "^...."],
                  [("1", "sniper", 4, 0), ("2", "grunt", 0, 2), ("2", "scout", 1, 2)])
    game = Game(gm, seed=1)
    # Sniper on cover vs Grunt on cover: 6 - 1 - 2 = 3, 35 of 36.
    assert odds(game, 0, 1).needed == 3
    assert odds(game, 0, 1).probability == Fraction(35, 36)
    # Sniper on cover vs Scout on floor with cover to its north only (shooter is south-west):
    # 6 - 1 = 5, 30 of 36; as a snap shot 6: 26 of 36.
    assert odds(game, 0, 2).needed == 5
    assert odds(game, 0, 2, snap=True).probability == Fraction(26, 36)
    # Grunt on cover (snap) at the Sniper on cover: 7 - 2 - 1 + 2 = 6.
    assert odds(game, 1, 0, snap=True).needed == 6


def test_map_rule_overrides_change_the_needed_roll() -> None:
    gm = make_map([".....", ".....", ".....", ".....", "....."],
                  [("1", "basic", 4, 0), ("2", "scout", 0, 0)],
                  rules={"basic": {"to_hit": 9, "snap_shot_penalty": 3}})
    game = Game(gm, seed=1)
    assert odds(game, 0, 1).needed == 9
    assert odds(game, 0, 1, snap=True).modifiers[-1] == ("snap shot", 3)
    assert odds(game, 0, 1, snap=True).probability == Fraction(AT_LEAST[12], 36)
