"""settings.json in the data folder: a small versioned JSON object, read warily, written atomically.

The file belongs to the player, so a bad one never stops the game: the reader refuses it with
a SettingsFileError, the caller moves it aside (`put_aside`) and starts from defaults. What each
value means, and which values are allowed, is ui/settings.py's business; this module only knows
the envelope: {"format": "laser-flag-settings", "version": 1, "settings": {name: value}}.
A newer version's file is read too: its names are looked up one by one, unknown ones ignored.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from .data_folder import data_dir
from .engine.json_reader import ReadError, read_bytes
from .engine.mapfile import write_json_atomic
from .i18n import SYSTEM

SETTINGS_NAME = "settings.json"
SETTINGS_FORMAT = "laser-flag-settings"
SETTINGS_VERSION = 1
MAX_BYTES = 64 * 1024  # a settings file is a few hundred bytes; anything this big is not one


class SettingsFileError(ValueError):
    """A settings file that cannot be used at all; the message says why, in a few words."""


def settings_path() -> Path:
    return data_dir() / SETTINGS_NAME


def bad_path(path: Path) -> Path:
    """Where an unusable settings file is kept, for the player to look at."""
    return path.with_name(path.name + ".bad")


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _decode(raw: bytes) -> Any:
    try:
        return json.loads(raw.decode("utf-8"), parse_constant=_reject_constant)
    except UnicodeDecodeError:
        raise SettingsFileError("not UTF-8 text") from None
    except json.JSONDecodeError as err:
        raise SettingsFileError(f"not JSON ({err.msg}, line {err.lineno})") from None
    except ValueError as err:  # NaN, Infinity, an integer too long to convert
        raise SettingsFileError(f"not JSON ({err})") from None
    except RecursionError:
        raise SettingsFileError("not JSON (nested too deeply)") from None


def read_values(path: Path) -> dict[str, Any]:
    """The named settings in the file; {} when there is none; SettingsFileError if unusable.
    Read through the bounded reader: a pipe or a folder in its place is refused, never waited on."""
    try:
        raw = read_bytes(path, MAX_BYTES)
    except ReadError as err:
        if not os.path.lexists(path):
            return {}
        raise SettingsFileError(err.problem) from None
    data = _decode(raw)
    if not isinstance(data, dict) or data.get("format") != SETTINGS_FORMAT:
        raise SettingsFileError("not a Laser Flag settings file")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise SettingsFileError("no valid version number")
    values = data.get("settings")
    if not isinstance(values, dict):
        raise SettingsFileError("no 'settings' object")
    return values


def put_aside(path: Path) -> Path:
    """Move an unusable file to settings.json.bad (replacing an older one); returns where."""
    target = bad_path(path)
    os.replace(path, target)
    return target


def write_values(path: Path, values: dict[str, Any]) -> None:
    """Write the named settings atomically, making the data folder if it is not there yet."""
    path.parent.mkdir(parents=True, exist_ok=True)
    envelope = {"format": SETTINGS_FORMAT, "version": SETTINGS_VERSION, "settings": values}
    write_json_atomic(path, envelope)


def language_setting(path: Path | None = None) -> str:
    """The language settings.json names (i18n.SYSTEM when it names none, or cannot be read),
    for the editor, which shares the game's choice; the client reads it with all the others."""
    try:
        value = read_values(settings_path() if path is None else path).get("language")
    except SettingsFileError:
        return SYSTEM
    return value if isinstance(value, str) else SYSTEM
