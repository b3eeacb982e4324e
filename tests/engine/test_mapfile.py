"""Reading, refusing and writing map files exactly as MAP_FORMAT.md describes."""

from __future__ import annotations

import copy
import json
import os
from pathlib import Path

import pytest

from laser_flag.engine import mapfile
from laser_flag.engine.game_map import (
    DEFAULT_ALT_TEAM_COLOR,
    DEFAULT_B_W_TEAM_COLOR,
    DEFAULT_SCORE_LIMIT,
    DEFAULT_TEAM_COLOR,
    DEFAULT_TEAM_NAMES,
    GameMap,
    TeamLook,
    UnitSpec,
    map_to_dict,
)
from laser_flag.engine.mapfile import (
    MAX_BYTES,
    MapError,
    load_map,
    load_map_text,
    map_problems,
    parse_map,
    save_map,
    team_without_units,
    teams_without_units,
    write_json_atomic,
)
from laser_flag.engine.ruleset import DEFAULT_RULESET
from laser_flag.i18n import use_language

DATA = Path(__file__).resolve().parent.parent / "data"
FULL_MAP = DATA / "full_map.json"
ORIGINAL_MAP = DATA / "original_format.txt"


def small_map() -> dict:
    """A valid 5x5 map: a wall in the middle, cover at (1, 1), a base at (4, 4)."""
    tiles = [["level"] * 5 for _ in range(5)]
    tiles[2][2] = "wall"
    tiles[1][1] = "elevated"
    tiles[4][4] = "base_2"
    return {"tiles": tiles, "units": [["1", "basic", 0, 0], ["2", "scout", 4, 4]]}


DELETE = object()


def with_change(path: list, value) -> dict:
    """small_map() with the value at `path` set (or deleted when value is DELETE)."""
    data = small_map()
    target = data
    for key in path[:-1]:
        target = target.setdefault(key, {}) if isinstance(target, dict) else target[key]
    if value is DELETE:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return data


def encoded(data) -> bytes:
    return json.dumps(data).encode()


def padded_to(size: int) -> bytes:
    """A valid map file of exactly `size` bytes (trailing spaces are valid JSON)."""
    raw = encoded(small_map())
    return raw + b" " * (size - len(raw))


def file_bytes(path: Path) -> bytes:
    return path.read_bytes()


