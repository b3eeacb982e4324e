"""Plays the events of one action out one at a time, and what the board shows meanwhile.

The engine has already applied the action; until each event is played the board keeps
showing the state from before it (positions, lasers, scores, who is on the board). Nothing
waits for input: a shot's result shows at its target for a moment and the next event plays
(several snap shots after one move play one after another), unless the player asked to pause
after each roll.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..engine.events import Disqualified, Event, LaserChanged, Moved, Scored, Shot
from ..engine.game_map import Pos
from .shot_notes import ShotNotes

STEP_MS = 110  # one tile of walking at Normal speed
LASER_MS = 420  # the laser beam, up to its faint trace
RESULT_MS = 650  # then the shot's result shows at its target before the next event plays
BEAM_REACH_MS = 150  # the beam's tip travels from the shooter to the target
BEAM_PEAK_MS = 240  # the beam glows at full strength until here, then fades
BEAM_TRACE = 0.2  # what is left of the glow while the result shows who fired at whom
SWITCH_MS = 360  # a hit laser flickers, then goes dark
FLICKER_MS = 60  # one on or off blink of a laser switching off
GLOW_MS = 320  # a laser starting to recharge, or charged again, glows once


def duration(event: Event) -> int:
    """Milliseconds an event animates at Normal speed (0: instant)."""
    if isinstance(event, Moved):
        return STEP_MS * (len(event.path) - 1)
    if isinstance(event, Shot):
        return LASER_MS + RESULT_MS
    if isinstance(event, LaserChanged):
        return SWITCH_MS if event.laser == "deactivated" else GLOW_MS
    return 0


def beam_reach(elapsed: float) -> float:
    """How far along its line the beam has reached, 0..1, `elapsed` ms into a shot."""
    return min(1.0, max(0.0, elapsed / BEAM_REACH_MS))


def beam_glow(elapsed: float) -> float:
    """How bright the beam is, 1 at its peak, fading to a faint trace as the result shows."""
    if elapsed <= BEAM_PEAK_MS:
        return 1.0
    faded = (elapsed - BEAM_PEAK_MS) / (LASER_MS - BEAM_PEAK_MS)
    return max(BEAM_TRACE, 1.0 - faded * (1.0 - BEAM_TRACE))


def hit_flash(elapsed: float) -> float:
    """How bright a hit target flashes: nothing before the beam arrives, then 1 fading to 0 by
    the end of the beam."""
    if elapsed < BEAM_REACH_MS:
        return 0.0
    return max(0.0, 1.0 - (elapsed - BEAM_REACH_MS) / (LASER_MS - BEAM_REACH_MS))


def switching_lit(elapsed: float) -> bool:
    """Whether a laser being switched off still shows lit: it blinks, then stays dark."""
    return elapsed < SWITCH_MS - FLICKER_MS and int(elapsed // FLICKER_MS) % 2 == 0


def recharge_glow(elapsed: float) -> float:
    """How strong a recharging laser's glow is: rising to 1 halfway through, then gone."""
    t = min(1.0, max(0.0, elapsed / GLOW_MS))
    return 1.0 - abs(2.0 * t - 1.0)


class Playback:
    """A queue of events with the board's view of the units while it runs.

    With `hold_rolls` (the "pause after each roll" setting) a shot waits, once its result has
    shown, for proceed(): a key or a click. `notes`, if given, is told of each shot as it
    starts, with its target's tile, so the result stays on the board after the event.
    """

    def __init__(
        self,
        before_units: Sequence,
        before_scores: dict[str, int],
        events: Sequence[Event],
        on_played: Callable[[Event], None] = lambda event: None,
        hold_rolls: bool = False,
        on_start: Callable[[Event], None] = lambda event: None,
        notes: ShotNotes | None = None,
    ) -> None:
        self.events = list(events)
        self.hold_rolls = hold_rolls
        self.index = 0
        self.elapsed = 0.0
        self.on_played = on_played
        self.before = {u.id: u for u in before_units}
        self.positions: dict[int, Pos] = {u.id: u.pos for u in before_units}
        self.lasers: dict[int, str] = {u.id: u.laser for u in before_units}
        self.scores = dict(before_scores)
        self.on_start = on_start  # the sound of an event starts with its picture
        self.notes = notes
        self._started()

    @property
    def current(self) -> Event | None:
        return self.events[self.index] if self.index < len(self.events) else None

    @property
    def done(self) -> bool:
        return self.current is None

    def animating(self) -> bool:
        """Whether the current event is still being drawn (a walk, a beam and its result)."""
        event = self.current
        return event is not None and self.elapsed < duration(event)

    def waiting(self) -> bool:
        """A shot whose result has shown, waiting for a key or click (pause after each roll)."""
        return self.hold_rolls and isinstance(self.current, Shot) and not self.animating()

    def update(self, dt_ms: float, speed: float) -> None:
        """Advance the clock; events play on by themselves, a held roll excepted."""
        if self.current is None:
            return
        self.elapsed += dt_ms * speed
        if speed <= 0:  # Instant: no walking or beams, straight to a roll that waits
            self.elapsed = float(duration(self.current))
        while self.current is not None and not (self.animating() or self.waiting()):
            self._advance()
            if speed <= 0 and self.current is not None:
                self.elapsed = float(duration(self.current))

    def proceed(self) -> None:
        """A click or key: finish the current animation, or go on past a held roll."""
        if self.animating():
            self.elapsed = float(duration(self.current))
        elif self.current is not None:
            self._advance()

    def skip_all(self) -> None:
        """Every event at once, silently: a skipped turn should not play all its sounds together."""
        while self.current is not None:
            self._advance(quiet=True)

    def walk(self) -> tuple[int, tuple[Pos, ...], float] | None:
        """(unit, path, steps walked so far) while a move animates."""
        event = self.current
        if isinstance(event, Moved) and self.animating():
            return event.unit, event.path, self.elapsed / STEP_MS
        return None

    def shown_lasers(self) -> dict[int, str]:
        """Each unit's laser as drawn: a laser being switched off blinks before it goes dark."""
        event = self.current
        switching = isinstance(event, LaserChanged) and event.laser == "deactivated"
        if switching and self.animating() and not switching_lit(self.elapsed):
            return {**self.lasers, event.unit: event.laser}
        return self.lasers

    def glowing(self) -> tuple[int, float] | None:
        """(unit, glow 0..1) while a laser starting to recharge, or charged again, glows."""
        event = self.current
        if isinstance(event, LaserChanged) and event.laser != "deactivated" and self.animating():
            return event.unit, recharge_glow(self.elapsed)
        return None

    def _advance(self, quiet: bool = False) -> None:
        event = self.events[self.index]
        match event:
            case Moved(unit=uid, path=path):
                self.positions[uid] = path[-1]
            case LaserChanged(unit=uid, laser=laser):
                self.lasers[uid] = laser
            case Scored(team=team, score=score):
                self.scores[team] = score
            case Disqualified(unit=uid):
                self.positions.pop(uid, None)
        self.index += 1
        self.elapsed = 0.0
        self.on_played(event)
        if not quiet:
            self._started()

    def _started(self) -> None:
        event = self.current
        if event is None:
            return
        self.on_start(event)
        if isinstance(event, Shot) and self.notes is not None and event.target in self.positions:
            self.notes.add(event, self.positions[event.target], BEAM_REACH_MS)
