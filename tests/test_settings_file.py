"""settings.json's envelope: read warily (hostile files refused in a few words), written whole."""

from __future__ import annotations

import json

import pytest

from laser_flag.settings_file import (
    MAX_BYTES,
    SETTINGS_FORMAT,
    SettingsFileError,
    bad_path,
    put_aside,
    read_values,
    settings_path,
    write_values,
)


def test_the_file_lives_in_the_data_folder(data_dir):
    assert settings_path() == data_dir / "settings.json"


def test_written_values_read_back_and_the_folder_is_made(tmp_path):
    path = tmp_path / "new" / "settings.json"
    write_values(path, {"fullscreen": True, "window_size": [900, 600]})
    assert read_values(path) == {"fullscreen": True, "window_size": [900, 600]}
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == SETTINGS_FORMAT and data["version"] == 1
    assert [p.name for p in path.parent.iterdir()] == ["settings.json"]  # no temp file left


def test_no_file_is_no_values(tmp_path):
    assert read_values(tmp_path / "settings.json") == {}


def test_a_newer_version_is_read_by_name(tmp_path):
    path = tmp_path / "settings.json"
    envelope = {"format": SETTINGS_FORMAT, "version": 7, "settings": {"fullscreen": True}}
    path.write_text(json.dumps(envelope), encoding="utf-8")
    assert read_values(path) == {"fullscreen": True}


HOSTILE = {
    "not json": (b"{fullscreen: yes", "not JSON"),
    "truncated": (b'{"format": "laser-flag-settings", "vers', "not JSON"),
    "not utf-8": (b'{"format": "\xff"}', "not UTF-8"),
    "a list at the top": (b"[1, 2, 3]", "not a Laser Flag settings file"),
    "another file": (b'{"format": "laser-flag-save", "version": 1}', "not a Laser Flag"),
    "no version": (b'{"format": "laser-flag-settings", "settings": {}}', "version"),
    "a bool version": (b'{"format": "laser-flag-settings", "version": true}', "version"),
    "settings a list": (
        b'{"format": "laser-flag-settings", "version": 1, "settings": []}', "'settings'"
    ),
    "NaN": (b'{"format": "laser-flag-settings", "version": NaN}', "not JSON"),
    "deep nesting": (b"[" * 60000 + b"]" * 60000, "larger than"),
    "deep but small": (b"[" * 30000 + b"]" * 30000, "nested too deeply"),
    "a huge integer": (b'{"version": ' + b"9" * 5000 + b"}", "not JSON"),
    "too big": (b" " * (MAX_BYTES + 1), "larger than"),
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_hostile_files_are_refused_with_a_reason(tmp_path, case):
    content, reason = HOSTILE[case]
    path = tmp_path / "settings.json"
    path.write_bytes(content)
    with pytest.raises(SettingsFileError) as refused:
        read_values(path)
    assert reason in str(refused.value)
    assert "\n" not in str(refused.value)


def test_put_aside_keeps_the_bad_file_under_a_new_name(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text("junk", encoding="utf-8")
    bad_path(path).write_text("older junk", encoding="utf-8")
    assert put_aside(path) == tmp_path / "settings.json.bad"
    assert not path.exists()
    assert bad_path(path).read_text(encoding="utf-8") == "junk"
