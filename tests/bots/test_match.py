"""bots/match.py's play_match: its hooks see every action before it is applied and its events
after, in order, on the game being played."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from laser_flag.bots.match import play_match
from laser_flag.engine import Action, Game, Move, load_map

DUEL = Path(__file__).resolve().parents[2] / "maps" / "duel.json"


def test_before_action_sees_each_chosen_action_on_the_game_before_it_is_applied():
    seen: list[str] = []

    def before(game: Game, action: Action) -> None:
        assert action in game.legal_actions()  # not yet applied: still legal there
        if isinstance(action, Move):
            assert game.unit(action.unit_id).pos != action.to
        seen.append("action")

    def after(events: Sequence[object]) -> None:
        seen.append("events")

    result = play_match(load_map(DUEL), ("greedy", "random"), seed=4, max_rounds=3,
                        on_events=after, before_action=before)
    assert result.rounds >= 1 and len(seen) > 2
    assert seen == ["action", "events"] * (len(seen) // 2)  # each action, then its events
