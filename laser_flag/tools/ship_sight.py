"""Makes the bundled maps' LOS answers that ship with the game (`sight_files.SHIPPED`), so the
first game on a bundled map in a fresh install reads them instead of building the sight tables.

Run after changing a bundled map's walls (tests/engine/test_shipped_sight.py fails until then):
    .venv/bin/python -m laser_flag.tools.ship_sight
Files for walls that no bundled map has any more are removed.
"""

from __future__ import annotations

import sys

from laser_flag import sight_files
from laser_flag.engine import sight
from laser_flag.engine.los import Visibility
from laser_flag.engine.mapfile import load_map
from laser_flag.resources import bundled_maps


def bundled_walls() -> dict[str, tuple[tuple[str, ...], ...]]:
    """Each bundled map's tiles (lessons and templates too), by the digest of their walls."""
    maps = (load_map(path) for path in sorted(bundled_maps().rglob("*.json")))
    return {sight.walls_digest(gm.tiles): gm.tiles for gm in maps}


def main() -> int:
    """Write one answers file per bundled set of walls, built afresh; remove the rest."""
    walls = bundled_walls()
    wanted = {sight_files.file_name(digest) for digest in walls}
    for digest, tiles in walls.items():
        sight_files.write(sight_files.SHIPPED / sight_files.file_name(digest), digest,
                          Visibility(tiles).bitsets())
    for old in sight_files.SHIPPED.glob("*.json"):
        if old.name not in wanted:
            old.unlink()
    print(f"{len(wanted)} answer files in {sight_files.SHIPPED}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
