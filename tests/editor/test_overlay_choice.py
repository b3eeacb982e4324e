"""One overlay at a time, chosen without Tk: the Sight tool's view, the exposure heatmap and
the Balance panel's hit map replace each other."""

from __future__ import annotations

from map_editor.balance_run import FIRED_FROM
from map_editor.overlay_choice import EXPOSURE, HITS, SIGHT, OverlayChoice
from map_editor.pointer import LOS, Pointer

from .helpers import blank


def _choice() -> OverlayChoice:
    pointer = Pointer(blank())
    pointer.tool = LOS
    return OverlayChoice(pointer)


def test_a_new_viewpoint_shows_sight_and_another_overlay_forgets_it():
    choice = _choice()
    choice.toggle_exposure()
    assert choice.shown() == EXPOSURE and choice.heat()[(5, 5)] > 0
    before = choice.pointer.los_origin
    choice.pointer.press((5, 5))
    choice.looked_from(before)
    assert choice.shown() == SIGHT and choice.seen() is not None and choice.heat() == {}
    choice.toggle_exposure()
    assert choice.shown() == EXPOSURE and choice.pointer.los_origin is None


def test_hits_picked_show_new_counts_redraw_only_while_shown_and_none_hides():
    choice = _choice()
    assert choice.show_hit_map().startswith("No hit map yet")
    assert choice.take_hits(FIRED_FROM, {(9, 5): 3})
    assert choice.shown() == HITS and choice.note((9, 5)) == "3 hits"
    choice.toggle_exposure()
    assert not choice.take_hits(FIRED_FROM, {(9, 5): 4})  # the designer's choice stays
    assert choice.shown() == EXPOSURE
    assert choice.show_hit_map() == "" and choice.shown() == HITS
    assert choice.take_hits("", {})
    assert choice.shown() is None and choice.name is None


def test_hiding_says_so_only_when_something_was_shown():
    choice = _choice()
    assert choice.hide() == ""
    choice.toggle_exposure()
    assert choice.note((0, 0)).startswith("seen from")
    assert choice.toggle_exposure() == "Overlay hidden" and choice.shown() is None
