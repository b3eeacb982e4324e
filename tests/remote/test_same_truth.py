"""The same truth on both screens: every preview a network guest's board makes (reach, a move's
path, the shots from there, each watcher that could snap-shoot it and the risk, the firing
positions against each enemy, why a tile is refused) equals the one the hot-seat board makes for
the same team in the same position, with and without fog of war. The guest is seated by a
welcome as it comes over the wire, at positions played out from seeds on several maps."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from laser_flag.board.forecast import arrival, firing_positions, why_not_there
from laser_flag.bots import HUMAN
from laser_flag.engine import Game, load_map, view
from laser_flag.engine.game_map import TEAMS
from laser_flag.play.guest_turns import GuestTurns
from laser_flag.play.session import Session
from laser_flag.play.turns import Turns
from laser_flag.remote import protocol
from laser_flag.remote.guest import GuestLink

MAPS = Path(__file__).resolve().parents[2] / "maps"
CASES = [(name, fog, seed) for name in ("duel", "crossfire", "bastion") for fog in (False, True)
         for seed in (1, 2)]


def position(name: str, fog: bool, seed: int) -> Game:
    """A game played on at random for a while: units moved, shots taken, watches kept."""
    game = Game(load_map(MAPS / f"{name}.json"), seed=seed, fog=fog)
    rng = random.Random(seed)
    for _ in range(rng.randrange(20, 60)):
        if game.over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


def hot_seat_board(game: Game) -> Game:
    """The game the hot-seat board previews from, for the team to play."""
    return Turns(Session(game, {t: t for t in TEAMS}, {t: HUMAN for t in TEAMS})).view.known


def guest_board(game: Game) -> Game:
    """The game a guest playing the team to play previews from, seated by a welcome as the
    host sends it."""
    team = game.active_team
    welcome = protocol.welcome(game.map, team, {t: t for t in TEAMS}, view(game.state(), team))
    link = GuestLink(("127.0.0.1", 9), "ABCDEF", "Ann", lambda name: None)  # never started
    return GuestTurns(link, json.loads(protocol.encode(welcome)), HUMAN).view.known


def previews(board: Game) -> dict[str, object]:
    """Everything the board shows of the team to play's options."""
    found: dict[str, object] = {"fog": board.fog}
    for unit in (u for u in board.units if u.team == board.active_team):
        what_if = board.what_if
        reach = frozenset(what_if.reachable(unit) if what_if.can_move(unit) else ())
        found[f"{unit.id} reach"] = reach
        found[f"{unit.id} targets"] = tuple(board.what_if.targets(unit))
        for dest in sorted(reach):
            found[f"{unit.id} to {dest}"] = arrival(board, unit.id, dest)
        for tile in board.map.positions():
            found[f"{unit.id} why not {tile}"] = why_not_there(board, unit.id, tile)
        for enemy in (e for e in board.units if e.team != unit.team):
            found[f"{unit.id} against {enemy.id}"] = firing_positions(board, unit.id, enemy.id,
                                                                       reach)
    return found


@pytest.mark.parametrize(("name", "fog", "seed"), CASES)
def test_the_guest_previews_what_the_hot_seat_board_previews(name, fog, seed):
    game = position(name, fog, seed)
    if game.over:
        pytest.skip("the game ended in the random play")
    hot_seat, guest = previews(hot_seat_board(game)), previews(guest_board(game))
    differences = [key for key in hot_seat if hot_seat[key] != guest.get(key)]
    assert not differences, differences[:5]
    assert hot_seat["fog"] == fog
