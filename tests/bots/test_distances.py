"""Walking distances (bots/distances.py): walls and cut corners, and a walk kept within tiles."""

from laser_flag.bots.distances import walking_distance
from tests.engine.conftest import make_map

ART = [".....",
       ".#...",
       ".....",
       ".....",
       "....."]
UNITS = [["1", "basic", 0, 0], ["2", "basic", 2, 4]]


def test_a_walk_within_some_tiles_steps_onto_no_other_and_goes_round():
    gm = make_map(ART, UNITS)
    free = walking_distance(gm, [(0, 0)], corners=False)
    assert free[(2, 0)] == 2 and free[(0, 4)] == 4
    row_0_and_column_0 = {(0, c) for c in range(5)} | {(r, 0) for r in range(5)}
    kept = walking_distance(gm, [(0, 0)], corners=False, within=row_0_and_column_0)
    assert set(kept) == row_0_and_column_0  # the source's own tile is in it too
    assert kept[(0, 4)] == 4 and kept[(2, 0)] == 2
    # (2, 2) is 2 steps away diagonally past the wall's free corner, but not within the tiles
    assert (2, 2) not in kept
    assert walking_distance(gm, [(0, 0)], within={(1, 0)}) == {(0, 0): 0, (1, 0): 1}
