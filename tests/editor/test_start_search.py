"""The start-tile search (map_editor.start_search): which moves it tries, that it keeps the
move whose worst mirror is nearest 50% only when it helps, and its command line on a small
map."""

from __future__ import annotations

import json

import pytest

from laser_flag.engine.mapfile import load_map, parse_map
from map_editor import start_search
from map_editor.approach import approach_tiles
from map_editor.start_search import (
    RUSHERS,
    Trial,
    candidates,
    measure,
    search,
    starts_in_sight,
    step,
)
from map_editor.symmetry import LEFT_RIGHT, ROTATE, has_symmetry

from .helpers import blank

ONE_EACH = [["1", "scout", 5, 1], ["2", "grunt", 2, 8]]
MIRRORED = [["1", "scout", 9, 2], ["2", "scout", 1, 8]]  # rotate 180° on 11 x 11


def _moved(before: list, after: list) -> list[tuple[list, list]]:
    return [(old, new) for old, new in zip(before, after, strict=True) if old != new]


def test_the_team_option_moves_only_that_teams_units():
    data = blank(units=ONE_EACH).data
    assert len(candidates(data, None)) == 8
    only_two = candidates(data, "2")
    assert len(only_two) == 4
    for tweak in only_two:
        (old, new), = _moved(data["units"], tweak.values["units"])
        assert old[0] == new[0] == "2"


def test_no_move_starts_a_unit_in_sight_of_an_enemy():
    """A wall down the middle, open in the bottom row: a step down there would see across."""
    data = blank(units=[["1", "scout", 9, 3], ["2", "grunt", 9, 7]]).data
    for r in range(10):
        data["tiles"][r][5] = "wall"
    assert not starts_in_sight(data)
    labels = {t.label for t in candidates(data, None)}
    assert len(labels) == 6
    assert "Team 1 Scout at row 9, column 3: one tile down" not in labels
    assert "Team 2 Grunt at row 9, column 7: one tile down" not in labels


def test_a_symmetric_map_stays_symmetric():
    data = blank(units=MIRRORED).data
    moves = candidates(data, None)
    assert len(moves) == 4  # the scout's four moves, each made by its image as well
    for tweak in moves:
        assert len(_moved(data["units"], tweak.values["units"])) == 2
        assert has_symmetry(blank(**tweak.applied_to(data)), ROTATE)


def _rate_by_grunt_column(maps, games, seeds, jobs=1, pairings=RUSHERS):
    """Stands in for the games: team 1's rate is 50% with team 2's grunt in column 6, and
    10% further from it for each column away."""
    return [((0.5 - 0.1 * abs(m["units"][1][3] - 6),), games * len(seeds)) for m in maps]


def _two_styles_by_grunt_column(maps, games, seeds, jobs=1, pairings=RUSHERS):
    """Stands in for two mirrors that pull apart: the first is fair with team 2's grunt in
    column 6, the second in column 9, each 10% off a column away."""
    return [(tuple(0.5 - 0.1 * abs(m["units"][1][3] - c) for c in (6, 9)), games * len(seeds))
            for m in maps]


def test_a_step_keeps_the_move_nearest_fair_and_none_when_nothing_helps(monkeypatch):
    monkeypatch.setattr(start_search, "measure", _rate_by_grunt_column)
    data = blank(units=ONE_EACH).data
    current = Trial("as it is", data, (0.3,), 10)
    better = step(current, "2", games=5, seeds=[3, 5], keep=2)
    assert better is not None
    assert better.data["units"][1] == ["2", "grunt", 2, 7]
    assert better.rates == pytest.approx((0.4,)) and better.games == 10
    at_fair = Trial("as it is", better.data, (0.5,), 10)
    assert step(at_fair, "2", games=5, seeds=[3], keep=2) is None


