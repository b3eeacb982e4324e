"""The exposure heatmap: colours scaled to the map's own range, and units drawn over them."""

from __future__ import annotations

from laser_flag.engine.game_map import WALL
from map_editor.overlays import HEAT_RAMP, band_of, exposure, frozen, heat_bands
from map_editor.render import Overlays, board_surface
from map_editor.validation import preview_map

from .helpers import blank

TILE_PX = 20


def test_the_bands_span_the_maps_own_range_and_use_the_whole_ramp():
    counts = {(0, c): 100 + c for c in range(80)}  # 100..179: none near zero
    bands = heat_bands(counts)
    assert [b.colour for b in bands] == list(HEAT_RAMP)
    assert (bands[0].low, bands[-1].high) == (100, 179)
    assert all(b.high - b.low + 1 == 10 for b in bands)  # equal bands
    assert all(a.high + 1 == b.low for a, b in zip(bands, bands[1:], strict=False))
    assert band_of(100, bands) is bands[0] and band_of(179, bands) is bands[-1]
    assert bands[0].counts() == "100-109"


def test_a_narrow_range_gets_one_band_per_count_from_both_ends_of_the_ramp():
    bands = heat_bands({(0, 0): 5, (0, 1): 6, (0, 2): 7})
    assert [(b.low, b.high) for b in bands] == [(5, 5), (6, 6), (7, 7)]
    assert (bands[0].colour, bands[-1].colour) == (HEAT_RAMP[0], HEAT_RAMP[-1])
    assert bands[1].counts() == "6"
    assert [b.colour for b in heat_bands({(0, 0): 9})] == [HEAT_RAMP[0]]
    assert heat_bands({}) == []


def _walled_corridor():
    """A row of open floor behind a wall: its tiles are seen by few, the open field by many."""
    doc = blank(units=[["1", "scout", 0, 0], ["2", "grunt", 10, 10]])
    for c in range(11):
        doc.tiles[1][c] = WALL
    return doc


def test_hidden_tiles_are_blue_exposed_ones_red_and_units_stay_on_top():
    doc = _walled_corridor()
    gm = preview_map(doc.data, "t.json")
    heat = exposure(frozen(doc.tiles))
    plain = board_surface(gm, TILE_PX, False, Overlays())
    shaded = board_surface(gm, TILE_PX, False, Overlays(heat=heat))

    def centre(surface, pos):
        return tuple(surface.get_at((pos[1] * TILE_PX + TILE_PX // 2,
                                     pos[0] * TILE_PX + TILE_PX // 2)))[:3]

    def corner(surface, pos):
        return tuple(surface.get_at((pos[1] * TILE_PX + 2, pos[0] * TILE_PX + 2)))[:3]

    assert heat[(0, 5)] < heat[(6, 5)]
    hidden, open_field = corner(shaded, (0, 5)), corner(shaded, (6, 5))
    assert hidden[2] > hidden[0] and open_field[0] > open_field[2]  # blue vs red
    assert corner(plain, (0, 5)) == corner(plain, (6, 5))  # the same floor underneath
    for unit in ((0, 0), (10, 10)):
        assert centre(shaded, unit) == centre(plain, unit)  # drawn over the colours
