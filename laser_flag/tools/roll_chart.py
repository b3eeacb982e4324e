"""The roll checker's chart: a grid of shooter situations against target situations, each cell
with the needed roll and the chance to hit, coloured by that chance."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from laser_flag.engine.rolls import ToHit
from laser_flag.tools.plotting import save_figure

COLOURS = "viridis"  # ordered dark to light and colour-blind safe: a chance reads at a glance
DARK_BELOW = 0.55  # viridis is dark under this chance: white text there, black above
CHANGED_EDGE = "#ff3b30"  # the outline of a cell the rules in force change
CELL_INCHES = 0.62


@dataclass(frozen=True)
class Grid:
    """What the chart shows, already labelled: the roll checker decides the words."""

    rows: list[str]  # one per shooter situation, top to bottom
    cols: list[str]  # one per target situation, left to right
    hits: list[list[ToHit]]  # hits[row][col]
    changed: frozenset[tuple[int, int]]  # (row, col) of cells that differ from the defaults
    group: int  # situations per class: a rule is drawn between classes
    title: str


def percent(chance: float) -> str:
    """A whole percent that never reads certain or impossible when the chance is not."""
    if chance in (0, 1):
        return f"{chance:.0%}"
    return ">99%" if chance >= 0.995 else "<1%" if chance < 0.005 else f"{chance:.0%}"


def draw(plt: Any, grid: Grid) -> Any:
    """The figure: shooters down the side, targets along the bottom, a colour bar of chances."""
    chances = [[float(hit.probability) for hit in row] for row in grid.hits]
    width = len(grid.cols) * CELL_INCHES + 3.6
    fig, ax = plt.subplots(figsize=(width, len(grid.rows) * CELL_INCHES + 2.6))
    image = ax.imshow(chances, cmap=COLOURS, vmin=0, vmax=1, aspect="equal")
    for i, row in enumerate(grid.hits):
        for j, hit in enumerate(row):
            colour = "white" if chances[i][j] < DARK_BELOW else "black"
            ax.text(j, i, f"{hit.needed}\n{percent(chances[i][j])}", ha="center", va="center",
                    fontsize=7, color=colour, linespacing=1.1)
    for i, j in grid.changed:
        ax.add_patch(plt.Rectangle((j - 0.5, i - 0.5), 1, 1, fill=False,
                                   edgecolor=CHANGED_EDGE, linewidth=2.2))
    _axes(ax, grid)
    fig.colorbar(image, ax=ax, fraction=0.035, pad=0.02, label="chance to hit")
    ax.set_title(grid.title, fontsize=10, loc="left")
    fig.tight_layout()
    return fig


def _axes(ax: Any, grid: Grid) -> None:
    """A label per situation, and white rules between classes so the groups stand out."""
    ax.set_yticks(range(len(grid.rows)), grid.rows, fontsize=8)
    ax.set_xticks(range(len(grid.cols)), grid.cols, fontsize=8, rotation=50, ha="right",
                  rotation_mode="anchor")
    ax.set_ylabel("shooter: class · where it stands")
    ax.set_xlabel("target: class · where it stands")
    for k in range(grid.group, len(grid.rows), grid.group):
        ax.axhline(k - 0.5, color="white", linewidth=2.5)
    for k in range(grid.group, len(grid.cols), grid.group):
        ax.axvline(k - 0.5, color="white", linewidth=2.5)
    ax.tick_params(length=0)


def plot(plt: Any, grid: Grid, path: str) -> None:
    """Draw the chart and write it to `path` atomically; OSError when it cannot be written."""
    save_figure(draw(plt, grid), path, plt)