def test_the_search_walks_until_no_move_helps(monkeypatch):
    monkeypatch.setattr(start_search, "measure", _rate_by_grunt_column)
    said: list[str] = []
    best = search(blank(units=ONE_EACH).data, "2", games=5, seeds=[3], keep=2, steps=5,
                  say=said.append)
    assert best.data["units"][1] == ["2", "grunt", 2, 6]
    assert best.rates == pytest.approx((0.5,))
    assert said[-1] == "step 3: in every mirror, no one-tile move brings team 1 nearer 50%"


def test_a_trial_is_as_far_from_fair_as_its_worst_mirror():
    assert Trial("t", {}, (0.45, 0.3, 0.55), 10).distance == pytest.approx(0.2)
    assert Trial("t", {}, (0.5, None), 10).distance == 1.0


def test_the_search_stops_where_mending_one_mirror_would_break_the_other(monkeypatch):
    """Team 2's grunt starts in column 10: 10% and 40% off fair. Column 8 is as fair as both
    mirrors allow (20% and 10% off); in column 7 the second mirror would be 20% off, no better
    than column 8, so the search stops there, short of the first mirror's own best, column 6."""
    monkeypatch.setattr(start_search, "measure", _two_styles_by_grunt_column)
    data = blank(units=[["1", "scout", 5, 1], ["2", "grunt", 2, 10]]).data
    said: list[str] = []
    best = search(data, "2", games=5, seeds=[3], keep=4, steps=10, say=said.append,
                  pairings=(("rusher", "rusher"), ("hunter", "hunter")))
    assert best.data["units"][1][3] == 8
    assert best.distance == pytest.approx(0.2)
    assert said[0] == "mirrors: rusher, hunter"


def _fair_and_far_by_grunt_column(maps, games, seeds, jobs=1, pairings=RUSHERS):
    """Stands in for two mirrors: the first fair (40%) with team 2's grunt in column 7 and
    10% lower a column east, the second 10% with it in column 7 and 10% nearer 50% a column
    east."""
    return [((0.5 - 0.1 * (m["units"][1][3] - 6), 0.1 + 0.1 * (m["units"][1][3] - 7)),
             games * len(seeds)) for m in maps]


def test_a_step_never_takes_a_fair_zoo_mirror_out_of_the_fair_band(monkeypatch):
    """The grunt a column east would bring the worst mirror from 10% to 20%, nearer 50%, but
    take the first, the rusher's, fair at 40%, down to 30%: no step is better."""
    monkeypatch.setattr(start_search, "measure", _fair_and_far_by_grunt_column)
    data = blank(units=[["1", "scout", 5, 1], ["2", "grunt", 2, 7]]).data
    current = Trial("as it is", data, (0.4, 0.1), 10)
    east = [t.applied_to(data) for t in candidates(data, "2") if t.values["units"][1][3] == 8]
    (rates, _), = _fair_and_far_by_grunt_column(east, 5, [3])
    assert rates == pytest.approx((0.3, 0.2))  # nearer fair by the worst mirror alone
    assert step(current, "2", games=5, seeds=[3], keep=4,
                pairings=(("rusher", "rusher"), ("hunter", "hunter"))) is None
    assert current.fair() == {0}
    assert not Trial("east", east[0], rates, 10).keeps_fair(current, frozenset({0, 1}))


def test_a_draw_of_the_population_may_leave_the_fair_band(monkeypatch):
    """As above with the first mirror a tuning draw's: the draws stand in for the held-out
    half, judged by how many are fair, so the step is taken."""
    monkeypatch.setattr(start_search, "measure", _fair_and_far_by_grunt_column)
    data = blank(units=[["1", "scout", 5, 1], ["2", "grunt", 2, 7]]).data
    current = Trial("as it is", data, (0.4, 0.1), 10)
    better = step(current, "2", games=5, seeds=[3], keep=4,
                  pairings=(("style:1002", "style:1002"), ("hunter", "hunter")))
    assert better is not None and better.data["units"][1] == ["2", "grunt", 2, 8]
    assert better.rates == pytest.approx((0.3, 0.2))


