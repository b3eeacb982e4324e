"""Copies of a unit (engine/units.py): moved() and changed() build them with frozen.maker, and
each must be the very Unit dataclasses.replace would make, and as frozen."""

from dataclasses import FrozenInstanceError, replace

import pytest

from laser_flag.engine.terms import Laser, Team
from laser_flag.engine.units import CHARGED, CHARGING, Unit

# every field away from its default, so that a field the copy forgot would show
UNIT = Unit(3, "2", "scout", (4, 5), 2, CHARGING, 1, True, True)


@pytest.mark.parametrize("copy, expected", [
    (UNIT.changed(), UNIT),
    (UNIT.changed(ap=0, fired=False), replace(UNIT, ap=0, fired=False)),
    (UNIT.moved((1, 2), 1, CHARGED, False),
     replace(UNIT, pos=(1, 2), ap=1, laser=CHARGED, elevated=False)),
])
def test_a_copy_is_the_unit_replace_makes(copy, expected):
    assert type(copy) is Unit
    assert copy == expected and hash(copy) == hash(expected) and repr(copy) == repr(expected)
    assert copy is not UNIT and UNIT.ap == 2 and UNIT.pos == (4, 5)  # the original as it was


@pytest.mark.parametrize("copy", [UNIT.changed(ap=1), UNIT.moved((0, 0), 1, CHARGED, False)])
def test_a_copy_is_frozen(copy):
    with pytest.raises(FrozenInstanceError):
        copy.ap = 5


def test_a_change_of_a_field_units_do_not_have_is_refused():
    with pytest.raises(TypeError):
        UNIT.changed(speed=9)


@pytest.mark.parametrize("unit", [
    Unit(3, "2", "scout", (4, 5), 2, "charging"),
    replace(UNIT, team="1", laser="deactivated"),
    UNIT.changed(team="1", laser="charged"),
])
def test_a_units_team_and_laser_are_the_members_plain_strings_name(unit):
    """The engine compares them by identity (`is CHARGED`): a plain string given must not
    make a unit whose laser is charged compare as if it were not."""
    assert type(unit.team) is Team and type(unit.laser) is Laser
    assert unit.team is Team(unit.team) and unit.laser is Laser(unit.laser)


def test_a_laser_state_unheard_of_is_refused():
    with pytest.raises(ValueError):
        Unit(3, "2", "scout", (4, 5), 2, "broken")
    with pytest.raises(ValueError):
        UNIT.changed(laser="broken")
