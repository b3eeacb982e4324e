"""Drives a replay without pixels: where it stands, playing and pausing, stepping, jumping and
scrubbing, the view (everything or one team's under fog), what the board and the log show, and
taking the game over from where it stands.

The scene only calls and draws (STYLE.md). Forward by one action plays its events as the game
did (walks, beams, results, sounds); every other move is instant.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ..engine.actions import Action, EndTurn, Fire, Move
from ..engine.events import Event, Shot
from ..engine.game import Game
from ..engine.game_map import TEAMS
from ..i18n import N_, _
from .fog_view import TeamView, ViewCache, units_before
from .log_text import LogLine, Roster, log_line
from .playback import Playback
from .recording import Recording
from .session import Session
from .shot_notes import ShotNotes

GAP_MS = 300  # the pause after one action has played, before the next starts, at speed 1
VIEWS: tuple[str | None, ...] = (None, *TEAMS)  # everything, or as one team saw the game
LOG_ACTIONS = 12  # the log shows the lines of this many actions up to the one shown
GAME_OVER_HERE = N_("The game is over at this point: step back to play on from earlier.")


@dataclass(frozen=True)
class TurnMark:
    """Where a turn starts on the timeline: the index of its first state, and whose it is."""

    at: int
    turn: int
    round: int
    team: str


@dataclass(frozen=True)
class ShotMark:
    """A shot on the timeline: the action it came in, the shooter's team, hit or not."""

    at: int
    team: str
    hit: bool
    snap: bool


