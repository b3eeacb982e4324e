"""Start the map editor as its own process; report failure as a message, never a crash."""

from __future__ import annotations

import importlib.util
import subprocess
import sys

from ...i18n import _

EDITOR_MODULE = "map_editor"


def launch_editor() -> tuple[subprocess.Popen | None, str]:
    """(process, message): process is None when the editor could not be started."""
    if importlib.util.find_spec(EDITOR_MODULE) is None:
        return None, _("The map editor is not installed.")
    try:
        process = subprocess.Popen([sys.executable, "-m", EDITOR_MODULE])
    except OSError as exc:
        return None, _("Could not start the map editor: {exc}").format(exc=exc)
    return process, _("Map editor started in its own window.")


def early_failure(process: subprocess.Popen | None) -> str | None:
    """A message if the editor already exited with an error, else None."""
    if process is None:
        return None
    code = process.poll()
    if code:
        return _("The map editor stopped with exit code {code}.").format(code=code)
    return None
