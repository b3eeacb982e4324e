"""The one atomic writer: a new file never takes an existing name, the rename is synced with its
folder, a long name still gets its temporary file, and a crash's temporary files are cleaned."""

from __future__ import annotations

import os
import stat
import time

import pytest

from laser_flag.engine.atomic_file import ORPHAN_AGE_S, remove_orphans, write_atomic


def test_an_exclusive_write_never_replaces_a_file(tmp_path):
    target = tmp_path / "save.json"
    write_atomic(target, lambda f: f.write(b"first"), exclusive=True)
    with pytest.raises(FileExistsError):
        write_atomic(target, lambda f: f.write(b"second"), exclusive=True)
    assert target.read_bytes() == b"first" and os.listdir(tmp_path) == ["save.json"]


def test_the_folder_is_synced_after_the_rename(tmp_path, monkeypatch):
    synced = []
    real_fsync = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: (synced.append(os.fstat(fd).st_mode),
                                                 real_fsync(fd)))
    write_atomic(tmp_path / "s.json", lambda f: f.write(b"{}"))
    assert stat.S_ISREG(synced[0]) and stat.S_ISDIR(synced[1]) and len(synced) == 2


def test_a_long_file_name_still_gets_its_temporary_file(tmp_path):
    """"." + a 250-byte name + ".xxxxxxxx.tmp" once passed the 255 bytes a name may take."""
    target = tmp_path / ("m" * 250)
    write_atomic(target, lambda f: f.write(b"x"))
    assert target.read_bytes() == b"x" and os.listdir(tmp_path) == [target.name]


def test_temporary_files_a_crash_left_are_removed_and_fresh_ones_kept(tmp_path):
    old = tmp_path / ".duel-20260101-120000.json.a1b2c3d4.tmp"
    fresh = tmp_path / ".duel-20260101-120001.json.e5f6g7h8.tmp"
    mine = tmp_path / ".notes.tmp"  # not a name write_atomic makes
    for path in (old, fresh, mine):
        path.write_text("half a save", encoding="utf-8")
    long_ago = time.time() - ORPHAN_AGE_S - 60
    os.utime(old, (long_ago, long_ago))
    os.utime(mine, (long_ago, long_ago))
    assert remove_orphans(tmp_path) == 1
    assert not old.exists() and fresh.exists() and mine.exists()
