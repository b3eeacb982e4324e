"""The bot-writing guide's example (docs/BOTS.md) runs as written: its bot plays whole games
through the what-if questions, every decision legal, and each question it names exists."""

from __future__ import annotations

import re
from pathlib import Path

from laser_flag.engine import Game, WhatIf, load_map

ROOT = Path(__file__).resolve().parents[2]
GUIDE = (ROOT / "docs" / "BOTS.md").read_text(encoding="utf-8")


def guide_bot() -> type:
    code = re.search(r"```python\n(from laser_flag\.bots\.base import Bot.*?)```", GUIDE, re.S)
    assert code, "docs/BOTS.md has no bot example"
    names: dict = {}
    exec(compile(code.group(1), "docs/BOTS.md", "exec"), names)  # noqa: S102 (our own docs)
    return names["Careful"]


def test_the_guides_bot_plays_a_whole_game_legally():
    game = Game(load_map(ROOT / "maps" / "duel.json"), seed=3)
    bots = {team: guide_bot()(seed=1) for team in ("1", "2")}
    while game.winner is None and game.turn < 40:
        action = bots[game.active_team].decide(game)
        assert game.why_not(action) is None, action
        game.apply(action)
    assert game.turn > 2


def test_every_question_the_guide_lists_is_asked_of_game_what_if():
    listed = set(re.findall(r"^\| `([a-z_]+)\(", GUIDE, re.M))
    listed |= set(re.findall(r", `([a-z_]+)\(", GUIDE))
    public = {name for name in vars(WhatIf) if not name.startswith("_") and name != "state"}
    assert listed == public
