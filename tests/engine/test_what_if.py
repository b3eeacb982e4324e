"""The what-if questions of a state (`game.what_if`, engine/what_if.py), for units as they stand
or as a plan imagines them: shots from a tile and cover against a team (RULES.md §4, §5)."""

from __future__ import annotations

from dataclasses import replace

from laser_flag.engine import Game
from tests.engine.conftest import make_map

# Team 1's Plain at (4, 0); team 2's Scout at (0, 4) and Grunt at (4, 4); cover at (3, 2),
# a wall at (2, 2).
ART = [".....", ".....", "..#..", "..^..", "....."]
UNITS = [("1", "basic", 4, 0), ("2", "scout", 0, 4), ("2", "grunt", 4, 4)]


def game() -> Game:
    return Game(make_map(ART, UNITS), seed=1)


def test_shots_from_a_tile_are_the_enemies_seen_from_there_with_their_odds():
    g = game()
    state, plain = g.state(), g.unit(0)
    for at in [(4, 0), (3, 2), (0, 0), (2, 3)]:
        shots = g.what_if.shots_from(plain, at)
        seen = {e.id for e in state.units if e.team == "2" and g.what_if.has_los(at, e.pos)}
        assert set(shots) == seen
        for target, odds in shots.items():
            enemy = g.unit(target)
            assert odds == g.what_if.shot_odds("basic", at, enemy.unit_class, enemy.pos)
    # where it stands: as it stands
    assert g.what_if.shots_from(plain, (4, 0)) == {
        e: g.what_if.to_hit(plain, g.unit(e)) for e in g.what_if.visible_enemies(plain)}


def test_a_unit_on_a_tile_of_cover_shoots_from_up_there():
    """Asked from a tile, the unit stands as it would there: elevated on cover, not elsewhere,
    whatever it stands on now (a unit a plan imagines is asked about alike)."""
    g = game()
    planned = replace(g.unit(0), pos=(3, 1), ap=1)  # a plan's first step, beside the cover
    up = g.what_if.shots_from(planned, (3, 2))
    down = g.what_if.shots_from(planned, (4, 1))
    assert up and down
    assert all("shooter elevated" in dict(odds.modifiers) for odds in up.values())
    assert not any("shooter elevated" in dict(odds.modifiers) for odds in down.values())


def test_cover_against_a_team_names_each_enemy_that_would_see_the_tile():
    g = game()
    state, plain = g.state(), g.unit(0)
    # Beside the wall at (2, 2), on its south side: IN COVER against a shooter to the north.
    cover = g.what_if.cover_against(plain, (3, 2), "2")
    sees = {e.id for e in state.units if e.team == "2" and g.what_if.has_los(e.pos, (3, 2))}
    assert set(cover) == sees
    assert cover.get(1) is True  # the Scout at (0, 4) fires from the north: the wall faces it
    assert g.what_if.cover_against(plain, (4, 0), "2") == {
        e: False for e in sees_from(g, (4, 0))}


def sees_from(g: Game, tile) -> set[int]:
    return {e.id for e in g.units if e.team == "2" and g.what_if.has_los(e.pos, tile)}


def test_a_game_hands_out_the_questions_of_the_state_it_stands_at():
    """One object while the game stays where it is; after an action, the next state's, and a
    copy asks of its own state."""
    g = game()
    asked = g.what_if
    assert g.what_if is asked and asked.state is g.state()
    copy = g.copy()
    g.apply(g.legal_actions()[0])
    assert g.what_if is not asked and g.what_if.state is g.state()
    assert copy.what_if.state is copy.state() is asked.state