# Every refusal of MAP_FORMAT.md (and of the brief): (file content, place, problem).
REFUSALS = {
    "not_json": (b'{"tiles": [', "line 1 column 12", "not JSON"),
    "nan_is_not_json": (b'{"tiles": NaN}', "top level", "not JSON"),
    "not_an_object": (b"[1, 2, 3]", "top level", "must be a JSON object"),
    "missing_tiles": (encoded(with_change(["tiles"], DELETE)), "tiles", "missing"),
    "missing_units": (encoded(with_change(["units"], DELETE)), "units", "missing"),
    "tiles_not_array": (encoded(with_change(["tiles"], "level")), "tiles", "must be an array"),
    "row_not_array": (encoded(with_change(["tiles", 1], "level")), "tiles[1]", "must be an array"),
    "ragged_rows": (
        encoded(with_change(["tiles", 3], ["level"] * 4)),
        "tiles[3]",
        "has 4 tiles, row 0 has 5",
    ),
    "too_few_rows": (
        encoded({**small_map(), "tiles": [["level"] * 5] * 4, "units": []}),
        "tiles",
        "4 rows, must be 5 to 21",
    ),
    "too_many_rows": (
        encoded({**small_map(), "tiles": [["level"] * 5] * 22}),
        "tiles",
        "22 rows, must be 5 to 21",
    ),
    "too_few_columns": (
        encoded({**small_map(), "tiles": [["level"] * 4] * 5, "units": []}),
        "tiles[0]",
        "4 columns, must be 5 to 21",
    ),
    "too_many_columns": (
        encoded({**small_map(), "tiles": [["level"] * 22] * 5}),
        "tiles[0]",
        "22 columns, must be 5 to 21",
    ),
    "unknown_tile": (
        encoded(with_change(["tiles", 1, 3], "lava")),
        "tiles[1][3] (row 1, column 3)",
        'unknown tile "lava"',
    ),
    "tile_not_string": (
        encoded(with_change(["tiles", 0, 4], 1)),
        "tiles[0][4] (row 0, column 4)",
        "unknown tile 1",
    ),
    "units_not_array": (encoded(with_change(["units"], {"1": []})), "units", "must be an array"),
    "unit_not_four_items": (
        encoded(with_change(["units", 1], ["2", "scout", 4])),
        "units[1]",
        "must be [team, class, row, col]",
    ),
    "unit_bad_team": (encoded(with_change(["units", 1, 0], "3")), "units[1]", "team must be"),
    "unit_team_not_string": (encoded(with_change(["units", 0, 0], 1)), "units[0]", "team must be"),
    "unit_bad_class": (
        encoded(with_change(["units", 0, 1], "medic")),
        "units[0]",
        'unknown class "medic"',
    ),
    "unit_row_not_int": (
        encoded(with_change(["units", 0, 2], 0.0)),
        "units[0]",
        "row and col must be integers",
    ),
    "unit_col_is_bool": (
        encoded(with_change(["units", 0, 3], False)),
        "units[0]",
        "row and col must be integers",
    ),
    "unit_below_grid": (
        encoded(with_change(["units", 1, 2], 5)),
        "units[1]",
        "(5, 4) is outside the grid",
    ),
    "unit_left_of_grid": (
        encoded(with_change(["units", 0, 3], -1)),
        "units[0]",
        "(0, -1) is outside the grid",
    ),
    "unit_on_wall": (
        encoded(with_change(["units", 1], ["2", "grunt", 2, 2])),
        "units[1]",
        "is a wall",
    ),
    "units_on_same_tile": (
        encoded(
            with_change(
                ["units"], [["1", "basic", 0, 0], ["2", "scout", 4, 4], ["2", "basic", 0, 0]]
            )
        ),
        "units[2]",
        "(0, 0) is also the tile of units[0]",
    ),
    "score_limit_zero": (
        encoded(with_change(["score_limit", "1"], 0)),
        'score_limit["1"]',
        "must be a positive integer",
    ),
    "score_limit_bool": (
        encoded(with_change(["score_limit", "2"], True)),
        'score_limit["2"]',
        "must be a positive integer",
    ),
    "score_limit_float": (
        encoded(with_change(["score_limit", "1"], 10.0)),
        'score_limit["1"]',
        "must be a positive integer",
    ),
    "score_limit_string": (
        encoded(with_change(["score_limit", "1"], "10")),
        'score_limit["1"]',
        "must be a positive integer",
    ),
    "score_limit_not_object": (
        encoded(with_change(["score_limit"], 21)),
        "score_limit",
        "must be an object",
    ),
    "score_limit_unknown_team": (
        encoded(with_change(["score_limit", "3"], 5)),
        'score_limit["3"]',
        "unknown team",
    ),
    "color_two_channels": (
        encoded(with_change(["team_color", "1"], [1, 2])),
        'team_color["1"]',
        "must be three integers 0-255",
    ),
    "color_over_255": (
        encoded(with_change(["team_color", "2"], [0, 256, 0])),
        'team_color["2"]',
        "must be three integers 0-255",
    ),
    "color_negative": (
        encoded(with_change(["alt_team_color", "1"], [-1, 0, 0])),
        'alt_team_color["1"]',
        "must be three integers 0-255",
    ),
    "color_float": (
        encoded(with_change(["alt_team_color", "2"], [0.5, 0, 0])),
        'alt_team_color["2"]',
        "must be three integers 0-255",
    ),
    "color_bool": (
        encoded(with_change(["team_color", "1"], [True, 0, 0])),
        'team_color["1"]',
        "must be three integers 0-255",
    ),
    "color_string": (
        encoded(with_change(["team_color", "1"], "#ff0000")),
        'team_color["1"]',
        "must be three integers 0-255",
    ),
    "b_w_not_black_or_white": (
        encoded(with_change(["b_w_team_color", "2"], "grey")),
        'b_w_team_color["2"]',
        'must be "black" or "white"',
    ),
    "team_name_not_string": (
        encoded(with_change(["team_names", "1"], 7)),
        'team_names["1"]',
        "must be a string",
    ),
    "team_names_not_object": (
        encoded(with_change(["team_names"], ["Ann", "Ben"])),
        "team_names",
        "must be an object",
    ),
    "turn_limit_zero": (
        encoded(with_change(["turn_limit"], 0)),
        "turn_limit",
        "positive integer or null",
    ),
    "turn_limit_bool": (
        encoded(with_change(["turn_limit"], True)),
        "turn_limit",
        "positive integer or null",
    ),
    "turn_limit_string": (
        encoded(with_change(["turn_limit"], "10")),
        "turn_limit",
        "positive integer or null",
    ),
    "name_not_string": (encoded(with_change(["name"], 5)), "name", "must be a string"),
    "author_not_string": (encoded(with_change(["author"], None)), "author", "must be a string"),
    "description_not_string": (
        encoded(with_change(["description"], ["a"])),
        "description",
        "must be a string",
    ),
    "format_not_int": (
        encoded(with_change(["format"], "1")),
        "format",
        "must be a positive integer",
    ),
    "rules_not_object": (encoded(with_change(["rules"], [])), "rules", "must be an object"),
    "rules_unknown_class": (
        encoded(with_change(["rules", "medic"], {"speed": 3})),
        "rules",
        "unknown class 'medic'",
    ),
    "rules_unknown_column": (
        encoded(with_change(["rules", "scout"], {"range": 3})),
        "rules.scout",
        "unknown column 'range'",
    ),
    "rules_bad_value": (
        encoded(with_change(["rules", "scout"], {"speed": "fast"})),
        "rules.scout.speed",
        "must be an integer",
    ),
    "over_one_mib": (padded_to(MAX_BYTES + 1), "file", "larger than 1 MiB"),
    "invalid_utf8": (b'{"name": "caf\xe9", "tiles": []}', "byte 13", "not valid UTF-8"),
}


