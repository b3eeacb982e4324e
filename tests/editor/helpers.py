"""Small maps built in code for the editor tests."""

from __future__ import annotations

from typing import Any

from map_editor.document import MapDocument
from map_editor.storage import new_map_data


def blank(rows: int = 11, cols: int = 11, **extra: Any) -> MapDocument:
    """An all-floor document with any extra top-level keys."""
    return MapDocument({**new_map_data(rows, cols), **extra})