class ReplayPlayer:
    """One recording being watched: `index` is the state shown (after that many actions)."""

    def __init__(self, recording: Recording) -> None:
        self.recording = recording
        self.replay = recording.index
        self.roster = Roster(recording.gm, recording.names)
        self.index = 0
        self.playing = False
        self.elapsed = 0.0
        self.playback: Playback | None = None  # the action's events, played as in the game
        self.notes = ShotNotes()  # shots' results fading on the board
        self.seen_by: str | None = None  # everything, or the game as that team saw it
        self.views = ViewCache()
        self.log_cache: dict[tuple[int, str | None], list[LogLine]] = {}
        self.on_event: Callable[[Event], None] = lambda event: None  # its sound, in the client
        self.turn_marks = turn_marks(recording)
        self.shot_marks = shot_marks(recording)

    @property
    def game(self) -> Game:
        return self.replay.game_at(self.index)

    @property
    def last(self) -> int:
        return self.replay.last

    def view(self) -> TeamView:
        """The state shown, as the chosen view sees it."""
        return self.views.of(self.game, self.seen_by)

    # ----- what the view was told ------------------------------------------------------------

    def told(self, index: int) -> list[Event]:
        """The events of one action as the chosen view was told of them (all: everything)."""
        team = self.seen_by
        if team is None:
            return list(self.replay.events[index])
        return self.replay.seen_by(index, team)  # the engine's versions, kept by the index

    def lines(self, index: int) -> list[LogLine]:
        """The log lines of one action, dice included, as the chosen view was told of them;
        each knows the tiles and units it names, so hovering it marks them."""
        key = (index, self.seen_by)
        if key not in self.log_cache:
            turn = self.replay.turns[index - 1] if index else 1
            self.log_cache[key] = [log_line(e, self.roster, turn) for e in self.told(index)]
        return self.log_cache[key]

    def log(self) -> list[LogLine]:
        """The log up to the state shown: the lines of the last few actions, newest last."""
        first = max(1, self.index - LOG_ACTIONS + 1)
        return [line for i in range(first, self.index + 1) for line in self.lines(i)]

    def shots(self) -> list[Shot]:
        """The rolls of the action shown: as they play, or all of them once it has played."""
        if self.playback is not None:
            return list(self.notes.latest)
        return [e for e in self.told(self.index) if isinstance(e, Shot)] if self.index else []

    def plan(self) -> Action | None:
        """The next action, marked on the board as a bot's plan is, while nothing plays."""
        if self.playback is not None or self.index >= self.last:
            return None
        return self.replay.actions[self.index]

    def next_text(self) -> str:
        """The next action in words, as the chosen view would know of it."""
        action = self.plan()
        if action is None:
            return _("The game's end.") if self.index >= self.last else _("Playing...")
        roster, known = self.roster, self.view().known
        if isinstance(action, EndTurn):
            return _("Next: {names} ends the turn.").format(names=roster.names[known.active_team])
        if known.unit(action.unit_id) is None:
            return _("Next: a hidden enemy acts.")
        unit = roster.unit(action.unit_id)
        if isinstance(action, Move):
            return _("Next: {unit} moves to {to}.").format(unit=unit, to=action.to)
        assert isinstance(action, Fire)
        return _("Next: {unit} fires at {unit2}.").format(
            unit=unit, unit2=roster.unit(action.target_id))

    # ----- moving through the game -------------------------------------------------------------

    def switch_view(self, seen_by: str | None = None, step: bool = False) -> None:
        """Everything, team 1's or team 2's view (`step`: the next one); the action playing
        starts again as that view saw it. A game without fog has only everything."""
        if not self.game.fog:
            return
        if step:
            seen_by = VIEWS[(VIEWS.index(self.seen_by) + 1) % len(VIEWS)]
        self.seen_by = seen_by
        if self.playback is not None:
            self.play_action(self.index)

    def step(self, delta: int) -> None:
        """One action (or more) either way: forward by one plays its events, others are
        instant."""
        before = self.index
        self.jump(self.index + delta)
        if self.index == before + 1:
            self.play_action(self.index)

    def jump(self, index: int) -> None:
        """Straight to the state after `index` actions (clamped), nothing played on the way."""
        self.index = min(max(0, index), self.last)
        self.elapsed = 0.0
        self.playback = None
        self.notes.clear()  # the results shown were of another moment

    def scrub(self, index: int) -> None:
        """The timeline dragged or clicked: there at once, and paused."""
        self.playing = False
        if index != self.index or self.playback is not None:
            self.jump(index)

    def jump_to_turn(self, turn: int) -> None:
        """The state at the start of `turn` (clamped to the game's first and last turn)."""
        self.jump(self.replay.first_of_turn(turn))

    def jump_to_round(self, round_: int) -> None:
        """The state at the start of round `round_` (its first team's turn)."""
        self.jump_to_turn(2 * round_ - 1)

    def play_action(self, index: int) -> None:
        """Play action `index` as the game did: the beam, the dice and the sounds, in order."""
        events = self.told(index)
        before = self.replay.game_at(index - 1)
        self.notes.new_action()
        self.playback = Playback(units_before(before, self.seen_by, events), dict(before.scores),
                                 events, on_start=self.on_event, notes=self.notes)

    def toggle_play(self) -> None:
        """Play or pause; playing from the end starts again from the beginning."""
        if self.index == self.last and self.playback is None:
            self.jump(0)
        self.playing = not self.playing
        self.elapsed = 0.0

    def pause(self) -> None:
        self.playing = False

    @property
    def busy(self) -> bool:
        """The picture changes with no input."""
        return self.playing or self.playback is not None or self.notes.alive

    def tick(self, dt_ms: float, speed: float) -> None:
        """The action playing goes on; while playing, the next one starts after a short gap."""
        self.notes.tick(dt_ms)
        if self.playback is not None:
            self.playback.update(dt_ms, speed)
            if self.playback.done:
                self.playback = None
            return
        if not self.playing:
            return
        self.elapsed += dt_ms
        if self.index < self.last and self.elapsed >= (GAP_MS / speed if speed else 0):
            self.step(1)
        elif self.index == self.last:
            self.playing = False

    # ----- playing on --------------------------------------------------------------------------

    def why_not_play_on(self) -> str | None:
        """None when the game can be taken over from the state shown, else why not."""
        return GAME_OVER_HERE if self.game.over else None

    def play_on(self, levels: dict[str, str], state_file: Path | None = None) -> Session:
        """A new game from the state shown (the whole action, even while it plays)."""
        self.pause()
        return self.recording.play_on(self.index, levels, state_file)


def turn_marks(recording: Recording) -> list[TurnMark]:
    """Each turn's first state, with its round and the team to play."""
    index, marks = recording.index, []
    turns = index.turns
    for at, turn in enumerate(turns):
        if at == 0 or turn != turns[at - 1]:
            marks.append(TurnMark(at, turn, (turn + 1) // 2, TEAMS[(turn - 1) % 2]))
    return marks


def shot_marks(recording: Recording) -> list[ShotMark]:
    """Every shot of the game, by the action it came in."""
    teams = {uid: spec.team for uid, spec in enumerate(recording.gm.units)}
    return [ShotMark(at, teams[e.shooter], e.hit, e.snap)
            for at, events in enumerate(recording.index.events) for e in events
            if isinstance(e, Shot)]