@pytest.mark.parametrize("case", list(REFUSALS))
def test_refused_file_names_file_and_place_and_stays_unchanged(tmp_path, case):
    content, place, problem = REFUSALS[case]
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    with pytest.raises(MapError) as err:
        load_map(path)
    message = str(err.value)
    assert message.startswith(f"{path}: {place}: "), message
    assert problem in message, message
    assert file_bytes(path) == content


def test_map_error_is_a_value_error():
    assert issubclass(MapError, ValueError)


def test_example_message_of_map_format_md(tmp_path):
    path = tmp_path / "x.json"
    data = small_map()
    data["units"] = [
        ["1", "basic", 0, 0],
        ["1", "basic", 0, 1],
        ["2", "basic", 4, 4],
        ["2", "basic", 2, 2],
    ]
    path.write_text(json.dumps(data))
    with pytest.raises(MapError) as err:
        load_map(path)
    assert str(err.value) == f"{path}: units[3]: (2, 2) is a wall"


def test_a_unit_on_a_wall_error_carries_its_tile():
    data = small_map()
    data["units"] = [["1", "basic", 0, 0], ["2", "basic", 2, 2]]
    with pytest.raises(MapError) as err:
        parse_map(data, "m.json")
    assert err.value.cells == ((2, 2),)


def test_two_units_on_one_tile_error_carries_the_tile():
    data = small_map()
    data["units"] = [["1", "basic", 3, 1], ["2", "basic", 3, 1]]
    with pytest.raises(MapError) as err:
        parse_map(data, "m.json")
    assert err.value.cells == ((3, 1),)


def test_an_unknown_tile_error_carries_the_tile():
    data = small_map()
    data["tiles"][1][3] = "lava"
    with pytest.raises(MapError) as err:
        parse_map(data, "m.json")
    assert err.value.cells == ((1, 3),)


def test_an_error_about_no_tile_carries_no_cells():
    data = small_map()
    data["score_limit"] = {"1": 0}
    with pytest.raises(MapError) as err:
        parse_map(data, "m.json")
    assert err.value.cells == ()


def test_missing_file_is_a_map_error(tmp_path):
    path = tmp_path / "nowhere.json"
    with pytest.raises(MapError, match="cannot be read"):
        load_map(path)
    assert not path.exists()


def test_exactly_one_mib_loads(tmp_path):
    path = tmp_path / "big.json"
    path.write_bytes(padded_to(MAX_BYTES))
    assert load_map(path).rows == 5


def test_utf8_byte_order_mark_is_accepted(tmp_path):
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + encoded(small_map()))
    assert load_map(path).cols == 5


def test_load_map_text_and_parse_map_name_their_source():
    with pytest.raises(MapError, match=r"^pasted: tiles: missing"):
        load_map_text('{"units": []}', "pasted")
    with pytest.raises(MapError, match=r"^<map>: units: missing"):
        parse_map({"tiles": small_map()["tiles"]})


