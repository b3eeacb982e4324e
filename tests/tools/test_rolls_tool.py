"""The roll checker (`laser-flag-rolls`): numbers checked by hand against RULES.md §2 and §5."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from itertools import product
from pathlib import Path

import pytest

from laser_flag.tools.rolls import main

CLASSES = ("basic", "scout", "sniper", "grunt")
SHOOTER_POSITIONS = ("level", "elevated", "level_snap", "elevated_snap")
TARGET_POSITIONS = ("level", "elevated", "cover", "elevated_cover")

# RULES.md §2 by hand: to-hit, cover defense, elevated defense, elevated attack, snap penalty.
RULES_TABLE = {
    "basic": (7, 1, -1, -1, 1),
    "scout": (8, 1, -1, -1, 1),
    "sniper": (6, 1, -1, -1, 1),
    "grunt": (7, 2, -2, -2, 2),
}


def hand_needed(shooter: str, shooter_pos: str, target: str, target_pos: str) -> int:
    """RULES §5 written out again, independently of the engine."""
    to_hit, _, _, elevated_attack, snap_penalty = RULES_TABLE[shooter]
    _, cover_defense, elevated_defense, _, _ = RULES_TABLE[target]
    needed = to_hit
    needed += elevated_attack if shooter_pos.startswith("elevated") else 0
    needed += snap_penalty if shooter_pos.endswith("snap") else 0
    needed += cover_defense if target_pos in ("cover", "elevated_cover") else 0
    needed += elevated_defense if target_pos.startswith("elevated") else 0
    return needed


def two_d6_chance(needed: int) -> float:
    """Count the 36 ordered 2D6 outcomes by hand."""
    return round(sum(a + b >= needed for a, b in product(range(1, 7), repeat=2)) / 36, 6)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(list(argv)) == 0
    return capsys.readouterr().out


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict:
    return json.loads(run(capsys, "--json", *argv))


def text_cells(out: str, shooter_label: str, target_label: str, position_label: str) -> list[str]:
    """The four cells (floor, cover, snap floor, snap cover) of one row of a shooter's table."""
    block = out.split(f"{shooter_label} (")[1].split("\n\n")[0]
    current = ""
    for line in block.splitlines()[2:]:
        parts = re.split(r"\s{2,}", line.strip())
        if len(parts) == 6:  # the first row of a target class carries its label
            current, parts = parts[0], parts[1:]
        if (current, parts[0]) == (target_label, position_label):
            return parts[1:]
    raise AssertionError(f"no row {target_label} {position_label}")


def write_map(tmp_path: Path, rules: object) -> Path:
    path = tmp_path / "tuned.json"
    tiles = [["level"] * 5 for _ in range(5)]
    units = [["1", "basic", 0, 0], ["2", "basic", 4, 4]]
    path.write_text(json.dumps({"tiles": tiles, "units": units, "rules": rules}))
    return path


def test_plain_on_floor_against_plain_on_floor_needs_7(capsys: pytest.CaptureFixture[str]) -> None:
    # to-hit 7, no modifiers: 21 of 36 outcomes are >= 7.
    out = run(capsys)
    assert out.startswith("Dice: 2d6")
    assert "Rules: defaults" in out
    assert text_cells(out, "Plain", "Plain", "on floor")[0] == "7 (58.33%)"


