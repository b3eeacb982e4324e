"""Generated maps checked by play: each candidate's score limits and team 2's start moves are
screened with the zoo's mirrors, the nearest fair is confirmed and looked at by Hard, and what
comes out carries the badge it earned, its pace and its seed; the command line writes it and
prints the badge. Runs here are tiny (a few games on a small board, one process)."""

from __future__ import annotations

import json
import threading
import time
from dataclasses import replace

import pytest

from laser_flag.engine import load_map, parse_map
from laser_flag.i18n import use_language
from laser_flag.lab import badge, fair_maps
from laser_flag.lab.badge import BadgeStatus
from laser_flag.lab.fair_maps import (
    HARD,
    NEAR_FAIR,
    REPAIRABLE,
    SCRIPTED,
    Candidate,
    Effort,
    Made,
    distance,
    make,
    measure,
    start_moves,
    with_limits,
)
from laser_flag.lab.generator import KEY, Knobs, build
from laser_flag.lab.verdict import FAIR, LEANS
from laser_flag.tools import balance, generate

SMALL = Knobs(size=9, units=("basic", "scout"))
TINY = Effort(screen_games=16, confirm_games=16, confirm_most=24, hard_games=2,
              hard_budget="steps:2", seconds=600, jobs=1, candidates=1)


def test_limits_move_each_team_s_score_limit_and_never_below_one():
    data = build(1, SMALL)
    assert with_limits(data, (0, 2))["score_limit"] == {"1": 4, "2": 6}
    assert with_limits(data, (-9, 0))["score_limit"] == {"1": 1, "2": 4}
    assert data["score_limit"] == {"1": 4, "2": 4}  # the map itself is left alone


def test_start_moves_move_one_team_2_unit_a_tile_and_keep_it_out_of_sight():
    data = next(d for d in (build(seed, SMALL) for seed in range(20)) if start_moves(d))
    for moved in start_moves(data):
        gm = parse_map(moved, "moved")
        changed = [(a, b) for a, b in zip(data["units"], moved["units"], strict=True) if a != b]
        assert len(changed) == 1
        (old, new), = changed
        assert old[0] == new[0] == "2" and abs(old[2] - new[2]) + abs(old[3] - new[3]) == 1
        team_1 = [u.pos for u in gm.units if u.team == "1"]
        assert not any(gm.visibility.sees(a, (new[2], new[3])) for a in team_1)


@pytest.mark.slow
def test_a_confirmation_plays_the_fewest_games_even_when_the_lab_could_tell_sooner():
    data = build(2, SMALL)  # its rusher's mirror leans team 2 plainly by 48 games
    early = measure([data], SCRIPTED[:1], 96, TINY, None, screen=True)[0].rows[0]
    confirmed = measure([data], SCRIPTED[:1], 96, TINY, None, least=64)[0].rows[0]
    assert early["games"] < 64 <= confirmed["games"]


@pytest.mark.slow
def test_only_the_confirmation_gives_up_on_a_map_that_can_no_longer_end_fair(monkeypatch):
    """The screens and Hard's look stop as the lab does; the confirmation, from its fewest games
    on, also stops once a mirror is unlikely to end fair (lab.stopping.fair_chance)."""
    plans = []
    real = fair_maps.new_plan

    def kept(*args, **kwargs):
        plans.append(real(*args, **kwargs))
        return plans[-1]

    monkeypatch.setattr(fair_maps, "new_plan", kept)
    make(1, SMALL, TINY)  # its candidate passes the screen and is confirmed
    confirming = [p for p in plans if p.least == TINY.confirm_games]
    assert confirming and all(p.futile == TINY.confirm_futile > 0 for p in confirming)
    assert all(p.futile == 0 for p in plans if p.least == 0)


def screened_variants(monkeypatch) -> list[list[fair_maps.Measured]]:
    """Each screen `make` plays from now on, as its variants' measurements."""
    screens: list[list[fair_maps.Measured]] = []
    real = fair_maps.measure

    def counted(maps, *args, screen=False, **kwargs):
        measured = real(maps, *args, screen=screen, **kwargs)
        if screen:
            screens.append(measured)
        return measured

    monkeypatch.setattr(fair_maps, "measure", counted)
    return screens