# --- what a valid file gives ---------------------------------------------------------


def test_full_map_loads_every_key():
    gm = load_map(FULL_MAP)
    assert (gm.rows, gm.cols) == (5, 7)
    assert gm.tile(2, 3) == "base_u"
    assert gm.tile(1, 3) == "wall"
    assert gm.units == (
        UnitSpec("1", "basic", (0, 0)),
        UnitSpec("1", "sniper", (1, 1)),
        UnitSpec("2", "scout", (3, 6)),
        UnitSpec("2", "grunt", (4, 6)),
    )
    assert gm.teams == {
        "1": TeamLook("Reds", (200, 10, 10), (255, 255, 0), "black"),
        "2": TeamLook("Blues", (10, 10, 200), (0, 255, 0), "white"),
    }
    assert gm.score_limit == {"1": 5, "2": 3}
    assert gm.turn_limit == 12
    assert (gm.name, gm.author) == ("Fixture Yard", "tests")
    assert gm.description.startswith("Every optional key")
    assert gm.source == str(FULL_MAP)


def test_rules_overrides_are_applied():
    rules = load_map(FULL_MAP).rules
    assert rules["scout"].speed == 6
    assert rules["basic"].to_hit == 6
    assert rules["scout"].to_hit == DEFAULT_RULESET["scout"].to_hit
    assert rules["grunt"] == DEFAULT_RULESET["grunt"]


def test_defaults_apply_to_a_map_with_only_required_keys():
    gm = parse_map(small_map(), "maps/tiny.json")
    expected = {
        t: TeamLook(
            DEFAULT_TEAM_NAMES[t],
            DEFAULT_TEAM_COLOR[t],
            DEFAULT_ALT_TEAM_COLOR[t],
            DEFAULT_B_W_TEAM_COLOR[t],
        )
        for t in ("1", "2")
    }
    assert gm.teams == expected
    assert gm.teams["1"] == TeamLook("Alice", (30, 30, 30), (180, 20, 20), "white")
    assert gm.score_limit == DEFAULT_SCORE_LIMIT == {"1": 21, "2": 21}
    assert gm.turn_limit is None
    assert gm.rules == DEFAULT_RULESET
    assert (gm.name, gm.author, gm.description) == ("tiny", "", "")


def test_partial_team_keys_fall_back_per_team():
    data = small_map()
    data["team_names"] = {"1": "Ann"}
    data["team_color"] = {"2": [1, 2, 3]}
    data["score_limit"] = {"2": 9}
    data["turn_limit"] = None
    gm = parse_map(data)
    assert gm.teams["1"].name == "Ann"
    assert gm.teams["2"].name == "Bob"
    assert gm.teams["1"].color == (30, 30, 30)
    assert gm.teams["2"].color == (1, 2, 3)
    assert gm.score_limit == {"1": 21, "2": 9}
    assert gm.turn_limit is None


def test_units_may_start_on_cover_and_on_a_base():
    data = small_map()
    data["units"] = [["1", "grunt", 1, 1], ["2", "sniper", 4, 4]]
    gm = parse_map(data)
    assert gm.is_cover(gm.units[0].pos)
    assert gm.base_serves(gm.units[1].pos, "2")


def test_colours_become_tuples():
    gm = load_map(FULL_MAP)
    assert isinstance(gm.teams["1"].color, tuple)
    assert isinstance(gm.teams["2"].alt_color, tuple)


# --- teams without units ------------------------------------------------------------


def test_map_where_a_team_has_no_units_loads_and_is_reported():
    data = small_map()
    data["units"] = [["1", "basic", 0, 0]]
    assert team_without_units(parse_map(data)) == "2"
    data["units"] = [["2", "basic", 0, 0]]
    assert team_without_units(parse_map(data)) == "1"


def test_empty_template_loads_and_reports_team_one():
    data = small_map()
    data["units"] = []
    assert team_without_units(parse_map(data)) == "1"
    assert teams_without_units(parse_map(data)) == ("1", "2")


def test_map_with_both_teams_has_no_team_without_units():
    assert team_without_units(parse_map(small_map())) is None


# --- round trips ------------------------------------------------------------------


@pytest.mark.parametrize("path", [FULL_MAP, ORIGINAL_MAP], ids=["full", "original"])
def test_to_json_dict_round_trips_every_key(path):
    original = json.loads(path.read_text(encoding="utf-8"))
    assert load_map(path).to_json_dict() == original


