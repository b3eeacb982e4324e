"""The unit-class table against RULES.md §2, and map overrides of it."""

from __future__ import annotations

import pytest

from laser_flag.engine.ruleset import (
    ALL_AP,
    AP_PER_TURN,
    CLASSES,
    COLUMNS,
    DEFAULT_RULESET,
    RulesError,
)

# RULES.md §2, copied cell by cell: speed, to-hit, cover defense, elevated defense,
# elevated attack, max snap shots, snap-shot penalty, climbs freely, firing costs,
# and whether the class may move after firing (only the sniper may not).
RULES_MD_TABLE = {
    "basic": (4, 7, 1, -1, -1, 2, 1, False, "all", True),
    "scout": (5, 8, 1, -1, -1, 2, 1, True, "all", True),
    "sniper": (3, 6, 1, -1, -1, 2, 1, False, 1, False),
    "grunt": (4, 7, 2, -2, -2, 3, 2, False, "all", True),
}
TABLE_COLUMNS = (
    "speed",
    "to_hit",
    "cover_defense",
    "elevated_defense",
    "elevated_attack",
    "max_snap_shots",
    "snap_shot_penalty",
    "climbs_freely",
    "firing_costs",
    "moves_after_firing",
)


def test_classes_and_columns_are_the_rulebooks():
    assert CLASSES == ("basic", "scout", "sniper", "grunt")
    assert COLUMNS == TABLE_COLUMNS


@pytest.mark.parametrize("unit_class", list(RULES_MD_TABLE))
@pytest.mark.parametrize("column", TABLE_COLUMNS)
def test_default_table_cell_matches_rules_md(unit_class, column):
    expected = RULES_MD_TABLE[unit_class][TABLE_COLUMNS.index(column)]
    assert getattr(DEFAULT_RULESET[unit_class], column) == expected


def test_every_unit_gets_three_ap():
    assert AP_PER_TURN == 3
    assert DEFAULT_RULESET.ap_per_turn == 3


@pytest.mark.parametrize(
    ("unit_class", "ap", "spent"),
    [
        ("basic", 3, 3),
        ("basic", 1, 1),
        ("grunt", 2, 2),
        ("sniper", 3, 1),
        ("sniper", 1, 1),
    ],
)
def test_fire_cost_follows_firing_costs(unit_class, ap, spent):
    assert DEFAULT_RULESET[unit_class].fire_cost(ap) == spent


def test_overrides_change_only_the_named_cells():
    rules = DEFAULT_RULESET.with_overrides({"scout": {"speed": 6}, "basic": {"to_hit": 6}})
    assert rules["scout"].speed == 6
    assert rules["basic"].to_hit == 6
    assert rules["scout"].to_hit == DEFAULT_RULESET["scout"].to_hit
    assert rules["grunt"] == DEFAULT_RULESET["grunt"]
    assert rules["sniper"] == DEFAULT_RULESET["sniper"]


def test_overrides_leave_the_defaults_alone():
    DEFAULT_RULESET.with_overrides({"grunt": {"cover_defense": 3}})
    assert DEFAULT_RULESET["grunt"].cover_defense == 2


def test_overrides_accept_every_kind_of_cell():
    rules = DEFAULT_RULESET.with_overrides(
        {
            "sniper": {"firing_costs": ALL_AP, "moves_after_firing": True},
            "basic": {"firing_costs": 2, "climbs_freely": True, "elevated_attack": -3},
        }
    )
    assert rules["sniper"].fire_cost(3) == 3
    assert rules["sniper"].moves_after_firing is True
    assert rules["basic"].fire_cost(3) == 2
    assert rules["basic"].climbs_freely is True
    assert rules["basic"].elevated_attack == -3


def test_empty_overrides_give_the_default_table():
    assert DEFAULT_RULESET.with_overrides({}) == DEFAULT_RULESET


@pytest.mark.parametrize(
    ("overrides", "place", "problem"),
    [
        ([1, 2], "rules", "must be an object of classes"),
        ({"medic": {"speed": 3}}, "rules", "unknown class 'medic'"),
        ({"scout": 6}, "rules.scout", "must be an object of columns"),
        ({"scout": {"range": 6}}, "rules.scout", "unknown column 'range'"),
        ({"scout": {"speed": True}}, "rules.scout.speed", "must be an integer"),
        ({"scout": {"speed": 5.5}}, "rules.scout.speed", "must be an integer"),
        ({"scout": {"speed": "6"}}, "rules.scout.speed", "must be an integer"),
        ({"scout": {"speed": -1}}, "rules.scout.speed", "must be 0 to 99, not -1"),
        ({"scout": {"speed": 10**12}}, "rules.scout.speed", "must be 0 to 99"),
        ({"grunt": {"max_snap_shots": -2}}, "rules.grunt.max_snap_shots", "must be 0 to 9"),
        ({"grunt": {"max_snap_shots": 10}}, "rules.grunt.max_snap_shots", "must be 0 to 9"),
        ({"sniper": {"firing_costs": 0}}, "rules.sniper.firing_costs", '1 to 9 or "all"'),
        ({"basic": {"to_hit": 21}}, "rules.basic.to_hit", "must be 0 to 20"),
        ({"basic": {"cover_defense": -13}}, "rules.basic.cover_defense", "must be -12 to 12"),
        ({"scout": {"x" * 10**6: 1}}, "rules.scout", "unknown column 'xxxx"),
        ({"sniper": {"firing_costs": "some"}}, "rules.sniper.firing_costs", "must be an integer"),
        ({"basic": {"climbs_freely": 1}}, "rules.basic.climbs_freely", "must be true or false"),
        (
            {"basic": {"moves_after_firing": "no"}},
            "rules.basic.moves_after_firing",
            "true or false",
        ),
    ],
)
def test_bad_override_names_the_cell(overrides, place, problem):
    with pytest.raises(RulesError) as err:
        DEFAULT_RULESET.with_overrides(overrides)
    message = str(err.value)
    assert message.startswith(place + ":")
    assert problem in message
    assert len(message) < 250  # a huge value is clipped, not repeated


def test_error_place_uses_the_callers_prefix():
    with pytest.raises(RulesError, match=r"^maps/x\.json rules\.scout\.speed: "):
        DEFAULT_RULESET.with_overrides({"scout": {"speed": None}}, where="maps/x.json rules")


def test_rules_error_is_a_value_error():
    assert issubclass(RulesError, ValueError)
