"""The balance badge: written into a map by `laser-flag-balance --badge` with every other key
kept, read back through the map reader, stale after a change to play (or to how the bots
decide) but not to a name, and
refused with one line naming the file and the place when it is malformed."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from laser_flag import __version__
from laser_flag.bots import PLAY_VERSION
from laser_flag.engine import MapError, load_map, parse_map
from laser_flag.i18n import use_language
from laser_flag.lab import STYLES, badge
from laser_flag.lab import measured as measured_here
from laser_flag.lab.badge import BadgeStatus
from laser_flag.lab.verdict import FAIR, UNDECIDED
from laser_flag.tools import balance

MAPS = Path(__file__).resolve().parents[2] / "maps"
FLIP = {"level": "elevated", "elevated": "level", "wall": "level"}  # a change of terrain


@pytest.fixture
def measured(tmp_path, capsys) -> Path:
    """A copy of duel with a badge from a tiny rusher-rusher run."""
    path = tmp_path / "duel.json"
    shutil.copy(MAPS / "duel.json", path)
    assert balance.main([str(path), "--badge", "--bots", "rusher,rusher", "--games", "4",
                         "--seed", "2"]) == 0
    capsys.readouterr()
    return path


def data(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def test_the_badge_is_written_with_every_other_key_kept(measured):
    written, bundled = data(measured), data(MAPS / "duel.json")
    value = written.pop("balance")
    bundled.pop("balance", None)
    assert written == bundled
    assert value["games"] == 4 and value["seed"] == 2 and value["budget"] is None
    assert value["sequential"] is True and value["styles"] == ["rusher"]
    assert [r["pairing"] for r in value["pairings"]] == [["rusher", "rusher"]]
    row = value["pairings"][0]
    assert row["capped"] == 0 and 1 <= row["mean_rounds"] <= value["max_rounds"]
    assert row["round_limit"] == 0 and row["shots_per_round"] > 0
    assert value["digest"] == badge.play_digest(load_map(MAPS / "duel.json"))


def test_a_badge_measured_here_is_kept_in_the_data_folder_by_digest(measured, data_dir):
    value = data(measured)["balance"]
    kept = data_dir / "measured" / f"{value['digest']}.json"
    assert json.loads(kept.read_text()) == value
    assert measured_here.find(load_map(measured)) == value
    assert measured_here.find(load_map(MAPS / "blitz.json")) is None

def test_the_badge_says_what_the_run_found(measured, capsys):
    assert balance.main([str(measured), "--bots", "rusher,rusher", "--games", "4",
                         "--seed", "2", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert badge.status(load_map(measured)).verdict == doc["verdicts"][0]["verdict"]


@pytest.mark.parametrize(("change", "stale"), [
    (lambda d: d["tiles"][5].__setitem__(5, FLIP[d["tiles"][5][5]]), True),
    (lambda d: d["units"][0].__setitem__(3, d["units"][0][3] + 1), True),
    (lambda d: d.__setitem__("score_limit", {"1": 5, "2": 4}), True),
    (lambda d: d.__setitem__("turn_limit", 30), True),
    (lambda d: d.__setitem__("rules", {"scout": {"speed": 6}}), True),
    (lambda d: d.__setitem__("fog_of_war", True), True),
    (lambda d: d.__setitem__("name", "Another name"), False),
    (lambda d: d.__setitem__("description", "Rewritten"), False),
    (lambda d: d.__setitem__("team_names", {"1": "Reds", "2": "Blues"}), False),
])
def test_a_change_to_play_makes_the_badge_stale_and_nothing_else_does(measured, change, stale):
    edited = data(measured)
    before = badge.status(parse_map(edited))
    change(edited)
    after = badge.status(parse_map(edited))
    assert (after.verdict == badge.CHANGED) is stale
    if not stale:
        assert after == before


def test_the_badge_counts_games_the_round_cap_stopped(tmp_path, capsys):
    path = tmp_path / "duel.json"
    shutil.copy(MAPS / "duel.json", path)
    assert balance.main([str(path), "--badge", "--bots", "rusher,rusher", "--games", "2",
                         "--seed", "2", "--max-rounds", "1"]) == 0
    row = data(path)["balance"]["pairings"][0]
    assert row["capped"] == row["draws"] == 2 and row["mean_rounds"] == 1
    assert row["limit_draws"] == 0  # Duel has no turn limit to draw at


def test_a_badge_from_before_game_lengths_were_kept_still_loads():
    value = _badge()
    assert "mean_rounds" not in value["pairings"][0]
    gm = parse_map({**data(MAPS / "duel.json"), "balance": value})
    assert gm.to_json_dict()["balance"] == value


def test_an_old_badge_is_read_with_the_honest_verdict():
    """0.18.1's Bastion badge's counts: 96 games a pairing, once "fair", now undecided by them
    (read as if today's bots had measured it, as a badge of a build of one's own is)."""
    rows = [_badge_row(pairing=["hard", "hard"], games=96, team1_wins=43, team2_wins=53, draws=0,
                       team1_win_rate=0.447917, team1_interval=[0.352358, 0.547484]),
            _badge_row(pairing=["rusher", "rusher"], games=96, team1_wins=57, team2_wins=39,
                       draws=0, team1_win_rate=0.59375, team1_interval=[0.493739, 0.686547])]
    gm = parse_map({k: v for k, v in data(MAPS / "duel.json").items() if k != "balance"})
    value = _badge(digest=badge.play_digest(gm), pairings=rows, games=96, game_version="mine")
    status = badge.value_status(gm, value)
    assert (status.verdict, status.text) == (UNDECIDED, "undecided (192 games)")
    assert badge.pace(value)["shots_per_round"] is None  # not kept then


@pytest.mark.parametrize(("version", "stale"), [
    (PLAY_VERSION, False), (__version__, False), ("mine", False), ("0.19.1", True),
    ("0.9.9", True), ("0.18.1", True)])
def test_a_badge_measured_before_the_bots_last_changed_reads_changed(version, stale):
    """A badge of a release older than `bots.PLAY_VERSION` measured bots that decided otherwise
    (the map's digest cannot see inside a bot): the chooser and the editor say so."""
    gm = parse_map({k: v for k, v in data(MAPS / "duel.json").items() if k != "balance"})
    value = _badge(digest=badge.play_digest(gm), game_version=version)
    assert (badge.value_status(gm, value).verdict == badge.CHANGED) is stale


def test_a_badges_pace_counts_undecided_games_and_names_the_pairings_that_stall():
    """Of 40 turtle-turtle games 3 were drawn at the round limit (and 1 capped): more than 5%,
    so the map stalls there; Hard's 1 undecided game of 40 does not; a mixed pairing never."""
    pace_keys = {"mean_rounds": 20.0, "shots_per_round": 1.0}
    rows = [_badge_row(pairing=["hard", "hard"], games=40, team1_wins=20, team2_wins=19,
                       draws=1, round_limit=5, capped=0, limit_draws=1, **pace_keys),
            _badge_row(pairing=["turtle", "turtle"], games=40, team1_wins=18, team2_wins=18,
                       draws=4, round_limit=9, capped=1, limit_draws=3, **pace_keys),
            _badge_row(pairing=["hard", "turtle"], games=40, team1_wins=20, team2_wins=10,
                       draws=10, round_limit=10, capped=0, limit_draws=10, **pace_keys)]
    pace = badge.pace(_badge(pairings=rows))
    assert (pace["round_limit"], pace["limit_draws"]) == (15, 5)
    assert pace["stalls"] == [["turtle", "turtle"]]
    older = badge.pace(_badge(pairings=[_badge_row(round_limit=0, capped=1, **pace_keys)]))
    assert older["limit_draws"] is None  # not kept then; its capped game still stalls it
    assert older["stalls"] == [["a", "a"]]


def test_a_map_without_a_badge_is_not_measured():
    assert badge.status(load_map(MAPS / "templates" / "empty_21x21.json")).text == "not measured"


@pytest.mark.parametrize(("status", "text"), [
    (BadgeStatus(FAIR), "fair"),
    (BadgeStatus(UNDECIDED, games=1203), "undecided (1,203 games)"),
    (BadgeStatus("leans team 1", 0.62, (0.551, 0.689)), "leans team 1 (62% [55%-69%])"),
    (BadgeStatus(badge.CHANGED), "changed since measured"),
])
def test_the_badge_text(status, text):
    assert status.text == text


def _badge_row(**changes) -> dict:
    row = {"pairing": ["a", "a"], "games": 10, "team1_wins": 5, "team2_wins": 4, "draws": 1,
           "team1_win_rate": 0.555556, "team1_interval": [0.26, 0.81]}
    return {**row, **changes}


def _badge(**changes) -> dict:
    value = {"game_version": "0.10.0", "digest": "0" * 64, "seed": 1, "games": 10,
             "max_rounds": 200, "budget": None, "pairings": [_badge_row()]}
    return {**value, **changes}


@pytest.mark.parametrize(("value", "place"), [
    ([], "balance: must be an object"),
    (_badge(digest="abc"), "balance.digest"),
    (_badge(games=0), "balance.games"),
    (_badge(seed="1"), "balance.seed"),
    (_badge(game_version="x" * 41), "balance.game_version"),
    (_badge(pairings=[]), "balance.pairings"),
    (_badge(pairings=[_badge_row()] * 17), "balance.pairings"),
    ({k: v for k, v in _badge().items() if k != "digest"}, "balance.digest: missing"),
    (_badge(pairings=[_badge_row(draws=2)]), "must equal games"),
    (_badge(pairings=[_badge_row(team1_win_rate=0.9)]), "pairings[0].team1_win_rate"),
    (_badge(pairings=[_badge_row(team1_interval=[0.6, 0.8])]), "must hold the rate"),
    (_badge(pairings=[_badge_row(team1_interval=[0.2, 1.5])]), "must be a number 0 to 1"),
    (_badge(pairings=[_badge_row(pairing=["a"])]), "pairings[0].pairing"),
    (_badge(pairings=[_badge_row(team1_wins=-1, draws=7)]), "pairings[0].team1_wins"),
    (_badge(pairings=[_badge_row(team1_wins=0, team2_wins=0, draws=10)]), "must be null"),
    (_badge(pairings=[_badge_row(mean_rounds=201)]), "pairings[0].mean_rounds"),
    (_badge(pairings=[_badge_row(mean_rounds="7")]), "pairings[0].mean_rounds"),
    (_badge(pairings=[_badge_row(capped=2)]), "capped: must be at most draws"),
    (_badge(pairings=[_badge_row(capped=-1)]), "pairings[0].capped"),
    (_badge(pairings=[_badge_row(limit_draws=-1)]), "pairings[0].limit_draws"),
    (_badge(pairings=[_badge_row(capped=1, limit_draws=1)]), "with capped, must be at most"),
    (_badge(pairings=[_badge_row(round_limit=0, limit_draws=1)]), "at most round_limit"),
    (_badge(pairings=[_badge_row(shots_per_round=-1)]), "pairings[0].shots_per_round"),
    (_badge(pairings=[_badge_row(shots_per_round="2")]), "pairings[0].shots_per_round"),
    (_badge(pairings=[_badge_row(round_limit=11)]), "pairings[0].round_limit"),
    (_badge(pairings=[_badge_row(round_limit=1.5)]), "pairings[0].round_limit"),
    (_badge(sequential="yes"), "balance.sequential"),
    (_badge(styles=[]), "balance.styles"),
    (_badge(styles=["x" * 41]), "balance.styles[0]"),
    (_badge(styles="hard"), "balance.styles"),
])
def test_a_malformed_badge_is_refused_naming_the_file_and_place(value, place, tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({**data(MAPS / "duel.json"), "balance": value}))
    before = path.read_bytes()
    with pytest.raises(MapError) as err:
        load_map(path)
    message = str(err.value)
    assert message.startswith(f"{path}: balance") and place in message
    assert "\n" not in message and path.read_bytes() == before


def test_a_well_formed_badge_from_a_newer_version_loads_with_its_extra_keys():
    value = _badge(verdict_by_newer_version="fair")
    gm = parse_map({**data(MAPS / "duel.json"), "balance": value})
    assert gm.to_json_dict()["balance"] == value


def test_badge_without_a_mirror_pairing_is_refused_before_any_game(measured, capsys):
    before = measured.read_bytes()
    assert balance.main([str(measured), "--badge", "--bots", "greedy,rusher"]) == 2
    assert "mirror pairing" in capsys.readouterr().err
    assert measured.read_bytes() == before


@pytest.mark.parametrize(("argv", "expected"), [
    (["--badge"], STYLES),
    (["--badge", "--bots", "rusher,rusher"], (("rusher", "rusher"),)),
    (["--bots", "greedy,rusher", "--styles", "--bots", "rusher"],  # --bots first, as given
     (("greedy", "rusher"), ("rusher", "rusher"),
      *(p for p in STYLES if p != ("rusher", "rusher")))),
    ([], (("greedy", "greedy"),)),
])
def test_the_pairings_asked_for_each_once(argv, expected):
    assert balance.pairings(balance._parser().parse_args(["duel", *argv])) == expected


def damaged_during_the_run(monkeypatch, damage) -> None:
    """The map file is harmed while the games are played (after they were all set up)."""
    real_play = balance.play

    def play(run, at):
        played = real_play(run, at)
        damage()
        return played

    monkeypatch.setattr(balance, "play", play)


@pytest.mark.parametrize("harm", ["unreadable", "folder gone"])
def test_a_badge_that_cannot_be_written_is_one_line_and_exit_2_the_report_kept(
        tmp_path, capsys, monkeypatch, harm):
    folder = tmp_path / "maps"
    folder.mkdir()
    path = folder / "duel.json"
    shutil.copy(MAPS / "duel.json", path)
    damage = {"unreadable": lambda: path.write_text("{", encoding="utf-8"),
              "folder gone": lambda: shutil.rmtree(folder)}[harm]
    damaged_during_the_run(monkeypatch, damage)
    status = balance.main([str(path), "--badge", "--bots", "rusher,rusher", "--games", "2",
                           "--seed", "2"])
    out, err = capsys.readouterr()
    assert status == 2
    assert "rusher" in out  # the report, printed before the badge was tried
    lines = [line for line in err.splitlines() if "badge" in line]
    assert len(lines) == 1 and lines[0].startswith(f"laser-flag-balance: error: {path}: badge ")
    assert "Traceback" not in err


def test_a_map_with_a_242_byte_file_name_gets_its_badge(tmp_path, capsys):
    """Its temporary file's name once passed 255 bytes, and writing the badge failed."""
    path = tmp_path / ("d" * 237 + ".json")
    assert len(path.name.encode()) == 242
    shutil.copy(MAPS / "duel.json", path)
    assert balance.main([str(path), "--badge", "--bots", "rusher,rusher", "--games", "2",
                         "--seed", "2"]) == 0
    assert badge.status(load_map(path)).verdict != "not measured"


@pytest.mark.parametrize("content", [b"{not json", b"[]", b"{}", b"x" * 300_000])
def test_a_bad_file_measured_here_is_passed_over(content, data_dir):
    """The data folder is the player's: a damaged or planted file never stands as measured."""
    gm = load_map(MAPS / "duel.json")
    folder = data_dir / "measured"
    folder.mkdir(parents=True)
    (folder / f"{badge.play_digest(gm)}.json").write_bytes(content)
    assert measured_here.find(gm) is None


def test_a_file_measured_here_for_another_map_is_passed_over(data_dir):
    """A value copied under another map's digest does not fit that map."""
    duel, blitz = load_map(MAPS / "duel.json"), load_map(MAPS / "blitz.json")
    value = _badge(digest=badge.play_digest(blitz))
    folder = data_dir / "measured"
    folder.mkdir(parents=True)
    (folder / f"{badge.play_digest(duel)}.json").write_text(json.dumps(value))
    assert measured_here.find(duel) is None


def test_a_data_folder_that_cannot_keep_it_is_one_line_and_exit_2_the_map_badged(
        tmp_path, capsys, data_dir):
    data_dir.write_text("a file where the data folder goes", encoding="utf-8")
    path = tmp_path / "duel.json"
    shutil.copy(MAPS / "duel.json", path)
    assert balance.main([str(path), "--badge", "--bots", "rusher,rusher", "--games", "2",
                         "--seed", "2"]) == 2
    err = capsys.readouterr().err
    assert err.count("laser-flag-balance: error:") == 1
    assert f"{path}: badge not kept as measured here: Not a directory" in err
    assert badge.status(load_map(path)).verdict != "not measured"  # the map's own badge


@pytest.mark.parametrize(("status", "text", "said"), [
    (BadgeStatus(FAIR, games=600), "fair", "fair"),
    (BadgeStatus("leans team 2", 0.3, (0.25, 0.35), 400), "leans team 2 (70% [65%-75%])",
     "neigt zu Team 2 (70% [65%-75%])"),
    (BadgeStatus(UNDECIDED, games=96), "undecided (96 games)", "unentschieden (96 Partien)"),
    (BadgeStatus(UNDECIDED, games=1), "undecided (1 game)", "unentschieden (1 Partie)"),
    (BadgeStatus(badge.CHANGED), "changed since measured", "seit der Messung geändert"),
    (BadgeStatus(badge.NOT_MEASURED), "not measured", "nicht gemessen"),
])
def test_a_badge_is_said_in_the_reader_s_language_and_written_in_english(status, text, said):
    """`text` goes to files and the command line, `said` to the editor's and the game's
    screens."""
    use_language("de")
    assert (status.text, status.said) == (text, said)