def test_unknown_keys_are_kept():
    data = load_map(FULL_MAP).to_json_dict()
    assert data["x_future_feature"] == {"fog": True, "levels": [1, 2, 3]}
    assert "x_note" in data
    assert data["x_note"] is None


def test_game_map_keeps_its_own_copy_of_the_data():
    data = small_map()
    data["x_extra"] = {"a": [1]}
    gm = parse_map(data)
    data["x_extra"]["a"].append(2)
    data["units"].clear()
    first = gm.to_json_dict()
    first["x_extra"]["a"].append(3)
    assert gm.to_json_dict()["x_extra"] == {"a": [1]}
    assert len(gm.to_json_dict()["units"]) == 2
    assert len(gm.units) == 2


def test_one_value_is_the_whole_dicts_and_a_copy_of_it():
    gm = load_map(FULL_MAP)
    whole = gm.to_json_dict()
    for key in [*whole, "no_such_key"]:
        assert gm.json_value(key) == whole.get(key)
    gm.json_value("x_future_feature")["levels"].append(4)
    assert gm.json_value("x_future_feature") == {"fog": True, "levels": [1, 2, 3]}
    made = GameMap(gm.tiles, gm.units, teams=gm.teams, score_limit=gm.score_limit,
                   turn_limit=gm.turn_limit)  # built in code, not read from JSON
    assert made.json_value("tiles") == made.to_json_dict()["tiles"]


def test_loading_never_modifies_the_file():
    before = ORIGINAL_MAP.read_bytes()
    stat_before = ORIGINAL_MAP.stat().st_mtime_ns
    load_map(ORIGINAL_MAP)
    assert ORIGINAL_MAP.read_bytes() == before
    assert ORIGINAL_MAP.stat().st_mtime_ns == stat_before


def test_original_format_file_loads_unchanged():
    gm = load_map(ORIGINAL_MAP)
    raw = json.loads(ORIGINAL_MAP.read_text(encoding="utf-8"))
    assert "format" not in raw
    assert (gm.rows, gm.cols) == (21, 21)
    assert [list(row) for row in gm.tiles] == raw["tiles"]
    assert [[u.team, u.unit_class, *u.pos] for u in gm.units] == raw["units"]
    assert gm.name == "original_format"
    assert gm.teams["1"] == TeamLook("Alice", (30, 30, 30), (180, 20, 20), "white")
    assert gm.score_limit == {"1": 21, "2": 15}
    assert gm.turn_limit is None
    assert gm.rules == DEFAULT_RULESET
    assert team_without_units(gm) is None


def test_original_format_saved_again_gains_no_keys(tmp_path):
    copy_path = tmp_path / "again.txt"
    save_map(load_map(ORIGINAL_MAP).to_json_dict(), copy_path)
    assert json.loads(copy_path.read_text(encoding="utf-8")) == json.loads(ORIGINAL_MAP.read_text())


def test_map_to_dict_rebuilds_an_equivalent_map():
    gm = load_map(FULL_MAP)
    again = parse_map(map_to_dict(gm), "rebuilt.json")
    assert again.tiles == gm.tiles
    assert again.units == gm.units
    assert again.teams == gm.teams
    assert again.score_limit == gm.score_limit
    assert again.turn_limit == gm.turn_limit
    assert again.rules == gm.rules
    assert (again.name, again.author, again.description) == (gm.name, gm.author, gm.description)


def test_map_to_dict_writes_only_the_changed_rule_cells():
    data = map_to_dict(load_map(FULL_MAP))
    assert data["rules"] == {"scout": {"speed": 6}, "basic": {"to_hit": 6}}
    assert data["format"] == 1
    assert "rules" not in map_to_dict(parse_map(small_map()))


def test_map_built_in_memory_serialises_through_map_to_dict():
    gm = GameMap(
        [["level"] * 5] * 5,
        [UnitSpec("1", "basic", (0, 0))],
        teams={t: TeamLook(f"T{t}", (1, 2, 3), (4, 5, 6), "black") for t in ("1", "2")},
        score_limit={"1": 3, "2": 4},
        turn_limit=None,
        name="memory",
    )
    data = gm.to_json_dict()
    assert data["units"] == [["1", "basic", 0, 0]]
    assert data["team_color"] == {"1": [1, 2, 3], "2": [1, 2, 3]}
    assert data["score_limit"] == {"1": 3, "2": 4}
    assert parse_map(data).teams == gm.teams