@pytest.mark.slow
@pytest.mark.parametrize(("seed", "moved"), [(8, False), (1, True)])
def test_start_moves_are_screened_only_when_the_nearest_score_limit_is_within_reach(
        monkeypatch, seed, moved):
    screens = screened_variants(monkeypatch)
    make(seed, SMALL, TINY)
    nearest = min(max(distance(row) for row in m.rows) for m in screens[0])
    assert moved == (NEAR_FAIR / 2 < nearest <= REPAIRABLE)  # seed 8's is 25 points off
    sizes = [len(screen) for screen in screens]
    assert sizes == ([4, len(start_moves(build(seed, SMALL)))] if moved else [4])


@pytest.mark.slow
def test_a_made_map_carries_its_badge_pace_and_seed():
    seen = []
    made = make(3, SMALL, TINY, say=seen.append)
    assert made.tried == seen and seen
    gm = parse_map(made.data, "made")
    value = made.data[badge.KEY]
    assert value["digest"] == badge.play_digest(gm)  # the badge is of this very map
    assert [row["pairing"] for row in value["pairings"]] == [list(p) for p in SCRIPTED]
    assert made.verdict == badge.status(gm).text
    assert made.pace == badge.pace(value) and made.pace["games"] > 0
    assert made.data[KEY]["seed"] == 3 and made.seed == 3
    start = build(3, SMALL, made.candidate)
    assert made.data["tiles"] == start["tiles"]  # limits and start tiles are all a repair moves
    last = seen[-1]
    if last.stage != "screened":  # confirmed: every mirror played the fewest games or more
        assert all(row["games"] >= TINY.confirm_games for row in value["pairings"])
    if last.stage == "hard":
        assert made.data[KEY]["hard"]["games"] == TINY.hard_games
        assert HARD[0][0] == "hard"


@pytest.mark.slow
@pytest.mark.parametrize("check", ["confirmation", "Hard's look"])
def test_a_check_the_time_ends_before_its_first_game_leaves_the_badge_earned_before(
        monkeypatch, check):
    """Seed 1's candidate passes its screen; when the time ends before its confirmation's (or
    Hard's) first game, the map keeps the badge its last games earned, not "not measured" (or
    a Hard look of no game)."""
    real = fair_maps.measure

    def late(maps, pairings, games, effort, stop, budget=None, screen=False, least=0, **rest):
        cut = least > 0 if check == "confirmation" else budget is not None
        if cut:  # the deadline passed just before this check
            effort = replace(effort, deadline=time.monotonic() - 1)
        return real(maps, pairings, games, effort, stop, budget, screen=screen, least=least,
                    **rest)

    monkeypatch.setattr(fair_maps, "measure", late)
    if check == "Hard's look":  # its confirmation, undecided at these counts, taken as passed
        monkeypatch.setattr(fair_maps, "passes", lambda rows, lean_only=False: True)
    made = make(1, SMALL, TINY)
    last = made.tried[-1]
    assert last.stage == ("screened" if check == "confirmation" else "confirmed")
    assert made.verdict != badge.NOT_MEASURED and made.pace["games"] > 0
    assert "hard" not in made.data[KEY]


@pytest.mark.slow
def test_a_hard_look_the_time_cuts_short_is_not_a_pass(monkeypatch):
    """Seed 1's candidate, its checks taken as passed: Hard's look ends after one game of its
    two (the deadline came), too few to call the map one that passed every check."""
    real = fair_maps.measure

    def cut(maps, pairings, games, effort, stop, budget=None, **rest):
        return real(maps, pairings, 1 if budget is not None else games, effort, stop, budget,
                    **rest)

    monkeypatch.setattr(fair_maps, "measure", cut)
    monkeypatch.setattr(fair_maps, "passes", lambda rows, lean_only=False: True)
    made = make(1, SMALL, TINY)
    last = made.tried[-1]
    assert (last.stage, last.kept) == ("hard", False) and made.data[KEY]["hard"]["games"] == 1
    assert not made.passed
    assert made.data[KEY]["hard"]["cut_short"] and made.data[KEY]["hard"]["planned"] == 2
    assert last.text == (f"{last.verdict}; Hard's look cut short by the time (1 of 2 games), "
                            "dropped")


