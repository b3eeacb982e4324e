"""RULES.md §3, Move: reach, diagonals, wall corners, climbing, blocking units."""

from laser_flag.engine import movement
from laser_flag.engine.mapfile import parse_map

GLYPHS = {".": "level", "#": "wall", "^": "elevated", "1": "base_1", "2": "base_2", "u": "base_u"}


def board(rows: list[str]):
    """A map from ASCII rows; the units don't matter to `movement.search`."""
    tiles = [[GLYPHS[ch] for ch in row] for row in rows]
    return parse_map({"tiles": tiles, "units": []}, "test")


def reach(rows, start, speed, climbs_freely=False, occupied=()):
    return set(movement.search(board(rows), start, speed, climbs_freely, set(occupied)))


OPEN = ["." * 21] * 21
COVER_AT_0_1 = [".^...", ".....", ".....", ".....", "....."]


def test_open_floor_reach_counts_match_the_octagon():
    assert len(reach(OPEN, (10, 10), 3)) == 36
    assert len(reach(OPEN, (10, 10), 4)) == 68
    assert len(reach(OPEN, (10, 10), 5)) == 96


def test_speed_four_reaches_4_2_and_3_3_but_not_4_3():
    tiles = reach(OPEN, (10, 10), 4)
    assert (14, 12) in tiles and (13, 13) in tiles
    assert (14, 13) not in tiles and (13, 14) not in tiles


def test_start_tile_is_not_a_destination():
    assert (10, 10) not in reach(OPEN, (10, 10), 4)


def test_walls_and_the_grid_edge_block_steps():
    rows = [
        ".....",
        "####.",
        ".....",
        ".....",
        ".....",
    ]
    # From (0, 0) the wall row forces a detour down column 4; the diagonal (0,3)->(1,4) would
    # cut the corner of the wall at (1,3), so (2,4) takes 6 steps and (2,3) takes 7.
    assert (2, 4) not in reach(rows, (0, 0), 5)
    tiles = reach(rows, (0, 0), 7)
    assert (2, 4) in tiles and (2, 3) in tiles
    assert (2, 2) not in tiles
    assert all(0 <= r < 5 and 0 <= c < 5 for r, c in tiles)
    assert not any(board(rows).is_wall(p) for p in tiles)


def test_diagonal_step_may_not_cut_a_wall_corner():
    rows = [
        ".#...",
        ".....",
        ".....",
        ".....",
        ".....",
    ]
    # (0,0)->(1,1) passes between (0,1), a wall, and (1,0): illegal; it takes two steps.
    assert (1, 1) not in reach(rows, (0, 0), 1)
    assert (1, 1) in reach(rows, (0, 0), 2)


def test_cover_and_unit_corners_do_not_hinder_diagonal_steps():
    rows = COVER_AT_0_1
    assert (1, 1) in reach(rows, (0, 0), 2)
    assert (1, 1) in reach(OPEN, (0, 0), 2, occupied=[(0, 1), (1, 0)])


def test_speed_one_has_no_diagonal_step():
    assert reach(OPEN, (10, 10), 1) == {(9, 10), (11, 10), (10, 9), (10, 11)}


def test_units_block_friend_or_foe():
    tiles = reach(["....."] * 5, (2, 0), 4, occupied=[(1, 1), (2, 1), (3, 1)])
    assert (2, 1) not in tiles
    # Around the wall of units: via (1,0)->(0,1)->(1,2)->(2,2) is 4 steps with 2 diagonals.
    assert (2, 2) in tiles
    assert (2, 3) not in tiles


def test_at_most_half_the_steps_diagonal():
    # Speed 3 allows one diagonal, so (2, 3) away takes 4 steps; speed 4 allows two: 3 steps.
    assert (12, 12) in reach(OPEN, (10, 10), 3)
    assert (12, 13) not in reach(OPEN, (10, 10), 3)
    assert (12, 13) in reach(OPEN, (10, 10), 4)


def test_climbing_onto_cover_ends_the_path():
    rows = COVER_AT_0_1
    tiles = reach(rows, (0, 0), 4)
    assert (0, 1) in tiles
    # (0,2) is reachable around the block, but not across it: the path over the top ends on it.
    assert (0, 2) in tiles
    path = movement.search(board(rows), (0, 0), 4, False, set()).path((0, 2))
    assert (0, 1) not in path


def test_climbing_stops_a_walk_along_a_cover_wall():
    rows = [
        "^^^^^",
        "^^^^^",
        "^^^^^",
        "^^^^^",
        ".....",
    ]
    # From the floor, every step up ends the move: only the first row of cover is reachable.
    assert reach(rows, (4, 2), 4) == {(3, c) for c in range(5)} | {(4, 0), (4, 1), (4, 3), (4, 4)}


