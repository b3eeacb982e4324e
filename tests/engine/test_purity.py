"""The engine never imports pygame or tkinter (STYLE.md: rules in the middle)."""

from tests.purity import ui_libraries_loaded_by


def test_importing_the_engine_loads_no_ui_library():
    assert ui_libraries_loaded_by(
        "laser_flag.engine", "laser_flag.engine.los", "laser_flag.engine.game"
    ) == []
