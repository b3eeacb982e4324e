"""The live Problems list and Map > Check map in the real window under Xvfb: each problem named
with its place, chosen by a click or Ctrl+K, its unit selected to mend it with real input."""

from __future__ import annotations

import pytest

from laser_flag.engine.game_map import WALL
from laser_flag.engine.mapfile import load_map, write_json_atomic
from laser_flag.i18n import use_language
from map_editor.board_view import PROBLEM_COLOUR
from map_editor.pointer import UNIT

from .helpers import blank
from .xdo import click, drag, find_window, key, row_on_screen, tile_on_screen, wait_for

pytestmark = pytest.mark.slow  # a real Tk window on an X server

GOOD = [["1", "scout", 0, 0], ["2", "grunt", 10, 10]]
ON_WALL, SHARED, OUTSIDE = ["2", "scout", 1, 3], ["1", "grunt", 0, 0], ["2", "basic", 14, 2]


@pytest.fixture
def broken(editor, tmp_path):
    """The editor on a map a text editor broke: a unit on a wall, two units on one tile and a
    unit off the board; its window id and path."""
    data = blank(units=[*GOOD, ON_WALL, SHARED, OUTSIDE]).data
    data["tiles"][1][3] = WALL
    path = tmp_path / "broken.json"
    write_json_atomic(path, data)
    assert editor.open_path(path)
    return editor, find_window("broken.json", editor.root), path


def _status(editor) -> str:
    return editor.status.cget("text")


def _problem_marks(editor) -> dict[tuple[int, int], int]:
    """The board's red outlines: the top-left tile of each, with its width."""
    board, found = editor.board, {}
    for item in board.find_withtag("mark"):
        if board.itemcget(item, "outline") == PROBLEM_COLOUR:
            x, y = board.coords(item)[:2]
            pos = (int(y - board.origin[1]) // board.tile_px, int(x - board.origin[0])
                   // board.tile_px)
            found[pos] = int(float(board.itemcget(item, "width")))
    return found


def test_every_problem_is_listed_with_its_place_and_check_map_shows_the_first(broken):
    editor, window, _ = broken
    root = editor.root
    assert editor.problems.rows == [
        ("row 1, column 3", "Team 2 Scout: units[2]: (1, 3) is a wall"),
        ("row 0, column 0", "Team 1 Grunt: units[3]: (0, 0) is also the tile of units[0]"),
        ("row 14, column 2",
         "Team 2 Plain: units[4]: (14, 2) is outside the grid (11 rows, 11 columns)"),
    ]
    assert editor.problems.heading.cget("text").startswith("✘ 3 problems")
    assert _problem_marks(editor) == {(1, 3): 2, (0, 0): 2}
    key(root, window, "ctrl+k")
    wait_for(root, lambda: _status(editor).startswith("Problem 1 of 3: row 1, column 3: "),
             what="Check map to show the first problem")
    assert editor.pointer.tool == UNIT and editor.pointer.selected == 2
    assert _problem_marks(editor) == {(1, 3): 4, (0, 0): 2}  # the chosen one stands out
    assert editor.problems.tree.selection() == ("0",)


def test_a_clicked_problem_selects_its_unit_and_the_unit_is_mended_with_real_input(broken):
    editor, window, path = broken
    root, doc = editor.root, editor.doc
    click(root, row_on_screen(editor.problems.tree, "2"))
    wait_for(root, lambda: editor.pointer.selected == 4, what="the unit off the board selected")
    assert _status(editor).endswith("drag it to a free tile or press Delete")
    assert editor.info.unit_label.cget("text") == "Team 2 Plain at row 14, column 2"
    key(root, window, "Delete")
    wait_for(root, lambda: len(editor.problems.rows) == 2, what="two problems left")

    click(root, row_on_screen(editor.problems.tree, "0"))  # the unit on the wall
    wait_for(root, lambda: editor.pointer.selected == 2, what="the unit on the wall selected")
    drag(root, tile_on_screen(editor, (1, 3)), tile_on_screen(editor, (2, 5)))
    wait_for(root, lambda: len(editor.problems.rows) == 1, what="one problem left")
    assert doc.units[2] == ["2", "scout", 2, 5]
    assert _status(editor) == "Moved Team 2 Scout from row 1, column 3 to row 2, column 5"

    click(root, row_on_screen(editor.problems.tree, "0"))  # the second unit on (0, 0)
    wait_for(root, lambda: editor.pointer.selected == 3, what="the second unit selected")
    drag(root, tile_on_screen(editor, (0, 0)), tile_on_screen(editor, (0, 1)))
    wait_for(root, lambda: editor.problems.rows == [], what="no problem left")
    assert editor.problems.heading.cget("text") == "✔ No problems: the game can start on this map"
    assert not editor.problems.tree.winfo_ismapped()
    key(root, window, "ctrl+s")
    wait_for(root, lambda: not doc.modified, what="the mended map saved")
    assert [u.pos for u in load_map(path).units] == [(0, 0), (10, 10), (2, 5), (0, 1)]


def test_a_team_without_units_is_chosen_and_the_unit_tool_places_one_for_it(editor):
    root = editor.root
    window = find_window("untitled", root)
    assert [where for where, _ in editor.problems.rows] == ["Team 1", "Team 2"]
    click(root, row_on_screen(editor.problems.tree, "1"))
    wait_for(root, lambda: editor.pointer.tool == UNIT and editor.pointer.team == "2",
             what="the Unit tool set for team 2")
    assert _status(editor) == ("Problem 2 of 2: Team 2: Team 2 (Purple) has no units, so no "
                               "game can start: click a free tile to place one")
    click(root, tile_on_screen(editor, (9, 9)))
    wait_for(root, lambda: [w for w, _ in editor.problems.rows] == ["Team 1"],
             what="team 2's problem gone")
    assert editor.doc.units == [["2", "basic", 9, 9]]
    key(root, window, "t")  # team 1 now
    click(root, tile_on_screen(editor, (1, 1)))
    wait_for(root, lambda: editor.problems.rows == [], what="a playable map")
    key(root, window, "ctrl+k")
    wait_for(root, lambda: _status(editor) == (
        "Check map: no problems. Elimination, 1 against 1 units: the game can start on this "
        "map"), what="the all-clear")


def test_the_problems_list_speaks_the_players_language(editor, tmp_path):
    """The loader's words in the Problems list are in the language the editor speaks."""
    use_language("de")
    data = blank(units=[*GOOD, ON_WALL]).data
    data["tiles"][1][3] = WALL
    path = tmp_path / "kaputt.json"
    write_json_atomic(path, data)
    assert editor.open_path(path)
    assert editor.problems.rows == [
        ("Zeile 1, Spalte 3", "Team 2 Späher: units[2]: (1, 3) ist eine Wand")]
