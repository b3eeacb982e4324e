"""Event playback timing and display state, the log's words, and the panel's exact odds."""

from __future__ import annotations

from fractions import Fraction

from laser_flag.engine.events import Disqualified, LaserChanged, Moved, Scored, Shot
from laser_flag.engine.units import Unit
from laser_flag.play.log_text import event_text
from laser_flag.play.odds_text import chance
from laser_flag.play.playback import (
    BEAM_PEAK_MS,
    BEAM_REACH_MS,
    BEAM_TRACE,
    FLICKER_MS,
    GLOW_MS,
    LASER_MS,
    RESULT_MS,
    STEP_MS,
    SWITCH_MS,
    Playback,
    beam_glow,
    beam_reach,
    hit_flash,
)
from laser_flag.play.shot_notes import FADE_MS, ShotNotes

from .conftest import small_session

BEFORE = [Unit(0, "1", "basic", (5, 1), 3), Unit(2, "2", "scout", (1, 5), 3)]
MOVE = Moved(0, ((5, 1), (4, 1), (3, 1)))
SNAP = Shot(2, 0, (6, 5), 9, True, True)
EVENTS = [MOVE, SNAP, Scored("2", 1), LaserChanged(0, "deactivated")]


def test_board_shows_the_old_state_until_each_event_plays_and_nothing_waits():
    played, notes = [], ShotNotes()
    playback = Playback(BEFORE, {"1": 0, "2": 0}, EVENTS, played.append, notes=notes)
    playback.update(STEP_MS, 1.0)
    unit, path, steps = playback.walk()
    assert (unit, steps) == (0, 1.0) and playback.positions[0] == (5, 1)
    playback.update(STEP_MS, 1.0)
    assert playback.positions[0] == (3, 1) and playback.current == SNAP
    assert [(n.shot, n.pos) for n in notes.notes] == [(SNAP, (3, 1))], "its result, at its target"
    playback.update(LASER_MS + RESULT_MS - 1, 1.0)
    assert playback.current == SNAP and playback.scores["2"] == 0, "the result shows a moment"
    assert not playback.waiting()
    playback.update(1, 1.0)
    assert playback.scores["2"] == 1 and playback.lasers[0] == "charged", "the laser blinks first"
    playback.update(SWITCH_MS, 1.0)
    assert playback.done and playback.lasers[0] == "deactivated"
    assert played == EVENTS


def test_a_held_roll_waits_for_proceed_and_its_result_with_it():
    notes = ShotNotes()
    playback = Playback(BEFORE, {"1": 0, "2": 0}, [SNAP], hold_rolls=True, notes=notes)
    playback.update(10_000, 1.0)
    assert playback.waiting() and playback.current == SNAP, "pause after each roll"
    playback.proceed()
    assert playback.done


def test_a_result_appears_as_the_beam_arrives_then_fades_by_itself():
    notes = ShotNotes()
    notes.add(SNAP, (3, 1), BEAM_REACH_MS)
    assert notes.notes[0].strength == 0.0
    notes.tick(BEAM_REACH_MS)
    assert notes.notes[0].strength == 1.0 and notes.latest == [SNAP]
    notes.tick(FADE_MS * 0.8)
    assert 0.0 < notes.notes[0].strength < 1.0
    notes.tick(FADE_MS)
    assert not notes.alive and notes.latest == [SNAP], "the panel keeps it until the next action"
    notes.new_action()
    assert notes.latest == []


def test_a_beam_reaches_its_target_glows_then_fades_to_a_trace():
    assert (beam_reach(0), beam_reach(BEAM_REACH_MS / 2), beam_reach(BEAM_REACH_MS)) == (0, 0.5, 1)
    assert beam_glow(0) == beam_glow(BEAM_PEAK_MS) == 1.0
    assert 1.0 > beam_glow((BEAM_PEAK_MS + LASER_MS) / 2) > beam_glow(LASER_MS) == BEAM_TRACE
    assert beam_glow(10 * LASER_MS) == BEAM_TRACE, "a faint beam stays while the result shows"