# --- writing ----------------------------------------------------------------------


def leftovers(folder: Path, keep: set[str]) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name not in keep)


def test_save_map_writes_readable_json_one_row_per_line(tmp_path):
    path = tmp_path / "saved.json"
    data = load_map(FULL_MAP).to_json_dict()
    save_map(data, path)
    text = path.read_text(encoding="utf-8")
    assert json.loads(text) == data
    assert '    ["base_1", "level", "level", "level", "level", "level", "level"],\n' in text
    assert '    ["1", "basic", 0, 0],\n' in text
    assert '  "team_names": {"1": "Reds", "2": "Blues"},\n' in text
    assert '  "team_color": {\n    "1": [200, 10, 10],\n' in text
    assert text.startswith('{\n  "format": 1,\n')
    assert text.endswith("}\n")
    assert load_map(path).to_json_dict() == data
    assert leftovers(tmp_path, {"saved.json"}) == []


def test_save_map_writes_utf8_text_unescaped(tmp_path):
    path = tmp_path / "utf.json"
    data = small_map()
    data["name"] = "Café ☂"
    save_map(data, path)
    assert "Café ☂".encode() in path.read_bytes()
    assert load_map(path).name == "Café ☂"


def test_refused_save_leaves_the_existing_file_untouched(tmp_path):
    path = tmp_path / "keep.json"
    save_map(small_map(), path)
    before = path.read_bytes()
    bad = small_map()
    bad["units"].append(["1", "basic", 2, 2])
    with pytest.raises(MapError, match=r"keep\.json: units\[2\]: \(2, 2\) is a wall"):
        save_map(bad, path)
    assert path.read_bytes() == before
    assert leftovers(tmp_path, {"keep.json"}) == []


def test_refused_save_creates_no_file(tmp_path):
    path = tmp_path / "new.json"
    with pytest.raises(MapError):
        save_map({"units": []}, path)
    assert list(tmp_path.iterdir()) == []


def test_save_goes_through_a_temp_file_in_the_same_folder(tmp_path, monkeypatch):
    path = tmp_path / "atomic.json"
    path.write_text("old")
    renames = []
    real_replace = os.replace

    def spy(src, dst):
        renames.append((Path(src), Path(dst), Path(src).read_text(encoding="utf-8")))
        assert path.read_text() == "old"  # the target is untouched until the rename
        real_replace(src, dst)

    monkeypatch.setattr(mapfile.os, "replace", spy)
    save_map(small_map(), path)
    [(src, dst, written)] = renames
    assert src.parent == tmp_path
    assert src != path
    assert dst == path
    assert json.loads(written) == small_map()
    assert leftovers(tmp_path, {"atomic.json"}) == []


