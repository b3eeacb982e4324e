"""Which sounds an engine event makes, so a human's, a bot's and a replayed turn sound alike.

Pygame-free: the client plays the names this returns through laser_flag.sound.mixer.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..engine.events import (
    Disqualified,
    Event,
    GameOver,
    LaserChanged,
    Moved,
    Scored,
    Shot,
    TurnEnded,
)
from ..engine.game_map import GameMap
from ..engine.units import CHARGED, CHARGING, DEACTIVATED

EFFECTS = (
    "laser_shot", "sniper_shot", "hit", "miss", "snap_alert", "snap_shot", "step", "climb",
    "laser_off", "recharging", "charged", "turn_change", "refused", "click",
    "victory", "defeat", "draw",
)
MUSIC = ("music_menu", "music_game")
SOUND_NAMES = EFFECTS + MUSIC
LASER_SOUNDS = {DEACTIVATED: "laser_off", CHARGING: "recharging", CHARGED: "charged"}


def _moved(event: Moved, gm: GameMap | None) -> list[str]:
    """A step per tile walked; a climb for each step up onto cover."""
    steps = zip(event.path, event.path[1:], strict=False)
    return [
        "climb" if gm is not None and gm.is_cover(b) and not gm.is_cover(a) else "step"
        for a, b in steps
    ]


def classes_of(gm: GameMap) -> dict[int, str]:
    """Unit id to class, as a map places them: what a shot's sound depends on."""
    return {uid: spec.unit_class for uid, spec in enumerate(gm.units)}


def _ending(winner: str, humans: frozenset[str]) -> str:
    """Hot-seat, someone at the PC always wins; against a bot the people may lose."""
    if winner == "draw":
        return "draw"
    return "defeat" if humans and winner not in humans else "victory"


def _shot(event: Shot, classes: Mapping[int, str]) -> list[str]:
    """The beam (the sniper's own), after an alert when it is a snap shot, then hit or miss."""
    if event.snap:
        beam = ["snap_alert", "snap_shot"]
    else:
        beam = ["sniper_shot" if classes.get(event.shooter) == "sniper" else "laser_shot"]
    return [*beam, "hit" if event.hit else "miss"]


def sounds_for(event: Event, classes: Mapping[int, str] | None = None,
               gm: GameMap | None = None, humans: frozenset[str] = frozenset()) -> list[str]:
    """The sound names of one event, in the order to play them.

    `classes` (unit id to class) lets the sniper's shot sound apart; `gm` tells a climb onto
    cover from a step. Without them every shot is a plain laser and every move a walk.
    `humans` are the teams people play: when a bot beats them the end is a defeat, not a win.
    """
    match event:
        case Moved():
            return _moved(event, gm)
        case Shot():
            return _shot(event, classes or {})
        case LaserChanged():
            return [LASER_SOUNDS[event.laser]]
        case TurnEnded():
            return ["turn_change"]
        case GameOver():
            return [_ending(event.winner, humans)]
        case Scored() | Disqualified():
            return []  # the hit that caused them already sounded
    raise TypeError(f"not an engine event: {event!r}")