SMALL = {"score_limit": {"1": 1, "2": 1}, "units": [["1", "grunt", 7, 5], ["2", "grunt", 3, 5]]}


def test_measuring_plays_every_seed_and_is_reproducible():
    data = blank(**SMALL).data
    first = measure([data, data], games=4, seeds=[3, 5])
    assert first == measure([data, data], games=4, seeds=[3, 5])
    assert [n for _, n in first] == [8, 8]
    assert all(len(rates) == 1 for rates, _ in first)
    assert all(r is None or 0 <= r <= 1 for rates, _ in first for r in rates)


def test_measuring_several_mirrors_gives_each_maps_rate_in_each():
    """Two maps (one where team 1 must hit twice), two mirrors: a rate per map and mirror,
    each as the map and mirror measured alone."""
    harder = blank(**{**SMALL, "score_limit": {"1": 2, "2": 1}}).data
    maps = [blank(**SMALL).data, harder]
    both = measure(maps, games=6, seeds=[3], pairings=(("rusher", "rusher"), ("turtle", "turtle")))
    assert [len(rates) for rates, _ in both] == [2, 2]
    for i, m in enumerate(maps):
        for j, pairing in enumerate((("rusher", "rusher"), ("turtle", "turtle"))):
            alone = measure([m], games=6, seeds=[3], pairings=(pairing,))[0][0][0]
            assert both[i][0][j] == alone


def test_the_command_line_writes_the_best_map_and_leaves_the_input_alone(tmp_path, capsys):
    source = tmp_path / "small.json"
    source.write_text(json.dumps(blank(**SMALL).data), encoding="utf-8")
    before = source.read_bytes()
    out = tmp_path / "best.json"
    assert start_search.main([str(source), "--games", "2", "--seeds", "3", "--steps", "1",
                              "--keep", "1", "--out", str(out)]) == 0
    assert source.read_bytes() == before
    load_map(out)  # a valid map
    assert capsys.readouterr().out.splitlines()[1].startswith("start: ")