def test_failed_rename_leaves_old_file_and_no_temp(tmp_path, monkeypatch):
    path = tmp_path / "atomic.json"
    path.write_text("old")

    def broken(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(mapfile.os, "replace", broken)
    with pytest.raises(OSError, match="disk full"):
        save_map(small_map(), path)
    assert path.read_text() == "old"
    assert leftovers(tmp_path, {"atomic.json"}) == []


def test_write_json_atomic_keeps_the_file_mode(tmp_path):
    path = tmp_path / "mode.json"
    path.write_text("{}")
    path.chmod(0o640)
    write_json_atomic(path, {"a": 1})
    assert path.stat().st_mode & 0o777 == 0o640
    assert json.loads(path.read_text()) == {"a": 1}


def test_write_json_atomic_writes_plain_json_values(tmp_path):
    path = tmp_path / "save.json"
    obj = {"pos": (3, 4), "scores": {1: 2}, "log": [{"dice": (6, 1)}], "empty": {}, "none": []}
    write_json_atomic(path, obj)
    assert json.loads(path.read_text()) == {
        "pos": [3, 4],
        "scores": {"1": 2},
        "log": [{"dice": [6, 1]}],
        "empty": {},
        "none": [],
    }


def test_write_json_atomic_refuses_unserialisable_objects_before_writing(tmp_path):
    path = tmp_path / "save.json"
    path.write_text("old")
    with pytest.raises(TypeError):
        write_json_atomic(path, {"a": object()})
    with pytest.raises(ValueError):
        write_json_atomic(path, {"a": float("nan")})
    assert path.read_text() == "old"
    assert leftovers(tmp_path, {"save.json"}) == []


def test_save_map_does_not_change_the_given_object(tmp_path):
    data = load_map(FULL_MAP).to_json_dict()
    before = copy.deepcopy(data)
    save_map(data, tmp_path / "m.json")
    assert data == before


# --- every problem at once ----------------------------------------------------------


def test_a_valid_map_has_no_problems():
    assert map_problems(small_map()) == []


def test_every_problem_is_listed_in_file_order_and_the_first_is_the_one_raised():
    data = small_map()
    data["tiles"][0][3] = "lava"
    data["units"] = [["1", "basic", 0, 0], ["2", "scout", 2, 2], ["1", "basic", 0, 0],
                     ["2", "tank", 4, 4], ["2", "scout", 9, 1], ["2", "scout", 4, 4]]
    data["score_limit"] = {"1": 0, "2": 5}
    data["team_names"] = {"1": "x" * 41}
    data["description"] = 7
    problems = map_problems(data, "m.json")
    assert [e.detail for e in problems] == [
        'tiles[0][3] (row 0, column 3): unknown tile "lava" (one of level, elevated, wall, '
        "base_1, base_2, base_u)",
        "units[1]: (2, 2) is a wall",
        "units[2]: (0, 0) is also the tile of units[0]",
        'units[3]: unknown class "tank" (one of basic, scout, sniper, grunt)',
        "units[4]: (9, 1) is outside the grid (5 rows, 5 columns)",
        'team_names["1"]: 41 characters, at most 40',
        'score_limit["1"]: must be a positive integer, not 0',
        "description: must be a string, not 7",
    ]
    assert all(str(e) == f"m.json: {e.detail}" for e in problems)
    with pytest.raises(MapError) as raised:
        parse_map(data, "m.json")
    assert str(raised.value) == str(problems[0])


def test_the_problems_are_told_in_the_language_spoken(tmp_path):
    """The editor's Problems list and the game's chooser show the loader's words: in German
    once German is spoken, the file's keys and values as written."""
    data = small_map()
    data["tiles"][0][3] = "lava"
    data["units"] = [["1", "basic", 0, 0], ["2", "scout", 2, 2]]
    data["rules"] = {"scout": {"speed": 100}}
    use_language("de")
    assert [e.detail for e in map_problems(data, "m.json")] == [
        'tiles[0][3] (Zeile 0, Spalte 3): unbekanntes Feld "lava" (eines von level, elevated, '
        "wall, base_1, base_2, base_u)",
        "units[1]: (2, 2) ist eine Wand",
        "rules.scout.speed: muss 0 bis 99 sein, nicht 100",
    ]
    broken = tmp_path / "broken.json"
    broken.write_text('{"tiles": [', encoding="utf-8")
    with pytest.raises(MapError, match=r"broken\.json: Zeile 1, Spalte 12: kein JSON \(beschädigt "
                       r"oder abgeschnitten\)"):
        load_map(broken)
    use_language("zh_CN")
    assert map_problems(data)[1].detail == "units[1]: (2, 2) 是墙"


def test_a_unit_standing_where_none_may_is_named_by_its_index():
    data = small_map()
    data["units"] = [["1", "basic", 0, 0], ["2", "scout", 2, 2], ["1", "basic", 0, 0],
                     ["2", "tank", 4, 4], ["2", "scout", 9, 1]]
    problems = map_problems(data)
    assert [(e.unit, e.cells) for e in problems] == [
        (1, ((2, 2),)), (2, ((0, 0),)), (None, ()), (4, ())]


def test_a_part_that_is_not_there_to_read_stops_its_own_part_only():
    data = small_map()
    data["tiles"] = [["level"] * 5] * 3  # too few rows: no grid to read units against
    data["turn_limit"] = -1
    assert [e.detail for e in map_problems(data)] == [
        "tiles: 3 rows, must be 5 to 21", "turn_limit: must be a positive integer or null, not -1"]
    assert [e.detail for e in map_problems(7, "m.json")] == ["top level: must be a JSON object, "
                                                             "not 7"]


def test_a_rules_problem_carries_its_detail_too():
    problems = map_problems({**small_map(), "rules": {"scout": {"speed": "fast"}}}, "m.json")
    assert len(problems) == 1 and problems[0].detail.startswith("rules")
    assert str(problems[0]) == f"m.json: {problems[0].detail}"
