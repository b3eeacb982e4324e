from laser_flag.engine.game_map import BASE_1, ELEVATED, LEVEL, WALL
from map_editor.edits import brush_cells, rect_cells
from map_editor.pointer import LOS, RECT, UNIT, Pointer, line_cells

from .helpers import blank


def test_brush_sizes_are_squares_clipped_to_the_map():
    doc = blank()
    assert brush_cells(doc, (5, 5), 1) == [(5, 5)]
    assert sorted(brush_cells(doc, (5, 5), 2)) == [(5, 5), (5, 6), (6, 5), (6, 6)]
    assert len(brush_cells(doc, (5, 5), 3)) == 9
    assert sorted(brush_cells(doc, (0, 0), 3)) == [(0, 0), (0, 1), (1, 0), (1, 1)]


def test_rect_cells_from_any_corner():
    assert rect_cells((2, 3), (1, 1)) == [(1, 1), (1, 2), (1, 3), (2, 1), (2, 2), (2, 3)]


def test_line_cells_has_no_gaps():
    cells = line_cells((0, 0), (3, 6))
    assert cells[-1] == (3, 6)
    steps = [(0, 0), *cells]
    pairs = zip(steps, steps[1:], strict=False)
    assert all(max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1 for a, b in pairs)


def test_a_brush_drag_is_one_undo_step():
    doc = blank()
    pointer = Pointer(doc)
    pointer.press((0, 0))
    pointer.drag((0, 4))
    pointer.release((0, 4))
    assert doc.tiles[0][:6] == [WALL] * 5 + [LEVEL]
    doc.history.undo()
    assert doc.tiles[0][:5] == [LEVEL] * 5
    assert not doc.history.can_undo


def test_painting_a_wall_removes_the_unit_in_the_same_step():
    doc = blank(units=[["1", "scout", 2, 2], ["2", "basic", 8, 8]])
    pointer = Pointer(doc)
    pointer.press((2, 2))
    message = pointer.release((2, 2))
    assert message == ("Painted Wall on 1 tile; the wall removed 1 unit standing there "
                       "(Ctrl+Z brings them back)")
    assert doc.units == [["2", "basic", 8, 8]]
    doc.history.undo()
    assert doc.units == [["1", "scout", 2, 2], ["2", "basic", 8, 8]]
    assert doc.tiles[2][2] == LEVEL


def test_cover_under_a_unit_keeps_the_unit():
    doc = blank(units=[["1", "scout", 2, 2]])
    pointer = Pointer(doc)
    pointer.kind = ELEVATED
    pointer.press((2, 2))
    pointer.release((2, 2))
    assert doc.units == [["1", "scout", 2, 2]]
    assert doc.tiles[2][2] == ELEVATED


def test_rectangle_fill_is_one_step():
    doc = blank()
    pointer = Pointer(doc)
    pointer.tool, pointer.kind = RECT, BASE_1
    pointer.press((1, 1))
    pointer.drag((2, 3))
    assert pointer.rect == ((1, 1), (2, 3))
    pointer.release((3, 3))
    assert [doc.tiles[r][1:4] for r in range(1, 4)] == [[BASE_1] * 3] * 3
    assert doc.tiles[0][1] == LEVEL
    doc.history.undo()
    assert all(t == LEVEL for row in doc.tiles for t in row)


def test_place_and_drag_a_unit():
    doc = blank()
    doc.tiles[0][5] = WALL
    pointer = Pointer(doc)
    pointer.tool, pointer.team, pointer.unit_class = UNIT, "2", "sniper"
    pointer.press((0, 0))
    pointer.release((0, 0))
    assert doc.units == [["2", "sniper", 0, 0]]
    pointer.press((0, 0))
    pointer.drag((0, 3))
    assert "wall" in pointer.drag((0, 5))
    pointer.release((0, 4))
    assert doc.units == [["2", "sniper", 0, 4]]
    doc.history.undo()
    assert doc.units == [["2", "sniper", 0, 0]]
    doc.history.undo()
    assert doc.units == []