@pytest.mark.slow
def test_the_same_seed_and_effort_give_the_same_map():
    first = make(5, SMALL, TINY)
    assert make(5, SMALL, TINY).data == first.data


def test_a_stopped_run_hands_back_the_first_candidate_unmeasured():
    stop = threading.Event()
    stop.set()
    made = make(4, SMALL, TINY, stop=stop)
    assert made.verdict == badge.NOT_MEASURED and made.tried == []
    assert made.data == build(4, SMALL)


def test_the_command_line_writes_a_checked_map_within_its_time(tmp_path, capsys):
    out = tmp_path / "made.json"
    status = balance.main(["generate", "--seed", "6", "--size", "9", "--units", "basic",
                           "--seconds", "1", "--jobs", "1", "-o", str(out)])
    assert status == 0
    gm = load_map(out)
    printed = capsys.readouterr()
    assert printed.out.startswith(f"{out}: {gm.name}, {badge.status(gm).text}")
    assert "seed 6, candidate 0" in printed.out
    assert "candidate 0" in printed.err  # each candidate said as it is measured
    assert json.loads(out.read_text())[KEY]["seed"] == 6


def test_the_command_line_without_a_check_writes_the_seed_s_map(tmp_path, capsys):
    out = tmp_path / "plain.json"
    assert balance.main(["generate", "--seed", "8", "--no-check", "-o", str(out)]) == 0
    assert load_map(out).to_json_dict() == build(8)
    assert capsys.readouterr().out == f"{out}: {build(8)['name']}, not measured; seed 8\n"


