"""The sight cache in the data folder: answers read back exactly; a bad file refused and rebuilt."""

from __future__ import annotations

import json
import os
import threading

import pytest

from laser_flag.engine import los, sight_cache
from laser_flag.engine.los import Visibility

ROWS = ["..#..", ".#...", ".....", "...#.", "#...."]


def tiles(rows: list[str] = ROWS) -> list[list[str]]:
    return [["wall" if ch == "#" else "level" for ch in row] for row in rows]


def path_of(rows: list[str] = ROWS):
    return sight_cache.cache_path(sight_cache.walls_digest(tiles(rows)))


def answers(vis: Visibility) -> list[int]:
    return vis.bitsets()


def built_without_cache(rows: list[str] = ROWS) -> list[int]:
    return answers(Visibility(tiles(rows)))


def test_the_first_use_writes_the_answers_and_a_fresh_read_gives_them_back(monkeypatch):
    assert not path_of().exists()
    first = sight_cache.visibility(tiles())
    assert path_of().is_file() and answers(first) == built_without_cache()

    def no_building(*_args):
        raise AssertionError("built again although the cache holds the answers")

    monkeypatch.setattr(los, "_seen_bitsets", no_building)
    again = sight_cache.visibility(tiles())
    assert answers(again) == answers(first)
    assert again.visible_from((2, 2)) == first.visible_from((2, 2))
    assert again.sees((0, 0), (4, 4)) == first.sees((0, 0), (4, 4))


def read(path) -> list[int]:
    return sight_cache.read(path, sight_cache.walls_digest(tiles()), 25, Visibility.size(5, 5))


def refused_then_rebuilt(damage) -> str:
    """Damage the map's cache file; the next use must refuse it, build, and write a good one."""
    sight_cache.visibility(tiles())
    path = path_of()
    damage(path)
    with pytest.raises(sight_cache.SightCacheError) as refusal:
        read(path)
    assert answers(sight_cache.visibility(tiles())) == built_without_cache()
    assert read(path) == built_without_cache()
    return str(refusal.value)


def test_a_corrupt_file_is_refused_and_rebuilt():
    assert refused_then_rebuilt(lambda p: p.write_bytes(b"\x00\xffnot json")) == "not JSON"


def test_a_truncated_file_is_refused_and_rebuilt():
    assert refused_then_rebuilt(lambda p: p.write_bytes(p.read_bytes()[:-40])) == "not JSON"


def test_another_maps_file_is_refused_and_rebuilt():
    other = [".....", ".....", "..#..", ".....", "....."]
    sight_cache.visibility(tiles(other))
    copy = lambda p: p.write_bytes(path_of(other).read_bytes())  # noqa: E731
    assert refused_then_rebuilt(copy) == "another map's"


def test_changed_answers_are_refused_by_the_checksum_and_rebuilt():
    def flip_one_bit(path):
        data = json.loads(path.read_bytes())
        data["seen"][3] = format(int(data["seen"][3], 16) ^ 1, "x")
        path.write_text(json.dumps(data))

    assert "checksum" in refused_then_rebuilt(flip_one_bit)


def rewritten(change):
    """Damage that changes one answer and makes the checksum fit again."""
    def damage(path):
        data = json.loads(path.read_bytes())
        change(data["seen"])
        path.write_text(json.dumps(data | {"check": sight_cache._checksum(data["seen"])}))
    return damage


def test_an_answer_that_is_no_number_or_names_a_tile_off_the_map_is_refused_and_rebuilt():
    def not_hex(seen):
        seen[0] = "zz"

    def off_the_map(seen):
        seen[0] = format(1 << Visibility.size(5, 5), "x")

    assert "hexadecimal" in refused_then_rebuilt(rewritten(not_hex))
    assert "off the map" in refused_then_rebuilt(rewritten(off_the_map))


def test_a_file_of_another_version_is_refused_and_rebuilt():
    def older(path):
        data = json.loads(path.read_bytes())
        path.write_text(json.dumps(data | {"version": sight_cache.VERSION - 1}))

    assert "version" in refused_then_rebuilt(older)


def test_the_folder_keeps_at_most_max_files(monkeypatch):
    monkeypatch.setattr(sight_cache, "MAX_FILES", 3)
    boards = [[("#" if i == k else ".") * 1 + "...." for i in range(5)] for k in range(5)]
    for rows in boards:
        sight_cache.visibility(tiles(rows))
    assert len(list(path_of().parent.glob("*.json"))) == 3


def test_an_unwritable_data_folder_still_gives_the_answers(data_dir):
    data_dir.parent.mkdir(parents=True, exist_ok=True)
    data_dir.write_text("a file where the folder should be")
    assert answers(sight_cache.visibility(tiles())) == built_without_cache()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are a POSIX thing")
def test_a_fifo_in_the_cache_is_refused_at_once_and_the_answers_built():
    """open() on a pipe waits for a writer forever: the cache reads through the bounded reader."""
    path = path_of()
    path.parent.mkdir(parents=True)
    os.mkfifo(path)
    built: list = []
    worker = threading.Thread(target=lambda: built.append(sight_cache.visibility(tiles())),
                              daemon=True)
    worker.start()
    worker.join(20)
    assert built, "the sight cache waited on a pipe"
    assert answers(built[0]) == built_without_cache()
    with pytest.raises(sight_cache.SightCacheError, match="not a regular file"):
        read(path)
