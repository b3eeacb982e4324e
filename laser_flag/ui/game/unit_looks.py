"""What each unit looks like this frame: the game's state, or the replay's while events play."""

from __future__ import annotations

from ...board.draw import UnitLook
from ...engine.game import Game
from ...play.playback import Playback


def unit_looks(game: Game, playback: Playback | None = None) -> list[UnitLook]:
    """Looks of the units standing still; a unit walking in `playback` is left out."""
    if playback is None:
        positions = {u.id: u.pos for u in game.units}
        lasers = {u.id: u.laser for u in game.units}
    else:
        positions, lasers = playback.positions, playback.shown_lasers()
    walking = playback.walk() if playback else None
    skip = walking[0] if walking else None
    return [
        look_of(game, playback, uid, pos, lasers[uid])
        for uid, pos in positions.items()
        if uid != skip
    ]


def look_of(game: Game, playback: Playback | None, uid: int, pos, laser: str) -> UnitLook:
    """One unit's look at `pos`; status marks only where the live state still applies."""
    unit = game.unit(uid) or playback.before[uid]
    live = game.unit(uid) is not None and unit.pos == pos
    active = unit.team == game.active_team and game.winner is None
    return UnitLook(
        team=unit.team,
        unit_class=unit.unit_class,
        pos=pos,
        ap=unit.ap if active else 0,
        max_ap=game.rules.ap_per_turn if active else 0,
        can_move=live and active and game.what_if.can_move(unit),
        laser=laser,
        elevated=game.map.is_cover(pos),
        cover_sides=game.what_if.cover_sides(unit) if live else frozenset(),
        snap_shots=unit.snap_shots,
    )