@pytest.mark.parametrize(("argv", "said"), [
    (["--size", "30"], "size 30: must be 9 to 21"),
    (["--units", "basic,tank"], "'basic,tank': classes are some of basic,scout,sniper,grunt"),
    (["--walls", "2"], "'2': a share from 0 to 1"),
    (["--mode", "siege"], "argument --mode: invalid choice"),
])
def test_bad_knobs_are_one_line_and_nothing_is_written(tmp_path, capsys, argv, said):
    out = tmp_path / "never.json"
    assert balance.main(["generate", *argv, "--no-check", "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("laser-flag-balance generate: error: ") and said in err
    assert err.count("\n") == 1 and not out.exists()


@pytest.mark.parametrize(("number", "stage", "kept", "passed"), [
    (0, "hard", True, True),
    (0, "hard", False, False),  # Hard's quick look leaned or stalled
    (0, "confirmed", True, False),  # the time ended before Hard's look
    (1, "hard", True, False),  # another candidate's
])
def test_a_made_map_passed_when_its_own_candidate_passed_every_check(number, stage, kept,
                                                                    passed):
    data = build(4, SMALL)
    made = Made(data, BadgeStatus(FAIR), {}, [Candidate(number, data, stage, BadgeStatus(FAIR),
                                                        kept)])
    assert made.fair and made.passed == passed


LEANING = BadgeStatus(LEANS["2"], 0.3, (0.2, 0.4), 200)  # team 2 wins 70% [60%-80%]


def look(verdict: str = "fair", stalls: bool = False, games: int = 16) -> dict:
    return {"budget": "steps:10", "stalls": stalls, "verdict": verdict, "planned": 16,
            "cut_short": games < 16, "games": games}


@pytest.mark.parametrize(("stage", "hard", "kept", "said"), [
    ("screened", None, False, "leans team 2 (70% [60%-80%]), dropped"),
    ("confirmed", None, True, "leans team 2 (70% [60%-80%])"),  # the verdict stands when kept
    ("hard", look("leans team 1"), False,
     "leans team 2 (70% [60%-80%]); Hard's mirror leans team 1, dropped"),
    ("hard", look("undecided (16 games)", stalls=True), False,
     "leans team 2 (70% [60%-80%]); Hard's mirror stalls, dropped"),
    ("hard", look("leans team 1", games=4), False,  # a lean told in fewer games is a lean
     "leans team 2 (70% [60%-80%]); Hard's mirror leans team 1, dropped"),
    ("hard", look(games=4), False,
     "leans team 2 (70% [60%-80%]); Hard's look cut short by the time (4 of 16 games), dropped"),
    ("hard", look(), True, "leans team 2 (70% [60%-80%])"),
])
def test_a_candidate_s_outcome_says_why_it_was_dropped(stage, hard, kept, said):
    data = build(4, SMALL)
    if hard is not None:
        data[KEY] = {**data[KEY], "hard": hard}
    assert Candidate(0, data, stage, LEANING, kept).text == said


def test_the_command_line_says_each_candidate_s_outcome(capsys):
    data = build(4, SMALL)
    data[KEY] = {**data[KEY], "hard": look(games=3)}
    generate.said(Candidate(2, data, "hard", BadgeStatus(FAIR), False))
    generate.said(Candidate(3, data, "confirmed", BadgeStatus(FAIR), True))
    assert capsys.readouterr().err.splitlines() == [
        f"candidate 2 ({data['name']}) after the hard check: fair; Hard's look cut short by "
        "the time (3 of 16 games), dropped",
        f"candidate 3 ({data['name']}) after the confirmed check: fair, kept"]


def test_a_candidate_is_said_in_the_readers_language_and_the_command_line_stays_english(
        capsys):
    """The editor's Generate dialog shows `said`; files and the command line keep `text`."""
    data = build(4, SMALL)
    data[KEY] = {**data[KEY], "hard": look("leans team 1")}
    candidate = Candidate(2, data, "hard", BadgeStatus(FAIR), False)
    use_language("de")
    assert candidate.said == "fair; Schwer gegen Schwer neigt zu Team 1, verworfen"
    assert candidate.text == "fair; Hard's mirror leans team 1, dropped"
    generate.said(candidate)
    assert capsys.readouterr().err == (f"candidate 2 ({data['name']}) after the hard check: "
                                       "fair; Hard's mirror leans team 1, dropped\n")


def test_the_command_line_s_summary_says_a_hard_look_was_cut_short(tmp_path):
    data = build(4, SMALL)
    data[KEY] = {**data[KEY], "hard": look("undecided (3 games)", games=3)}
    made = Made(data, BadgeStatus(FAIR), {}, [Candidate(0, data, "hard", BadgeStatus(FAIR), False)],
                95.0)
    assert generate.summary(tmp_path / "x.json", made) == (
        f"{tmp_path / 'x.json'}: {data['name']}, fair; Hard (steps:10): undecided (3 games), cut "
        "short by the time after 3 of 16 games; seed 4, candidate 0, 1 tried in 95 s")


@pytest.mark.parametrize(("wins", "losses", "cut_short"), [
    (60, 4, False),  # leans at 64 games: told, however few
    (33, 31, True),  # undecided at 64 of 200: the time ended it
    (100, 100, False),  # undecided at 200: the look played whole
])
def test_hard_s_look_is_cut_short_only_when_the_time_ends_it_before_a_verdict(wins, losses,
                                                                              cut_short):
    row = {"pairing": ["hard", "hard"], "games": wins + losses, "team1_wins": wins,
           "team2_wins": losses, "draws": 0, "capped": 0, "limit_draws": 0,
           "mean_rounds": 9.0}
    look = fair_maps.hard_look(fair_maps.Measured({"budget": "steps:10"}, [row]), 200)
    assert (look["cut_short"], look["planned"], look["games"]) == (cut_short, 200, wins + losses)


def test_hard_s_look_stops_once_it_leans(monkeypatch):
    """Hard's look is a sequential run (stopped once told), at most Effort.hard_games games."""
    seen = {}
    real = fair_maps.measure

    def spy(maps, pairings, games, effort, stop, budget=None, screen=False, **rest):
        if budget is not None:
            seen.update(games=games, screen=screen)
        return real(maps, pairings, games, effort, stop, budget, screen=screen, **rest)

    monkeypatch.setattr(fair_maps, "measure", spy)
    monkeypatch.setattr(fair_maps, "passes", lambda rows, lean_only=False: True)
    make(1, SMALL, TINY)
    assert seen == {"games": TINY.hard_games, "screen": True}
    assert Effort().hard_games == 200  # the target's count
