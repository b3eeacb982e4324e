"""The board canvas: the rendered map, tile-exact mouse input and outline marks on top."""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable, Iterable

from laser_flag.engine.game_map import GameMap, Pos

from .render import Overlays, board_surface, ppm_data

SELECT_COLOUR = "#ffffff"
PROBLEM_COLOUR = "#ff2020"
RECT_COLOUR = "#ffd400"
SIGHT_COLOUR = "#ffe15a"
BOARD_AREA = 760  # px the board may take in each direction
MAX_TILE_PX = 56

PosHandler = Callable[[Pos], None]


class BoardView(tk.Canvas):
    """Shows a map drawn by the game's renderer and reports presses, drags and releases."""

    def __init__(self, master: tk.Misc, on_press: PosHandler, on_drag: PosHandler,
                 on_release: PosHandler, on_hover: PosHandler) -> None:
        super().__init__(master, width=BOARD_AREA, height=BOARD_AREA, background="#202020",
                         highlightthickness=0, cursor="crosshair")
        self.tile_px = 32
        self._size = (0, 0)  # rows, cols
        self._photo: tk.PhotoImage | None = None
        self._handlers = (on_press, on_drag, on_release)
        self._down = False
        self.bind("<ButtonPress-1>", self._press)
        self.bind("<B1-Motion>", lambda e: self._pointer(e, 1))
        self.bind("<ButtonRelease-1>", self._release)
        self.bind("<Motion>", lambda e: self._hover(e, on_hover))

    def show(self, gm: GameMap, alternate: bool, overlays: Overlays) -> None:
        """Redraw the board image; marks are drawn afterwards with mark()."""
        self.tile_px = min(MAX_TILE_PX, BOARD_AREA // max(gm.rows, gm.cols))
        self._size = (gm.rows, gm.cols)
        surface = board_surface(gm, self.tile_px, alternate, overlays)
        self._photo = tk.PhotoImage(data=ppm_data(surface), format="PPM")
        self.delete("all")
        self.configure(width=gm.cols * self.tile_px, height=gm.rows * self.tile_px)
        self.create_image(0, 0, image=self._photo, anchor="nw")

    def mark(self, cells: Iterable[Pos], colour: str, width: int = 3) -> None:
        """An outline around each tile, e.g. the selected unit or the place of a problem."""
        for r, c in cells:
            x, y = c * self.tile_px, r * self.tile_px
            self.create_rectangle(x + 1, y + 1, x + self.tile_px - 1, y + self.tile_px - 1,
                                  outline=colour, width=width)

    def frame(self, a: Pos, b: Pos) -> None:
        """The outline of a rectangle being dragged out."""
        top, bottom = sorted((a[0], b[0]))
        left, right = sorted((a[1], b[1]))
        px = self.tile_px
        self.create_rectangle(left * px, top * px, (right + 1) * px, (bottom + 1) * px,
                              outline=RECT_COLOUR, width=3, dash=(6, 3))

    def tile_centre(self, pos: Pos) -> tuple[int, int]:
        """Canvas coordinates of a tile's centre (used to drive the view in tests)."""
        half = self.tile_px // 2
        return pos[1] * self.tile_px + half, pos[0] * self.tile_px + half

    def _pos(self, event: tk.Event, clamp: bool) -> Pos | None:
        r, c = event.y // self.tile_px, event.x // self.tile_px
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
        if pos is not None:
            on_hover(pos)
