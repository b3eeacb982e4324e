"""Write the hostile corpus (maps/ and saves/ beside this file) from one honest map and save.

Run: .venv/bin/python tests/data/hostile/make_corpus.py   (the files are committed; what each
must produce is in tests/hostile/test_corpus.py)
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from laser_flag import saves
from laser_flag.engine import Game, load_map

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]


def deep(levels: int) -> str:
    return "[" * levels + "]" * levels


def honest_save() -> dict:
    """A save of 30 seeded random actions on duel.json (digest and header true), as version 1
    wrote it (no digest of the file): what each file below breaks is reached by the loader."""
    game = Game(load_map(ROOT / "maps" / "duel.json"), seed=7)
    rng = random.Random(7)
    while len(game.history) < 30 and not game.over:
        game.apply(rng.choice(game.legal_actions()))
    teams = {"names": {"1": "Ann", "2": "Ben"}, "levels": {"2": "Easy"}}
    return {**saves.save_dict(game, teams), "version": 1}


def signed(data: dict) -> str:
    """A version 2 save's text: its canonical JSON and the digest of it."""
    text = saves.canonical({**data, "version": 2})
    return text[:-1] + f',"digest":"{saves.record_digest(text)}"}}'


def one_tile_changed(data: dict) -> dict:
    """The save's map with its first cover tile made floor: no unit stands there."""
    tiles = [list(row) for row in data["map"]["tiles"]]
    row, col = next((r, c) for r, kinds in enumerate(tiles) for c, kind in enumerate(kinds)
                    if kind == "elevated")
    tiles[row][col] = "level"
    return {**data, "map": {**data["map"], "tiles": tiles}}


# A well-formed badge (MAP_FORMAT.md), which the hostile ones below bend.
BADGE = {"game_version": "0.10.0", "digest": "0" * 64, "seed": 1, "games": 10,
         "max_rounds": 200, "budget": None, "pairings": [
             {"pairing": ["hard", "hard"], "games": 10, "team1_wins": 9, "team2_wins": 1,
              "draws": 0, "team1_win_rate": 0.9, "team1_interval": [0.6, 0.98]}]}


def map_files(base: dict) -> dict[str, bytes]:
    text = json.dumps(base)
    inner = text[1:]
    return {
        "deep_nesting.json": ('{"tiles": ' + deep(1000) + "}").encode(),
        "deep_nesting_in_name.json": ('{"name": ' + deep(500) + ", " + inner).encode(),
        "huge_int.json": text.replace('"units": [', '"units": [[' + '"1", "basic", '
                                      + "9" * 5000 + ", 1], ", 1).encode(),
        "nan.json": ('{"score_limit": {"1": NaN}, ' + inner).encode(),
        "infinity.json": ('{"turn_limit": Infinity, ' + inner).encode(),
        "huge_float.json": ('{"turn_limit": 1e999, ' + inner).encode(),
        "list_as_tile.json": json.dumps({**base, "tiles": [[["level"]] * 5] * 5}).encode(),
        "speed_1e12.json": json.dumps({**base, "rules": {"scout": {"speed": 10**12}}}).encode(),
        "speed_1e8.json": json.dumps({**base, "rules": {"basic": {"speed": 10**8}}}).encode(),
        "huge_class_name.json": json.dumps({**base, "rules": {"x" * 100_000: {}}}).encode(),
        "bom.json": b"\xef\xbb\xbf" + text.encode(),
        "not_utf8.json": text.replace('"name": "', '"name": "\xe9', 1).encode("latin-1"),
        "empty.json": b"",
        "lone_surrogate.json": ('{"name": "\\ud800", ' + inner.replace('"name"', '"_"')).encode(),
        "top_level_list.json": b"[1, 2, 3]",
        "units_as_string.json": json.dumps({**base, "units": "abc"}).encode(),
        "huge_team_name.json": json.dumps({**base, "team_names": {"1": "R" * 100_000}}).encode(),
        "huge_map_name.json": json.dumps({**base, "name": "N" * 100_000}).encode(),
        "nul_in_name.json": json.dumps({**base, "name": "Du\x00el"}).encode(),
        "nul_in_team_name.json": json.dumps({**base, "team_names": {"2": "B\x00b"}}).encode(),
        "utf16.json": text.encode("utf-16"),
        "huge_badge.json": json.dumps({**base, "balance": {**BADGE, "pairings": [
            BADGE["pairings"][0]] * 1000}}).encode(),
        "badge_claims_fair.json": json.dumps({**base, "balance": {**BADGE, "pairings": [
            {**BADGE["pairings"][0], "team1_win_rate": 0.5}]}}).encode(),
    }


