"""The one atomic file writer: every file the project writes (maps, saves, settings, the sight
cache) goes through it, so none is ever left half written. mapfile re-exports it."""

from __future__ import annotations

import errno
import os
import re
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

_NEW_FILE_MODE = 0o644
# mkstemp's names as write_atomic asks for them: "." + the target's name + 8 random characters.
_TEMPORARY = re.compile(r"\..+\.[a-z0-9_]{8}\.tmp")
TEMP_NAME_BYTES = 64  # of the target's name in its temporary file's: any long name still fits
ORPHAN_AGE_S = 15 * 60  # no write takes this long: an older temporary file is a crash's


def write_atomic(
    path: str | os.PathLike[str], write: Callable[[BinaryIO], object], mode: int | None = None,
    *, exclusive: bool = False,
) -> None:
    """Let `write` fill a temporary file beside `path`, then rename it into place: `path` holds
    either the old or the new file, never half of one, and the rename is on disk when this
    returns (the folder is synced too). A file replaced keeps its permissions unless `mode` is
    given; a symlink is written through (its target replaced, the link kept). Only a regular
    file is replaced: renamed over, a folder or device node would be destroyed.

    `exclusive`: `path` must not exist yet (FileExistsError if it does, even when another
    process makes it at the same moment): a new file never takes another's name."""
    target = Path(os.path.realpath(path))
    if target.exists() and not target.is_file():
        problem = "not a regular file (a folder, pipe or device)"
        raise OSError(errno.EINVAL, problem, os.fspath(path))
    if exclusive and target.exists():
        raise FileExistsError(errno.EEXIST, "already exists", os.fspath(path))
    if mode is None:
        mode = target.stat().st_mode & 0o777 if target.exists() else _NEW_FILE_MODE
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{_cut(target.name)}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            write(f)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, mode)
        (_place_new if exclusive else os.replace)(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    sync_folder(target.parent)


def _cut(name: str) -> str:
    """The start of a file name, at most TEMP_NAME_BYTES bytes of UTF-8: a file system limits
    names in bytes (255 mostly), and the temporary file's adds 14 to its target's."""
    return name.encode("utf-8")[:TEMP_NAME_BYTES].decode("utf-8", "ignore")


def _place_new(tmp: str, target: Path) -> None:
    """Give the finished temporary file the name `target` only if no file has it: a hard link
    fails on an existing name where a rename would replace it. Where links are not to be had
    (some shared or FAT drives) the name is claimed by creating it first, then renamed over."""
    try:
        os.link(tmp, target)
    except FileExistsError:
        raise
    except OSError:
        os.close(os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
        os.replace(tmp, target)
        return
    os.unlink(tmp)


def sync_folder(folder: Path) -> None:
    """Put a rename in `folder` on disk, so that a power cut cannot bring the old file back.
    Windows has no such call (and keeps renames by itself); a file system that refuses it is
    left as it is: the file itself was already synced."""
    if os.name == "nt":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def remove_orphans(folder: Path, age_s: float = ORPHAN_AGE_S) -> int:
    """Delete the temporary files a crash (or a killed process) left in `folder` while writing:
    only names write_atomic makes, and only those older than `age_s`, so that a write under
    way in another process is never touched. Returns how many went; a folder that cannot be
    read or a file that cannot be deleted is left as it is."""
    removed = 0
    cutoff = time.time() - age_s
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    for entry in entries:
        if not _TEMPORARY.fullmatch(entry.name):
            continue
        try:
            if entry.is_file(follow_symlinks=False) and entry.stat().st_mtime < cutoff:
                os.unlink(entry.path)
                removed += 1
        except OSError:
            pass
    return removed
