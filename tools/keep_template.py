"""Put a freshly extracted translation template in place of the old one only when what follows
its header changed (a message, a translator's comment); else keep the old file as it is.

    python tools/keep_template.py NEW.pot OLD.pot

`make messages` runs it after `pybabel extract`, which has no option to leave a template alone:
it stamps POT-Creation-Date with the minute of each run (and its header with the year and its
own version), and `pybabel update` copies that date into every .po, so a run that changed no
string would leave a diff in every catalogue. Kept, the old template carries its old date into
the .po files, which then come out byte for byte as they were. NEW is removed either way.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path


def body(template: bytes) -> bytes:
    """A template without its header: what follows the first blank line (Babel writes the
    header, comments and the msgid "" entry, as one block before it)."""
    return template.partition(b"\n\n")[2]


def keep_template(new: Path, old: Path) -> bool:
    """Move `new` over `old` unless their messages are the same; True when `old` was kept."""
    if old.is_file() and body(old.read_bytes()) == body(new.read_bytes()):
        new.unlink()
        return True
    os.replace(new, old)
    return False


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print("usage: keep_template.py NEW.pot OLD.pot", file=sys.stderr)
        return 2
    new, old = map(Path, argv)
    kept = keep_template(new, old)
    print(f"{old}: {'unchanged, kept' if kept else 'written'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