def test_scouts_climb_freely():
    rows = ["^^^^^", "^^^^^", "^^^^^", "^^^^^", "....."]
    assert (0, 2) in reach(rows, (4, 2), 5, climbs_freely=True)


def test_cover_to_cover_and_cover_to_floor_are_normal_steps():
    rows = ["^^^^^", "^^^^^", "^^^^^", "^^^^^", "....."]
    tiles = reach(rows, (3, 2), 4)
    assert (0, 2) in tiles  # cover -> cover
    assert (4, 0) in tiles  # cover -> floor


def test_path_is_a_chain_of_neighbour_steps_ending_at_the_destination():
    rows = ["....."] * 5
    path = movement.search(board(rows), (0, 0), 4, False, set()).path((4, 2))
    assert path[0] == (0, 0) and path[-1] == (4, 2)
    assert len(path) - 1 <= 4
    steps = zip(path, path[1:], strict=False)
    assert all(max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1 for a, b in steps)


def legal_path(gm, path, speed, climbs_freely=False):
    """Check a path step by step against RULES §3."""
    steps = list(zip(path, path[1:], strict=False))
    assert 1 <= len(steps) <= speed
    assert sum(1 for a, b in steps if a[0] != b[0] and a[1] != b[1]) <= speed // 2
    for i, (a, b) in enumerate(steps):
        assert max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1 and not gm.is_wall(b)
        assert not gm.is_wall((b[0], a[1])) and not gm.is_wall((a[0], b[1]))
        climbs = gm.is_cover(b) and not gm.is_cover(a)
        assert not climbs or climbs_freely or i == len(steps) - 1
    return True


def test_a_climb_does_not_shadow_a_longer_walk_over_the_cover():
    # Found by comparing with an earlier search that kept one state per tile: (3, 0) is first
    # reached by a climb, which ends that path; the walk over the cover from (2, 2) must still
    # go on through it to (4, 0).
    rows = [
        "^^.^^^",
        "^^^^^.",
        "^.^..^",
        "^^#^.^",
        ".#.#^^",
        "^.^^^^",
    ]
    reach = movement.search(board(rows), (2, 2), 4, False, set())
    assert (4, 0) in reach
    assert legal_path(board(rows), reach.path((4, 0)), 4)


def test_every_path_obeys_the_rules_on_random_boards():
    import random

    rng = random.Random(3)
    for _ in range(60):
        rows = ["".join(rng.choice("....^^#") for _ in range(9)) for _ in range(9)]
        rows[4] = rows[4][:4] + "." + rows[4][5:]
        gm = board(rows)
        for speed, free in ((3, False), (4, False), (5, True)):
            reach = movement.search(gm, (4, 4), speed, free, {(3, 3)})
            for dest in reach:
                assert legal_path(gm, reach.path(dest), speed, free)


def reference_reach(gm, start, speed, climbs_freely, occupied, max_diagonal):
    """Every walk of at most `speed` steps, state by state, with no pruning at all: slow and
    plainly RULES §3 (the search's bitsets must find exactly these destinations)."""
    found, frontier = set(), {(start, 0, False)}
    for _ in range(speed):
        nxt = set()
        for pos, diagonals, stopped in frontier:
            if stopped:
                continue
            for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1), (-1, -1), (-1, 1), (1, -1), (1, 1)):
                to = (pos[0] + dr, pos[1] + dc)
                d = diagonals + (dr != 0 and dc != 0)
                if gm.is_wall(to) or to in occupied or d > max_diagonal:
                    continue
                if dr and dc and (gm.is_wall((pos[0] + dr, pos[1]))
                                  or gm.is_wall((pos[0], pos[1] + dc))):
                    continue
                climbs = gm.is_cover(to) and not gm.is_cover(pos)
                if to != start:
                    found.add(to)
                nxt.add((to, d, climbs and not climbs_freely))
        frontier = nxt
    return found


