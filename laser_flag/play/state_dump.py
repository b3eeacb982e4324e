"""The debug dump (`--state-file`): a game's state as JSON after every action, for programs that
watch it (the tests, a streaming overlay).

The file is replaced whole (engine/atomic_file.py): a reader sees the last state or the one
before, never half of one. Its log grows with the game, so each line is encoded once and kept:
a dump encodes only the lines added since the one before (undo takes lines back, and those
after the lines kept are encoded again).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from ..engine.atomic_file import write_atomic


class StateDump:
    """The dump at `path`; `failing` while its writes fail (said once on stderr until one
    works again: the game goes on without it)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.failing = False
        self._lines: list[str] = []  # the log's lines encoded, themselves
        self._text = bytearray()  # their JSON texts, comma-separated
        self._ends: list[int] = []  # where each line's text ends in it

    def write(self, state: dict[str, Any], log: list[str]) -> None:
        """Replace the file with `state` and the `log` (its "log")."""
        self._catch_up(log)
        head = json.dumps(state, indent=1).encode("utf-8")
        text = b"".join((head[:-2], b',\n "log": [', self._text, b"]\n}\n"))
        try:
            write_atomic(self.path, lambda f: f.write(text))
        except OSError as err:
            if not self.failing:
                print(f"laser-flag: the state file {self.path} cannot be written "
                      f"({err.strerror or err}); the game goes on without it", file=sys.stderr)
            self.failing = True
        else:
            self.failing = False

    def _catch_up(self, log: list[str]) -> None:
        """Keep the lines `log` still begins with (a log only grows, or undo cuts its end),
        then encode the rest."""
        kept = min(len(log), len(self._lines))
        while kept and log[kept - 1] is not self._lines[kept - 1]:
            kept -= 1
        del self._lines[kept:], self._ends[kept:]
        del self._text[self._ends[-1] if self._ends else 0:]
        for line in log[kept:]:
            piece = json.dumps(line, ensure_ascii=False).encode("utf-8")
            self._text += b", " + piece if self._lines else piece
            self._lines.append(line)
            self._ends.append(len(self._text))
