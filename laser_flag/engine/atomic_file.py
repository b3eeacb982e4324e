"""The one atomic file writer: every file the project writes (maps, saves, settings, the sight
cache) goes through it, so none is ever left half written. mapfile re-exports it."""

from __future__ import annotations

import errno
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

_NEW_FILE_MODE = 0o644


def write_atomic(
    path: str | os.PathLike[str], write: Callable[[BinaryIO], object], mode: int | None = None
) -> None:
    """Let `write` fill a temporary file beside `path`, then rename it into place: `path` holds
    either the old or the new file, never half of one. A file replaced keeps its permissions
    unless `mode` is given; a symlink is written through (its target replaced, the link kept).
    Only a regular file is replaced: renamed over, a folder or device node would be destroyed."""
    target = Path(os.path.realpath(path))
    if target.exists() and not target.is_file():
        problem = "not a regular file (a folder, pipe or device)"
        raise OSError(errno.EINVAL, problem, os.fspath(path))
    if mode is None:
        mode = target.stat().st_mode & 0o777 if target.exists() else _NEW_FILE_MODE
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            write(f)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
