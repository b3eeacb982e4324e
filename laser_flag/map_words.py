"""The words of a bundled map that a player reads in their own language: its description.

A map's name and its teams' names are names and show as written (docs/TRANSLATING.md); its
description is a paragraph the map chooser shows beside the board, and the chooser's text
drawing looks every text up in the catalogue (`board.text.wrap`), so a bundled map's
description needs only to be in the catalogues. `extract` is the Babel extraction method that
puts it there: `babel.cfg` names it for `maps/*.json`, so `make messages` collects each bundled
map's description with the code's sentences. A player's own map is not extracted; its
description shows as written, unless it happens to read word for word like a bundled one.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Iterator, Mapping
from typing import IO, Any

TRANSLATED_KEYS = ("description",)  # the top-level keys of a map whose text is translated
NOTE = ("A bundled map's description, shown in the map chooser. The names in it (the map's, "
        "its teams') stay as they are written.")


def texts(data: Mapping[str, Any]) -> dict[str, str]:
    """The translated texts of a map's JSON object by their keys (an empty or missing one left
    out)."""
    return {key: data[key] for key in TRANSLATED_KEYS
            if isinstance(data.get(key), str) and data[key]}


def extract(fileobj: IO[bytes], keywords: Collection[str], comment_tags: Collection[str],
            options: Mapping[str, Any]) -> Iterator[tuple[int, None, str, list[str]]]:
    """Babel's extraction method for a map file: each translated text with the line its key is
    on, no function name (so every keyword's spec matches) and the note for translators.
    `keywords`, `comment_tags` and `options` are Babel's and unused: a map has no calls."""
    source = fileobj.read().decode("utf-8")
    lines = source.splitlines()
    for key, text in texts(json.loads(source)).items():
        line = next((n for n, words in enumerate(lines, 1) if f'"{key}"' in words), 1)
        yield line, None, text, [NOTE]
