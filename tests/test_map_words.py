"""The words of a bundled map that the catalogues hold (laser_flag.map_words, Babel's extraction
method for maps/*.json): each bundled map's description, with the line of its key and a note
for translators; nothing from a map without one."""

from __future__ import annotations

import io
import json

import pytest

from laser_flag import map_words
from laser_flag.resources import bundled_maps

BUNDLED = sorted(bundled_maps().glob("*.json"))


def extracted(text: str) -> list[tuple[int, None, str, list[str]]]:
    return list(map_words.extract(io.BytesIO(text.encode("utf-8")), (), (), {}))


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.stem)
def test_a_bundled_maps_description_is_extracted_from_the_line_of_its_key(path):
    text = path.read_text(encoding="utf-8")
    ((line, function, words, notes),) = extracted(text)
    assert words == json.loads(text)["description"] and function is None
    assert '"description"' in text.splitlines()[line - 1]
    assert notes == [map_words.NOTE]


@pytest.mark.parametrize("description", [None, "", 7, ["a list"]])
def test_a_map_without_words_to_translate_gives_none(description):
    data = {"tiles": [["level"]], "units": [], "name": "Plain"}
    if description is not None:
        data["description"] = description
    assert extracted(json.dumps(data)) == []


def test_names_are_not_extracted():
    data = {"name": "Bastion", "team_names": {"1": "Raiders", "2": "Garrison"},
            "description": "Two doors."}
    assert [words for _line, _f, words, _n in extracted(json.dumps(data, indent=1))] == [
        "Two doors."]