def test_units_never_go_on_walls_or_other_units():
    doc = blank(units=[["1", "basic", 1, 1]])
    doc.tiles[3][3] = WALL
    pointer = Pointer(doc)
    pointer.tool = UNIT
    assert "wall" in pointer.press((3, 3))
    pointer.release((3, 3))
    pointer.press((1, 1))  # selects the existing unit, places nothing
    pointer.release((1, 1))
    assert doc.units == [["1", "basic", 1, 1]]
    assert pointer.selected == 0


def test_los_tool_edits_nothing():
    doc = blank()
    pointer = Pointer(doc)
    pointer.tool = LOS
    pointer.press((4, 4))
    pointer.release((4, 4))
    assert pointer.los_origin == (4, 4)
    assert not doc.history.can_undo


def test_the_sight_tool_refuses_a_wall_and_says_why():
    doc = blank()
    doc.tiles[4][6] = WALL
    pointer = Pointer(doc)
    pointer.tool = LOS
    assert pointer.press((4, 5)) == "Showing what row 4, column 5 can see"
    message = pointer.drag((4, 6))
    assert message == "No sight from row 4, column 6: it is a wall, and units cannot stand there"
    assert pointer.los_origin == (4, 5)  # the last tile a unit could stand on
    pointer.release((4, 6))
    pointer.press((4, 6))
    assert pointer.los_origin == (4, 5)


def test_a_viewpoint_walled_over_is_dropped():
    doc = blank()
    pointer = Pointer(doc)
    pointer.tool = LOS
    pointer.press((2, 2))
    doc.tiles[2][2] = WALL  # as an undo of its painting, or a drawn wall, would leave it
    pointer.forget_gone()
    assert pointer.los_origin is None


def test_the_status_line_speaks_the_games_words():
    doc = blank(units=[["2", "grunt", 3, 3]])
    doc.tiles[5][5] = WALL
    pointer = Pointer(doc)
    pointer.tool, pointer.team, pointer.unit_class = UNIT, "1", "scout"
    assert pointer.press((0, 3)) == "Placed Team 1 Scout at row 0, column 3"
    pointer.release((0, 3))
    assert pointer.press((3, 3)) == "Team 2 Grunt at row 3, column 3: drag to move it"
    assert pointer.drag((0, 3)) == "Cannot move there: Team 1 Scout at row 0, column 3 stands there"
    assert pointer.drag((5, 5)) == (
        "Cannot move there: row 5, column 5 is a wall, and units cannot stand on walls")
    pointer.release((3, 3))
    pointer.tool = RECT
    assert pointer.press((1, 2)) == "Rectangle from row 1, column 2"


def test_each_stroke_ends_with_what_it_painted():
    doc = blank()
    doc.tiles[0][2] = WALL
    pointer = Pointer(doc)
    pointer.press((0, 0))
    pointer.drag((0, 4))
    assert pointer.release((0, 4)) == "Painted Wall on 4 tiles"  # (0, 2) was one already
    pointer.press((0, 1))
    assert pointer.release((0, 1)) == "Nothing painted: those tiles are Wall already"
    pointer.tool, pointer.kind = RECT, ELEVATED
    pointer.press((2, 2))
    assert pointer.release((3, 3)) == "Painted Cover on 4 tiles"


def test_a_dragged_unit_says_where_it_went():
    doc = blank(units=[["1", "scout", 2, 2]])
    pointer = Pointer(doc)
    pointer.tool = UNIT
    assert pointer.press((2, 2)) == "Team 1 Scout at row 2, column 2: drag to move it"
    pointer.drag((2, 3))
    assert pointer.release((3, 3)) == "Moved Team 1 Scout from row 2, column 2 to row 3, column 3"
    pointer.press((3, 3))
    assert pointer.release((3, 3)) == ""  # a click that selects only: its words stay


def test_where_two_units_share_a_tile_a_press_takes_the_selected_one():
    doc = blank(units=[["1", "scout", 2, 2], ["2", "basic", 2, 2]])  # a broken file, opened
    pointer = Pointer(doc)
    pointer.tool, pointer.selected = UNIT, 1
    pointer.press((2, 2))
    pointer.release((2, 3))
    assert doc.units == [["1", "scout", 2, 2], ["2", "basic", 2, 3]]