def test_a_hit_flashes_when_the_beam_arrives_and_fades_by_the_dice():
    assert hit_flash(0) == hit_flash(BEAM_REACH_MS - 1) == 0.0
    assert hit_flash(BEAM_REACH_MS) == 1.0
    assert 0.0 < hit_flash((BEAM_REACH_MS + LASER_MS) / 2) < 1.0
    assert hit_flash(LASER_MS) == 0.0


def test_a_hit_laser_blinks_then_stays_off_and_a_recharge_glows_once():
    playback = Playback(BEFORE, {"1": 0, "2": 0}, [LaserChanged(0, "deactivated")])
    seen = []
    for _ in range(SWITCH_MS // FLICKER_MS):
        seen.append(playback.shown_lasers()[0])
        playback.update(FLICKER_MS, 1.0)
    assert seen[:3] == ["charged", "deactivated", "charged"] and seen[-1] == "deactivated"
    assert playback.done and playback.shown_lasers()[0] == "deactivated"
    glow = Playback(BEFORE, {"1": 0, "2": 0}, [LaserChanged(0, "charging")])
    assert glow.glowing() == (0, 0.0)
    glow.update(GLOW_MS / 2, 1.0)
    assert glow.glowing() == (0, 1.0)
    glow.update(GLOW_MS / 2, 1.0)
    assert glow.done and glow.glowing() is None


def test_laser_changes_follow_the_animation_speed():
    fast = Playback(BEFORE, {"1": 0, "2": 0}, [LaserChanged(0, "deactivated")])
    fast.update(SWITCH_MS / 2, 2.0)
    assert fast.done
    instant = Playback(BEFORE, {"1": 0, "2": 0}, [LaserChanged(0, "charged")])
    instant.update(1, 0.0)
    assert instant.done


def test_instant_speed_skips_animations_and_skip_all_plays_everything():
    playback = Playback(BEFORE, {"1": 0, "2": 0}, EVENTS)
    playback.update(16, 0.0)
    assert playback.done, "instant: nothing waits"
    held = Playback(BEFORE, {"1": 0, "2": 0}, EVENTS, hold_rolls=True)
    held.update(16, 0.0)
    assert held.waiting()
    held.skip_all()
    assert held.done
    gone = Playback(BEFORE, {"1": 0, "2": 0}, [Disqualified(2)])
    gone.update(16, 1.0)
    assert 2 not in gone.positions


def test_each_event_is_announced_as_it_starts_and_a_skip_is_quiet():
    """The sound hook: the walk as it begins, the shot when its beam starts; S skips silently."""
    started = []
    playback = Playback(BEFORE, {"1": 0, "2": 0}, EVENTS, on_start=started.append)
    assert started == [MOVE]
    playback.update(2 * STEP_MS, 1.0)
    assert started == [MOVE, SNAP]
    playback.skip_all()
    assert playback.done and started == [MOVE, SNAP]


def test_log_lines_name_units_and_rolls():
    roster = small_session().roster
    assert event_text(SNAP, roster) == (
        "Bob's Scout snap-shoots at Alice's Plain: 6+5 = 11, needed 9: HIT"
    )
    fire = Shot(1, 2, (3, 2), 6, False, False)
    assert (
        event_text(fire, roster) == "Alice's Sniper fires at Bob's Scout: 3+2 = 5, needed 6: MISS"
    )
    assert event_text(MOVE, roster) == "Alice's Plain moves (5, 1) -> (3, 1)."


def test_a_plural_team_name_takes_a_bare_apostrophe():
    roster = small_session().roster
    roster.names = {"1": "Raiders", "2": "Garrison"}
    assert event_text(MOVE, roster) == "Raiders' Plain moves (5, 1) -> (3, 1)."
    assert roster.unit(2) == "Garrison's Scout"


def test_chances_are_exact_counts():
    assert chance(Fraction(15, 36), 36) == "15/36 = 41.7%"
    assert chance(Fraction(13, 18) * Fraction(5, 6), 1296) == "780/1296 = 60.2%"
