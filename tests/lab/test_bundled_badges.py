"""Every bundled map ships with a current badge: measured with the standard styles on the map
as it is now, by a version whose bots decide as this one's do (`bots.PLAY_VERSION` or later: a
map's digest cannot see a change inside a bot). When this fails, re-measure: `make badges`.

A badge measured by the lab that stops once the verdict is told (`sequential`) must say fair;
one measured before it (a fixed 96 games a pairing, too few to tell 40-60% from its edges) must
at least not lean, until `make badges` measures it again. Until then the chooser and the editor
show a badge as measured for the map before its change, never as fair."""

from __future__ import annotations

from pathlib import Path

import pytest

from laser_flag import __version__
from laser_flag.bots import PLAY_VERSION
from laser_flag.engine import load_map
from laser_flag.lab import STYLES, badge
from laser_flag.lab.here import STANDARD_BUDGET, STANDARD_GAMES, STANDARD_SEED
from laser_flag.lab.report import stalls
from laser_flag.lab.verdict import FAIR, LEANS
from laser_flag.ui.menu.map_badge import CHANGED_TONE, badge_view
from map_editor import balance_run
from map_editor.document import MapDocument
from map_editor.storage import read_map

MAPS = sorted((Path(__file__).resolve().parents[2] / "maps").glob("*.json"))

# Maps measured for this version and not found fair in the mirror of every style of the zoo
# (their badge says which leans, or that a mirror stayed undecided at the game cap): the open
# balance target, docs/BALANCE_LOG.md. Strict: the mark fails the moment such a map measures
# fair.
NOT_FAIR_FOR_EVERY_STYLE = {"blitz", "commons", "crossfire", "gridlock", "rooftops"}
# Maps measured for this version whose games stall in Hard's own mirror: more than 5% of them
# drawn at the round limit, Hard's two sides waiting each other out (docs/BALANCE_LOG.md).
# Strict: the mark fails the moment such a map's mirrors all end decided.
STALLS_UNDER_HARD = {"bastion", "blitz", "crossfire"}


def marked(names: set[str], reason: str) -> list:
    """MAPS as test parameters, those named in `names` expected to fail, strictly."""
    mark = pytest.mark.xfail(strict=True, reason=reason)
    return [pytest.param(p, id=p.stem, marks=mark if p.stem in names else ()) for p in MAPS]


def measured_badge(path: Path) -> tuple[dict, badge.BadgeStatus]:
    """A map's badge as measured for this map, or the test skipped (the test above says why)."""
    gm = load_map(path)
    status = badge.status(gm)
    if status.verdict == badge.CHANGED:
        pytest.skip(f"{path.name}'s badge is for the map before its last change")
    return gm.to_json_dict()[badge.KEY], status


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
    measured_by = badge.release(value["game_version"])
    assert measured_by is not None, f"{path.name}'s badge names no release: run `make badges`"
    assert badge.release(PLAY_VERSION) <= measured_by <= badge.release(__version__), (
        f"{path.name}'s badge was measured by version {value['game_version']}, whose bots are "
        f"not this version's (their play last changed in {PLAY_VERSION}): run `make badges`")


def test_the_bots_play_version_is_a_release_up_to_this_one():
    assert badge.release(PLAY_VERSION) <= badge.release(__version__)


@pytest.mark.parametrize("path", marked(NOT_FAIR_FOR_EVERY_STYLE, "not yet fair in the mirror "
                                         "of every style of the zoo"))
def test_the_bundled_map_is_fair_for_every_style(path):
    """The map pass, as its badge measured it: fair in every style's mirror (never leaning, for
    a badge from before runs stopped on a told verdict)."""
    value, status = measured_badge(path)
    if value.get("sequential"):
        assert status.verdict == FAIR, f"{path.name}: {status.text}"
    else:
        assert status.verdict not in LEANS.values(), f"{path.name}: {status.text}"


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.stem)
def test_the_bundled_map_s_games_end(path):
    """Hard's own games a mean of 6 rounds or more, and none of any pairing's games stopped by
    the round cap (0.18.0's Rooftops had 1 of 96 Hard-Hard games there)."""
    value, _ = measured_badge(path)
    rows = {tuple(r["pairing"]): r for r in value["pairings"]}
    assert rows["hard", "hard"]["mean_rounds"] >= 6, f"{path.name}: Hard-Hard games too short"
    capped = {pairing: r["capped"] for pairing, r in rows.items() if r["capped"]}
    assert not capped, f"{path.name}: games at the round cap {capped}"


@pytest.mark.parametrize("path", marked(STALLS_UNDER_HARD, "Hard's mirror waits to the "
                                         "round limit"))
def test_the_bundled_map_s_mirrors_are_decided(path):
    """At most 5% of any mirror's games capped or drawn at the round limit."""
    value, _ = measured_badge(path)
    stalled = {"-".join(r["pairing"]): f"{r['capped'] + r['limit_draws']} of {r['games']}"
               for r in stalls(value["pairings"])}
    assert not stalled, f"{path.name}: games undecided {stalled}"


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.stem)
def test_the_chooser_and_the_editor_show_a_stale_badge_as_stale(path):
    """A shipped badge for the map before its change reads "changed" on the chooser's card and
    in the editor, never fair; one that reads fair was measured with the standard styles."""
    gm = load_map(path)
    view = badge_view(gm)
    editor = balance_run.badge_text(MapDocument(read_map(path), path))
    if gm.to_json_dict()[badge.KEY]["digest"] != badge.play_digest(gm):
        assert (view.word, view.tone, view.here) == ("changed", CHANGED_TONE, False)
        assert "edited after its balance was measured" in view.detail
        assert editor == badge.CHANGED
    if FAIR in (view.word, editor):
        pairings = [tuple(r["pairing"]) for r in gm.to_json_dict()[badge.KEY]["pairings"]]
        assert pairings == list(STYLES), f"{path.name} reads fair for other styles"


def test_make_badges_measures_with_the_standard_plan():
    """`make badges` and the chooser's Measure here play the same plan (lab.here)."""
    makefile = (Path(__file__).resolve().parents[2] / "Makefile").read_text()
    assert f"BADGE_GAMES ?= {STANDARD_GAMES}\n" in makefile
    assert f"BADGE_BUDGET ?= {STANDARD_BUDGET}\n" in makefile
    assert f"--seed {STANDARD_SEED} " in makefile