def test_the_search_finds_exactly_the_destinations_of_every_walk_on_random_boards():
    import random

    rng = random.Random(14)
    for _ in range(40):
        size = rng.randint(5, 8)
        rows = ["".join(rng.choice("....^^#") for _ in range(size)) for _ in range(size)]
        gm = board(rows)
        open_tiles = [p for p in gm.positions() if not gm.is_wall(p)]
        start = rng.choice(open_tiles)
        occupied = set(rng.sample(open_tiles, rng.randint(0, 6))) | {start}
        for speed, free in ((1, False), (3, False), (4, False), (4, True), (5, True), (6, False)):
            for max_diagonal in (speed // 2, 0, speed):
                reach = movement.search(gm, start, speed, free, occupied, max_diagonal)
                assert set(reach) == reference_reach(gm, start, speed, free, occupied,
                                                     max_diagonal), (rows, start, speed)
                for dest in reach:
                    path = reach.path(dest)
                    assert path[0] == start and path[-1] == dest and len(path) - 1 <= speed
                    assert not set(path[1:]) & occupied
                    assert max_diagonal != speed // 2 or legal_path(gm, path, speed, free)


def test_a_search_depends_only_on_the_tiles_it_asked_about():
    gm = board(["......."] * 7)
    reach = movement.search(gm, (3, 3), 1, False, {(3, 3), (2, 3)})
    assert reach.depends_on((2, 3)) and reach.depends_on((4, 3)) and reach.depends_on((3, 3))
    assert not reach.depends_on((0, 0)) and not reach.depends_on((2, 2))  # diagonal at speed 1


def test_a_tile_table_picked_by_a_search_lists_its_destinations_in_reading_order():
    """Game lists a unit's Move actions so: entries of a per-map table, in reading order."""
    gm = board(COVER_AT_0_1)
    reach = movement.search(gm, (2, 2), 2, False, {(1, 1), (3, 2)})
    picked = reach.pick(movement.tile_table(gm, lambda pos: ("entry", pos)))
    assert picked == [("entry", pos) for pos in sorted(reach)]
    assert [pos for _, pos in picked] == list(reach)


def test_one_entry_picked_alone_is_the_entry_at_its_index():
    for start, occupied in (((2, 2), {(1, 1), (3, 2)}), ((0, 0), set()), ((4, 4), {(3, 3)})):
        gm = board(COVER_AT_0_1)  # a map of its own: the search is fresh, nothing listed yet
        table = movement.tile_table(gm, lambda pos: ("entry", pos))
        reach = movement.search(gm, start, 2, False, occupied)
        alone = [reach.pick_one(table, i) for i in range(len(reach))]
        assert alone == reach.pick(table) and len(alone) > 3


def test_searches_kept_for_other_units_give_exactly_the_reference_answers():
    """Many unit placements on one map, so searches kept from earlier placements (the same
    units near the start, others on the rim) answer later ones: each must still be exact."""
    import random

    rng = random.Random(21)
    rows = ["".join(rng.choice(".....^#") for _ in range(9)) for _ in range(9)]
    rows[4] = "........."
    gm = board(rows)
    open_tiles = [p for p in gm.positions() if not gm.is_wall(p)]
    near = [p for p in open_tiles if max(abs(p[0] - 4), abs(p[1] - 4)) <= 2]
    for _ in range(150):
        occupied = set(rng.sample(near, rng.randint(0, 2))) | set(rng.sample(open_tiles, 4))
        occupied.discard((4, 4))
        for speed, free in ((1, False), (3, False), (4, True)):
            reach = movement.search(gm, (4, 4), speed, free, occupied)
            assert set(reach) == reference_reach(gm, (4, 4), speed, free, occupied, speed // 2)
            for dest in reach:
                path = reach.path(dest)
                assert not set(path[1:]) & occupied and legal_path(gm, path, speed, free)


def test_a_search_going_on_from_a_search_alike_is_the_search_made_from_the_start():
    """A new search takes the first layers of a search of the same walk among other units
    (up to the first step that tried a tile blocked in one and free in the other) and goes on
    from there: destinations, paths and what it asked exactly as if searched from the start."""
    import random

    rng = random.Random(8)
    reused = 0
    for _ in range(25):
        rows = ["".join(rng.choice(".....^#") for _ in range(9)) for _ in range(9)]
        rows[4] = "........."
        gm = board(rows)
        grid = gm.memo(movement._Grid)
        open_tiles = [p for p in gm.positions() if not gm.is_wall(p) and p != (4, 4)]
        for speed, free in ((3, False), (4, False), (5, True)):
            occupied = set(rng.sample(open_tiles, 5))
            like = movement._search(grid, (4, 4), speed, free, speed // 2, 0)  # open floor
            for _ in range(6):  # one unit at a time arrives or leaves
                occupied ^= {rng.choice(open_tiles)}
                blocked = grid.bits(occupied)
                scratch = movement._search(grid, (4, 4), speed, free, speed // 2, blocked)
                alike = like.steps_alike(blocked)
                again = movement._search(grid, (4, 4), speed, free, speed // 2, blocked, like,
                                         alike)
                assert list(again) == list(scratch) and again.asked == scratch.asked
                assert [again.path(d) for d in again] == [scratch.path(d) for d in scratch]
                assert again.walked_on(speed) == scratch.walked_on(speed)
                reused += alike > 1
                like = scratch
    assert reused > 100  # most searches went on from layers of another
