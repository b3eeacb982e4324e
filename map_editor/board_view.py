"""The board canvas: the rendered map with its row and column numbers, tile-exact mouse input
and outline marks on top; the tiles grow and shrink with the window."""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable, Iterable

from laser_flag.engine.game_map import GameMap, Pos

from .render import Overlays, board_surface, ppm_data

SELECT_COLOUR = "#ffffff"
PROBLEM_COLOUR = "#ff2020"
RECT_COLOUR = "#ffd400"
SIGHT_COLOUR = "#ffe15a"
LABEL_COLOUR, LABEL_HOVER = "#707070", "#c03000"
BOARD_AREA = 760  # px the board asks for in each direction on a large screen
MIN_AREA = 300  # ... and on a small one
MAX_TILE_PX = 56
MIN_TILE_PX = 8
LABEL_PX = 22  # room left of and above the board for its numbers

PosHandler = Callable[[Pos], None]


def tile_px_for(width: int, height: int, rows: int, cols: int) -> int:
    """The largest whole tile that fits the board and its numbers in width x height px."""
    fit = min((width - LABEL_PX) // cols, (height - LABEL_PX) // rows)
    return max(MIN_TILE_PX, min(MAX_TILE_PX, fit))


class BoardView(tk.Canvas):
    """Shows a map drawn by the game's renderer and reports presses, drags and releases.

    show() keeps what it was given, so a resize redraws the same board with its marks."""

    def __init__(self, master: tk.Misc, area: int, on_press: PosHandler, on_drag: PosHandler,
                 on_release: PosHandler, on_hover: PosHandler) -> None:
        super().__init__(master, width=area + LABEL_PX, height=area + LABEL_PX,
                         highlightthickness=0, cursor="crosshair")
        self.tile_px = 32
        self.origin = (LABEL_PX, LABEL_PX)  # canvas px of the board's top left corner
        self._size = (0, 0)  # rows, cols
        self._shown: tuple[GameMap, bool, Overlays, Callable[[], None]] | None = None
        self._photo: tk.PhotoImage | None = None
        self._handlers = (on_press, on_drag, on_release)
        self._down = False
        self._hovered: Pos | None = None
        self._font = self._bold = ("TkDefaultFont", 9)  # the numbers', and the hovered ones'
        self.bind("<ButtonPress-1>", self._press)
        self.bind("<B1-Motion>", lambda e: self._pointer(e, 1))
        self.bind("<ButtonRelease-1>", self._release)
        self.bind("<Motion>", lambda e: self._hover(e, on_hover))
        self.bind("<Leave>", lambda _e: self._highlight(None))
        self.bind("<Configure>", lambda _e: self._resized())

    def show(self, gm: GameMap, alternate: bool, overlays: Overlays,
             decorate: Callable[[], None]) -> None:
        """Draw the board; `decorate` draws the marks on top, again after every redraw."""
        self._shown = (gm, alternate, overlays, decorate)
        self._draw()

    def _area(self) -> tuple[int, int]:
        """The canvas size: as laid out, or as asked for before it is on screen."""
        if self.winfo_width() > 1:
            return self.winfo_width(), self.winfo_height()
        return int(self.cget("width")), int(self.cget("height"))

    def _layout(self) -> tuple[int, tuple[int, int]]:
        """The tile size for the canvas as it is now, and the board's corner (centred)."""
        (width, height), (rows, cols) = self._area(), self._size
        tile_px = tile_px_for(width, height, rows, cols)
        spare_x = max(0, width - LABEL_PX - cols * tile_px)
        spare_y = max(0, height - LABEL_PX - rows * tile_px)
        return tile_px, (LABEL_PX + spare_x // 2, LABEL_PX + spare_y // 2)

    def _draw(self) -> None:
        if self._shown is None:
            return
        gm, alternate, overlays, decorate = self._shown
        self._size = (gm.rows, gm.cols)
        self.tile_px, self.origin = self._layout()
        surface = board_surface(gm, self.tile_px, alternate, overlays)
        self._photo = tk.PhotoImage(data=ppm_data(surface), format="PPM")
        self.delete("all")
        self.create_image(*self.origin, image=self._photo, anchor="nw")
        self._numbers()
        decorate()

    def _resized(self) -> None:
        """A new canvas size: redraw when the tiles or their place change with it."""
        if self._shown is not None and self._layout() != (self.tile_px, self.origin):
            self._draw()

    def _numbers(self) -> None:
        """Row numbers left of the board, column numbers above it, counted from 0 as the game
        and the status bar count them."""
        rows, cols = self._size
        x0, y0 = self.origin
        size = max(7, min(11, self.tile_px // 3))
        self._font, self._bold = ("TkDefaultFont", size), ("TkDefaultFont", size, "bold")
        font = self._font
        for c in range(cols):
            self.create_text(x0 + c * self.tile_px + self.tile_px // 2, y0 - 3, text=str(c),
                             anchor="s", fill=LABEL_COLOUR, font=font, tags=("number", f"col{c}"))
        for r in range(rows):
            self.create_text(x0 - 4, y0 + r * self.tile_px + self.tile_px // 2, text=str(r),
                             anchor="e", fill=LABEL_COLOUR, font=font, tags=("number", f"row{r}"))
        hovered, self._hovered = self._hovered, None  # drawn anew: highlight it again
        self._highlight(hovered)

    def _highlight(self, pos: Pos | None) -> None:
        """The hovered tile's row and column numbers stand out."""
        if pos == self._hovered:
            return
        if self._hovered is not None:
            for tag in (f"row{self._hovered[0]}", f"col{self._hovered[1]}"):
                self.itemconfigure(tag, fill=LABEL_COLOUR, font=self._font)
        if pos is not None:
            for tag in (f"row{pos[0]}", f"col{pos[1]}"):
                self.itemconfigure(tag, fill=LABEL_HOVER, font=self._bold)
        self._hovered = pos

    def number_texts(self) -> tuple[list[str], list[str]]:
        """The row and the column numbers as drawn (for tests and readers)."""
        rows, cols = self._size
        return ([self.itemcget(f"row{r}", "text") for r in range(rows)],
                [self.itemcget(f"col{c}", "text") for c in range(cols)])

    def _box(self, pos: Pos) -> tuple[int, int]:
        return self.origin[0] + pos[1] * self.tile_px, self.origin[1] + pos[0] * self.tile_px

    def mark(self, cells: Iterable[Pos], colour: str, width: int = 3) -> None:
        """An outline around each tile, e.g. the selected unit or the place of a problem."""
        for pos in cells:
            x, y = self._box(pos)
            self.create_rectangle(x + 1, y + 1, x + self.tile_px - 1, y + self.tile_px - 1,
                                  outline=colour, width=width, tags="mark")

    def frame(self, a: Pos, b: Pos) -> None:
        """The outline of a rectangle being dragged out."""
        left, top = self._box((min(a[0], b[0]), min(a[1], b[1])))
        right, bottom = self._box((max(a[0], b[0]) + 1, max(a[1], b[1]) + 1))
        self.create_rectangle(left, top, right, bottom, outline=RECT_COLOUR, width=3,
                              dash=(6, 3), tags="mark")

    def tile_centre(self, pos: Pos) -> tuple[int, int]:
        """Canvas coordinates of a tile's centre (used to drive the view in tests)."""
        x, y = self._box(pos)
        return x + self.tile_px // 2, y + self.tile_px // 2

    def _pos(self, event: tk.Event, clamp: bool) -> Pos | None:
        r = (event.y - self.origin[1]) // self.tile_px
        c = (event.x - self.origin[0]) // self.tile_px
        rows, cols = self._size
        if clamp:
            return (min(max(r, 0), rows - 1), min(max(c, 0), cols - 1))
        return (r, c) if 0 <= r < rows and 0 <= c < cols else None

    def _press(self, event: tk.Event) -> None:
        pos = self._pos(event, clamp=False)
        self._down = pos is not None
        if pos is not None:
            self._handlers[0](pos)

    def _pointer(self, event: tk.Event, which: int) -> None:
        pos = self._pos(event, clamp=True)
        if self._down and pos is not None:
            self._handlers[which](pos)

    def _release(self, event: tk.Event) -> None:
        self._pointer(event, 2)
        self._down = False

    def _hover(self, event: tk.Event, on_hover: PosHandler) -> None:
        pos = self._pos(event, clamp=False)
        self._highlight(pos)
        if pos is not None:
            on_hover(pos)
