"""The editor's own settings, kept in the data folder (`editor.json`, settings.json's envelope):
for now the Dask scheduler the Balance panel plays its games on. A bad file is passed over."""

from __future__ import annotations

from pathlib import Path

from laser_flag.data_folder import data_dir
from laser_flag.lab.cluster import check_address
from laser_flag.settings_file import SettingsFileError, read_values, write_values

FILE_NAME = "editor.json"
SCHEDULER = "lab_scheduler"  # "tcp://HOST:PORT", or "" for this machine


def settings_path() -> Path:
    return data_dir() / FILE_NAME


def scheduler() -> str:
    """The scheduler address last used, or "" (this machine) when none, or the file is bad."""
    try:
        value = read_values(settings_path()).get(SCHEDULER, "")
        return check_address(value) if value else ""
    except (SettingsFileError, ValueError):
        return ""


def set_scheduler(address: str) -> None:
    """Remember the address ("" for this machine); ValueError when it is not tcp://HOST:PORT."""
    if address:
        check_address(address)
    try:
        values = read_values(settings_path())
    except SettingsFileError:
        values = {}
    write_values(settings_path(), {**values, SCHEDULER: address})
