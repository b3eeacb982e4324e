import pytest

from laser_flag.engine.ruleset import COLUMNS, RulesError
from map_editor.history import ABSENT
from map_editor.properties import (
    RULE_LABELS,
    cell_text,
    changes,
    check_values,
    effective,
    parse_cell,
    positive,
    rule_cells,
    rule_overrides,
    yes_no,
)

from .helpers import blank


def test_effective_fills_in_defaults_per_team():
    data = blank(team_names={"2": "Zed"}).data
    assert effective(data, "team_names") == {"1": "Alice", "2": "Zed"}
    assert effective(data, "turn_limit") is None


def test_unchanged_defaults_add_no_keys():
    data = blank().data
    values = {k: effective(data, k) for k in ("team_names", "score_limit", "turn_limit", "rules")}
    assert changes(data, values) == {}


def test_changes_only_name_what_differs_and_clearing_rules_removes_the_key():
    data = blank(rules={"scout": {"speed": 6}}).data
    values = {"score_limit": {"1": 21, "2": 15}, "name": "", "rules": {}}
    assert changes(data, values) == {"score_limit": {"1": 21, "2": 15}, "rules": ABSENT}


def test_rule_cells_show_overrides_over_defaults():
    cells = rule_cells(blank(rules={"scout": {"speed": 6}}).data)
    assert cells[("scout", "speed")] == 6
    assert cells[("basic", "speed")] == 4
    assert cells[("sniper", "firing_costs")] == 1


def test_only_changed_cells_become_overrides():
    cells = rule_cells(blank().data)
    cells[("grunt", "cover_defense")] = 3
    assert rule_overrides(cells) == {"grunt": {"cover_defense": 3}}


def test_a_bad_cell_is_refused_with_its_name():
    cells = rule_cells(blank().data)
    cells[("scout", "speed")] = -1
    with pytest.raises(RulesError, match="scout.speed"):
        rule_overrides(cells)


def test_cells_parse_and_print_as_the_table_shows_them():
    assert parse_cell("firing_costs", "all") == "all"
    assert parse_cell("speed", " 5 ") == 5
    assert parse_cell("elevated_defense", "-2") == -2
    assert cell_text(False) == "no" and cell_text(True) == "yes" and cell_text(4) == "4"
    for bad in ("fast", "--1", "²", "1.5", ""):
        with pytest.raises(ValueError, match="speed: type a whole number"):
            parse_cell("speed", bad)


def test_yes_no_rules_are_the_boolean_columns_and_number_rules_the_rest():
    assert {c for c in COLUMNS if yes_no(c)} == {"climbs_freely", "moves_after_firing"}


def test_a_property_value_the_loader_refuses_is_named_before_it_is_applied():
    check_values({"team_names": {"1": "Reds", "2": "Blues"}, "turn_limit": None, "rules": {}})
    with pytest.raises(ValueError, match=r'team_names\["2"\]: 41 characters, at most 40'):
        check_values({"team_names": {"1": "Reds", "2": "x" * 41}})
    with pytest.raises(ValueError, match="name: 201 characters"):
        check_values({"name": "x" * 201})
    with pytest.raises(ValueError, match=r'team_names\["1"\]: character 4 is U\+0009'):
        check_values({"team_names": {"1": "Red\tTeam", "2": "Blues"}})  # a pasted tab
    check_values({"description": "Two lanes.\n\tMind the middle."})


def test_positive_numbers_and_blank_meaning_none():
    assert positive("12", "score") == 12
    assert positive(" ", "turn limit", blank_ok=True) is None
    for bad in ("0", "²", "-3", "x"):
        with pytest.raises(ValueError, match="score must be a positive whole number"):
            positive(bad, "score")


def test_fog_of_war_is_off_unless_the_map_says_so_and_only_a_change_is_written():
    assert effective(blank().data, "fog_of_war") is False
    assert effective(blank(fog_of_war=True).data, "fog_of_war") is True
    assert changes(blank().data, {"fog_of_war": False}) == {}
    assert changes(blank().data, {"fog_of_war": True}) == {"fog_of_war": True}


def test_every_rule_column_has_its_words_in_the_rules_tab():
    assert list(RULE_LABELS) == list(COLUMNS)  # a new column needs its words, in table order
    assert all(RULE_LABELS[c] == c.replace("_", " ") for c in COLUMNS)  # English: the key