def save_files(base: dict) -> dict[str, bytes]:
    text = json.dumps(base)
    inner = text[1:]
    actions = base["actions"]
    speedy = {**base["map"], "rules": {"scout": {"speed": 10**12}}}
    files = {
        "huge_int.json": ('{"seed": ' + "7" * 5000 + ", " + inner.replace('"seed"', '"_"')),
        "deep_nesting.json": ('{"teams": ' + deep(1000) + ", " + inner.replace('"teams"', '"_"')),
        "action_name_list.json": {**base, "actions": [[["move"], 0, 1, 1], *actions[1:]]},
        "move_float.json": {**base, "actions": [["move", 0, 1.0, 1.0], *actions[1:]]},
        "move_true.json": {**base, "actions": [["move", True, 1, 1], *actions[1:]]},
        "teams_names_list.json": {**base, "teams": {"names": ["Red", "Blue"]}},
        "teams_as_list.json": {**base, "teams": ["Red", "Blue"]},
        "team_name_too_long.json": {**base, "teams": {"names": {"1": "A" * 10_000}}},
        "team_level_unknown.json": {**base, "teams": {"levels": {"1": "Godlike"}}},
        "turn_1e18.json": {**base, "turn": 10**18, "round": (10**18 + 1) // 2},
        "turn_not_replayed.json": {**base, "turn": base["turn"] - 1, "round": base["turn"] // 2},
        "scores_not_replayed.json": {**base, "scores": {"1": 9, "2": 9}},
        "nan_seed.json": '{"seed": NaN, ' + inner.replace('"seed"', '"_"'),
        "bom.json": "\ufeff" + text,
        "embedded_map_deep.json": {**base, "map": json.loads('{"x": ' + deep(40) + "}")},
        "embedded_map_speed.json": {**base, "map": speedy},
        "unknown_key.json": {**base, "extra": 1},
        "digest_not_hex.json": {**base, "final_digest": "z" * 64},
        "actions_as_object.json": {**base, "actions": {"0": ["end_turn"]}},
        "saved_at_list.json": {**base, "saved_at": [2026]},
        "digest_mismatch.json": {**base, "final_digest": "0" * 64},
        "embedded_team_name.json": {**base, "map": {**base["map"],
                                                    "team_names": {"2": "B" * 100_000}}},
        "v2_signed.json": signed(base),
        "v2_tile_changed.json": json.dumps(one_tile_changed(json.loads(signed(base)))),
        "v2_no_digest.json": {**base, "version": 2},
        "v2_digest_not_hex.json": {**json.loads(signed(base)), "digest": "z" * 64},
        "v2_nul_in_player_name.json": signed({**base, "teams": {"names": {"1": "A\x00n"}}}),
        "v2_nul_in_team_name.json": signed({**base, "map": {**base["map"],
                                                            "team_names": {"2": "B\x00b"}}}),
    }
    encoded = {
        name: (body if isinstance(body, str) else json.dumps(body)).encode("utf-8")
        for name, body in files.items()
    }
    return {**encoded, "empty.json": b"", "utf16.json": text.encode("utf-16"),
            "not_utf8.json": text.replace('"Ann"', '"\xc5nn"').encode("latin-1")}


def main() -> None:
    base_map = json.loads((ROOT / "maps" / "duel.json").read_text(encoding="utf-8"))
    base_map.pop("balance", None)  # the corpus predates badges; its badge files bring their own
    for folder, files in (("maps", map_files(base_map)), ("saves", save_files(honest_save()))):
        (HERE / folder).mkdir(exist_ok=True)
        for name, content in files.items():
            (HERE / folder / name).write_bytes(content)


if __name__ == "__main__":
    main()
