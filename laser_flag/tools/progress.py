"""A command's progress on stderr: a live bar only on a terminal, one closing line everywhere.

The bar is tqdm's, redrawn in place with carriage returns; written to a file or a pipe
(`laser-flag-balance ... 2> log`) those would flood it, so there it is left out and the log
gets the closing line alone.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterable, Iterator
from typing import TextIO, TypeVar

from tqdm import tqdm

T = TypeVar("T")


def progress(items: Iterable[T], total: int, unit: str = "game",
             err: TextIO | None = None) -> Iterator[T]:
    """Pass `items` through, a bar counting them on a terminal; then `N games in S s`."""
    err = err or sys.stderr
    start, done = time.perf_counter(), 0
    on_terminal = err.isatty()
    with tqdm(total=total, unit=unit, file=err, disable=not on_terminal, dynamic_ncols=True,
              leave=False) as bar:
        for item in items:
            done += 1
            bar.update()
            yield item
    err.write(f"{done} {unit}s in {time.perf_counter() - start:.1f} s\n")
