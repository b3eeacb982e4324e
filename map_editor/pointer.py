"""The pointer on the board: presses, drags and releases with the current tool turned into edits."""

from __future__ import annotations

from laser_flag.board.tile_labels import TILE_LABELS
from laser_flag.engine.game_map import WALL, Pos
from laser_flag.i18n import _, ngettext

from .document import MapDocument
from .edits import (
    EditRefused,
    brush_cells,
    painted,
    rect_cells,
    with_unit_moved,
    with_unit_placed,
)
from .words import place, unit_at, unit_name

BRUSH, RECT, UNIT, LOS = "brush", "rect", "unit", "los"


def line_cells(a: Pos, b: Pos) -> list[Pos]:
    """Tiles from a to b without gaps, so a fast drag paints a continuous stroke."""
    steps = max(abs(b[0] - a[0]), abs(b[1] - a[1]))
    if steps == 0:
        return [b]
    return [
        (a[0] + round((b[0] - a[0]) * i / steps), a[1] + round((b[1] - a[1]) * i / steps))
        for i in range(1, steps + 1)
    ]


class Pointer:
    """What the mouse does on the board with the current tool; methods return a status line."""

    def __init__(self, doc: MapDocument) -> None:
        self.doc = doc
        self.tool = BRUSH
        self.kind = WALL
        self.brush = 1
        self.team = "1"
        self.unit_class = "basic"
        self.selected: int | None = None
        self.los_origin: Pos | None = None
        self.rect: tuple[Pos, Pos] | None = None
        self._last: Pos | None = None
        self._dragging = False
        self._painted: set[Pos] = set()  # tiles the stroke changed, for its summary
        self._removed = 0  # units its walls removed
        self._moved_from: Pos | None = None  # where the dragged unit started

    def _start(self) -> None:
        self._painted, self._removed, self._moved_from = set(), 0, None

    def press(self, pos: Pos) -> str:
        self._last = pos
        self._start()
        if self.tool == BRUSH:
            self.doc.history.begin_group()
            return self._paint(brush_cells(self.doc, pos, self.brush))
        if self.tool == RECT:
            self.rect = (pos, pos)
            return _("Rectangle from {place}").format(place=place(pos))
        if self.tool == UNIT:
            return self._press_unit(pos)
        return self._look_from(pos)

    def drag(self, pos: Pos) -> str:
        if pos == self._last or self._last is None:
            return ""
        last, self._last = self._last, pos
        if self.tool == BRUSH:
            cells = [c for p in line_cells(last, pos) for c in brush_cells(self.doc, p, self.brush)]
            return self._paint(list(dict.fromkeys(cells)))
        if self.tool == RECT and self.rect:
            self.rect = (self.rect[0], pos)
        elif self.tool == UNIT and self._dragging and self.selected is not None:
            return self._move(pos)
        elif self.tool == LOS:
            return self._look_from(pos)
        return ""

    def release(self, pos: Pos) -> str:
        """The end of a press: the summary of what the stroke or drag did."""
        message = self.drag(pos) if self.tool != RECT else ""
        if self.tool == RECT and self.rect:
            cells = rect_cells(self.rect[0], pos)
            self.rect = None
            self._paint(cells)
        if self.tool in (BRUSH, RECT) and self._last is not None:
            message = self._painting_summary()
        elif self.tool == UNIT and self._moved_from is not None and self.selected is not None:
            unit = self.doc.unit_rows[self.selected]
            if unit.pos != self._moved_from:
                message = (_("Moved {unit_name} from {place} to {place2}").format(
                    unit_name=unit_name(unit.team, unit.unit_class),
                    place=place(self._moved_from), place2=place(unit.pos)))
        self.doc.history.end_group()
        self._last, self._dragging = None, False
        return message

    def _paint(self, cells: list[Pos]) -> str:
        values = painted(self.doc, cells, self.kind)
        self._removed += len(self.doc.units) - len(values.get("units", self.doc.units))
        self._painted.update(c for c in cells if self.doc.tile(c) != self.kind)
        self.doc.history.change(_("Paint {TILE_LABELS}").format(
            TILE_LABELS=_(TILE_LABELS[self.kind])), values)
        self.forget_gone()
        return ""

    def _painting_summary(self) -> str:
        kind, count = _(TILE_LABELS[self.kind]), len(self._painted)
        if not count:
            return _("Nothing painted: those tiles are {kind} already").format(kind=kind)
        message = ngettext("Painted {kind} on {count} tile", "Painted {kind} on {count} tiles",
                           count).format(kind=kind, count=count)
        if self._removed:
            units = _("1 unit") if self._removed == 1 else _("{removed} units").format(
                removed=self._removed)
            message = _("{painted}; the wall removed {units} standing there (Ctrl+Z brings "
                        "them back)").format(painted=message, units=units)
        return message

    def _look_from(self, pos: Pos) -> str:
        """The Sight tool's viewpoint: any tile a unit could stand on, never a wall."""
        if self.doc.tile(pos) == WALL:
            return _("No sight from {place}: it is a wall, and units cannot stand there").format(
                place=place(pos))
        self.los_origin = pos
        return _("Showing what {place} can see").format(place=place(pos))

    def _press_unit(self, pos: Pos) -> str:
        index = self._unit_pressed(pos)
        if index is not None:
            self.selected, self._dragging = index, True
            self._moved_from = pos
            self.doc.history.begin_group()
            return _("{unit_at}: drag to move it").format(
                unit_at=unit_at(self.doc.unit_rows[index]))
        try:
            units = with_unit_placed(self.doc, self.team, self.unit_class, pos)
        except EditRefused as e:
            return _("Cannot place a unit: {e}").format(e=e)
        self.doc.history.change(_("Place unit"), {"units": units})
        self.selected = len(units) - 1
        return _("Placed {unit_name} at {place}").format(
            unit_name=unit_name(self.team, self.unit_class), place=place(pos))

    def _unit_pressed(self, pos: Pos) -> int | None:
        """The unit a press on `pos` takes: the selected one if it stands there (where two
        share a tile in a broken map, the one chosen from the Problems list), else the first."""
        if self.selected is not None and self.doc.unit_rows[self.selected].pos == pos:
            return self.selected
        return self.doc.unit_at(pos)

    def _move(self, pos: Pos) -> str:
        assert self.selected is not None
        try:
            units = with_unit_moved(self.doc, self.selected, pos)
        except EditRefused as e:
            return _("Cannot move there: {e}").format(e=e)
        self.doc.history.change(_("Move unit"), {"units": units})
        return ""

    def forget_gone(self) -> None:
        """Drop the selection when an edit or undo removed the selected unit, and the Sight
        tool's viewpoint when a wall now stands there."""
        if self.selected is not None and self.selected >= len(self.doc.units):
            self.selected = None
        if self.los_origin is not None and self.doc.tile(self.los_origin) == WALL:
            self.los_origin = None
