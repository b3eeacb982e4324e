"""A child process whose every file write fails as on a full disk, for any user (root too, whom
a read-only folder does not stop)."""

from __future__ import annotations

import resource


def no_room() -> None:
    """A `preexec_fn`: files may not grow past 0 bytes. Python ignores SIGXFSZ, so each write
    into a file fails with OSError (EFBIG, "File too large"), as ENOSPC would; pipes (stdout,
    stderr) are not files and still carry what the child says."""
    resource.setrlimit(resource.RLIMIT_FSIZE, (0, 0))