def test_sniper_snap_from_cover_at_grunt_on_and_in_cover(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Sniper to-hit 6, elevated attack -1, Grunt cover defense +2, Grunt elevated defense -2,
    # Sniper snap penalty +1: 6 - 1 + 2 - 2 + 1 = 6, and 26 of 36 outcomes are >= 6 (72.22%).
    out = run(capsys)
    assert text_cells(out, "Sniper", "Grunt", "on + in cover")[3] == "6 (72.22%)"
    cell = run_json(capsys)["tables"]["sniper"]["elevated_snap"]["grunt"]["elevated_cover"]
    assert cell == {"needed": 6, "probability": 0.722222}


def test_grunt_snap_from_floor_at_grunt_in_cover(capsys: pytest.CaptureFixture[str]) -> None:
    # Grunt to-hit 7 + cover defense 2 + snap penalty 2 = 11: only 5+6, 6+5, 6+6 hit (3/36).
    out = run(capsys)
    assert text_cells(out, "Grunt", "Grunt", "in cover")[2] == "11 (8.33%)"


def test_json_has_every_cell_with_the_hand_computed_numbers(
    capsys: pytest.CaptureFixture[str],
) -> None:
    doc = run_json(capsys)
    assert doc["dice"] == "2d6"
    tables = doc["tables"]
    assert list(tables) == list(CLASSES)
    for shooter, shooter_pos, target in product(CLASSES, SHOOTER_POSITIONS, CLASSES):
        assert list(tables[shooter]) == list(SHOOTER_POSITIONS)
        assert list(tables[shooter][shooter_pos]) == list(CLASSES)
        cells = tables[shooter][shooter_pos][target]
        assert list(cells) == list(TARGET_POSITIONS)
        for target_pos, cell in cells.items():
            needed = hand_needed(shooter, shooter_pos, target, target_pos)
            assert cell == {"needed": needed, "probability": two_d6_chance(needed)}


def test_set_changes_exactly_the_cells_it_should(capsys: pytest.CaptureFixture[str]) -> None:
    before = run_json(capsys)["tables"]
    after = run_json(capsys, "--set", "grunt.cover_defense=3")["tables"]
    changed = set()
    for shooter, shooter_pos, target, target_pos in product(
        CLASSES, SHOOTER_POSITIONS, CLASSES, TARGET_POSITIONS
    ):
        old = before[shooter][shooter_pos][target][target_pos]["needed"]
        new = after[shooter][shooter_pos][target][target_pos]["needed"]
        if old != new:
            assert new == old + 1
            changed.add((target, target_pos))
    assert changed == {("grunt", "cover"), ("grunt", "elevated_cover")}


def test_set_is_named_in_the_header_and_repeatable(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "--set", "grunt.cover_defense=3", "--set", "sniper.firing_costs=all")
    assert "Rules: defaults + --set grunt.cover_defense=3 + --set sniper.firing_costs=all" in out
    assert "Differs from the defaults: sniper.firing_costs=all, grunt.cover_defense=3" in out
    assert text_cells(out, "Plain", "Grunt", "in cover")[0] == "10 (16.67%)"


def test_needed_outside_the_dice_range_reads_certain_or_impossible(
    capsys: pytest.CaptureFixture[str],
) -> None:
    high = run(capsys, "--set", "basic.to_hit=13")
    assert text_cells(high, "Plain", "Plain", "on floor")[0] == "13 (0.00%)"
    low = run(capsys, "--set", "basic.to_hit=1")
    # 1 - 1 (elevated attack) - 1 (Plain target's elevated defense) = -1: below 2, certain.
    assert text_cells(low, "Plain", "Plain", "on cover")[1] == "-1 (100.00%)"


def test_map_overrides_are_used_and_set_goes_on_top(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = write_map(tmp_path, {"scout": {"to_hit": 6}, "grunt": {"cover_defense": 5}})
    doc = run_json(capsys, "--map", str(path))["tables"]
    assert doc["scout"]["level"]["basic"]["level"] == {"needed": 6, "probability": 0.722222}
    assert doc["basic"]["level"]["grunt"]["cover"]["needed"] == 7 + 5
    doc = run_json(capsys, "--map", str(path), "--set", "grunt.cover_defense=3")["tables"]
    assert doc["scout"]["level"]["basic"]["level"]["needed"] == 6
    assert doc["basic"]["level"]["grunt"]["cover"]["needed"] == 7 + 3
    out = run(capsys, "--map", str(path))
    assert f"Rules: defaults + map rules from {path}" in out
    assert "scout.to_hit=6" in out


def test_3d6_and_1d20(capsys: pytest.CaptureFixture[str]) -> None:
    # 3d6: totals 3..6 come up 1 + 3 + 6 + 10 = 20 of 216 ways, so >= 7 is 196/216.
    doc = run_json(capsys, "--dice", "3d6")
    assert doc["dice"] == "3d6"
    assert doc["tables"]["basic"]["level"]["basic"]["level"] == {
        "needed": 7,
        "probability": round(196 / 216, 6),
    }
    # Grunt on cover shot by a Grunt on cover: 7 - 2 - 2 = 3, the lowest 3d6 total: certain.
    assert doc["tables"]["grunt"]["elevated"]["grunt"]["elevated"]["probability"] == 1.0
    # 1d20: 7..20 is 14 of 20 faces; Scout snap at Grunt in cover: 8 + 2 + 1 = 11 -> 10/20.
    doc = run_json(capsys, "--dice", "1d20")
    assert doc["tables"]["basic"]["level"]["basic"]["level"]["probability"] == 0.7
    assert doc["tables"]["scout"]["level_snap"]["grunt"]["cover"] == {
        "needed": 11,
        "probability": 0.5,
    }
    assert run(capsys, "--dice", "1d20").startswith("Dice: 1d20 (a hit is a total >= needed; 20")


def test_the_largest_dice_accepted_give_exact_tables(capsys: pytest.CaptureFixture[str]) -> None:
    doc = run_json(capsys, "--dice", "10d100")
    assert doc["dice"] == "10d100"
    # Needing 7 on 10d100: every total is at least 10, so the shot is certain.
    assert doc["tables"]["basic"]["level"]["basic"]["level"] == {"needed": 7, "probability": 1.0}
    assert run(capsys, "--dice", "5d30").startswith(f"Dice: 5d30 (a hit is a total >= needed; "
                                                    f"{30**5} outcomes)")


def bad_map_cases(tmp_path: Path) -> dict[str, list[str]]:
    not_json = tmp_path / "broken.json"
    not_json.write_text("{tiles: ")
    return {
        "missing map": ["--map", str(tmp_path / "nowhere.json")],
        "not JSON": ["--map", str(not_json)],
        "unknown rules column": ["--map", str(write_map(tmp_path, {"grunt": {"armour": 1}}))],
        "map is a directory": ["--map", str(tmp_path)],
    }


ARG_CASES = {
    "bad dice": ["--dice", "2x6"],
    "too many sides": ["--dice", "2d1000"],
    "unknown class": ["--set", "nobody.speed=3"],
    "unknown column": ["--set", "grunt.armour=3"],
    "no value": ["--set", "grunt.speed"],
    "no column": ["--set", "grunt=3"],
    "bad value": ["--set", "grunt.cover_defense=lots"],
    "bool for a number": ["--set", "grunt.speed=true"],
    "number for a bool": ["--set", "grunt.climbs_freely=3"],
    "negative speed": ["--set", "grunt.speed=-1"],
    "unknown option": ["--bogus"],
    "stray argument": ["extra"],
    "option without value": ["--map"],
}


MAP_CASES = ("missing map", "not JSON", "unknown rules column", "map is a directory")


@pytest.mark.parametrize("case", [*ARG_CASES, *MAP_CASES])
def test_errors_are_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, case: str
) -> None:
    argv = {**ARG_CASES, **bad_map_cases(tmp_path)}[case]
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "Traceback" not in captured.err
    assert len(captured.err.splitlines()) == 1
    assert captured.err.startswith("laser-flag-rolls: error: ")


def test_module_runs_as_a_script() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "laser_flag.tools.rolls", "--json", "--dice", "2d6"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    cell = json.loads(done.stdout)["tables"]["basic"]["level"]["basic"]["level"]
    assert cell == {"needed": 7, "probability": 0.583333}
    bad = subprocess.run(
        [sys.executable, "-m", "laser_flag.tools.rolls", "--dice", "d6"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert bad.returncode == 2
    assert len(bad.stderr.splitlines()) == 1
    assert "Traceback" not in bad.stderr


def test_a_huge_message_is_cut_to_one_short_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = write_map(tmp_path, {"grunt": {"armour" * 100_000: 1}})
    assert main(["--map", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("laser-flag-rolls: error: ") and "armour" in err
    assert err.count("\n") == 1 and len(err) <= 400


def _rolls(stdout: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "laser_flag.tools.rolls", "--dice", "3d6"],
                          stdout=stdout, stderr=subprocess.PIPE, text=True, check=False)


def test_a_full_disk_is_one_line_and_exit_2() -> None:
    with open("/dev/full", "w") as full:
        done = _rolls(full)
    assert done.returncode == 2
    assert done.stderr == (
        "laser-flag-rolls: error: cannot write the output: No space left on device\n")


def test_a_reader_that_closes_the_pipe_ends_the_checker_quietly() -> None:
    read_end, write_end = os.pipe()
    os.close(read_end)  # like `| head -1` that has already exited
    try:
        done = _rolls(write_end)
    finally:
        os.close(write_end)
    assert (done.returncode, done.stderr) == (0, "")
