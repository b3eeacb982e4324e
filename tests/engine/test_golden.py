"""legal_actions() and apply() pinned, ply by ply: seeded random games on every bundled map, with
and without fog, must offer exactly the recorded actions in exactly the recorded order at every
ply, and apply() must tell exactly the recorded events (the paths walked, the dice and the odds
included) and, with fog, tell each team exactly the recorded ones. Bots that break ties by the
order of legal_actions() play the same only if the order never moves, so a faster engine must
keep it. A failure names the first ply that differs and shows it, recorded and now.

Each game is one file in golden/: a line per ply, [legal, action, events, told], where `legal`
is the number of legal actions and a digest of them in order (the lists are long), `action` and
`events` their JSON forms (`action_to_json`, `event_to_json`) and `told` (fog only) the indices
of the events each team was told of. The games are played on copies of the bundled maps as they
were when the pin was first taken (golden/maps/), so that a pass over the maps leaves the pin
alone. Re-record only for an intended change of the rules: `.venv/bin/python -m
tests.engine.test_golden`."""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

import pytest

from laser_flag.engine import Game, load_map
from laser_flag.engine.events import event_to_json
from laser_flag.engine.game_map import TEAMS
from laser_flag.engine.record import action_to_json
from tests.fast import map_marks

GOLDEN = Path(__file__).with_name("golden")
MAPS = GOLDEN / "maps"
PLIES = 400


def legal_key(actions: Any) -> list[Any]:
    """The number of legal actions and a digest of them, in order."""
    text = json.dumps([action_to_json(a) for a in actions], separators=(",", ":"))
    return [len(actions), hashlib.sha256(text.encode()).hexdigest()[:16]]


def plies(map_name: str, fog: bool, seed: int) -> list[list[Any]]:
    """Every ply of a seeded random game: its legal actions, the action, events and told."""
    game = Game(load_map(MAPS / f"{map_name}.json"), seed=seed, fog=fog)
    rng, played = random.Random(seed), []
    for _ in range(PLIES):
        actions = game.legal_actions()
        if not actions:
            played.append([legal_key(actions)])
            break
        action = rng.choice(actions)
        events = game.apply(action)
        ply = [legal_key(actions), action_to_json(action), [event_to_json(e) for e in events]]
        if fog:
            told = [game.events_for(team) for team in TEAMS]
            ply.append([[i for i, e in enumerate(events) if any(e is t for t in seen)]
                        for seen in told])
        played.append(ply)
    return played


def cases() -> list[tuple[str, bool, int]]:
    maps = sorted(p.stem for p in MAPS.glob("*.json"))
    return [(m, fog, seed) for m in maps for fog in (False, True) for seed in (3, 4)]


def case_id(map_name: str, fog: bool, seed: int) -> str:
    return f"{map_name}-{'fog' if fog else 'open'}-{seed}"


def record_path(case: tuple[str, bool, int]) -> Path:
    return GOLDEN / f"{case_id(*case)}.json"


def first_difference(recorded: list[Any], now: list[Any]) -> str | None:
    """Where two games part: the first ply that differs, shown both ways; None: the same."""
    for i, (was, is_) in enumerate(zip(recorded, now, strict=False)):
        if was != is_:
            parts = ("legal actions differ", "action differs", "events differ", "told differ")
            which = next(p for p, a, b in zip(parts, was, is_, strict=False) if a != b)
            return (f"ply {i}: the {which}\n  recorded: {json.dumps(was)}\n"
                    f"  now:      {json.dumps(is_)}")
    if len(recorded) != len(now):
        return f"the recorded game has {len(recorded)} plies, this one {len(now)}"
    return None


@pytest.mark.parametrize("case", [pytest.param(c, id=case_id(*c), marks=map_marks(c[0]))
                                  for c in cases()])
def test_the_legal_actions_and_events_are_the_recorded_ones(case):
    recorded = json.loads(record_path(case).read_text())
    assert first_difference(recorded, plies(*case)) is None


def test_a_difference_is_shown_at_its_first_ply():
    game = [[[2, "ab"], ["end_turn"], []], [[1, "cd"], ["move", 0, 1, 1], []]]
    moved = [game[0], [[1, "cd"], ["move", 0, 1, 2], []]]
    assert first_difference(game, game) is None
    assert first_difference(game, moved).startswith("ply 1: the action differs\n")
    assert first_difference(game, game[:1]) == "the recorded game has 2 plies, this one 1"


def write(plies_: list[list[Any]]) -> str:
    """One ply a line, so that a re-recording shows as a diff of the plies that changed."""
    lines = [json.dumps(p, separators=(",", ":")) for p in plies_]
    return "[\n" + ",\n".join(lines) + "\n]\n"


if __name__ == "__main__":
    for case in cases():
        record_path(case).write_text(write(plies(*case)))
