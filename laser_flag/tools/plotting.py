"""Charts the tools draw with matplotlib, an optional dependency: loading it, checking the file
before any work is done, and writing the image atomically."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from laser_flag.engine.mapfile import write_atomic
from laser_flag.tools.cli import UsageError, output_problem


def pyplot() -> Any:
    """matplotlib's pyplot on a file-only backend; UsageError when it is not installed (the
    one-folder application leaves it out: no pip there to add it with)."""
    try:
        import matplotlib
    except ImportError:
        if getattr(sys, "frozen", False):
            raise UsageError("--plot is not in this download: it needs matplotlib, which comes "
                             "with the pip install (pip install 'laser-flag[plot]')") from None
        raise UsageError("--plot needs matplotlib (pip install matplotlib)") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def image_kind(path: str) -> str:
    """The chart's image type, from the file's extension: png when it has none."""
    return Path(path).suffix.lstrip(".").lower() or "png"


def check_plot_path(path: str, plt: Any) -> None:
    """Refuse a chart that could not be written, before any work is done."""
    kind = image_kind(path)
    probe = plt.figure()
    kinds = probe.canvas.get_supported_filetypes()
    plt.close(probe)
    problem = output_problem(Path(path))
    if problem:
        raise UsageError(f"--plot {path}: {problem}")
    if kind not in kinds:
        raise UsageError(f"--plot {path}: unknown image type {kind!r} "
                         f"(one of {', '.join(sorted(kinds))})")


def save_figure(fig: Any, path: str, plt: Any) -> None:
    """Write `fig` like every file the game writes (never half a chart), then free it."""
    try:
        write_atomic(path, lambda f: fig.savefig(f, format=image_kind(path)))
    finally:
        plt.close(fig)