@pytest.mark.parametrize("asked", ["hunter,turtle", "style:1002,rusher"])
def test_the_command_line_measures_the_mirrors_asked_for(asked, tmp_path, capsys):
    """The zoo's styles and the population's tuning draws alike."""
    source = tmp_path / "small.json"
    source.write_text(json.dumps(blank(**SMALL).data), encoding="utf-8")
    assert start_search.main([str(source), "--mirrors", asked, "--games", "2",
                              "--seeds", "3", "--steps", "1", "--keep", "1"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"mirrors: {asked.replace(',', ', ')}"
    assert out[1].startswith("start: ") and out[1].count("%") + out[1].count(" -") >= 2


def test_an_unknown_style_is_one_line(capsys):
    with pytest.raises(SystemExit):
        start_search.main(["maps/duel.json", "--mirrors", "rusher,hard"])
    last = capsys.readouterr().err.splitlines()[-1]  # argparse's usage, then the one line
    assert last.endswith("'rusher,hard': styles are some of rusher,turtle,hunter or style:N")


def test_the_mirrors_take_draws_of_the_tuning_half():
    assert start_search.mirrors("style:1002,hunter,style:8") == (
        ("style:1002", "style:1002"), ("hunter", "hunter"), ("style:8", "style:8"))


@pytest.mark.parametrize("text", ["style:1001", "rusher,style:1002,style:7"])
def test_a_held_out_draw_is_refused_in_one_line(text, capsys):
    """The odd draws judge what a search finds, so a search never plays them."""
    with pytest.raises(SystemExit):
        start_search.main(["maps/duel.json", "--mirrors", text])
    last = capsys.readouterr().err.splitlines()[-1]
    held = text.split(",")[-1]
    assert last.endswith(f"'{text}': {held} held out (N odd); search on draws with N even")


@pytest.mark.parametrize("text", ["style:", "style:x", "style:012", "style:1002,"])
def test_a_malformed_draw_is_an_unknown_style(text, capsys):
    with pytest.raises(SystemExit):
        start_search.main(["maps/duel.json", "--mirrors", text])
    assert "styles are some of rusher,turtle,hunter or style:N" in capsys.readouterr().err


def test_the_limits_option_adds_each_teams_score_limit_one_up_and_down():
    """On a symmetric map too, one team's limit at a time; a limit of 1 has no step down."""
    data = blank(**{**SMALL, "units": MIRRORED, "score_limit": {"1": 1, "2": 3}}).data
    moves = candidates(data, "2", limits=True)
    limits = [t.values["score_limit"] for t in moves if "score_limit" in t.values]
    assert limits == [{"1": 2, "2": 3}, {"1": 1, "2": 2}, {"1": 1, "2": 4}]
    assert len(moves) == len(candidates(data, "2")) + 3


def _rate_by_team_2_limit(maps, games, seeds, jobs=1, pairings=RUSHERS):
    """Stands in for the games: team 1's rate is 50% when team 2 needs 5 hits, 10% further from
    it for each hit away."""
    return [((0.5 - 0.1 * abs(m["score_limit"]["2"] - 5),), games * len(seeds)) for m in maps]


def test_the_search_with_limits_steps_a_score_limit(monkeypatch, capsys):
    monkeypatch.setattr(start_search, "measure", _rate_by_team_2_limit)
    data = blank(**{**SMALL, "score_limit": {"1": 3, "2": 3}}).data
    best = search(data, "2", games=5, seeds=[3], keep=2, steps=5, say=lambda _: None,
                  limits=True)
    assert best.data["score_limit"] == {"1": 3, "2": 5}
    assert best.data["units"] == data["units"]
    without = search(data, "2", games=5, seeds=[3], keep=2, steps=5, say=lambda _: None)
    assert without.data == data


def test_the_command_line_passes_the_limits_option_on(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(start_search, "measure", _rate_by_team_2_limit)
    source = tmp_path / "small.json"
    source.write_text(json.dumps(blank(**{**SMALL, "score_limit": {"1": 3, "2": 4}}).data),
                      encoding="utf-8")
    out = tmp_path / "best.json"
    assert start_search.main([str(source), "--limits", "--team", "2", "--steps", "2",
                              "--out", str(out)]) == 0
    assert json.loads(out.read_text(encoding="utf-8"))["score_limit"] == {"1": 3, "2": 5}


def test_a_bad_map_is_one_line_naming_the_file(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    assert start_search.main([str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(bad) in err


def test_bad_seeds_are_one_line(capsys):
    with pytest.raises(SystemExit):
        start_search.main(["maps/duel.json", "--seeds", "3,x"])
    assert "'3,x': seeds are whole numbers, e.g. 3,5,11" in capsys.readouterr().err


def test_the_team_option_on_a_symmetric_map_moves_that_team_alone():
    """The order of play is not symmetric, so a one-sided search gives the symmetry up."""
    data = blank(units=MIRRORED).data
    moves = candidates(data, "2")
    assert len(moves) == 4
    for tweak in moves:
        (old, new), = _moved(data["units"], tweak.values["units"])
        assert old[0] == new[0] == "2"


def _corridor(**extra) -> dict:
    """Team 1's scout at the west end of a corridor along row 5, team 2's at its east end:
    one shortest walk, eight steps long, (5, 2) to (5, 8) on the way."""
    data = blank(units=[["1", "scout", 5, 1], ["2", "scout", 5, 9]], **extra).data
    data["tiles"][4] = ["wall"] * 11
    data["tiles"][6] = ["wall"] * 11
    return data


def _changed_tiles(before: dict, after: dict) -> dict[tuple[int, int], str]:
    return {(r, c): kind for r, row in enumerate(after["tiles"]) for c, kind in enumerate(row)
            if before["tiles"][r][c] != kind}


def test_a_teams_approach_is_the_first_half_of_its_way_in_the_enemys_sight():
    data = _corridor()
    gm = parse_map(data)
    assert approach_tiles(gm, "1") == {(5, 2), (5, 3), (5, 4), (5, 5)}
    assert approach_tiles(gm, "2") == {(5, 8), (5, 7), (5, 6), (5, 5)}
    data["tiles"][5][5] = "wall"  # no way through
    assert approach_tiles(parse_map(data), "1") == frozenset()


def test_on_a_bundled_map_every_approach_tile_is_on_floor_or_cover_in_the_enemys_sight():
    gm = load_map("maps/crossfire.json")
    tiles = approach_tiles(gm, "1")
    east = [u.pos for u in gm.units if u.team == "2"]
    assert 0 < len(tiles) <= 40  # a few dozen candidates at most
    assert not tiles & {u.pos for u in gm.units}
    for pos in tiles:
        assert gm.kind(pos) in ("level", "elevated")
        assert any(gm.visibility.sees(e, pos) for e in east)
        assert pos[1] < gm.cols // 2  # West's own half


def test_the_cover_option_toggles_one_tile_of_the_teams_approach():
    data = _corridor()
    data["tiles"][5][3] = "elevated"
    plain = candidates(data, "1")
    with_cover = candidates(data, "1", cover=True)
    toggles = with_cover[len(plain):]
    assert with_cover[:len(plain)] == plain
    changed = [_changed_tiles(data, t.applied_to(data)) for t in toggles]
    assert changed == [{(5, 2): "elevated"}, {(5, 3): "level"}, {(5, 4): "elevated"},
                       {(5, 5): "elevated"}]
    assert [t.label for t in toggles][:2] == ["Row 5, column 2: floor → cover",
                                            "Row 5, column 3: cover → floor"]
    for tweak in toggles:
        parse_map(tweak.applied_to(data))  # a map the game plays
        assert tweak.applied_to(data)["units"] == data["units"]


def test_the_cover_option_on_a_symmetric_map_without_a_team_toggles_both_halves():
    data = _corridor()
    toggles = [t for t in candidates(data, None, cover=True) if "tiles" in t.values]
    changed = [set(_changed_tiles(data, t.applied_to(data))) for t in toggles]
    assert changed == [{(5, 2), (5, 8)}, {(5, 3), (5, 7)}, {(5, 4), (5, 6)}, {(5, 5)}]
    for tweak in toggles:
        assert has_symmetry(blank(**tweak.applied_to(data)), LEFT_RIGHT)


def _rate_by_cover_at_5_4(maps, games, seeds, jobs=1, pairings=RUSHERS):
    """Stands in for the games: team 1's rate is 50% with cover at (5, 4), 30% without."""
    return [((0.5 if m["tiles"][5][4] == "elevated" else 0.3,), games * len(seeds))
            for m in maps]


def test_the_command_line_with_cover_writes_the_map_with_the_chosen_tile(tmp_path,
                                                                         monkeypatch, capsys):
    monkeypatch.setattr(start_search, "measure", _rate_by_cover_at_5_4)
    source = tmp_path / "corridor.json"
    source.write_text(json.dumps(_corridor()), encoding="utf-8")
    out = tmp_path / "best.json"
    assert start_search.main([str(source), "--cover", "--team", "1", "--steps", "2",
                              "--out", str(out)]) == 0
    written = json.loads(out.read_text(encoding="utf-8"))
    assert _changed_tiles(_corridor(), written) == {(5, 4): "elevated"}
    said = capsys.readouterr().out
    assert "step 1:  50.0% over 120 games each  Row 5, column 4: floor → cover" in said
    without = tmp_path / "without.json"
    assert start_search.main([str(source), "--team", "1", "--steps", "2",
                              "--out", str(without)]) == 0
    assert _changed_tiles(_corridor(), json.loads(without.read_text(encoding="utf-8"))) == {}
